"""Credits: the other outlets an article says its facts or words come from.

An article that writes "the Washington Post reported", "according to Politico" or "Smith told
CNN" rests part of its account on another outlet's reporting. The lineage must not call such an
article independent: it names the outlets it credits (``LineageEntry.credits``), and where a
credited outlet is in the story, which of its articles.

A credit is a cue and a name that looks like an outlet (``ingest/outlet_names.py``: a word
outlets are named with, a known outlet's name, or a web address). The article's own outlet is
no credit: a source "told The Post" in the Post's own article is its own interview.

A credited outlet's article in the story is named beside the credit only where it may hold
what is credited (``may_hold_credited``): an outlet's article on another matter is not the
interview or report another article credits to that outlet.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from storylens.compare.words import content_stems
from storylens.ingest.outlet_names import (
    NAME_PATTERN,
    infer_outlet,
    looks_like_outlet,
    outlet_key,
    site_label,
    trim_outlet_name,
)
from storylens.records import Credit, StoryMember

# When a report came, as a reporter sets it between "reported" and "by" ("first was reported
# Saturday by BigGovernment.com").
_WHEN = (
    r"(?:on\s+)?(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?:\s+night)?"
    r"|yesterday|today|earlier|last\s+(?:night|week|month)|this\s+(?:morning|week)"
)
# An outlet's name with the kind of publication it is, in lower case, as reporters write many
# ("New York magazine", "Forbes magazine"): the name alone often holds no outlet word (a
# fresh reader of a BASIL event found "An article in New York magazine described ..."
# credited nowhere).
_KINDS = r"magazine|newspaper"
_NAMED = rf"{NAME_PATTERN}(?:\s+(?:{_KINDS}))?"
# Verbs of saying that take the outlet spoken to after "to" ("Holt denied to the Gazette
# that ...", "confirmed to CNN"; a fresh reader found "denied to the Portland Press Herald"
# credited nowhere).
_SAID_TO = (
    r"said|says|denied|denies|confirmed|confirms|admitted|acknowledged|explained|insisted"
    r"|complained|conceded|revealed|disclosed"
)
# The words that credit an outlet: before its name ("according to", "reported by", "told"),
# or after it ("reported", "first reported").
_BEFORE = re.compile(
    rf"\b(?i:according\s+to(?:\s+an?\s+(?:report|story|article|interview|analysis)\s+(?:in|by|on|from|with))?"
    rf"|(?:first\s+)?reported(?:\s+{_WHEN})?\s+by|(?:was|were)\s+(?:first\s+)?reported\s+(?:in|on)"
    rf"|told|telling|(?:{_SAID_TO})(?:\s+(?:{_WHEN}))?\s+to"
    rf"|in\s+an\s+interview\s+(?:with|on)|(?:speaking|spoke|talking)\s+(?:to|with)"
    rf"|(?:said|says|saying|speaking|spoke|appeared|appearing|asked)(?:\s+(?:{_WHEN}))?\s+on"
    rf"|(?:first\s+)?(?:obtained|published|broadcast|aired)\s+by|cited\s+by|quoted\s+(?:in|by)"
    rf"|(?:first\s+)?(?:published|posted|printed)\s+(?:in|on))"
    rf"\s+(?P<name>{_NAMED})"
)
# An outlet's piece named as the source of what follows: "a new report in The Guardian",
# "a Guardian newspaper report that revealed ...", "the Washington Post story" (a fresh reader
# of a held-out BASIL event found nyt called independent beside "A new report in The
# Guardian ... cited another document").
_PIECE_NOUNS = r"report|story|article|investigation|expos[ée]"
_PIECE_IN = re.compile(
    rf"\b(?i:an?|the)\s+(?i:(?:new|recent|latest|separate|earlier)\s+)?(?i:{_PIECE_NOUNS})"
    rf"\s+(?i:in|by|from)\s+(?P<name>{_NAMED})"
)
_PIECE_OF = re.compile(
    rf"\b(?i:an?|the)\s+(?P<name>{NAME_PATTERN})\s+(?:(?i:newspaper|magazine)\s+)?"
    rf"(?:{_PIECE_NOUNS})\b"  # in lower case: "The Drudge Report" is an outlet's name
)
# A poll an outlet ran or paid for, named by it alone or with a partner ("a CNN poll", "A new
# NBC/ Wall Street Journal poll", "a Washington Post-ABC News survey"): its figures are that
# outlet's reporting, as a report in it is (a fresh reader of a BASIL event found fox's poll
# of another network credited nowhere). Each partner is credited where it looks like an
# outlet; a pollster's own name ("a Quinnipiac poll") is none.
_POLL_OF = re.compile(
    rf"\b(?i:an?|the)\s+(?i:(?:new|recent|latest)\s+)?(?P<names>{NAME_PATTERN}"
    rf"(?:\s*[/–-]\s*{NAME_PATTERN})*)\s+(?:poll|survey)\b"
)
_PARTNERS = re.compile(r"\s*[/–-]\s*")
# What a reporter calls an outlet it introduces ("Politico, a news site that covers
# politics, reported"; "The Hill, a political publication in Washington"): the name before
# such a description is an outlet in that article, whatever words it is named with.
_OUTLET_NOUNS = (
    r"news\s+(?:site|website|service|agency|outlet|organi[sz]ation|network)|newspaper|paper"
    r"|publication|magazine|website|web\s+site|blog|broadcaster|network|tabloid|wire\s+service"
)
# The most words between the article ("a") and the outlet noun of such a description.
MAX_DESCRIPTION_WORDS = 4
_DESCRIBED = re.compile(
    rf"(?P<name>{NAME_PATTERN}),\s+(?i:an?|the)\s+(?:[\w'’-]+\s+){{0,{MAX_DESCRIPTION_WORDS}}}?"
    rf"(?i:{_OUTLET_NOUNS})\b"
)
# ... which may stand between the name and its verb ("Politico, a news site ..., reported"), as
# may the sources it relays ("CNN, citing two officials, reported").
_DESCRIPTION = r"(?:,\s+(?:(?i:an?|the)|citing|quoting)\s+[^,.;]{1,80}?,)?"
_REPORTING_VERBS = (
    r"(?:reported|reports|has\s+reported|had\s+reported|(?:is|was)\s+reporting|revealed|obtained"
    r"|broke\s+the\s+news|estimated|estimates)"
)
_AFTER = re.compile(
    rf"(?P<name>{_NAMED})(?:[’']s?)?{_DESCRIPTION}\s+"
    rf"(?:(?:first|originally|also|previously|earlier)\s+)?{_REPORTING_VERBS}\b"
)
# Outlets named by an everyday word after a capital "The", which running text keeps ("according
# to The Hill", "told The Atlantic"): the word alone is no outlet ("Capitol Hill", "the
# Atlantic coast"), the capitalised article makes it a title.
THE_TITLED_OUTLETS = frozenset({"hill", "atlantic", "intercept", "federalist", "economist"})
# An outlet given by a name this short is a code ("nyt", "hpo"), not a name to compare.
MAX_CODE_CHARS = 4
# A credited article of the story holds what is credited where it names the first person the
# crediting sentence names (the one who told it, or whom it is about) or holds at least this
# share of that sentence's content words (the credited outlet's own name aside).
MIN_CREDITED_SHARE = 0.5
# A credited name is cut at this many characters: a longer run is a sentence, not a name.
MAX_CREDIT_CHARS = 60
# A name joined by "and" lists outlets when it has at least this many parts, each an outlet.
MIN_LISTED_OUTLETS = 2


def article_credits(text: str, own_names: Iterable[str] = ()) -> list[tuple[str, int, int]]:
    """(name, start, end) of each outlet ``text`` credits, first mention of each only.

    ``own_names`` are the article's own outlet as given (a name, a code, a web address); the
    outlet the text names as itself is added here."""
    own = {outlet_key(name) for name in own_names if name}
    # The outlet the text names as itself stands in where no full name is given (none, or a
    # code such as "hpo" that no written name can be compared with); beside a full name it
    # would take "told CNN" in another outlet's article for CNN's own interview.
    if all(len(name) <= MAX_CODE_CHARS for name in own):
        inferred = infer_outlet(text)
        if inferred is not None and _may_be_coded(inferred.name, own):
            own.add(outlet_key(inferred.name))
    described = {outlet_key(_credited_name(m.group("name"))) for m in _matches(_DESCRIBED, text)}
    found: dict[str, tuple[str, int, int]] = {}
    for pattern in (_BEFORE, _AFTER, _PIECE_IN, _PIECE_OF):
        for match in _matches(pattern, text):
            for raw, at in _each_outlet(match.group("name"), match.start("name")):
                _add_credit(found, raw, at, own, described)
    for match in _matches(_POLL_OF, text):
        at = match.start("names")
        for partner in _PARTNERS.split(match.group("names")):
            start = text.index(partner, at)
            _add_credit(found, partner, start, own, described)
            at = start + len(partner)
    return sorted(_one_per_outlet(found).values(), key=lambda item: item[1])


# Words every match of a pattern holds, searched first: a text without them is not scanned
# (a name pattern tried at every capital is most of the cost). Of the 200 bench articles, 93
# lack a reporting verb, 158 an outlet noun, 184 a poll (61 lack a piece noun, but searching
# for one costs what the scans of the two piece patterns save). No match of a pattern can
# lack its keyword: each is the pattern's own alternation, in its own case.
_KEYWORDS: dict[re.Pattern[str], re.Pattern[str]] = {
    _AFTER: re.compile(_REPORTING_VERBS),
    _DESCRIBED: re.compile(rf"(?i:{_OUTLET_NOUNS})"),
    _POLL_OF: re.compile(r"poll|survey"),
}


def _matches(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)``, or nothing where the text lacks the pattern's keyword."""
    keyword = _KEYWORDS.get(pattern)
    if keyword is not None and keyword.search(text) is None:
        return iter(())
    return pattern.finditer(text)


