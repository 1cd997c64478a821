"""The constants sweep (bench/constants.py): its pure helpers (which sets a value moves, the
value the other sets pick, the figure in words) and that every constant it tries is where it
says. Reads no data: the sweep itself needs ../shared and is run by hand."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import constants as bench  # noqa: E402  (bench/constants.py)
from storylens.stories import features as features_module  # noqa: E402
from storylens.stories import index as index_module  # noqa: E402
from storylens.stories import scoring, split  # noqa: E402

FIGURES = {
    "now 3": {"a": 0.90, "b": 1.00, "c": 0.95},
    "x0.5 (1)": {"a": 0.90, "b": 1.00, "c": 0.9502},
    "x2 (6)": {"a": 0.93, "b": 0.99, "c": 0.95},
}


def test_moved_keeps_changes_the_printed_figures_show() -> None:
    assert bench.moved(FIGURES["now 3"], FIGURES["x0.5 (1)"]) == {}  # 0.0002 is not shown
    assert bench.moved(FIGURES["now 3"], FIGURES["x2 (6)"]) == pytest.approx(
        {"a": 0.03, "b": -0.01}
    )


def test_each_set_is_scored_at_the_value_the_other_sets_pick() -> None:
    picked = bench.leave_one_out(FIGURES, "now 3")
    # Left out, "a" is scored at the value b and c like best; "b" and "c" at x2, which "a" lifts.
    assert picked == {"a": "x0.5 (1)", "b": "x2 (6)", "c": "x2 (6)"}
    assert bench.loo_mean(FIGURES, "now 3") == pytest.approx((0.90 + 0.99 + 0.95) / 3)
    tied = {"now 3": {"a": 1.0, "b": 0.9}, "x2 (6)": {"a": 1.0, "b": 0.9}}
    assert bench.leave_one_out(tied, "now 3") == {"a": "now 3", "b": "now 3"}


def test_the_figure_names_what_each_value_moves() -> None:
    text = bench.figure(FIGURES, "now 3", {})
    assert text == "x0.5 (1) flat; x2 (6): b 1.000->0.990, a 0.900->0.930"  # the lowered first
    assert bench.figure({"now 3": {"a": 1.0}, "x2 (6)": {"a": 1.0}}, "now 3", {}) == "x2 (6) flat"


def test_partition_ignores_story_ids() -> None:
    assert bench.partition({"1": "s", "2": "s", "3": "t"}) == bench.partition(
        {"1": "u", "2": "u", "3": "v"}
    )


@pytest.mark.parametrize("knob", bench.KNOBS, ids=lambda knob: knob.name)
def test_every_constant_is_patched_where_the_code_reads_it(knob: bench.Knob) -> None:
    current = bench.current_value(knob)
    label, value = knob.tried[0]
    with bench.applied(knob, value) as variant:
        kind, _, where = knob.targets[0].partition(":")
        if kind == "setting":
            assert getattr(variant.settings, where) == value
        elif kind == "minhash":
            assert (
                getattr(variant.minhash, where) == value == getattr(variant.settings.minhash, where)
            )
        else:
            assert bench.current_value(knob) == value, label
    assert bench.current_value(knob) == current


def test_patches_reach_the_modules_that_import_a_constant_by_name() -> None:
    knob = bench.BY_NAME["YEAR_CONFLICT_YEARS"]
    with bench.applied(knob, 7):
        assert scoring.YEAR_CONFLICT_YEARS == split.YEAR_CONFLICT_YEARS == 7
    with bench.applied(bench.BY_NAME["POSTING_LIMIT"], 5):
        assert index_module.CandidateIndex().posting_limit == 5
    assert index_module.CandidateIndex().posting_limit == index_module.POSTING_LIMIT
    with bench.applied(bench.BY_NAME["MIN_TERM_CHARS"], 6):
        assert features_module.normalise_term("fire") is None  # the cached answer is not kept
    assert features_module.normalise_term("fire") == "fire"
