"""JSON Lines and JSON corpora: one article object per line (or a list of them)."""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Iterator
from typing import Any

from storylens.errors import LimitExceeded
from storylens.ingest.html import read_html
from storylens.ingest.limits import MAX_BAD_JSON_LINES_IN_A_ROW, MAX_ID_CHARS
from storylens.ingest.records import build_article
from storylens.ingest.streams import LongLine
from storylens.records import Article, Rejection

# The corpus format: each field and the JSON types it may hold. Anything else is refused
# rather than turned into its Python repr ("{'nested': 1}" as an id, a list as the text).
_STRING = (str,)
_CORPUS_FIELDS: dict[str, tuple[type, ...]] = {
    "id": (str, int),  # numeric ids are common in exports; they are kept as their digits
    "url": _STRING,
    "outlet": _STRING,
    "title": _STRING,
    "published": _STRING,
    "authors": (str, list),
    "text": _STRING,
    "html": _STRING,
}
_JSON_TYPE_NAMES = {
    dict: "object",
    list: "array",
    str: "string",
    int: "integer",
    float: "number",
    bool: "boolean",
}
# What a broken compressed stream raises while it is read: gzip's EOFError for a truncated
# file, zlib.error for corrupt data, OSError (gzip.BadGzipFile) for a bad header.
_STREAM_ERRORS = (EOFError, zlib.error, OSError)


def _json_type(value: Any) -> str:
    return _JSON_TYPE_NAMES.get(type(value), type(value).__name__)


def corpus_errors(record: dict[str, Any]) -> list[str]:
    """What is wrong with a corpus object's fields, each naming the field; empty when none."""
    errors = []
    for name, allowed in _CORPUS_FIELDS.items():
        value = record.get(name)
        if value is None:
            continue  # a missing field and null are the same: not given
        # bool is an int in Python but never an id in JSON.
        if isinstance(value, bool) or not isinstance(value, allowed):
            wanted = " or ".join(_JSON_TYPE_NAMES[kind] for kind in allowed)
            errors.append(f"field {name!r}: expected {wanted}, found {_json_type(value)}")
        elif name == "authors" and isinstance(value, list):
            bad = next((item for item in value if not isinstance(item, str)), None)
            if bad is not None:
                errors.append(f"field 'authors': expected strings, found {_json_type(bad)}")
    article_id = record.get("id")
    if isinstance(article_id, str | int) and len(str(article_id)) > MAX_ID_CHARS:
        errors.append(f"field 'id': longer than {MAX_ID_CHARS:,} characters")
    return errors


def read_record(record: Any, source: str) -> Article | Rejection:
    """One corpus object: {id, url, outlet, title, published, authors, text | html}."""
    if not isinstance(record, dict):
        return Rejection(source, f"expected a JSON object, found {_json_type(record)}")
    errors = corpus_errors(record)
    if errors:
        return Rejection(source, "; ".join(errors))
    fields = {key: record.get(key) for key in ("title", "outlet", "published", "authors")}
    if not record.get("text") and record.get("html"):
        return read_html(
            record["html"],
            source,
            article_id=record.get("id"),
            url=record.get("url"),
            fields=fields,
        )
    return build_article(
        source,
        record.get("text"),
        article_id=record.get("id"),
        url=record.get("url"),
        **fields,
    )


def _parse(text: str, *, one_line: bool) -> tuple[Any, str | None]:
    """The JSON value, or None and why it is not JSON."""
    try:
        return json.loads(text), None
    except json.JSONDecodeError as error:
        where = f"column {error.colno}" if one_line else f"line {error.lineno}"
        return None, f"invalid JSON ({error.msg} at {where})"
    except RecursionError:
        # json's parser recurses per level: a line nested thousands deep exhausts the stack.
        return None, "invalid JSON (nested too deeply to read)"


def read_json_lines(
    lines: Iterable[str | LongLine], input_name: str
) -> Iterator[Article | Rejection]:
    """Every line an article or a Rejection; a stream that breaks off (a truncated .gz) or
    goes past a limit (a gzip bomb) keeps the lines before it and says where it stopped; a
    file that is not JSON Lines at all is refused in one line after a few bad lines."""
    bad_in_a_row = 0
    number = 0
    iterator = iter(lines)
    while True:
        try:
            line = next(iterator)
        except StopIteration:
            return
        except LimitExceeded as error:
            yield Rejection(
                f"{input_name}:{number + 1}-",
                f"rest of the file not read: it {error.reason}; the {number:,} lines before "
                "were read",
            )
            return
        except _STREAM_ERRORS as error:
            yield Rejection(
                f"{input_name}:{number + 1}",
                f"cannot read past line {number} ({error}); the lines before it were read",
            )
            return
        number += 1
        source = f"{input_name}:{number}"
        problem: str | None
        if isinstance(line, LongLine):
            record, problem = None, f"line longer than {line.max_chars:,} characters (not read)"
        elif not line.strip():
            continue
        else:
            record, problem = _parse(line, one_line=True)
        if problem is not None:
            bad_in_a_row += 1
            if bad_in_a_row > MAX_BAD_JSON_LINES_IN_A_ROW:
                yield Rejection(
                    f"{input_name}:{number}-",
                    f"rest of the file not read: {MAX_BAD_JSON_LINES_IN_A_ROW} lines in a row "
                    "before it are not JSON, so this is not a JSON Lines file",
                )
                return
            yield Rejection(source, problem)
            continue
        bad_in_a_row = 0
        yield read_record(record, source)


def read_json_document(content: str, input_name: str) -> Iterator[Article | Rejection]:
    """A .json file: one article object, or a list of them."""
    document, problem = _parse(content, one_line=False)
    if problem is not None:
        yield Rejection(input_name, problem)
        return
    if isinstance(document, list):
        for index, record in enumerate(document):
            yield read_record(record, f"{input_name}[{index}]")
    else:
        yield read_record(document, input_name)
