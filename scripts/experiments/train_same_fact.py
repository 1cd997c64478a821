"""Train the same-fact model; write same_fact_weights.json beside this file.

    PYTHONPATH=src .venv/bin/python scripts/experiments/train_same_fact.py --dry-run

Experiment only (issue 19): ``scripts/train_same_fact.py`` of commit 7bd2126, reading
``same_fact.py`` beside it; no threshold qualifies, so nothing is written.

The labels are fresh readers' verdicts on pairs of a claim and another outlet's sentence on
the BASIL events kept for tuning, read against the other outlet's whole article:

- ``bench/gold/pointers_basil-dev.jsonl``: each "closest in B" sentence the comparison
  showed under a claim: ``right`` (it tells the claim) is a same fact; ``partial`` (tied to
  it, not telling it), ``absent``, ``elsewhere`` (B tells it in another sentence) and
  ``noclaim`` are not. An ``elsewhere`` row's ``other`` names B's sentence that tells the
  claim: that pair trains the model as a same fact (it is no closest sentence, so it is not
  counted in the figures).
- ``bench/gold/statements_basil-dev.jsonl``: a claim graded true as "only in A" is told by no
  other outlet: its closest sentence in each other outlet is no same fact.

Each row holds article ids and offsets, never the words; the texts are read from
``../shared/data/clustering/basil``, and each event is compared as ``storylens compare``
compares it (the same-fact model switched off, so the features do not depend on the weights
being trained). Leave one event out: each pair's probability comes from a model fitted on the
other events; the threshold is the lowest on a grid at which the pairs it accepts are
``PROMOTED_RIGHT_TARGET`` right (``partial`` counting as not right). Prints those figures and
writes them into the weights file beside the weights fitted on every event.
``--evaluate basil`` scores the shipped model on the held-out events' graded pointers, which
never train it: run it once, at the end.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from same_fact import (  # noqa: E402
    FEATURES,
    PROMOTED_RIGHT_TARGET,
    WEIGHTS_FILE,
    WEIGHTS_VERSION,
    StorySentences,
    closest_pairs,
    load_model,
    pair_rows,
)

import statements as graded  # noqa: E402
from _data import read_jsonl  # noqa: E402
from storylens.compare import claims as claims_module  # noqa: E402
from storylens.compare.logistic import Logistic, fit_logistic  # noqa: E402

GOLD = ROOT / "bench" / "gold"
TRAIN_CORPUS = "basil-dev"
# The thresholds tried, on a coarse grid: a finer one would fit the noise of a few hundred
# labels.
THRESHOLDS = (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9)
# A threshold must also accept at least this share of the graded right pairs to be of use:
# a handful of accepted pairs at 0.9 says nothing of the precision on new events.
MIN_USEFUL_RECALL = 0.1
# A graded span is the comparison's claim or sentence where they overlap by at least this
# share of the shorter (the graded reports were made by earlier versions).
MIN_SPAN_OVERLAP = 0.5


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> float:
    inner = min(a[1], b[1]) - max(a[0], b[0])
    shorter = min(a[1] - a[0], b[1] - b[0])
    return inner / shorter if shorter > 0 and inner > 0 else 0.0


def _find(spans: Sequence[tuple[str, int, int]], wanted: Sequence[Any]) -> int | None:
    """The index of the span of ``spans`` (article, start, end) that overlaps ``wanted``
    most, at least ``MIN_SPAN_OVERLAP``."""
    article, start, end = wanted
    best, found = MIN_SPAN_OVERLAP, None
    for at, (other, low, high) in enumerate(spans):
        if other == article:
            share = _overlap((start, end), (low, high))
            if share >= best:
                best, found = share, at
    return found


def _containing(story: StorySentences, article: str, offset: int) -> int | None:
    for at, (other, low, high) in enumerate(story.spans):
        if other == article and low <= offset < high:
            return at
    return None


def compared(corpus: str) -> dict[str, tuple[StorySentences, Any]]:
    """Each event's sentences and same-claim judge, as the comparison reads them where it
    judges its lone claims."""
    found: dict[str, tuple[StorySentences, Any]] = {}
    current: list[tuple[StorySentences, Any]] = []
    judge_lone_claims = claims_module._judge_lone_claims

    def capture(claims, maybe, quoting, judge, quoted=frozenset(), sentences=None, texts=None):
        if sentences is not None and texts is not None:
            story = StorySentences(
                list(claims), sentences, texts, judge.profile, judge.profile_text
            )
            current.append((story, judge.judge))
        return judge_lone_claims(claims, maybe, quoting, judge, quoted, sentences, texts)

    with mock.patch.object(claims_module, "_judge_lone_claims", capture):
        for story in graded.STORIES[corpus]():
            current.clear()
            graded.compare_direct(story)
            if current:
                found[story.story] = current[-1]
    return found


def labelled(corpus: str, with_statements: bool = True) -> list[dict[str, Any]]:
    """The graded pairs of one corpus, each with its event, label, whether it counts in the
    figures (a closest sentence) and its features."""
    stories = compared(corpus)
    pairs: dict[str, list[tuple[int, int, str, bool]]] = {}
    missed = Counter()
    for row in read_jsonl(GOLD / f"pointers_{corpus}.jsonl"):
        if row["story"] not in stories:
            missed["story"] += 1
            continue
        story, _ = stories[row["story"]]
        claim_spans = [(c.article_id, c.start, c.end) for c in story.claims]
        claim = _find(claim_spans, row["claim"])
        sentence = _find(story.spans, row["sentence"])
        if claim is None or sentence is None or story.claims[claim].status == "copy":
            missed["span"] += 1
            continue
        pairs.setdefault(row["story"], []).append((claim, sentence, row["label"], True))
        if row["label"] == "elsewhere" and row.get("other"):
            article, start, _ = row["other"]
            told = _containing(story, article, start)
            if told is not None and told != sentence:
                pairs[row["story"]].append((claim, told, "told-elsewhere", False))
    if with_statements:
        for row in read_jsonl(GOLD / f"statements_{corpus}.jsonl"):
            if row["part"] != "only" or row.get("verdict") != "true":
                continue
            if row["story"] not in stories:
                continue
            story, _ = stories[row["story"]]
            claim_spans = [(c.article_id, c.start, c.end) for c in story.claims]
            claim = _find(claim_spans, row["spans"][0])
            if claim is None or story.claims[claim].status == "copy":
                missed["only"] += 1
                continue
            for _, sentence, _ in closest_pairs(story, [claim]):
                pairs.setdefault(row["story"], []).append((claim, sentence, "only-true", True))
    rows = []
    for event, found in pairs.items():
        story, judge = stories[event]
        unique = list(dict.fromkeys(found))
        features, _ = pair_rows(story, [(c, s) for c, s, _, _ in unique], judge)
        for (claim, sentence, label, counted), values in zip(unique, features, strict=True):
            rows.append(
                {
                    "story": event,
                    "label": label,
                    "counted": counted,
                    "features": values,
                    "texts": (story.claims[claim].text, story.texts[sentence]),
                }
            )
    if missed:
        print(f"{corpus}: graded rows not found in the comparison: {dict(missed)}")
    return rows


def is_right(row: dict[str, Any]) -> bool:
    return row["label"] in ("right", "told-elsewhere")


def leave_one_event_out(rows: list[dict[str, Any]]) -> np.ndarray:
    """Each pair's probability from a model fitted on the other events."""
    chances = np.zeros(len(rows))
    x = np.array([row["features"] for row in rows])
    y = np.array([is_right(row) for row in rows])
    stories = np.array([row["story"] for row in rows])
    for story in sorted(set(stories)):
        held = stories == story
        model = fit_logistic(FEATURES, x[~held], y[~held])
        chances[held] = model.probabilities(x[held])
    return chances


