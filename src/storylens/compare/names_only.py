"""People only one outlet names: who is in one account of a story and in no other.

Whether a claim is told by another outlet in other words is a judgement (``lone_claims``);
whether another outlet names a person at all is a fact a reader can check with a search. A
person the recogniser tags in one outlet's articles, whose surname stands nowhere in any other
outlet's article, is listed under that outlet: a fact-checker sees at a glance whom one
account brings in (a minister, a critic, a second victim) and the others leave out.

Only surnames are compared, as capitalised words: "Mr. LaHood" in one article and
"Ray LaHood" in another are one person, and a surname another article prints capitalised in
any role (a street, a firm, a sentence's first word) keeps the person off the list, as does a
spelling one letter apart: the list errs towards leaving a person out, never towards calling
a named person missing where the name is there. A surname that is also a common word
("Sharp", "Young") is no name where another article prints it in lower case ("sharp
tongued"): edited news capitalises every name it prints, in any case after the first letter
("McCarthy", "MCCARTHY").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from rapidfuzz.distance import Levenshtein

from storylens.analyse.quotes.cues import FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, ROLE_NOUNS, TITLES
from storylens.compare.words import fold, one_given_name, without_accents
from storylens.ingest.outlet_names import looks_like_outlet
from storylens.records import OnlyNamed, StoryMember

# What the list says above itself: what was checked, so that a reader does not take it for
# "the others ignore this person's role" (they may tell it without the name).
# The most people listed per outlet, in the order they first appear: a long feature can name
# dozens, and the first few are the ones its account turns on.
MAX_ONLY_NAMED = 8
NAMES_ONLY_WORDS = (
    "People an outlet names whose surname no other outlet's article prints at all (the "
    "others may still tell what they did without naming them); at most "
    f"{MAX_ONLY_NAMED} an outlet, the first it names."
)
# A person's name of fewer letters than this in its surname is too likely a fragment the
# recogniser cut ("Jo", "Al") or an initial to be looked for across articles.
MIN_SURNAME_LETTERS = 3
# Words the small model tags as part of a person's name that are no part of it: the titles
# the quote stage knows (``cues.TITLES``), more ranks and offices, and roles before a name
# ("Neighbour Kyle Darrow"); generational suffixes after it.
NAME_TITLES = frozenset(title.rstrip(".") for title in TITLES) | frozenset(
    """
    dame fr father sister brother minister chancellor prince princess king queen pope col capt
    lt sgt officer detective chief neighbour neighbor resident witness friend victim suspect
    driver teacher student coach manager spokesman spokeswoman spokesperson attorney lawyer
    actor actress singer director producer chef owner writer reporter reverend general
    """.split()  # noqa: SIM905 - a word list reads better as text
)
NAME_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})
# Words before an initial that are a title or a role, not a given name ("Senator M. Varga").
_NO_GIVEN_NAMES = NAME_TITLES | ROLE_NOUNS
# Head nouns of things named after a person that the recogniser runs into the name: the
# mention is the thing, not the person.
NOT_SURNAMES = frozenset(
    """
    drive street avenue road lane boulevard way place square park bridge center centre hall
    school university college act bill law laws grant grants award awards prize foundation
    institute fund doctrine administration era rule plan cuts amendment library museum
    stadium arena airport station building tower memorial
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# A person named by fewer words than this (a surname or a given name alone) is not listed,
# unless a title stands before it ("President Obama": a fresh reader of a BASIL event found
# Obama missing from the one outlet that named him).
MIN_NAME_WORDS = 2
# The longest title looked for right before a name ("congresswoman").
MAX_TITLE_CHARS = 16
# A line of at most this many words is a headline when most of its words are capitalised, a
# byline when it opens like one.
DISPLAY_LINE_WORDS = 14
HEADLINE_CAPITALISED_SHARE = 0.7
_BYLINE = re.compile(
    r"^(?:by|written by|reporting by|contact|email|follow)\b|@|\bcontributed\b|\d{3}-\d{4}",
    re.IGNORECASE,
)
# A surname this long or longer that another article spells one letter differently is taken
# for the same person: shorter names one letter apart are often two people (Bush, Rush).
MIN_MISSPELT_LETTERS = 5
# A name word: a capital, then letters, apostrophes or hyphens ("O'Neill", "Ocasio-Cortez").
# Common given names: a PERSON mention opening on one is a person, whatever word it holds.
_GIVEN_NAMES = frozenset(FEMALE_FIRST_NAMES + MALE_FIRST_NAMES)
# The possessive a mention may carry ("Obama's").
_POSSESSIVE = re.compile(r"['’]s?$")
# A company's legal form right after a name ("Granny Sayz, L.L.C."): the recogniser tags
# firms named like people as people.
_COMPANY_FORM = re.compile(
    r",?\s*(?:L\.?\s?L\.?\s?[CP]\.?|Inc\.?|Incorporated|Corp\.?|Corporation|Ltd\.?|"
    r"P\.?\s?C\.?|Co\.)(?![A-Za-z])"
)
# "William McGinley of Patton Boggs": a name after a person and "of" is where they work (a
# firm named after its founders) or come from, not a second person.
AFFILIATION_WORD = " of "
# A mention opening on an initial ("M. Recchia"), and the capitalised word right before it.
_INITIAL = re.compile(r"[A-Z]\.\s")
_NAME_WORD_BEFORE = re.compile(r"([A-Z][a-z]+)\s+$")
# A capitalised word that ends a name: not followed by another capitalised word, so a given
# name ("Peter DeFazio") is no spelling of a surname ("Peters").
_CAPITALISED = re.compile(r"\b[A-Z][A-Za-z'’-]{3,}\b(?!\s+[A-Z])")


