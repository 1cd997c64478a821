"""The summary: lines that stand alone, say each thing once and say what they know of the
other outlets."""

from __future__ import annotations

from dataclasses import replace

import pytest

from storylens.compare.story import compare_story
from storylens.compare.summary import (
    describes_someone,
    names_someone,
    others_note,
    stands_alone,
    unattributed_quotation,
)
from storylens.records import (
    Claim,
    ClaimMatch,
    DetailConflict,
    DetailValue,
    SummarySentence,
    Wording,
)
from test_compare_parts import member


@pytest.mark.parametrize(
    ("text", "alone"),
    [
        ("The council voted 5-2 on Tuesday to close the Ferris Bay library.", True),
        ("Councillor Ames said the branch would reopen in spring.", True),
        # leans on the sentence before: a pronoun, a connective
        ("He added that the branch would reopen in spring.", False),
        ("But the mayor was not alone.", False),
        ("It's not the first time the council has closed a branch.", False),
        ("This is the third closure in a decade.", False),
        ("Asked if she would run again, she said she would not.", False),
        ("Asked about the vote, Marwood said she would not run again.", True),
        # an opening phrase, then a pronoun no name before it resolves
        ("From 2009 to 2017, she chaired the Ferris Bay library board.", False),
        ("On Tuesday, the council voted 5-2 to close the library.", True),
        ("Most councillors said the latter was something they could not support.", False),
        # one more of a series the sentences before tell
        ("The latest councillor to learn the hard way was Ada Quist of Ferris Bay.", False),
        ("Another resident, not named, then tells the mayor the vote was rigged.", False),
        ("The latest figures show the library lent 40,000 books last year.", True),
        # a source's words, read as the outlet's account without their speaker
        ("“We will fight this decision in every court we can,” Ames said.", False),
        # a quoted phrase inside the outlet's own account
        ("The council called the plan “unaffordable” and voted it down on Tuesday.", True),
    ],
)
def test_a_summary_line_stands_alone(text: str, alone: bool) -> None:
    assert stands_alone(text) is alone


@pytest.mark.parametrize(
    ("text", "unnamed"),
    [
        # who "the congressman" is lies in the sentences before
        ("“I did not send it,” the congressman said, though he does not know who did.", True),
        ("In the video, the North Carolina lawmaker grabs the student's arm.", True),
        ("The Republican governor returned home Tuesday afternoon.", True),
        # named in the line, or named as the one whose office it is
        ("The congressman, Dan Roe, said he did not send it.", False),
        ("Roe's office said the congressman's account had been hacked.", False),
        # no description of a person: the victim of a story is who it is about
        ("The victim is a 45-year-old woman from Rochester.", False),
        ("The president's advisory board met on Monday.", False),
        ("The New York Times reported the vote on Tuesday.", False),
    ],
)
def test_a_line_calling_someone_only_by_a_role_does_not_stand_alone(
    text: str, unnamed: bool
) -> None:
    story_names = frozenset({"Dan", "Roe"})
    assert (describes_someone(text) and not names_someone(text, story_names)) is unnamed


def test_a_line_another_outlet_prints_as_a_quotation_is_a_source_s_words() -> None:
    words = "From the start, the county has pursued a vendetta against Ms. Penn."
    line = SummarySentence(
        text=words,
        article_id="p",
        outlet="Post",
        outlets=("Post",),
        other_wordings=(Wording("Echo", f"“{words}”"),),
    )
    assert unattributed_quotation(line)
    # attributed in the line itself: the summary may tell who said it
    said = replace(line, text=words[:-1] + ", her lawyer said.")
    assert not unattributed_quotation(said)
    # another outlet's narration beside it is no quotation
    assert not unattributed_quotation(replace(line, other_wordings=(Wording("Echo", words),)))


GAZETTE = (
    "The council voted on Tuesday to close the Ferris Bay library after a long debate. "
    "He added that the vote was final. "
    "“We are heartbroken and we will keep reading in the park,” the librarian said."
)
COURIER = (
    "Ferris Bay will lose its library after the council voted on Tuesday to close it. "
    "Tickets for the harbour festival went on sale on Monday morning."
)


