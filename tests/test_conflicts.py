"""Conflicting details (issue 19, item 5): values conflict only when they describe one thing,
real disagreements are found, and each pair is shown once. Fictional written text."""

from __future__ import annotations

import pytest

from storylens.compare.claims import claim_units, similarity_matrix
from storylens.compare.details import PersonIndex, extract_details, find_conflicts
from storylens.compare.story import compare_story
from storylens.compare.summary import disputed_note
from storylens.records import AnalysedArticle, DetailConflict, Entity, Span, StoryMember, Timex
from storylens.report import write_markdown
from storylens.views import StoryView, shared_claims
from test_compare_parts import member


def _conflicts(*members: StoryMember) -> list[DetailConflict]:
    units = claim_units(members)
    return list(find_conflicts(members, units, similarity_matrix(units), {}))


def _shown(*members: StoryMember) -> list[tuple[str, str, str]]:
    return [
        (c.kind, c.first.text, c.second.text) for c in _conflicts(*members) if c.status != "agree"
    ]


def _with(base: StoryMember, **parts: object) -> StoryMember:
    analysed = base.analysed
    fields = {
        "clean": analysed.clean,
        "sentences": analysed.sentences,
        "entities": analysed.entities,
        "timexes": analysed.timexes,
        "numbers": analysed.numbers,
    }
    fields.update(parts)
    return StoryMember(AnalysedArticle(**fields), seq=base.seq)  # type: ignore[arg-type]


def _timex(text: str, phrase: str, value: str, kind: str = "DATE", anchored: bool = True) -> Timex:
    start = text.index(phrase)
    return Timex(start, start + len(phrase), phrase, value, kind, anchored)  # type: ignore[arg-type]


def _money(text: str, *phrases: str) -> tuple[Entity, ...]:
    return tuple(Entity(p, "MONEY", text.index(p), text.index(p) + len(p)) for p in phrases)


def _places(text: str, *names: str) -> tuple[Entity, ...]:
    return tuple(Entity(n, "GPE", text.index(n), text.index(n) + len(n)) for n in names)


# -- places ----------------------------------------------------------------------------------


def test_a_place_inside_another_is_no_conflict() -> None:
    a = "The shooting happened in Humboldt Park on Sunday night, police in Chicago said."
    b = "The shooting happened in Chicago on Sunday night, police said."
    shown = _shown(
        _with(member("a", "Gazette", a), entities=_places(a, "Humboldt Park", "Chicago")),
        _with(member("b", "Courier", b), entities=_places(b, "Chicago")),
    )
    assert not [row for row in shown if row[0] == "place"]


def test_a_state_and_its_abbreviation_agree() -> None:
    a = "The boy was shot at a home in Dunmore, Ky., on Sunday night."
    b = "The boy was shot at a home in Dunmore, Kentucky, on Sunday night."
    found = _conflicts(
        _with(member("a", "Gazette", a), entities=_places(a, "Dunmore", "Ky.")),
        _with(member("b", "Courier", b), entities=_places(b, "Dunmore", "Kentucky")),
    )
    assert not [c for c in found if c.kind == "place" and c.status != "agree"]


def test_a_town_and_its_state_are_no_conflict() -> None:
    a = "The warehouse fire broke out in Dunmore early on Sunday."
    b = "The warehouse fire broke out in Kentucky early on Sunday."
    shown = _shown(
        _with(member("a", "Gazette", a), entities=_places(a, "Dunmore")),
        _with(member("b", "Courier", b), entities=_places(b, "Kentucky")),
    )
    assert not [row for row in shown if row[0] == "place"]


def test_a_dateline_is_not_where_the_event_happened() -> None:
    a = "DUNMORE — The warehouse fire that destroyed the grain store broke out on Sunday."
    b = "ASHBY — The warehouse fire that destroyed the grain store broke out on Sunday."
    shown = _shown(
        _with(member("a", "Gazette", a), entities=_places(a, "DUNMORE")),
        _with(member("b", "Courier", b), entities=_places(b, "ASHBY")),
    )
    assert not [row for row in shown if row[0] == "place"]


def test_two_places_for_where_one_thing_happened_conflict() -> None:
    a = "A grey van seen near the museum was later found burnt out in Pellham."
    b = "A grey van seen near the museum was later found burnt out in Crosby Mills."
    shown = _shown(
        _with(member("a", "Gazette", a), entities=_places(a, "Pellham")),
        _with(member("b", "Courier", b), entities=_places(b, "Crosby Mills")),
    )
    assert ("place", "Pellham", "Crosby Mills") in shown


# -- roles, amounts, counts ------------------------------------------------------------------


