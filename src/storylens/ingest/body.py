"""The article body of an HTML page: trafilatura for precision, a second pass when it is short.

trafilatura tuned for precision gives the best body on news pages (NAEB dev figures for this
and each rule below are in CHANGELOG.md). Its precision mode sometimes drops most of an article
(a body in unusual markup) or finds none; then its recall mode, and after it jusText, get a
second look. The rule that keeps the better one is
deliberately narrow: the recall text is taken only when the precision text is missing or under
``SHORT_BODY_SHARE`` of it, i.e. precision cut away most of what a looser reading sees as the
article. A higher share lets recall mode add captions and teasers, so the fallback repairs
truncated and missing bodies without letting furniture back in.

Both readings then lose their furniture lines (``furniture.drop_furniture``: the headline
repeated, cross-links, prompts, captions, data tables, closing boxes), and the rule above
compares what is left, so a precision body that was all furniture (a consent banner, a list of
teasers) counts as missing. A reading that was mostly furniture (``MOSTLY_FURNITURE_SHARE``)
counts as missing too: the extractor took a list of teaser cards with a line of the article
caught in it.

Last, the standfirst: a page that shows its own description under the headline (the dek)
opens the article with it, and the extractors, which look for the article's block, leave it in
the header; ``shown_standfirst`` puts it back as the body's first line. A description found
only in the meta tags is not the article's text and is not added.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import justext
import lxml.etree
import trafilatura

from storylens.ingest.furniture import PageFurniture, drop_furniture, page_furniture

# Under this share of the recall-mode body's words, the precision body lost the article.
SHORT_BODY_SHARE = 0.3
# A reading whose words were more than this share furniture is the wrong block (a list of
# teaser cards, a sidebar) with a line or two of the article caught in it: it counts as no body,
# like a reading that was all furniture, and the next reader is tried.
MOSTLY_FURNITURE_SHARE = 0.5
# A standfirst (the dek under the headline) is a sentence or two; one this short ("Opinion")
# is a label, not a summary.
MIN_STANDFIRST_WORDS = 3
# The description meta tags a page gives for itself, in the order they are trusted.
_DESCRIPTION_XPATHS = (
    "//meta[@property='og:description']/@content",
    "//meta[@name='description']/@content",
    "//meta[@name='twitter:description']/@content",
)
# Where a page shows its description as the article's standfirst: any element of the body but
# a link (a teaser card of this story elsewhere on the page), navigation, a sidebar, a footer
# or a script. The leading words narrow the search before whole texts are compared.
_SHOWN_DESCRIPTION = (
    "//body//*[starts-with(normalize-space(.), $start)]"
    "[not(ancestor-or-self::*[self::a or self::nav or self::aside or self::footer"
    " or self::script or self::noscript or self::template or self::style])]"
)
# The description's first characters pick the elements to compare whole: enough to be rare on
# a page, few enough that an element cut short by layout still starts with them.
_STANDFIRST_START_CHARS = 20
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class BodyChoice:
    text: str
    source: str
    reason: str
    dropped: tuple[tuple[str, int], ...] = ()  # furniture rule -> lines it dropped


def _words(text: str | None) -> int:
    return len(_WORD.findall(text or ""))


def _key(text: str) -> str:
    return " ".join(w.lower() for w in _WORD.findall(text))


def shown_standfirst(tree: Any) -> str | None:
    """The page's description when the page also shows it as text (the standfirst under the
    headline), or None. Extractors look for the article's block and leave the standfirst in
    the header above it; a description only in the meta tags is the site's, not the article's."""
    if tree is None:
        return None
    try:
        description = next(
            (text.strip() for path in _DESCRIPTION_XPATHS for text in tree.xpath(path)), ""
        )
        key = _key(description)
        if key.count(" ") + 1 < MIN_STANDFIRST_WORDS:
            return None
        start = " ".join(description.split())[:_STANDFIRST_START_CHARS]
        shown = tree.xpath(_SHOWN_DESCRIPTION, start=start)
    except (ValueError, TypeError, AttributeError, lxml.etree.XPathError):
        return None
    if any(_key(element.text_content()) == key for element in shown):
        return " ".join(description.split())
    return None


def _with_standfirst(choice: BodyChoice, standfirst: str | None) -> BodyChoice:
    """The body with the shown standfirst as its first line, unless the body has it already."""
    if not choice.text or not standfirst or _key(standfirst) in _key(choice.text):
        return choice
    return BodyChoice(
        f"{standfirst}\n{choice.text}",
        choice.source,
        f"{choice.reason}; the standfirst shown under the headline added",
        choice.dropped,
    )


def _justext_body(html: str) -> str:
    try:
        paragraphs = justext.justext(html.encode("utf-8"), justext.get_stoplist("English"))
    except (ValueError, TypeError, LookupError, lxml.etree.ParserError):
        return ""  # lxml on a page it cannot read ("</p>": "Document is empty")
    return "\n".join(p.text for p in paragraphs if not p.is_boilerplate)


def _cleaned(
    text: str | None, furniture: PageFurniture, headline: str | None, authors: tuple[str, ...]
) -> tuple[str, tuple[tuple[str, int], ...]]:
    """The text without its furniture lines, and the lines each rule dropped; no text at all
    when the reading was mostly furniture (``MOSTLY_FURNITURE_SHARE``)."""
    if not text:
        return "", ()
    clean = drop_furniture(text, furniture, headline, authors)
    dropped = tuple(sorted(clean.dropped.items()))
    if _words(clean.text) < (1 - MOSTLY_FURNITURE_SHARE) * _words(text):
        return "", dropped
    return clean.text, dropped


def _reason(reason: str, dropped: tuple[tuple[str, int], ...]) -> str:
    if not dropped:
        return reason
    return reason + "; furniture dropped: " + ", ".join(f"{n} {rule}" for rule, n in dropped)


def choose_body(
    html: str,
    url: str | None,
    precise_text: str | None,
    *,
    tree: Any = None,
    headline: str | None = None,
    authors: tuple[str, ...] = (),
) -> BodyChoice:
    """The body a reader gives, opened by the page's shown standfirst.

    The body is the precision body unless it is missing or clearly short; then the better
    fallback. ``tree`` (the page parsed by lxml) lets furniture be recognised from the DOM
    (link and caption texts); ``headline`` and ``authors`` find the repeated headline and
    the bio.
    """
    furniture = page_furniture(tree)

    def clean(text: str | None) -> tuple[str, tuple[tuple[str, int], ...]]:
        return _cleaned(text, furniture, headline, authors)

    return _with_standfirst(_read_body(html, url, precise_text, clean), shown_standfirst(tree))


def _read_body(
    html: str,
    url: str | None,
    precise_text: str | None,
    clean: Callable[[str | None], tuple[str, tuple[tuple[str, int], ...]]],
) -> BodyChoice:
    precise, precise_dropped = clean(precise_text)
    recall_text = ""
    with contextlib.suppress(ValueError, TypeError):  # lxml on a page it cannot read
        recall_text = (
            trafilatura.extract(html, url=url, include_comments=False, favor_recall=True) or ""
        )
    recall, recall_dropped = clean(recall_text)
    if precise and _words(precise) >= SHORT_BODY_SHARE * _words(recall):
        reason = _reason("the body a precise reading finds", precise_dropped)
        return BodyChoice(precise, "trafilatura precision", reason, precise_dropped)
    if recall:
        reason = (
            "precision found no body (none, or mostly furniture)"
            if not precise
            else "precision body clearly short"
        )
        return BodyChoice(
            recall, "trafilatura recall", _reason(reason, recall_dropped), recall_dropped
        )
    fallback, fallback_dropped = clean(_justext_body(html))
    if fallback:
        reason = _reason("trafilatura found no body (none, or mostly furniture)", fallback_dropped)
        return BodyChoice(fallback, "justext", reason, fallback_dropped)
    return BodyChoice("", "none", "no extractor found a body")


def precise_extraction(html: str, url: str | None) -> Any:
    """trafilatura's document (body and metadata) read for precision, or None."""
    document = trafilatura.bare_extraction(
        html, url=url, with_metadata=True, include_comments=False, favor_precision=True
    )
    return None if document is None or isinstance(document, dict) else document
