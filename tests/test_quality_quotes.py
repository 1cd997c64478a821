"""Quality floor for quote extraction on PolNeAR dev (a trafilatura-style gate, STYLE.md 11).

Runs the extractor on ``../shared/data/quotes/polnear-dev`` and fails when the figures drop
below floors set a little under the measured ones (bench/quotes.py prints the full table).
Skips when the shared data is absent. The data is read in place, never copied.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import require_shared

pytestmark = pytest.mark.slow

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from _data import read_jsonl, shared_data_dir  # noqa: E402

DATA = shared_data_dir() / "quotes" / "polnear-dev"
# Floors a little under the figures measured when this gate was last raised (bench/quotes.py):
# direct F1@80 strict 0.842 (fair 0.901, marked 0.898), direct F1@30 strict 0.883, all F1@30
# 0.729, direct speaker accuracy@80 0.932 (marked 0.926). Nested quotes (kind "nested") are
# outside the direct subset. The strict direct figures count ''...'' passages as false
# positives: the gold `direct` flag was set from double marks only, and this extractor reads
# two apostrophes as one double mark. The marked reading counts those gold passages as direct,
# as the data's definition of the flag reads; the fair one leaves out predictions that match
# gold outside the subset (bench/quotes.py, ``Tally.fair``).
DIRECT_F1_STRICT_FLOOR = 0.83
DIRECT_F1_STRICT_FAIR_FLOOR = 0.89
DIRECT_F1_STRICT_MARKED_FLOOR = 0.885
DIRECT_F1_LENIENT_FLOOR = 0.87
ALL_F1_LENIENT_FLOOR = 0.735
DIRECT_SPEAKER_FLOOR = 0.92
# One prediction per quoted run (the export's rows before they were one per quote) and the
# speech-only reading of them (issue #12),
# measured at 0.717 and 0.805 (all F1@30 per utterance 0.749, speech per utterance 0.853)
# when last raised.
SEGMENT_ALL_F1_LENIENT_FLOOR = 0.707
SPEECH_F1_LENIENT_FLOOR = 0.795


def _f1(tally: object) -> float:
    matched, predicted, gold = tally.matched, tally.predicted, tally.gold  # type: ignore[attr-defined]
    precision = matched / predicted if predicted else 0.0
    recall = matched / gold if gold else 0.0
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def test_polnear_dev_floors() -> None:
    require_shared(DATA)
    import quotes as bench  # bench/quotes.py
    from storylens.analyse.nlp import load_pipeline

    corpus = list(read_jsonl(DATA / "corpus.jsonl"))
    gold = {row["id"]: row["quotes"] for row in read_jsonl(DATA / "gold.jsonl")}
    nlp = load_pipeline()
    docs = list(nlp.pipe([row["text"] for row in corpus]))
    golds = [gold.get(row["id"], []) for row in corpus]
    bench.mark_speech_gold(nlp, golds)
    # PolNeAR annotates a quote split by its attribution as one, as the export writes it.
    tallies, _ = bench.evaluate("storylens", docs, golds, bench.utterance_predictions)
    segments, _ = bench.evaluate("storylens", docs, golds, bench.segment_predictions)
    assert _f1(segments["all@30"]) >= SEGMENT_ALL_F1_LENIENT_FLOOR
    assert _f1(segments["speech@30"].fair()) >= SPEECH_F1_LENIENT_FLOOR

    assert _f1(tallies["direct@80"]) >= DIRECT_F1_STRICT_FLOOR
    assert _f1(tallies["direct@80"].fair()) >= DIRECT_F1_STRICT_FAIR_FLOOR
    assert _f1(tallies["marked@80"]) >= DIRECT_F1_STRICT_MARKED_FLOOR
    assert _f1(tallies["direct@30"]) >= DIRECT_F1_LENIENT_FLOOR
    assert _f1(tallies["all@30"]) >= ALL_F1_LENIENT_FLOOR
    for key in ("direct@80", "marked@80"):
        tally = tallies[key]
        assert tally.speaker_right / max(tally.matched, 1) >= DIRECT_SPEAKER_FLOOR, key
