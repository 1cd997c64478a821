"""Dates in words for people: the TIMEX3 values the comparison keeps ("2026-11-03",
"XXXX-WXX-2", "2026-11-04TNI", "2026-SU") said as a reader says them ("Tuesday 3 November
2026", "a Tuesday; no publication date to place it", "the night of Wednesday 4 November 2026",
"summer 2026"). Pages, ``show`` and Markdown use these words; JSON keeps the values.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from storylens.records import DetailStatus

# What a value with an unknown year or week lacks, said once for every such value.
NO_PUBLICATION_DATE = "no publication date to place it"
# A fresh reader found "the next day" of a dated article said as having no publication date.
COUNTED_FROM_AN_EVENT = "a day counted from another the article tells; not placed"
# The parts of a day TIMEX3 names instead of a clock time.
_PARTS_OF_DAY = {
    "MO": "the morning of",
    "AF": "the afternoon of",
    "EV": "the evening of",
    "NI": "the night of",
    "DT": "the daytime of",
}
_SEASONS = {"SP": "spring", "SU": "summer", "FA": "autumn", "WI": "winter"}
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}
# The endings of ordinal numbers by last digit; every other digit, and 11-13, take "th".
_ORDINAL_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}
_REFERENCES = {"PRESENT_REF": "now", "PAST_REF": "in the past", "FUTURE_REF": "in the future"}
_DURATION_UNITS = {
    "Y": "year",
    "M": "month",
    "W": "week",
    "D": "day",
    "H": "hour",
    "TM": "minute",
    "S": "second",
    "DE": "decade",
    "CE": "century",
}
_STATUS_WORDS: dict[str, str] = {
    "disagree": "confirmed conflict",
    "unchecked": "possible conflict",
    "agree": "agree",
}
# A weekend of an ISO week, as TIMEX3 writes it ("2011-W21-WE").
_WEEKEND = re.compile(r"(\d{4})-W(\d{1,2})-WE")
# Relative phrases that name the week before the publication week.
_LAST_WEEK = re.compile(r"\b(?:last|past|previous)\s+week\b", re.IGNORECASE)


def day_in_words(day: date) -> str:
    """ "Tuesday 3 November 2026"."""
    return (
        f"{calendar.day_name[day.weekday()]} {day.day} {calendar.month_name[day.month]} {day.year}"
    )


def ordinal_number(number: int) -> str:
    """ "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "111th": the
    teens take "th" whatever their last digit (a fresh reader found "the 21th century")."""
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{_ORDINAL_SUFFIXES.get(number % 10, 'th')}"


def date_interval(value: str) -> tuple[date, date] | None:
    """The days a TIMEX3 date value covers, or None for one that is not a calendar date."""
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}(T.*)?", value):
            day = date.fromisoformat(value[:10])
            return day, day
        if match := re.fullmatch(r"(\d{4})-W(\d{1,2})", value):
            first = date.fromisocalendar(int(match[1]), int(match[2]), 1)
            return first, first + timedelta(days=6)
        if match := _WEEKEND.fullmatch(value):
            saturday = date.fromisocalendar(int(match[1]), int(match[2]), 6)
            return saturday, saturday + timedelta(days=1)
        if match := re.fullmatch(r"(\d{4})-(\d{2})", value):
            first = date(int(match[1]), int(match[2]), 1)
            following = date(first.year + first.month // 12, first.month % 12 + 1, 1)
            return first, following - timedelta(days=1)
        if match := re.fullmatch(r"(\d{4})-Q([1-4])", value):
            quarter = int(match[2])
            first = date(int(match[1]), 3 * quarter - 2, 1)
            last_month = 3 * quarter
            following = date(first.year + last_month // 12, last_month % 12 + 1, 1)
            return first, following - timedelta(days=1)
        if re.fullmatch(r"\d{4}", value):
            return date(int(value), 1, 1), date(int(value), 12, 31)
    except ValueError:
        return None
    return None


def _weekend(value: str) -> str | None:
    """ "the weekend of Saturday 28 and Sunday 29 May 2011" for "2011-W21-WE"."""
    if not _WEEKEND.fullmatch(value):
        return None
    days = date_interval(value)
    if days is None:
        return None
    saturday, sunday = days
    if saturday.month == sunday.month:
        return (
            f"the weekend of Saturday {saturday.day} and Sunday {sunday.day} "
            f"{calendar.month_name[sunday.month]} {sunday.year}"
        )
    return f"the weekend of {day_in_words(saturday)} and {day_in_words(sunday)}"


def _clock(hours: int, minutes: int) -> str:
    """A clock time as news writes it; "24:00" (TIMEX3's midnight at a day's end) is no
    "12 p.m.", which reads as noon (a fresh reader found "midnight Dec. 21" shown so)."""
    if minutes == 0 and hours in (0, 24):
        return "midnight"
    if minutes == 0 and hours == 12:
        return "noon"
    suffix = "a.m." if hours < 12 else "p.m."
    shown = hours % 12 or 12
    return f"{shown}:{minutes:02d} {suffix}" if minutes else f"{shown} {suffix}"


def _day_part(value: str) -> str | None:
    match = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})(?:T(.*))?", value)
    if not match:
        return None
    try:
        day = date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None
    words = day_in_words(day)
    time = match[4]
    if not time:
        return words
    if clock := re.fullmatch(r"(\d{2}):(\d{2})(?::\d{2})?", time):
        if clock[2] == "00" and clock[1] in ("00", "24"):
            edge = "start" if clock[1] == "00" else "end"
            return f"midnight at the {edge} of {words}"
        return f"{_clock(int(clock[1]), int(clock[2]))} on {words}"
    if time in _PARTS_OF_DAY:
        return f"{_PARTS_OF_DAY[time]} {words}"
    return words


def _unknown_year(value: str, published: str | None = None) -> str | None:
    if match := re.fullmatch(r"XXXX-WXX-([1-7])(?:T(.+))?", value):
        weekday = f"a {calendar.day_name[int(match[1]) - 1]}"
        time = match[2]
        if time and (clock := re.fullmatch(r"(\d{2}):(\d{2})(?::\d{2})?", time)):
            weekday = f"{_clock(int(clock[1]), int(clock[2]))} on {weekday}"
        elif time in _PARTS_OF_DAY:
            weekday = f"{_PARTS_OF_DAY[time]} {weekday}"
        return f"{weekday}; {NO_PUBLICATION_DATE}"
    if match := re.fullmatch(r"XXXX-(\d{2})-(\d{2})(?:T.*)?", value):
        month = int(match[1])
        if 1 <= month <= 12:
            return f"{int(match[2])} {calendar.month_name[month]}, year not given"
    if match := re.fullmatch(r"XXXX-(\d{2})", value):
        month = int(match[1])
        if 1 <= month <= 12:
            return f"{calendar.month_name[month]}; {NO_PUBLICATION_DATE}"
    if match := re.fullmatch(r"XXXX-XX-XXT(\d{2}):(\d{2}).*", value):
        return f"{_clock(int(match[1]), int(match[2]))}, day not given"
    if value.startswith("XXXX"):
        if published and value == "XXXX-XX-XX":
            # a dated article's unresolved value counts from another day it tells ("the next
            # day"), not from the publication: "no publication date" would be false
            return COUNTED_FROM_AN_EVENT
        return f"a date relative to the publication; {NO_PUBLICATION_DATE}"
    return None


def _week(value: str, text: str, published: str | None) -> str | None:
    match = re.fullmatch(r"(\d{4})-W(\d{2})", value)
    if not match:
        return None
    try:
        monday = date.fromisocalendar(int(match[1]), int(match[2]), 1)
    except ValueError:
        return None
    if published and _LAST_WEEK.search(text):
        try:
            anchor = date.fromisoformat(published[:10])
        except ValueError:
            anchor = None
        if anchor is not None:
            return f"the week before {anchor.day} {calendar.month_name[anchor.month]} {anchor.year}"
    sunday = monday + timedelta(days=6)
    return f"the week of {day_in_words(monday)} to {day_in_words(sunday)}"


# "the past decade", "the last year": TIMEX3 gives the calendar decade or year before the
# publication ("200", "2011"), but the words mean the span up to it (a fresh reader marked
# "the 2000s" for "the past decade", written in January 2013, misleading). Said as that span.
_ROLLING = re.compile(r"\bthe\s+(?:past|last)\s+(decade|year)\b", re.IGNORECASE)
_ROLLING_SPANS = {"decade": "the ten years", "year": "the twelve months"}


def _rolling(value: str, text: str, published: str | None) -> str | None:
    match = _ROLLING.search(text)
    if match is None:
        return None
    unit = match[1].lower()
    if not re.fullmatch(r"\d{3}" if unit == "decade" else r"\d{4}", value):
        return None
    try:
        anchor = date.fromisoformat(published[:10]) if published else None
    except ValueError:
        anchor = None
    until = f"{calendar.month_name[anchor.month]} {anchor.year}" if anchor else "the publication"
    return f"{_ROLLING_SPANS[unit]} before {until}"


def _period(value: str) -> str | None:
    if match := re.fullmatch(r"(\d{4})-(\d{2})", value):
        month = int(match[2])
        return f"{calendar.month_name[month]} {match[1]}" if 1 <= month <= 12 else None
    if match := re.fullmatch(r"(\d{4})-Q(\d)", value):
        ordinal = _ORDINALS.get(int(match[2]))
        return f"the {ordinal} quarter of {match[1]}" if ordinal else None
    if match := re.fullmatch(r"(\d{4})-H(\d)", value):
        ordinal = _ORDINALS.get(int(match[2]))
        return f"the {ordinal} half of {match[1]}" if ordinal else None
    if match := re.fullmatch(r"(\d{4})-(SP|SU|FA|WI)", value):
        return f"{_SEASONS[match[2]]} {match[1]}"
    if re.fullmatch(r"\d{4}", value):
        return value
    if re.fullmatch(r"\d{3}", value):
        return f"the {value}0s"
    if re.fullmatch(r"\d{2}", value):
        return f"the {ordinal_number(int(value) + 1)} century"
    return None


def _duration(value: str) -> str | None:
    match = re.fullmatch(r"P(T?)(\d+(?:\.\d+)?|X)([A-Z]{1,2})", value)
    if not match:
        return None
    unit = _DURATION_UNITS.get(("T" if match[1] and match[3] == "M" else "") + match[3])
    if unit is None:
        return None
    if match[2] == "X":
        return f"some {unit}s"
    amount = match[2].removesuffix(".0")
    return f"{amount} {unit}" + ("" if amount == "1" else "s")


def date_in_words(value: str, text: str = "", published: str | None = None) -> str:
    """A TIMEX3 value in words; ``text`` (the article's words) and ``published`` (its
    publication date) say a relative week as the reader would ("the week before ..."). A
    value these rules do not know is shown as it is."""
    if value in _REFERENCES:
        return _REFERENCES[value]
    for reading in (
        _day_part(value),
        _weekend(value),
        _week(value, text, published),
        _rolling(value, text, published),
        _period(value),
        _unknown_year(value, published),
        _duration(value),
    ):
        if reading is not None:
            return reading
    return value


def status_in_words(status: DetailStatus) -> str:
    """A detail row's status as a reader is told it: a confirmed or a possible conflict."""
    return _STATUS_WORDS.get(status, status)


def detail_value_in_words(kind: str, value: str, text: str = "") -> str:
    """A detail's value as a reader reads it: a date or a time of day in words, an amount or
    a count as the number it is ("2400000" for "$2.4 million"), anything else as it is."""
    if kind == "date":
        return date_in_words(value, text)
    if kind == "time" and (clock := re.fullmatch(r"(\d{2}):(\d{2})", value)):
        return _clock(int(clock[1]), int(clock[2]))
    if kind in ("money", "count"):
        try:
            number = float(value)
        except ValueError:
            return value
        return f"{number:,.0f}" if number == int(number) else f"{number:,}"
    return value


def published_in_words(published: str | None) -> str:
    """An article's publication date in words ("Wednesday 4 November 2026"), or "no date"."""
    if not published:
        return "no date"
    return date_in_words(published[:10])
