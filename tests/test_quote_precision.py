"""Quote precision on general news (issue #23), each rule on written sentences.

Page furniture is no source, a market that moves is no speaker, a refusal or a thing offered
is no speech (an attribution still, as PolNeAR annotates it), and a report that follows a
furniture line is found whole.
"""

from __future__ import annotations

import pytest
from spacy.language import Language

from storylens.analyse.nlp import load_pipeline
from storylens.analyse.quotes import extract_quotes
from storylens.analyse.quotes.acts import quote_act
from storylens.analyse.quotes.furniture import furniture_lines
from storylens.records import Quote


@pytest.fixture(scope="module")
def nlp() -> Language:
    return load_pipeline()


def _quotes(nlp: Language, text: str) -> list[Quote]:
    return [q for q in extract_quotes(nlp(text)) if q.kind != "scare"]


def _holding(quotes: list[Quote], words: str) -> Quote:
    found = [q for q in quotes if words in q.text]
    assert found, f"no quote holds {words!r}: {[q.text for q in quotes]}"
    return found[0]


@pytest.mark.parametrize(
    "text",
    [
        "The Kospi declined 1.2 per cent, while the won slipped against the dollar.",
        "The Tarsk index declined 40 points on Friday.",
        "Shares in Alder Mills declined by 4 percent to 12.50 dollars.",
        "Revenue at the ferry company declined to $4 billion last year.",
    ],
)
def test_a_market_or_price_that_declined_is_no_speaker(nlp: Language, text: str) -> None:
    assert _quotes(nlp, text) == []


def test_a_decline_that_is_a_refusal_is_still_an_attribution(nlp: Language) -> None:
    quotes = _quotes(nlp, "Mayor Ines Varga declined to sign the ferry contract.")
    assert "Ines Varga" in (_holding(quotes, "sign the ferry contract").speaker or "")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("A spokesman for the harbour company declined to comment on the lawsuit.", "comment"),
        ("Senator Ruth Penn declined to say whether she would run again.", "run again"),
        ("The ferry company refused to discuss the settlement.", "settlement"),
        ("Tom Alder refused to release his tax returns.", "tax returns"),
    ],
)
def test_a_refusal_is_no_speech(nlp: Language, text: str, words: str) -> None:
    quote = _holding(_quotes(nlp, text), words)
    assert quote.act == "intention"  # kept as an attribution, not shown as speech


@pytest.mark.parametrize(
    ("text", "words", "act"),
    [
        ("The city offered a program to help renters.", "program", "intention"),
        ("The harbour board offers loans to ferry owners.", "loans", "intention"),
        ("Ines Varga offered some pointed advice to the council.", "advice", "speech"),
        ("Tom Alder offered his congratulations to the new mayor.", "congratulations", "speech"),
        ("Mayor Ines Varga offered to resign.", "resign", "speech"),
    ],
)
def test_a_thing_offered_is_no_speech_but_words_offered_are(
    nlp: Language, text: str, words: str, act: str
) -> None:
    assert _holding(_quotes(nlp, text), words).act == act


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "Mayor Ines Varga offered help to ferry owners who have questioned the subsidy.",
            "subsidy",
        ),
        ("Tom Alder offered a program, saying that renters needed help.", "renters"),
    ],
)
def test_an_offer_that_reports_words_is_speech(nlp: Language, text: str, words: str) -> None:
    assert _holding(_quotes(nlp, text), words).act == "speech"


def test_a_refusal_that_reports_words_is_speech(nlp: Language) -> None:
    text = (
        "Mayor Tom Alder refuses to discuss appointees, aside from saying he wants a new council."
    )
    assert _holding(_quotes(nlp, text), "new council").act == "speech"


