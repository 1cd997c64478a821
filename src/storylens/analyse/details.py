"""Dates and numbers an article states: the details that outlets most often disagree on."""

from __future__ import annotations

import re
from contextlib import suppress
from datetime import datetime
from functools import lru_cache

from dateparser.date import DateDataParser
from spacy.tokens import Doc

from storylens.records import Span

DATE_LABELS = frozenset({"DATE"})
NUMBER_LABELS = frozenset({"CARDINAL", "QUANTITY", "MONEY", "PERCENT"})
# Words around a number that say what it counts ("12 injured"): this many tokens each side.
NUMBER_CONTEXT_TOKENS = 3
# Date phrases longer than this are descriptions ("the last three years"), not dates.
MAX_DATE_PHRASE_CHARS = 40
# The characters of an ISO publication date that phrases are read against: its day
# ("2015-06-01"), not its time.
PUBLISHED_DAY_CHARS = 10
# Date parsers kept, one per publication day: a run reads articles of a few hundred days, and
# building a parser (its settings and locale) costs more than parsing a phrase with it.
MAX_DATE_PARSERS = 512

_NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen",
    "fifteen sixteen seventeen eighteen nineteen twenty",
)
_SMALL_NUMBERS = {word: value for value, word in enumerate(" ".join(_NUMBER_WORDS).split())}
_TENS = {
    word: 10 * value
    for value, word in enumerate(
        ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], 2
    )
}
# A number in words up to ninety-nine: "twelve", "thirty", "thirty-five", "forty two".
_NUMBER_IN_WORDS = re.compile(
    r"\b(" + "|".join(_TENS) + r")(?:[\s-]+(" + "|".join(list(_SMALL_NUMBERS)[1:10]) + r"))?\b"
    r"|\b(" + "|".join(_SMALL_NUMBERS) + r")\b"
)
# "two hundred", "three thousand": a number word and its scale.
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000}
_SCALE_WORD = re.compile(r"[\s-]+(" + "|".join(_SCALES) + r")\b")
_DIGITS = re.compile(r"-?\d[\d,]*(?:\.\d+)?")
_YEAR_ONLY = re.compile(r"^(?:in\s+)?(\d{4})$")
# A weekday or a month named alone: dateparser never reads one as a date under the settings
# of ``_date_parser`` (``REQUIRE_PARTS`` asks for a day of the month, and neither names one),
# whatever the publication date; tests/test_details.py holds it to dateparser's answers. A
# weekday is the commonest date phrase in news (three in ten of them in the pipeline bench's
# articles), and dateparser takes about a millisecond to answer it.
_NO_DAY_OF_MONTH = re.compile(
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april"
    r"|may|june|july|august|september|october|november|december",
    re.IGNORECASE,
)


def parse_number(phrase: str) -> float | None:
    """The value of a number phrase: digits ("1,200", "3.5") or a small number word."""
    match = _DIGITS.search(phrase)
    if match:
        try:
            return float(match.group().replace(",", ""))
        except ValueError:
            return None
    found = _NUMBER_IN_WORDS.search(phrase.lower())
    if found is None:
        return None
    tens, unit, small = found.groups()
    value = _SMALL_NUMBERS[small] if small else _TENS[tens] + (_SMALL_NUMBERS[unit] if unit else 0)
    scale = _SCALE_WORD.match(phrase.lower(), found.end())
    return float(value * (_SCALES[scale.group(1)] if scale else 1))


@lru_cache(maxsize=4096)
def normalise_date(phrase: str, relative_to: str | None) -> str | None:
    """An ISO date (or year) for a date phrase, read relative to the publication date."""
    phrase = phrase.strip()
    if not phrase or len(phrase) > MAX_DATE_PHRASE_CHARS:
        return None
    year = _YEAR_ONLY.match(phrase)
    if year:
        return year.group(1)
    if _NO_DAY_OF_MONTH.fullmatch(phrase):
        return None
    base = None
    if relative_to:
        with suppress(ValueError):  # an unreadable publication date: read the phrase alone
            base = datetime.fromisoformat(relative_to[:PUBLISHED_DAY_CHARS])
    try:
        parsed = _date_parser(base).get_date_data(phrase)["date_obj"]
    except (ValueError, OverflowError):
        return None
    return parsed.date().isoformat() if parsed else None


@lru_cache(maxsize=MAX_DATE_PARSERS)
def _date_parser(relative_base: datetime | None) -> DateDataParser:
    """The parser ``dateparser.parse`` would build for these settings, built once: it keeps
    no state between phrases (``try_previous_locales`` is off), so reusing it reads every
    phrase as a fresh one would, about three times faster."""
    settings: dict[str, object] = {"PREFER_DATES_FROM": "past", "REQUIRE_PARTS": ["day"]}
    if relative_base is not None:
        settings["RELATIVE_BASE"] = relative_base
    return DateDataParser(languages=["en"], settings=settings)


def find_dates(doc: Doc, published: str | None) -> tuple[Span, ...]:
    # Only the publication day is read (``normalise_date``): keyed by it, articles of one day
    # published at different times share the cached answers.
    day = published[:PUBLISHED_DAY_CHARS] if published else published
    spans = []
    for ent in doc.ents:
        if ent.label_ in DATE_LABELS:
            value = normalise_date(ent.text, day)
            spans.append(Span(ent.start_char, ent.end_char, value or "", ent.text))
    return tuple(spans)


def find_numbers(doc: Doc) -> tuple[Span, ...]:
    spans = []
    for ent in doc.ents:
        if ent.label_ not in NUMBER_LABELS:
            continue
        value = parse_number(ent.text)
        if value is None:
            continue
        left = max(ent.sent.start, ent.start - NUMBER_CONTEXT_TOKENS)
        right = min(ent.sent.end, ent.end + NUMBER_CONTEXT_TOKENS)
        context = doc[left:right].text
        spans.append(Span(ent.start_char, ent.end_char, f"{value:g}", context))
    return tuple(spans)