def people_only_one_outlet_names(
    members: Sequence[StoryMember], copies: Mapping[int, int]
) -> tuple[OnlyNamed, ...]:
    """Each person one outlet's articles name whose surname no other outlet's article prints:
    per outlet in story order, at most ``MAX_ONLY_NAMED``, each at its first mention. Copies
    (``copies``: copy index -> original) name no one of their own."""
    texts_by_outlet: dict[str, list[str]] = {}
    for index, member in enumerate(members):
        if index not in copies:
            texts_by_outlet.setdefault(member.outlet, []).append(member.analysed.article.text)
    if len(texts_by_outlet) < 2:
        return ()
    # Each text's words read once, not once for every other outlet (a story of 20 outlets
    # read each text 19 times: 6% of its comparison); the union of the texts' sets is the set
    # of the texts' words.
    plain = {text: without_accents(text) for texts in texts_by_outlet.values() for text in texts}
    read = {text: (_capitalised_words([text]), _letter_runs([text])) for text in plain.values()}
    found: list[OnlyNamed] = []
    for outlet in texts_by_outlet:
        # accents dropped on both sides: "Calderon" in one outlet is the "Calderón" of another
        others = [
            plain[text]
            for other, texts in texts_by_outlet.items()
            if other != outlet
            for text in texts
        ]
        spellings = frozenset().union(*(read[text][0] for text in others))
        printed = frozenset().union(*(read[text][1] for text in others))
        # per surname: the fullest form the outlet writes, at its first mention
        # (two people of one family, "Bill Clinton" and "Hillary Clinton", are two entries)
        people: dict[tuple[str, str], tuple[list[str], str, int, int]] = {}
        for index, member in enumerate(members):
            if index in copies or member.outlet != outlet:
                continue
            for name_words, start, end in _people(member):
                key = _same_person_key(people, name_words)
                known = people.get(key)
                if known is None:
                    people[key] = (name_words, member.id, start, end)
                elif len(name_words) > len(known[0]):
                    people[key] = (name_words, *known[1:])
        listed = 0
        for (surname, _), (name_words, article_id, start, end) in people.items():
            name = " ".join(name_words)
            # a surname alone may be a firm, a street or a first name the recogniser took
            # for a person ("Andrews", "Marshall", "Elizabeth"): a person is named in full
            if len(name_words) < MIN_NAME_WORDS or _an_outlet(name_words):
                continue
            if _printed_in(without_accents(surname), others, spellings, printed):
                continue
            found.append(OnlyNamed(outlet, name, article_id, start, end))
            listed += 1
            if listed == MAX_ONLY_NAMED:
                break
    return tuple(found)


