"""A quote is one record written three ways (issue 24, point 5): the quotes export, the API
and the comparison's quote variants take their fields by name from one list and are made by
one function, so a field has one name and one value in all three; docs/export.md's table of
quote fields is checked against the code."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from storylens.cli import app
from storylens.compare.serialise import (
    QUOTE_FIELDS,
    QUOTE_VARIANT_FIELDS,
    comparison_to_dict,
    quote_to_dict,
)
from storylens.export import QUOTE_FIELDS as EXPORT_QUOTE_FIELDS
from storylens.export import write_export
from storylens.records import QuoteGroup, QuoteVariant, StoryComparison
from storylens.store import Store
from storylens.web import WebSettings, create_app
from storylens.web.api import API_QUOTE_FIELDS

REPO = Path(__file__).resolve().parents[1]
FORMS = {"export": EXPORT_QUOTE_FIELDS, "API": API_QUOTE_FIELDS, "variant": QUOTE_VARIANT_FIELDS}


def _doc_table() -> dict[str, dict[str, bool]]:
    doc = (REPO / "docs" / "export.md").read_text(encoding="utf-8")
    section = doc.split("\n## Quote fields\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \|([^|]*)\|([^|]*)\|([^|]*)\|", section, re.MULTILINE)
    return {
        name: {form: mark.strip() == "x" for form, mark in zip(FORMS, marks, strict=True)}
        for name, *marks in rows
    }


def test_every_form_takes_its_fields_from_the_one_list() -> None:
    for form, fields in FORMS.items():
        assert set(fields) <= set(QUOTE_FIELDS), form
        assert len(set(fields)) == len(fields), form


def test_the_docs_table_lists_each_quote_field_and_the_forms_that_write_it() -> None:
    table = _doc_table()
    assert list(table) == list(QUOTE_FIELDS)
    for form, fields in FORMS.items():
        assert {name for name, marks in table.items() if marks[form]} == set(fields), form


def test_a_form_cannot_name_a_field_of_its_own() -> None:
    with pytest.raises(ValueError, match="not quote fields: spoken"):
        quote_to_dict(object(), ("article_id", "spoken"))


def test_a_comparison_variant_is_written_with_the_quote_fields() -> None:
    variant = QuoteVariant(
        "a1",
        "Herald",
        "What are you doing?",
        "Ada Penn",
        100.0,
        kind="nested",
        reported_by="Jon Pell",
    )
    group = QuoteGroup("Ada Penn", variant.text, (variant,), ("Herald",), False)
    written = comparison_to_dict(StoryComparison("s1", ("a1",), quote_groups=(group,)))
    (as_written,) = written["quote_groups"][0]["variants"]
    assert as_written == quote_to_dict(variant, QUOTE_VARIANT_FIELDS)
    assert list(as_written) == list(QUOTE_VARIANT_FIELDS)
    assert as_written["reported_by"] == "Jon Pell" and "relayed_by" not in as_written


TEXT = (
    "Ivo Stern opened the harbour office in Portvale on Monday.\n"
    '"You gotta start somewhere," Stern says. "Nobody starts out at the top of the ladder."\n'
    "Ivo Stern described the scene to the paper, recalling: "
    "“Then Mira Cole walked in. She’s like, ‘What are you all doing here?’”\n"
)
OTHER = (
    "Mira Cole visited the harbour office in Portvale on Monday, where Ivo Stern works.\n"
    "“What are you all doing here?” Mira Cole asked the staff, according to Stern.\n"
)


@pytest.fixture(scope="module")
def quote_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("quotes")
    corpus = folder / "c.jsonl"
    articles = [
        {"id": "herald-office", "outlet": "Harbour Herald", "text": TEXT},
        {"id": "gazette-office", "outlet": "Portvale Gazette", "text": OTHER},
    ]
    corpus.write_text(
        "".join(json.dumps({**a, "published": "2026-05-02"}) + "\n" for a in articles),
        encoding="utf-8",
    )
    db = str(folder / "s.db")
    assert CliRunner().invoke(app, ["analyze", str(corpus), "--db", db]).exit_code == 0
    return db


def test_the_export_and_the_api_write_one_quote_alike(quote_db: str) -> None:
    out = io.StringIO()
    with Store(quote_db) as store:
        write_export(store, "quotes", "jsonl", out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    with TestClient(create_app(WebSettings(quote_db))) as client:
        quotes = client.get("/api/articles/herald-office").json()["quotes"]
        listed = client.get("/api/quotes", params={"speaker": "Mira Cole"}).json()["quotes"]
    assert rows and quotes and listed
    assert all(list(row) == list(EXPORT_QUOTE_FIELDS) for row in rows)
    assert all(list(quote) == list(API_QUOTE_FIELDS) for quote in [*quotes, *listed])
    split = [q for q in quotes if len(q["segments"]) == 2]
    nested = [q for q in quotes if q["kind"] == "nested"]
    assert split and nested and nested[0]["reported_by"] == "Ivo Stern"
    # one row per quote, as the API gives it: a split quote is one row, its runs in segments;
    # a quote inside another's is no row of its own (its words are in that one's row)
    by_id = {row["utterance_id"]: row for row in rows}
    assert len(by_id) == len(rows)
    assert nested[0]["utterance_id"] not in by_id
    assert not [row for row in rows if row["kind"] == "nested"]
    for quote in quotes:
        if quote["kind"] == "nested":
            continue
        row = by_id[quote["utterance_id"]]
        # the same quote but for its words: the export prints its runs as the article does
        # (a mixed quote with the clause around its marked words), the API the words alone
        assert {k: v for k, v in row.items() if k != "text"} == {
            k: v for k, v in quote.items() if k != "text"
        }
        runs = [TEXT[start:end] for start, end in quote["segments"]]
        assert row["text"] == (" … ".join(runs) if runs else TEXT[row["start"] : row["end"]])
    (words,) = [q["text"] for q in split]
    assert "…" in words and "says" not in words  # the speaker's words, the attribution out


def test_the_comparison_names_a_relay_as_the_export_does(quote_db: str) -> None:
    out = io.StringIO()
    with Store(quote_db) as store:
        write_export(store, "comparisons", "jsonl", out)
    (row,) = [json.loads(line) for line in out.getvalue().splitlines()]
    variants = [v for g in row["comparison"]["quote_groups"] for v in g["variants"]]
    assert variants and all(list(v) == list(QUOTE_VARIANT_FIELDS) for v in variants)
    relayed = [v for v in variants if v["reported_by"]]
    assert relayed and relayed[0]["reported_by"] == "Ivo Stern"
    assert relayed[0]["kind"] == "nested" and relayed[0]["speaker"] == "Mira Cole"
