"""How common an English word is: wordfreq's Zipf figure, read fast for plain words.

The tone stage (how rare a loaded word is) and the comparison (how much a shared word tells)
both ask it, word by word, thousands of times an article.
"""

from __future__ import annotations

import math

from wordfreq import freq_to_zipf, get_frequency_dict, zipf_frequency


def english_zipf(word: str) -> float:
    """``wordfreq.zipf_frequency(word, "en")``. A plain lower-case ASCII word is looked up in
    wordfreq's table directly: wordfreq runs its tokenizer on every word first, which cost
    more than the rest of reading a claim. The rounding is wordfreq's own (three significant
    digits, then two decimals on the Zipf scale); a test holds the two equal."""
    if not (word.isascii() and word.isalpha() and word.islower()):
        return zipf_frequency(word, "en")
    # Asked as wordfreq asks it itself (positional "best"): its cache is keyed by the call's
    # arguments, and ("en",) beside ("en", "best") built the 321,000-word table twice.
    frequency = get_frequency_dict("en", "best").get(word)
    if frequency is None:
        return 0.0
    rounded = round(frequency, math.floor(-math.log(frequency, 10)) + 3)
    return round(freq_to_zipf(rounded), 2)
