""" "Only in A" is said only where no other outlet may tell the claim in other words."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from scipy import sparse

from storylens.compare import claims as claims_module
from storylens.compare.claims import (
    align_claims,
    claim_units,
    shares_a_quotation,
    similarity_matrix,
)
from storylens.compare.lone_claims import LoneClaimModel, load_model
from storylens.compare.ranking import short_list
from storylens.compare.scorecard import maybe_note, scorecard
from storylens.compare.story import compare_story
from storylens.evidence import StoryEvidence
from storylens.report import EvidenceNotes, _only_line, scorecard_markdown, write_markdown
from storylens.views import StoryView
from test_compare_parts import member

PEOPLE = ("Rhea Voss", "Ruth Penn", "Dana Harlow")
# The same hearing told in other words: the model leans against "same" (p about 0.24) but
# not far, so neither sentence is stated to be its outlet's own.
HEARING_A = (
    "The questions come as the Harbour Committee begins its confirmation hearing for "
    "Councillor Rhea Voss, who was picked to replace Mayor Ruth Penn."
)
HEARING_B = (
    "The Harbour Committee chairman, Councillor Rhea Voss, has been nominated to succeed "
    "Mayor Ruth Penn and is due to appear before the committee on Thursday."
)
LONE = "Dana Harlow laughed and said the kitchen was hers."
FERRY = "The ferry to Kessler will run twice a day from April, the port said."


def _story() -> tuple[list, list]:
    members = [
        member("e", "Echo", f"{HEARING_A} {LONE}", people=PEOPLE),
        member("c", "Courier", f"{HEARING_B} {FERRY}", people=PEOPLE),
    ]
    return members, claim_units(members)


def _index(units: list, words: str) -> int:
    return next(i for i, unit in enumerate(units) if words in unit.text)


@pytest.fixture
def one_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lone-claim model with one threshold at 0.5 and no unplaced band: these two-sentence
    articles put every claim in the lead, where the shipped bounds place none."""
    model = LoneClaimModel(load_model().logistic, own_below=0.5, hedge_from=0.5)
    monkeypatch.setattr(claims_module, "load_lone_model", lambda: model)


def test_a_claim_the_model_cannot_place_is_listed_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    # bounds that leave every probability but the surest between them
    model = LoneClaimModel(load_model().logistic, own_below=0.01, hedge_from=0.99)
    monkeypatch.setattr(claims_module, "load_lone_model", lambda: model)
    members, _ = _story()
    comparison = compare_story("s", members)
    kitchen = next(c for c in comparison.claims if c.text == LONE)
    assert (kitchen.status, kitchen.maybe_matches) == ("unplaced", ())
    assert scorecard(comparison).only_claims == 0
    report = write_markdown(
        StoryView(
            "s", "s", (), (), comparison, texts={m.id: m.analysed.clean.text for m in members}
        )
    )
    claims_part = report.split("## What the outlets share")[1]
    only, placed_apart = claims_part.split("### Not placed")
    assert LONE not in only
    assert LONE in placed_apart.split("## ")[0] and "cannot tell" in placed_apart


def test_an_unplaced_claim_shows_the_other_outlets_nearest_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    model = LoneClaimModel(load_model().logistic, own_below=0.01, hedge_from=0.99)
    monkeypatch.setattr(claims_module, "load_lone_model", lambda: model)
    members, _ = _story()
    comparison = compare_story("s", members)
    hearing = next(c for c in comparison.claims if c.text == HEARING_A)
    assert hearing.status == "unplaced"
    (nearest,) = hearing.nearest
    assert (nearest.outlet, nearest.relation) == ("Courier", "nearest-likely")
    texts = {m.id: m.analysed.clean.text for m in members}
    assert texts[nearest.article_id][nearest.start : nearest.end] == HEARING_B
    report = write_markdown(StoryView("s", "s", (), (), comparison, texts=texts))
    placed_apart = report.split("### Not placed")[1].split("## ")[0]
    assert f"closest in Courier: “{HEARING_B}”" in placed_apart


@pytest.mark.usefixtures("one_threshold")
def test_a_claim_another_outlet_may_tell_in_other_words_is_not_stated_lone() -> None:
    members, units = _story()
    claims = align_claims(members, units, similarity_matrix(units))
    hearing, lone = claims[_index(units, "confirmation")], claims[_index(units, "kitchen")]
    assert hearing.status == "only"  # the model does not call it the same claim ...
    (maybe,) = hearing.maybe_matches  # ... but the reader is not told it is Echo's own
    assert (maybe.outlet, maybe.relation) == ("Courier", "maybe-same")
    assert (maybe.start, maybe.end) == (units[_index(units, "chairman")].start, maybe.end)
    assert 0.2 <= maybe.score < 0.5
    assert maybe_note(hearing) == "Courier may say it in other words"
    notes = EvidenceNotes(StoryEvidence(SimpleNamespace(claims=claims, lineage=()), {}))  # type: ignore[arg-type]
    assert "(Courier may say it in other words)[^1]" in _only_line(hearing, notes)
    # A claim no other outlet comes near stays lone, said plainly, with its evidence note.
    assert lone.status == "only" and lone.maybe_matches == ()
    assert _only_line(lone, notes) == LONE + "[^2]"


@pytest.mark.usefixtures("one_threshold")
def test_the_count_of_lone_claims_leaves_out_the_unsure() -> None:
    members, _ = _story()
    card = scorecard(compare_story("s", members))
    # Echo's and Courier's hearing sentences are unsure; the kitchen and the ferry are lone.
    assert (card.only_claims, card.maybe_only_claims) == (2, 2)
    assert {o.outlet: o.only_claims for o in card.outlets} == {"Echo": 1, "Courier": 1}
    line = next(line for line in scorecard_markdown(card) if "only one outlet" in line)
    assert "2 claims storylens is sure only one outlet reports" in line
    assert "2 more perhaps told by another" in line


