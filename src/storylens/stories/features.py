"""What the story stage keeps of an analysed article: compact, storable features.

``extract_features`` is a pure function of one ``AnalysedArticle`` (it runs in a Dask worker),
and its result is what the store saves per article so that the clusterer can be rebuilt
without running spaCy again. It holds only what tells events apart:

- ``terms``: the top-K content words of title and body with their counts, boosted in the
  title and the lead (the first sentences tell the event; later paragraphs give background);
  IDF is *not* applied here, because document frequencies belong to the stream and change;
- ``entities``: people, organisations, places and other names (a person by surname, since
  later mentions use it), plus "details": explicit dates and distinctive numbers; a mention
  in the lead counts more than one in the background;
- ``quotes``: direct quotations, normalised, since outlets covering one event quote the same
  people;
- ``days``: the calendar days the lead names, resolved by the TIMEX3 resolver ("on Tuesday"
  in a Wednesday report is the day before): when the event happened, which tells two
  same-kind events in one place apart when their words and names agree;
- ``places``: the towns and cities the lead names, which tell two same-kind events a day
  apart in neighbouring towns apart;
- ``signature``: the MinHash of the body for near-duplicate detection, with its parameters.
"""

from __future__ import annotations

import calendar
import json
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache
from typing import Any

from spacy.lang.en.stop_words import STOP_WORDS

from storylens.errors import StoreError
from storylens.records import AnalysedArticle
from storylens.stories.dedup import MinHashParams, Signature, body_without_boilerplate
from storylens.stories.dedup import make_signature as _make_signature
from storylens.stories.regions import AP_STATE_NAMES, US_STATES

# Version 2 added ``days``, version 3 ``places``; older features read with none.
FEATURES_VERSION = 3
# The figures below are B-cubed F1 over 10 shuffled orders of bench/constants.py, now -> at
# the value tried (docs/results/constants.json); "flat": no set moves by 0.0005.
# People kept per article lead (the lead rarely names more). 2 and 10: flat.
TOP_ACTORS = 5
# Content words kept per article: covers the vocabulary of a typical news article (~200
# distinct content words) by its most frequent part, and keeps the stored JSON small.
# 40: AP state towns 1.000 -> 0.953, week follow-ups 0.982 -> 0.948, wire/local/opinion
# 1.000 -> 0.985, ECB+ 0.933 -> 0.929; 160: ECB+ 0.932, gvc-train 0.975 -> 0.977.
TOP_TERMS = 80
# Names, dates and numbers kept per article; articles rarely name more distinct things.
# 20: political features 0.996 -> 0.985, BASIL 1.000 -> 0.996, ECB+ 0.933 -> 0.932; 80:
# political features 0.993.
TOP_ENTITIES = 40
# A headline names the event; its words count this many times a body mention: it keeps a
# long body's background from outweighing the few words that name the event. 0 (off):
# gvc-train 0.975 -> 0.973 (week follow-ups 0.982 -> 1.000); 1.5: political features
# 0.996 -> 0.993; 6: week follow-ups 0.958 (gvc-train 0.976).
TITLE_WEIGHT = 3
# Words shorter than this are mostly function words or abbreviations without meaning alone.
# 2: ECB+ 0.933 -> 0.932 (gvc-train 0.976); 4: local follow-ups 1.000 -> 0.986; 6: wire/
# local/opinion 0.941, week follow-ups 0.936, ECB+ 0.926, three more sets lower.
MIN_TERM_CHARS = 3
# Quotes kept per article, and the words kept of each: enough to recognise a shared quote.
# MAX_QUOTES 6, 24 and MAX_QUOTE_WORDS 15, 60: flat; no quotes at all: ECB+ 0.933 -> 0.929.
MAX_QUOTES = 12
MAX_QUOTE_WORDS = 30
# Shorter quoted phrases are titles or scare quotes ("fireworks"), not statements.
# 3: flat; 10: political features 0.996 -> 0.988.
MIN_QUOTE_WORDS = 5
# Integers up to this are too common ("two people", "three days") to tell events apart.
# 0 (every integer a key): week follow-ups 0.982 -> 0.962 (ECB+ 0.933 -> 0.938); 6: ECB+
# 0.934; 24: flat.
MAX_COMMON_INTEGER = 12
# Numbers in this range are mostly years; years come in through the dates. Off (every such
# number a key too) and 1000-2999: flat.
YEAR_RANGE = (1800, 2100)
# A report tells its event in the title and first sentences; later paragraphs give background,
# often an earlier event of the same kind ("her second stint in rehab after 2008").
# Three sentences: the title line (often repeated as the first line) and the two that follow.
# Every other length lowers a written corpus: 1, week follow-ups 0.982 -> 0.913, local
# reports 1.000 -> 0.947, ECB+ 0.933 -> 0.922; 2, week follow-ups 0.942, ECB+ 0.929
# (gvc-train 0.975 -> 0.979); 4, look-alike towns 1.000 -> 0.892, week follow-ups 0.913,
# AP state towns 0.953; 6, look-alike towns 0.892, week follow-ups 0.902.
LEAD_SENTENCES = 3
# A word or name in the lead counts this many times a mention further down (2 keeps the
# body's vocabulary in play for stories told in other words). 1 (off): week follow-ups
# 0.982 -> 0.940, look-alike towns 1.000 -> 0.963, political features 0.996 -> 0.988, BASIL
# 1.000 -> 0.994; 3: AP state towns 1.000 -> 0.953, week follow-ups 0.959, wire/local/opinion
# 0.985; 4: the same and ECB+ 0.933 -> 0.930.
LEAD_WEIGHT = 2.0

