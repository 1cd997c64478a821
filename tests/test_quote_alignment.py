"""Quote rows a fact-checker can quote (issue 19, item 3): wordings of one utterance only,
diffed against the utterance they cut, misattribution told only when sure. Every example is
written for the test."""

from __future__ import annotations

from storylens.compare.quotes import (
    QuoteInStory,
    align_quotes,
    join_pieces_told_whole,
    join_split_sentences,
    quote_wordings,
)
from storylens.compare.variants import classify_variant, is_named, one_speaker, same_speaker
from storylens.records import Quote, QuoteGroup


def _at(article: str, words: str, speaker: str | None, kind: str = "direct", start: int = 0):
    return QuoteInStory(article, article.title(), words, speaker, kind, start, start + len(words))


def _group_of(groups: tuple[QuoteGroup, ...], words: str) -> QuoteGroup:
    return next(g for g in groups if any(v.text == words for v in g.variants))


def _relations(group: QuoteGroup) -> dict[tuple[str, str], str]:
    return {(v.article_id, v.text): v.relation for v in group.variants}


# --- wordings: one sentence only when surely one -----------------------------------------


def _joined(text: str, parts: list[tuple[str, str]], speaker: str = "Tomas Pryce") -> list[str]:
    quotes = []
    for words, kind in parts:
        start = text.index(words)
        quotes.append(QuoteInStory("a", "Post", words, speaker, kind, start, start + len(words)))
    return [q.text for q in join_split_sentences(text, quotes)]


def test_a_phrase_quoted_inside_the_reporters_clause_is_not_joined() -> None:
    text = "“I was wrong,” he said, adding that he had “let the mill get away” from him."
    assert _joined(text, [("I was wrong", "direct"), ("let the mill get away", "mixed")]) == [
        "I was wrong",
        "let the mill get away",
    ]


def test_a_second_quotation_opening_in_capitals_is_two_wordings() -> None:
    text = "“I'm sorry,” Pryce said, “I was wrong.”"
    runs = ((1, 10), (text.index("I was"), len(text) - 1))
    quote = Quote(
        text="I'm sorry, I was wrong.",
        start=1,
        end=len(text) - 1,
        speaker="Tomas Pryce",
        speaker_mention="Pryce",
        speaker_start=None,
        speaker_end=None,
        speaker_type="person",
        cue="said",
        kind="direct",
        segments=runs,
    )
    assert [words for words, _, _ in quote_wordings(text, quote)] == ["I'm sorry", "I was wrong."]


def test_a_title_in_the_attribution_ends_no_sentence() -> None:
    text = "“I trust the river,” Mr. Pryce said, “but not the dam.”"
    assert _joined(text, [("I trust the river", "direct"), ("but not the dam.", "direct")]) == [
        "I trust the river … but not the dam."
    ]


# --- which wordings are one utterance ----------------------------------------------------


def test_a_question_sharing_a_phrase_with_the_answer_is_not_its_wording() -> None:
    groups = align_quotes(
        [
            _at("a", "Is that picture you?", "Anton Weir", "mixed"),
            _at("b", "I never sent that picture out", "Anton Weir"),
        ]
    )
    assert all(len(g.variants) == 1 for g in groups)


def test_a_phrase_another_quote_quotes_is_not_that_quotes_utterance() -> None:
    groups = align_quotes(
        [
            _at("a", "Queen of the Valley", "Marta Vell", "mixed"),
            _at(
                "b",
                "Calling her the ‘Queen of the Valley’ is something you do to a wrestler",
                "Gloria Fenn",
            ),
        ]
    )
    assert all(len(g.variants) == 1 for g in groups)


def test_a_two_word_phrase_is_too_generic_to_align() -> None:
    groups = align_quotes(
        [
            _at("a", "Pryce agenda.", "Ben Edgar", "mixed"),
            _at("b", "Do you fully support the Pryce agenda?", "a young man"),
        ]
    )
    assert all(len(g.variants) == 1 for g in groups)


