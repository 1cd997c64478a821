"""The story stage on kinds of news the development sets lack (issue 12): short local reports
of many same-kind events, long political features on events with the same actors, and short
reports of one event told by several outlets in other words (``short_reports``: the split kind).

The figures on the written corpora in ``examples/stories/`` are held at the issue's targets
(bench/stories.py prints them over ten orders beside the batch baseline). Two same-kind
events in one town a few days apart, and two votes of one parliament, share their words and
names; the split check's cut by the days the leads name tells them apart.
"""

from __future__ import annotations

import random
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from storylens.stories import ArticleFeatures, extract_features

ROOT = Path(__file__).resolve().parents[1]
WRITTEN = ROOT / "examples" / "stories"
sys.path.insert(0, str(ROOT / "bench"))


# -- the written corpora ---------------------------------------------------------------------

# Measured by bench/stories.py over ten shuffled orders (mean / min B-cubed F1): local reports
# 1.000 / 1.000, political features (ten events) 1.000 / 1.000 (0.996 / 0.964 while the
# rehoming never moved a founder: one order left the pension vote's first report with the
# budget's); the batch baseline with its threshold picked on the labels 1.000, 0.982.
# The means are held at issue 12's targets (0.975 and 0.967).
# Short reports (one event told by 3-5 outlets in other words, agency briefs that name no one):
# 1.000 in every order; the briefs join their event at 0.151-0.2 against a join threshold of
# 0.15 (a threshold of 0.17 already splits them: mean 0.992, 0.20: 0.985), so these floors
# catch a change that raises the bar for differently worded reports of one event.
# Local follow-ups (one event told over a week: first reports, then the victim named, an
# arrest, a vigil, each lead dated on its own day; two towns with two unrelated events): 1.000
# in every order; before lone reports joined their event's story later, 0.992 (one follow-up
# that came first kept a story of its own).
# Issue 23's corpora, written to discriminate: look-alike incidents a day apart in
# neighbouring towns (ten orders: 1.000 in each since the lead towns the tagger reads as
# organisations count and the place penalty is 0.16; 0.961 / 0.882 before; 0.897 / 0.764
# before the join's penalty for another town on another day), one event told by a wire, a
# local paper and an opinion column (1.000), and follow-ups a week later that name new people,
# beside a new shooting in the same town a week later (0.982, worst 0.875, since the days the
# leads name are date keys; 0.936 / 0.830 before; here 1.000, 0.941, 1.000).
# Issue 23's rules with no setting, each held by a corpus written for it (1.000 in each of ten
# orders): one house fire told by a wire that writes "Wrenfield, Ark." and by local outlets
# that write "Arkansas", beside a fire the same morning in Wrenfield, Ind. (``ap_state_towns``;
# the wire's brief joins its fire by the state alone), and a plea, a charge and an arraignment
# weeks later whose leads name no day and whose text writes out the incident's day
# (``dated_hearings``).
CORPUS_FLOORS = {
    "local_reports": 0.975,
    "political_features": 0.967,
    "short_reports": 0.99,
    "local_followups": 0.99,
    "lookalike_towns": 0.99,
    "wire_local_opinion": 0.99,
    "week_followups": 0.96,
    "ap_state_towns": 0.99,
    "dated_hearings": 0.99,
}
WORST_ORDER_FLOORS = {
    "local_reports": 0.95,
    "political_features": 0.93,
    "short_reports": 0.98,
    "local_followups": 0.97,
    "lookalike_towns": 0.98,
    "wire_local_opinion": 0.98,
    "week_followups": 0.93,
    "ap_state_towns": 0.98,
    "dated_hearings": 0.98,
}
# Orders the rule-dropping test runs: the written corpora are small, ten orders take a second.
DROPPED_RULE_ORDERS = 10
# A rule dropped, and the written corpus it lowers (ten orders, mean B-cubed F1): the join's
# penalty for another town on another day (look-alike towns 1.000 -> 0.904; at the earlier
# 0.1, 1.000 -> 0.989), the split check's
# cut by lead days (political features 1.000 -> 0.990; it lowered look-alike towns before the
# penalty did its work there), the time decay (week follow-ups 0.982 -> 0.946: the new
# shooting a week later joins the earlier killing's story; so does a grace of five days, 0.982
# -> 0.969), and the split check itself (wire, local paper and column 1.000 -> 0.957: two
# school votes merge).
DROPPED_RULES = (
    ("lookalike_towns", "join_place_penalty=0"),
    ("lookalike_towns", "join_place_penalty=0.1"),
    ("political_features", "split_day_factor=1.0"),
    ("week_followups", "time_decay_days=1000"),
    ("week_followups", "time_grace_days=5"),
    ("wire_local_opinion", "split_threshold=0"),
)
# Orders run here (bench/stories.py runs ten): keeps the test to seconds after spaCy.
CORPUS_ORDERS = 3