def _same_person_key(
    people: Mapping[tuple[str, str], tuple[list[str], str, int, int]], name_words: list[str]
) -> tuple[str, str]:
    """The key of the person a mention names among those found so far: (surname, given
    name), where a mention with no given name, or one that shortens or misspells a known
    one ("Tim" / "Timothy"), is the person already found with that surname."""
    surname = name_words[-1]
    first = fold(name_words[0]).rstrip(".") if len(name_words) > 1 else ""
    given = "" if first in NAME_TITLES else first  # "Mr. Peters" names no given name
    for (known_surname, known_given), (known_words, *_) in people.items():
        if known_surname != surname:
            continue
        if not given or not known_given or one_given_name(given, known_given):
            return known_surname, known_given
        if _tail_of(name_words, known_words):
            return known_surname, known_given  # "Wasserman Schultz" of "Debbie Wasserman Schultz"
    return surname, given


def _tail_of(a: list[str], b: list[str]) -> bool:
    """Whether the shorter of two names is the last words of the longer."""
    short, long = sorted((a, b), key=len)
    return [fold(w) for w in long[len(long) - len(short) :]] == [fold(w) for w in short]


def _is_name_word(word: str) -> bool:
    """A word of a name: a capital, then letters of any alphabet ("Raúl"), apostrophes and
    hyphens, with a small letter somewhere ("McCain", not "NASA")."""
    return (
        word[:1].isupper()
        and any(c.islower() for c in word)
        and all(c.isalpha() or c in "'’-" for c in word)
    )


def _an_outlet(name_words: Sequence[str]) -> bool:
    """Whether a PERSON mention is an outlet's name ("Fox News Sunday"): it holds a word
    outlets are named with, unless it opens on a given name ("Michael R. Bloomberg")."""
    return fold(name_words[0]) not in _GIVEN_NAMES and looks_like_outlet(" ".join(name_words))


def _people(member: StoryMember) -> Iterable[tuple[list[str], int, int]]:
    """(name words, start, end of the name) of each PERSON mention of an article, and of each
    speaker its quotes name in full (``_named_speakers``), titles and possessives taken off,
    in text order; mentions that are no plausible name, or stand on a headline or byline
    line, are skipped."""
    text = member.analysed.article.text
    mentions = [
        (entity.start, entity.end)
        for entity in member.analysed.entities
        if entity.label == "PERSON"
    ]
    firms = _firms(text, mentions)
    titles = [(q.start, q.end) for q in member.analysed.quotes if q.kind == "scare"]
    for start, end in sorted({*mentions, *_named_speakers(member)}):
        if _on_display_line(text, start) or text[start:end] in firms:
            continue
        if _interviewer(text, start) or any(a <= start < b for a, b in titles):
            # "told PBS' Charlie Rose", `Fox News' "On the Record with Greta Van Susteren"`:
            # another outlet's host or programme, credited as the outlet (``credits``), no
            # person of the story
            continue
        start = _with_given_name(text, start)
        mention = text[start:end]
        name_words = _name_words(mention)
        if not name_words or len(name_words[-1]) < MIN_SURNAME_LETTERS:
            continue
        # the span of the name itself, titles and possessive left out
        first = mention.find(name_words[0])
        last = mention.find(name_words[-1], first)
        title = _title_before(text, start + first)
        if len(name_words) < MIN_NAME_WORDS and title and not _cut_name(text, end):
            # a surname after a title is a person ("President Obama", "Mr. Levin"): listed
            # with the title, as the article writes it
            name_words = [title, *name_words]
        yield name_words, start + first, start + last + len(name_words[-1])


# How far before a name the words that make it an outlet's interviewer may start.
INTERVIEWER_LOOKBACK_CHARS = 60
# "told PBS' Charlie Rose", "in an interview with NBC's Lester Holt", "on Fox News' Ann Marsh":
# a name right after an outlet's possessive that an interview verb or preposition opens.
_INTERVIEWER_BEFORE = re.compile(
    r"\b(?:told|telling|tells|to|with|on|by)\s+(?P<outlet>(?:[A-Z][\w.&!-]*\s+){0,3}[A-Z][\w.&!-]*)"
    r"(?:['’]s?)\s+(?:(?:host|anchor|correspondent|reporter|interviewer)\s+)?\Z"
)


