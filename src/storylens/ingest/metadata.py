"""Page metadata: every source a news page offers, and one stated rule per field.

A news page states its title, authors, date and outlet several times over: JSON-LD (often in an
``@graph``), microdata, Open Graph and ``article:*`` meta, Dublin Core, Parse.ly and Sailthru
meta, ``<time datetime>``, bylines and ``rel=author`` links, the canonical link, and what
trafilatura and htmldate find. ``page_candidates.gather_candidates`` collects them all
(extruct reads JSON-LD, microdata, Open Graph and Dublin Core); ``choose_metadata`` applies one
rule per field and keeps, for each, the value, the source it came from and why
(``FieldChoice``), which ``explain_page`` returns (``storylens explain PAGE`` prints it).

The rules, and why (measured on the NAEB dev pages with bench/extraction.py):

- title: the page's visible headline (the ``<h1>``) when a metadata title agrees with it, since
  og:title and ``<title>`` are often rewritten for search and social; otherwise the
  publisher's JSON-LD headline, og:title, ... in that order; a site-name suffix or prefix
  (" | Site", "Site - ") is cut when it names the site (og:site_name, the publisher, the host).
  A page with one ``<h1>`` of three words or more that no metadata title agrees with is titled
  by it all the same when it shares a content word with one of them: the headline the reader
  sees is the article's title, and metadata titles rewritten from it still name its subject;
  an ``<h1>`` that shares none ("Sign up for our newsletter") is no headline. A trailing
  media tag ("(video)", "[Photos]") is cut from whichever title is taken.
- authors: the first source, in order of how deliberately it names people (JSON-LD author, then
  JSON-LD ``creator``, then microdata author, then meta tags, then bylines, author links, the
  plain-text "By ..." in the header, a closing "Reporting by ..." line in the article block,
  then trafilatura), that still holds a person once "By", "Staff", the outlet, job titles,
  dates, e-mails and URLs are removed. A name after a credit cue ("Photography by", "Styled
  by", "Contributions from", "Additional reporting by", "Contributing:") anywhere in the byline
  is no author, whichever source lists it; a role noun after a name ("Ann Marlow, Video
  Journalist, and Lee Hart") is her role and credits no one. A wire service or an editorial
  board ("[The] <outlet> Editorial Board") is an author only when no person is named; "Section
  - Ann Marlow" gives Ann Marlow; one word ("AnnMarlow", "BuzzFeed") names no person.
- published: the date line the page shows its readers around the headline (in the header
  block just above the ``<h1>``, or in the standfirst, byline and date lines under it), when
  it is not labelled "Updated": that is the day the outlet presents the article under, on its
  own calendar (no UTC shift), and where it differs from the declared ``datePublished`` the
  metadata is the stale one (a first draft, a republished guide). A page that shows only an
  "Updated" line is not dated by it (``SHOWN_UPDATE_ALONE``): the original date is asked
  for, and the declared one is it. Then the publisher's own "published"
  field (JSON-LD ``datePublished``, ``article:published_time``, ...) over every "modified"
  field; then the dateline ``<time>`` under the headline (unless its label says "Updated");
  htmldate (which also reads the page's own URL) and trafilatura only when the page declares
  nothing; a modified date only when the page gives no other; never a date found in a link to
  another story. A numeric date whose day and month can be swapped (03/04/2026) takes the
  reading another source states.
- outlet: og:site_name, then the JSON-LD publisher's name, then other meta, then the canonical
  URL's host.
- url: the canonical link, then og:url, then the URL the page was read from.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import lxml.html
from lxml import etree

from storylens.ingest.outlet_names import site_label
from storylens.ingest.page_candidates import (
    CREDIT_LINE,
    Candidate,
    Candidates,
    gather_candidates,
)
from storylens.ingest.records import normalise_published

# A name longer than this many words is a sentence or a bio, not a person's name.
MAX_AUTHOR_WORDS = 5
# Site-name separators in titles: "Headline | Site", "Headline - Site", "Site: Headline".
_TITLE_SEPARATORS = re.compile(r"\s+(?:\||-|–|—|·|::|»|/)\s+|:\s+")
# Time zones in use run from UTC-12 to UTC+14: the local day of a UTC instant lies in that span.
UTC_OFFSET_RANGE = (timedelta(hours=-12), timedelta(hours=14))
# A section label set inside the <h1> ("Opinion |", "College Sports |") is one to three words.
MAX_KICKER_WORDS = 3
# A numeric date whose first two parts may be day or month: 03/04/2026, 3.4.26.
_AMBIGUOUS_DATE = re.compile(r"^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$")
# A page that shows its readers only an "Updated ..." line under the headline (evergreen guides,
# reviews and explainers that publishers rewrite and re-date) presents the article under that
# date: the reader, a search engine's snippet and a labeller all see it, while the declared
# datePublished is then hidden from view and often months older than the text on the page.
# When the page shows both lines ("Published ... / Updated ..."), the published one is taken.
# Off: a user asks for when an article first appeared, not when it was last rewritten, so the
# declared datePublished is taken over a shown update, though NAEB's labellers took the shown
# date (the figures are in CHANGELOG.md); on, the shown update wins.
SHOWN_UPDATE_ALONE = False
# A tag after a headline that says what media the page holds ("... 19 million miles away
# (video)", "[PHOTOS]"): set by the site's template for the page type, not a word of the headline.
_MEDIA_TAG = re.compile(
    r"\s*[(\[](?:videos?|photos?|pictures|gallery|watch|audio|podcast|listen)[)\]]\s*$", re.I
)
# A page's one <h1> of at least this many words is its headline even when no metadata title
# agrees; shorter, it may be a section name or a logo.
MIN_HEADLINE_WORDS = 3
# Share of the headline's words a metadata title must share for the two to be one title.
TITLE_AGREEMENT = 0.6
# English function words: shared by any two titles, so they say nothing about a shared subject.
_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "from",
        "by",
        "with",
        "as",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "our",
        "your",
        "my",
        "their",
        "his",
        "her",
        "we",
        "you",
        "they",
        "i",
        "he",
        "she",
        "what",
        "who",
        "how",
        "why",
        "when",
        "where",
        "up",
        "out",
        "about",
        "after",
        "over",
        "into",
        "s",
    ]
)

_SPACES = re.compile(r"\s+")
_WORD = re.compile(r"\w+")
_BY = re.compile(
    r"^(?:(?:written|words|story|text|posted|reported|published|reviewed|edited)\s+)?by[:\s]+",
    re.I,
)
# Words that make a byline entry a role or an organisation, not a person.
_NOT_A_PERSON = re.compile(
    r"\b(?:staff|desk|team|editors?|editorial|newsroom|contributors?|correspondents?|"
    r"reporters?|writers?|columnist|sponsored|partner|admin|administrator|guest|"
    r"media|news|press|magazine|journal|times|post|daily|weekly|radio|tv|network|"
    r"online|com|inc|ltd|llc|group|published|updated|author|nast|report|channel|agency|"
    r"bureau|redazione|redaktion|r[ée]daction|redacci[óo]n|redactie)\b",
    re.I,
)
# Degrees and credentials after a name: "Jane Roe MS, RDN, LD".
_CREDENTIALS = frozenset(
    [
        "md",
        "phd",
        "ms",
        "msc",
        "ma",
        "mba",
        "mph",
        "rd",
        "rdn",
        "ld",
        "cdn",
        "rn",
        "np",
        "do",
        "dds",
        "jd",
        "cpt",
        "cscs",
        "facs",
        "esq",
    ]
)
# "Published", "Updated" glued to a byline by the page layout ("Jane Roe Published", "Jane Roe
# last updated 2 March 2026"): the stamp and what follows it are cut before a date is looked for.
_TRAILING_STAMP = re.compile(
    r"\s+(?:(?:last\s+)?(?:published|updated|modified)|posted|on)\b.*$", re.I
)
# Wire services are named as authors on purpose and kept whole.
_WIRE_SERVICES = re.compile(
    r"^(?:the\s+)?(?:associated press|reuters|afp\w*|ap|upi|dpa|efe|ansa|pa media|"
    r"press association|press trust of india|pti|ians|ani|xinhua|kyodo news|bloomberg)$",
    re.I,
)
# An editorial board signs the outlet's editorials as their author on purpose (the piece is the
# board's collective view, written by no one reporter): named as such, it is kept whole, like a
# wire service, and is no second author beside a person.
# The board signs with the outlet's name ("The Eastmere Echo Editorial Board"): "[The] <outlet>
# Editorial Board", the outlet given as up to this many capitalised words or as the page names
# it. A phrase that merely ends in the words ("Letters to the Editorial Board") addresses the
# board and names no author.
MAX_BOARD_OUTLET_WORDS = 4
_EDITORIAL_BOARD = re.compile(r"^(?:the\s+)?(?P<outlet>.*?)\s*editorial\s+board$", re.I)
# Small words inside an outlet's name, in lower case: "The Times of India", "Post & Courier".
_NAME_FUNCTION_WORDS = frozenset({"of", "and", "&", "the", "de", "la", "el", "del", "du", "di"})
# Words of an address or a page section, never of an outlet's name before "Editorial Board".
_NOT_A_BOARD = re.compile(r"\b(?:to|letters?|for|from)\b", re.I)
# Words of a media credit or a contributor's role: a byline entry holding one ("Getty Images",
# "Video Journalist", "Photo by Lee Hart") names a credit, not an author.
_MEDIA_WORDS = (
    r"(?:photo|photos|photograph\w*|pictures?|illustrat\w*|video|images?|graphics?|"
    r"styl(?:ed|ing|ist)|contributing)"
)
_MEDIA_ROLE = re.compile(rf"\b{_MEDIA_WORDS}\b", re.I)
# Such a role set after a name with no separator ("Lee Hart Video Journalist", "Ann Marlow
# Contributing Writer") is that person's job title: it is cut and the name kept.
_MEDIA_ROLE_TAIL = re.compile(
    rf"\s+(?:(?:senior|staff|chief)\s+)?{_MEDIA_WORDS}\s+(?:journalists?|writers?|reporters?|"
    r"editors?|producers?|contributors?|correspondents?)$",
    re.I,
)
_DATE_LIKE = re.compile(
    r"\d{1,4}[-/.]\d{1,2}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d",
    re.I,
)
# A role after the name: "Jane Roe, Senior Reporter", "Jane Roe | Contributor".
_ROLE_TAIL = re.compile(r"\s*(?:,|\||–|—|\s-\s).*$")
_NAME_SPLIT = re.compile(r"\s*(?:;|\band\b|&|,|\|)\s*", re.I)


@dataclass(frozen=True)
class FieldChoice:
    """The value taken for a field, the source it came from, and the rule that took it."""

    value: str | tuple[str, ...] | None
    source: str
    reason: str


@dataclass(frozen=True)
class PageMetadata:
    title: FieldChoice
    authors: FieldChoice
    published: FieldChoice
    outlet: FieldChoice
    url: FieldChoice


# ---------------------------------------------------------------- rules


def _words(text: str | None) -> list[str]:
    return [w.lower() for w in _WORD.findall(text or "")]


def _squashed(text: str) -> str:
    return "".join(_words(text))


def _site_names(candidates: Candidates, url: str | None) -> set[str]:
    names = {_squashed(c.value) for c in candidates.outlet}
    label = site_label(url) or site_label(next((c.value for c in candidates.url), None))
    if label:
        names.add(_squashed(label))
    return {n for n in names if len(n) >= 2}


def _names_site(segment: str, sites: set[str]) -> bool:
    """True when a title segment is the site's name ('Sci.News', 'CBC News', 'Tennis.com')."""
    squashed = _squashed(segment)
    if not squashed or len(_words(segment)) > 6:
        return False
    for site in sites:
        if squashed == site or squashed.replace("com", "") == site:
            return True
        if len(site) >= 3 and (squashed.startswith(site) or site in squashed):
            return True
        if len(squashed) >= 4 and site.startswith(squashed):
            return True
    return False


