"""People only one outlet names: a surname no other outlet's article prints."""

from __future__ import annotations

from storylens.compare.names_only import MAX_ONLY_NAMED, people_only_one_outlet_names
from storylens.compare.story import compare_story
from test_compare_parts import member, quote

GAZETTE = (
    "Mayor Helen Marwood closed the Elm Street library on Monday. "
    "Councillor Ada Quist said the vote was rushed. Ms. Quist's motion failed."
)
COURIER = "The Elm Street library closed on Monday after a vote led by Mayor Marwood."
POST = "Marwood's council shut the library. Ada Quist's friend, Tom Pell, objected."


def _named(*members: object) -> list[tuple[str, str]]:
    found = people_only_one_outlet_names(members, {})  # type: ignore[arg-type]
    return [(p.outlet, p.name) for p in found]


def test_a_person_no_other_outlet_names_is_listed_under_the_one_that_does() -> None:
    gazette = member("g", "Gazette", GAZETTE, people=("Helen Marwood", "Ada Quist"))
    courier = member("c", "Courier", COURIER, people=("Marwood",))
    assert _named(gazette, courier) == [("Gazette", "Ada Quist")]
    (person,) = people_only_one_outlet_names([gazette, courier], {})
    assert GAZETTE[person.start : person.end] == "Ada Quist"  # the first mention


def test_a_quoted_speaker_the_recogniser_missed_is_a_named_person() -> None:
    text = "“We will rebuild,” said Harbour's Helen Marwood. Ms. Marwood spoke at noon."
    said = quote("We will rebuild,", text, "Harbour Helen Marwood")
    gazette = member("g", "Gazette", text, quotes=(said,))
    courier = member("c", "Courier", COURIER.replace("Mayor Marwood", "the mayor"))
    assert _named(gazette, courier) == [("Gazette", "Helen Marwood")]
    # a speaker the quote stage names by no common given name is left to the recogniser
    paper = quote("We will rebuild,", text, "The Harbour Gazette")
    assert _named(member("g", "Gazette", text, quotes=(paper,)), courier) == []


def test_a_surname_another_outlet_prints_in_any_form_keeps_the_person_off() -> None:
    gazette = member("g", "Gazette", GAZETTE, people=("Helen Marwood", "Ada Quist"))
    post = member("p", "Post", POST, people=("Tom Pell",))
    # the Post prints "Quist's" and "Marwood's": neither is the Gazette's alone
    assert _named(gazette, post) == [("Post", "Tom Pell")]


def test_a_surname_printed_only_as_a_common_word_is_no_name() -> None:
    # "sharp" and "young" in lower case are words, not Tess Sharp's or Ivo Young's name
    first = member(
        "a", "Gazette", "Tess Sharp, the board's clerk, said so.", people=("Tess Sharp",)
    )
    second = member("b", "Courier", "A sharp drop in young voters followed.", people=())
    assert _named(first, second) == [("Gazette", "Tess Sharp")]
    # capitalised, even opening a sentence or in capitals, it keeps her off the list
    for printed in ("Sharp words followed.", "SHARP QUITS."):
        other = member("b", "Courier", printed, people=())
        assert _named(first, other) == []


def test_a_spelling_one_letter_apart_is_the_same_person() -> None:
    first = member("a", "Gazette", "Senator Mo Cowan was sworn in.", people=("Mo Cowan",))
    second = member("b", "Courier", "Cowen, 43, takes the seat.", people=("Cowen",))
    assert _named(first, second) == []


def test_a_given_name_one_letter_apart_is_no_spelling_of_the_surname() -> None:
    # "Peter" of "Peter Dunmore" is a given name, not the Courier's "Peters" misspelt
    first = member("a", "Gazette", "Councillor Gary Peters backed it.", people=("Gary Peters",))
    second = member(
        "b", "Courier", "Councillor Peter Dunmore opposed it.", people=("Peter Dunmore",)
    )
    assert _named(first, second) == [("Gazette", "Gary Peters"), ("Courier", "Peter Dunmore")]


def test_one_outlet_or_copies_name_no_one_of_their_own() -> None:
    gazette = member("g", "Gazette", GAZETTE, people=("Ada Quist",))
    assert _named(gazette) == []
    copy = member("c", "Courier", GAZETTE, people=("Ada Quist",))
    assert people_only_one_outlet_names([gazette, copy], {1: 0}) == ()


