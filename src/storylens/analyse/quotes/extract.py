"""Quote extraction and speaker attribution: who said what in one article (issue #3).

``extract_quotes(doc)`` is the public entry point; the pipeline calls it once per article on
the spaCy ``Doc`` of the whole text. It works in three passes:

1. direct quotes, found by their marks (``marks``), each attributed to a speech verb
   after it (`"...," she said`), before it (`she snapped: "..."`), in the paragraph before
   (`Trump wrote:` then the quote), or carried on from the quote before it; a quote split by
   its attribution is joined back into one; a quote inside a quote is recorded as "nested",
   with the outer speaker as ``reported_by``; a short quoted phrase with no speech around it
   is a scare quote;
2. indirect quotes: a speech verb with a clause as content (`X said (that) ...`, `X told Y
   ...`), and `according to X, ...`; a clause that holds a quoted phrase is "mixed";
3. speakers resolved against the article's people (``speakers``).

Offsets point into ``doc.text``. The function never raises on odd input (unbalanced marks,
empty text) and uses nothing but the ``Doc``: no network, no state between calls.

This module runs the passes and turns what they find into ``Quote`` records; the work is done
in ``parse`` (look-ups over the parse shared by all passes), ``scare`` (marked
words that are nobody's speech), ``attribution`` (the cue and speaker of a direct quote),
``spans`` (quoted phrases inside a reporter's sentence and the clause they widen to) and
``indirect`` (reported speech without marks, labels, and quotes inside quotes).
"""

from __future__ import annotations

from collections.abc import Iterable

from spacy.tokens import Doc

from storylens.analyse.quotes.acts import quote_act
from storylens.analyse.quotes.attribution import (
    attribute_direct_quote,
    carried_speaker,
    continues_split_quote,
    join_split_quotes,
    merge_overlapping,
)
from storylens.analyse.quotes.indirect import (
    drop_reports_within_reports,
    find_indirect_quotes,
    find_label_quotes,
    find_nested_quotes,
)
from storylens.analyse.quotes.marks import MarkedQuote, find_marked_quotes
from storylens.analyse.quotes.parse import (
    SCARE_MAX_WORDS,
    FoundQuote,
    ParsedArticle,
    count_content_words,
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
    aside_sentence_start,
    clause_around,
    colon_clause_start,
    governing_cue,
    is_named_source,
    naming_relative_start,
    outer_report,
    quoted_clause_start,
    reported_rest,
)
from storylens.analyse.quotes.speakers import ResolvedSpeaker, SpeakerTable
from storylens.records import Quote, QuoteKind

__all__ = ["extract_quotes"]


