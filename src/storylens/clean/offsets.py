"""Where offsets in the repaired text fall in the text as given.

Repair collapses runs of spaces, drops invisible characters and fixes mojibake, so an offset
into the stored text can sit a few characters before the same word in the input. Exports that
other tools score against the input (dates, tone) map their offsets back with this table:
a list of (stored offset, shift) pairs, one wherever the shift changes.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

# Characters that repair deletes or collapses: white space and the invisible ones.
_DROPPABLE = frozenset(" \t\r\n\u00a0\u200b\u200c\u200d\u2060\ufeff") | frozenset(
    chr(c) for c in range(0x2000, 0x200B)
)
# How far ahead to look for the input again after a character that repair rewrote.
RESYNC_WINDOW = 8
# Characters that must agree after a rewritten one before the alignment trusts the resync.
RESYNC_CONFIRM = 6


def offset_shifts(given: str, stored: str) -> tuple[tuple[int, int], ...]:
    """(stored offset, shift to add) at each point where ``stored`` and ``given`` part."""
    shifts: list[tuple[int, int]] = []
    i = j = 0
    shift = 0

    def note() -> None:
        nonlocal shift
        if i - j != shift:
            shift = i - j
            shifts.append((j, shift))

    while i < len(given) and j < len(stored):
        if given[i] == stored[j]:
            i += 1
            j += 1
            continue
        if given[i] in _DROPPABLE and (stored[j] not in " \n" or given[i] not in " \n"):
            # A dropped or collapsed character, unless both sides have a different space here.
            if stored[j] == " " and given[i] in _DROPPABLE and given[i] not in "\r\n":
                i += 1
                j += 1
            else:
                i += 1
            note()
            continue
        if given[i] in _DROPPABLE:
            i += 1
            note()
            continue
        # A rewritten character: the given characters it replaced end where the two agree again.
        replaced = 1
        for skip in range(1, RESYNC_WINDOW + 1):
            ahead = given[i + skip : i + skip + RESYNC_CONFIRM]
            if ahead and ahead == stored[j + 1 : j + 1 + RESYNC_CONFIRM]:
                replaced = skip
                break
        i += replaced
        j += 1
        note()
    return tuple(shifts)


def to_input_offset(offset: int, shifts: Sequence[Sequence[int]]) -> int:
    """An offset into the stored text, as an offset into the text as given."""
    if not shifts:
        return offset
    position = bisect.bisect_right([point for point, _ in shifts], offset) - 1
    return offset + (shifts[position][1] if position >= 0 else 0)
