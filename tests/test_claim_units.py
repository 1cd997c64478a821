"""Claims that stand alone (issue 19, item 1): a sentence or a main clause with its own
subject, never a piece of a quotation, never a dangling mark, never furniture."""

from __future__ import annotations

from dataclasses import replace

import pytest

from storylens.compare.claim_units import (
    claim_units,
    furniture_spans,
    is_cut_clause,
    is_furniture,
    is_lead_in,
    is_question,
)
from storylens.compare.lone_claims import is_bare_quotation
from storylens.records import Quote, Span
from test_compare_parts import member


def _texts(text: str) -> list[str]:
    return [unit.text for unit in claim_units([member("a", "Harbor Gazette", text)])]


def test_a_quotation_cut_by_the_sentence_splitter_is_one_claim() -> None:
    text = "‘So the whole point is that we argue about the budget. You’re a winner.’ she said."
    texts = _texts(text)
    assert not any(t.startswith("You’re a winner") for t in texts)
    assert any("You’re a winner" in t and "whole point" in t for t in texts)


def test_a_piece_closing_a_quotation_whose_opening_mark_is_lost_joins_the_one_before() -> None:
    # the source lost the opening mark: the piece starts inside the quotation
    text = 'Asked about the dam, Holt paused. Was it safe? I cannot say with certainty" she said.'
    texts = _texts(text)
    assert not any(t.startswith("I cannot say") for t in texts)
    assert any(t.startswith("Was it safe?") and "she said" in t for t in texts)


def test_a_claim_never_ends_on_a_mark_whose_partner_is_in_another_paragraph() -> None:
    text = "“The reservoir is leaking again and nobody came.\nIt’s not cute at all, Mr Holt.”"
    texts = _texts(text)
    assert "It’s not cute at all, Mr Holt." in texts
    assert not any(t.endswith("”") or t.startswith("“") for t in texts)


@pytest.mark.parametrize("dependent", ["when conversation", "leaving fans"])
def test_a_dependent_clause_is_not_cut_off_as_a_claim(dependent: str) -> None:
    text = (
        "The couple sat down with the Harbor Gazette for a long interview about their year "
        "at the Brackenford reservoir, when conversation turned to a potential second series "
        "of their reality show about the dam, leaving fans and viewers cringing at home."
    )
    assert not any(t.startswith(dependent) for t in _texts(text))


def test_a_main_clause_with_its_own_subject_is_a_claim_of_its_own() -> None:
    text = (
        "Crews from the Brackenford Water Board worked through the night to shore up the "
        "leaking dam above the reservoir on Monday; the board said the town's water supply "
        "would stay safe for at least another month."
    )
    texts = _texts(text)
    assert len(texts) == 2
    assert texts[1].startswith("the board said")


def test_a_main_clause_knows_the_whole_sentence_it_was_cut_from() -> None:
    text = (
        "Crews from the Brackenford Water Board worked through the night to shore up the "
        "leaking dam above the reservoir on Monday; the board said the town's water supply "
        "would stay safe for at least another month. The mayor thanked them."
    )
    first, second, third = claim_units([member("a", "Harbor Gazette", text)])
    whole = text[: text.index(" The mayor")]
    assert text[slice(*first.sentence_span)] == text[slice(*second.sentence_span)] == whole
    assert text[slice(*third.sentence_span)] == third.text == "The mayor thanked them."


def test_names_before_and_are_a_list_of_subjects_not_a_claim() -> None:
    text = (
        "Councillors Rhea Voss of Ferrow and Dana Holt, and Ada Quill and Tom Penn of "
        "Brackenford are drafting a letter to the water board that would try to block the "
        "reservoir sale before the vote in the town hall next month."
    )
    texts = _texts(text)
    assert not any(
        t.startswith("Councillors Rhea Voss of Ferrow and Dana Holt") and len(t) < 60 for t in texts
    )
    assert any("Rhea Voss" in t and "drafting" in t for t in texts)


