"""Exports of the stored articles, stories and quotes, with the field names other tools read.

The field lists below are the contract: the README documents them and a test checks both.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from typing import Any, TextIO

from storylens.store import Store

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
QUOTE_FIELDS = (
    "article_id",
    "story_id",
    "text",
    "start",
    "end",
    "speaker",
    "speaker_mention",
    "speaker_type",
    "cue",
    "kind",
    "speaker_start",
    "speaker_end",
    "reported_by",
    "outlet",
)
EXPORT_TABLES = {"articles": ARTICLE_FIELDS, "stories": STORY_FIELDS, "quotes": QUOTE_FIELDS}
EXPORT_FORMATS = ("jsonl", "csv", "json")


# Article columns the store keeps as JSON lists.
_JSON_LISTS = ("authors", "secondary_story_ids")


def article_records(store: Store) -> Iterator[dict[str, Any]]:
    for row in store.article_rows():
        record = {name: row[name] for name in ARTICLE_FIELDS if name not in _JSON_LISTS}
        for name in _JSON_LISTS:
            record[name] = json.loads(row[name] or "[]")
        yield {name: record[name] for name in ARTICLE_FIELDS}


def story_records(store: Store) -> Iterator[dict[str, Any]]:
    for summary in store.story_summaries():
        yield {
            "story_id": summary.story_id,
            "title": summary.title,
            "article_ids": list(summary.article_ids),
            "outlets": list(summary.outlets),
            "first_published": summary.first_published,
            "last_published": summary.last_published,
        }


def quote_records(store: Store) -> Iterator[dict[str, Any]]:
    for row in store.quote_rows():
        record = dict(row)
        record["start"], record["end"] = row["start_char"], row["end_char"]
        yield {name: record[name] for name in QUOTE_FIELDS}


_RECORDS = {"articles": article_records, "stories": story_records, "quotes": quote_records}


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
            writer.writerow(
                {k: json.dumps(v) if isinstance(v, list) else v for k, v in record.items()}
            )
    return count
