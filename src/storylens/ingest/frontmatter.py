"""An article's metadata written beside its text: a front-matter header (``---`` YAML at the
top of a .txt or .md file) or a sidecar ``NAME.json`` next to ``NAME.txt``.

    ---
    title: Council votes to close the old bridge
    outlet: Riverside Courier
    published: 2026-03-04
    url: https://courier.example/bridge
    authors: [Ann Lee, Tom Marsh]
    ---
    The council voted on Tuesday ...

Only the fields an ``Article`` has are read (``author`` and ``date`` are taken as
``authors`` and ``published``); other keys are left alone, so a header written for a static
site generator reads too. The sidecar's fields win over the header's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from storylens.errors import UsageError
from storylens.ingest.records import normalise_published
from storylens.records import Article, Rejection

# A header longer than this is not metadata but a file that happens to open with a rule.
MAX_HEADER_CHARS = 10_000
# A sidecar holds a few fields; anything larger is not one.
MAX_SIDECAR_BYTES = 100_000
METADATA_FIELDS = ("title", "outlet", "published", "url", "authors")
# Names people write for a field, as the Article field they mean.
FIELD_ALIASES = {"author": "authors", "date": "published", "source": "outlet", "link": "url"}
SIDECAR_SUFFIX = ".json"
# The text files a sidecar may describe (ingest/sources.py reads these as text).
DESCRIBED_SUFFIXES = (".txt", ".md")

_OPENING = re.compile(r"\A\ufeff?---[ \t]*\r?\n")
_CLOSING = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.MULTILINE)


class MetadataError(UsageError):
    """A header or sidecar that cannot be read (the message says why, for a Rejection), or
    metadata a run was given that cannot be used."""


@dataclass(frozen=True)
class WrittenMetadata:
    """The fields a header or sidecar gives, and the body after the header."""

    fields: dict[str, Any]
    body: str


def _pick_fields(mapping: Any, where: str) -> dict[str, Any]:
    if not isinstance(mapping, dict):
        raise MetadataError(f"{where} is not a set of 'name: value' fields")
    picked: dict[str, Any] = {}
    for key, value in mapping.items():
        name = FIELD_ALIASES.get(str(key).strip().lower(), str(key).strip().lower())
        if name in METADATA_FIELDS and value not in (None, ""):
            picked.setdefault(name, value)
    return picked


def split_front_matter(content: str) -> WrittenMetadata:
    """The header's fields and the text after it; a text with no header comes back whole.

    Raises ``MetadataError`` when a header opens but is not valid YAML or never closes."""
    opening = _OPENING.match(content)
    if opening is None:
        return WrittenMetadata({}, content)
    closing = _CLOSING.search(content, opening.end())
    if closing is None or closing.start() - opening.end() > MAX_HEADER_CHARS:
        # A horizontal rule (Markdown "---") on the first line, with no header after it.
        return WrittenMetadata({}, content)
    header = content[opening.end() : closing.start()]
    import yaml  # here, not at the top: only Markdown and sidecar inputs pay for it

    try:
        parsed = yaml.safe_load(header)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = f" (line {mark.line + 2})" if mark is not None else ""
        raise MetadataError(f"front-matter header is not valid YAML{line}") from None
    if parsed is None:
        fields: dict[str, Any] = {}
    else:
        fields = _pick_fields(parsed, "front-matter header")
    return WrittenMetadata(fields, content[closing.end() :].lstrip("\r\n"))


def sidecar_path(path: Path) -> Path:
    """Where the sidecar of a text file is: ``story.txt`` -> ``story.json``."""
    return path.with_suffix(SIDECAR_SUFFIX)


def is_sidecar(path: Path) -> bool:
    """Whether a .json file describes a text file of the same name beside it (it is then
    read with that file, not as articles of its own)."""
    if path.suffix.lower() != SIDECAR_SUFFIX:
        return False
    return any(path.with_suffix(suffix).is_file() for suffix in DESCRIBED_SUFFIXES)


def read_sidecar(path: Path) -> dict[str, Any]:
    """The fields of the sidecar beside a text file, or none when there is no sidecar.

    Raises ``MetadataError`` when the sidecar is there but cannot be used."""
    sidecar = sidecar_path(path)
    if not sidecar.is_file():
        return {}
    try:
        if sidecar.stat().st_size > MAX_SIDECAR_BYTES:
            raise MetadataError(f"sidecar {sidecar.name} larger than {MAX_SIDECAR_BYTES:,} bytes")
        parsed = json.loads(sidecar.read_bytes())
    except OSError as error:
        raise MetadataError(f"cannot read sidecar {sidecar.name} ({error.strerror})") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise MetadataError(f"sidecar {sidecar.name} is not valid JSON ({error})") from None
    return _pick_fields(parsed, f"sidecar {sidecar.name}")


def run_metadata(
    records: Iterable[Article | Rejection],
    *,
    outlet: str | None = None,
    published: str | None = None,
) -> Iterator[Article | Rejection]:
    """The records with the outlet and publication date one run gives for all its inputs
    (``analyze --outlet NAME --published DATE``) set over what the inputs say.

    Raises ``MetadataError`` at once (before any record is read) when ``published`` cannot
    be read as a date."""
    date = normalise_published(published) if published else None
    if published and date is None:
        raise MetadataError(f"--published {published!r} is not a date (2026-03-04, say)")
    return _with_metadata(records, outlet or None, date)


def _with_metadata(
    records: Iterable[Article | Rejection], outlet: str | None, published: str | None
) -> Iterator[Article | Rejection]:
    for record in records:
        if isinstance(record, Article):
            record = replace(
                record,
                outlet=outlet or record.outlet,
                published=published or record.published,
            )
        yield record
