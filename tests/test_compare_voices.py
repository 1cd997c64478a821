"""Whose words each line of a comparison shows (issue 19, items 3, 4 and 7), on small written
stories: quotes hold only the words inside their marks, a repeat is a repeat, a relayed quote
names its relay; a shared line or summary line never puts one outlet's wording under another;
sourcing counts quoted words only."""

from __future__ import annotations

from dataclasses import replace

from storylens.compare.quotes import QuoteInStory, align_quotes, utterance_words
from storylens.compare.sourcing import source_type, sourcing_profiles
from storylens.compare.story import compare_story, quotes_in_story
from storylens.records import Claim, ClaimMatch, Quote, WordDiff
from storylens.report import variant_label
from test_compare_parts import member, quote


def _quote_at(whole: str, text: str, speaker: str | None, **fields: object) -> Quote:
    start = whole.index(text)
    values: dict[str, object] = {
        "text": text,
        "start": start,
        "end": start + len(text),
        "speaker": speaker,
        "speaker_mention": speaker,
        "speaker_start": None,
        "speaker_end": None,
        "speaker_type": "person",
        "cue": "said",
        "kind": "direct",
    }
    values.update(fields)
    return Quote(**values)  # type: ignore[arg-type]


# -- quotes: the words inside the marks ------------------------------------------------------


def test_a_mixed_quote_compares_only_its_marked_phrase() -> None:
    text = (
        "The comedian mockingly referred to her as “the harbour witch”, referencing a clip "
        "from the fair where she pretended to forget the word for herring."
    )
    clause = "her as “the harbour witch”, referencing a clip from the fair"
    mixed = _quote_at(text, clause, "Jon Pell", kind="mixed")
    (found,) = quotes_in_story([member("a", "Echo", text, quotes=(mixed,))])
    assert found.text == "the harbour witch"
    # the quote rows of `show` and the pages read the same words
    assert utterance_words(mixed.text, kind="mixed") == "the harbour witch"


def test_a_quote_never_runs_on_across_a_paragraph_left_open() -> None:
    # the aide's paragraph has no closing mark; the next paragraph is a new quotation
    text = (
        "‘There is no harm,’ the aide continued. ‘They both like a fight and that is why they "
        "get on.\n‘That council row was a true picture of them,’ the aide said. ‘They test "
        "each other.’"
    )
    first = text.index("They both")
    second_end = text.index("picture of them") + len("picture of them")
    third = text.index("They test")
    segments = ((first, second_end), (third, third + len("They test each other.")))
    joined = " ".join(text[a:b] for a, b in segments)
    aide = _quote_at(text, text[first:second_end], "the aide")
    aide = Quote(**{**aide.__dict__, "text": joined, "end": segments[-1][1], "segments": segments})
    wordings = [q.text for q in quotes_in_story([member("a", "Echo", text, quotes=(aide,))])]
    # ... and narration that ends a sentence ("the aide said.") parts two quotations
    assert wordings == [
        "They both like a fight and that is why they get on.",
        "That council row was a true picture of them",
        "They test each other.",
    ]


def _said(article: str, outlet: str, text: str, start: int) -> QuoteInStory:
    return QuoteInStory(article, outlet, text, "Ada Penn", "direct", start, start + len(text))


def test_a_line_said_twice_is_a_repeat_and_each_telling_is_set_beside_its_own() -> None:
    groups = align_quotes(
        [
            _said("a", "Echo", "Oh my word. When I speak, you listen.", 0),
            _said("a", "Echo", "When I speak, you listen.", 100),
            _said("b", "Courier", "OMW! When I speak, you listen.", 0),
            _said("b", "Courier", "No, when I speak, you listen.", 100),
        ]
    )
    (group,) = groups
    relation = {v.text: v for v in group.variants}
    assert relation["Oh my word. When I speak, you listen."].relation == "reference"
    assert relation["When I speak, you listen."].relation == "repeated"
    assert relation["OMW! When I speak, you listen."].relation == "reworded"
    no = relation["No, when I speak, you listen."]
    assert no.relation == "extended"
    assert no.compared_with == "When I speak, you listen."
    assert [(d.op, d.words) for d in no.diff if d.op != "keep"] == [("add", "No")]


