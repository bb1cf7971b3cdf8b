"""Chat spelling, read as meant: people type questions the way they text. "wat date was the
gig", "wen is the race", "where did we go for kofis bday" are asked as "what date…", "when…",
"…for kofi's bday", so that every later stage (the kind of question, the planner, the names)
reads them as it reads the rest."""

from __future__ import annotations

import re
from collections.abc import Collection

# Question words as chat spells them; only whole words, and only these: "wer" or "y" are
# words of other languages or letters too often to guess.
_SPELLINGS = {
    "wat": "what", "wot": "what", "wut": "what", "wht": "what",
    "wen": "when", "whn": "when",
    "wher": "where", "whr": "where",
    "hw": "how",
}  # fmt: skip
_SPELLED = re.compile(r"\b(" + "|".join(_SPELLINGS) + r")\b", re.IGNORECASE)


def spelled_out(question: str, names: Collection[str] = ()) -> str:
    """The question with chat spellings of question words spelled out, and a known first name
    run into its possessive ("kofis bday") given its apostrophe. `names`: first names of the
    people in scope."""
    out = _SPELLED.sub(lambda m: _SPELLINGS[m.group(1).lower()], question)
    known = {n.lower() for n in names if n}
    if known:

        def possessive(m: re.Match[str]) -> str:
            stem = m.group(1)
            return f"{stem}'s" if stem.lower() in known else m.group(0)

        out = re.sub(r"\b([^\W\d_]+)s\b", possessive, out)
    return out
