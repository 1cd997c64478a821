"""Quality floor of the online story clusterer on the labelled development sets.

Runs the analysis once per set, feeds the articles one by one in shuffled orders, and fails
when B-cubed F1 drops below a floor set a little under the figures measured by
``bench/stories.py`` (so a change that loses quality is caught, noise is not). Skips when the
shared evaluation data is not beside the checkout, and fails instead under CI=true.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from conftest import require_shared

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(__file__).resolve().parents[2] / "shared"
sys.path.insert(0, str(ROOT / "bench"))

# Measured (bench/stories.py, 10 shuffled orders): ECB+ mean 0.931 min 0.920; BASIL 1.000 in
# every order; gvc-train 0.966 min 0.964 (issue 23). Issue 12 keeps ECB+ >= 0.92 and BASIL
# >= 0.99; the floors leave room for order effects, not for regressions.
FLOORS = {"ecbplus": 0.915, "basil": 0.99, "gvc-train": 0.96}
ORDERS = 2


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_online_clustering_keeps_its_quality(name: str) -> None:
    require_shared(SHARED / "data" / "clustering" / name / "corpus.jsonl")
    from _clustering_metrics import score_clustering
    from stories import analyse_set, cluster_online, load_set
    from storylens.stories import extract_features

    articles, gold = load_set(name)
    features = [extract_features(a) for a in analyse_set(articles, None, name)]
    for seed in range(ORDERS):
        shuffled = list(features)
        random.Random(seed).shuffle(shuffled)
        predicted, _ = cluster_online(shuffled)
        scores = score_clustering(predicted, gold)
        assert scores.bcubed_f1 >= FLOORS[name], f"{name} seed {seed}: {scores.line()}"
