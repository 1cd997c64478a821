"""Lineage: who published first, which sentences later articles reuse from earlier ones, and
which articles are copies or mostly echoes of another.

A reused sentence is a near-copy: rapidfuzz's ratio on the normalised sentences at
``NEAR_COPY_RATIO`` or above, checked only for pairs the claim matrix already finds alike
(so a 50-article story costs a few thousand comparisons, not a million). An article most of
whose claims are reused is an echo of the article it reuses most; one that states its own
claims is independent reporting, even when it quotes the same people.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rapidfuzz import fuzz
from scipy import sparse

from storylens.compare.claims import ClaimUnit
from storylens.compare.credits import story_credits
from storylens.compare.quotes import narration_words, normalise_quote, quoted_share
from storylens.ingest.outlet_names import outlet_key
from storylens.records import Echo, LineageEntry, StoryMember

# What a comparison notes where no article gives a publication date.
ORDER_UNKNOWN = "no dates: order unknown"
# ... and where the earliest articles give the same time (the same day, no hour).
FIRST_UNKNOWN = "the earliest articles share a day with no hour: which came first is unknown"
# Two sentences this alike (0-100, on normalised words) are one copied from the other;
# outlets that rewrite a wire report change a word or two per sentence, not a third of it.
NEAR_COPY_RATIO = 90.0
# Only pairs whose claim cosine reaches this are checked character by character.
NEAR_COPY_PREFILTER = 0.6
# Sentences shorter than this many words are too common to show copying ("She said no.").
MIN_ECHO_WORDS = 8
# A sentence at least this share inside quotation marks ('"...," Trump said in a statement')
# is the speaker's words: every outlet that quotes the statement prints it alike, so it shows
# no outlet reusing another's, unless the reporter's own words around the quotation (at least
# MIN_ECHO_WORDS of them) are copied too: "Debate was mostly closed to the public, but the
# final version "...," said Hilary Shelton, director of the NAACP's Washington bureau" word
# for word in two outlets is one outlet's paragraph reused (a fresh reader counted four such
# sentences where the lineage showed one).
QUOTED_ECHO_SHARE = 0.5
# An article with at least this share of its claims reused from one earlier article is an
# echo of it rather than independent reporting.
ECHO_SHARE = 0.5
# Reused text comes in runs: a sentence next to a reused one, standing next to its
# counterpart in the earlier article too and nearly the same (``NEAR_COPY_RATIO``), is reused
# with it however short or quoted it is ("It said something could evolve "..."" after a copied
# paragraph, or "Debate was mostly closed to the public," cut from the copied sentence it
# opens), down to this many words: a fresh reader of a BASIL event counted such sentences
# where the lineage had left them out.
MIN_RUN_ECHO_WORDS = 4


def publication_order(members: Sequence[StoryMember]) -> list[int]:
    """Member indices, earliest first: by publication date where given, then stored order.

    Undated articles come after dated ones: what cannot be dated cannot be first."""
    return sorted(
        range(len(members)),
        key=lambda i: (
            members[i].analysed.article.published is None,
            members[i].analysed.article.published or "",
            members[i].seq,
        ),
    )


def find_echoes(
    members: Sequence[StoryMember],
    units: Sequence[ClaimUnit],
    cosine: sparse.csr_matrix,
    copies: dict[int, int],
) -> tuple[list[Echo], set[tuple[int, int]]]:
    """Near-copied sentences (later, earlier) and the claim index pairs they join."""
    rank = {member: position for position, member in enumerate(publication_order(members))}
    found: dict[int, tuple[int, float]] = {}  # row -> (earlier row, ratio)
    for row, unit in enumerate(units):
        if unit.member in copies or len(unit.text.split()) < MIN_ECHO_WORDS:
            continue
        told = None
        if quoted_share(unit.text) >= QUOTED_ECHO_SHARE:
            # two outlets quoting one statement alike copied the speaker, not each other,
            # unless the reporter's words around it are copied too
            told = narration_words(unit.text)
            if len(told) < MIN_ECHO_WORDS:
                continue
        start, end = cosine.indptr[row], cosine.indptr[row + 1]
        best: tuple[float, int] | None = None
        # the cells under the prefilter dropped by array, the rest read as Python numbers
        kept = ~(cosine.data[start:end] < NEAR_COPY_PREFILTER)
        for column in cosine.indices[start:end][kept].tolist():
            other = units[column]
            if other.member == unit.member:
                continue
            if other.member in copies or rank[other.member] >= rank[unit.member]:
                continue
            ratio = float(fuzz.ratio(normalise_quote(unit.text), normalise_quote(other.text)))
            if told is not None and ratio >= NEAR_COPY_RATIO:
                around = fuzz.ratio(" ".join(told), " ".join(narration_words(other.text)))
                ratio = min(ratio, float(around))
            if ratio >= NEAR_COPY_RATIO and (best is None or ratio > best[0]):
                best = (ratio, int(column))
        if best is not None:
            found[row] = (best[1], best[0])
    found.update(_reused_runs(units, found, copies))
    echoes = [
        _echo(members, units[row], units[column], ratio)
        for row, (column, ratio) in sorted(found.items())
    ]
    return echoes, {(row, column) for row, (column, _) in found.items()}


def _reused_runs(
    units: Sequence[ClaimUnit], found: dict[int, tuple[int, float]], copies: dict[int, int]
) -> dict[int, tuple[int, float]]:
    """The sentences next to reused ones that are reused with them (``MIN_RUN_ECHO_WORDS``):
    the unit before or after a reused one, and the unit before or after its counterpart,
    nearly the same. Runs grow both ways until a pair differs."""
    more: dict[int, tuple[int, float]] = {}
    taken = set(found) | {column for column, _ in found.values()}
    pending = [(row, column) for row, (column, _) in found.items()]
    while pending:
        row, column = pending.pop()
        for step in (-1, 1):
            mine, theirs = row + step, column + step
            if not (0 <= mine < len(units) and 0 <= theirs < len(units)):
                continue
            if mine in taken or theirs in taken:
                continue
            unit, other = units[mine], units[theirs]
            if unit.member != units[row].member or other.member != units[column].member:
                continue
            if unit.member in copies or len(unit.text.split()) < MIN_RUN_ECHO_WORDS:
                continue
            ratio = float(fuzz.ratio(normalise_quote(unit.text), normalise_quote(other.text)))
            if ratio < NEAR_COPY_RATIO:
                continue
            more[mine] = (theirs, ratio)
            taken.update((mine, theirs))
            pending.append((mine, theirs))
    return more


def _echo(
    members: Sequence[StoryMember], unit: ClaimUnit, earlier: ClaimUnit, ratio: float
) -> Echo:
    """The record of ``unit`` reusing ``earlier``, nearly the same by ``ratio``."""
    return Echo(
        article_id=members[unit.member].id,
        outlet=members[unit.member].outlet,
        earlier_article_id=members[earlier.member].id,
        earlier_outlet=members[earlier.member].outlet,
        text=unit.text,
        earlier_text=earlier.text,
        similarity=round(ratio, 1),
        same_time=_published(members[unit.member]) == _published(members[earlier.member]),
    )


def _published(member: StoryMember) -> str | None:
    return member.analysed.article.published


def first_published(members: Sequence[StoryMember]) -> int | None:
    """The index of the article published first, or None where no order is known: no
    article is dated, or the earliest give the same time (one day, no hour)."""
    order = publication_order(members)
    if not order or _published(members[order[0]]) is None:
        return None
    if len(order) > 1 and _published(members[order[1]]) == _published(members[order[0]]):
        return None
    return order[0]


def lineage(
    members: Sequence[StoryMember],
    units: Sequence[ClaimUnit],
    echo_pairs: set[tuple[int, int]],
    copies: dict[int, int],
) -> tuple[LineageEntry, ...]:
    """Each article in publication order with its role: first (the earliest dated article),
    independent, cites (its own claims, but it credits another outlet's reporting), echo or
    copy. With no publication dates no article is "first": the order is unknown
    (``ORDER_UNKNOWN`` says so). Every entry lists the outlets its article credits."""
    claims_of = Counter(unit.member for unit in units)
    reused_from: dict[int, Counter[int]] = {}
    for later, earlier in echo_pairs:
        late, early = units[later].member, units[earlier].member
        if _published(members[late]) == _published(members[early]):
            # the same time (one day, no hour): which printed it first is unknown, so
            # neither is said to reuse the other (a fresh reader found "hpo 4%, fox 0%"
            # for one sentence both print, beside "who came first is unknown")
            continue
        reused_from.setdefault(late, Counter())[early] += 1
    order = publication_order(members)
    first = first_published(members)
    credits = story_credits(members)
    entries = []
    for position, index in enumerate(order):
        member = members[index]
        reused = reused_from.get(index, Counter())
        share = sum(reused.values()) / claims_of[index] if claims_of[index] else 0.0
        source, role = None, "independent"
        if index in copies:
            role, source = "copy", members[copies[index]].id
        elif position == 0 and index == first:
            role = "first"  # storage order is no publication order: an undated article is not
        elif reused and max(reused.values()) / max(claims_of[index], 1) >= ECHO_SHARE:
            role, source = "echo", members[reused.most_common(1)[0][0]].id
        elif index in credits:
            role = "cites"
        entries.append(
            LineageEntry(
                article_id=member.id,
                outlet=member.outlet,
                published=member.analysed.article.published,
                role=role,  # type: ignore[arg-type]
                source_id=source,
                reused_share=round(share, 3),
                credits=credits.get(index, ()),
            )
        )
    return tuple(entries)


def echo_words(echo: Echo) -> str:
    """How a report line says who reuses whom: "B reuses A", or, where the two give the same
    publication time, that both print the sentence and who came first is unknown."""
    if echo.same_time:
        return (
            f"{echo.outlet} and {echo.earlier_outlet} print nearly the same sentence "
            "(the same publication time: who came first is unknown)"
        )
    return f"{echo.outlet} reuses {echo.earlier_outlet}"


def outlets_credited(lineage: Sequence[LineageEntry], outlet: str) -> tuple[str, ...]:
    """The other outlets an outlet's articles credit, each once, by the fullest name written
    ("New York Times" for "Times" as well): the sourcing table counts no publication as a
    source, and a fresh reader took its empty "organisations" cell for an outlet relying on
    nobody where it retold another outlet's report."""
    names: dict[str, str] = {}
    for entry in lineage:
        if entry.outlet != outlet:
            continue
        for credit in entry.credits:
            key = outlet_key(credit.name)
            if key not in names:
                names[key] = credit.name
    # a name whose key stands inside another's ("times" in "newyorktimes") is that outlet
    return tuple(
        name
        for key, name in names.items()
        if not any(key != other and key in other for other in names)
    )


def credits_words(entry: LineageEntry) -> str:
    """How a report line names the outlets an article credits: "credits Politico, CNN (b7)"."""
    named = ", ".join(
        credit.name + (f" ({credit.article_id})" if credit.article_id else "")
        for credit in entry.credits
    )
    return f"credits {named}" if named else ""