def test_two_quotations_of_one_article_join_the_fuller_wording_they_cut() -> None:
    line = "I'm no hero. I just know those families, and I know how fast hay goes up."
    groups = align_quotes(
        [
            _at("a", "I'm no hero.", "Harold Pim", start=0),
            _at("a", "I just know those families.", "Harold Pim", start=40),
            _at("b", line, "Harold Pim"),
        ]
    )
    group = _group_of(groups, line)
    assert _relations(group) == {
        ("a", "I'm no hero."): "truncated",
        ("a", "I just know those families."): "truncated",
        ("b", line): "reference",
    }


def test_a_cut_of_the_fullest_wording_is_diffed_against_it_not_a_part() -> None:
    fullest = "What I said is it would sharply raise the risk"
    groups = align_quotes(
        [
            _at("a", "would sharply raise the risk", None, "mixed"),
            _at("b", "sharply raise the risk", "Lara Summit", "mixed", start=0),
            _at("b", fullest, "Lara Summit", start=100),
        ]
    )
    variant = next(v for v in _group_of(groups, fullest).variants if v.article_id == "a")
    assert (variant.relation, variant.compared_with) == ("truncated", "")


# --- relations ---------------------------------------------------------------------------


def test_parts_cut_at_ellipses_are_a_cut_not_a_rewording() -> None:
    reference = "I'm sorry. I was wrong. I let the kitchen get away from me."
    assert classify_variant(reference, "I'm sorry … let the kitchen get away")[0] == "truncated"
    assert classify_variant(reference, "I'm sorry … let the cook get away")[0] == "reworded"


def test_a_contraction_spelt_out_is_no_rewording() -> None:
    reference = "The mayor has said that she's sure the bridge won't close, and I believe her."
    spelt_out = "The mayor has said that she is sure the bridge will not close"
    # shown as the outlet printed it: a rewording, its diff naming the words spelt out
    assert classify_variant(reference, spelt_out)[0] == "reworded"
    relation, diff = classify_variant(reference, spelt_out, contractions_kept=True)
    assert relation == "truncated"
    assert [run.op for run in diff] == ["keep", "remove"]
    # a possessive is no contraction of "is" when the other side changes the word after it
    assert classify_variant("Ann's plan fails", "Ann is wrong", contractions_kept=True)[0] == (
        "reworded"
    )


def test_one_speaker_under_a_nickname_keeps_his_quote_spelt_out() -> None:
    # "Tommy Vale" in one outlet, "Thomas Vale" in the other: the same words but for a
    # contraction spelt out are one quote cut, not another person's like words
    full = "The council said that it's ready to vote on the budget and I welcome that."
    cut = "The council said that it is ready to vote on the budget"
    groups = align_quotes([_at("a", full, "Tommy Vale"), _at("b", cut, "Thomas Vale")])
    assert [sorted(v.relation for v in g.variants) for g in groups] == [["reference", "reworded"]]


def test_one_outlet_against_one_other_is_no_misattribution() -> None:
    # nor one utterance shown under either name: each line would credit the other's words
    words = "His conduct is unbecoming of a member of the council."
    groups = align_quotes([_at("a", words, "Bob Ethers"), _at("b", words, "Jon Tamson")])
    assert [[v.relation for v in g.variants] for g in groups] == [["reference"], ["reference"]]


def test_a_cut_given_to_another_named_person_stands_apart() -> None:
    full = "Bob Ethers has lost it. His conduct is unbecoming of a member of the council."
    cut = "His conduct is unbecoming of a member of the council."
    groups = align_quotes([_at("a", full, "Bob Ethers"), _at("b", cut, "Jon Tamson")])
    assert all(len(g.variants) == 1 for g in groups)


def test_the_fullest_wordings_own_speaker_counts_in_a_tie() -> None:
    # the group goes to the story's first speaker; the fullest wording's outlet says another
    cut = "If you help me win this race, you may have someone with your background"
    full = "To put it plainly, if you help me win this race you may have someone with your past"
    cut = cut.replace("background", "past")
    groups = align_quotes([_at("a", cut, "Bruce Bralen"), _at("b", full, "Chad Grassle")])
    assert all(len(g.variants) == 1 for g in groups)


def test_one_surname_under_two_first_names_is_one_speaker_here() -> None:
    full = "We offered the mayor an opportunity to balance the divisive invitation."
    groups = align_quotes(
        [_at("a", full, "Richard J. Durbo"), _at("b", full, "Dick Durbo", start=40)]
    )
    assert [v.relation for v in groups[0].variants] == ["reference", "identical"]