def strip_site_name(title: str, sites: set[str]) -> str:
    """The title without a leading or trailing segment that names the site."""
    parts = _TITLE_SEPARATORS.split(title)
    separators = _TITLE_SEPARATORS.findall(title)
    if len(parts) < 2:
        return title
    if _names_site(parts[-1], sites):
        return title[: title.rfind(separators[-1])].strip()
    if _names_site(parts[0], sites):
        return title[title.find(separators[0]) + len(separators[0]) :].strip()
    return title


def _agree(headline: str, title: str) -> bool:
    """The visible headline and a metadata title are one title (one may be cut or suffixed)."""
    head, meta = _words(headline), _words(title)
    if not head or not meta:
        return False
    shared = len(set(head) & set(meta))
    return shared / len(set(head)) >= TITLE_AGREEMENT


def _shares_content_word(headline: str, title: str) -> bool:
    """The two name one thing: a content word (not a function word) is in both. A title rewritten
    for search still names the story's subject ("Storm shuts Eastmere's pier" for "Ferry pier
    closes for three weeks"); a newsletter prompt or a desk's name in an <h1> shares none."""
    head = set(_words(headline)) - _FUNCTION_WORDS
    return bool(head & (set(_words(title)) - _FUNCTION_WORDS))


def _is_kicker_of(headline: str, title: str) -> bool:
    """The headline is the title with a short section label in front ('Politics | ...')."""
    head, meta = _words(headline), _words(title)
    extra = len(head) - len(meta)
    return 0 < extra <= MAX_KICKER_WORDS and head[extra:] == meta