def test_words_a_source_relays_name_the_relay() -> None:
    text = "Pell recalled: “She’s like, ‘What are you doing?’” The crowd laughed."
    outer = _quote_at(text, "She’s like, ‘What are you doing?’", "Jon Pell")
    inner = _quote_at(
        text, "What are you doing?", "Ada Penn", kind="nested", reported_by="Jon Pell"
    )
    found = quotes_in_story([member("a", "Echo", text, quotes=(outer, inner))])
    relayed = next(q for q in found if q.kind == "nested")
    assert relayed.reported_by == "Jon Pell"
    (variant,) = next(g for g in align_quotes(found) if g.speaker == "Ada Penn").variants
    assert variant.reported_by == "Jon Pell"
    assert variant_label(variant).endswith("per Jon Pell")


# -- shared lines and the summary: each outlet's own words -----------------------------------


def _claim(article: str, outlet: str, text: str, group: int, *others: str) -> Claim:
    return Claim(article, outlet, 0, len(text), text, "shared", group, shared_with=others)


def test_a_shared_line_lists_only_the_outlets_that_print_its_words() -> None:
    claims = [
        _claim("e", "Echo", "Ada Penn, 41, spoke at the pier last week.", 1, "Courier", "Post"),
        _claim("c", "Courier", "Penn spoke at the pier on Tuesday.", 1, "Echo", "Post"),
        _claim("p", "Post", "Ada Penn, 41, spoke at the pier last week.", 1, "Echo", "Courier"),
    ]
    # each matched with the others, as the comparison matches a group's sentences
    claims = [
        replace(
            claim,
            matches=tuple(
                ClaimMatch(o.article_id, o.outlet, o.start, o.end, "same", 0.8, "")
                for o in claims
                if o is not claim
            ),
        )
        for claim in claims
    ]
    from storylens.compare.shared_lines import shared_lines  # noqa: PLC0415 - new in issue 19

    (line,) = shared_lines(claims)
    assert line.outlets == ("Echo", "Post")
    assert [tuple(w) for w in line.other_wordings] == [
        ("Courier", "Penn spoke at the pier on Tuesday.")
    ]


def test_the_summary_never_gives_one_outlets_sentence_to_another() -> None:
    echo = (
        "Fire crews fought a blaze at the Port Alder grain warehouse on Tuesday night. "
        "Chief Rosa Lind said nobody was hurt."
    )
    courier = (
        "A fire tore through the empty grain warehouse in Port Alder on Tuesday. "
        "Nobody was hurt, Chief Rosa Lind said."
    )
    comparison = compare_story(
        "s-1",
        [
            member("e", "Echo", echo, people=("Rosa Lind",)),
            member("c", "Courier", courier, people=("Rosa Lind",)),
        ],
    )
    texts = {"Echo": echo, "Courier": courier}
    assert comparison.summary
    for line in comparison.summary:
        assert all(line.text in texts[outlet] for outlet in line.outlets)
        assert all(text in texts[outlet] for outlet, text in line.other_wordings)


# -- sourcing: quoted words only --------------------------------------------------------------


def test_sourcing_counts_only_words_inside_marks() -> None:
    text = (
        "Jon Pell, who taunted the mayor over the fire, was threatened by a guard. "
        "“We won,” Pell said."
    )
    narration = _quote_at(
        text, "Jon Pell, who taunted the mayor over the fire", "Jon Pell", kind="indirect"
    )
    direct = _quote_at(text, "We won,", "Jon Pell")
    (profile,), _ = sourcing_profiles([member("a", "Echo", text, quotes=(narration, direct))], {})
    (person,) = profile.counts
    assert (person.source_type, person.quotes, person.words, person.reported) == (
        "person",
        1,
        2,
        1,
    )


