"""Page furniture inside an extracted body: lines a news page sets around its article.

trafilatura finds the article's block well (NAEB dev: body recall 0.95) but keeps furniture set
inside it, which costs precision: the headline repeated as the first line, cross-links
("Related: ...", a list of other stories' titles), newsletter, app and subscription prompts,
photo captions and credits, "Advertisement" lines, the rows of data tables, and closing boxes
(the author's bio, "may be reached at", copyright lines, wire credits and standards notes).
Each rule here drops a whole line (trafilatura gives one paragraph a line) and says why, so
``explain_html`` can show what went.

Two kinds of evidence, both general to news pages rather than to one site:

- the source DOM: a line that is the text of a link on the page (or mostly links, or a piece of
  one link, as a teaser card's headline is) points to another page, and a line that is a
  ``<figcaption>`` or a caption/credit element describes a picture; neither is the article's
  prose;
- the wording: prompts and labels read the same on every site ("Sign up for our newsletter",
  "Read more:"), and are matched only on short lines, so a paragraph of the story that mentions
  a newsletter is kept. Closing notes are read only where the article ends: in its last lines
  or above a run of furniture that ends it.

A data table is kept out for the same reason as a caption: its cells are figures and labels
read across a grid, not sentences, and the later stages (quotes, tone, stories) read prose.
So are a transcript's stage directions ("[MUSIC]") and the teasers listed under a bare "Read
next:" label. An embedded social post stays: its text and credit line are its author's direct
quote (``analyse.quotes.posts``), though annotated bodies leave such posts out.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

_WORD = re.compile(r"\w+")

# A prompt or a label is a sentence or two; a longer line is prose that mentions one.
MAX_PROMPT_WORDS = 40
# A caption or a link longer than this is a block of prose set in odd markup, not furniture.
MAX_CAPTION_WORDS = 80
# Share of a line's words inside links for the line to be a link (a teaser, a related story).
LINK_SHARE = 0.8
# Links shorter than this many words ("Home", "Politics") are navigation words that also occur
# inside sentences; only longer link texts are looked for within a line.
MIN_LINK_WORDS = 3
# A row of a data table (a results grid, nutrition facts, a spec sheet) has short cells; a row
# with a longer cell is prose set out in a table and is kept. The extractor writes a row as
# "| cell | cell |".
MAX_DATA_CELL_WORDS = 8
# Keys are lower-case words and spaces: this never occurs in one, so no line matches across
# two links.
_LINK_SEPARATOR = "|"
# A cross-link label is a few words ("Read next:", "More from the council:"); a longer line that
# opens with the same words ("More from the council's statement on the repairs, which ...:") is
# a sentence of the story introducing its own list.
MAX_LABEL_WORDS = 6
# The headline, a dateline or a byline repeated by the extractor sit at the very top.
TOP_LINES = 3
# A bio or a contact line closes the article: only the last few lines are read for them, and
# the lines above a run of furniture that closes the body (a box of credits, a bio and a
# standards note end an article one after another, however many there are).
CLOSING_LINES = 3

# Cross-link labels that open a line pointing at another story.
_CROSS_LINK = re.compile(
    r"^\W*(?:related(?:\s+(?:articles?|stories|content|coverage|reading))?|read\s+(?:more|next|also)"
    r"|also\s+read|see\s+also|more\s+(?:on|from|about)\b[^:]*|most\s+read\b[^:]*|recommended"
    r"|don'?t\s+miss|watch|listen|trending|popular|further\s+reading|for\s+more,?\s+read"
    r"|you\s+(?:might|may)\s+(?:also\s+)?like)\b"
    r"\s*(?P<colon>[:|–—-])?",
    re.I,
)
# Prompts for newsletters, apps, subscriptions and sharing, as sites word them: an imperative
# that asks the reader to act, or a phrase no article sentence needs ("in your inbox").
_PROMPT = re.compile(
    r"^\W*(?:sign\s+up|subscribe|join|register|get|download|install|follow|share|click|tap)\b"
    r".{0,80}\b(?:newsletters?|inbox|e-?mails?|app|subscription|updates|alerts|account|premium"
    r"|forums?|guide)\b"
    r"|\bsign\s+up\s+(?:for|to|here|now|today)\b|\b(?:in|to)\s+your\s+inbox\b"
    r"|\bnewsletter\b.{0,80}\b(?:sign|subscrib\w*|inbox|deliver\w*|e-?mail)\b"
    r"|\b(?:sign|subscrib\w*|inbox|deliver\w*|e-?mail)\b.{0,80}\bnewsletter\b"
    r"|\bthank\s+you\s+for\s+subscribing\b|\bplease\s+subscribe\b|\bsubscribe\s+(?:today|now|here)\b"
    r"|\bstart\s+your\b.{0,40}\bsubscription\b|\bclick\s+here\s+to\b"
    r"|\bjournalism\s+needs\s+your\s+support\b|\bsupport\s+(?:our|independent)\s+journalism\b"
    r"|\bbe\s+the\s+first\s+to\s+(?:get|know)\b|\bspecial\s+offer\s+for\b"
    r"|\b(?:available|listen)\s+on\s+(?:apple|google|spotify|amazon)\b",
    re.I,
)
# A consent banner speaks for the site ("we use cookies", "cookie settings"); a story about
# cookies in browsers does not, and is kept.
_COOKIE_NOTICE = re.compile(
    r"\b(?:we|this\s+(?:web)?site|our\s+(?:web)?site|our\s+partners)\s+(?:and\s+\w+\s+)?"
    r"(?:use|uses|set|sets|store|stores)\s+(?:\w+\s+){0,3}cookies\b"
    r"|\bcookies?\s+(?:policy|settings|preferences|list|consent|notice)\b"
    r"|\b(?:accept|reject|manage)\s+(?:all\s+)?cookies\b|\bcookies\s+(?:are|is)\s+set\s+by\s+us\b",
    re.I,
)
# A list item as the extractor writes it: "- " (or a bullet) at the start of the line.
_LIST_ITEM = re.compile(r"^\s*[-•*]\s+\S")
# A transcript's stage direction on a line of its own: one of the cues a transcript sets in
# brackets for what the listener hears, not what anyone says or writes ("[MUSIC]", "(Laughter)").
# Only a clip or a soundbite is described ("[CLIP: Waves on a pebble beach]", "(SOUNDBITE OF
# ARCHIVED RECORDING)"). The cues are named: other bracketed words in capitals are the story's
# own ("[UPDATE: ...]", "(CORRECTION: ...)", "[EDITOR'S NOTE: ...]", the wire's "(AP)").
_AUDIO_CUES = (
    "music",
    "laughter",
    "laughs",
    "applause",
    "crosstalk",
    "inaudible",
    "unintelligible",
    "cheering",
    "cheers",
    "silence",
    r"commercial\s+break",
)
_DESCRIBED_CUES = (r"(?:begin|end)\s+(?:(?:video|audio)\s+)?clip", "clip", "soundbite")
_STAGE_DIRECTION = re.compile(
    rf"^\s*[\[(]\s*(?:(?:{'|'.join(_AUDIO_CUES)})"
    # possessive runs: a description never gives back the spaces a closing "\s*" could take,
    # so a long line with no closing bracket fails at once instead of backtracking
    rf"|(?:{'|'.join(_DESCRIBED_CUES)})(?:\s*:[^\])]*+|\s+of\b[^\])]*+)?)\s*[\])]\s*$",
    re.I,
)
# Lines that are nothing but an advertising or a layout label.
_LABELS = frozenset(
    {
        "advertisement",
        "advertisements",
        "advertising",
        "you might like",
        "you may like",
        "you might also like",
        "you may also like",
        "recommended",
        "recommended for you",
        "sponsored",
        "sponsored content",
        "ad",
        "story continues below advertisement",
        "article continues below advertisement",
        "continue reading below",
        "scroll to continue with content",
        "read more",
        "related",
        "newsletter",
        "share this article",
        "share",
        "contents",
        "table of contents",
    }
)
# Picture credits and captions worded as such.
_CREDIT_LINE = re.compile(
    r"^\W*(?:image|images|photo|photos|photograph|picture|pictures|credit|photo\s+credit|"
    r"image\s+credit|illustration|video)\s*(?::|via\b|by\b|credit)|\bgetty\s+images\b",
    re.I,
)
# Closing lines: copyright, contact and standards notes.
_CLOSING = re.compile(
    r"^\W*(?:copyright|©)|\ball\s+rights\s+reserved\b|\bnot\s+to\s+be\s+reproduced\b"
    r"|\b(?:may|can)\s+be\s+(?:reached|contacted)\s+at\b|\breach\s+(?:him|her|them)\s+at\b",
    re.I,
)
# Notes set under an article, read on short closing lines only: wire credits ("Reporting by
# ...; Editing by ..."), syndication ("originally appeared on"), contact and editorial notes and
# disclosures. Each reads the same on every site and no article sentence is worded so.
_CLOSING_NOTE = re.compile(
    r"^\W*(?:additional\s+)?(?:reporting|writing|editing)\s+by\b"
    r"|\boriginally\s+(?:appeared|published|ran)\s+(?:on|in|at)\b"
    r"|^\W*(?:contact|email|e-mail)\s+(?:the\s+)?(?:reporter|writer|author|editor)\b"
    r"|\b(?:our|editorial)\s+(?:standards|polic(?:y|ies)|guidelines)\b"
    r"|\bthis\s+(?:interview|conversation|transcript)\s+(?:has\s+been|was)\s+(?:edited|condensed)\b"
    r"|^\W*editor(?:['’]?s)?\s+note\b|\bdo(?:es)?\s+not\s+own\s+shares\b",
    re.I,
)
# A bio opens with the author's name and one of these verbs.
_BIO_VERBS = (
    r"(?:is|was|has|had|covers|writes|joined|lives|reports|specializes|specialises|serves"
    r"|contributes|edits|hosts|teaches|focuses)"
)
# A first or last name shorter than this ("J.", "de") names no one alone.
MIN_NAME_PART_CHARS = 3
# An apposition in a bio ("Ann Marlow, a former teacher, writes") is a phrase, not a sentence.
MAX_APPOSITION_CHARS = 120
# A top line that is only a date, a time or a byline.
_MONTH = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_DATELINE_WORDS = re.compile(
    rf"^(?:\d+|{_MONTH}|mon|tue|wed|thu|fri|sat|sun|\w+day|am|pm|[a-z]{{2,4}}t|utc|gmt|uk|"
    r"published|updated|posted|on|at|by)$",
    re.I,
)


def _key(text: str) -> str:
    """A line or an element's text compared as lower-case words."""
    return " ".join(w.lower() for w in _WORD.findall(text))