def _interviewer(text: str, start: int) -> bool:
    """Whether the name at ``start`` is another outlet's interviewer: an outlet's name by its
    look, possessive, right before it, after "told", "with", "on" ..."""
    found = _INTERVIEWER_BEFORE.search(text[max(0, start - INTERVIEWER_LOOKBACK_CHARS) : start])
    return found is not None and looks_like_outlet(found["outlet"])


def _firms(text: str, mentions: Sequence[tuple[int, int]]) -> set[str]:
    """The PERSON mentions that name a firm: one followed by a company's legal form, or one
    that follows another person's name and "of" (``AFFILIATION_WORD``). Every mention of
    the same words is the firm too ("sued Granny Sayz in federal court")."""
    ends = {end for _, end in mentions}
    return {
        text[start:end]
        for start, end in mentions
        if _COMPANY_FORM.match(text, end)
        or (
            text[max(0, start - len(AFFILIATION_WORD)) : start] == AFFILIATION_WORD
            and start - len(AFFILIATION_WORD) in ends
        )
    }


def _with_given_name(text: str, start: int) -> int:
    """Where a mention that opens on an initial starts with the given name before it: the
    recogniser may leave it out ("Domenic M. Recchia Jr." tagged from "M.")."""
    if not _INITIAL.match(text, start):
        return start
    before = _NAME_WORD_BEFORE.search(text[max(0, start - MAX_TITLE_CHARS) : start])
    if before is None or fold(before[1]) in _NO_GIVEN_NAMES:
        return start  # "Senator M. Varga", "Chairman M. Varga": a title, no given name
    return start - len(before[0])


# A capitalised word right after a mention, on the same line.
_NAME_WORD_AFTER = re.compile(r"[ \t]+[A-Z]")


def _cut_name(text: str, end: int) -> bool:
    """Whether the recogniser may have cut a name short: a capitalised word follows the
    mention ("Lt. Col. Lawrence O’Toole" tagged "Lawrence", cut at the apostrophe). The word
    alone may be a given name, not the person's surname, so a title before it makes no person
    of it: the list errs towards leaving a person out."""
    return _NAME_WORD_AFTER.match(text, end) is not None


def _title_before(text: str, at: int) -> str | None:
    """The title written right before a name ("President", "Mr."), or None: one the quote
    stage knows (``cues.TITLES``), or a rank or office of ``NAME_TITLES`` written as a title,
    capitalised ("Pope Francis", "Prince Harry", "Sgt. Ruiz"; not "brother Jeb"). The
    recogniser tags "Francis" of "Pope Francis" alone, and a fresh reader of a BASIL event
    found the pope missing from the one outlet that named him: only the quote stage's titles
    were looked for."""
    before = text[max(0, at - MAX_TITLE_CHARS) : at].split()
    if not before:
        return None
    word = before[-1]
    if fold(word) in TITLES or (word[:1].isupper() and fold(word).rstrip(".") in NAME_TITLES):
        return word
    return None


def _named_speakers(member: StoryMember) -> Iterable[tuple[int, int]]:
    """Where each person an article quotes is first named in full: a speaker the quote stage
    resolved to a name opening on a common given name is a person the article names, though
    the recogniser may have tagged the mention as something else ("Twitter's Adam Sharp" as a
    work of art, so a fresh reader found him missing from the list)."""
    text = member.analysed.article.text
    for speaker in dict.fromkeys(
        quote.speaker for quote in member.analysed.quotes if quote.speaker_type == "person"
    ):
        spoken = (speaker or "").split()
        # the name as printed may leave out what the resolved name holds before it
        # ("Twitter's Adam Sharp" resolves to "Twitter Adam Sharp"): its longest ending
        for first in range(len(spoken) - MIN_NAME_WORDS + 1):
            name = " ".join(spoken[first:])
            at = text.find(name)
            if at >= 0:
                # the quote stage may name a paper as a person ("The Dallas Morning"): a
                # name the recogniser did not tag must open on a common given name
                if fold(spoken[first]) in _GIVEN_NAMES:
                    yield at, at + len(name)
                break


