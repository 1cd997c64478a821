"""Lines of page furniture left in the plain text of an article.

Plain text keeps what the page set between paragraphs: an advertisement's label, a jump
("Story continues below advertisement"), a share button, a prompt, a link to another story.
Their words are no one's statement, no cue and no speaker. ``furniture_lines`` finds them by
character offset; the quote passes skip them, and a quote that runs over one (a long quote
whose next paragraph opens after an "Advertisement" line) is read as if it were not there.
"""

from __future__ import annotations

import re

# A line of page furniture left in plain text where the page had an advertisement or a
# jump ("Story continues below advertisement", "Article Continued Below", "Scroll down for
# video", "Advertisement - story continues below"), a sponsor's label, a share button or a
# prompt ("Click here to sign up"): its words are no one's statement and no cue, and "Story",
# "Article", "Share" or "Click" is no speaker. A prompt runs at most this many characters.
FURNITURE_PROMPT_MAX_CHARS = 80
_JUMP = (
    r"(?:(?:the\s+)?(?:story|article|text)\s+)?(?:continues?|continued)\s+"
    r"(?:below|after|on\s+next\s+page)(?:\s+(?:the\s+)?(?:advertisement|advert|ad|this\s+ad))?"
)
FURNITURE_LINE = re.compile(
    rf"^[ \t]*(?:{_JUMP}|advertisement(?:[ \t]*[-\u2013\u2014:|][ \t]*{_JUMP})?"
    r"|continue\s+reading(?:\s+(?:below|the\s+main\s+story))?"
    r"|scroll\s+down\s+for\s+(?:the\s+)?(?:video|more)|sponsored(?:\s+content)?"
    r"|share\s+this\s+(?:article|story)"
    rf"|click\s+here\b[^\n]{{0,{FURNITURE_PROMPT_MAX_CHARS}}}?)[ \t.:!]*$",
    re.IGNORECASE | re.MULTILINE,
)
# A link to another story set in the body ("READ MORE: Mayor says the pier will close",
# "RELATED: ...", "WATCH | ...", "SEE ALSO: ...", "Also on WorldPost:", "More from the
# Herald:"): the headline it holds is that story's report, not this one's
# (``clean.boilerplate`` marks the same lines as navigation). A scraped page may set the
# label in quotation marks ('"Related:"'), the link's anchor text kept as a quotation.
LINK_LINE = re.compile(
    r"^[ \t]*[\"\u201c\u201d]?(?:read\s+more|see\s+more|see\s+also|also\s+read|read\s+also|more"
    r"|related(?:\s+(?:stories|coverage|content|articles?|links?))?|watch"
    r"|(?:also\s+on|more\s+from)(?:\s+\w+){1,3})"
    r"(?:[ \t]*[:|]|[ \t]+[-\u2013\u2014][ \t]).*$",
    re.IGNORECASE | re.MULTILINE,
)
# Link lines are short; a long line that merely opens with "Watch:" is body text (the bound
# ``clean.boilerplate`` uses for its prompt lines).
LINK_LINE_MAX_WORDS = 15
_WORD = re.compile(r"\w+")


def furniture_lines(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of the furniture and link lines of ``text``, by start."""
    found = [(m.start(), m.end()) for m in FURNITURE_LINE.finditer(text)]
    found += [
        (m.start(), m.end())
        for m in LINK_LINE.finditer(text)
        if len(_WORD.findall(m.group())) <= LINK_LINE_MAX_WORDS
    ]
    return sorted(found)
