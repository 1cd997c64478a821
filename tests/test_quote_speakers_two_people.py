"""A sentence that names two people, and the quote in it credited to the wrong one (fresh
readers of real three-outlet reports), each rule on written (fictional) sentences: a
participle cue hung on a thing's verb is the act of the person of the clause between them;
a phrase that runs on after a dash is no signature; a source cited or quoted by an outlet is
the source, not something the outlet said; a title owned by an outlet ("Fox News'
"...") is nobody's words.
"""

from __future__ import annotations

import pytest
from spacy.language import Language

from storylens.analyse.quotes import extract_quotes
from test_quote_precision import _holding, _quotes

# -- "X's remarks came as Y did Z, saying ...": Y says it ----------------------------------


@pytest.mark.parametrize(
    ("text", "words", "speaker"),
    [
        (
            "Holt's remarks came as Governor Ellen Ward rejected an offer to meet the council, "
            'saying such a meeting could "deepen the rift over the budget."',
            "deepen the rift",
            "Ellen Ward",
        ),
        (
            "Governor Ellen Ward’s veto came after Senator Tom Briggs attacked the plan, "
            'calling it "a fantasy."',
            "a fantasy",
            "Tom Briggs",
        ),
    ],
)
def test_a_participle_after_a_things_clause_is_the_persons_of_the_clause(
    nlp: Language, text: str, words: str, speaker: str
) -> None:
    quote = _holding(_quotes(nlp, text), words)
    assert quote.speaker == speaker, (quote.speaker, quote.speaker_mention)


def test_a_things_clause_between_leaves_the_participle_to_the_owner(nlp: Language) -> None:
    text = (
        "Mayor Dana Holt's remarks came as the storm hit the coast, saying the bridge "
        '"will not close this year."'
    )
    quote = _holding(_quotes(nlp, text), "will not close")
    assert quote.speaker == "Dana Holt"


# -- a dash after a quote that carries the sentence on signs nothing -----------------------


def test_a_phrase_after_a_dash_is_no_signature(nlp: Language) -> None:
    text = (
        "Tarsk Democratic Rep. Dan Cole is under fire after a video surfaced Tuesday of him "
        "mocking Sen. Amy Ward, R-Tarsk, as a “lawyer from Tarsk who never went to law "
        "school” — in the middle of Cole’s campaign for Senate in the state known for its "
        "farms."
    )
    quote = _holding(_quotes(nlp, text), "never went to law school")
    assert "middle" not in (quote.speaker or "")
    assert quote.speaker in (None, "Dan Cole")


def test_a_name_after_a_dash_still_signs(nlp: Language) -> None:
    quote = _holding(_quotes(nlp, '"We will rebuild the bridge." — Dana Holt, Eastmere'), "rebuild")
    assert quote.speaker == "Dana Holt"


# -- a source cited by an outlet ---------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The cracks were found during a routine inspection, according to a source cited by "
        "the Harbor Gazette.",
        "The cracks were found during a routine inspection, according to two officials "
        "quoted by CNN.",
    ],
)
def test_a_source_cited_by_an_outlet_is_no_words_of_the_outlet(nlp: Language, text: str) -> None:
    quotes = _quotes(nlp, text)
    assert all(q.cue not in ("cited", "quoted") for q in quotes), [(q.text, q.cue) for q in quotes]
    quote = _holding(quotes, "routine inspection")
    assert quote.speaker_type == "anonymous"


# -- a programme's title after its owner's bare apostrophe --------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '"The bridge is safe," Holt said Tuesday on Fox News\' "On the Record with Greta '
        'Van Susteren."',
        'Mayor Dana Holt said on Channel 4 News\' "Morning Hour with Ann Reyes and Bo Quill" '
        "that the bridge was safe.",
    ],
)
def test_a_programme_title_after_an_outlets_apostrophe_is_nobodys_words(
    nlp: Language, text: str
) -> None:
    quotes = extract_quotes(nlp(text))
    title = [q for q in quotes if "with" in q.text and ("Greta" in q.text or "Reyes" in q.text)]
    assert title, [(q.text, q.kind) for q in quotes]
    assert all(q.kind == "scare" for q in title), [(q.text, q.kind, q.speaker) for q in title]


# -- "X's spokesman, Leo Marsh, said": the one named in apposition speaks ----------------


@pytest.mark.parametrize(
    "text",
    [
        'Ward\'s spokesman, Leo Marsh, said "the governor stands by the plan."',
        '"The governor stands by the plan," Ward\'s spokesman, Leo Marsh, said.',
    ],
)
def test_a_name_in_apposition_to_someones_role_is_the_speaker(nlp: Language, text: str) -> None:
    quote = _holding(_quotes(nlp, text), "stands by the plan")
    assert quote.speaker == "Leo Marsh", (quote.speaker, quote.speaker_mention)


