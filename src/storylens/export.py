"""Exports of the stored articles, stories and quotes, with the field names other tools read.

The field lists below are the contract: docs/export.md documents them and a test checks both.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, TextIO

from storylens.analyse.quotes.segments import segment_texts
from storylens.clean.offsets import to_input_offset
from storylens.compare.serialise import QUOTE_RECORD_FIELDS, comparison_to_dict, quote_to_dict
from storylens.store import Store
from storylens.store.reads import TimexRow, ToneRow
from storylens.views import (
    QuoteRow,
    all_articles,
    all_dates,
    all_quotes,
    all_tone_marks,
    story_comparison,
    story_list,
)

ARTICLE_FIELDS = (
    "id",
    "url",
    "outlet",
    "title",
    "published",
    "authors",
    "text",
    "story_id",
    "duplicate_of",
    "secondary_story_ids",
)
STORY_FIELDS = (
    "story_id",
    "title",
    "article_ids",
    "outlets",
    "first_published",
    "last_published",
)
# A row per quote (an utterance, as the API gives one): a quote split by its attribution is
# one row, its words joined by " … " and each quoted run's offsets in ``segments``. Quote sets
# annotate such a quote as one (PolNeAR, the shared scorer's general news): a row per run had
# counted the second run as a quote nobody annotated, about half the export's false positives
# on PolNeAR train (issue 23: "a split quote's second segment belongs to its utterance").
QUOTE_FIELDS = (*QUOTE_RECORD_FIELDS, "segments")
# Kinds of quote that are no row of their own: a quote a speaker quotes inside their own
# (`"She looked at me and said, 'Put that down,'" Malik said`) is part of that speaker's
# statement, whose row already holds its words. Quote sets annotate the outer attribution
# alone (PolNeAR), and these rows were 72 false positives against 3 true ones on PolNeAR
# train part 0, the 3 being top-level quotes misread behind an apostrophe (issue 23). The
# API and the comparison keep them, with the outer speaker in ``reported_by``.
QUOTE_KINDS_NOT_EXPORTED = frozenset({"nested"})
# Offsets in the tone and dates exports point into the article text as it was given (the
# input file's text), since that is what the scorers of other tools read; see clean.offsets.
TONE_FIELDS = (
    "article_id",
    "story_id",
    "text",
    "start",
    "end",
    "polarity",
    "voice",
    "speaker",
    "target",
    "type",
)
DATE_FIELDS = ("article_id", "text", "start", "end", "value", "type", "anchored")
COMPARISON_FIELDS = ("story_id", "version", "comparison")
EXPORT_TABLES = {
    "articles": ARTICLE_FIELDS,
    "stories": STORY_FIELDS,
    "quotes": QUOTE_FIELDS,
    "comparisons": COMPARISON_FIELDS,
    "tone": TONE_FIELDS,
    "dates": DATE_FIELDS,
}
EXPORT_FORMATS = ("jsonl", "csv", "json")


def article_records(store: Store) -> Iterator[dict[str, Any]]:
    for row in all_articles(store):
        yield {
            "id": row.id,
            "url": row.url,
            "outlet": row.outlet,
            "title": row.title,
            "published": row.published,
            "authors": list(row.authors),
            "text": row.text,
            "story_id": row.story_id,
            "duplicate_of": row.duplicate_of,
            "secondary_story_ids": list(row.secondary_story_ids),
        }


def story_records(store: Store) -> Iterator[dict[str, Any]]:
    stories, _ = story_list(store)
    for summary in stories:
        yield {
            "story_id": summary.story_id,
            "title": summary.title,
            "article_ids": list(summary.article_ids),
            "outlets": list(summary.outlets),
            "first_published": summary.first_published,
            "last_published": summary.last_published,
        }


def quote_records(store: Store) -> Iterator[dict[str, Any]]:
    """One row per quote: a quote split by its attribution is one row, ``text`` its runs
    (``printed_words``), ``start``/``end`` the utterance's reach and ``segments`` each run's
    offsets (empty for a quote in one piece); a quote inside another's is in that one's row."""
    for quote in all_quotes(store):
        if is_quote_row(quote.kind):
            yield quote_to_dict(replace(quote, text=printed_words(quote)), QUOTE_FIELDS)


def is_quote_row(kind: str) -> bool:
    """Whether a quote of ``kind`` is a row of the quotes export (a nested quote is not)."""
    return kind not in QUOTE_KINDS_NOT_EXPORTED


def printed_words(quote: QuoteRow) -> str:
    """A quote's runs as the article prints them, joined by " … ": a mixed or reported
    quote keeps the reporter's clause around its marked words, as quote sets annotate the
    content of an attribution (the API's ``text`` is the speaker's marked words alone)."""
    return " … ".join(segment_texts(quote.stored_text, quote.segments))


def _input_span(row: ToneRow | TimexRow) -> tuple[int, int]:
    shifts = row.input_offsets
    return to_input_offset(row.start, shifts), to_input_offset(row.end, shifts)


def tone_records(store: Store) -> Iterator[dict[str, Any]]:
    for row in all_tone_marks(store):
        start, end = _input_span(row)
        yield {
            "article_id": row.article_id,
            "story_id": row.story_id,
            "text": row.text,
            "start": start,
            "end": end,
            "polarity": row.polarity,
            "voice": row.voice,
            "speaker": row.speaker,
            "target": row.target,
            "type": "lexical",  # the scorers' level: a word or phrase, not a whole sentence
        }


def date_records(store: Store) -> Iterator[dict[str, Any]]:
    for row in all_dates(store):
        start, end = _input_span(row)
        yield {
            "article_id": row.article_id,
            "text": row.text,
            "start": start,
            "end": end,
            "value": row.value,
            "type": row.timex_type,
            "anchored": row.anchored,
        }


def comparison_records(store: Store) -> Iterator[dict[str, Any]]:
    """Every story's comparison: the stored one, or one computed now where it is missing."""
    stories, _ = story_list(store)
    for summary in stories:
        comparison = story_comparison(store, summary.story_id, summary.article_ids)
        yield {
            "story_id": summary.story_id,
            "version": comparison.version,
            "comparison": comparison_to_dict(comparison),
        }


_RECORDS = {
    "articles": article_records,
    "stories": story_records,
    "quotes": quote_records,
    "comparisons": comparison_records,
    "tone": tone_records,
    "dates": date_records,
}


def write_export(store: Store, table: str, output_format: str, out: TextIO) -> int:
    """Write one table in one format; returns the number of records written."""
    fields = EXPORT_TABLES[table]
    records = _RECORDS[table](store)
    count = 0
    if output_format == "jsonl":
        for record in records:
            count += 1
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    elif output_format == "json":
        everything = list(records)
        count = len(everything)
        json.dump(everything, out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        writer = csv.DictWriter(out, fieldnames=list(fields))
        writer.writeheader()
        for record in records:
            count += 1
            writer.writerow({k: _csv_cell(v) for k, v in record.items()})
    return count


# A spreadsheet runs a cell that starts with one of these as a formula (`=HYPERLINK(...)`,
# `@SUM(...)`, DDE via `+`/`-`); article text is untrusted, so such cells get a leading
# apostrophe, which spreadsheets show as text and other CSV readers keep as a character.
CSV_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _csv_cell(value: Any) -> Any:
    if isinstance(value, list | dict):
        value = json.dumps(value, ensure_ascii=False)
    if isinstance(value, str) and value.startswith(CSV_FORMULA_STARTS):
        return "'" + value
    return value
