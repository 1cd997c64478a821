"""Quote acts (speech, thought, intention, evidence) and quoted segments, on written examples."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from spacy.language import Language
from typer.testing import CliRunner

from storylens.analyse.nlp import load_pipeline
from storylens.analyse.quotes import extract_quotes
from storylens.analyse.quotes.acts import quote_act
from storylens.analyse.quotes.segments import segment_texts, segments_text
from storylens.cli import app
from storylens.records import Quote


@pytest.fixture(scope="module")
def nlp() -> Language:
    return load_pipeline()


def _holding(quotes: list[Quote], words: str) -> Quote:
    found = [q for q in quotes if words in q.text and q.kind != "scare"]
    assert found, f"no quote holds {words!r}: {[q.text for q in quotes]}"
    return found[0]


@pytest.mark.parametrize(
    ("text", "words", "act"),
    [
        ("Mayor Ines Varga said the bridge would reopen in May.", "bridge", "speech"),
        ('"We will reopen the bridge," Mayor Ines Varga told reporters.', "reopen", "speech"),
        ("Ines Varga believes the bridge should be rebuilt.", "rebuilt", "thought"),
        ("Tomas Reyes thought he would never try it again.", "never", "thought"),
        ("The ferry company wants to own the whole harbour.", "harbour", "intention"),
        ("Lena Ortiz plans to run for the council seat next year.", "council", "intention"),
        ("The chart shows a decline in ferry crossings since 2019.", "decline", "evidence"),
        ("Studies pointed to health risks from the harbour dust.", "risks", "evidence"),
        ("A report by the port authority said the pier was unsafe.", "unsafe", "evidence"),
        ("According to court records, the pier was sold in 2011.", "sold", "evidence"),
    ],
)
def test_every_quote_has_an_act(nlp: Language, text: str, words: str, act: str) -> None:
    assert _holding(extract_quotes(nlp(text)), words).act == act


def test_act_rules_on_their_own() -> None:
    assert quote_act("say", "Varga") == "speech"
    assert quote_act(None, None) == "speech"
    assert quote_act("believe", "she") == "thought"
    assert quote_act("want", "company") == "intention"
    assert quote_act("say", "surveys") == "evidence"  # a document says; nobody speaks
    assert quote_act("say", "figure") == "speech"  # "a key figure in the party said"
    assert quote_act("say", "letter") == "speech"  # a letter's words are its writer's


def test_a_quote_split_by_its_attribution_has_one_segment_per_run(nlp: Language) -> None:
    text = (
        '"You gotta start somewhere," Dana Quill says. "Nobody starts out at the top of the '
        'ladder."\n'
    )
    quote = _holding(extract_quotes(nlp(text)), "somewhere")
    assert len(quote.segments) == 2
    first, second = (text[s:e] for s, e in quote.segments)
    assert first.startswith("You gotta start somewhere")
    assert second.startswith("Nobody starts out")
    assert "says" not in quote.text
    assert quote.text == segments_text(text, quote.segments)
    assert segment_texts(quote.text, quote.segments) == [first, second]


def test_a_long_quote_over_two_paragraphs_is_one_segment(nlp: Language) -> None:
    text = (
        'Dana Quill said: "The ferry is late every day.\n\n"And nobody at the port answers '
        'our letters."\n'
    )
    quote = _holding(extract_quotes(nlp(text)), "ferry is late")
    assert quote.segments == ()
    assert quote.spans == ((quote.start, quote.end),)


def _analysed(tmp_path: Path, article_id: str, text: str) -> str:
    """A store holding one written article: the path of its database."""
    corpus = tmp_path / "c.jsonl"
    article = {"id": article_id, "outlet": "Harbour Herald", "published": "2026-05-02"}
    corpus.write_text(json.dumps({**article, "text": text}) + "\n", encoding="utf-8")
    db = str(tmp_path / "s.db")
    assert CliRunner().invoke(app, ["analyze", str(corpus), "--db", db]).exit_code == 0
    return db


def test_export_writes_one_row_per_quote(tmp_path: Path) -> None:
    text = (
        "Dana Quill opened her bakery in Portvale on Monday.\n"
        '"You gotta start somewhere," Quill says. "Nobody starts out at the top."\n'
        '"=HYPERLINK(1)" is what the sign says, Quill said.\n'
    )
    db = _analysed(tmp_path, "a1", text)
    runner = CliRunner()
    out = tmp_path / "q.jsonl"
    assert runner.invoke(app, ["export", "quotes", "--db", db, "-o", str(out)]).exit_code == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    # a quote split by its attribution is one row: the speaker's words, each run's offsets
    (split,) = [r for r in rows if "somewhere" in r["text"]]
    assert "Nobody starts out" in split["text"] and "says" not in split["text"]
    assert [text[start:end] for start, end in split["segments"]] == [
        "You gotta start somewhere,",
        "Nobody starts out at the top.",
    ]
    assert split["act"] == "speech"
    assert not any("Nobody" in r["text"] for r in rows if r is not split)
    out_csv = tmp_path / "q.csv"
    result = runner.invoke(
        app, ["export", "quotes", "--db", db, "--format", "csv", "-o", str(out_csv)]
    )
    assert result.exit_code == 0
    with out_csv.open(encoding="utf-8", newline="") as handle:
        cells = [cell for row in csv.reader(handle) for cell in row]
    assert not any(cell.startswith(("=", "+", "@")) for cell in cells)
    assert any(cell.startswith("'=HYPERLINK") for cell in cells)


def test_evidence_verbs_need_a_source_that_is_no_one(nlp: Language) -> None:
    quotes = extract_quotes(
        nlp(
            "The numbers show that ferry use fell by a third.\n"
            "Police confirmed that two men were arrested on Sunday.\n"
        )
    )
    assert _holding(quotes, "ferry use").act == "evidence"
    assert _holding(quotes, "two men").act == "speech"
    assert quote_act("show", "figures", "unknown") == "evidence"
    assert quote_act("confirm", "police", "organization") == "speech"


def test_show_lists_speech_and_all_acts_on_request(tmp_path: Path) -> None:
    text = (
        "Portvale's ferry fares will rise in June, the harbour board said on Friday.\n"
        '"Nobody likes paying more," board chair Tomas Reyes told reporters.\n'
        "Reyes believes the rise will be the last for years.\n"
        'The board backed the "harbour levy" plan on Friday.\n'
    )
    db = _analysed(tmp_path, "b1", text)
    runner = CliRunner()
    stories = runner.invoke(app, ["export", "stories", "--db", db])
    story_id = json.loads(stories.stdout.splitlines()[0])["story_id"]
    plain = runner.invoke(app, ["show", story_id, "--db", db, "--all"])
    assert plain.exit_code == 0
    assert "Nobody likes paying more" in plain.stdout
    assert "1 other attribution (thoughts, intentions, evidence): --all-acts" in plain.stdout
    full = runner.invoke(app, ["show", story_id, "--db", db, "--all-acts"])
    assert full.exit_code == 0 and "thought" in full.stdout
    # a scare-quoted phrase is nobody's statement: not in "Who said what", even with all acts
    wide = runner.invoke(app, ["show", story_id, "--db", db, "--all-acts"], env={"COLUMNS": "200"})
    who_said_what, comparison = wide.stdout.split("Who said what", 1)[1].split("Summary", 1)
    assert "harbour levy" not in who_said_what and "scare" not in who_said_what
    assert "harbour levy" in comparison.split("Tone and framing", 1)[1]
