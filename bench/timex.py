"""Benchmark TIMEX3 tagging and normalisation on TempEval-3 news against dateparser.

Usage::

    .venv/bin/python bench/timex.py [--limit N] [--errors N] [--out DIR] [--no-baseline]

Reads ``../shared/data/timex`` in place (evaluation data, never copied into the project), runs
storylens' ``find_timexes`` over every article with its publication date as the anchor, writes
the predictions as JSON lines and scores them with the shared scorer
``../shared/eval/score_timex.py`` (run as a subprocess, as any other system's output would be).
Beside it, in the same run, the dateparser baseline the data's README describes: ``search_dates``
with ``RELATIVE_BASE`` = the publication date and ``PREFER_DATES_FROM`` past, each value cut to
the granularity dateparser gives the phrase (day, week, month, year, time), leading prepositions
taken off the phrase, and phrases with no date word in them ("we", "may", "$20") or with an
amount dropped ("clean", as the README's baseline).

Prints, for both: the headline (DATE value F1), relaxed and strict F1 and value F1 of the date
and all-types views, value accuracy, and the time per article (ms) of the tagging alone.
``--errors N`` lists the first N date-view errors of storylens (for rule work; the texts shown
come from the data and stay out of the project).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _data import read_jsonl, shared_data_dir  # noqa: E402
from storylens.analyse.timex import find_timexes  # noqa: E402

# dateparser phrases that start with these words lose them: TIMEX3 spans leave them out.
BASELINE_LEADING_WORDS = re.compile(r"^(?:on|in|at|since|by|from|until|of|for|the)\s+", re.I)
# A dateparser "date" with none of these in it is a word or an amount it misread ("we", "may",
# "$20", "50% of"): "clean" drops it. Month and weekday names count only capitalised.
BASELINE_DATE_WORD = re.compile(
    r"\b(?:1\d{3}|20\d{2}|\d{1,2}[/:.-]\d{1,2}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|"
    r"Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*|(?i:today|tonight|yesterday|tomorrow|ago|days?|"
    r"weeks?|months?|years?|hours?|minutes?|noon|midnight|[ap]\.?m\b))"
)
BASELINE_AMOUNT = re.compile(r"[$%£€]")

Predictor = Callable[[str, str | None], list[dict[str, Any]]]


def storylens_predict(text: str, published: str | None) -> list[dict[str, Any]]:
    return [
        {"text": t.text, "start": t.start, "end": t.end, "value": t.value, "type": t.type}
        for t in find_timexes(text, published)
    ]


def _baseline_value(moment: datetime, period: str | None) -> tuple[str, str]:
    if period == "year":
        return f"{moment.year:04d}", "DATE"
    if period == "month":
        return f"{moment.year:04d}-{moment.month:02d}", "DATE"
    if period == "week":
        iso = moment.isocalendar()
        return f"{iso[0]:04d}-W{iso[1]:02d}", "DATE"
    if period == "time":
        return moment.strftime("%Y-%m-%dT%H:%M"), "TIME"
    return moment.strftime("%Y-%m-%d"), "DATE"


def dateparser_predictor() -> Predictor:
    from dateparser.date import DateDataParser
    from dateparser.search import search_dates

    def predict(text: str, published: str | None) -> list[dict[str, Any]]:
        settings: dict[str, Any] = {"PREFER_DATES_FROM": "past"}
        if published:
            settings["RELATIVE_BASE"] = datetime.fromisoformat(published[:10])
        parser = DateDataParser(languages=["en"], settings=settings)
        try:
            found = search_dates(text, languages=["en"], settings=settings) or []
        except Exception:  # noqa: BLE001 - dateparser raises on odd input; count as nothing
            found = []
        predictions = []
        cursor = 0
        for phrase, moment in found:
            position = text.find(phrase, cursor)
            if position < 0:
                continue
            cursor = position + len(phrase)
            lead = BASELINE_LEADING_WORDS.match(phrase)
            start = position + (lead.end() if lead else 0)
            span = text[start:cursor]
            if not BASELINE_DATE_WORD.search(span) or BASELINE_AMOUNT.search(span):
                continue
            data = parser.get_date_data(span)
            period = data.period if data and data.date_obj else None
            value, kind = _baseline_value(moment, period)
            predictions.append(
                {"text": span, "start": start, "end": cursor, "value": value, "type": kind}
            )
        return predictions

    return predict


def run(corpus: list[dict[str, Any]], predict: Predictor, out: Path) -> float:
    """Predictions for every article written to ``out``; the seconds the predictor took."""
    elapsed = 0.0
    with out.open("w", encoding="utf-8") as handle:
        for row in corpus:
            started = time.perf_counter()
            predictions = predict(row["text"], row.get("published"))
            elapsed += time.perf_counter() - started
            for p in predictions:
                handle.write(json.dumps({"article_id": row["id"], **p}) + "\n")
    return elapsed


def score(gold: Path, predictions: Path, corpus: Path, errors: int = 0) -> dict[str, Any]:
    scorer = shared_data_dir().parent / "eval" / "score_timex.py"
    command = [sys.executable, str(scorer), str(gold), str(predictions), "--corpus", str(corpus)]
    if errors:
        command += ["--errors", str(errors)]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(output)
    return result


def _line(name: str, result: dict[str, Any], ms: float) -> list[str]:
    lines = [f"{name}: headline (DATE value F1) {result['headline']:.3f}   {ms:.2f} ms/article"]
    for view in ("date", "all"):
        v = result[view]
        lines.append(
            f"  {view:5} gold {v['gold']:4}  relaxed F1 {v['relaxed']['f1']:.3f} "
            f"(P {v['relaxed']['p']:.3f} R {v['relaxed']['r']:.3f})  strict F1 "
            f"{v['strict']['f1']:.3f}  value F1 {v['value']['f1']:.3f} "
            f"(P {v['value']['p']:.3f} R {v['value']['r']:.3f})  value acc "
            f"{v['value_accuracy']:.3f}"
        )
    return lines


def load(limit: int | None) -> tuple[Path, list[dict[str, Any]]]:
    folder = shared_data_dir() / "timex"
    if not folder.is_dir():
        raise SystemExit(f"{folder} not found: set STORYLENS_SHARED_DATA to the shared data dir")
    corpus = list(read_jsonl(folder / "corpus.jsonl"))[: limit or None]
    return folder, corpus


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="first N articles only")
    parser.add_argument("--errors", type=int, default=0, help="list N date-view errors")
    parser.add_argument("--out", type=Path, default=None, help="keep predictions in this dir")
    parser.add_argument("--no-baseline", action="store_true", help="skip dateparser")
    args = parser.parse_args(list(argv) if argv is not None else None)

    folder, corpus = load(args.limit)
    gold = folder / "gold.jsonl"
    if args.limit:
        ids = {row["id"] for row in corpus}
        subset = Path(tempfile.mkdtemp()) / "gold.jsonl"
        subset.write_text(
            "".join(json.dumps(g) + "\n" for g in read_jsonl(gold) if g["id"] in ids),
            encoding="utf-8",
        )
        gold = subset
    out = args.out or Path(tempfile.mkdtemp(prefix="timex-"))
    out.mkdir(parents=True, exist_ok=True)
    n = len(corpus)
    find_timexes("warm up on Friday", "2000-01-01")

    ours_seconds = run(corpus, storylens_predict, out / "storylens.jsonl")
    ours = score(gold, out / "storylens.jsonl", folder / "corpus.jsonl", args.errors)
    print(f"timex: {n} articles, {ours['all']['gold']} gold timexes ({ours['date']['gold']} DATE)")
    print("\n".join(_line("storylens", ours, 1000 * ours_seconds / n)))
    if not args.no_baseline:
        baseline_seconds = run(corpus, dateparser_predictor(), out / "dateparser.jsonl")
        theirs = score(gold, out / "dateparser.jsonl", folder / "corpus.jsonl")
        print("\n".join(_line("dateparser", theirs, 1000 * baseline_seconds / n)))
    if ours.get("pred_text_mismatch"):
        print(
            f"warning: {ours['pred_text_mismatch']} predictions whose text is not text[start:end]"
        )
    for error in ours.get("errors", []):
        print(json.dumps(error))
    from _results import Table, save_results

    rows = {"storylens": _figures(ours, 1000 * ours_seconds / n)}
    if not args.no_baseline:
        rows["dateparser"] = _figures(theirs, 1000 * baseline_seconds / n)
    caption = f"TempEval-3 ({n} articles, {ours['date']['gold']} DATE)"
    save_results(
        "timex",
        Table(caption, rows, ("dateparser",)[: len(rows) - 1], {"ms/article": ".2f"}),
        partial=args.limit is not None,
    )


def _figures(result: dict[str, Any], ms: float) -> dict[str, float]:
    """The headline and the F1s ``_line`` prints, for the result file."""
    date, every = result["date"], result["all"]
    return {
        "DATE value F1": result["headline"],
        "DATE relaxed F1": date["relaxed"]["f1"],
        "DATE strict F1": date["strict"]["f1"],
        "DATE value acc": date["value_accuracy"],
        "all relaxed F1": every["relaxed"]["f1"],
        "all value F1": every["value"]["f1"],
        "ms/article": ms,
    }


if __name__ == "__main__":
    main()
