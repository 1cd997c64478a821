"""What the passes read of a parsed ``Doc``, kept once per doc (``PerDoc``), and its text.

spaCy builds ``Doc.text`` anew on every read, joining every token's ``text_with_ws`` in
Python; the quote passes read it per candidate (``on_furniture_line``), a dozen times an
article, which was a tenth of the quote stage (issue #22). The text, like the token columns
(``token_columns``) and the quotation marks (``quotes.marks.doc_marked_quotes``), is kept
beside the doc under a weak key, so it goes when the doc goes and no caller has to thread it
through.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar
from weakref import WeakKeyDictionary

from spacy.tokens import Doc

T = TypeVar("T")


class PerDoc(Generic[T]):
    """``read(doc)`` made on the first call for each doc only, kept under a weak key (a
    parsed ``Doc`` is not changed by the passes that read it)."""

    def __init__(self, read: Callable[[Doc], T]) -> None:
        self._read = read
        self._kept: WeakKeyDictionary[Doc, T] = WeakKeyDictionary()

    def __call__(self, doc: Doc) -> T:
        found = self._kept.get(doc)
        if found is None:
            found = self._kept[doc] = self._read(doc)
        return found

    def __contains__(self, doc: Doc) -> bool:
        return doc in self._kept

    def forget(self, doc: Doc) -> None:
        """Drop what was kept for ``doc`` (made again if asked for)."""
        self._kept.pop(doc, None)


# ``doc.text``, joined on the first read of each doc only (a ``Doc``'s text never changes:
# retokenizing merges or splits tokens, never their characters).
doc_text: PerDoc[str] = PerDoc(lambda doc: doc.text)
