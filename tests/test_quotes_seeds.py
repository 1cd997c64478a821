"""The "done when" checks of issue #3 on the two seed articles in ../shared/seeds.

Nothing about these articles is written into the extractor: the checks state facts a reader
sees in the text (who said "When I'm talking, you're not talking."), and skip when the shared
folder is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import require_shared
from storylens.analyse.nlp import load_pipeline
from storylens.analyse.quotes import extract_quotes
from storylens.records import Quote

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


@pytest.fixture(autouse=True)
def _seeds_here() -> None:
    require_shared(SEEDS)


def _normal(text: str) -> str:
    return text.replace("’", "'").replace("‘", "'").lower()


@pytest.fixture(scope="module")
def articles() -> list[tuple[str, list[Quote]]]:
    nlp = load_pipeline()
    found = []
    for path in sorted(SEEDS.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        found.append((text, extract_quotes(nlp(text))))
    return found


def _holding(quotes: list[Quote], words: str) -> list[Quote]:
    return [q for q in quotes if _normal(words) in _normal(q.text) and q.kind != "scare"]


def test_two_seed_articles(articles: list[tuple[str, list[Quote]]]) -> None:
    assert len(articles) == 2


def test_when_im_talking_is_hilarias_in_both(articles: list[tuple[str, list[Quote]]]) -> None:
    for text, quotes in articles:
        found = _holding(quotes, "When I'm talking, you're not talking")
        assert found, "the red-carpet line is missing"
        assert all(q.speaker == "Hilaria Baldwin" for q in found), [q.speaker for q in found]
        for quote in found:
            assert quote.speaker_mention is not None
            assert quote.speaker_start is not None and quote.speaker_end is not None
            assert text[quote.speaker_start : quote.speaker_end] == quote.speaker_mention
        mentions = {q.speaker_mention for q in found}
        assert mentions & {"she", "Hilaria", "She"}
    # where the text says "she repeated", the mention is "she"
    _, second = articles[1]
    assert any(q.speaker_mention == "she" for q in _holding(second, "you're not talking"))


def test_im_sorry_is_alecs(articles: list[tuple[str, list[Quote]]]) -> None:
    for _, quotes in articles:
        found = [q for q in quotes if _normal(q.text).strip(" ,.") == "i'm sorry"]
        assert found
        assert all(q.speaker == "Alec Baldwin" for q in found)


def test_insider_statements_are_anonymous(articles: list[tuple[str, list[Quote]]]) -> None:
    _, quotes = articles[0]
    for words in (
        "That was a true reflection",
        "They test each other",
        "There is no harm",
        "Don't get it twisted",
    ):
        found = _holding(quotes, words)
        assert found, words
        assert all(q.speaker_type == "anonymous" for q in found), (words, found)


def test_commenters_are_anonymous(articles: list[tuple[str, list[Quote]]]) -> None:
    _, quotes = articles[1]
    for words in (
        "just over her complete rudeness",
        "incredibly rude",
        "definitely wants a show",
        "very disrespectful towards him",
    ):
        found = _holding(quotes, words)
        assert found, words
        assert all(q.speaker_type == "anonymous" for q in found), (words, found)


def test_scoops_account_is_his(articles: list[tuple[str, list[Quote]]]) -> None:
    _, quotes = articles[1]
    for words in (
        "The part nobody saw",
        "I'm not kidding you",
        "I yelled at my cameraman",
        "a little disappointed",
    ):
        found = [q for q in _holding(quotes, words) if q.reported_by is None]
        assert found, words
        assert all(q.speaker == "Jason Scoop" for q in found), (words, found)


def test_scoop_quotes_hilaria(articles: list[tuple[str, list[Quote]]]) -> None:
    _, quotes = articles[1]
    inner = [q for q in quotes if _normal(q.text).startswith("oh my god, what are you doing")]
    assert inner
    assert inner[0].speaker == "Hilaria Baldwin"
    assert inner[0].reported_by == "Jason Scoop"
    outer = _holding(quotes, "She's like")
    assert outer and outer[0].speaker == "Jason Scoop"


def test_short_labels_in_marks_are_scare_quotes(articles: list[tuple[str, list[Quote]]]) -> None:
    # Issue #3: "Short scare quotes ('banter', 'elder abuse') are recorded as such (kind)".
    # Whatever quotes hold these words, a quote that is only the label is kind scare.
    for label in ("elder abuse", "banter"):
        alone = [
            q for _, quotes in articles for q in quotes if _normal(q.text).strip(" .,’'") == label
        ]
        assert alone, f"no quote holds only {label!r}"
        assert all(q.kind == "scare" for q in alone), [(q.text, q.kind) for q in alone]


def test_issue_12_seed_speakers(articles: list[tuple[str, list[Quote]]]) -> None:
    """Issue #12: the framing in a relative clause of a source's description is the
    sources'; a role noun ("the comedian", "the actor") names the person it renames."""
    _, first = articles[0]
    banter = [q for q in _holding(first, "nothing more than") if q.kind != "scare"]
    assert banter
    assert all("sources" in (q.speaker or "").lower() for q in banter), banter
    assert all(q.speaker_type == "anonymous" for q in banter)
    _, second = articles[1]
    mocking = _holding(second, "the cucumber lady")
    assert mocking and all(q.speaker == "Jason Scoop" for q in mocking), mocking
    actor = [q for q in second if q.speaker_mention == "the actor"]
    assert actor and all(q.speaker == "Alec Baldwin" for q in actor), actor
