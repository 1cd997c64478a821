"""Names for every article: front-matter headers, sidecars, the outlet a text names as
itself, and "Outlet A", "Outlet B" where nothing names one (issue 20, item 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from storylens.ingest.frontmatter import MetadataError, split_front_matter
from storylens.ingest.outlet_names import infer_outlet
from storylens.ingest.sources import iter_inputs
from storylens.naming import name_comparison, outlet_names
from storylens.records import Article, Claim, QuoteGroup, QuoteVariant, Rejection, StoryComparison

BODY = "The council voted on Tuesday to close the old bridge for a month of repairs.\n" * 3


def test_a_front_matter_header_gives_the_metadata_and_is_cut_from_the_text() -> None:
    written = split_front_matter(
        "---\ntitle: Bridge shut\noutlet: Riverside Courier\npublished: 2026-03-04\n"
        "author: Ann Lee\nlayout: post\n---\n" + BODY
    )
    assert written.fields == {
        "title": "Bridge shut",
        "outlet": "Riverside Courier",
        "published": __import__("datetime").date(2026, 3, 4),
        "authors": "Ann Lee",
    }
    assert written.body == BODY


@pytest.mark.parametrize(
    "content", [BODY, "---\n" + BODY, "Title\n---\nNot a header\n" + BODY], ids=str.split
)
def test_a_text_without_a_header_comes_back_whole(content: str) -> None:
    assert split_front_matter(content).body == content
    assert split_front_matter(content).fields == {}


def test_a_broken_header_is_one_clear_reason() -> None:
    with pytest.raises(MetadataError, match="not valid YAML"):
        split_front_matter("---\ntitle: [unclosed\n---\n" + BODY)


def test_headers_and_sidecars_name_text_inputs(tmp_path: Path) -> None:
    (tmp_path / "one.md").write_text(
        "---\noutlet: Harbour Gazette\npublished: 2026-04-14\nurl: https://h.example/1\n"
        "authors: [Mira Okafor, Tom Reyes]\n---\n" + BODY,
        encoding="utf-8",
    )
    (tmp_path / "two.txt").write_text("Bridge shut for a month\n" + BODY, encoding="utf-8")
    (tmp_path / "two.json").write_text('{"outlet": "Valley Courier", "title": "Shut"}')
    (tmp_path / "bad.txt").write_text("---\n: : [\n---\n" + BODY, encoding="utf-8")
    records = list(iter_inputs([str(tmp_path)]))
    articles = {r.id: r for r in records if isinstance(r, Article)}
    rejected = [r for r in records if isinstance(r, Rejection)]
    assert set(articles) == {"one", "two"}  # the sidecar is read with its text, not alone
    assert articles["one"].outlet == "Harbour Gazette"
    assert articles["one"].published == "2026-04-14"
    assert articles["one"].authors == ("Mira Okafor", "Tom Reyes")
    assert articles["one"].text == BODY
    assert (articles["two"].outlet, articles["two"].title) == ("Valley Courier", "Shut")
    assert [r.input for r in rejected] == [str(tmp_path / "bad.txt")]
    assert "front-matter header" in rejected[0].reason


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("'It was banter,' the insider told Daily Mail. 'They tease.'", "Daily Mail"),
        ("By Ann Lee for DailyMail.com\nThe mayor resigned.", "DailyMail.com"),
        ("The aide, speaking to The Riverside Courier, said no.", "The Riverside Courier"),
        ("The Evening Herald has contacted the council for comment.", "The Evening Herald"),
        ("A source told the Valley Post Ann Lee would stand.", "The Valley Post"),
    ],
)
def test_the_outlet_a_text_names_as_itself_is_inferred(text: str, name: str) -> None:
    inferred = infer_outlet(text)
    assert inferred is not None and inferred.name == name
    assert name.removeprefix("The ").lower() in inferred.evidence.lower()


@pytest.mark.parametrize(
    "text",
    [
        "She told Alec to stop talking.",  # a person, not an outlet
        "She told The New York Times in 2019 that she was happy.",  # another outlet cited
        "An Extra reporter asked about the show.",  # another outlet named, not by itself
        "The couple star in a TLC reality show.",
    ],
)
def test_no_outlet_is_inferred_from_other_mentions(text: str) -> None:
    assert infer_outlet(text) is None


def test_articles_with_no_outlet_are_outlets_a_and_b_in_order() -> None:
    names = outlet_names(
        [
            ("x1", None, "Nothing names anyone here."),
            ("x2", "Harbour Gazette", "Given."),
            ("x3", None, "'No,' he told the Valley Courier."),
            ("x4", None, "Nor here."),
        ]
    )
    assert [(n.name, n.source) for n in names.values()] == [
        ("Outlet A", "placeholder"),
        ("Harbour Gazette", "given"),
        ("The Valley Courier", "inferred"),
        ("Outlet B", "placeholder"),
    ]
    assert "told the Valley Courier" in names["x3"].note


def test_the_comparison_names_unnamed_outlets_where_their_ids_stood() -> None:
    def claim(article_id: str, shared_with: tuple[str, ...]) -> Claim:
        return Claim(article_id, article_id, 0, 5, "text", "shared", 1, shared_with)

    comparison = StoryComparison(
        story_id="s",
        article_ids=("x1", "x2"),
        claims=(claim("x1", ("x2",)), claim("x2", ("x1",))),
        quote_groups=(
            QuoteGroup(None, "hi", (QuoteVariant("x1", None, "hi", None, 100.0),), ("x1",), False),
        ),
    )
    names = outlet_names([("x1", None, "no name"), ("x2", None, "none either")])
    named = name_comparison(comparison, names)
    assert [(c.article_id, c.outlet, c.shared_with) for c in named.claims] == [
        ("x1", "Outlet A", ("Outlet B",)),
        ("x2", "Outlet B", ("Outlet A",)),
    ]
    assert named.quote_groups[0].outlets == ("Outlet A",)
    assert named.quote_groups[0].variants[0].outlet == "Outlet A"
    assert named.article_ids == ("x1", "x2")  # ids stay ids


def test_a_short_name_is_the_one_person_of_the_story_it_is_part_of() -> None:
    from storylens.people import canonical_names

    names = canonical_names(
        ["Hilaria Baldwin", "Hilaria", "Hilaria’s", "Alec Baldwin", "Alec", "Baldwin", "Dana"]
    )
    assert names["Hilaria"] == names["Hilaria’s"] == "Hilaria Baldwin"
    assert names["Alec"] == "Alec Baldwin"
    assert names["Baldwin"] == "Baldwin"  # Alec or Hilaria: left as it is
    assert names["Dana"] == "Dana"


@pytest.mark.parametrize("word", ["many", "some", "Others", "people", "a fourth", "the insider"])
def test_quantifiers_and_descriptions_name_no_one(word: str) -> None:
    from storylens.people import is_entity_name

    assert not is_entity_name(word)
    assert is_entity_name("Alan Pryce") and is_entity_name("Harbour Gazette")
