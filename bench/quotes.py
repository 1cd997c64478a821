"""Benchmark quote extraction on PolNeAR against textacy's ``direct_quotations``.

Usage::

    .venv/bin/python bench/quotes.py [--set polnear-dev] [--limit N] [--half even|odd]
        [--part K --parts N] [--scorer]

Reads ``../shared/data/quotes/<set>`` in place (evaluation data, never copied into the
project), runs the spaCy pipeline once, then storylens' ``extract_quotes`` and textacy's
``direct_quotations`` on the same ``Doc`` objects, and prints side by side, for all
attributions and for the direct-quote subset (``direct: true``): precision, recall and F1 at
30% and 80% word coverage (one-to-one matching per article), and speaker accuracy over the
matches. It also prints articles per second and the time of the quote stage against the time
of ``nlp.pipe`` alone (issue #3 allows the quote stage at most 25% of it).

Two readings of storylens: ``storylens`` scores one prediction per quoted segment, the rows
``export quotes`` writes (a quote split by its attribution is two rows); ``utterances``
joins the rows of one utterance, as PolNeAR annotates such a quote (one attribution). The
``speech@`` subset scores quotes whose act is speech against the gold quotes whose cue is a
speech verb (``gold_is_speech``), the reading of sets that annotate speech alone. With
``--scorer`` the export rows are also scored by ``../shared/eval/score.py`` (all, and
``--speech-only``) so the figures here can be checked against it. ``--half even`` (or ``odd``)
keeps the articles at even (odd) positions of the set: rules are written by reading the errors
of one half and kept only when the other half, never read, does not get worse.
``--part K --parts N`` is the stricter form: the articles whose position is K modulo N, so
errors can be read on one part and a rule checked on two parts never read.

Metric (``../shared/data/README.md``): a prediction matches a gold quote when it covers at
least the threshold share of the gold quote's words. A matched speaker is right when the
predicted mention overlaps the gold mention, or when the predicted speaker (name or mention)
shares a word other than a determiner with the gold speaker (PolNeAR gives mentions, not
resolved names, so "she" is scored against "she" and a resolved name against a name).
Scare quotes are not attributions and are not scored.

Direct-subset figures are printed in the fair reading, with the strict one beside them: a
direct prediction that matches no direct gold quote but matches (by the same rule) a gold
quote outside the subset is neither a true nor a false positive of the subset. PolNeAR sets
``direct`` from double quotation marks only, so a passage in two apostrophes (''Yes,'' she
said) or in single marks is a quote in the gold but not a direct one. A third reading,
"marked", is the strict one with gold passages in two apostrophes counted as direct, as the
data's own definition of the flag (content that holds quotation marks) reads. A quote that a speaker
quotes inside their own (kind ``nested``, with ``reported_by``) is not in the direct subset:
PolNeAR annotates the outer quote only. In ``all@`` it lies inside a gold quote; it is scored
like any prediction there.
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _data import read_jsonl, shared_data_dir  # noqa: E402
from _results import Table, save_results  # noqa: E402
from storylens.analyse.nlp import load_pipeline  # noqa: E402
from storylens.analyse.quotes import extract_quotes  # noqa: E402
from storylens.analyse.quotes.acts import EVIDENCE_VERBS, INTENTION_VERBS, THOUGHT_VERBS  # noqa: E402
from storylens.analyse.quotes.cues import SPEECH_VERBS, STANCE_VERBS  # noqa: E402

THRESHOLDS = (0.3, 0.8)  # lenient and strict word coverage, as in the GenderGapTracker study
WORD = re.compile(r"\w+")
# Words that never make two speakers the same person.
SPEAKER_STOPWORDS = frozenset({"the", "a", "an", "of", "and", "to", "in", "for", "on", "s"})
# Held-out discipline: errors are read on one half of a set, figures checked on the other.
HALVES = ("even", "odd")
# The stricter form: errors read on one part, a rule kept only if the two others, never read,
# do not get worse (two held-out checks instead of one).
DEFAULT_PARTS = 3
PIPE_BATCH_SIZE = 16  # spaCy's default-sized batches; larger ones do not speed up the small model


@dataclass(frozen=True)
class Prediction:
    start: int
    end: int
    speaker_words: frozenset[str]
    speaker_start: int | None
    speaker_end: int | None
    direct: bool
    speech: bool = True


@dataclass
class Tally:
    gold: int = 0
    predicted: int = 0
    matched: int = 0
    speaker_right: int = 0
    # Subset predictions that match a gold quote outside the subset: in the fair reading
    # they are neither true nor false positives of the subset (see ``score``).
    outside: int = 0

    def fair(self) -> Tally:
        """The same tally with predictions that match gold outside the subset left out."""
        return Tally(self.gold, self.predicted - self.outside, self.matched, self.speaker_right)

    def figures(self) -> dict[str, float]:
        precision = self.matched / self.predicted if self.predicted else 0.0
        recall = self.matched / self.gold if self.gold else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        speaker = self.speaker_right / self.matched if self.matched else 0.0
        return {"P": precision, "R": recall, "F1": f1, "speaker": speaker}

    def line(self) -> str:
        shown = self.figures()
        return "  ".join(f"{name} {value:.3f}" for name, value in shown.items())


def _words(text: str | None) -> frozenset[str]:
    if not text:
        return frozenset()
    return frozenset(w.lower() for w in WORD.findall(text)) - SPEAKER_STOPWORDS


def _gold_word_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    return [(m.start() + start, m.end() + start) for m in WORD.finditer(text[start:end])]


def _coverage(words: list[tuple[int, int]], prediction: Prediction) -> float:
    if not words:
        return 0.0
    covered = sum(1 for s, e in words if s < prediction.end and prediction.start < e)
    return covered / len(words)


def _speaker_right(gold: dict[str, Any], prediction: Prediction) -> bool:
    gold_start, gold_end = gold.get("speaker_start"), gold.get("speaker_end")
    if (
        gold_start is not None
        and gold_end is not None
        and prediction.speaker_start is not None
        and prediction.speaker_end is not None
        and gold_start < prediction.speaker_end
        and prediction.speaker_start < gold_end
    ):
        return True
    gold_words = _words(gold.get("speaker_name") or gold.get("speaker_mention"))
    return bool(gold_words & prediction.speaker_words)


def _match(
    text: str, gold: list[dict[str, Any]], predictions: list[Prediction], threshold: float
) -> list[tuple[int, int]]:
    """Greedy one-to-one matching by coverage, best pairs first: (gold, prediction) indices."""
    spans = [_gold_word_spans(text, g["start"], g["end"]) for g in gold]
    pairs = []
    for gi, words in enumerate(spans):
        for pi, prediction in enumerate(predictions):
            coverage = _coverage(words, prediction)
            if coverage >= threshold:
                pairs.append((coverage, gi, pi))
    pairs.sort(key=lambda p: (-p[0], p[1], p[2]))
    used_gold: set[int] = set()
    used_prediction: set[int] = set()
    matches = []
    for _, gi, pi in pairs:
        if gi in used_gold or pi in used_prediction:
            continue
        used_gold.add(gi)
        used_prediction.add(pi)
        matches.append((gi, pi))
    return matches


def score(
    text: str,
    gold: list[dict[str, Any]],
    predictions: list[Prediction],
    threshold: float,
    tally: Tally,
    outside_gold: list[dict[str, Any]] | None = None,
) -> None:
    """Match ``predictions`` to ``gold`` one-to-one and add the counts to ``tally``.

    For a subset (direct quotes), ``outside_gold`` holds the gold quotes outside it: a
    prediction left unmatched that matches one of them by the same rule is counted in
    ``tally.outside`` (the gold says it is a quote, only not one of the subset's kind).
    """
    matches = _match(text, gold, predictions, threshold)
    tally.gold += len(gold)
    tally.predicted += len(predictions)
    tally.matched += len(matches)
    tally.speaker_right += sum(_speaker_right(gold[gi], predictions[pi]) for gi, pi in matches)
    used = {pi for _, pi in matches}
    rest = [p for pi, p in enumerate(predictions) if pi not in used]
    if outside_gold:
        matched_outside = _match(text, outside_gold, rest, threshold)
        tally.outside += len(matched_outside)
        taken = {pi for _, pi in matched_outside}
        rest = [p for pi, p in enumerate(rest) if pi not in taken]


def _prediction(quote: Any, start: int, end: int) -> Prediction:
    return Prediction(
        start,
        end,
        _words(quote.speaker) | _words(quote.speaker_mention),
        quote.speaker_start,
        quote.speaker_end,
        quote.kind in ("direct", "mixed"),
        quote.act == "speech",
    )


def storylens_predictions(doc: Any) -> list[Prediction]:
    """One prediction per quoted segment, as ``storylens export quotes`` writes them."""
    return [
        _prediction(q, start, end)
        for q in extract_quotes(doc)
        if q.kind != "scare"
        for start, end in q.spans
    ]


def utterance_predictions(doc: Any) -> list[Prediction]:
    """One prediction per utterance (its segments and the attribution between them), as
    PolNeAR annotates a quote split by its attribution: the rows of one ``utterance_id``."""
    return [_prediction(q, q.start, q.end) for q in extract_quotes(doc) if q.kind != "scare"]


def mark_speech_gold(nlp: Any, golds: list[list[dict[str, Any]]]) -> None:
    """Set each gold quote's ``speech`` flag from its cue (lemmatised by ``nlp``)."""
    cues = [g.get("cue") or "" for gs in golds for g in gs]
    cue_docs = iter(nlp.pipe(cues, batch_size=256))
    for gs in golds:
        for g in gs:
            g["speech"] = gold_is_speech((t.lemma_ for t in next(cue_docs)), g.get("cue") or "")


def gold_is_speech(cue_lemmas: Iterable[str], cue: str) -> bool:
    """A gold attribution is speech when its cue is a speech verb (or "according to", or a
    label's colon) and no verb of thought, intention or evidence: "said", "told reporters",
    "has argued" are; "believes", "wants", "has learned", "showed" are not."""
    lemmas = {lemma.lower() for lemma in cue_lemmas}
    if lemmas & (THOUGHT_VERBS | INTENTION_VERBS | EVIDENCE_VERBS):
        return False
    text = cue.strip().lower()
    return (
        bool(lemmas & (SPEECH_VERBS | STANCE_VERBS)) or text.startswith("according") or text == ":"
    )


def textacy_predictions(doc: Any) -> list[Prediction]:
    from textacy.extract.triples import direct_quotations

    found: list[Prediction] = []
    try:
        for triple in direct_quotations(doc):
            speaker = triple.speaker
            content = triple.content
            found.append(
                Prediction(
                    content.start_char,
                    content.end_char,
                    _words(" ".join(t.text for t in speaker)),
                    speaker[0].idx if speaker else None,
                    speaker[-1].idx + len(speaker[-1]) if speaker else None,
                    True,
                )
            )
    except Exception:  # noqa: BLE001 - textacy raises on odd quote marks (issue #3)
        return found
    return found


def evaluate(
    name: str,
    docs: list[Any],
    golds: list[list[dict[str, Any]]],
    extractor: Callable[[Any], list[Prediction]],
) -> tuple[dict[str, Tally], float]:
    tallies = {
        f"{subset}@{int(t * 100)}": Tally()
        for subset in ("all", "direct", "marked", "speech")
        for t in THRESHOLDS
    }
    started = time.perf_counter()
    predictions = [extractor(doc) for doc in docs]
    elapsed = time.perf_counter() - started
    for doc, gold, predicted in zip(docs, golds, predictions, strict=True):
        for threshold in THRESHOLDS:
            label = int(threshold * 100)
            score(doc.text, gold, predicted, threshold, tallies[f"all@{label}"])
            for subset in ("direct", "speech"):  # a gold flag and a Prediction field each
                score(
                    doc.text,
                    [g for g in gold if g[subset]],
                    [p for p in predicted if getattr(p, subset)],
                    threshold,
                    tallies[f"{subset}@{label}"],
                    outside_gold=[g for g in gold if not g[subset]],
                )
            marked = [g for g in gold if g["direct"] or _in_two_apostrophes(doc.text, g)]
            score(
                doc.text,
                marked,
                [p for p in predicted if p.direct],
                threshold,
                tallies[f"marked@{label}"],
            )
    del name
    return tallies, elapsed


def _print_scorer_check(
    corpus: list[dict[str, Any]], golds: list[list[dict[str, Any]]], docs: list[Any]
) -> None:
    """Score the rows ``export quotes`` would write with the shared scorer, so the headline
    figures above can be checked against it on the same output."""
    scorer = shared_data_dir().parent / "eval" / "score.py"
    with tempfile.TemporaryDirectory() as folder:
        gold_path, pred_path = Path(folder) / "gold.jsonl", Path(folder) / "pred.jsonl"
        with gold_path.open("w", encoding="utf-8") as out:
            for row, gold in zip(corpus, golds, strict=True):
                out.write(json.dumps({"id": row["id"], "quotes": gold}) + "\n")
        with pred_path.open("w", encoding="utf-8") as out:
            for row, doc in zip(corpus, docs, strict=True):
                for quote in extract_quotes(doc):
                    for number, (start, end) in enumerate(quote.spans):
                        record = {
                            "article_id": row["id"],
                            "text": doc.text[start:end],
                            "start": start,
                            "end": end,
                            "speaker": quote.speaker,
                            "speaker_mention": quote.speaker_mention,
                            "kind": quote.kind,
                            "act": quote.act,
                            "segment": number,
                        }
                        out.write(json.dumps(record) + "\n")
        # The same rows joined back into utterances by utterance_id, for gold sets (PolNeAR)
        # that annotate a quote split by its attribution as one attribution.
        utterance_path = Path(folder) / "utterances.jsonl"
        with utterance_path.open("w", encoding="utf-8") as out:
            for row, doc in zip(corpus, docs, strict=True):
                for quote in extract_quotes(doc):
                    record = {
                        "article_id": row["id"],
                        "text": quote.text,
                        "speaker": quote.speaker,
                        "speaker_mention": quote.speaker_mention,
                        "kind": quote.kind,
                        "act": quote.act,
                    }
                    out.write(json.dumps(record) + "\n")
        runs = (
            ("segments (all)", pred_path, []),
            ("segments --speech-only", pred_path, ["--speech-only"]),
            ("utterances (all)", utterance_path, []),
        )
        for label, path, extra in runs:
            result = subprocess.run(
                [sys.executable, str(scorer), "quotes", str(gold_path), str(path), *extra],
                capture_output=True,
                text=True,
                check=False,
            )
            print(f"scorer, {label}: {result.stdout.strip() or result.stderr}")


def _in_two_apostrophes(text: str, gold: dict[str, Any]) -> bool:
    """A gold quote set in two apostrophes (''Yes,'' she said): the data's README defines
    ``direct`` as content that holds quotation marks, but its flag was set from double marks
    only, so these passages are direct quotes the flag leaves out."""
    start, end = gold["start"], gold["end"]
    return end > start and "''" in text[max(0, start - 2) : end + 2]


def _load(set_name: str, limit: int | None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    folder = shared_data_dir() / "quotes" / set_name
    if not folder.is_dir():
        raise SystemExit(f"{folder} not found: set STORYLENS_SHARED_DATA to the shared data dir")
    corpus = list(read_jsonl(folder / "corpus.jsonl"))[: limit or None]
    gold = {row["id"]: row["quotes"] for row in read_jsonl(folder / "gold.jsonl")}
    return corpus, gold


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", default="polnear-dev", help="a folder of shared/data/quotes")
    parser.add_argument("--limit", type=int, default=None, help="first N articles only")
    parser.add_argument(
        "--scorer",
        action="store_true",
        help="also score the export rows with ../shared/eval/score.py (all and --speech-only)",
    )
    parser.add_argument(
        "--half",
        choices=HALVES,
        default=None,
        help="only the articles at even or odd positions (0-based) of the set",
    )
    parser.add_argument(
        "--part",
        type=int,
        default=None,
        help="only the articles whose position (0-based) is PART modulo --parts",
    )
    parser.add_argument(
        "--parts",
        type=int,
        default=DEFAULT_PARTS,
        help=f"how many parts --part splits the set into (default {DEFAULT_PARTS})",
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.part is not None and args.half is not None:
        parser.error("--part and --half each choose a share of the set: give one of them")
    if args.part is not None and not 0 <= args.part < args.parts:
        parser.error(f"--part must lie in 0..{args.parts - 1} for --parts {args.parts}")

    corpus, gold = _load(args.set, args.limit)
    if args.half is not None:
        corpus = corpus[HALVES.index(args.half) :: 2]
    if args.part is not None:
        corpus = corpus[args.part :: args.parts]
    nlp = load_pipeline()
    texts = [row["text"] for row in corpus]
    nlp("warm up")
    started = time.perf_counter()
    docs = list(nlp.pipe(texts, batch_size=PIPE_BATCH_SIZE))
    nlp_seconds = time.perf_counter() - started
    golds = [gold.get(row["id"], []) for row in corpus]
    mark_speech_gold(nlp, golds)

    ours, ours_seconds = evaluate("storylens", docs, golds, storylens_predictions)
    joined, _ = evaluate("storylens", docs, golds, utterance_predictions)
    theirs, theirs_seconds = evaluate("textacy", docs, golds, textacy_predictions)

    half = f" ({args.half} half)" if args.half else ""
    if args.part is not None:
        half = f" (part {args.part} of {args.parts})"
    print(
        f"{args.set}{half}: {len(docs)} articles, {sum(len(g) for g in golds)} gold quotes "
        f"({sum(g['direct'] for gs in golds for g in gs)} direct)"
    )
    speech_gold = sum(g["speech"] for gs in golds for g in gs)
    print(f"speech: {speech_gold} gold quotes whose cue is a speech verb")
    for key in ours:
        if key.startswith("marked"):
            continue
        fair = key.startswith(("direct", "speech"))
        print(f"{key:10} storylens  {(ours[key].fair() if fair else ours[key]).line()}")
        print(f"{'':10} utterances {(joined[key].fair() if fair else joined[key]).line()}")
        if fair:
            print(f"{'':10} (strict)   {ours[key].line()}")
        if key.startswith("direct"):
            marked = key.replace("direct", "marked")
            print(f"{'':10} (marked)   {ours[marked].line()}")
        print(f"{'':10} textacy    {(theirs[key].fair() if fair else theirs[key]).line()}")
    if args.scorer:
        _print_scorer_check(corpus, golds, docs)
    print(
        "note: direct@ and speech@ figures leave out predictions that match (same rule) a gold "
        "quote outside the subset; '(strict)' counts them as false positives; '(marked)' "
        "is strict with gold quotes set in two apostrophes counted as direct, as the data's "
        "own definition (content that holds quotation marks) reads"
    )
    print(
        f"speed: nlp.pipe {nlp_seconds:.2f}s ({len(docs) / nlp_seconds:.1f} articles/s), "
        f"extract_quotes {ours_seconds:.2f}s ({len(docs) / ours_seconds:.1f} articles/s), "
        f"textacy {theirs_seconds:.2f}s"
    )
    print(
        f"quote stage overhead: {100 * ours_seconds / nlp_seconds:.1f}% of nlp.pipe "
        f"(nlp + quotes: {len(docs) / (nlp_seconds + ours_seconds):.1f} articles/s)"
    )
    systems = {"storylens": ours, "utterances": joined, "textacy": theirs}
    tables = [
        Table(
            f"{args.set}{half}, {figure}",
            {
                name: {
                    k: (t.fair() if k.startswith(("direct", "speech")) else t).figures()[figure]
                    for k, t in tallies.items()
                    if not k.startswith("marked")
                }
                for name, tallies in systems.items()
            },
            ("textacy",),
        )
        for figure in ("F1", "speaker")
    ]
    speed = {
        "nlp.pipe alone": nlp_seconds,
        "extract_quotes": ours_seconds,
        "textacy": theirs_seconds,
    }
    tables.append(
        Table(
            f"speed, {len(docs)} articles",
            {
                name: {"seconds": seconds, "articles/s": len(docs) / seconds}
                for name, seconds in speed.items()
            },
            ("nlp.pipe alone", "textacy"),
            {"seconds": ".2f", "articles/s": ".1f"},
        )
    )
    name = "quotes" if args.set == "polnear-dev" else f"quotes-{args.set}"
    subset = args.limit is not None or args.half is not None or args.part is not None
    save_results(name, *tables, partial=subset)


if __name__ == "__main__":
    main()
