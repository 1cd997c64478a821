"""Page metadata candidates: every value a news page offers for its title, authors, date,
outlet and URL, with where it was found (``metadata`` picks one per field, by rule).

extruct reads JSON-LD (with ``@graph`` and ``@id`` links), microdata, Open Graph and Dublin
Core; plain ``<meta>`` tags (Parse.ly, Sailthru, author and date names), the ``<h1>``,
``<time>``, bylines, author-page links, a closing "Reporting by ..." line in the article block,
the canonical link and the date lines shown around the headline
(``shown``: "Published March 2, 2026", "Updated 2 March 2026") are read from the lxml tree,
and the byline block's credits (``credits``: "Photography by ...", "Contributions from ...").
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import Any
from urllib.parse import urljoin

import htmldate
from extruct.dublincore import DublinCoreExtractor
from extruct.jsonld import JsonLdExtractor
from extruct.opengraph import OpenGraphExtractor
from extruct.w3cmicrodata import MicrodataExtractor

_SPACES = re.compile(r"\s+")

# schema.org types whose fields describe the article itself (NewsArticle and its subtypes,
# and the generic kinds blogs and magazines use). WebPage is read too, but after these.
ARTICLE_TYPES = frozenset(
    {
        "Article",
        "NewsArticle",
        "ReportageNewsArticle",
        "AnalysisNewsArticle",
        "OpinionNewsArticle",
        "BackgroundNewsArticle",
        "ReviewNewsArticle",
        "AskPublicNewsArticle",
        "SatiricalArticle",
        "BlogPosting",
        "LiveBlogPosting",
        "Report",
        "TechArticle",
        "ScholarlyArticle",
        "SocialMediaPosting",
    }
)

PAGE_TYPES = frozenset({"WebPage", "ItemPage", "CollectionPage"})

# A JSON-LD block nested deeper than this is not metadata; stop walking rather than recurse.
MAX_JSONLD_DEPTH = 12

# A metadata value longer than this is a pasted body or an attack, not a title or a name.
MAX_META_CHARS = 1_000

# Paths of author pages: a link there from the article header is a byline.
_AUTHOR_PATH = re.compile(
    r"/(?:author|authors|staff|profile|profiles|people|bios?|by|contributors?|writers?|"
    r"journalists?|reporters?)/",
    re.I,
)


# Byline elements read as author entries: the article's own byline comes first; further down
# they are the bylines of teasers for other stories.
MAX_BYLINE_ELEMENTS = 6
# Byline elements read for credits: a shoot's credits ("Photography by", "Styled by") follow the
# writer's byline in the same block and can run past the first few elements.
MAX_CREDIT_ELEMENTS = 24
# A credit line is a role and a few names; a longer text is a caption or a paragraph.
MAX_CREDIT_LINE_CHARS = 200
# A byline entry that credits a part of the work other than the text: the pictures, video,
# graphics or styling ("Photography by Lee Hart", "Styled by ..."), or contributors named beside
# the author ("Contributions from ...", "Additional reporting by ...", "Contributing: ..."). A
# credit is a cue that opens a segment of the byline and hands it to the names after it ("by",
# "from", or the colon of "Contributing:"); a role noun after a name without them ("Ann Marlow,
# Video Journalist, and Lee Hart", "Contributing Writer") is that person's role, not a credit of
# the names that follow. A cue opens a segment at a word boundary or where text read across
# elements glues it to the name before it ("By Ann MarlowContributions from Lee Hart").
CREDIT_LINE = re.compile(
    r"(?:\b|(?-i:(?<=[a-z])(?=[A-Z])))"
    r"(?:(?:(?:photo|photos|photograph\w*|pictures?|illustrat\w*|video|images?|graphics?|"
    r"styl(?:ed|ing)|contributions?|additional\s+reporting|with\s+reporting)\s+(?:from|by))\b"
    r"|contributing\s*:)",
    re.I,
)
# The reporting credit closing a wire story: "Reporting by <names>", up to the next credit
# ("; Editing by ...") or the end; "Additional reporting by" is a contributor, not a reporter.
_CLOSING_CREDIT = re.compile(r"^\W*(?i:reporting\s+by)\s+([^;]+)")
# Another credit run on in the closing line without a ";" ("..., Editing by Kim Oduya").
_NEXT_CREDIT = re.compile(r"\b(?:editing|writing|additional\s+reporting|graphics?)\s+by\b.*$", re.I)
# Where a reporter filed from: "Ann Marlow in London", "from Hong Kong", "at the United
# Nations" name Ann Marlow.
_FILED_FROM = re.compile(r"\s+(?:in|from|at)\s+(?:the\s+)?[A-Z].*$")
# The reporters of one credit are listed with commas and "and".
_CLOSING_NAME_SPLIT = re.compile(r"\s*(?:,|\band\b|&)\s*")


# A dateline's label sits beside its <time>: read this much of the enclosing element's text.
MAX_LABEL_CHARS = 80
# How far up from the <h1> the header block that holds its dateline may reach.
HEADER_LEVELS = 3
# A header block longer than this holds the article too: its "by" is in the story's prose.
MAX_HEADER_CHARS = 600
# "by" and two to four capitalised words: a byline written as plain text. The words are letters
# only: a name holds no figures, and text read across elements glues the next one's figures on
# ("By Associated Press" then a "5" comment count reads "By Associated Press5").
_HEADER_BY = re.compile(
    r"\b[Bb]y\s+((?:[A-Z](?:[^\W\d_]|['’.-])+\s+){1,3}[A-Z](?:[^\W\d_]|['’-])+)"
)
_UPDATE_LABEL = re.compile(r"\b(?:updated|modified|edited|last\s+updated|revised)\b", re.I)

# The date line a page shows its readers sits with the standfirst and the byline, right under
# the headline (or just above it, in the header block): this many characters of visible text
# after the <h1> hold it; a date further on is in the story or in a teaser for another one.
SHOWN_DATE_WINDOW_CHARS = 600
# A date line is short ("Published: March 2, 2026 at 9:14 a.m. EST", "By Ann Marlow - 2 March
# 2026"); a longer text holding a date is a sentence of the story or a caption.
MAX_DATE_LINE_CHARS = 80
# Words a date line may hold besides the date, its label, weekday, clock time and zone: the
# byline's "By" and a name, or the outlet. A caption ("The mayor in Eastmere on March 1, 2026")
# says more.
MAX_DATE_LINE_OTHER_WORDS = 3
# Months by name as pages print them (English: the language of the pages the rule was read on;
# a page in another language keeps the declared dates).
_MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sept", "sep"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
_MONTH = "(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
# "March 2, 2026", "Mar. 2 2026", "2 March 2026", "2nd March, 2026", "2026-03-02".
_SHOWN_DATE = re.compile(
    rf"\b(?:(?P<m1>{_MONTH})\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y1>\d{{4}})"
    rf"|(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m2>{_MONTH}),?\s+(?P<y2>\d{{4}})"
    r"|(?P<iso>\d{4}-\d{2}-\d{2}))\b",
    re.I,
)
# What a date line holds besides the date and a few words: labels, weekdays, clock times, zones.
_DATE_LINE_WORDS = re.compile(
    r"\b(?i:published|posted|first|last|updated|modified|revised|edited|on|at|date|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"mon|tue|tues|wed|thu|thurs|fri|sat|sun|a\.?m|p\.?m)\b\.?"
    r"|\b[A-Z]{2,5}\b|\d{1,2}[:.]\d{2}(?:\s*(?i:[ap]\.?m)\.?)?"
)
_LETTERS = re.compile(r"[^\W\d_]+")
_ISO_DAY_START = re.compile(r"\d{4}-\d{2}-\d{2}")
# Text in these elements is a caption or a hidden fragment, never the page's date line.
_NOT_SHOWN = frozenset({"script", "style", "noscript", "template", "figcaption", "figure"})
# A class naming a caption or a credit ("wp-caption-text", "media-credit"), not one that merely
# contains the letters ("HedAccreditation").
_CAPTION_CLASS = re.compile(r"(?:^|[\s_-])(?:caption|credit)", re.I)


@dataclass(frozen=True)
class Candidate:
    """One value a page offers for a field, and where on the page it was found."""

    value: str
    source: str


@dataclass
class Candidates:
    """Every candidate a page offers, per field, in the order the rules consider them."""

    title: list[Candidate] = field(default_factory=list)
    headline: list[Candidate] = field(default_factory=list)  # visible <h1> headlines
    authors: list[Candidate] = field(default_factory=list)
    published: list[Candidate] = field(default_factory=list)
    # Taken only when the page states no publication date at all.
    modified: list[Candidate] = field(default_factory=list)
    # Date lines shown to readers around the headline, in page order: "shown date", or
    # "shown date (updated)" when the line is labelled as an update.
    shown: list[Candidate] = field(default_factory=list)
    outlet: list[Candidate] = field(default_factory=list)
    url: list[Candidate] = field(default_factory=list)
    # Byline lines that credit someone for a part of the work other than the text ("Photography
    # by ...", "Styled by ...", "Contributions from ..."): those names are no authors.
    credits: list[Candidate] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _text(value: Any) -> str | None:
    """A metadata value as one line of text, or None when empty, not text, or too long."""
    if isinstance(value, list | tuple):
        value = next((v for v in value if isinstance(v, str | int | float) and v), None)
    if not isinstance(value, str | int | float) or isinstance(value, bool):
        return None
    # JSON-LD is often written with HTML entities still in it ("O&#039;Neil").
    text = _SPACES.sub(" ", html_lib.unescape(str(value))).replace("\x00", "").strip()
    return text if text and len(text) <= MAX_META_CHARS else None


def _types(node: dict[str, Any]) -> set[str]:
    kind = node.get("@type") or node.get("type") or ()
    kinds = [kind] if isinstance(kind, str) else kind if isinstance(kind, list) else []
    return {str(k).rsplit("/", 1)[-1] for k in kinds if isinstance(k, str)}


def _walk_jsonld(data: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    """Every object of a JSON-LD document: top level, lists and ``@graph`` members."""
    if depth > MAX_JSONLD_DEPTH:
        return
    if isinstance(data, list):
        for item in data:
            yield from _walk_jsonld(item, depth + 1)
    elif isinstance(data, dict):
        yield data
        for key in ("@graph", "mainEntity"):
            if key in data:
                yield from _walk_jsonld(data[key], depth + 1)


def _jsonld_objects(tree: Any, notes: list[str]) -> list[dict[str, Any]]:
    objects: list[dict[str, Any]] = []
    extractor = JsonLdExtractor()
    for script in tree.xpath('//script[@type="application/ld+json"]'):
        try:  # one broken block (trailing comma, a stray comment) must not cost the others
            items = extractor.extract_items(script)
        except (ValueError, TypeError, RecursionError, AttributeError) as error:
            notes.append(f"JSON-LD block skipped: {type(error).__name__}")
            continue
        objects.extend(_walk_jsonld(items))
    return objects


def _names(value: Any, by_id: dict[str, dict[str, Any]], depth: int = 0) -> list[str]:
    """Names in a JSON-LD or microdata author/publisher value: text, objects, lists, @id refs."""
    if depth > MAX_JSONLD_DEPTH:
        return []
    if isinstance(value, list):
        return [n for item in value for n in _names(item, by_id, depth + 1)]
    if isinstance(value, dict):
        if "properties" in value and isinstance(value["properties"], dict):  # microdata
            value = value["properties"]
        if "name" not in value and isinstance(value.get("@id"), str):
            value = by_id.get(value["@id"], value)
        name = value.get("name")
        if isinstance(name, dict | list):
            return _names(name, by_id, depth + 1)
        text = _text(name)
        return [text] if text else []
    text = _text(value)
    return [text] if text else []


def _add(into: list[Candidate], source: str, *values: Any) -> None:
    for value in values:
        text = _text(value)
        if text:
            into.append(Candidate(text, source))


def _from_jsonld(tree: Any, found: Candidates) -> None:
    objects = _jsonld_objects(tree, found.notes)
    by_id = {o["@id"]: o for o in objects if isinstance(o.get("@id"), str)}
    articles = [o for o in objects if _types(o) & ARTICLE_TYPES]
    pages = [o for o in objects if _types(o) & PAGE_TYPES]
    for kind, nodes in (("json-ld", articles), ("json-ld WebPage", pages)):
        for node in nodes:
            _add(found.title, f"{kind} headline", node.get("headline"))
            _add(found.published, f"{kind} datePublished", node.get("datePublished"))
            _add(found.published, f"{kind} dateCreated", node.get("dateCreated"))
            _add(found.modified, f"{kind} dateModified", node.get("dateModified"))
            for name in _names(node.get("author"), by_id):
                found.authors.append(Candidate(name, f"{kind} author"))
            # schema.org's ``creator`` is the wider property ``author`` refines: pages that
            # give the outlet as ``author`` often name the writer there. Read after ``author``.
            for name in _names(node.get("creator"), by_id):
                found.authors.append(Candidate(name, f"{kind} creator"))
            for name in _names(node.get("publisher"), by_id):
                found.outlet.append(Candidate(name, f"{kind} publisher"))
    for node in objects:
        if "WebSite" in _types(node):
            _add(found.outlet, "json-ld WebSite name", node.get("name"))


def _from_microdata(tree: Any, url: str | None, found: Candidates) -> None:
    try:
        items = MicrodataExtractor().extract_items(tree, url)
    except (ValueError, TypeError, KeyError, RecursionError) as error:
        found.notes.append(f"microdata skipped: {type(error).__name__}")
        return
    for item in items:
        if not isinstance(item, dict) or not (_types(item) & ARTICLE_TYPES):
            continue
        properties = item.get("properties") or {}
        _add(found.title, "microdata headline", properties.get("headline"))
        _add(found.published, "microdata datePublished", properties.get("datePublished"))
        _add(found.modified, "microdata dateModified", properties.get("dateModified"))
        for name in _names(properties.get("author"), {}):
            found.authors.append(Candidate(name, "microdata author"))
        for name in _names(properties.get("publisher"), {}):
            found.outlet.append(Candidate(name, "microdata publisher"))


# Meta names read for each field, in the order the rules prefer them. Open Graph and Dublin Core
# come through extruct; the rest are plain <meta name=...> tags.
_META_FIELDS: dict[str, tuple[str, ...]] = {
    "title": ("og:title", "twitter:title", "parsely-title", "sailthru.title", "dc.title"),
    "authors": (
        "article:author",
        "author",
        "parsely-author",
        "sailthru.author",
        "dc.creator",
        "byl",
    ),
    "published": (
        "article:published_time",
        "og:published_time",
        "parsely-pub-date",
        "sailthru.date",
        "pubdate",
        "publishdate",
        "publish-date",
        "publish_date",
        "article.published",
        "dcterms.created",
        "dcterms.issued",
        "dc.date.issued",
        "dc.date",
        "dcterms.date",
        "date",
    ),
    "modified": ("article:modified_time", "og:updated_time", "dcterms.modified", "lastmod"),
    "outlet": ("og:site_name", "application-name", "dc.publisher", "parsely-site"),
    "url": ("og:url", "parsely-link"),
}


def _meta_values(tree: Any, found: Candidates) -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}

    def keep(name: Any, content: Any) -> None:
        text = _text(content)
        if isinstance(name, str) and text:
            values.setdefault(name.strip().lower(), []).append(text)

    try:
        for graph in OpenGraphExtractor().extract_items(tree):
            for name, content in graph.get("properties", ()):
                keep(name, content)
        for dublin in DublinCoreExtractor().extract_items(tree):
            for entry in [*dublin.get("elements", ()), *dublin.get("terms", ())]:
                keep(entry.get("name"), entry.get("content"))
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        found.notes.append(f"Open Graph / Dublin Core skipped: {type(error).__name__}")
    for meta in tree.iter("meta"):
        name = meta.get("name") or meta.get("property") or meta.get("itemprop")
        if name and name.strip().lower() not in values:
            keep(name, meta.get("content"))
    return values


def _from_meta(tree: Any, found: Candidates) -> None:
    values = _meta_values(tree, found)
    for field_name, names in _META_FIELDS.items():
        into: list[Candidate] = getattr(found, field_name)
        for name in names:
            _add(into, f"meta {name}", *values.get(name, ()))


def _element_text(element: Any) -> str | None:
    try:
        return _text(element.text_content())
    except (ValueError, TypeError):
        return None


def _is_update_label(element: Any) -> bool:
    """The words shown with a ``<time>`` call it an update ("Updated Dec 4, 2026")."""
    parent = element.getparent()
    shown = _element_text(parent if parent is not None else element) or ""
    return bool(_UPDATE_LABEL.search(shown[:MAX_LABEL_CHARS]))


def _header_block(headline: Any) -> Any:
    """The element that holds the headline with its dateline and byline: a few levels up, and
    no further than a block short enough to be a header rather than the whole article."""
    block = headline
    for _ in range(HEADER_LEVELS):
        parent = block.getparent()
        if parent is None or parent.tag in {"body", "html"}:
            break
        try:
            if len(parent.text_content()) > MAX_HEADER_CHARS:
                break
        except (ValueError, TypeError):
            break
        block = parent
        if block.tag == "header":
            break
    return block


def _header_time(headline: Any, block: Any) -> Any:
    """The first ``<time datetime>`` after the headline within its header block, or None."""
    passed = False
    for element in block.iter():
        if element is headline:  # lxml hands out one proxy per node while it is referenced
            passed = True
        elif passed and element.tag == "time" and element.get("datetime"):
            return element
    return None


def _text_owner(text: Any) -> Any:
    """The element a text node of an lxml tree is shown in (a tail belongs to the parent)."""
    parent = text.getparent()
    return parent.getparent() if text.is_tail and parent is not None else parent


def _is_shown(owner: Any) -> bool:
    """Text in this element reaches the reader as the page's own words, not a caption."""
    for element in [owner, *owner.iterancestors()]:
        if not isinstance(element.tag, str) or element.tag in _NOT_SHOWN:
            return False
        if _CAPTION_CLASS.search(element.get("class") or ""):
            return False
    return True


