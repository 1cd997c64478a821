"""Where analysis runs: this process and Dask workers give the same records."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from storylens.analyse.workers import DaskAnalyser, LocalAnalyser
from storylens.cli import app
from storylens.errors import StorylensError
from storylens.records import Article

TEXTS = [
    "The Eastmere council closed the ferry pier on Monday. \u201cWe cannot risk it,\u201d said "
    "Mayor Dana Holt.",
    "Frost destroyed apple blossom around Kellby, growers said on Sunday. \u201cWe lost the "
    "early varieties,\u201d said grower Priya Nand.",
    "Eastmere's ferry pier is shut after cracks were found, the council said on Monday.",
]


def test_dask_workers_give_the_records_of_local_analysis() -> None:
    articles = [Article(id=f"a{i}", text=text, source=f"a{i}") for i, text in enumerate(TEXTS)]
    local, local_rejected = LocalAnalyser()(articles)
    dask = DaskAnalyser(workers=1, processes=False)
    try:
        remote, remote_rejected = dask(articles)
        assert dask([]) == ([], [])
    finally:
        dask.close()
    assert remote == local
    assert remote_rejected == local_rejected == []
    speakers = {quote.speaker for article in remote for quote in article.quotes}
    assert {"Dana Holt", "Priya Nand"} <= speakers


def test_analyze_with_local_worker_processes(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for index, text in enumerate(TEXTS):
        (corpus / f"article-{index}.txt").write_text(text, encoding="utf-8")
    db = str(tmp_path / "w.db")
    result = CliRunner().invoke(app, ["analyze", str(corpus), "--db", db, "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert "3 articles stored" in result.output and "2 new stories" in result.output


def test_an_unreachable_scheduler_says_so() -> None:
    with pytest.raises(StorylensError, match="cannot reach the Dask scheduler tcp://127.0.0.1:9"):
        DaskAnalyser(scheduler="tcp://127.0.0.1:9", connect_timeout=1)