def test_the_summary_leaves_out_leaning_and_quoted_lines() -> None:
    members = [member("g", "Gazette", GAZETTE), member("c", "Courier", COURIER)]
    summary = compare_story("s", members).summary
    texts = [line.text for line in summary]
    assert texts, "the summary is empty"
    assert not any(t.startswith("He added") for t in texts)
    assert not any(t.startswith("“We are heartbroken") for t in texts)


def test_a_summary_line_says_what_it_knows_of_the_other_outlets() -> None:
    line = SummarySentence("x", "a", "Gazette", ("Gazette",))
    assert others_note(line) == ""
    unmatched = SummarySentence("x", "a", "Gazette", ("Gazette",), unmatched=("Courier", "Post"))
    assert others_note(unmatched) == "storylens cannot tell whether Courier, Post tell it"
    likely = ClaimMatch("c", "Courier", 0, 5, "nearest-likely", 0.5, "closest in words")
    unsure = ClaimMatch("p", "Post", 0, 5, "nearest", 0.2, "closest in words")
    pointed = replace(unmatched, nearest=(likely, unsure))
    # an outlet with a closest sentence is left to it, likely or not
    assert others_note(pointed) == ""
    assert others_note(replace(unmatched, nearest=(likely,))) == (
        "storylens cannot tell whether Post tells it"
    )
    own = SummarySentence("x", "a", "Gazette", ("Gazette",), own=True)
    assert others_note(own) == "only Gazette reports it"
    quoting = SummarySentence(
        "x", "a", "Gazette", ("Gazette",), unmatched=("Post",), same_quotation=("Courier",)
    )
    assert others_note(quoting) == (
        "Courier prints the same quotation; storylens cannot tell whether Post tells it"
    )


def test_every_outlet_of_the_story_is_accounted_for_under_a_summary_line() -> None:
    members = [member("g", "Gazette", GAZETTE), member("c", "Courier", COURIER)]
    for line in compare_story("s", members).summary:
        told = {*line.outlets, *(w.outlet for w in line.other_wordings), *line.unmatched}
        told |= set(line.same_quotation)
        assert line.own or told == {"Gazette", "Courier"}
        assert not (line.own and line.unmatched)


def test_a_line_gives_only_wordings_matched_with_its_own_claim() -> None:
    from storylens.compare.summary import claim_line
    from storylens.records import Claim, ClaimMatch

    def claim(article: str, outlet: str, text: str, *matched: Claim) -> Claim:
        matches = tuple(
            ClaimMatch(m.article_id, m.outlet, m.start, m.end, "same", 0.8, "") for m in matched
        )
        return Claim(article, outlet, 0, len(text), text, "shared", 1, matches=matches)

    # the Courier's sentence joins the group through the Post's, never through the Gazette's
    post = claim("p", "Post", "The harbour board will subpoena the developer, Ames said.")
    gazette = claim(
        "g", "Gazette", "The harbour board will issue subpoenas to the developer.", post
    )
    courier = claim("c", "Courier", "The board's move comes a day after the county's vote.")
    line = claim_line(gazette, [gazette, post, courier])
    assert [(w.outlet, w.text) for w in line.other_wordings] == [("Post", post.text)]


def _matched_claim(article: str, outlet: str, text: str, *matched: tuple[Claim, float]) -> Claim:
    """A claim of group 1 matched by the model with each of ``matched`` at its score."""
    matches = tuple(
        ClaimMatch(m.article_id, m.outlet, m.start, m.end, "same", score, "")
        for m, score in matched
    )
    return Claim(article, outlet, 0, len(text), text, "shared", 1, matches=matches)


