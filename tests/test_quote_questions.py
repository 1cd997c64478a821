"""A question put to a speaker is the asker's words, not the speaker's: written sentences."""

from __future__ import annotations

import pytest
from spacy.language import Language

from storylens.analyse.quotes import extract_quotes
from storylens.records import Quote
from test_quotes import find


def quotes_of(nlp: Language, text: str) -> list[Quote]:
    return [q for q in extract_quotes(nlp(text)) if q.kind != "scare"]


@pytest.mark.parametrize(
    "text",
    [
        'Asked bluntly, "Did you sign the lease?" Corrine Maddox replied, "I will not discuss'
        ' that today."',
        'When asked, "Did you sign the lease?" Corrine Maddox said, "I will not discuss that'
        ' today."',
        'She was asked, "Did you sign the lease?" Corrine Maddox said: "I will not discuss'
        ' that today."',
    ],
)
def test_question_put_to_the_speaker_is_not_hers(nlp: Language, text: str) -> None:
    quotes = quotes_of(nlp, text)
    assert len(quotes) == 2, [q.text for q in quotes]
    question, answer = quotes
    assert question.text == "Did you sign the lease?"
    assert question.speaker is None
    assert answer.text.startswith("I will not discuss that today")
    assert answer.kind == "direct"
    assert answer.speaker == "Corrine Maddox"


def test_question_answered_after_a_reply_verb(nlp: Language) -> None:
    quotes = quotes_of(nlp, '"Is the pier closing?" Osric Vale replied, "Not this year."')
    assert [q.text for q in quotes] == ["Is the pier closing?", "Not this year."]
    assert quotes[0].speaker is None
    assert quotes[1].speaker == "Osric Vale"
    assert quotes[1].kind == "direct"


def test_question_asked_by_a_named_asker(nlp: Language) -> None:
    text = 'A reporter asked, "Is the pier closing?" Osric Vale replied, "Not this year."'
    quotes = quotes_of(nlp, text)
    assert find(quotes, "pier closing").speaker == "a reporter"
    answer = find(quotes, "Not this year")
    assert answer.speaker == "Osric Vale"
    assert "pier" not in answer.text


def test_question_put_by_an_agent(nlp: Language) -> None:
    text = 'Asked by a reporter, "Is the pier closing?" Osric Vale replied, "Not this year."'
    quotes = quotes_of(nlp, text)
    assert find(quotes, "pier closing").speaker == "a reporter"
    assert find(quotes, "Not this year").speaker == "Osric Vale"


@pytest.mark.parametrize(
    "text",
    [
        'Osric Vale shrugged. "Why would I sell the pier?" he replied.',
        'Osric Vale shrugged. "Why would I sell the pier?" he replied, "It makes money."',
        'Osric Vale shrugged. "Who says I’d sell the pier?" he replied, "It makes money."',
        'Asked about the sale, "Why would I sell the pier?" Osric Vale replied.',
        'Osric Vale stood up and asked, "Why would anyone sell the pier?"',
    ],
)
def test_speakers_own_question_stays_his(nlp: Language, text: str) -> None:
    quote = find(quotes_of(nlp, text), "sell the pier")
    assert quote.speaker == "Osric Vale"
    assert not quote.text.startswith(("Asked", "about"))


def test_question_with_a_passive_ask_after_it(nlp: Language) -> None:
    text = (
        'Mayor Tom Vale spoke on Monday. "Will you sell the pier?" Vale was asked. "No," he said.'
    )
    quotes = quotes_of(nlp, text)
    assert find(quotes, "sell the pier").speaker is None
    assert find(quotes, "No").speaker == "Tom Vale"


def test_one_told_is_not_the_speaker(nlp: Language) -> None:
    quote = find(quotes_of(nlp, '"Leave the pier now," Osric Vale was told by the guards.'), "pier")
    assert quote.speaker == "the guards"


def test_put_question_frame_is_not_the_answer(nlp: Language) -> None:
    quote = find(quotes_of(nlp, 'When asked, "Not this year," Osric Vale said.'), "Not this")
    assert quote.text == "Not this year,"
    assert quote.speaker == "Osric Vale"


def test_answer_after_a_put_question_is_the_answerers(nlp: Language) -> None:
    text = (
        "Mayor Ann Cole, who spoke to the council when asked about the ferry: "
        '"That matter is in the harbour board\'s hands."'
    )
    assert find(quotes_of(nlp, text), "harbour board").speaker == "Ann Cole"


def test_reporters_frame_of_a_question_is_not_quoted(nlp: Language) -> None:
    text = 'Pressed on the ferry, "Why would I cut it?" Ann Cole replied.'
    quote = find(quotes_of(nlp, text), "cut it")
    assert quote.text == "Why would I cut it?"
    assert quote.speaker == "Ann Cole"


def test_words_told_to_someone_are_the_outer_reporters(nlp: Language) -> None:
    text = (
        "A source close to the ferry board said the engine had failed twice and that the crew "
        'had been told to "keep sailing until the spring refit."'
    )
    quote = find(quotes_of(nlp, text), "keep sailing")
    assert quote.speaker == "a source close to the ferry board"