def _shown_day(found: re.Match[str]) -> str | None:
    if found.group("iso"):
        year, month, day = (int(part) for part in found.group("iso").split("-"))
    else:
        month_name = (found.group("m1") or found.group("m2")).lower().rstrip(".")
        month = _MONTHS[month_name]
        day = int(found.group("d1") or found.group("d2"))
        year = int(found.group("y1") or found.group("y2"))
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None


def _unparsed_time_stamp(text: str, owner: Any) -> str | None:
    """The day of the ``<time datetime>`` holding a text with figures that name no date by
    words ("12/18/26", "2 hours ago"), when none of the element's words name one either."""
    if not any(ch.isdigit() for ch in text):
        return None  # a label ("Updated") inside the <time>, not its date
    for element in (owner, owner.getparent()):
        if element is None or element.tag != "time":
            continue
        stamp = (element.get("datetime") or "").strip()
        shown = _element_text(element) or ""
        if _ISO_DAY_START.match(stamp) and not _SHOWN_DATE.search(shown):
            return stamp[:10]
    return None


def _date_line(text: str, owner: Any) -> tuple[str, str] | None:
    """(day, label text before it) when a text is a date line; a ``<time>`` whose words do not
    parse ("12/18/26 4:02pm", "2 hours ago") gives the day of its ``datetime``."""
    if len(text) > MAX_DATE_LINE_CHARS:
        return None
    found = _SHOWN_DATE.search(text)
    if found is None:
        stamp = _unparsed_time_stamp(text, owner)
        return (stamp, "") if stamp else None
    rest = _DATE_LINE_WORDS.sub(" ", f"{text[: found.start()]} {text[found.end() :]}")
    if len(_LETTERS.findall(rest)) > MAX_DATE_LINE_OTHER_WORDS:
        return None
    day = _shown_day(found)
    return (day, text[: found.start()]) if day else None


