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
