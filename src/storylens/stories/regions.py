"""Place names that are a country or a state, not a town: where an incident happened is a town.

A lead names its event's town and, as often, its state or country ("in Houston, Texas", "a
bank in Oregon", "a man in Canada"); one event's reports name either. So the join decision's
test of another incident (``scoring.other_incident``) reads only the towns: "Denmark" beside
"Charleston" (Denmark, S.C.) or "Mexico" beside "Washington" is no second town. The keys are
``features.entity_key`` forms (lower case, the full stop dropped): the 50 states, news style's
(AP) short forms of them, the United States as reports write it, and the sovereign countries
by their common English names.
"""

from __future__ import annotations

# "New York" and "Washington" are left out: as often the city as the state.
US_STATES = frozenset(
    {
        "alabama", "alaska", "arizona", "arkansas", "california", "colorado", "connecticut",
        "delaware", "florida", "georgia", "hawaii", "idaho", "illinois", "indiana", "iowa",
        "kansas", "kentucky", "louisiana", "maine", "maryland", "massachusetts", "michigan",
        "minnesota", "mississippi", "missouri", "montana", "nebraska", "nevada",
        "new hampshire", "new jersey", "new mexico", "north carolina", "north dakota", "ohio",
        "oklahoma", "oregon", "pennsylvania", "rhode island", "south carolina", "south dakota",
        "tennessee", "texas", "utah", "vermont", "virginia", "west virginia", "wisconsin",
        "wyoming",
    }
)  # fmt: skip
# The state an AP short form stands for: one event's reports write "Memphis, Tenn." or
# "Memphis, Tennessee" as they please, and one key for both lets them share the name.
AP_STATE_NAMES = {
    "ala": "alabama", "ariz": "arizona", "ark": "arkansas", "calif": "california",
    "colo": "colorado", "conn": "connecticut", "del": "delaware", "fla": "florida",
    "ga": "georgia", "ill": "illinois", "ind": "indiana", "kan": "kansas", "ky": "kentucky",
    "la": "louisiana", "md": "maryland", "mass": "massachusetts", "mich": "michigan",
    "minn": "minnesota", "miss": "mississippi", "mo": "missouri", "mont": "montana",
    "neb": "nebraska", "nev": "nevada", "n.h": "new hampshire", "n.j": "new jersey",
    "n.m": "new mexico", "n.y": "new york", "n.c": "north carolina", "n.d": "north dakota",
    "okla": "oklahoma", "ore": "oregon", "pa": "pennsylvania", "r.i": "rhode island",
    "s.c": "south carolina", "s.d": "south dakota", "tenn": "tennessee", "vt": "vermont",
    "va": "virginia", "wash": "washington", "w.va": "west virginia", "wis": "wisconsin",
    "wyo": "wyoming",
}  # fmt: skip
AP_STATES = frozenset(AP_STATE_NAMES)  # the AP short forms, "tenn", "w.va"
NATIONS = frozenset(
    {
        "u.s", "us", "usa", "u.s.a", "united states", "america", "uk", "u.k", "britain",
        "great britain", "united kingdom", "england", "scotland", "wales", "northern ireland",
        "afghanistan", "albania", "algeria", "andorra", "angola", "argentina", "armenia",
        "australia", "austria", "azerbaijan", "bahamas", "bahrain", "bangladesh", "barbados",
        "belarus", "belgium", "belize", "benin", "bhutan", "bolivia", "bosnia", "botswana",
        "brazil", "brunei", "bulgaria", "burkina faso", "burundi", "cambodia", "cameroon",
        "canada", "cape verde", "central african republic", "chad", "chile", "china",
        "colombia", "comoros", "congo", "costa rica", "croatia", "cuba", "cyprus",
        "czech republic", "czechia", "denmark", "djibouti", "dominica", "dominican republic",
        "ecuador", "egypt", "el salvador", "equatorial guinea", "eritrea", "estonia",
        "eswatini", "ethiopia", "fiji", "finland", "france", "gabon", "gambia", "germany",
        "ghana", "greece", "grenada", "guatemala", "guinea", "guinea-bissau", "guyana", "haiti",
        "honduras", "hungary", "iceland", "india", "indonesia", "iran", "iraq", "ireland",
        "israel", "italy", "ivory coast", "jamaica", "japan", "jordan", "kazakhstan", "kenya",
        "kiribati", "kosovo", "kuwait", "kyrgyzstan", "laos", "latvia", "lebanon", "lesotho",
        "liberia", "libya", "liechtenstein", "lithuania", "luxembourg", "madagascar", "malawi",
        "malaysia", "maldives", "mali", "malta", "mauritania", "mauritius", "mexico",
        "micronesia", "moldova", "monaco", "mongolia", "montenegro", "morocco", "mozambique",
        "myanmar", "burma", "namibia", "nauru", "nepal", "netherlands", "holland",
        "new zealand", "nicaragua", "niger", "nigeria", "north korea", "north macedonia",
        "norway", "oman", "pakistan", "palau", "palestine", "panama", "papua new guinea",
        "paraguay", "peru", "philippines", "poland", "portugal", "qatar", "romania", "russia",
        "rwanda", "samoa", "san marino", "saudi arabia", "senegal", "serbia", "seychelles",
        "sierra leone", "singapore", "slovakia", "slovenia", "solomon islands", "somalia",
        "south africa", "south korea", "south sudan", "spain", "sri lanka", "sudan",
        "suriname", "sweden", "switzerland", "syria", "taiwan", "tajikistan", "tanzania",
        "thailand", "timor-leste", "togo", "tonga", "trinidad and tobago", "tunisia", "turkey",
        "turkmenistan", "tuvalu", "uganda", "ukraine", "united arab emirates", "uae",
        "uruguay", "uzbekistan", "vanuatu", "vatican", "venezuela", "vietnam", "yemen",
        "zambia", "zimbabwe",
    }
)  # fmt: skip
STATES_AND_NATIONS = US_STATES | AP_STATES | NATIONS


def is_state_or_nation(place: str) -> bool:
    """Whether a place key (``e:`` + name) names a US state or a country."""
    return place.removeprefix("e:") in STATES_AND_NATIONS