def _shown_dates(headline: Any, block: Any) -> list[Candidate]:
    """The date lines a reader sees around the headline, up to the first not labelled as an
    update: the header block's text before the ``<h1>``, then the text after it."""
    before = []
    for text in block.xpath(".//text()"):
        owner = _text_owner(text)
        if owner is None or owner is headline or headline in owner.iterancestors():
            break
        before.append(text)
    shown: list[Candidate] = []
    previous, seen = "", 0
    for position, text in enumerate([*before, *headline.xpath("following::text()")]):
        line = _SPACES.sub(" ", str(text)).strip()
        owner = _text_owner(text)
        if not line or owner is None or not _is_shown(owner):
            continue
        if position >= len(before):
            seen += len(line)
            if seen > SHOWN_DATE_WINDOW_CHARS:
                break
        found = _date_line(line, owner)
        if found is not None:
            day, own_label = found
            # The label is the line's own words before the date ("Last updated: ..."), or
            # the text just before it when the date stands alone ("Updated" <span>date</span>).
            label = own_label if _LETTERS.search(own_label) else previous
            updated = bool(_UPDATE_LABEL.search(label))
            shown.append(Candidate(day, "shown date (updated)" if updated else "shown date"))
            if not updated:
                return shown
        previous = line[-MAX_LABEL_CHARS:]
    return shown


