"""What the list and person pages read on a large store instead of comparison bodies: the
scorecard counts stored beside each comparison (migration 0007), the list sorted and
filtered by them in SQL, and a story's quote groups cut out of its body by the database.
Each is checked against what the full comparison says, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import update

from storylens import views
from storylens.compare.scorecard import SCORE_SECTIONS, scorecard
from storylens.pipeline import compare_stories
from storylens.records import (
    AnalysedArticle,
    Article,
    CleanArticle,
    Entity,
    Quote,
    Span,
    StoryAssignment,
)
from storylens.store import Store, StoredArticle
from storylens.store.database import MIGRATIONS_DIR, migrate
from storylens.store.reads import SCORE_COUNT_NAMES, score_counts, stored_quote_groups
from storylens.store.schema import comparisons

OUTLETS = ("Harbor Gazette", "Metro Wire", "Coast Herald")
PEOPLE = ("Dana Holt", "Sam Ito")


def _stored(story: int, index: int) -> StoredArticle:
    """An article of ``story``: its outlets give the count of residents and the quote's
    wording differently, so the comparison has conflicts and variants to count."""
    person = PEOPLE[story % len(PEOPLE)]
    count = 40 + 7 * index
    said = "We closed the pier for the winter" + (" and the spring" if index else "")
    text = (
        f"The pier at Port Alder closed on Tuesday after {count} residents complained.\n"
        f"{person} said “{said},” on Tuesday.\n"
        f"Story {story}, item {index}: officials met on Friday."
    )
    start = text.index(said)
    speaker = text.index(person)
    analysed = AnalysedArticle(
        clean=CleanArticle(
            Article(
                f"a{story}-{index}",
                text,
                title=f"Pier {story} closes",
                outlet=OUTLETS[index % len(OUTLETS)],
                published=f"2026-04-{1 + story:02d}",
                source=f"a{story}-{index}.txt",
            )
        ),
        sentences=tuple(
            Span(text.index(line), text.index(line) + len(line), "sentence")
            for line in text.split("\n")
        ),
        entities=(Entity(person, "PERSON", speaker, speaker + len(person)),),
        quotes=(
            Quote(
                said,
                start,
                start + len(said),
                person,
                person,
                speaker,
                speaker + len(person),
                "person",
                "said",
                "direct",
            ),
        ),
    )
    story_id = f"s-{story:02d}"
    return StoredArticle(analysed, StoryAssignment(analysed.id, story_id, 0.5, index == 0))


STORIES = 6


@pytest.fixture
def store(any_db: str) -> Iterator[Store]:
    with Store(any_db) as opened:
        opened.save_batch([_stored(s, i) for s in range(STORIES) for i in range(1 + s % 3)])
        # the last story has no comparison: lists show it without counts
        compare_stories(opened, [f"s-{s:02d}" for s in range(STORIES - 1)])
        yield opened


def test_the_count_names_are_the_scorecard_sections() -> None:
    assert tuple(SCORE_SECTIONS) == SCORE_COUNT_NAMES


def test_stored_counts_are_the_comparisons_scorecards(store: Store) -> None:
    ids = [f"s-{s:02d}" for s in range(STORIES)]
    stored = score_counts(store.reader, ids)
    assert set(stored) == set(ids[:-1])
    for story_id, counts in stored.items():
        comparison = store.stored_comparison(story_id)
        assert comparison is not None
        card = scorecard(comparison)
        assert {n: counts.count(n) for n in SCORE_SECTIONS} == {
            n: card.count(n) for n in SCORE_SECTIONS
        }
    assert any(c.count("variants") for c in stored.values())  # the example counts something


def test_the_upgrade_fills_the_counts_of_stored_comparisons(store: Store) -> None:
    """A store from before 0007 gets the counts of its comparisons on upgrade."""
    before = score_counts(store.reader, [f"s-{s:02d}" for s in range(STORIES)])
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0006")
    migrate(store.engine)
    assert score_counts(store.reader, list(before)) == before


def test_a_body_the_upgrade_cannot_read_keeps_no_counts(store: Store) -> None:
    ids = [f"s-{s:02d}" for s in range(STORIES - 1)]
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0006")
        connection.execute(
            update(comparisons).where(comparisons.c.story_id == ids[0]).values(body="{}")
        )
    migrate(store.engine)  # the store still opens
    assert set(score_counts(store.reader, ids)) == set(ids[1:])


def _set_counts(store: Store, counts: dict[str, dict[str, int]]) -> None:
    with store.engine.begin() as connection:
        for story_id, values in counts.items():
            connection.execute(
                update(comparisons).where(comparisons.c.story_id == story_id).values(**values)
            )


def _reference(store: Store, sort: str, having: str | None, window: int) -> list[str]:
    """The list as ``stories_page`` made it in Python before the sort moved into SQL: the
    newest ``window`` stories, kept where ``having`` is above nought, stably sorted most
    ``sort`` first with stories without a comparison last."""
    ids = [r.story_id for r in views.stories_page(store, page_size=100).items[:window]]
    cards = score_counts(store.reader, ids)
    if having is not None:
        ids = [i for i in ids if i in cards and cards[i].count(having)]
    if sort != "newest":
        ids.sort(key=lambda i: -cards[i].count(sort) if i in cards else 1)
    return ids


@pytest.mark.parametrize(
    ("sort", "having"),
    [
        ("variants", None),
        ("conflicts", None),
        ("only_claims", "variants"),
        ("newest", "conflicts"),
        ("possible_conflicts", "possible_conflicts"),
    ],
)
@pytest.mark.parametrize("window", [views.MAX_SCORED_STORIES, 4])
def test_lists_by_a_count_are_the_newest_stably_sorted(
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
    sort: str,
    having: str | None,
    window: int,
) -> None:
    # Ties, noughts and a story without a comparison, in an order unlike the newest first.
    _set_counts(
        store,
        {
            "s-00": {"conflicts": 2, "variants": 1, "only_claims": 0, "possible_conflicts": 1},
            "s-01": {"conflicts": 0, "variants": 3, "only_claims": 2, "possible_conflicts": 0},
            "s-02": {"conflicts": 2, "variants": 0, "only_claims": 2, "possible_conflicts": 0},
            "s-03": {"conflicts": 1, "variants": 3, "only_claims": 0, "possible_conflicts": 0},
        },
    )
    monkeypatch.setattr(views, "MAX_SCORED_STORIES", window)
    expected = _reference(store, sort, having, window)
    found = views.stories_page(store, sort=sort, having=having, page_size=100)
    assert [r.story_id for r in found.items] == expected
    assert found.total == len(expected)
    paged = [
        r.story_id
        for page in (1, 2, 3)
        for r in views.stories_page(store, sort=sort, having=having, page=page, page_size=2).items
    ]
    assert paged == expected


def test_a_page_shows_each_storys_counts(store: Store) -> None:
    page = views.stories_page(store)
    assert set(page.scorecards) == {r.story_id for r in page.items} - {f"s-{STORIES - 1:02d}"}


def test_quote_groups_cut_from_the_body_are_the_comparisons(store: Store) -> None:
    ids = [f"s-{s:02d}" for s in range(STORIES)]
    every = stored_quote_groups(store.reader, ids)
    assert set(every) == set(ids[:-1])
    for story_id, groups in every.items():
        comparison = store.stored_comparison(story_id)
        assert comparison is not None and groups == comparison.quote_groups
    assert any(every.values())
    spoken = stored_quote_groups(store.reader, ids, frozenset({"sam ito"}))
    assert all(
        any((v.speaker or "").lower() == "sam ito" for v in g.variants)
        for groups in spoken.values()
        for g in groups
    )
    assert sum(map(len, spoken.values())) < sum(map(len, every.values()))


def test_a_person_page_holds_their_wordings_from_every_story(store: Store) -> None:
    page = views.entity_view(store, "Dana Holt")
    quoted_in = [f"s-{s:02d}" for s in range(0, STORIES, 2)]
    assert list(dict.fromkeys(q.story_id for q in page.quotes)) == quoted_in
    expected = []
    for story_id in quoted_in:
        comparison = store.stored_comparison(story_id)
        if comparison is not None:  # the last story has none
            expected += [(story_id, g.reference, len(g.variants)) for g in comparison.quote_groups]
    assert [(s, g.reference, len(g.variants)) for s, g in page.wordings] == expected
    assert all(v.outlet in OUTLETS for _, g in page.wordings for v in g.variants)
