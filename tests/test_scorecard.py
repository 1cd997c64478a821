"""The differences scorecard and the ranked short lists (issue 20, items 2 and 3)."""

from __future__ import annotations

from storylens.compare.ranking import short_list
from storylens.compare.scorecard import scorecard
from storylens.records import (
    Claim,
    DetailConflict,
    DetailValue,
    QuoteGroup,
    QuoteVariant,
    SourceCount,
    SourcingProfile,
    StoryComparison,
    ToneMark,
    ToneProfile,
)


def _value(article_id: str, outlet: str) -> DetailValue:
    return DetailValue(article_id, outlet, "age", "Pryce", "58", "58", "Pryce, 58, said", 0, 2)


def _conflict(status: str) -> DetailConflict:
    return DetailConflict("age", "Pryce", _value("a", "A"), _value("b", "B"), status, "")  # type: ignore[arg-type]


def _variant(relation: str) -> QuoteVariant:
    return QuoteVariant("b", "B", "words", "Pryce", 80.0, relation)  # type: ignore[arg-type]


def _mark(text: str, polarity: str = "negative") -> ToneMark:
    return ToneMark(0, 1, text, polarity, "own")  # type: ignore[arg-type]


def test_the_scorecard_counts_what_differs() -> None:
    comparison = StoryComparison(
        story_id="s",
        details=(_conflict("disagree"), _conflict("disagree"), _conflict("unchecked")),
        quote_groups=(
            QuoteGroup(
                "Pryce",
                "words",
                (_variant("reference"), _variant("reworded"), _variant("truncated")),
                ("A", "B"),
                True,
            ),
            QuoteGroup(
                "Lee", "we will reopen the pier", (_variant("misattributed"),), ("B",), True
            ),
            # a short phrase only A prints: another outlet may quote it inside other words
            QuoteGroup("Lee", "a balanced approach", (_variant("reference"),), ("A",), True),
        ),
        claims=(
            Claim("a", "A", 0, 5, "one", "only", 1),
            Claim("b", "B", 0, 5, "two", "only", 2),
            Claim("b", "B", 6, 9, "three", "only", 3),
            Claim("b", "B", 10, 15, "four", "shared", 4, ("A",)),
        ),
        sourcing_by_outlet=(
            SourcingProfile("A", ("a",), (SourceCount("anonymous", 1, 10),), (), (), (), 0.25),
            SourcingProfile("B", ("b",), (), (), ()),
        ),
        tone=(
            ToneProfile("b", "B", (_mark("chaos"), _mark("alarming"), _mark("chaos")), (), ()),
            ToneProfile("a", "A", (_mark("perhaps", "hedge"),), (), ()),
        ),
    )
    card = scorecard(comparison)
    assert (card.conflicts, card.possible_conflicts, card.only_claims) == (2, 1, 3)
    assert card.variants == (("reworded", 1), ("truncated", 1), ("misattributed", 1))
    assert card.count("variants") == 3
    by_outlet = {o.outlet: o for o in card.outlets}
    assert (by_outlet["A"].only_claims, by_outlet["A"].anonymous_share) == (1, 0.25)
    assert by_outlet["B"].loaded_words == ("chaos", "alarming")
    assert by_outlet["A"].loaded_words == ()  # a hedge is not a loaded word
    assert by_outlet["A"].hedge_words == ("perhaps",)  # but the cell names it
    # Lee's quote is printed by B alone: a quote only B carries; A's short phrase is not counted
    assert (by_outlet["A"].only_quotes, by_outlet["B"].only_quotes) == (0, 1)


def test_a_short_list_puts_the_lead_names_numbers_and_quotes_first() -> None:
    texts = [
        "It was a grey day.",  # the lead, nothing else
        "the weather was mild and dry all week",
        "the board said it would pay 2.4 million",
        "the roads were quiet",
        'the chair, Alan Pryce, said "we are closing it early"',
        "people were out walking",
        "it rained later",
    ]
    claims = [Claim("a", "A", i * 100, i * 100 + 50, t, "only", i) for i, t in enumerate(texts)]
    top, rest = short_list(claims, size=3)
    assert [c.text for c in top] == [texts[4], texts[2], texts[0]]
    assert [c.text for c in rest] == [texts[1], texts[3], texts[5], texts[6]]  # article order