def test_a_role_is_a_whole_word() -> None:
    people = ("Ana Brill",)
    found = _conflicts(
        member("a", "Gazette", "The appeal was heard by Chief Justice Ana Brill.", people=people),
        member("b", "Courier", "The appeal was heard by Justice Ana Brill.", people=people),
    )
    roles = {side.value for c in found if c.kind == "role" for side in (c.first, c.second)}
    assert not {"ustice", "hief justice"} & roles


def test_a_sum_asked_for_is_not_set_against_a_sum_granted() -> None:
    a = "Dana Holt sought $5 million in damages from the Brackenford Water Board."
    b = "Dana Holt was awarded $2 million in damages from the Brackenford Water Board."
    people = ("Dana Holt",)
    shown = _shown(
        _with(member("a", "Gazette", a, people=people), entities=_money(a, "$5 million")),
        _with(member("b", "Courier", b, people=people), entities=_money(b, "$2 million")),
    )
    assert not [row for row in shown if row[0] == "money"]


def test_a_total_is_not_set_against_one_of_its_parts() -> None:
    a = (
        "The Holt family paid $43,885,310 in federal taxes and $13,625,777 in state taxes "
        "over the eight years, the returns show."
    )
    b = "The Holt family paid $43 million in federal taxes over the eight years, the returns show."
    shown = _shown(
        _with(member("a", "Gazette", a), entities=_money(a, "$43,885,310", "$13,625,777")),
        _with(member("b", "Courier", b), entities=_money(b, "$43 million")),
    )
    assert not [row for row in shown if row[0] == "money"]


def test_two_prices_of_one_plan_conflict_once_not_mirrored() -> None:
    wire = "Her campaign centred on a $6.5 million plan for a sports centre on the rail yard."
    tribune = "The Brannigan campaign centred on the $6.5 million plan for a sports centre there."
    post = "Marwood's campaign centred on a $5.6 million plan for a sports centre on the rail yard."
    found = _conflicts(
        _with(member("w", "Metro Wire", wire), entities=_money(wire, "$6.5 million")),
        _with(member("p", "Signal Post", post), entities=_money(post, "$5.6 million")),
        _with(member("t", "Tribune", tribune), entities=_money(tribune, "$6.5 million")),
    )
    money = [c for c in found if c.kind == "money" and c.status == "disagree"]
    assert len(money) == 1


def _counted(base: StoryMember, text: str, phrase: str, value: str) -> StoryMember:
    start = text.index(phrase)
    return _with(base, numbers=(Span(start, start + len(phrase), value, phrase),))


def test_a_count_and_a_bound_that_holds_it_agree() -> None:
    # Decision: "700" and "more than 600" can both be true of one crowd, so they agree.
    a = "Police said 700 people gathered outside the Brackenford town hall on Monday."
    b = "Police said more than 600 people gathered outside the Brackenford town hall on Monday."
    found = _conflicts(
        _counted(member("a", "Gazette", a), a, "700", "700"),
        _counted(member("b", "Courier", b), b, "600", "600"),
    )
    counts = [c.status for c in found if c.kind == "count"]
    assert counts == ["agree"]


# -- real disagreements ------------------------------------------------------------------------


def test_a_victims_age_in_two_outlets_conflicts() -> None:
    people = ("Jory Wrenn",)
    shown = _shown(
        member("a", "Gazette", "Police said 14-year-old Jory Wrenn was shot.", people=people),
        member("b", "Courier", "Jory Wrenn, 15, was shot on Sunday, police said.", people=people),
    )
    assert [row[0] for row in shown] == ["age"]


def test_one_persons_name_spelt_two_ways_conflicts() -> None:
    found = _conflicts(
        member(
            "a", "Gazette", "Police named the victim as Jarrell Penn.", people=("Jarrell Penn",)
        ),
        member(
            "b", "Courier", "The victim, Jarell Penn, died at the scene.", people=("Jarell Penn",)
        ),
    )
    names = [(c.first.value, c.second.value, c.status) for c in found if c.kind == "name"]
    assert names == [("Jarrell Penn", "Jarell Penn", "disagree")]


def test_two_times_of_day_for_one_shooting_conflict() -> None:
    a = "The shooting happened at 10:30 p.m. in the 1000 block of Planters Lane."
    b = "The shooting happened at 10:45 p.m. in the 1000 block of Planters Lane."
    shown = _shown(
        _with(
            member("a", "Gazette", a, published="2026-11-04"),
            timexes=(_timex(a, "10:30 p.m.", "2026-11-04T22:30", "TIME"),),
        ),
        _with(
            member("b", "Courier", b, published="2026-11-05"),
            timexes=(_timex(b, "10:45 p.m.", "2026-11-05T22:45", "TIME"),),
        ),
    )
    assert shown == [("time", "10:30 p.m.", "10:45 p.m.")]


# -- dates (the Brackenford example) -----------------------------------------------------------


