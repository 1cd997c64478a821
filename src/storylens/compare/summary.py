"""Summary: a few central sentences chosen across outlets (the timeline is ``timeline.py``).

The summary is extractive: a claim scores by how many outlets report it independently, how
central it is (its summed similarity to the story's other claims) and how early it comes in
its article (news puts the event first). Each chosen claim comes from a different claim group,
so the summary does not say one thing three times.

A line never puts one outlet's wording under another: it names the outlets that print these
very words, and gives each other outlet's own sentence for the same claim beside it (outlets
that word a claim differently also differ in its details: "last week" against "on Tuesday").
Another outlet's sentence stands beside a line only where the pairing is sure
(``sure_pairing``): neither sentence continues one the reader does not see, they are not two
named speakers' statements, and they share more than names; an outlet with no such sentence
is named as one that may tell the claim in other words, never shown under the line, and a
claim the model pairs with an outlet only through such sentences is left out of the summary.
A claim whose sentence holds a detail another outlet disputes or cannot be checked against
is left out of the summary: a summary line should need no footnote. So is a line that cannot
stand alone: one mostly inside quotation marks (a source's words read as the outlet's account
when shown without their speaker), one that opens on a word pointing back at a sentence the
reader does not see ("He added", "But the editor was not alone"), one that calls a person
only by a role and names no one ("the congressman said"), and one that repeats a line
already chosen in other words (two outlets' leads the claim groups did not join).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache

import numpy as np
from scipy import sparse

from storylens.analyse.quotes.cues import ROLE_NOUNS
from storylens.compare.claim_units import ClaimUnit
from storylens.compare.claims import prints_part_of_quotation, shares_a_quotation
from storylens.compare.lone_claims import nearest_matches, nearest_sentences
from storylens.compare.pointers import weigh_pointers
from storylens.compare.quotes import quoted_share
from storylens.compare.same_claim import SPEECH_WORDS, judge_profiles
from storylens.compare.same_claim_features import ClaimProfile, claim_profile
from storylens.compare.scorecard import quotation_notes
from storylens.compare.words import (
    SUBJECT_PRONOUNS,
    fold,
    is_stop_word,
    stem,
    word_matches,
    words,
)
from storylens.records import (
    QUOTING_RELATIONS,
    Claim,
    ClaimMatch,
    DetailConflict,
    DetailValue,
    StoryMember,
    SummarySentence,
    Wording,
)

# Sentences in the summary.
SUMMARY_SENTENCES = 3
# A claim among the first few of its article is usually the event itself.
LEAD_CLAIMS = 3
# Weight of being in the lead, and of each further outlet that reports the claim.
LEAD_BONUS = 0.5
OUTLET_BONUS = 1.0
# Claims longer than this many characters read badly as a summary line.
MAX_SUMMARY_CHARS = 320
# A claim with at least this share of its characters inside quotation marks is a source's
# words, not the outlet's account of the event: the quotes part shows it with its speaker.
MAX_QUOTED_SHARE = 0.5
# A claim opening on one of these words leans on the sentence before it: a pronoun whose
# person the reader has not met, or a connective continuing an argument.
# An opening participle ("Asked ...", "Speaking ...") and the pronouns that may be its subject.
PARTICIPLE_ENDINGS = ("ed", "ing")
LEANING_OPENERS = frozenset(
    (
        "he", "she", "they", "it", "its", "his", "her", "their", "this", "that", "these",
        "those", "there", "also", "but", "and", "so", "yet", "still", "however", "meanwhile",
        "instead", "indeed", "then",
    )
)  # fmt: skip


# An opening phrase of at most a few words closed by a comma, and the word after it.
OPENING_PHRASE = re.compile(r"([^,]{1,60}),\s+(\w+)\b")
# Words that point back at something the sentence before names ("the latter is something
# most cannot support", "issued identical statements afterward").
POINTING_BACK = ("the latter", "afterward", "afterwards")
# A line whose subject "also" does something, or "continued", adds to what the sentence
# before told ("The statement also quotes ...", "Obama continued, calling out ..."): fresh
# readers of BASIL summaries marked both as lines that cannot stand alone. Looked for among
# the first few words only, where the subject and its verb stand.
CONTINUING_WORDS = frozenset({"also", "continued"})
CONTINUING_WORDS_WITHIN = 6
# A line opening on one of these counts itself in a series the sentences before it tell
# ("Another man then tells him ...", "The latest candidate to learn the hard way was ..."):
# alone, the reader does not know what it is one more of. "The latest figures show" counts
# nothing: only "the latest" or "the next" one "to" do something is one more of a series.
SERIES_OPENER = re.compile(r"(?:another\b|the (?:latest|next)(?: \w+){1,2} to\b)", re.IGNORECASE)
# A line ends a sentence: a piece cut from one ("House Majority Whip Kevin McCarthy", "Obama
# continued, calling out Speaker ... John Boehner") or a headline ("NRA urges states to allow
# more armed officers in schools") was chosen as a summary line of BASIL events, telling
# nothing or telling it the way a headline does.
SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*\s*$")
# A line that calls a person only by a description ("the congressman said", "the North
# Carolina lawmaker") and names no one leans on the sentences before it for who that is:
# fresh readers of BASIL summaries marked such lines as ones that cannot stand alone. Only
# nouns of office and role, which stand for one person named elsewhere: "the victim" or "the
# driver" tells the reader of a story who is meant.
DESCRIBED_PERSON_NOUNS = ROLE_NOUNS
# Words after "the" read for the noun a description is about, past the names and numbers
# that modify it ("the North Carolina lawmaker", "the 46-year-old congressman").
DESCRIPTION_WORDS = 4
# A possessive ending: "Weiner's office" names Weiner; "the president's advisory board" is no
# description of whom the line is about.
POSSESSIVE = re.compile(r"['’]s?$")


# Another outlet's sentence is shown as its wording of a line only where the pairing is sure
# (issue 19: "fewer, surer lines"). The same-claim model reads the shape of two sentences
# (their n-grams, their share of words) and pairs sentences of one kind that tell different
# things: one activist's word under a group's claim, the same official's two statements, a
# sentence continuing another under the claim it continues. Each rule below names one of those.

# A sentence opening on one of these words continues an argument the reader does not see
# ("But the editor was not alone", "But I am not going to ..."): beside a line it reads as
# that line's claim when it tells what follows it. It stands beside the line only where it
# carries every word of the line's claim or the line every word of its own (the same quote,
# "But I was elected to balance a budget ..."). A pronoun opener is kept: the line beside it
# names whom "he" or "she" is.
CONTINUING_OPENERS = frozenset(
    (
        "but", "and", "so", "yet", "still", "however", "meanwhile", "instead", "indeed",
        "then", "also", "nor", "or",
    )
)  # fmt: skip
# A sentence holds another's claim when it carries all of at least this many of its claim
# words: one or two words ("the editor was not alone") are inside most lines of a story.
MIN_CONTAINED_CLAIM_WORDS = 3
# Words that attribute a sentence to a speaker: where both sentences attribute their words
# and name no one in common, they are two people's statements, not one claim ("Tea Party
# groups say there is no racism" against "Poulter said he has seen no evidence of racism").
ATTRIBUTING_WORDS = SPEECH_WORDS | frozenset({"says", "tells", "adds", "insisted", "insists"})
# Content words two sentences of one claim share beyond their names: the same person named in
# both with nothing else in common is one person's two statements ("Barrow said the county
# would seek funds" against "Barrow insisted the county was doing all it could").
MIN_SHARED_CLAIM_WORDS = 1
# Marks after which a capitalised word opens a quotation, not a name.
OPENING_MARKS = frozenset("\"“‘'([")
# An unmatched outlet's nearest sentence that shares at least this Dice overlap of the line's
# weighted words (``lone_claims._nearest_sentences``) tells the line in other words, where it
# may stand beside it (``sure_pairing``): on the development stories' summary lines, every
# such sentence from 0.45 up told the line's fact, and from 0.4 some told another fact of
# the same people ("a watchman is credited" / "homes were evacuated").
NEAREST_TELLS = 0.45
# A speaker is named within this many words of the word attributing the sentence to them
# ("Poulter said", "Tea Party groups say", "said Mr. Poulter"); a name further off is what
# the speaker talks of ("He said he had hired an Internet security company").
SPEAKER_WINDOW = 3


def _wording(text: str) -> tuple[str, ...]:
    return tuple(fold(w) for w in words(text))


def claim_line(claim: Claim, claims: Sequence[Claim]) -> SummarySentence:
    """A claim as one line: its words, the outlets that print these very words, and each
    other outlet's own sentence of the same claim: the one the same-claim model scored
    highest against it. An outlet of the claim's group with no sentence matched with the
    claim itself is left off the line (a group joins sentences through each other)."""
    wording = _wording(claim.text)
    same: dict[str, None] = {claim.outlet: None}
    others: dict[str, str] = {}
    best = _best_counterparts(claim, claims)
    for other in claims:
        if other.group != claim.group or other.status == "copy" or other.outlet == claim.outlet:
            continue
        if other.outlet in same or other.outlet in others:
            continue
        if _wording(other.text) == wording:
            same[other.outlet] = None
        elif other.outlet in best:
            # only a sentence matched with this claim itself: the group joins sentences
            # through each other, and its first sentence of an outlet the claim never met
            # may tell another thing (a fresh reader found "The committee's action comes a
            # day after ..." of the Senate's committee under a line on the House's)
            others[other.outlet] = best[other.outlet].text
    return SummarySentence(
        text=claim.text,
        article_id=claim.article_id,
        outlet=claim.outlet,
        outlets=tuple(same),
        other_wordings=tuple(Wording(outlet, text) for outlet, text in others.items()),
    )


def sure_pairing(line: str, other: str) -> bool:
    """Whether another outlet's sentence ``other`` may be shown as its wording of ``line``:
    neither continues a sentence the reader does not see (unless one holds the other's very
    claim), it is not another speaker's statement, and it shares more than names with the
    line."""
    openers = [words(text)[:1] for text in (line, other)]
    if not all(openers):
        return False
    claimed, told = _claim_words(line), _claim_words(other)
    continuing = any(fold(first[0]) in CONTINUING_OPENERS for first in openers)
    if continuing and not _holds_the_claim(claimed, told):
        return False
    speakers, others = _speakers(line), _speakers(other)
    if speakers and others and not speakers & others:
        return False
    return len(claimed & told) >= MIN_SHARED_CLAIM_WORDS


def _holds_the_claim(claimed: frozenset[str], told: frozenset[str]) -> bool:
    """Whether one sentence's claim words are all in the other's, and are enough words to
    make a claim."""
    inner = min(claimed, told, key=len)
    return len(inner) >= MIN_CONTAINED_CLAIM_WORDS and inner <= max(claimed, told, key=len)


# Sentences whose claim words and speakers are kept: ``sure_pairing`` reads a line's words
# once per sentence matched with it (88 times a line on a 100-article story's page).
WORDS_CACHED = 4096


@lru_cache(maxsize=WORDS_CACHED)
def _speakers(text: str) -> frozenset[str]:
    """The folded capitalised words within ``SPEAKER_WINDOW`` of a word of attribution: the
    speaker a sentence names, or nothing where it names none ("he said")."""
    said = words(text)
    found = set()
    for at, word in enumerate(said):
        if fold(word) not in ATTRIBUTING_WORDS:
            continue
        near = said[max(0, at - SPEAKER_WINDOW) : at + SPEAKER_WINDOW + 1]
        found |= {
            fold(name)
            for name in near
            if name[:1].isupper() and not is_stop_word(name) and fold(name) != "i"
        }
    return frozenset(found)


@lru_cache(maxsize=WORDS_CACHED)
def _claim_words(text: str) -> frozenset[str]:
    """The stems of a sentence's content words that are not a name, a word of a name, or a
    word of attribution: the words that carry what is claimed. A capitalised word opening the
    sentence or a quotation is a name only where a capitalised word follows it ("County
    Commissioner Barrow said", but not "Results have not been good enough")."""
    found = list(word_matches(text))
    named, content = set(), set()
    for at, match in enumerate(found):
        word = match.group()
        if is_stop_word(word) or len(word) < 2:
            continue
        before = text[: match.start()].rstrip()
        opens = not before or before[-1] in OPENING_MARKS
        next_capital = at + 1 < len(found) and found[at + 1].group()[:1].isupper()
        if word[:1].isupper() and (next_capital or not opens):
            named.add(stem(word))
        else:
            content.add(stem(word))
    return frozenset(content - named - {stem(word) for word in ATTRIBUTING_WORDS})


def doubtful_outlets(claim: Claim, claims: Sequence[Claim]) -> set[str]:
    """The outlets the model matched with ``claim`` through none but sentences
    ``sure_pairing`` keeps from standing beside it: their sentence may or may not tell it."""
    matched: dict[str, bool] = {}
    for _, found, sure in _counterparts(claim, claims):
        matched[found.outlet] = matched.get(found.outlet, False) or sure
    return {outlet for outlet, sure in matched.items() if not sure}


def _best_counterparts(claim: Claim, claims: Sequence[Claim]) -> dict[str, Claim]:
    """Per other outlet, the claim of the same group the model scored highest against
    ``claim`` (from ``claim.matches``) among those ``sure_pairing`` lets stand beside it."""
    best: dict[str, tuple[float, Claim]] = {}
    for match, found, sure in _counterparts(claim, claims):
        if sure and (match.outlet not in best or match.score > best[match.outlet][0]):
            best[match.outlet] = (match.score, found)
    return {outlet: found for outlet, (_, found) in best.items()}


def _counterparts(
    claim: Claim, claims: Sequence[Claim]
) -> Iterator[tuple[ClaimMatch, Claim, bool]]:
    """(match, the other outlet's claim of the same group it points at, whether
    ``sure_pairing`` lets it stand beside ``claim``) for each match of ``claim``; copies and
    the claim's own outlet left out."""
    at = {(other.article_id, other.start): other for other in claims if other.group == claim.group}
    for match in claim.matches:
        found = at.get((match.article_id, match.start))
        if found is None or found.status == "copy" or found.outlet == claim.outlet:
            continue
        yield match, found, sure_pairing(claim.text, found.text)


def quoting_outlets(
    claim: Claim, claims: Sequence[Claim], outlets: Sequence[str]
) -> tuple[str, ...]:
    """Those of ``outlets`` with a sentence that prints a quotation of ``claim`` word for word
    (``shares_a_quotation``). The same-claim model pairs sentences, not quotations: a fresh
    reader found "storylens cannot tell whether B tells it" above B's sentence carrying the
    line's whole quotation, where the line was matched with a third outlet and so was never
    checked for quotations as a lone claim is."""
    wanted = set(outlets)
    found: dict[str, None] = {}
    for other in claims:
        if (
            other.outlet in wanted
            and other.outlet not in found
            and other.status != "copy"
            and shares_a_quotation(claim.text, other.text)
        ):
            found[other.outlet] = None
    return tuple(o for o in outlets if o in found)


def part_quoting_outlets(
    claim: Claim, claims: Sequence[Claim], outlets: Sequence[str]
) -> tuple[str, ...]:
    """Those of ``outlets`` (each printing a quotation of ``claim``: ``quoting_outlets``) that
    print only part of it in every sentence that prints it (``prints_part_of_quotation``)."""
    whole: dict[str, None] = {}
    part: dict[str, None] = {}
    for other in claims:
        if other.outlet not in outlets or other.status == "copy":
            continue
        if not shares_a_quotation(claim.text, other.text):
            continue
        if prints_part_of_quotation(claim.text, other.text):
            part[other.outlet] = None
        else:
            whole[other.outlet] = None
    return tuple(o for o in outlets if o in part and o not in whole)


def others_note(line: SummarySentence) -> str:
    """What a summary line says of the story's other outlets, or nothing."""
    if line.own:
        return f"only {line.outlet} reports it"
    notes = quotation_notes(line.same_quotation, line.part_quotation)
    # an outlet with a closest sentence shown is left to it ("closest in B", or "... in words,
    # perhaps unrelated": ``pointers``): "cannot tell whether B tells it" above B's very
    # sentence read as false doubt to fresh readers, and "B may tell it" as a claim where B did
    # not; one with none, storylens cannot tell ("no sentence of B matched" read as "B does
    # not tell it")
    pointed = {m.outlet for m in line.nearest}
    doubtful = [o for o in line.unmatched if o not in pointed]
    if doubtful:
        verb = "tells" if len(doubtful) == 1 else "tell"
        notes.append(f"storylens cannot tell whether {', '.join(doubtful)} {verb} it")
    return "; ".join(notes)


# Details whose subject reads as words: a person (an age, a role) or a counted noun ("count
# of instruments"). Other kinds hold their sentence's content stems there, no phrase.
NAMED_SUBJECT_KINDS = frozenset({"age", "role", "count"})


def disputes_in(claims: Sequence[Claim], details: Sequence[DetailConflict]) -> tuple[str, ...]:
    """Each detail these claims state that the outlets give differently (a confirmed or a
    possible conflict), in words: "age of Nora Quell: 41 (Gazette) / 44 (Courier)"."""
    return tuple(dict.fromkeys(dispute_label(d) for d in disputed_details(claims, details)))


def disputed_details(
    claims: Sequence[Claim], details: Sequence[DetailConflict]
) -> list[DetailConflict]:
    """The disagreeing or unchecked detail rows with a value inside one of these claims."""
    return [
        detail
        for detail in details
        if detail.status != "agree"
        and any(
            value.article_id == claim.article_id and claim.start <= value.start < claim.end
            for value in (detail.first, detail.second)
            for claim in claims
        )
    ]


def dispute_label(detail: DetailConflict) -> str:
    """A disputed detail in words: "age of Nora Quell: 41 (Gazette) / 44 (Courier)"."""
    named = detail.subject and detail.kind in NAMED_SUBJECT_KINDS
    about = f"{detail.kind} of {detail.subject}" if named else detail.kind
    first, second = detail.first, detail.second
    return f"{about}: {first.text} ({first.outlet}) / {second.text} ({second.outlet})"


def disputed_note(line: SummarySentence) -> str:
    """What a shared line says of the details in it that the outlets give differently."""
    if not line.disputed:
        return ""
    return f"the outlets differ on a detail here ({'; '.join(line.disputed)}): see the details"


def stands_alone(text: str) -> bool:
    """Whether a claim reads as a summary line without the sentence before it."""
    said = words(text)
    return (
        bool(said)
        and fold(said[0]).split("'")[0] not in LEANING_OPENERS
        and not _participle_on_a_pronoun(said)
        and not _opening_phrase_on_a_pronoun(text)
        and not any(phrase in fold(text) for phrase in POINTING_BACK)
        and not any(fold(word) in CONTINUING_WORDS for word in said[:CONTINUING_WORDS_WITHIN])
        and SERIES_OPENER.match(text.lstrip("\"“‘' ")) is None
        and quoted_share(text) < MAX_QUOTED_SHARE
        and SENTENCE_END.search(text) is not None
        and not text.lstrip("\"“‘'( ")[:1].islower()  # a piece cut from a sentence
    )


def describes_someone(text: str) -> bool:
    """Whether a line calls a person by a description: "the congressman", "the North
    Carolina lawmaker"."""
    said = words(text)
    return any(
        fold(word) == "the"
        and fold(_described_noun(said[at + 1 : at + 1 + DESCRIPTION_WORDS]) or "")
        in DESCRIBED_PERSON_NOUNS
        for at, word in enumerate(said)
    )


def _described_noun(after_the: Sequence[str]) -> str | None:
    """The first lower-case word after "the" and the names or numbers that modify it ("the
    North Carolina lawmaker", "the 46-year-old"): the noun a description is about. None where
    only names follow ("The New York Times")."""
    for word in after_the:
        if word[:1].isupper() or word[:1].isdigit():
            continue
        return word if word[:1].isalpha() and not POSSESSIVE.search(word) else None
    return None


def names_someone(text: str, person_words: frozenset[str]) -> bool:
    """Whether a line names a person: a capitalised word of a name the story's articles give
    a person (so a surname the recogniser missed in this sentence counts)."""
    return any(
        word[:1].isupper() and POSSESSIVE.sub("", word) in person_words for word in words(text)
    )


def _person_words(members: Sequence[StoryMember]) -> frozenset[str]:
    """The capitalised words of every person's name in the story's articles."""
    return frozenset(
        word
        for member in members
        for entity in member.analysed.entities
        if entity.label == "PERSON"
        for word in words(entity.text)
        if word[:1].isupper()
    )


def unattributed_quotation(line: SummarySentence) -> bool:
    """Whether a line attributes its words to no one (no quotation marks, no word of saying)
    while another outlet prints them as someone's quotation (``MAX_QUOTED_SHARE``): a
    source's words, which the line would show as an outlet's account. A fresh reader found a
    lawyer's statement, printed without marks by one outlet, as a summary line."""
    attributed = quoted_share(line.text) > 0 or any(
        fold(word) in ATTRIBUTING_WORDS for word in words(line.text)
    )
    return not attributed and any(
        quoted_share(wording.text) >= MAX_QUOTED_SHARE for wording in line.other_wordings
    )


def _opening_phrase_on_a_pronoun(text: str) -> bool:
    """An opening phrase closed by a comma, then a pronoun as the subject, no name before it
    ("From 1997 to 2009, he practiced ..."): who "he" is lies in the sentence before."""
    opening = OPENING_PHRASE.match(text)
    if opening is None or fold(opening[2]) not in SUBJECT_PRONOUNS:
        return False
    return not any(word[:1].isupper() for word in words(opening[1])[1:])


def _participle_on_a_pronoun(said: Sequence[str]) -> bool:
    """An opening participle whose subject is a pronoun the line never names ("Asked if she
    would run again, she said ..."): who "she" is lies in the sentence before."""
    if not said[0].lower().endswith(PARTICIPLE_ENDINGS):
        return False
    for word in said[1:]:
        if word[:1].isupper():
            return False  # a name comes first: the pronoun refers to it
        if fold(word) in SUBJECT_PRONOUNS:
            return True
    return False


def _disputed(claim: Claim, values: set[tuple[str, int]], phrases: list[tuple[str, ...]]) -> bool:
    """Whether the claim states a detail outlets give differently: a disputed value itself
    (``values``, from ``_disputed_values``), or the same words anywhere in it (``phrases``,
    from ``_disputed_phrases``: a figure the table compares at its first mention, or in an
    outlet that echoes the one compared, is as disputed)."""
    if any(
        article_id == claim.article_id and claim.start <= start < claim.end
        for article_id, start in values
    ):
        return True
    have = _wording(claim.text)
    return any(
        have[i : i + len(wanted)] == wanted
        for wanted in phrases
        for i in range(len(have) - len(wanted) + 1)
    )


def _disputed_values(details: Sequence[DetailConflict]) -> dict[tuple[str, int], DetailValue]:
    """Each value (article, start) of a detail the outlets give differently, and each value
    the table finds agreeing with one of those: "three injured firefighters" agrees with
    another outlet's "Three firefighters", which a third outlet gives as "Four firefighters",
    so the line stating the three is as disputed as the one stating its twin."""
    linked: dict[tuple[str, int], set[tuple[str, int]]] = {}
    value_at: dict[tuple[str, int], DetailValue] = {}
    disputed: list[tuple[str, int]] = []
    for detail in details:
        first, second = ((value.article_id, value.start) for value in (detail.first, detail.second))
        value_at[first], value_at[second] = detail.first, detail.second
        if detail.status == "agree":
            linked.setdefault(first, set()).add(second)
            linked.setdefault(second, set()).add(first)
        else:
            disputed += [first, second]
    found: dict[tuple[str, int], None] = {}
    stack = list(disputed)
    while stack:
        at = stack.pop()
        if at in found:
            continue
        found[at] = None
        stack += linked.get(at, ())
    return {at: value_at[at] for at in found}


def _disputed_phrases(values: Iterable[DetailValue]) -> list[tuple[str, ...]]:
    """The words of every disputed value, read once per story."""
    found = (_wording(value.text) for value in values)
    return [wanted for wanted in dict.fromkeys(found) if wanted]


def summarise(
    members: Sequence[StoryMember],
    units: Sequence[ClaimUnit],
    claims: Sequence[Claim],
    cosine: sparse.csr_matrix,
    details: Sequence[DetailConflict] = (),
    read_claim: Callable[[int], ClaimProfile] | None = None,
    read_text: Callable[[str], ClaimProfile] | None = None,
) -> tuple[SummarySentence, ...]:
    """The story's summary lines. ``read_claim`` reads a claim by its index and ``read_text``
    a sentence by its text (the comparison passes the profiles its claim alignment already
    read)."""
    if not claims:
        return ()
    centrality = np.asarray(cosine.sum(axis=1)).ravel() - 1.0  # minus its own cosine
    person_words = _person_words(members)
    top = float(centrality.max()) or 1.0
    position: dict[int, int] = {}
    scored = []
    for row, claim in enumerate(claims):
        if claim.status in ("copy", "quotation") or len(claim.text) > MAX_SUMMARY_CHARS:
            continue
        if not stands_alone(claim.text):
            continue
        if describes_someone(claim.text) and not names_someone(claim.text, person_words):
            continue
        place = position.get(units[row].member, 0)
        position[units[row].member] = place + 1
        score = (
            OUTLET_BONUS * len(claim.shared_with)
            + centrality[row] / top
            + (LEAD_BONUS if place < LEAD_CLAIMS else 0.0)
        )
        scored.append((score, row))
    scored.sort(key=lambda item: (-item[0], item[1]))
    outlets = list(dict.fromkeys(c.outlet for c in claims if c.status != "copy"))
    disputed = _disputed_values(details)
    values, phrases = set(disputed), _disputed_phrases(disputed.values())
    # ``rows``: every line read so far, a later one the same claim as any is left out;
    # ``chosen_rows``: the rows of the lines kept (a line may be read, then left out)
    chosen, groups, rows, chosen_rows = [], set(), list[int](), list[int]()
    # Each claim read once (as ``same_claim`` reads it): a chosen line is compared with every
    # candidate after it.
    read: dict[int, ClaimProfile] = {}

    def profile(row: int) -> ClaimProfile:
        if read_claim is not None:
            return read_claim(row)
        if row not in read:
            read[row] = claim_profile(claims[row].text)
        return read[row]

    for _, row in scored:
        claim = claims[row]
        if claim.group in groups or _disputed(claim, values, phrases):
            continue
        if doubtful_outlets(claim, claims):
            # a line whose pairing with an outlet is not sure would either show that
            # outlet's sentence under it or call the outlet unmatched, and either may mislead
            continue
        if any(judge_profiles(profile(earlier), profile(row)).same for earlier in rows):
            continue
        groups.add(claim.group)
        rows.append(row)
        line = claim_line(claim, claims)
        if any(_disputed(other, values, phrases) for other in _shown_beside(line, claim, claims)):
            # another outlet's sentence shown beside the line states the disputed detail:
            # the line would show a conflict as agreement
            continue
        if unattributed_quotation(line):
            continue
        told = {*line.outlets, *(w.outlet for w in line.other_wordings)}
        own = claim.status == "only" and not claim.maybe_matches
        # an outlet that prints the line's quotation is said to, not called unmatched: a
        # fresh reader found "no sentence of B matched" above B's very words
        quoted_by = {
            m.outlet: m.relation
            for m in claim.maybe_matches
            if m.relation in QUOTING_RELATIONS and m.outlet not in told
        }
        quoting = tuple(quoted_by)
        part = tuple(o for o, relation in quoted_by.items() if relation == "part-quotation")
        unmatched = () if own else tuple(o for o in outlets if o not in told | set(quoting))
        if unmatched:
            also = quoting_outlets(claim, claims, unmatched)
            quoting += also
            part += part_quoting_outlets(claim, claims, also)
            unmatched = tuple(o for o in unmatched if o not in also)
        chosen.append(
            replace(line, unmatched=unmatched, own=own, same_quotation=quoting, part_quotation=part)
        )
        chosen_rows.append(row)
        if len(chosen) == SUMMARY_SENTENCES:
            break
    # each unmatched outlet's nearest sentence, for all the lines at once: the story's word
    # matrices are built once
    wordings = {
        row: _wording_rows(row, claims)
        for row, line in zip(chosen_rows, chosen, strict=True)
        if line.unmatched
    }
    sentences = [unit.sentence_span for unit in units]
    wanted = sorted({r for rows in wordings.values() for r in rows})
    near = nearest_sentences(claims, wanted, profile, sentences) if wanted else {}
    texts = {member.id: member.analysed.article.text for member in members}
    # an outlet's sentence that tells a line in other words is one more wording of it
    for row, rows in wordings.items():
        for at, overlap in _nearest_to_any(rows, near).values():
            whole = claims[at].article_id, *sentences[at]
            sentence = texts[whole[0]][whole[1] : whole[2]]
            if _tells(claims[row].text, sentence, overlap):
                rows.append(at)
    more = sorted({r for rows in wordings.values() for r in rows} - set(wanted))
    if more:
        near.update(nearest_sentences(claims, more, profile, sentences))
    return tuple(
        _told_in_other_words(
            line,
            nearest_matches(
                claims, _nearest_to_any(wordings[row], near), line.unmatched, sentences
            ),
            texts,
            read_text,
        )
        if row in wordings
        else line
        for row, line in zip(chosen_rows, chosen, strict=True)
    )


def with_summary_pointers(
    claims: Sequence[Claim], summary: Sequence[SummarySentence]
) -> tuple[Claim, ...]:
    """The claims, an unplaced one that is also a summary line pointing where its line does:
    the line's closest sentences are found from every wording of it (``_nearest_to_any``),
    and one claim shown with two different "closest in B" sentences, under the summary and
    under "Not placed", would contradict itself."""
    by_line = {(line.article_id, line.text): line for line in summary if line.nearest}
    found = []
    for claim in claims:
        line = by_line.get((claim.article_id, claim.text))
        if claim.status == "unplaced" and line is not None and claim.nearest:
            pointers = {match.outlet: match for match in claim.nearest}
            pointers.update(
                (match.outlet, match) for match in line.nearest if match.outlet in pointers
            )
            claim = replace(claim, nearest=tuple(pointers[o] for o in sorted(pointers)))
        found.append(claim)
    return tuple(found)


def _wording_rows(row: int, claims: Sequence[Claim]) -> list[int]:
    """A line's claim and the other outlets' claims of its group: its wordings, each of which
    may share words with a third outlet's sentence that the line's own words miss ("released
    by America Rising" beside "America Rising ... posted the footage", near "posted online by
    ... America Rising")."""
    group = claims[row].group
    return [row] + [
        other
        for other, claim in enumerate(claims)
        if other != row
        and claim.group == group
        and claim.outlet != claims[row].outlet
        and claim.status != "copy"
    ]


def _nearest_to_any(
    rows: Sequence[int], near: dict[int, dict[str, tuple[int, float]]]
) -> dict[str, tuple[int, float]]:
    """Each outlet's sentence nearest any of a line's wordings (``rows``): the one sharing
    the most of one wording's weighted words, the line's own on a tie."""
    best: dict[str, tuple[int, float]] = {}
    for row in rows:
        for outlet, (at, overlap) in near.get(row, {}).items():
            if outlet not in best or overlap > best[outlet][1]:
                best[outlet] = (at, overlap)
    return best


def _shown_beside(line: SummarySentence, claim: Claim, claims: Sequence[Claim]) -> list[Claim]:
    """The other outlets' claims whose sentences stand beside ``line`` (its other wordings)."""
    return [
        other
        for other in claims
        if other.group == claim.group
        and other.outlet != claim.outlet
        and Wording(other.outlet, other.text) in line.other_wordings
    ]


def _tells(line: str, sentence: str, overlap: float) -> bool:
    """Whether an outlet's nearest sentence, sharing ``overlap`` of a line's weighted words,
    tells the line in other words (``NEAREST_TELLS``, ``sure_pairing``)."""
    return overlap >= NEAREST_TELLS and sure_pairing(line, sentence)


def _told_in_other_words(
    line: SummarySentence,
    nearest: Sequence[ClaimMatch],
    texts: dict[str, str],
    read_text: Callable[[str], ClaimProfile] | None = None,
) -> SummarySentence:
    """A line with its unmatched outlets' nearest sentences (``nearest``): one that shares
    at least ``NEAREST_TELLS`` of the line's weighted words and may stand beside it
    (``sure_pairing``) is that outlet's wording of the line, told in other words, not a
    sentence storylens cannot place; the others stay under the line as the closest, those
    the pointer model finds likely to tell the line marked so (``pointers``)."""
    told, closest = [], []
    for match in nearest:
        sentence = texts[match.article_id][match.start : match.end]
        if _tells(line.text, sentence, match.score):
            told.append(Wording(match.outlet, sentence))
        else:
            closest.append(match)

    if not told:
        return replace(line, nearest=weigh_pointers(line.text, nearest, texts, read_text))
    moved = {wording.outlet for wording in told}
    return replace(
        line,
        other_wordings=line.other_wordings + tuple(told),
        unmatched=tuple(o for o in line.unmatched if o not in moved),
        nearest=weigh_pointers(line.text, closest, texts, read_text),
    )