def test_quote_act_reads_refusals_and_offers() -> None:
    assert quote_act("decline", "spokesman", "anonymous") == "intention"
    assert quote_act("refuse", "Alder", "person") == "intention"
    assert quote_act("offer", "city", "organization", "program") == "intention"
    assert quote_act("offer", "Varga", "person", "advice") == "speech"
    assert quote_act("offer", "Varga", "person", None) == "speech"  # "offered to resign"
    assert quote_act("refuse", "Alder", "person", None, reports_words=True) == "speech"


@pytest.mark.parametrize(
    "text",
    [
        "Holt said the vote was fair.\n\nArticle Continued Below\n\n"
        "Ms. Holt added that the city would appeal.",
        "The mayor spoke first.\nStory continues below advertisement\n"
        "The union said it would strike.",
    ],
)
def test_a_report_after_a_furniture_line_is_found_whole(nlp: Language, text: str) -> None:
    quotes = _quotes(nlp, text)
    assert all(q.speaker not in ("Story", "Article") for q in quotes), quotes
    assert all("continue" not in (q.cue or "").lower() for q in quotes), quotes
    last = quotes[-1]
    assert last.text.endswith(("appeal", "strike")), quotes
    assert last.cue in ("added", "said")


@pytest.mark.parametrize(
    "text",
    [
        '"We will not give up," said Ruth Penn. "The votes are there." Tom Alder disagreed.',
        '"We will not give up," Ruth Penn told reporters. "The votes are there." '
        "Tom Alder laughed.",
    ],
)
def test_a_split_quotes_second_segment_belongs_to_its_utterance(nlp: Language, text: str) -> None:
    quote = _holding(_quotes(nlp, text), "votes are there")
    assert quote.speaker == "Ruth Penn"
    assert "give up" in quote.text  # one utterance, two segments
    assert len(quote.segments) == 2


@pytest.mark.parametrize(
    "line",
    [
        "READ MORE: Mayor says the pier will close for good",
        "RELATED: Council members say the ferry deal is dead",
        "Also on Harbour Daily: Officials say the bridge is safe",
        "SEE ALSO: Council says pier will close",
        "More from Harbour Daily: Officials say the bridge is safe",
        "WATCH | Ines Varga says the ferry will run all winter",
        "Read more - Council members say the ferry deal is dead",
    ],
)
def test_a_link_line_is_no_report_of_this_story(nlp: Language, line: str) -> None:
    text = f"The Eastmere council voted on Monday to close the pier.\n{line}\nRepairs begin in May."
    assert _quotes(nlp, text) == []


@pytest.mark.parametrize(
    "line",
    [
        "Advertisement - story continues below",
        "Continue Reading",
        "Sponsored content",
        "Share this article",
        "CLICK HERE TO SIGN UP FOR OUR NEWSLETTER",
    ],
)
def test_furniture_lines_are_found(line: str) -> None:
    text = f"The pier closed.\n{line}\nThe ferry ran."
    start = text.index(line)
    assert furniture_lines(text) == [(start, start + len(line))]


@pytest.mark.parametrize(
    "line",
    [
        "Advertisement revenue fell, the harbour company said.",
        "Sponsored by the mayor, the fare bill passed on Monday.",
        "More than 40 ferry crews said they would strike.",
        "Related costs rose, Ines Varga said.",
    ],
)
def test_body_lines_that_open_like_furniture_are_body_text(line: str) -> None:
    assert furniture_lines(f"The pier closed.\n{line}") == []


@pytest.mark.parametrize(
    ("furniture", "speaker"),
    [
        ("Story continues below advertisement", "The council"),
        ("Article continues below", "He"),
        ("Advertisement\nStory continues below", "Varga"),
    ],
)
def test_a_report_after_an_unstopped_furniture_line_keeps_its_speaker(
    nlp: Language, furniture: str, speaker: str
) -> None:
    # No full stop ends the furniture line, so the parse runs one sentence over it and the
    # next line, and hangs the speaker or the cue on the furniture.
    text = f"The mayor spoke.\n{furniture}\n{speaker} said the pier would close."
    quote = _holding(_quotes(nlp, text), "pier would close")
    assert quote.speaker_mention == speaker


