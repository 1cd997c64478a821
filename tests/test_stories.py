"""The story stage on small written examples: features, joins, ids, copies, restore."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

from storylens.records import AnalysedArticle, Article, CleanArticle, Entity, Span
from storylens.stories import (
    ArticleFeatures,
    StoryClusterer,
    StorySettings,
    extract_features,
    story_id_for,
)
from storylens.stories.dedup import make_signature

FIRE = (
    "A fire destroyed the Kestrel Logistics warehouse on the Port Alder waterfront on Tuesday. "
    "Fire chief Dana Whitcombe said three firefighters were injured. "
    '"We made the call early to fight it from the outside," Whitcombe said. '
    "The cause of the blaze at the warehouse is under investigation, Kestrel Logistics said."
)
FIRE_2 = (
    "Three firefighters were hurt as flames tore through a Kestrel Logistics warehouse in "
    'Port Alder. "We made the decision early to fight it from the outside," chief Dana '
    "Whitcombe told reporters. Investigators are looking for the cause of the warehouse fire."
)
OTHER_FIRE = (
    "A warehouse fire in Millbrook forced thirty families from their homes overnight. "
    "Neighbour Harold Pimm banged on doors to wake residents. \"I'm no hero. I just know "
    'those families," Pimm said. Fire officer Owen Brackley said the blaze was stubborn.'
)
LIBRARY = (
    "The Ferris Bay council voted to close the Elm Street library branch. Mayor Gretchen "
    'Olander said: "I was elected to balance a budget, not to wish one into existence." '
    "Readers protested outside the council chamber before the library vote."
)
NAMES = {
    "fire": [("Kestrel Logistics", "ORG"), ("Port Alder", "GPE"), ("Dana Whitcombe", "PERSON")],
    "fire2": [("Kestrel Logistics", "ORG"), ("Port Alder", "GPE"), ("Dana Whitcombe", "PERSON")],
    "other": [("Millbrook", "GPE"), ("Harold Pimm", "PERSON"), ("Owen Brackley", "PERSON")],
    "library": [("Ferris Bay", "GPE"), ("Gretchen Olander", "PERSON"), ("Elm Street", "FAC")],
}


def analysed(
    article_id: str, text: str, names: str, title: str, published: str | None = None
) -> AnalysedArticle:
    article = Article(id=article_id, text=text, title=title, published=published)
    entities = []
    for name, label in NAMES[names]:
        start = text.find(name)
        if start >= 0:
            entities.append(Entity(name, label, start, start + len(name)))
    return AnalysedArticle(clean=CleanArticle(article), entities=tuple(entities))


def features(article_id: str, which: str, published: str | None = "2026-03-04") -> ArticleFeatures:
    texts = {
        "fire": (FIRE, "Fire destroys Kestrel warehouse in Port Alder"),
        "fire2": (FIRE_2, "Port Alder warehouse fire injures three firefighters"),
        "other": (OTHER_FIRE, "Millbrook warehouse fire forces families out"),
        "library": (LIBRARY, "Ferris Bay votes to close Elm Street library"),
    }
    text, title = texts[which]
    return extract_features(analysed(article_id, text, which, title, published))


def test_features_round_trip_through_json() -> None:
    original = features("a", "fire")
    text = original.to_json()
    assert ArticleFeatures.from_json(text) == original
    payload = json.loads(text)
    assert payload["minhash"]["num_perm"] == 128 and payload["minhash"]["shingle_words"] == 5
    assert len(payload["terms"]) <= 80


def test_features_a_newer_storylens_wrote_are_refused() -> None:
    from storylens.errors import StoreError
    from storylens.stories.features import FEATURES_VERSION

    payload = json.loads(features("a", "fire").to_json())
    assert payload["v"] == FEATURES_VERSION
    payload["v"] = FEATURES_VERSION + 1
    with pytest.raises(StoreError, match="newer than this storylens reads"):
        ArticleFeatures.from_json(json.dumps(payload))
    del payload["v"]  # written before versions were kept: read as version 1
    assert ArticleFeatures.from_json(json.dumps(payload)).article_id == "a"


def test_features_keep_names_quotes_and_the_day() -> None:
    found = features("a", "fire", published="2026-03-04T10:00:00")
    keys = dict(found.entities)
    assert "e:whitcombe" in keys and "e:kestrel logistics" in keys
    assert any(q.startswith("we made the call early") for q in found.quotes)
    assert found.published == "2026-03-04"


def test_same_event_joins_and_other_events_open_stories() -> None:
    clusterer = StoryClusterer()
    first = clusterer.add(features("fire-1", "fire"))
    second = clusterer.add(features("fire-2", "fire2"))
    other = clusterer.add(features("millbrook", "other"))
    library = clusterer.add(features("library", "library"))
    assert first.new_story and first.story_id == story_id_for("fire-1")
    assert second.story_id == first.story_id and not second.new_story
    assert second.score > 0
    assert other.new_story and library.new_story
    assert len({first.story_id, other.story_id, library.story_id}) == 3


def test_reasons_name_the_shared_evidence() -> None:
    clusterer = StoryClusterer()
    clusterer.add(features("fire-1", "fire"))
    joined = clusterer.add(features("fire-2", "fire2"))
    text = " ".join(joined.reasons)
    assert joined.reasons[0].startswith("score ")
    assert "whitcombe" in text and "kestrel logistics" in text and "warehouse" in text


def test_re_adding_an_article_returns_its_assignment_unchanged() -> None:
    clusterer = StoryClusterer()
    first = clusterer.add(features("fire-1", "fire"))
    clusterer.add(features("fire-2", "fire2"))
    assert clusterer.add(features("fire-1", "fire")) is first
    assert len(clusterer) == 2


def test_story_ids_do_not_depend_on_batches() -> None:
    items = [
        features("fire-1", "fire"),
        features("millbrook", "other"),
        features("fire-2", "fire2"),
        features("library", "library"),
    ]
    one_run = StoryClusterer()
    expected = [one_run.add(f) for f in items]

    first_batch = StoryClusterer()
    stored = [(f, first_batch.add(f)) for f in items[:2]]
    second_batch = StoryClusterer()
    second_batch.restore(
        (ArticleFeatures.from_json(f.to_json()), assignment) for f, assignment in stored
    )
    assert [a for _, a in stored] + [second_batch.add(f) for f in items[2:]] == expected


def test_restore_keeps_stored_decisions() -> None:
    clusterer = StoryClusterer()
    made = clusterer.add(features("fire-1", "fire"))
    forced = StoryClusterer()
    # A stored decision that this clusterer would not make itself is kept as it is.
    odd = made.__class__("fire-2", "s-stored", 0.1, False)
    forced.restore([(features("fire-1", "fire"), made), (features("fire-2", "fire2"), odd)])
    assert forced.assignment("fire-2") == odd
    assert forced.add(features("fire-2", "fire2")) == odd


def test_a_copy_points_to_the_original_and_joins_its_story() -> None:
    clusterer = StoryClusterer()
    original = clusterer.add(features("wire", "fire"))
    copy_features = extract_features(
        analysed("tribune", FIRE + "\nShare this article", "fire", "A reprint", "2026-03-05")
    )
    copy = clusterer.add(copy_features)
    assert copy.duplicate_of == "wire"
    assert copy.story_id == original.story_id
    assert any("copy of wire" in reason for reason in copy.reasons)


def test_a_copy_seen_first_is_re_pointed_when_the_earlier_original_arrives() -> None:
    clusterer = StoryClusterer()
    reprint = extract_features(analysed("tribune", FIRE, "fire", "A reprint", "2026-03-05"))
    early = clusterer.add(reprint)
    original = clusterer.add(features("wire", "fire", published="2026-03-04"))
    assert original.duplicate_of is None and original.story_id == early.story_id
    revised = clusterer.take_revisions()
    assert [(r.article_id, r.duplicate_of) for r in revised] == [("tribune", "wire")]
    assert clusterer.take_revisions() == []


def test_time_keeps_far_apart_articles_apart() -> None:
    clusterer = StoryClusterer(StorySettings(max_story_gap_days=30))
    first = clusterer.add(features("fire-1", "fire", published="2026-03-04"))
    later = clusterer.add(features("fire-2", "fire2", published="2026-09-04"))
    assert later.new_story and later.story_id != first.story_id


def _made_up(article_id: str, terms: list[str], names: dict[str, float]) -> ArticleFeatures:
    """Features written by hand, to control exactly which names a story is about."""
    text = " ".join([article_id, *terms, *names])
    return ArticleFeatures(
        article_id=article_id,
        signature=make_signature(text),
        published="2026-03-04",
        terms=tuple((term, 2.0) for term in terms),
        entities=tuple(names.items()),
    )


def test_a_secondary_link_needs_names_the_other_story_is_about() -> None:
    fire_words = ["warehouse", "blaze", "firefighter", "smoke", "evacuated"]
    central = {f"e:{n}": 3.0 for n in ("kestrel", "whitcombe", "alder", "tanner", "quay")}
    passing = {"e:ostrander": 1.0, "e:vellacott": 1.0, "e:harbourmaster": 1.0}
    passing |= {f"e:{n}": 1.0 for n in ("pell", "ruddock", "amesbury", "linch")}
    clusterer = StoryClusterer()
    fire = clusterer.add(_made_up("fire-1", fire_words, central | passing))
    clusterer.add(_made_up("fire-2", fire_words, central | passing))
    vote_words = ["council", "library", "budget", "vote", "branch"]
    vote = {"e:olander": 3.0, "e:ferris": 3.0}
    clusterer.add(_made_up("vote-1", vote_words, vote))
    recalls = clusterer.add(
        _made_up("vote-2", vote_words, vote | {"e:kestrel": 1.0, "e:whitcombe": 1.0})
    )
    in_passing = clusterer.add(
        _made_up("vote-3", vote_words, vote | {"e:ostrander": 1.0, "e:vellacott": 1.0})
    )
    assert recalls.story_id == in_passing.story_id != fire.story_id
    assert fire.story_id in recalls.secondary_story_ids
    assert fire.story_id not in in_passing.secondary_story_ids


@pytest.mark.parametrize("seed", range(5))
def test_any_input_order_gives_the_same_grouping(seed: int) -> None:
    items = [
        features("fire-1", "fire"),
        features("fire-2", "fire2"),
        features("millbrook", "other"),
        features("library", "library"),
    ]
    random.Random(seed).shuffle(items)
    clusterer = StoryClusterer()
    stories = {f.article_id: clusterer.add(f).story_id for f in items}
    assert stories["fire-1"] == stories["fire-2"]
    assert len(set(stories.values())) == 3


def test_dense_embeddings_say_how_to_install_them() -> None:
    import importlib.util

    from storylens.errors import MissingExtra
    from storylens.stories.embeddings import ArticleEncoder

    if importlib.util.find_spec("sentence_transformers") is not None:
        pytest.skip("the embeddings extra is installed")
    with pytest.raises(MissingExtra, match=r"storylens\[embeddings\]"):
        ArticleEncoder()


def test_embeddings_take_their_share_of_the_score_when_both_sides_have_them() -> None:
    from dataclasses import replace

    plain = StoryClusterer()
    plain.add(features("fire-1", "fire"))
    without = plain.add(features("fire-2", "fire2"))

    dense = StoryClusterer()
    dense.add(replace(features("fire-1", "fire"), dense=(1.0, 0.0)))
    same = dense.add(replace(features("fire-2", "fire2"), dense=(1.0, 0.0)))
    assert same.story_id == without.story_id
    weight = StorySettings().dense_weight
    assert same.score == pytest.approx((1 - weight) * without.score + weight * 1.0, abs=1e-3)
    assert "embeddings 1.00" in same.reasons[0]

    apart = StoryClusterer()
    apart.add(replace(features("fire-1", "fire"), dense=(1.0, 0.0)))
    orthogonal = apart.add(replace(features("fire-2", "fire2"), dense=(0.0, 1.0)))
    assert orthogonal.score == pytest.approx((1 - weight) * without.score, abs=1e-3)

    # A cosine at the floor (two reports of the same kind of event) adds nothing: the dense
    # part counts only what lies above DENSE_FLOOR.
    from storylens.stories.scoring import DENSE_FLOOR

    kin = StoryClusterer()
    kin.add(replace(features("fire-1", "fire"), dense=(1.0, 0.0)))
    at_floor = (DENSE_FLOOR, (1 - DENSE_FLOOR**2) ** 0.5)
    alike = kin.add(replace(features("fire-2", "fire2"), dense=at_floor))
    assert alike.score == pytest.approx((1 - weight) * without.score, abs=1e-3)


def test_idf_follows_every_added_article() -> None:
    # IDF values are kept between adds only until the next one: a key grows less rare as
    # articles use it, and an article that does not use it makes it rarer.
    from storylens.stories.index import DocumentFrequencies

    frequencies = DocumentFrequencies()
    frequencies.add(["chile"])
    frequencies.add(["quake"])
    first = frequencies.idf("quake")
    assert frequencies.idf("quake") == first
    frequencies.add(["quake"])
    assert frequencies.idf("quake") < first
    before = frequencies.idf("chile")
    frequencies.add(["other"])
    assert frequencies.idf("chile") > before


def test_the_lead_says_whom_a_report_is_about() -> None:
    lines = (
        "Police arrested Jamal Williams Jr. early Sunday.",
        "Williams failed a sobriety test.",
        "The team said Williams would play.",
        "Vincent Jackson was arrested a month earlier.",
    )
    text = " ".join(lines)
    sentences = [Span(text.find(line), text.find(line) + len(line), "sentence") for line in lines]
    people = ("Jamal Williams Jr.", r"Williams(?! Jr)", "Vincent Jackson")
    entities = [
        Entity(match.group(), "PERSON", match.start(), match.end())
        for pattern in people
        for match in re.finditer(pattern, text)
    ]
    article = Article(id="a", text=text, title=None)
    found = extract_features(
        AnalysedArticle(
            clean=CleanArticle(article), sentences=tuple(sentences), entities=tuple(entities)
        )
    )
    # A generational suffix is no surname; Jackson is named only after the three-sentence lead.
    assert found.actors == (("e:williams", 3.0),)
    assert "e:jackson" in dict(found.entities) and "e:jr" not in dict(found.entities)


def test_the_lead_says_which_day_its_event_happened() -> None:
    from storylens.analyse.timex import find_timexes

    lines = (
        "HARLOW, May 4, 2026 - A man was shot late Saturday on Quarry Road, police said.",
        "Police named him on Sunday.",
        "Officers were called at 11:30 p.m.",
        "A shooting on Pine Lane on May 11 is not linked, the chief said on Tuesday.",
    )
    text = " ".join(lines)
    sentences = [Span(text.find(line), text.find(line) + len(line), "sentence") for line in lines]
    article = Article(id="a", text=text, title=None, published="2026-05-04")
    found = extract_features(
        AnalysedArticle(
            clean=CleanArticle(article),
            sentences=tuple(sentences),
            timexes=find_timexes(text, article.published),
        )
    )
    # Saturday and Sunday before a Monday report, in the lead's order; a dateline with its
    # year is when the report was written, and the fourth sentence is past the lead.
    assert found.days == ("2026-05-02", "2026-05-03")
    assert "2026-05-11" not in found.days
    assert ArticleFeatures.from_json(found.to_json()).days == found.days
    undated = replace(article, published=None)
    no_anchor = extract_features(
        AnalysedArticle(
            clean=CleanArticle(undated),
            sentences=tuple(sentences),
            timexes=find_timexes(text, None),
        )
    )
    assert no_anchor.days == ()  # "Saturday" read against no date names no day


def test_features_of_version_one_read_with_no_days() -> None:
    payload = json.loads(features("a", "fire").to_json())
    payload["v"] = 1
    del payload["days"]
    assert ArticleFeatures.from_json(json.dumps(payload)).days == ()


def test_a_yearless_day_months_after_the_report_is_last_year_s() -> None:
    from storylens.analyse.timex import find_timexes

    lines = (
        "Charges link a man's gun to the boy's July 4 killing, police said.",
        "He is due in court on April 20.",
        "Detectives traced the gun.",
    )
    text = " ".join(lines)
    sentences = [Span(text.find(line), text.find(line) + len(line), "sentence") for line in lines]
    article = Article(id="a", text=text, title=None, published="2016-03-28")
    found = extract_features(
        AnalysedArticle(
            clean=CleanArticle(article),
            sentences=tuple(sentences),
            timexes=find_timexes(text, article.published),
        )
    )
    # July 4 read as the coming one is 98 days ahead: the killing was last July; the hearing
    # 23 days ahead is this year's.
    assert found.days == ("2015-07-04", "2016-04-20")