# A day the lead names counts as this many mentions of its date key ("d:" + day) when the
# article does not write the date out: once, as a name in passing. Week follow-ups
# 0.936 -> 0.982 (ten orders); at 1.5 (a lead mention) gvc-train 0.974 -> 0.973, at 2 local
# reports 1.000 -> 0.989 (same-day incidents of one town share the key).
LEAD_DAY_MENTIONS = 1.0
# A yearless day the lead names that the resolver puts more than this many days after the
# report's publication is last year's: a report tells what happened, and the coming days it
# names (a hearing "Jan. 19", a vote "Oct. 22") lie weeks ahead, at most 55 days in the dev
# sets' leads; "July Fourth" in a March report (98 days) and "June 25" in a January one (146)
# are past days.
PAST_DAY_LIMIT_DAYS = 90
# Entity kinds that name the who/where/what of an event; the rest (MONEY, ORDINAL, ...)
# are handled as numbers or ignored.
NAME_LABELS = frozenset(
    {"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "EVENT", "PRODUCT", "WORK_OF_ART", "LAW"}
)

# Labels the tagger gives a town's name in a lead besides GPE ("residents of Elkton Mills"
# read as an organisation, "in Greyford" as a facility): such a name counts as a lead town
# when the article tags it GPE elsewhere (``lead_places``).
TOWN_LABELS = frozenset({"GPE", "ORG", "LOC", "FAC"})

# Outlets that syndicate their reports (news agencies); on a tie of dates the agency's copy
# is taken as the original.
_AGENCY = re.compile(
    r"\b(?:wire|press|reuters|associated press|afp|agence|news service|dpa|upi|newswire)\b",
    re.IGNORECASE,
)
# An agency dateline at the start of a report: "DUNMORE (Metro Wire) — ...".
_DATELINE_CREDIT = re.compile(r"^[A-Z][A-Z .,'-]{1,60}\(([^)]{2,40})\)\s*[—–-]")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_QUOTED = re.compile(r"[\"“”]([^\"“”\n]{10,600})[\"“”]|[‘]([^‘’\n]{10,600})[’](?!\w)")
_YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")
_ISO_DAY = re.compile(r"^\d{4}-\d\d-\d\d")
# Words that name a day in a time expression ("Saturday night", "midnight May 2", "tonight").
_DAY_WORD = re.compile(
    r"\b(?:"
    + "|".join([*calendar.day_name[:], *calendar.month_name[1:], *calendar.month_abbr[1:]])
    + r"|today|tonight|yesterday|tomorrow)\b",
    re.IGNORECASE,
)
_LEADING_ARTICLE = re.compile(r"^(?:the|a|an)\s+")
_POSSESSIVE = re.compile(r"['’]s$")
_SPACES = re.compile(r"\s+")
# Generational suffixes that end a person's name without being the surname.
_NAME_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})


