"""The clusterer's time window and the indexes behind it, on small written examples: stories
no article of the stream's present can join leave memory, the others stay; the copy index
finds what datasketch's LSH found, and forgets what it is told to."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest
from datasketch import MinHashLSH

from storylens.stories import ArticleFeatures, MinHashParams, Signature, StoryClusterer, dedup
from storylens.stories import clusterer as clusterer_module
from storylens.stories.dedup import LSH_JACCARD_THRESHOLD, DuplicateIndex, make_signature
from storylens.stories.index import CandidateIndex

PARAMS = MinHashParams()
START = date(2026, 3, 2)
# Written events: a warehouse fire in Port Alder, then a month of council meetings in other
# towns, each with its own words and names.
FIRE_WORDS = (("warehouse", 3.0), ("fire", 3.0), ("firefighters", 2.0), ("blaze", 1.0))
FIRE_NAMES = (("e:whitcombe", 2.0), ("e:kestrel logistics", 2.0), ("e:port alder", 1.0))


def _signature(rng: random.Random) -> Signature:
    return Signature(PARAMS, tuple(rng.getrandbits(32) for _ in range(PARAMS.num_perm)), 300)


def _article(
    article_id: str,
    day: int,
    words: tuple[tuple[str, float], ...],
    names: tuple[tuple[str, float], ...],
    lead_days: tuple[str, ...] = (),
) -> ArticleFeatures:
    return ArticleFeatures(
        article_id=article_id,
        signature=_signature(random.Random(article_id)),
        published=(START + timedelta(days=day)).isoformat(),
        terms=words,
        entities=names,
        days=lead_days,
    )


def _meeting(number: int, day: int) -> ArticleFeatures:
    town = f"town{number}"
    return _article(
        f"meeting-{number}",
        day,
        ((f"budget{number}", 2.0), ("council", 1.0), (f"levy{number}", 2.0)),
        ((f"e:{town}", 2.0), (f"e:mayor{number}", 1.0)),
    )


def _month_of_meetings(clusterer: StoryClusterer, first_day: int) -> None:
    for number in range(12):
        clusterer.add(_meeting(number, first_day + number // 4))


@pytest.fixture(autouse=True)
def _look_often(monkeypatch: pytest.MonkeyPatch) -> None:
    # A look every four articles, so that a dozen articles show what a thousand would.
    monkeypatch.setattr(clusterer_module, "FORGET_EVERY", 4)


def test_a_story_past_the_time_decay_leaves_the_window() -> None:
    clusterer = StoryClusterer()
    first = clusterer.add(_article("fire-1", 0, FIRE_WORDS, FIRE_NAMES))
    clusterer.add(_article("fire-2", 1, FIRE_WORDS, FIRE_NAMES))
    _month_of_meetings(clusterer, first_day=40)
    assert first.story_id not in clusterer.stories()
    assert clusterer.assignment("fire-1") is None and clusterer.forgotten_stories == 1
    assert clusterer.forgotten_articles == 2
    # A report of the fire dated now could not have joined it: the decay since day 1 is
    # far below the join threshold, so it opens a story either way.
    late = clusterer.add(_article("fire-3", 44, FIRE_WORDS, FIRE_NAMES))
    assert late.new_story


def test_a_story_within_reach_stays() -> None:
    clusterer = StoryClusterer()
    first = clusterer.add(_article("fire-1", 0, FIRE_WORDS, FIRE_NAMES))
    _month_of_meetings(clusterer, first_day=10)
    assert first.story_id in clusterer.stories()
    assert clusterer.add(_article("fire-2", 12, FIRE_WORDS, FIRE_NAMES)).story_id == first.story_id


def test_a_story_whose_leads_name_a_day_stays_for_the_same_day_grace() -> None:
    # A sentencing months later whose lead dates the fire joins the fire's story, so a story
    # whose leads name a day is kept as long as that grace reaches.
    clusterer = StoryClusterer()
    fire_day = (START + timedelta(days=-1)).isoformat()
    first = clusterer.add(_article("fire-1", 0, FIRE_WORDS, FIRE_NAMES, (fire_day,)))
    _month_of_meetings(clusterer, first_day=120)
    assert first.story_id in clusterer.stories() and clusterer.forgotten_stories == 0


def test_nothing_leaves_while_old_articles_still_arrive() -> None:
    # Articles that arrive out of date order (an archive read in any order) keep the
    # low-water day early, so no story they could join is forgotten.
    clusterer = StoryClusterer()
    first = clusterer.add(_article("fire-1", 0, FIRE_WORDS, FIRE_NAMES))
    for number in range(12):
        day = 0 if number % 3 == 0 else 60
        clusterer.add(_meeting(number, day))
    assert first.story_id in clusterer.stories() and clusterer.forgotten_stories == 0


def test_restore_keeps_the_window_the_online_run_kept() -> None:
    online = StoryClusterer()
    rows = []
    articles = [
        _article("fire-1", 0, FIRE_WORDS, FIRE_NAMES),
        *(_meeting(number, 40 + number // 4) for number in range(12)),
    ]
    for features in articles:
        rows.append((features, online.add(features)))
    restored = StoryClusterer()
    restored.restore(rows)
    assert restored.stories() == online.stories()
    assert restored.forgotten_stories == online.forgotten_stories == 1


def test_a_forgotten_story_is_no_candidate_and_its_keys_are_swept() -> None:
    index = CandidateIndex()
    index.add("fire", ["warehouse", "whitcombe"])
    index.add("library", ["library", "council"])
    index.add("budget", ["council", "levy"])
    index.forget(["fire"])
    assert index.candidates([("warehouse", 1.0), ("council", 0.5)]) == ["budget", "library"]
    assert index.stories_with("whitcombe") == []
    index.forget(["library"])  # two forgotten of three: past the sweep share
    assert len(index) == 2  # "warehouse", "whitcombe" and "library" left with their stories
    index.add("fire", ["warehouse"])  # an id used again is live again
    assert index.candidates([("warehouse", 1.0)]) == ["fire"]


WIRE = " ".join(
    f"Paragraph {i} of the wire report says the council of Dunmore met on day {i} "
    f"to discuss the bus crash on Route {i} and the driver who saved {i} children."
    for i in range(12)
)


def _planted(rng: random.Random, base: tuple[int, ...], keep: float) -> Signature:
    """A signature sharing about ``keep`` of its values with ``base``."""
    values = tuple(v if rng.random() < keep else rng.getrandbits(32) for v in base)
    return Signature(PARAMS, values, 300)


def test_the_copy_index_finds_what_datasketch_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dedup, "LSH_MERGE_EVERY", 7)  # merges between the adds
    rng = random.Random(3)
    base = tuple(rng.getrandbits(32) for _ in range(PARAMS.num_perm))
    stored = {f"a{i}": _planted(rng, base, rng.choice((0.2, 0.5, 0.8, 0.95))) for i in range(40)}
    index = DuplicateIndex()
    reference = MinHashLSH(threshold=LSH_JACCARD_THRESHOLD, num_perm=PARAMS.num_perm)
    for article_id, signature in stored.items():
        index.add(article_id, signature)
        reference.insert(article_id, signature.to_minhash())
    for _ in range(10):
        query = _planted(rng, base, rng.choice((0.5, 0.9)))
        found = {article_id for article_id, _ in index.copies_of(query)}
        candidates = set(reference.query(query.to_minhash()))
        expected = {a for a in candidates if dedup.estimated_containment(query, stored[a]) >= 0.8}
        assert found == expected


def test_a_removed_article_is_no_copy_and_its_row_is_reclaimed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(dedup, "LSH_MERGE_EVERY", 2)
    index = DuplicateIndex()
    wire = make_signature(WIRE)
    index.add("wire", wire)
    index.add("reprint", make_signature(WIRE + " A local paragraph."))
    index.remove("wire")
    index.remove("nothing")  # unknown: no-op
    assert [a for a, _ in index.copies_of(wire)] == ["reprint"]
    index.remove("reprint")
    index.add("again", wire)
    index.add("other", make_signature(WIRE.replace("bus", "tram")))  # a merge: rows reclaimed
    assert "wire" not in index and len(index) == 2
    assert [a for a, _ in index.copies_of(wire)][0] == "again"


def test_the_idf_table_gives_the_smoothed_idf() -> None:
    from storylens.stories.index import DocumentFrequencies

    frequencies = DocumentFrequencies()
    frequencies.add(["warehouse", "fire"])
    assert frequencies.idf("fire") == frequencies._smoothed_idf("fire")
    frequencies.add(["fire"])  # a new add: every IDF changes, none is kept from before
    for key in ("warehouse", "fire", "library"):
        assert frequencies.idf(key) == frequencies._smoothed_idf(key)


def test_idfs_filled_in_one_batch_are_the_smoothed_idf() -> None:
    # ``idfs`` fills the keys not asked for since the last add in one batch (one value per
    # document frequency): each must be the IDF computed afresh, after every add, whether the
    # key was asked for alone before, is asked twice, or was never seen.
    from storylens.stories.index import DocumentFrequencies

    frequencies = DocumentFrequencies()
    keys = ["warehouse", "fire", "blaze", "library", "fire", "e:whitcombe"]
    for added in (["warehouse", "fire"], ["fire", "blaze"], ["fire"], ["e:whitcombe"]):
        frequencies.add(added)
        frequencies.idf("blaze")  # one key already in the table when the batch comes
        assert frequencies.idfs(keys) == [frequencies._smoothed_idf(key) for key in keys]
        assert [frequencies.idf(key) for key in keys] == frequencies.idfs(keys)


def test_kept_values_outlive_an_add_for_the_most_recent_owners(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from storylens.stories import index

    monkeypatch.setattr(index, "KEPT_OWNERS", 2)
    frequencies = index.DocumentFrequencies()
    owners = [object() for _ in range(3)]
    builds: list[int] = []

    def kept(number: int) -> int:
        return frequencies.kept("parts", owners[number], lambda: builds.append(number) or number)

    assert [kept(0), kept(1)] == [0, 1]
    frequencies.add(["fire"])  # an add changes no IDF-free value
    assert [kept(0), kept(1)] == [0, 1] and builds == [0, 1]
    kept(2)  # a third owner: the one first asked about longest ago leaves
    assert kept(0) == 0 and builds == [0, 1, 2, 0]


def test_a_story_beyond_reach_scores_below_the_join_threshold() -> None:
    # The checks after a join skip the stories ``_beyond_reach`` names: the fire's own words
    # and names a month and a half later still score below the join threshold with it.
    clusterer = StoryClusterer()
    first = clusterer.add(_article("fire-1", 0, FIRE_WORDS, FIRE_NAMES))
    frequencies = clusterer._frequencies
    for day, beyond in ((2, False), (10, False), (45, True)):
        late = _article(f"fire-{day}", day, FIRE_WORDS, FIRE_NAMES)
        vectors = clusterer_module.ArticleVectors.build(late, frequencies)
        assert clusterer._beyond_reach(vectors.day, first.story_id) is beyond
        if beyond:
            score = clusterer._score_with(vectors, late, first.story_id)
            assert score < clusterer.settings.join_threshold
    # A story whose leads name a day reaches a year further: a later lead may date it.
    dated = StoryClusterer()
    story = dated.add(_article("fire-1", 0, FIRE_WORDS, FIRE_NAMES, (START.isoformat(),)))
    assert not dated._beyond_reach(45 + START.toordinal(), story.story_id)
    assert dated._beyond_reach(400 + START.toordinal(), story.story_id)


def test_a_story_beyond_reach_still_counts_when_no_story_in_reach_is_joined() -> None:
    # The join scores a story beyond reach only when no story in reach is joined: then its
    # undecayed score may still join it, or it is named as a new story's closest.
    clusterer = StoryClusterer()
    first = clusterer.add(_article("fire-1", 0, FIRE_WORDS, FIRE_NAMES))
    assert clusterer._beyond_reach(START.toordinal() + 45, first.story_id)
    again = clusterer.add(_article("fire-45", 45, FIRE_WORDS, FIRE_NAMES))
    assert again.story_id == first.story_id
    assert again.reasons[0].startswith("joined an older story")
    fresh = StoryClusterer()
    fresh.add(_article("fire-1", 0, FIRE_WORDS, FIRE_NAMES))
    other_words = (*FIRE_WORDS[:2], ("lumber", 3.0), ("mill", 2.0))
    other = fresh.add(_article("mill-45", 45, other_words, (("e:grayling", 2.0),)))
    assert other.new_story
    assert other.reasons[0].startswith(f"opened a new story: closest story {first.story_id}")