def test_titles_and_possessives_are_no_part_of_the_name() -> None:
    text = "President Ada Quist's plan passed. Sen. Tom Pell Jr. objected."
    one = member("g", "Gazette", text, people=("President Ada Quist's", "Sen. Tom Pell Jr."))
    other = member("c", "Courier", "The plan passed.")
    assert _named(one, other) == [("Gazette", "Ada Quist"), ("Gazette", "Tom Pell")]


def test_at_most_a_few_people_are_listed_per_outlet() -> None:
    names = [
        f"Ann {surname}"
        for surname in [
            "Abbot",
            "Baker",
            "Carter",
            "Dixon",
            "Ellis",
            "Foster",
            "Garner",
            "Hughes",
            "Irving",
            "Jarvis",
        ]
    ]
    text = " ".join(f"{name} spoke." for name in names)
    one = member("g", "Gazette", text, people=tuple(names))
    other = member("c", "Courier", "Nobody spoke.")
    assert len(_named(one, other)) == MAX_ONLY_NAMED


def test_the_comparison_carries_the_people_only_one_outlet_names() -> None:
    gazette = member("g", "Gazette", GAZETTE, people=("Helen Marwood", "Ada Quist"))
    courier = member("c", "Courier", COURIER, people=("Marwood",))
    named = compare_story("s", [gazette, courier]).names_only
    assert [(p.outlet, p.name) for p in named] == [("Gazette", "Ada Quist")]


def test_a_surname_alone_a_headline_a_byline_or_a_thing_named_after_someone_is_no_one() -> None:
    text = (
        "Quist Defends Library Vote\n"
        "By Tom Pell\n"
        "Andrews said the Ada Quist Library would close. Pell Grants pay for it. "
        "Neighbour Rosa Marlow watched. Ann Fenn's plan failed.\n"
        "Contact Dan Hale at dhale@example.com"
    )
    one = member(
        "g",
        "Gazette",
        text,
        people=(
            "Quist Defends",
            "Tom Pell",
            "Andrews",
            "Ada Quist Library",
            "Pell Grants",
            "Neighbour Rosa Marlow",
            "Ann Fenn's plan",
            "Dan Hale",
        ),
    )
    other = member("c", "Courier", "The library will close.")
    # a possessive ends the name: "Ann Fenn's plan" names Ann Fenn
    assert _named(one, other) == [("Gazette", "Rosa Marlow"), ("Gazette", "Ann Fenn")]


def test_a_person_is_listed_by_the_fullest_name_the_outlet_writes() -> None:
    text = "Marlow spoke first. Later, Rep. Rosa Marlow voted no."
    one = member("g", "Gazette", text, people=("Marlow", "Rosa Marlow"))
    other = member("c", "Courier", "The vote passed.")
    (person,) = people_only_one_outlet_names([one, other], {})
    assert person.name == "Rosa Marlow"


def test_accented_names_and_people_named_like_outlets_are_people() -> None:
    # "Raúl" is a name word; "Michael Reuters" opens on a given name: a person, not an outlet
    text = "Rep. Raúl Ortega and Michael Reuters backed the pier plan."
    one = member("g", "Gazette", text, people=("Raúl Ortega", "Michael Reuters"))
    other = member("c", "Courier", "The pier plan passed.")
    assert _named(one, other) == [("Gazette", "Raúl Ortega"), ("Gazette", "Michael Reuters")]
    # a PERSON mention that is an outlet's name stays off
    show = member("p", "Post", "Fox News Sunday aired it.", people=("Fox News Sunday",))
    assert _named(show, other) == []


