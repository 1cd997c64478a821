"""A summary line's wordings told in the claim lists too (issue 19): an outlet's sentence the
summary shows as its wording of a line makes the line's claim shared with it."""

from __future__ import annotations

from storylens.compare.summary_wordings import ToldPair, join_as_shared, with_summary_wordings
from storylens.records import Claim, ClaimMatch, SummarySentence, Wording

GAZETTE = "Harbour master Ines Varga warned on Monday that the Kell pier could fail within a year."
COURIER = (
    "Ines Varga, who runs the harbour, told the council that the old Kell pier "
    "“could give way before next spring.”"
)
POST = "The Post's reporters walked the pier on Sunday."


def _texts() -> dict[str, str]:
    return {"g": GAZETTE, "c": COURIER, "p": POST}


def _claim(article: str, outlet: str, text: str, status: str, group: int, **kw: object) -> Claim:
    return Claim(article, outlet, 0, len(text), text, status, group, **kw)  # type: ignore[arg-type]


def _hedged_gazette() -> Claim:
    maybe = ClaimMatch("p", "Post", 0, len(POST), "maybe-same", 0.25, "may be told")
    return _claim("g", "Gazette", GAZETTE, "only", 0, maybe_matches=(maybe,))


def _line(*wordings: Wording) -> SummarySentence:
    return SummarySentence(GAZETTE, "g", "Gazette", ("Gazette",), other_wordings=wordings)


def _spans(claims: list[Claim]) -> list[tuple[int, int]]:
    return [(claim.start, claim.end) for claim in claims]


def test_a_wording_the_summary_shows_makes_the_claim_shared() -> None:
    claims = [
        _hedged_gazette(),
        _claim("c", "Courier", COURIER, "unplaced", 1),
        _claim("p", "Post", POST, "only", 2),
    ]
    found = with_summary_wordings(
        claims, [_line(Wording("Courier", COURIER))], _spans(claims), _texts()
    )
    gazette, courier, post = found
    assert (gazette.status, gazette.shared_with) == ("shared", ("Courier",))
    assert (courier.status, courier.shared_with) == ("shared", ("Gazette",))
    assert [m.article_id for m in gazette.matches] == ["c"]
    assert [m.article_id for m in courier.matches] == ["g"]
    # no more "Post may say it": another outlet tells it
    assert gazette.maybe_matches == ()
    # one group, the groups numbered again from 0 in order
    assert gazette.group == courier.group == 0
    assert post.group == 1 and post.status == "only"


def test_a_wording_of_an_outlet_already_matched_changes_nothing() -> None:
    match = ClaimMatch("c", "Courier", 0, len(COURIER), "same", 0.8, "same claim")
    claims = [
        _claim("g", "Gazette", GAZETTE, "shared", 0, shared_with=("Courier",), matches=(match,)),
        _claim("c", "Courier", COURIER, "shared", 0, shared_with=("Gazette",)),
    ]
    line = _line(Wording("Courier", COURIER))
    assert with_summary_wordings(claims, [line], _spans(claims), _texts()) == tuple(claims)


def test_the_clause_of_a_long_sentence_that_tells_the_line_is_joined() -> None:
    # the Courier's sentence cut into two claims: its second clause tells the line
    cut = COURIER.index(" told")
    first = Claim("c", "Courier", 0, cut, COURIER[:cut], "only", 1)
    second = Claim("c", "Courier", cut + 1, len(COURIER), COURIER[cut + 1 :], "only", 2)
    claims = [_hedged_gazette(), first, second]
    sentences = [(0, len(GAZETTE)), (0, len(COURIER)), (0, len(COURIER))]
    found = with_summary_wordings(claims, [_line(Wording("Courier", COURIER))], sentences, _texts())
    assert found[2].status == "shared" and found[1].status == "only"


def test_a_wording_no_claim_of_the_outlet_prints_is_left_alone() -> None:
    claims = [_hedged_gazette(), _claim("p", "Post", POST, "only", 1)]
    line = _line(Wording("Courier", COURIER))
    assert with_summary_wordings(claims, [line], _spans(claims), _texts()) == tuple(claims)


def test_joining_two_groups_keeps_their_other_members_together() -> None:
    claims = [
        _claim("g", "Gazette", GAZETTE, "shared", 0, shared_with=("Post",)),
        _claim("p", "Post", POST, "shared", 0, shared_with=("Gazette",)),
        _claim("c", "Courier", COURIER, "only", 1),
        _claim("x", "Courier", "Another claim.", "only", 2),
    ]
    found = join_as_shared(claims, [ToldPair(2, 0, 0.4, "told in other words")])
    assert [claim.group for claim in found] == [0, 0, 0, 1]
    # a shared claim stays shared, one more outlet telling it
    assert found[0].shared_with == ("Courier", "Post")


def test_the_comparison_lists_a_summary_wording_as_shared() -> None:
    """End to end: the same-claim model leaves the two warnings apart (p under 0.5), the
    summary shows each outlet's sentence as the other's wording: the lists say shared."""
    from storylens.compare.story import compare_story
    from test_compare_parts import member

    warned = (
        "Harbour master Ines Varga warned on Monday that failure to repair the Kell pier would "
        "sharply raise the risk of a collapse."
    )
    gazette = (
        f"{warned} The pier was built in 1902 by the Ashgrove rail company. "
        "Fishing crews have used it every morning since the harbour reopened."
    )
    courier = (
        "Ines Varga, who has run the harbour since 2009, said on Monday the Kell pier risked "
        "collapse unless repaired, a warning she repeated to the finance committee. "
        "Councillor Tom Pell said the budget had no room for it. "
        "The council meets again on Thursday to vote on the harbour budget."
    )
    post = (
        "Tourists crowded the Kell seafront on Sunday for the annual regatta. "
        "Local cafes reported their busiest weekend of the year."
    )
    members = [
        member("g1", "Gazette", gazette, people=("Ines Varga",)),
        member("c1", "Courier", courier, people=("Ines Varga", "Tom Pell")),
        member("p1", "Post", post),
    ]
    comparison = compare_story("s", members)
    warning = next(c for c in comparison.claims if c.text == warned)
    assert warning.status == "shared" and warning.shared_with == ("Courier",)
    assert warning.maybe_matches == ()
    (match,) = warning.matches
    assert match.score < 0.5  # the same-claim model alone did not match them
    told = next(c for c in comparison.claims if (c.article_id, c.start) == ("c1", match.start))
    assert told.group == warning.group and told.shared_with == ("Gazette",)
    # the summary shows the other outlet's sentence as its wording, as before
    lines = [line for line in comparison.summary if line.text in (warned, told.text)]
    assert lines and all(
        [w.outlet for w in line.other_wordings]
        == ["Gazette" if line.outlet == "Courier" else "Courier"]
        for line in lines
    )
