"""The body rules of storylens.ingest.body: the shown standfirst, and a reading that is mostly
furniture counting as no body."""

from __future__ import annotations

import lxml.html
import pytest

from storylens.ingest.body import choose_body, shown_standfirst

DEK = "Engineers say the storm-damaged pier will stay shut for three weeks."
FIRST = (
    "The Eastmere ferry pier closed on Monday after storm damage to its pilings, and council "
    "engineers said repairs would take at least three weeks to finish."
)
SECOND = (
    "Ferries will sail from the old harbour wall until then, the operator said, with one "
    "crossing an hour in place of two and a bus laid on for passengers from the town centre."
)
THIRD = (
    "Traders on the seafront said the closure came at the worst time of year, with the spring "
    "festival due to open on the pier itself at the end of the month."
)


def _page(
    *, dek_shown: str = "", description: str = DEK, aside: str = "", paragraphs: int = 3
) -> str:
    story = "".join(f"<p>{text}</p>" for text in (FIRST, SECOND, THIRD)[:paragraphs])
    return f"""<html><head><title>Ferry pier closes after storm</title>
<meta property="og:description" content="{description}"></head>
<body><article><h1>Ferry pier closes after storm</h1>{dek_shown}
{story}</article>{aside}</body></html>"""


@pytest.mark.parametrize(
    ("dek_shown", "description", "expected"),
    [
        (f'<p class="standfirst">{DEK}</p>', DEK, DEK),
        ("", DEK, None),  # only in the meta tags: the site's summary, not shown
        (f'<a href="/pier"><p>{DEK}</p></a>', DEK, None),  # a teaser card of the story
        ("<p>Opinion</p>", "Opinion", None),  # a label, not a standfirst
    ],
)
def test_shown_standfirst(dek_shown: str, description: str, expected: str | None) -> None:
    tree = lxml.html.fromstring(_page(dek_shown=dek_shown, description=description))
    assert shown_standfirst(tree) == expected


def test_the_shown_standfirst_opens_the_body_once() -> None:
    html = _page(dek_shown=f'<p class="standfirst">{DEK}</p>')
    tree = lxml.html.fromstring(html)
    body = choose_body(html, None, "\n".join([FIRST, SECOND, THIRD]), tree=tree)
    assert body.text.split("\n")[0] == DEK
    assert "standfirst" in body.reason
    again = choose_body(html, None, "\n".join([DEK, FIRST, SECOND, THIRD]), tree=tree)
    assert again.text.count(DEK) == 1


TEASERS = [
    "Lifeboat crew named volunteers of the year after record season",
    "Harbour dredging plan goes to a vote at next council meeting",
    "Town hall opening hours change for the spring and summer",
    "Seafront cafe wins award for its fish soup and its view",
    "Coastal path reopens after landslip repairs near the lighthouse",
    "School choir to sing at the festival on the old pier stage",
]


def test_a_reading_mostly_of_teasers_is_the_wrong_block() -> None:
    cards = "".join(
        f'<a href="/story-{n}"><span>Coast news</span><h3>{title}</h3></a>'
        for n, title in enumerate(TEASERS)
    )
    # Two paragraphs: the one line caught with the teasers is not "clearly short" beside them.
    html = _page(aside=f"<aside>{cards}</aside>", paragraphs=2)
    tree = lxml.html.fromstring(html)
    # The precise reading took the teaser list, with one line of the article caught in it.
    body = choose_body(html, None, "\n".join([*TEASERS, FIRST]), tree=tree)
    assert body.source != "trafilatura precision"
    assert SECOND in body.text
    assert not any(title in body.text for title in TEASERS)


def test_a_reading_with_a_little_furniture_stays() -> None:
    html = _page(aside=f'<aside><a href="/other">{TEASERS[0]}</a></aside>')
    tree = lxml.html.fromstring(html)
    body = choose_body(html, None, "\n".join([FIRST, SECOND, THIRD, TEASERS[0]]), tree=tree)
    assert body.source == "trafilatura precision"
    assert body.text == "\n".join([FIRST, SECOND, THIRD])