@dataclass(frozen=True)
class PageFurniture:
    """What the source DOM says about pieces of text: link texts and caption texts."""

    links: frozenset[str] = frozenset()
    captions: frozenset[str] = frozenset()
    headings: frozenset[str] = frozenset()  # the article's own section headings
    # Every link text, each between spaces and the links apart by a separator: a line found in
    # it is a piece of one link (see ``_inside_link``).
    link_text: str = ""


@dataclass(frozen=True)
class CleanBody:
    text: str
    dropped: Counter[str] = field(default_factory=Counter)  # rule name -> lines dropped


def _texts(
    elements: Iterable[Any], max_words: int, *, pieces_apart: bool = False
) -> frozenset[str]:
    """The elements' texts as keys. ``pieces_apart`` also keys each text with its child
    elements' texts kept apart: a link that wraps a block (a teaser card: kicker, headline,
    byline) has no space between them in ``text_content``, where the extractor sets each on a
    line of its own."""
    found: set[str] = set()
    for element in elements:
        try:
            keys = {_key(element.text_content())}
            if pieces_apart:
                keys.add(_key(" ".join(element.itertext())))
        except (ValueError, TypeError):
            continue
        found.update(key for key in keys if key and key.count(" ") < max_words)
    return frozenset(found)


# Elements that hold a picture's caption or credit.
_CAPTION_TEST = (
    "self::figcaption or contains(translate(@class, 'CAPTION', 'caption'), 'caption')"
    " or contains(translate(@class, 'CREDIT', 'credit'), 'credit')"
)