def test_a_day_is_not_set_against_a_month_of_another_event() -> None:
    wire = "Daniel Brannigan unseated Helen Marwood in Tuesday’s election, winning by 312 votes."
    tribune = (
        "Daniel Brannigan beat Helen Marwood in Tuesday’s election and will take office next month."
    )
    people = ("Daniel Brannigan", "Helen Marwood")
    shown = _shown(
        _with(
            member("w", "Metro Wire", wire, people=people, published="2026-11-04"),
            timexes=(_timex(wire, "Tuesday", "2026-11-03"),),
        ),
        _with(
            member("t", "Tribune", tribune, people=people, published="2026-11-05"),
            timexes=(
                _timex(tribune, "Tuesday", "2026-11-10"),
                _timex(tribune, "next month", "2026-12"),
            ),
        ),
    )
    assert not [row for row in shown if "next month" in row]


def test_a_date_after_said_dates_the_statement_not_the_event() -> None:
    a = "The board said on Tuesday that crews had repaired the leaking dam at the reservoir."
    b = "The board said on Wednesday that crews had repaired the leaking dam at the reservoir."
    shown = _shown(
        _with(
            member("a", "Gazette", a, published="2026-11-04"),
            timexes=(_timex(a, "Tuesday", "2026-11-03"),),
        ),
        _with(
            member("b", "Courier", b, published="2026-11-05"),
            timexes=(_timex(b, "Wednesday", "2026-11-04"),),
        ),
    )
    assert not shown


def test_copyright_lines_hold_no_details() -> None:
    a = "Crews repaired the leaking dam on Tuesday.\nCopyright 2025 Metro Wire Service."
    b = "Crews repaired the leaking dam on Tuesday.\nCopyright 2026 Metro Wire Service."
    found = _conflicts(
        _with(
            member("a", "Gazette", a, published="2026-11-04"),
            timexes=(_timex(a, "2025", "2025", anchored=False),),
        ),
        _with(
            member("b", "Courier", b, published="2026-11-04"),
            timexes=(_timex(b, "2026", "2026", anchored=False),),
        ),
    )
    assert not [c for c in found if c.kind == "date"]


def test_a_shared_claim_says_which_of_its_details_the_outlets_give_differently() -> None:
    """Shared, a claim is not shared down to a figure the outlets dispute: its line names the
    detail and each outlet's value, and the report says so under it."""
    people = ("Jory Wrenn",)
    a = "Police said 14-year-old Jory Wrenn was shot outside the Delmont skating rink on Sunday."
    b = "Jory Wrenn, 15, was shot outside the Delmont skating rink on Sunday, police said."
    members = [member("a", "Gazette", a, people=people), member("b", "Courier", b, people=people)]
    comparison = compare_story("s", members)
    (line,) = shared_claims(comparison)
    assert line.disputed == ("age of Jory Wrenn: 14 (Gazette) / 15 (Courier)",)
    assert disputed_note(line).startswith("the outlets differ on a detail here (age of Jory")
    texts = {m.id: m.analysed.clean.text for m in members}
    report = write_markdown(StoryView("s", "s", (), (), comparison, texts=texts))
    shared_part = report.split("### Shared")[1].split("###")[0]
    assert "the outlets differ on a detail here (age of Jory Wrenn: 14 (Gazette)" in shared_part


def test_a_shared_claim_with_no_disputed_detail_says_nothing_of_details() -> None:
    a = "Jory Wrenn was shot outside the Delmont skating rink on Sunday, police said."
    b = "Police said Jory Wrenn was shot outside the Delmont skating rink on Sunday."
    people = ("Jory Wrenn",)
    members = [member("a", "Gazette", a, people=people), member("b", "Courier", b, people=people)]
    (line,) = shared_claims(compare_story("s", members))
    assert line.disputed == () and disputed_note(line) == ""


# -- ages of a person the recogniser missed, counts in words -----------------------------------


def _people(text: str, *named: tuple[str, str]) -> tuple[Entity, ...]:
    return tuple(Entity(n, label, text.index(n), text.index(n) + len(n)) for n, label in named)


def test_an_age_after_a_surname_the_recogniser_missed_is_that_persons() -> None:
    a = "Actress Nora Quell, 41, left the gala early on Sunday."
    b = "Nora Quell and her co-star arrived together. Quell, 42, was photographed leaving."
    c = "Nora Quell arrived late. Quell, 43, said nothing to reporters."
    shown = _shown(
        _with(member("a", "Gazette", a), entities=_people(a, ("Nora Quell", "PERSON"))),
        # One article's surname is tagged nothing at all, the other's an organisation.
        _with(member("b", "Courier", b), entities=_people(b, ("Nora Quell", "PERSON"))),
    )
    assert ("age", "41", "42") in shown
    shown = _shown(
        _with(member("a", "Gazette", a), entities=_people(a, ("Nora Quell", "PERSON"))),
        _with(
            member("c", "Ledger", c),
            entities=_people(c, ("Nora Quell", "PERSON"), ("Quell", "ORG")),
        ),
    )
    assert ("age", "41", "43") in shown


