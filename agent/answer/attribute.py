"""An attribute of a thing, asked by its name: "what grade was the arete?", "what size is the
tent?". The chat writes the attribute before the thing's noun ("That V3 arete was harder than
the book said", "the 4-person tent"), so the answer is that word, read in the messages holding
the noun; the question's own words and plain adjectives ("the new tent") are none."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.indexes.tokenize import STOPWORDS
from memory_store.models import StoredMessage

from .phrases import PLAIN_ADJECTIVES
from .reading import ReaderContext, Reading, told_in
from .text import terms

__all__ = ["attribute_told", "result_told"]


def attribute_told(
    question: str,
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
    kind: str,
) -> Reading | None:
    asked = _ASKED.match(question)
    if asked is None or asked.group("attr").lower() in _NOT_ATTRIBUTES:
        return None
    noun = asked.group("noun").lower()
    before = re.compile(
        rf"\b(?:{_DETERMINERS})\s+([\w'’-]+)\s+{re.escape(noun)}s?\b", re.IGNORECASE
    )
    asked_words = terms(question)
    for m in dict.fromkeys([*good[:_DEPTH], *ranked[:_DEPTH]]):
        for hit in before.finditer(m.text):
            word = hit.group(1)
            low = word.lower()
            if low in STOPWORDS or low in PLAIN_ADJECTIVES or terms(low) <= asked_words:
                continue
            why = f"the word the chat writes before “{noun}”, the {asked.group('attr')} asked"
            return told_in(word, m, kind, ctx, why)
    return None


# "what grade was the arete", "what size is her tent": an attribute, then its thing
_ASKED = re.compile(
    r"^\s*(?:and\s+|so\s+)?(?:what|which)\s+(?P<attr>[a-z]+)\s+(?:is|was|are|were)\s+"
    r"(?:the|that|this|his|her|their|my|our|your)\s+(?P<noun>[a-z]{3,})\s*(?:[?!.]|$|\s+(?:at|on|in|we|you|i|he|she|they)\b)",
    re.IGNORECASE,
)
# Asked of a time, a place or a person, not an attribute written before the noun.
_NOT_ATTRIBUTES = frozenset(
    re.findall(
        r"\S+",
        "time day date year month week hour place city town country address street name "
        "one ones thing things person people guy reason",
    )
)
_DETERMINERS = "the|a|an|that|this|my|our|his|her|their|your|its"
# How many of the best messages, and of the ranking, are read for the attribute.
_DEPTH = 8


def result_told(
    question: str,
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
    kind: str,
) -> Reading | None:
    """What a test or a check came to, asked by its name: "what was the x-ray result?" / "The
    x-ray was clear." The result is what the chat says the thing was or showed."""
    asked = _RESULT_ASKED.match(question)
    if asked is None:
        return None
    noun = asked.group("noun") or asked.group("noun2")
    said = re.compile(
        rf"\b{re.escape(noun)}s?\s+(?:was|were|is|are|came\s+back|showed|shows|found)\s+"
        r"(?P<result>[^.,;:!?()]{2,60})",
        re.IGNORECASE,
    )
    for m in dict.fromkeys([*good[:_DEPTH], *ranked[:_DEPTH]]):
        hit = said.search(m.text)
        if hit is not None:
            why = f"what the chat says the {noun} was or showed"
            return told_in(hit.group("result").strip(), m, kind, ctx, why)
    return None


# "what was the x-ray result?", "what did the blood test show?"
_RESULT_ASKED = re.compile(
    r"^\s*(?:and\s+|so\s+)?what\s+(?:(?:was|were|is|are)\s+(?:the|my|his|her|their|our)\s+"
    r"(?P<noun>[\w-]+)\s+(?:results?|outcome|verdict)|did\s+(?:the|my|his|her|their|our)\s+"
    r"(?P<noun2>[\w-]+)\s+(?:show|find|say))\b",
    re.IGNORECASE,
)
