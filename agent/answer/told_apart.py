"""What tells one event from another said in the same words, as the reader weighs evidence:
the way it goes ("when did I fly *out*?" is not told by "Flying *back* Wednesday") and which
of several it is ("my *2nd* interview" is told by "second interview today went well", not by
"Northwind wants to interview me"). Particles and ordinals are stop words or odd terms to
BM25, so they are read here."""

from __future__ import annotations

import re

from agent.plan import timeexpr as tx

from .text import terms

__all__ = ["OPPOSITE", "SAME_ORDINAL", "opposite_way", "ordinals_of"]

_OUT = re.compile(r"\b(?:out|away|off)\b", re.IGNORECASE)
_BACK = re.compile(r"\b(?:back|home|return(?:ed|ing)?)\b", re.IGNORECASE)
_NOT_A_WAY = re.compile(r"\b(?:set\s+\w+\s+back|a\s+while\s+back|way\s+back|back\s+then)\b", re.I)
# The weight of a message that tells the same verb the other way.
OPPOSITE = 0.6


def opposite_way(question: str, text: str) -> bool:
    """Whether `text` tells the question's going out as coming back, or the other way."""
    question = _NOT_A_WAY.sub(" ", question)
    out, back = bool(_OUT.search(question)), bool(_BACK.search(question))
    if out == back:
        return False
    said_out, said_back = bool(_OUT.search(text)), bool(_BACK.search(text))
    return (said_back and not said_out) if out else (said_out and not said_back)


# An ordinal before a noun. The first is a mention (first_or_last) and past the fifth a
# chat counts in other words.
_ORDINAL_NOUN = re.compile(rf"\b({tx.ORDINAL})\s+([^\W\d_]{{3,}})", re.IGNORECASE)
_WHICH = range(2, 6)
# The weight of a message that says the same ordinal before the same noun.
SAME_ORDINAL = 1.3


def ordinals_of(text: str) -> set[tuple[int, frozenset[str]]]:
    """(which, the noun's terms) for each ordinal before a noun: "2nd interview" → (2, …)."""
    out: set[tuple[int, frozenset[str]]] = set()
    for m in _ORDINAL_NOUN.finditer(text):
        which, noun = tx.parse_ordinal(m.group(1)), frozenset(terms(m.group(2)))
        if which is not None and which in _WHICH and noun:
            out.add((which, noun))
    return out