def _without_media_tag(title: str) -> str:
    """The title without a trailing "(video)" or "[Photos]": a tag for the page's media."""
    return _MEDIA_TAG.sub("", title).strip() or title


def choose_title(candidates: Candidates, url: str | None) -> FieldChoice:
    sites = _site_names(candidates, url)
    titles = [
        Candidate(_without_media_tag(strip_site_name(c.value, sites)), c.source)
        for c in candidates.title
    ]
    for headline in candidates.headline:
        agreeing = next((t for t in titles if _agree(headline.value, t.value)), None)
        if agreeing and _is_kicker_of(headline.value, agreeing.value):
            return FieldChoice(
                agreeing.value,
                agreeing.source,
                "visible headline starts with a section label ('Opinion |'): metadata title",
            )
        if agreeing and not _names_site(headline.value, sites):
            return FieldChoice(
                _without_media_tag(strip_site_name(headline.value, sites)),
                headline.source,
                f"visible headline, confirmed by {agreeing.source}",
            )
    lone = candidates.headline[0] if len(candidates.headline) == 1 else None
    if (
        lone is not None
        and len(_words(lone.value)) >= MIN_HEADLINE_WORDS
        and not _names_site(lone.value, sites)
        and (not titles or any(_shares_content_word(lone.value, t.value) for t in titles))
    ):
        return FieldChoice(
            _without_media_tag(strip_site_name(lone.value, sites)),
            lone.source,
            "the page's one visible headline; its metadata titles are rewritten for search",
        )
    if titles:
        first = titles[0]
        return FieldChoice(first.value, first.source, "first metadata title, site name cut")
    if candidates.headline:
        first_headline = candidates.headline[0]
        return FieldChoice(first_headline.value, first_headline.source, "no metadata title")
    return FieldChoice(None, "none", "the page names no title")


