"""The same-claim decision: written pairs, its weights file, and its use by the comparison."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import storylens
from storylens.compare.claims import (
    SAME_CLAIM_SIMILARITY,
    align_claims,
    best_counterparts,
    claim_units,
    similarity_matrix,
)
from storylens.compare.same_claim import (
    WEIGHTS_FILE,
    SameClaim,
    fit_model,
    load_models,
    same_claim,
)
from storylens.compare.words import with_states_spelt_out
from storylens.errors import ModelError
from test_compare_parts import member


@pytest.mark.parametrize(
    ("a", "b", "same", "relation"),
    [
        pytest.param(
            "The council approved the budget on Monday.",
            "On Monday the council passed the budget.",
            True,
            "same",
            id="paraphrase",
        ),
        pytest.param(
            "Hilda Marsh said the Kessler bridge would reopen in May.",
            "Hilda Marsh, the transport chief, said the Kessler bridge would reopen in May.",
            True,
            "adds-detail",
            id="one-adds-a-detail",
        ),
        pytest.param(
            "The council approved the budget on Monday.",
            "The council approved the budget on Monday after a long debate.",
            True,
            "adds-detail",
            id="wholly-inside-the-other",
        ),
        pytest.param(
            "Fire crews rescued 41 people from the flooded Kessler estate on Tuesday.",
            "Fire crews rescued 66 people from the flooded Kessler estate on Tuesday.",
            True,
            "conflicting-detail",
            id="a-number-conflicts",
        ),
        pytest.param(
            "Mayor Ruth Penn opened the new Kessler library on Saturday.",
            "Mayor Ruth Penn faces questions over a Kessler parking contract.",
            False,
            "unrelated",
            id="unrelated-sharing-names",
        ),
    ],
)
def test_written_pairs(a: str, b: str, same: bool, relation: str) -> None:
    decision = same_claim(a, b)
    assert (decision.same, decision.relation) == (same, relation), decision.reason
    assert 0.0 <= decision.score <= 1.0
    assert decision.reason.startswith("same claim" if same else "not the same claim")


def test_a_conflict_names_both_values() -> None:
    decision = same_claim(
        "Fire crews rescued 41 people from the flooded Kessler estate on Tuesday.",
        "Fire crews rescued 66 people from the flooded Kessler estate on Tuesday.",
    )
    assert "41 / 66" in decision.reason


def test_the_decision_does_not_depend_on_the_order() -> None:
    a = "Talk turned to a potential second series of the cooking show."
    b = "The presenter then asked about a second season of the show."
    assert same_claim(a, b).score == same_claim(b, a).score


def test_a_dense_cosine_picks_the_dense_model_and_moves_the_score() -> None:
    a, b = "The mayor quit on Friday.", "On Friday the town leader resigned."
    close, far = same_claim(a, b, dense_cosine=0.95), same_claim(a, b, dense_cosine=0.1)
    assert close.model == far.model == "dense"
    assert same_claim(a, b).model == "lexical"
    assert close.score > far.score


def test_the_record_is_frozen() -> None:
    decision = same_claim("The mayor quit on Friday.", "The mayor resigned on Friday.")
    assert isinstance(decision, SameClaim)
    with pytest.raises(AttributeError):
        decision.same = False  # type: ignore[misc]


def test_the_weights_file_says_what_trained_it() -> None:
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert data["version"] == 1 and data["training_data"].startswith("MSRP train")
    for name in ("lexical", "dense"):
        figures = data["models"][name]["cross_validation"]
        assert figures["accuracy"] > 0.72  # above the TF-IDF baseline measured on the same data
        assert len(data["models"][name]["coef"]) == len(data["models"][name]["features"])


def test_weights_of_another_version_are_refused(tmp_path: Path) -> None:
    stale = tmp_path / "weights.json"
    stale.write_text(json.dumps({"version": 0, "models": {}}), encoding="utf-8")
    with pytest.raises(ModelError, match="train_same_claim"):
        load_models(stale)


def test_the_fit_learns_a_rule_it_is_shown() -> None:
    rng = np.random.default_rng(3)
    rows = rng.normal(size=(400, 3))
    labels = rows[:, 1] - 0.5 * rows[:, 2] > 0
    model = fit_model("lexical", ("x", "y", "z"), rows, labels)
    predicted = model.probabilities(rows) >= model.threshold
    assert np.mean(predicted == labels) > 0.95
    assert model.coef[1] > 0 > model.coef[2]


def test_same_claim_is_public() -> None:
    assert "same_claim" in storylens.__all__
    assert storylens.same_claim is same_claim


# -- used by the comparison --------------------------------------------------------------------

EARLY = (
    "Dana Harlow and Theo Harlow appeared on Morning Desk on Tuesday to promote their cooking "
    "show. Talk turned to a potential second series of the cooking show. Theo Harlow "
    "interrupted his wife three times during the interview. Dana Harlow laughed and said the "
    "kitchen was hers."
)
LATE = (
    "Dana Harlow and Theo Harlow sat down with Morning Desk on Tuesday. The presenter then "
    "asked about a second season of the show. Viewers said Theo Harlow kept talking over his "
    "wife. The couple met on a cruise ship in 2009."
)
PEOPLE = ("Dana Harlow", "Theo Harlow")


def _story() -> tuple[list, list]:
    members = [
        member("e", "Echo", EARLY, people=PEOPLE),
        member("c", "Courier", LATE, people=PEOPLE),
    ]
    return members, claim_units(members)


def test_the_comparison_shares_a_paraphrase_the_word_cosine_missed() -> None:
    members, units = _story()
    cosine = similarity_matrix(units)
    series = next(i for i, u in enumerate(units) if "second series" in u.text)
    season = next(i for i, u in enumerate(units) if "second season" in u.text)
    # The cosine alone, as the alignment decided before: no counterpart at all.
    assert best_counterparts(series, units, cosine, SAME_CLAIM_SIMILARITY) == {}
    claims = align_claims(members, units, cosine)
    assert claims[series].status == claims[season].status == "shared"
    assert claims[series].group == claims[season].group
    (match,) = claims[series].matches
    where = (match.outlet, match.start, match.end)
    assert where == ("Courier", units[season].start, units[season].end)
    assert match.relation == "same" and match.score >= 0.5


def test_the_comparison_no_longer_pairs_claims_that_share_only_names() -> None:
    members, units = _story()
    cosine = similarity_matrix(units)
    interrupted = next(i for i, u in enumerate(units) if "interrupted" in u.text)
    # The word cosine pairs it with the other outlet's "sat down with Morning Desk" sentence.
    assert best_counterparts(interrupted, units, cosine, SAME_CLAIM_SIMILARITY)
    claims = align_claims(members, units, cosine)
    assert claims[interrupted].status in ("only", "unplaced")  # lone: not paired
    assert claims[interrupted].matches == ()


def test_a_states_abbreviation_is_its_name() -> None:
    short = "Holt made the announcement in her hometown of Pellham, Arkansas."
    longer = (
        "Holt, who is embarking on her second run for the board, made the announcement in "
        "her hometown of Pellham, Ark."
    )
    assert same_claim(short, longer).same
    assert with_states_spelt_out("Pellham, Ark., and Salem, Ore. Noah's ark.") == (
        "Pellham, Arkansas, and Salem, Oregon Noah's ark."
    )


def test_english_zipf_is_wordfreqs_own_figure() -> None:
    """The direct look-up for plain words gives wordfreq's figure to the hundredth, for
    every word of the examples and for words it must hand back to wordfreq."""
    from wordfreq import zipf_frequency

    from storylens.compare.same_claim_features import english_zipf

    examples = Path(__file__).resolve().parents[1] / "examples" / "corpus.jsonl"
    found = {
        word.lower()
        for line in examples.read_text(encoding="utf-8").splitlines()
        for word in json.loads(line)["text"].split()
    }
    found |= {"the", "subpoena", "qxzzyv", "Obama", "don't", "naïve", "2024", "co-op", ""}
    assert len(found) > 500
    for word in found:
        assert english_zipf(word) == zipf_frequency(word, "en"), word
