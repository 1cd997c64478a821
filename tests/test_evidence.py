"""Every line of a comparison carries its evidence (issue 19, item 8): the outlet, article and
character offsets of the sentence it rests on, the same in the story page, the Markdown and
JSON reports; the article page highlights exactly those characters, escaped.

Held against the fictional pair (``examples/pair``) and the written stories of
``examples/compare.jsonl`` (a museum theft and a mayoral election, three outlets each)."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from storylens.compare.words import words
from storylens.evidence import Evidence, StoryEvidence, locate
from storylens.pipeline import analyze
from storylens.records import Claim, Quote, StoryComparison, SummarySentence, TimelineEntry
from storylens.report import report_json, write_markdown
from storylens.store import Store
from storylens.views import StoryView, shared_claims, story_view
from storylens.web import WebSettings, create_app

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
# Every part of the comparison a reader sees, which these stories hold between them.
PARTS = {
    "summary",
    "summary wording",
    "shared claim",
    "only claim",
    "detail",
    "quote variant",
    "tone",
    "timeline",
    "echo",
    "echo source",
    "named only",
}
_MARK = re.compile(r'<mark class="evidence"[^>]*>(.*?)</mark>', re.S)
_TAG = re.compile(r"<[^>]+>")
_LINK = re.compile(r'href="(/articles/[^"?]+\?hl=(\d+)-(\d+)#hl)"')


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("evidence") / "evidence.db")
    with Store(path) as store:
        summary = analyze([str(EXAMPLES / "pair"), str(EXAMPLES / "compare.jsonl")], store)
        assert summary.ok, summary.rejected
    return path


@pytest.fixture(scope="module")
def views(db: str) -> Iterator[list[StoryView]]:
    with Store(db) as store:
        found = [story_view(store, row.story_id) for row in store.story_summaries()]
    assert len(found) == 3  # the pair and the two written stories
    yield found


@pytest.fixture(scope="module")
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(WebSettings(db))) as made:
        yield made


def _cut(view: StoryView, e: Evidence) -> str:
    return view.texts[e.article_id][e.start : e.end]


def _rests_on(view: StoryView, part: str, line: str, e: Evidence) -> bool:
    """Whether the characters ``e`` names are the words the line shows: the same, or for a
    quote split by its attribution, each run of its words in order."""
    got = _cut(view, e)
    if got.strip() == line.strip():
        return True
    if part != "quote variant":
        return False
    at = 0
    for piece in line.split(" … "):
        at = got.find(piece, at)
        if at == -1:
            return False
    return True


def test_every_line_of_every_part_rests_on_its_own_characters(views: list[StoryView]) -> None:
    seen: set[str] = set()
    for view in views:
        for part, line, found in view.evidence.every_line():
            seen.add(part)
            assert found, (view.story_id, part, line)
            outlets = {e.outlet for e in found}
            assert outlets <= set(view.outlet_of.values()), outlets
            assert _rests_on(view, part, line, found[0]), (part, line, _cut(view, found[0]))
    # a lone claim the model cannot place is listed apart on some stories, not on others
    assert seen - {"unplaced claim", "nearest sentence"} == PARTS, PARTS - seen


def test_a_line_printed_by_two_outlets_shows_each_outlets_sentence(
    views: list[StoryView],
) -> None:
    checked = 0
    for view in views:
        c = view.comparison
        for line in (*c.summary, *shared_claims(c)):
            found = view.evidence.line(line)
            assert [e.outlet for e in found] == list(line.outlets), line
            for e in found:
                assert words(_cut(view, e)) == words(line.text) or e.outlet == line.outlet
            for wording in line.other_wordings:
                (e,) = view.evidence.wording(line, wording)
                assert e.outlet == wording.outlet and _cut(view, e) == wording.text
                checked += 1
    assert checked


def test_both_sentences_of_a_conflict_hold_their_values(views: list[StoryView]) -> None:
    conflicts = [(v, d) for v in views for d in v.comparison.details if d.status != "agree"]
    assert conflicts
    for view, detail in conflicts:
        first, second = view.evidence.conflict(detail)
        for e, value in ((first, detail.first), (second, detail.second)):
            assert e.article_id == value.article_id
            assert e.start <= value.start and value.end <= e.end, (value, e)
            assert _cut(view, e) == value.sentence


def test_sourcing_rows_point_at_the_quoted_words_they_count(views: list[StoryView]) -> None:
    checked = 0
    for view in views:
        for profile in view.comparison.sourcing_by_outlet:
            for count in profile.counts:
                found = view.evidence.sourcing(profile, count.source_type)
                assert found, (profile.outlet, count)
                assert {e.article_id for e in found} <= set(profile.article_ids)
                if count.reported == 0:  # every span is quoted words: they add up
                    counted = sum(len(words(_cut(view, e))) for e in found)
                    assert counted == count.words, (profile.outlet, count, found)
                    checked += 1
    assert checked


def test_timeline_rows_give_a_sentence_in_each_outlet_they_name(views: list[StoryView]) -> None:
    shared = 0
    for view in views:
        for entry in view.comparison.timeline:
            found = view.evidence.timeline(entry)
            assert [e.outlet for e in found] == list(entry.outlets), entry
            for e in found:
                assert entry.text.lower() in _cut(view, e).lower(), (entry, _cut(view, e))
            shared += len(found) > 1
    assert shared  # the written stories date some events in two outlets


def test_lineage_rows_of_echoes_point_at_the_reused_sentences(views: list[StoryView]) -> None:
    for view in views:
        for entry in view.comparison.lineage:
            echoes = [e for e in view.comparison.echoes if e.article_id == entry.article_id]
            found = view.evidence.lineage(entry)
            assert [_cut(view, e) for e in found] == [echo.text for echo in echoes]


def test_the_json_report_gives_offsets_on_every_line(views: list[StoryView]) -> None:
    for view in views:
        data = json.loads(json.dumps(report_json(view)))["comparison"]
        lines = [
            *data["summary"],
            *(w for s in data["summary"] for w in s["other_wordings"]),
            *data["claims"],
            *data["details"],
            *(v for d in data["details"] for v in (d["first"], d["second"])),
            *(v for g in data["quote_groups"] for v in g["variants"]),
            *(c for p in data["sourcing_by_outlet"] for c in p["counts"]),
            *(m for t in data["tone"] for voice in ("own", "scare", "reported") for m in t[voice]),
            *data["timeline"],
            *data["echoes"],
        ]
        assert lines
        for line in lines:
            assert line["evidence"], line
            for e in line["evidence"]:
                assert set(e) == {"article_id", "outlet", "start", "end"}
                assert 0 <= e["start"] < e["end"] <= len(view.texts[e["article_id"]])
        for claim in data["claims"]:
            (e,) = claim["evidence"]
            assert view.texts[e["article_id"]][e["start"] : e["end"]] == claim["text"]


def test_the_markdown_report_notes_where_each_line_comes_from(views: list[StoryView]) -> None:
    for view in views:
        report = write_markdown(view)
        defined = dict(re.findall(r"^\[\^(\d+)\]: (.+)$", report, re.M))
        used = set(re.findall(r"\[\^(\d+)\](?!:)", report))
        assert used and used == set(defined)
        body = report.split("\n## Evidence\n")[0]
        claims = body.split("## What the outlets share")[1].split("\n## ")[0]
        for line in claims.splitlines():
            if line.startswith(("- ", "  - ")) and "more" not in line:
                assert re.search(r"\[\^\d+\]", line), line
        timeline = body.split("## Timeline")[1]
        assert all("[^" in row for row in timeline.splitlines()[4:] if row.startswith("|"))
        # a note names the outlet, the article and the characters, which hold the line
        claim = next(c for c in view.comparison.claims if c.status == "only")
        note = next(
            text
            for text in defined.values()
            if text == f"{claim.outlet}, `{claim.article_id}` {claim.start}–{claim.end}"
        )
        assert note


def test_show_ends_each_glance_line_in_its_characters(db: str, views: list[StoryView]) -> None:
    from typer.testing import CliRunner

    from storylens.cli import app
    from storylens.compare.ranking import short_list
    from storylens.compare.scorecard import maybe_note
    from storylens.views import only_claims

    for view in views:
        shown = CliRunner().invoke(app, ["show", view.story_id, "--db", db], env={"COLUMNS": "200"})
        assert shown.exit_code == 0, shown.stdout
        flat = " ".join(shown.stdout.split())  # wrapped lines joined
        for claims in only_claims(view.comparison).values():
            for claim in short_list(claims, view.comparison.claims)[0]:
                note = f" ({maybe_note(claim)})" if claim.maybe_matches else ""
                words = " ".join((claim.text + note).split())
                assert f"{words} @{claim.start}–{claim.end}" in flat


def _marked(page: str) -> str:
    """The characters inside the page's evidence marks, as the reader sees them (a span
    over two paragraphs is marked in each: the line breaks between are the page's)."""
    return html.unescape("".join(_TAG.sub("", m) for m in _MARK.findall(page)))


