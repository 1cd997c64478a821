"""The outlet an article names as itself, for an article whose metadata gives none.

Reporters name their own outlet in a few set ways: a source "told Daily Mail", "speaking to
The Courier", a byline "By Ann Lee for DailyMail.com", "The Post has contacted ... for
comment", "The Herald can reveal". The name in such a phrase must look like an outlet: a web
address (``DailyMail.com``) or a capitalised name holding a word outlets are named with
(Daily, Mail, News, Times, Post ...). A name followed by a past time ("told the Times in
2019") is another outlet cited, not this one. The guess is shown as inferred, with the words
it rests on; it never replaces an outlet the metadata gives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit

from tld import get_tld

# Words outlets are named with; a capitalised name holding one can be an outlet.
OUTLET_WORDS = frozenset(
    [
        "daily",
        "mail",
        "news",
        "times",
        "post",
        "herald",
        "tribune",
        "journal",
        "guardian",
        "telegraph",
        "express",
        "sun",
        "mirror",
        "magazine",
        "weekly",
        "tv",
        "radio",
        "press",
        "gazette",
        "chronicle",
        "observer",
        "independent",
        "today",
        "online",
        "star",
        "standard",
        "monthly",
        "review",
        "wire",
        "network",
        "insider",
        "reporter",
        "digest",
        "bulletin",
        "week",
        "inquirer",
        "register",
        "dispatch",
        "courier",
        "examiner",
        "sentinel",
        "record",
        "globe",
        "mercury",
        "argus",
        "echo",
        "broadcasting",
        "channel",
        "television",
        "media",
        "sport",
        "sports",
    ]
)
# Outlets whose names hold none of those words, as they are written in running text.
OUTLET_NAMES = frozenset(
    {"reuters", "politico", "cnn", "msnbc", "cnbc", "nbc", "abc", "cbs", "npr", "pbs", "bbc"}
    | {"bloomberg", "axios", "huffpost", "breitbart", "tmz", "vox", "slate", "salon", "buzzfeed"}
    | {"afp", "upi", "c-span", "propublica", "newsmax", "mediaite", "gawker", "drudge"}
    # the national news agencies and best-known papers abroad that English-language news
    # credits by name ("Haaretz reported", "according to Xinhua")
    | {"haaretz", "ynet", "jazeera", "xinhua", "tass", "interfax", "kyodo", "yonhap"}
    | {"spiegel", "monde", "asahi", "yomiuri", "bernama"}
)
# The most words an outlet's name runs to ("The Sunday Times Magazine").
MAX_NAME_WORDS = 5
# Characters of context kept either side of the phrase, as the evidence shown.
EVIDENCE_CONTEXT_CHARS = 40
# How strongly each phrase says "this outlet": a byline or an outlet's own action outweighs
# a source speaking to it, which reporters also write of other outlets.
WEIGHT_OWN_ACTION = 3
WEIGHT_SPOKEN_TO = 2

_WORD = r"[A-Z][\w'’&!-]*"
_DOMAIN = r"[A-Z][\w-]*\.(?:com|co\.uk|net|org|tv|news|ie|com\.au|ca)\b"
NAME_PATTERN = rf"(?:{_DOMAIN}|(?:[Tt]he\s+)?{_WORD}(?:\s+(?:{_WORD}|of|&|and))*)"
_SPOKEN_TO = re.compile(
    rf"\b(?:told|telling|tells|speaking\s+to|spoke\s+to|talking\s+to|said\s+to|confirmed\s+to|"
    rf"revealed\s+to|in\s+a\s+statement\s+to|exclusively\s+to)\s+(?P<name>{NAME_PATTERN})"
)
_BYLINE = re.compile(rf"(?im)^\s*(?:by\s+[^\n]{{1,80}}?\s+)?for\s+(?P<name>{NAME_PATTERN})\s*$")
_OWN_ACTION = re.compile(
    rf"(?P<name>{NAME_PATTERN})\s+(?:has|have|had)\s+(?:contacted|approached|reached\s+out)"
    rf"|(?P<name2>{NAME_PATTERN})\s+(?:can\s+reveal|understands|has\s+learned|has\s+learnt)"
    rf"|\b(?:contacted|approached)\s+by\s+(?P<name3>{NAME_PATTERN})"
)
# A past time after the name: another outlet cited ("told the Times in 2019").
_CITED_BEFORE = re.compile(
    r"\W{0,3}(?:in\s+(?:19|20)\d\d|last\s+(?:year|month|week)|earlier\s+this|years\s+ago|"
    r"at\s+the\s+time|previously|in\s+an?\s+(?:interview|podcast|episode))",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class InferredOutlet:
    """An outlet named by the text itself, and the words that name it."""

    name: str
    evidence: str


def trim_outlet_name(name: str) -> str:
    """The name without a sentence's next word caught after it, and without a lead 'the'."""
    if re.fullmatch(_DOMAIN, name):
        return name
    words = name.split()[:MAX_NAME_WORDS]
    # a capitalised word after the last outlet word starts the next phrase ("told The
    # Courier Ann Lee was ...")
    while words and not _names_outlets(words[-1]) and any(_names_outlets(w) for w in words):
        words.pop()
    if words and words[0].lower() == "the" and len(words) > 1:
        words[0] = "The"
    # the outlet a person works for, "MSNBC's Luke Russert": its name without the possessive
    return re.sub(r"['’]s$", "", " ".join(words)).rstrip("'’")


