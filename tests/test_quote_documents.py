"""Words read from a document: "It said" takes up the document named just before."""

from __future__ import annotations

import pytest
from spacy.language import Language

from storylens.analyse.quotes import extract_quotes
from storylens.records import Quote


def find(nlp: Language, text: str, words: str) -> Quote:
    matches = [q for q in extract_quotes(nlp(text)) if words in q.text and q.kind != "scare"]
    assert matches, f"no quote holds {words!r}"
    return matches[0]


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        (
            "But the first version of the harbour bylaw banned night fishing. It said the ban "
            '"would protect the spawning grounds."',
            "the first version of the harbour bylaw",
        ),
        (
            "The draft called for a ferry levy. It said the levy "
            '"would protect the spawning grounds."',
            "the draft",
        ),
        (
            'The council\'s memo listed two options. "Both would protect the spawning grounds,"'
            " it said.",
            "the council's memo",
        ),
    ],
)
def test_it_said_after_a_document_is_the_documents(nlp: Language, text: str, speaker: str) -> None:
    quote = find(nlp, text, "spawning grounds")
    assert quote.speaker is not None
    assert quote.speaker.lower() == speaker
    assert quote.speaker_mention is not None
    assert quote.speaker_mention.lower() == "it"


@pytest.mark.parametrize(
    "text",
    [
        # A company is no document: this rule leaves its "it" alone.
        "The ferry company raised its fares. It said the fares "
        '"would protect the spawning grounds."',
        # A paragraph break: news names its source again.
        "The draft called for a ferry levy.\nIt said the levy "
        '"would protect the spawning grounds."',
    ],
)
def test_it_said_without_a_document_just_before_stays_unknown(nlp: Language, text: str) -> None:
    assert find(nlp, text, "spawning grounds").speaker is None
