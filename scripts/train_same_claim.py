"""Train the same-claim model on MSRP and write src/storylens/compare/same_claim_weights.json.

    .venv/bin/python scripts/train_same_claim.py [--no-dense] [--embeddings-cache FILE]

Reads ``../shared/data/claims/msrp-train.jsonl`` in place (evaluation data: its sentences are
never copied into the project; the weights file holds only numbers and the data's name).
Scores both models by stratified 5-fold cross-validation (fit on four folds, scored on the
fifth), then fits each on all pairs and writes the weights with those held-out figures.
The dense model needs ``storylens[embeddings]``; ``--embeddings-cache`` keeps the sentence
vectors in a file outside the project between runs (embedding 7,816 sentences takes minutes).
``bench/claims.py`` imports the reading, folds and scoring from here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from storylens.compare.same_claim import (  # noqa: E402
    DENSE_FEATURE,
    WEIGHTS_FILE,
    WEIGHTS_VERSION,
    SameClaimModel,
    fit_model,
)
from storylens.compare.same_claim_features import (  # noqa: E402
    FEATURE_NAMES,
    claim_profile,
    pair_features,
)

DATA_NAME = "MSRP train (msrp-train.jsonl, 4,076 pairs)"
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "claims" / "msrp-train.jsonl"
FOLDS = 5
# The folds' seed: fixed, so that the bench and the weights file quote the same folds.
FOLD_SEED = 0


def read_pairs(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def stratified_folds(labels: np.ndarray, folds: int = FOLDS, seed: int = FOLD_SEED) -> np.ndarray:
    """The fold of each pair: each class shuffled and dealt round the folds in turn."""
    rng = np.random.default_rng(seed)
    assigned = np.zeros(len(labels), dtype=int)
    for value in (False, True):
        members = np.flatnonzero(labels == value)
        rng.shuffle(members)
        assigned[members] = np.arange(len(members)) % folds
    return assigned


def lexical_rows(pairs: Sequence[dict[str, Any]]) -> np.ndarray:
    return np.array(
        [pair_features(claim_profile(p["a"]), claim_profile(p["b"])) for p in pairs],
        dtype=np.float64,
    )


def dense_cosines(pairs: Sequence[dict[str, Any]], cache: Path | None) -> np.ndarray:
    """The all-MiniLM-L6-v2 cosine of each pair (storylens[embeddings]), kept in ``cache``."""
    sentences = sorted({s for p in pairs for s in (p["a"], p["b"])})
    digest = hashlib.sha256("\n".join(sentences).encode()).hexdigest()[:16]
    vectors = None
    if cache is not None and cache.exists():
        stored = np.load(cache, allow_pickle=False)
        if str(stored["digest"]) == digest:
            vectors = stored["vectors"]
    if vectors is None:
        from storylens.stories.embeddings import ArticleEncoder

        vectors = np.asarray(ArticleEncoder().embed_texts(sentences), dtype=np.float64)
        if cache is not None:
            np.savez(cache, digest=np.array(digest), vectors=vectors)
    index = {s: i for i, s in enumerate(sentences)}
    return np.array([float(vectors[index[p["a"]]] @ vectors[index[p["b"]]]) for p in pairs])


def scores(labels: np.ndarray, predicted: np.ndarray) -> dict[str, float]:
    tp = int(np.sum(predicted & labels))
    fp = int(np.sum(predicted & ~labels))
    fn = int(np.sum(~predicted & labels))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "accuracy": float(np.mean(predicted == labels)),
        "precision": precision,
        "recall": recall,
        "f1": f1,
    }


def cross_validate(
    fit: Callable[[np.ndarray], Callable[[np.ndarray], np.ndarray]],
    labels: np.ndarray,
    folds: np.ndarray,
) -> tuple[np.ndarray, list[dict[str, float]]]:
    """Out-of-fold decisions and each fold's figures. ``fit(train_index)`` returns a function
    from test indices to decisions."""
    predicted = np.zeros(len(labels), dtype=bool)
    per_fold = []
    for fold in range(folds.max() + 1):
        train, test = np.flatnonzero(folds != fold), np.flatnonzero(folds == fold)
        predicted[test] = fit(train)(test)
        per_fold.append(scores(labels[test], predicted[test]))
    return predicted, per_fold


def model_fitter(
    name: str, features: Sequence[str], rows: np.ndarray, labels: np.ndarray
) -> Callable[[np.ndarray], Callable[[np.ndarray], np.ndarray]]:
    def fit(train: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
        model = fit_model(name, features, rows[train], labels[train])  # type: ignore[arg-type]
        return lambda test: model.probabilities(rows[test]) >= model.threshold

    return fit


def summary(labels: np.ndarray, predicted: np.ndarray, per_fold: list[dict[str, float]]) -> dict:
    overall = scores(labels, predicted)
    return {
        **{key: round(value, 4) for key, value in overall.items()},
        "fold_accuracy_min": round(min(f["accuracy"] for f in per_fold), 4),
        "fold_f1_min": round(min(f["f1"] for f in per_fold), 4),
        "fold_accuracy_mean": round(float(np.mean([f["accuracy"] for f in per_fold])), 4),
        "fold_f1_mean": round(float(np.mean([f["f1"] for f in per_fold])), 4),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--no-dense", action="store_true", help="keep the stored dense model")
    parser.add_argument("--embeddings-cache", type=Path)
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = parser.parse_args()
    if not args.data.exists():
        print(f"{args.data}: not found (the shared data sits beside the checkout)", file=sys.stderr)
        return 2
    pairs = read_pairs(args.data)
    labels = np.array([bool(p["same"]) for p in pairs])
    folds = stratified_folds(labels)
    sets: dict[str, tuple[tuple[str, ...], np.ndarray]] = {
        "lexical": (FEATURE_NAMES, lexical_rows(pairs))
    }
    if not args.no_dense:
        cosines = dense_cosines(pairs, args.embeddings_cache)
        sets["dense"] = (
            (*FEATURE_NAMES, DENSE_FEATURE),
            np.hstack([sets["lexical"][1], cosines[:, None]]),
        )
    previous = json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists() else {}
    models: dict[str, Any] = dict(previous.get("models", {}))
    for name, (features, rows) in sets.items():
        predicted, per_fold = cross_validate(
            model_fitter(name, features, rows, labels), labels, folds
        )
        fitted: SameClaimModel = fit_model(name, features, rows, labels)  # type: ignore[arg-type]
        figures = summary(labels, predicted, per_fold)
        models[name] = {**fitted.to_json(), "cross_validation": figures}
        print(name, json.dumps(models[name]["cross_validation"]))
    args.out.write_text(
        json.dumps(
            {
                "version": WEIGHTS_VERSION,
                "training_data": DATA_NAME,
                "cross_validation": f"stratified {FOLDS}-fold, seed {FOLD_SEED}",
                "models": models,
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