@pytest.mark.parametrize(
    "furniture",
    [
        "Advertisement",
        "Share this article",
        "CLICK HERE TO SIGN UP",
        "Continue Reading",
        "Sponsored content",
    ],
)
def test_no_speaker_runs_over_a_line_break(nlp: Language, furniture: str) -> None:
    text = f"The mayor spoke.\n{furniture}\nVarga said the pier would close."
    quote = _holding(_quotes(nlp, text), "pier would close")
    assert (quote.speaker, quote.speaker_mention) == ("Varga", "Varga")


@pytest.mark.parametrize("furniture", ["Advertisement", "Story continues below advertisement"])
def test_a_split_quote_runs_on_over_a_furniture_line(nlp: Language, furniture: str) -> None:
    text = f"“We will rebuild,” Varga said.\n{furniture}\n“It will take time.”"
    quote = _holding(_quotes(nlp, text), "take time")
    assert "rebuild" in quote.text
    assert len(quote.segments) == 2


def test_a_long_line_that_opens_with_watch_is_body_text(nlp: Language) -> None:
    text = (
        "Watch: the harbour master said on Monday that the pier would close for good, that "
        "repairs would cost more than the town could pay, and that the ferry would move."
    )
    assert _holding(_quotes(nlp, text), "pier would close").speaker == "the harbour master"


@pytest.mark.parametrize(
    "text",
    [
        "Ines Varga said on Monday that the ferry would run all winter\n"
        "The harbour board met on Tuesday.",
        "Tom Alder, the harbour master, said\n\nThe ferry to Tarsk will run twice a day.",
    ],
)
def test_a_report_stays_in_its_cue_paragraph(nlp: Language, text: str) -> None:
    # The parse runs a sentence over the line break; the next paragraph is the reporter's.
    assert not any(
        "harbour board met" in q.text or "twice a day" in q.text for q in _quotes(nlp, text)
    )


def test_a_report_runs_on_after_a_lead_in_colon(nlp: Language) -> None:
    text = (
        "Ruth Penn wrote on her blog, observing of the mayor:\n\nWhatever she does she does to win."
    )
    quote = _holding(_quotes(nlp, text), "does to win")
    assert quote.speaker == "Ruth Penn"


def test_all_told_is_no_report(nlp: Language) -> None:
    text = "All told, the ferry company carried 40,000 passengers last year."
    assert _quotes(nlp, text) == []


@pytest.mark.parametrize(
    "text",
    [
        "The film is based on a book written by Ruth Penn.",
        "The audit was based on the ferry log maintained by the harbour clerks.",
        "Ruth Penn found herself embroiled in a row over the ferry fares.",
        "The harbour board found it difficult to raise the fares.",
        'Tom Alder, 61, showed up in the "harbour blue" colours of the ferry union.',
        "The harbour board called off the vote on the ferry fares.",
    ],
)
def test_an_author_a_keeper_a_plight_or_a_particle_verb_is_no_report(
    nlp: Language, text: str
) -> None:
    assert _quotes(nlp, text) == []


@pytest.mark.parametrize(
    ("text", "words", "speaker"),
    [
        ("The proposal, written by Ruth Penn, would cap the ferry fares.", "proposal", "Penn"),
        ("The audit found that the harbour board had overspent.", "overspent", "audit"),
        ("The fare rise was rejected by the harbour board.", "fare rise", "harbour board"),
        ("Polls show Ines Varga up by 10 points in the race.", "10 points", "Polls"),
    ],
)
def test_words_written_found_or_rejected_are_still_reports(
    nlp: Language, text: str, words: str, speaker: str
) -> None:
    assert speaker in (_holding(_quotes(nlp, text), words).speaker or "")


