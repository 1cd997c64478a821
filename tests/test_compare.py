"""Compare: quotes aligned across outlets."""

from __future__ import annotations

from storylens.compare import QuoteInStory, align_quotes


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
