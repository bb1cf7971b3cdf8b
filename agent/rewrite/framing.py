"""How a person frames a question around what they ask: a greeting or an apology before it
("hey,", "sorry,", "quick one,"), a request to look it up ("do you know", "can you check",
"remind me") before a wh-word, a hedge after it ("lol", "can't remember", "again?"). Their
words are no part of what to find: "quick one, where did we have dumplings?" ranked a message
saying "quick" first. The question is read without them; the rest of the pipeline never
sees the frame."""

from __future__ import annotations

import re

__all__ = ["without_framing"]

# The words a question opens with, after its frame.
_WH = (
    r"(?=(?:who|whom|whose|what|what's|whats|when|when's|where|where's|which|how|why|"
    r"did|do|does|is|are|was|were|has|have|had)\b)"
)
# Said before the question and set off from it: "hey, …", "sorry - …", "quick one: …" (a dash
# with a space before it: "wait-list" is a word)
_OPENER = (
    r"(?:hey|hi|hiya|hello|oi|ok(?:ay)?(?:\s+so)?|right|so|wait|sorry|um+|erm+|hmm+|lol|btw|"
    r"by\s+the\s+way|quick\s+(?:one|q|question)|random\s+(?:one|q|question)|question)"
)
# Asking to be told, before the wh-word it asks with: "do you know where …"
_LOOK_UP = (
    r"(?:do\s+you\s+(?:know|remember|recall)|(?:can|could|would)\s+you\s+(?:check|tell\s+me|"
    r"remind\s+me|remember)|remind\s+me(?:\s+again)?|any\s+(?:chance|idea)(?:\s+you\s+know)?|"
    r"(?:i\s+)?forgot|i\s+(?:can'?t|cannot|don'?t)\s+remember|please|pls|plz)"
)
# "going back to the start of it all, …", "out of interest, …": a way in, set off by a comma
_WAY_IN = (
    r"(?:going\s+back\s+to\s+the\s+(?:start|beginning)(?:\s+of\s+(?:it(?:\s+all)?|this|that|"
    r"everything))?|thinking\s+back|out\s+of\s+(?:interest|curiosity)|for\s+the\s+record)"
)
_LEAD = re.compile(
    rf"^\s*(?:(?:{_OPENER}|{_WAY_IN})(?:\s*[,:;.!]+|\s+[-–—]+)\s*|{_OPENER}\s+(?:{_WH}|(?={_OPENER}\b))|"
    rf"{_LOOK_UP}\s*[,:;-]?\s*{_WH})",
    re.IGNORECASE,
)
_TRAIL = re.compile(
    r"[\s,;-]*\b(?:lol|haha+|pls|please|plz|again|btw|by\s+any\s+chance|if\s+you\s+remember|"
    r"(?:i\s+)?(?:can'?t|cannot|don'?t)\s+remember|i\s+forgot|off\s+the\s+top\s+of\s+your\s+head)"
    r"\s*(?=[?!.]*\s*$)",
    re.IGNORECASE,
)


def without_framing(question: str) -> str:
    """The question without its frame (see the module docstring); as asked when nothing else
    would be left."""
    text = question
    for _ in range(3):  # "hey, sorry, quick one: …"
        cut = _LEAD.sub("", text, count=1)
        if cut == text:
            break
        text = cut
    text = _TRAIL.sub("", text)
    return text.strip() if re.search(r"[^\W\d_]{3,}", text) else question
