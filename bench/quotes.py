"""Benchmark quote extraction on PolNeAR against textacy's ``direct_quotations``.

Usage::

    .venv/bin/python bench/quotes.py [--set polnear-dev] [--limit N] [--half even|odd]
        [--part K --parts N] [--scorer]
    .venv/bin/python bench/quotes.py --parts [N] [--parse-cache DIR] [--save-parts FILE]
        [--against FILE]

Reads ``../shared/data/quotes/<set>`` in place (evaluation data, never copied into the
project), runs the spaCy pipeline once, then storylens' ``extract_quotes`` and textacy's
``direct_quotations`` on the same ``Doc`` objects, and prints side by side, for all
attributions and for the direct-quote subset (``direct: true``): precision, recall and F1 at
30% and 80% word coverage (one-to-one matching per article), and speaker accuracy over the
matches. It also prints articles per second and the time of the quote stage against the time
of ``nlp.pipe`` alone (issue #3 allows the quote stage at most 25% of it).

Two readings of storylens: ``storylens`` scores one prediction per quote, the rows
``export quotes`` writes (a quote split by its attribution is one row), as PolNeAR annotates
such a quote (one attribution); ``segments`` scores one prediction per quoted run, the rows
the export wrote before (a split quote is two). The
``speech@`` subset scores quotes whose act is speech against the gold quotes whose cue is a
speech verb (``gold_is_speech``), the reading of sets that annotate speech alone. With
``--scorer`` the export rows are also scored by ``../shared/eval/score.py`` (all, and
``--speech-only``) so the figures here can be checked against it. ``--half even`` (or ``odd``)
keeps the articles at even (odd) positions of the set: rules are written by reading the errors
of one half and kept only when the other half, never read, does not get worse.
``--part K --parts N`` is the stricter form: the articles whose position is K modulo N, so
errors can be read on one part and a rule checked on two parts never read.

``--parts`` without ``--part`` judges a rule (issue #23): every part of PolNeAR dev and of
PolNeAR train (three each by default; the test split is held out and never read), with the
mean and the worst part of each figure: all attributions precision, recall and F1@30, the
speech reading's precision, recall, F1 and speaker accuracy, the shared scorer's
``--speech-only`` precision (speech predictions against every PolNeAR attribution), direct
F1@30 and textacy's, and the quote stage's articles per second on the parsed part (wall time:
shown, not judged, as it moves with the machine's load).
``--save-parts FILE`` keeps the figures; ``--against FILE`` prints each one's change and the
parts a change lowers: a rule that lowers any part is not kept. No figure is fitted, so each
part's figure is already its leave-one-part-out figure.

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
PolNeAR annotates the outer quote only. Nor is it a row of ``export quotes`` (its words are
in the outer quote's row), so no reading scores it (``export_quotes``).
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
from storylens.analyse.quotes.acts import (  # noqa: E402
    EVIDENCE_VERBS,
    GIVING_VERBS,
    INTENTION_VERBS,
    REFUSAL_VERBS,
    SPOKEN_OBJECT_NOUNS,
    THOUGHT_VERBS,
)
from storylens.analyse.quotes.cues import SPEECH_VERBS, STANCE_VERBS  # noqa: E402
from storylens.export import is_quote_row  # noqa: E402

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


def export_quotes(doc: Any) -> list[Any]:
    """The quotes of ``doc`` that ``export quotes`` writes a row for (a nested quote is in
    the row of the quote that holds it)."""
    return [q for q in extract_quotes(doc) if is_quote_row(q.kind)]


def segment_predictions(doc: Any) -> list[Prediction]:
    """One prediction per quoted run of a quote (a quote split by its attribution is two):
    the rows ``storylens export quotes`` wrote before it wrote one row per quote."""
    return [
        _prediction(q, start, end)
        for q in export_quotes(doc)
        if q.kind != "scare"
        for start, end in q.spans
    ]


def utterance_predictions(doc: Any) -> list[Prediction]:
    """One prediction per quote (a split quote's runs and the attribution between them), as
    ``storylens export quotes`` writes them and PolNeAR annotates a quote split by its
    attribution."""
    return [_prediction(q, q.start, q.end) for q in export_quotes(doc) if q.kind != "scare"]


def mark_speech_gold(nlp: Any, golds: list[list[dict[str, Any]]]) -> None:
    """Set each gold quote's ``speech`` flag from its cue (lemmatised by ``nlp``) and, for an
    offer, the head of its content."""
    flat = [g for gs in golds for g in gs]
    cue_docs = list(nlp.pipe([g.get("cue") or "" for g in flat], batch_size=256))
    cue_lemmas = [{t.lemma_.lower() for t in doc} for doc in cue_docs]
    # The thing offered: a noun in the cue after the verb ("offered his thoughts on"), else
    # the head of the content ("offered" + "a program to help renters").
    heads: dict[int, str] = {}
    offers = [i for i, lemmas in enumerate(cue_lemmas) if lemmas & GIVING_VERBS]
    for i in offers:
        verb = next(t for t in cue_docs[i] if t.lemma_.lower() in GIVING_VERBS)
        noun = next((t for t in cue_docs[i][verb.i + 1 :] if t.pos_ == "NOUN"), None)
        if noun is not None:
            heads[i] = noun.lemma_.lower()
    rest = [i for i in offers if i not in heads]
    for i, doc in zip(rest, nlp.pipe([flat[i]["text"] for i in rest]), strict=True):
        root = next((t for t in doc if t.dep_ == "ROOT"), None)
        if root is not None and root.pos_ in ("NOUN", "PROPN"):
            heads[i] = root.lemma_.lower()
    for i, g in enumerate(flat):
        g["speech"] = gold_is_speech(cue_lemmas[i], g.get("cue") or "", heads.get(i))


def gold_is_speech(cue_lemmas: Iterable[str], cue: str, offered: str | None = None) -> bool:
    """A gold attribution is speech when its cue is a speech verb (or "according to", or a
    label's colon) and no verb of thought, intention or evidence: "said", "told reporters",
    "has argued" are; "believes", "wants", "has learned", "showed" are not. A refusal
    ("declined to comment") is no speech, nor an offer whose content is a thing
    (``offered``, the head noun of the content: "offered a program"), as ``quote_act``
    reads them."""
    lemmas = {lemma.lower() for lemma in cue_lemmas}
    if lemmas & (THOUGHT_VERBS | INTENTION_VERBS | EVIDENCE_VERBS | REFUSAL_VERBS):
        return False
    if lemmas & GIVING_VERBS and offered is not None and offered not in SPOKEN_OBJECT_NOUNS:
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
                for quote in export_quotes(doc):
                    out.write(json.dumps(_export_row(row["id"], doc, quote)) + "\n")
        # The same quotes one row per quoted run, as the export wrote them before, for sets
        # that annotate each run of a split quote apart.
        segment_path = Path(folder) / "segments.jsonl"
        with segment_path.open("w", encoding="utf-8") as out:
            for row, doc in zip(corpus, docs, strict=True):
                for quote in export_quotes(doc):
                    for start, end in quote.spans:
                        record = {**_export_row(row["id"], doc, quote), "text": doc.text[start:end]}
                        out.write(json.dumps(record) + "\n")
        runs = (
            ("export rows (all)", pred_path, []),
            ("export rows --speech-only", pred_path, ["--speech-only"]),
            ("one row per run (all)", segment_path, []),
        )
        for label, path, extra in runs:
            result = subprocess.run(
                [sys.executable, str(scorer), "quotes", str(gold_path), str(path), *extra],
                capture_output=True,
                text=True,
                check=False,
            )
            print(f"scorer, {label}: {result.stdout.strip() or result.stderr}")


def _export_row(article_id: str, doc: Any, quote: Any) -> dict[str, Any]:
    """A quote as ``export quotes`` writes it for the scorer: its runs as the article prints
    them, joined by " … " (``export.printed_words``)."""
    return {
        "article_id": article_id,
        "text": " … ".join(doc.text[start:end] for start, end in quote.spans),
        "speaker": quote.speaker,
        "speaker_mention": quote.speaker_mention,
        "kind": quote.kind,
        "act": quote.act,
    }


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


# ``--parts``: the sets a rule is judged on, each cut into parts by position; a rule is kept
# only when no part gets worse (issue #23: a rule that lifts one part and lowers another
# is not kept). PolNeAR dev and train are development data; the test split is held out.
PARTS_SETS = ("polnear-dev", "polnear-train")
# The figures a rule is judged by, higher is better for each: all attributions, the speech
# reading (fair), the shared scorer's precision of speech predictions against every PolNeAR
# attribution (a speech prediction that matches no attribution at all is a false positive
# in any reading), and speaker accuracy. All-attribution precision and recall and the quote
# stage's speed are printed beside them (speed varies with the machine's load).
JUDGED_FIGURES = ("all F1", "speech P", "speech R", "speech F1", "speaker", "scorer P")


# Room for a figure and its change ("0.797 (+0.001)") in the --parts table.
PARTS_COLUMN_WIDTH = 16


def _parsed(nlp: Any, corpus: list[dict[str, Any]], cache: Path | None) -> list[Any]:
    """The corpus parsed, read from ``cache`` (a spaCy DocBin) when it holds these texts: a
    rule is judged many times on the same parse, which takes minutes on PolNeAR train."""
    from spacy.tokens import DocBin

    texts = [row["text"] for row in corpus]
    if cache is not None and cache.exists():
        docs = list(DocBin().from_disk(cache).get_docs(nlp.vocab))
        if [d.text for d in docs] == texts:
            return docs
    docs = list(nlp.pipe(texts, batch_size=PIPE_BATCH_SIZE))
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        DocBin(docs=docs, store_user_data=True).to_disk(cache)
    return docs


def _load_scorer() -> Any:
    """``../shared/eval/score.py`` as a module, so each part is scored by the shared scorer
    in-process (the figures quoted for unseen sets come from it)."""
    import importlib.util

    path = shared_data_dir().parent / "eval" / "score.py"
    spec = importlib.util.spec_from_file_location("shared_score", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path} not found: the shared scorer is needed for --parts")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _scorer_speech(
    scorer: Any, rows: list[dict[str, Any]], golds: list[list[dict[str, Any]]], found: list[Any]
) -> dict[str, Any]:
    """The shared scorer's ``--speech-only`` figures at 30% for the export's rows of one part."""
    with tempfile.TemporaryDirectory() as folder:
        gold_path, pred_path = Path(folder) / "gold.jsonl", Path(folder) / "pred.jsonl"
        with gold_path.open("w", encoding="utf-8") as out:
            for row, gold in zip(rows, golds, strict=True):
                out.write(json.dumps({"id": row["id"], "quotes": gold}) + "\n")
        with pred_path.open("w", encoding="utf-8") as out:
            for row, (doc, quotes) in zip(rows, found, strict=True):
                for quote in quotes:
                    out.write(json.dumps(_export_row(row["id"], doc, quote)) + "\n")
        return dict(scorer.quotes(str(gold_path), str(pred_path), speech_only=True)["at30"])


def part_figures(
    scorer: Any, rows: list[dict[str, Any]], docs: list[Any], golds: list[list[dict[str, Any]]]
) -> dict[str, float]:
    """The judged figures of one part (one prediction per quote, as ``export quotes`` writes
    them), with textacy's direct F1@30 beside them."""
    started = time.perf_counter()
    found = [(doc, export_quotes(doc)) for doc in docs]
    seconds = time.perf_counter() - started
    by_doc = {id(doc): quotes for doc, quotes in found}

    def quotes(doc: Any) -> list[Prediction]:
        return [_prediction(q, q.start, q.end) for q in by_doc[id(doc)] if q.kind != "scare"]

    ours, _ = evaluate("storylens", docs, golds, quotes)
    theirs, _ = evaluate("textacy", docs, golds, textacy_predictions)
    speech = ours["speech@30"].fair().figures()
    shared = _scorer_speech(scorer, rows, golds, found)
    every = ours["all@30"].figures()
    return {
        "all P": every["P"],
        "all R": every["R"],
        "all F1": every["F1"],
        "speech P": speech["P"],
        "speech R": speech["R"],
        "speech F1": speech["F1"],
        "speaker": speech["speaker"],
        "scorer P": float(shared["p"]),
        "direct F1": ours["direct@30"].fair().figures()["F1"],
        "textacy direct F1": theirs["direct@30"].fair().figures()["F1"],
        # Speed of the quote stage alone on the parsed part (higher is better; it varies
        # with the machine's load, so it is shown but never judged).
        "articles/s": len(docs) / seconds if seconds else 0.0,
    }


def judge_parts(parts: int, cache: Path | None) -> dict[str, dict[str, float]]:
    """Figures per part of every set in ``PARTS_SETS`` (the articles whose position is K
    modulo ``parts``), by part label ("polnear-dev/0")."""
    nlp = load_pipeline()
    scorer = _load_scorer()
    figures: dict[str, dict[str, float]] = {}
    for set_name in PARTS_SETS:
        corpus, gold = _load(set_name, None)
        docs = _parsed(nlp, corpus, cache / f"{set_name}.spacy" if cache else None)
        golds = [gold.get(row["id"], []) for row in corpus]
        mark_speech_gold(nlp, golds)
        for k in range(parts):
            figures[f"{set_name}/{k}"] = part_figures(
                scorer, corpus[k::parts], docs[k::parts], golds[k::parts]
            )
    return figures


def summarise_parts(figures: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
    """The parts with their mean and their worst figure (each figure's minimum over parts)."""
    columns = list(next(iter(figures.values())))
    mean = {c: sum(f[c] for f in figures.values()) / len(figures) for c in columns}
    worst = {c: min(f[c] for f in figures.values()) for c in columns}
    return {**figures, "mean": mean, "worst": worst}


def lowered_parts(
    before: dict[str, dict[str, float]], after: dict[str, dict[str, float]]
) -> list[str]:
    """The judged figures some part lost between two runs ("polnear-train/1 speech P")."""
    return [
        f"{label} {name}"
        for label, figures in after.items()
        if label in before and label not in ("mean", "worst")
        for name in JUDGED_FIGURES
        if name in before[label] and figures[name] < before[label][name] - 1e-9
    ]


def print_parts(
    figures: dict[str, dict[str, float]], before: dict[str, dict[str, float]] | None
) -> None:
    summary = summarise_parts(figures)
    columns = list(next(iter(figures.values())))
    widths = {c: max(PARTS_COLUMN_WIDTH, len(c) + 2) for c in columns}
    print(f"{'part':16}" + "".join(f"{c:>{widths[c]}}" for c in columns))
    for label, row in summary.items():
        cells = []
        for c in columns:
            cell = f"{row[c]:.3f}"
            if before is not None and label in before and c in before[label]:
                cell += f" ({row[c] - before[label][c]:+.3f})"
            cells.append(f"{cell:>{widths[c]}}")
        print(f"{label:16}" + "".join(cells))
    if before is not None:
        lost = lowered_parts(before, summary)
        print("lowered: " + (", ".join(lost) if lost else "none (the change may be kept)"))


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
        nargs="?",
        const=DEFAULT_PARTS,
        default=None,
        help=f"how many parts --part splits the set into (default {DEFAULT_PARTS}); without "
        f"--part: the judged figures of every part of {' and '.join(PARTS_SETS)}, their mean "
        "and their worst",
    )
    parser.add_argument(
        "--parse-cache",
        type=Path,
        default=None,
        help="with --parts: keep each set's parse in this folder (spaCy DocBin files)",
    )
    parser.add_argument(
        "--save-parts", type=Path, default=None, help="with --parts: write the figures here"
    )
    parser.add_argument(
        "--against",
        type=Path,
        default=None,
        help="with --parts: a file of --save-parts to print each figure's change against, "
        "and the parts a change lowers",
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.parts is not None and args.part is None:
        figures = judge_parts(args.parts, args.parse_cache)
        before = json.loads(args.against.read_text()) if args.against else None
        print_parts(figures, before)
        if args.save_parts is not None:
            args.save_parts.write_text(json.dumps(summarise_parts(figures), indent=1) + "\n")
        return
    args.parts = args.parts or DEFAULT_PARTS
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

    ours, ours_seconds = evaluate("storylens", docs, golds, utterance_predictions)
    runs, _ = evaluate("storylens", docs, golds, segment_predictions)
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
        print(f"{'':10} segments   {(runs[key].fair() if fair else runs[key]).line()}")
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
    systems = {"storylens": ours, "segments": runs, "textacy": theirs}
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