def _article_block(tree: Any, headline: Any) -> Any:
    """The element the page marks as its article: the ``<article>`` or ``<main>`` the headline
    sits in, else the page's ``<main>`` (one a page), else its first ``<article>``, else the
    whole page."""
    if headline is not None:
        for ancestor in headline.iterancestors():
            if ancestor.tag in {"article", "main"}:
                return ancestor
    marked = tree.xpath("//main")[:1] or tree.xpath("//article")[:1]
    return marked[0] if marked else tree


def _in_teaser(element: Any, block: Any) -> bool:
    """The element sits in an aside or a navigation list inside the article block, or in
    another ``<article>`` inside the article (a card for another story; inside a ``<main>`` an
    ``<article>`` may be the story itself)."""
    for ancestor in element.iterancestors():
        if ancestor is block:
            return False
        if ancestor.tag in {"aside", "nav"} or (ancestor.tag == "article" == block.tag):
            return True
    return False


def _closing_paragraphs(tree: Any, headline: Any) -> list[str]:
    """The short paragraphs of the article block, in page order: a "Reporting by ..." line in an
    aside, a teaser or another part of the page credits another story."""
    block = _article_block(tree, headline)
    return [
        line
        for element in block.iter("p")
        if not _in_teaser(element, block)
        and (line := _element_text(element))
        and len(line) <= MAX_CREDIT_LINE_CHARS
    ]