def _may_be_coded(name: str, codes: set[str]) -> bool:
    """Whether an outlet the text seems to name as itself may be the one a code stands for:
    a code opens on its outlet's first letter ("fox" Fox News, "nyt" the New York Times,
    "hpo" HuffPost). "Griffin told TMZ" in the article coded "fox" reads as TMZ's own
    interview by its look, and took TMZ's credit away (a fresh reader of never-graded BASIL
    event 44 found fox called independent)."""
    first = trim_outlet_name(name).removeprefix("The ")[:1].lower()
    return not codes or any(code[:1] == first for code in codes)


def _each_outlet(raw: str, start: int) -> list[tuple[str, int]]:
    """The outlets a credited name lists ("CNN and NBC reported": two credits), each with
    where it starts; the name as one where any part of it names no outlet by its look
    ("Barnes and Noble")."""
    parts = raw.split(" and ")
    if len(parts) < MIN_LISTED_OUTLETS or not all(looks_like_outlet(p) for p in parts):
        return [(raw, start)]
    listed, at = [], start
    for part in parts:
        listed.append((part, at))
        at += len(part) + len(" and ")
    return listed


def _add_credit(
    found: dict[str, tuple[str, int, int]],
    raw: str,
    at: int,
    own: set[str],
    described: set[str],
) -> None:
    """Record the outlet ``raw`` (at ``at`` in the text) names in ``found`` by its key, at its
    first mention, unless it is no outlet or the article's own."""
    # "reported by the Gazette", "The Gazette reported": the article is no name
    name = _credited_name(raw)
    if not name or len(name) > MAX_CREDIT_CHARS:
        return
    key = outlet_key(name)
    kind_named = re.search(rf"\s(?:{_KINDS})$", name) is not None
    if not (looks_like_outlet(name) or kind_named) and key not in described and not _titled(raw):
        return
    if not key or is_own(key, own, name):
        return
    if _titled(raw):
        name = raw  # "The Hill": the word alone is no outlet's name
        key = outlet_key(name)
    start = at + raw.lower().find(name.lower())
    if key not in found or start < found[key][1]:
        found[key] = (name, start, start + len(name))


