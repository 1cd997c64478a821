"""The attribute ruler and the rule lemmatizer of an English spaCy pipeline, read off the doc's
arrays: the same attributes, written at a sixth of the cost.

spaCy's ``attribute_ruler`` runs its 179 rules through the ``Matcher`` token by token, and the
rule ``lemmatizer`` makes a ``Token`` for every word and caches only some of its answers:
together a sixth of the parse of an article (13 and 8 CPU ms an article of ~1,000 tokens,
issue #22), while every rule of the English pipelines is a test of one or two tokens on their
tag, lower-cased form, dependency label or space flag. Here each rule is a vectorised test
over the doc's columns, the rules' writes are applied in the ruler's order (a later rule wins,
as its sort of the matches makes it), and the lemmatizer is asked once per (word, part of
speech, morphology), which is all it reads (3.6 ms an article on the pipeline bench's 200;
about 1 ms with the rules tested over a batch of docs at once).

``TagRules.for_pipeline`` builds them only from a pipeline whose ruler holds nothing else (no
quantifier, no other attribute or predicate) and whose lemmatizer is spaCy's rule one in its
defaults; for any other pipeline it answers None and spaCy's own components run. The first doc
of each process is annotated both ways, and a difference turns this off for the process.
"""

from __future__ import annotations

import copy
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from spacy.attrs import DEP, IS_SPACE, LEMMA, LOWER, MORPH, ORTH, POS, TAG
from spacy.language import Language
from spacy.lookups import Lookups, Table
from spacy.pipeline import AttributeRuler, Lemmatizer
from spacy.strings import StringStore
from spacy.tokens import Doc

logger = logging.getLogger(__name__)

RULER = "attribute_ruler"
LEMMATIZER = "lemmatizer"
# The rule lemmatizer's table of known words per part of speech: lists (57,528 nouns in the
# small English pipeline), which ``rule_lemmatize`` only asks whether a form is in.
LEMMA_INDEX = "lemma_index"
# The token attributes a rule may test, as the Matcher reads them, and the columns read here.
_TESTED = {"TAG": TAG, "LOWER": LOWER, "DEP": DEP, "IS_SPACE": IS_SPACE}
_READ = (TAG, LOWER, DEP, IS_SPACE, ORTH)
# What the rules may write; the lemmatizer's answer depends on ORTH, POS and MORPH alone.
_WRITTEN = (POS, TAG, DEP, MORPH, LEMMA)
_COMPARED = list(_WRITTEN)

# A token test: the mask of the rows of the read columns it holds on.
TokenTest = Callable[[np.ndarray], np.ndarray]


@dataclass(frozen=True)
class _Pattern:
    tests: tuple[TokenTest, ...]  # one per token of the pattern
    target: int  # the token of a match the rule writes to, from the match's start


@dataclass(frozen=True)
class _Rule:
    """One rule of the ruler: its patterns and what it writes (column of ``_WRITTEN``, value)."""

    patterns: tuple[_Pattern, ...]
    writes: tuple[tuple[int, int], ...]


