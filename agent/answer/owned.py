"""Whose a thing is. "What did I get for *my birthday*?" asks of the user's birthday; when every
message on a birthday says whose it is and none says the user's ("Priya's birthday is next
Sunday", "Happy birthday Priya!!"), the history does not tell of the user's, and a phrase of
Priya's birthday would be a confident wrong answer."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.plan.people import PERSON_NOUNS
from memory_store.models import StoredMessage

from .reading import ReaderContext
from .text import terms

__all__ = ["others_own"]


def others_own(
    question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> tuple[str, list[str]] | None:
    """(thing, owners) when the question asks of the user's own thing ("my birthday") and the
    best messages holding it say whose it is at least twice, never the user's."""
    if ctx.me is None:
        return None
    asked = _MY_THING.search(question)
    if asked is None:
        return None
    thing = asked.group("thing").lower()
    if thing in PERSON_NOUNS or thing.rstrip("s") in PERSON_NOUNS or not terms(thing):
        return None
    first_names = {s.split()[0].lower(): s for s in ctx.speakers if s.split()}
    holding = [m for m in ranked[:_DEPTH] if terms(thing) <= terms(m.text)]
    owners: list[str] = []
    for m in holding:
        owner = _owner(m, thing, first_names, ctx)
        if owner == ctx.me:
            return None
        if owner is not None:
            owners.append(owner)
    return (thing, list(dict.fromkeys(owners))) if len(owners) >= _OTHERS_MIN else None


def _owner(
    m: StoredMessage, thing: str, first_names: dict[str, str], ctx: ReaderContext
) -> str | None:
    """Whose `thing` message `m` says it is: "Priya's birthday", "happy birthday Priya", the
    writer's own ("my birthday"), or the other one's of a chat of two ("your birthday")."""
    text = m.text.lower()
    word = rf"{re.escape(thing)}s?\b"
    if re.search(rf"\b(?:my|our)\s+(?:[\w'’-]+\s+)?{word}", text):
        return m.speaker
    if re.search(rf"\byour\s+(?:[\w'’-]+\s+)?{word}", text):
        others = [p for p in ctx.participants.get(m.conversation, ()) if p != m.speaker]
        return others[0] if len(others) == 1 else None
    whose = re.search(rf"\b([a-z]+)['’]s\s+(?:[\w'’-]+\s+)?{word}", text)
    if whose and whose.group(1) in first_names:
        return first_names[whose.group(1)]
    greeted = re.search(rf"\b{word}\W+([a-z]+)\b", text)
    if greeted and greeted.group(1) in first_names:
        return first_names[greeted.group(1)]
    return None


# "my birthday", "my last birthday": the user's own thing, the noun the phrase ends on
_MY_THING = re.compile(
    r"\bmy\s+(?:(?:last|next|first|new|old|\d+\w*)\s+)?(?P<thing>[a-z]{4,})\b(?!['’])",
    re.IGNORECASE,
)
# How many of the best messages are read, and how many must say it is another's.
_DEPTH = 10
_OTHERS_MIN = 2