def _one_per_outlet(
    found: dict[str, tuple[str, int, int]],
) -> dict[str, tuple[str, int, int]]:
    """The credits, one per outlet: a short form that ends a fuller one ("Times" beside "New
    York Times") is the same outlet, credited once, by its fuller name where the text gives
    it; a name inside another word is another outlet ("NBC" beside "MSNBC")."""
    kept: dict[str, tuple[str, int, int]] = {}
    for key in sorted(found, key=len, reverse=True):
        short = found[key][0].lower().split()
        if not any(kept[fuller][0].lower().split()[-len(short) :] == short for fuller in kept):
            kept[key] = found[key]
    return kept


def _titled(raw: str) -> bool:
    """A name that is a ``THE_TITLED_OUTLETS`` outlet's title: "The Hill", not "the Hill"."""
    head, _, rest = raw.partition(" ")
    return head == "The" and rest.lower() in THE_TITLED_OUTLETS


def _credited_name(raw: str) -> str:
    """A credited outlet's name as it is compared and shown: "the Gazette" of "reported by
    the Gazette" and "The Gazette reported" is "Gazette"."""
    return trim_outlet_name(raw).removeprefix("The ")


def is_own(key: str, own: set[str], name: str = "") -> bool:
    """The credited outlet is the article's own: the same key, one inside the other
    ("nytimes" and "newyorktimes" are not caught; "washingtonpost" and "post" are), or the
    own name is the credited name's initials ("nyt" for "New York Times", read from
    ``name``'s words where given: a key has no spaces left to find them by)."""
    initials = "".join(word[0] for word in re.findall(r"[a-z]+", (name or key).lower()))
    return any(
        key == mine or (len(mine) >= 3 and (mine in key or key in mine)) for mine in own
    ) or bool(initials and initials in own)


