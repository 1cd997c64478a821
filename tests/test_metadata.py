"""Page metadata rules on small fictional pages: one test per rule (storylens.ingest.metadata)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from storylens.ingest.html import read_html
from storylens.ingest.metadata import (
    Candidate,
    Candidates,
    choose_published,
    clean_author,
    explain_page,
    page_metadata,
    strip_site_name,
)
from storylens.records import Article, Rejection

URL = "https://www.eastmere-echo.example/2026/03/02/ferry-pier-closes"
BODY = "<p>" + "The Eastmere ferry pier closed on Monday after storm damage to its pilings. " * 6
BODY += "</p><p>" + "Council engineers said repairs would take at least three weeks. " * 5 + "</p>"


def page(head: str = "", top: str = "", body: str = BODY) -> str:
    return f"<html><head>{head}</head><body><article>{top}{body}</article></body></html>"


def ld(data: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(data)}</script>'


def explain(html: str) -> dict:
    return explain_page(html, URL)


def test_jsonld_graph_with_author_reference() -> None:
    graph = {
        "@context": "https://schema.org",
        "@graph": [
            {"@type": "WebSite", "name": "Eastmere Echo"},
            {"@type": "Person", "@id": "#ann", "name": "Ann Marlow"},
            {
                "@type": "NewsArticle",
                "headline": "Ferry pier closes after storm",
                "datePublished": "2026-03-02T09:00:00+00:00",
                "author": {"@id": "#ann"},
                "publisher": {"@type": "Organization", "name": "Eastmere Echo"},
            },
        ],
    }
    report = explain(page(ld(graph)))
    assert report["authors"]["value"] == ["Ann Marlow"]
    assert report["authors"]["source"] == "json-ld author"
    assert report["title"]["value"] == "Ferry pier closes after storm"
    assert report["published"]["value"].startswith("2026-03-02")
    assert report["outlet"]["value"] == "Eastmere Echo"


def test_list_of_authors_and_a_list_of_jsonld_blocks() -> None:
    blocks = [
        {"@type": "BreadcrumbList"},
        {
            "@type": ["ReportageNewsArticle"],
            "author": [
                {"@type": "Person", "name": "Ann Marlow"},
                {"@type": "Person", "name": "Tomas Reyes"},
                {"@type": "Organization", "name": "Eastmere Echo Staff"},
            ],
        },
    ]
    assert explain(page(ld(blocks)))["authors"]["value"] == ["Ann Marlow", "Tomas Reyes"]


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("By Ann Marlow", "Ann Marlow"),
        ("Ann Marlow, Senior Reporter", "Ann Marlow"),
        ("Ann Marlow Published", "Ann Marlow"),
        ("Ann Marlow MS", "Ann Marlow"),
        ("By Staff", None),
        ("Eastmere Echo", None),
        ("Newsroom Team", None),
        ("March 2, 2026", None),
        ("ann@eastmere-echo.example", None),
        ("https://www.facebook.com/eastmere", None),
        ("Photo by Lee Hart", None),
        ("Coastal", None),  # one word: a section or a brand, not a person
        ("Associated Press", "Associated Press"),
        ("Ann Marlow last updated 2 March 2026", "Ann Marlow"),  # the stamp is cut, not the name
        ("Opinion - Ann Marlow", "Ann Marlow"),  # a section label before the name
        ("annm - Ann Marlow - Senior Reporter", "Ann Marlow"),  # a user name, then a role
        ("By Eastmere Echo Editorial Board | Eastmere Echo", "Eastmere Echo Editorial Board"),
        ("McNeil", None),  # one surname
        ("NewsDesk", None),  # a desk, joined
        ("EastmereEcho", None),  # the site, joined
        # one word, lower case or with figures: no person's name, however it is joined
        ("AnnMarlow", None),
        ("YouTube", None),
        ("BuzzFeed", None),
        ("WebMaster", None),
        ("MacKenzie", None),
        ("john smith", None),
        ("Ann 2026", None),
        # a media credit names no author; a role after a name is cut
        ("Getty Images", None),
        ("Video Journalist", None),
        ("Lee Hart Video Journalist", "Lee Hart"),
        ("Lee Hart Contributing Writer", "Lee Hart"),
        # an editorial board signs as "[The] <outlet> Editorial Board"; an address does not
        ("The Eastmere Echo Editorial Board", "The Eastmere Echo Editorial Board"),
        ("Letters to the Editorial Board", None),
        ("Letters To The Editorial Board", None),
    ],
)
def test_clean_author(entry: str, expected: str | None) -> None:
    assert clean_author(entry, {"eastmereecho", "eastmere"}) == expected


def test_staff_byline_falls_through_to_a_person_in_a_later_source() -> None:
    head = ld({"@type": "NewsArticle", "author": "Eastmere Echo Staff"})
    head += '<meta name="author" content="By Ann Marlow and Tomas Reyes">'
    report = explain(page(head))
    assert report["authors"]["value"] == ["Ann Marlow", "Tomas Reyes"]
    assert report["authors"]["source"] == "meta author"


def test_wire_agency_after_a_name_is_no_second_author() -> None:
    head = ld({"@type": "NewsArticle", "author": "Ann Marlow, Associated Press"})
    assert explain(page(head))["authors"]["value"] == ["Ann Marlow"]


def test_photographer_is_not_an_author() -> None:
    head = ld({"@type": "NewsArticle", "author": ["Ann Marlow", "Lee Hart"]})
    top = '<p class="byline">Photography by Lee Hart</p>'
    assert explain(page(head, top))["authors"]["value"] == ["Ann Marlow"]


def test_stylist_credited_past_the_first_byline_elements_is_not_an_author() -> None:
    names = ["Ann Marlow", "Lee Hart", "Sam Ortiz", "Kim Oduya"]
    head = ld({"@type": "NewsArticle", "author": names})
    top = "".join(
        f'<p class="byline">{role} <a class="byline__name-link" href="/c/{n}">{name}</a></p>'
        for n, (role, name) in enumerate(
            zip(["By", "Photography by", "Video by", "Styled by"], names, strict=True)
        )
    )
    assert explain(page(head, top))["authors"]["value"] == ["Ann Marlow"]


@pytest.mark.parametrize(
    "byline",
    [
        "By Ann Marlow, Contributing Writer, and Lee Hart",
        "Ann Marlow, Video Journalist, and Lee Hart",
        "By Ann Marlow Contributing Writer and Lee Hart",
    ],
)
def test_a_role_after_a_name_credits_no_one_after_it(byline: str) -> None:
    # A role noun is the job of the name before it; it hands no names to a credit.
    head = ld({"@type": "NewsArticle", "author": ["Ann Marlow", "Lee Hart"]})
    top = f'<p class="byline">{byline}</p>'
    assert explain(page(head, top))["authors"]["value"] == ["Ann Marlow", "Lee Hart"]


@pytest.mark.parametrize(
    "credit",
    [
        "Video by Lee Hart",
        "Additional reporting by Lee Hart",
        "With reporting by Lee Hart",
        "Contributing: Lee Hart",
    ],
)
def test_a_credit_cue_credits_the_names_after_it(credit: str) -> None:
    head = ld({"@type": "NewsArticle", "author": ["Ann Marlow", "Lee Hart"]})
    top = f'<p class="byline">By Ann Marlow</p><p class="byline">{credit}</p>'
    assert explain(page(head, top))["authors"]["value"] == ["Ann Marlow"]


def test_each_credit_in_one_line_credits_its_own_names() -> None:
    head = ld({"@type": "NewsArticle", "author": ["Ann Marlow", "Lee Hart", "Kim Oduya"]})
    top = '<p class="byline">Photography by Lee Hart, Styled by Kim Oduya</p>'
    assert explain(page(head, top))["authors"]["value"] == ["Ann Marlow"]


def test_contributors_after_the_author_in_the_byline_are_not_authors() -> None:
    head = ld({"@type": "NewsArticle", "author": ["Ann Marlow", "Lee Hart", "Kim Oduya"]})
    top = (
        '<p class="byline">By Ann MarlowContributions from Lee Hart, Kim Oduya'
        " last updated 2 March 2026</p>"
    )
    assert explain(page(head, top))["authors"]["value"] == ["Ann Marlow"]


def test_jsonld_creator_names_the_writer_when_the_author_is_the_outlet() -> None:
    head = '<meta property="og:site_name" content="Eastmere Echo">'
    head += ld(
        {
            "@type": "NewsArticle",
            "author": {"@type": "Organization", "name": "Eastmere Echo"},
            "creator": "Ann Marlow",
        }
    )
    report = explain(page(head))
    assert report["authors"]["value"] == ["Ann Marlow"]
    assert report["authors"]["source"] == "json-ld creator"


def test_letters_to_the_editorial_board_is_no_author() -> None:
    head = ld({"@type": "NewsArticle", "author": "Letters to the Editorial Board"})
    head += '<meta name="author" content="Ann Marlow">'
    report = explain(page(head))
    assert report["authors"]["value"] == ["Ann Marlow"]
    assert report["authors"]["source"] == "meta author"


def test_editorial_board_after_a_name_is_her_role_not_a_second_author() -> None:
    head = ld({"@type": "NewsArticle", "author": "Ann Marlow, Editorial Board"})
    assert explain(page(head))["authors"]["value"] == ["Ann Marlow"]


@pytest.mark.parametrize(
    ("closing", "expected"),
    [
        ("Reporting by The Associated Press.", ["The Associated Press"]),
        (
            "Reporting by Ann Marlow and Lee Hart in Eastmere; Editing by Kim Oduya",
            ["Ann Marlow", "Lee Hart"],
        ),
        (
            "Reporting by Ann Marlow in London and Lee Hart in Paris; Editing by Kim Oduya",
            ["Ann Marlow", "Lee Hart"],
        ),
        (
            "Reporting by Ann Marlow, Lee Hart and Sam Ortiz",
            ["Ann Marlow", "Lee Hart", "Sam Ortiz"],
        ),
        ("Reporting by Ann Marlow in London, Editing by Kim Oduya", ["Ann Marlow"]),
    ],
)
def test_closing_reporting_credit_names_the_authors(closing: str, expected: list[str]) -> None:
    report = explain(page(body=f"{BODY}<p><i>{closing}</i></p>"))
    assert report["authors"]["value"] == expected
    assert report["authors"]["source"] == "closing credit"


def test_additional_reporting_credit_names_no_author() -> None:
    report = explain(page(body=f"{BODY}<p>Additional reporting by Ann Marlow.</p>"))
    assert report["authors"]["value"] == []


def test_a_closing_credit_outside_the_article_block_is_another_storys() -> None:
    teaser = "<aside><p>Lifeboat crew named volunteers</p><p>Reporting by Kim Oduya</p></aside>"
    html = f"<html><body><article><h1>Ferry pier closes</h1>{BODY}{teaser}</article>"
    html += "<footer><p>Reporting by Lee Hart</p></footer></body></html>"
    report = explain(html)
    assert report["authors"]["value"] == []
    assert report["candidates"]["authors"] == []


def test_a_closing_credit_in_the_story_inside_the_main_block_is_read() -> None:
    # The headline sits in <main> above the story's own <article>: that article is the story.
    story = f"<article>{BODY}<p>Reporting by Ann Marlow in Eastmere</p></article>"
    teaser = "<aside><p>Reporting by Kim Oduya</p></aside>"
    html = f"<html><body><main><h1>Ferry pier closes</h1>{story}{teaser}</main></body></html>"
    assert explain(html)["authors"]["value"] == ["Ann Marlow"]


def test_a_title_case_line_before_the_date_line_is_no_author() -> None:
    # A standfirst or a kicker set in Title Case reads like a name; without "By" or byline
    # markup nothing says it is one.
    top = (
        "<h1>Ferry pier closes</h1><p>Storm Damage Explained</p>"
        "<div><span>Mar 02, 2026</span></div>"
    )
    assert explain(page(top=top))["authors"]["value"] == []


def test_author_link_after_the_headline() -> None:
    top = '<h1>Ferry pier closes</h1><div>By <a href="/author/ann-marlow">Ann Marlow</a></div>'
    nav = '<a href="/author/someone-else">Some Oneelse</a>'
    html = f"<html><body><nav>{nav}</nav><article>{top}{BODY}</article></body></html>"
    report = explain(html)
    assert report["authors"] == {
        "value": ["Ann Marlow"],
        "source": "author link",
        "reason": "first source that names a person",
    }


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Ferry pier closes | Eastmere Echo", "Ferry pier closes"),
        ("Ferry pier closes - Eastmere Echo", "Ferry pier closes"),
        ("Eastmere Echo: Ferry pier closes", "Ferry pier closes"),
        ("Ferry pier closes | EastmereEcho.example", "Ferry pier closes"),
        ("Ferry pier closes - and the town waits", "Ferry pier closes - and the town waits"),
    ],
)
def test_site_name_suffix(title: str, expected: str) -> None:
    assert strip_site_name(title, {"eastmereecho", "eastmere"}) == expected


def test_title_suffix_cut_with_og_site_name() -> None:
    head = '<meta property="og:site_name" content="Eastmere Echo">'
    head += '<meta property="og:title" content="Ferry pier closes | Eastmere Echo">'
    assert explain(page(head))["title"]["value"] == "Ferry pier closes"


def test_visible_headline_wins_when_a_metadata_title_agrees() -> None:
    head = '<meta property="og:title" content="Pier shut after storm">'
    head += "<title>Ferry pier closes after storm damage - Eastmere Echo</title>"
    top = "<h1>Ferry pier closes after storm damage</h1>"
    report = explain(page(head, top))
    assert report["title"]["value"] == "Ferry pier closes after storm damage"
    assert report["title"]["source"] == "h1"


def test_media_tag_after_the_headline_is_cut() -> None:
    head = '<meta property="og:title" content="Ferry pier closes after storm (video)">'
    top = "<h1>Ferry pier closes after storm (Video)</h1>"
    assert explain(page(head, top))["title"]["value"] == "Ferry pier closes after storm"


def test_one_visible_headline_wins_over_metadata_titles_rewritten_for_search() -> None:
    head = '<meta property="og:title" content="Eastmere pier: what we know so far">'
    head += ld({"@type": "NewsArticle", "headline": "Storm shuts Eastmere's pier"})
    top = "<h1>Ferry pier closes for three weeks after the storm</h1>"
    report = explain(page(head, top))
    assert report["title"]["value"] == "Ferry pier closes for three weeks after the storm"
    assert report["title"]["source"] == "h1"


@pytest.mark.parametrize(
    "not_a_headline", ["Sign up for our newsletter", "Eastmere Echo News Desk"]
)
def test_a_lone_h1_that_names_nothing_of_the_metadata_titles_is_no_headline(
    not_a_headline: str,
) -> None:
    head = '<meta property="og:title" content="Ferry pier closes after storm">'
    head += ld({"@type": "NewsArticle", "headline": "Storm shuts the ferry pier"})
    report = explain(page(head, f"<h1>{not_a_headline}</h1>"))
    assert report["title"]["value"] == "Storm shuts the ferry pier"
    assert report["title"]["source"] == "json-ld headline"


def test_section_label_in_the_headline_is_cut() -> None:
    head = '<meta property="og:title" content="Ferry pier closes after storm">'
    top = "<h1>Opinion | Ferry pier closes after storm</h1>"
    assert explain(page(head, top))["title"]["value"] == "Ferry pier closes after storm"


def test_published_wins_over_modified() -> None:
    head = '<meta property="article:modified_time" content="2026-03-09T10:00:00-05:00">'
    head += '<meta property="article:published_time" content="2026-03-02T10:00:00-05:00">'
    report = explain(page(head))
    assert report["published"]["value"].startswith("2026-03-02")
    assert report["candidates"]["modified"][0]["value"].startswith("2026-03-09")


def test_utc_time_takes_the_pages_local_day() -> None:
    head = ld({"@type": "NewsArticle", "datePublished": "2026-03-03T01:30:00Z"})
    top = '<time itemprop="datePublished" datetime="2026-03-02T20:30:00-05:00">Mar 2</time>'
    assert explain(page(head, top))["published"]["value"] == "2026-03-02"


def test_date_in_a_related_story_link_is_not_taken() -> None:
    related = '<aside><a href="/2019/05/04/old-story">Old story</a></aside>'
    head = '<meta property="article:published_time" content="2026-03-02T08:00:00Z">'
    report = explain_page(page(head, related), "https://www.eastmere-echo.example/pier")
    assert report["published"]["value"].startswith("2026-03-02")


def test_og_only_page() -> None:
    head = '<meta property="og:title" content="Ferry pier closes">'
    head += '<meta property="og:site_name" content="Eastmere Echo">'
    head += '<meta property="og:url" content="https://eastmere-echo.example/pier">'
    report = explain(page(head))
    assert report["title"]["value"] == "Ferry pier closes"
    assert report["outlet"]["value"] == "Eastmere Echo"
    assert report["url"]["value"] == "https://eastmere-echo.example/pier"


def test_missing_metadata_falls_back_to_the_host() -> None:
    report = explain(page())
    assert report["authors"]["value"] == []
    assert report["outlet"] == {
        "value": "eastmere-echo.example",
        "source": "URL host",
        "reason": "the page names no outlet: the host instead",
    }


def test_canonical_link_is_the_url() -> None:
    head = '<link rel="canonical" href="/2026/03/02/pier">'
    assert explain(page(head))["url"]["value"] == (
        "https://www.eastmere-echo.example/2026/03/02/pier"
    )


def test_broken_jsonld_is_skipped_and_noted() -> None:
    head = '<script type="application/ld+json">{"@type": "NewsArticle", "headline": }</script>'
    head += ld({"@type": "NewsArticle", "headline": "Ferry pier closes", "author": "Ann Marlow"})
    report = explain(page(head))
    assert report["authors"]["value"] == ["Ann Marlow"]
    assert any("JSON-LD block skipped" in note for note in report["notes"])


def test_parsely_and_dublin_core_meta() -> None:
    head = '<meta name="parsely-author" content="Ann Marlow">'
    head += '<meta name="DC.date.issued" content="2026-03-02">'
    report = explain(page(head))
    assert report["authors"]["value"] == ["Ann Marlow"]
    assert report["published"]["value"].startswith("2026-03-02")


def test_read_html_uses_the_rules_and_caller_fields_win() -> None:
    head = ld(
        {
            "@type": "NewsArticle",
            "headline": "Ferry pier closes",
            "author": "By Ann Marlow",
            "datePublished": "2026-03-02",
        }
    )
    article = read_html(page(head), "pier.html", url=URL)
    assert isinstance(article, Article)
    assert article.authors == ("Ann Marlow",)
    assert article.published is not None and article.published.startswith("2026-03-02")
    given = read_html(page(head), "pier.html", url=URL, fields={"title": "Given title"})
    assert isinstance(given, Article) and given.title == "Given title"


@pytest.mark.parametrize(
    "html",
    [
        "",
        "<",
        "\x00\x01\x02",
        "<div>" * 20_000,
        '<?xml version="1.0" encoding="utf-8"?><html><body><p>x</p></body></html>',
        page('<meta name="author" content="' + "A" * 200_000 + '">'),
        page('<script type="application/ld+json">' + "[" * 5_000 + "</script>"),
        page(ld({"@type": "NewsArticle", "author": {"name": {"name": {"name": 5}}}})),
    ],
)
def test_read_html_never_raises(html: str) -> None:
    result = read_html(html, "odd.html", url=URL)
    assert isinstance(result, Article | Rejection)
    assert isinstance(explain(html), dict)


# Pieces of markup and JSON, shuffled: pages a broken template or a truncated download makes.
_PIECES = [*"<>/=\"' {}[]:,", "html", "head", "body", "p", "div", "script", "ld+json", "@type"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=200).map("".join))
def test_read_html_never_raises_on_generated_markup(html: str) -> None:
    head = f'<script type="application/ld+json">{html}</script>'
    for candidate in (html, page(head)):
        assert isinstance(read_html(candidate, "fuzz.html", url=URL), Article | Rejection)


# ---------------------------------------------------------------- dates (header, labels, order)


def test_dateline_under_the_headline_beats_a_date_in_the_url() -> None:
    top = (
        '<div class="title"><h1>Ferry pier closes</h1>'
        '<small>posted on <time datetime="2026-03-01T23:30:00-05:00">2026-03-01</time></small>'
        " by Ann Marlow</div>"
    )
    report = explain(page(top=top))
    assert report["published"]["value"].startswith("2026-03-01T23:30")
    assert report["published"]["source"] == "shown date + header time"
    assert {"value": "2026-03-01T23:30:00-05:00", "source": "header time"} in report["candidates"][
        "published"
    ]


def test_dateline_labelled_updated_is_a_modified_date() -> None:
    head = '<meta property="article:published_time" content="2026-02-20T08:00:00-05:00">'
    top = (
        '<div class="title"><h1>Ferry pier closes</h1>'
        '<p>Updated <time datetime="2026-03-02T10:00:00-05:00">March 2</time></p>'
        '<p>Published <time datetime="2026-02-20T08:00:00-05:00">Feb 20</time></p></div>'
    )
    report = explain(page(head, top))
    assert report["published"]["value"].startswith("2026-02-20")
    assert report["candidates"]["modified"][0]["source"] == "header time (updated)"
    assert [c["source"] for c in report["candidates"]["shown"]] == [
        "shown date (updated)",
        "shown date",
    ]


# ---------------------------------------------------------------- dates shown to the reader

SHOWN_HEAD = ld(
    {
        "@type": "NewsArticle",
        "datePublished": "2025-11-04T08:00:00Z",
        "dateModified": "2026-03-02T16:00:00Z",
    }
)


@pytest.mark.parametrize(
    "date_line",
    [
        "<p>Monday 2 March 2026 16:40, UK</p>",
        "<p>By <a>Ann Marlow</a> - March 2, 2026</p>",
        '<span class="label">Published:</span> <span>Mar. 2, 2026 at 4:40 p.m. ET</span>',
        '<p><time datetime="2026-03-02T16:40:00-05:00">03/02/26 4:40pm</time></p>',
    ],
)
def test_the_date_shown_under_the_headline_beats_the_declared_one(date_line: str) -> None:
    top = (
        "<header><h1>Ferry pier closes</h1>"
        "<p>The council shut the pier after storm damage to its pilings.</p>"
        f"{date_line}</header>"
    )
    report = explain(page(SHOWN_HEAD, top))
    assert report["published"]["value"][:10] == "2026-03-02"
    assert report["published"]["reason"] == "the date the page shows under its headline"


def test_the_date_line_just_above_the_headline_counts() -> None:
    top = (
        '<div class="head"><span>Ann Marlow</span><span>Travel</span>'
        '<time datetime="2026-03-02T09:00:00-05:00">Mar 2, 2026 9:00 AM</time>'
        "<h1>Ferry pier closes</h1><p>The pier shut after the storm.</p></div>"
    )
    assert explain(page(SHOWN_HEAD, top))["published"]["value"].startswith("2026-03-02")


@pytest.mark.parametrize(
    "not_a_date_line",
    [
        # a caption's date is the picture's, not the article's
        '<figure><img src="p.jpg"><figcaption>March 1, 2026</figcaption></figure>',
        '<p class="wp-caption-text">The pier on March 1, 2026.</p>',
        # a sentence of the story that names a date
        "<p>The council said the pier, damaged in the storms of March 1, 2026, would shut.</p>",
        # further down the page than a date line sits
        "<p>" + "The council shut the pier after the storm. " * 16 + "</p><p>March 1, 2026</p>",
    ],
)
def test_a_date_that_is_no_date_line_is_not_shown_date(not_a_date_line: str) -> None:
    top = f"<header><h1>Ferry pier closes</h1>{not_a_date_line}</header>"
    report = explain(page(SHOWN_HEAD, top))
    assert report["candidates"]["shown"] == []
    assert report["published"]["value"].startswith("2025-11-04")


def test_a_page_that_shows_only_an_updated_date_keeps_its_declared_first_date() -> None:
    top = (
        "<header><h1>Ferry timetable guide</h1>"
        "<p>By Ann Marlow <span>last updated</span> <time>2 March 2026</time></p></header>"
    )
    report = explain(page(SHOWN_HEAD, top))
    # Asked for is when the article first appeared: the declared datePublished, not the
    # update the page shows.
    assert report["published"]["value"] == "2025-11-04T08:00:00+00:00"
    assert report["published"]["reason"] == "first declared publication date"


def test_a_shown_day_no_declared_date_states_is_taken_without_a_clock() -> None:
    top = "<header><h1>Ferry pier closes</h1><p>Posted on March 3, 2026</p></header>"
    report = explain(page(SHOWN_HEAD, top))
    assert report["published"]["value"] == "2026-03-03T00:00:00"
    assert report["published"]["source"] == "shown date"


def test_published_line_wins_over_the_updated_line_shown_before_it() -> None:
    top = (
        "<header><h1>Ferry pier closes</h1>"
        "<p>Last Updated: March 9, 2026 at 6:30 a.m. ET</p>"
        "<p>First Published: March 2, 2026 at 4:10 p.m. ET</p></header>"
    )
    report = explain(page(SHOWN_HEAD, top))
    assert report["published"]["value"].startswith("2026-03-02")
    assert report["published"]["source"] == "shown date + json-ld dateModified"


def test_a_page_with_only_a_modified_date_says_so() -> None:
    head = '<meta property="article:modified_time" content="2026-03-09T10:00:00-05:00">'
    report = explain_page(page(head), "https://www.eastmere-echo.example/pier")
    assert report["published"]["value"].startswith("2026-03-09")
    only = Candidates(modified=[Candidate("2026-03-09T10:00:00-05:00", "meta og:updated_time")])
    chosen = choose_published(only)
    assert chosen.value is not None and chosen.value.startswith("2026-03-09")
    assert chosen.reason == "the page declares only a modified date"


def test_swappable_day_and_month_take_the_reading_another_source_states() -> None:
    head = '<meta name="date" content="03/04/2026">'
    head += ld({"@type": "WebPage", "dateModified": "2026-04-03T09:00:00+01:00"})
    report = explain_page(page(head), "https://www.eastmere-echo.example/pier")
    assert report["published"]["value"] == "2026-04-03"


def test_plain_header_byline_stops_at_figures_glued_on() -> None:
    top = (
        '<div class="title"><h1>Pier hit by Storm Ciara</h1>'
        '<p>By Ann Marlow<span class="comments">5</span></p></div>'
    )
    html = f"<html><body><article>{top}{BODY}</article></body></html>"
    assert explain(html)["authors"]["value"] == ["Ann Marlow"]


def test_byline_in_plain_header_text() -> None:
    top = (
        '<div class="title"><h1>Pier hit by Storm Ciara</h1>'
        "<small>posted on 2 March</small> by Ann Marlow</div>"
    )
    html = f"<html><body><article>{top}{BODY}</article></body></html>"
    assert explain(html)["authors"]["value"] == ["Ann Marlow"]


@pytest.mark.parametrize(
    ("line", "names"),
    [
        (
            "Reporting by Ann Marlow in Los Angeles and San Francisco; Editing by Kim Oduya",
            ["Ann Marlow"],
        ),
        ("Reporting by Ann Marlow and Lee Hart in London and New York", ["Ann Marlow", "Lee Hart"]),
        (
            "Reporting by Ann Marlow in Washington, D.C., and Lee Hart in New Delhi",
            ["Ann Marlow", "Lee Hart"],
        ),
        ("Reporting by Ann Marlow from Hong Kong", ["Ann Marlow"]),
        (
            "Reporting by Ann Marlow, Lee Hart and Kim Oduya",
            ["Ann Marlow", "Lee Hart", "Kim Oduya"],
        ),
    ],
)
def test_the_places_reporters_filed_from_are_no_reporters(line: str, names: list[str]) -> None:
    from storylens.ingest.page_candidates import _closing_credit_names

    assert _closing_credit_names(line) == names


def test_a_joint_story_and_photos_credit_names_the_author() -> None:
    html = (
        "<html><head><title>Pier reopens</title></head><body><article><h1>Pier reopens</h1>"
        '<p class="byline">Story and photos by Ann Marlow</p>'
        "<p>The Eastmere pier reopened on Friday after a winter of repairs to its pilings.</p>"
        "</article></body></html>"
    )
    metadata, _ = page_metadata(html, "https://eastmere-echo.example/pier")
    assert list(metadata.authors.value) == ["Ann Marlow"]


def test_an_outlet_with_small_words_signs_as_its_editorial_board() -> None:
    assert clean_author("The Times of Eastmere Editorial Board", set()) == (
        "The Times of Eastmere Editorial Board"
    )