def test_side_by_side_keeps_each_articles_order() -> None:
    from storylens.views import pair_view

    def claim(article_id: str, start: int, group: int, status: str = "shared") -> Claim:
        return Claim(
            article_id, article_id, start, start + 5, f"{article_id}{start}", status, group
        )  # type: ignore[arg-type]

    comparison = StoryComparison(
        story_id="s",
        claims=(
            claim("L", 0, 1),
            claim("L", 10, 2, "only"),
            claim("L", 20, 3),
            claim("R", 0, 1),
            claim("R", 10, 4, "only"),  # the right's own claim, between two shared ones
            claim("R", 20, 3),
            claim("R", 30, 5, "only"),
        ),
    )
    rows = pair_view(comparison, "L", "R")
    assert [
        (r.left.start if r.left else None, r.right.start if r.right else None) for r in rows
    ] == [
        (0, 0),
        (10, None),
        (None, 10),
        (20, 20),
        (None, 30),
    ]


def test_an_outlets_cells_say_what_is_unsure() -> None:
    from storylens.compare.scorecard import OutletScore, loaded_words_cell, only_here_words

    quiet = OutletScore("Gazette", 0, 0.0, (), unplaced_claims=19)
    # "0" alone read as "nothing of its own" beside 19 sentences storylens cannot place
    assert only_here_words(quiet) == "none sure (+19 not placed)"
    # "none sure" and "none found" read as "no loaded words" where the outlet wrote some the
    # part does not list, and a bare dash as "none to list": the cell says whose verdict it is
    assert loaded_words_cell(quiet) == "none storylens is sure of"
    sure = OutletScore("Courier", 2, 0.0, ("slammed",))
    assert (only_here_words(sure), loaded_words_cell(sure)) == ("2", "slammed")
    # a hedge is no loaded word, but the cell names it rather than say nothing was found
    hedging = OutletScore("Post", 0, 0.0, (), hedge_words=("supposedly",))
    assert loaded_words_cell(hedging) == "hedge: supposedly"
    # people only it names: a thing of its own the reader can check, beside "none sure"
    naming = OutletScore("Ledger", 0, 0.0, (), unplaced_claims=4, named_only=2)
    assert only_here_words(naming) == "none sure (+4 not placed); 2 named only here"
    assert only_here_words(OutletScore("Wire", 1, 0.0, (), named_only=1)) == (
        "1; 1 named only here"
    )
    # the list stops at MAX_ONLY_NAMED: the cell does not say that is all of them
    from storylens.compare.names_only import MAX_ONLY_NAMED

    capped = OutletScore("Wire", 1, 0.0, (), named_only=MAX_ONLY_NAMED)
    assert only_here_words(capped) == f"1; at least {MAX_ONLY_NAMED} named only here"
    # quotes no other outlet prints: a thing of its own beside "none sure"
    quoting = OutletScore("Post", 0, 0.0, (), unplaced_claims=3, only_quotes=2, named_only=1)
    assert only_here_words(quoting) == "none sure (+3 not placed); 2 quotes; 1 named only here"


def test_a_lone_claims_note_names_who_prints_the_quotation_and_who_may_tell_it() -> None:
    from storylens.compare.scorecard import maybe_note
    from storylens.records import Claim, ClaimMatch

    def match(outlet: str, relation: str) -> ClaimMatch:
        return ClaimMatch("x", outlet, 0, 1, relation, 0.3, "")  # type: ignore[arg-type]

    def claim(*matches: ClaimMatch) -> Claim:
        return Claim("a", "Gazette", 0, 1, "A claim.", "only", 0, maybe_matches=matches)

    assert maybe_note(claim(match("Courier", "same-quotation"))) == (
        "Courier prints the same quotation"
    )
    both = claim(match("Courier", "same-quotation"), match("Echo", "same-quotation"))
    assert maybe_note(both) == "Courier and Echo print the same quotation"
    mixed = claim(match("Courier", "same-quotation"), match("Echo", "maybe-same"))
    assert maybe_note(mixed) == (
        "Courier prints the same quotation; Echo may say it in other words"
    )
    assert maybe_note(claim(match("Echo", "maybe-same"), match("Post", "maybe-same"))) == (
        "Echo or Post may say it in other words"
    )
    part = claim(match("Courier", "part-quotation"), match("Echo", "same-quotation"))
    assert maybe_note(part) == (
        "Echo prints the same quotation; Courier prints part of the quotation"
    )