@dataclass(frozen=True)
class ArticleFeatures:
    """The per-article input of the story stage, stored as compact JSON."""

    article_id: str
    signature: Signature
    published: str | None = None  # YYYY-MM-DD when known
    outlet: str | None = None
    title: str | None = None
    terms: tuple[tuple[str, float], ...] = ()
    entities: tuple[tuple[str, float], ...] = ()
    quotes: tuple[str, ...] = ()
    agency: bool = False  # published by a news agency (the likely original of copies)
    actors: tuple[tuple[str, float], ...] = ()  # people the lead names, with their mentions
    days: tuple[str, ...] = ()  # ISO days the lead names, in text order
    places: tuple[str, ...] = ()  # place keys the lead names, in text order
    dense: tuple[float, ...] | None = field(default=None)  # optional sentence embedding

    def to_json(self) -> str:
        params = self.signature.params
        payload: dict[str, Any] = {
            "v": FEATURES_VERSION,
            "id": self.article_id,
            "published": self.published,
            "outlet": self.outlet,
            "title": self.title,
            "terms": [[term, round(weight, 3)] for term, weight in self.terms],
            "entities": [[key, round(weight, 3)] for key, weight in self.entities],
            "quotes": list(self.quotes),
            "agency": self.agency,
            "actors": [[key, weight] for key, weight in self.actors],
            "days": list(self.days),
            "places": list(self.places),
            "minhash": {
                "num_perm": params.num_perm,
                "shingle_words": params.shingle_words,
                "seed": params.seed,
                "scheme": params.scheme,
                "shingles": self.signature.shingles,
                "values": list(self.signature.values),
            },
        }
        if self.dense is not None:
            payload["dense"] = [round(value, 5) for value in self.dense]
        return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> ArticleFeatures:
        """Read stored features. Older versions read with defaults for the fields they lack;
        features a newer storylens wrote are refused, never read half-understood."""
        payload = json.loads(text)
        version = int(payload.get("v", 1))
        if version > FEATURES_VERSION:
            raise StoreError(
                f"the store's story features are version {version}, newer than this "
                f"storylens reads ({FEATURES_VERSION}): upgrade storylens to continue it"
            )
        minhash = payload["minhash"]
        params = MinHashParams(
            num_perm=int(minhash["num_perm"]),
            shingle_words=int(minhash["shingle_words"]),
            seed=int(minhash["seed"]),
            scheme=str(minhash["scheme"]),
        )
        dense = payload.get("dense")
        return cls(
            article_id=payload["id"],
            signature=Signature(params, tuple(minhash["values"]), int(minhash["shingles"])),
            published=payload.get("published"),
            outlet=payload.get("outlet"),
            title=payload.get("title"),
            terms=tuple((str(t), float(w)) for t, w in payload.get("terms", ())),
            entities=tuple((str(k), float(w)) for k, w in payload.get("entities", ())),
            quotes=tuple(payload.get("quotes", ())),
            agency=bool(payload.get("agency", False)),
            actors=tuple((str(k), float(w)) for k, w in payload.get("actors", ())),
            days=tuple(str(day) for day in payload.get("days", ())),
            places=tuple(str(place) for place in payload.get("places", ())),
            dense=tuple(float(v) for v in dense) if dense is not None else None,
        )


