"""Quote recall on general news (issue #23), each rule on written sentences.

Attributions the parse hid: a report whose cue the parse also gave a clause of the sentence
or paragraph before it (`indirect._reported_clause`).
"""

from __future__ import annotations

from spacy.language import Language

from test_quote_precision import _holding, _quotes


def test_a_clause_of_the_paragraph_before_is_not_the_report(nlp: Language) -> None:
    text = (
        "Varga spoke to reporters on the pier. “Every word I said there is true. No one has "
        "disputed a word I said.”\n\nDespite doubting the harbour board, Varga said if "
        "reelected she could work closely with its members."
    )
    quote = _holding(_quotes(nlp, text), "she could work closely with its members")
    assert quote.cue == "said"
    assert "Varga" in (quote.speaker or "")


def test_a_clause_before_the_speaker_is_not_the_report(nlp: Language) -> None:
    text = (
        "The council has cut the ferry budget twice: Varga said she had raised $40,000 "
        "from local shops in a week."
    )
    quotes = _quotes(nlp, text)
    quote = _holding(quotes, "she had raised $40,000")
    assert "Varga" in (quote.speaker or "")
    assert not any("cut the ferry budget" in q.text for q in quotes)


def test_a_fronted_report_without_a_clause_after_the_cue_stands(nlp: Language) -> None:
    text = "The ferry will run all winter, the board said on Monday."
    quote = _holding(_quotes(nlp, text), "The ferry will run all winter")
    assert quote.cue == "said"
