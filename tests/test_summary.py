"""The summary: lines that stand alone, say each thing once and say what they know of the
other outlets."""

from __future__ import annotations

import pytest

from storylens.compare.story import compare_story
from storylens.compare.summary import others_note, stands_alone
from storylens.records import SummarySentence
from test_compare_parts import member


@pytest.mark.parametrize(
    ("text", "alone"),
    [
        ("The council voted 5-2 on Tuesday to close the Ferris Bay library.", True),
        ("Councillor Ames said the branch would reopen in spring.", True),
        # leans on the sentence before: a pronoun, a connective
        ("He added that the branch would reopen in spring.", False),
        ("But the mayor was not alone.", False),
        ("It's not the first time the council has closed a branch.", False),
        ("This is the third closure in a decade.", False),
        ("Asked if she would run again, she said she would not.", False),
        ("Asked about the vote, Marwood said she would not run again.", True),
        # an opening phrase, then a pronoun no name before it resolves
        ("From 2009 to 2017, she chaired the Ferris Bay library board.", False),
        ("On Tuesday, the council voted 5-2 to close the library.", True),
        ("Most councillors said the latter was something they could not support.", False),
        # a source's words, read as the outlet's account without their speaker
        ("“We will fight this decision in every court we can,” Ames said.", False),
        # a quoted phrase inside the outlet's own account
        ("The council called the plan “unaffordable” and voted it down on Tuesday.", True),
    ],
)
def test_a_summary_line_stands_alone(text: str, alone: bool) -> None:
    assert stands_alone(text) is alone


GAZETTE = (
    "The council voted on Tuesday to close the Ferris Bay library after a long debate. "
    "He added that the vote was final. "
    "“We are heartbroken and we will keep reading in the park,” the librarian said."
)
COURIER = (
    "Ferris Bay will lose its library after the council voted on Tuesday to close it. "
    "Tickets for the harbour festival went on sale on Monday morning."
)


def test_the_summary_leaves_out_leaning_and_quoted_lines() -> None:
    members = [member("g", "Gazette", GAZETTE), member("c", "Courier", COURIER)]
    summary = compare_story("s", members).summary
    texts = [line.text for line in summary]
    assert texts, "the summary is empty"
    assert not any(t.startswith("He added") for t in texts)
    assert not any(t.startswith("“We are heartbroken") for t in texts)


def test_a_summary_line_says_what_it_knows_of_the_other_outlets() -> None:
    line = SummarySentence("x", "a", "Gazette", ("Gazette",))
    assert others_note(line) == ""
    unmatched = SummarySentence("x", "a", "Gazette", ("Gazette",), unmatched=("Courier", "Post"))
    assert others_note(unmatched) == (
        "no sentence of Courier, Post matched: they may tell it in other words"
    )
    own = SummarySentence("x", "a", "Gazette", ("Gazette",), own=True)
    assert others_note(own) == "only Gazette reports it"


def test_every_outlet_of_the_story_is_accounted_for_under_a_summary_line() -> None:
    members = [member("g", "Gazette", GAZETTE), member("c", "Courier", COURIER)]
    for line in compare_story("s", members).summary:
        told = {*line.outlets, *(w.outlet for w in line.other_wordings), *line.unmatched}
        assert line.own or told == {"Gazette", "Courier"}
        assert not (line.own and line.unmatched)


def test_a_line_gives_only_wordings_matched_with_its_own_claim() -> None:
    from storylens.compare.summary import claim_line
    from storylens.records import Claim, ClaimMatch

    def claim(article: str, outlet: str, text: str, *matched: Claim) -> Claim:
        matches = tuple(
            ClaimMatch(m.article_id, m.outlet, m.start, m.end, "same", 0.8, "") for m in matched
        )
        return Claim(article, outlet, 0, len(text), text, "shared", 1, matches=matches)

    # the Courier's sentence joins the group through the Post's, never through the Gazette's
    post = claim("p", "Post", "The harbour board will subpoena the developer, Ames said.")
    gazette = claim(
        "g", "Gazette", "The harbour board will issue subpoenas to the developer.", post
    )
    courier = claim("c", "Courier", "The board's move comes a day after the county's vote.")
    line = claim_line(gazette, [gazette, post, courier])
    assert [(w.outlet, w.text) for w in line.other_wordings] == [("Post", post.text)]
