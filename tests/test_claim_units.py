"""Claims that stand alone (issue 19, item 1): a sentence or a main clause with its own
subject, never a piece of a quotation, never a dangling mark, never furniture."""

from __future__ import annotations

import pytest

from storylens.compare.claim_units import claim_units, furniture_spans
from test_compare_parts import member


def _texts(text: str) -> list[str]:
    return [unit.text for unit in claim_units([member("a", "Harbor Gazette", text)])]


def test_a_quotation_cut_by_the_sentence_splitter_is_one_claim() -> None:
    text = "‘So the whole point is that we argue about the budget. You’re a winner.’ she said."
    texts = _texts(text)
    assert not any(t.startswith("You’re a winner") for t in texts)
    assert any("You’re a winner" in t and "whole point" in t for t in texts)


def test_a_claim_never_ends_on_a_mark_whose_partner_is_in_another_paragraph() -> None:
    text = "“The reservoir is leaking again and nobody came.\nIt’s not cute at all, Mr Holt.”"
    texts = _texts(text)
    assert "It’s not cute at all, Mr Holt." in texts
    assert not any(t.endswith("”") or t.startswith("“") for t in texts)


@pytest.mark.parametrize("dependent", ["when conversation", "leaving fans"])
def test_a_dependent_clause_is_not_cut_off_as_a_claim(dependent: str) -> None:
    text = (
        "The couple sat down with the Harbor Gazette for a long interview about their year "
        "at the Brackenford reservoir, when conversation turned to a potential second series "
        "of their reality show about the dam, leaving fans and viewers cringing at home."
    )
    assert not any(t.startswith(dependent) for t in _texts(text))


def test_a_main_clause_with_its_own_subject_is_a_claim_of_its_own() -> None:
    text = (
        "Crews from the Brackenford Water Board worked through the night to shore up the "
        "leaking dam above the reservoir on Monday; the board said the town's water supply "
        "would stay safe for at least another month."
    )
    texts = _texts(text)
    assert len(texts) == 2
    assert texts[1].startswith("the board said")


@pytest.mark.parametrize(
    "line",
    [
        "Copyright 2026 Harbor Gazette. All rights reserved.",
        "This material may not be published, broadcast, rewritten or redistributed.",
        "[See attached photo gallery of the reservoir]",
        "Photo: Dana Holt for the Harbor Gazette",
        "Photo credit: Courtesy of the Holt family",
    ],
)
def test_furniture_is_never_a_claim(line: str) -> None:
    text = f"Crews shored up the leaking dam above the Brackenford reservoir on Monday.\n{line}"
    texts = _texts(text)
    assert texts == ["Crews shored up the leaking dam above the Brackenford reservoir on Monday."]


def test_a_photo_credit_is_cut_off_its_caption() -> None:
    text = "Crews at the leaking dam above the reservoir (Photo: Brackenford Water Board)"
    assert _texts(text) == ["Crews at the leaking dam above the reservoir"]
    assert furniture_spans(text) == [(text.index(" (Photo"), len(text))]
