"""Compare: quotes aligned across outlets."""

from __future__ import annotations

import pytest

from storylens.compare import QuoteInStory, align_quotes
from storylens.compare.quotes import spoken_words


def q(
    article: str, outlet: str, text: str, speaker: str | None = "Dana Holt", kind: str = "direct"
) -> QuoteInStory:
    return QuoteInStory(article, outlet, text, speaker, kind)


def test_same_utterance_in_two_outlets_with_different_wording() -> None:
    groups = align_quotes(
        [
            q("a1", "Echo", "We cannot risk the lives of the people who use this pier."),
            q("a2", "Courier", "We cannot risk the lives of people who use this pier"),
            q(
                "a2",
                "Courier",
                "The ferry will run from the north jetty until May.",
                speaker="Sam Ito",
            ),
            q("a1", "Echo", "banter", kind="scare"),
        ]
    )
    assert len(groups) == 2
    shared = groups[0]
    assert shared.outlets == ("Echo", "Courier")
    assert shared.wording_differs
    assert shared.speaker == "Dana Holt"
    assert shared.reference == "We cannot risk the lives of the people who use this pier."
    assert {v.article_id for v in shared.variants} == {"a1", "a2"}
    assert groups[1].outlets == ("Courier",)


def test_a_quote_trimmed_by_one_outlet_still_aligns() -> None:
    groups = align_quotes(
        [
            q("a1", "Echo", "When I'm talking, you're not talking. Let me finish."),
            q("a2", "Courier", "When I’m talking, you’re not talking"),
        ]
    )
    assert len(groups) == 1 and len(groups[0].variants) == 2
    assert not align_quotes([q("a1", "Echo", "No.")])


def test_a_quote_with_a_dropped_word_still_aligns() -> None:
    groups = align_quotes(
        [
            q("a1", "Echo", "Maybe run for something people actually want, Dana."),
            q("a2", "Courier", "Maybe run for something people want, Dana,"),
            q("a3", "Ledger", "The ferry will run from the north jetty until May."),
        ]
    )
    assert [g.article_count for g in groups] == [2, 1]
    assert groups[0].wording_differs


@pytest.mark.parametrize(
    ("text", "opening_mark", "spoken"),
    [
        (
            "The pier is unsafe,” Holt said at the meeting. “We close it today.",
            "“",
            "The pier is unsafe … We close it today.",
        ),
        ('It was wrong," she said, "and I am sorry.', '"', "It was wrong … and I am sorry."),
        ("I’m sorry,’ Alec said, ‘I was wrong.", "‘", "I’m sorry … I was wrong."),
        (
            "She looked at me and said, ‘Put that down,’ and walked off",
            "“",
            "She looked at me and said, ‘Put that down,’ and walked off",
        ),
        ("No attribution inside.", "“", "No attribution inside."),
        ("Not a quoted span", "", "Not a quoted span"),
    ],
)
def test_spoken_words_cut_the_splitting_attribution(
    text: str, opening_mark: str, spoken: str
) -> None:
    assert spoken_words(text, opening_mark) == spoken
