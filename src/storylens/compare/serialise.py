"""A StoryComparison as JSON and back: the stored form, the report's JSON, the API's body.

The JSON is ``dataclasses.asdict`` of the records (tuples as lists) with ``version`` kept, so
the schema documented in docs/comparison.md is the records' own fields. Reading it back
rebuilds the typed records from their annotations, so a reader never handles loose dicts.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from functools import cache
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

from storylens import records
from storylens.records import StoryComparison

T = TypeVar("T")


def comparison_to_dict(comparison: StoryComparison) -> dict[str, Any]:
    return dataclasses.asdict(comparison)


def comparison_to_json(comparison: StoryComparison) -> str:
    return json.dumps(comparison_to_dict(comparison), ensure_ascii=False)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls, vars(records))


def _build(annotation: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = get_origin(annotation)
    if dataclasses.is_dataclass(annotation) and isinstance(annotation, type):
        return from_dict(annotation, value)
    if origin is tuple:
        args = get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_build(args[0], item) for item in value)
        return tuple(_build(arg, item) for arg, item in zip(args, value, strict=False))
    if origin in (typing.Union, types.UnionType):
        options = [arg for arg in get_args(annotation) if arg is not type(None)]
        return _build(options[0], value) if len(options) == 1 else value
    return value


def from_dict(cls: type[T], data: dict[str, Any]) -> T:
    """A record of type ``cls`` from its ``asdict`` form; unknown keys are ignored."""
    hints = _hints(typing.cast(type, cls))
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    return cls(**{k: _build(hints[k], v) for k, v in data.items() if k in names})


def comparison_from_json(text: str) -> StoryComparison:
    return from_dict(StoryComparison, json.loads(text))
