"""Who did the most (or the least) of something, read off a tally a message writes: "Race night
ticket count 📌 Bernie 31, Tam 22, Ewan 18, Sandra 15, Hugh 10" answers "which of the
committee shifted the most tickets?" with Bernie. A count told one person at a time is the
counting readers' work; this reads a tally written out whole."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext, Reading, question_terms, said_by
from .text import terms

__all__ = ["tally_leader"]

_ASKS_MOST = re.compile(r"\bthe\s+(most|least|fewest)\b", re.IGNORECASE)
# "Bernie 31", "Tam: 22", "Sandra - 15"
_PAIR = re.compile(r"\b([^\W\d_][\w'’-]*)\s*[:=–-]?\s*(\d{1,6})\b(?![.,]\d|\s*(?:%|am|pm))")
# How many of the best messages are read for a tally.
_DEPTH = 8


def tally_leader(
    question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    """The person a best message's tally puts first (or last), when the question asks who did
    the most (or the least) of it and the tally names two people or more."""
    asked = _ASKS_MOST.search(question)
    if not asked:
        return None
    most = asked.group(1).lower() == "most"
    people = {n.lower() for n in ctx.names} | {s.split()[0].lower() for s in ctx.speakers}
    wanted = question_terms(question, ctx)
    for m in ranked[:_DEPTH]:
        pairs = [(name, int(n)) for name, n in _PAIR.findall(m.text) if name.lower() in people]
        if len({name.lower() for name, _ in pairs}) < 2 or not wanted & terms(m.text):
            continue
        counts = sorted({n for _, n in pairs}, reverse=most)
        top = [name for name, n in pairs if n == counts[0]]
        if len(top) != 1:  # a tie names no one first
            return None
        name, n = top[0], counts[0]
        said = f"{name} ({n})"
        why = f"the {'highest' if most else 'lowest'} of the tally {m.speaker}'s message writes"
        return Reading(f"{said}.", [m], "who", name, said_by(m, ctx), why=[why])
    return None