@pytest.mark.parametrize(
    ("line", "other", "sure"),
    [
        # a sentence continuing one the reader does not see
        (
            "Alderman Pryce's remarks led the Harbour Gazette to call for his resignation.",
            "But the Gazette's editor was not alone.",
            False,
        ),
        (
            '"I will not resign over this," Pryce told reporters at the pier.',
            '"But I will not let this matter run the council," he said.',
            False,
        ),
        # one fisherman's word under what a whole guild says
        (
            "Guild leaders say there is no smuggling within the fleet.",
            "Mortlake said he had seen no sign of smuggling within the fleet.",
            False,
        ),
        # the same official, two statements: nothing but the words of his name in common
        (
            "Harbour Commissioner Ivo Fenn said the harbour would seek emergency dredging money.",
            "Harbour Commissioner Ivo Fenn insisted that the harbour was doing all it could.",
            False,
        ),
        # one claim told twice: a pronoun names no other speaker, a name talked of is no speaker
        (
            "Pryce said he had hired a private firm to trace the leaked letter.",
            "He said that he had hired an Internet security firm to look into it.",
            True,
        ),
        (
            '"I am not against the new pier," Pryce reportedly said.',
            '"I am for the old quay and I am not against the new pier," he said.',
            True,
        ),
        ("The boy was taken to a clinic, where he recovered.", "He was rushed to a clinic.", True),
    ],
)
def test_another_outlets_sentence_stands_beside_a_line_only_when_the_pairing_is_sure(
    line: str, other: str, sure: bool
) -> None:
    from storylens.compare.summary import sure_pairing

    assert sure_pairing(line, other) is sure


def test_a_line_shows_an_outlets_surest_wording_not_its_doubtful_best_scored_one() -> None:
    from storylens.compare.shared_lines import shared_lines
    from storylens.compare.summary import claim_line

    doubtful = _matched_claim("p", "Post", '"But I will not let this matter run the council."')
    sure = _matched_claim("q", "Post", 'Pryce replied, "I will not talk about the letter again."')
    gazette = _matched_claim(
        "g",
        "Gazette",
        '"I will not talk about the letter again," Pryce told reporters at the pier.',
        (doubtful, 0.9),
        (sure, 0.6),
    )
    claims = [gazette, doubtful, sure]
    line = claim_line(gazette, claims)
    assert [(w.outlet, w.text) for w in line.other_wordings] == [("Post", sure.text)]
    assert shared_lines(claims)[0].other_wordings == line.other_wordings

    # with no sure wording, the Post is left off the line rather than shown under it
    alone = claim_line(gazette, [gazette, doubtful])
    assert alone.other_wordings == ()


def test_a_quote_opening_on_but_stands_beside_the_same_quote() -> None:
    from storylens.compare.summary import sure_pairing

    line = "“I was elected to mend the harbour wall, not to wish one into being,” Pryce said."
    assert sure_pairing(
        line, '"But I was elected to mend the harbour wall, not to wish one into being."'
    )
    assert not sure_pairing(line, "But the harbour wall was not alone.")
    assert not sure_pairing("But the harbour wall was not alone.", line)
    # a capitalised word opening a quotation is no name: the same quote, one opening on "But"
    assert sure_pairing(
        '"Repairs have not been fast enough, and we owe the boat owners action," Fenn said.',
        "‘But repairs have not been fast enough, and we owe the boat owners action.’",
    )


def test_a_shared_line_names_the_outlets_it_cannot_show_beside_it() -> None:
    from storylens.compare.shared_lines import shared_lines
    from storylens.compare.summary import others_note

    doubtful = _matched_claim(
        "p", "Post", "Fisherman Mortlake said he saw no smuggling in the fleet."
    )
    guild = _matched_claim(
        "g", "Gazette", "Guild leaders say there is no smuggling in the fleet.", (doubtful, 0.7)
    )
    (line,) = shared_lines([guild, doubtful])
    assert line.other_wordings == ()
    assert line.unmatched == ("Post",)
    assert "Post" in others_note(line)