def test_a_phrase_credited_to_the_named_subject_of_the_sentence_stands_apart() -> None:
    # `... after he asked the councillor if he "fully supported the mayor's agenda."`
    question = "Hi, Councillor. How are you? Do you fully support the mayor's agenda?"
    phrase = "fully supported the mayor's agenda."
    groups = align_quotes(
        [_at("a", question, "a young man"), _at("b", phrase, "Bob Ethers", "mixed")]
    )
    assert all(len(g.variants) == 1 for g in groups)


def test_a_phrase_credited_to_a_description_stays_with_the_named_speaker() -> None:
    # "senior officials" may take in the adviser: no contradiction
    line = "What I said is it would significantly increase the risk"
    phrase = "significantly increase the risk"
    groups = align_quotes(
        [
            _at("a", line, "Larry Summit"),
            _at("a", phrase, "Senior council officials", "mixed", start=300),
            _at("b", phrase, None, "mixed"),
        ]
    )
    assert len(_group_of(groups, line).variants) == 3


def test_one_outlet_against_two_others_misattributes() -> None:
    words = "We knocked on every door in Harwick, some of them three times."
    groups = align_quotes(
        [_at("a", words, "Dev Sandy"), _at("b", words, "Dan Brannon"), _at("c", words, "Dev Sandy")]
    )
    assert [v.relation for v in groups[0].variants] == ["reference", "misattributed", "identical"]


def test_a_description_is_no_speaker_to_misattribute_to() -> None:
    words = "Can anyone say with a straight face that the county is not biased?"
    groups = align_quotes(
        [
            _at("a", words, "Ray Lighthouse"),
            _at("b", words, "some"),
            _at("c", words, "Ray Lighthouse"),
        ]
    )
    assert [v.relation for v in groups[0].variants] == ["reference", "identical", "identical"]
    assert not is_named("the headline") and not is_named("Senior council officials")
    # a surname opening on a small prefix before its capital is a name ("diMarco")
    assert is_named("Joseph diMarco")
    assert is_named("Mr. Ethers") and is_named("Ludwig van Brook")


def test_a_quote_that_narrates_its_own_speaker_is_no_sure_attribution() -> None:
    outer = "She looked at me and said, ‘Put that down,’"
    inner = "Put that down"
    quotes = [
        _at("a", outer, "Idris Malo"),
        _at("b", outer, "Idris Malo"),
        _at("c", outer, "Mira Delacour"),
        QuoteInStory("c", "C", inner, "Mira Delacour", "nested", 27, 27 + len(inner)),
    ]
    group = _group_of(align_quotes(quotes), outer)
    shown = {v.article_id: (v.relation, v.speaker) for v in group.variants}
    assert shown["c"] == ("identical", None)


def test_a_quotation_goes_to_whom_whole_quotations_give_it() -> None:
    words = "Do you fully support the council's plan?"
    groups = align_quotes([_at("a", words, "Ben Edgar", "mixed"), _at("b", words, "a young man")])
    assert groups[0].speaker == "a young man"


def test_the_and_of_name_no_one() -> None:
    assert same_speaker("the teaching", "the scholars")  # unchanged for sourcing
    assert not one_speaker("the teaching", "the scholars")
    assert one_speaker("the insider", "The insider")
    assert one_speaker("she", "Hilaria Bell")


def test_a_paraphrase_needs_the_same_speaker_not_the_same_article() -> None:
    direct = _at(
        "a", "It calls for solutions as close to local communities as possible", "the scholars"
    )
    other = _at(
        "b", "It calls for solutions as close to local communities as they can", "the scholars"
    )
    paraphrase = _at(
        "c", "that it calls for solutions close to local communities", "the teaching", "indirect"
    )
    groups = align_quotes([direct, other, paraphrase])
    assert all(v.relation != "paraphrased" for g in groups for v in g.variants)


def test_a_line_sharing_a_fragments_words_does_not_join_through_it() -> None:
    fullest = (
        "This afternoon the mayor and the chair met to discuss the budget. We are not reading "
        "out details, but the lines of communication remain open"
    )
    other = (
        "It lasted fifty minutes. There will be no readout, but lines of communication remain open."
    )
    groups = align_quotes(
        [
            _at("a", fullest, None),
            _at("b", "the lines of communication remain open.", "two statements"),
            _at("c", other, "the statements"),
        ]
    )
    assert all(v.article_id != "c" for v in _group_of(groups, fullest).variants)