def _joined(keys: Iterable[str]) -> str:
    """Keys each between spaces and apart by a separator, so a line found in the string is a
    piece of one of them and never spans two."""
    return "".join(f" {key} {_LINK_SEPARATOR}" for key in sorted(keys))


def page_furniture(tree: Any) -> PageFurniture:
    """Link and caption texts of a page's lxml tree (no tree: nothing is known)."""
    if tree is None:
        return PageFurniture()
    caption = f"//*[{_CAPTION_TEST}]"
    # A link to a place on the same page (a table of contents) or set in a heading (a shopping
    # guide's item names) titles a part of this article, not another page.
    outward = (
        "//a[not(starts-with(normalize-space(@href), '#'))]"
        "[not(ancestor::h2 or ancestor::h3 or ancestor::h4)]"
    )
    try:
        links = _texts(tree.xpath(outward), MAX_CAPTION_WORDS, pieces_apart=True)
        captions = _texts(tree.xpath(caption), MAX_CAPTION_WORDS)
        # Some layouts repeat a paragraph as a picture's caption: the paragraph stays.
        prose = _texts(
            tree.xpath(f"//p[not(ancestor-or-self::*[{_CAPTION_TEST}])]"), MAX_CAPTION_WORDS
        )
        # A heading set inside a link is a teaser card's headline, not a section of this one.
        headings = _texts(tree.xpath("(//h2 | //h3 | //h4)[not(ancestor::a)]"), MAX_CAPTION_WORDS)
    except (ValueError, TypeError, AttributeError):
        return PageFurniture()
    return PageFurniture(links, captions - prose, headings, _joined(links))


