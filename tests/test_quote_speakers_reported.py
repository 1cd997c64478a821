"""Speakers readers found wrong in a real three-outlet report, each rule on written
(fictional) sentences: a name inside someone's reported clause does not take over the next
"he said"; a quoted phrase in a speech act's object is its subject's; a document owned by a
named person speaks as that person.
"""

from __future__ import annotations

import pytest
from spacy.language import Language

from test_quote_precision import _holding, _quotes

# -- the reporter of the sentence before continues, not a name in what they report ----------


@pytest.mark.parametrize(
    "text",
    [
        "Mayor Tom Ortiz is running again. Ortiz says he would like to lead the council. "
        "He said Bill Hale, however, would probably chair the budget panel if the opposition "
        "wins. “If you vote for me, you will get someone who listens,” he said.",
        "Councilman Dan Reyes spoke on Monday. Reyes said that Mark Olden would win the vote. "
        "“I think we can still surprise them,” he said.",
        "Councilman Dan Reyes spoke on Monday. He told reporters that Mark Olden would win "
        "the vote. “I think we can still surprise them,” he said.",
    ],
)
def test_a_name_in_a_reported_clause_does_not_take_the_next_he(nlp: Language, text: str) -> None:
    quotes = _quotes(nlp, text)
    last = quotes[-1]
    assert last.kind == "direct"
    assert last.speaker in ("Tom Ortiz", "Dan Reyes"), [(q.speaker, q.text) for q in quotes]


def test_a_name_of_the_other_gender_in_a_report_leaves_the_pronoun_to_it(
    nlp: Language,
) -> None:
    text = (
        "Councilwoman Ana Reyes spoke on Monday. She said that Mark Olden would win the vote. "
        "“I think we can still surprise them,” he said."
    )
    assert _holding(_quotes(nlp, text), "surprise them").speaker == "Mark Olden"


def test_the_subject_of_the_sentence_before_still_speaks(nlp: Language) -> None:
    text = (
        "Councilman Dan Reyes spoke on Monday. Mark Olden won the vote easily. "
        "“I think we surprised them,” he said."
    )
    assert _holding(_quotes(nlp, text), "surprised them").speaker == "Mark Olden"


def test_a_name_in_a_reported_clause_gets_no_gender_from_the_next_he(nlp: Language) -> None:
    # "Corin" names nobody's gender by itself: the "he" after what Pell says she asked is
    # Pell's, and votes him, not her, male; her own "she" below is then hers.
    text = (
        "The photographer Otto Pell followed the singer Corin Vasse along the pier. Pell "
        "told the Ledger that Vasse asked him twice to stop. “She looked at me and said, "
        "‘Put that down,’” he said."
    )
    quotes = _quotes(nlp, text)
    assert _holding(quotes, "She looked at me").speaker == "Otto Pell"
    nested = [q for q in quotes if q.kind == "nested"]
    assert [q.speaker for q in nested] == ["Corin Vasse"], [(q.speaker, q.text) for q in quotes]


def test_a_cue_joined_to_a_quoted_clause_before_its_cue_has_its_own_subject(
    nlp: Language,
) -> None:
    text = (
        "Photographer Idris Malik took pictures of the singer Ann Vale. Malik said she asked "
        "him twice to stop. “She looked at me and said, ‘Put that down,’” he said."
    )
    nested = [q for q in _quotes(nlp, text) if q.kind == "nested"]
    assert [q.speaker for q in nested] == ["Ann Vale"]


# -- a named person's message or written text speaks for its owner ---------------------------


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        (
            "Mayor Ann Ortiz spoke on Friday. Ms. Ortiz's apology recalled her years as a "
            "nurse, including her own time “working night shifts.”",
            "Ann Ortiz",
        ),
        (
            "Councilman Dan Reyes resigned. Mr. Reyes's letter said the council had been "
            "“a family to me.”",
            "Dan Reyes",
        ),
    ],
)
def test_a_named_owners_message_is_the_owners(nlp: Language, text: str, speaker: str) -> None:
    quote = _quotes(nlp, text)[-1]
    assert (quote.speaker, quote.speaker_type) == (speaker, "person")
    assert "'s" in (quote.speaker_mention or "")


def test_a_named_owners_remarks_that_suggest_are_no_speech(nlp: Language) -> None:
    text = "Councilman Dan Reyes spoke. Mr. Reyes's remarks suggested some regret about the vote."
    quote = _holding(_quotes(nlp, text), "regret")
    assert (quote.speaker, quote.act) == ("Dan Reyes", "evidence")


def test_an_owned_report_stays_the_reports(nlp: Language) -> None:
    text = "Mayor Ann Ortiz's budget report said the ferry would cost “far too much.”"
    quote = _holding(_quotes(nlp, text), "far too much")
    assert quote.speaker != "Ann Ortiz"