@pytest.mark.parametrize(
    "line",
    [
        "Copyright 2026 Harbor Gazette. All rights reserved.",
        "This material may not be published, broadcast, rewritten or redistributed.",
        "[See attached photo gallery of the reservoir]",
        "Photo: Dana Holt for the Harbor Gazette",
        "Photo credit: Courtesy of the Holt family",
    ],
)
def test_furniture_is_never_a_claim(line: str) -> None:
    text = f"Crews shored up the leaking dam above the Brackenford reservoir on Monday.\n{line}"
    texts = _texts(text)
    assert texts == ["Crews shored up the leaking dam above the Brackenford reservoir on Monday."]


def test_a_photo_credit_is_cut_off_its_caption() -> None:
    text = "Crews at the leaking dam above the reservoir (Photo: Brackenford Water Board)"
    assert _texts(text) == ["Crews at the leaking dam above the reservoir"]
    assert furniture_spans(text) == [(text.index(" (Photo"), len(text))]


def _split_texts(text: str, *cuts: str, quotes: tuple[Quote, ...] = ()) -> list[str]:
    """Claims of ``text`` whose sentence splitter cut before each of ``cuts`` (as spaCy does
    after a closing quotation mark or a dateline's dash)."""
    positions = [0, *(text.index(cut) for cut in cuts), len(text)]
    pairs = zip(positions, positions[1:], strict=False)
    sentences = tuple(Span(a, b, "sentence") for a, b in pairs)
    plain = member("a", "Harbor Gazette", text)
    analysed = replace(plain.analysed, sentences=sentences, quotes=quotes)
    return [unit.text for unit in claim_units([replace(plain, analysed=analysed)])]


@pytest.mark.parametrize(
    "dateline",
    ["PORT ALDER (Metro Wire) — ", "PORT ALDER, Ont. — ", "BELLMONT — ", "NEW YORK (AP) -- "],
)
@pytest.mark.parametrize("cut", [True, False])
def test_a_dateline_is_never_a_claim_nor_part_of_one(dateline: str, cut: bool) -> None:
    lead = "A fire tore through a Kestrel Logistics warehouse on Cannery Road late Tuesday."
    texts = _split_texts(dateline + lead, *([lead] if cut else []))
    assert texts == [lead]


@pytest.mark.parametrize("dateline", ["PORT ALDER (Metro Wire) — ", "BELLMONT – "])
def test_a_dateline_under_a_headline_is_no_claim(dateline: str) -> None:
    headline = "Fire guts Kestrel Logistics warehouse\n"
    lead = "A fire tore through a Kestrel Logistics warehouse on Cannery Road late Tuesday."
    texts = _split_texts(headline + dateline + lead, dateline + lead, lead)
    assert dateline.strip() not in " ".join(texts)
    assert lead in texts


def test_a_capitalised_word_before_a_dash_inside_a_sentence_is_no_dateline() -> None:
    text = "Crews said the NASA-built pump — a loan — failed twice on Monday night."
    assert _texts(text) == [text]


@pytest.mark.parametrize(
    "line",
    [
        "Updated 5:32 p.m.",
        "Published: March 3, 2026 at 10:02 a.m. ET",
        "Last updated Mar 3, 2026",
        "Contact Dana Holt at dholt@harborgazette.example or 555-0134.",
        "Reach reporter Dana Holt at (555) 010-0134.",
        "Follow Dana Holt on Twitter.",
        "Dana Holt can be reached at the newsroom desk.",
        "Watch: Crews fight the Cannery Road blaze",
        "Now Playing",
        "Your browser does not support the video tag.",
        "This video is not available in your region.",
        "Fire Crews Return To Cannery Road",
        "WHAT HAPPENS NEXT",
        "An earlier version of this article misstated the name of the reservoir.",
        "This story originally said the dam was built in 1958.",
        "Correction: The dam's keeper is Dana Holt, not Dina Holt.",
    ],
)
def test_page_furniture_and_headings_are_never_claims(line: str) -> None:
    text = f"Crews shored up the leaking dam above the Brackenford reservoir on Monday.\n{line}"
    assert _texts(text) == [
        "Crews shored up the leaking dam above the Brackenford reservoir on Monday."
    ]


@pytest.mark.parametrize(
    "line",
    [
        "Updated maps show the flooded streets of the old harbour district.",
        "Crews at the leaking dam above the reservoir",
        "Residents were told to follow the signs to the school gym.",
    ],
)
def test_sentences_like_furniture_stay_claims(line: str) -> None:
    assert _texts(f"Crews shored up the leaking dam on Monday.\n{line}")[-1] == line


