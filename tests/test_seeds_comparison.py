"""The comparison of the two seed articles (real, kept outside the project), as the
comparison issue's "Done when" states it. Nothing about them is known to the code.

Skipped where ../shared is absent (a user's machine); runs in CI.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import require_shared
from storylens.pipeline import analyze
from storylens.records import StoryComparison
from storylens.store import Store
from storylens.views import story_comparison

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


@pytest.fixture(autouse=True)
def _seeds_here() -> None:
    require_shared(SEEDS)


def _compare(tmp_path: Path, published: tuple[str, str] | None = None) -> StoryComparison:
    inputs = [str(SEEDS)]
    if published:
        rows = [
            {"id": path.stem, "text": path.read_text(encoding="utf-8"), "published": date}
            for path, date in zip(sorted(SEEDS.glob("*.txt")), published, strict=True)
        ]
        corpus = tmp_path / "seeds.jsonl"
        corpus.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        inputs = [str(corpus)]
    with Store(tmp_path / "seeds.db") as store:
        analyze(inputs, store)
        (summary,) = store.story_summaries()
        return story_comparison(store, summary.story_id)


@pytest.fixture(scope="module")
def comparison(tmp_path_factory: pytest.TempPathFactory) -> StoryComparison:
    # A module fixture runs before the autouse check: it skips (or fails in CI) itself.
    require_shared(SEEDS)
    return _compare(tmp_path_factory.mktemp("seeds"))


def _first_and_second(c: StoryComparison) -> tuple[str, str]:
    first, second = sorted(c.article_ids)
    return first, second


@pytest.mark.parametrize(
    "words",
    ["The Hilaria Show", "I’m sorry", "This is why we’ll just have to cut him out of the show"],
)
def test_quotes_both_outlets_carry_word_for_word(comparison: StoryComparison, words: str) -> None:
    group = next(g for g in comparison.quote_groups if words.lower() in g.reference.lower())
    assert group.article_count == 2
    assert {v.relation for v in group.variants} <= {"reference", "identical"}


def test_the_interrupted_quote_shows_its_rewording_and_extension(
    comparison: StoryComparison,
) -> None:
    group = next(g for g in comparison.quote_groups if "you’re not talking" in g.reference)
    by_text = {v.text.strip(" ,."): v for v in group.variants}
    omg = next(v for t, v in by_text.items() if t.startswith("OMG"))
    assert omg.relation == "reworded"
    assert [(d.op, d.words) for d in omg.diff if d.op != "keep"] == [
        ("remove", "Oh my God"),
        ("add", "OMG"),
    ]
    no = next(v for t, v in by_text.items() if t.startswith("No"))
    assert no.relation == "extended"
    assert ("add", "No") in [(d.op, d.words) for d in no.diff]


def _only(c: StoryComparison, article_id: str) -> str:
    """An article's lone claims: its own, or unplaced where the lone-claim model cannot tell
    (never shared)."""
    return "\n".join(
        cl.text
        for cl in c.claims
        if cl.article_id == article_id and cl.status in ("only", "unplaced")
    )


def test_what_only_one_outlet_reports(comparison: StoryComparison) -> None:
    first, second = _first_and_second(comparison)
    first_only, second_only = _only(comparison, first), _only(comparison, second)
    assert "banter" in first_only and "insider" in first_only
    assert "lawsuit" in first_only and "Rust" in first_only
    assert "Why are you distracting me?" in second_only
    assert "walk out of this interview" in second_only
    assert "Jason Scoop" in second_only


def test_repeated_captions_are_no_claims(comparison: StoryComparison) -> None:
    texts = [cl.text for cl in comparison.claims]
    assert not any(t.startswith("Now, sources have claimed") for t in texts)
    assert not any("who she shockingly scolded" in t for t in texts)


def test_the_timing_cannot_be_checked_without_publication_dates(
    comparison: StoryComparison,
) -> None:
    timing = [d for d in comparison.details if d.kind == "date"]
    phrases = {(d.first.text, d.second.text) for d in timing}
    assert ("last week", "Tuesday") in phrases or ("Tuesday", "last week") in phrases
    assert all(
        d.status == "unchecked" for d in timing if "last week" in (d.first.text, d.second.text)
    )


@pytest.mark.parametrize(
    ("published", "status"),
    [(("2025-02-10", "2025-02-05"), "agree"), (("2025-02-12", "2025-02-13"), "disagree")],
)
def test_the_timing_is_checked_when_dates_are_given(
    tmp_path: Path, published: tuple[str, str], status: str
) -> None:
    dated = _compare(tmp_path, published)
    timing = [
        d
        for d in dated.details
        if d.kind == "date" and {"last week", "Tuesday"} == {d.first.text, d.second.text}
    ]
    assert [d.status for d in timing] == [status]


def test_the_first_article_relies_on_an_anonymous_insider(comparison: StoryComparison) -> None:
    first, second = _first_and_second(comparison)
    profiles = {p.article_ids[0]: p for p in comparison.sourcing}
    counts = {s.source_type: s for s in profiles[first].counts}
    assert counts["anonymous"].quotes >= 2
    assert any("insider" in a for a in profiles[first].anonymous)
    assert profiles[first].anonymous_share > profiles[second].anonymous_share


def test_each_outlets_own_words_and_the_framing_it_quotes(comparison: StoryComparison) -> None:
    first, second = _first_and_second(comparison)
    tone = {p.article_id: p for p in comparison.tone}
    assert "excruciatingly awkward" in [m.text for m in tone[second].own]
    assert "harmless" in [m.text for m in tone[first].own]
    assert "excruciatingly awkward" in tone[second].distinctive
    assert "harmless" in tone[first].distinctive
    quoted = {m.text: m.speaker for m in tone[first].quoted}
    assert "playful banter" in quoted and "insider" in (quoted["playful banter"] or "")
    assert "playful banter" not in [m.text for m in tone[first].own]


# -- issue 19: every line true (items 3, 4, 6, 7) ------------------------------------------


@pytest.fixture(scope="module")
def article_texts(comparison: StoryComparison) -> dict[str, str]:
    return {path.stem: path.read_text(encoding="utf-8") for path in SEEDS.glob("*.txt")}


def _outlet_texts(comparison: StoryComparison, texts: dict[str, str]) -> dict[str, str]:
    outlets = {p.article_ids[0]: p.outlet for p in comparison.sourcing}
    return {outlets[key]: text for key, text in texts.items() if key in outlets}


def _worded(text: str) -> str:
    """The words alone, folded: marks and spacing are no wording."""
    from storylens.compare.words import fold, words

    return " " + " ".join(fold(w) for w in words(text)) + " "


def test_every_outlet_under_a_summary_line_prints_its_words(
    comparison: StoryComparison, article_texts: dict[str, str]
) -> None:
    by_outlet = {o: _worded(t) for o, t in _outlet_texts(comparison, article_texts).items()}
    for line in comparison.summary:
        for outlet in line.outlets:
            assert _worded(line.text) in by_outlet[outlet], (outlet, line.text)


def test_every_outlet_under_a_shared_line_prints_its_words(
    comparison: StoryComparison, article_texts: dict[str, str]
) -> None:
    from storylens.compare.shared_lines import shared_lines

    by_outlet = {o: _worded(t) for o, t in _outlet_texts(comparison, article_texts).items()}
    lines = shared_lines(comparison.claims)
    assert lines
    for line in lines:
        for outlet in line.outlets:
            assert _worded(line.text) in by_outlet[outlet], (outlet, line.text)
        for outlet, text in line.other_wordings:
            assert _worded(text) in by_outlet[outlet]


def test_quote_wordings_hold_only_words_inside_marks(
    comparison: StoryComparison, article_texts: dict[str, str]
) -> None:
    from storylens.analyse.quotes.marks import find_marked_quotes

    for group in comparison.quote_groups:
        for variant in group.variants:
            if variant.relation == "paraphrased":
                continue
            text = article_texts[variant.article_id]
            marked = [(q.start, q.end) for q in find_marked_quotes(text)]
            assert "\n" not in variant.text
            for piece in variant.text.split(" … "):
                at = text.find(piece.strip(), variant.start)
                assert at >= 0, piece
                assert any(a <= at and at + len(piece.strip()) <= b for a, b in marked), piece


def test_a_repeat_in_one_article_is_called_a_repeat(comparison: StoryComparison) -> None:
    for group in comparison.quote_groups:
        reference = next(v for v in group.variants if v.relation == "reference")
        for variant in group.variants:
            if variant is not reference and variant.article_id == reference.article_id:
                assert variant.relation == "repeated"
    relations = {v.relation for g in comparison.quote_groups for v in g.variants}
    assert "repeated" in relations and "truncated" not in relations


def test_words_a_source_relays_name_the_relay(comparison: StoryComparison) -> None:
    relayed = [v for g in comparison.quote_groups for v in g.variants if v.reported_by]
    assert relayed
    assert all(v.speaker and v.reported_by != v.speaker for v in relayed)


def test_sourcing_rows_have_words_and_no_outlet_leaves_out_itself(
    comparison: StoryComparison,
) -> None:
    for profile in (*comparison.sourcing, *comparison.sourcing_by_outlet):
        assert all(c.quotes or c.reported for c in profile.counts)
        assert all(c.words for c in profile.counts if c.quotes)
        assert profile.outlet not in profile.left_out
    first, second = _first_and_second(comparison)
    by_article = {p.article_ids[0]: p for p in comparison.sourcing}
    named = {c.source_type: c for c in by_article[second].counts}["person"]
    # narration about a named person is not his quoted words
    assert named.words < 200


def test_tone_reads_accounts_documents_and_sources_words(comparison: StoryComparison) -> None:
    first, second = _first_and_second(comparison)
    tone = {p.article_id: p for p in comparison.tone}
    own_second = [m.text for m in tone[second].own]
    assert "lunged" not in own_second and "praising" not in own_second
    # find_tone reads "lunged" as Scoop's account (tests/test_tone.py); an unrated verb is not
    # sure enough for the comparison to list in any voice (issue 19: fewer, surer lines)
    assert "lunged" not in [m.text for m in tone[second].reported]
    scare = [m.text.strip(" .") for m in tone[first].scare]
    assert "intentionally mishandling evidence" not in scare
    assert "love challenging one another" not in scare
