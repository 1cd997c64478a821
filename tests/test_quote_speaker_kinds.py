"""Speaker resolution on the kinds of wrong speaker fresh readers found in real reports, each
on short written (fictional) sentences."""

from __future__ import annotations

import pytest
from spacy.language import Language
from spacy.tokens import Doc

from storylens.analyse.nlp import load_pipeline
from storylens.analyse.quotes import extract_quotes
from storylens.analyse.quotes.speakers import _listed_names
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


def test_a_colon_paragraphs_speaker_is_no_noun_of_its_relative_clause(nlp: Language) -> None:
    # The verb nearest the colon ("has") is a relative clause's whose subject is "that"; the
    # speech verb further back ("argues") names who speaks the quote.
    text = (
        "Clearwater Daily, in a reply to the column, writes about the trouble with ambush "
        "interviews, and argues that it might be this new brand of “journalism” that has "
        "Hollis on edge:\n"
        "“Now, the senator’s temper is only partly excusable. He should have walked away from "
        "the camera and kept his head.”"
    )
    assert quote_holding(nlp, text, "partly excusable").speaker == "Clearwater Daily"


def test_a_bare_quote_about_the_last_speaker_is_not_theirs(nlp: Language) -> None:
    # An outlet prints an attack on Alder with no attribution right after his own quote; its
    # "his" can only mean him, so the words are not his.
    text = (
        "Rep. Tom Alder shoved a student on Tuesday. He apologised on Friday.\n"
        '"I have been pushed before but that is no excuse," he added, saying that it had been '
        'a "long day."\n'
        '"His conduct is a disgrace to the House. It is bad enough that he backs the tax hike, '
        'but this goes too far."\n'
        "Later, Alder met the student."
    )
    assert quote_holding(nlp, text, "disgrace to the House").speaker is None


def test_a_bare_quote_about_someone_named_since_stays_the_speakers(nlp: Language) -> None:
    # "he" may mean the governor named after Alder: the bare quote carries on Alder's.
    text = (
        "Tom Alder spoke on Thursday in Dover.\n"
        '"This was never our plan," Alder said in a speech in which he criticised Governor '
        "Ben Hale.\n"
        '"If he is such an expert, why has he not read the budget?"\n'
        "The governor did not reply."
    )
    assert quote_holding(nlp, text, "such an expert").speaker == "Tom Alder"


def test_a_document_saying_words_about_a_person_is_their_speaker(nlp: Language) -> None:
    # The parse read "after" as a preposition and "said" as a conjunct of "sought": the
    # survey said the words, not Marsh, whom they are about.
    text = (
        "According to The Ledger, Marsh sought to clarify her stance after an alleged survey "
        'in Idaho said she "backs higher taxes and openly favors the new pipeline."\n'
        "Her rivals have seized on it."
    )
    speaker = quote_holding(nlp, text, "backs higher taxes").speaker
    assert speaker is not None and "survey" in speaker


def test_a_conjunct_speech_verb_shares_its_subject(nlp: Language) -> None:
    # "and" joins the verbs: Marsh both sought and said.
    text = (
        "Marsh sought to clarify her stance after the survey and said she "
        '"backs higher taxes and openly favors the new pipeline."'
    )
    assert quote_holding(nlp, text, "backs higher taxes").speaker == "Marsh"


def test_a_participle_on_an_issued_statement_speaks_for_its_author(nlp: Language) -> None:
    # "calling" hangs on the statement; the noun after it is what she called, not a speaker.
    text = (
        "Mara Velt, head of the Dunmore Growers League, issued a statement calling criticism "
        "of the plan “farming at its very worst.”"
    )
    quote = quote_holding(nlp, text, "very worst")
    assert quote.speaker == "Mara Velt"


def test_a_possessor_after_a_participle_is_no_speaker(nlp: Language) -> None:
    text = (
        "Ted Arlow, chief executive of Calder Rail, sent her a letter citing the region’s "
        "“steady recovery” and warning of job losses."
    )
    assert quote_holding(nlp, text, "steady recovery").speaker == "Ted Arlow"


def test_the_object_of_a_participle_is_never_its_speaker(nlp: Language) -> None:
    # Whoever wrote the letter she received, it was not the region.
    text = "Ann Lowe received a letter citing the region’s “steady recovery” last week."
    quotes = [q for q in extract_quotes(nlp(text)) if "steady recovery" in q.text]
    assert all(q.speaker != "the region" for q in quotes)


def test_a_party_tag_after_a_titled_name_leaves_the_person_the_speaker(nlp: Language) -> None:
    # The tag makes the parse head the phrase on "Leader" and hang the name on it.
    text = (
        'The plan "is dead on arrival," Senate Minority Leader Chuck Varney (D-N.Y.) said '
        "in a statement."
    )
    quote = quote_holding(nlp, text, "dead on arrival")
    assert (quote.speaker, quote.speaker_type) == ("Chuck Varney", "person")


def test_a_second_speaker_in_the_sentence_keeps_their_own_quote(nlp: Language) -> None:
    # The tagger reads "asking" as a noun; the parse still gives it "one farmer" as subject.
    text = (
        "Farm blogs are already angry about the ad, with some saying it makes Renn look "
        '"weak" and one farmer asking, "Can anyone say the city is fair to growers?"'
    )
    quote = quote_holding(nlp, text, "Can anyone say")
    assert quote.speaker == "one farmer"
    assert "weak" not in quote.text


def test_both_of_a_pair_named_before_speak_together(nlp: Language) -> None:
    text = (
        "The county's two senators, Ed Morrow and Lena Pike, urged the mayor to sign it. "
        "On Friday, both of them said they hoped the mayor would sign the bill."
    )
    quote = quote_holding(nlp, text, "they hoped")
    assert (quote.speaker, quote.speaker_type) == ("Ed Morrow and Lena Pike", "person")


