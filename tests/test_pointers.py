"""The pointer model: which "closest in B" sentences are likely to tell the claim."""

from __future__ import annotations

from storylens.compare.pointers import (
    FEATURES,
    NO_NAMES,
    pointer_features,
    pointer_model,
    pointer_probabilities,
    weigh_pointers,
)
from storylens.compare.same_claim_features import claim_profile
from storylens.compare.scorecard import nearest_words
from storylens.records import ClaimMatch

CLAIM = "Mayor Dana Okafor closed the Brackenford depot on Tuesday after the fire."
TELLS = "The Brackenford depot was shut on Tuesday by Mayor Okafor, after the fire there."
UNRELATED = "Tickets for the harvest fair go on sale next month at the library."


def match(text: str, at: int) -> tuple[ClaimMatch, str]:
    found = ClaimMatch("b", "Courier", at, at + len(text), "nearest", 0.3, "closest in words")
    return found, text


def test_the_model_reads_the_features_this_code_computes() -> None:
    model = pointer_model()
    assert model.features == FEATURES
    assert 0.0 < model.threshold < 1.0


def test_a_sentence_that_tells_the_claim_is_likelier_than_an_unrelated_one() -> None:
    told, unrelated = pointer_probabilities([(CLAIM, TELLS), (CLAIM, UNRELATED)])
    assert told > unrelated


def test_a_likely_sentence_is_marked_and_an_unlikely_one_said_perhaps_unrelated() -> None:
    text = TELLS + " " + UNRELATED
    told, _ = match(TELLS, 0)
    unrelated, _ = match(UNRELATED, len(TELLS) + 1)
    marked = weigh_pointers(CLAIM, [told, unrelated], {"b": text})
    assert [m.relation for m in marked] == ["nearest-likely", "nearest"]
    assert [nearest_words(m) for m in marked] == [
        "closest in Courier",
        "closest in Courier in words, perhaps unrelated",
    ]


def test_names_count_neither_way_where_one_side_names_nobody() -> None:
    features = pointer_features(claim_profile(CLAIM), claim_profile("it was shut on tuesday."))
    names = features[FEATURES.index("names_min") : FEATURES.index("names_max") + 1]
    assert names == [NO_NAMES, NO_NAMES]


def test_no_matches_show_nothing() -> None:
    assert weigh_pointers(CLAIM, [], {}) == ()