@pytest.mark.parametrize(
    ("text", "cut"),
    [
        # after a closing quotation mark
        ('Several chanted "Shame!" as councillors left the room.', "as councillors"),
        # inside a name: a piece ending on a letter is no sentence
        (
            "Police say Ja'Vonne Pell shot and wounded a 15-year-old boy on Cannery Road.",
            "Pell shot",
        ),
        # after a title's abbreviation, and at a state's before a title
        ("Crews were led by Gov. Dana Holt on Monday.", "Dana Holt"),
        ("Mayors urged Ore. Gov. Dana Holt to veto the bill.", "Gov. Dana"),
    ],
)
def test_a_sentence_the_splitter_cut_is_one_claim(text: str, cut: str) -> None:
    assert _split_texts(text, cut) == [text]


def test_a_quotation_and_its_speaker_after_it_are_one_claim() -> None:
    text = (
        "‘And that is called — what’s the word of the day?’ Hilaria began after the audio "
        "had ended, setting Alec up to reply."
    )
    speaker = text.index("Hilaria")
    said = Quote(
        text="And that is called — what’s the word of the day?",
        start=1,
        end=text.index("?’") + 1,
        speaker="Hilaria Baldwin",
        speaker_mention="Hilaria",
        speaker_start=speaker,
        speaker_end=speaker + len("Hilaria"),
        speaker_type="person",
        cue="began",
        kind="direct",
    )
    assert _split_texts(text, "Hilaria began", quotes=(said,)) == [text]
    # With no quote naming a speaker there, a quotation ending a sentence stays a claim alone.
    assert len(_split_texts(text, "Hilaria began")) == 2


def test_a_list_of_names_is_not_cut_at_its_last_and() -> None:
    text = (
        "The series gave an insight into their life with seven children: three daughters, "
        "Carmen Gabriela, María Lucía Victoria, and Ilaria Catalina Irena, as well as four "
        "sons Rafael Thomas, Leonardo Ángel Charles, Romeo Alejandro David and Eduardo Pao."
    )
    assert _texts(text) == [text]


def test_a_quotation_is_not_joined_to_the_next_speakers_sentence() -> None:
    text = "Alec jumped in with: ‘The Hilaria Show.’ She added: ‘No, the season needs a vote.’"
    first = text.index("The Hilaria")
    second = text.index("No, the")
    quotes = tuple(
        Quote(
            text=text[start : text.index(".", start) + 1],
            start=start,
            end=text.index(".", start) + 1,
            speaker=name,
            speaker_mention=mention,
            speaker_start=text.index(mention),
            speaker_end=text.index(mention) + len(mention),
            speaker_type="person",
            cue="said",
            kind="direct",
        )
        for start, name, mention in ((first, "Alec", "Alec"), (second, "Hilaria", "She"))
    )
    assert len(_split_texts(text, "She added", quotes=quotes)) == 2


def test_a_question_in_the_outlets_own_voice_is_no_claim() -> None:
    text = (
        "The council voted to close the library on Tuesday. "
        "Will it be the last branch to go? "
        "Asked about it, Ames snapped: “Why are you asking me?”"
    )
    texts = _texts(text)
    assert not any(t.startswith("Will it be") for t in texts)
    assert any(t.endswith("“Why are you asking me?”") for t in texts)  # a source asks
    assert is_question("A double dip recession?")
    assert not is_question("“Is that picture you?”")


def test_a_lead_in_that_opens_what_follows_is_no_claim() -> None:
    text = (
        "The council voted to close the library on Tuesday.\n"
        "The Harbour Gazette reports:\n"
        "The branch had lost half its readers in five years, the paper said."
    )
    texts = _texts(text)
    assert "The Harbour Gazette reports:" not in texts
    assert any(t.startswith("The branch had lost") for t in texts)
    assert is_lead_in("She then added:") and not is_lead_in("She then added: “No.”")


def test_a_clause_cut_from_its_verb_and_a_call_to_readers_are_no_claims() -> None:
    assert is_cut_clause("that the council could vote on the plan anyway.")
    assert not is_cut_clause("That was the plan, Ames said.")
    assert is_cut_clause("Which brings us back to the vote.")
    assert not is_cut_clause("Which branch will close?")
    assert is_furniture("See the cover below, and tell us whether you think it crosses a line.")
    assert is_furniture("Tell us what you think in the comments below.")
    assert not is_furniture("Ames said she would tell us what happened at the meeting.")


