"""A quote's quoted segments as stored: a JSON list of [start, end] offsets, or NULL for a
quote in one piece (most quotes), so a row stays as small as it was before segments."""

from __future__ import annotations

import json


def encode_segments(segments: tuple[tuple[int, int], ...]) -> str | None:
    return json.dumps([list(pair) for pair in segments]) if segments else None


def decode_segments(stored: str | None) -> tuple[tuple[int, int], ...]:
    if not stored:
        return ()
    return tuple((int(start), int(end)) for start, end in json.loads(stored))