def test_a_claim_paired_with_an_outlet_only_doubtfully_is_left_out_of_the_summary() -> None:
    from storylens.compare.summary import doubtful_outlets

    fisherman = _matched_claim("p", "Post", "Mortlake said he saw no smuggling in the fleet.")
    guild = _matched_claim(
        "g", "Gazette", "Guild leaders say there is no smuggling in the fleet.", (fisherman, 0.7)
    )
    told = _matched_claim("c", "Courier", "Guild leaders said the fleet has no smugglers.")
    sure = _matched_claim(
        "g", "Gazette", "Guild leaders say the fleet has no smugglers in it.", (told, 0.7)
    )
    assert doubtful_outlets(guild, [guild, fisherman]) == {"Post"}
    assert doubtful_outlets(sure, [sure, told]) == set()


def test_an_outlet_printing_a_lines_quotation_is_said_to_not_called_unmatched() -> None:
    from storylens.compare.shared_lines import shared_lines
    from storylens.compare.summary import others_note, quoting_outlets

    post = _matched_claim(
        "p", "Post", '"The pier is safe, and I will swim under it myself," Fenn said.'
    )
    gazette = _matched_claim(
        "g",
        "Gazette",
        'Fenn told the council: "The pier is safe, and I will swim under it myself."',
        (post, 0.8),
    )
    # the Courier prints the quotation in a sentence the model never paired with the line
    courier = Claim(
        "c",
        "Courier",
        0,
        60,
        'At the meeting he vowed, "the pier is safe, and I will swim under it myself."',
        "only",
        2,
    )
    unrelated = Claim("d", "Ledger", 0, 40, "The council meets again on Monday.", "only", 3)
    claims = [gazette, post, courier, unrelated]
    assert quoting_outlets(gazette, claims, ("Courier", "Ledger")) == ("Courier",)
    (line,) = [line for line in shared_lines(claims) if line.text == gazette.text]
    assert line.same_quotation == ("Courier",)
    assert "Courier" not in line.unmatched
    assert others_note(line).startswith("Courier prints the same quotation")


def test_an_outlet_printing_only_part_of_the_quotation_is_said_to_print_part() -> None:
    from storylens.compare.claims import prints_part_of_quotation
    from storylens.compare.shared_lines import shared_lines
    from storylens.compare.summary import others_note, part_quoting_outlets

    remark = (
        '"To keep the harbour open, my first task will be to mend the old pier. It would '
        'come first even in calm years, though the town today is neither calm nor safe," '
        "Fenn said."
    )
    cut = '"It would come first even in calm years, though the town today is neither," Fenn said.'
    assert prints_part_of_quotation(remark, cut)
    assert not prints_part_of_quotation(cut, remark)  # the remark prints all of the cut one
    assert not prints_part_of_quotation(remark, remark)
    # printed whole in two pieces around its speaker
    split = (
        '"To keep the harbour open," Fenn said, "my first task will be to mend the old pier. '
        "It would come first even in calm years, though the town today is neither calm nor "
        'safe."'
    )
    assert not prints_part_of_quotation(remark, split)
    post = _matched_claim("p", "Post", "Fenn vowed to mend the pier before the harbour opens.")
    gazette = _matched_claim("g", "Gazette", remark, (post, 0.8))
    courier = Claim("c", "Courier", 0, len(cut), cut, "only", 2)
    claims = [gazette, post, courier]
    assert part_quoting_outlets(gazette, claims, ("Courier",)) == ("Courier",)
    (line,) = [line for line in shared_lines(claims) if line.text == gazette.text]
    assert line.same_quotation == ("Courier",) and line.part_quotation == ("Courier",)
    assert others_note(line).startswith("Courier prints part of the quotation")


def test_an_unmatched_outlets_sentence_close_in_words_tells_the_line_in_other_words() -> None:
    from storylens.compare.summary import _told_in_other_words

    line_text = "The council voted on Monday to close the Elm Street library at the end of June."
    told = "The Elm Street library will close in June after a council vote on Monday."
    other = "Library users said the Elm Street branch had been open for a century."
    texts = {"c": told, "d": other}
    line = SummarySentence(line_text, "g", "Gazette", ("Gazette",), unmatched=("Courier", "Daily"))

    def near(article: str, outlet: str, score: float) -> ClaimMatch:
        end = len(texts[article])
        return ClaimMatch(article, outlet, 0, end, "nearest", score, "")

    shown = _told_in_other_words(line, [near("c", "Courier", 0.6), near("d", "Daily", 0.3)], texts)
    assert [(w.outlet, w.text) for w in shown.other_wordings] == [("Courier", told)]
    assert shown.unmatched == ("Daily",)
    assert [m.outlet for m in shown.nearest] == ["Daily"]
    # under NEAREST_TELLS it stays a closest sentence, never called a wording
    kept = _told_in_other_words(line, [near("c", "Courier", 0.3)], texts)
    assert (kept.other_wordings, kept.unmatched) == ((), ("Courier", "Daily"))


