"""Reading bytes as text, and telling text from binary data."""

from __future__ import annotations

import charset_normalizer

from storylens.errors import InputError
from storylens.ingest.limits import MAX_CONTROL_CHAR_SHARE

_ALLOWED_CONTROLS = {"\n", "\r", "\t", "\f"}


def decode_text(data: bytes, input_name: str) -> str:
    """Decode bytes as UTF-8, else the most likely encoding; refuse binary data."""
    if b"\x00" in data:
        raise InputError(input_name, "binary data, not text (contains NUL bytes)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        best = charset_normalizer.from_bytes(data).best()
        if best is None:
            raise InputError(
                input_name, "bad encoding: not UTF-8 and no other encoding fits"
            ) from None
        text = str(best)
    controls = sum(1 for ch in text if ch < " " and ch not in _ALLOWED_CONTROLS)
    if text and controls / len(text) > MAX_CONTROL_CHAR_SHARE:
        raise InputError(input_name, "binary data, not text (control characters)")
    return text
