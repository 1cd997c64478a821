"""Quote speakers a fact-checker can trust (issue #19/#23): speakers fresh readers found wrong
in real reports, each rule on written (fictional) sentences. A name inside what someone
reports does not take the next "he said" from the reporter, however deep the report; a speech
verb the parse hung on the wrong verb keeps its own subject; a by-phrase naming a thing
attributes nothing; a speech speaks for its owner; a party tag is no part of a name, and two
people named together speak together; "it" after a document's quote is the document.
"""

from __future__ import annotations

import pytest
from spacy.language import Language

from storylens.analyse.quotes.speakers import PARTY_TAG
from test_quote_precision import _holding, _quotes

# -- a name deep inside someone's report does not take their "he said" ----------------------

SPEECH_IN_WHICH = (
    "Tom Alder, the former mayor, spoke at the convention on Monday. The line was an "
    "unscripted addition to a speech in which Alder criticized the council, but argued that "
    "Dan Reyes was a “dangerous demagogue” and a bad businessman who would be a disastrous "
    "president. “I’m a New Yorker,” he said, “and New Yorkers know a con when we see one.”"
)


def test_a_name_in_a_deep_report_does_not_take_the_next_he(nlp: Language) -> None:
    quotes = _quotes(nlp, SPEECH_IN_WHICH)
    assert _holding(quotes, "New Yorker").speaker == "Tom Alder", [
        (q.speaker, q.text) for q in quotes
    ]


def test_a_speech_verb_hung_on_the_main_verb_keeps_its_own_subject(nlp: Language) -> None:
    quotes = _quotes(nlp, SPEECH_IN_WHICH)
    argued = _holding(quotes, "dangerous demagogue")
    assert argued.speaker == "Tom Alder"
    assert argued.speaker_mention == "Alder"


def test_a_second_speech_verb_of_its_own_subject_stays_the_subjects(nlp: Language) -> None:
    # The verb the parse joined it to is itself a speech verb: nothing to repair.
    text = (
        "Mayor Ana Quill said the budget was sound, but argued that the council had wasted "
        "a year on it."
    )
    assert _holding(_quotes(nlp, text), "wasted").speaker == "Ana Quill"


# -- a thing in a by-phrase says nothing; a speech says what its owner says ------------------


def test_a_by_phrase_naming_a_thing_attributes_nothing(nlp: Language) -> None:
    text = (
        "Tom Alder spoke on Monday. Alder made the case that the governor’s career is "
        "characterized by a litany of collapses and missteps."
    )
    speakers = [q.speaker_mention for q in _quotes(nlp, text)]
    assert not any("litany" in (s or "") for s in speakers), speakers


def test_a_by_phrase_naming_a_person_still_attributes(nlp: Language) -> None:
    text = "The plan was criticized by Mayor Ana Quill on Monday."
    quote = _holding(_quotes(nlp, text), "The plan")
    assert quote.speaker == "Ana Quill"


def test_a_speech_speaks_for_its_owner(nlp: Language) -> None:
    text = (
        "Tom Alder spoke at the convention on Monday. Alder’s scathing speech seemed designed "
        "to chafe the governor’s rawest nerves, mocking the governor’s business record and "
        "his ego."
    )
    mocking = _holding(_quotes(nlp, text), "business record")
    assert (mocking.speaker, mocking.speaker_type) == ("Tom Alder", "person")
    assert mocking.speaker_mention == "Alder’s scathing speech"


# -- party tags are no part of a name; two people named together speak together -------------


@pytest.mark.parametrize("tag", ["(D)", "(R-Fla.)", "(D-Skowhegan)", "(I-Vt.)", "(R-N.Y.)"])
def test_party_tags(tag: str) -> None:
    assert PARTY_TAG.fullmatch(tag)


@pytest.mark.parametrize("words", ["(AP)", "(Ann)", "(see below)", "(2016)"])
def test_other_parentheses_are_no_party_tags(words: str) -> None:
    assert not PARTY_TAG.fullmatch(words)


@pytest.mark.parametrize("first", ["Ron McCabe", "Dale McKee", "Jeff McKabe", "Jeff Varney"])
def test_two_tagged_leaders_speak_jointly(nlp: Language, first: str) -> None:
    text = (
        "“Every day, Paul Lester gives Ohio people more evidence that he is unfit for office,” "
        f"State House Majority Leader {first} (D) and Assistant House Majority Leader Ada "
        "Quill (D) said in a statement Tuesday night. “The governor needs to resign.”"
    )
    quote = _holding(_quotes(nlp, text), "unfit for office")
    assert (quote.speaker, quote.speaker_type) == (f"{first} and Ada Quill", "person")
    assert not (quote.speaker_mention or "").endswith("(D")


@pytest.mark.parametrize(
    "text",
    [
        "Sen. Ann Cole (R-Fla.) said the bill was dead.",
        "“The bill is dead,” said Sen. Ann Cole (R-Fla.).",
        "“The bill is dead,” Sen. Ann Cole (D-Skowhegan) said on Monday.",
    ],
)
def test_a_party_tag_is_no_part_of_the_speaker(nlp: Language, text: str) -> None:
    quote = _quotes(nlp, text)[0]
    assert quote.speaker == "Ann Cole"
    assert "(" not in (quote.speaker_mention or "")


# -- "it" after a document's quote is the document, and speaks for who issued it ------------


def test_it_after_an_issued_statement_is_the_issuer(nlp: Language) -> None:
    text = (
        "Senator Ann Cole gave a speech on trade on Monday.\n"
        "The Riverside Party issued a brief statement shortly after Cole’s speech:\n"
        "“Okay. So here’s Cole’s alleged new trade policy. Tariffs on everything. No plan for "
        'farmers."\n'
        "And it ended with: “Protectionism meets nostalgia: that’s the Cole doctrine.”"
    )
    ended = _holding(_quotes(nlp, text), "Cole doctrine")
    assert (ended.speaker, ended.speaker_type) == ("the Riverside Party", "organization")


def test_it_after_a_quote_without_a_document_stays_unresolved(nlp: Language) -> None:
    text = (
        "The Riverside Party met on Monday. Its chairman, Bo Reyes, spoke:\n"
        "“We are ready for the vote.”\n"
        "And it ended with: “Vote for us.”"
    )
    ended = _holding(_quotes(nlp, text), "Vote for us")
    assert ended.speaker != "the Riverside Party"


# -- a "he" that carries a main clause on carries its person on -----------------------------


def test_a_pronoun_subject_before_carries_its_person_to_the_next_he(nlp: Language) -> None:
    # the nearest name is inside the first sentence's object, two sentences back
    text = (
        "At the pier on Monday, Mr. Alder had run to Mr. Reyes’s side to help him. "
        "He set out a goal for the council, said before in the hall. "
        "“Tone down our own rhetoric,” he said."
    )
    assert _holding(_quotes(nlp, text), "Tone down").speaker == "Alder"


def test_the_he_of_a_main_clause_is_the_subject_before_it_not_the_object(nlp: Language) -> None:
    text = "Mr. Hale met Mr. Roe on Monday. He said the dock was safe. “We are fine,” he added."
    assert _holding(_quotes(nlp, text), "We are fine").speaker == "Hale"
