"""Tone and framing across outlets: each article's loaded, evaluative and hedging words in its
own voice, its scare-quoted (distanced) wording, the framing it adopts by quoting someone, and
the own-voice words no other outlet of the story uses ("harmless" against "excruciatingly
awkward").

The words themselves come from the analyse stage (``analyse.tone``), which reads them with the
parse; this part only sets the articles side by side, and lists only the marks the analysis
is sure of (``is_listed``): a part that cannot be sure of every line shows fewer lines rather
than doubtful ones. A word in the outlet's account of what someone else claims ("according to
X, ...", voice ``reported``) is never sure, since whose word it is cannot be told: the
profile's ``reported`` stays in the schema, empty (``storylens export tone`` writes them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from storylens.analyse.tone import is_listed
from storylens.records import StoryMember, ToneMark, ToneProfile

# What the tone part checks, said where its words are listed. Fresh readers of whole BASIL
# reports took "In its own voice: none sure" as "this outlet uses no loaded words" where it
# plainly did ("the uproar among liberals", "withering criticism", "churning out
# statements"): the part lists only the kinds of word it can be sure of, and says so.
# (A hedged second tier, "possibly loaded: ...", is not shown: of the own-voice candidates
# the part is not sure of, about one in eight touched a BASIL loaded-word span in each fold
# of the cross-validation over events, against about three in ten of the listed ones; and
# on the graded held-out stories, before only sure marks were listed, about one in four of
# those lines was true.)
# It also says that even of those kinds a word is listed only where the parse tells whom it
# describes: a reader who saw "adjectives ... a sentiment lexicon rates" took an outlet with
# nothing listed for one whose rated adjectives had all been checked, and graded it wrong
# ("who has made many outrageous comments": the parse did not tie "who" to the person).
TONE_CHECKED = (
    "Listed: the loaded words in each outlet's own voice that storylens is sure of, of four "
    "kinds: adjectives and adverbs a sentiment lexicon rates, uncommon adjectives describing "
    "what someone did or said (“his combative style”), uncommon adverbs of manner, and "
    "verbs of saying that judge (“slammed”, “lashed out at”), each only where the "
    "sentence's grammar shows whom it describes, outside quotes and attributed speech. "
    "Never listed: nouns (“uproar”), other verbs, longer phrases, hyphenated adjectives "
    "(“thinly-veiled”; “so-called” is listed as a hedge) and other adjectives the lexicon "
    "does not rate (“withering”). So "
    "an outlet may use loaded wording that is not listed, even of the four kinds."
)
# The page's column for an outlet with no listed mark in any voice: what storylens did, not
# a statement about the outlet ("no loaded wording found" read as "none used"), worded as
# the glance cell is (``scorecard.NO_SURE_LOADED_WORDS``).
NOTHING_LISTED = "None storylens is sure of."


def mark_kind(mark: ToneMark) -> str:
    """What a listed mark is called beside its words: "hedge" for a hedge, nothing for a
    loaded word. A word's polarity (VADER's rating, or a guess for an unrated word) is the
    word's lean, not the outlet's stance: a fresh reader graded “robust” (positive)
    misleading in a passage critical of what it described ("a robust process of selling the
    deal"), so the lists do not show it; the records keep it. (On BASIL, all five folds, the
    listed words that touch an annotated span take its polarity 15 times in 17; the two
    others were unrated words, whose polarity is a default.)"""
    return "hedge" if mark.polarity == "hedge" else ""


def _key(mark: ToneMark) -> str:
    return mark.text.lower().strip(" .,;:!?\"'‘’“”")


def used_elsewhere(mark: ToneMark, other_texts: Sequence[str]) -> bool:
    """Whether another outlet's text (lower-cased) uses the mark's words as whole words: "mock"
    is not used by a text that says "mocking"."""
    key = _key(mark)
    if not key:
        return False
    pattern = re.compile(rf"(?<!\w){re.escape(key)}(?!\w)")
    return any(pattern.search(text) for text in other_texts)


def tone_profiles(
    members: Sequence[StoryMember], copies: dict[int, int]
) -> tuple[ToneProfile, ...]:
    """One profile per article; a copy's words are its original's and are not distinctive.

    A word is distinctive when no other outlet's text uses it at all, not merely when no
    other outlet's marks hold it: the marks keep only each article's strongest words."""
    texts_by_outlet: dict[str, str] = {}
    for index, member in enumerate(members):
        if index not in copies:
            text = member.analysed.article.text.lower()
            texts_by_outlet[member.outlet] = texts_by_outlet.get(member.outlet, "") + "\n" + text
    profiles = []
    for index, member in enumerate(members):
        marks = [m for m in member.analysed.tone if is_listed(m)]
        own = tuple(m for m in marks if m.voice == "own")
        others = [text for outlet, text in texts_by_outlet.items() if outlet != member.outlet]
        distinctive: tuple[str, ...] = ()
        if index not in copies and others:
            distinctive = tuple(
                dict.fromkeys(
                    m.text for m in own if m.polarity != "hedge" and not used_elsewhere(m, others)
                )
            )
        quoted = tuple(m for m in marks if m.voice == "quoted")
        profiles.append(
            ToneProfile(
                article_id=member.id,
                outlet=member.outlet,
                own=own,
                scare=tuple(m for m in marks if m.voice == "scare"),
                quoted=quoted,
                distinctive=distinctive,
                adopted=tuple(
                    dict.fromkeys(f"{m.text} ({m.speaker or 'unnamed speaker'})" for m in quoted)
                ),
                reported=tuple(m for m in marks if m.voice == "reported"),
            )
        )
    return tuple(profiles)