def _numbers(text: str, *phrases: tuple[str, str]) -> tuple[Span, ...]:
    return tuple(Span(text.index(p), text.index(p) + len(p), v) for p, v in phrases)


def test_counts_in_words_and_a_noun_before_its_verb_are_compared() -> None:
    a = "Thirty-five homes were evacuated in Brindle after the fire, officials said."
    b = "Thirty homes were evacuated in Brindle after the fire, officials said."
    shown = _shown(
        _with(member("a", "Gazette", a), numbers=_numbers(a, ("Thirty-five", "35"))),
        _with(member("b", "Courier", b), numbers=_numbers(b, ("Thirty", "30"))),
    )
    assert ("count", "Thirty-five homes", "Thirty homes") in shown


def test_a_unit_joined_to_its_number_is_counted() -> None:
    a = "Prosecutors filed a 47-page indictment against Marsh on Monday."
    b = "Prosecutors filed a 48-page indictment against Marsh on Monday, the court said."
    c = "Prosecutors filed a thirty-five page file and 14-year-old records against Marsh."
    shown = _shown(
        _with(member("a", "Gazette", a), numbers=_numbers(a, ("47", "47"))),
        _with(member("b", "Courier", b), numbers=_numbers(b, ("48", "48"))),
    )
    assert shown == [("count", "47-page", "48-page")]
    # A chain ("14-year-old") is an age, and a number in words is no unit of another.
    third = _with(member("c", "Tribune", c), numbers=_numbers(c, ("thirty", "30"), ("14", "14")))
    assert [
        v.subject for v in extract_details(third, PersonIndex([third])) if v.kind == "count"
    ] == []


def test_a_bare_name_spelt_otherwise_by_another_outlet_may_be_one_person() -> None:
    a = "Senator Mo Cowan spoke on Monday. He and his wife Stacy have two sons."
    b = "Senator Mo Cowan spoke on Monday, joined by his wife, Stacey, and their two sons."
    found = _conflicts(
        member("a", "Gazette", a, people=("Mo Cowan", "Stacy")),
        member("b", "Courier", b, people=("Mo Cowan", "Stacey")),
    )
    names = [(c.first.value, c.second.value, c.status) for c in found if c.kind == "name"]
    assert names == [("Stacy", "Stacey", "unchecked")]


def test_a_misspelt_surname_beside_the_right_one_is_a_possible_misspelling() -> None:
    a = "Senator Mo Cowan spoke on Monday. Cowen said the seat was safe."
    b = "Senator Mo Cowan spoke on Monday and said the seat was safe."
    found = _conflicts(
        member("a", "Gazette", a, people=("Mo Cowan", "Cowen")),
        member("b", "Courier", b, people=("Mo Cowan",)),
    )
    names = [(c.first.text, c.second.text, c.reason) for c in found if c.kind == "name"]
    assert names == [
        (
            "Cowen",
            "Mo Cowan",
            "Cowen / Mo Cowan: Gazette writes both, so perhaps a misspelling, or two people",
        )
    ]


def test_a_family_is_no_other_spelling_of_its_name() -> None:
    a = "President Dana Trask spoke on Monday. The Trasks met the victims' families."
    b = "President Dana Trask spoke on Monday and met the victims' families."
    found = _conflicts(
        member("a", "Gazette", a, people=("Dana Trask", "Trasks")),
        member("b", "Courier", b, people=("Dana Trask",)),
    )
    assert [c for c in found if c.kind == "name"] == []


def test_an_untagged_misspelt_name_as_a_subject_is_a_possible_misspelling() -> None:
    a = "Representative Roger Williams spoke on Monday. Rogers was injured at the practice."
    b = "Representative Roger Williams spoke on Monday and was hurt at the practice."
    found = _conflicts(
        member("a", "Gazette", a, people=("Roger Williams",)),
        member("b", "Courier", b, people=("Roger Williams",)),
    )
    names = [(c.first.text, c.second.text, c.status) for c in found if c.kind == "name"]
    assert names == [("Rogers", "Roger Williams", "unchecked")]


def test_an_untagged_word_spelt_like_a_name_by_its_own_article_is_compared_so() -> None:
    a = "Senator Mo Cowan spoke on Monday. Cowen said the seat was safe. Cowmen also emphasized it."
    b = "Senator Mo Cowan spoke on Monday and said the seat was safe."
    found = _conflicts(
        member("a", "Gazette", a, people=("Mo Cowan", "Cowen")),
        member("b", "Courier", b, people=("Mo Cowan",)),
    )
    names = [(c.first.text, c.second.text) for c in found if c.kind == "name"]
    assert names == [("Cowen", "Mo Cowan"), ("Cowmen", "Mo Cowan")]