def test_pledged_between_a_number_and_its_noun_is_no_cue(nlp: Language) -> None:
    text = "Ines Varga leads Tom Alder by 148 pledged delegates according to a count by the Herald."
    assert not any(q.cue == "pledged" for q in _quotes(nlp, text))


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            '"We will not sell," Ines Varga said Sunday on the Tarsk channel\'s "Harbour Morning '
            'Hour," adding that the fares would stay.',
            "Harbour Morning Hour",
        ),
        (
            'With the help of "Flip the Harbour with Ruth Penn," the mayor turned the tables.',
            "Flip the Harbour",
        ),
    ],
)
def test_a_show_named_in_marks_is_nobodys_speech(nlp: Language, text: str, title: str) -> None:
    assert not any(title in q.text for q in _quotes(nlp, text))


def test_a_slogan_in_marks_is_no_title(nlp: Language) -> None:
    text = 'Supporters of the mayor responded with chants of "I am with her" until she spoke.'
    assert _holding(_quotes(nlp, text), "I am with her").kind == "mixed"


def test_speech_quoted_mid_sentence_is_still_speech(nlp: Language) -> None:
    text = 'Ines Varga called the fare rise "a betrayal of the harbour" on Sunday.'
    assert _holding(_quotes(nlp, text), "a betrayal of the harbour")


def test_the_one_spoken_to_is_no_speaker(nlp: Language) -> None:
    text = (
        'A day after telling reporters that she was "done with the ferry talks," Ines Varga '
        "left the harbour."
    )
    quote = _holding(_quotes(nlp, text), "done with the ferry talks")
    assert quote.speaker != "reporters"


def test_a_thing_in_an_idiom_inside_a_quote_is_no_speaker(nlp: Language) -> None:
    text = (
        "\"Needless to say, the ferry strike was not 'a strike of our choosing.' It was "
        'forced on the crews by the owners," Ines Varga wrote on Sunday.'
    )
    inner = [q for q in _quotes(nlp, text) if q.kind == "nested"]
    assert inner and all(q.speaker is None for q in inner)


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        ('The residents said the fares were "too high to bear."', "the residents"),
        ('The tour guide said the fares were "too high to bear."', "the tour guide"),
        ('The report said the fares were "too high to bear."', "the report"),
    ],
)
def test_people_groups_and_documents_still_speak(nlp: Language, text: str, speaker: str) -> None:
    assert _holding(_quotes(nlp, text), "too high").speaker == speaker


def test_a_letter_sent_to_someone_is_not_their_words(nlp: Language) -> None:
    text = (
        "GOP Rep. Tom Alder is heading to Tarsk University for a speech Thursday morning, but "
        "not before an old-fashioned knuckle-rapping.\nA group of nearly 90 professors and "
        "administrators connected to the school in Tarsk has sent Alder, R-Wis., a letter "
        "saying he’s misused the harbour doctrine to support his budget.\n“We appreciate your "
        "willingness to talk about the harbour,” the letter states. “However, we would be "
        "remiss if we did not challenge your use of the fund.”"
    )
    assert _holding(_quotes(nlp, text), "challenge your use").speaker == "the letter"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Ruth Penn, who announced her run last week, leads the race.", "her run"),
        ("The harbour company, which reported a loss, cut 400 jobs.", "a loss"),
        ("The senator, who promised a vote, has not set a date.", "a vote"),
    ],
)
def test_a_relative_clause_that_speaks_is_no_aside(nlp: Language, text: str, words: str) -> None:
    # Not "The tax fell, the agency said": the rest of the sentence is the reporter's.
    quotes = _quotes(nlp, text)
    assert [q.text for q in quotes] == [words]


def test_a_relative_pronoun_that_was_said_keeps_the_aside(nlp: Language) -> None:
    text = "The harbour board backed the fare rise, which critics say will empty the ferries."
    quote = _holding(_quotes(nlp, text), "empty the ferries")
    assert quote.speaker == "critics"


