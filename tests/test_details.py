"""Dates and numbers read from text."""

from __future__ import annotations

import pytest

from storylens.analyse.details import find_dates, find_numbers, normalise_date, parse_number


@pytest.mark.parametrize(
    ("phrase", "value"),
    [("12", 12.0), ("1,200", 1200.0), ("3.5 million", 3.5), ("fourteen", 14.0), ("many", None)],
)
def test_parse_number(phrase: str, value: float | None) -> None:
    assert parse_number(phrase) == value


@pytest.mark.parametrize(
    ("phrase", "published", "iso"),
    [
        ("March 4, 2026", None, "2026-03-04"),
        ("2021", None, "2021"),
        ("January 9", "2026-02-10", "2026-01-09"),
        ("the last three years of his long career in politics", None, None),
    ],
)
def test_normalise_date(phrase: str, published: str | None, iso: str | None) -> None:
    assert normalise_date(phrase, published) == iso


def test_dates_and_numbers_from_a_doc(nlp) -> None:  # type: ignore[no-untyped-def]
    doc = nlp("On March 4, 2026, fourteen people were injured when the bridge in Dunmore fell.")
    dates = find_dates(doc, "2026-03-05")
    assert [(d.text, d.label) for d in dates] == [("March 4, 2026", "2026-03-04")]
    numbers = find_numbers(doc)
    assert [n.label for n in numbers] == ["14"]
    assert "injured" in numbers[0].text


def test_numbers_in_words_up_to_ninety_nine_and_their_scale() -> None:
    assert parse_number("Thirty-five") == 35
    assert parse_number("forty two") == 42
    assert parse_number("Twelve") == 12
    assert parse_number("about two hundred") == 200
    assert parse_number("three thousand people") == 3000
    assert parse_number("someone") is None
    assert parse_number("often") is None


# Publication days a year apart over two decades, each a different weekday and month.
_PUBLISHED_DAYS = [
    f"{year}-{month:02d}-{day:02d}"
    for year, month, day in zip(
        range(2004, 2026), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] * 2, range(1, 29), strict=False
    )
]


@pytest.mark.parametrize(
    "name",
    [
        *["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        *["January", "February", "March", "April", "May", "June", "July"],
        *["August", "September", "October", "November", "December"],
    ],
)
def test_a_weekday_or_month_alone_is_answered_as_dateparser_answers(name: str) -> None:
    """The phrases ``normalise_date`` answers without dateparser get dateparser's answer."""
    from datetime import datetime

    from storylens.analyse.details import _date_parser

    for published in [None, *_PUBLISHED_DAYS]:
        base = datetime.fromisoformat(published) if published else None
        for phrase in (name, name.lower(), name.upper()):
            parsed = _date_parser(base).get_date_data(phrase)["date_obj"]
            expected = parsed.date().isoformat() if parsed else None
            assert normalise_date(phrase, published) == expected, (phrase, published)


def test_dates_are_read_against_the_publication_day_alone(nlp) -> None:  # type: ignore[no-untyped-def]
    doc = nlp("The council met last Tuesday and will vote on March 3. It met yesterday too.")
    day = find_dates(doc, "2015-03-05")
    assert day == find_dates(doc, "2015-03-05T23:59:00+02:00")
    assert any(span.label for span in day)