def test_a_group_named_in_apposition_speaks_as_its_names(nlp: Language) -> None:
    text = "The county's two senators, Ed Morrow and Lena Pike, urged the mayor to sign it."
    assert quote_holding(nlp, text, "to sign it").speaker == "Ed Morrow and Lena Pike"


def test_the_plural_noun_of_a_listed_group_takes_up_its_names(nlp: Language) -> None:
    text = (
        "The bill was backed by three councillors — Ed Morrow, Lena Pike and Saul Brandt — "
        "who had voted for it. “We meant to protect our farms,” the councillors said in a "
        "letter."
    )
    quote = quote_holding(nlp, text, "protect our farms")
    assert quote.speaker == "Ed Morrow, Lena Pike and Saul Brandt"


def test_a_plural_noun_does_not_take_up_a_group_of_another_noun(nlp: Language) -> None:
    text = (
        "Two farmers, Ed Morrow and Lena Pike, backed the bill. “We meant to protect our "
        "farms,” the councillors said in a letter."
    )
    assert quote_holding(nlp, text, "protect our farms").speaker == "the councillors"


def test_a_pair_the_parse_joined_as_a_list_is_still_the_group(nlp: Language) -> None:
    # The parse makes "senators" a conjunct of "Instagram" and the names conjuncts of it.
    text = (
        "On Instagram, Ohio’s United States senators, Ed Morrow and Lena Pike, also Democrats, "
        "had nearly identical posts, with both of them saying they hoped Ms. Hale would sign "
        "the bill."
    )
    assert quote_holding(nlp, text, "they hoped").speaker == "Ed Morrow and Lena Pike"


def test_a_marked_phrase_describing_the_thing_announced_is_a_scare_quote(nlp: Language) -> None:
    # She announced a veto; the phrase is how the outlet describes the bill.
    text = (
        "Gov. Ada Renn announced her veto of a bill on Tuesday that would have allowed shops "
        'to refuse service on "local custom" grounds.'
    )
    holding = [q for q in extract_quotes(nlp(text)) if "local custom" in q.text]
    assert [q.text for q in holding if q.kind == "scare"] == ["local custom"]
    assert not [q for q in holding if q.kind in ("mixed", "direct")]


def test_a_relative_clause_the_parse_took_for_a_report_holds_no_mixed_quote(
    nlp: Language,
) -> None:
    # The parse hangs "that would have allowed ..." on "announced" as if it were reported.
    text = (
        "DENVER -- Colorado Gov. Ada Renn (D) announced her decision to veto legislation on "
        "Monday that would have allowed shops to legally refuse service to anyone on "
        '"local custom" grounds, effectively allowing them to turn away tourists.'
    )
    holding = [q for q in extract_quotes(nlp(text)) if "local custom" in q.text]
    assert [q.text for q in holding if q.kind == "scare"] == ["local custom"]
    assert not [q for q in holding if q.kind in ("mixed", "direct")]


def test_a_marked_phrase_in_what_the_speaker_said_stays_hers(nlp: Language) -> None:
    text = 'Gov. Ada Renn said the bill, which would "gut local custom," was a mistake.'
    quote = quote_holding(nlp, text, "gut local custom")
    assert quote.speaker == "Ada Renn"


def test_a_plural_subject_does_not_take_the_names_of_another_noun(nlp: Language) -> None:
    # The names are the hopefuls'; the parse may hang them on "lawyers" as conjuncts.
    text = (
        "The lawyers also pointed to the valid candidacies of two former hopefuls, Sen. Ed "
        "Morrow of Ohio and former Utah Gov. Lena Pike, as examples of runs that received the "
        "blessing of Congress.\n\nThese and other sources, the lawyers said, “all command the "
        "same conclusion” that Hale complies."
    )
    assert quote_holding(nlp, text, "same conclusion").speaker == "the lawyers"


def _hand_parsed(nlp: Language, rows: list[tuple[str, str, str, int, str]]) -> Doc:
    """A doc from (word, tag, dep, head index, entity label) rows, as a parse might give it."""
    words = [r[0] for r in rows]
    ents = [
        f"B-{r[4]}"
        if r[4] and (i == 0 or rows[i - 1][4] != r[4])
        else (f"I-{r[4]}" if r[4] else "O")
        for i, r in enumerate(rows)
    ]
    return Doc(
        nlp.vocab,
        words=words,
        tags=[r[1] for r in rows],
        pos=["PROPN" if r[1] == "NNP" else "NOUN" if r[1].startswith("NN") else "X" for r in rows],
        deps=[r[2] for r in rows],
        heads=[r[3] for r in rows],
        ents=ents,
    )


def test_names_far_from_a_plural_noun_are_not_its_group(nlp: Language) -> None:
    # The parse hung the hopefuls' names on "lawyers" as an apposition.
    doc = _hand_parsed(
        nlp,
        [
            ("The", "DT", "det", 1, ""),
            ("lawyers", "NNS", "nsubj", 2, ""),
            ("cited", "VBD", "ROOT", 2, ""),
            ("two", "CD", "nummod", 4, ""),
            ("hopefuls", "NNS", "dobj", 2, ""),
            (",", ",", "punct", 1, ""),
            ("Ann", "NNP", "compound", 7, "PERSON"),
            ("Cole", "NNP", "appos", 1, "PERSON"),
            ("and", "CC", "cc", 7, ""),
            ("Bo", "NNP", "compound", 10, "PERSON"),
            ("Reyes", "NNP", "conj", 7, "PERSON"),
            (".", ".", "punct", 2, ""),
        ],
    )
    assert _listed_names(doc[1]) == []
