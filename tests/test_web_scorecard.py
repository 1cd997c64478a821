"""What differs, at a glance, on the web pages: named outlets, the scorecard first, ranked
short lists, and the story list's badges with their sort and filter (issue 20)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from conftest import EXAMPLES
from storylens.compare.scorecard import ONLY_CLAIMS_SHORT_LABELS
from storylens.pipeline import analyze
from storylens.store import Store
from storylens.web import WebSettings, create_app

# Two fictional accounts of one event with nothing that names their outlets.
UNNAMED = {
    "tramline-one.txt": (
        "Tramline to reopen after flood\n"
        "The Millbrook tramline will reopen on Friday after flood water damaged four stations, "
        "the transport office said. Engineer Rosa Vance said the pumps had worked through the "
        'night. "We have drained every tunnel," Vance said. Seven trams were moved to the depot.\n'
    ),
    "tramline-two.txt": (
        "Millbrook trams back on Friday\n"
        "The Millbrook tramline reopens on Friday after flood water damaged five stations, the "
        'transport office said. "We have drained every single tunnel," engineer Rosa Vance said. '
        "Commuters said the week without trams had been a nightmare for shift workers.\n"
    ),
}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("glance")
    unnamed = folder / "unnamed"
    unnamed.mkdir()
    for name, text in UNNAMED.items():
        (unnamed / name).write_text(text, encoding="utf-8")
    path = str(folder / "glance.db")
    with Store(path) as store:
        assert analyze([str(EXAMPLES / "pair"), str(unnamed)], store).ok
    with TestClient(create_app(WebSettings(path))) as test_client:
        yield test_client


def _story(client: TestClient, word: str) -> str:
    items = client.get("/api/stories").json()["stories"]
    found = [s["story_id"] for s in items if word in (s["title"] or "")]
    assert found, [s["title"] for s in items]
    return found[0]


def test_a_story_page_opens_on_its_scorecard(client: TestClient) -> None:
    page = client.get(f"/stories/{_story(client, 'Heron')}").text
    main = page[page.index("<main") :]
    assert main.index('id="scorecard"') < main.index("<nav") < main.index('id="summary"')
    scorecard = main[main.index('id="scorecard"') : main.index("</section>")]
    # the pair differs in the cracks and the age
    assert re.search(r'href="#details"><strong class="score">[1-9]', scorecard)
    for target in re.findall(r'href="#([\w-]+)"', scorecard):
        assert f'id="{target}"' in page, target
    # the story's title is one outlet's headline, and the page says whose
    assert "the title is The Valley Courier's headline" in main[: main.index("<nav")]


def test_outlets_are_named_given_inferred_or_lettered(client: TestClient) -> None:
    heron = client.get(f"/stories/{_story(client, 'Heron')}").text
    assert "Harbour Gazette" in heron
    assert "The Valley Courier" in heron and "inferred from the text" in heron
    trams = client.get(f"/stories/{_story(client, 'Tram')}").text
    assert "from 2 outlets: Outlet A, Outlet B" in trams
    assert "tramline-one" not in re.sub(r'href="[^"]*"', "", trams)  # no id in prose
    link = re.search(r'href="(/stories/[^"]+/compare\?[^"]+)"', trams)
    assert link, "two unnamed outlets are two outlets: the page offers them side by side"
    pair = client.get(link.group(1).replace("&amp;", "&")).text
    assert "<title>Outlet A / Outlet B" in pair and "None" not in pair


def test_the_story_list_shows_sorts_and_filters_by_the_counts(client: TestClient) -> None:
    listing = client.get("/").text
    assert re.search(r'class="badge[^"]*" href="/stories/[^"]+#details">\d+ conflicting', listing)
    ordered = client.get("/?sort=only_claims").text
    one, many = (re.escape(str(escape(label))) for label in ONLY_CLAIMS_SHORT_LABELS)
    counts = [int(n) for n in re.findall(rf">(\d+) (?:{one}|{many})<", ordered)]
    assert counts == sorted(counts, reverse=True) and len(counts) == 2
    kept = client.get("/?has=conflicts").text
    assert kept.count('class="story-item"') == len(
        re.findall(r'#details">[1-9]\d* conflicting', listing)
    )
    assert client.get("/?sort=nonsense").status_code in (400, 422)


def test_only_in_lists_show_five_with_the_rest_behind_an_expander(client: TestClient) -> None:
    page = client.get(f"/stories/{_story(client, 'Heron')}").text
    for column in re.findall(r'<div class="column" id="only-\d+">(.*?)</div>', page, re.S):
        shown = column.split("<details")[0].count("<li>")
        assert shown <= 5
        if "<details" in column:
            assert shown == 5


def test_the_report_opens_on_the_scorecard_with_named_outlets(client: TestClient) -> None:
    from storylens.report import SECTION_ANCHORS, write_markdown
    from storylens.views import story_view

    story_id = _story(client, "Tram")
    with Store(client.app.state.store.db) as store:  # type: ignore[attr-defined]
        report = write_markdown(story_view(store, story_id))
    sections = [line for line in report.splitlines() if line.startswith("## ")]
    assert sections[0] == "## What differs, at a glance"
    assert "from 2 outlets (Outlet A, Outlet B)" in report
    # the claims part names the outlet by its letter wherever its lone claims are listed
    assert any(
        f"{where}Outlet A" in report
        for where in ("### Only in ", "- ", "sentences of ", "sentence of ")
    )
    prose = [line for line in report.splitlines() if not line.startswith(("|", "[^"))]
    assert not [line for line in prose if "tramline-" in line]  # ids only in tables and notes
    for anchor in SECTION_ANCHORS.values():
        heading = anchor[1:].replace("-", " ")
        assert any(s[3:].lower().replace(",", "") == heading for s in sections), anchor


def test_compare_articles_needs_no_store(tmp_path: Path) -> None:
    import storylens
    from storylens.report import write_json, write_markdown

    missing = str(tmp_path / "missing.txt")
    result = storylens.compare_articles([str(EXAMPLES / "pair"), missing])
    assert [r.input for r in result.rejections] == [missing]
    report = write_markdown(result.view)
    assert report.splitlines()[0] == "# Dam chaos: Heron Lake shut for months as cracks spread"
    assert "## What differs, at a glance" in report
    assert "Harbour Gazette" in report and "The Valley Courier" in report
    assert result.view.scorecard.conflicts >= 1  # the cracks, the age
    assert '"comparison"' in write_json(result.view)
    assert not list(tmp_path.glob("*.db"))


def test_a_person_page_links_stories_by_title_and_words_get_none(client: TestClient) -> None:
    page = client.get("/entities/Alan%20Pryce")
    assert page.status_code == 200
    assert "Heron Lake" in page.text
    assert not re.search(r">[^<]*\bs-[0-9a-f]{6,}", page.text)  # no story id stands as text
    for word in ("many", "Others", "some"):
        assert client.get(f"/entities/{word}").status_code == 404


def test_a_short_name_leads_to_the_person_the_story_names_in_full(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    from conftest import REPO, require_shared

    seeds = REPO.parent / "shared" / "seeds"
    require_shared(seeds)
    path = str(tmp_path_factory.mktemp("seeds") / "seeds.db")
    with Store(path) as store:
        assert analyze([str(seeds)], store).ok
    with TestClient(create_app(WebSettings(path))) as seeded:
        short, full = seeded.get("/entities/Hilaria"), seeded.get("/entities/Hilaria%20Baldwin")
        story_id = seeded.get("/api/stories").json()["stories"][0]["story_id"]
        story = seeded.get(f"/stories/{story_id}")
    assert "<h1>Hilaria Baldwin</h1>" in short.text and short.text == full.text
    assert 'href="/entities/Hilaria"' not in story.text
    assert not re.search(r'href="/entities/(many|some|Others)"', story.text)


def test_a_lone_claim_another_outlet_may_tell_says_so_on_every_page(client: TestClient) -> None:
    """The Pryce sentences (58 / 61, "said" / "insisted") tell one claim the model is unsure
    of: neither page states it is one outlet's alone."""
    story = _story(client, "Heron")
    page = client.get(f"/stories/{story}").text
    assert "(The Valley Courier may say it in other words)" in page
    assert re.search(r"\d+ more perhaps told by another, \d+ not placed either way", page)
    link = re.search(r'href="(/stories/[^"]+/compare\?[^"]+)"', page)
    assert link
    pair = client.get(link.group(1).replace("&amp;", "&")).text
    assert "may say it in other words" in pair


def test_a_shared_line_says_when_the_outlets_give_its_figure_differently(
    client: TestClient,
) -> None:
    """Both accounts tell the reopening; one counts four damaged stations, the other five:
    the shared line says so, its values escaped as every article word is."""
    page = client.get(f"/stories/{_story(client, 'Tramline')}").text
    shared = page[page.index('id="claims"') :]
    assert re.search(
        r'<li class="meta disputed">the outlets differ on a detail here \(count', shared
    )
