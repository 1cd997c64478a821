"""The graded pointers (bench/gold/pointers_*.jsonl) and the pointer model's training script:
rows well formed everywhere; on the BASIL texts (skipped where ../shared is absent), every
span inside its article and the shipped model scored on the held-out events."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import SHARED, require_shared

ROOT = Path(__file__).resolve().parents[1]
GOLD = ROOT / "bench" / "gold"
LABELS = {"right", "partial", "absent", "elsewhere", "noclaim"}


def _rows(corpus: str) -> list[dict[str, object]]:
    lines = (GOLD / f"pointers_{corpus}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


@pytest.mark.parametrize("corpus", ["basil-dev", "basil"])
def test_pointer_rows_hold_ids_offsets_and_a_label(corpus: str) -> None:
    rows = _rows(corpus)
    assert rows
    for row in rows:
        assert row["corpus"] == corpus and row["label"] in LABELS
        for span in (row["claim"], row["sentence"]):
            article, start, end = span  # type: ignore[misc]
            assert str(article).startswith(str(row["story"])) and 0 <= start < end
        # only a pointer that misses the outlet's own sentence names that sentence
        assert row["other"] is None or row["label"] == "elsewhere"


@pytest.mark.slow
def test_the_training_script_scores_the_shipped_model_on_held_out_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    require_shared(SHARED / "data" / "clustering" / "basil" / "corpus.jsonl")
    sys.path.insert(0, str(ROOT / "scripts"))
    import train_pointers

    assert train_pointers.main(["--evaluate", "basil"]) == 0
    printed = capsys.readouterr().out
    assert "basil: all pointers: 967 shown" in printed
    assert "misleading" in printed