def clean_author(name: str, sites: set[str]) -> str | None:
    """A person's name from a byline entry, or None when it names no person."""
    text = _BY.sub("", _SPACES.sub(" ", name).strip()).strip(" .,:;|-–—")
    if _WIRE_SERVICES.match(text):
        return text
    board = _ROLE_TAIL.sub("", text).strip()  # "Eastmere Echo Editorial Board | Eastmere Echo"
    if _is_editorial_board(board, sites):
        return board
    text = _TRAILING_STAMP.sub("", text).strip()
    if "@" in text or "://" in text or text.startswith("www.") or _DATE_LIKE.search(text):
        return None
    head = _ROLE_TAIL.sub("", text).strip()
    tail = text[len(head) :].strip(" ,|–—-")
    # "Opinion - Ann Marlow", "annm - Ann Marlow": one word before the separator is a section
    # label or a user name, and the name after it is the person (a role tail follows a name).
    if len(_words(head)) == 1 and len(_words(_ROLE_TAIL.sub("", tail))) >= 2:
        head = _ROLE_TAIL.sub("", tail).strip()
    # "Lee Hart Video Journalist": the role after the name is cut; "Getty Images" and "Video
    # Journalist" alone name no one.
    text = _MEDIA_ROLE_TAIL.sub("", head).strip()
    if _MEDIA_ROLE.search(text):
        return None
    while text and text.rsplit(" ", 1)[-1].strip(".").lower() in _CREDENTIALS:
        text = text.rsplit(" ", 1)[0] if " " in text else ""
    words = _words(text)
    # A person is named with at least two words; one word is a section, a brand or a place.
    if len(words) < 2 or len(words) > MAX_AUTHOR_WORDS or any(w.isdigit() for w in words):
        return None
    if _NOT_A_PERSON.search(text) or _names_site(text, sites):
        return None
    if not any(ch.isupper() for ch in text):  # "staff", "admin": names are capitalised
        return None
    return text


