"""Near-duplicate detection: MinHash signatures, parameters kept with them, copies found."""

from __future__ import annotations

import pytest

from storylens.errors import SignatureMismatch
from storylens.records import Span
from storylens.stories.dedup import (
    DuplicateIndex,
    MinHashParams,
    body_without_boilerplate,
    estimated_containment,
    estimated_jaccard,
    make_signature,
    word_shingles,
)

WIRE = " ".join(
    f"Paragraph {i} of the wire report says the council of Dunmore met on day {i} "
    f"to discuss the bus crash on Route {i} and the driver who saved {i} children."
    for i in range(12)
)
OTHER = " ".join(
    f"Sentence {i}: the library in Ferris Bay will close after a vote of the board, "
    f"and reader number {i} said the branch had served them for years."
    for i in range(12)
)


def test_a_copy_with_an_extra_paragraph_is_found() -> None:
    index = DuplicateIndex()
    index.add("wire", make_signature(WIRE))
    index.add("other", make_signature(OTHER))
    copy = make_signature(WIRE + " The Lakeside Tribune adds a local paragraph here today.")
    found = index.copies_of(copy)
    assert [article_id for article_id, _ in found] == ["wire"]
    assert found[0][1] >= 0.8


def test_an_unrelated_article_is_not_a_copy() -> None:
    index = DuplicateIndex()
    index.add("wire", make_signature(WIRE))
    assert index.copies_of(make_signature(OTHER)) == []


def test_containment_of_a_part_is_high_while_jaccard_is_not() -> None:
    whole = make_signature(WIRE + " " + OTHER)
    part = make_signature(WIRE)
    assert estimated_containment(whole, part) > 0.9
    assert estimated_jaccard(whole, part) < estimated_containment(whole, part) - 0.15


def test_signatures_with_other_parameters_are_refused() -> None:
    default = make_signature(WIRE)
    other = make_signature(WIRE, MinHashParams(num_perm=64))
    with pytest.raises(SignatureMismatch, match="num_perm=64"):
        estimated_jaccard(default, other)
    index = DuplicateIndex()
    index.add("wire", default)
    with pytest.raises(SignatureMismatch):
        index.copies_of(make_signature(WIRE, MinHashParams(seed=7)))


def test_boilerplate_is_left_out_of_the_body() -> None:
    text = "Scroll down for video\nThe real first line.\nShare this article\nThe end."
    spans = (Span(0, 21, "share or navigation line"), Span(43, 61, "share or navigation line"))
    body = body_without_boilerplate(text, spans)
    assert "Scroll" not in body and "Share" not in body
    assert "The real first line." in body and "The end." in body


def test_signature_is_deterministic_across_calls() -> None:
    assert make_signature(WIRE) == make_signature(WIRE)


@pytest.mark.parametrize("text", [WIRE, OTHER, "one two three", "", "A B C D E F G H"])
@pytest.mark.parametrize("params", [MinHashParams(), MinHashParams(num_perm=64, seed=7)])
def test_signatures_are_datasketchs_own(text: str, params: MinHashParams) -> None:
    """The signature computed without datasketch is the one datasketch's MinHash gives."""
    from datasketch import MinHash

    shingles = word_shingles(text, params.shingle_words)
    minhash = MinHash(num_perm=params.num_perm, seed=params.seed, scheme=params.scheme)
    minhash.update_batch(list(shingles))
    signature = make_signature(text, params)
    assert signature.values == tuple(int(v) for v in minhash.hashvalues)
    assert signature.to_minhash().jaccard(minhash) == 1.0