def _shown(text: str) -> str:
    """Characters of an article as its page's paragraphs show them (no line breaks)."""
    return text.replace("\n", "")


def test_each_story_page_link_opens_its_article_with_that_span_highlighted(
    client: TestClient, views: list[StoryView]
) -> None:
    for view in views:
        page = client.get(f"/stories/{view.story_id}").text
        links = set(_LINK.findall(html.unescape(page)))
        assert len(links) >= 20, view.story_id
        by_part = view.evidence.every_line()
        wanted = {e.span for _, _, found in by_part for e in found}
        assert wanted & {f"{start}-{end}" for _, start, end in links}
        for href, start, end in sorted(links):
            article = client.get(href.split("#")[0])
            assert article.status_code == 200, href
            article_id = href.split("?")[0].removeprefix("/articles/")
            text = view.texts[article_id.replace("%2F", "/")]
            assert _marked(article.text) == _shown(text[int(start) : int(end)]), href
            assert article.text.count('id="hl"') == 1


def test_a_span_past_the_article_highlights_nothing(
    client: TestClient, views: list[StoryView]
) -> None:
    article_id = views[0].articles[0].article_id
    length = len(views[0].texts[article_id])
    page = client.get(f"/articles/{article_id}?hl=5-{length + 10}")
    assert page.status_code == 200 and 'id="hl"' not in page.text
    assert client.get(f"/articles/{article_id}?hl=nine").status_code == 422


