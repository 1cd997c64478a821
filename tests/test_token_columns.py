"""The per-doc token columns the quote and tone passes filter on (issue #22): each column is
what reading the attribute token by token gives, and the cache keeps no doc alive."""

from __future__ import annotations

import gc
import weakref

from spacy.language import Language

from storylens.analyse.quotes import extract_quotes, marks
from storylens.analyse.quotes.marks import doc_marked_quotes
from storylens.analyse.token_columns import drop_token_columns, token_columns
from storylens.analyse.tone import find_tone

TEXT = (
    "Mayor Gretchen Olander said on Tuesday that the ferry, \u201cour lifeline,\u201d "
    "would run.\n\n"
    "\u201cWe are done,\u201d her husband Alec told reporters. The so-called plan had failed."
)


def test_columns_are_the_token_attributes(nlp: Language) -> None:
    doc = nlp(TEXT)
    columns = token_columns(doc)
    assert columns.idx == tuple(t.idx for t in doc)
    assert columns.text == tuple(t.text for t in doc)
    assert columns.lower == tuple(t.lower_ for t in doc)
    assert columns.lemma_lower == tuple(t.lemma_.lower() for t in doc)
    assert columns.pos == tuple(t.pos_ for t in doc)
    assert columns.ent_type == tuple(t.ent_type_ for t in doc)
    assert columns.is_alpha == tuple(t.is_alpha for t in doc)


def test_columns_of_an_empty_doc(nlp: Language) -> None:
    doc = nlp("")
    columns = token_columns(doc)
    assert columns.idx == () and columns.pos == () and columns.lemma_lower == ()


def test_per_doc_caches_let_the_doc_go(nlp: Language) -> None:
    doc = nlp(TEXT)
    find_tone(doc, extract_quotes(doc))
    assert token_columns(doc) is token_columns(doc)
    assert doc_marked_quotes(doc) and doc in marks._MARKED_BY_DOC  # kept for the doc
    gone = weakref.ref(doc)
    del doc
    gc.collect()
    assert gone() is None


def test_dropped_columns_are_read_again(nlp: Language) -> None:
    doc = nlp(TEXT)
    first = token_columns(doc)
    drop_token_columns(doc)
    again = token_columns(doc)
    assert again is not first
    assert again.pos == tuple(t.pos_ for t in doc)
