"""Claim units: each article cut into claims that stand alone, before any alignment.

A claim is a sentence, or a main clause of a long sentence with its own subject (a clause
that needs the sentence before it, "when talk turned to ..." or "leaving fans cringing", is
no claim). A quotation is never cut inside: pieces the sentence splitter made inside one pair
of quotation marks are joined again, and a mark left dangling at a claim's edge (its partner
in another paragraph) is trimmed. Furniture is never a claim: the cleaner's boilerplate, and
lines the cleaner keeps but no reader would quote (a copyright or "may not be published" line,
a bracketed note, a photo credit).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

from storylens.analyse.quotes.marks import find_marked_quotes
from storylens.compare.quotes import quoted_share
from storylens.compare.words import (
    STATE_ABBREVIATIONS,
    SUBJECT_PRONOUNS,
    content_stems,
    fold,
    is_stop_word,
    word_matches,
    words,
)
from storylens.records import Span, StoryMember

# Sentences longer than this many words are split into their main clauses: a long news
# sentence often joins two facts ("X happened on Tuesday; Y said ...") that outlets report apart.
LONG_SENTENCE_WORDS = 30
# A clause shorter than this joins its neighbour: "she said" or "and he left" is no fact.
MIN_CLAUSE_WORDS = 5
# Claims with fewer content words than this are too slight to align ("No.", "Stop!").
MIN_CLAIM_CONTENT_WORDS = 2
# Names (people, places, organisations) and numbers weigh this much more than other words.
NAME_WEIGHT = 2.0
# Entity labels whose words count as names.
NAME_LABELS = frozenset(
    {"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "EVENT", "WORK_OF_ART", "PRODUCT"}
)

# Where a long sentence may be cut: a semicolon, or a comma and a coordinating conjunction
# followed by a word that can open a subject (a pronoun, a determiner, a capitalised name).
# Subordinate clauses ("when ...", "after ...") and participles ("leaving ...") are never cut
# off: alone they state nothing.
_CLAUSE_BREAK = re.compile(
    r"\s*;\s+|,\s+(?:and|but|yet|so)\s+(?=(?:he|she|they|it|we|i|you|there|the|a|an|his|her|"
    r"their|its|this|that|these|those|police|officials|[A-Z][\w'’-]*)\b)"
)
# Lines no reader would quote as a fact, whole: a copyright or syndication notice, a bracketed
# editor's note, a photo credit or gallery caption furniture. One pattern per kind (see
# ``_Furniture``); those not anchored at the start name the words any match must hold.
_FURNITURE_LINE_PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"^[\s(]*(?:©|\(c\)|copyright\b|\(?tm\s+and\s+(?:©\s*)?copyright\b)", ()),
    (r"\ball\s+rights\s+reserved\b", ("reserved",)),
    (r"\bmay\s+not\s+be\s+(?:re)?(?:published|broadcast|rewritten|redistributed)\b", ("may",)),
    (r"^\s*\[[^\]]*\]\s*$", ()),
    (r"^\s*(?:photos?|images?|photo\s+credit|credit|buy\s+photo)\s*:", ()),
    (r"^\s*(?:buy\s+photo|image\s+via|photo\s+via|photo\s+by|photos\s+by|photo\s+courtesy)\b", ()),
)
# Lines and sentences that are page furniture rather than a report's words: a time stamp
# ("Updated 5:32 p.m."), a reporter's contact line ("Contact Dana Holt at dholt@..."), a video
# player's labels and notices ("Watch:", "Now playing", "Your browser does not support ...").
_FURNITURE_SENTENCE_PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"^\s*(?:last\s+)?(?:updated|published|posted|modified|first\s+published)\b[\s:]", ()),
    (
        r"""^\s*(?:contact|reach|e-?mail|follow|call|write\s+to|send\s+tips\s+to)\b[^.]*?
        (?:@|\bat\s+\(?\d{3}|\bon\s+(?:twitter|x|facebook|instagram|threads|bluesky)\b)""",
        (),
    ),
    (r"\b[\w.+-]+@[\w-]+\.[\w.]+\b", ("@",)),
    (r"\bcan\s+be\s+reached\s+at\b", ("reached",)),
    (r"\bcontributed\s+(?:reporting\s+)?to\s+this\s+(?:report|story|article)\b", ("contributed",)),
    (r"^\s*(?:watch|video|listen|play\s+video|now\s+playing|up\s+next|next\s+up)\s*[:|]", ()),
    (
        r"""^\s*(?:now\s+playing|up\s+next|next\s+up|play\s+video|replay|autoplay|advertisement)
        \s*$""",
        (),
    ),
    (
        r"""\b(?:your\s+browser\s+does\s+not\s+support|(?:please\s+)?enable\s+javascript
        |this\s+video\s+(?:is|has\s+been)\s+(?:not\s+available|unavailable|removed)
        |video\s+(?:is\s+)?(?:not\s+available|unavailable)|click\s+(?:here\s+)?to\s+
        (?:play|watch)|skip\s+ad|video\s+player|autoplay)\b""",
        ("browser", "javascript", "video", "click", "skip", "autoplay"),
    ),
    (
        r"""^\s*(?:please\s+)?(?:tell\s+us|let\s+us\s+know|sound\s+off|leave\s+a\s+comment
        |share\s+your\s+(?:thoughts|views|comments))\b""",
        (),
    ),
    (r"\bbelow,?\s+and\s+(?:tell\s+us|let\s+us\s+know)\b", ("below",)),
    (r"\bin\s+the\s+comments\s+(?:below|section)\b", ("comments",)),
    # a correction notice is about the page, not the story: "An earlier version of this
    # article misstated ...", "This post originally said ...", "Correction: ..."
    (
        r"\ban\s+earlier\s+version\s+of\s+this\s+(?:article|story|post|item|page)\b",
        ("earlier",),
    ),
    (
        r"""^\s*this\s+(?:article|story|post|item)\s+(?:has\s+been\s+|was\s+)?
        (?:originally|previously|incorrectly|mistakenly)\b""",
        (),
    ),
    (r"^\s*corrections?\s*:", ()),
)
# Characters that match an ASCII letter under re.IGNORECASE without lower-casing to it
# (dotted and dotless i, long s, the Kelvin sign): a text holding one is always searched.
_ODD_CASE = frozenset("\u0130\u0131\u017f\u212a")


class _Furniture:
    """One furniture pattern, searched as ``re.search`` would, only faster: the whole pattern
    (every kind, in order) is tried at every position of a text, which made these searches a
    tenth of a comparison's cost. Kinds anchored at the start can match only there, and each
    of the others needs one of its words; a text that holds none of those words can match only
    at its start, where the anchored kinds alone, in the same order, give the same match."""

    def __init__(self, parts: tuple[tuple[str, tuple[str, ...]], ...]) -> None:
        flags = re.IGNORECASE | re.VERBOSE
        self.whole = re.compile("|".join(pattern for pattern, _ in parts), flags)
        anchored = [pattern for pattern, needs in parts if pattern.startswith("^")]
        self.at_start = re.compile("|".join(anchored), flags)
        self.needs = tuple(
            need for pattern, needs in parts if not pattern.startswith("^") for need in needs
        )
        assert all(needs for pattern, needs in parts if not pattern.startswith("^"))

    def search(self, text: str) -> re.Match[str] | None:
        if _ODD_CASE.isdisjoint(text):
            lowered = text.lower()
            if not any(need in lowered for need in self.needs):
                return self.at_start.match(text)
        return self.whole.search(text)


_FURNITURE_LINE = _Furniture(_FURNITURE_LINE_PARTS)
_FURNITURE_SENTENCE = _Furniture(_FURNITURE_SENTENCE_PARTS)
# A time stamp names a time or date: "Updated" alone opens many a sentence ("Updated maps
# show ..."), and it is furniture only with a digit and at most this many words.
MAX_TIMESTAMP_WORDS = 14
# A dateline opening a line: the place in capitals, a province or state ("PORT ALDER, Ont."),
# an agency in brackets ("DUNMORE (Metro Wire)"), then a dash. It says where the report was
# filed; the claim is the sentence after it.
# (No "^": ``match`` anchors at the line's start, while "^" would hold only at the text's.)
_DATELINE = re.compile(
    r"[A-Z][A-Z'’.-]+(?:[^\S\n]+[A-Z][A-Z'’.-]*)*"
    r"(?:,[^\S\n]*[A-Z][\w.]*(?:[^\S\n]+\d{1,2})?)?"
    r"[^\S\n]*(?:\([^()\n]{1,40}\)[^\S\n]*)?(?:—|–|--|-)(?:[^\S\n]+|$)"
)
# A heading: a short line with no closing punctuation whose words are capitalised ("Road
# Closed For Repairs", "WHAT HAPPENS NEXT"): a title, not a sentence with a subject and verb.
MAX_HEADING_WORDS = 10
# A speaker's name and a verb of saying, alone: "Sen. Dick Durbin said." at the most.
MAX_BARE_ATTRIBUTION_WORDS = 5
SAYING_FORMS = frozenset({"said", "says", "added", "adds", "wrote", "writes", "noted", "explained"})
# ... or a pronoun: a person's, or a body's or a document's ("It said.").
SPEAKING_PRONOUNS = SUBJECT_PRONOUNS | {"it"}
_HEADING_SMALL_WORDS = frozenset(
    "a an and as at but by for from in into of on or over the to up with vs".split()  # noqa: SIM905
)
_SENTENCE_END = tuple(".!?…:;,\"”’')]")
# A piece of a sentence opens with a quote's speaker when the speaker's name starts within
# this many characters of it ("Hilaria began", "the insider said").
SPEAKER_OPENS_WITHIN = 5
# A photo credit at the end of a caption line: "(Photo: Police department)".
_CREDIT = re.compile(r"\s*\((?:photos?|images?|credit)\b[^()]*\)\s*$", re.IGNORECASE)
# Quotation marks: double ones pair by kind; a curly single mark between two letters is an
# apostrophe ("You’re"), not a quotation mark.
# Lower-case words that open a clause depending on a verb outside it.
CLAUSE_OPENERS = frozenset({"that", "which", "whom", "whose", "whereas"})
# A question whose characters are at least this share inside quotation marks is quoted.
QUOTED_QUESTION_SHARE = 0.5
# Abbreviated titles, which stand before a name ("Gov. Jan Brewer", "Sen. Tim Scott"): a
# piece that ends on one was cut inside its sentence; so was one that ends on a state's
# abbreviation when the next opens with a title ("calling for Ariz. | Gov. Jan Brewer").
_TITLE_ABBREVIATIONS = (
    r"(?:Mr|Mrs|Ms|Dr|Gov|Sen|Sens|Rep|Reps|Gen|Lt|Col|Sgt|Capt|Cmdr|Rev|Prof|Atty|Supt|Det)\."
)
_TITLE_AT_END = re.compile(r"(?<![\w.])" + _TITLE_ABBREVIATIONS + r"\s*$")
_TITLE_AT_START = re.compile(_TITLE_ABBREVIATIONS + r"\s+[A-Z]")
# A state's abbreviation at a piece's end, which the parser takes for a sentence's end.
_STATE_AT_END = re.compile(
    r"(?<![\w.])(?:" + "|".join(re.escape(key) for key in STATE_ABBREVIATIONS) + r")\.\s*$"
)
# A piece that opens with a name (or a pronoun) and a speech verb, right after a quotation
# that ends on a comma, a question or an exclamation inside its marks, is that quotation's
# attribution ('... does it make?” | Mrs. Clinton said, her voice rising.'), where the quote
# extractor placed no speaker. After a full stop, or before a colon ('She added: “...”'),
# the verb opens a sentence or a quotation of its own.
_OPEN_ENDED_QUOTATION = re.compile(r"[,?!—–-]\s*[”’\"']\s*$")
_ATTRIBUTION_OPENING = re.compile(
    r"(?:" + _TITLE_ABBREVIATIONS + r"\s+)?(?:(?:[A-Z][\w'’.-]*\s+){1,3}|(?:he|she|they)\s+)"
    r"(?:said|says|wrote|writes|added|adds|asked|asks|told|tells|replied|responded|insisted)\b"
    r"(?!\s*:)"
)
_OPENING = "“‘"
_CLOSING = "”’"
_MARK = re.compile('[“”‘’"]')


# (where a quote's words end, where its speaker is named), one pair per quote of an article.
Speakers = frozenset[tuple[int, int]]


@dataclass(frozen=True)
class ClaimUnit:
    """A claim before alignment: where it is, and its weighted stems."""

    member: int  # index into the story's members
    start: int
    end: int
    text: str
    stems: dict[str, float]
    # inside a quotation that runs over several paragraphs (``quoted_paragraphs``): a source's
    # words, which the outlet prints, not its own account
    quoted: bool = False
    # (start, end) of the whole sentence the claim was cut from (a main clause of a long one
    # is a claim of its own); None where the claim is its sentence
    sentence: tuple[int, int] | None = None

    @property
    def sentence_span(self) -> tuple[int, int]:
        """The whole sentence the claim was cut from: never a clause that leaves out what the
        sentence goes on to tell."""
        return self.sentence or (self.start, self.end)


def is_furniture(words_of: str) -> bool:
    """Whether a line or a sentence is furniture no reader would quote as a fact: a copyright
    or syndication notice, a bracketed note, a photo credit, a time stamp, a contact line, a
    video player's label."""
    if _FURNITURE_LINE.search(words_of):
        return True
    found = _FURNITURE_SENTENCE.search(words_of)
    if found is None:
        return False
    if found.group().strip().lower().startswith(("updated", "published", "posted", "modified")):
        return any(c.isdigit() for c in words_of) and len(words(words_of)) <= MAX_TIMESTAMP_WORDS
    return True


def is_question(piece: str) -> bool:
    """Whether a claim-sized piece is a question in the outlet's own voice ("Will it be a
    big story?"): it ends on its own question mark, outside quotation marks. A quoted
    question ("she snapped: “Why are you distracting me?”") is a source's words, which the
    claim and the quotes part keep."""
    return piece.rstrip().endswith("?") and quoted_share(piece) < QUOTED_QUESTION_SHARE


def is_lead_in(piece: str) -> bool:
    """Whether a piece only opens the text after it ("Politico reports:", "She added:"): it
    ends on a colon, and what it introduces is not in it."""
    return piece.rstrip().endswith(":")


def is_cut_clause(piece: str) -> bool:
    """Whether a piece is a clause cut from the sentence that governs it: it opens, in lower
    case, on a subordinating word ("that the Senate could move to the bill anyway.", "which
    he denied."), or on "Which" without asking ("Which brings us back to the vote."): what
    it says depends on what it was cut from."""
    first = words(piece)[:1]
    if first and first[0] == "Which" and not piece.rstrip().endswith("?"):
        return True  # "Which brings us back to ...": a relative clause left as a sentence
    return bool(first) and first[0] in CLAUSE_OPENERS


def is_bare_attribution(piece: str) -> bool:
    """Whether a piece is only who spoke ("Durbin said.", "she added."): the words of a quote
    the splitter cut off, no claim of its own."""
    found = words(piece)
    if not 2 <= len(found) <= MAX_BARE_ATTRIBUTION_WORDS or fold(found[-1]) not in SAYING_FORMS:
        return False
    speaker = found[:-1]
    return all(w[:1].isupper() for w in speaker) or (
        len(speaker) == 1 and fold(speaker[0]) in SPEAKING_PRONOUNS
    )


def is_heading(line: str) -> bool:
    """Whether a line is a heading: short, unpunctuated, every word capitalised."""
    line = line.strip()
    found = words(line)
    if not found or len(found) > MAX_HEADING_WORDS or line.endswith(_SENTENCE_END):
        return False
    return all(
        word[0].isupper() or word[0].isdigit() or word.lower() in _HEADING_SMALL_WORDS
        for word in found
    )


def dateline_end(text: str, line_start: int) -> int:
    """Where the dateline opening the line at ``line_start`` ends (``line_start`` if none)."""
    line_end = text.find("\n", line_start)
    found = _DATELINE.match(text, line_start, len(text) if line_end < 0 else line_end)
    if found is None or sum(c.isupper() for c in found.group()) < 2:
        return line_start
    return found.end()


# Articles whose furniture spans are kept: a story's comparison asks for each member's five
# times (claims, details twice, names, timeline), and at most MAX_COMPARED_ARTICLES (100)
# members are compared at once. The furniture regexes were a tenth of a comparison's cost.
FURNITURE_CACHE_ARTICLES = 256


def furniture_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds lines (or a closing photo credit, or an opening dateline) that are
    never claims."""
    return list(_furniture_spans(text))


@lru_cache(maxsize=FURNITURE_CACHE_ARTICLES)
def _furniture_spans(text: str) -> tuple[tuple[int, int], ...]:
    spans = []
    position = 0
    for line in text.split("\n"):
        if is_furniture(line):
            spans.append((position, position + len(line)))
        else:
            head = dateline_end(text, position)
            if head > position:
                spans.append((position, head))
            if credit := _CREDIT.search(line):
                spans.append((position + credit.start(), position + len(line)))
        position += len(line) + 1
    return tuple(spans)


def _inside(start: int, end: int, ranges: Sequence[tuple[int, int]]) -> bool:
    return any(low <= start and end <= high for low, high in ranges)


def _clauses(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The (start, end) of each main clause of a long sentence; the whole sentence otherwise.
    A cut is never made inside a quotation."""
    sentence = text[start:end]
    if len(words(sentence)) <= LONG_SENTENCE_WORDS:
        return [(start, end)]
    pieces: list[list[int]] = []
    position = 0
    listed = _semicolon_list(sentence)
    for cut in _CLAUSE_BREAK.finditer(sentence):
        if _quote_depth(sentence[: cut.start()]) != 0 or _ends_a_list(sentence, position, cut):
            continue
        if not _may_hold_a_verb(sentence[position : cut.start()]):
            continue  # "Reps. Peter DeFazio of Oregon, and Jim McDermott ... are crafting"
        if _joins_a_pair(sentence[position : cut.start()], cut) or _second_that(sentence, cut):
            continue
        if _adds_an_item(sentence, cut):
            continue
        if listed and ";" in cut.group():
            continue
        pieces.append([position, cut.start()])
        position = cut.end()
    pieces.append([position, len(sentence)])
    merged: list[list[int]] = []
    for piece in pieces:
        short = len(words(sentence[piece[0] : piece[1]])) < MIN_CLAUSE_WORDS
        if merged and (
            short or len(words(sentence[merged[-1][0] : merged[-1][1]])) < MIN_CLAUSE_WORDS
        ):
            merged[-1][1] = piece[1]
        else:
            merged.append(piece)
    return [(start + a, start + b) for a, b in merged if sentence[a:b].strip()]


def _joins_a_pair(before: str, cut: re.Match[str]) -> bool:
    """Whether an ", and" joins the second of a pair "both" opened ("said that both the
    whip, Kevin McCarthy, and the chairman, Bob Goodlatte, had voiced support"): the pair is
    one subject, and cut there its second half stood as a claim with no verb of its own."""
    is_and = cut.group().strip(" ,").lower() == "and"
    return is_and and re.search(r"\bboth\b", before, re.IGNORECASE) is not None


def _adds_an_item(sentence: str, cut: re.Match[str]) -> bool:
    """Whether an ", and" adds one more name to a name just before it rather than opening a
    clause: the words before the cut end on a capitalised word, and those after it up to the
    next comma (or the sentence's end) may hold no verb (``_may_hold_a_verb``), as "a member
    of the Harbour Board, and the Water Committee, she has seen ..." (a fresh reader graded
    both halves of such a cut fragments). A name after a word in lower case may open a clause
    with the name's description between it and its verb ("... to reject it, and Dana Holt,
    the chair, wrote ..."): that cut stays."""
    if cut.group().strip(" ,").lower() != "and":
        return False
    before = words(sentence[: cut.start()])
    if not before or not before[-1][:1].isupper():
        return False
    item = sentence[cut.end() :].split(",", 1)[0]
    return not _may_hold_a_verb(item)


def _second_that(sentence: str, cut: re.Match[str]) -> bool:
    """Whether the words after the cut are a second "that" clause of the same verb ("Kyl
    said the score is not ready, but that the Senate could move to the bill anyway"): cut
    there, the first half alone says the opposite of the sentence."""
    return (
        re.match(
            r"that\s+(?:the|a|an|he|she|they|it|we|i|you|there|his|her|their|its|[A-Z][\w'’-]*)\b",
            sentence[cut.end() :],
        )
        is not None
    )


def _may_hold_a_verb(piece: str) -> bool:
    """Whether a piece before a cut may be a clause: it holds a word in lower case that is
    not a stop word, as a verb is (this stage has no parse). Names and their places alone
    ("Reps. Peter DeFazio of Oregon") are the first item of a list of subjects, not a clause,
    and cut off they stood as a claim of their own that a fresh reader graded a fragment."""
    return any(word[:1].islower() and not is_stop_word(word) for word in words(piece))


def _semicolon_list(sentence: str) -> bool:
    """Whether the semicolons of a sentence separate the items of one list, as they do where
    the items hold commas ("Harry Reid, the Senate leader; Mitch McConnell, of Kentucky; and
    John Boehner"): its last part after a semicolon opens with "and" or "or"."""
    if ";" not in sentence:
        return False
    return re.match(r"\s*(?:and|or)\s", sentence.rsplit(";", 1)[1]) is not None


def _ends_a_list(sentence: str, position: int, cut: re.Match[str]) -> bool:
    """Whether a ", and" cut would close a list rather than start a clause: the item before
    it is a few words after a comma or colon ("three daughters, Carmen, Lucía, and Ilaria")."""
    if ";" in cut.group():
        return False
    before = sentence[position : cut.start()]
    item = re.split(r"[,:]", before)
    return len(item) > 1 and len(words(item[-1])) < MIN_CLAUSE_WORDS


def _marks(text: str) -> Iterator[tuple[int, bool]]:
    """(position, opens) of each quotation mark; apostrophes and ambiguous marks left out."""
    straight_open = False
    for found in _MARK.finditer(text):
        position, char = found.start(), found.group()
        before = text[position - 1] if position else " "
        after = text[position + 1] if position + 1 < len(text) else " "
        if char in "‘’" and before.isalnum() and after.isalnum():
            continue  # an apostrophe
        if char == "’" and before in "sS" and not after.isalnum():
            continue  # a plural possessive ("the players’ union") reads as one too
        if char in _OPENING:
            yield position, True
        elif char in _CLOSING:
            yield position, False
        else:
            # A straight mark faces its words: one that follows a word and stands before a
            # space or the end closes (a curly quotation some outlets close with a straight
            # mark, "“He looks forward ... government.""), one after a space opens; only
            # between two words or two spaces does it take the other side of the last.
            if before.isspace() != after.isspace():
                straight_open = before.isspace()
            else:
                straight_open = not straight_open
            yield position, straight_open


def _quote_depth(text: str) -> int:
    """Open quotations at the end of ``text``; negative where it closes one it never opened."""
    depth = 0
    for _, opens in _marks(text):
        depth += 1 if opens else -1
    return depth


def _whole_quotations(
    text: str, pieces: list[tuple[int, int]], speakers: Speakers = frozenset()
) -> list[tuple[int, int]]:
    """Pieces of one line joined where the splitter cut inside a sentence (``_cut_inside``).
    ``speakers`` are (where a quote ends, where its speaker is named)."""
    joined: list[tuple[int, int]] = []
    depth = 0
    for start, end in pieces:
        # a piece that closes a quotation it never opened (`I can't say with certitude" he
        # told Russert.`, its opening mark lost in the source) goes on the piece before it
        closes_earlier = _quote_depth(text[start:end]) < 0
        if joined and (
            depth > 0 or closes_earlier or _cut_inside(text, joined[-1], start, speakers)
        ):
            joined[-1] = (joined[-1][0], end)
        else:
            joined.append((start, end))
        depth = max(_quote_depth(text[joined[-1][0] : joined[-1][1]]), 0)
    return joined


def _cut_inside(text: str, before: tuple[int, int], start: int, speakers: Speakers) -> bool:
    """Whether the splitter cut a sentence between the piece ``before`` and the one at
    ``start``: before a piece that opens in lower case (`Several chanted "Shame!" | as
    councillors left`), after one ending on a letter or digit (`Police say Ja'Mare |
    Stewart`: a cut inside a name), after a title's abbreviation (`by Gov. | Jan Brewer`) or
    a state's before a title (`calling for Ariz. | Gov. Jan Brewer`), or between a
    quotation and its speaker (`‘... of the day?’ | Hilaria began`)."""
    low, high = before
    if text[start].islower() or text[high - 1].isalnum():
        return True
    if _TITLE_AT_END.search(text, low, high) is not None:
        return True
    if _STATE_AT_END.search(text, low, high) is not None and _TITLE_AT_START.match(text, start):
        return True
    if not _ends_quotation(text, low, high):
        return False
    return _names_speaker(before, start, speakers) or (
        _OPEN_ENDED_QUOTATION.search(text, low, high) is not None
        and _ATTRIBUTION_OPENING.match(text, start) is not None
    )


def _ends_quotation(text: str, start: int, end: int) -> bool:
    return text[start:end].rstrip().endswith(tuple(_CLOSING + '"'))


def _names_speaker(before: tuple[int, int], start: int, speakers: Speakers) -> bool:
    """Whether the piece at ``start`` opens with the speaker (within a few characters: "the
    insider") of a quote that ends in the piece ``before`` it."""
    return any(
        before[0] < end <= before[1] and start <= at < start + SPEAKER_OPENS_WITHIN
        for end, at in speakers
    )


def _trim_dangling(text: str, start: int, end: int) -> tuple[int, int]:
    """A claim without a quotation mark whose partner lies outside it."""
    piece = text[start:end]
    marks = list(_marks(piece))
    opened: list[int] = []
    unmatched: list[int] = []
    for position, opens in marks:
        if opens:
            opened.append(position)
        elif opened:
            opened.pop()
        else:
            unmatched.append(position)
    unmatched += opened
    low, high = 0, len(piece)
    for position in sorted(unmatched):
        if not piece[low:position].strip():
            low = position + 1
    for position in sorted(unmatched, reverse=True):
        if not piece[position + 1 : high].strip(" .,;:!?"):
            high = position
    trimmed = piece[low:high]
    lead = len(trimmed) - len(trimmed.lstrip())
    return start + low + lead, start + low + len(trimmed.rstrip())


def quoted_paragraphs(text: str) -> list[tuple[int, int]]:
    """Spans of the quotations that run over several paragraphs, as the quote extractor's mark
    reader finds them (``marks.find_marked_quotes``): papers open each further paragraph of a
    long quotation with a mark and close only the last ("“... \n“... .”"); blogs quoting
    another site often mark only the first and the last paragraph. Each sentence there is the
    source's, though no sentence of it holds both marks (a statement's text, a post's
    commentary, which fresh readers found listed as the outlet's own claims). A quotation the
    reader closed only at a paragraph's end, for want of a mark, is none."""
    return [
        (quote.open_at, quote.close_at + 1)
        for quote in find_marked_quotes(text)
        if quote.depth == 0 and quote.closed and "\n" in text[quote.start : quote.end]
    ]


def lines_of_sentences(text: str, sentences: Sequence[Span]) -> Iterator[tuple[int, int]]:
    """Each sentence cut at line breaks: a claim never runs from one paragraph (or a caption)
    into the next, which the sentence splitter sometimes does when a line has no period."""
    for sentence in sentences:
        start = sentence.start
        for piece in text[sentence.start : sentence.end].split("\n"):
            stripped = piece.strip()
            if stripped:
                offset = start + piece.index(stripped)
                yield offset, offset + len(stripped)
            start += len(piece) + 1


def _claim_spans(
    text: str, sentences: Sequence[Span], speakers: Speakers = frozenset()
) -> Iterator[tuple[int, int]]:
    """Sentence pieces by line, a sentence's pieces joined again, in text order."""
    line: list[tuple[int, int]] = []
    for start, end in lines_of_sentences(text, sentences):
        if line and "\n" in text[line[-1][1] : start]:
            yield from _whole_quotations(text, line, speakers)
            line = []
        line.append((start, end))
    yield from _whole_quotations(text, line, speakers)


def _paragraph(text: str, start: int, end: int) -> str:
    """The whole line that holds ``start``..``end``."""
    low = text.rfind("\n", 0, start) + 1
    high = text.find("\n", end)
    return text[low : len(text) if high < 0 else high]


class _NameRanges:
    """Where an article's names are, asked "is this offset inside a name?" once per word of
    every claim: a bisection over the ranges sorted by start, not a scan of every name."""

    def __init__(self, ranges: Sequence[tuple[int, int]]) -> None:
        ordered = sorted(ranges)
        self.starts = [low for low, _ in ordered]
        # The furthest end of the ranges up to each one: ranges may overlap or nest, so the
        # last range starting before an offset is not the only one that can hold it.
        self.reach = list(accumulate((high for _, high in ordered), max))

    def holds(self, position: int) -> bool:
        place = bisect.bisect_right(self.starts, position) - 1
        return place >= 0 and position < self.reach[place]


@lru_cache(maxsize=65536)
def _word_stems(word: str) -> tuple[str, ...]:
    """``content_stems`` of one word, kept: a story's articles repeat their words, and each
    comparison of a story reads every word of every member again."""
    return tuple(content_stems(word))


def _weighted_stems(text: str, offset: int, names: _NameRanges) -> dict[str, float]:
    counts: dict[str, float] = {}
    for match in word_matches(text):
        stems = _word_stems(match.group())
        if not stems:
            continue
        is_name = match.group()[0].isdigit() or names.holds(offset + match.start())
        weight = NAME_WEIGHT if is_name else 1.0
        for item in stems:
            counts[item] = counts.get(item, 0.0) + weight
    return counts


def _cut_furniture(
    start: int, end: int, furniture: Sequence[tuple[int, int]]
) -> tuple[int, int] | None:
    """A span without the furniture at its edges (an opening dateline, a closing photo
    credit); None if all of it is."""
    for low, high in furniture:
        if low <= start and end <= high:
            return None
        if start < low < end <= high:
            end = low
        elif low <= start < high < end:
            start = high
    return start, end


def claim_units(members: Sequence[StoryMember]) -> list[ClaimUnit]:
    """Every claim of every member, in article order, boilerplate and furniture left out."""
    units: list[ClaimUnit] = []
    for index, member in enumerate(members):
        analysed = member.analysed
        text = analysed.article.text
        skip = [(span.start, span.end) for span in analysed.clean.boilerplate]
        furniture = furniture_spans(text)
        names = _NameRanges([(e.start, e.end) for e in analysed.entities if e.label in NAME_LABELS])
        speakers = frozenset(
            (q.spans[-1][1], q.speaker_start)
            for q in analysed.quotes
            if q.speaker_start is not None
        )
        long_quotations = quoted_paragraphs(text)
        for line_start, line_end in _claim_spans(text, analysed.sentences, speakers):
            if _inside(line_start, line_end, skip):
                continue
            kept = _cut_furniture(line_start, line_end, furniture)
            if kept is None or is_furniture(text[kept[0] : kept[1]]):
                continue
            if is_heading(_paragraph(text, *kept)):
                continue
            clauses = _clauses(text, *kept)
            whole = _trim_dangling(text, *kept) if len(clauses) > 1 else None
            for clause_start, clause_end in clauses:
                start, end = _trim_dangling(text, clause_start, clause_end)
                if start >= end:
                    continue
                piece = text[start:end]
                if is_question(piece) or is_lead_in(piece) or is_cut_clause(piece):
                    continue  # the outlet asks, opens what follows, or a clause lost its verb
                if is_bare_attribution(piece):
                    continue  # "Durbin said.": the speaker of a quote cut off before it
                stems = _weighted_stems(piece, start, names)
                last = units[-1] if units else None
                if len(stems) >= MIN_CLAIM_CONTENT_WORDS:
                    quoted = _inside(start, end, long_quotations)
                    units.append(ClaimUnit(index, start, end, piece, stems, quoted, whole))
                elif last and last.member == index and "\n" not in text[last.end : start]:
                    # A fragment the splitter cut off ("Why? | Why are you distracting me?")
                    # belongs to the claim before it on the same line.
                    merged = {
                        k: last.stems.get(k, 0.0) + stems.get(k, 0.0) for k in {*last.stems, *stems}
                    }
                    low, high = last.sentence_span
                    units[-1] = ClaimUnit(
                        index,
                        last.start,
                        end,
                        text[last.start : end].strip(),
                        merged,
                        last.quoted,
                        (low, max(high, end)) if last.sentence else None,
                    )
    return units