def test_a_match_holds_both_ways() -> None:
    """B's sentence is A's claim's counterpart, but B's own search never looked at A's
    sentence (here the word cosine lists the pair one way only): both are shared."""
    members = [
        member("e", "Echo", "The council approved the budget on Monday.", people=PEOPLE),
        member("c", "Courier", "On Monday the council passed the budget.", people=PEOPLE),
    ]
    units = claim_units(members)
    cosine = similarity_matrix(units).tolil()
    cosine[1, 0] = 0.0  # Courier's claim finds no candidate in Echo
    claims = align_claims(members, units, sparse.csr_matrix(cosine))
    assert [c.status for c in claims] == ["shared", "shared"]
    assert claims[1].shared_with == ("Echo",)
    assert [(m.outlet, m.start) for m in claims[1].matches] == [("Echo", units[0].start)]


def test_two_claims_quoting_the_same_words_are_not_stated_lone() -> None:
    """The narration around one quotation differs too much for the model, but the two
    outlets quote the same sentence: neither is called its outlet's own."""
    echo = (
        "Dana Harlow turned back to the presenter and joked: “This is why we will have to "
        "cut him out of the show.”"
    )
    courier = (
        "Staring into the camera, she tried to block her husband from the frame before "
        'quipping (or not): "This is why we will have to cut him out of the show."'
    )
    members = [
        member("e", "Echo", echo, people=PEOPLE),
        member("c", "Courier", courier, people=PEOPLE),
    ]
    units = claim_units(members)
    claims = align_claims(members, units, similarity_matrix(units))
    assert [c.status for c in claims] == ["only", "only"]
    assert [[m.outlet for m in c.maybe_matches] for c in claims] == [["Courier"], ["Echo"]]
    assert all(m.score < 0.2 for c in claims for m in c.maybe_matches)
    # each line says why: the very words, not "may say it in other words"
    assert [maybe_note(c) for c in claims] == [
        "Courier prints the same quotation",
        "Echo prints the same quotation",
    ]
    assert shares_a_quotation(echo, courier)
    assert not shares_a_quotation("“I'm sorry,” he said.", "“I'm sorry,” she said.")


def test_a_short_quotation_with_an_uncommon_word_is_the_same_words() -> None:
    # one outlet's scare-quoted word in another's account of the same moment
    assert shares_a_quotation(
        "At one point, Pell called a heckler in the crowd a “blowhard.”",
        "He refused questions and even called one man a 'blowhard' for shouting.",
    )
    # a short quotation of common words recurs in any story
    assert not shares_a_quotation("Fenn called the plan “the best”.", "Ames said “the best” won.")
    # one word in marks is not a longer quotation that holds it (another speaker's words)
    assert not shares_a_quotation(
        "Critics call the plan “amnesty”.", "“There won't be amnesty inside it,” Fenn said."
    )
    assert shares_a_quotation("Critics call the plan “amnesty”.", "Others call it “amnesty”.")


def test_a_short_quotation_is_printed_only_by_an_outlet_that_prints_all_of_it() -> None:
    said = "“It was a swindle,” Fenn repeated."
    word = "Fenn has since called the sale a “swindle” in two interviews."
    # the outlet that prints the one word does not print "It was a swindle"
    assert not shares_a_quotation(said, word)
    # the word itself is printed by both
    assert shares_a_quotation(word, said)


def test_a_long_quotation_is_not_printed_by_an_outlet_that_prints_one_word_of_it() -> None:
    remark = (
        '"No matter how heated the council gets, that is no excuse for my temper," he added, '
        'after a statement in which he said he "profoundly" regrets the shouting.'
    )
    statement = "“I profoundly regret my outburst and I apologise to the harbour board,” Fenn said."
    assert not shares_a_quotation(remark, statement)
    # nor does an outlet print the statement that quotes one word of it
    assert not shares_a_quotation(statement, remark)
    # a cut of five words or more is the same quotation
    assert shares_a_quotation(
        statement, "Fenn said he wished to apologise: “I profoundly regret my outburst.”"
    )


@pytest.mark.usefixtures("one_threshold")
def test_the_short_list_shows_the_sure_lone_claims_first() -> None:
    members, _ = _story()
    comparison = compare_story("s", members)
    echo = [c for c in comparison.claims if c.outlet == "Echo" and c.status == "only"]
    top, _ = short_list(echo, comparison.claims, size=1)
    # The hearing sentence leads the article and names three people, but the Courier may
    # tell it: the kitchen sentence, Echo's own for sure, comes first.
    assert [c.text for c in top] == [LONE]


@pytest.mark.usefixtures("one_threshold")
def test_a_claim_another_outlet_may_tell_is_listed_apart_from_only_in() -> None:
    # a reader takes "Only in Echo" for a fact: the hedged claim is not under it but under
    # its own heading, beside the other outlet's likeliest sentence
    members, _ = _story()
    comparison = compare_story("s", members)
    report = write_markdown(
        StoryView(
            "s", "s", (), (), comparison, texts={m.id: m.analysed.clean.text for m in members}
        )
    )
    claims_part = report.split("## What the outlets share")[1].split("\n## ")[0]
    only, hedged = claims_part.split("### Perhaps told by others too")
    assert HEARING_A not in only and LONE in only
    (line,) = [line for line in hedged.splitlines() if line.startswith(f"- Echo: {HEARING_A}")]
    assert f"— Courier: {HEARING_B}" in line