def _link_share(key: str, links: frozenset[str]) -> float:
    """Share of a line's words that are the text of links on the page."""
    if key in links:
        return 1.0
    words = key.count(" ") + 1
    covered = 0
    padded = f" {key} "
    for link in links:
        if link.count(" ") + 1 >= MIN_LINK_WORDS and f" {link} " in padded:
            covered += link.count(" ") + 1
    return min(covered / words, 1.0)


def _inside_link(key: str, furniture: PageFurniture) -> bool:
    """The line is a piece of one link's text: a teaser card's headline or kicker."""
    return key.count(" ") + 1 >= MIN_LINK_WORDS and f" {key} " in furniture.link_text


def _is_data_row(line: str) -> bool:
    """A table row whose every cell is a figure or a few words: data, not the article's prose."""
    row = line.strip()
    if len(row) < 2 or not (row.startswith("|") and row.endswith("|")):
        return False
    cells = row[1:-1].split("|")
    return all(len(_WORD.findall(cell)) <= MAX_DATA_CELL_WORDS for cell in cells)


def _is_dateline(key: str) -> bool:
    words = key.split()
    return bool(words) and len(words) <= 12 and all(_DATELINE_WORDS.match(w) for w in words)


def _name_forms(name: str) -> list[str]:
    """An author's name as a bio may give it: in full, or by the first or the last name alone
    ("Ann Marlow", "Ann", "Marlow"); initials and particles are too short to stand alone."""
    parts = [part for part in name.split() if len(part) >= MIN_NAME_PART_CHARS]
    forms = [name.strip()]
    if len(parts) > 1:
        forms += [parts[0], parts[-1]]
    return [form for form in forms if form]


def _is_bio(line: str, authors: Iterable[str]) -> bool:
    """The line opens with an author's name (after an apposition or before one) and a bio
    verb: "Ann Marlow covers ...", "Ann, a former teacher, writes ...", "A reporter since
    2001, Marlow has ..."."""
    for name in authors:
        for form in _name_forms(name):
            pattern = (
                rf"\W*(?:an?\s[^,]{{1,{MAX_APPOSITION_CHARS}}},\s*)?{re.escape(form)}\W*"
                rf"(?:,[^,]{{1,{MAX_APPOSITION_CHARS}}},)?\s+{_BIO_VERBS}\b"
            )
            if re.match(pattern, line, re.I):
                return True
    return False


