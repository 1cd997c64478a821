"""Furniture lines dropped from an extracted body (storylens.ingest.furniture), one per rule."""

from __future__ import annotations

import lxml.html
import pytest

from storylens.ingest.furniture import drop_furniture, furniture_reason, page_furniture
from storylens.ingest.html import explain_html, read_html
from storylens.records import Article

STORY = (
    "The Eastmere ferry pier closed on Monday after storm damage to its pilings, and council "
    "engineers said repairs would take at least three weeks."
)
PAGE = """<html><body><article>
<h1>Ferry pier closes after storm</h1>
<p>{story}</p>
<figure><img src="p.jpg"><figcaption>The damaged pier at low tide on Monday morning</figcaption>
</figure>
<p>Related: <a href="/2026/02/harbour-dredging">Harbour dredging plan goes to a vote</a></p>
<ul><li><a href="/other">Town hall opening hours change for spring</a></li></ul>
<h2><a href="/pier-history">A short history of the pier</a></h2>
<p>{story}</p>
</article>
<aside><a href="/2026/03/lifeboat"><span>Coast news</span><h3>Lifeboat crew named volunteers of
the year</h3><span>By Lee Hart</span></a></aside></body></html>"""


@pytest.fixture
def furniture():
    return page_furniture(lxml.html.fromstring(PAGE.format(story=STORY)))


@pytest.mark.parametrize(
    ("line", "position", "reason"),
    [
        ("Ferry pier closes after storm", 0, "headline repeated"),
        ("Monday 2 March 2026 09:14, UK", 1, "dateline or byline"),
        ("By Ann Marlow", 1, "dateline or byline"),
        ("Related: Harbour dredging plan goes to a vote", 5, "cross-link"),
        ("Read more: Harbour dredging plan goes to a vote", 5, "cross-link"),
        ("Town hall opening hours change for spring", 5, "link text"),
        ("The damaged pier at low tide on Monday morning", 5, "caption or credit"),
        ("Image: Lee Hart / Eastmere Echo", 5, "caption or credit"),
        ("Sign up for our weekly newsletter to get the news in your inbox.", 5, "prompt"),
        ("Install the Eastmere Echo app for free", 5, "prompt"),
        ("We use cookies to remember your preferences on this site.", 5, "cookie notice"),
        ("Advertisement", 5, "layout label"),
        ("Ann Marlow is a reporter who covers the coast for the Echo.", 9, "closing box"),
        ("Ann Marlow can be reached at ann@eastmere-echo.example", 9, "closing box"),
        ("Copyright © 2026 Eastmere Echo. All rights reserved.", 9, "closing box"),
        # a teaser card: one link wrapping a kicker, a headline and a byline
        ("Lifeboat crew named volunteers of the year", 5, "link text"),
        ("Coast news Lifeboat crew named volunteers of the year", 5, "link text"),
        ("| Ferry | Departs | Fare |", 5, "data table"),
        ("| Eastmere | 09:15 | £4.50 |", 5, "data table"),
        ("Join our reader forums to talk about the coast.", 5, "prompt"),
        ("Special offer for Echo readers: a year in print for £5.", 5, "prompt"),
        ("Also available on Spotify and Apple Podcasts", 5, "prompt"),
        ("Reporting by Ann Marlow; Editing by Lee Hart", 9, "closing box"),
        ("Additional reporting by Lee Hart in Westmere", 9, "closing box"),
        ("This story originally appeared on the Coastwatch site.", 9, "closing box"),
        ("Contact reporter Ann Marlow at ann@eastmere-echo.example", 9, "closing box"),
        ("This interview has been edited for length and clarity.", 9, "closing box"),
        ("Read about our editorial standards.", 9, "closing box"),
        ("Ann is a reporter who has covered the coast since 2019.", 9, "closing box"),
        ("Ann Marlow, a former harbour pilot, writes about the coast.", 9, "closing box"),
        ("A reporter since 2001, Marlow has covered four storms.", 9, "closing box"),
        ("You might like", 5, "layout label"),
        ("Recommended", 5, "layout label"),
        ("Advertising", 5, "layout label"),
        ("[CLIP: Waves on a pebble beach]", 5, "stage direction"),
        ("(SOUNDBITE OF ARCHIVED RECORDING)", 5, "stage direction"),
        ("[MUSIC]", 5, "stage direction"),
        ("(Laughter)", 5, "stage direction"),
        ("[Applause]", 5, "stage direction"),
        ("(BEGIN VIDEO CLIP)", 5, "stage direction"),
    ],
)
def test_furniture_line(furniture, line: str, position: int, reason: str) -> None:
    found = furniture_reason(
        line, position, 10, furniture, "Ferry pier closes after storm", ("Ann Marlow",)
    )
    assert found == reason