def test_a_kind_of_source_with_nothing_to_count_has_no_row() -> None:
    text = "“We won,” Jon Pell said."
    (profile,), _ = sourcing_profiles(
        [member("a", "Echo", text, quotes=(_quote_at(text, "We won,", "Jon Pell"),))], {}
    )
    assert [c.source_type for c in profile.counts] == ["person"]


def test_one_person_known_by_whose_they_are_is_no_anonymous_source() -> None:
    # "her doctor", "his lawyer": an identified person, unnamed in the sentence
    assert source_type("anonymous", "her doctor", names_people=True) == "unnamed"
    assert source_type("anonymous", "his lawyer", names_people=False) == "unnamed"
    # ... where a group, a source of access or a confidant stays anonymous
    assert source_type("anonymous", "her aides", names_people=True) == "anonymous"
    assert source_type("anonymous", "his adviser", names_people=True) == "anonymous"
    assert source_type("anonymous", "her confidant", names_people=True) == "anonymous"


def test_an_audience_however_described_is_no_anonymous_source() -> None:
    assert source_type("anonymous", "Mr. Alder's adoring fans", names_people=True) == "unnamed"
    assert source_type("anonymous", "Courier readers", names_people=True) == "unnamed"
    assert source_type("anonymous", "council officials", names_people=True) == "anonymous"


def test_a_person_called_by_role_after_being_named_is_named() -> None:
    assert source_type("anonymous", "the new mayor", names_people=True) == "person"
    assert source_type("anonymous", "the insider", names_people=True) == "anonymous"
    assert source_type("anonymous", "a council aide", names_people=True) == "anonymous"
    # called by sex or age alone, someone the article never names is one of the unnamed
    assert source_type("anonymous", "The woman", names_people=True) == "unnamed"
    assert source_type("anonymous", "the teenager", names_people=True) == "unnamed"
    text = "“We won,” Daniel Brannigan said. The new mayor has promised a review."
    named = _quote_at(text, "We won,", "Daniel Brannigan")
    role = _quote_at(
        text,
        "a review",
        "the new mayor",
        kind="indirect",
        speaker_type="anonymous",
    )
    (profile,), _ = sourcing_profiles([member("a", "Echo", text, quotes=(named, role))], {})
    assert profile.anonymous == ()
    assert [c.source_type for c in profile.counts] == ["person"]
    assert profile.speakers == ("Daniel Brannigan",)


def test_an_outlet_is_never_listed_as_leaving_out_itself() -> None:
    e_text = "“The pier is safe,” the Harbor Courier said in an editorial."
    c_text = "“The pier is safe,” Mayor Ada Penn said."
    e = member(
        "e",
        "Metro Echo",
        e_text,
        quotes=(
            _quote_at(e_text, "The pier is safe,", "Harbor Courier", speaker_type="organization"),
        ),
    )
    c = member(
        "c", "Harbor Courier", c_text, quotes=(quote("The pier is safe,", c_text, "Ada Penn"),)
    )
    _, outlets = sourcing_profiles([e, c], {})
    courier = next(p for p in outlets if p.outlet == "Harbor Courier")
    assert "Harbor Courier" not in courier.left_out


def test_a_person_only_narrated_about_is_not_a_source() -> None:
    text = "Jon Pell, who taunted the mayor over the fire, was threatened by a guard."
    narration = _quote_at(
        text,
        "Jon Pell, who taunted the mayor over the fire",
        "Jon Pell",
        kind="indirect",
        speaker_start=text.index("who"),
        speaker_end=text.index("who") + 3,
    )
    (profile,), _ = sourcing_profiles([member("a", "Echo", text, quotes=(narration,))], {})
    assert profile.speakers == () and profile.counts == ()


