"""Per-token attributes of a parsed ``Doc`` as plain lists, read once per doc.

Every ``doc[i]`` or step of ``for token in doc`` makes a new ``Token`` object, and every
``token.lemma_`` or ``token.pos_`` looks its string up again. The quote and tone passes walk
each article's tokens several times to find the few that matter (a speech verb, a proper
noun, a pronoun), which was a large part of their cost (issue #22). A pass reads the columns
here to pick those few out, and makes ``Token`` objects for them only.

The columns are kept beside the doc under a weak key, like ``doc_text``: each is read on its
first use, goes when the doc goes, and no caller has to thread it through. They take about as
much memory as the doc's words again, and ``nlp.pipe`` holds many docs at once, so the stage
that reads them drops them when it is done with a doc (``drop_token_columns``).
"""

from __future__ import annotations

from functools import cached_property
from weakref import ref

from spacy.attrs import ENT_TYPE, IDX, IS_ALPHA, LEMMA, LOWER, ORTH, POS
from spacy.tokens import Doc

from storylens.analyse.doc_text import PerDoc


class TokenColumns:
    """``[token.attr for token in doc]`` for the attributes the passes filter on, by index:
    tuples, since every pass of a doc reads the same cached columns."""

    def __init__(self, doc: Doc) -> None:
        # A weak reference: the columns are kept as the doc's value in ``token_columns``, and a
        # strong one from the value to its key would keep every doc alive.
        self._doc = ref(doc)

    def _live_doc(self) -> Doc:
        doc = self._doc()
        if doc is None:  # only a columns object kept past its doc gets here
            raise ReferenceError("the doc these token columns were read from is gone")
        return doc

    def _array(self, attribute: int) -> tuple[int, ...]:
        return tuple(self._live_doc().to_array(attribute).tolist())

    def _strings(self, attribute: int) -> tuple[str, ...]:
        """The string of one attribute for every token. An article repeats its words, so each
        distinct value is looked up in the vocabulary once."""
        values = self._array(attribute)
        strings = self._live_doc().vocab.strings
        names = {value: strings[value] for value in set(values)}
        return tuple(names[value] for value in values)

    @cached_property
    def idx(self) -> tuple[int, ...]:
        """``token.idx``: where each token starts in the text."""
        return self._array(IDX)

    @cached_property
    def is_alpha(self) -> tuple[bool, ...]:
        """``token.is_alpha``."""
        return tuple(bool(flag) for flag in self._array(IS_ALPHA))

    @cached_property
    def text(self) -> tuple[str, ...]:
        """``token.text``."""
        return self._strings(ORTH)

    @cached_property
    def lower(self) -> tuple[str, ...]:
        """``token.lower_``."""
        return self._strings(LOWER)

    @cached_property
    def lemma_lower(self) -> tuple[str, ...]:
        """``token.lemma_.lower()``: how the word lists (speech verbs, kin nouns) hold lemmas."""
        lemmas = self._strings(LEMMA)
        lowered = {lemma: lemma.lower() for lemma in set(lemmas)}
        return tuple(lowered[lemma] for lemma in lemmas)

    @cached_property
    def ent_type(self) -> tuple[str, ...]:
        """``token.ent_type_`` ("" outside an entity)."""
        return self._strings(ENT_TYPE)

    @cached_property
    def pos(self) -> tuple[str, ...]:
        """``token.pos_``."""
        return self._strings(POS)


# The columns of a doc, made on the first call for each doc.
token_columns: PerDoc[TokenColumns] = PerDoc(TokenColumns)


def drop_token_columns(doc: Doc) -> None:
    """Forget the columns of ``doc`` (read again if asked for): for the caller that knows no
    pass will read them any more, while spaCy still holds the doc."""
    token_columns.forget(doc)