def _closing_credit_names(line: str) -> list[str]:
    """The reporters a closing "Reporting by ..." line names, or [] when it is none: "Reporting
    by Ann Marlow in London and Lee Hart in Paris; Editing by Kim Oduya" names two."""
    credit = _CLOSING_CREDIT.match(line)
    if credit is None:
        return []
    names = _NEXT_CREDIT.sub("", credit.group(1))
    found = []
    placed = False  # a reporter's place was named: the parts after it may continue the places
    for part in _CLOSING_NAME_SPLIT.split(names):
        name = _FILED_FROM.sub("", part).strip(" .,:;")
        has_place = name != part.strip(" .,:;")
        if placed and not has_place:
            # "Ann Marlow in Los Angeles and San Francisco", "in Washington, D.C., and ...":
            # after a place, a part with no place of its own is another place, not a reporter
            continue
        placed = placed or has_place
        if name:
            found.append(name)
    return found


def _from_dom(tree: Any, url: str | None, found: Candidates) -> None:
    """Candidates read off the page's markup."""
    for element in tree.xpath("//h1")[:3]:
        _add(found.headline, "h1", _element_text(element))
    for element in tree.xpath("//time[@datetime][@itemprop='datePublished' or @pubdate]")[:1]:
        _add(found.published, "time datePublished", element.get("datetime"))
    # The dateline set under the headline is the date the page shows its readers: stronger
    # than a date htmldate reads off the URL, weaker than what the publisher declares.
    headline = next(iter(tree.xpath("//h1")), None)
    block = None if headline is None else _header_block(headline)
    header_time = None if block is None else _header_time(headline, block)
    if block is not None:
        found.shown.extend(_shown_dates(headline, block))
    if header_time is not None:
        updated = _is_update_label(header_time)
        into = found.modified if updated else found.published
        _add(
            into, "header time (updated)" if updated else "header time", header_time.get("datetime")
        )
    byline = (
        "//*[contains(concat(' ', normalize-space(@class), ' '), ' byline ')"
        " or contains(@class, 'byline__name') or contains(@class, 'author-name')"
        " or contains(@class, 'author__name') or @rel='author'][not(self::link)]"
    )
    bylines = tree.xpath(byline)
    for element in bylines[:MAX_BYLINE_ELEMENTS]:
        _add(found.authors, "byline", _element_text(element))
    for element in bylines[:MAX_CREDIT_ELEMENTS]:
        text = _element_text(element)
        if text and len(text) <= MAX_CREDIT_LINE_CHARS and CREDIT_LINE.search(text):
            found.credits.append(Candidate(text, "byline credit"))
    # Links to author pages, from the headline on: links above it are the site's navigation.
    following = headline.xpath("following::a[@href]") if headline is not None else []
    for element in [a for a in following if _AUTHOR_PATH.search(a.get("href", ""))][:2]:
        _add(found.authors, "author link", _element_text(element))
    # "posted on ... by Jane Roe" written as plain text in the header, with no byline markup.
    header_text = ""
    if block is not None:
        # The headline's own words are left out: "Pier hit by Storm Ciara" names no author.
        header_text = (_element_text(block) or "").replace(_element_text(headline) or "\0", " ", 1)
    for found_name in _HEADER_BY.findall(header_text)[:1]:
        _add(found.authors, "header byline text", found_name)
    # Wire copy a site runs without a byline closes on its credit line ("Reporting by The
    # Associated Press.", "Reporting by Ann Marlow; Editing by Lee Hart"): the last one is read,
    # after every byline, as the reporters of the story.
    for line in reversed(_closing_paragraphs(tree, headline)):
        reporters = _closing_credit_names(line)
        if reporters:
            _add(found.authors, "closing credit", *reporters)
            break
    for element in tree.xpath("//title")[:1]:
        _add(found.title, "title tag", _element_text(element))
    for element in tree.xpath("//link[@rel='canonical'][@href]")[:1]:
        _add(found.url, "canonical link", urljoin(url or "", element.get("href", "")))


