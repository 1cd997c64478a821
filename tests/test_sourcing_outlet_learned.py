"""An outlet's own unnamed sources (issue 19): "Fox News has learned", "CNN is told" are
anonymous sourcing, reported without marks, though no speaker is named. Every example is
written for the test."""

from __future__ import annotations

from storylens.compare.sourcing import UNNAMED_SOURCES, counted_quotes
from storylens.records import Quote


def _anonymous(text: str, quotes: tuple[Quote, ...] = ()) -> list[str]:
    return [
        text[q.start : q.end]
        for q, source, count in counted_quotes(quotes, text)
        if source == "anonymous" and count == 0 and q.speaker == UNNAMED_SOURCES
    ]


def test_what_an_outlet_learned_or_was_told_is_an_anonymous_source() -> None:
    text = (
        "A fire tore through the Millbrook depot on Tuesday. Harbor News has learned that "
        "the alarm had been switched off. The guard left early, Harbor News is told.\n"
        "The mayor was told about the fire at midnight."
    )
    found = _anonymous(text)
    assert found == [
        "Harbor News has learned that the alarm had been switched off.",
        "The guard left early, Harbor News is told.",
    ]


def test_a_person_told_or_an_outlet_told_by_someone_is_no_such_source() -> None:
    text = (
        "Mayor Ines Toller was told of the fire at midnight. The Gazette was told by the "
        "mayor that the depot will reopen."
    )
    assert _anonymous(text) == []


def test_words_a_counted_quote_holds_are_not_counted_twice() -> None:
    text = (
        "Two officials told Harbor News that the alarm was off, and Harbor News has learned more."
    )
    start = text.index("the alarm")
    held = Quote(
        text=text[start:-1],
        start=start,
        end=len(text) - 1,
        speaker="two officials",
        speaker_mention="Two officials",
        speaker_start=0,
        speaker_end=13,
        speaker_type="anonymous",
        cue="told",
        kind="indirect",
    )
    counted = [(q.speaker, source) for q, source, _ in counted_quotes((held,), text)]
    assert counted == [("two officials", "anonymous")]