def extract_features(
    analysed: AnalysedArticle, minhash: MinHashParams | None = None
) -> ArticleFeatures:
    """The story-stage features of one analysed article (pure; safe in a worker)."""
    article = analysed.article
    body = body_without_boilerplate(article.text, analysed.clean.boilerplate)
    published = published_day(article.published)
    return ArticleFeatures(
        article_id=article.id,
        signature=_make_signature(body, minhash),
        published=published,
        outlet=article.outlet,
        title=article.title,
        terms=top_terms(article.title or "", body, lead_text(analysed)),
        entities=entity_keys(analysed, published),
        quotes=direct_quotes(analysed, body),
        agency=is_agency(article.outlet, body),
        actors=lead_actors(analysed),
        days=lead_days(analysed),
        places=lead_places(analysed),
    )


def is_agency(outlet: str | None, body: str) -> bool:
    """Whether a news agency published the article: by outlet name, or its own dateline."""
    if outlet and _AGENCY.search(outlet):
        return True
    credit = _DATELINE_CREDIT.match(body.lstrip())
    return bool(credit and _AGENCY.search(credit.group(1)))


def published_day(published: str | None) -> str | None:
    if not published:
        return None
    try:
        return date.fromisoformat(published[:10]).isoformat()
    except ValueError:
        return None


# Kept per word form: each article's body, lead and title are counted word by word, and news
# text repeats a small vocabulary.
@lru_cache(maxsize=65536)
def normalise_term(word: str) -> str | None:
    """Lower-case, drop possessives and plural endings; None for stop words."""
    word = _POSSESSIVE.sub("", word.lower().replace("’", "'"))
    if len(word) < MIN_TERM_CHARS or word in STOP_WORDS or "'" in word:
        return None
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def term_counts(text: str) -> Counter[str]:
    # One pass of C-level loops (findall, map, Counter's own counting) rather than a Python
    # loop over match objects: a body is counted word by word, about 700 words an article.
    return Counter(filter(None, map(normalise_term, _WORD.findall(text))))


def lead_end(analysed: AnalysedArticle) -> int:
    """Where the lead (the first ``LEAD_SENTENCES`` sentences outside boilerplate) ends."""
    boilerplate = analysed.clean.boilerplate
    taken = 0
    end = 0
    for sentence in sorted(analysed.sentences, key=lambda s: s.start):
        if any(b.start <= sentence.start < b.end for b in boilerplate):
            continue
        end = sentence.end
        taken += 1
        if taken >= LEAD_SENTENCES:
            break
    return end


def lead_text(analysed: AnalysedArticle) -> str:
    """The lead's text, without boilerplate; empty when the article has no sentences."""
    end = lead_end(analysed)
    text = analysed.clean.text[:end]
    return body_without_boilerplate(text, analysed.clean.boilerplate) if end else ""


def top_terms(title: str, body: str, lead: str = "") -> tuple[tuple[str, float], ...]:
    """The top words with their counts: a title word counts ``TITLE_WEIGHT`` more times, a
    lead word ``LEAD_WEIGHT`` times (``lead`` is part of ``body``)."""
    counts: dict[str, float] = {t: float(c) for t, c in term_counts(body).items()}
    for term, count in term_counts(lead).items():
        counts[term] = counts.get(term, 0.0) + (LEAD_WEIGHT - 1.0) * count
    for term, count in term_counts(title).items():
        counts[term] = counts.get(term, 0.0) + TITLE_WEIGHT * count
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:TOP_TERMS]
    return tuple((term, float(count)) for term, count in ranked)


def entity_keys_of(text: str, label: str) -> list[str]:
    """Keys of one name: ``e:`` + normalised name (a person by surname), and for a longer
    name its distinctive words too, so "Brightwave Systems" also meets "Brightwave"."""
    key = entity_key(text, label)
    if key is None:
        return []
    words = key[2:].split(" ")
    if label == "PERSON" or len(words) == 1:
        return [key]
    parts = [f"e:{word}" for word in words if len(word) > 2 and word not in STOP_WORDS]
    return [key, *parts]


