"""Reading bytes as text, and telling text from binary data."""

from __future__ import annotations

import codecs

import charset_normalizer

from storylens.errors import InputError
from storylens.ingest.limits import MAX_CONTROL_CHAR_SHARE

_ALLOWED_CONTROLS = {"\n", "\r", "\t", "\f"}
# Byte order marks and the codec each one names. UTF-32 first: its little-endian mark starts
# with UTF-16's. UTF-16 and UTF-32 text is full of NUL bytes, so the mark is read before the
# NUL test that tells binary data.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def bom_encoding(start: bytes) -> str | None:
    """The encoding a byte order mark at the start of ``start`` names, or None."""
    for bom, encoding in _BOMS:
        if start.startswith(bom):
            return encoding
    return None


def decode_text(data: bytes, input_name: str) -> str:
    """Decode bytes as their byte order mark says, else UTF-8, else the most likely encoding;
    refuse binary data."""
    encoding = bom_encoding(data)
    if encoding is not None:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError as error:
            raise InputError(
                input_name, f"bad encoding: starts with a {encoding} byte order mark but {error}"
            ) from None
        return _refuse_controls(text, input_name)
    if b"\x00" in data:
        raise InputError(input_name, "binary data, not text (contains NUL bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        best = charset_normalizer.from_bytes(data).best()
        if best is None:
            raise InputError(
                input_name, "bad encoding: not UTF-8 and no other encoding fits"
            ) from None
        text = str(best)
    return _refuse_controls(text, input_name)


def _refuse_controls(text: str, input_name: str) -> str:
    controls = sum(1 for ch in text if ch < " " and ch not in _ALLOWED_CONTROLS)
    if text and controls / len(text) > MAX_CONTROL_CHAR_SHARE:
        raise InputError(input_name, "binary data, not text (control characters)")
    return text