def test_an_untagged_word_is_no_name_off_subject_of_two_people_or_a_family() -> None:
    people = ("Chuck Pagano", "Roger Wicker", "Roger Williams", "Dana Trask")
    a = (
        "Coach Chuck Pagano, Roger Williams and Dana Trask spoke. Check out the notes. "
        "Rogers was injured. The Trasks visited the families."
    )
    b = "Coach Chuck Pagano spoke, as did Roger Wicker, Roger Williams and Dana Trask."
    found = _conflicts(
        member("a", "Gazette", a, people=people),
        member("b", "Courier", b, people=people),
    )
    assert [c for c in found if c.kind == "name"] == []


def test_a_count_of_the_others_is_no_count_of_the_group() -> None:
    a = "Officers saw Marsh and two other males running from the depot on Monday."
    b = "Officers saw Marsh and three males running from the depot on Monday."
    shown = _shown(
        _with(member("a", "Gazette", a), numbers=_numbers(a, ("two", "2"))),
        _with(member("b", "Courier", b), numbers=_numbers(b, ("three", "3"))),
    )
    assert shown == []


# -- issue 19, the conflicts table on the dev material ----------------------------------------


def test_a_duration_is_no_common_word_of_two_times() -> None:
    # Found at 10:00, missed at 16:00: two moments of one escape, both "18 hours" apart.
    a = "Keepers found the goat in a garden at around 10:00, about 18 hours after the escape."
    b = "Keepers noticed the goat missing at feeding, shortly after 16:00, some 18 hours before."
    shown = _shown(
        _with(
            member("a", "Gazette", a, published="2026-07-06"),
            timexes=(_timex(a, "10:00", "2026-07-06T10:00", "TIME"),),
        ),
        _with(
            member("b", "Courier", b, published="2026-07-06"),
            timexes=(_timex(b, "16:00", "2026-07-05T16:00", "TIME"),),
        ),
    )
    assert not [row for row in shown if row[0] == "time"]


def test_an_estimate_near_another_count_is_a_possible_conflict() -> None:
    a = "The Ridgeport plant will close in November, eliminating 220 jobs, the company said."
    b = "The Ridgeport plant will close before Christmas, with the loss of about 240 jobs."
    found = _conflicts(
        _counted(member("a", "Gazette", a), a, "220", "220"),
        _counted(member("b", "Courier", b), b, "240", "240"),
    )
    assert [(c.kind, c.status) for c in found if c.kind == "count"] == [("count", "unchecked")]


def test_two_estimated_times_half_an_hour_apart_are_a_possible_conflict() -> None:
    a = "Deputies were first alerted to the shooting at the campground about 8:30 on Sunday."
    b = "Deputies were first alerted to the shooting at the campground around 8:00 on Sunday."
    found = _conflicts(
        _with(
            member("a", "Gazette", a, published="2026-09-13"),
            timexes=(_timex(a, "8:30", "2026-09-13T08:30", "TIME"),),
        ),
        _with(
            member("b", "Courier", b, published="2026-09-13"),
            timexes=(_timex(b, "8:00", "2026-09-13T08:00", "TIME"),),
        ),
    )
    assert [(c.kind, c.status) for c in found if c.kind == "time"] == [("time", "unchecked")]


def _two_times(a: str, time_a: str, b: str, time_b: str) -> list[DetailConflict]:
    return _conflicts(
        _with(
            member("a", "Gazette", a, published="2026-09-13"),
            timexes=(_timex(a, time_a, f"2026-09-13T{time_a[-5:]}", "TIME"),),
        ),
        _with(
            member("b", "Courier", b, published="2026-09-13"),
            timexes=(_timex(b, time_b, f"2026-09-13T{time_b[-5:]}", "TIME"),),
        ),
    )


def test_estimates_a_quarter_hour_apart_and_a_side_that_holds_agree() -> None:
    # "about 03:00" is rounded to the quarter hour; "shortly before 08:00" holds 07:50.
    a = "The shooting at the Iron Gate flats happened about 03:00, police said."
    b = "Police were called to the shooting at the Iron Gate flats around 02:45, police said."
    found = _two_times(a, "03:00", b, "02:45")
    assert [c.status for c in found if c.kind == "time"] == ["agree"]
    a = "The bus left the road near the Pike Hollow turnoff at about 07:50, the county said."
    b = "The bus left the road near the Pike Hollow turnoff shortly before 08:00, the county said."
    found = _two_times(a, "07:50", b, "08:00")
    assert [c.status for c in found if c.kind == "time"] == ["agree"]


