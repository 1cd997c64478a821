"""Aligning quotes across the articles of a story: which outlet carries which words, and how.

Two quotes are the same utterance when one's words appear, nearly verbatim, inside the other's,
or when the two differ by a word or two (rapidfuzz's partial and plain ratios on normalised
text): outlets trim, split and re-punctuate quotes more often than they reword them. The
shorter must keep most of its words in the longer (a shared phrase is not enough), must not
be only a phrase the longer itself quotes (a headline, another speaker's words), and must be
three words or more; it is scored against the group's fullest wording, so no quote joins
through a fragment it shares words with. Wordings one article prints as two quotations join
the group of the fuller wording another article prints in one; where only a short attribution
stands between them ("...," Rice added. "...") and another article prints words of both in
one quotation, they are one wording. A phrase shorter than three words is set beside nothing
longer, but two articles printing the very same phrase for one speaker share it. A
document's words in marks ("the letter reads") are compared as anyone's. A rewording changed
in many places, keeping few of its words, or given to another named person is not clearly the
same utterance and stands in a group of its own; so does any wording whose outlet gives it to
another named person than the group's (or the fullest wording's, where as many articles say
so), unless surely misattributed: shown in the group, its line would credit one outlet's
words to the other's speaker. Words a speaker cites inside her own quotation ("I quote:
'...'") are no repeat of her line.

Each wording is then classified (``compare.variants``): a second wording in the article that
holds the fullest one is the speaker repeating herself, not a cut; any other is diffed against
the closest wording another article prints of the same utterance, so "No, when I'm talking"
is set beside the line it repeats, not beside the outburst before it. Reported speech that
carries the same words and a named speaker joins the group as a paraphrase (reported speech
matching two groups joins neither); words a speaker quotes someone else as saying keep their
relay ("per Jason Scoop"), told from the quotation that holds them where their outlet leaves
it unattributed. A wording is called misattributed only when sure: a whole
quotation, both speakers names, more articles giving the words to the group's speaker than
to this one, and the outlet's own attribution not in doubt (a quote that narrates the person
it quotes, "She looked at me and said, 'Put that down'", is not hers).

What is compared is only what stands inside the marks: a mixed quote's reporter's clause
around its quoted phrase is left out, and a quote never runs on across a paragraph break (a
paragraph left open by a missing closing mark, a caption, a boilerplate line), so each
paragraph's run of quoted words is one wording. Two runs are one sentence only when the
attribution between them is set off by commas and the second goes on in lower case.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from functools import lru_cache

from rapidfuzz import fuzz

from storylens.analyse.quotes.cues import DOCUMENT_NOUNS, SPEECH_NOUNS, WRITTEN_TEXT_NOUNS
from storylens.analyse.quotes.marks import find_marked_quotes
from storylens.analyse.quotes.segments import segment_texts
from storylens.compare.variants import (
    classify_variant,
    is_named,
    joint_names,
    one_speaker,
    same_speaker,
)
from storylens.compare.words import content_stems, fold, stem, words
from storylens.records import Quote, QuoteGroup, QuoteVariant, WordDiff

# Partial-ratio score (0-100) above which two quotes are taken as one utterance.
SAME_UTTERANCE_SCORE = 85.0
# Quotes shorter than this many words (normalised: "I'm sorry" is three) are too generic to
# align: on the BASIL tuning events both two-word phrases aligned ("Obama agenda", "racist
# elements") were a questioner's or a resolution's phrase set beside a longer quote, no cut.
MIN_ALIGN_WORDS = 3
# Kinds of quote that carry someone's words (a nested quote too: other outlets may print the
# same words first-hand); scare quotes and paraphrase are not aligned.
ALIGNED_KINDS = frozenset({"direct", "mixed", "nested"})

# Share of a reported-speech quote's content words that a direct quote must hold for the two
# to be one utterance told two ways: a paraphrase keeps most of the key words.
PARAPHRASE_OVERLAP = 0.6
# Share of the shorter wording's words (crude stems) the longer must hold for the two to be
# one utterance; a character match alone can rest on one shared phrase. Of the pairs the
# character match accepts on the written stories, the seeds and the BASIL tuning events, all
# hold >= 0.8 but one: "Is that picture you?" in "I didn't send [that] picture out" (0.5).
MIN_WORD_COVERAGE = 0.75
# Places inside a wording where it may change the words of its counterpart and still be
# told as the same utterance reworded. Every rewording on the written stories and the seeds
# changes one place ("decision" for "call", "each" for "every"); on the BASIL tuning events a
# priest's statement set beside a letter's like sentence changed five.
MAX_REWORDED_CHANGES = 2
# Share of a reworded wording's own words its counterpart must hold for the two to be told as
# one utterance: on the written stories and the seeds every rewording keeps >= 0.86 ("OMG!
# When I'm talking ..."), the BASIL tuning events' rewordings of one line 0.8-1.0, while the
# letter set beside the priest's like sentence keeps 0.75.
MIN_REWORDED_KEPT = 0.8
# Why ``_credited_apart`` and ``_relays_told`` hold (rules, no setting):
# A mixed quote given to another speaker than its group's stands apart (``_credited_apart``):
# on the BASIL tuning events every such phrase in a shown group was credited to the subject of
# the reporter's sentence ("the congressman", "some", "Catholic teaching"), not its speaker.
# A whole quotation given to another named person, whatever its relation, stands apart unless
# it is surely misattributed: on the BASIL tuning events both such wordings (a spokesman's
# attack printed unattributed after the congressman's words, a candidate's line given to the
# senator it mocks) credited the words to the wrong person.
# Words quoted inside a quotation its outlet leaves unattributed are relayed by the named
# speaker the comparison gives that quotation (``_relays_told``): on the written stories the
# one outlet printing the photographer's account with only "he said" showed the singer's
# "Put that down" as heard first-hand, while the other two said "per" the photographer.

# What stands between the pieces of one utterance an article prints as separate quotations,
# when they are shown as one wording (the words between them are the outlet's).
PIECE_JOINER = "…"
# Content words a quote must share with a group before the two are scored at all: two
# wordings of one utterance share more than one word unless the quote is tiny.
MIN_SHARED_WORDS = 2
# A quote with at most this many content words needs only one shared ("OMG! When I'm talking").
SHORT_QUOTE_WORDS = 4
# A paraphrase must carry at least this many content words to be matched at all: on the
# BASIL tuning events three ("the risks of a nuclear Iran") matched two different quotes;
# "the pier would be rebuilt before the summer season" (four) is a paraphrase.
MIN_PARAPHRASE_WORDS = 4
# A title-case phrase in marks of at least this many words, with the reporter's lower-case
# words within this many characters on either side, names a thing (a motto, a law, a show).
NAME_MIN_WORDS = 2
NAME_CONTEXT_CHARS = 25
_NAME_SMALL_WORDS = frozenset("a an and as at by for in of on or the to with".split())  # noqa: SIM905

# Quote marks by family: a quote opened with one family is closed and reopened with it.
_DOUBLE_MARKS = '"“”„«»'
_SINGLE_MARKS = "'‘’‚‹›"
# An attribution between two parts of a quote is short: ", Castellano said at a briefing. "
MAX_INTERRUPTION_CHARS = 120

_EDGE_MARKS = _DOUBLE_MARKS + _SINGLE_MARKS

_NON_WORD = re.compile(r"[^\w\s]")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class QuoteInStory:
    article_id: str
    outlet: str | None
    text: str
    speaker: str | None
    kind: str
    start: int = 0
    end: int = 0
    reported_by: str | None = None  # whose quote holds these words ("per Jason Scoop")
    # pieces of one utterance joined because another article prints them as one quotation
    # (``join_pieces_told_whole``): they belong with that quotation, however it is cut
    told_whole: bool = False


def spoken_words(text: str, opening_mark: str = "") -> str:
    """The quote without the attribution that splits it.

    A quote stored as one span (``I'm sorry," Alec said, "I was wrong.``) holds the words
    between its parts; these are cut to " … ". ``opening_mark`` is the character before the
    quote in the article, which says which family of marks delimits its parts.
    """
    if opening_mark and opening_mark in _DOUBLE_MARKS:
        marks = re.escape(_DOUBLE_MARKS)
    elif opening_mark and opening_mark in _SINGLE_MARKS:
        marks = re.escape(_SINGLE_MARKS)
    else:
        return text
    # A closing mark is not followed by a letter (I’m), an opening one not preceded by one.
    pattern = re.compile(
        rf"(?<!\s)[{marks}](?!\w)([^{marks}]{{1,{MAX_INTERRUPTION_CHARS}}})(?<!\w)[{marks}](?=\w)"
    )
    parts: list[str] = []
    position = 0
    for interruption in pattern.finditer(text):
        parts.append(text[position : interruption.start()].rstrip(" ,"))
        position = interruption.end()
    if not parts:
        return text
    parts.append(text[position:])
    return " … ".join(part.strip() for part in parts if part.strip())


def utterance_words(
    text: str, segments: tuple[tuple[int, int], ...] = (), opening_mark: str = "", kind: str = ""
) -> str:
    """What the speaker said, for reading and comparing: a quote's segments joined by " … "
    (its ``text`` joins them by a space), or, for a quote stored in one span before segments
    were kept, ``spoken_words``. A mixed quote is the reporter's clause around a quoted phrase
    (`dismissed it as nothing more than 'banter.'`): only the marked phrase is the speaker's."""
    if kind == "mixed":
        marked = marked_phrases(text)
        if marked:
            return " … ".join(marked)
    if segments:
        return " … ".join(part.strip(" ,") for part in segment_texts(text, segments))
    return spoken_words(text, opening_mark)


# A gap between two runs of quoted words with one of these in it ends a sentence: the
# runs are two quotations (`"... right," Castellano said at a briefing. "We are ..."`), not
# one sentence split by its attribution (`"I've never walked away," he said, "and I'm ..."`).
_SENTENCE_END = re.compile(r"[.!?](?![\w.])")
# A title's or an initial's full stop ends no sentence (`"I trust in God," Mr. Obama said, "but
# God wants ..."`).
_ABBREVIATION = re.compile(
    r"\b(?:Mr|Mrs|Ms|Dr|Prof|Rev|Sen|Rep|Gov|Gen|Col|Lt|Sgt|Capt|St|Jr|Sr|[A-Z])\."
)
# Speech nouns that make a phrase a description of words, not a speaker: "Her only public
# comment came in a post" names what was said; "the insider" names who said it.
_SPEECH_DESCRIPTIONS = SPEECH_NOUNS | frozenset({"line", "words", "note", "caption"})
_POSSESSIVE_OR_DETERMINER = frozenset({"her", "his", "their", "its", "the", "a", "an", "one"})


# Written documents whose words an article quotes as the document's ("the letter states",
# "the statement said", "the report reads"): the document is who the words are from, and a
# reader is better told "the letter" than "unknown speaker". Its owner, where named ("the
# company's statement"), names the author too.
DOCUMENT_SPEAKERS = DOCUMENT_NOUNS | WRITTEN_TEXT_NOUNS
# A document given by a pronoun's possessive ("his statement") names no one the reader knows.
_PRONOUN_POSSESSIVES = frozenset({"her", "his", "their", "its", "my", "our", "your"})


def speaker_of(speaker: str | None) -> str | None:
    """The speaker as the comparison reads it: a phrase that describes the words rather than
    who said them ("Her only public comment") is no speaker, but a document quoted as the
    source of its words ("the letter", "the company's statement") is."""
    if not speaker:
        return None
    found = [fold(w) for w in words(speaker)]
    if (
        len(found) > 1
        and found[0] not in _PRONOUN_POSSESSIVES
        and (found[-1] in DOCUMENT_SPEAKERS or found[-1].removesuffix("s") in DOCUMENT_SPEAKERS)
    ):
        return speaker  # "the letter", "the bishops' statement": whose words these are
    if (
        len(found) > 1
        and (found[0] in _POSSESSIVE_OR_DETERMINER or found[0].endswith("'s"))
        and (
            found[-1] in _SPEECH_DESCRIPTIONS or found[-1].removesuffix("s") in _SPEECH_DESCRIPTIONS
        )
    ):
        return None  # "Her only public comment", "Rice's comments": the words, not a speaker
    return speaker


def quote_wordings(text: str, quote: Quote) -> list[tuple[str, int, int]]:
    """A quote's words as the comparison reads them, one wording per quotation: only the
    words inside its marks (each marked phrase of a mixed quote, the runs of a quote split by
    its attribution without the attribution), never joined across a line break, where a
    missing closing mark, a caption or a boilerplate line would run two quotations into one,
    nor across narration that ends a sentence (`"...," he insisted. "..."` is two quotations);
    runs of one sentence split by its attribution (`"...," he said, "and ..."`) are one."""
    if quote.kind == "mixed":
        runs = [
            (quote.start + found.start, quote.start + found.end)
            for found in find_marked_quotes(quote.text)
            if found.depth == 0
        ]
        runs = [
            run
            for low, high in runs
            if (run := _stripped(text, low, high)) and not names_a_thing(text, *run)
        ]
        return [(text[low:high], low, high) for low, high in runs]
    opening_mark = text[quote.start - 1] if quote.start > 0 else ""
    runs = []
    for low, high in quote.spans:
        for line in text[low:high].split("\n"):
            run_low, run_high = low, low + len(line)
            low = run_high + 1
            pieces = [(run_low, run_high)]
            if not quote.segments:
                pieces = _split_at_interruptions(text, run_low, run_high, opening_mark)
            runs += [run for a, b in pieces if (run := _stripped(text, a, b))]
    wordings: list[list[tuple[int, int]]] = []
    for run in runs:
        if wordings and one_sentence(text, wordings[-1][-1][1], run[0]):
            wordings[-1].append(run)
        else:
            wordings.append([run])
    return [
        (" … ".join(text[a:b].strip(" ,") for a, b in group), group[0][0], group[-1][1])
        if len(group) > 1
        else (text[group[0][0] : group[0][1]], group[0][0], group[0][1])
        for group in wordings
    ]


def names_a_thing(text: str, start: int, end: int) -> bool:
    """Whether a phrase in marks inside a reporter's clause names a thing rather than quotes
    anyone: every word capitalised, two or more of them, and the reporter's own lower-case
    words on either side (`to reaffirm "In God We Trust" as the national motto`). A mixed
    quote's speaker said the clause's gist, not the motto, the law or the show it names."""
    found = words(text[start:end])
    if len(found) < NAME_MIN_WORDS or not all(
        w[:1].isupper() or w.lower() in _NAME_SMALL_WORDS for w in found
    ):
        return False
    if not found[0][:1].isupper():
        return False
    before = words(text[max(0, start - NAME_CONTEXT_CHARS) : start])[-2:]
    after = words(text[end : end + NAME_CONTEXT_CHARS])[:2]
    return any(w[:1].islower() and len(w) > 3 for w in before + after)


def one_sentence(text: str, end: int, start: int) -> bool:
    """Whether quoted words ending at ``end`` and those starting at ``start`` are one
    sentence split by the reporter's words between them: a short gap on one line that ends
    no sentence, an attribution set off by commas on both sides (`," he said, "`), and the
    second part going on in lower case. Anything less sure is two quotations: `"I'm sorry,"
    Reyes said, "I was wrong."` may be two sentences, and `"I was wrong," he said, adding
    that he had "let the kitchen get away"` quotes a phrase inside the reporter's own."""
    gap = text[end:start]
    # The first part's comma may stand inside the quote as stored ("... a job," he said).
    framed = text[end - 1 : start] if end > 0 and text[end - 1] == "," else gap
    between = framed.strip(_EDGE_MARKS + " \u00a0")
    return (
        0 <= len(gap) <= MAX_INTERRUPTION_CHARS
        and "\n" not in gap
        and not _SENTENCE_END.search(_ABBREVIATION.sub("", gap))
        and not _SENTENCE_END.search(text[max(end - 1, 0) : end])
        and between.startswith(",")
        and between.endswith(",")
        and text[start : start + 1].islower()
    )


def _stripped(text: str, start: int, end: int) -> tuple[int, int] | None:
    """A run without the spaces, outer marks and commas at its edges, a quotation it holds
    kept whole (`She said, ‘Put that down,’` keeps its closing mark); None if nothing is
    left."""
    while start < end and (text[start].isspace() or text[start] in _EDGE_MARKS + ",;:"):
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start and text[end - 1] in _EDGE_MARKS and not _closes_inner(text, start, end - 1):
        end -= 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in ",;:"):
        end -= 1
    return (start, end) if start < end else None


