"""What differs between the outlets of a story, in counts: the scorecard a story page, ``show``
and ``report`` open on, and the story list's badges. Derived from the comparison alone, so
every interface counts the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from storylens.compare.names_only import MAX_ONLY_NAMED
from storylens.records import QUOTING_RELATIONS, Claim, ClaimMatch, StoryComparison

# Quote relations the scorecard counts: a changed wording, not the same words.
VARIANT_KINDS = ("reworded", "truncated", "misattributed")
# The fewest words a quote only one outlet prints must have to be counted as its own: a short
# phrase ("a balanced approach") is another outlet's too where it quotes the phrase inside
# other words ("no daylight" for "There won't be any daylight"), which alignment leaves apart
# (a fresh reader counted two of nyt's five such quotes in hpo).
MIN_ONLY_QUOTE_WORDS = 4
# What the per-outlet table's "only here" cell counts, said under the table: fresh readers
# counted every quoted word or phrase one outlet prints ("mischief", "hard look") against
# "6 quotes" and marked the cell an undercount.
ONLY_HERE_LEGEND = (
    "“Only here”: the claims storylens is sure only this outlet reports (in brackets, its "
    "claims not placed either way), the quotations of "
    f"{MIN_ONLY_QUOTE_WORDS} words or more no other outlet prints, and the people no other "
    "outlet names."
)
# Loaded words shown per outlet: enough to show the slant, few enough to read at a glance.
TOP_LOADED_WORDS = 3
# The counts a story list can sort and filter by, and the section of a story page each
# count is explained in.
SCORE_SECTIONS = {
    "conflicts": "details",
    "possible_conflicts": "details",
    "variants": "quotes",
    "only_claims": "claims",
}


@dataclass(frozen=True)
class OutletScore:
    outlet: str
    only_claims: int  # lone claims no other outlet may tell in other words
    anonymous_share: float  # of its quoted words
    loaded_words: tuple[str, ...]  # its own-voice loaded words, most used first
    anonymous_reported: int = 0  # attributions to anonymous sources without quotation marks
    unplaced_claims: int = 0  # its lone claims the lone-claim model can place neither way
    # Its own-voice hedges ("supposedly"): no loaded word, but the cell names them, since a
    # fresh reader took "none sure" beside the tone section's "supposedly" for a miss.
    hedge_words: tuple[str, ...] = ()
    # People its articles name that no other outlet's do (``compare.names_only``): a checkable
    # thing of its own where most of its lone claims cannot be placed.
    named_only: int = 0
    # Quotes (utterances) only its articles print: words in marks no other outlet carries, a
    # thing of its own a reader can check (a fresh reader found "none sure" beside an
    # outlet's two quotes no other outlet had).
    only_quotes: int = 0


@dataclass(frozen=True)
class Scorecard:
    conflicts: int  # details two outlets give differently
    possible_conflicts: int  # details that may differ but cannot be checked
    variants: tuple[tuple[str, int], ...]  # (relation, count) for each of VARIANT_KINDS
    only_claims: int  # claims only one outlet reports (no other may tell them in other words)
    outlets: tuple[OutletScore, ...]
    maybe_only_claims: int = 0  # lone claims another outlet may tell in other words
    unplaced_claims: int = 0  # lone claims the lone-claim model can place neither way

    @property
    def variant_count(self) -> int:
        return sum(count for _, count in self.variants)

    def count(self, name: str) -> int:
        """A count by its SCORE_SECTIONS name (what a story list sorts and filters by)."""
        if name == "variants":
            return self.variant_count
        value: int = getattr(self, name)
        return value


def scorecard(comparison: StoryComparison) -> Scorecard:
    statuses = Counter(detail.status for detail in comparison.details)
    relations: Counter[str] = Counter(
        variant.relation for group in comparison.quote_groups for variant in group.variants
    )
    lone = [claim for claim in comparison.claims if claim.status == "only"]
    only = Counter(claim.outlet for claim in lone if not claim.maybe_matches)
    unplaced = Counter(claim.outlet for claim in comparison.claims if claim.status == "unplaced")
    named = Counter(person.outlet for person in comparison.names_only)
    story_outlets = {outlet for group in comparison.quote_groups for outlet in group.outlets}
    story_outlets |= {profile.outlet for profile in comparison.tone}
    own_quotes = Counter(
        group.outlets[0]
        for group in comparison.quote_groups
        if len(group.outlets) == 1
        and len(story_outlets) > 1
        and len(group.reference.split()) >= MIN_ONLY_QUOTE_WORDS
    )
    words: dict[str, Counter[str]] = {}
    hedges: dict[str, Counter[str]] = {}
    for profile in comparison.tone:
        counter = words.setdefault(profile.outlet, Counter())
        counter.update(mark.text.lower() for mark in profile.own if mark.polarity != "hedge")
        hedged = hedges.setdefault(profile.outlet, Counter())
        hedged.update(mark.text.lower() for mark in profile.own if mark.polarity == "hedge")
    outlets = list(
        dict.fromkeys(
            [p.outlet for p in comparison.sourcing_by_outlet]
            + [p.outlet for p in comparison.tone]
            + [claim.outlet for claim in lone]
            + list(unplaced)
            + list(named)
        )
    )
    shares = {p.outlet: p.anonymous_share for p in comparison.sourcing_by_outlet}
    paraphrased = {
        p.outlet: sum(c.reported for c in p.counts if c.source_type == "anonymous")
        for p in comparison.sourcing_by_outlet
    }
    return Scorecard(
        conflicts=statuses["disagree"],
        possible_conflicts=statuses["unchecked"],
        variants=tuple((kind, relations[kind]) for kind in VARIANT_KINDS),
        only_claims=sum(only.values()),
        maybe_only_claims=len(lone) - sum(only.values()),
        unplaced_claims=sum(claim.status == "unplaced" for claim in comparison.claims),
        outlets=tuple(
            OutletScore(
                outlet=outlet,
                only_claims=only[outlet],
                anonymous_share=shares.get(outlet, 0.0),
                anonymous_reported=paraphrased.get(outlet, 0),
                unplaced_claims=unplaced[outlet],
                named_only=named[outlet],
                only_quotes=own_quotes[outlet],
                loaded_words=tuple(
                    word for word, _ in words.get(outlet, Counter()).most_common(TOP_LOADED_WORDS)
                ),
                hedge_words=tuple(
                    word for word, _ in hedges.get(outlet, Counter()).most_common(TOP_LOADED_WORDS)
                ),
            )
            for outlet in outlets
        ),
    )


# What the count of conflicting details is a count of, said beside it wherever it is shown:
# fresh readers of BASIL events took "0 conflicting details" for "the outlets agree" where
# they differed in what no detail of these kinds holds (who wrote and who called).
CONFLICT_SCOPE_WORDS = "among dates, numbers, names, roles and places"


# What a list of unplaced claims says above itself, in every place that shows one.
UNPLACED_WORDS = (
    "storylens cannot tell whether others tell these too; under some, another outlet's "
    "closest sentence, to judge."
)
# What introduces another outlet's closest sentence under a claim storylens cannot place:
# one the pointer model finds likely to tell the same fact (relation "nearest-likely"), and
# one it does not, which fresh readers took for "B leaves the fact out" where it was
# unrelated and B told the fact in another sentence.
NEAREST_WORDS = "closest in {outlet}"
NEAREST_UNSURE_WORDS = "closest in {outlet} in words, perhaps unrelated"


def nearest_words(match: ClaimMatch, outlet: str | None = None) -> str:
    """What introduces a closest sentence (``outlet``: the outlet as shown, where it is
    escaped or renamed for the page)."""
    words = NEAREST_WORDS if match.relation == "nearest-likely" else NEAREST_UNSURE_WORDS
    return words.format(outlet=match.outlet if outlet is None else outlet)


# What the list of lone claims another outlet may tell says above itself.
HEDGED_WORDS = (
    "No other outlet's sentence matches these closely enough to call them shared, but another "
    "outlet may tell them in other words: they are not called one outlet's own."
)


def maybe_note(claim: Claim) -> str:
    """What a lone claim's line adds when another outlet may tell it in other words ("Fox may
    say it in other words") or prints the same quotation ("Fox prints the same quotation"),
    else nothing: "only in A" is then not stated as a fact."""
    outlets = list(dict.fromkeys(match.outlet for match in claim.maybe_matches))
    if not outlets:
        return ""
    if all(match.relation == "maybe-told" for match in claim.maybe_matches):
        # Only the whole articles point to it: naming the outlet of the closest sentence in
        # words would name an outlet that may not tell it.
        return "another outlet may tell it in other words"
    # An outlet that prints the same quotation is said to: "may say it in other words"
    # undersold it to a fresh reader who found the very words in that outlet.
    # ... and one that prints only part of it, that it prints part: "the same quotation" read
    # as false to a fresh reader who found three words of a remark of forty
    quoting = list(
        dict.fromkeys(m.outlet for m in claim.maybe_matches if m.relation in QUOTING_RELATIONS)
    )
    part = [
        outlet
        for outlet in quoting
        if all(m.relation == "part-quotation" for m in claim.maybe_matches if m.outlet == outlet)
    ]
    others = [outlet for outlet in outlets if outlet not in quoting]
    notes = quotation_notes(quoting, part)
    if others:
        notes.append(f"{_listed(others, 'or')} may say it in other words")
    return "; ".join(notes)


def quotation_notes(whole: Sequence[str], part: Sequence[str]) -> list[str]:
    """What a line says of the outlets that print its quotation: "B prints the same
    quotation", "C prints part of the quotation" (``part``: those of ``whole`` or beside it
    that print only part)."""
    notes = []
    same = [outlet for outlet in whole if outlet not in part]
    for listed, what in ((same, "the same quotation"), (list(part), "part of the quotation")):
        if listed:
            verb = "prints" if len(listed) == 1 else "print"
            notes.append(f"{_listed(listed, 'and')} {verb} {what}")
    return notes


def _listed(names: list[str], conjunction: str) -> str:
    """The names as a reader lists them: "A", "A or B", "A, B or C" (``conjunction`` "or"
    or "and")."""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + f" {conjunction} " + names[-1]


# What a scorecard cell says for an outlet with no loaded word the tone part is sure of.
# "none", "none sure" and "none found (only some kinds of word are checked)" each read to
# fresh readers as "it uses no loaded word" where the outlet wrote "withering criticism", "an
# obscure freshman House member" or "lashing out at his Twitter critics"; and a bare dash
# under "loaded words listed" read as "there are none to list": a reader graded it wrong
# where the outlet had "who has made many outrageous comments", an adjective of a kind the
# part lists, which it missed (the parse did not tie "who" to the person). So the cell says
# whose verdict the absence is, storylens's, as the "only here" cell does with none sure
# (``framing.TONE_CHECKED`` says what is listed and that some is missed).
NO_SURE_LOADED_WORDS = "none storylens is sure of"
# ... and for an outlet with lone claims but none storylens is sure no other outlet tells.
NO_SURE_CLAIMS = "none sure"


def only_here_words(score: OutletScore) -> str:
    """An outlet's "only here" cell: its claims no other outlet tells, and beside them its
    lone claims storylens cannot place ("1 (+19 not placed)"): a bare "0" read as "nothing of
    its own" to a reader who could name several, and so did "0 (+12 not placed)": with none
    sure, the cell says so (``NO_SURE_CLAIMS``); then the quotes only it prints ("; 2 quotes",
    under the column's "only here") and the people only it names ("; 2 named only here")."""
    if score.unplaced_claims:
        sure = score.only_claims or NO_SURE_CLAIMS
        cell = f"{sure} (+{score.unplaced_claims} not placed)"
    else:
        cell = str(score.only_claims)
    if score.only_quotes:
        noun = "quote" if score.only_quotes == 1 else "quotes"
        cell += f"; {score.only_quotes} {noun}"  # the column says "only here"
    if score.named_only:
        # "none sure" read to fresh readers as "nothing of its own" where the outlet alone
        # named people the report lists further down
        # the list stops at MAX_ONLY_NAMED an outlet: a fresh reader counted ten where the
        # cell said eight
        at_least = "at least " if score.named_only >= MAX_ONLY_NAMED else ""
        cell += f"; {at_least}{score.named_only} named only here"
    return cell


def loaded_words_cell(score: OutletScore) -> str:
    """An outlet's "loaded words" cell: the sure ones, or ``NO_SURE_LOADED_WORDS``, then its
    own-voice hedges, named as such ("slammed; hedge: supposedly", "hedge: supposedly")."""
    parts = [", ".join(score.loaded_words)] if score.loaded_words else []
    if score.hedge_words:
        kind = "hedge" if len(score.hedge_words) == 1 else "hedges"
        parts.append(f"{kind}: {', '.join(score.hedge_words)}")
    return "; ".join(parts) or NO_SURE_LOADED_WORDS


def anonymous_words(score: OutletScore) -> str:
    """An outlet's reliance on anonymous sources in a scorecard cell: the share of its quoted
    words, and the anonymous claims it reports without quotation marks ("0% + 2
    paraphrased"), which a share of quoted words cannot show."""
    share = f"{score.anonymous_share:.0%}"
    if score.anonymous_reported:
        return f"{share} + {score.anonymous_reported} paraphrased"
    return share


# What the count of lone claims counts, in the singular and the plural. "Sure": a fresh reader
# of a BASIL dev report marked "0 claims only one outlet reports" misleading beside 29 lone
# claims storylens could not place, many of them plainly one outlet's.
ONLY_CLAIMS_LABELS = (
    "claim storylens is sure only one outlet reports",
    "claims storylens is sure only one outlet reports",
)

# The same, short enough for the story list's filter menu on a phone's screen (390 px).
ONLY_CLAIMS_SHORT_LABELS = (
    "claim sure to be one outlet's own",
    "claims sure to be one outlet's own",
)


def only_claims_label(count: int) -> str:
    """The words after the count of claims only one outlet reports ("3 claims ...")."""
    return ONLY_CLAIMS_LABELS[0] if count == 1 else ONLY_CLAIMS_LABELS[1]


def maybe_only_words(card: Scorecard) -> str:
    """The scorecard's note beside the count of lone claims, or nothing."""
    notes = []
    if card.maybe_only_claims:
        notes.append(f"{card.maybe_only_claims} more perhaps told by another")
    if card.unplaced_claims:
        notes.append(f"{card.unplaced_claims} not placed either way")
    return ", ".join(notes)