def test_a_wording_that_drops_a_negation_says_the_meaning_may_be_reversed() -> None:
    from storylens.compare.variants import negation_differs

    text_a = "“The deal would not increase the risk of a double dip,” Summers said."
    text_b = "“The deal would increase the risk of a double dip,” Summers said."
    found = quotes_in_story(
        [
            member(
                "a",
                "Echo",
                text_a,
                quotes=(
                    _quote_at(
                        text_a,
                        "The deal would not increase the risk of a double dip,",
                        "Larry Summers",
                    ),
                ),
            ),
            member(
                "b",
                "Courier",
                text_b,
                quotes=(
                    _quote_at(
                        text_b, "The deal would increase the risk of a double dip,", "Larry Summers"
                    ),
                ),
            ),
        ]
    )
    (group,) = align_quotes(found)
    changed = [v for v in group.variants if v.relation != "reference"]
    assert changed and all(negation_differs(v.diff) for v in changed)
    assert all("a negation differs" in variant_label(v) for v in changed)
    # an interjection is no negation
    assert not negation_differs((WordDiff("add", "No"), WordDiff("keep", "when I speak")))
    # a print cut before a later "never" drops no negation of what it keeps
    cut = (
        WordDiff("remove", "Or you might have a"),
        WordDiff("keep", "ferry hand who never went to sea"),
        WordDiff("remove", "never sailed a boat"),
    )
    assert not negation_differs(cut)
    assert negation_differs(
        (WordDiff("keep", "it would"), WordDiff("remove", "not"), WordDiff("keep", "sink"))
    )
    # a negated clause moved, not turned round
    moved = (
        WordDiff("keep", "the pier is shut"),
        WordDiff("add", "it wasn't safe"),
        WordDiff("keep", "we are sorry"),
        WordDiff("remove", "It wasn’t safe"),
        WordDiff("keep", "we will reopen"),
    )
    assert not negation_differs(moved)
    # ... or moved to the front from the end, where a cut alone would not be read
    assert not negation_differs(moved[:2] + moved[4:] + moved[3:4])


def test_an_utterance_printed_in_two_pieces_is_not_called_truncated() -> None:
    whole = (
        "“Freedom means freedom for everyone. That means every family is entitled to the "
        "same rights as every other,” Ada Penn wrote."
    )
    pieces = (
        "“Freedom means freedom for everyone,” Ada Penn wrote on Monday. "
        "“That means every family is entitled to the same rights as every other.”"
    )
    first = "Freedom means freedom for everyone,"
    second = "That means every family is entitled to the same rights as every other."
    found = quotes_in_story(
        [
            member(
                "a",
                "Echo",
                whole,
                quotes=(_quote_at(whole, whole[1 : whole.index("”")], "Ada Penn"),),
            ),
            member(
                "b",
                "Courier",
                pieces,
                quotes=(
                    _quote_at(pieces, first, "Ada Penn"),
                    _quote_at(pieces, second, "Ada Penn"),
                ),
            ),
        ]
    )
    (group,) = [g for g in align_quotes(found) if len(g.variants) > 1]
    (courier,) = [v for v in group.variants if v.outlet == "Courier"]
    assert courier.relation == "identical" and "…" in courier.text
    assert (courier.start, courier.end) == (pieces.index(first), pieces.index(second) + len(second))


def test_a_relative_pronoun_speaks_for_its_antecedent_or_for_no_one() -> None:
    # "who" stands for the sources it follows: an anonymous source; "that" after "an
    # episode" is the extractor misreading a clause: no source at all
    text = (
        "But rows are the norm, according to sources close to the couple who dismissed the "
        "spat as banter. The councillor, facing an inquiry that is threatening his plan to "
        "stand for mayor, spoke on Monday."
    )
    sources = _quote_at(
        text,
        "the spat as banter",
        "sources close to the couple",
        speaker_mention="who",
        speaker_type="anonymous",
        kind="indirect",
    )
    episode = _quote_at(
        text,
        "his plan to stand for mayor",
        "an inquiry",
        speaker_mention="that",
        speaker_type="anonymous",
        kind="indirect",
    )
    (profile,), _ = sourcing_profiles([member("a", "Echo", text, quotes=(sources, episode))], {})
    assert [(c.source_type, c.reported) for c in profile.counts] == [("anonymous", 1)]
    assert profile.anonymous == ("sources close to the couple",)