def test_another_persons_like_words_are_no_rewording() -> None:
    line = "Freedom means freedom for everyone, and that means every family."
    groups = align_quotes(
        [
            _at("a", line, "Mara Chenny"),
            _at("b", line, "Mara Chenny"),
            _at("c", "I think that freedom means freedom for everyone", "Rick Chenny"),
        ]
    )
    assert all(v.article_id != "c" for v in _group_of(groups, line).variants)
    assert not one_speaker("Rick Chenny", "Mara Chenny")
    assert one_speaker("Tim Murrow", "Timothy Murrow") and one_speaker("Mr. Ethers", "Bob Ethers")
    # one outlet misspelling the first name by a letter names the same person
    assert one_speaker("Vincente Ruiz", "Vicente Ruiz")


def test_a_like_sentence_keeping_few_of_its_words_is_another_utterance() -> None:
    line = (
        "I am afraid that Chairman Ryde's budget reflects the values of his favourite economist "
        "Ada Rand rather than the teaching of the church"
    )
    letter = (
        "Your budget appears to reflect the values of your favourite economist, Ada Rand, "
        "rather than the teaching of the church"
    )
    groups = align_quotes([_at("a", line, "Tom Reece"), _at("b", letter, None)])
    assert all(len(g.variants) == 1 for g in groups)


def test_a_wording_cut_in_several_places_is_the_same_utterance() -> None:
    # every word of the shorter is the longer's, in order: cut in three places, not reworded
    full = (
        "The plans aren't drawn up, written out yet, but I think the pier will reopen for "
        "your boats"
    )
    cut = "The plans aren't written yet, but I think the pier will reopen for boats"
    groups = align_quotes([_at("a", full, "Ana Brill"), _at("b", cut, "Ana Brill")])
    assert len(_group_of(groups, full).variants) == 2


def test_one_changed_word_is_a_rewording() -> None:
    line = "I used money that should have been used for my campaign"
    groups = align_quotes(
        [
            _at("a", line, "Jess Jackman"),
            _at("b", "used money that shouldn't have been used", None, "mixed"),
        ]
    )
    assert _relations(_group_of(groups, line))[
        ("b", "used money that shouldn't have been used")
    ] == ("reworded")


def test_a_paraphrase_needs_a_named_speaker_and_one_utterance() -> None:
    first = _at(
        "a", "If you are set on stopping the dam, you will act before they build it", "Ben Natan"
    )
    second = _at(
        "a", "Every day that passes the dam gets closer to being built", "Ben Natan", start=200
    )
    vague = _at(
        "b",
        "that the dam would be built before anyone could act",
        "a news clip of Ben Natan",
        "indirect",
    )
    named = _at("c", "that the dam gets closer to being built every day", "Ben Natan", "indirect")
    groups = align_quotes([first, second, vague, named])
    paraphrases = [
        (v.article_id) for g in groups for v in g.variants if v.relation == "paraphrased"
    ]
    assert paraphrases == ["c"]


def test_a_phrase_credited_to_someone_else_is_no_misattribution() -> None:
    # nor a cut of the group's words shown under the other name: it stands apart
    line = "The office has pursued a politically driven vendetta against the councillor"
    groups = align_quotes(
        [
            _at("a", line, "Bill McGinty"),
            _at("b", line, "Bill McGinty"),
            _at("c", "a politically driven vendetta", "Patten Boggs", "mixed"),
        ]
    )
    assert _relations(groups[0]) == {("a", line): "reference", ("b", line): "identical"}
    assert all(v.relation != "misattributed" for g in groups for v in g.variants)


def test_a_name_may_open_on_a_common_word() -> None:
    assert is_named("Will Smithers") and is_named("May Ortega")
    assert not is_named("Some") and not is_named("His spokesman")


