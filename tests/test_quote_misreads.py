"""Sourcing misreads readers found on real news (issues 19 and 23), each rule on written
(fictional) sentences: an apostrophe typed as an open mark, a name given with and without its
middle initial, two people named with their states, a video posted by someone, and a title in
marks that its sentence runs on past.
"""

from __future__ import annotations

import pytest
from spacy.language import Language

from storylens.analyse.quotes.marks import find_marked_quotes
from test_quote_precision import _holding, _quotes

# -- an apostrophe typed as an open mark opens no quotation (issue 23, nested quotes) -------


@pytest.mark.parametrize(
    "text",
    [
        "Hale said in ‘08 that the vote was close. “It does away with the blame game,” he said.",
        "The essay returns to the Harbour Review‘s founding “quiet conservatism,” he wrote. "
        "“We are done,” he said.",
        "On TSK‘ Morning Hour she stated, “When I look at this, it is bad,” and left.",
    ],
)
def test_an_apostrophe_typed_as_an_open_mark_nests_nothing(text: str) -> None:
    quotes = find_marked_quotes(text)
    assert quotes and all(q.depth == 0 for q in quotes), [
        (text[q.start : q.end], q.depth) for q in quotes
    ]


def test_a_quote_inside_a_quote_still_nests() -> None:
    text = "“She looked at me and said, ‘Put that down,’” Malik said."
    assert sorted(q.depth for q in find_marked_quotes(text)) == [0, 1]


def test_a_quote_opening_on_a_number_still_opens() -> None:
    text = "She called it ‘100 percent wrong’ and left."
    assert [text[q.start : q.end] for q in find_marked_quotes(text)] == ["100 percent wrong"]


# -- a name with and without its middle initial is one person (issue 19) --------------------


def test_a_name_without_its_initial_is_the_person_with_it(nlp: Language) -> None:
    text = (
        "“It failed,” said Clarke Cooper, who heads the harbour league. Later, R. Clarke "
        "Cooper said the league would fight on. “We will not stop,” Cooper added."
    )
    quotes = _quotes(nlp, text)
    assert {q.speaker for q in quotes} == {"R. Clarke Cooper"}, [
        (q.speaker, q.text) for q in quotes
    ]


def test_two_initialled_names_leave_the_bare_one_apart(nlp: Language) -> None:
    text = (
        "John A. Hale said the dock was safe. John B. Hale said the dock was not safe. "
        "John Hale said the inquiry would decide."
    )
    assert _holding(_quotes(nlp, text), "inquiry would decide").speaker == "John Hale"


def test_a_nickname_and_the_full_given_name_are_one_person(nlp: Language) -> None:
    # a tweet quoted with the short form: two people apart, "Mr. Calloway" was neither
    text = (
        "Voters heard Michael R. Calloway speak at the fair this week. He tweeted in 2009 that "
        "“Mike Calloway is doing a great job as mayor.” “We will build the pier,” "
        "Mr. Calloway said on Wednesday."
    )
    quote = _holding(_quotes(nlp, text), "build the pier")
    assert quote.speaker == "Michael R. Calloway", quote


def test_two_people_of_one_surname_with_other_given_names_stay_apart(nlp: Language) -> None:
    text = (
        "Michael Calloway and his brother Daniel Calloway opened the shop. "
        "“We will build the pier,” Daniel Calloway said."
    )
    assert _holding(_quotes(nlp, text), "build the pier").speaker == "Daniel Calloway"


# -- people named together with their states speak together (issue 19) ----------------------


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        (
            "Sens. Ann Cole of Ohio and Bo Reyes of Iowa said the ferry plan would fail.",
            "Ann Cole and Bo Reyes",
        ),
        (
            "Republican Sens. Ann Cole of Ohio and Maria Lopez of New Mexico said in a joint "
            "statement that the ferry plan would fail.",
            "Ann Cole and Maria Lopez",
        ),
        (
            "Sens. Ann Cole, R-Ohio, and Maria Lopez, D-N.M., said the ferry plan would fail.",
            "Ann Cole and Maria Lopez",
        ),
        (
            "Rep. Ann Hale (D-Ohio) and Rep. Tom Birch (R-Ohio) said they would oppose the bill.",
            "Ann Hale and Tom Birch",
        ),
    ],
)
def test_names_joined_through_their_states_speak_together(
    nlp: Language, text: str, speaker: str
) -> None:
    quote = _holding(_quotes(nlp, text), "would")
    assert quote.speaker == speaker