def entity_key(text: str, label: str) -> str | None:
    """One key per named thing: ``e:`` + normalised name, a person by surname."""
    name = _SPACES.sub(" ", text.lower().replace("’", "'")).strip(" .,'\"")
    name = _POSSESSIVE.sub("", _LEADING_ARTICLE.sub("", name))
    if not name or not any(ch.isalpha() for ch in name):
        return None
    if label == "PERSON":
        words = name.split(" ")
        while len(words) > 1 and words[-1].strip(".,") in _NAME_SUFFIXES:
            words.pop()
        name = words[-1]
    if len(name) < 2 or name in STOP_WORDS:
        return None
    if label == "GPE" and AP_STATE_NAMES.get(name) in US_STATES:
        # "Tenn." is Tennessee; "N.Y." and "Wash." stay as written: "new york" and
        # "washington" are as often the city, and no state key (``regions.US_STATES``)
        name = AP_STATE_NAMES[name]
    return "e:" + name


def entity_keys(analysed: AnalysedArticle, published: str | None) -> tuple[tuple[str, float], ...]:
    # A mention in the lead counts LEAD_WEIGHT times: the lead names this report's event,
    # later paragraphs also name earlier events of the same kind.
    counts: dict[str, float] = {}
    end = lead_end(analysed)

    def weight(start: int) -> float:
        return LEAD_WEIGHT if start < end else 1.0

    for entity in analysed.entities:
        if entity.label in NAME_LABELS:
            for key in entity_keys_of(entity.text, entity.label):
                counts[key] = counts.get(key, 0.0) + weight(entity.start)
    for span in analysed.dates:
        for key in _date_keys(span.label, span.text, published):
            counts[key] = counts.get(key, 0.0) + weight(span.start)
    # The days the lead names ("on Monday", resolved against the publication day) are dated
    # details too: a follow-up a week later that names new people dates its event ("the
    # Aug. 3 fire") where the first reports said "Monday". Counted as a passing mention (a
    # lead mention weighs more, and then same-day incidents of one town chain together).
    for day in lead_days(analysed):
        key = "d:" + day
        if key not in counts:
            counts[key] = LEAD_DAY_MENTIONS
    for span in analysed.numbers:
        number = _number_key(span.label)
        if number:
            counts[number] = counts.get(number, 0.0) + weight(span.start)
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:TOP_ENTITIES]
    # Sublinear: the tenth mention of a name says little more than the third.
    return tuple((key, round(1.0 + math.log(count), 3)) for key, count in ranked)


def lead_actors(analysed: AnalysedArticle) -> tuple[tuple[str, float], ...]:
    """The people the lead names (by surname key), most mentioned first: who the report's
    event happened to or was done by. Two events of one kind (two players arrested for drunk
    driving) differ in them while their words and places agree."""
    end = lead_end(analysed)
    in_lead: Counter[str] = Counter()
    in_all: Counter[str] = Counter()  # breaks ties between people the lead names alike
    for entity in analysed.entities:
        if entity.label != "PERSON":
            continue
        key = entity_key(entity.text, entity.label)
        if key:
            in_all[key] += 1
            if entity.start < end:
                in_lead[key] += 1
    ranked = sorted(in_lead, key=lambda key: (-in_lead[key], -in_all[key], key))[:TOP_ACTORS]
    return tuple((key, float(in_lead[key])) for key in ranked)


def lead_places(analysed: AnalysedArticle) -> tuple[str, ...]:
    """The towns, cities and countries the lead names (entity keys), in text order, once each:
    where the report's event happened. Two shootings of one kind a day apart in neighbouring
    towns share the county, the sheriff and the hospital; the town the lead gives differs."""
    end = lead_end(analysed)
    # A name the article tags as a town anywhere is one in its lead too: the tagger reads the
    # same town as an organisation in one sentence and a town in the next ("residents of
    # Elkton Mills" ... "a driver from Elkton Mills"), and a lead with no town cannot tell its
    # incident from the look-alike one in the next town.
    towns = {
        entity_key(entity.text, entity.label)
        for entity in analysed.entities
        if entity.label == "GPE"
    }
    places: list[str] = []
    for entity in sorted(analysed.entities, key=lambda e: e.start):
        if entity.start >= end or entity.label not in TOWN_LABELS:
            continue
        key = entity_key(entity.text, entity.label)
        if key and key in towns and key not in places:
            places.append(key)
    return tuple(places)


