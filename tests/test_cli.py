"""The command line: exit codes, summaries, exports, and broken inputs in a batch."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import local_http_server
from storylens.cli import app
from storylens.export import ARTICLE_FIELDS, QUOTE_FIELDS, STORY_FIELDS

runner = CliRunner()

PIER_ECHO = (
    "Eastmere closes its ferry pier\n\n"
    "The town council of Eastmere voted on Monday to close the ferry pier after engineers "
    "found cracks in two of its concrete supports.\n"
    "\u201cWe cannot risk the lives of the people who use this pier,\u201d Mayor Dana Holt said "
    "after the vote.\n"
    "Ferries will use the north jetty until the pier is repaired, the council said.\n"
)
PIER_COURIER = (
    "Cracked supports force Eastmere pier closure\n\n"
    "Eastmere's ferry pier is closed after engineers found cracks in two concrete supports, "
    "the town council decided on Monday.\n"
    "\u201cWe cannot risk the lives of people who use this pier,\u201d said Holt, the mayor.\n"
    "A council engineer said repairs to the Eastmere ferry pier could take until May.\n"
)
ORCHARD = (
    "Frost damages Kellby apple orchards\n\n"
    "A late frost on Saturday night destroyed much of the apple blossom in the orchards around "
    "Kellby, growers said on Sunday.\n"
    "\u201cWe lost most of the early varieties in one night,\u201d said grower Priya Nand, 58.\n"
)


def write_corpus(folder: Path) -> Path:
    folder.mkdir()
    (folder / "pier-echo.txt").write_text(PIER_ECHO, encoding="utf-8")
    (folder / "pier-courier.txt").write_text(PIER_COURIER, encoding="utf-8")
    (folder / "orchard.txt").write_text(ORCHARD, encoding="utf-8")
    return folder


def test_analyze_stories_show_export(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "corpus")
    db = str(tmp_path / "cli.db")
    result = runner.invoke(app, ["analyze", str(corpus), "--db", db])
    assert result.exit_code == 0, result.output
    assert "3 articles stored" in result.output
    assert "0 inputs rejected" in result.output

    again = runner.invoke(app, ["analyze", str(corpus), "--db", db])
    assert again.exit_code == 0
    assert "0 articles stored, 3 already stored" in again.output

    listing = runner.invoke(app, ["stories", "--db", db])
    assert listing.exit_code == 0 and "2 stories" in listing.output

    exported = runner.invoke(app, ["export", "stories", "--db", db])
    stories = [json.loads(line) for line in exported.output.splitlines()]
    assert [tuple(story) for story in stories] == [STORY_FIELDS] * 2
    pier = next(s for s in stories if "pier-echo" in s["article_ids"])
    assert sorted(pier["article_ids"]) == ["pier-courier", "pier-echo"]

    shown = runner.invoke(
        app, ["show", pier["story_id"], "--db", db, "--all"], env={"COLUMNS": "200"}
    )
    assert shown.exit_code == 0, shown.output
    assert "Dana Holt" in shown.output
    assert "Quotes across outlets" in shown.output
    assert "Boilerplate marked" not in shown.output


def test_export_formats_and_fields(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "corpus")
    db = str(tmp_path / "cli.db")
    runner.invoke(app, ["analyze", str(corpus), "--db", db])

    articles = runner.invoke(app, ["export", "articles", "--db", db, "--format", "json"])
    records = json.loads(articles.output)
    assert len(records) == 3 and all(tuple(r) == ARTICLE_FIELDS for r in records)

    out = tmp_path / "quotes.csv"
    runner.invoke(app, ["export", "quotes", "--db", db, "--format", "csv", "-o", str(out)])
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert rows and tuple(rows[0]) == QUOTE_FIELDS
    texts = {r["article_id"]: r for r in rows}
    holt = next(r for r in rows if r["speaker"] == "Dana Holt")
    article = next(r for r in records if r["id"] == holt["article_id"])
    assert article["text"][int(holt["start"]) : int(holt["end"])] == holt["text"]
    assert texts


def test_bad_inputs_are_reported_and_the_rest_stored(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "corpus")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "binary.txt").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "notes.xyz").write_text("notes", encoding="utf-8")
    (tmp_path / "lines.jsonl").write_text(
        json.dumps({"id": "orchard-wire", "text": ORCHARD}) + "\n{broken\n", encoding="utf-8"
    )
    db = str(tmp_path / "cli.db")
    inputs = [
        str(tmp_path / name)
        for name in ("empty.txt", "binary.txt", "notes.xyz", "lines.jsonl", "missing.txt")
    ]
    result = runner.invoke(app, ["analyze", *inputs, str(corpus), "--db", db])
    assert result.exit_code == 1, result.output
    assert "4 articles stored" in result.output and "5 inputs rejected" in result.output
    lines = [line for line in result.output.splitlines() if line.startswith("rejected: ")]
    assert len(lines) == 5
    assert any("empty.txt: empty file" in line for line in lines)
    assert any("lines.jsonl:2: invalid JSON" in line for line in lines)
    assert any("missing.txt: no such file or folder" in line for line in lines)


def test_stdin_and_usage_errors(tmp_path: Path) -> None:
    db = str(tmp_path / "cli.db")
    line = json.dumps({"id": "pier-1", "outlet": "Echo", "text": PIER_ECHO})
    result = runner.invoke(app, ["analyze", "-", "--db", db], input=line + "\n")
    assert result.exit_code == 0, result.output
    assert "1 article stored" in result.output

    unknown = runner.invoke(app, ["show", "s-nothing", "--db", db])
    assert unknown.exit_code == 2 and "no story 's-nothing'" in unknown.output
    assert runner.invoke(app, ["export", "everything", "--db", db]).exit_code == 2
    assert runner.invoke(app, ["analyze"]).exit_code == 2


@pytest.mark.parametrize("markup", ["[bold red]boom[/]", "<script>alert(1)</script>"])
def test_untrusted_text_is_shown_as_is(tmp_path: Path, markup: str) -> None:
    db = str(tmp_path / "cli.db")
    text = PIER_ECHO.replace("Eastmere closes its ferry pier", f"Pier {markup} closes")
    runner.invoke(
        app,
        ["analyze", "-", "--db", db],
        input=json.dumps({"id": "x", "title": f"Pier {markup}", "text": text}) + "\n",
    )
    listing = runner.invoke(app, ["stories", "--db", db], env={"COLUMNS": "300"})
    assert markup in listing.output


def _has_embeddings_extra() -> bool:
    import importlib.util

    return importlib.util.find_spec("sentence_transformers") is not None


@pytest.mark.skipif(_has_embeddings_extra(), reason="the embeddings extra is installed here")
def test_embeddings_without_the_extra_say_how_to_install_it(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "corpus")
    result = runner.invoke(
        app, ["analyze", str(corpus), "--db", str(tmp_path / "x.db"), "--embeddings"]
    )
    assert result.exit_code == 3  # the run cannot go on without the extra
    assert "pip install 'storylens[embeddings]'" in result.output


@pytest.mark.skipif(not _has_embeddings_extra(), reason="needs pip install storylens[embeddings]")
def test_embeddings_are_stored_with_the_story_features(tmp_path: Path) -> None:
    from storylens.store import Store
    from storylens.stories import ArticleFeatures

    corpus = write_corpus(tmp_path / "corpus")
    db = str(tmp_path / "x.db")
    result = runner.invoke(app, ["analyze", str(corpus), "--db", db, "--embeddings"])
    assert result.exit_code == 0, result.output
    with Store(db) as store:
        features = [ArticleFeatures.from_json(f) for f, _ in store.story_state()]
    assert len(features) == 3
    assert all(f.dense is not None and len(f.dense) == 384 for f in features)


def test_control_characters_never_reach_the_database(postgres_db: str) -> None:
    line = json.dumps(
        {
            "id": "nul\u0000id",
            "outlet": "Echo\u0000",
            "authors": ["A\u0000B"],
            "text": PIER_ECHO.replace("pier", "pi\u0000er\u0007", 1),
        }
    )
    result = runner.invoke(app, ["analyze", "-", "--db", postgres_db], input=line + "\n")
    assert result.exit_code == 0, result.output
    exported = runner.invoke(app, ["export", "articles", "--db", postgres_db])
    record = json.loads(exported.output)
    assert (record["id"], record["outlet"], record["authors"]) == ("nulid", "Echo", ["AB"])
    assert "\u0000" not in record["text"] and "\u0007" not in record["text"]


def test_analyze_fetches_the_urls_of_a_urls_file(tmp_path: Path) -> None:
    import http.server

    page = (
        "<html><head><title>Orchards hit by frost</title></head><body><article>"
        "<h1>Orchards hit by frost</h1>"
        + "".join(f"<p>{line}</p>" for line in ORCHARD.splitlines()[2:] * 3)
        + "</article></body></html>"
    ).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            if self.path == "/frost.html":
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)
            else:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    url_file = tmp_path / "urls.txt"
    db = str(tmp_path / "u.db")
    with local_http_server(Handler) as base:
        url_file.write_text(f"# one page\n{base}/frost.html\nnot a url\n", encoding="utf-8")
        result = runner.invoke(app, ["analyze", "--urls", str(url_file), "--db", db])
    assert result.exit_code == 1, result.output  # one line rejected
    assert "1 article stored" in result.stdout
    assert f"{url_file}:3" in result.stderr
    assert runner.invoke(app, ["analyze", "--db", db]).exit_code == 2


def test_explain_says_where_each_field_came_from(tmp_path: Path) -> None:
    page = tmp_path / "frost.html"
    body = "".join(f"<p>{line}</p>" for line in ORCHARD.splitlines()[2:] * 3)
    page.write_text(
        "<html><head><title>Frost damages Kellby orchards | Kellby Courier</title>"
        '<meta property="og:site_name" content="Kellby Courier">'
        '<script type="application/ld+json">{"@type": "NewsArticle", "headline": '
        '"Frost damages Kellby orchards", "datePublished": "2026-04-12T08:00:00+01:00", '
        '"dateModified": "2026-04-14T10:00:00+01:00", "author": {"@type": "Person", '
        '"name": "Rhea Okafor"}}</script></head>'
        f"<body><article><h1>Frost damages Kellby orchards</h1>{body}</article></body></html>",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["explain", str(page), "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["title"]["value"] == "Frost damages Kellby orchards"
    assert report["authors"]["value"] == ["Rhea Okafor"]
    assert report["published"]["value"].startswith("2026-04-12")
    assert report["outlet"]["value"] == "Kellby Courier"
    assert report["body"]["words"] > 20
    table = runner.invoke(app, ["explain", str(page)])
    assert table.exit_code == 0 and "Rhea Okafor" in table.stdout
    missing = runner.invoke(app, ["explain", str(tmp_path / "none.html")])
    assert missing.exit_code == 2


def test_version() -> None:
    from storylens import __version__

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"storylens {__version__}"
