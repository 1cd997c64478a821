"""Lone claims: bare quotations go to the quotes part; a claim another outlet tells in other
words is hedged, one nobody else tells stays its outlet's own."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from storylens.compare.logistic import Logistic, fit_logistic
from storylens.compare.lone_claims import (
    FEATURES,
    LINE_PRECISION_TARGET,
    WEIGHTS_FILE,
    LoneClaimModel,
    is_bare_quotation,
    load_model,
    lone_claim_evidence,
    nearest_matches,
    told_elsewhere,
)
from storylens.errors import ModelError
from storylens.records import Claim


@pytest.mark.parametrize(
    "text",
    [
        "“I was completely wrong.”",
        '"My legs were shaking the whole time."',
        "‘I didn’t sleep. None of us did.’",
    ],
)
def test_a_quotation_and_nothing_else_is_bare(text: str) -> None:
    assert is_bare_quotation(text)


@pytest.mark.parametrize(
    "text",
    [
        "“Lena and I go back twenty years,” Okafor said. “This is how we talk.”",
        "‘I didn’t sleep,’ he said. ‘None of us did.’",
        "The mayor said the vote was “a disgrace”.",
        "Crews worked through the night.",
    ],
)
def test_narration_makes_a_quotation_a_claim(text: str) -> None:
    assert not is_bare_quotation(text)


def _claim(outlet: str, article: str, text: str, status: str = "only") -> Claim:
    return Claim(article, outlet, 0, len(text), text, status, 0)  # type: ignore[arg-type]


STORY = [
    _claim("Gazette", "g", "The Ferrow Bridge will close for three weeks from Monday."),
    _claim("Gazette", "g", "Engineers found rust in two of the bridge's main cables."),
    _claim("Gazette", "g", "Ada Quill, who sells fish at the quay, said trade would suffer."),
    _claim("Courier", "c", "Ferrow Bridge is to shut for three weeks starting Monday."),
    _claim("Courier", "c", "Inspectors found corroded cables on the bridge last month."),
]


def test_evidence_reads_the_other_outlets_whole_text() -> None:
    evidence = lone_claim_evidence(STORY)
    assert set(evidence) == set(range(len(STORY)))
    closing, fishmonger = evidence[0].features, evidence[2].features
    coverage = FEATURES.index("coverage_max")
    assert closing[coverage] > 0.6 > fishmonger[coverage]
    assert closing[FEATURES.index("outlets")] == 2.0
    # The Courier's likeliest sentence for the closure is its own closure sentence.
    assert evidence[0].likeliest["Courier"][0] == 3


def test_no_other_outlet_no_evidence() -> None:
    alone = [_claim("Gazette", "g", STORY[0].text), _claim("Gazette", "g", STORY[1].text)]
    assert lone_claim_evidence(alone) == {}


def test_the_model_hedges_what_the_other_outlet_covers() -> None:
    # A toy model that reads coverage alone: more of the claim's words elsewhere, more doubt.
    rows = np.array([[0.0] * len(FEATURES)] * 4, dtype=np.float64)
    rows[:, FEATURES.index("coverage_max")] = [0.1, 0.2, 0.8, 0.9]
    model = fit_logistic(FEATURES, rows, np.array([False, False, True, True]))
    doubts = told_elsewhere(lone_claim_evidence(STORY), model)
    assert doubts[0] > 0.5 > doubts[2]


def test_the_shipped_model_reads_these_features_and_says_how_it_was_judged() -> None:
    model = load_model()
    assert isinstance(model.logistic, Logistic) and model.logistic.features == FEATURES
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    figures = data["leave_one_story_out"]
    assert figures["plain_precision"] > figures["precision_before"]
    # the bounds were picked where the held-out lines reach the target, or show none
    for kind in ("plain", "hedged"):
        assert figures[f"{kind}_lines"] == 0 or figures[f"{kind}_precision"] >= (
            LINE_PRECISION_TARGET
        )
    assert (model.own_below, model.hedge_from) == (data["own_below"], data["hedge_from"])


def test_a_lone_claim_between_the_bounds_is_unplaced() -> None:
    model = LoneClaimModel(load_model().logistic, own_below=0.2, hedge_from=0.8)
    assert [model.placement(p) for p in (0.0, 0.19, 0.2, 0.79, 0.8, 1.0)] == [
        "own",
        "own",
        "unplaced",
        "unplaced",
        "hedged",
        "hedged",
    ]


def test_a_weights_file_with_crossed_bounds_is_refused(tmp_path: Path) -> None:
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    data["own_below"], data["hedge_from"] = 0.9, 0.2
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ModelError, match="own_below"):
        load_model(path)


def test_a_hedge_from_the_whole_articles_names_no_outlet() -> None:
    from storylens.compare.scorecard import maybe_note
    from storylens.records import ClaimMatch

    def hedged(relation: str) -> Claim:
        match = ClaimMatch("c", "Courier", 0, 10, relation, 0.1, "")  # type: ignore[arg-type]
        return Claim("g", "Gazette", 0, 10, "x", "only", 0, maybe_matches=(match,))

    assert maybe_note(hedged("maybe-same")) == "Courier may say it in other words"
    assert maybe_note(hedged("maybe-told")) == "another outlet may tell it in other words"


def test_a_lone_claims_nearest_sentence_shares_its_rarest_words() -> None:
    # The Courier tells the watchman's warning in other words, beside a sentence that repeats
    # more of the story's common words ("fire", "warehouse"): the rare words ("Tanner Lane",
    # "doors") point to the right one.
    story = [
        _claim("Gazette", "g", "A fire destroyed the Granger warehouse in Millbrook."),
        _claim("Gazette", "g", "The watchman knocked on the doors along Tanner Lane."),
        _claim("Courier", "c", "The warehouse fire in Millbrook burned all night."),
        _claim("Courier", "c", "He hammered on every door on Tanner Lane to wake residents."),
        _claim("Courier", "c", "Crews from the fire station stayed until dawn."),
    ]
    evidence = lone_claim_evidence(story)
    assert evidence[1].nearest["Courier"][0] == 3
    assert set(evidence[1].nearest) == {"Courier"}  # never its own outlet's sentence
    assert 0 < evidence[1].nearest["Courier"][1] <= 1


# A lead claim, and the other outlet's lead telling it in other words beside a later sentence
# that shares a few more of its words without telling the walk-out.
WALKOUT = [
    _claim(
        "Gazette", "g", "Harbour workers walked out at Port Alder on Friday over unpaid overtime."
    ),
    _claim("Gazette", "g", "The union said talks with the port authority had collapsed."),
    _claim("Courier", "c", "Dockers at Port Alder walked out on Friday in a row over pay."),
    _claim("Courier", "c", "The port authority said talks would resume."),
    _claim("Courier", "c", "The union has long said harbour workers are owed unpaid overtime."),
]


def test_a_lead_claims_nearest_sentence_is_the_other_outlets_lead_where_close() -> None:
    assert lone_claim_evidence(WALKOUT)[0].nearest["Courier"][0] == 2


def test_a_claim_deep_in_its_article_takes_no_lead_first() -> None:
    deep = [
        *(_claim("Gazette", "g", f"Ships {n} were moored at the quay.") for n in "ABC"),
        *WALKOUT,
    ]
    assert lone_claim_evidence(deep)[3].nearest["Courier"][0] == 7


def test_a_nearest_sentence_is_read_and_shown_whole() -> None:
    # The Courier's long sentence was cut into two claims at its semicolon: the library's
    # closing in one, the swimming pool it pays for in the other. Its nearest sentence is the
    # whole of it, never the first clause without what the second tells.
    gazette = "The council will close Mill Road library in June to pay for a new swimming pool."
    courier = (
        "Mill Road library will shut in June, the council said; the savings will go to a new "
        "swimming pool at Bexley Park. Residents said the library was much loved."
    )
    cut, second = courier.index(";"), courier.index("Residents")
    claims = [
        Claim("g", "Gazette", 0, len(gazette), gazette, "only", 0),
        Claim("c", "Courier", 0, cut, courier[:cut], "only", 1),
        Claim("c", "Courier", cut + 2, second - 1, courier[cut + 2 : second - 1], "only", 2),
        Claim("c", "Courier", second, len(courier), courier[second:], "only", 3),
    ]
    sentences = [(0, len(gazette)), (0, second - 1), (0, second - 1), (second, len(courier))]
    nearest = lone_claim_evidence(claims, sentences=sentences)[0].nearest
    (match,) = nearest_matches(claims, nearest, sentences=sentences)
    assert courier[match.start : match.end] == courier[: second - 1]
    # read whole, the sentence shares more of the claim's words than either clause alone
    alone = lone_claim_evidence(claims)[0].nearest["Courier"][1]
    assert nearest["Courier"][1] > alone