HOSTILE = [
    (
        "courier.txt",
        "---\ntitle: Pier collapse at Sandmouth\noutlet: Sandmouth Courier\n---\n"
        "The pier at Sandmouth collapsed on Monday <script>alert(1)</script> after a storm, "
        "the harbour board said.\n\n"
        'Harbour master Ida Venn said: "Nobody was on it <b>at the time</b>."\n',
    ),
    (
        "herald.txt",
        "---\ntitle: Sandmouth pier falls into the sea\noutlet: Sandmouth Herald\n---\n"
        "The pier at Sandmouth collapsed on Monday after a storm, the harbour board said.\n\n"
        'Harbour master Ida Venn said: "Nobody was on it at the time."\n',
    ),
]


def test_markup_in_an_article_stays_text_in_its_highlight(tmp_path: Path) -> None:
    for name, text in HOSTILE:
        (tmp_path / name).write_text(text, encoding="utf-8")
    path = str(tmp_path / "hostile.db")
    with Store(path) as store:
        assert analyze([str(tmp_path / n) for n, _ in HOSTILE], store).ok
        (row,) = store.story_summaries()
        view = story_view(store, row.story_id)
    with TestClient(create_app(WebSettings(path))) as client:
        page = client.get(f"/stories/{view.story_id}").text
        assert "<script>alert" not in page
        links = [
            (href, int(start), int(end))
            for href, start, end in _LINK.findall(html.unescape(page))
            if "<script>" in view.texts[href.split("?")[0].removeprefix("/articles/")]
        ]
        assert links
        for href, start, end in links:
            article = client.get(href.split("#")[0]).text
            assert "<script>" not in article and "<b>at" not in article
            text = view.texts[href.split("?")[0].removeprefix("/articles/")]
            assert _marked(article) == _shown(text[start:end])
        assert any("<script>" in view.texts[h.split("?")[0][10:]][s:e] for h, s, e in links)


