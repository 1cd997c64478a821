"""Quote extraction and speaker attribution: who said what in one article (issue #3).

``extract_quotes(doc)`` is the public entry point; the pipeline calls it once per article on
the spaCy ``Doc`` of the whole text. Its passes, in order:

1. direct quotes, found by their marks (``marks``), each attributed to a speech verb
   after it (`"...," she said`), before it (`she snapped: "..."`), in the paragraph before
   (`Trump wrote:` then the quote), or carried on from the quote before it; a quote split by
   its attribution is joined back into one; titles and headings in marks are set aside;
2. embedded social posts (``posts``): the text above a post's credit line is its author's;
3. indirect quotes: a speech verb with a clause as content (`X said (that) ...`, `X told Y
   ...`), and `according to X, ...`; a clause that holds a quoted phrase is "mixed";
4. labels (`what she called ...`), then quoted phrases a later quote's clause takes in;
5. the phrases left over: a short quoted phrase with no speech around it is a scare quote,
   as are titles and nicknames (nobody's speech);
6. quotes inside quotes, recorded as "nested" with the outer speaker as ``reported_by``;

and speakers are resolved against the article's people (``speakers``) as each pass finds them.

Offsets point into ``doc.text``. The function never raises on odd input (unbalanced marks,
empty text) and uses nothing but the ``Doc``: no network, no state between calls.

This module runs the passes in order (``extract_quotes`` reads as their list) and turns what
they find into ``Quote`` records. Each pass takes the records found so far and returns new
ones; it edits none of them in place. The work is done in ``parse`` (look-ups over the parse
shared by all passes), ``scare`` (marked words that are nobody's speech), ``attribution`` (the
cue and speaker of a direct quote), ``spans`` (quoted phrases inside a reporter's sentence and
the clause they widen to) and ``indirect`` (reported speech without marks, labels, and quotes
inside quotes).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from spacy.tokens import Doc, Token

from storylens.analyse.doc_text import doc_text
from storylens.analyse.quotes.acts import GIVING_VERBS, REFUSAL_VERBS, quote_act
from storylens.analyse.quotes.attribution import (
    attribute_direct_quote,
    carried_speaker,
    continues_after_attribution,
    continues_split_quote,
    join_split_quotes,
    merge_overlapping,
)
from storylens.analyse.quotes.cues import FEMALE_PRONOUNS, MALE_PRONOUNS
from storylens.analyse.quotes.indirect import (
    drop_reports_within_reports,
    find_indirect_quotes,
    find_label_quotes,
    find_nested_quotes,
)
from storylens.analyse.quotes.marks import ALL_MARKS, MarkedQuote, doc_marked_quotes
from storylens.analyse.quotes.parse import (
    REPORTED_CLAUSE_DEPS,
    SCARE_MAX_WORDS,
    SENTENCE_END,
    SUBJECT_DEPS,
    Attribution,
    FoundQuote,
    ParsedArticle,
    count_content_words,
    is_cue,
    relative_taken_for_report,
    starts_sentence,
)
from storylens.analyse.quotes.posts import find_embedded_posts
from storylens.analyse.quotes.scare import (
    is_borrowed_phrase,
    is_embedded_phrase,
    is_nickname,
    is_subheading,
    is_title,
    sentence_runs_on,
)
from storylens.analyse.quotes.segments import quoted_segments, segments_text
from storylens.analyse.quotes.spans import (
    absorb_later_phrases,
    governed_phrase,
    governing_cue,
    outer_report,
    quoted_clause_start,
    widen_to_report,
)
from storylens.analyse.quotes.speakers import ResolvedSpeaker, SpeakerTable
from storylens.records import Quote, QuoteKind

__all__ = ["extract_quotes"]


def extract_quotes(doc: Doc, skip: Iterable[tuple[int, int]] = ()) -> list[Quote]:
    """Every quote in the article held by ``doc``, with speaker, cue and kind, by start.

    ``skip`` lists character ranges of boilerplate (photo captions restating the body): a quote
    lying wholly inside one is dropped.
    """
    text = doc_text(doc)
    if not text.strip() or len(doc) == 0:
        return []
    article = ParsedArticle(doc)
    marked = [_clipped_at_attribution(article, q) for q in doc_marked_quotes(doc)]
    top = [q for q in marked if q.depth == 0]
    table = SpeakerTable(doc, [(q.start, q.end) for q in top])
    # A nickname inside a name is neither speech nor a bound for the search of a speaker.
    nicknames = [q for q in top if is_nickname(text, q)]
    top = [q for q in top if q not in nicknames]

    direct = _direct_quotes(article, table, top)
    found = _with_embedded_posts(text, merge_overlapping(join_split_quotes(article, direct.found)))
    indirect, embedded = _indirect_quotes(article, table, direct.used_cues, found, direct.embedded)
    found = found + indirect
    found = found + _label_quotes(article, table, found)
    found, embedded = absorb_later_phrases(article, found, embedded)
    found = found + _leftover_phrases(article, embedded)
    found = found + _not_speech(direct.titles + nicknames)
    found = found + find_nested_quotes(article, table, marked, found)
    return _records(text, _without_furniture(article, found), top, skip)


# How far up the parse a quoted phrase is followed to the cue whose object it describes.
DESCRIBED_THING_DEPTH = 12

# Words between the comma that ends a quote and its speech verb ("he", "Mayor Jane Hale").
INLINE_SPEAKER_MAX_TOKENS = 4
# Words by which a quote's speaker speaks of themself: a quote holding one is never taken for
# words about its speaker.
FIRST_PERSON_SINGULAR = frozenset({"i", "me", "my", "mine", "myself"})


def _clipped_at_attribution(article: ParsedArticle, quote: MarkedQuote) -> MarkedQuote:
    """A quote whose close mark is missing (`“We are done, he said, and left the room.`) ends
    at the comma before its own attribution: what follows "he said" is narration, and the
    quote never runs on into it."""
    if quote.closed:
        return quote
    doc = article.doc
    opens_sentence = starts_sentence(article.text, quote.open_at)
    first = article.token_at(quote.start)
    last = article.token_before(max(quote.end - 1, quote.start))
    for comma in doc[first + 1 : last]:
        if comma.text != ",":
            continue
        after = doc[comma.i + 1 : min(last + 1, comma.i + 2 + INLINE_SPEAKER_MAX_TOKENS)]
        cue = next((t for t in after if is_cue(t)), None)
        if cue is None:
            continue
        words = [t for t in after if t.i != cue.i and t.i < cue.i]
        speaker_before = bool(words) and all(
            t.pos_ in ("PROPN", "PRON") or t.text[:1].isupper() for t in words
        )
        speaker_after = (
            not words
            and cue.i + 1 <= last
            and doc[cue.i + 1].pos_
            in (
                "PROPN",
                "PRON",
                "DET",
            )
        )
        rest = article.text[cue.idx : quote.end]
        if (
            (speaker_before or speaker_after)
            and opens_sentence
            and not any(mark in rest for mark in ALL_MARKS)
        ):
            # (`on “Face the Nation the day before, she stated, “When ...`: a title's lost
            # close mark, then the quote its attribution opens, is no such case.)
            end = comma.idx + 1
            return replace(quote, end=end, close_at=end)
    before = article.text[: quote.open_at].rstrip()
    if quote.double and not opens_sentence and not before.endswith(":"):
        # `He said the plan was “dead on arrival. The senator then left.`: a phrase opened
        # inside the reporter's sentence closes in it at the latest. (A lone single open
        # mark is as often an apostrophe set the wrong way, "Review‘s", "in ‘08".)
        stop = next((t for t in doc[first : last + 1] if t.text in SENTENCE_END), None)
        if stop is not None and stop.i < last:
            end = stop.idx + 1
            return replace(quote, end=end, close_at=end)
    return quote


@dataclass
class _DirectPass:
    """What the pass over quotes in marks hands on: the quotes it attributed (or carried on
    from the quote before), the quoted phrases no cue claims (for the later passes), the
    titles and headings in marks, and the cues it used (each attributes one statement)."""

    found: list[FoundQuote] = field(default_factory=list)
    embedded: list[MarkedQuote] = field(default_factory=list)
    titles: list[MarkedQuote] = field(default_factory=list)
    used_cues: set[int] = field(default_factory=set)


def _direct_quotes(
    article: ParsedArticle, table: SpeakerTable, top: list[MarkedQuote]
) -> _DirectPass:
    """Pass 1: each top-level quote in marks, in order, as a direct (or mixed) quote with its
    cue and speaker, the continuation of the quote before it, a title, or a phrase left for
    the later passes."""
    text = article.text
    result = _DirectPass()
    found = result.found
    # Where in ``found`` the quote stands that the next one may continue or take its speaker
    # from (a phrase recorded as a scare quote is never one).
    previous_at: int | None = None
    for quote in top:
        previous = found[previous_at] if previous_at is not None else None
        if is_title(text, quote):
            result.titles.append(quote)  # a show, book or song named in quotes is nobody's speech
            continue
        if (
            previous_at is not None
            and previous is not None
            and continues_split_quote(article, previous, quote)
        ):
            # `"I love Larry," he said, but "he has a history ..."`: one quote, split by its
            # attribution, whatever the length or shape of its second part.
            found[previous_at] = replace(previous, end=max(previous.end, quote.end))
            continue
        if (
            previous_at is not None
            and previous is not None
            and continues_after_attribution(article, previous, quote)
        ):
            # `"...," said Penn. "The votes are there." Alder disagreed.`: Penn's second
            # segment, whatever cue the next sentence holds.
            found[previous_at] = replace(previous, end=max(previous.end, quote.end))
            continue
        attribution, phrase = _direct_attribution(article, quote, top, result.used_cues)
        if attribution is None:
            if is_subheading(article, quote):
                result.titles.append(quote)  # `'All Bets Are Off.'` alone on its line: a heading
                continue
            item = _unattributed_quote(article, table, previous, quote)
            if item is None:
                result.embedded.append(quote)
                continue
        else:
            item = widen_to_report(
                article, quote, _from_attribution(quote, attribution), attribution
            )
            if phrase:
                item = governed_phrase(text, quote, item, attribution.subject)
            if item.kind == "scare":
                # A label in marks: it neither uses its cue nor speaks for anyone, and no later
                # quote continues it.
                found.append(item)
                continue
            item = _with_speaker(table, item, attribution.subject)
            if attribution.cue is not None:
                result.used_cues.add(attribution.cue.i)
        found.append(item)
        previous_at = len(found) - 1
    return result


def _direct_attribution(
    article: ParsedArticle, quote: MarkedQuote, top: list[MarkedQuote], used_cues: set[int]
) -> tuple[Attribution | None, bool]:
    """The attribution of a top-level quote, and whether the quote is a short phrase embedded
    in its cue's sentence (its words may still be a named source's, or a label)."""
    text = article.text
    attribution = attribute_direct_quote(article, quote, top)
    phrase = attribution is not None and is_embedded_phrase(text, quote, attribution)
    if phrase:
        attribution = None
    mid_sentence = not starts_sentence(text, quote.open_at)
    if attribution is None and mid_sentence:
        # `Trump called Clinton a "con artist"`: the cue governs the quoted phrase.
        attribution = governing_cue(article, quote, used_cues)
    if attribution is not None and mid_sentence:
        attribution = outer_report(attribution, quote, used_cues)
    return attribution, phrase


def _unattributed_quote(
    article: ParsedArticle, table: SpeakerTable, previous: FoundQuote | None, quote: MarkedQuote
) -> FoundQuote | None:
    """A quote no cue attributes: a direct quote when it opens its sentence and is either
    closed or too long for a scare quote (and a short one does not run on into the reporter's
    sentence), with the speaker carried on from the quote before unless its words speak of
    that speaker; None for a phrase that the later passes place."""
    text = article.text
    short = count_content_words(text[quote.start : quote.end]) <= SCARE_MAX_WORDS
    if (
        starts_sentence(text, quote.open_at)
        and (quote.closed or not short)
        and not (short and sentence_runs_on(text, quote))
    ):
        carried = carried_speaker(article, previous, quote)
        if carried is not None and _speaks_of(article, table, quote, carried):
            carried = None
        if carried is not None:
            introduced = _introduced_before(article, table, previous, quote)
            if introduced is not None and introduced.speaker != carried.speaker:
                carried = introduced
        return FoundQuote(quote.start, quote.end, "direct", None, None, None, carried)
    return None


def _introduced_before(
    article: ParsedArticle, table: SpeakerTable, previous: FoundQuote | None, quote: MarkedQuote
) -> ResolvedSpeaker | None:
    """The person a paragraph of narration between the last quote and a bare one is about:
    `... the campaign tweeted: "Delete your account."` / `Meanwhile, Joe Biden voiced his
    support on Thursday.` / `"Anybody who thinks ..."`: the bare words are Biden's, not the
    campaign's (a fresh reader of a BASIL report). The subject of that paragraph's first main
    clause, named as a person."""
    start = article.paragraph_start(quote.open_at)
    if quote.open_at != start or start == 0:
        return None
    before = article.paragraph_start(start - 1)
    if previous is not None and previous.end >= before:
        return None  # the last quote stands in that paragraph: it carries on
    sentence = article.doc[article.token_at(before)].sent
    subject = next((c for c in sentence.root.children if c.dep_ in SUBJECT_DEPS), None)
    if subject is None or subject.ent_type_ != "PERSON":
        return None
    resolved = table.resolve(subject)
    return resolved if resolved.kind == "person" and resolved.speaker else None


def _speaks_of(
    article: ParsedArticle, table: SpeakerTable, quote: MarkedQuote, speaker: ResolvedSpeaker
) -> bool:
    """`"...," he added.` then a paragraph of bare words `"His conduct is a disgrace."`: where
    the speaker the quote would carry on is the only person of its first "he" or "she" that
    the paragraph before and the quote name up to it, the words are about that speaker, so
    not theirs (an outlet printing an attack on someone bare). Anyone else named there ("a
    critique of Governor Hale") may be whom the pronoun means, and the quote stays theirs."""
    paragraph_start = article.paragraph_start(quote.open_at)
    if quote.open_at != paragraph_start or paragraph_start == 0:
        return False  # in the paragraph of its attribution, the speaker is named just before
    pronoun = None
    for token in article.doc[article.token_at(quote.start) :]:
        if token.idx >= quote.end:
            break
        if token.lower_ in FIRST_PERSON_SINGULAR:
            return False  # "I" speaks: the words may well be the speaker's own
        if pronoun is None and (token.lower_ in MALE_PRONOUNS or token.lower_ in FEMALE_PRONOUNS):
            pronoun = token
    if pronoun is None:
        return False
    gender = "m" if pronoun.lower_ in MALE_PRONOUNS else "f"
    before = article.paragraph_start(paragraph_start - 1)
    return table.people_named_between(before, pronoun.idx, gender) == {speaker.speaker}


def _from_attribution(quote: MarkedQuote, attribution: Attribution) -> FoundQuote:
    """The direct quote within ``quote``'s marks, with its attribution's cue and subject."""
    return FoundQuote(
        quote.start,
        quote.end,
        "direct",
        attribution.cue,
        attribution.cue_text,
        attribution.subject,
    )


def _with_speaker(table: SpeakerTable, item: FoundQuote, subject: Token | None) -> FoundQuote:
    """``item`` with the speaker its subject resolves to; a person named as a speaker is noted
    in ``table``, so a later mention of them resolves to the same name."""
    if subject is None:
        return item
    speaker = table.resolve(subject)
    _note(table, speaker)
    return replace(item, speaker=speaker)


def _with_embedded_posts(text: str, found: list[FoundQuote]) -> list[FoundQuote]:
    """Pass 2: an embedded social post is its author's direct quote, in place of whatever the
    first pass found inside it."""
    posts = find_embedded_posts(text)
    kept = [f for f in found if not any(p.start < f.end and f.start < p.end for p in posts)]
    return kept + posts


def _indirect_quotes(
    article: ParsedArticle,
    table: SpeakerTable,
    used_cues: set[int],
    found: list[FoundQuote],
    embedded: list[MarkedQuote],
) -> tuple[list[FoundQuote], list[MarkedQuote]]:
    """Pass 3: reported speech outside the quotes found so far, widened over the quoted
    phrases that open inside it; returns those quotes and the phrases still unplaced."""
    direct_spans = [(f.start, f.end) for f in found]
    kept: list[FoundQuote] = []
    for candidate in find_indirect_quotes(article, table, used_cues, found):
        if any(s < candidate.end and candidate.start < e for s, e in direct_spans):
            continue
        # A quoted phrase that opens inside the clause is part of it, up to its close mark
        # (the parse often leaves the phrase's final period outside the clause, and the open
        # mark outside a clause that starts with the phrase). A quoted title is not: `is to
        # appear on "The View"` quotes nobody.
        inner = [q for q in embedded if candidate.start <= q.start and q.start < candidate.end]
        # A phrase later in the sentence may sit in a relative clause on the cue's object
        # (`announced her veto of a bill on Monday that would let shops ... "local custom"`):
        # the outlet's description of the thing, which no later pass may take for the report.
        later = [q for q in embedded if candidate.end <= q.start and q not in inner]
        described = [q for q in inner + later if _describes_a_thing(article, q, candidate.cue)]
        if described:
            # The outlet's own words for the thing, set off in marks: a scare quote.
            kept.extend(FoundQuote(q.start, q.end, "scare", None, None, None) for q in described)
            embedded = [q for q in embedded if q not in described]
            inner = [q for q in inner if q not in described]
        if inner:
            candidate = replace(
                candidate, kind="mixed", end=max([candidate.end] + [q.end for q in inner])
            )
            embedded = [q for q in embedded if q not in inner]
        kept.append(candidate)
    return drop_reports_within_reports(kept), embedded


def _describes_a_thing(article: ParsedArticle, quote: MarkedQuote, cue: Token | None) -> bool:
    """`The governor announced her veto of a bill that would let shops refuse service on
    "local custom" grounds`: a short phrase in a relative clause that describes a thing the
    cue's object names (a noun phrase, no reported clause) is how the outlet describes that
    thing, not the speaker's words: she announced a veto, she did not say the phrase."""
    text = article.text
    if cue is None or count_content_words(text[quote.start : quote.end]) > SCARE_MAX_WORDS:
        return False
    node = article.token_from(quote.start)
    if node is None:
        return False
    in_relative = False
    for _ in range(DESCRIBED_THING_DEPTH):
        if node.head.i == node.i:
            return False
        misplaced = node.head.i == cue.i and relative_taken_for_report(node)
        if node.dep_ in REPORTED_CLAUSE_DEPS and is_cue(node.head) and not misplaced:
            return False  # a reported clause: what someone said, in words or marks
        if (node.dep_ == "relcl" and node.head.pos_ == "NOUN") or misplaced:
            in_relative = True
        if node.head.i == cue.i:
            return in_relative and (node.dep_ in ("dobj", "obj") or misplaced)
        node = node.head
    return False


def _label_quotes(
    article: ParsedArticle, table: SpeakerTable, found: list[FoundQuote]
) -> list[FoundQuote]:
    """Pass 4: paragraphs opened by a source's label and a colon, where no quote is yet."""
    taken = [(f.start, f.end) for f in found]
    return [
        item
        for item in find_label_quotes(article, table)
        if not any(s < item.end and item.start < e for s, e in taken)
    ]


def _leftover_phrases(article: ParsedArticle, embedded: list[MarkedQuote]) -> list[FoundQuote]:
    """Pass 5: quoted phrases no pass placed: short or borrowed ones are scare quotes; a
    longer one is a direct quote, widened back to its clause mid-sentence (mixed)."""
    text = article.text
    results: list[FoundQuote] = []
    for quote in embedded:
        kind: QuoteKind = (
            "scare"
            if count_content_words(text[quote.start : quote.end]) <= SCARE_MAX_WORDS
            or is_borrowed_phrase(text, quote)
            else "direct"
        )
        item = FoundQuote(quote.start, quote.end, kind, None, None, None)
        if kind == "direct" and not starts_sentence(text, quote.open_at):
            clause_start = quoted_clause_start(article, quote)
            if clause_start is not None and clause_start < quote.start:
                item = replace(item, start=clause_start, kind="mixed")
        results.append(item)
    return results


def _not_speech(quotes: list[MarkedQuote]) -> list[FoundQuote]:
    """Pass 6: titles, headings and nicknames in marks.

    A title is recorded like a scare quote: marked words that are not speech, whatever their
    length, and no sign that the sentence around them reports anyone's words."""
    return [FoundQuote(q.start, q.end, "scare", None, None, None) for q in quotes]


def _without_furniture(article: ParsedArticle, found: list[FoundQuote]) -> list[FoundQuote]:
    """The quotes less those whose cue or speaker lies on a furniture line, or that are one."""
    if not article.furniture:
        return found

    def on_furniture(token: Token | None) -> bool:
        return token is not None and article.on_furniture(token.idx)

    return [
        item
        for item in found
        if not on_furniture(item.cue)
        and not on_furniture(item.subject)
        and not any(s <= item.start and item.end <= e for s, e in article.furniture)
    ]


def _records(
    text: str, found: list[FoundQuote], top: list[MarkedQuote], skip: Iterable[tuple[int, int]]
) -> list[Quote]:
    """The last step: ``Quote`` records by start, less those inside a ``skip`` range and those
    with no words."""
    skip_ranges = list(skip)
    quotes = [
        _to_record(text, item, top)
        for item in found
        if not any(s <= item.start and item.end <= e for s, e in skip_ranges)
    ]
    quotes = [q for q in quotes if q.text.strip()]
    quotes.sort(key=lambda q: (q.start, q.end))
    return quotes


def _note(table: SpeakerTable, speaker: ResolvedSpeaker | None) -> None:
    if speaker is not None and speaker.kind == "person" and speaker.speaker:
        table.note_speaker(speaker.start, speaker.end, speaker.speaker)


def _to_record(text: str, item: FoundQuote, marked: list[MarkedQuote]) -> Quote:
    start, end = item.start, item.end
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    speaker = item.speaker
    segments = quoted_segments(text, start, end, marked)
    split = len(segments) > 1
    return Quote(
        text=segments_text(text, segments) if split else text[start:end],
        start=start,
        end=end,
        speaker=speaker.speaker if speaker else None,
        speaker_mention=speaker.mention if speaker else None,
        speaker_start=speaker.start if speaker else None,
        speaker_end=speaker.end if speaker else None,
        speaker_type=speaker.kind if speaker else "unknown",
        cue=item.cue_text,
        kind=item.kind,
        reported_by=item.reported_by,
        act=quote_act(
            item.cue.lemma_ if item.cue is not None else None,
            _source_head(item),
            speaker.kind if speaker else None,
            _cue_object(item.cue),
            _reports_words(item),
            speaker.mention if speaker else None,
        ),
        segments=segments if split else (),
    )


def _source_head(item: FoundQuote) -> str | None:
    """The head noun of the source: the parsed subject, or the mention's last word."""
    if item.subject is not None:
        return item.subject.text
    if item.speaker is not None and item.speaker.mention:
        return item.speaker.mention.split()[-1]
    return None


def _cue_object(cue: Token | None) -> str | None:
    """The lemma of the cue's noun object ("program" in "offered a program"), if any."""
    if cue is None:
        return None
    found = next((c for c in cue.children if c.dep_ in ("dobj", "obj")), None)
    return found.lemma_ if found is not None and found.pos_ in ("NOUN", "PROPN") else None


# Dependents of a speech verb that hold what it reports ("saying that ...", "questioned the
# plan"): with one, the verb inside a refusal's or an offer's content reports words.
REPORTED_CONTENT_DEPS = frozenset({"ccomp", "dobj", "obj"})


def _reports_words(item: FoundQuote) -> bool:
    """Whether the content of a refusal or an offer holds a report of words of its own: a
    speech verb with a clause or an object, other than the act its cue governs ("refuses to
    discuss it, aside from saying he wants ...", "offered help to owners who have questioned
    the plan" do; "declined to say whether ..." does not: "say" is what was refused)."""
    cue = item.cue
    if cue is None or cue.lemma_.lower() not in REFUSAL_VERBS | GIVING_VERBS:
        return False
    content = cue.doc.char_span(item.start, item.end, alignment_mode="expand")
    return content is not None and any(
        is_cue(t)
        and t.i != cue.i
        and not (t.head.i == cue.i and t.dep_ == "xcomp")
        and any(c.dep_ in REPORTED_CONTENT_DEPS for c in t.children)
        for t in content
    )
