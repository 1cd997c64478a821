"""Clean: Unicode repair, white space, and boilerplate marked with its reason."""

from __future__ import annotations

import pytest

from storylens.clean import clean_article, find_boilerplate, repair_text
from storylens.records import Article

ARTICLE = "\n".join(
    [
        "Firefighters in Dunmore spent six hours on Tuesday fighting a blaze at a paint warehouse "
        "on Canal Street, the fire service said.",
        "Scroll down for video",
        "Chief Ana Ruiz, 52, said the roof collapsed shortly after midnight while crews were "
        "still inside the building.",
        "Chief Ana Ruiz, 52, said the roof collapsed while crews were inside the building",
        "Nobody was hurt, and the cause of the fire is still under investigation by the police.",
        "Share this article",
        "Follow us on Twitter and Facebook",
    ]
)


CAPTION = "Chief Ana Ruiz, 52, said the roof collapsed while crews were inside the building"


@pytest.mark.parametrize(
    ("raw", "repaired"),
    [
        ("The mayorâ€™s office", "The mayor’s office"),
        ("two  spaces\tand a tab", "two spaces and a tab"),
        ("line one\r\nline two", "line one\nline two"),
        ("a\n\n\n\nb", "a\n\nb"),
        ("zero\u200bwidth", "zerowidth"),
        ("“curly” and ‘single’ stay", "“curly” and ‘single’ stay"),
    ],
)
def test_repair_text(raw: str, repaired: str) -> None:
    assert repair_text(raw) == repaired


def test_boilerplate_lines_are_marked_with_reasons() -> None:
    spans = find_boilerplate(ARTICLE)
    found = {span.text: span.label for span in spans}
    assert found == {
        "Scroll down for video": "share or navigation line",
        CAPTION: "caption restating the body",
        "Share this article": "share or navigation line",
        "Follow us on Twitter and Facebook": "share or navigation line",
    }
    for span in spans:
        assert ARTICLE[span.start : span.end] == span.text


def test_a_plain_article_has_no_boilerplate() -> None:
    text = "\n".join(
        [
            "The Dunmore council approved a new budget on Thursday.",
            "The budget raises spending on roads by four percent.",
            "Councillor Ben Okafor said the roads budget was overdue.",
            "Councillor Ben Okafor voted against the library cuts, which passed narrowly.",
        ]
    )
    assert find_boilerplate(text) == ()


def test_clean_article_keeps_text_whole() -> None:
    clean = clean_article(Article(id="x", text=ARTICLE + "\n", title=" Warehouse  fire "))
    assert clean.text == ARTICLE
    assert clean.article.title == "Warehouse fire"
    assert len(clean.boilerplate) == 4


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("Article Continued Below", "share or navigation line"),
        ("Story continues below advertisement", "share or navigation line"),
        ("ADVERTISEMENT", "share or navigation line"),
        ("RELATED: Council delays the pier vote again", "share or navigation line"),
        ("— Dana Holt (@danaholt) March 4, 2026", "credit line of an embedded post"),
    ],
)
def test_in_body_page_furniture_is_boilerplate(line: str, reason: str) -> None:
    text = (
        "The Eastmere council voted on Monday to close the pier.\n"
        f"{line}\n"
        "Repairs will take until May, the council said."
    )
    assert [(s.label, s.text) for s in find_boilerplate(text)] == [(reason, line)]