def _value(article: str, outlet: str, text: str, start: int) -> DetailValue:
    return DetailValue(article, outlet, "count", "firefighters", text, "3", "", start, start + 9)


def test_a_value_agreeing_with_a_disputed_one_is_disputed_too() -> None:
    """The Wire's "three injured firefighters" agrees with the Gazette's "Three firefighters",
    which the Post gives as "Four firefighters": a line stating the Wire's three would show
    the conflict as agreement."""
    from storylens.compare.summary import _disputed, _disputed_phrases, _disputed_values

    wire = _value("w", "Wire", "three injured firefighters", 4)
    gazette = _value("g", "Gazette", "Three firefighters", 0)
    post = _value("p", "Post", "Four firefighters", 0)
    other = _value("w", "Wire", "two engines", 80)
    details = [
        DetailConflict("count", "firefighters", gazette, wire, "agree", ""),
        DetailConflict("count", "firefighters", gazette, post, "disagree", ""),
        DetailConflict(
            "count", "engines", other, _value("g", "Gazette", "two engines", 90), "agree", ""
        ),
    ]
    disputed = _disputed_values(details)
    assert set(disputed) == {("w", 4), ("g", 0), ("p", 0)}
    values, phrases = set(disputed), _disputed_phrases(disputed.values())
    text = "The three injured firefighters were treated and released, the department said."
    line = Claim("w", "Wire", 0, len(text), text, "shared", 1)
    assert _disputed(line, values, phrases)
    engines = "Two engines stayed at the site overnight."
    calm = Claim("w", "Wire", 80, 80 + len(engines), engines, "shared", 2)
    assert not _disputed(calm, values, phrases)


def test_a_line_whose_wording_beside_it_states_a_disputed_detail_is_left_out() -> None:
    """A line of its own outlet with no disputed figure still shows another outlet's sentence
    beside it: where that sentence states a figure a third outlet gives differently, the line
    is left out of the summary."""
    from storylens.compare.summary import _disputed, _shown_beside, claim_line

    gazette_text = "Three firefighters were treated for heat exhaustion and released."
    gazette = _matched_claim("g", "Gazette", gazette_text)
    wire = _matched_claim(
        "w", "Wire", "The injured firefighters were treated for heat exhaustion.", (gazette, 0.8)
    )
    line = claim_line(wire, [wire, gazette])
    assert _shown_beside(line, wire, [wire, gazette]) == [gazette]
    post = _value("p", "Post", "Four firefighters", 0)
    conflict = DetailConflict(
        "count",
        "firefighters",
        _value("g", "Gazette", "Three firefighters", 0),
        post,
        "disagree",
        "",
    )
    from storylens.compare.summary import _disputed_phrases, _disputed_values

    disputed = _disputed_values([conflict])
    values, phrases = set(disputed), _disputed_phrases(disputed.values())
    assert not _disputed(wire, values, phrases)
    assert _disputed(gazette, values, phrases)