class TagRules:
    """The ruler's rules and the lemmatizer of one pipeline, applied to a parsed doc."""

    replaces: tuple[str, ...] = (RULER, LEMMATIZER)  # to disable in ``nlp.pipe``

    def __init__(
        self,
        nlp: Language,
        rules: Sequence[_Rule],
        ruler: AttributeRuler,
        lemmatizer: Lemmatizer,
    ) -> None:
        self.strings = nlp.vocab.strings
        self.rules = tuple(rules)
        self.ruler = ruler
        self.lemmatizer = lemmatizer
        self._lemmatizer = _with_index_sets(lemmatizer)
        self._lemmas: dict[tuple[int, int, int], int] = {}  # (orth, pos, morph) -> lemma
        self.checked = False
        self.same_as_spacy = True

    @classmethod
    def for_pipeline(cls, nlp: Language) -> TagRules | None:
        """The rules of ``nlp``'s ruler and lemmatizer, or None where they are not of the kind
        read here (then spaCy's components run as they are)."""
        names = nlp.pipe_names
        if RULER not in names or LEMMATIZER not in names:
            return None
        if names.index(LEMMATIZER) != names.index(RULER) + 1:
            return None
        ruler, lemmatizer = nlp.get_pipe(RULER), nlp.get_pipe(LEMMATIZER)
        if type(ruler) is not AttributeRuler or not isinstance(lemmatizer, Lemmatizer):
            return None
        if lemmatizer.mode != "rule" or lemmatizer.overwrite:
            return None
        if type(lemmatizer).__call__ is not Lemmatizer.__call__:
            return None
        rules = []
        for number, (attrs, index) in enumerate(zip(ruler.attrs, ruler.indices, strict=True)):
            rule = _read_rule(ruler, str(number), attrs, index)
            if rule is None:
                return None
            rules.append(rule)
        return cls(nlp, rules, ruler, lemmatizer)

    def __call__(self, doc: Doc) -> Doc:
        """Write what the ruler and then the lemmatizer would write."""
        self.annotate([doc])
        return doc

    def annotate(self, docs: Sequence[Doc]) -> None:
        """``__call__`` on each doc of a batch, in place. The rules are tested once over the
        batch's columns end to end (a rule of two tokens never across two docs): each test is
        a numpy call whose cost is mostly its own, the same for 30 tokens as for 30,000, and
        180 of them per doc were 2.5 ms an article (issue #22)."""
        if not docs:
            return
        if not self.checked:
            self._checked(docs[0])
            docs = docs[1:]
        if not self.same_as_spacy:
            for doc in docs:
                self.lemmatizer(self.ruler(doc))
            return
        docs = [doc for doc in docs if len(doc)]
        if docs:
            self._annotate(docs)

    def _annotate(self, docs: Sequence[Doc]) -> None:
        # uint64 columns, one row per token of every doc (typed Any: spaCy's stubs want
        # thinc's Ints2d)
        read: Any = np.concatenate([doc.to_array(list(_READ)) for doc in docs])
        written: Any = np.concatenate([doc.to_array(list(_WRITTEN)) for doc in docs])
        lengths = [len(doc) for doc in docs]
        doc_of_row = np.repeat(np.arange(len(docs)), lengths)
        length = len(read)
        # The ruler matches every rule on the doc as parsed, then writes the matches in the
        # order of its rules: a later rule's value stands.
        for rule in self.rules:
            for pattern in rule.patterns:
                width = len(pattern.tests)
                starts = length - width + 1
                if starts <= 0:
                    continue
                holds = pattern.tests[0](read[:starts])
                for offset, test in enumerate(pattern.tests[1:], 1):
                    holds &= test(read[offset : offset + starts])
                if width > 1:  # the match's first and last token in one doc
                    holds &= doc_of_row[:starts] == doc_of_row[width - 1 :]
                targets = np.flatnonzero(holds) + pattern.target
                for column, value in rule.writes:
                    written[targets, column] = value
        ends = np.cumsum(lengths)[:-1]
        orths = read[:, _READ.index(ORTH)]
        parts: list[Any] = np.split(written, ends)
        for doc, doc_orths, doc_written in zip(docs, np.split(orths, ends), parts, strict=True):
            doc.from_array(_COMPARED, doc_written)
            self._lemmatize(doc, doc_orths, doc_written)

    def _lemmatize(self, doc: Doc, orths: Any, written: Any) -> None:
        """The rule lemmatizer on the tokens that have no lemma yet: its answer depends on the
        word, its part of speech and its morphology alone, so it is asked once for each."""
        lemmas = written[:, _WRITTEN.index(LEMMA)]
        missing = np.flatnonzero(lemmas == 0)
        if not len(missing):
            return
        keys = zip(
            orths[missing].tolist(),
            written[missing, _WRITTEN.index(POS)].tolist(),
            written[missing, _WRITTEN.index(MORPH)].tolist(),
            strict=True,
        )
        known = self._lemmas
        for position, key in zip(missing.tolist(), keys, strict=True):
            lemma = known.get(key)
            if lemma is None:
                word = self._lemmatizer.rule_lemmatize(doc[position])[0]
                lemma = known[key] = self.strings.add(word)
            lemmas[position] = lemma
        doc.from_array([LEMMA], lemmas)

    def _checked(self, doc: Doc) -> Doc:
        """The first doc: annotated by spaCy's components, and a copy of it by these rules;
        where the two differ, spaCy's components annotate every doc of the process."""
        copy = doc.copy()
        doc = self.lemmatizer(self.ruler(doc))
        if len(copy):
            self._annotate([copy])
        self.checked = True
        self.same_as_spacy = bool(np.array_equal(doc.to_array(_COMPARED), copy.to_array(_COMPARED)))
        if not self.same_as_spacy:
            logger.warning("the tag rules differ from spaCy's on a doc: spaCy's components run")
        return doc


