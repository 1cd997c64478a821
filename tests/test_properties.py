"""Property tests (hypothesis) for the parsers and the store round trip."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from storylens.clean import find_boilerplate, repair_text
from storylens.ingest import iter_inputs
from storylens.ingest.jsonlines import read_json_lines
from storylens.records import AnalysedArticle, Article, CleanArticle, Rejection, StoryAssignment
from storylens.store import Store, StoredArticle

SUFFIXES = [".txt", ".md", ".html", ".json", ".jsonl", ".rss", ".warc", ".bin"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(max_size=2000), suffix=st.sampled_from(SUFFIXES))
def test_any_bytes_give_articles_or_rejections_never_errors(data: bytes, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"input{suffix}"
        path.write_bytes(data)
        records = list(iter_inputs([str(path)]))
    for record in records:
        assert isinstance(record, Article | Rejection)
        if isinstance(record, Rejection):
            assert record.input.startswith(str(path)) and record.reason


@given(st.lists(st.text(max_size=200), max_size=5))
def test_json_lines_of_any_text(lines: list[str]) -> None:
    records = list(read_json_lines(lines, "stdin"))
    assert len(records) <= len(lines)


@given(st.text(max_size=500))
@example("\u00c2\u200b\u20ac")  # found by fuzzing: an invisible character inside mojibake
@example("\u00c2\u20090")  # found by fuzzing: a thin space after a mojibake "Â"
def test_repair_is_idempotent(text: str) -> None:
    once = repair_text(text)
    assert repair_text(once) == once


@given(
    st.lists(st.text(alphabet=st.characters(blacklist_characters="\n"), max_size=80), max_size=8)
)
def test_boilerplate_spans_are_whole_lines_of_the_text(lines: list[str]) -> None:
    text = "\n".join(lines)
    for span in find_boilerplate(text):
        assert text[span.start : span.end] == span.text
        assert span.start == 0 or text[span.start - 1] == "\n"
        assert span.end == len(text) or text[span.end] == "\n"


@settings(max_examples=25, deadline=None)
@given(
    text=st.text(min_size=1, max_size=300).filter(lambda t: t.strip()),
    title=st.none() | st.text(max_size=50),
    authors=st.lists(st.text(max_size=20), max_size=3),
)
def test_store_round_trip(text: str, title: str | None, authors: list[str]) -> None:
    article = Article(id="p1", text=text, title=title, authors=tuple(authors), source="x")
    stored = StoredArticle(
        AnalysedArticle(clean=CleanArticle(article)),
        StoryAssignment("p1", "s-1", 0.0, True),
        json.dumps({"id": "p1"}),
    )
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "p.db") as store:
        store.save_batch([stored])
        row = next(store.article_rows())
    assert (row.text, row.title, list(row.authors)) == (text, title, authors)