def _on_display_line(text: str, at: int) -> bool:
    """Whether the mention stands on a headline (a short line of capitalised words: "Clinton
    Defends Her Record", where the recogniser runs the name into the verb) or a byline or
    contact line ("By Ann Lee", "Contact Ann Lee at ..."): the people there write the story."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    line = text[start : end if end >= 0 else len(text)].strip()
    line_words = line.split()
    if len(line_words) <= DISPLAY_LINE_WORDS and _BYLINE.search(line):
        return True
    if not line_words or len(line_words) > DISPLAY_LINE_WORDS or line.endswith((".", '"', "”")):
        return False
    capitalised = sum(1 for word in line_words if word[:1].isupper())
    return capitalised >= HEADLINE_CAPITALISED_SHARE * len(line_words)


def _name_words(mention: str) -> list[str]:
    """The words of a person's mention that make the name, or none when a word is no name
    word (a lower-case word, a digit, a line break inside it)."""
    if "\n" in mention:
        return []
    parts = []
    for word in mention.split():
        parts.append(_POSSESSIVE.sub("", word))
        if _POSSESSIVE.search(word) and word[-1:] in "sS'’":
            break  # "Obama's Afghan surge": the name ends at its possessive
    if parts and fold(parts[-1]) in NOT_SURNAMES:
        return []  # "Pell Grants", "Martin Luther King Drive": a thing named after someone
    while parts and fold(parts[0]).rstrip(".") in NAME_TITLES:
        parts = parts[1:]
    while parts and fold(parts[-1]).rstrip(".,") in NAME_SUFFIXES:
        parts = parts[:-1]
    parts = [part.rstrip(",") for part in parts]
    if parts and not _initial(parts[-1]):
        parts[-1] = parts[-1].rstrip(".")
    if not parts or not all(_is_name_word(part) or _initial(part) for part in parts):
        return []
    if _initial(parts[-1]):
        return []
    return parts


def _initial(word: str) -> bool:
    return len(word) <= 2 and word[:1].isupper() and word[1:] in ("", ".")


def _printed_in(
    surname: str,
    texts: Sequence[str],
    spellings: frozenset[str],
    printed: frozenset[str] = frozenset(),
) -> bool:
    """Whether ``surname`` stands as a capitalised word in any of ``texts``, in any case after
    its first letter (a possessive or a hyphenated compound holding it counts), or a
    capitalised word one letter from it does,
    standing last in a name (``spellings``: an outlet's misspelling, "Cowen" for "Cowan", is
    the same person; a given name, "Peter" of "Peter DeFazio", is no "Peters").
    ``printed``, the texts' runs of letters lower-cased (``_letter_runs``), answers for a
    surname of letters alone without a search of every text (issue #22)."""
    if printed and _LETTERS.fullmatch(surname):
        if surname.lower() in printed:
            return True
    else:
        pattern = re.compile(rf"(?<![A-Za-z]){re.escape(surname)}(?![A-Za-z])", re.IGNORECASE)
        if any(found.group()[:1].isupper() for text in texts for found in pattern.finditer(text)):
            return True
    if len(surname) < MIN_MISSPELT_LETTERS:
        return False
    return any(Levenshtein.distance(surname, word, score_cutoff=1) <= 1 for word in spellings)


_LETTERS = re.compile(r"[A-Za-z]+")
# A maximal run of ASCII letters that opens on a capital (no letter before it): found by the
# pattern rather than by testing every run's first letter, most runs being lower-case words.
_CAPITAL_LETTER_RUN = re.compile(r"(?<![A-Za-z])[A-Z][A-Za-z]*")


def _letter_runs(texts: Sequence[str]) -> frozenset[str]:
    """Every maximal run of ASCII letters in ``texts`` that opens on a capital, lower-cased:
    a surname of letters alone stands as a capitalised word in a text exactly where it is one
    of these runs."""
    return frozenset(run.lower() for text in texts for run in _CAPITAL_LETTER_RUN.findall(text))


def _capitalised_words(texts: Sequence[str]) -> frozenset[str]:
    return frozenset(word for text in texts for word in _CAPITALISED.findall(text))