def test_an_outlet_whose_paraphrase_is_dropped_no_longer_carries_the_group() -> None:
    first = _at(
        "a", "If you are set on stopping the dam, you will act before they build it", "Ben Natan"
    )
    second = _at(
        "a", "Every day that passes the dam gets closer to being built", "Ben Natan", start=200
    )
    both = _at(
        "c", "that he is set on stopping the dam before it gets built", "Ben Natan", "indirect"
    )
    groups = align_quotes([first, second, both])
    assert all(g.outlets == ("A",) for g in groups)


def test_words_a_speaker_cites_are_no_repeat_of_her_own_line() -> None:
    # `"In the report, I quote: 'Key questions ...'"`: she reads the report's words
    own = "There are key questions about the depot fire that remain to be answered"
    holder = "In the inspectors' report, I quote: 'Key questions about the depot fire remain.'"
    cited = "Key questions about the depot fire remain."
    quotes = [
        _at("a", own, "Hana Clint"),
        _at("a", holder, "Hana Clint", start=200),
        QuoteInStory("a", "A", cited, "Hana Clint", "nested", 237, 237 + len(cited)),
    ]
    assert all(v.relation != "repeated" for g in align_quotes(quotes) for v in g.variants)


def test_words_inside_an_unattributed_account_are_relayed_by_its_teller() -> None:
    # `“She looked at me and said, ‘Put that down,’” he said.`: the photographer's account
    outer = "She looked at me and said, ‘Put that down,’"
    inner = "Put that down"
    quotes = [
        _at("a", outer, "Idris Malo"),
        QuoteInStory("a", "A", inner, "Mira Delacour", "nested", 27, 40, "Idris Malo"),
        _at("b", outer, "Idris Malo"),
        QuoteInStory("b", "B", inner, "Mira Delacour", "nested", 27, 40, "Idris Malo"),
        _at("c", outer, None),
        QuoteInStory("c", "C", inner, "Mira Delacour", "nested", 27, 40),
    ]
    group = _group_of(align_quotes(quotes), inner)
    assert {v.article_id: v.reported_by for v in group.variants} == {
        "a": "Idris Malo",
        "b": "Idris Malo",
        "c": "Idris Malo",
    }


# --- pieces of one utterance split by an attribution (issue 19, quote rows) --------------


def _pieces(text: str, article: str, parts: list[str], speaker: str = "Tomas Pryce"):
    found = []
    for words in parts:
        start = text.index(words)
        found.append(
            QuoteInStory(
                article, article.title(), words, speaker, "direct", start, start + len(words)
            )
        )
    return found


def test_pieces_split_by_an_attribution_join_where_another_outlet_prints_them_whole() -> None:
    split = "“I'm sorry,” Pryce said. “I let the mill down and it is on me.”"
    whole = "“I'm sorry. I let the mill down,” Pryce told reporters."
    quotes = _pieces(split, "a", ["I'm sorry", "I let the mill down and it is on me."])
    quotes += _pieces(whole, "b", ["I'm sorry. I let the mill down"])
    joined = join_pieces_told_whole({"a": split, "b": whole}, quotes)
    assert [q.text for q in joined if q.article_id == "a"] == [
        "I'm sorry … I let the mill down and it is on me."
    ]
    (group,) = align_quotes(joined)
    assert _relations(group) == {
        ("a", "I'm sorry … I let the mill down and it is on me."): "reference",
        ("b", "I'm sorry. I let the mill down"): "truncated",
    }


def test_pieces_stay_apart_where_no_outlet_prints_them_whole() -> None:
    split = "“I'm sorry,” Pryce said. “I let the mill down and it is on me.”"
    other = "“I let the mill down,” Pryce told reporters."
    quotes = _pieces(split, "a", ["I'm sorry", "I let the mill down and it is on me."])
    quotes += _pieces(other, "b", ["I let the mill down"])
    joined = join_pieces_told_whole({"a": split, "b": other}, quotes)
    assert [q.text for q in joined if q.article_id == "a"] == [
        "I'm sorry",
        "I let the mill down and it is on me.",
    ]


def test_pieces_with_narration_between_them_stay_apart() -> None:
    split = (
        "“I'm sorry,” Pryce said, before the council voted to close the mill for the winter "
        "and send its forty workers home. “I let the mill down.”"
    )
    whole = "“I'm sorry. I let the mill down,” Pryce told reporters."
    quotes = _pieces(split, "a", ["I'm sorry", "I let the mill down."])
    quotes += _pieces(whole, "b", ["I'm sorry. I let the mill down"])
    joined = join_pieces_told_whole({"a": split, "b": whole}, quotes)
    assert len([q for q in joined if q.article_id == "a"]) == 2


