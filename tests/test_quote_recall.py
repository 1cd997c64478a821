"""Quote recall on general news (issue #23), each rule on written sentences.

Attributions the parse hid: a report whose cue the parse also gave a clause of the sentence
or paragraph before it (`indirect._reported_clause`); a call for someone to act and a
question put with "if" or "whether", which the parse made a clause of condition
(`indirect._phrasal_clause_content`); a one-word answer, "said yes", "said the same of"
(`indirect._short_answer`).
"""

from __future__ import annotations

import pytest
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


def test_a_call_for_someone_to_act_reports_the_act(nlp: Language) -> None:
    text = "Mayor Ines Varga has called for the harbour board to resign."
    quote = _holding(_quotes(nlp, text), "the harbour board to resign")
    assert "Varga" in (quote.speaker or "")
    assert not quote.text.startswith("for")


def test_a_question_put_to_someone_is_what_was_asked(nlp: Language) -> None:
    text = "Then Ruth Penn asked the students if they were always so serious."
    quote = _holding(_quotes(nlp, text), "if they were always so serious")
    assert "Penn" in (quote.speaker or "")


@pytest.mark.parametrize(
    ("text", "answer", "speaker"),
    [
        ("Asked if the pier would reopen, 75 percent of residents said yes.", "yes", "percent"),
        ("Asked if he was ever bullied, the candidate said no.", "no", "candidate"),
        (
            "Six in 10 voters said Varga is honest, and three-quarters said the same of Penn.",
            "the same of Penn",
            "quarters",
        ),
    ],
)
def test_a_one_word_answer_is_what_was_said(
    nlp: Language, text: str, answer: str, speaker: str
) -> None:
    quote = _holding(_quotes(nlp, text), answer)
    assert quote.text == answer
    assert speaker in (quote.speaker_mention or quote.speaker or "")


def test_so_in_a_phrase_is_no_answer(nlp: Language) -> None:
    assert not _quotes(nlp, "He said so many things that night.")


def test_saying_no_to_a_thing_is_no_answer(nlp: Language) -> None:
    assert not _quotes(nlp, "Dana Merrow said no to the new pier in 2008.")