def _is_editorial_board(text: str, sites: set[str]) -> bool:
    """ "[The] <outlet> Editorial Board": the outlet up to four capitalised words or the site's
    own name ("The Eastmere Echo Editorial Board"), never an address ("Letters to the ...")."""
    found = _EDITORIAL_BOARD.match(text)
    if found is None:
        return False
    outlet = found.group("outlet")
    if _NOT_A_BOARD.search(outlet):
        return False
    # an outlet's name may hold function words ("The Times of India", "Post & Courier")
    words = [w for w in outlet.split() if w.lower() not in _NAME_FUNCTION_WORDS]
    if len(words) <= MAX_BOARD_OUTLET_WORDS and all(w[:1].isupper() for w in words):
        return True
    return _squashed(outlet) in sites


def _is_collective(author: str, sites: set[str]) -> bool:
    """A wire service or an editorial board: authors only when no person is named."""
    return bool(_WIRE_SERVICES.match(author) or _is_editorial_board(author, sites))


def _split_names(value: str) -> list[str]:
    value = _BY.sub("", value.strip())
    if ";" not in value and " and " not in value and "&" not in value and "," not in value:
        return [value]
    parts = [p for p in _NAME_SPLIT.split(value) if p.strip()]
    return parts


# "Story and photos by Ann Marlow", "Text and pictures by ...": one person wrote the story and
# made the pictures; the credit names its author.
_AUTHOR_AND_CREDIT = re.compile(
    rf"^\W*(?:by\s+)?(?:story|text|words|reporting|written)\s+(?:and|&)\s+{_MEDIA_WORDS}\s+by\b",
    re.I,
)


def _as_byline(value: str) -> str:
    """The entry with a joint "Story and photos by" credit read as the byline it is."""
    return _AUTHOR_AND_CREDIT.sub("By", value)


def _credited_names(value: str, sites: set[str]) -> list[str]:
    """The names an entry credits for something other than the text: those after each credit
    ("Ann Marlow Contributions from Lee Hart, Kim Oduya": Lee Hart and Kim Oduya)."""
    value = _as_byline(value)
    cues = list(CREDIT_LINE.finditer(value))
    names = []
    for number, cue in enumerate(cues):
        end = cues[number + 1].start() if number + 1 < len(cues) else len(value)
        credit = value[cue.end() : end].strip(" :")
        names += [p for part in _split_names(credit) if (p := clean_author(part, sites))]
    return names


def _authored_part(value: str) -> str:
    """An entry up to its first credit: the names it gives as authors of the text."""
    value = _as_byline(value)
    found = CREDIT_LINE.search(value)
    return value if found is None else value[: found.start()]


def choose_authors(candidates: Candidates, url: str | None) -> FieldChoice:
    sites = _site_names(candidates, url)
    by_source: dict[str, list[str]] = {}
    for candidate in candidates.authors:
        entry = _authored_part(candidate.value)
        people = [p for part in _split_names(entry) if (p := clean_author(part, sites))]
        if any(not _is_collective(p, sites) for p in people):
            # "Jane Roe, Associated Press": the agency is her employer, not a second author.
            people = [p for p in people if not _is_collective(p, sites)]
        kept = by_source.setdefault(candidate.source, [])
        kept.extend(p for p in people if p.lower() not in {k.lower() for k in kept})
    # A name credited elsewhere on the page for the pictures, the styling or a contribution is
    # the photographer, stylist or contributor, not an author, whichever source lists it.
    credited = {
        name.lower()
        for c in [*candidates.authors, *candidates.credits]
        for name in _credited_names(c.value, sites)
    }
    by_source = {
        source: [p for p in people if p.lower() not in credited]
        for source, people in by_source.items()
    }
    by_source = {source: people for source, people in by_source.items() if people}
    for source, people in by_source.items():
        return FieldChoice(tuple(people), source, "first source that names a person")
    if candidates.authors:
        return FieldChoice((), "none", "no author entry names a person (staff, outlet, role)")
    return FieldChoice((), "none", "the page names no author")