@pytest.mark.parametrize(
    ("text", "needle", "near", "expected"),
    [
        ("a b. a b.", "a b.", None, (0, 4)),
        ("a b. a b.", "a b.", 6, (5, 9)),
        ("a b. a b.", "  a b. ", 6, (5, 9)),
        ("a b.", "c", None, None),
        ("a b.", "", None, None),
    ],
)
def test_locate(text: str, needle: str, near: int | None, expected: object) -> None:
    assert locate(text, needle, near) == expected


def test_compared_inputs_carry_evidence_with_no_store() -> None:
    import storylens

    view = storylens.compare_articles([str(EXAMPLES / "pair")]).view
    for part, line, found in view.evidence.every_line():
        assert found and _rests_on(view, part, line, found[0]), (part, line)
    rows = [
        view.evidence.sourcing(p, count.source_type)
        for p in view.comparison.sourcing_by_outlet
        for count in p.counts
    ]
    assert rows and all(rows)


def test_side_by_side_rows_link_each_claim_to_its_sentence(
    client: TestClient, views: list[StoryView]
) -> None:
    view = views[0]
    left, right = (a.article_id for a in view.articles[:2])
    page = client.get(f"/stories/{view.story_id}/compare?left={left}&right={right}").text
    links = {(a, int(s), int(e)) for a, s, e in _LINK.findall(html.unescape(page))}
    claims = [c for c in view.comparison.claims if c.article_id in (left, right)]
    assert {
        (f"/articles/{c.article_id}?hl={c.start}-{c.end}#hl", c.start, c.end) for c in claims
    } == links


def test_every_line_of_the_seeds_rests_on_its_own_characters(tmp_path: Path) -> None:
    from conftest import REPO, require_shared

    seeds = REPO.parent / "shared" / "seeds"
    require_shared(seeds)
    with Store(str(tmp_path / "seeds.db")) as store:
        assert analyze([str(seeds)], store).ok
        (row,) = store.story_summaries()
        view = story_view(store, row.story_id)
    lines = list(view.evidence.every_line())
    assert len(lines) > 100
    for part, line, found in lines:
        assert found and _rests_on(view, part, line, found[0]), (part, line)
    for profile in view.comparison.sourcing_by_outlet:
        for count in profile.counts:
            found = view.evidence.sourcing(profile, count.source_type)
            assert found
            if count.reported == 0:
                assert sum(len(words(_cut(view, e))) for e in found) == count.words


def test_show_all_prints_one_evidence_note_a_line(db: str, views: list[StoryView]) -> None:
    from typer.testing import CliRunner

    from storylens.cli import app

    view = views[0]
    shown = CliRunner().invoke(app, ["show", view.story_id, "--db", db, "--all"])
    notes = re.findall(r"\[\^\d+\]:", shown.stdout)
    starts = [line for line in shown.stdout.splitlines() if re.match(r"\[\^\d+\]:", line)]
    assert notes and len(starts) == len(notes)


def _claim(text: str, start: int = 0) -> Claim:
    return Claim("a", "Echo", start, start + len(text), text, "only", 0)