@pytest.mark.parametrize(
    "line",
    [
        STORY,
        "A short history of the pier",  # a section heading that is also a link
        "The council said the pier's subscription scheme for moorings would be paused.",
        "Google said Chrome would stop accepting third-party cookies from advertisers.",
        "Watch the tide times, the harbour master warned, as the pier stays shut.",
        "Ann Marlow is a reporter who covers the coast for the Echo.",  # not at the end
        "Reporting by Ann Marlow; Editing by Lee Hart",  # a closing note, but not at the end
        # a table row with a sentence in it is prose set out in a table
        "| Repairs | The council said the pilings would be replaced before the summer season. |",
        # a bracketed aside in the story's own words is no stage direction
        "[The council later said the pilings had been inspected in January.]",
        # corrections, updates and notes in brackets are the story's own words, as is a wire
        # service's tag
        "[UPDATE: The council reopened the pier on Friday after the repairs.]",
        "[EDITOR'S NOTE: An earlier version of this story gave the wrong date for the vote.]",
        "(CORRECTION: The pier is owned by the council, not the harbour trust.)",
        "(AP)",
        "(CNN)",
        # a cue other than a clip's or a soundbite's takes no description
        "[MUSIC: The council voted to close the pier.]",
    ],
)
def test_article_lines_are_kept(furniture, line: str) -> None:
    assert furniture_reason(line, 3, 10, furniture, "Ferry pier closes", ("Ann Marlow",)) is None


@pytest.mark.parametrize(
    "line",
    [
        STORY,
        "The harbour master said Ann was right to close the pier.",  # a name, no bio
        "Annabel Marlow-Reed is the pier's new manager.",  # not the author
        "Additional pilings were ordered by the council on Tuesday.",
    ],
)
def test_closing_lines_of_the_story_are_kept(furniture, line: str) -> None:
    assert furniture_reason(line, 9, 10, furniture, "Ferry pier closes", ("Ann Marlow",)) is None


def test_a_heading_inside_a_link_is_no_section_heading() -> None:
    html = """<html><body><article><p>Story text.</p><h2>What the engineers found</h2>
    </article><a href="/other"><h2>Why the pier matters to the town</h2></a></body></html>"""
    found = page_furniture(lxml.html.fromstring(html))
    assert found.headings == frozenset({"what the engineers found"})
    assert furniture_reason("Why the pier matters to the town", 5, 10, found) == "link text"


def test_a_run_of_closing_notes_goes_however_long(furniture) -> None:
    closing = [
        "Reporting by Ann Marlow; Editing by Lee Hart",
        "This story originally appeared on the Coastwatch site.",
        "Read about our editorial standards.",
        "Ann Marlow covers the coast for the Echo.",
        "Copyright © 2026 Eastmere Echo. All rights reserved.",
    ]
    body = "\n".join([STORY, STORY, *closing])
    cleaned = drop_furniture(body, furniture, authors=("Ann Marlow",))
    assert cleaned.text == f"{STORY}\n{STORY}"
    assert cleaned.dropped["closing box"] == len(closing)