def gather_candidates(
    tree: Any, html: str, url: str | None, fallback: dict[str, Any] | None = None
) -> Candidates:
    """Every value the page offers for each field; ``fallback`` holds trafilatura's values."""
    found = Candidates()
    _from_jsonld(tree, found)
    _from_microdata(tree, url, found)
    _from_meta(tree, found)
    _from_dom(tree, url, found)
    fallback = fallback or {}
    _add(found.title, "trafilatura", fallback.get("title"))
    for name in re.split(r";", fallback.get("author") or ""):
        _add(found.authors, "trafilatura", name)
    try:  # htmldate reads the page's own URL and visible dates; original_date: not "updated"
        found_date = htmldate.find_date(
            tree, url=url, original_date=True, extensive_search=False, outputformat="%Y-%m-%d"
        )
    # AssertionError: htmldate's cleaner drops a <style> or <script> that lxml parsed as the
    # root of a broken page, and lxml asserts a dropped element has a parent.
    except (ValueError, TypeError, AssertionError) as error:
        found.notes.append(f"htmldate failed: {type(error).__name__}")
        found_date = None
    _add(found.published, "htmldate", found_date)
    _add(found.published, "trafilatura", fallback.get("date"))
    # The first <time> on the page may belong to a teaser or an "updated" line: read it last,
    # and not at all as a publication date when its label says it is an update.
    for element in tree.xpath("//time[@datetime]")[:1]:
        if _is_update_label(element):
            _add(found.modified, "first time element (updated)", element.get("datetime"))
        else:
            _add(found.published, "first time element", element.get("datetime"))
    _add(found.outlet, "trafilatura", fallback.get("sitename"))
    if url:
        found.url.append(Candidate(url, "page URL"))
    return found