def _closes_inner(text: str, start: int, at: int) -> bool:
    """Whether the mark at ``at`` closes a quotation opened inside ``text[start:at]``."""
    inner = [q for q in find_marked_quotes(text[start : at + 1]) if q.depth == 0]
    return any(start + q.close_at == at for q in inner)


def _split_at_interruptions(
    text: str, start: int, end: int, opening_mark: str
) -> list[tuple[int, int]]:
    """A quote stored as one span cut at the attributions inside it (``spoken_words``)."""
    pattern = _interruption(opening_mark)
    if pattern is None:
        return [(start, end)]
    pieces, position = [], start
    for found in pattern.finditer(text, start, end):
        pieces.append((position, found.start()))
        position = found.end()
    pieces.append((position, end))
    return pieces


def join_split_sentences(text: str, quotes: list[QuoteInStory]) -> list[QuoteInStory]:
    """One article's quotes with a sentence split by its attribution made one wording where
    the extractor kept its parts apart (`"I've never walked away," he said when asked about
    his future, "and I'm not starting now."`): the same speaker, the second part opening in
    lower case, nothing between them that ends a sentence."""
    joined: list[QuoteInStory] = []
    for quote in sorted(quotes, key=lambda q: q.start):
        last = joined[-1] if joined else None
        if (
            last is not None
            and last.end <= quote.start
            and quote.text[:1].islower()
            and last.speaker == quote.speaker
            and last.kind in ALIGNED_KINDS
            and quote.kind in ALIGNED_KINDS
            and one_sentence(text, last.end, quote.start)
        ):
            words_of = f"{last.text.strip(' ,')} … {quote.text.strip(' ,')}"
            joined[-1] = replace(last, text=words_of, end=quote.end)
        else:
            joined.append(quote)
    return joined


