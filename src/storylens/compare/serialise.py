"""A StoryComparison as JSON and back (the stored form, the report's JSON, the API's body),
and a quote as its dict wherever one is written.

The JSON is ``dataclasses.asdict`` of the records (tuples as lists) with ``version`` kept, so
the schema documented in docs/comparison.md is the records' own fields. Reading it back
rebuilds the typed records from their annotations, so a reader never handles loose dicts.

A quote is written in three places: the quotes export (a row per quoted run), the API (an
utterance) and a comparison's quote variants (one outlet's wording). ``quote_to_dict`` makes
all three from ``QUOTE_FIELDS``, so a field has one name and one value everywhere; each place
names the fields it shows (docs/export.md, "Quote fields").
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable, Collection
from functools import cache
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

from storylens import records
from storylens.records import QuoteGroup, QuoteVariant, StoryComparison

T = TypeVar("T")

# The fields of a quote itself, in the order the quotes export lists them: the export adds
# ``segment`` (a row per quoted run), the API ``segments`` (the runs of one utterance).
QUOTE_RECORD_FIELDS = (
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
    "act",
    "utterance_id",
)
# Every field a quote is written with. A quote record (``views.QuoteRow``,
# ``records.QuoteVariant``) holds each field it is written with under this name;
# docs/export.md says what each means.
QUOTE_FIELDS = (
    *QUOTE_RECORD_FIELDS,
    "segments",
    # a wording in a comparison, against the group's other wordings
    "similarity",
    "relation",
    "diff",
    "compared_with",
)


def quote_to_dict(quote: object, fields: tuple[str, ...]) -> dict[str, Any]:
    """``quote``'s ``fields`` (names from ``QUOTE_FIELDS``) as JSON values, in that order."""
    return _as_dict(quote, _quote_fields(fields))


@cache
def _quote_fields(fields: tuple[str, ...]) -> tuple[str, ...]:
    """``fields``, checked once per list: a place that writes a quote names no field of its own."""
    unknown = [name for name in fields if name not in QUOTE_FIELDS]
    if unknown:
        raise ValueError(f"not quote fields: {', '.join(unknown)} (see QUOTE_FIELDS)")
    return fields


# The fields of a comparison's quote variant: the record's own, checked here (at import) to be
# quote fields, so a field added to QuoteVariant is named in QUOTE_FIELDS before it is written.
QUOTE_VARIANT_FIELDS = _quote_fields(tuple(f.name for f in dataclasses.fields(QuoteVariant)))


def comparison_to_dict(comparison: StoryComparison) -> dict[str, Any]:
    """``dataclasses.asdict`` of the comparison, made without its deep copies: a comparison
    holds thousands of records of strings and numbers, and asdict copies each value."""
    return typing.cast(dict[str, Any], _plain(comparison))


# Values that asdict's deep copy returns as they are: nothing in them can be shared.
_IMMUTABLE = (str, int, float, bool, type(None))


def _plain(value: Any) -> Any:
    """What ``dataclasses.asdict`` makes of ``value``, for the types records hold."""
    if isinstance(value, _IMMUTABLE):
        return value
    if type(value) is QuoteVariant:  # a quote, as the export and the API write one
        return _as_dict(value, QUOTE_VARIANT_FIELDS)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _as_dict(value, _field_names(type(value)))
    if type(value) in (tuple, list):
        return type(value)(_plain(item) for item in value)
    if type(value) is dict:
        return {_plain(key): _plain(item) for key, item in value.items()}
    # Anything else (a named tuple, a subclass of a container): as asdict itself makes it.
    return dataclasses.asdict(_Box(value))["value"]


def _as_dict(record: object, names: tuple[str, ...]) -> dict[str, Any]:
    return {name: _plain(getattr(record, name)) for name in names}


@dataclasses.dataclass
class _Box:
    value: Any


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def comparison_to_json(comparison: StoryComparison) -> str:
    return json.dumps(comparison_to_dict(comparison), ensure_ascii=False)


Builder = Callable[[Any], Any]


def _identity(value: Any) -> Any:
    return value


@cache
def _builder(annotation: Any) -> Builder:
    """A function that rebuilds values of ``annotation`` from their JSON form, made once per
    type: a stored comparison holds thousands of records, read on every story page."""
    origin = get_origin(annotation)
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        return _record_builder(annotation)
    if origin is tuple:
        args = get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _builder(args[0])
            if item is _identity:
                return lambda value: tuple(value)
            return lambda value: tuple(item(v) for v in value)
        parts = [_builder(arg) for arg in args]
        return lambda value: tuple(b(v) for b, v in zip(parts, value, strict=False))
    if origin in (typing.Union, types.UnionType):
        options = [arg for arg in get_args(annotation) if arg is not type(None)]
        if len(options) == 1:
            inner = _builder(options[0])
            if inner is _identity:
                return _identity
            return lambda value: None if value is None else inner(value)
    return _identity


def _record_builder(cls: type) -> Builder:
    hints = get_type_hints(cls, vars(records))
    fields = [(f.name, _builder(hints[f.name])) for f in dataclasses.fields(cls)]

    def build(data: dict[str, Any]) -> Any:
        return cls(**{name: make(data[name]) for name, make in fields if name in data})

    return build


def from_dict(cls: type[T], data: dict[str, Any]) -> T:
    """A record of type ``cls`` from its ``asdict`` form; unknown keys are ignored."""
    return typing.cast(T, _builder(typing.cast(Any, cls))(data))


# Given a stored comparison's claims (as JSON objects), the positions of those whose
# ``matches`` a reader needs.
MatchesWanted = Callable[[list[dict[str, Any]]], Collection[int]]


def comparison_from_json(text: str, matches_wanted: MatchesWanted | None = None) -> StoryComparison:
    """The comparison stored as ``text``. With ``matches_wanted``, only the claims at the
    positions it names keep their ``matches`` (each claim's sentence in every other article:
    nine tenths of a large story's JSON and most of the cost of reading it back, for what a
    page reads of a few claims); the others are read with none."""
    data = json.loads(text)
    if matches_wanted is not None:
        claims = data.get("claims", [])
        wanted = matches_wanted(claims)
        for at, claim in enumerate(claims):
            if at not in wanted:
                claim["matches"] = []
    return from_dict(StoryComparison, data)


def quote_groups_from_json(
    text: str, spoken_by: frozenset[str] | None = None
) -> tuple[QuoteGroup, ...]:
    """The quote groups of a stored comparison alone, and of those only the ones a speaker of
    ``spoken_by`` (lower-case names) has a wording in: a person's page needs no more, and
    building a whole comparison's records was half its cost on a large store."""
    groups = json.loads(text).get("quote_groups", [])
    return tuple(
        from_dict(QuoteGroup, group)
        for group in groups
        if spoken_by is None
        or any((v.get("speaker") or "").lower() in spoken_by for v in group.get("variants", []))
    )