def _said(text: str, quoted: str, speaker: str | None, kind: str = "person") -> Quote:
    start = text.index(quoted)
    return Quote(
        quoted, start, start + len(quoted), speaker, "she", None, None, kind, "say", "direct"
    )  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "speaker", "kind", "shown"),
    [
        # "she said" names no one: the line says whose words they are
        ("“We will reopen the pier,” she said.", "Rhea Voss", "person", "Rhea Voss"),
        # the line names her already
        ("“We will reopen the pier,” Voss said.", "Rhea Voss", "person", None),
        # an anonymous source is described by the line's own words
        ("“We will reopen the pier,” she said.", "a port official", "anonymous", None),
        # "The" in "The Harbour Trust" names no one: the line still needs the name
        (
            "“We will reopen the pier,” the spokesman said.",
            "The Harbour Trust",
            "organization",
            "The Harbour Trust",
        ),
        # no speaker resolved: nothing is made up
        ("“We will reopen the pier,” she said.", None, "unknown", None),
    ],
)
def test_a_claim_line_names_the_speaker_its_words_leave_unnamed(
    text: str, speaker: str | None, kind: str, shown: str | None
) -> None:
    comparison = StoryComparison(story_id="s", article_ids=("a",), claims=(_claim(text),))
    evidence = StoryEvidence(
        comparison, {"a": text}, {"a": (_said(text, "We will reopen the pier", speaker, kind),)}
    )
    assert evidence.unnamed_speaker(_claim(text)) == shown


def test_a_claim_line_says_whose_words_it_quotes_not_who_speaks_it() -> None:
    # narration that quotes a phrase of hers: the line is the outlet's, the phrase is hers
    from storylens.report import EvidenceNotes, _only_line

    text = "She released another ad describing herself as “a woman of the pier”."
    comparison = StoryComparison(story_id="s", article_ids=("a",), claims=(_claim(text),))
    evidence = StoryEvidence(
        comparison, {"a": text}, {"a": (_said(text, "a woman of the pier", "Rhea Voss"),)}
    )
    line = _only_line(_claim(text), EvidenceNotes(evidence))
    assert "(quoting Rhea Voss)" in line and "speaker" not in line


def test_a_line_from_inside_a_longer_quotation_names_its_speaker() -> None:
    # the quotation opens a sentence before the claim: the claim is still her words
    text = "“The pier is old. We will reopen it,” she said."
    claim = _claim("We will reopen it,” she said.", start=text.index("We will"))
    comparison = StoryComparison(story_id="s", article_ids=("a",), claims=(claim,))
    quoted = "The pier is old. We will reopen it"
    evidence = StoryEvidence(comparison, {"a": text}, {"a": (_said(text, quoted, "Rhea Voss"),)})
    assert evidence.unnamed_speaker(claim) == "Rhea Voss"


def test_a_summary_line_says_whose_words_it_quotes() -> None:
    from storylens.report import EvidenceNotes, _line_with_wordings

    text = "“We will reopen the pier,” she said."
    claim = _claim(text)
    comparison = StoryComparison(story_id="s", article_ids=("a",), claims=(claim,))
    line = SummarySentence(text, "a", claim.outlet, (claim.outlet,))
    evidence = StoryEvidence(
        comparison, {"a": text}, {"a": (_said(text, "We will reopen the pier", "Rhea Voss"),)}
    )
    assert "(quoting Rhea Voss)" in _line_with_wordings(line, EvidenceNotes(evidence))[0]


def test_a_timeline_row_says_whose_words_its_sentence_quotes() -> None:
    text = "“The pier will reopen in 2027,” she said on Tuesday."
    comparison = StoryComparison(story_id="s", article_ids=("a",))
    row = TimelineEntry("2027", "2027", text, "a", "Echo", ("Echo",), resolved=True)
    quoted = "The pier will reopen in 2027"
    evidence = StoryEvidence(comparison, {"a": text}, {"a": (_said(text, quoted, "Rhea Voss"),)})
    assert evidence.row_speaker(row) == "Rhea Voss"