def test_a_line_left_out_after_it_was_read_leaves_the_other_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A line read, then left out (another outlet's sentence beside it states a disputed
    figure), takes no place among the kept lines: each kept line still gets its own
    nearest sentences (the lines' rows and the kept lines were once zipped unequal)."""
    import storylens.compare.summary as summary

    lead = "A fire gutted the Kestrel warehouse on Cannery Road on Tuesday night."
    members = [
        member("g", "Gazette", f"{lead} Chief Dana Whitcombe said the cause was not known."),
        member("w", "Wire", f"{lead} Investigators will return to the site on Thursday."),
        member("p", "Post", f"{lead} The warehouse stored paper and paint."),
    ]
    disputed = Claim("x", "X", 0, 1, "x", "shared", 99)
    read: list[Claim] = []

    def shown_beside(line: SummarySentence, claim: Claim, claims: list[Claim]) -> list[Claim]:
        read.append(claim)
        return [disputed] if len(read) == 1 else []

    real = summary._disputed
    monkeypatch.setattr(summary, "_shown_beside", shown_beside)
    monkeypatch.setattr(
        summary,
        "_disputed",
        lambda claim, values, phrases: claim is disputed or real(claim, values, phrases),
    )
    lines = compare_story("s", members).summary
    assert read and lead not in [line.text for line in lines]
    assert [line.text for line in lines] == [claim.text for claim in read[1:]]


def test_an_outlets_closest_sentence_is_the_nearest_to_any_wording_of_the_line() -> None:
    from storylens.compare.summary import _nearest_to_any, _wording_rows

    def claim(outlet: str, group: int, status: str = "shared") -> Claim:
        return Claim(outlet.lower(), outlet, 0, 1, "x", status, group)  # type: ignore[arg-type]

    claims = [claim("Gazette", 1), claim("Post", 1), claim("Courier", 2), claim("Post", 1, "copy")]
    # the line's claim, then the other outlets' claims of its group (no copy, no own outlet)
    assert _wording_rows(0, claims) == [0, 1]
    # the Courier's sentence 7 shares more with the Post's wording than 5 with the line's own
    near = {0: {"Courier": (5, 0.2), "Post": (1, 0.6)}, 1: {"Courier": (7, 0.4)}}
    assert _nearest_to_any([0, 1], near) == {"Courier": (7, 0.4), "Post": (1, 0.6)}
    # on a tie, the line's own nearest stands
    near[1]["Courier"] = (7, 0.2)
    assert _nearest_to_any([0, 1], near)["Courier"] == (5, 0.2)


def test_an_unplaced_claim_on_the_summary_points_where_its_line_does() -> None:
    from storylens.compare.summary import with_summary_pointers

    def pointer(outlet: str, start: int) -> ClaimMatch:
        return ClaimMatch(outlet.lower(), outlet, start, start + 5, "nearest", 0.3, "")

    claim = Claim(
        "g", "Gazette", 0, 9, "The pier", "unplaced", 1,  # type: ignore[arg-type]
        nearest=(pointer("Courier", 10), pointer("Post", 20)),
    )  # fmt: skip
    line = SummarySentence(
        "The pier", "g", "Gazette", ("Gazette",), unmatched=("Courier",),
        nearest=(pointer("Courier", 40),),
    )  # fmt: skip
    (moved,) = with_summary_pointers([claim], [line])
    assert [(m.outlet, m.start) for m in moved.nearest] == [("Courier", 40), ("Post", 20)]
    # a claim no line words stays as it was
    other = replace(claim, text="Another")
    assert with_summary_pointers([other], [line]) == (other,)


@pytest.mark.parametrize(
    "piece",
    [
        "House Majority Whip Kevin McCarthy",  # a subject cut from its sentence
        "Mayor Ada Quist continued, calling out Councillor Tom Pell",  # a piece of a quote
        "Council votes to close Elm Street library",  # a headline
        "the focus of the mayor's campaign, which opens on Monday",  # a cut piece
    ],
)
def test_a_piece_of_a_sentence_or_a_headline_is_no_summary_line(piece: str) -> None:
    assert not stands_alone(piece)
    assert stands_alone("House Majority Whip Kevin McCarthy backed the plan on Monday.")


@pytest.mark.parametrize(
    "line",
    [
        "The statement also quotes the council's own budget rules.",
        "Quist continued, calling out Councillor Tom Pell by name.",
        "The mayor and the council issued identical statements afterward.",
    ],
)
def test_a_line_adding_to_the_sentence_before_does_not_stand_alone(line: str) -> None:
    assert not stands_alone(line)
