"""Where analysis runs: this process, worker processes and Dask workers give the same records
and the same stories."""

from __future__ import annotations

import io
import json
import os
import sqlite3
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path

import pytest
from typer.testing import CliRunner

from storylens import pipeline
from storylens.analyse.article import model_label
from storylens.analyse.batch import BatchResult, analyse_batch
from storylens.analyse.nlp import load_pipeline, pipeline_label
from storylens.analyse.workers import DaskAnalyser, LocalAnalyser, ProcessAnalyser
from storylens.cli import app
from storylens.errors import ModelError, StorylensError
from storylens.pipeline import PipelineRun, analyze, compare_tasks
from storylens.records import AnalysedArticle, Article, CleanArticle, Rejection, StoryMember
from storylens.store import Store

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
POISON = "POISON-KILLS-THE-WORKER"

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


def _stored(db: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Each article's story, and each story's comparison, as stored."""
    with sqlite3.connect(db) as connection:
        stories = connection.execute("SELECT id, story_id FROM articles ORDER BY id").fetchall()
        compared = connection.execute(
            "SELECT story_id, body FROM comparisons ORDER BY story_id"
        ).fetchall()
    return stories, compared


def test_two_worker_processes_give_the_stories_of_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Small batches, so that several stream through the workers while the writer places
    earlier ones, and a story is touched by several rounds whose comparisons come back."""
    monkeypatch.setattr(pipeline, "COMPARE_EVERY_ARTICLES", 4)
    monkeypatch.setattr(pipeline, "COMPARE_TASK_ARTICLES", 2)  # many tasks a round
    corpus = str(EXAMPLES / "corpus.jsonl")
    runs = {}
    for workers in ("1", "2"):
        db = str(tmp_path / f"w{workers}.db")
        result = CliRunner().invoke(
            app, ["analyze", corpus, "--db", db, "--workers", workers, "--batch-size", "4"]
        )
        assert result.exit_code == 0, result.output
        runs[workers] = _stored(db)
    stories, compared = runs["2"]
    assert len(stories) == 21 and len({story for _, story in stories}) < 21
    assert len(compared) == len({story for _, story in stories})
    assert runs["2"] == runs["1"]


def _poisoned(articles: Sequence[Article], model: str | None = None) -> BatchResult:
    """The worker process dies (as on a crash in spaCy or the OOM killer) on a poison text."""
    if any(POISON in article.text for article in articles):
        os._exit(70)
    return analyse_batch(articles, model)


class PoisonedAnalyser(ProcessAnalyser):
    def _submit_batch(self, articles: Sequence[Article]) -> Future[BatchResult]:
        return self._pool.submit(_poisoned, list(articles), self.model)


def test_a_worker_that_dies_costs_its_article_only(tmp_path: Path) -> None:
    texts = [*TEXTS, f"The ferry pier {POISON} reopened on Tuesday, the council said.", TEXTS[0]]
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(
        "".join(
            f'{{"id": "a{i}", "text": "{text.replace(chr(34), chr(39))}"}}\n'
            for i, text in enumerate(texts)
        ),
        encoding="utf-8",
    )
    problems: list[str] = []
    analyser = PoisonedAnalyser(workers=2, on_problem=problems.append)
    try:
        with Store(tmp_path / "p.db") as store:
            summary = analyze([str(corpus)], store, analyser=analyser, batch_size=2)
            assert store.known_hashes(["a0", "a1", "a2", "a4"]).keys() == {"a0", "a1", "a2", "a4"}
    finally:
        analyser.close()
    assert summary.stored == 4
    assert [rejection.reason for rejection in summary.rejected] == [
        "analysis failed: the worker process died on this article (A process in the process "
        "pool was terminated abruptly while the future was running or pending.)"
    ]
    assert summary.rejected[0].input.endswith("corpus.jsonl:4")
    assert problems and all(line.startswith("an analysis worker process died") for line in problems)


@pytest.mark.parametrize(("records", "expected"), [(3, 1), (300, 2)])
def test_every_core_by_default_from_enough_articles(
    monkeypatch: pytest.MonkeyPatch, records: int, expected: int
) -> None:
    monkeypatch.setattr(pipeline, "default_workers", lambda: 2)
    items = [Rejection(f"r{i}", "empty") for i in range(records)]
    kept, processes = pipeline._processes_for(iter(items), None)
    assert processes == expected
    assert list(kept) == items  # the records read ahead are not lost
    assert pipeline._processes_for(items, 1)[1] == 1


def test_a_run_compares_each_story_once_per_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Batches of 4 touch some stories several times; a run of fewer articles than
    COMPARE_EVERY_ARTICLES compares each story once, at its end."""
    compared: list[str] = []
    compare_members = pipeline.compare_members

    def counting(stories, dense=None):  # type: ignore[no-untyped-def]
        compared.extend(story_id for story_id, _ in stories)
        return compare_members(stories, dense)

    monkeypatch.setattr(pipeline, "compare_members", counting)
    db = str(tmp_path / "once.db")
    with Store(db) as store:
        summary = analyze([str(EXAMPLES / "corpus.jsonl")], store, workers=1, batch_size=4)
    assert summary.stored == 21
    stories, stored_comparisons = _stored(db)
    assert sorted(compared) == sorted({story for _, story in stories})
    assert len(stored_comparisons) == len(compared)


def test_stdin_is_not_read_ahead_to_choose_the_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stream on stdin is stored batch by batch as it comes: waiting for enough records to
    decide on worker processes would hold it back."""

    class NoPool(ProcessAnalyser):
        def __init__(self, *args: object, **kwargs: object) -> None:
            raise AssertionError("stdin started worker processes")

    monkeypatch.setattr(pipeline, "default_workers", lambda: 2)
    monkeypatch.setattr(pipeline, "DEFAULT_PARALLEL_FROM_ARTICLES", 2)
    monkeypatch.setattr(pipeline, "ProcessAnalyser", NoPool)
    lines = "".join(
        json.dumps({"id": f"s{i}", "text": text}) + "\n" for i, text in enumerate(TEXTS)
    )
    with Store(tmp_path / "s.db") as store:
        summary = analyze(["-"], store, stdin=io.StringIO(lines))
    assert summary.stored == 3


def _story(story_id: str, size: int) -> tuple[str, list[StoryMember]]:
    article = Article(id=f"{story_id}-1", text="The ferry pier reopened.")
    member = StoryMember(AnalysedArticle(CleanArticle(article, ())))
    return story_id, [member] * size


def test_comparison_tasks_deal_the_largest_stories_first() -> None:
    stories = [_story("small", 2), _story("huge", 9), _story("mid", 4), _story("gone", 0)]
    stories += [_story("mid2", 4)]
    tasks = compare_tasks(stories, articles_per_task=6)
    assert [[story_id for story_id, _ in task] for task in tasks] == [
        ["huge"],  # over the bound: alone
        ["mid"],
        ["mid2", "small", "gone"],
    ]
    assert compare_tasks([_story("gone", 0)], articles_per_task=6) == [[_story("gone", 0)]]
    assert compare_tasks([], articles_per_task=6) == []


class ElsewhereAnalyser:
    """Analysis in some other process (none here: the test reads no batch)."""

    def __call__(self, articles: Sequence[Article]) -> BatchResult:
        return [], []

    def close(self) -> None:
        pass


def test_a_writer_on_worker_processes_loads_no_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer records the model's label from its package, as the workers' docs give it."""
    label = model_label(load_pipeline())
    assert pipeline_label() == label

    def no_model(name: str | None = None) -> None:
        raise AssertionError("the writer loaded the model")

    monkeypatch.setattr(pipeline, "load_pipeline", no_model)
    with Store(tmp_path / "m.db") as store:
        run = PipelineRun(store, analyser=ElsewhereAnalyser())
        assert run.build.model == label


def test_a_missing_model_fails_before_any_worker_starts() -> None:
    with pytest.raises(ModelError, match="not installed"):
        pipeline_label("xx_no_such_pipeline_sm")


@pytest.mark.parametrize(
    ("articles", "sizes"),
    [(64, [16, 16, 16, 16]), (20, [10, 10]), (10, [8, 2]), (3, [3])],
)
def test_a_batch_is_dealt_out_in_short_tasks(articles: int, sizes: list[int]) -> None:
    """Short tasks, so that the workers run out of analysis together at the end of a run."""
    analyser = ProcessAnalyser.__new__(ProcessAnalyser)  # no pool: only the split is asked
    analyser.workers = 2
    batch = [Article(id=f"a{i}", text="The pier reopened.") for i in range(articles)]
    parts = analyser._split(batch)
    assert [len(part) for part in parts] == sizes
    assert [article for part in parts for article in part] == batch
