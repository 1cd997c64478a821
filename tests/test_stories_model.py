"""The join decision's evidence of place and day, and the learned join model's file."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from storylens.errors import ModelError
from storylens.records import (
    AnalysedArticle,
    Article,
    CleanArticle,
    Entity,
    Span,
    StoryAssignment,
)
from storylens.stories import ArticleFeatures, StoryClusterer, StorySettings, extract_features
from storylens.stories import clusterer as clusterer_module
from storylens.stories.clusterer import story_id_for
from storylens.stories.dedup import make_signature
from storylens.stories.index import DocumentFrequencies
from storylens.stories.join_model import JoinModel
from storylens.stories.regions import is_state_or_nation
from storylens.stories.scoring import (
    JOIN_INPUT_NAMES,
    ArticleVectors,
    JoinInputs,
    StoryProfile,
    days_agree,
    is_region,
    lead_place_weights,
    other_incident,
    places_differ,
)

SHOOTING_TERMS = ["shooting", "teen", "basketball", "court", "park", "deputy", "wounded"]
SHOOTING_NAMES = {"e:dunmore county": 2.0, "e:ferrante": 2.0, "e:dunmore regional": 1.5}


def _report(
    article_id: str,
    places: tuple[str, ...],
    published: str = "2026-07-11",
    days: tuple[str, ...] = ("2026-07-10",),
    extra: tuple[str, ...] = (),
) -> ArticleFeatures:
    """A short shooting report written as features: the same words and names in every one,
    so that only the place, the day and the publication date tell them apart."""
    terms = [*SHOOTING_TERMS, *extra]
    text = " ".join([article_id, *terms, *places])
    return ArticleFeatures(
        article_id=article_id,
        signature=make_signature(text),
        published=published,
        terms=tuple((term, 2.0) for term in terms),
        entities=tuple(SHOOTING_NAMES.items()),
        days=days,
        places=places,
    )


def test_the_lead_says_where_its_event_happened() -> None:
    lines = (
        "A teen was shot at a park in Corwin on Friday, deputies said.",
        "He was taken to a hospital in Dunmore County.",
        "Deputies searched the creek path.",
        "A shooting in Halston last month was not linked.",
    )
    text = " ".join(lines)
    sentences = [Span(text.find(line), text.find(line) + len(line), "sentence") for line in lines]
    entities = [
        Entity(name, "GPE", text.find(name), text.find(name) + len(name))
        for name in ("Corwin", "Dunmore County", "Halston")
    ]
    found = extract_features(
        AnalysedArticle(
            clean=CleanArticle(Article(id="a", text=text, title=None)),
            sentences=tuple(sentences),
            entities=tuple(entities),
        )
    )
    # In the lead's order; Halston is named only after the three-sentence lead.
    assert found.places == ("e:corwin", "e:dunmore county")
    assert ArticleFeatures.from_json(found.to_json()).places == found.places
    payload = json.loads(found.to_json())
    payload["v"] = 2
    del payload["places"]
    assert ArticleFeatures.from_json(json.dumps(payload)).places == ()


def test_places_differ_when_neither_side_names_the_other_s_town() -> None:
    # Halston's report never names Corwin, and Corwin's story never names Halston.
    assert places_differ(["e:halston"], {"e:halston": 2.0}, ["e:corwin"], {"e:corwin": 4.0})
    # A report that names its neighbourhood first and the story's city in its text.
    assert not places_differ(
        ["e:culebra"], {"e:culebra": 2.0, "e:san antonio": 1.7}, ["e:san antonio"], {}
    )
    # ... or the story names the article's town in its text.
    assert not places_differ(["e:pandora"], {}, ["e:lima"], {"e:lima": 3.0, "e:pandora": 2.0})
    # A town named once, outside the lead, is named in passing: another event recalled.
    assert places_differ(
        ["e:greyford"], {"e:greyford": 2.4, "e:tamworth": 1.0}, ["e:tamworth"], {"e:tamworth": 4}
    )
    assert not places_differ([], {}, ["e:halston"], {"e:halston": 3.0})


def test_a_county_is_no_town_of_the_lead() -> None:
    report = _report("corwin-c", ("e:dunmore county", "e:corwin"))
    assert lead_place_weights(report) == {"e:corwin": 1.0}
    assert is_region("e:harris county") and not is_region("e:corwin")


def test_a_report_dated_to_the_story_s_day_is_not_another_town_s() -> None:
    story = _report("vista-a", ("e:vista",), days=("2026-10-25",))
    same_day = _report("vista-b", ("e:san marcos",), days=("2026-10-25",))
    next_day = replace(same_day, article_id="vista-c", days=("2026-10-26",))

    def flagged(article: ArticleFeatures) -> float:
        clusterer = StoryClusterer()
        clusterer.observe(story, "gold:vista")
        return clusterer.observe(article, "gold:vista")[0][1].other_place

    assert flagged(same_day) == 0.0
    assert flagged(next_day) == 1.0


def _states_other_incident(article: ArticleFeatures, *story: ArticleFeatures) -> bool:
    frequencies = DocumentFrequencies()
    profile = StoryProfile("story")
    for member in story:
        profile.add(member, frequencies)
    vectors = ArticleVectors.build(article, frequencies)
    return other_incident(vectors, article, profile)


def _lead(article_id: str, place: str, day: str | None) -> ArticleFeatures:
    """A shooting report whose lead names ``place`` (in its names too, as a lead mention)
    and ``day``."""
    report = _report(article_id, (place,), days=(day,) if day else ())
    return replace(report, entities=(*report.entities, (place, 1.693)))


def test_another_incident_is_another_town_on_another_day() -> None:
    # Corwin's shooting on Friday; Halston's on Saturday, told in the same words.
    corwin = _lead("corwin-a", "e:corwin", "2026-07-10")
    assert _states_other_incident(_lead("halston-a", "e:halston", "2026-07-11"), corwin)
    # The same town, or a day both leads give, is the same incident's report.
    assert not _states_other_incident(_lead("corwin-b", "e:corwin", "2026-07-11"), corwin)
    assert not _states_other_incident(_lead("halston-b", "e:halston", "2026-07-10"), corwin)
    # A lead that gives no day says nothing of which incident: a town alone is often the
    # county seat where the hearing is, or the neighbourhood of the story's city.
    assert not _states_other_incident(_lead("halston-c", "e:halston", None), corwin)
    undated = _lead("corwin-c", "e:corwin", None)
    assert not _states_other_incident(_lead("halston-a", "e:halston", "2026-07-11"), undated)


def test_a_state_or_a_country_is_no_town_of_another_incident() -> None:
    # A hearing's lead names Denmark (S.C.) and a day; the story's leads, Charleston.
    charleston = _lead("charleston", "e:charleston", "2014-09-08")
    assert not _states_other_incident(_lead("hearing", "e:denmark", "2014-09-19"), charleston)
    assert not _states_other_incident(_lead("houston", "e:texas", "2014-09-15"), charleston)
    assert _states_other_incident(_lead("hearing", "e:bamberg", "2014-09-19"), charleston)
    assert is_state_or_nation("e:denmark") and is_state_or_nation("e:okla")
    assert is_state_or_nation("e:u.s") and not is_state_or_nation("e:tulsa")
    # "New York" and "Washington" are as often the city: they stay towns.
    assert not is_state_or_nation("e:new york") and not is_state_or_nation("e:washington")


def test_a_report_from_the_next_town_takes_the_place_penalty() -> None:
    reports = [
        _report("corwin-a", ("e:corwin",)),
        _report("corwin-b", ("e:corwin",)),
        _report("halston-a", ("e:halston",), days=("2026-07-11",)),
    ]

    def stories(settings: StorySettings) -> int:
        clusterer = StoryClusterer(settings)
        for report in reports:
            clusterer.add(report)
        return len(clusterer.stories())

    assert stories(StorySettings(join_place_penalty=0.0)) == 1  # the words and names agree
    assert stories(StorySettings(join_place_penalty=0.9)) == 2


def test_a_later_report_that_dates_the_story_s_day_is_not_decayed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = _report("shooting", ("e:corwin",), published="2026-07-11")
    # A hearing sixteen weeks later, whose lead names its own day, then the shooting's.
    hearing = _report(
        "hearing",
        ("e:corwin",),
        published="2026-10-30",
        days=("2026-10-29", "2026-07-10"),
        extra=("hearing", "judge", "charged"),
    )
    unrelated = replace(hearing, article_id="unrelated", days=("2026-10-29",))

    def joins(settings: StorySettings, later: ArticleFeatures) -> bool:
        clusterer = StoryClusterer(settings)
        clusterer.add(first)
        return not clusterer.add(later).new_story

    # The words here are the story's own; without the undecayed join of an older story
    # told in the same words, only the day the lead dates lets the hearing in.
    monkeypatch.setattr(clusterer_module, "STRONG_MATCH_SCORE", 1.0)
    monkeypatch.setattr(clusterer_module, "AGREEING_MATCH_SCORE", 1.0)
    assert joins(StorySettings(), hearing)
    assert not joins(StorySettings(same_day_grace_days=0), hearing)
    assert not joins(StorySettings(max_story_gap_days=60), hearing)  # no longer a candidate
    assert not joins(StorySettings(), unrelated)  # its lead names no day of the story's
    assert days_agree({1: 1.0}, {2: 3.0}) and not days_agree({1: 1.0}, {9: 3.0})
    assert days_agree({30: 1.0, 1: 0.5}, {1: 3.0})  # any day of the lead, not the first only


def test_observe_gives_each_candidate_s_inputs_before_placing_the_article() -> None:
    clusterer = StoryClusterer()
    assert clusterer.observe(_report("a", ("e:corwin",)), "gold:1") == []
    found = clusterer.observe(_report("b", ("e:corwin",)), "gold:1")
    assert [story for story, _ in found] == ["gold:1"]
    inputs = found[0][1]
    assert inputs._fields == JOIN_INPUT_NAMES
    assert inputs.terms > 0.5 and inputs.names > 0.5 and inputs.other_place == 0.0
    other = clusterer.observe(_report("c", ("e:halston",), days=("2026-07-03",)), "gold:2")
    assert other[0][1].other_place == 1.0 and other[0][1].other_day == 1.0
    assert clusterer.assignment("b") is not None
    assert clusterer.assignment("c").story_id == "gold:2"  # type: ignore[union-attr]


def test_the_join_model_is_the_score_s_weights_and_threshold() -> None:
    model = JoinModel(coefficients=(2.0, 2.0, 1.0, -0.5, -1.0), intercept=-1.0)
    assert (model.weight("terms"), model.weight("names"), model.weight("quotes")) == (
        0.4,
        0.4,
        0.2,
    )
    assert model.join_threshold == pytest.approx(0.2)
    assert model.day_penalty == pytest.approx(0.1) and model.place_penalty == pytest.approx(0.2)
    settings = StorySettings().with_join_model(model)
    assert settings.join_threshold == pytest.approx(0.2) and settings.term_weight == 0.4
    assert JoinModel.from_json(model.to_json()) == model


def test_the_trained_join_model_takes_nothing_off_for_another_lead_day() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from train_join_model import fit_join_model

    # Every wrong candidate names another day and no true one does: fit, the day would be
    # the strongest evidence of all; it is held at 0 (the online run weighs it after a join).
    examples = [(JoinInputs(0.5 + i / 100, 0.5, 0.1, 0.0, 0.0), True) for i in range(20)] + [
        (JoinInputs(0.1 + i / 100, 0.1, 0.0, 1.0, float(i % 2)), False) for i in range(20)
    ]
    model = fit_join_model({"written": examples})
    assert model.coefficients[JOIN_INPUT_NAMES.index("other_day")] == 0.0
    assert model.day_penalty == 0.0 and model.place_penalty > 0.0
    assert model.weight("terms") > 0.0


def test_a_join_model_file_of_another_layout_is_refused() -> None:
    payload = json.loads(JoinModel(coefficients=(1.0,) * 5, intercept=0.0).to_json())
    payload["inputs"] = payload["inputs"][:3]
    with pytest.raises(ModelError, match="train_join_model"):
        JoinModel.from_json(json.dumps(payload))


def test_an_older_story_told_in_the_same_words_is_joined_undecayed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shooting = _report("shooting", ("e:corwin",), published="2026-07-11")
    # A plea four months later that tells the shooting in its words and names.
    court = ("plea", "court", "judge", "hearing", "guilty")
    plea = _report("plea", ("e:corwin",), "2026-11-12", ("2026-11-11",), court)

    def assign(*before: ArticleFeatures) -> StoryAssignment:
        clusterer = StoryClusterer()
        for article in before:
            clusterer.add(article)
        return clusterer.add(plea)

    joined = assign(shooting)
    assert joined.story_id == story_id_for("shooting")
    assert joined.reasons[0].startswith("joined an older story")
    # A court report of the plea's own days fits it less well than the shooting's story
    # does undecayed, but it is of its time: the older story is only a fallback.
    docket = ArticleFeatures(
        article_id="docket",
        signature=make_signature("docket " + " ".join(court)),
        published="2026-11-11",
        terms=tuple((term, 2.0) for term in court),
        entities=(("e:ferrante", 2.0),),
    )
    assert assign(shooting, docket).story_id == story_id_for("docket")
    monkeypatch.setattr(clusterer_module, "STRONG_MATCH_SCORE", 1.0)
    assert assign(shooting).new_story  # the time decay keeps it out


def test_an_older_story_whose_leads_agree_is_joined_undecayed_at_a_lower_bar(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def in_town(report: ArticleFeatures) -> ArticleFeatures:
        # Real features name the lead's towns among their names too.
        return replace(report, entities=(*report.entities, *((p, 2.0) for p in report.places)))

    shooting = in_town(_report("shooting", ("e:corwin",), published="2026-07-11"))
    court = ("charge", "court", "judge")

    def joins(later: ArticleFeatures) -> bool:
        clusterer = StoryClusterer()
        clusterer.add(shooting)
        return not clusterer.add(in_town(later)).new_story

    # Only the bar for agreeing leads lets a report seven weeks later in.
    monkeypatch.setattr(clusterer_module, "STRONG_MATCH_SCORE", 1.0)
    # A charge whose lead names the shooting's town and no day of its own.
    charge = _report("charge", ("e:corwin",), "2026-09-01", (), court)
    assert joins(charge)
    # A lead naming its own day, or another town, is a same-kind event's.
    assert not joins(replace(charge, days=("2026-08-31",)))
    assert not joins(replace(charge, places=("e:halston",)))
    assert not joins(replace(charge, places=()))  # no town in common: no agreement
    monkeypatch.setattr(clusterer_module, "AGREEING_MATCH_SCORE", 1.0)
    assert not joins(charge)


def test_the_unexplained_shared_sum_adds_the_explained_parts() -> None:
    # ``_shared_sum`` reads the article's IDFs kept beside its vectors; the join's reasons
    # come from ``_shared_parts``: both must add the same products in the same order.
    from storylens.stories.scoring import _shared_parts, _shared_sum

    frequencies = DocumentFrequencies()
    members = [_report(f"m{n}", ("e:vista",), extra=(f"word{n}",)) for n in range(3)]
    profile = StoryProfile("story")
    for member in members:
        frequencies.add([t for t, _ in member.terms] + [k for k, _ in member.entities])
        profile.add(member, frequencies)
    article = _report("new", ("e:vista",), extra=("word1", "vigil"))
    frequencies.add([t for t, _ in article.terms])
    vectors = ArticleVectors.build(article, frequencies)
    for mine, idfs, story in (
        (vectors.terms, vectors.term_idfs, profile.terms),
        (vectors.names, vectors.name_idfs, profile.names),
    ):
        assert idfs == [frequencies.idf(key) for key in mine]
        parts = _shared_parts(mine, story, frequencies)
        assert parts and _shared_sum(mine, idfs, story) == sum(parts.values())


def test_lookup_keys_rank_by_weight_then_key() -> None:
    frequencies = DocumentFrequencies()
    frequencies.add(["quake", "chile"])
    vectors = ArticleVectors.build(_report("a", ("e:vista",), extra=("vigil",)), frequencies)
    weighted = [(k, w / vectors.term_norm) for k, w in vectors.terms.items()] + [
        (k, w / vectors.name_norm) for k, w in vectors.names.items()
    ]
    expected = sorted(weighted, key=lambda item: (-item[1], item[0]))
    assert vectors.lookup_keys(len(expected)) == expected
    assert vectors.lookup_keys(3) == expected[:3]


def test_a_founder_whose_lead_dates_another_day_may_be_rehomed() -> None:
    from storylens.stories.clusterer import _founder_dated_apart

    first = _report("pension", ("e:corwin",), days=("2026-03-05",))
    budget = [_report(f"budget-{i}", ("e:corwin",), days=("2026-03-03",)) for i in range(3)]
    assert _founder_dated_apart([first, *budget])
    # The founder of the story's day, or one whose lead names no day, stays put.
    assert not _founder_dated_apart([budget[0], first, *budget[1:]])
    assert not _founder_dated_apart([_report("undated", ("e:corwin",), days=()), *budget])
    assert not _founder_dated_apart([first])
