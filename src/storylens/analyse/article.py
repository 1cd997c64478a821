"""The analyse stage: CleanArticle -> AnalysedArticle, in batches through spaCy."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import islice

from spacy.language import Language
from spacy.tokens import Doc

from storylens.analyse.details import find_dates, find_numbers
from storylens.analyse.nlp import meta_label
from storylens.analyse.quotes import extract_quotes
from storylens.analyse.tag_rules import TagRules
from storylens.analyse.timex import find_timexes
from storylens.analyse.token_columns import drop_token_columns
from storylens.analyse.tone import find_tone
from storylens.records import AnalysedArticle, CleanArticle, Entity, Span

# Articles sent through spaCy together: large enough to amortise, small enough for memory.
DEFAULT_BATCH_SIZE = 32


def analyse_doc(doc: Doc, clean: CleanArticle, model: str = "") -> AnalysedArticle:
    """Everything storylens reads from one parsed article."""
    skip = [(span.start, span.end) for span in clean.boilerplate]
    quotes = tuple(extract_quotes(doc, skip=skip))
    analysed = AnalysedArticle(
        clean=clean,
        sentences=tuple(Span(s.start_char, s.end_char, "sentence") for s in doc.sents),
        entities=tuple(
            Entity(e.text, e.label_, e.start_char, e.end_char)
            for e in doc.ents
            if not _inside_any(e.start_char, e.end_char, skip)
        ),
        dates=find_dates(doc, clean.article.published),
        numbers=find_numbers(doc),
        quotes=quotes,
        timexes=find_timexes(clean.text, clean.article.published),
        tone=find_tone(doc, quotes, skip),
        model=model,
    )
    # The quote and tone passes are done with the doc's token columns; nlp.pipe still holds
    # the doc with a batch of others (the columns were 28 MB of the stage bench's peak).
    drop_token_columns(doc)
    return analysed


def model_label(nlp: Language) -> str:
    """The pipeline's name and version as articles record it ("core_web_sm-3.8.0")."""
    return meta_label(nlp.meta)


def analyse_articles(
    cleans: Iterable[CleanArticle], nlp: Language, batch_size: int = DEFAULT_BATCH_SIZE
) -> Iterator[AnalysedArticle]:
    """Stream articles through ``nlp.pipe`` and yield one AnalysedArticle each, in order."""
    model = model_label(nlp)
    pairs = ((clean.text, clean) for clean in cleans)
    rules = tag_rules(nlp)
    disabled = rules.replaces if rules else ()
    parsed = nlp.pipe(pairs, as_tuples=True, batch_size=batch_size, disable=disabled)
    # A batch of docs at a time, as nlp.pipe makes them: the tag rules run once over the batch.
    while batch := list(islice(parsed, batch_size)):
        if rules:
            rules.annotate([doc for doc, _ in batch])
        for doc, clean in batch:
            yield analyse_doc(doc, clean, model)


@lru_cache(maxsize=4)
def tag_rules(nlp: Language) -> TagRules | None:
    """The pipeline's attribute ruler and lemmatizer as array rules, read once per pipeline
    (None where they are not of the kind ``TagRules`` reads: spaCy's own then run)."""
    return TagRules.for_pipeline(nlp)


def _inside_any(start: int, end: int, ranges: list[tuple[int, int]]) -> bool:
    return any(low <= start and end <= high for low, high in ranges)