def test_a_body_of_furniture_only_comes_back_empty(furniture) -> None:
    body = "Advertisement\nRelated: Harbour dredging plan goes to a vote"
    assert drop_furniture(body, furniture).text == ""


def test_read_html_drops_furniture_and_explain_says_which() -> None:
    html = PAGE.format(story=STORY * 3)
    article = read_html(html, "pier.html", url="https://eastmere-echo.example/pier")
    assert isinstance(article, Article)
    assert "Harbour dredging" not in article.text
    assert "low tide" not in article.text
    assert STORY in article.text
    report = explain_html(html, "https://eastmere-echo.example/pier")
    assert report["body"]["furniture dropped"]
    assert "furniture dropped" in report["body"]["reason"]


LIST_PAGE = """<html><body><article><h1>Ferry pier closes after storm</h1><p>{story}</p>
<h2>Read next:</h2><ul>
<li><p>The lifeboat crew trained all winter. <a href="/lifeboat">Here is how they did
it</a></p></li>
<li><p>Harbour fees rise in April. <a href="/fees">What boat owners will pay</a></p></li>
</ul><p>{story}</p></article></body></html>"""
# The list items as the extractor writes them.
LIST_ITEMS = [
    "- The lifeboat crew trained all winter. Here is how they did it",
    "- Harbour fees rise in April. What boat owners will pay",
]


def test_teasers_listed_under_a_bare_cross_link_label_are_dropped() -> None:
    found = page_furniture(lxml.html.fromstring(LIST_PAGE.format(story=STORY)))
    body = "\n".join([STORY, "Read next:", *LIST_ITEMS, STORY])
    cleaned = drop_furniture(body, found)
    assert cleaned.text == f"{STORY}\n{STORY}"
    assert cleaned.dropped["cross-link"] == 1 + len(LIST_ITEMS)


def test_a_list_of_the_story_under_its_own_heading_is_kept() -> None:
    found = page_furniture(lxml.html.fromstring(LIST_PAGE.format(story=STORY)))
    # the same items, with links, under a heading that is no cross-link label
    body = "\n".join([STORY, "What changes this spring", *LIST_ITEMS, STORY])
    assert drop_furniture(body, found).text == body


def test_a_long_line_opening_with_more_from_is_no_label_and_its_list_stays() -> None:
    found = page_furniture(lxml.html.fromstring(LIST_PAGE.format(story=STORY)))
    intro = (
        "More from the council's statement on the repairs, which it published on Friday after "
        "the engineers had inspected every piling under the pier:"
    )
    body = "\n".join([STORY, intro, *LIST_ITEMS, STORY])
    assert drop_furniture(body, found).text == body


EMBED_PAGE = """<html><body><article><h1>Ferry pier closes after storm</h1>
<p>{story}</p>
<blockquote class="twitter-tweet"><p>The pier is shut until further notice, stay safe
everyone <a href="https://t.co/x">pic.example/abc</a></p>&mdash; Eastmere Harbour
(@eastmereharbour) <a href="https://social.example/1">March 2, 2026</a></blockquote>
<p>{story}</p></article></body></html>"""


def test_an_embedded_social_post_stays_in_the_body_as_its_authors_words() -> None:
    # The post and its credit line are the author's direct quote (analyse.quotes.posts), so
    # they are no furniture, though annotated bodies leave embedded posts out.
    found = page_furniture(lxml.html.fromstring(EMBED_PAGE.format(story=STORY)))
    body = "\n".join(
        [
            STORY,
            "The pier is shut until further notice, stay safe everyone",
            "— Eastmere Harbour (@eastmereharbour) March 2, 2026",
            STORY,
        ]
    )
    assert drop_furniture(body, found).text == body


def test_a_long_unclosed_stage_cue_is_no_stage_direction(furniture) -> None:
    # (its description's run is possessive: before, 50,000 spaces backtracked for minutes)
    for line in ("[clip:" + " " * 50_000 + "x", "(soundbite of" + " " * 50_000 + "x"):
        assert furniture_reason(line, 5, 10, furniture) is None