def test_a_contributor_line_is_no_claim() -> None:
    text = (
        "A fire tore through a Kestrel Logistics warehouse on Cannery Road late Tuesday.\n"
        "Staff writer Ines Varga contributed to this report.\n"
    )
    assert _texts(text) == [text.split("\n")[0]]


def test_a_state_at_a_sentence_end_is_no_cut_inside_one() -> None:
    text = "Holt grew up in Salem, Ore. Crews shored up the leaking dam on Monday."
    assert _split_texts(text, "Crews") == [
        "Holt grew up in Salem, Ore.",
        "Crews shored up the leaking dam on Monday.",
    ]


def test_semicolons_between_the_items_of_a_list_cut_no_clause() -> None:
    text = (
        "The meeting on the future of the dam was attended by the water board's chair, Dana "
        "Holt of Brackenford; the county's chief engineer, Priya Nandakumar of Pellham; and "
        "the newly elected mayor, Ana Brill of Crosby Mills."
    )
    assert _texts(text) == [text]
    two = (
        "The board voted on Monday to close the Cannery Road depot by the end of the year; "
        "the county engineer said the dam above the reservoir would be inspected in March."
    )
    assert len(_texts(two)) == 2


def test_an_attribution_cut_off_its_quotation_is_one_claim_with_it() -> None:
    text = "“What difference does it make to the dam?” Ms. Holt said, her voice rising."
    assert _split_texts(text, "Ms. Holt") == [text]
    # after a full stop the name opens a sentence of its own
    two = "“The dam will hold.” Holt said the board would meet on Monday."
    assert len(_split_texts(two, "Holt said")) == 2


def test_a_quotation_closed_with_a_straight_mark_keeps_its_marks() -> None:
    """An outlet that opens a quotation with a curly mark and closes it with a straight one
    still prints a quotation: the claim keeps both marks, and is no narration of its own."""
    text = (
        "The plan is sound, a spokesman for the mayor said. “She looks forward to the vote on "
        'the bridge, which of course does not mean a vote on the budget."\nThe council meets '
        "on Monday."
    )
    (quoted,) = [u for u in claim_units([member("a", "Gazette", text)]) if "looks" in u.text]
    assert quoted.text.startswith("“She looks") and quoted.text.endswith('budget."')
    assert is_bare_quotation(quoted.text)


def test_a_bare_attribution_is_no_claim() -> None:
    """ "Quist said." cut by the sentence splitter from the quotation before it is who spoke,
    not a claim; a sentence that goes on to say what is one."""
    from storylens.compare.claim_units import is_bare_attribution

    text = (
        '"We offered the mayor a chance to meet the whole council before the vote." Quist '
        "said.\nQuist said the vote would come on Thursday."
    )
    one = member("a", "Gazette", text)
    cut = text.index(" Quist said.")
    # the sentences as the parser splits them: the quotation, then its attribution alone
    spans = (Span(0, cut, "sentence"), Span(cut + 1, text.index("\n"), "sentence"))
    spans += (Span(text.index("\n") + 1, len(text), "sentence"),)
    one = replace(one, analysed=replace(one.analysed, sentences=spans))
    units = [u.text for u in claim_units([one])]
    assert "Quist said." not in units
    assert "Quist said the vote would come on Thursday." in units
    assert is_bare_attribution("Sen. Dick Durbin said.") and is_bare_attribution("she added.")
    assert not is_bare_attribution("The council said.")


@pytest.mark.parametrize(
    "text",
    [
        # a paper's style: each further paragraph opens with a mark, only the last closes
        (
            'The harbour board said in a statement:\n"The pier will reopen in spring.\n'
            '"Repairs to the north pilings are under way and the ferry keeps running."\n'
            "Fishermen were not convinced."
        ),
        # a blog's: the first paragraph opens, the last closes, none between is marked
        (
            "A post on Quayside Notes offered this commentary:\n“Expect more of this. The "
            "board has failed the town for years.\nLet’s recap what happened at the pier.\n"
            "Nobody is going to fix it for us. Act accordingly.”\nFishermen were not convinced."
        ),
    ],
)
def test_a_quotation_over_several_paragraphs_is_the_sources_not_the_outlets(text: str) -> None:
    from storylens.compare.claim_units import quoted_paragraphs

    (span,) = quoted_paragraphs(text)
    assert text[span[0]] in '“"' and text[span[1] - 1] in '”"'
    units = claim_units([member("a", "Harbor Gazette", text)])
    quoted = {unit.text for unit in units if unit.quoted}
    assert not any("Fishermen" in t or "statement" in t or "commentary" in t for t in quoted)
    assert any("recap" in t or "north pilings" in t for t in quoted)


