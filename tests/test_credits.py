"""Credits: an article that says its facts come from another outlet is not independent."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from storylens.compare.claims import claim_units, similarity_matrix
from storylens.compare.credits import article_credits, own_names, story_credits
from storylens.compare.lineage import credits_words, find_echoes, lineage
from storylens.records import LineageEntry
from test_compare_parts import member


@pytest.mark.parametrize(
    ("text", "credited"),
    [
        ("The plan, first reported by the Harbor Gazette, closes two piers.", "Harbor Gazette"),
        ("According to Politico, the vote was moved to Friday.", "Politico"),
        ("The Lakeside Times reported that the mayor had resigned.", "Lakeside Times"),
        ("Councillor Ames told CNN on Sunday that she would stay.", "CNN"),
        ("He said so in an interview with the Valley Herald last week.", "Valley Herald"),
        (
            "The mayor blasted her rival on Facebook, the Lakeside Times is reporting.",
            "Lakeside Times",
        ),
        # a national paper or agency abroad, named with no outlet word
        ("Meanwhile, Haaretz reported that a second campaign had begun.", "Haaretz"),
        ("The ferry sank off the coast, according to Xinhua.", "Xinhua"),
        # the outlet of the journalist a source spoke to; a day between "reported" and "by"
        ('"It was a prank," he told MSNBC\'s Lena Hart.', "MSNBC"),
        ("The post was first reported Saturday by the Harbor Gazette.", "Harbor Gazette"),
        # a source speaking on another outlet's air
        ("It was, he said on MSNBC, a wild week.", "MSNBC"),
        ("Appearing on the Valley Herald's podcast, she said so.", "Valley Herald"),
        # an outlet named by an everyday word, titled with a capital "The"
        ("According to The Hill, the vote was moved to Friday.", "The Hill"),
        # an outlet's piece as the source of what follows
        ("A new report in the Harbor Gazette, published Saturday, cited a memo.", "Harbor Gazette"),
        ("A Valley Herald newspaper report revealed the second pier.", "Valley Herald"),
        # where a thing first appeared
        ("The photo, first published in the Valley Herald, went round.", "Valley Herald"),
        # a verb of saying with the outlet spoken to after "to"
        ("Voss denied to the Valley Herald that she had called him a liar.", "Valley Herald"),
        ("The board confirmed on Monday to Politico that the pier is sold.", "Politico"),
        ('"It is sold," Voss said to The Daily Caller and NOW confirmed it.', "Daily Caller"),
        # a name with its kind of publication in lower case
        ("An article in Harbour Life magazine described the foursome.", "Harbour Life magazine"),
        ("Quayside newspaper reported that the ferry would stop.", "Quayside newspaper"),
        # an outlet's estimate is its reporting
        ("She is worth less than Harbour Life magazine estimated.", "Harbour Life magazine"),
    ],
)
def test_an_outlet_credited_for_the_reporting_is_found(text: str, credited: str) -> None:
    assert [name for name, _, _ in article_credits(text, ["Courier"])] == [credited]
    name, start, end = article_credits(text, ["Courier"])[0]
    assert text[start:end] == name


@pytest.mark.parametrize(
    "text",
    [
        # a person, a government body and a study are no outlets
        "According to Mayor Ames, the vote was moved to Friday.",
        "The White House reported no change in the plan.",
        "The council told residents the pier would close.",
        "She said on Monday that the pier would close.",
        "She explained to the Harbour Council that the pier would close.",
        "The vote was said to be close.",
        "He said on Twitter that the vote was rigged.",
        "Aides told the Hill staff that the vote was moved.",
        "According to Hill, the vote was moved to Friday.",
        # a report by no outlet, and an outlet's own name holding "Report"
        "A council report found no fault with the piers.",
        "He is a former editor of The Drudge Report.",
        # a month or a platform where a thing was published is no outlet
        "The essay was published in March.",
        "The letter was posted on Twitter.",
    ],
)
def test_a_source_that_is_no_outlet_is_no_credit(text: str) -> None:
    assert article_credits(text) == []


def test_an_outlet_named_in_full_and_short_is_credited_once() -> None:
    text = "The New York Times reported the plan on Monday. The Times said the pier would close."
    assert [name for name, _, _ in article_credits(text, ["Courier"])] == ["New York Times"]
    # a name inside another outlet's word is another outlet
    both = "He told NBC on Sunday that the pier would close, and told MSNBC so again."
    assert [name for name, _, _ in article_credits(both, ["Courier"])] == ["NBC", "MSNBC"]
    # the initials of the name as written make it the article's own outlet
    assert article_credits(text, ["nyt"]) == []


def test_a_name_the_article_describes_as_an_outlet_is_credited() -> None:
    # neither name holds a word outlets are named with: the description says what they are
    text = (
        "Harbourline, a news site that covers the port, reported that the pier would close. "
        "The plan was rushed, according to The Quay, a weekly publication in Eastmere."
    )
    assert [name for name, _, _ in article_credits(text, ["Courier"])] == ["Harbourline", "Quay"]
    # a person described is no outlet
    assert article_credits("Ann Lee, a former aide, reported that it closed.", ["Courier"]) == []


def test_the_articles_own_outlet_is_no_credit() -> None:
    # given as the article's outlet, or named by the text as itself
    text = "Councillor Ames told the Harbor Gazette that she would stay."
    assert article_credits(text, ["Harbor Gazette"]) == []
    assert article_credits(text, ["harborgazette.com"]) == []
    own = "The Harbor Gazette has contacted the council. Ames told the Harbor Gazette she stays."
    assert article_credits(own) == []
    # a code for the outlet's initials ("hg") is its own name
    assert article_credits(text, ["hg"]) == []
    # ... but not another outlet the text seems to name as itself: a code opens on its
    # outlet's first letter, and "told the Harbor Gazette" in the article coded "vh" credits it
    assert [name for name, _, _ in article_credits(text, ["vh"])] == ["Harbor Gazette"]


def test_the_outlet_named_by_a_blog_address_is_the_articles_own() -> None:
    # a blog on the outlet's site: its name is the registrable label, not the first label
    text = "Council aides told The Gazette afterward that the vote would wait."
    blog = member("g1", "hg", text)
    analysed = blog.analysed
    article = replace(analysed.article, url="https://livecouncil.blogs.harborgazette.co.uk/a")
    clean = replace(analysed.clean, article=article)
    blog = replace(blog, analysed=replace(analysed, clean=clean))
    assert "harborgazette" in own_names(blog)
    assert story_credits([blog]) == {}


def test_an_article_that_credits_another_outlet_cites_it_in_the_lineage() -> None:
    gazette = (
        "The Kessler Bridge will close for six weeks of repairs starting on Monday morning "
        "after engineers found cracks in two of its piers. Drivers should use the ring road."
    )
    courier = (
        "Engineers found cracks in two of the bridge's piers, the Harbor Gazette reported. "
        "Shops on Quay Street fear lost trade during the closure of the crossing."
    )
    members = [
        member("g1", "Harbor Gazette", gazette, published="2026-03-02", seq=1),
        member("c1", "Courier", courier, published="2026-03-03", seq=2),
    ]
    units = claim_units(members)
    _, pairs = find_echoes(members, units, similarity_matrix(units), {})
    entries = {e.article_id: e for e in lineage(members, units, pairs, {})}
    assert entries["g1"].role == "first"
    assert entries["c1"].role == "cites"
    [credit] = entries["c1"].credits
    assert (credit.name, credit.article_id) == ("Harbor Gazette", "g1")
    assert courier[credit.start : credit.end] == "Harbor Gazette"
    assert credits_words(entries["c1"]) == "credits Harbor Gazette (g1)"


def _credited(courier_text: str, gazette_text: str, **courier: object) -> tuple[str, str | None]:
    members = [
        member("g1", "Harbor Gazette", gazette_text, published="2026-03-02"),
        member("c1", "Courier", courier_text, published="2026-03-03", **courier),  # type: ignore[arg-type]
    ]
    [credit] = story_credits(members)[1]
    return credit.name, credit.article_id


GAZETTE_ON_THE_VOTE = (
    "Councillor Rhea Voss said the harbour vote would be held on Friday. "
    "The council will also hear from the ferry company."
)


def test_a_credit_names_the_outlets_article_only_where_it_may_hold_what_is_credited() -> None:
    # the Gazette's article in the story is on the vote: it is not the interview credited
    told = (
        "Mayor Ada Quill, Voss's rival, raised eyebrows on Monday after telling the Harbor "
        "Gazette she would sell the old pier to a developer."
    )
    assert _credited(told, GAZETTE_ON_THE_VOTE, people=("Ada Quill", "Rhea Voss")) == (
        "Harbor Gazette",
        None,
    )
    # an article that names the one who told it may be that interview
    interview = GAZETTE_ON_THE_VOTE + " Mayor Ada Quill wants to sell the old pier."
    assert _credited(told, interview, people=("Ada Quill", "Rhea Voss")) == (
        "Harbor Gazette",
        "g1",
    )


def test_a_credit_with_no_person_names_the_article_that_shares_its_words() -> None:
    reported = "The harbour vote was moved to Friday, the Harbor Gazette reported."
    assert _credited(reported, GAZETTE_ON_THE_VOTE) == ("Harbor Gazette", "g1")
    other = "The ferry company will raise its fares in May, the Harbor Gazette reported."
    assert _credited(other, "The harbour vote was moved to Friday.") == ("Harbor Gazette", None)


def test_the_credited_outlets_journalist_is_not_the_one_who_told() -> None:
    told = (
        '"The new pier will be a fine thing for the town," he told the Harbor Gazette\'s Lena Hart.'
    )
    # her byline on an article on another matter makes it no more that interview
    byline = "By Lena Hart. " + GAZETTE_ON_THE_VOTE
    assert _credited(told, byline, people=("Lena Hart",))[1] is None
    pier = "The new pier will be a fine thing for the town, Councillor Rhea Voss said."
    assert _credited(told, pier, people=("Lena Hart",))[1] == "g1"


def test_an_independent_article_credits_no_one() -> None:
    entry = LineageEntry("a", "Courier", None, "independent")
    assert credits_words(entry) == ""


GAZETTE = {
    "id": "gazette-1",
    "outlet": "Harbor Gazette",
    "published": "2026-03-02",
    "title": "Kessler Bridge to close for six weeks after cracks found in piers",
    "text": (
        "The Kessler Bridge in Portwell will close for six weeks of repairs from Monday, the "
        "Portwell harbour board said on Friday.\n"
        "Inspectors found cracks in two of the bridge's four piers during a routine check last "
        "month, board chair Ines Varga said.\n"
        "“We cannot let lorries cross a bridge with cracked piers,” Varga said.\n"
        "Drivers will be sent along the ring road, which adds about 20 minutes to the trip."
    ),
}
COURIER = {
    "id": "courier-1",
    "outlet": "Portwell Courier",
    "published": "2026-03-03",
    "title": "Quay Street shops fear Kessler Bridge closure",
    "text": (
        "Shops on Quay Street fear six weeks of lost trade when the Kessler Bridge in Portwell "
        "closes for repairs on Monday.\n"
        "Inspectors found cracks in two of the bridge's piers, the Harbor Gazette reported on "
        "Saturday.\n"
        "Baker Tom Ruddle said half his customers drive in across the bridge from Eastbank.\n"
        "The harbour board has not said what the repairs will cost."
    ),
}


def test_the_report_and_the_story_page_name_the_credited_outlet(tmp_path: Path) -> None:
    import json

    from fastapi.testclient import TestClient

    import storylens
    from storylens.pipeline import analyze
    from storylens.report import write_markdown
    from storylens.store import Store
    from storylens.web import WebSettings, create_app

    inputs = tmp_path / "bridge.jsonl"
    inputs.write_text("".join(json.dumps(r) + "\n" for r in (GAZETTE, COURIER)), encoding="utf-8")
    report = write_markdown(storylens.compare_articles([str(inputs)]).view)
    assert "| cites; credits Harbor Gazette (gazette-1) |" in report

    path = str(tmp_path / "bridge.db")
    with Store(path) as store:
        assert analyze([str(inputs)], store).ok
    with TestClient(create_app(WebSettings(path))) as client:
        [story] = client.get("/api/stories").json()["stories"]
        page = client.get(f"/stories/{story['story_id']}").text
    assert 'credits Harbor Gazette (<a href="/articles/gazette-1">Harbor Gazette</a>)' in page
    assert 'title="Portwell Courier: the credit, highlighted' in page


def test_a_poll_an_outlet_ran_credits_it_and_its_partner() -> None:
    text = "A new CNN/ Lakeside Times poll shows the mayor ahead. A Quinnipiac poll agrees."
    assert [name for name, _, _ in article_credits(text, ["Gazette"])] == [
        "CNN",
        "Lakeside Times",
    ]
    # the article's own poll is no credit
    assert article_credits("The Gazette poll shows her ahead.", ["Gazette"]) == []
