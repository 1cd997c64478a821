"""Marked words that are nobody's speech: titles of works (`on "Fox News Sunday"`),
nicknames (`Dwayne "The Rock" Johnson`), headings set in quotes, and short or borrowed phrases
inside the reporter's own sentence. ``quotes`` records them as kind "scare" or leaves them to
the passes that widen them into a reported clause.
"""

from __future__ import annotations

from storylens.analyse.quotes.marks import ALL_MARKS, MarkedQuote
from storylens.analyse.quotes.parse import (
    SCARE_MAX_WORDS,
    Attribution,
    ParsedArticle,
    count_content_words,
    starts_sentence,
)

# A lower-case phrase in marks that the reporter's sentence runs on past, with no cue, is a
# borrowed phrase (kind scare) up to this many words; longer runs are more likely speech.
BORROWED_PHRASE_MAX_WORDS = 12
# A nickname between a first name and a surname (`Dwayne "The Rock" Johnson`) runs this long.
NICKNAME_MAX_WORDS = 2
# Words either side of a nickname checked for one in lower case (running text, no headline).
NICKNAME_CONTEXT_WORDS = 3
# Words before a quoted title ("appeared on 'Fox News Sunday'"); "called" is left out, as
# "what he called 'A Disgrace'" reports words.
TITLE_PREPOSITIONS = frozenset({"on", "of", "in", "at", "from", "for", "by", "titled", "entitled"})
# Prepositions of four letters or more that a title leaves in lower case ("Flip the Harbour
# with Ruth Penn"); shorter function words ("of", "the", "and") are read by their length.
# A title with one of them ends on a capitalised word.
TITLE_FUNCTION_WORDS = frozenset({"with", "from", "into", "onto", "upon", "over"})
# How an owner's name before a title ends: "CNN's", and a bare apostrophe after an "s" ("Fox
# News' "On the Record with ..."", "CBS' "Face the Nation"").
POSSESSIVE_ENDINGS = ("'s", "’s", "s'", "s’", "S'", "S’")
# Dashes that set a name off in a sentence (`a referendum — "No to Free Lawyers" — for`).
SETTING_OFF_DASHES = frozenset({"—", "–", "--", "―"})
# Nouns for a work whose title follows in quotes ("the film "Hidden Figures"", "his memoir,
# "Dreams From My Father""): the quoted words name it, nobody says them.
WORK_NOUNS = frozenset(
    """
    book novel memoir biography autobiography film movie documentary show series sitcom
    episode program programme podcast song anthem hymn ballad album single play musical opera
    poem essay article column op-ed editorial headline report study painting exhibition
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Characters read after a close mark to see whether its sentence carries on.
RUN_ON_LOOKAHEAD_CHARS = 3
# Punctuation at the end of quoted words that ends their sentence or hands it to a cue.
RUN_ON_STOPS = frozenset(".,!?;:…")
SUBHEADING_MIN_WORDS = 2  # "No." alone on its line is an answer, not a heading
TITLE_MAX_WORDS = 8  # longer capitalised runs are headlines or shouted speech
TITLE_LOOKBACK_CHARS = 20  # enough for the word before the open mark


def sentence_runs_on(text: str, quote: MarkedQuote) -> bool:
    """`'Thin-skinned' mayor sues his critics`: words right after the close mark carry the
    sentence on, so the quoted words open it as a label, not as a statement of their own."""
    if not quote.closed or text[quote.start : quote.end].rstrip()[-1:] in RUN_ON_STOPS:
        return False  # `"Big time." She left.`, `"Call the roll," they chanted`: it ended
    rest = text[quote.close_at + 1 : quote.close_at + 1 + RUN_ON_LOOKAHEAD_CHARS].lstrip(" ")
    return rest[:1].isalnum()


def is_subheading(article: ParsedArticle, quote: MarkedQuote) -> bool:
    """A short title-case quote that is a paragraph on its own is a heading set in quotation
    marks (a section head, a pull-quote), not a statement with a speaker."""
    text = article.text
    start, end = article.paragraph_start(quote.open_at), article.paragraph_end(quote.open_at)
    if text[start : quote.open_at].strip() or text[quote.close_at + 1 : end].strip().strip("."):
        return False
    content = text[quote.start : quote.end]
    return count_content_words(content) >= SUBHEADING_MIN_WORDS and _title_case(content)


def _title_case(content: str) -> bool:
    """Every word capitalised but short function words, at most ``TITLE_MAX_WORDS`` words."""
    words = [w.strip(".,!?:;’'\"") for w in content.split()]
    words = [w for w in words if w]
    if not words or len(words) > TITLE_MAX_WORDS or not words[0][:1].isupper():
        return False
    if not all(
        w[:1].isupper() or not w[:1].isalpha() or len(w) <= 3 or w in TITLE_FUNCTION_WORDS
        for w in words
    ):
        return False
    # A title ends on a capitalised word ("The Late Hour with Tom Alder"); a slogan that
    # leaves a longer word in lower case ("I am with her") is somebody's words.
    return not any(w in TITLE_FUNCTION_WORDS for w in words) or words[-1][:1].isupper()


def is_title(text: str, quote: MarkedQuote) -> bool:
    """`on "Fox News Sunday,"`, `of "The Steve Harvey Morning Show"`, `the film "Hidden
    Figures"`, `CNN's "State of the Union"`, `his "Keep It Real" radio show`: a title-case
    phrase right after a preposition, a noun for a work or an owner's name, or right before a
    noun for a work, names a work; it does not report speech."""
    lead = text[max(0, quote.open_at - TITLE_LOOKBACK_CHARS) : quote.open_at]
    before = lead.rstrip(ALL_MARKS + "'").rstrip().rstrip(",").split()  # ''Title'' marks too
    after = text[quote.close_at + 1 : quote.close_at + 1 + TITLE_LOOKBACK_CHARS]
    after_words = after.lstrip(ALL_MARKS + "'").split()
    previous = before[-1] if before else ""
    named = (
        previous.lower() in TITLE_PREPOSITIONS
        or previous.lower() in WORK_NOUNS
        # `MSNBC's "Morning Joe"`, `the Tarsk channel's "Harbour Morning Hour"`: a title
        # owned by an outlet or author
        or (
            previous.endswith(POSSESSIVE_ENDINGS)
            and (previous[:1].isupper() or (len(before) > 1 and before[-2][:1].isupper()))
        )
        # `called a referendum — "No to Free Lawyers" — for June 5`: a title-case name set
        # off by dashes names the thing before it
        or (
            previous in SETTING_OFF_DASHES
            and bool(after_words)
            and after_words[0] in SETTING_OFF_DASHES
        )
        # `his "Keep It Real" radio program`
        or (bool(after_words) and after_words[0].lower().strip(".,") in WORK_NOUNS)
        or (len(after_words) > 1 and after_words[1].lower().strip(".,") in WORK_NOUNS)
    )
    return named and _title_case(text[quote.start : quote.end])


def is_nickname(text: str, quote: MarkedQuote) -> bool:
    """`Marcia "Cia" Price`, `Dwayne "The Rock" Johnson`: a short capitalised phrase between a
    first name and a surname is a nickname, part of the name, not anyone's words."""
    before = text[max(0, quote.open_at - TITLE_LOOKBACK_CHARS) : quote.open_at].split()
    previous = before[-1] if before else ""
    after_words = text[quote.close_at + 1 : quote.close_at + 1 + TITLE_LOOKBACK_CHARS].split()
    content = text[quote.start : quote.end].strip()
    # In a title-case headline every word is capitalised: "Calls Clinton 'Disgrace' After".
    around = before[-NICKNAME_CONTEXT_WORDS:] + after_words[:NICKNAME_CONTEXT_WORDS]
    in_running_text = any(w[:1].islower() and len(w) > 3 for w in around)
    return (
        in_running_text
        and 0 < len(content.split()) <= NICKNAME_MAX_WORDS
        and content[:1].isupper()
        and content[-1:].isalpha()
        and previous[:1].isupper()
        and previous.isalpha()
        and bool(after_words)
        and after_words[0][:1].isupper()
        and after_words[0].rstrip(".,;:)'’s").isalpha()
    )


def is_borrowed_phrase(text: str, quote: MarkedQuote) -> bool:
    """`sent its reporter into "a living room in western Pennsylvania" to watch`: words in
    marks that open in lower case mid-sentence, with no speech verb anywhere near, and that
    the sentence runs on past, are a phrase borrowed into the reporter's own sentence."""
    content = text[quote.start : quote.end].strip()
    return (
        count_content_words(content) <= BORROWED_PHRASE_MAX_WORDS
        and content[:1].islower()
        and not starts_sentence(text, quote.open_at)
        and sentence_runs_on(text, quote)
    )


def is_embedded_phrase(text: str, quote: MarkedQuote, attribution: Attribution) -> bool:
    """A short quoted phrase inside a sentence ("said she was 'rude'") is part of that
    sentence, not speech of its own: unless a colon introduces it or it starts a sentence, it
    is left to the indirect pass (mixed) or kept as a scare quote."""
    if count_content_words(text[quote.start : quote.end]) > SCARE_MAX_WORDS:
        return False
    if starts_sentence(text, quote.open_at):
        return False
    content = text[quote.start : quote.end].rstrip()
    cue = attribution.cue
    # '"Sorry," he said' : a short quote, but speech.
    if cue is not None and cue.idx > quote.end and content[-1:] in ",!?":
        return False
    # `Asked point-blank, "Is that picture you?"`: a capitalised question set off by a comma
    # or colon is put in words of its own, speech however short.
    if (
        content[:1].isupper()
        and content.endswith("?")
        and text[: quote.open_at].rstrip().endswith((",", ":"))
    ):
        return False
    # 'Trump boasted, "That makes me smart."': a cue, a comma or colon, then a capitalised
    # sentence is speech however short; 'called it "a disgrace"' runs on without a break.
    if cue is not None and cue.idx < quote.open_at and content[:1].isupper():
        between = text[cue.idx + len(cue.text) : quote.open_at].strip()
        return between not in (",", ":")
    return True