def test_two_days_after_the_same_venue_conflict() -> None:
    # The head words leave names out; the same venue right before both days ties them.
    a = "Singer Mara Vell lost her cool at the Ashby Film Festival on Friday night, police said."
    b = "Singer Mara Vell and Jon Hart drew a crowd at the Ashby Film Festival on Saturday evening."
    shown = _shown(
        _with(
            member("a", "Gazette", a, published="2026-04-19"),
            timexes=(_timex(a, "Friday night", "2026-04-17TNI", "TIME"),),
        ),
        _with(
            member("b", "Courier", b, published="2026-04-19"),
            timexes=(_timex(b, "Saturday evening", "2026-04-18TEV", "TIME"),),
        ),
    )
    assert shown == [("date", "Friday night", "Saturday evening")]


def test_an_age_said_of_a_description_is_the_described_persons() -> None:
    people = ("Tomas Brill",)
    a = "Tomas Brill, the chef behind Casa Verde, apologised. The 45-year-old chef spoke briefly."
    b = "A tearful Tomas Brill, 46, faced the cameras on Friday."
    shown = _shown(
        member("a", "Gazette", a, people=people), member("b", "Courier", b, people=people)
    )
    assert ("age", "45", "46") in shown


def test_an_age_of_a_description_no_one_is_given_is_nobodys() -> None:
    people = ("Tomas Brill",)
    a = "Tomas Brill, the owner of Casa Verde, apologised. The 45-year-old chef spoke briefly."
    b = "A tearful Tomas Brill, 46, faced the cameras on Friday."
    shown = _shown(
        member("a", "Gazette", a, people=people), member("b", "Courier", b, people=people)
    )
    assert not [row for row in shown if row[0] == "age"]


def test_the_one_count_of_a_noun_each_outlet_gives_for_one_act_conflicts() -> None:
    # The sentences differ too much to pair as claims; the counted noun and what happened to
    # it ("treated" / "injured": hurt) are the same, and each outlet counts it once.
    a = "Three firefighters were treated for heat exhaustion and released on Wednesday."
    b = "The blaze ripped through the depot before dawn, leaving four firefighters injured."
    shown = _shown(
        _with(member("a", "Gazette", a), numbers=_numbers(a, ("Three", "3"))),
        _with(member("b", "Courier", b), numbers=_numbers(b, ("four", "4"))),
    )
    assert ("count", "Three firefighters", "four firefighters") in shown


def test_counts_of_one_noun_for_two_acts_do_not_conflict() -> None:
    a = "Three firefighters were treated for heat exhaustion and released on Wednesday."
    b = "The blaze ripped through the depot before dawn, and four firefighters arrived first."
    shown = _shown(
        _with(member("a", "Gazette", a), numbers=_numbers(a, ("Three", "3"))),
        _with(member("b", "Courier", b), numbers=_numbers(b, ("four", "4"))),
    )
    assert not [row for row in shown if row[0] == "count"]


def test_a_count_of_the_same_noun_for_another_act_is_no_counterpart() -> None:
    # Sixty firefighters fought the blaze; three were hurt: the hurt are counted once each.
    a = (
        "Sixty firefighters fought the blaze at the depot. Three firefighters were treated for "
        "heat exhaustion and released on Wednesday."
    )
    b = "The blaze ripped through the depot before dawn, leaving four firefighters injured."
    shown = _shown(
        _with(member("a", "Gazette", a), numbers=_numbers(a, ("Sixty", "60"), ("Three", "3"))),
        _with(member("b", "Courier", b), numbers=_numbers(b, ("four", "4"))),
    )
    assert [row for row in shown if row[0] == "count"] == [
        ("count", "Three firefighters", "four firefighters")
    ]


def test_counts_of_a_noun_without_a_common_act_do_not_conflict() -> None:
    a = "The company employs 1,600 local staff at its Ashby offices, the Courier understands."
    b = "Insiders said as many as 320 staff were let go on Wednesday by the company."
    shown = _shown(
        _with(member("a", "Gazette", a), numbers=_numbers(a, ("1,600", "1600"))),
        _with(member("b", "Courier", b), numbers=_numbers(b, ("320", "320"))),
    )
    assert not [row for row in shown if row[0] == "count"]


def test_a_count_of_participles_pairs_only_in_paired_claims() -> None:
    a = "By Sunday at least seven people had been killed and 40 wounded in shootings citywide."
    b = "He was one of three people killed and 27 wounded over an eight-hour stretch that night."
    shown = _shown(
        _with(member("a", "Gazette", a), numbers=_numbers(a, ("40", "40"))),
        _with(member("b", "Courier", b), numbers=_numbers(b, ("27", "27"))),
    )
    assert not [row for row in shown if row[0] == "count"]