def extract_quotes(doc: Doc, skip: Iterable[tuple[int, int]] = ()) -> list[Quote]:
    """Every quote in the article held by ``doc``, with speaker, cue and kind, by start.

    ``skip`` lists character ranges of boilerplate (photo captions restating the body): a quote
    lying wholly inside one is dropped.
    """
    text = doc.text
    if not text.strip() or len(doc) == 0:
        return []
    article = ParsedArticle(doc)
    marked = find_marked_quotes(text)
    top = [q for q in marked if q.depth == 0]
    table = SpeakerTable(doc, [(q.start, q.end) for q in top])
    # A nickname inside a name is neither speech nor a bound for the search of a speaker.
    nicknames = [q for q in top if is_nickname(text, q)]
    top = [q for q in top if q not in nicknames]

    found: list[FoundQuote] = []
    embedded: list[MarkedQuote] = []
    titles: list[MarkedQuote] = []
    used_cues: set[int] = set()
    previous: FoundQuote | None = None
    for quote in top:
        if is_title(text, quote):
            titles.append(quote)  # a show, book or song named in quotes is nobody's speech
            continue
        if previous is not None and continues_split_quote(article, previous, quote):
            # `"I love Larry," he said, but "he has a history ..."`: one quote, split by its
            # attribution, whatever the length or shape of its second part.
            previous.end = max(previous.end, quote.end)
            continue
        attribution = attribute_direct_quote(article, quote, top)
        phrase = attribution is not None and is_embedded_phrase(text, quote, attribution)
        if phrase:
            attribution = None
        if attribution is None and not starts_sentence(text, quote.open_at):
            # `Trump called Clinton a "con artist"`: the cue governs the quoted phrase.
            attribution = governing_cue(article, quote, used_cues)
        if attribution is not None and not starts_sentence(text, quote.open_at):
            attribution = outer_report(attribution, quote, used_cues)
        if attribution is None and is_subheading(article, quote):
            titles.append(quote)  # `'All Bets Are Off.'` alone on its line: a heading
            continue
        if attribution is None:
            short = count_content_words(text[quote.start : quote.end]) <= SCARE_MAX_WORDS
            if (
                starts_sentence(text, quote.open_at)
                and (quote.closed or not short)
                and not (short and sentence_runs_on(text, quote))
            ):
                carried = carried_speaker(article, previous, quote)
                found_quote = FoundQuote(quote.start, quote.end, "direct", None, None, None)
                found_quote.speaker = carried
                found.append(found_quote)
                previous = found_quote
            else:
                embedded.append(quote)
            continue
        found_quote = FoundQuote(
            quote.start,
            quote.end,
            "direct",
            attribution.cue,
            attribution.cue_text,
            attribution.subject,
        )
        colon_lead = colon_clause_start(article, quote, attribution.cue)
        if colon_lead is not None:
            # `Ms. Ruiz said the plan had one flaw: "It costs too much."`: the reported clause
            # and the quote that completes it are one statement.
            found_quote.start, found_quote.kind = colon_lead, "mixed"
        if not starts_sentence(text, quote.open_at) and attribution.cue is not None:
            extended = clause_around(article, quote, attribution.cue)
            if extended is not None and attribution.cue.idx < quote.open_at:
                extended = reported_rest(article, quote, attribution.cue, extended)
            aside_start = aside_sentence_start(article, quote, attribution)
            if aside_start is not None:
                extended = (aside_start, max(quote.end, extended[1] if extended else quote.end))
            if extended is not None:
                # What a cue reports around a quoted phrase stays in the phrase's paragraphs;
                # a parse that runs a headline into the next paragraph does not.
                extended = (
                    max(extended[0], article.paragraph_start(quote.open_at)),
                    min(extended[1], article.paragraph_end(quote.end)),
                )
            if extended is not None and (extended[0] < quote.start or extended[1] > quote.end):
                found_quote.start = min(extended[0], quote.start)
                found_quote.end = max(extended[1], quote.end)
                found_quote.kind = "mixed"
        if attribution.cue is not None:
            relative_start = naming_relative_start(article, quote, attribution.cue)
            if relative_start is not None and relative_start < found_quote.start:
                found_quote.start = relative_start
                found_quote.kind = "mixed"
        if (
            phrase
            and found_quote.kind == "direct"
            and text[quote.start : quote.end][:1].islower()
            and not is_named_source(attribution.subject)
        ):
            # `some even alleging 'elder abuse'`: a short phrase that is all a cue governs,
            # with no reported clause around it and no source a reader can find, is a label
            # in marks, not a statement.
            found.append(FoundQuote(quote.start, quote.end, "scare", None, None, None))
            continue
        if phrase and found_quote.kind == "direct":
            # `Holt promised "a fair hearing"`: a short phrase that is all a named source's cue
            # governs is that source's words inside the reporter's sentence.
            found_quote.kind = "mixed"
        if attribution.subject is not None:
            found_quote.speaker = table.resolve(attribution.subject)
            _note(table, found_quote.speaker)
        if attribution.cue is not None:
            used_cues.add(attribution.cue.i)
        found.append(found_quote)
        previous = found_quote

    found = merge_overlapping(join_split_quotes(article, found))
    posts = find_embedded_posts(text)
    found = [f for f in found if not any(p.start < f.end and f.start < p.end for p in posts)]
    found.extend(posts)
    indirect = find_indirect_quotes(article, table, used_cues, found)
    direct_spans = [(f.start, f.end) for f in found]
    kept_indirect: list[FoundQuote] = []
    for candidate in indirect:
        if any(s < candidate.end and candidate.start < e for s, e in direct_spans):
            continue
        # A quoted phrase that opens inside the clause is part of it, up to its close mark
        # (the parse often leaves the phrase's final period outside the clause, and the open
        # mark outside a clause that starts with the phrase). A quoted title is not: `is to
        # appear on "The View"` quotes nobody.
        inner = [q for q in embedded if candidate.start <= q.start and q.start < candidate.end]
        if inner:
            candidate.kind = "mixed"
            candidate.end = max([candidate.end] + [q.end for q in inner])
            embedded = [q for q in embedded if q not in inner]
        kept_indirect.append(candidate)
    found.extend(drop_reports_within_reports(kept_indirect))
    taken = [(f.start, f.end) for f in found]
    for item in find_label_quotes(article, table):
        if not any(s < item.end and item.start < e for s, e in taken):
            found.append(item)
    embedded = absorb_later_phrases(article, found, embedded)
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
                item.start, item.kind = clause_start, "mixed"
        found.append(item)
    # A title is recorded like a scare quote: marked words that are not speech, whatever their
    # length, and no sign that the sentence around them reports anyone's words.
    found.extend(FoundQuote(q.start, q.end, "scare", None, None, None) for q in titles + nicknames)
    found.extend(find_nested_quotes(article, table, marked, found))

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