def accepted(rows: list[dict[str, Any]], chances: np.ndarray, threshold: float) -> Counter:
    """The labels of the counted pairs a threshold accepts."""
    return Counter(
        row["label"]
        for row, p in zip(rows, chances, strict=True)
        if row["counted"] and p >= threshold
    )


def describe(counts: Counter, right_total: int) -> str:
    shown = sum(counts.values())
    right = counts["right"]
    kinds = ", ".join(
        f"{k} {counts[k]}" for k in ("right", "partial", "absent", "elsewhere", "only-true")
    )
    precision = right / shown if shown else 0.0
    lenient = (right + counts["partial"]) / shown if shown else 0.0
    return (
        f"{shown} accepted ({kinds}); precision {precision:.3f} "
        f"(partial as right {lenient:.3f}), recall {right / max(right_total, 1):.3f}"
    )


def precision(counts: Counter) -> float:
    shown = sum(counts.values())
    return counts["right"] / shown if shown else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="print, do not write")
    parser.add_argument("--evaluate", help="score the shipped model on this graded corpus")
    args = parser.parse_args(argv)
    if args.evaluate:
        rows = labelled(args.evaluate, with_statements=False)
        model = load_model()
        chances = model.probabilities(np.array([row["features"] for row in rows]))
        right_total = sum(row["label"] == "right" for row in rows if row["counted"])
        labels = Counter(row["label"] for row in rows if row["counted"])
        print(f"{args.evaluate}: {sum(labels.values())} graded closest sentences: {dict(labels)}")
        print(
            f"accepted from {model.threshold}: "
            f"{describe(accepted(rows, chances, model.threshold), right_total)}"
        )
        return 0
    rows = labelled(TRAIN_CORPUS)
    chances = leave_one_event_out(rows)
    right_total = sum(row["label"] == "right" for row in rows if row["counted"])
    labels = Counter(row["label"] for row in rows)
    print(
        f"{TRAIN_CORPUS}: {len(rows)} pairs from {len({r['story'] for r in rows})} events: "
        f"{dict(labels)}"
    )
    threshold = None
    for candidate in THRESHOLDS:
        counts = accepted(rows, chances, candidate)
        print(f"  leave-one-event-out, from {candidate}: {describe(counts, right_total)}")
        useful = counts["right"] >= MIN_USEFUL_RECALL * right_total
        if threshold is None and useful and precision(counts) >= PROMOTED_RIGHT_TARGET:
            threshold = candidate
    if threshold is None:
        print(
            f"no threshold accepts pairs {PROMOTED_RIGHT_TARGET:.2f} right with a recall of "
            f"{MIN_USEFUL_RECALL} or more"
        )
        return 1
    chosen = accepted(rows, chances, threshold)
    x = np.array([row["features"] for row in rows])
    y = np.array([is_right(row) for row in rows])
    fitted = fit_logistic(FEATURES, x, y)
    model = Logistic(**{**fitted.fields(), "threshold": threshold})
    print(f"threshold {threshold}: {describe(chosen, right_total)}")
    print("weights:", dict(zip(FEATURES, np.round(fitted.coef, 3).tolist(), strict=True)))
    data = {
        "version": WEIGHTS_VERSION,
        "trained_on": [
            f"bench/gold/pointers_{TRAIN_CORPUS}.jsonl",
            f"bench/gold/statements_{TRAIN_CORPUS}.jsonl (only, true)",
        ],
        "leave_one_event_out": {
            "pairs": len(rows),
            "graded_right": right_total,
            "threshold": threshold,
            "accepted": dict(chosen),
            "precision": round(precision(chosen), 3),
            "recall": round(chosen["right"] / max(right_total, 1), 3),
        },
        "model": model.to_json(),
    }
    if not args.dry_run:
        WEIGHTS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