def _with_index_sets(lemmatizer: Lemmatizer) -> Lemmatizer:
    """A shallow copy of the lemmatizer whose word index holds sets: ``rule_lemmatize`` (the
    same code) only asks whether a form is in it, and a list is read through at every
    question, about 0.1 ms a word: two thirds of the cost of these rules on the pipeline
    bench's 200 articles, each of whose 12,500 (word, part of speech, morphology) is asked
    once. spaCy's own lemmatizer keeps its lists."""
    lookups = Lookups()
    for name in lemmatizer.lookups.tables:
        table = lemmatizer.lookups.get_table(name)
        if name == LEMMA_INDEX:
            table = Table(name, {key: frozenset(forms) for key, forms in table.items()})
        lookups.set_table(name, table)
    faster = copy.copy(lemmatizer)
    faster.lookups = lookups
    faster.cache = {}
    return faster


def _read_rule(ruler: AttributeRuler, key: str, attrs: dict[Any, Any], index: int) -> _Rule | None:
    found = ruler.matcher.get(key)
    if found is None or found[0] is not None:  # a rule with a callback is not read here
        return None
    patterns = []
    for pattern in found[1]:
        tests = [_token_test(token, ruler.vocab.strings) for token in pattern]
        if not tests or any(test is None for test in tests):
            return None
        if not -len(tests) <= index < len(tests):  # the ruler raises on such a match
            return None
        patterns.append(_Pattern(tuple(tests), index % len(tests)))  # type: ignore[arg-type]
    writes = []
    for attr, value in attrs.items():
        if attr not in _WRITTEN or not isinstance(value, int):
            return None
        writes.append((_WRITTEN.index(attr), value))
    return _Rule(tuple(patterns), tuple(writes))


def _token_test(spec: dict[str, Any], strings: StringStore) -> TokenTest | None:
    """The Matcher's test of one token of a pattern, over the read columns; None for a test
    not read here (a quantifier, another attribute, another predicate)."""
    tests: list[TokenTest] = []
    for name, value in spec.items():
        attr = _TESTED.get(name)
        if attr is None:
            return None
        column = _READ.index(attr)
        if isinstance(value, bool):  # before str and int: the Matcher compares it as 0 or 1
            tests.append(_equal(column, int(value)))
        elif isinstance(value, str) and attr != IS_SPACE:
            tests.append(_equal(column, strings.add(value)))
        elif isinstance(value, dict) and len(value) == 1:
            ((predicate, argument),) = value.items()
            if predicate in ("IN", "NOT_IN") and _strings_only(argument):
                ids = np.array([strings.add(item) for item in argument], dtype=np.uint64)
                tests.append(_member(column, ids, predicate == "IN"))
            elif predicate == "REGEX" and isinstance(argument, str) and attr != IS_SPACE:
                tests.append(_search(column, re.compile(argument), strings))
            else:
                return None
        else:
            return None
    if not tests:
        return None
    return tests[0] if len(tests) == 1 else _all(tests)


def _strings_only(argument: object) -> bool:
    return isinstance(argument, list) and all(isinstance(item, str) for item in argument)


def _equal(column: int, value: int) -> TokenTest:
    wanted = np.uint64(value)
    return lambda rows: rows[:, column] == wanted


def _member(column: int, ids: np.ndarray, inside: bool) -> TokenTest:
    return lambda rows: np.isin(rows[:, column], ids, invert=not inside)


def _search(column: int, pattern: re.Pattern[str], strings: StringStore) -> TokenTest:
    """The Matcher's REGEX: a search in the attribute's string, made once per distinct one."""

    def test(rows: np.ndarray) -> np.ndarray:
        values, inverse = np.unique(rows[:, column], return_inverse=True)
        found = [pattern.search(strings[int(value)]) is not None for value in values.tolist()]
        return np.array(found, dtype=bool)[inverse.reshape(-1)]

    return test


def _all(tests: Sequence[TokenTest]) -> TokenTest:
    def test(rows: np.ndarray) -> np.ndarray:
        holds = tests[0](rows)
        for other in tests[1:]:
            holds &= other(rows)
        return holds

    return test