# -- a document's words and short phrases in two outlets (issue 19, quote rows) --------------


def test_a_letters_words_in_two_outlets_are_shown_as_the_letters() -> None:
    first = "“We ask the council to keep the ferry running all winter,” the letter states."
    second = "The letter reads: “We ask the council to keep the ferry running all winter.”"
    words = "We ask the council to keep the ferry running all winter"
    members = [
        member("a", "Echo", first, quotes=(_quote_at(first, words, "the letter"),)),
        member("b", "Courier", second, quotes=(_quote_at(second, words, "The letter"),)),
    ]
    (group,) = align_quotes(quotes_in_story(members))
    assert group.speaker in ("the letter", "The letter")  # not "unknown speaker"
    assert group.article_count == 2


def test_a_reports_quoted_words_are_compared_though_no_one_spoke_them() -> None:
    first = "The report reads: “The pier is beyond repair and must close by March.”"
    second = "“The pier is beyond repair and must close by March,” the report says."
    words = "The pier is beyond repair and must close by March"
    members = [
        member(
            "a",
            "Echo",
            first,
            quotes=(_quote_at(first, words, "The report", act="evidence", cue="reads"),),
        ),
        member(
            "b",
            "Courier",
            second,
            quotes=(_quote_at(second, words, "the report", act="evidence", cue="says"),),
        ),
    ]
    (group,) = align_quotes(quotes_in_story(members))
    assert group.article_count == 2


def test_a_pronouns_statement_still_names_no_speaker() -> None:
    text = "“We will reopen in May,” his statement said."
    words = "We will reopen in May"
    (found,) = quotes_in_story(
        [member("a", "Echo", text, quotes=(_quote_at(text, words, "his statement"),))]
    )
    assert found.speaker is None


def test_one_word_two_outlets_quote_from_one_speaker_is_a_shared_quote() -> None:
    groups = align_quotes(
        [
            QuoteInStory("a", "Echo", "reckless", "Dana Holt", "mixed", 10, 18),
            QuoteInStory("b", "Courier", "reckless.", "Dana Holt", "mixed", 30, 39),
        ]
    )
    (group,) = groups
    assert group.article_count == 2


def test_one_word_given_to_two_speakers_or_too_short_is_no_shared_quote() -> None:
    assert not align_quotes(
        [
            QuoteInStory("a", "Echo", "reckless", "Dana Holt", "mixed", 10, 18),
            QuoteInStory("b", "Courier", "reckless", "Sam Ito", "mixed", 30, 38),
        ]
    )
    assert not align_quotes(
        [
            QuoteInStory("a", "Echo", "no", "Dana Holt", "mixed", 10, 12),
            QuoteInStory("b", "Courier", "no", "Dana Holt", "mixed", 30, 32),
        ]
    )


def test_a_shared_line_points_at_the_sentence_of_an_outlet_it_cannot_show_beside_it() -> None:
    """Post's sentence of the group was paired with Courier's wording, not with the line's:
    the line shows Post's closest sentence, and does not doubt whether Post tells it."""
    from storylens.compare.shared_lines import shared_lines  # noqa: PLC0415
    from storylens.compare.summary import others_note  # noqa: PLC0415

    echo = _claim("e", "Echo", "Ada Penn spoke at the pier last week.", 1, "Courier", "Post")
    courier = _claim("c", "Courier", "Penn spoke at the pier on Tuesday.", 1, "Echo", "Post")
    post = _claim("p", "Post", "Penn, speaking at the pier, was cheered.", 1, "Echo", "Courier")
    pointer = ClaimMatch("p", "Post", 0, len(post.text), "nearest-likely", 0.5, "")
    echo = replace(
        echo, matches=(ClaimMatch("c", "Courier", 0, 34, "same", 0.8, ""),), nearest=(pointer,)
    )
    (line,) = shared_lines([echo, courier, post])
    assert line.unmatched == ("Post",)
    assert line.nearest == (pointer,)
    assert "cannot tell" not in others_note(line)
