"""Quality floor for HTML extraction on the NAEB pages (STYLE.md 11: a gate, not a claim).

Runs storylens' HTML reader on ``../shared/data/extraction/naeb`` with the metric of
bench/extraction.py (the one of ../shared/eval/score.py) and fails when a figure drops under
its floor. Skips where the shared data is absent, and fails instead under CI=true (REVIEW.md 8).
The pages are read in place, never copied.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import require_shared

pytestmark = pytest.mark.slow


BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from _data import shared_data_dir  # noqa: E402

DATA = shared_data_dir() / "extraction" / "naeb"
# Floors a little under the figures measured with bench/extraction.py on the 200 dev pages
# (body F1 0.950, title 0.975, date 0.870, authors F1 0.927; trafilatura's defaults in the same
# run: 0.920 / 0.690 / 0.810 / 0.814).
BODY_F1_FLOOR = 0.94
TITLE_FLOOR = 0.95
DATE_FLOOR = 0.85
AUTHORS_F1_FLOOR = 0.91


@pytest.fixture(scope="module")
def figures() -> dict[str, float]:
    require_shared(DATA)
    import extraction as bench  # bench/extraction.py

    return bench.score(bench.storylens_reader)


@pytest.mark.parametrize(
    ("name", "floor"),
    [
        ("body F1", BODY_F1_FLOOR),
        ("title", TITLE_FLOOR),
        ("date", DATE_FLOOR),
        ("authors F1", AUTHORS_F1_FLOOR),
    ],
)
def test_naeb_floor(figures: dict[str, float], name: str, floor: float) -> None:
    assert figures[name] >= floor, figures


def test_skips_cleanly_without_shared_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import extraction as bench  # bench/extraction.py

    monkeypatch.setenv("STORYLENS_SHARED_DATA", str(tmp_path))
    assert bench.main([]) == 2
