"""A body (a committee) named two ways by two outlets is a possible conflict of names."""

from __future__ import annotations

from dataclasses import replace

from storylens.compare.story import compare_story
from storylens.records import Entity, StoryMember
from test_compare_parts import member


def _with_bodies(item: StoryMember, *names: str) -> StoryMember:
    text = item.analysed.article.text
    bodies = tuple(Entity(n, "ORG", text.index(n), text.index(n) + len(n)) for n in names)
    analysed = replace(item.analysed, entities=item.analysed.entities + bodies)
    return replace(item, analysed=analysed)


def _names(*members: StoryMember) -> list[tuple[str, str, str, str]]:
    comparison = compare_story("s", list(members))
    return [
        (d.status, d.subject, d.first.text, d.second.text)
        for d in comparison.details
        if d.kind == "name"
    ]


def test_a_committee_named_two_ways_is_a_possible_conflict() -> None:
    echo = "Penn told the Harbour Board Finance Committee that the depot was safe."
    courier = "Penn told the Harbour Board Planning Committee on Monday that the depot was safe."
    found = _names(
        _with_bodies(member("e", "Echo", echo), "the Harbour Board Finance Committee"),
        _with_bodies(member("c", "Courier", courier), "the Harbour Board Planning Committee"),
    )
    assert found == [
        (
            "unchecked",
            "the Harbour Board … Committee",
            "the Harbour Board Finance Committee",
            "the Harbour Board Planning Committee",
        )
    ]


def test_an_article_naming_both_bodies_tells_of_two() -> None:
    echo = (
        "Penn told the Harbour Board Finance Committee, and later the Harbour Board Planning "
        "Committee, that the depot was safe."
    )
    courier = "Penn told the Harbour Board Planning Committee on Monday that the depot was safe."
    found = _names(
        _with_bodies(member("e", "Echo", echo), "the Harbour Board Finance Committee"),
        _with_bodies(member("c", "Courier", courier), "the Harbour Board Planning Committee"),
    )
    assert found == []


def test_a_leading_word_or_a_short_name_is_no_other_name() -> None:
    echo = "Penn told the Judiciary Committee that the depot was safe."
    courier = "Penn told the Senate Judiciary Committee on Monday that the depot was safe."
    found = _names(
        _with_bodies(member("e", "Echo", echo), "the Judiciary Committee"),
        _with_bodies(member("c", "Courier", courier), "the Senate Judiciary Committee"),
    )
    assert found == []


def test_two_owners_are_two_bodies() -> None:
    echo = "Officers of the Tampa Police Department searched the depot."
    courier = "Officers of the Miami Police Department searched the depot on Monday."
    found = _names(
        _with_bodies(member("e", "Echo", echo), "the Tampa Police Department"),
        _with_bodies(member("c", "Courier", courier), "the Miami Police Department"),
    )
    assert found == []
    echo = "Agents of the Harbour County Fire Service searched the depot."
    courier = "Agents of the Harbour Kessler Fire Service searched the depot on Monday."
    found = _names(
        _with_bodies(
            member("e", "Echo", echo, places=("Kessler",)), "the Harbour County Fire Service"
        ),
        _with_bodies(
            member("c", "Courier", courier, places=("Kessler",)), "the Harbour Kessler Fire Service"
        ),
    )
    assert found == []


def test_one_owners_two_tasks_are_two_bodies() -> None:
    echo = "Officers of the Harbour Police Department searched the depot."
    courier = "Crews of the Harbour Fire Department searched the depot on Monday."
    found = _names(
        _with_bodies(member("e", "Echo", echo), "the Harbour Police Department"),
        _with_bodies(member("c", "Courier", courier), "the Harbour Fire Department"),
    )
    assert found == []
