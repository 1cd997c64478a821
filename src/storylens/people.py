"""Which names get a page of their own, and which short forms in one story are one person.

A story names a person in full once and by a part of the name after ("Hilaria Baldwin" ...
"Hilaria"): within the story, a name whose words are all words of exactly one longer name is
that person. "Baldwin" beside "Alec Baldwin" and "Hilaria Baldwin" is either, so it stays as it
is. Words that stand for people without naming them ("many", "some", "Others", "people", "a
source") are no one's name and get no page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from nicknames import NickNamer
from spacy.lang.en.stop_words import STOP_WORDS

# First words that make a phrase a description of people, not a name (beside spaCy's stop
# words, which hold "many", "some", "others", "a", "the", "one" ...).
DESCRIBING_WORDS = frozenset(
    {"people", "sources", "source", "officials", "insiders", "critics", "fans", "viewers"}
)
_POSSESSIVE = re.compile(r"[’']s?$")


def person_key(name: str) -> str:
    """The name without a possessive ending and with single spaces ("Hilaria’s" -> "Hilaria")."""
    return _POSSESSIVE.sub("", " ".join(name.split()))


def is_entity_name(name: str | None) -> bool:
    """Whether a name names someone (a page of their own), not a quantifier or description."""
    words = person_key(name or "").split()
    if not words or not any(ch.isupper() for ch in words[0][:1]):
        return False
    return words[0].lower() not in STOP_WORDS | DESCRIBING_WORDS


def canonical_names(names: Iterable[str]) -> dict[str, str]:
    """Each name of one story -> the fullest name it is a part of, where there is exactly one
    (names not shortened, or shortened ambiguously, map to themselves)."""
    keys = {name: person_key(name) for name in names if is_entity_name(name)}
    words = {key: frozenset(key.lower().split()) for key in set(keys.values())}
    found: dict[str, str] = {}
    for name, key in keys.items():
        longer = [
            other
            for other, other_words in words.items()
            if len(other_words) > len(words[key]) and words[key] < other_words
        ]
        fullest = [o for o in longer if not any(words[o] < words[p] for p in longer)]
        found[name] = fullest[0] if len(fullest) == 1 else key
    return found


@lru_cache(maxsize=4096)
def nicknamed(one: str, other: str) -> bool:
    """Whether two folded given names are one name's forms ("dick", "richard"; "bill",
    "william"; "jim", "jimmy"), by ``nicknames``, a hand-curated table of English given
    names and their nicknames."""
    nick_namer = _nick_namer()
    forms = {one} | nick_namer.canonicals_of(one)
    return (
        other in forms
        or other in nick_namer.nicknames_of(one)
        or bool(forms & nick_namer.canonicals_of(other))
    )


@lru_cache(maxsize=1)
def _nick_namer() -> NickNamer:
    return NickNamer()
