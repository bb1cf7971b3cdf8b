"""A word the question uses as a noun, a message may use as a verb: "when did I get the job
*offer*?" is not told by "Have the kaiseki dinner if they *offer* it", nor "the book club" by
"I'll *book* it now". BM25 stems both to one term; here a message that holds the question's
noun only right after a subject or an auxiliary ("they offer", "I'll book") does not hold it,
and a noun no message holds as one is left out of what a when-question asks for.

Only the when-reader uses it: measured in the support every reader ranks by, it cost answers
(a question's own "who's covering" reads as a noun, and "I'll cover" then holds none of it).

A word opening a sentence stays a noun ("Booked: cleaning on Thursday", "Book club tonight"):
an imperative and a headline look the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .text import terms

__all__ = ["as_nouns", "held_as_nouns"]

# Words of one letter too: "i get".
_WORD = re.compile(r"[^\W\d_][\w'’-]*", re.UNICODE)
# A subject pronoun or an auxiliary: the word after it is a verb.
_BEFORE_VERB = frozenset(
    re.findall(
        r"\S+",
        """i you we they he she i'll you'll we'll they'll he'll she'll i'd you'd we'd they'd
    will would can could should might must shall don't didn't doesn't won't can't couldn't
    wouldn't shouldn't please let's""",
    )
)


def _slots(text: str) -> tuple[set[str], set[str]]:
    """The terms of `text` used right after a subject or an auxiliary, and the others."""
    verbs: set[str] = set()
    others: set[str] = set()
    before, end = "", 0
    for found in _WORD.finditer(text):
        word = found.group(0).lower().replace("’", "'")
        # Only a word right after its cue: "they, offer" or "I. Offer" is no verb slot.
        gap = text[end : found.start()]
        (verbs if before in _BEFORE_VERB and gap == " " else others).update(terms(word))
        before, end = word, found.end()
    return verbs, others


def as_nouns(question: str) -> set[str]:
    """The question's terms it uses in no verb slot ("job", "offer" of "when did I get the
    job offer?"; not "get")."""
    verbs, others = _slots(question)
    return others - verbs


def held_as_nouns(question: str, wanted: set[str], texts: Iterable[str]) -> set[str]:
    """`wanted` without the question's nouns that the texts hold only as verbs: no message
    speaks of a job "offer" when the only one is "if they offer it", so "I GOT THE JOB" tells
    of the whole of it. Unchanged when nothing would be left."""
    nouns = as_nouns(question) & wanted
    if not nouns:
        return wanted
    as_verb: set[str] = set()
    held: set[str] = set()
    for text in texts:
        verbs, others = _slots(text)
        as_verb |= nouns & verbs
        held |= nouns & others
    return (wanted - (as_verb - held)) or wanted