@lru_cache(maxsize=8)
def _corpus_features(name: str) -> tuple[tuple[ArticleFeatures, ...], dict[str, str]]:
    from stories import analyse_set, load_set

    articles, gold = load_set(name)
    return tuple(extract_features(a) for a in analyse_set(articles, None, name)), gold


@pytest.mark.parametrize("name", sorted(CORPUS_FLOORS))
def test_written_corpus_keeps_its_figures(name: str) -> None:
    if not (WRITTEN / f"{name}.jsonl").exists():
        pytest.skip(f"examples/stories/{name}.jsonl is not there")
    from _clustering_metrics import score_clustering
    from stories import cluster_online

    features, gold = _corpus_features(name)
    assert set(gold) == {f.article_id for f in features}

    f1s = []
    for seed in range(CORPUS_ORDERS):
        shuffled = list(features)
        random.Random(seed).shuffle(shuffled)
        predicted, _ = cluster_online(shuffled)
        scores = score_clustering(predicted, gold)
        assert scores.bcubed_f1 >= WORST_ORDER_FLOORS[name], f"{name} seed {seed}: {scores.line()}"
        f1s.append(scores.bcubed_f1)
    assert sum(f1s) / len(f1s) >= CORPUS_FLOORS[name], f"{name}: {f1s}"


@pytest.mark.parametrize(("name", "dropped"), DROPPED_RULES)
def test_dropping_a_rule_lowers_a_written_corpus(name: str, dropped: str) -> None:
    if not (WRITTEN / f"{name}.jsonl").exists():
        pytest.skip(f"examples/stories/{name}.jsonl is not there")
    from stories import shuffled_f1s
    from storylens.stories.settings import read_settings

    features, gold = _corpus_features(name)
    kept = shuffled_f1s(features, gold, DROPPED_RULE_ORDERS, read_settings([]))
    without = shuffled_f1s(features, gold, DROPPED_RULE_ORDERS, read_settings([dropped]))
    assert sum(without) < sum(kept), f"{name} without {dropped}: {without} against {kept}"


# -- rules with no setting, dropped by hand ----------------------------------------------------


def _mean_f1(features: tuple[ArticleFeatures, ...], gold: dict[str, str]) -> float:
    from stories import shuffled_f1s
    from storylens.stories.settings import read_settings

    f1s = shuffled_f1s(features, gold, DROPPED_RULE_ORDERS, read_settings([]))
    return sum(f1s) / len(f1s)


def test_ap_state_forms_name_their_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without "Ark." read as Arkansas the wire's brief of the Wrenfield, Ark., fire shares
    nothing but the town with its fire's local reports, and goes alone or with the look-alike
    fire in Wrenfield, Ind. (ten orders: 1.000 -> 0.915)."""
    from stories import analyse_set, load_set
    from storylens.stories import features as story_features

    features, gold = _corpus_features("ap_state_towns")
    kept = _mean_f1(features, gold)
    monkeypatch.setattr(story_features, "AP_STATE_NAMES", {})
    articles, _ = load_set("ap_state_towns")
    unmapped = tuple(extract_features(a) for a in analyse_set(articles, None, "ap_state_towns"))
    assert _mean_f1(unmapped, gold) < kept


def test_a_written_incident_day_dates_a_later_report(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the written-day grace (``scoring.dates_story_day`` reading the lead only) a plea
    or a charge weeks later, its lead naming no day, is time-decayed out of its incident's
    story (ten orders: 1.000 -> 0.714)."""
    from storylens.stories import scoring

    features, gold = _corpus_features("dated_hearings")
    kept = _mean_f1(features, gold)
    monkeypatch.setattr(
        scoring,
        "dates_story_day",
        lambda article, story: scoring.days_agree(article.lead_days, story.days),
    )
    assert _mean_f1(features, gold) < kept
