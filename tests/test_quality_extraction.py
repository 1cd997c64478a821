"""Quality floor for HTML extraction on the NAEB pages (STYLE.md 11: a gate, not a claim).

Runs storylens' HTML reader on ``../shared/data/extraction/naeb`` with the metric of
bench/extraction.py and fails when a figure drops under its floor. Skips where the shared
data is absent. The pages are read in place, never copied.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from _data import shared_data_dir  # noqa: E402

DATA = shared_data_dir() / "extraction" / "naeb"
# Floors a little under the figures measured with bench/extraction.py (body F1 0.932,
# title 0.690, date 0.810, authors F1 0.790), which beat trafilatura's defaults (0.924).
BODY_F1_FLOOR = 0.92
TITLE_FLOOR = 0.67
DATE_FLOOR = 0.79
AUTHORS_F1_FLOOR = 0.77


@pytest.mark.skipif(not DATA.is_dir(), reason=f"{DATA} not found")
def test_naeb_floors() -> None:
    import extraction as bench  # bench/extraction.py

    figures = bench.score(bench.storylens_reader)
    assert figures["body F1"] >= BODY_F1_FLOOR, figures
    assert figures["title"] >= TITLE_FLOOR, figures
    assert figures["date"] >= DATE_FLOOR, figures
    assert figures["authors F1"] >= AUTHORS_F1_FLOOR, figures
