"""The text of a parsed ``Doc``, read once per doc.

spaCy builds ``Doc.text`` anew on every read, joining every token's ``text_with_ws`` in
Python; the quote passes read it per candidate (``on_furniture_line``), a dozen times an
article, which was a tenth of the quote stage (issue #22). The text is kept beside the doc
under a weak key, so it goes when the doc goes and no caller has to thread it through.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from spacy.tokens import Doc

_TEXTS: WeakKeyDictionary[Doc, str] = WeakKeyDictionary()


def doc_text(doc: Doc) -> str:
    """``doc.text``, joined on the first read of each doc only (a ``Doc``'s text never
    changes: retokenizing merges or splits tokens, never their characters)."""
    text = _TEXTS.get(doc)
    if text is None:
        text = _TEXTS[doc] = doc.text
    return text