def _iso_date(value: str) -> str | None:
    try:
        return normalise_published(value)
    except (ValueError, TypeError, OverflowError):
        return None


def _as_datetime(iso: str) -> datetime | None:
    try:
        return datetime.fromisoformat(iso)
    except ValueError:
        return None


def _local_day(instant: datetime, candidates: Candidates, chosen: str) -> Candidate | None:
    """Another statement of the same moment on the newsroom's own calendar day.

    Pages often serialise ``datePublished`` in UTC, so a story printed late in the evening in
    New York carries the next day's date. When another published candidate gives a day that is
    the UTC instant's day in some real time zone (UTC-12 to UTC+14), and, if it has a clock
    time, the same minute shifted by whole quarter hours, it is the local day the page shows.
    """
    for candidate in candidates.published:
        if candidate.source == chosen:
            continue
        iso = _iso_date(candidate.value)
        other = _as_datetime(iso) if iso else None
        if other is None or other.date() == instant.date():
            continue
        if other.tzinfo is not None and other.utcoffset() == timedelta(0):
            continue  # another UTC serialisation says nothing about the local day
        low, high = instant + UTC_OFFSET_RANGE[0], instant + UTC_OFFSET_RANGE[1]
        if not low.date() <= other.date() <= high.date():
            continue
        has_clock = len(candidate.value.strip()) > len("2000-01-01")
        if has_clock and other.tzinfo is None:
            shift = other - instant.replace(tzinfo=None)
            if shift.total_seconds() % (15 * 60) or not (
                UTC_OFFSET_RANGE[0] <= shift <= UTC_OFFSET_RANGE[1]
            ):
                continue
        elif has_clock and other.tzinfo is not None and other != instant:
            continue
        return Candidate(other.date().isoformat(), candidate.source)
    return None


def _day_month_readings(value: str) -> set[str] | None:
    """Both days a numeric date like 03/04/2026 may mean, or None when it is unambiguous."""
    found = _AMBIGUOUS_DATE.match(value.strip())
    if not found:
        return None
    first, second, year = (int(g) for g in found.groups())
    if first > 12 or second > 12 or first == second:
        return None
    year += 2000 if year < 100 else 0
    return {f"{year:04d}-{first:02d}-{second:02d}", f"{year:04d}-{second:02d}-{first:02d}"}


def _unambiguous_reading(candidate: Candidate, candidates: Candidates) -> Candidate | None:
    """For a date whose day and month can be swapped, a later candidate naming one reading."""
    readings = _day_month_readings(candidate.value)
    if readings is None:
        return None
    for other in [*candidates.published, *candidates.modified]:
        if other is candidate or _day_month_readings(other.value) is not None:
            continue
        iso = _iso_date(other.value)
        if iso and iso[:10] in readings:
            return Candidate(iso[:10], other.source)
    return None


def _with_clock(shown: Candidate, candidates: Candidates) -> Candidate:
    """The shown day with its clock time, from a declared date of the same day when there is
    one: the date line gives the day a reader sees, the metadata the minute and the zone."""
    for candidate in [*candidates.published, *candidates.modified]:
        value = _iso_date(candidate.value)
        if value and value[:10] == shown.value and len(candidate.value.strip()) > len(shown.value):
            return Candidate(value, f"{shown.source} + {candidate.source}")
    return Candidate(_iso_date(shown.value) or shown.value, shown.source)


def _shown_choice(candidates: Candidates) -> FieldChoice | None:
    """The date line the page shows its readers around the headline, when there is one."""
    shown = next((c for c in candidates.shown if c.source == "shown date"), None)
    if shown is not None:
        taken = _with_clock(shown, candidates)
        return FieldChoice(taken.value, taken.source, "the date the page shows under its headline")
    if SHOWN_UPDATE_ALONE and candidates.shown:
        taken = _with_clock(candidates.shown[0], candidates)
        return FieldChoice(
            taken.value, taken.source, "the page shows its readers only an updated date"
        )
    return None


