"""Quote wordings in the comparison (issue 19, item 3): only the words inside the marks, one
wording per quotation, never joined across narration that ends a sentence; a phrase that
describes the words is no speaker."""

from __future__ import annotations

from storylens.compare.quotes import (
    QuoteInStory,
    align_quotes,
    join_split_sentences,
    quote_wordings,
    speaker_of,
)
from storylens.records import Quote


def _quote(text: str, spans: list[str], kind: str = "direct", speaker: str = "Ray Castellano"):
    """A quote of ``text`` made of the runs ``spans`` (each found in ``text``)."""
    runs = tuple((text.index(s), text.index(s) + len(s)) for s in spans)
    return Quote(
        text=" ".join(spans),
        start=runs[0][0],
        end=runs[-1][1],
        speaker=speaker,
        speaker_mention=speaker,
        speaker_start=None,
        speaker_end=None,
        speaker_type="person",
        cue="said",
        kind=kind,  # type: ignore[arg-type]
        segments=runs if len(runs) > 1 else (),
    )


def _words(text: str, quote: Quote) -> list[str]:
    return [words for words, _, _ in quote_wordings(text, quote)]


def test_two_quotations_with_narration_between_them_are_two_wordings() -> None:
    text = (
        '"The driver did everything right," Castellano said at a briefing. '
        '"We are very lucky this is a story about bumps and bruises."'
    )
    quote = _quote(
        text,
        [
            "The driver did everything right,",
            "We are very lucky this is a story about bumps and bruises.",
        ],
    )
    assert _words(text, quote) == [
        "The driver did everything right",
        "We are very lucky this is a story about bumps and bruises.",
    ]


def test_a_quote_stored_in_one_span_is_cut_at_narration_that_ends_a_sentence() -> None:
    text = '"I\'m no hero," he insisted. "I just know those families."'
    quote = _quote(text, [text[1:-1]])
    assert _words(text, quote) == ["I'm no hero", "I just know those families."]


def test_one_sentence_split_by_its_attribution_is_one_wording() -> None:
    text = "“I've never walked away from a job,” he said, “and I'm not starting now.”"
    quote = _quote(text, ["I've never walked away from a job,", "and I'm not starting now."])
    ((words, start, end),) = quote_wordings(text, quote)
    assert words == "I've never walked away from a job … and I'm not starting now."
    assert (start, end) == (1, len(text) - 1)


def test_a_mixed_quote_is_only_the_words_inside_its_marks() -> None:
    text = "Ashby repeated when asked about his future, “and I'm not starting now.”"
    quote = _quote(text, ["about his future, “and I'm not starting now."], kind="mixed")
    ((words, start, end),) = quote_wordings(text, quote)
    assert words == "and I'm not starting now."
    assert text[start:end] == words


def test_a_quotation_inside_a_wording_keeps_its_closing_mark() -> None:
    text = "“She looked at me and said, ‘Put that down,’” Malik recalled."
    quote = _quote(text, ["She looked at me and said, ‘Put that down,’"])
    assert _words(text, quote) == ["She looked at me and said, ‘Put that down,’"]


def test_two_quotes_of_one_split_sentence_are_joined() -> None:
    text = "“I've never walked away from a job,” he repeated when asked, “and I'm not done.”"

    def found(words: str, kind: str) -> QuoteInStory:
        start = text.index(words)
        return QuoteInStory("a", "Post", words, "Colin Ashby", kind, start, start + len(words))

    joined = join_split_sentences(
        text,
        [
            found("I've never walked away from a job,", "direct"),
            found("and I'm not done.", "mixed"),
        ],
    )
    assert [q.text for q in joined] == ["I've never walked away from a job … and I'm not done."]


def test_a_phrase_describing_the_words_is_no_speaker() -> None:
    assert speaker_of("Her only public comment") is None
    assert speaker_of("His statement") is None
    assert speaker_of("Delacroix’s comments") is None  # what she said, not who said this
    assert speaker_of("Delacroix’s aide") == "Delacroix’s aide"
    assert speaker_of("the insider") == "the insider"
    assert speaker_of("Mira Delacroix") == "Mira Delacroix"
    groups = align_quotes(
        [
            QuoteInStory("a", "Post", "Ask first. Always.", "Mira Delacroix", "direct", 0, 18),
            QuoteInStory(
                "b",
                "Courier",
                "Ask first. Always.",
                speaker_of("Her only public comment"),
                "direct",
                0,
                18,
            ),
        ]
    )
    assert [v.relation for v in groups[0].variants] == ["reference", "identical"]


def test_the_comparison_reads_each_quotation_of_a_split_quote_apart() -> None:
    from storylens.compare.story import quotes_in_story
    from test_compare_parts import member

    text = (
        "“Our first thought is for the children,” Haddad said in a statement. "
        "“We will review everything about this morning.”"
    )
    quote = _quote(
        text,
        ["Our first thought is for the children,", "We will review everything about this morning."],
        speaker="Lorraine Haddad",
    )
    found = quotes_in_story([member("w", "Metro Wire", text, quotes=(quote,))])
    assert [(q.text, text[q.start : q.end]) for q in found] == [
        ("Our first thought is for the children", "Our first thought is for the children"),
        (
            "We will review everything about this morning.",
            "We will review everything about this morning.",
        ),
    ]


def test_a_name_in_marks_inside_a_mixed_quote_is_no_wording() -> None:
    text = (
        'The council vote to keep "Harbour Before Profit" as the town motto is "not putting '
        'anyone back to work," Ines Varga said.'
    )
    clause = text[: text.index(" Ines")].rstrip(",")
    quote = _quote(text, [clause], kind="mixed", speaker="Ines Varga")
    assert _words(text, quote) == ["not putting anyone back to work"]
