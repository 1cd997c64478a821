"""Train the pointer model; write src/storylens/compare/pointer_weights.json.

    .venv/bin/python scripts/train_pointers.py [--dry-run] [--evaluate CORPUS]

The labels (``bench/gold/pointers_basil-dev.jsonl``) are fresh readers' verdicts on each
"closest in B" sentence the comparison showed under a claim on the BASIL events kept for
tuning, read against B's whole article: ``right`` (it tells the claim), ``partial`` (it
tells something tied to it, and B tells no more), ``absent`` (B does not tell the claim:
the sentence is only the closest there is), ``elsewhere`` (B tells the claim in another
sentence: the pointer misleads) and ``noclaim``. Each row holds article ids and offsets,
never the words; the texts are read from ``../shared/data/clustering/basil``.

The model learns ``right`` against the rest. Its threshold is the lowest on a grid at which
the pointers it would mark likely, on stories it was not fitted on (leave one story out), are
``MARKED_RIGHT_TARGET`` ``right``. Prints those figures (and the share of marked pointers that
mislead, ``elsewhere``) and writes them into the weights file beside the weights fitted on
every story. ``--evaluate basil`` scores the shipped model on another graded file
(``pointers_basil.jsonl``, held-out events), which never trains it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from _data import read_jsonl, shared_data_dir  # noqa: E402
from storylens.compare.logistic import Logistic, fit_logistic  # noqa: E402
from storylens.compare.pointers import (  # noqa: E402
    FEATURES,
    MARKED_RIGHT_TARGET,
    WEIGHTS_FILE,
    WEIGHTS_VERSION,
    pointer_features,
    pointer_model,
)
from storylens.compare.same_claim_features import claim_profile  # noqa: E402

GOLD = ROOT / "bench" / "gold"
TRAIN_CORPUS = "basil-dev"
# The thresholds tried, on a coarse grid: a finer one would fit the noise of a few hundred
# labels.
THRESHOLDS = (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7)


def labelled(corpus: str) -> list[dict[str, Any]]:
    """The graded pointers of one corpus, each with its features and its story."""
    rows = list(read_jsonl(GOLD / f"pointers_{corpus}.jsonl"))
    wanted = {row["claim"][0] for row in rows} | {row["sentence"][0] for row in rows}
    corpus_file = shared_data_dir() / "clustering" / "basil" / "corpus.jsonl"
    texts = {
        str(r["id"]): str(r["text"]) for r in read_jsonl(corpus_file) if str(r["id"]) in wanted
    }
    for row in rows:
        article, start, end = row["claim"]
        claim = claim_profile(texts[article][start:end])
        article, start, end = row["sentence"]
        row["features"] = pointer_features(claim, claim_profile(texts[article][start:end]))
    return rows


def shown_counts(rows: list[dict[str, Any]], chances: np.ndarray, threshold: float) -> Counter:
    """The labels of the pointers a threshold shows."""
    return Counter(row["label"] for row, p in zip(rows, chances, strict=True) if p >= threshold)


def right_share(counts: Counter) -> float:
    shown = sum(counts.values())
    return counts["right"] / shown if shown else 0.0


def misleading_share(counts: Counter) -> float:
    shown = sum(counts.values())
    return counts["elsewhere"] / shown if shown else 0.0


def leave_one_story_out(rows: list[dict[str, Any]]) -> np.ndarray:
    """Each pointer's probability from a model fitted on the other stories."""
    chances = np.zeros(len(rows))
    x = np.array([row["features"] for row in rows])
    y = np.array([row["label"] == "right" for row in rows])
    stories = np.array([row["story"] for row in rows])
    for story in sorted(set(stories)):
        held = stories == story
        model = fit_logistic(FEATURES, x[~held], y[~held])
        chances[held] = model.probabilities(x[held])
    return chances


def describe(counts: Counter) -> str:
    shown = sum(counts.values())
    kinds = ", ".join(f"{k} {counts[k]}" for k in ("right", "partial", "absent", "elsewhere"))
    return (
        f"{shown} shown ({kinds}); right {right_share(counts):.3f}, "
        f"misleading {misleading_share(counts):.3f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="print, do not write")
    parser.add_argument("--evaluate", help="score the shipped model on this graded corpus")
    args = parser.parse_args(argv)
    if args.evaluate:
        rows = labelled(args.evaluate)
        model = pointer_model()
        chances = model.probabilities(np.array([row["features"] for row in rows]))
        print(f"{args.evaluate}: all pointers: {describe(Counter(r['label'] for r in rows))}")
        shown = shown_counts(rows, chances, model.threshold)
        print(f"shown from {model.threshold}: {describe(shown)}")
        return 0
    rows = labelled(TRAIN_CORPUS)
    chances = leave_one_story_out(rows)
    print(f"{TRAIN_CORPUS}: all pointers: {describe(Counter(r['label'] for r in rows))}")
    threshold = None
    for candidate in THRESHOLDS:
        counts = shown_counts(rows, chances, candidate)
        print(f"  leave-one-story-out, shown from {candidate}: {describe(counts)}")
        if threshold is None and right_share(counts) >= MARKED_RIGHT_TARGET:
            threshold = candidate
    if threshold is None:
        print(f"no threshold marks pointers {MARKED_RIGHT_TARGET:.2f} right")
        return 1
    chosen = shown_counts(rows, chances, threshold)
    x = np.array([row["features"] for row in rows])
    y = np.array([row["label"] == "right" for row in rows])
    fitted = fit_logistic(FEATURES, x, y)
    model = Logistic(**{**fitted.fields(), "threshold": threshold})
    data = {
        "version": WEIGHTS_VERSION,
        "trained_on": f"bench/gold/pointers_{TRAIN_CORPUS}.jsonl",
        "leave_one_story_out": {
            "pointers": len(rows),
            "threshold": threshold,
            "shown": dict(chosen),
            "right_shown": round(right_share(chosen), 3),
            "misleading_shown": round(misleading_share(chosen), 3),
            "misleading_before": round(misleading_share(Counter(r["label"] for r in rows)), 3),
        },
        "model": model.to_json(),
    }
    print(f"threshold {threshold}: {describe(chosen)}")
    if not args.dry_run:
        WEIGHTS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