def join_pieces_told_whole(
    texts: dict[str, str], quotes: Sequence[QuoteInStory]
) -> list[QuoteInStory]:
    """The story's quotes with the pieces of one utterance that an article prints as separate
    quotations (`"It's always been bipartisan," Rice added. "We need to keep it that way."`)
    made one wording where another article prints them run together in one quotation ("It's
    always been bipartisan. We need to keep it that way."): each piece alone would read as a
    cut of the other article's wording, and the pieces as two quotes. Pieces are joined only
    when they are whole quotations given to one speaker, next to each other, with only a short
    attribution between them (``attribution_between``), and another article's one wording
    holds words of each (``_told_whole``); an article's own way of splitting its quote says
    nothing about where the speaker paused."""
    by_article: dict[str, list[QuoteInStory]] = {}
    for quote in quotes:
        by_article.setdefault(quote.article_id, []).append(quote)
    others = [
        (quote, normalise_quote(quote.text))
        for quote in quotes
        if quote.kind in ALIGNED_KINDS
        and len(normalise_quote(quote.text).split()) >= MIN_ALIGN_WORDS
    ]
    position = {id(q): i for i, q in enumerate(quotes)}
    joined_all: list[tuple[int, QuoteInStory]] = []  # the story's order of the first piece
    for article_id, own in by_article.items():
        text = texts.get(article_id, "")
        theirs = [item for item in others if item[0].article_id != article_id]
        joined: list[tuple[int, QuoteInStory]] = []
        for quote in sorted(own, key=lambda q: q.start):
            at, last = joined[-1] if joined else (0, None)
            if (
                last is not None
                and last.kind == "direct"
                and quote.kind == "direct"
                and last.speaker
                and last.speaker == quote.speaker
                and attribution_between(text, last.end, quote.start)
                and not any(last.end <= q.start < quote.start for q in own if q is not quote)
                and _told_whole(last.text, quote.text, theirs)
            ):
                words_of = f"{last.text.strip(' ,')} {PIECE_JOINER} {quote.text.strip(' ,')}"
                joined[-1] = (at, replace(last, text=words_of, end=quote.end, told_whole=True))
            else:
                joined.append((position[id(quote)], quote))
        joined_all += joined
    return [quote for _, quote in sorted(joined_all, key=lambda item: item[0])]


