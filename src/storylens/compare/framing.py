"""Tone and framing across outlets: each article's loaded, evaluative and hedging words in its
own voice, its scare-quoted (distanced) wording, the framing it adopts by quoting someone, and
the own-voice words no other outlet of the story uses ("harmless" against "excruciatingly
awkward").

The words themselves come from the analyse stage (``analyse.tone``), which reads them with the
parse; this part only sets the articles side by side.
"""

from __future__ import annotations

from collections.abc import Sequence

from storylens.records import StoryMember, ToneMark, ToneProfile


def _key(mark: ToneMark) -> str:
    return mark.text.lower().strip(" .,;:!?\"'‘’“”")


def tone_profiles(
    members: Sequence[StoryMember], copies: dict[int, int]
) -> tuple[ToneProfile, ...]:
    """One profile per article; a copy's words are its original's and are not distinctive."""
    own_words: dict[str, set[str]] = {}
    for index, member in enumerate(members):
        if index in copies:
            continue
        own_words.setdefault(member.outlet, set()).update(
            _key(m) for m in member.analysed.tone if m.voice == "own" and m.polarity != "hedge"
        )
    profiles = []
    for index, member in enumerate(members):
        marks = member.analysed.tone
        own = tuple(m for m in marks if m.voice == "own")
        others = set().union(
            *(words for outlet, words in own_words.items() if outlet != member.outlet)
        )
        distinctive = (
            ()
            if index in copies or len(own_words) < 2
            else tuple(
                dict.fromkeys(
                    m.text for m in own if m.polarity != "hedge" and _key(m) not in others
                )
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
            )
        )
    return tuple(profiles)
