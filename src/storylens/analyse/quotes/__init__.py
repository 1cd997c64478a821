"""Quote extraction: who said what in one article.

The modules, in the order a quote passes through them: ``marks`` (quotation marks and the
spans they enclose), ``parse`` (look-ups over the spaCy parse shared by every pass),
``cues`` (the verbs and nouns that introduce speech, thought and evidence), ``scare``
(marked words that are nobody's speech), ``attribution`` (the cue and speaker of a direct
quote), ``spans`` (quoted phrases inside a reporter's sentence), ``indirect`` (reported
speech without marks), ``speakers`` (mentions resolved to the article's people) and
``extract``, which runs the passes and builds ``Quote`` records.
"""

from storylens.analyse.quotes.extract import extract_quotes

__all__ = ["extract_quotes"]
