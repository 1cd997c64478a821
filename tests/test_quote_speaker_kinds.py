"""Speaker resolution on the kinds of wrong speaker fresh readers found in real reports, each
on short written (fictional) sentences."""

from __future__ import annotations

import pytest
from spacy.language import Language

from storylens.analyse.nlp import load_pipeline
from storylens.analyse.quotes import extract_quotes
from storylens.records import Quote


@pytest.fixture(scope="module")
def nlp() -> Language:
    return load_pipeline()


def quote_holding(nlp: Language, text: str, words: str) -> Quote:
    quotes = [q for q in extract_quotes(nlp(text)) if words in q.text]
    assert quotes, f"no quote holds {words!r}"
    return quotes[0]


def test_a_surname_refers_to_the_name_with_its_suffix(nlp: Language) -> None:
    # The surname of "Dale Ortman Jr." is "Ortman", not "Jr.".
    text = (
        'Former Rep. Dale Ortman Jr. pleaded guilty on Monday. "I let everyone down," Ortman said.'
    )
    assert quote_holding(nlp, text, "let everyone down").speaker == "Dale Ortman Jr."


def test_a_suffix_tells_the_son_from_the_father(nlp: Language) -> None:
    text = (
        "Former Rep. Dale Ortman Jr. pleaded guilty on Monday. He once wrote a book with his "
        'father, Rev. Dale Ortman. "I let everyone down," Ortman Jr. said.'
    )
    assert quote_holding(nlp, text, "let everyone down").speaker == "Dale Ortman Jr."


def test_a_role_takes_up_the_person_last_named_in_it(nlp: Language) -> None:
    # Both men are hosts; the story is about Barker, whom it names after Lindell's mention.
    text = (
        "Talk show host Glen Barker closed the conference on Saturday. Last year's keynote "
        "was delivered by radio host Ross Lindell. Barker's speech stood out. "
        '"We need a smaller tent," the host complained.'
    )
    assert quote_holding(nlp, text, "smaller tent").speaker == "Glen Barker"


def test_a_person_described_by_their_role_is_no_organisation(nlp: Language) -> None:
    text = '"We will fight this," Linus P. Varga, the union\'s executive director, said.'
    quote = quote_holding(nlp, text, "fight this")
    assert (quote.speaker, quote.speaker_type) == ("Linus P. Varga", "person")


def test_a_group_naming_another_groups_plan_speaks_for_itself(nlp: Language) -> None:
    # The parse reads "called" as a participle of the group; the other group only owns the
    # plan that was named.
    text = (
        "Open Roads, a transit group in Denver, called Metro Council's plan "
        '"a historic moment" for riders.'
    )
    quote = quote_holding(nlp, text, "historic moment")
    assert quote.speaker_mention == "Open Roads"
    assert quote.speaker != "Metro Council"


def test_a_company_described_by_what_it_makes_stays_an_organisation(nlp: Language) -> None:
    text = (
        "Brightline Systems, the Ridgeport-based maker of scheduling software, said it would "
        "cut 40 jobs."
    )
    assert quote_holding(nlp, text, "cut 40 jobs").speaker_type == "organization"