# -- a video posted by someone is not their words (issue 19) ---------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "A video posted by Jim Varga on Friday shows the crowd at the harbour gate.",
        "The clip, which was posted online by a ferry passenger, has been shared widely.",
        "A photo posted by the mayor on Friday shows him at the fire.",
    ],
)
def test_a_video_posted_by_someone_is_no_quote_of_theirs(nlp: Language, text: str) -> None:
    assert not [q for q in _quotes(nlp, text) if q.cue == "posted"]


def test_a_statement_posted_by_someone_stays_theirs(nlp: Language) -> None:
    text = "A statement posted by the company on Friday said the plant would close."
    assert any(q.cue == "posted" for q in _quotes(nlp, text))


# -- a title in marks that its sentence runs on past is no one's words (issue 19) ------------


def test_a_title_opening_a_reported_sentence_is_widened_to_the_report(nlp: Language) -> None:
    text = "“Harbour Nights” drew two million viewers, the network said."
    quote = _holding(_quotes(nlp, text), "Harbour Nights")
    assert quote.kind == "mixed"
    assert "two million viewers" in text[quote.start : quote.end]
    assert quote.speaker == "the network"


def test_a_quote_ending_before_its_cue_stays_direct(nlp: Language) -> None:
    text = "“We will win” Tom Reed said on Monday."
    quote = _holding(_quotes(nlp, text), "We will win")
    assert (quote.kind, quote.speaker) == ("direct", "Tom Reed")


def test_a_given_name_used_for_men_and_women_is_no_gender_vote(nlp: Language) -> None:
    # "Hilary" is a man's name as well as a woman's: "he said" after Hilary Dunmore's quote
    # is his, not the man named in the paragraph before
    text = (
        "The plan was approved at the harbour board's meeting, spokesman Tom Reed said.\n"
        'Debate was closed, but the final plan "keeps the pier open," said Hilary Dunmore, '
        "director of the board's Eastmere office.\n"
        '"I hope it will bring the ferries back to the quay by the summer," he said.'
    )
    quote = _holding(_quotes(nlp, text), "bring the ferries back")
    assert quote.speaker == "Hilary Dunmore"


def test_a_role_opening_the_next_sentence_is_the_person_just_quoted(nlp: Language) -> None:
    # news style renames the subject it has just quoted by a role
    text = (
        'Ann Lee, a harbour campaigner, said on Tuesday that she was "saddened by the vote." '
        'The former harbour master said claims that the pier was "beyond repair" were false.'
    )
    quotes = _quotes(nlp, text)
    assert _holding(quotes, "beyond repair").speaker == "Ann Lee"


def test_a_past_cue_joined_to_a_present_verb_it_reports_is_the_reporters(
    nlp: Language,
) -> None:
    # the parse joins "urged" to "passes" inside the if-clause; Lee urged, not the board
    text = (
        "Speaking to reporters at the quay, Lee said fares would fall in 2027 if the board "
        'passes the plan and urged councillors to read the details and "get this done."'
    )
    assert _holding(_quotes(nlp, text), "get this done").speaker == "Lee"


@pytest.mark.parametrize(
    "text",
    [
        "A violin plays as the mayor goes on. “The harbour tells us, ‘Wait.’ And I say wait "
        "for what?” Then an unseen announcer concludes: “Port Alder needs a plan.”",
        "“Who pays for the pier?” Later the treasurer answered: “The port does.”",
        "“We are not moving!” Then a second protester shouted: “Never!”",
    ],
)
def test_a_cue_opening_the_next_sentence_is_the_next_quotes(nlp: Language, text: str) -> None:
    # a capital after a quoted question or exclamation opens the reporter's next sentence:
    # its cue introduces the quote after the colon, not the one before
    quotes = _quotes(nlp, text)
    first, second = quotes[0], quotes[-1]
    assert first is not second and first.end < second.start, [q.text for q in quotes]
    assert first.speaker is None, first


def test_a_quoted_question_keeps_its_lower_case_attribution(nlp: Language) -> None:
    text = "“Why now?” the treasurer asked. “Why not?” I asked. “Because,” Ortman said."
    quotes = _quotes(nlp, text)
    assert _holding(quotes, "Why now").speaker == "the treasurer"
    assert _holding(quotes, "Why not").speaker_mention == "I"


def test_two_people_with_one_suffix_are_not_one_by_their_nicknames(nlp: Language) -> None:
    # "Jr." is no surname: Mike Jackson Jr. is not Michael Smith Jr.
    text = (
        "Michael Smith Jr. opened the fair. Mike Jackson Jr. ran the stalls. "
        "“We will build the pier,” Mr. Jackson said."
    )
    assert _holding(_quotes(nlp, text), "build the pier").speaker == "Mike Jackson Jr."