def choose_published(candidates: Candidates) -> FieldChoice:
    shown = _shown_choice(candidates)
    if shown is not None:
        return shown
    for candidate in candidates.published:
        value = _iso_date(candidate.value)
        if not value:
            continue
        settled = _unambiguous_reading(candidate, candidates)
        if settled is not None:
            return FieldChoice(
                settled.value,
                f"{candidate.source} + {settled.source}",
                "day and month could be swapped; the reading another source states taken",
            )
        instant = _as_datetime(value)
        if instant is not None and instant.utcoffset() == timedelta(0):
            local = _local_day(instant, candidates, candidate.source)
            if local is not None:
                return FieldChoice(
                    local.value,
                    f"{candidate.source} + {local.source}",
                    "declared publication time in UTC; the page's local day taken",
                )
        return FieldChoice(value, candidate.source, "first declared publication date")
    # A page that states only when it was modified: that date is the nearest to publication the
    # page offers, and it is said so in the reason.
    for candidate in candidates.modified:
        value = _iso_date(candidate.value)
        if value:
            return FieldChoice(value, candidate.source, "the page declares only a modified date")
    return FieldChoice(None, "none", "the page declares no publication date")


def choose_outlet(candidates: Candidates, url: str | None) -> FieldChoice:
    if candidates.outlet:
        first = candidates.outlet[0]
        return FieldChoice(first.value, first.source, "the page names its outlet")
    canonical = next((c.value for c in candidates.url), url)
    host = (urlsplit(canonical or "").hostname or "").removeprefix("www.")
    if host:
        return FieldChoice(host, "URL host", "the page names no outlet: the host instead")
    return FieldChoice(None, "none", "no outlet and no URL")


def choose_url(candidates: Candidates) -> FieldChoice:
    for candidate in candidates.url:
        if urlsplit(candidate.value).scheme in {"http", "https"}:
            return FieldChoice(candidate.value, candidate.source, "first absolute http(s) URL")
    return FieldChoice(None, "none", "the page gives no URL")


def choose_metadata(candidates: Candidates, url: str | None) -> PageMetadata:
    return PageMetadata(
        title=choose_title(candidates, url),
        authors=choose_authors(candidates, url),
        published=choose_published(candidates),
        outlet=choose_outlet(candidates, url),
        url=choose_url(candidates),
    )


def parse_page(html: str) -> Any:
    """The page as an lxml tree; raises ValueError on input lxml cannot read as HTML."""
    try:
        try:
            return lxml.html.fromstring(html)
        except ValueError:  # a str that still declares its encoding: lxml wants bytes then
            return lxml.html.fromstring(html.encode("utf-8", errors="replace"))
    except (etree.ParserError, etree.XMLSyntaxError) as error:
        raise ValueError(f"not parseable HTML ({error})") from error


def page_metadata(
    html: str, url: str | None, fallback: dict[str, Any] | None = None, tree: Any = None
) -> tuple[PageMetadata, Candidates]:
    tree = parse_page(html) if tree is None else tree
    candidates = gather_candidates(tree, html, url, fallback)
    return choose_metadata(candidates, url), candidates


def explain_page(
    html: str, url: str | None = None, fallback: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Each field's value, source and reason, and every candidate the page offered.

    A page that cannot be parsed gives ``{"error": reason}``: this is for debugging, and must
    not stop a batch either.
    """
    try:
        chosen, candidates = page_metadata(html, url, fallback)
    except (ValueError, TypeError, LookupError, AttributeError, RecursionError) as error:
        return {"error": f"{type(error).__name__}: {error}"}
    report: dict[str, Any] = asdict(chosen)
    report["candidates"] = {
        name: [asdict(c) for c in getattr(candidates, name)]
        for name in (
            "title",
            "headline",
            "authors",
            "shown",
            "published",
            "modified",
            "outlet",
            "url",
        )
    }
    report["notes"] = list(candidates.notes)
    return json.loads(json.dumps(report, default=str))


__all__ = [
    "Candidate",
    "Candidates",
    "FieldChoice",
    "PageMetadata",
    "choose_metadata",
    "explain_page",
    "gather_candidates",
    "page_metadata",
]
