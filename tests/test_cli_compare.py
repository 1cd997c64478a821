"""``storylens compare A B``: files and URLs compared with no store (issue 20, item 4)."""

from __future__ import annotations

import http.server
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import EXAMPLES, local_http_server
from storylens.cli import app
from storylens.compare.scorecard import MIN_ONLY_QUOTE_WORDS

runner = CliRunner()
PAIR = sorted(str(path) for path in (EXAMPLES / "pair").iterdir())


def test_compare_two_files_prints_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # where a store would be made by default: nothing is written
    result = runner.invoke(app, ["compare", *PAIR])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("# ")
    assert "2 articles from 2 outlets (The Valley Courier, Harbour Gazette)" in result.stdout
    # the title is one outlet's headline, and the report says whose
    title = lines[0].removeprefix("# ")
    owner = next(
        name
        for path, name in zip(PAIR, ("The Valley Courier", "Harbour Gazette"), strict=True)
        if title in Path(path).read_text(encoding="utf-8")
    )
    assert f"The title is {owner}'s headline." in lines[2]
    assert lines.index("## What differs, at a glance") < lines.index("## Summary")
    assert "direct" not in result.stdout.split("## What differs")[0]
    # the per-outlet table says what its "only here" cell counts
    glance = result.stdout.split("## What differs")[1].split("## Summary")[0]
    assert "| outlet | only here |" in glance
    assert f"quotations of {MIN_ONLY_QUOTE_WORDS} words or more" in glance.split("|")[-1]
    assert not list(tmp_path.iterdir())


def test_untitled_articles_get_a_heading_that_names_no_story(tmp_path: Path) -> None:
    texts = {
        "a.txt": "Crews cleared the Millbrook ferry ramp on Monday. The ramp reopens Friday.",
        "b.txt": "The Millbrook ferry ramp was cleared by crews on Monday, the port said.",
    }
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["compare", *(str(tmp_path / n) for n in texts)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "# Untitled articles compared"


def test_compare_as_json_and_with_a_missing_input(tmp_path: Path) -> None:
    missing = str(tmp_path / "gone.txt")
    result = runner.invoke(app, ["compare", *PAIR, missing, "--format", "json"])
    assert result.exit_code == 1, result.output  # one input rejected, the rest compared
    report = json.loads(result.stdout)
    assert {a["outlet"] for a in report["story"]["articles"]} == {"Harbour Gazette", None}
    assert f"rejected: {missing}" in result.stderr
    alone = runner.invoke(app, ["compare", PAIR[0], missing])
    assert alone.exit_code == 1 and "compare needs 2 or more" in alone.stderr


def test_compare_two_urls() -> None:
    pages = {}
    for index, path in enumerate(PAIR):
        paragraphs = [p for p in Path(path).read_text().split("\n") if p and p != "---"]
        body = "".join(f"<p>{p}</p>" for p in paragraphs if ":" not in p[:12])
        pages[f"/{index}.html"] = (
            f"<html><head><title>Heron Lake {index}</title></head><body><article>"
            f"<h1>Heron Lake dam {index}</h1>{body}</article></body></html>"
        ).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            page = pages.get(self.path)
            self.send_response(200 if page else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page or b"")))
            self.end_headers()
            self.wfile.write(page or b"")

        def log_message(self, *args: object) -> None:
            pass

    with local_http_server(Handler) as base:
        result = runner.invoke(app, ["compare", f"{base}/0.html", f"{base}/1.html"])
    assert result.exit_code == 0, result.output
    assert "## What differs, at a glance" in result.stdout
    # one site is one outlet, named by its host where the page names none
    assert "2 articles from 1 outlet (127.0.0.1:" in result.stdout