def _bare(word: str) -> str:
    """A word as outlet names are listed: "MSNBC's" of "told MSNBC's Luke Russert" is
    "msnbc"."""
    return re.sub(r"['’]s$", "", word.lower()).strip("'’!")


def _names_outlets(word: str) -> bool:
    """A word outlets are named with ("Times") or an outlet's whole name ("Reuters")."""
    bare = _bare(word)
    return bare in OUTLET_WORDS or bare in OUTLET_NAMES


def is_domain_name(word: str) -> bool:
    """Whether a word is a website's name ("BigGovernment.com", "Politico.com")."""
    return re.fullmatch(_DOMAIN, word) is not None


def looks_like_outlet(name: str) -> bool:
    if re.fullmatch(_DOMAIN, name):
        return True
    return any(_names_outlets(word) for word in name.split())


# Keys are asked of every speaker against every outlet of a story (the sourcing table's
# "leaves out" column): kept per name.
OUTLET_KEYS_KEPT = 8192


# Host labels that name a part of a site, not the site ("news.bbc.co.uk", "blogs.x.com"):
# skipped where the public suffix list cannot place the host.
SUBSITE_LABELS = frozenset({"www", "m", "amp", "edition", "news", "blogs"})


def site_label(url: str | None) -> str | None:
    """The name a site goes by in its address: "nytimes" for thecaucus.blogs.nytimes.com,
    "eastmere" for www.news.eastmere.co.uk. The registrable label by the public suffix list
    (``tld``, whose list ships in the package); for a host it cannot place (an intranet name,
    a reserved test domain) the last label that is not a subsite word, before the final one."""
    if not url:
        return None
    found = get_tld(url, as_object=True, fail_silently=True, fix_protocol=True)
    domain = getattr(found, "domain", None)  # a Result object (as_object), or None
    if domain:
        return str(domain).lower()
    host = (urlsplit(url if "//" in url else f"//{url}").hostname or "").lower()
    labels = [label for label in host.split(".") if label and label not in SUBSITE_LABELS]
    if len(labels) > 1:
        labels.pop()  # the top-level label
    return labels[-1] if labels and not labels[-1].isdigit() else None


# Outlets known by two names, keyed as one: HuffPost was The Huffington Post until 2017, and
# its articles name themselves either way whatever their address says (BASIL dev events 0 and
# 42: "told the Huffington Post" on huffpost.com was read as a credit to another outlet).
OUTLET_KEY_ALIASES: dict[str, str] = {
    "huffingtonpost": "huffpost",
    "nytimes": "newyorktimes",
}


@lru_cache(maxsize=OUTLET_KEYS_KEPT)
def outlet_key(name: str) -> str:
    """One key for the spellings of one outlet: "Daily Mail", "DailyMail.com", "the Daily Mail"."""
    name = re.sub(r"\.(?:com|co\.uk|net|org|tv|news|ie|com\.au|ca)$", "", name, flags=re.I)
    name = re.sub(r"^the\s+", "", name, flags=re.I)
    key = re.sub(r"\W", "", name).lower()
    return OUTLET_KEY_ALIASES.get(key, key)


def _evidence(text: str, start: int, end: int) -> str:
    left = text.rfind("\n", 0, start) + 1
    right = text.find("\n", end)
    right = len(text) if right == -1 else right
    low, high = max(left, start - EVIDENCE_CONTEXT_CHARS), min(right, end + EVIDENCE_CONTEXT_CHARS)
    before = text[low:start]
    after = text[end:high]
    # whole words only at either end
    if low > left and " " in before:
        before = before[before.index(" ") + 1 :]
    if high < right and " " in after:
        after = after[: after.rindex(" ")]
    opening = "…" if low > left else ""
    closing = "…" if high < right else ""
    return f"{opening}{before}{text[start:end]}{after}{closing}"


def infer_outlet(text: str) -> InferredOutlet | None:
    """The outlet the text names as itself, or None when no phrase names one."""
    scores: dict[str, int] = {}
    first: dict[str, tuple[int, str, str]] = {}  # key -> (weight, name, evidence) of the best
    found: list[tuple[re.Match[str], str, int]] = []
    found.extend((m, "name", WEIGHT_SPOKEN_TO) for m in _SPOKEN_TO.finditer(text))
    found.extend((m, "name", WEIGHT_OWN_ACTION) for m in _BYLINE.finditer(text))
    for match in _OWN_ACTION.finditer(text):
        group = next(g for g in ("name", "name2", "name3") if match.group(g))
        found.append((match, group, WEIGHT_OWN_ACTION))
    found.sort(key=lambda item: item[0].start())
    for match, group, weight in found:
        name = trim_outlet_name(match.group(group))
        if not name or not looks_like_outlet(name):
            continue
        raw = match.group(group)
        name_end = match.start(group) + raw.lower().find(name.lower()) + len(name)
        if _CITED_BEFORE.match(text, name_end):
            continue
        key = outlet_key(name)
        scores[key] = scores.get(key, 0) + weight
        if key not in first or weight > first[key][0]:
            first[key] = (weight, name, _evidence(text, match.start(), match.end()))
    if not scores:
        return None
    best = max(scores, key=lambda key: scores[key])  # ties: the first named (dicts keep order)
    _, name, evidence = first[best]
    return InferredOutlet(name, evidence)
