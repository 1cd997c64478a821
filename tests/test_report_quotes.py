"""The report's quote lines: a paraphrase is the outlet's own words, never shown as a quotation
(issue 19). Every example is written for the test."""

from __future__ import annotations

from storylens.records import QuoteVariant
from storylens.report import variant_words


def test_a_paraphrase_is_not_shown_in_quotation_marks() -> None:
    told = QuoteVariant(
        "post",
        "Post",
        "that every ballot had been counted twice",
        "Hetty Munder",
        70.0,
        "paraphrased",
        kind="indirect",
    )
    shown = variant_words(told)
    assert "“" not in shown and "”" not in shown and "every ballot" in shown


def test_a_quotation_is_shown_in_quotation_marks() -> None:
    quoted = QuoteVariant("wire", "Wire", "Every ballot was counted twice.", "Hetty Munder", 90.0)
    assert variant_words(quoted) == "“Every ballot was counted twice.”"