def _vote_rows(second_published: str) -> list[tuple[str, str, str]]:
    """The rows shown for one council vote, dated Tuesday by an article of 4 November and
    Wednesday by one published on ``second_published``, in sentences too unlike to pair."""
    a = "Mayor Lena Fisk praised the council for passing a plan on Tuesday that expands ferries."
    b = "On Wednesday, the council voted 7-2 on a measure to add late boats to the harbour."
    return _shown(
        _with(
            member("a", "Gazette", a, people=("Lena Fisk",), published="2026-11-04"),
            timexes=(_timex(a, "Tuesday", "2026-11-03"),),
        ),
        _with(
            member("b", "Courier", b, published=second_published),
            timexes=(_timex(b, "Wednesday", "2026-11-04"),),
        ),
    )


def test_one_vote_dated_once_by_each_outlet_on_two_days_conflicts() -> None:
    # Each outlet dates the vote once; "passing" / "voted" and "council" beside both days say
    # they date one vote.
    assert _vote_rows("2026-11-04") == [("date", "Tuesday", "Wednesday")]


def test_one_act_dated_from_two_publication_days_is_no_conflict() -> None:
    # Each outlet tells the latest vote of its own day: a weekday read from two days.
    assert not [row for row in _vote_rows("2026-11-05") if row[0] == "date"]


def test_one_departure_dated_as_a_month_and_as_a_year_conflicts() -> None:
    # A month and a year are compared where each outlet dates the act once.
    a = "Ravi Moss, who ran the port board, quit earlier this month to join a law firm."
    b = "He left the port board last year to join a law firm in the capital, aides said."
    shown = _shown(
        _with(
            member("a", "Gazette", a, people=("Ravi Moss",), published="2026-11-20"),
            timexes=(_timex(a, "earlier this month", "2026-11"),),
        ),
        _with(
            member("b", "Courier", b, published="2026-11-20"),
            timexes=(_timex(b, "last year", "2025"),),
        ),
    )
    assert shown == [("date", "earlier this month", "last year")]


def test_one_act_of_one_thing_is_compared_beside_the_acts_other_dates() -> None:
    # "held the seat" is the same act word, another thing done: the primary's two dates are
    # still the only ones of holding the primary in each article.
    a = "Both parties will hold their county primaries in mid May."
    b = "Ada Kell held the seat from 1990 to 2002. The primary would be held on April 30."
    shown = _shown(
        _with(
            member("a", "Gazette", a, published="2026-01-30"),
            timexes=(_timex(a, "mid May", "2026-05"),),
        ),
        _with(
            member("b", "Courier", b, people=("Ada Kell",), published="2026-01-30"),
            timexes=(
                _timex(b, "1990", "1990", anchored=False),
                _timex(b, "2002", "2002", anchored=False),
                _timex(b, "April 30", "2026-04-30"),
            ),
        ),
    )
    assert shown == [("date", "mid May", "April 30")]


def test_a_date_beside_another_act_is_no_counterpart() -> None:
    # Passing a bill and sending it on are two steps, each with its own day.
    a = "The council passed the ferry bill last week, allowing late boats to run."
    b = "The council sent the ferry bill to the mayor Monday, allowing late boats to run."
    shown = _shown(
        _with(
            member("a", "Gazette", a, published="2026-11-09"),
            timexes=(_timex(a, "last week", "2026-W45"),),
        ),
        _with(
            member("b", "Courier", b, published="2026-11-09"),
            timexes=(_timex(b, "Monday", "2026-11-09"),),
        ),
    )
    assert not [row for row in shown if row[0] == "date"]


def _built_rows(b: str, year: str) -> list[tuple[str, str, str]]:
    a = "The bridge, which opened in 1963, will stay closed until the county decides."
    return _shown(
        _with(
            member("a", "Gazette", a, published="2026-03-04"),
            timexes=(_timex(a, "1963", "1963", anchored=False),),
        ),
        _with(
            member("b", "Courier", b, published="2026-03-04"),
            timexes=(_timex(b, year, year, anchored=False),),
        ),
    )


def test_the_year_a_thing_was_built_or_opened_is_one_date() -> None:
    b = "The two-lane bridge, built in 1961, carries about 14,000 vehicles a day to the coast."
    assert _built_rows(b, "1961") == [("date", "1963", "1961")]


def test_a_year_opened_is_no_year_another_thing_was_built() -> None:
    # "opened" and "built" date one act only beside the same thing (here a school, not the
    # bridge).
    b = "The old school, built in 1961, will host a meeting on the closure next week."
    assert _built_rows(b, "1961") == []


# -- issue 19/23: kinds readers name that the table missed ------------------------------------