@pytest.mark.parametrize(
    ("text", "words", "act"),
    [
        ("The ferry company reported a profit of $4 million.", "profit", "evidence"),
        ("Tarsk Mills reported revenue of $12 billion, up 4 percent.", "revenue", "evidence"),
        ("The harbour bank reported a 12 percent rise in sales.", "rise in sales", "evidence"),
        ("Police reported three arrests on Saturday.", "arrests", "speech"),
        ("The city announced a new program for renters.", "program", "speech"),
    ],
)
def test_results_a_company_reports_are_no_speech(
    nlp: Language, text: str, words: str, act: str
) -> None:
    assert _holding(_quotes(nlp, text), words).act == act


def test_quote_act_reads_reported_results() -> None:
    assert quote_act("report", "company", "organization", "profit") == "evidence"
    assert quote_act("post", "bank", "organization", "losses") == "evidence"
    assert quote_act("report", "Police", "organization", "arrest") == "speech"


@pytest.mark.parametrize("furniture", ["Advertisement", "Story continues below advertisement"])
def test_a_long_quote_runs_on_over_a_furniture_line(nlp: Language, furniture: str) -> None:
    # The print convention for a quote over two paragraphs: the first is left open, the next
    # opens with a mark again. A furniture line between them neither ends the quote nor is it.
    text = f"“We will rebuild the pier.\n{furniture}\n“The ferry will run again,” Varga said."
    quote = _holding(_quotes(nlp, text), "rebuild the pier")
    assert quote.speaker == "Varga"
    assert "ferry will run" in quote.text
    assert furniture not in quote.text
    assert len(quote.segments) == 2


@pytest.mark.parametrize(
    "text",
    [
        "Say what you will about Ines Varga, she kept the ferry running.",
        "Tell us what you think about the new ferry in the comments.",
        "Let's say the ferry runs all winter.",
    ],
)
def test_a_cue_in_the_imperative_reports_nothing(nlp: Language, text: str) -> None:
    assert _quotes(nlp, text) == []


def test_let_me_say_is_the_writers_own_report(nlp: Language) -> None:
    text = "Let me just say that the ferry was never crowded."
    assert _holding(_quotes(nlp, text), "never crowded")


@pytest.mark.parametrize(
    "text",
    [
        "This story has been corrected to say that the pier closed in May.",
        "An earlier version of this article said that the pier closed in June.",
    ],
)
def test_a_correction_note_is_no_source(nlp: Language, text: str) -> None:
    assert not any("pier closed" in q.text and q.speaker for q in _quotes(nlp, text))


def test_a_quote_split_by_an_attribution_in_dashes_is_one_utterance(nlp: Language) -> None:
    text = "“We will rebuild” — Ines Varga said on Monday — “and we will do it soon.”"
    quote = _holding(_quotes(nlp, text), "do it soon")
    assert "We will rebuild" in quote.text
    assert quote.speaker == "Ines Varga"
    assert len(quote.segments) == 2


def test_a_signature_dash_still_signs(nlp: Language) -> None:
    text = "“The ferry is late every day.” — Tom Alder, Tarsk"
    assert _holding(_quotes(nlp, text), "late every day").speaker == "Tom Alder"


@pytest.mark.parametrize(
    "text",
    [
        "Futures pointed to a higher open on Wall Street.",
        "Bond yields signalled that investors expect a rate cut.",
        "The Kospi warned of further losses ahead.",
        "The Nasdaq confirmed its worst week since May.",
        "The Dow warned of losses.",
    ],
)
def test_a_market_as_source_is_no_speech(nlp: Language, text: str) -> None:
    assert all(q.act != "speech" for q in _quotes(nlp, text))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Dow said on Tuesday that it would cut 2,000 jobs.", "2,000 jobs"),
        ("Renee Gold said the fare rise was fair.", "fare rise"),
        ("Harry Bond, 30, said the ferry was late.", "ferry was late"),
    ],
)
def test_a_company_or_person_with_a_market_name_still_speaks(
    nlp: Language, text: str, words: str
) -> None:
    assert _holding(_quotes(nlp, text), words).act == "speech"


