"""Benchmark tone marks (``storylens.analyse.tone.find_tone``) on BASIL lexical-bias spans.

Usage::

    .venv/bin/python bench/tone.py [--set basil] [--limit N] [--half even|odd]
                                   [--part K --parts N] [--keep DIR] [--folds N]

Reads ``../shared/data/tone/<set>`` in place (evaluation data, never copied into the project),
parses each text as-is with ``load_pipeline()`` and extracts its quotes with
``extract_quotes``, exactly as the pipeline does, then runs ``find_tone`` and scores its marks
with the data's own scorer (``../shared/eval/score_tone.py``). ``--half even`` (or ``odd``) keeps
the articles at even (odd) positions of the corpus, so that a rule written while reading one
half is measured on the other. ``--part K --parts N`` keeps the articles whose position is K
modulo N (``--part 0 --parts 3``: a third to study errors on, parts 1 and 2 to check a rule
on two unseen samples; ``--half even`` is ``--part 0 --parts 2``). It prints, for each way of
turning marks into predictions, the scorer's figures: own-voice lexical token and overlap
P/R/F1 (micro; the headline), the same with quoted gold spans counted (``lexical_all``),
sentence-level lexical F1 over all spans (``lexical_all_sentence``, the figure sentence-level
classifiers report) and informational-bias sentence F1; beside them a VADER lexicon baseline
computed in the same run (abs(valence) >= 2.0, words outside double quotation marks, one span
per word, capitalised words skipped, as the data's README describes it). Last, the time of
``find_tone`` per article on top of the parse.

``--folds 5`` is cross-validation over events: the events (BASIL's stories, three outlets on
one event each) are dealt into five folds by a hash of their id, so all articles of an event
sit in one fold, and the own-voice figures (and the VADER baseline's) are printed for each
fold, with their mean and spread. The export's figure on unseen events is what matters (rules
fitted to dev spans do not carry), so a hand rule is written reading one fold's articles
(``--study-fold K``, default 0, prints which) and judged on the others' mean; a rule that
lifts one fold and lowers another is not kept.

Prediction variants:
  own          every mark outside quotation marks (BASIL's own voice): loaded words and
               hedges ("reportedly", "so-called"), with those in clauses the outlet reports
               as someone's account ("according to X, ..."); the headline run;
  own-only     the outlet's own voice (no reported accounts);
  shown        the marks outside quotation marks the comparison lists (``is_listed``: the
               sure own-voice ones; a word in a reported account is never listed, issue 19's
               "fewer, surer lines"): a precision-minded subset of "own";
  own-loaded   own-voice loaded words only, no hedges;
  own+quoted   own plus loaded words inside quotes (the scorer ignores a prediction that
               touches only a quoted gold span, but counts one elsewhere as a false positive);
  all          every mark, scare-quoted phrases included.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spacy.tokens import Doc, DocBin  # noqa: E402

from _data import read_jsonl, shared_data_dir  # noqa: E402
from storylens.analyse.nlp import load_pipeline  # noqa: E402
from storylens.analyse.quotes import extract_quotes  # noqa: E402
from storylens.analyse.tone import _vader, find_tone, is_listed  # noqa: E402
from storylens.records import ToneMark  # noqa: E402

SCORER = shared_data_dir().parent / "eval" / "score_tone.py"
PIPE_BATCH_SIZE = 16  # spaCy's default-sized batches
BASELINE_VALENCE = 2.0  # the README's best VADER variant
DOUBLE_MARKS = '"“”'
WORD = re.compile(r"\w+")

Variant = Callable[[ToneMark], bool]
# BASIL's own voice is every word outside quotation marks, so the headline counts the words
# of the clauses the outlet reports as someone's account too; "own-only" is what the
# comparison lists as the outlet's own voice.
OUTSIDE_MARKS = ("own", "reported")
VARIANTS: dict[str, Variant] = {
    "own": lambda m: m.voice in OUTSIDE_MARKS,
    "own-only": lambda m: m.voice == "own",
    "shown": lambda m: m.voice in OUTSIDE_MARKS and is_listed(m),
    "own-loaded": lambda m: m.voice == "own" and m.polarity != "hedge",
    "own+quoted": lambda m: m.voice in ("own", "quoted"),
    "all": lambda m: True,
}


def vader_baseline(text: str) -> list[tuple[int, int]]:
    """Words rated abs(valence) >= 2.0 outside double marks, capitalised words skipped."""
    lexicon = _vader()
    inside = bytearray(len(text))
    open_at: int | None = None
    for i, char in enumerate(text):
        if char == "\n":
            open_at = None  # a quote left open runs to the end of its paragraph at most
        elif char in DOUBLE_MARKS:
            if open_at is None:
                open_at = i
            else:
                inside[open_at : i + 1] = b"\x01" * (i + 1 - open_at)
                open_at = None
    spans = []
    for match in WORD.finditer(text):
        word = match.group()
        if word[0].isupper() or inside[match.start()]:
            continue
        if abs(lexicon.get(word.lower(), 0.0)) >= BASELINE_VALENCE:
            spans.append((match.start(), match.end()))
    return spans


def score(gold: Path, corpus: Path, rows: Iterable[dict[str, Any]]) -> dict[str, Any]:
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as handle:
        for row in rows:
            handle.write(json.dumps(row) + "\n")
        path = handle.name
    try:
        output = subprocess.run(
            [sys.executable, str(SCORER), str(gold), path, "--corpus", str(corpus)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    finally:
        Path(path).unlink()
    result: dict[str, Any] = json.loads(output)
    return result


def _line(name: str, result: dict[str, Any]) -> str:
    tok = result["lexical"]["token"]["micro"]
    ov = result["lexical"]["overlap"]["micro"]
    all_tok = result["lexical_all"]["token"]["micro"]
    sent = result["lexical_all_sentence"]
    info = result["informational_sentence"]
    return (
        f"{name:<12} token P {tok['p']:.3f} R {tok['r']:.3f} F1 {tok['f1']:.3f} | "
        f"overlap P {ov['p']:.3f} R {ov['r']:.3f} F1 {ov['f1']:.3f} | "
        f"all-token F1 {all_tok['f1']:.3f} | "
        f"lexical_all_sentence P {sent['p']:.3f} R {sent['r']:.3f} F1 {sent['f1']:.3f} | "
        f"informational_sentence F1 {info['f1']:.3f} | preds {result['predictions_counted']}"
    )


HALVES = {"even": 0, "odd": 1}
# Folds of the cross-validation over events: five leaves a fifth (12 of 60 events) unseen.
DEFAULT_FOLDS = 5


def event_folds(gold_rows: Iterable[dict[str, Any]], folds: int) -> dict[str, int]:
    """Article id -> fold: events ordered by a hash of their id and dealt round, so each fold
    holds whole events, the same ones on every run and machine."""
    rows = list(gold_rows)
    events = sorted(
        {row["story"] for row in rows}, key=lambda e: hashlib.sha1(e.encode()).hexdigest()
    )
    fold_of_event = {event: i % folds for i, event in enumerate(events)}
    return {row["id"]: fold_of_event[row["story"]] for row in rows}


def _fold_figures(result: dict[str, Any]) -> tuple[float, float, float, float, float, float]:
    tok = result["lexical"]["token"]["micro"]
    sent = result["lexical_all_sentence"]
    return tok["p"], tok["r"], tok["f1"], sent["p"], sent["r"], sent["f1"]


def _parsed(corpus: list[dict[str, Any]], cache: Path | None) -> list[Doc]:
    """The corpus parsed, read from ``cache`` (a spaCy DocBin) when it holds this corpus: a
    rule is tried many times on the same parse, which takes minutes."""
    nlp = load_pipeline()
    if cache is not None and cache.exists():
        docs = list(DocBin().from_disk(cache).get_docs(nlp.vocab))
        if [d.text for d in docs] == [row["text"] for row in corpus]:
            return docs
    docs = list(nlp.pipe([row["text"] for row in corpus], batch_size=PIPE_BATCH_SIZE))
    if cache is not None:
        DocBin(docs=docs, store_user_data=True).to_disk(cache)
    return docs


def cross_validate(
    set_name: str = "basil",
    folds: int = DEFAULT_FOLDS,
    study_fold: int = 0,
    cache: Path | None = None,
) -> dict[str, list[tuple[float, ...]]]:
    """Own-voice and baseline figures per event fold; prints them with the mean of the folds
    other than ``study_fold`` (the one read while writing rules) and of all folds."""
    folder = shared_data_dir() / "tone" / set_name
    corpus_path, gold_path = folder / "corpus.jsonl", folder / "gold.jsonl"
    corpus = list(read_jsonl(corpus_path))
    gold = list(read_jsonl(gold_path))
    fold_of = event_folds(gold, folds)
    docs = _parsed(corpus, cache)
    marks = [find_tone(doc, extract_quotes(doc)) for doc in docs]
    predictions = {
        "vader>=2.0": [
            [
                {"text": row["text"][s:e], "start": s, "end": e}
                for s, e in vader_baseline(row["text"])
            ]
            for row in corpus
        ],
        "own": [
            [
                {"text": m.text, "start": m.start, "end": m.end}
                for m in ms
                if m.voice in OUTSIDE_MARKS
            ]
            for ms in marks
        ],
        "own-only": [
            [{"text": m.text, "start": m.start, "end": m.end} for m in ms if m.voice == "own"]
            for ms in marks
        ],
        "shown": [
            [{"text": m.text, "start": m.start, "end": m.end} for m in ms if VARIANTS["shown"](m)]
            for ms in marks
        ],
    }
    figures: dict[str, list[tuple[float, ...]]] = {name: [] for name in predictions}
    print(
        f"{set_name}: {len(corpus)} articles, {folds} folds over events (study fold {study_fold})"
    )
    for fold in range(folds):
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as subset:
            for row in gold:
                if fold_of[row["id"]] == fold:
                    subset.write(json.dumps(row) + "\n")
            fold_gold = Path(subset.name)
        try:
            for name, per_article in predictions.items():
                rows = [
                    {"article_id": row["id"], **p}
                    for row, preds in zip(corpus, per_article, strict=True)
                    if fold_of.get(row["id"]) == fold
                    for p in preds
                ]
                values = _fold_figures(score(fold_gold, corpus_path, rows))
                figures[name].append(values)
                tp, tr, tf, sp, sr, sf = values
                print(
                    f"fold {fold}{'*' if fold == study_fold else ' '} {name:<10} "
                    f"token P {tp:.3f} R {tr:.3f} F1 {tf:.3f} | "
                    f"sentence P {sp:.3f} R {sr:.3f} F1 {sf:.3f}"
                )
        finally:
            fold_gold.unlink()
    for name, rows in figures.items():
        unseen = [r for i, r in enumerate(rows) if i != study_fold]
        for label, chosen in (("unseen folds", unseen), ("all folds", rows)):
            token = [r[2] for r in chosen]
            sentence = [r[5] for r in chosen]
            print(
                f"{name:<10} {label:<12} mean token F1 {statistics.mean(token):.3f} "
                f"(sd {statistics.pstdev(token):.3f}) | "
                f"mean sentence F1 {statistics.mean(sentence):.3f} "
                f"(sd {statistics.pstdev(sentence):.3f})"
            )
    return figures


def run(
    set_name: str = "basil",
    limit: int | None = None,
    keep: Path | None = None,
    half: str | None = None,
    part: tuple[int, int] | None = None,
) -> dict[str, dict[str, Any]]:
    """Score every variant (and the VADER baseline) on one set; print and return the results.
    ``part`` is (K, N): only the articles at positions K modulo N."""
    folder = shared_data_dir() / "tone" / set_name
    corpus_path, gold_path = folder / "corpus.jsonl", folder / "gold.jsonl"
    corpus = list(read_jsonl(corpus_path))
    if half is not None:
        part = (HALVES[half], 2)
    if part is not None:
        corpus = corpus[part[0] :: part[1]]
    corpus = corpus[:limit]
    subset_gold = limit is not None or part is not None
    if subset_gold:
        ids = {row["id"] for row in corpus}
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as subset:
            for row in read_jsonl(gold_path):
                if row["id"] in ids:
                    subset.write(json.dumps(row) + "\n")
        gold_path = Path(subset.name)

    nlp = load_pipeline()
    started = time.perf_counter()
    docs = list(nlp.pipe([row["text"] for row in corpus], batch_size=PIPE_BATCH_SIZE))
    parse_seconds = time.perf_counter() - started
    quotes = [extract_quotes(doc) for doc in docs]
    find_tone(docs[0], quotes[0])  # load the lexicons before timing
    started = time.perf_counter()
    marks = [find_tone(doc, found) for doc, found in zip(docs, quotes, strict=True)]
    tone_seconds = time.perf_counter() - started

    label = f" (part {part[0]} of {part[1]})" if part is not None else ""
    print(f"{set_name}{label}: {len(corpus)} articles")
    results: dict[str, dict[str, Any]] = {}
    baseline = [
        {"article_id": row["id"], "text": row["text"][s:e], "start": s, "end": e}
        for row in corpus
        for s, e in vader_baseline(row["text"])
    ]
    results["vader>=2.0"] = score(gold_path, corpus_path, baseline)
    print(_line("vader>=2.0", results["vader>=2.0"]))
    for name, keep_mark in VARIANTS.items():
        rows = [
            {"article_id": row["id"], "text": m.text, "start": m.start, "end": m.end}
            for row, article_marks in zip(corpus, marks, strict=True)
            for m in article_marks
            if keep_mark(m)
        ]
        results[name] = score(gold_path, corpus_path, rows)
        print(_line(name, results[name]))
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            with (keep / f"{name}.jsonl").open("w", encoding="utf-8") as handle:
                for row in rows:
                    handle.write(json.dumps(row) + "\n")
    voices = ("own", "reported", "quoted", "scare")
    counts = {v: sum(1 for ms in marks for m in ms if m.voice == v) for v in voices}
    print(f"marks by voice: {counts}")
    print(
        f"parse {1000 * parse_seconds / len(corpus):.1f} ms/article, "
        f"find_tone {1000 * tone_seconds / len(corpus):.2f} ms/article "
        f"({100 * tone_seconds / parse_seconds:.1f}% of the parse)"
    )
    if subset_gold:
        gold_path.unlink()
    return results


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", default="basil")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--half", choices=sorted(HALVES), default=None)
    parser.add_argument("--part", type=int, default=None, help="keep positions K modulo --parts")
    parser.add_argument("--parts", type=int, default=None, help="how many parts (with --part)")
    parser.add_argument("--keep", type=Path, default=None, help="write predictions here too")
    parser.add_argument("--folds", type=int, default=None, help="cross-validate over events")
    parser.add_argument("--study-fold", type=int, default=0, help="the fold rules were read on")
    parser.add_argument("--parse-cache", type=Path, default=None, help="keep the parse here")
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.folds is not None:
        if args.folds < 2 or not 0 <= args.study_fold < args.folds:
            parser.error("--folds N needs N >= 2 and 0 <= --study-fold < N")
        folded = cross_validate(args.set, args.folds, args.study_fold, args.parse_cache)
        from _results import save_results

        name = "tone" if args.set == "basil" else f"tone-{args.set}"
        save_results(f"{name}-folds", *_fold_tables(folded, args.study_fold))
        return
    part = None
    if args.part is not None or args.parts is not None:
        if args.part is None or args.parts is None or not 0 <= args.part < args.parts:
            parser.error("--part K and --parts N go together, with 0 <= K < N")
        if args.half is not None:
            parser.error("--half and --part are two ways to choose a subset: use one")
        part = (args.part, args.parts)
    results = run(args.set, args.limit, args.keep, args.half, part)
    from _results import save_results

    subset = args.limit is not None or part is not None or args.half is not None
    name = "tone" if args.set == "basil" else f"tone-{args.set}"
    save_results(name, _table(args.set, results), partial=subset)


def _table(set_name: str, results: dict[str, dict[str, Any]]) -> Any:
    """The figures ``_line`` prints, for the result file."""
    from _results import Table

    rows = {}
    for name, result in results.items():
        tok = result["lexical"]["token"]["micro"]
        rows[name] = {
            "token P": tok["p"],
            "token R": tok["r"],
            "token F1": tok["f1"],
            "overlap F1": result["lexical"]["overlap"]["micro"]["f1"],
            "all-token F1": result["lexical_all"]["token"]["micro"]["f1"],
            "sentence F1": result["lexical_all_sentence"]["f1"],
            "informational F1": result["informational_sentence"]["f1"],
            "predictions": result["predictions_counted"],
        }
    return Table(f"{set_name} lexical bias", rows, ("vader>=2.0",))


def _fold_tables(figures: dict[str, list[tuple[float, ...]]], study_fold: int) -> list[Any]:
    """Token and sentence F1 per fold, with the mean of the unseen folds."""
    from _results import Table

    tables = []
    for label, index in (("token F1", 2), ("sentence F1", 5)):
        rows: dict[str, dict[str, float]] = {}
        for name, per_fold in figures.items():
            row = {
                f"fold {i}{'*' if i == study_fold else ''}": values[index]
                for i, values in enumerate(per_fold)
            }
            unseen = [values[index] for i, values in enumerate(per_fold) if i != study_fold]
            row["unseen mean"] = statistics.mean(unseen)
            rows[name] = row
        tables.append(Table(f"{label} per fold", rows, ("vader>=2.0",)))
    return tables


if __name__ == "__main__":
    main()