def _night_of(
    a: str, phrase_a: str, value_a: str, b: str, phrase_b: str, value_b: str
) -> list[tuple[str, str, str]]:
    return _shown(
        _with(
            member("a", "Gazette", a, published="2026-03-01"),
            timexes=(_timex(a, phrase_a, value_a, "TIME"),),
        ),
        _with(
            member("b", "Courier", b, published="2026-03-01"),
            timexes=(_timex(b, phrase_b, value_b, "TIME"),),
        ),
    )


def test_two_times_of_one_named_day_conflict() -> None:
    # A clock time that names its day is a date; two of them on one day were said to
    # overlap, since both are that day.
    a = "The warehouse fire in Dunmore broke out at 10:30 p.m. Saturday, firefighters said."
    b = "The warehouse fire in Dunmore broke out at 10:45 p.m. Saturday, officials said."
    shown = _night_of(
        a, "10:30 p.m. Saturday", "2026-02-28T22:30", b, "10:45 p.m. Saturday", "2026-02-28T22:45"
    )
    assert shown == [("date", "10:30 p.m. Saturday", "10:45 p.m. Saturday")]


def test_a_time_of_a_named_day_given_as_an_estimate_is_no_conflict() -> None:
    # "about 10:30" may be 10:45; "just before 3 a.m." often times the call, not the fire.
    a = "The warehouse fire in Dunmore broke out about 10:30 p.m. Saturday, firefighters said."
    b = "The warehouse fire in Dunmore broke out at 10:45 p.m. Saturday, officials said."
    shown = _night_of(
        a, "10:30 p.m. Saturday", "2026-02-28T22:30", b, "10:45 p.m. Saturday", "2026-02-28T22:45"
    )
    assert not shown


def test_one_time_of_a_named_day_agrees() -> None:
    a = "The warehouse fire in Dunmore broke out at 10:30 p.m. Saturday, firefighters said."
    b = "The warehouse fire in Dunmore broke out at 10:30 p.m. on Saturday, officials said."
    shown = _night_of(
        a,
        "10:30 p.m. Saturday",
        "2026-02-28T22:30",
        b,
        "10:30 p.m. on Saturday",
        "2026-02-28T22:30",
    )
    assert not shown


@pytest.mark.parametrize(
    "b",
    [
        "Jaylen Brooks, a 15-year-old sophomore, was shot outside a store in Millbrook.",
        "Jaylen Brooks, aged 15, was shot outside a store in Millbrook.",
        "A 15-year-old boy, Jaylen Brooks, was shot outside a store in Millbrook.",
    ],
)
def test_an_age_in_a_phrase_beside_the_name_is_the_persons(b: str) -> None:
    people = ("Jaylen Brooks",)
    a = "Jaylen Brooks, 14, was shot in the leg on Saturday night."
    shown = _shown(
        member("a", "Gazette", a, people=people), member("b", "Courier", b, people=people)
    )
    assert ("age", "14", "15") in shown


def test_an_age_before_a_speakers_name_is_not_the_speakers() -> None:
    people = ("Dana Cole",)
    a = "Dana Cole, 52, has led the county's detectives since 2019."
    b = "Deputies found a 15-year-old boy, Sgt. Dana Cole said on Sunday."
    shown = _shown(
        member("a", "Gazette", a, people=people), member("b", "Courier", b, people=people)
    )
    assert not [row for row in shown if row[0] == "age"]


def test_the_one_date_each_outlet_gives_a_lease_ending_conflicts() -> None:
    # The sentences differ too much to pair as claims; "expires" and "ends" date one act,
    # and the lease is what both say ends.
    a = "The council voted to sell the ferry pier. The current lease expires in 2031."
    b = "Councillors put the ferry pier up for sale on Monday. Its lease officially ends in 2032."
    shown = _shown(
        _with(
            member("a", "Gazette", a, published="2026-03-03"),
            timexes=(_timex(a, "2031", "2031", anchored=False),),
        ),
        _with(
            member("b", "Courier", b, published="2026-03-03"),
            timexes=(
                _timex(b, "Monday", "2026-03-02"),
                _timex(b, "2032", "2032", anchored=False),
            ),
        ),
    )
    assert ("date", "2031", "2032") in shown


def test_two_things_ending_in_two_years_are_no_conflict() -> None:
    a = "The council voted to sell the ferry pier. The current lease expires in 2031."
    b = "Councillors put the ferry pier up for sale. The mayor's term ends in 2029."
    shown = _shown(
        _with(
            member("a", "Gazette", a, published="2026-03-03"),
            timexes=(_timex(a, "2031", "2031", anchored=False),),
        ),
        _with(
            member("b", "Courier", b, published="2026-03-03"),
            timexes=(_timex(b, "2029", "2029", anchored=False),),
        ),
    )
    assert not [row for row in shown if row[0] == "date"]
