"""Clustering quality metrics used by the story benchmarks and the quality-floor test.

B-cubed precision/recall/F1 (Bagga & Baldwin 1998) average, over articles, how much of an
article's predicted story is in its gold story (precision) and how much of its gold story is
in its predicted story (recall). Pairwise F1 (as in Miranda et al. 2018) counts article pairs
put together in both the prediction and the gold standard.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ClusteringScores:
    bcubed_precision: float
    bcubed_recall: float
    bcubed_f1: float
    pairwise_precision: float
    pairwise_recall: float
    pairwise_f1: float

    def line(self) -> str:
        return (
            f"B3 P {self.bcubed_precision:.3f} R {self.bcubed_recall:.3f} "
            f"F1 {self.bcubed_f1:.3f} | pairwise P {self.pairwise_precision:.3f} "
            f"R {self.pairwise_recall:.3f} F1 {self.pairwise_f1:.3f}"
        )


def _f1(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def score_clustering(predicted: Mapping[str, str], gold: Mapping[str, str]) -> ClusteringScores:
    """Scores of ``predicted`` (article id -> cluster) against ``gold`` over gold's articles."""
    ids = [i for i in gold if i in predicted]
    if len(ids) != len(gold):
        missing = len(gold) - len(ids)
        raise ValueError(f"{missing} gold articles have no predicted cluster")
    pair_counts = Counter((predicted[i], gold[i]) for i in ids)
    predicted_sizes = Counter(predicted[i] for i in ids)
    gold_sizes = Counter(gold[i] for i in ids)

    precision = recall = 0.0
    for (cluster, story), together in pair_counts.items():
        # Each of the `together` articles sees `together` of its predicted cluster in its story.
        precision += together * together / predicted_sizes[cluster]
        recall += together * together / gold_sizes[story]
    precision /= len(ids)
    recall /= len(ids)

    def pairs(n: int) -> int:
        return n * (n - 1) // 2

    true_pairs = sum(pairs(n) for n in pair_counts.values())
    predicted_pairs = sum(pairs(n) for n in predicted_sizes.values())
    gold_pairs = sum(pairs(n) for n in gold_sizes.values())
    pair_precision = true_pairs / predicted_pairs if predicted_pairs else 1.0
    pair_recall = true_pairs / gold_pairs if gold_pairs else 1.0
    return ClusteringScores(
        bcubed_precision=precision,
        bcubed_recall=recall,
        bcubed_f1=_f1(precision, recall),
        pairwise_precision=pair_precision,
        pairwise_recall=pair_recall,
        pairwise_f1=_f1(pair_precision, pair_recall),
    )