# The words between two quotations of one speaker that leave them one utterance: an
# attribution ("Rice added.", ", Castellano said at a briefing. "), no narration.
MAX_ATTRIBUTION_WORDS = 10


def attribution_between(text: str, end: int, start: int) -> bool:
    """Whether only a short attribution stands between quoted words ending at ``end`` and
    those starting at ``start``: no other quotation, at most ``MAX_ATTRIBUTION_WORDS`` words,
    within ``MAX_INTERRUPTION_CHARS``, and at most one paragraph break (`"...," she said.` at
    a paragraph's end, the quote going on in the next)."""
    if not 0 <= start - end <= MAX_INTERRUPTION_CHARS:
        return False
    gap = text[end:start]
    between = gap.strip(_EDGE_MARKS + " \u00a0\n,.;:")
    if any(mark in between for mark in _EDGE_MARKS.replace("'", "").replace("’", "")):
        return False  # another quotation (an apostrophe is no mark: "Rice's office said")
    return gap.count("\n") <= 1 and 0 < len(words(between)) <= MAX_ATTRIBUTION_WORDS


def _told_whole(first: str, second: str, theirs: Sequence[Member]) -> bool:
    """Whether another article's one wording is the same utterance as two pieces joined and
    holds words of each piece (all of a short piece, ``MIN_ALIGN_WORDS`` of a longer one): it
    prints them as one quotation."""
    head, tail = normalise_quote(first).split(), normalise_quote(second).split()
    if not head or not tail:
        return False
    whole = head + tail
    joined = " ".join(whole)
    keys = _keys(joined)
    for _, their_words in theirs:
        if len(keys & _keys(their_words)) < min(MIN_SHARED_WORDS, len(keys)):
            continue
        if _same_utterance(their_words, joined) < SAME_UTTERANCE_SCORE:
            continue
        matcher = SequenceMatcher(None, their_words.split(), whole, autojunk=False)
        in_head = in_tail = 0
        for block in matcher.get_matching_blocks():
            for at in range(block.b, block.b + block.size):
                if at < len(head):
                    in_head += 1
                else:
                    in_tail += 1
        if in_head >= min(MIN_ALIGN_WORDS, len(head)) and in_tail >= min(
            MIN_ALIGN_WORDS, len(tail)
        ):
            return True
    return False


@lru_cache(maxsize=8)
def _interruption(opening_mark: str) -> re.Pattern[str] | None:
    """The words between two parts of a quote, from the closing mark to the opening one."""
    if opening_mark and opening_mark in _DOUBLE_MARKS:
        marks = re.escape(_DOUBLE_MARKS)
    elif opening_mark and opening_mark in _SINGLE_MARKS:
        marks = re.escape(_SINGLE_MARKS)
    else:
        return None
    # A closing mark is not followed by a letter (I’m), an opening one not preceded by one.
    return re.compile(
        rf"(?<!\s)[{marks}](?!\w)([^{marks}]{{1,{MAX_INTERRUPTION_CHARS}}})(?<!\w)[{marks}](?=\w)"
    )


# Sentences whose quoted phrases are kept: one comparison reads each claim's marks in
# several parts (questions, lone claims, shared quotations, the summary), a few thousand
# claims for a large story.
MARKED_CACHE_TEXTS = 8192


def marked_phrases(text: str) -> list[str]:
    """The words inside the top-level quotation marks of ``text``, one string a phrase; a mark
    left open runs to the end of its paragraph, as ``find_marked_quotes`` reads it."""
    return list(_marked_phrases(text))


@lru_cache(maxsize=MARKED_CACHE_TEXTS)
def _marked_phrases(text: str) -> tuple[str, ...]:
    return tuple(
        phrase
        for q in find_marked_quotes(text)
        if q.depth == 0 and (phrase := text[q.start : q.end].strip(" ,;:"))
    )


def quoted_share(text: str) -> float:
    """The share of ``text``'s characters inside its top-level quotation marks (0 to 1)."""
    quoted = sum(len(phrase) for phrase in _marked_phrases(text))
    return min(quoted / max(len(text.strip()), 1), 1.0)


def narration_words(text: str) -> list[str]:
    """The words of ``text`` outside its top-level quotation marks: the reporter's own (marks
    and dashes standing alone are no words)."""
    told, at = [], 0
    for q in find_marked_quotes(text):
        if q.depth == 0:
            told.append(text[at : q.start])
            at = q.end
    told.append(text[at:])
    return [word for word in " ".join(told).split() if any(c.isalnum() for c in word)]


