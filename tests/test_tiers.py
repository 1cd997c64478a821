"""The test tiers: ``--fast`` leaves out the ``slow`` tests and nothing else, and every test
that reads ../shared goes through ``require_shared`` (so none skips silently under CI)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
# What a test module that reads ../shared names: the bench's data folder or the folder itself.
READS_SHARED = re.compile(r"shared_data_dir\(\)|/ \"shared\"|\bSHARED\b")
# The ways a module could skip on its own instead of through require_shared.
OWN_SKIP = re.compile(r"pytest\.skip\(|mark\.skipif\(")


def _collected(*options: str) -> set[str]:
    listing = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         *options, "tests/test_concurrency.py", "tests/test_tiers.py"],
        cwd=TESTS.parent, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    return {line for line in listing.splitlines() if "::" in line}


@pytest.mark.slow
def test_fast_leaves_out_the_slow_tests_only() -> None:
    everything, fast = _collected(), _collected("--fast")
    this = f"tests/test_tiers.py::{test_fast_leaves_out_the_slow_tests_only.__name__}"
    slow = {name for name in everything if name.startswith("tests/test_concurrency.py::")}
    assert slow and this in everything
    assert fast == everything - slow - {this}


@pytest.mark.parametrize(
    "module",
    sorted(
        path
        for path in TESTS.glob("test_*.py")
        if path.name != Path(__file__).name and READS_SHARED.search(path.read_text("utf-8"))
    ),
    ids=lambda path: path.name,
)
def test_a_module_that_reads_shared_uses_require_shared(module: Path) -> None:
    text = module.read_text(encoding="utf-8")
    assert "require_shared(" in text, f"{module.name} reads ../shared without require_shared"
    skips = [line.strip() for line in text.splitlines() if OWN_SKIP.search(line)]
    assert not [line for line in skips if "shared" in line or "SEEDS" in line or "DATA" in line]


# The heavy tools a test may run; a test that runs one belongs to the slow tier (issue 24, 6).
SLOW_TOOLS = ("schemathesis",)


def _marked_slow(function: ast.FunctionDef, module: ast.Module) -> bool:
    """Whether the test carries ``@pytest.mark.slow`` or its module's ``pytestmark`` does."""
    marks = [ast.unparse(d) for d in function.decorator_list]
    marks += [
        ast.unparse(node.value)
        for node in module.body
        if isinstance(node, ast.Assign) and "pytestmark" in map(ast.unparse, node.targets)
    ]
    return any("mark.slow" in mark for mark in marks)


@pytest.mark.parametrize("module", sorted(TESTS.glob("test_*.py")), ids=lambda path: path.name)
def test_a_test_that_runs_a_slow_tool_is_in_the_slow_tier(module: Path) -> None:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    unmarked = [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and node.name.startswith("test_")
        and any(tool in ast.unparse(node) for tool in SLOW_TOOLS)
        and not _marked_slow(node, tree)
    ]
    assert not unmarked, f"{module.name}: {unmarked} run {SLOW_TOOLS} and are not marked slow"