def own_names(member: StoryMember) -> list[str]:
    """What a member's outlet goes by: the outlet given and its web address's name."""
    article = member.analysed.article
    names = [article.outlet or ""]
    names.append(site_label(article.url) or "")
    return [name for name in names if name]


def story_credits(members: Sequence[StoryMember]) -> dict[int, tuple[Credit, ...]]:
    """Each member's credits to other outlets, with the story member each names where one
    matches (the earliest of that outlet's articles) and may hold what is credited
    (``may_hold_credited``)."""
    keys = {index: {outlet_key(name) for name in own_names(m)} for index, m in enumerate(members)}
    credits: dict[int, tuple[Credit, ...]] = {}
    for index, member in enumerate(members):
        if member.duplicate_of is not None:
            continue
        found = article_credits(member.analysed.article.text, own_names(member))
        if not found:
            continue
        rows = []
        for name, start, end in found:
            key = outlet_key(name)
            source = next(
                (
                    members[other]
                    for other in range(len(members))
                    if other != index
                    and keys[other] - keys[index]
                    and is_own(key, keys[other], name)
                ),
                None,
            )
            held = source is not None and may_hold_credited(member, start, end, source)
            article_id = source.id if source is not None and held else None
            rows.append(Credit(name=name, start=start, end=end, article_id=article_id))
        credits[index] = tuple(rows)
    return credits


def may_hold_credited(member: StoryMember, start: int, end: int, other: StoryMember) -> bool:
    """Whether ``other``'s article may hold what ``member`` credits to its outlet in the
    sentence around ``start``..``end`` (the credited name): it names the first person that
    sentence names, or holds ``MIN_CREDITED_SHARE`` of its content words. An outlet is credited
    for one interview or report, not for whatever else it printed: a fresh reader of a BASIL
    event found hpo's "Jeb Bush ... raised eyebrows Monday after telling Fox News he supported
    the invasion" read as citing the story's Fox News article, a report of another man's
    speech that never names Bush."""
    text = member.analysed.article.text
    low, high = _sentence_around(member, start)
    other_text = other.analysed.article.text
    people = [
        entity
        for entity in member.analysed.entities
        if entity.label == "PERSON" and low <= entity.start < high
    ]
    # the outlet's own journalist ("told MSNBC's Lena Hart") is no one it reports on
    journalists = [p for p in people if re.fullmatch(r"['’]s\s+", text[end : p.start])]
    reported = [p for p in people if p not in journalists]
    if reported:
        surname = re.sub(r"['’]s$", "", reported[0].text.split()[-1])
        if re.search(rf"\b{re.escape(surname)}\b", other_text):
            return True
    credited = " ".join([text[start:end], *(p.text for p in journalists)])
    stems = set(content_stems(text[low:high])) - set(content_stems(credited))
    if not stems:
        return True
    held = stems & set(content_stems(other_text))
    return len(held) >= MIN_CREDITED_SHARE * len(stems)


def _sentence_around(member: StoryMember, at: int) -> tuple[int, int]:
    """The (start, end) of the sentence of ``member``'s text that holds offset ``at``: the
    parse's, or the text between full stops and line breaks where the parse gives none."""
    for sentence in member.analysed.sentences:
        if sentence.start <= at < sentence.end:
            return sentence.start, sentence.end
    text = member.analysed.article.text
    low = max(text.rfind(mark, 0, at) for mark in ".!?\n") + 1
    ends = [found for mark in ".!?\n" if (found := text.find(mark, at)) != -1]
    return low, min(ends, default=len(text))