def lead_days(analysed: AnalysedArticle) -> tuple[str, ...]:
    """The calendar days the lead's date expressions resolve to, in text order, once each.
    Only days: a week, month or year says too little about which event a report tells, and a
    phrase read against no publication date ("Tuesday" with no date) has no day. A date that
    gives its year is left out: news style names this year's days without it ("on May 2"),
    so a dated lead's "May 3, 2013" is a dateline or time stamp (when the report was written,
    which for a follow-up is not when its event happened) or a day of another year."""
    end = lead_end(analysed)
    days: list[str] = []
    for timex in sorted(analysed.timexes, key=lambda t: t.start):
        if timex.start >= end or timex.type not in ("DATE", "TIME"):
            continue
        if _YEAR.search(timex.text):
            continue
        if timex.type == "TIME" and not _DAY_WORD.search(timex.text):
            continue  # "at 11:30 p.m." names an hour; the resolver puts it on the report's day
        day = _ISO_DAY.match(timex.value)
        if not day:
            continue
        found = _past_day(day.group(0), published_day(analysed.article.published))
        if found not in days:
            days.append(found)
    return tuple(days)


def _past_day(day: str, published: str | None) -> str:
    """A yearless day of the lead, as the report means it: one the resolver put more than
    ``PAST_DAY_LIMIT_DAYS`` after publication is last year's ("the boy's July Fourth killing"
    in a March report)."""
    if published is None:
        return day
    found = date.fromisoformat(day)
    if (found - date.fromisoformat(published)).days <= PAST_DAY_LIMIT_DAYS:
        return day
    try:
        return found.replace(year=found.year - 1).isoformat()
    except ValueError:  # February 29
        return (found - timedelta(days=365)).isoformat()


def _date_keys(value: str, phrase: str, published: str | None) -> list[str]:
    """Dates that mean the same thing in every article: explicit ones, or read from a date."""
    keys = []
    explicit_year = _YEAR.search(phrase)
    if explicit_year:
        keys.append("y:" + explicit_year.group(1))
    # Without a publication date a relative date ("Tuesday") was read against today.
    if len(value) == 10 and (explicit_year or published):
        keys.append("d:" + value)
    return keys


def _number_key(value: str) -> str | None:
    try:
        number = float(value)
    except ValueError:
        return None
    if number.is_integer() and (
        abs(number) <= MAX_COMMON_INTEGER or YEAR_RANGE[0] <= number <= YEAR_RANGE[1]
    ):
        return None
    return "n:" + value


def normalise_quote(text: str) -> str | None:
    words = [w.lower() for w in re.findall(r"\w+", text)]
    if len(words) < MIN_QUOTE_WORDS:
        return None
    return " ".join(words[:MAX_QUOTE_WORDS])


def direct_quotes(analysed: AnalysedArticle, body: str) -> tuple[str, ...]:
    """Quoted statements: from the quote extractor when it ran, and from quotation marks."""
    found: list[str] = []
    for quote in analysed.quotes:
        # Quoted words of any speaker, first- or second-hand: outlets covering one event
        # repeat them. Scare quotes and titles are too short or too generic to tell.
        if quote.kind in ("direct", "mixed", "nested"):
            normalised = normalise_quote(quote.text)
            if normalised:
                found.append(normalised)
    for match in _QUOTED.finditer(body):
        normalised = normalise_quote(match.group(1) or match.group(2) or "")
        if normalised:
            found.append(normalised)
    unique = list(dict.fromkeys(found))
    unique.sort(key=len, reverse=True)
    return tuple(unique[:MAX_QUOTES])