def paragraph_runs(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``text[start:end]`` cut at its line breaks, each run without the marks and spaces at
    its edges: a quote in the comparison never joins two paragraphs."""
    runs = []
    at = start
    for piece in text[start:end].split("\n"):
        low, high = at, at + len(piece)
        at = high + 1
        while low < high and (text[low].isspace() or text[low] in _EDGE_MARKS):
            low += 1
        while high > low and (text[high - 1].isspace() or text[high - 1] in _EDGE_MARKS):
            high -= 1
        if low < high:
            runs.append((low, high))
    return runs


def normalise_quote(text: str) -> str:
    text = text.replace("’", "'").lower()
    return _SPACES.sub(" ", _NON_WORD.sub(" ", text)).strip()


def inner_quotations(text: str) -> tuple[str, ...]:
    """The quotations inside a wording, normalised: in `The 'Queen of Rage' is something you
    apply to wrestlers` or `the war was not 'a war of Obama's choosing'` the marked phrase is
    a headline or another speaker's words."""
    return tuple(
        normalise_quote(text[q.start : q.end]) for q in find_marked_quotes(text) if q.depth == 0
    )


def _quoted_by(short: str, inner: tuple[str, ...]) -> bool:
    """Whether the words ``short`` are one of another wording's inner quotations: a quote of
    that phrase alone repeats what the wording quotes; it is not the wording's utterance."""
    return any(_held_in(short, phrase) >= MIN_WORD_COVERAGE for phrase in inner if phrase)


def _word_coverage(a: str, b: str) -> float:
    """The share of the shorter normalised quote's words that the longer holds."""
    short, long = sorted((a, b), key=lambda text: len(text.split()))
    return _held_in(short, long)


def _held_in(part: str, whole: str) -> float:
    """The share of the normalised words of ``part`` that ``whole`` holds."""
    found = part.split()
    if not found:
        return 0.0
    held = {stem(w) for w in whole.split()}
    return sum(stem(w) in held for w in found) / len(found)


def _same_utterance(a: str, b: str) -> float:
    """How surely two normalised quotes are one utterance (0-100).

    The partial ratio finds a quote trimmed by one outlet inside the other's longer version;
    the plain ratio finds one re-worded by a dropped or changed word. Both read characters, so
    the shorter quote must also keep most of its words in the longer one: "that picture" is
    not enough to make "Is that picture you?" a cut of "I didn't send that picture out".
    """
    if not a or not b:
        return 0.0
    # The word test first: it is a set lookup per word, and most pairs fail it, where the
    # character ratios cost a rapidfuzz pass each (the result is the same either way).
    if _word_coverage(a, b) < MIN_WORD_COVERAGE:
        return 0.0
    # The cutoff lets rapidfuzz stop early on the many pairs that are plainly different.
    return max(
        float(fuzz.partial_ratio(a, b, score_cutoff=SAME_UTTERANCE_SCORE)),
        float(fuzz.ratio(a, b, score_cutoff=SAME_UTTERANCE_SCORE)),
    )


def _one_utterance(
    a: QuoteInStory, a_words: str, b: QuoteInStory, b_words: str, inner: dict[int, tuple[str, ...]]
) -> float:
    """``_same_utterance`` of two wordings, 0 where the shorter is only a phrase the longer
    quotes."""
    shorter, longer = (a_words, b) if len(a_words) <= len(b_words) else (b_words, a)
    if _quoted_by(shorter, inner.get(id(longer), ())):
        return 0.0
    return _same_utterance(a_words, b_words)


def _group_score(
    quote: QuoteInStory, normalised: str, group: list[Member], inner: dict[int, tuple[str, ...]]
) -> float:
    """How surely a wording is the utterance of a group: scored against the group's fullest
    wording, not any member (a line that shares a fragment's words, "the lines of
    communication remain open", is not the fragment's utterance); pieces joined because another
    article prints them as one quotation are scored against that article's wordings too."""
    fullest_quote, fullest = _fullest(group)
    score = _one_utterance(quote, normalised, fullest_quote, fullest, inner)
    if quote.told_whole:
        for other, other_words in group:
            if other.article_id != quote.article_id:
                score = max(score, _one_utterance(quote, normalised, other, other_words, inner))
    return score


def _overlaps(a: QuoteInStory, b: QuoteInStory) -> bool:
    return a.article_id == b.article_id and a.start < b.end and b.start < a.end


Member = tuple[QuoteInStory, str]  # a wording and its own words, normalised


def align_quotes(quotes: Sequence[QuoteInStory]) -> tuple[QuoteGroup, ...]:
    """Group the quotes of a story by utterance; groups carried by most articles come first."""
    groups: list[list[Member]] = []
    # Word -> the groups holding it: two wordings of one utterance share words, so only groups
    # sharing one are scored (a 50-article story holds hundreds of quotes).
    by_word: dict[str, set[int]] = {}
    inner: dict[int, tuple[str, ...]] = {}  # id of a quote -> the quotations inside it
    short: list[Member] = []
    for quote in quotes:
        if quote.kind not in ALIGNED_KINDS:
            continue
        normalised = normalise_quote(quote.text)
        if len(normalised.split()) < MIN_ALIGN_WORDS:
            short.append((quote, normalised))
            continue
        inner[id(quote)] = inner_quotations(quote.text)
        keys = _keys(normalised)
        best, best_score = None, 0.0
        for group in (groups[i] for i in _candidates(keys, by_word)):
            if any(_overlaps(quote, other) for other, _ in group):
                continue  # a quote inside another quote of the same article is its own words
            score = _group_score(quote, normalised, group, inner)
            if score > best_score:
                best, best_score = group, score
        if best is not None and best_score >= SAME_UTTERANCE_SCORE:
            best.append((quote, normalised))
            position = next(i for i, group in enumerate(groups) if group is best)
        else:
            groups.append([(quote, normalised)])
            position = len(groups) - 1
        for key in keys:
            by_word.setdefault(key, set()).add(position)
    position_of = {id(quote): i for i, quote in enumerate(quotes)}
    groups = _into_fuller_groups(groups, by_word, inner, lambda item: position_of[id(item[0])])
    groups += _same_short_phrases(short)

    doubtful = _doubtful_speakers(quotes)
    result = []
    pending = list(groups)
    while pending:
        group = pending.pop(0)
        if split := _split_by_speaker(group, doubtful):
            pending[:0] = split
            continue
        built, unclear = _built_group(quotes, group, doubtful)
        if unclear:
            # a rewording changed in many places may be another utterance: shown apart
            pending[:0] = [[member] for member in unclear]
            built, _ = _built_group(quotes, [m for m in group if m not in unclear], doubtful)
        result.append(built)
    result = _relays_told(_paraphrased_once(result), quotes)
    result.sort(key=lambda g: (-g.article_count, g.reference))
    return tuple(result)


# A short phrase (fewer than ``MIN_ALIGN_WORDS`` words) is matched only to the very same
# phrase from another article given to the same speaker, and only when it holds a content word
# of at least this many letters: "destructive" or "jackass" in two outlets' marks is one
# quote shared, where "no" or "Mo" could be anyone's.
MIN_SHORT_PHRASE_LETTERS = 5


def _same_short_phrases(short: list[Member]) -> list[list[Member]]:
    """Groups of a short quoted phrase that two or more articles print word for word and
    give to one speaker (`called the plan "destructive"`): the same quote, though too short to
    set beside a longer wording it might only share a word with. A phrase printed by one
    article alone, or given to different speakers, is left out as before."""
    found: list[list[Member]] = []
    for quote, normalised in short:
        if quote.kind == "nested" or not quote.speaker:
            continue
        if not any(len(w) >= MIN_SHORT_PHRASE_LETTERS for w in content_stems(normalised)):
            continue
        home = next(
            (
                group
                for group in found
                if group[0][1] == normalised
                and all(one_speaker(quote.speaker, q.speaker) for q, _ in group)
                and not any(_overlaps(quote, q) for q, _ in group)
            ),
            None,
        )
        if home is None:
            found.append([(quote, normalised)])
        else:
            home.append((quote, normalised))
    return [group for group in found if len({q.article_id for q, _ in group}) > 1]


def _relays_told(groups: list[QuoteGroup], quotes: Sequence[QuoteInStory]) -> list[QuoteGroup]:
    """Groups with the relay of words quoted inside a quotation its own outlet leaves
    unattributed, or gives to the speaker it quotes (`“She looked at me and said, ‘Put that
    down,’” he said.`), told as the named speaker the comparison gives that quotation: the
    outlet relays them second-hand as the other outlets do, and a line without "per ..."
    would give them as heard first-hand."""
    speaker_of_wording = {
        (v.article_id, v.start, v.end): g.speaker
        for g in groups
        for v in g.variants
        if v.kind != "nested" and v.relation != "paraphrased"
    }

    def relay(variant: QuoteVariant) -> str | None:
        if variant.kind != "nested" or variant.reported_by:
            return None
        for holder in quotes:
            if (
                holder.article_id == variant.article_id
                and holder.kind != "nested"
                # unattributed, or given to the speaker it quotes: its own speaker in doubt
                and (not holder.speaker or one_speaker(holder.speaker, variant.speaker))
                and holder.start <= variant.start
                and variant.end <= holder.end
            ):
                named = speaker_of_wording.get((holder.article_id, holder.start, holder.end))
                if is_named(named) and not one_speaker(named, variant.speaker):
                    return named
        return None

    return [
        replace(
            group,
            variants=tuple(
                replace(v, reported_by=told) if (told := relay(v)) else v for v in group.variants
            ),
        )
        for group in groups
    ]


def _paraphrased_once(groups: list[QuoteGroup]) -> list[QuoteGroup]:
    """Groups without the paraphrases that match more than one of them: reported speech that
    tells two utterances' words tells neither surely."""
    seen = Counter(
        (v.article_id, v.start) for g in groups for v in g.variants if v.relation == "paraphrased"
    )
    kept = []
    for group in groups:
        variants = tuple(
            v
            for v in group.variants
            if v.relation != "paraphrased" or seen[(v.article_id, v.start)] == 1
        )
        outlets = tuple(dict.fromkeys(v.outlet or v.article_id for v in variants))
        kept.append(replace(group, variants=variants, outlets=outlets))
    return kept


def _built_group(
    quotes: Sequence[QuoteInStory], group: list[Member], doubtful: set[tuple[str, int]]
) -> tuple[QuoteGroup, list[Member]]:
    """A group's record, and its members that are not clearly the same utterance: changed in
    more than ``MAX_REWORDED_CHANGES`` places or keeping less than ``MIN_REWORDED_KEPT`` of
    their words, or changed and given to another person."""
    reference_quote, reference = _fullest(group)
    group_speaker = _group_speaker(group)
    speakers = _speakers_to_agree_with(group, group_speaker, reference_quote, doubtful)
    variants = [
        _variant(
            q,
            normalised,
            _counterpart(q, normalised, group, reference_quote),
            reference_quote,
            reference,
            group_speaker,
            _misattributed(q, group, group_speaker, doubtful),
            (q.article_id, q.start) in doubtful,
        )
        for q, normalised in group
    ]
    unclear = [
        member
        for member, variant in zip(group, variants, strict=True)
        if member[0] is not reference_quote
        and (
            _changes_inside(variant) > MAX_REWORDED_CHANGES
            or (variant.relation == "reworded" and _kept_share(variant) < MIN_REWORDED_KEPT)
            # another person's like words ("I think that freedom means freedom for everyone")
            # are no rewording of these
            or (
                _another_person(member[0], group_speaker)
                and (member[0].article_id, member[0].start) not in doubtful
                and variant.relation not in ("identical", "truncated", "misattributed")
                and not _cut_but_for_contractions(variant, reference_quote.text)
            )
            or _credited_apart(member[0], variant, speakers, doubtful)
            or (variant.relation == "repeated" and _cited_by_its_speaker(member[0], quotes))
        )
    ]
    variants = _pieces_joined(variants, reference_quote.text, reference)
    variants.extend(_paraphrases(quotes, group, group_speaker))
    built = QuoteGroup(
        speaker=group_speaker,
        reference=reference_quote.text,
        variants=tuple(variants),
        outlets=tuple(dict.fromkeys(v.outlet or v.article_id for v in variants)),
        wording_differs=len({n for _, n in group}) > 1,
    )
    return built, unclear


def _cut_but_for_contractions(variant: QuoteVariant, reference_text: str) -> bool:
    """Whether a rewording only spells out a contraction of the fullest wording, or cuts it
    besides ("he is determined" for "he's determined ... and I respect that"): the same
    words, whoever an outlet names as their speaker ("Bibi" and "Benjamin Netanyahu")."""
    if variant.relation != "reworded":
        return False
    relation, _ = classify_variant(reference_text, variant.text, contractions_kept=True)
    return relation in ("identical", "truncated")


def _pieces_joined(
    variants: list[QuoteVariant], reference_text: str, reference: str
) -> list[QuoteVariant]:
    """One variant for the pieces one article prints of the utterance as separate quotations
    (“Freedom means freedom for everyone,” she wrote. “That means that all families ...”):
    each piece alone is a cut of the fullest wording, but together, in the article's order,
    they may be all of it. Joined, they are classified again; where the pieces still leave
    words out, they stay apart."""
    pieces: dict[str, list[QuoteVariant]] = {}
    for variant in variants:
        if variant.relation == "truncated" and not variant.compared_with:
            pieces.setdefault(variant.article_id, []).append(variant)
    merged: dict[int, QuoteVariant] = {}
    dropped: set[int] = set()
    for found in pieces.values():
        if len(found) < 2:
            continue
        found.sort(key=lambda v: v.start)
        if any(a.end > b.start for a, b in zip(found, found[1:], strict=False)):
            continue  # overlapping pieces are no sequence
        joined = f" {PIECE_JOINER} ".join(v.text for v in found)
        relation, diff = classify_variant(reference_text, joined)
        if relation not in ("identical", "reworded"):
            continue
        first = found[0]
        merged[id(first)] = replace(
            first,
            text=joined,
            relation=relation,  # type: ignore[arg-type]
            diff=diff,
            similarity=round(float(fuzz.ratio(normalise_quote(joined), reference)), 1),
            end=found[-1].end,
        )
        dropped.update(id(v) for v in found[1:])
    return [merged.get(id(v), v) for v in variants if id(v) not in dropped]


def _kept_share(variant: QuoteVariant) -> float:
    """The share of a wording's own words that its counterpart holds in the same order."""
    kept = sum(len(words(run.words)) for run in variant.diff if run.op == "keep")
    shown = kept + sum(len(words(run.words)) for run in variant.diff if run.op == "add")
    return kept / shown if shown else 1.0


def _changes_inside(variant: QuoteVariant) -> int:
    """The places between its first and last kept words where a wording puts words of its
    own for its counterpart's (a cut at either end changes nothing inside, and neither does
    a cut inside: a wording whose every word its counterpart holds in order is that
    utterance shortened; a fresh reader found "The principles aren't written yet ... pay
    taxes" shown apart from "The principles aren't combined, written out yet ... pay your
    taxes", three cuts, and the story's "0 quote variants")."""
    kept = [i for i, run in enumerate(variant.diff) if run.op == "keep"]
    if not kept:
        return 0 if not variant.diff else len(variant.diff)
    places, inside, adds = 0, False, False
    for run in variant.diff[kept[0] : kept[-1] + 1]:
        if run.op == "keep":
            places += inside and adds
            inside, adds = False, False
        else:
            inside, adds = True, adds or run.op == "add"
    return places


# A quote's content stems are read for every quote of every other article it is held
# against (joining an article's pieces tries each against all the others' wordings): kept per
# text, which cut the quotes' share of a 50-article comparison by half.
KEYS_CACHE_TEXTS = 16384


@lru_cache(maxsize=KEYS_CACHE_TEXTS)
def _keys(normalised: str) -> frozenset[str]:
    return frozenset(content_stems(normalised)) or frozenset(normalised.split())


def _candidates(keys: frozenset[str], by_word: dict[str, set[int]]) -> list[int]:
    """The groups sharing enough of ``keys`` to be scored."""
    shared = Counter(i for key in keys for i in by_word.get(key, ()))
    needed = MIN_SHARED_WORDS if len(keys) > SHORT_QUOTE_WORDS else 1
    return sorted(i for i, count in shared.items() if count >= needed)


def _split_by_speaker(
    group: list[Member], doubtful: set[tuple[str, int]]
) -> list[list[Member]] | None:
    """A group whose fullest wording its outlet gives to another named person than the
    group's speaker, split in two: that person's wordings, and the speaker's (and the
    unattributed), these grouped again by the words they hold. Two people may use one stock
    phrase ("an act of terror and an act of hate", a president's and a candidate's): the
    president's fullest wording headed the group of the candidate's cuts, and its line, shown
    under the candidate, credited his words to her. None for a group of one speaker."""
    speaker = _group_speaker(group)
    fullest, _ = _fullest(group)
    if (
        not is_named(speaker)
        or not is_named(fullest.speaker)
        or (fullest.article_id, fullest.start) in doubtful
        or one_speaker(fullest.speaker, speaker)
    ):
        return None
    others = [m for m in group if is_named(m[0].speaker) and not one_speaker(m[0].speaker, speaker)]
    own = [m for m in group if m not in others]
    if not own:
        return None
    regrouped: list[list[Member]] = []
    for member in sorted(own, key=lambda m: -len(m[1].split())):
        home = next((g for g in regrouped if f" {member[1]} " in f" {g[0][1]} "), None)
        if home is None:
            regrouped.append([member])
        else:
            home.append(member)
    return [others, *regrouped]


def _fullest(group: list[Member]) -> Member:
    """The wording with the most words; of two as long, one printed as one quotation before
    one an article prints in pieces (the pieces joined by ``join_pieces_told_whole``)."""
    return max(group, key=lambda item: (len(item[1].split()), not item[0].told_whole))


def _into_fuller_groups(
    groups: list[list[Member]],
    by_word: dict[str, set[int]],
    inner: dict[int, tuple[str, ...]],
    story_order: Callable[[Member], int],
) -> list[list[Member]]:
    """Groups merged into the group whose fullest wording holds every one of their wordings.

    Quotes are grouped as they come, so "I'm no hero" and "I just know those families" from
    one article open two groups before another article prints both in one quotation ("I'm no
    hero. I just know those families, and ..."), which can join only one. Each is then a cut
    of that fullest wording and is diffed against it, not left beside a group of its own."""
    merged_into: dict[int, int] = {}
    order = sorted(range(len(groups)), key=lambda i: len(_fullest(groups[i])[1].split()))
    for small in order:
        _, small_words = _fullest(groups[small])
        best, best_length = None, len(small_words.split())
        for other in _candidates(_keys(small_words), by_word):
            target = groups[other]
            if other == small or other in merged_into or not target:
                continue
            fullest_quote, fullest = _fullest(target)
            if len(fullest.split()) <= best_length:
                continue
            if any(_overlaps(q, t) for q, _ in groups[small] for t, _ in target):
                continue
            if all(
                _group_score(q, n, target, inner) >= SAME_UTTERANCE_SCORE for q, n in groups[small]
            ):
                best, best_length = other, len(fullest.split())
        if best is not None:
            groups[best] = sorted(groups[best] + groups[small], key=story_order)
            groups[small] = []
            merged_into[small] = best
    return [group for group in groups if group]


def _group_speaker(group: list[Member]) -> str | None:
    """Who said the words: the speaker most articles give them to in a whole quotation of
    their own (a mixed quote's phrase is often credited to the person the sentence is about,
    a nested one's to a guess), then a name
    before a description ("Jon Thompson" before "reporters"); ties go to the story's first."""
    articles: dict[str, set[str]] = {}
    direct: dict[str, set[str]] = {}
    for quote, _ in group:
        if quote.speaker:
            articles.setdefault(quote.speaker, set()).add(quote.article_id)
            if quote.kind == "direct":
                direct.setdefault(quote.speaker, set()).add(quote.article_id)
    if not articles:
        return None
    return max(
        articles,
        # a joint statement's authors before one of them, where as many articles give each
        key=lambda name: (
            len(direct.get(name, ())),
            is_named(name),
            len(articles[name]),
            len(joint_names(name)),
        ),
    )


def _doubtful_speakers(quotes: Sequence[QuoteInStory]) -> set[tuple[str, int]]:
    """Quotes (article, start) whose speaker is in doubt: a quote that holds a quotation given
    to its own speaker narrates that speaker ("She looked at me and said, 'Put that down'"),
    so whoever said it, it was not she."""
    nested = [q for q in quotes if q.kind == "nested" and q.speaker]
    return {
        (q.article_id, q.start)
        for q in quotes
        if q.kind != "nested"
        and q.speaker
        and any(
            n.article_id == q.article_id
            and q.start <= n.start
            and n.end <= q.end
            and n.speaker == q.speaker
            for n in nested
        )
    }


def _misattributed(
    quote: QuoteInStory,
    group: list[Member],
    group_speaker: str | None,
    doubtful: set[tuple[str, int]],
) -> bool:
    """Whether an outlet gives the words to someone else, told only when sure: a whole
    quotation (a mixed quote's phrase is often credited to the person the sentence is about,
    or to his firm), both speakers names (a description such as "the headline" or "some" is
    the extractor's guess), the outlet's own attribution not in doubt, and more articles give
    the words to the group's speaker than to this one (one outlet against one other says who
    differs, not who erred)."""
    if quote.kind != "direct" or not _another_person(quote, group_speaker):
        return False
    if (quote.article_id, quote.start) in doubtful:
        return False

    def backing(name: str | None) -> int:
        return len({q.article_id for q, _ in group if q.speaker and one_speaker(q.speaker, name)})

    return backing(group_speaker) > backing(quote.speaker)


def _cited_by_its_speaker(quote: QuoteInStory, quotes: Sequence[QuoteInStory]) -> bool:
    """Whether a nested quote is given to the speaker of the quotation that holds it: she
    cites words (`"... in the report, I quote: 'Key questions remain.'"`), and whose they are
    the extractor could not tell, so printing them is no repeat of her own line."""
    if quote.kind != "nested" or not quote.speaker:
        return False
    return any(
        other.article_id == quote.article_id
        and other.kind != "nested"
        and other.start <= quote.start
        and quote.end <= other.end
        and other.speaker
        and one_speaker(other.speaker, quote.speaker)
        for other in quotes
    )


def _speakers_to_agree_with(
    group: list[Member],
    group_speaker: str | None,
    reference_quote: QuoteInStory,
    doubtful: set[tuple[str, int]],
) -> tuple[str, ...]:
    """Whom a wording of the group must not contradict: the group's speaker, and the fullest
    wording's own speaker when as many articles give the words to it (a tie: the line of the
    fullest wording is shown under its own outlet's speaker)."""
    speakers = tuple(s for s in (group_speaker,) if s)
    own = reference_quote.speaker
    if (
        not own
        or reference_quote.kind == "nested"
        or (reference_quote.article_id, reference_quote.start) in doubtful
        or one_speaker(own, group_speaker)
    ):
        return speakers

    def backing(name: str | None) -> int:
        return len({q.article_id for q, _ in group if q.speaker and one_speaker(q.speaker, name)})

    return (*speakers, own) if backing(own) >= backing(group_speaker) else speakers


def _credited_apart(
    quote: QuoteInStory,
    variant: QuoteVariant,
    speakers: tuple[str, ...],
    doubtful: set[tuple[str, int]],
) -> bool:
    """Whether a wording is given to someone other than who the group says spoke, and not
    surely enough to call it misattributed: shown in the group, its line would credit the
    words to that other speaker or hide that its outlet does.

    - A mixed quote's speaker is the subject of the reporter's sentence, often not who said
      the phrase (`asked the congressman if he "fully supported the plan"`, `with some saying
      ... and one blogger asking, "..."`): one given to another speaker than the group's or
      the fullest wording's stands apart.
    - A whole quotation given to another named person, one outlet against one other, says
      who differs, not who erred: shown as one group,
      either line credits one outlet's words to the other's speaker.
    """
    if variant.relation == "misattributed" or (quote.article_id, quote.start) in doubtful:
        return False
    if not is_named(quote.speaker):
        return False  # a description ("senior officials") may well take in the named speaker
    if quote.kind == "mixed":
        return any(not same_speaker(quote.speaker, other) for other in speakers)
    return any(is_named(other) and not same_speaker(quote.speaker, other) for other in speakers)


def _subject_for_speaker(quote: QuoteInStory, group_speaker: str | None) -> bool:
    """Whether a wording's speaker is only a description that shares no word with the
    group's speaker, and so is shown under the group's speaker: a mixed quote's "speaker" is
    the subject of the reporter's sentence around the phrase ("some" for a blogger's line,
    "Catholic teaching" for a letter's words), and a whole quotation's description ("the
    middle of his campaign", "an unseen announcer") set against a named speaker is the
    extractor's guess; a description says who erred only where both are names
    (``_misattributed``)."""
    if not quote.speaker or not group_speaker or is_named(quote.speaker):
        return False
    mine = {_without_possessive(fold(w)) for w in words(quote.speaker)}
    if mine & {_without_possessive(fold(w)) for w in words(group_speaker)}:
        return False  # "Holt's spokesman", "the senator Holt": the group's speaker named
    return quote.kind == "mixed" or (quote.kind == "direct" and is_named(group_speaker))


def _without_possessive(word: str) -> str:
    return word.removesuffix("'s").removesuffix("’s")


def _another_person(quote: QuoteInStory, group_speaker: str | None) -> bool:
    """Whether the quote is given to a named person other than the group's named speaker."""
    return (
        is_named(quote.speaker)
        and is_named(group_speaker)
        and not one_speaker(quote.speaker, group_speaker)
    )


def _counterpart(
    quote: QuoteInStory,
    normalised: str,
    group: list[tuple[QuoteInStory, str]],
    reference_quote: QuoteInStory,
) -> QuoteInStory:
    """The wording ``quote`` is diffed against. Within the fullest wording's article it is
    that wording (a second wording there is a repeat). From another article it is a wording
    of the fullest one's article: where both articles tell the line equally often, the one at
    the same place in the telling (a first outburst beside the first, its repeat beside the
    repeat), otherwise the closest; so a repeated line is not diffed against the outburst it
    repeats."""
    if quote is reference_quote or quote.article_id == reference_quote.article_id:
        return reference_quote
    theirs = sorted(
        (item for item in group if item[0].article_id == reference_quote.article_id),
        key=lambda item: item[0].start,
    )
    ours = sorted((q for q, _ in group if q.article_id == quote.article_id), key=lambda q: q.start)
    if len(theirs) == 1:
        return reference_quote
    if len(ours) == len(theirs):
        return theirs[ours.index(quote)][0]
    if classify_variant(reference_quote.text, quote.text)[0] in ("identical", "truncated"):
        return reference_quote  # a cut of the fullest wording is diffed against it, not a part
    return max(theirs, key=lambda item: float(fuzz.ratio(normalised, item[1])))[0]


def _variant(
    quote: QuoteInStory,
    normalised: str,
    against: QuoteInStory,
    reference_quote: QuoteInStory,
    reference: str,
    group_speaker: str | None,
    misattributed: bool,
    speaker_in_doubt: bool,
) -> QuoteVariant:
    relation: str
    diff: tuple[WordDiff, ...] = ()
    if quote is against:
        relation = "reference"
    else:
        relation, diff = classify_variant(against.text, quote.text)
        if quote.article_id == against.article_id:
            relation = "repeated"  # the article prints the line twice: no cut, no change
    if relation not in ("reference", "repeated") and misattributed:
        relation = "misattributed"
    return QuoteVariant(
        article_id=quote.article_id,
        outlet=quote.outlet,
        text=quote.text,
        # a speaker in doubt is shown as none rather than as the person quoted inside, or as
        # the subject of the reporter's sentence around a mixed quote's phrase
        speaker=None
        if speaker_in_doubt or _subject_for_speaker(quote, group_speaker)
        else quote.speaker,
        similarity=round(float(fuzz.ratio(normalised, reference)), 1),
        relation=relation,  # type: ignore[arg-type]
        diff=diff,
        kind=quote.kind,
        start=quote.start,
        end=quote.end,
        reported_by=quote.reported_by,
        compared_with="" if against is reference_quote else against.text,
    )


def _paraphrases(
    quotes: Sequence[QuoteInStory],
    group: list[tuple[QuoteInStory, str]],
    group_speaker: str | None,
) -> list[QuoteVariant]:
    """Reported speech in other articles that carries the group's words: a paraphrase."""
    in_group = {q.article_id for q, _ in group}
    direct_stems = set().union(*(_stems(q.text) for q, _ in group))
    found = []
    for quote in quotes:
        if quote.kind != "indirect" or quote.article_id in in_group or not quote.speaker:
            continue
        stems = _stems(quote.text)
        if len(stems) < MIN_PARAPHRASE_WORDS:
            continue
        if len(stems & direct_stems) / len(stems) < PARAPHRASE_OVERLAP:
            continue
        if not (is_named(quote.speaker) and one_speaker(quote.speaker, group_speaker)):
            continue  # "a news clip of ..." is no speaker to match
        found.append(
            QuoteVariant(
                article_id=quote.article_id,
                outlet=quote.outlet,
                text=quote.text,
                speaker=quote.speaker,
                similarity=round(float(fuzz.token_set_ratio(quote.text, group[0][0].text)), 1),
                relation="paraphrased",
                kind=quote.kind,
                start=quote.start,
                end=quote.end,
            )
        )
    return found


@lru_cache(maxsize=16384)
def _stems(text: str) -> frozenset[str]:
    return frozenset(content_stems(text))
