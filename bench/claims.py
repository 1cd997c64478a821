"""The same-claim decision on MSRP by 5-fold cross-validation, beside three baselines.

    .venv/bin/python bench/claims.py [--no-dense] [--embeddings-cache FILE] [--keep DIR]

Reads ``../shared/data/claims/msrp-train.jsonl`` in place (never copied). Every method is fit
on four folds and scored on the fifth (the folds of ``scripts/train_same_claim.py``):
always ``same``; TF-IDF cosine (lower-cased word unigrams, IDF from the file's sentences) and
all-MiniLM-L6-v2 cosine, each with the threshold that is most accurate on the training folds;
the lexical and dense logistic regressions alone; and ``same_claim`` itself (the regression
plus its "one wholly inside the other" rule). Beside them, each baseline with its threshold
fit on all pairs, as the data's README quotes them. The headline's out-of-fold predictions
are written to a file and scored again by ``../shared/eval/score_claims.py``. Last, the cost
of ``same_claim(a, b)`` per pair. Dense rows need ``storylens[embeddings]``.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "src"))

from train_same_claim import (  # noqa: E402
    DEFAULT_DATA,
    cross_validate,
    dense_cosines,
    lexical_rows,
    read_pairs,
    scores,
    stratified_folds,
    summary,
)

from storylens.compare.same_claim import (  # noqa: E402
    DENSE_FEATURE,
    fit_model,
    judge_many,
    same_claim,
)
from storylens.compare.same_claim_features import FEATURE_NAMES, claim_profile  # noqa: E402

SCORER = ROOT.parent / "shared" / "eval" / "score_claims.py"
# Pairs timed for the cost per pair: enough for a steady median on a busy machine.
TIMED_PAIRS = 400
_WORD = re.compile(r"\w+")

Fitter = Callable[[np.ndarray], Callable[[np.ndarray], np.ndarray]]


def tfidf_cosines(pairs: list[dict]) -> np.ndarray:
    """The README's baseline: lower-cased word unigrams, IDF over the file's sentences."""
    sentences = sorted({s for p in pairs for s in (p["a"], p["b"])})
    frequency: Counter[str] = Counter()
    for sentence in sentences:
        frequency.update(set(_WORD.findall(sentence.lower())))
    total = len(sentences)

    def vector(text: str) -> dict[str, float]:
        counts = Counter(_WORD.findall(text.lower()))
        weights = {
            w: c * (math.log((1 + total) / (1 + frequency[w])) + 1) for w, c in counts.items()
        }
        norm = math.sqrt(sum(v * v for v in weights.values())) or 1.0
        return {w: v / norm for w, v in weights.items()}

    cosines = []
    for pair in pairs:
        a, b = vector(pair["a"]), vector(pair["b"])
        cosines.append(sum(v * b.get(w, 0.0) for w, v in a.items()))
    return np.array(cosines)


def best_threshold(values: np.ndarray, labels: np.ndarray) -> float:
    """The cut that makes ``value >= cut`` most accurate on these pairs."""
    order = np.argsort(-values)
    sorted_values, sorted_labels = values[order], labels[order]
    # Taking the k highest as "same": correct = positives among them + negatives after them.
    positives = np.concatenate([[0], np.cumsum(sorted_labels)])
    negatives_after = (~labels).sum() - np.concatenate([[0], np.cumsum(~sorted_labels)])
    k = int(np.argmax(positives + negatives_after))
    return float(sorted_values[k - 1]) if k else float(sorted_values[0]) + 1.0


def threshold_fitter(values: np.ndarray, labels: np.ndarray) -> Fitter:
    def fit(train: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
        cut = best_threshold(values[train], labels[train])
        return lambda test: values[test] >= cut

    return fit


def decision_fitter(
    rows: np.ndarray, labels: np.ndarray, profiles: list, cosines: np.ndarray | None
) -> Fitter:
    """``same_claim``'s whole decision, its regression fit on the training folds."""
    name = "lexical" if cosines is None else "dense"
    features = FEATURE_NAMES if cosines is None else (*FEATURE_NAMES, DENSE_FEATURE)

    def fit(train: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
        model = fit_model(name, features, rows[train], labels[train])

        def decide(test: np.ndarray) -> np.ndarray:
            decisions = judge_many(
                [profiles[i] for i in test],
                None if cosines is None else cosines[test].tolist(),
                {name: model},
            )
            return np.array([d.same for d in decisions])

        return decide

    return fit


def _line(name: str, figures: dict) -> str:
    folds = ""
    if "fold_accuracy_min" in figures:
        folds = f"  fold min {figures['fold_accuracy_min']:.3f} / {figures['fold_f1_min']:.3f}"
    return (
        f"{name:<34} {figures['accuracy']:.3f}  {figures['f1']:.3f}  "
        f"{figures['precision']:.3f}  {figures['recall']:.3f}{folds}"
    )


def _cost_ms(pairs: list[dict], dense: bool) -> float:
    sample = pairs[:TIMED_PAIRS]
    started = time.perf_counter()
    for pair in sample:
        same_claim(pair["a"], pair["b"], 0.7 if dense else None)
    return (time.perf_counter() - started) / len(sample) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--no-dense", action="store_true")
    parser.add_argument("--embeddings-cache", type=Path)
    parser.add_argument("--keep", type=Path, help="folder for the predictions file")
    args = parser.parse_args()
    if not args.data.exists():
        print(f"{args.data}: not found (the shared data sits beside the checkout)", file=sys.stderr)
        return 2
    pairs = read_pairs(args.data)
    labels = np.array([bool(p["same"]) for p in pairs])
    folds = stratified_folds(labels)
    started = time.perf_counter()
    rows = lexical_rows(pairs)
    feature_ms = (time.perf_counter() - started) / len(pairs) * 1000
    profiles = [(claim_profile(p["a"]), claim_profile(p["b"])) for p in pairs]
    tfidf = tfidf_cosines(pairs)
    cosines = None
    if not args.no_dense:
        try:
            cosines = dense_cosines(pairs, args.embeddings_cache)
        except Exception as error:  # the extra is optional: say so and go on without it
            print(f"dense rows skipped: {error}", file=sys.stderr)
    methods: dict[str, Fitter] = {
        "always same": lambda train: lambda test: np.ones(len(test), dtype=bool),
        "TF-IDF cosine": threshold_fitter(tfidf, labels),
    }
    if cosines is not None:
        methods["MiniLM cosine"] = threshold_fitter(cosines, labels)

    def model_only(name: str, features: tuple[str, ...], x: np.ndarray) -> Fitter:
        def fit(train: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
            model = fit_model(name, features, x[train], labels[train])  # type: ignore[arg-type]
            return lambda test: model.probabilities(x[test]) >= model.threshold

        return fit

    methods["lexical regression alone"] = model_only("lexical", FEATURE_NAMES, rows)
    methods["same_claim, lexical (headline)"] = decision_fitter(rows, labels, profiles, None)
    if cosines is not None:
        dense_rows = np.hstack([rows, cosines[:, None]])
        dense_features = (*FEATURE_NAMES, DENSE_FEATURE)
        methods["dense regression alone"] = model_only("dense", dense_features, dense_rows)
        methods["same_claim, dense"] = decision_fitter(dense_rows, labels, profiles, cosines)
    print(f"MSRP train, {len(pairs)} pairs, stratified 5-fold cross-validation (held-out folds)")
    print(f"{'method':<34} {'acc':>5}  {'F1':>5}  {'P':>5}  {'R':>5}")
    headline = None
    table_rows = {}
    for name, fitter in methods.items():
        predicted, per_fold = cross_validate(fitter, labels, folds)
        table_rows[name] = summary(labels, predicted, per_fold)
        print(_line(name, table_rows[name]))
        if name.endswith("(headline)"):
            headline = predicted
    print("\nbaselines with the threshold fit on all pairs (optimistic, as the README quotes)")
    for name, values in (("TF-IDF cosine", tfidf), ("MiniLM cosine", cosines)):
        if values is not None:
            cut = best_threshold(values, labels)
            print(_line(f"{name} >= {cut:.3f}", scores(labels, values >= cut)))
    assert headline is not None
    folder = args.keep or Path(tempfile.mkdtemp(prefix="storylens-claims-"))
    folder.mkdir(parents=True, exist_ok=True)
    predictions = folder / "same_claim_predictions.jsonl"
    predictions.write_text(
        "".join(
            json.dumps({"id": p["id"], "same": bool(v)}) + "\n"
            for p, v in zip(pairs, headline, strict=True)
        ),
        encoding="utf-8",
    )
    if SCORER.exists():
        checked = subprocess.run(
            [sys.executable, str(SCORER), str(args.data), str(predictions)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        print(f"\nscore_claims.py on the headline's out-of-fold predictions: {checked}")
    print(f"\ncost: features {feature_ms:.2f} ms per pair (the 4,076 pairs, read once each)")
    print(f"cost: same_claim(a, b) {_cost_ms(pairs, False):.2f} ms per pair, lexical")
    if cosines is not None:
        print(f"cost: same_claim(a, b, cosine) {_cost_ms(pairs, True):.2f} ms per pair, dense")
        print("      (plus the MiniLM embedding of each sentence, not timed here)")
    from _results import Table, save_results

    shown = {"accuracy": "acc", "f1": "F1", "precision": "P", "recall": "R"}
    shown |= {"fold_accuracy_min": "fold min acc", "fold_f1_min": "fold min F1"}
    rows = {n: {shown[k]: f[k] for k in shown} for n, f in table_rows.items()}
    baselines = tuple(n for n in rows if "same_claim" not in n and "regression" not in n)
    caption = f"MSRP train ({len(pairs)} pairs), 5-fold"
    note = "" if cosines is not None else "Dense rows left out: no sentence embeddings here."
    table = Table(caption, rows, baselines)
    save_results("claims", table, partial=args.data != DEFAULT_DATA, note=note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