def test_a_surname_after_a_title_is_a_person_listed_with_the_title() -> None:
    text = "President Marwood signed the order. Critics called it rushed."
    gazette = member("g", "Gazette", text, people=("Marwood",))
    courier = member("c", "Courier", "The order was signed on Monday.")
    assert _named(gazette, courier) == [("Gazette", "President Marwood")]
    # a rank or office written as a title ("Pope", "Prince") makes a person too; one in
    # lower case is a description ("her brother Tom")
    pope = member("g", "Gazette", "Pope Anselm praised the order.", people=("Anselm",))
    assert _named(pope, courier) == [("Gazette", "Pope Anselm")]
    brother = member("g", "Gazette", "Her brother Anselm signed it.", people=("Anselm",))
    assert _named(brother, courier) == []
    # a name the recogniser cut short ("Lawrence" of "Lawrence O’Reilly") is no surname
    cut = member("g", "Gazette", "Lt. Col. Lawrence O’Reilly spoke.", people=("Lawrence",))
    assert _named(cut, courier) == []
    # a surname alone, with no title, may be a firm or a street
    bare = member("g", "Gazette", "Marwood signed the order.", people=("Marwood",))
    assert _named(bare, courier) == []


def test_a_firm_tagged_as_a_person_is_no_one_named() -> None:
    """A name after a person and "of" is where they work; a name with a company's legal
    form is a company, at every mention."""
    text = (
        "A lawyer for Ms. Quist, Tom Pell of Harlow Brandt, said she would fight. "
        "Her shop was run by a firm called Penny Sayz, L.L.C., which later sued Penny Sayz "
        "staff. Her rival, City Councilman Domenic M. Varga Jr., said nothing."
    )
    people = ("Tom Pell", "Harlow Brandt", "Penny Sayz", "Penny Sayz", "M. Varga Jr.")
    gazette = member("g", "Gazette", text, people=people)
    courier = member("c", "Courier", "Ms. Quist lost her shop on Monday.")
    assert _named(gazette, courier) == [("Gazette", "Tom Pell"), ("Gazette", "Domenic M. Varga")]


def test_another_outlets_interviewer_is_no_person_of_the_story() -> None:
    # "told PBS' Ann Marsh": the host asked the questions; the outlet is credited, she is no
    # one the Gazette's account brings in (a fresh reader of a BASIL report)
    text = "Councillor Ada Quist told PBS' Ann Marsh that the vote was rushed."
    gazette = member("g", "Gazette", text, people=("Ada Quist", "Ann Marsh"))
    courier = member("c", "Courier", "Councillor Quist said the vote was rushed.", people=())
    assert _named(gazette, courier) == []
    # a name after a possessive that is no outlet's is a person all the same
    text = "Councillor Ada Quist told Tom Pell's sister Ann Marsh that the vote was rushed."
    gazette = member("g", "Gazette", text, people=("Ada Quist", "Ann Marsh"))
    assert _named(gazette, courier) == [("Gazette", "Ann Marsh")]


def test_a_name_printed_with_or_without_its_accents_is_one_person() -> None:
    # one newsroom's type system drops the accent: "Calderon" is the other's "Calderón"
    first = member("a", "Gazette", "Former mayor Inés Calderón spoke.", people=("Inés Calderón",))
    second = member(
        "b", "Courier", "Ines Calderon, a former mayor, spoke.", people=("Ines Calderon",)
    )
    assert _named(first, second) == []


def test_two_people_of_one_family_are_two_people() -> None:
    text = "Ann Roe and her husband, Bill Roe, spoke. Mr. Roe left early; Timothy Pell stayed."
    first = member("a", "Gazette", text, people=("Ann Roe", "Bill Roe", "Timothy Pell"))
    second = member("b", "Courier", "The council met on Monday.", people=())
    assert _named(first, second) == [
        ("Gazette", "Ann Roe"),
        ("Gazette", "Bill Roe"),
        ("Gazette", "Timothy Pell"),
    ]
    # a shortened given name is the same person, listed once by the fuller name
    again = member(
        "a", "Gazette", "Tim Pell spoke. Timothy Pell left.", people=("Tim Pell", "Timothy Pell")
    )
    assert _named(again, second) == [("Gazette", "Tim Pell")]


def test_a_two_word_surname_alone_is_the_person_named_in_full() -> None:
    first = member(
        "a",
        "Gazette",
        "Debra Wasserman Holt spoke. Wasserman Holt left.",
        people=("Debra Wasserman Holt", "Wasserman Holt"),
    )
    second = member("b", "Courier", "The council met on Monday.", people=())
    assert _named(first, second) == [("Gazette", "Debra Wasserman Holt")]
