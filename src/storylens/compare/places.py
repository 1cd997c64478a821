"""Whether two place names can name one place: the same name, an abbreviation and its name
("Ky." / "Kentucky", "U.S." / "United States"), or a place that may hold the other (a state
and a town, a county and a neighbourhood). Without a gazetteer the test is generous on
purpose: a place shown as disagreeing must be one that cannot hold the other.
"""

from __future__ import annotations

from storylens.compare.words import STATE_ABBREVIATIONS, fold, words

# US states and their other short forms: postal codes (news datelines write "KY") and older
# spellings; the AP forms ("Ky.") come from ``STATE_ABBREVIATIONS``, which the same-claim
# features share.
_OTHER_STATE_FORMS = {
    "alabama": ("al",), "alaska": ("ak",), "arizona": ("az",), "arkansas": ("ar",),
    "california": ("cal", "ca"), "colorado": ("co",), "connecticut": ("ct",), "delaware": ("de",),
    "florida": ("fl",), "georgia": (), "hawaii": ("hi",), "idaho": ("id",), "illinois": ("il",),
    "indiana": ("in",), "iowa": ("ia",), "kansas": ("kans", "ks"), "kentucky": (),
    "louisiana": (), "maine": ("me",), "maryland": (), "massachusetts": ("ma",),
    "michigan": ("mi",), "minnesota": ("mn",), "mississippi": ("ms",), "missouri": (),
    "montana": ("mt",), "nebraska": ("nebr", "ne"), "nevada": ("nv",), "new hampshire": (),
    "new jersey": (), "new mexico": (), "new york": (), "north carolina": (),
    "north dakota": (), "ohio": ("oh",), "oklahoma": ("ok",), "oregon": ("or",),
    "pennsylvania": ("penn",), "rhode island": (), "south carolina": (), "south dakota": (),
    "tennessee": ("tn",), "texas": ("tex", "tx"), "utah": ("ut",), "vermont": (),
    "virginia": (), "washington": ("wa",), "west virginia": ("wv",), "wisconsin": ("wisc", "wi"),
    "wyoming": ("wy",), "district of columbia": ("dc", "washington dc"),
}  # fmt: skip
_STATES = {
    name: (
        *(
            short.lower().replace(".", "")
            for short, full in STATE_ABBREVIATIONS.items()
            if full.lower() == name
        ),
        *others,
    )
    for name, others in _OTHER_STATE_FORMS.items()
}
# Countries news names most, and their short forms.
_COUNTRIES = {
    "united states": ("us", "usa", "america", "united states of america"),
    "united kingdom": ("uk", "britain", "great britain"),
}
# Words in many place names that say nothing of which place it is.
_GENERIC_WORDS = frozenset(
    {"street", "road", "avenue", "city", "county", "new", "north", "south", "east", "west",
     "saint", "st", "mount", "lake", "park", "center", "centre", "of", "and", "the"}
)  # fmt: skip
# Words that name a place able to hold towns and neighbourhoods.
_CONTAINER_WORDS = frozenset(
    {
        "county", "parish", "township", "borough", "district", "province", "region", "state",
        "neighborhood", "neighbourhood", "area", "metro", "valley", "side", "north", "south",
        "east", "west", "northeast", "northwest", "southeast", "southwest", "downtown",
    }
)  # fmt: skip


def _key(name: str) -> str:
    """A place name as letters and spaces only: "St. Louis" -> "st louis", "D.C." -> "dc"."""
    parts = [fold(w).replace(".", "") for w in words(name)]
    if parts and parts[0] == "the":
        parts = parts[1:]
    joined = " ".join(parts)
    # Initialisms are written with points: "U.S." has the words "U" and "S".
    return joined.replace(" ", "") if all(len(p) == 1 for p in parts) else joined


def _canonical(name: str) -> tuple[str, str] | None:
    """("state" | "country", its full name) for a state or country, written any way."""
    key = _key(name)
    for table, level in ((_STATES, "state"), (_COUNTRIES, "country")):
        for full, short in table.items():
            if key == full or key in short or key.replace(" ", "") in short:
                return level, full
    return None


def same_or_within(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` can name one place, or one can hold the other."""
    key_a, key_b = _key(a), _key(b)
    if not key_a or not key_b:
        return True
    if key_a == key_b or key_a in key_b or key_b in key_a:
        return True
    initials_a = "".join(w[0] for w in key_a.split())
    initials_b = "".join(w[0] for w in key_b.split())
    if key_a.replace(" ", "") == initials_b or key_b.replace(" ", "") == initials_a:
        return True
    distinctive = (set(key_a.split()) & set(key_b.split())) - _GENERIC_WORDS
    if distinctive:
        return True  # "Coastland Mall" / "Coastland Center", "28th Street" / "28th & Capitol"
    level_a, level_b = _canonical(a), _canonical(b)
    if level_a and level_b:
        return level_a == level_b or level_a[0] != level_b[0]
    if level_a or level_b:
        return True  # a state or a country may hold the other place
    return bool(_CONTAINER_WORDS & set(key_a.split()) or _CONTAINER_WORDS & set(key_b.split()))
