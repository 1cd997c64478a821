"""Page furniture inside an extracted body: lines a news page sets around its article.

trafilatura finds the article's block well (NAEB dev: body recall 0.95) but keeps furniture set
inside it, which costs precision: the headline repeated as the first line, cross-links
("Related: ...", a list of other stories' titles), newsletter, app and subscription prompts,
photo captions and credits, "Advertisement" lines, and closing boxes (the author's bio, "may be
reached at", copyright lines). Each rule here drops a whole line (trafilatura gives one
paragraph a line) and says why, so ``explain_html`` can show what went.

Two kinds of evidence, both general to news pages rather than to one site:

- the source DOM: a line that is the text of a link on the page (or mostly links) points to
  another page, and a line that is a ``<figcaption>`` or a caption/credit element describes a
  picture; neither is the article's prose;
- the wording: prompts and labels read the same on every site ("Sign up for our newsletter",
  "Read more:"), and are matched only on short lines, so a paragraph of the story that mentions
  a newsletter is kept.
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
# The headline, a dateline or a byline repeated by the extractor sit at the very top.
TOP_LINES = 3
# A bio or a contact line closes the article: only the last few lines are read for them.
CLOSING_LINES = 3

# Cross-link labels that open a line pointing at another story.
_CROSS_LINK = re.compile(
    r"^\W*(?:related(?:\s+(?:articles?|stories|content|coverage|reading))?|read\s+(?:more|next|also)"
    r"|also\s+read|see\s+also|more\s+(?:on|from|about)\b[^:]*|most\s+read\b[^:]*|recommended"
    r"|don'?t\s+miss|watch|listen|trending|popular|further\s+reading|for\s+more,?\s+read)\b"
    r"\s*(?P<colon>[:|–—-])?",
    re.I,
)
# Prompts for newsletters, apps, subscriptions and sharing, as sites word them: an imperative
# that asks the reader to act, or a phrase no article sentence needs ("in your inbox").
_PROMPT = re.compile(
    r"^\W*(?:sign\s+up|subscribe|join|register|get|download|install|follow|share|click|tap)\b"
    r".{0,80}\b(?:newsletters?|inbox|e-?mails?|app|subscription|updates|alerts|account|premium)\b"
    r"|\bsign\s+up\s+(?:for|to|here|now|today)\b|\b(?:in|to)\s+your\s+inbox\b"
    r"|\bnewsletter\b.{0,80}\b(?:sign|subscrib\w*|inbox|deliver\w*|e-?mail)\b"
    r"|\b(?:sign|subscrib\w*|inbox|deliver\w*|e-?mail)\b.{0,80}\bnewsletter\b"
    r"|\bthank\s+you\s+for\s+subscribing\b|\bplease\s+subscribe\b|\bsubscribe\s+(?:today|now|here)\b"
    r"|\bstart\s+your\b.{0,40}\bsubscription\b|\bclick\s+here\s+to\b"
    r"|\bjournalism\s+needs\s+your\s+support\b|\bsupport\s+(?:our|independent)\s+journalism\b"
    r"|\bbe\s+the\s+first\s+to\s+(?:get|know)\b",
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
# Lines that are nothing but an advertising or a layout label.
_LABELS = frozenset(
    {
        "advertisement",
        "advertisements",
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
# A bio opens with the author's name and one of these verbs.
_BIO_VERBS = r"(?:is|was|has|had|covers|writes|joined|lives|reports|specializes|specialises)"
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


@dataclass(frozen=True)
class CleanBody:
    text: str
    dropped: Counter[str] = field(default_factory=Counter)  # rule name -> lines dropped


def _texts(elements: Iterable[Any], max_words: int) -> frozenset[str]:
    found = set()
    for element in elements:
        try:
            key = _key(element.text_content())
        except (ValueError, TypeError):
            continue
        if key and key.count(" ") < max_words:
            found.add(key)
    return frozenset(found)


# Elements that hold a picture's caption or credit.
_CAPTION_TEST = (
    "self::figcaption or contains(translate(@class, 'CAPTION', 'caption'), 'caption')"
    " or contains(translate(@class, 'CREDIT', 'credit'), 'credit')"
)


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
        links = _texts(tree.xpath(outward), MAX_CAPTION_WORDS)
        captions = _texts(tree.xpath(caption), MAX_CAPTION_WORDS)
        # Some layouts repeat a paragraph as a picture's caption: the paragraph stays.
        prose = _texts(
            tree.xpath(f"//p[not(ancestor-or-self::*[{_CAPTION_TEST}])]"), MAX_CAPTION_WORDS
        )
        headings = _texts(tree.xpath("//h2 | //h3 | //h4"), MAX_CAPTION_WORDS)
    except (ValueError, TypeError, AttributeError):
        return PageFurniture()
    return PageFurniture(links, captions - prose, headings)


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


def _is_dateline(key: str) -> bool:
    words = key.split()
    return bool(words) and len(words) <= 12 and all(_DATELINE_WORDS.match(w) for w in words)


def _is_bio(line: str, authors: Iterable[str]) -> bool:
    return any(
        re.match(rf"\W*{re.escape(name)}\W*\s+{_BIO_VERBS}\b", line, re.I)
        for name in authors
        if name
    )


def furniture_reason(
    line: str,
    position: int,
    count: int,
    furniture: PageFurniture,
    headline: str | None = None,
    authors: Iterable[str] = (),
) -> str | None:
    """Why a body line is furniture (the rule's name), or None when it is the article's."""
    key = _key(line)
    if not key:
        return None
    words = key.count(" ") + 1
    short = words <= MAX_PROMPT_WORDS
    if key in _LABELS:
        return "layout label"
    if position < TOP_LINES and headline and key == _key(headline):
        return "headline repeated"
    if position < TOP_LINES and (
        _is_dateline(key) or (short and key.startswith("by ") and words <= 6)
    ):
        return "dateline or byline"
    label = _CROSS_LINK.match(line) if short else None
    if label and (label.group("colon") or _link_share(key, furniture.links) > 0):
        return "cross-link"
    if key not in furniture.headings and _link_share(key, furniture.links) >= LINK_SHARE:
        return "link text"
    if key in furniture.captions or (short and _CREDIT_LINE.search(line)):
        return "caption or credit"
    if short and _PROMPT.search(line):
        return "prompt"
    if _COOKIE_NOTICE.search(line):
        return "cookie notice"
    if position >= count - CLOSING_LINES and (_CLOSING.search(line) or _is_bio(line, authors)):
        return "closing box"
    return None


def drop_furniture(
    text: str,
    furniture: PageFurniture,
    headline: str | None = None,
    authors: Iterable[str] = (),
) -> CleanBody:
    """The body without its furniture lines, and how many lines each rule dropped."""
    lines = text.split("\n")
    authors = tuple(authors)
    kept, dropped = [], Counter[str]()
    for position, line in enumerate(lines):
        reason = furniture_reason(line, position, len(lines), furniture, headline, authors)
        if reason:
            dropped[reason] += 1
        else:
            kept.append(line)
    # Every line furniture: the extractor read the wrong block (a consent banner, a teaser
    # list), and the caller looks for the article elsewhere.
    return CleanBody("\n".join(kept).strip(), dropped)