def test_a_name_the_parse_joins_to_a_role_as_a_second_subject_is_the_speaker(
    nlp: Language,
) -> None:
    # the small model reads "Representative Tessa Varga" as a conjunct of "The chairman", with
    # no "and": she is the chairman, not a second speaker, nor the chairman named before
    text = (
        "Senator Hal Brody of Dorset, the chairman of the Senate Finance Committee, spoke "
        "first.\n\nThe chairman of the House Oversight and Planning Committee, Representative "
        "Tessa Varga, Republican of South Dorset, said she intends to hold a hearing at the end "
        "of July."
    )
    quote = _holding(_quotes(nlp, text), "hold a hearing")
    assert quote.speaker == "Tessa Varga", (quote.speaker, quote.speaker_mention)


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        # a surname opening on a small letter is a name ("diMarco", "deLuca")
        ('Former harbour master Joseph diMarco said, "The pier was never safe."', "Joseph diMarco"),
        # the name glued to the place of the role's "for" phrase is the role's person
        (
            "Former U.S. attorney for the District of Columbia Joseph diMarco said the pier "
            "was never safe.",
            "Joseph diMarco",
        ),
        # a second description in apposition carries the name
        (
            "A former senior harbour official, now a lawyer with Varga Law, James Trusk, told "
            "the Gazette that the pier was never safe.",
            "James Trusk",
        ),
    ],
)
def test_a_role_named_by_a_name_the_parse_hangs_elsewhere_is_that_person(
    nlp: Language, text: str, speaker: str
) -> None:
    quote = _holding(_quotes(nlp, text), "never safe")
    assert quote.speaker == speaker, (quote.speaker, quote.speaker_mention)


def test_a_name_set_off_right_before_a_subjectless_cue_speaks(nlp: Language) -> None:
    # the parse takes "the mayor's lawyer" for the object of "to" and gives "said" no subject
    text = (
        "In a statement to The Courier, the mayor’s lawyer, Alan Futrell, said, “We have "
        "nothing to hide.”"
    )
    quote = _holding(_quotes(nlp, text), "nothing to hide")
    assert quote.speaker == "Alan Futrell", (quote.speaker, quote.speaker_mention)


# -- "a source familiar with X": the source, never X ---------------------------------------


def test_a_name_in_what_a_source_is_familiar_with_is_not_the_speaker(nlp: Language) -> None:
    text = (
        'Senator Ann Reyes spoke on Monday. "If Cole wins Tarsk, the race is over," one '
        "well-connected Democrat familiar with the Reyes campaign's organization said."
    )
    quote = _holding(_quotes(nlp, text), "the race is over")
    assert quote.speaker != "Ann Reyes"
    assert "familiar with" in (quote.speaker_mention or "")


def test_a_title_set_off_by_dashes_is_nobodys_words(nlp: Language) -> None:
    text = (
        "Moreover, the party has called a referendum — “No to Free Ferries” — for June 5, "
        "2016 against the council’s ferry proposals."
    )
    quotes = extract_quotes(nlp(text))
    assert [q.kind for q in quotes if q.text.startswith("No to Free")] == ["scare"]


# -- "Ward received a letter from Briggs saying ...": the sender says it -------------------


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        (
            'Governor Ellen Ward received a letter from Senator Tom Briggs saying the fund "is '
            'empty."',
            "Tom Briggs",
        ),
        (
            'Governor Ellen Ward got an email from her aide Nora Quill saying the fund "is empty."',
            "Nora Quill",
        ),
        # set off by a comma, the participle is the subject's own
        (
            'Governor Ellen Ward received a letter on Monday, saying she was "deeply honored."',
            "Ellen Ward",
        ),
    ],
)
def test_a_participle_after_a_received_message_is_the_senders(
    nlp: Language, text: str, speaker: str
) -> None:
    quote = _holding(_quotes(nlp, text), "empty" if "empty" in text else "honored")
    assert quote.speaker == speaker, (quote.speaker, quote.speaker_mention)


def test_a_letter_read_out_by_someone_is_no_words_of_the_reader(nlp: Language) -> None:
    text = (
        'Mayor Dana Holt, in a letter read by Councilwoman Rita Vance, said "the bridge will '
        'not close."'
    )
    quotes = _quotes(nlp, text)
    assert [q.speaker for q in quotes] == ["Dana Holt"], [(q.text, q.speaker) for q in quotes]


def test_a_bare_quote_after_a_paragraph_about_another_person_is_theirs(nlp: Language) -> None:
    # the last quote is the party's; the paragraph between introduces the mayor
    text = (
        "The Harbour Party posted a reply: “Delete your account.”\n"
        "Meanwhile, Mayor Ann Roe voiced her support for the pier on Thursday evening.\n"
        "“Anybody who thinks the pier should close has not walked on it.”"
    )
    quote = _holding(_quotes(nlp, text), "walked on it")
    assert quote.speaker == "Ann Roe", (quote.speaker, quote.speaker_mention)
