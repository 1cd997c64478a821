"""An interview on another outlet's programme, and an anonymous source relayed by another
outlet (fresh readers of real three-outlet reports): the outlet is credited, the programme's
host is no source, and the relayed source counts as anonymous."""

from __future__ import annotations

import pytest
from spacy.language import Language

from storylens.analyse.quotes import extract_quotes
from storylens.compare.credits import article_credits
from storylens.compare.sourcing import counted_quotes
from test_sourcing_lines import _said

# -- the outlet of a programme is credited ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "credited"),
    [
        ("Mayor Holt said Tuesday on PBS’s the “Evening Report” show.", ["PBS"]),
        ('Mayor Holt said Sunday on NBC\'s "Morning Hour" that the bridge was safe.', ["NBC"]),
        ("Asked on CNN whether the bridge was safe, Mayor Holt said yes.", ["CNN"]),
        ("A package was found on Friday, CNN and NBC reported.", ["CNN", "NBC"]),
        ("CNN, citing two city officials, reported that the deal was dead.", ["CNN"]),
        (
            "The repairs cost more, according to two officials quoted by the Harbor Gazette.",
            ["Harbor Gazette"],
        ),
    ],
)
def test_an_outlet_named_for_a_programme_or_a_relay_is_credited(
    text: str, credited: list[str]
) -> None:
    assert [name for name, _, _ in article_credits(text, ["Echo"])] == credited


def test_a_name_joined_by_and_stays_one_where_a_part_is_no_outlet() -> None:
    text = "The figures were first reported by Barnes and Noble Review."
    assert [name for name, _, _ in article_credits(text, ["Echo"])] == ["Barnes and Noble Review"]


# -- a source described by access, relayed or not, is anonymous ---------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Mayor Dana Holt spoke on Friday. The deal is dead, a person familiar with the talks "
        "told the Harbor Gazette.",
        "Mayor Dana Holt spoke on Friday. People familiar with the talks told CNN the deal was "
        "dead.",
        "Mayor Dana Holt spoke on Friday. The cracks were found during a routine inspection, "
        "according to a source cited by CNN.",
    ],
)
def test_a_source_by_access_told_or_cited_by_an_outlet_is_anonymous(
    nlp: Language, text: str
) -> None:
    counted = list(counted_quotes(extract_quotes(nlp(text)), text))
    assert [source for _, source, _ in counted] == ["anonymous"], [
        (q.speaker, q.cue, s) for q, s, _ in counted
    ]


@pytest.mark.parametrize(
    ("text", "words", "source"),
    [
        (
            "The deal is dead, CNN reported, citing a source close to the mayor.",
            "The deal is dead",
            "a source close to the mayor",
        ),
        (
            "The deal is dead, the Harbor Gazette reported, quoting two unnamed aides.",
            "The deal is dead",
            "two unnamed aides",
        ),
    ],
)
def test_a_source_an_outlets_report_cites_is_counted_anonymous(
    text: str, words: str, source: str
) -> None:
    outlet = "CNN" if "CNN" in text else "the Harbor Gazette"
    quote = _said(text, words, outlet, cue="reported", speaker_type="organization")
    counted = list(counted_quotes([quote], text))
    assert [(q.speaker, kind) for q, kind, _ in counted] == [(source, "anonymous")]


def test_an_outlets_report_citing_a_thing_counts_nothing() -> None:
    text = "The deal is dead, CNN reported, citing a number of leaked emails."
    quote = _said(text, "The deal is dead", "CNN", cue="reported", speaker_type="organization")
    assert list(counted_quotes([quote], text)) == []


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("Councillor Ames told the Huffington Post that she would stay.", "huffpost"),
        ("Councillor Ames told HuffPost that she would stay.", "huffingtonpost"),
    ],
)
def test_an_outlet_named_by_its_other_name_is_its_own(text: str, own: str) -> None:
    # an outlet known by two names interviews for itself under either
    assert article_credits(text, ["hpo", own]) == []