def test_a_rewording_printed_in_pieces_joins_the_quotation_it_rewords() -> None:
    texts = {
        "a": "“I'm sorry,” Pryce said, “I was wrong. I let the mill down and it is on me.”",
        "b": "“I'm sorry,” Pryce said. “I was completely wrong.”",
        "c": "“I'm sorry. I was wrong,” Pryce said.",
    }
    quotes = _pieces(
        texts["a"], "a", ["I'm sorry", "I was wrong. I let the mill down and it is on me."]
    )
    quotes += _pieces(texts["b"], "b", ["I'm sorry", "I was completely wrong."])
    quotes += _pieces(texts["c"], "c", ["I'm sorry. I was wrong"])
    groups = align_quotes(join_pieces_told_whole(texts, quotes))
    group = _group_of(groups, "I'm sorry … I was completely wrong.")
    assert _relations(group)[("b", "I'm sorry … I was completely wrong.")] == "reworded"
    assert len(group.variants) == 3


def test_a_description_unlike_the_groups_speaker_is_not_shown_as_the_speaker() -> None:
    line = "We will rebuild the pier before the summer season"
    groups = align_quotes(
        [
            _at("a", line, "Dana Holt"),
            _at("b", line, "the middle of the campaign", kind="mixed"),
            _at("c", line, "an unseen announcer"),
        ]
    )
    (group,) = groups
    assert group.speaker == "Dana Holt"
    assert {v.article_id: v.speaker for v in group.variants} == {
        "a": "Dana Holt",
        "b": None,
        "c": None,
    }


def test_a_description_that_names_the_speaker_is_kept() -> None:
    line = "We will rebuild the pier before the summer season"
    (group,) = align_quotes([_at("a", line, "Dana Holt"), _at("b", line, "Holt's spokesman")])
    assert {v.article_id: v.speaker for v in group.variants}["b"] == "Holt's spokesman"


def test_a_joint_statement_is_shown_under_all_its_authors() -> None:
    line = "We will not let the ferry service close this winter"
    groups = align_quotes(
        [
            _at("a", line, "Bo Reyes"),
            _at("b", line, "Ann Cole and Bo Reyes"),
        ]
    )
    (group,) = groups
    assert group.speaker == "Ann Cole and Bo Reyes"
    assert {v.relation for v in group.variants} == {"reference", "identical"}
    assert one_speaker("Ann Cole and Bo Reyes", "Bo Reyes")
    assert not one_speaker("Ann Cole and Bo Reyes", "Li Wen")
    assert is_named("Ann Cole, Bo Reyes and Li Wen") and not is_named("Cole and others")


def test_one_persons_fuller_line_heads_no_group_of_anothers_cuts() -> None:
    # the mayor called the flood "a disaster for the valley and a scandal for the council";
    # the governor, too, spoke of each half: her cuts are hers, his fuller line his own
    fuller = "a disaster for the valley and a scandal for the council"
    quotes = [
        _at("a", fuller, "Mayor Ines Toller", "mixed", 10),
        _at("a", "a disaster for the valley", "Governor Ruth Abara", "mixed", 200),
        _at("a", "a scandal for the council", "Governor Ruth Abara", "mixed", 300),
        _at("b", "a disaster for the valley", "Governor Ruth Abara", "mixed", 40),
        _at("b", "a scandal for the council", "Governor Ruth Abara", "mixed", 90),
        _at("c", "a scandal for the council", None, "mixed", 70),
    ]
    groups = align_quotes(quotes)
    for group in groups:
        if group.speaker == "Governor Ruth Abara":
            assert fuller not in {v.text for v in group.variants}
            assert len({v.text for v in group.variants}) == 1, group.variants
    scandal = _group_of(groups, "a scandal for the council")
    assert scandal.speaker == "Governor Ruth Abara"
    assert {v.article_id for v in scandal.variants} == {"a", "b", "c"}
    assert _group_of(groups, fuller).speaker == "Mayor Ines Toller"