def test_quote_act_reads_markets() -> None:
    assert quote_act("point", "Futures", "unknown", None) == "evidence"
    assert quote_act("warn", "Kospi", "person", None) == "evidence"
    assert quote_act("say", "Gold", "person", None) == "speech"
    assert quote_act("say", "Dow", "organization", None, source_mention="Dow") == "speech"
    assert quote_act("warn", "Dow", "organization", None, source_mention="the Dow") == "evidence"


@pytest.mark.parametrize(
    "text",
    [
        "The panel polled these insiders this week:\n\n"
        "Ohio: Dana Merrow, Felix Oduya, Karin Lisle, Tom Verhey, Ada Quist.\n\n"
        "Most of them expect a close race.",
        "The party named its delegates from two states.\n\n"
        "Nevada: Lena Orwell, Ivo Petrak, Sara Lindqvist, Rob Tamm and Joe Hale.\n\n"
        "Utah: Mia Stroud, Ben Akers, Lou Finch, Kay Dorn and Ana Vell.",
    ],
)
def test_a_roster_under_a_label_is_no_speech(nlp: Language, text: str) -> None:
    assert not [q for q in _quotes(nlp, text) if "Merrow" in q.text or "Petrak" in q.text]


def test_a_label_still_quotes_a_sentence_that_names_people(nlp: Language) -> None:
    text = (
        "Ohio voters went to the polls.\n\n"
        "Sanders: Dana Merrow, Felix Oduya and Karin Lisle will win their races.\n\n"
        "Sanders spoke in Ohio."
    )
    assert _holding(_quotes(nlp, text), "Merrow").cue == ":"


def test_a_link_label_set_in_quotation_marks_is_furniture(nlp: Language) -> None:
    text = (
        "Mayor Lena Orwell said the pier would reopen in May.\n\n"
        '"Related:"\n\n'
        "The ferry will run again, the harbour board said on Friday."
    )
    label = text.index('"Related')
    assert (label, label + len('"Related:"')) in furniture_lines(text)
    assert not [q for q in _quotes(nlp, text) if "Related" in q.text]


def test_a_relative_clause_on_the_object_is_no_report(nlp: Language) -> None:
    text = (
        "Mayor Ines Varga announced her decision to close the pier on Monday that would have "
        "allowed fishermen to moor boats there."
    )
    quotes = _quotes(nlp, text)
    assert not [q for q in quotes if "moor boats" in q.text], [q.text for q in quotes]


def test_a_relative_pronoun_alone_is_no_passage(nlp: Language) -> None:
    text = "The clip, which was posted online by a viewer on Friday, shows the mayor laughing."
    quotes = _quotes(nlp, text)
    assert not [q for q in quotes if q.text.strip().lower() in ("which", "that", "who")]


def test_the_question_put_to_a_speaker_is_not_the_answer(nlp: Language) -> None:
    text = (
        "Asked about the possibility of a ferry strike, harbour spokesman Tom Alder reiterated "
        'past statements in saying the board does not see the pier as a "driver" of the '
        "town's debts."
    )
    quotes = _quotes(nlp, text)
    assert not [q for q in quotes if "Asked about" in q.text], [q.text for q in quotes]


@pytest.mark.parametrize(
    "text",
    [
        "Gov. Ada Renn vetoed a bill that would have allowed shops to refuse service to anyone.",
        "The council passed a rule that will let ferry crews decline extra shifts.",
    ],
)
def test_an_act_a_rule_would_permit_is_no_report(nlp: Language, text: str) -> None:
    quotes = _quotes(nlp, text)
    assert not [q for q in quotes if q.speaker in ("shops", "ferry crews")], [
        (q.speaker, q.text) for q in quotes
    ]