@pytest.mark.parametrize(
    "text",
    [
        # the open mark is a stray: nothing closes it within reach
        "“The pier will reopen in spring.\nFishermen were not convinced.\nThe board met.",
        # a possessive-looking mark may close the quotation: no sure span
        "But ‘fireworks’ are the norm, said friends who called it ‘banter.’\n"
        "‘It was fun,’ he said.",
        # each paragraph balanced on its own
        '"The pier will reopen," the board said.\n"We are sure of it," Fenn said.',
    ],
)
def test_no_quotation_over_paragraphs_where_the_marks_do_not_say_so(text: str) -> None:
    from storylens.compare.claim_units import quoted_paragraphs

    assert quoted_paragraphs(text) == []


def test_a_sentence_of_a_long_quotation_is_never_listed_as_the_outlets_own() -> None:
    from storylens.compare.story import compare_story

    gazette = (
        "The Brackenford pier closed on Monday after a crane toppled onto its north end.\n"
        "A post on Quayside Notes offered this commentary:\n“Expect more of this. The board "
        "has failed the town for years.\nThe age of the grand pier is over, friends.\n"
        "Nobody is going to fix it for us. Act accordingly.”"
    )
    courier = "A crane toppled onto the north end of the Brackenford pier on Monday, closing it."
    comparison = compare_story(
        "s", [member("g", "Gazette", gazette), member("c", "Courier", courier)]
    )
    listed = {c.text for c in comparison.claims if c.status in ("only", "unplaced")}
    assert not any("grand pier" in t or "Act accordingly" in t for t in listed)
    assert any(c.status == "quotation" and "grand pier" in c.text for c in comparison.claims)


def test_a_pair_opened_by_both_and_a_second_that_clause_are_not_cut() -> None:
    pair = (
        "Representative Ann Lee, a Republican of Eastmere and a longtime critic of proposals "
        "to change the harbour plan, said it was significant that both the third-ranking "
        "member of the board, Harbour Master Tom Pell of Eastmere, and the finance committee "
        "chairman, Councillor Bo Reyes of Ferris Bay, had voiced support in recent days for "
        "the repairs to the old pier."
    )
    assert _texts(pair) == [pair]
    second_that = (
        "Pell said an official survey and price estimate, referred to as a score, from the "
        "county engineers on the old pier are not yet ready, but that the board could move "
        "to the vote anyway on Thursday or Friday if needed."
    )
    assert _texts(second_that) == [second_that]


def test_an_and_that_adds_one_more_name_to_a_list_is_not_cut() -> None:
    text = (
        "She says that as a member of the Brackenford Harbour Board, and the County Water "
        "Committee, she has seen every survey of the old dam and knows how much repair it "
        "needs before the winter storms arrive."
    )
    assert _texts(text) == [text]


def test_an_and_that_opens_a_clause_with_a_name_is_still_cut() -> None:
    text = (
        "Crews from the Brackenford Water Board worked through the night to shore up the "
        "leaking dam above the reservoir on Monday, and Mayor Dana Holt thanked them at the "
        "town hall, saying the water supply was safe."
    )
    texts = _texts(text)
    assert len(texts) == 2
    assert texts[1].startswith("Mayor Dana Holt thanked")


def test_an_and_that_opens_a_clause_whose_subject_is_described_is_still_cut() -> None:
    text = (
        "An engineer from the water board, which plans to build a new pumping station, called "
        "the mayor to urge her to close the dam road, and Rhea Voss, chair of the harbour "
        "trust, sent her a letter citing the town's safety record."
    )
    texts = _texts(text)
    assert len(texts) == 2
    assert texts[1].startswith("Rhea Voss, chair")