def furniture_reason(
    line: str,
    position: int,
    count: int,
    furniture: PageFurniture,
    headline: str | None = None,
    authors: Iterable[str] = (),
    *,
    closing: bool = False,
    under_label: bool = False,
) -> str | None:
    """Why a body line is furniture (the rule's name), or None when it is the article's.

    ``closing``: only furniture follows the line, so it may be part of the closing box.
    ``under_label``: the line is an item of a list set under a bare cross-link label."""
    key = _key(line)
    if not key:
        return None
    words = key.count(" ") + 1
    short = words <= MAX_PROMPT_WORDS
    if key in _LABELS:
        return "layout label"
    if short and _STAGE_DIRECTION.match(line):
        return "stage direction"
    if position < TOP_LINES and headline and key == _key(headline):
        return "headline repeated"
    if position < TOP_LINES and (
        _is_dateline(key) or (short and key.startswith("by ") and words <= 6)
    ):
        return "dateline or byline"
    label = _cross_link_label(line) if short else None
    if label and (label.group("colon") or _link_share(key, furniture.links) > 0):
        return "cross-link"
    # "Read next:" introduces other stories' pitches: an item of its list that holds a link is
    # one, even when the link is only part of the line ("A fund ... Here's how to invest").
    if under_label and short and _link_share(key, furniture.links) > 0:
        return "cross-link"
    if key not in furniture.headings and (
        _link_share(key, furniture.links) >= LINK_SHARE or _inside_link(key, furniture)
    ):
        return "link text"
    if _is_data_row(line):
        return "data table"
    if key in furniture.captions or (short and _CREDIT_LINE.search(line)):
        return "caption or credit"
    if short and _PROMPT.search(line):
        return "prompt"
    if _COOKIE_NOTICE.search(line):
        return "cookie notice"
    if (closing or position >= count - CLOSING_LINES) and (
        _CLOSING.search(line) or (short and _CLOSING_NOTE.search(line)) or _is_bio(line, authors)
    ):
        return "closing box"
    return None


def _cross_link_label(line: str) -> re.Match[str] | None:
    """The cross-link label opening the line ("Related:", "More from the council:"), when it is
    one of a few words."""
    label = _CROSS_LINK.match(line)
    if label is None or len(_WORD.findall(label.group())) > MAX_LABEL_WORDS:
        return None
    return label


def _is_bare_label(line: str) -> bool:
    """The line is a cross-link label and nothing more ("Read next:", "Don't miss")."""
    label = _cross_link_label(line)
    return label is not None and not _WORD.search(line[label.end() :])


def _listed_under_label(lines: list[str]) -> set[int]:
    """Positions of the list items set right under a bare cross-link label: "Read next:" and
    the teasers it introduces, each a line of its own with a link in it (the link may be only
    part of the line: "A fund backed by ... Here's how to invest")."""
    listed: set[int] = set()
    for position, line in enumerate(lines):
        if not _is_bare_label(line):
            continue
        following = position + 1
        while following < len(lines) and _LIST_ITEM.match(lines[following]):
            listed.add(following)
            following += 1
    return listed


def drop_furniture(
    text: str,
    furniture: PageFurniture,
    headline: str | None = None,
    authors: Iterable[str] = (),
) -> CleanBody:
    """The body without its furniture lines, and how many lines each rule dropped."""
    lines = text.split("\n")
    authors = tuple(authors)
    listed = _listed_under_label(lines)
    kept, dropped = [], Counter[str]()
    closing = True  # read from the end: only furniture (or nothing) below this line
    for position in range(len(lines) - 1, -1, -1):
        line = lines[position]
        reason = furniture_reason(
            line,
            position,
            len(lines),
            furniture,
            headline,
            authors,
            closing=closing,
            under_label=position in listed,
        )
        if reason:
            dropped[reason] += 1
        else:
            kept.append(line)
            closing = closing and not line.strip()
    # Every line furniture: the extractor read the wrong block (a consent banner, a teaser
    # list), and the caller looks for the article elsewhere.
    return CleanBody("\n".join(reversed(kept)).strip(), dropped)
