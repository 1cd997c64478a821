"""The array rules write exactly what spaCy's attribute ruler and lemmatizer write."""

from __future__ import annotations

import numpy as np
import pytest
from spacy.attrs import DEP, HEAD, LEMMA, MORPH, POS, TAG
from spacy.language import Language

from storylens.analyse.article import tag_rules
from storylens.analyse.tag_rules import TagRules

ATTRS = [POS, TAG, DEP, MORPH, LEMMA, HEAD]

# Written sentences that reach the ruler's rarer rules: contractions, two-token rules
# ("gonna", "y'all", "let's"), spaces, pronouns in every case, auxiliaries and modals.
TEXTS = [
    "Mayor Ines Calloway said the Heron Lake bridge would not reopen before Friday.",
    "\"We're gonna fix it,\" she told reporters. \"Y'all ain't seen nothin' yet.\"",
    "Let's go, he said;  there were   three cracks in it, and they'd had  enough.",
    "I gave it to them myself. You and I know it's hers, not his or theirs.",
    "Gotta admit: somebody's been doing something.\n\n\nThe 58-year-old didn't comment.",
    "   ",
    "",
    "Is it? Ca n't say. Wo n't say. 'Nuff said, ol' friend; c'mon.",
]


def _arrays(docs: list) -> list[np.ndarray]:
    return [doc.to_array(ATTRS) for doc in docs]


def test_pipeline_has_rules(nlp: Language) -> None:
    assert tag_rules(nlp) is not None


@pytest.mark.parametrize("text", TEXTS)
def test_same_as_spacy(nlp: Language, text: str) -> None:
    rules = TagRules.for_pipeline(nlp)
    assert rules is not None
    rules.checked = True  # compare the rules alone, not the first-doc check
    expected = _arrays([nlp(text)])
    got = _arrays([rules(doc) for doc in nlp.pipe([text], disable=list(rules.replaces))])
    assert np.array_equal(expected[0], got[0])


def test_a_batch_is_annotated_as_each_doc_alone(nlp: Language) -> None:
    """The rules run once over a batch's docs end to end: empty docs and docs that end where
    a two-token rule could begin ("gonna" split over two docs) come out as spaCy's."""
    rules = TagRules.for_pipeline(nlp)
    assert rules is not None
    rules.checked = True
    texts = [*TEXTS, "He said we're gon", "na fix it", "Let", "'s go."]
    expected = _arrays(list(nlp.pipe(texts)))
    docs = list(nlp.pipe(texts, disable=list(rules.replaces)))
    rules.annotate(docs)
    assert all(np.array_equal(a, b) for a, b in zip(expected, _arrays(docs), strict=True))


def test_first_doc_is_checked(nlp: Language) -> None:
    rules = TagRules.for_pipeline(nlp)
    assert rules is not None
    docs = list(nlp.pipe(TEXTS[:2], disable=list(rules.replaces)))
    annotated = [rules(doc) for doc in docs]
    assert rules.checked and rules.same_as_spacy
    expected = _arrays(list(nlp.pipe(TEXTS[:2])))
    assert all(np.array_equal(a, b) for a, b in zip(expected, _arrays(annotated), strict=True))


@pytest.mark.filterwarnings("ignore::UserWarning")  # W108: no rule wrote a part of speech
def test_a_difference_hands_back_to_spacy(nlp: Language) -> None:
    rules = TagRules.for_pipeline(nlp)
    assert rules is not None
    rules.rules = ()  # no rule written: the first doc's check sees the difference
    docs = list(nlp.pipe(TEXTS[:2], disable=list(rules.replaces)))
    annotated = [rules(doc) for doc in docs]
    assert not rules.same_as_spacy
    expected = _arrays(list(nlp.pipe(TEXTS[:2])))
    assert all(np.array_equal(a, b) for a, b in zip(expected, _arrays(annotated), strict=True))


def test_other_pipelines_keep_spacy_components() -> None:
    import spacy

    blank = spacy.blank("en")
    assert TagRules.for_pipeline(blank) is None
    blank.add_pipe("attribute_ruler")
    blank.add_pipe("lemmatizer", config={"mode": "lookup"})
    assert TagRules.for_pipeline(blank) is None
