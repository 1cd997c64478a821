"""The name each article's outlet goes by on a page, a report or the terminal.

The outlet the metadata gives comes first; else the outlet the text names as itself
(``ingest/outlet_names.py``), marked inferred, with its evidence; else "Outlet A", "Outlet B"
in the story's order. Articles with no outlet are never merged into one: the compare stage
keys each by its article id (``StoryMember.outlet``), and ``name_comparison`` puts the name
where that id stood, so a hash id never stands in prose where a name can.
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from storylens.ingest.outlet_names import infer_outlet
from storylens.records import StoryComparison

NameSource = Literal["given", "inferred", "placeholder"]
# The fields of the comparison records that hold outlets (never article ids).
OUTLET_FIELDS = frozenset(
    {
        "outlet",
        "outlets",
        "shared_with",
        "echoed_by",
        "earlier_outlet",
        "unmatched",
        "same_quotation",
        "part_quotation",
    }
)


@dataclass(frozen=True)
class OutletName:
    name: str
    source: NameSource
    evidence: str | None = None  # the words an inferred name rests on

    @property
    def note(self) -> str:
        """What a reader is told about where the name comes from ("" when it was given)."""
        if self.source == "inferred":
            return f"inferred from the text: “{self.evidence}”"
        if self.source == "placeholder":
            return "no outlet given or named in the text"
        return ""


def placeholder(index: int) -> str:
    """ "Outlet A" ... "Outlet Z", then "Outlet 27" and on."""
    letters = string.ascii_uppercase
    return f"Outlet {letters[index]}" if index < len(letters) else f"Outlet {index + 1}"


def outlet_names(articles: Iterable[tuple[str, str | None, str]]) -> dict[str, OutletName]:
    """Each article's outlet name, from (article id, outlet given, text) in story order."""
    names: dict[str, OutletName] = {}
    unnamed = 0
    for article_id, outlet, text in articles:
        if outlet:
            names[article_id] = OutletName(outlet, "given")
            continue
        inferred = infer_outlet(text)
        if inferred is not None:
            names[article_id] = OutletName(inferred.name, "inferred", inferred.evidence)
        else:
            names[article_id] = OutletName(placeholder(unnamed), "placeholder")
            unnamed += 1
    return names


def _renamed(value: Any, names: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, tuple) and any(isinstance(v, str) and v in names for v in value):
        return tuple(names.get(v, v) if isinstance(v, str) else v for v in value)
    return value


def _rename(record: Any, names: Mapping[str, str]) -> Any:
    """The record with every outlet field that holds a key of ``names`` renamed, nested
    records too; a record with nothing to rename is returned as it is (no copy)."""
    if isinstance(record, tuple):
        items = tuple(_rename(item, names) for item in record)
        return record if all(a is b for a, b in zip(items, record, strict=True)) else items
    if not dataclasses.is_dataclass(record) or isinstance(record, type):
        return record
    changes: dict[str, Any] = {}
    for item in dataclasses.fields(record):
        value = getattr(record, item.name)
        if item.name == "outlet" and value is None:
            # a record that leaves an unnamed article's outlet empty: its article's name
            new = names.get(getattr(record, "article_id", None) or "", None)
        elif item.name in OUTLET_FIELDS:
            new = _renamed(value, names)
        elif isinstance(value, tuple) or dataclasses.is_dataclass(value):
            new = _rename(value, names)
        else:
            continue
        if new is not value:
            changes[item.name] = new
    return dataclasses.replace(record, **changes) if changes else record


def name_records(record: Any, names: Mapping[str, OutletName]) -> Any:
    """Any comparison record (a quote group, a claim ...) named as ``name_comparison`` does."""
    renames = {key: name.name for key, name in names.items() if name.source != "given"}
    return _rename(record, renames) if renames else record


def name_comparison(
    comparison: StoryComparison, names: Mapping[str, OutletName]
) -> StoryComparison:
    """The comparison with each unnamed article's id, where it stands for an outlet, replaced
    by the article's outlet name."""
    renames = {
        article_id: name.name for article_id, name in names.items() if name.source != "given"
    }
    if not renames:
        return comparison
    renamed: StoryComparison = _rename(comparison, renames)
    return renamed
