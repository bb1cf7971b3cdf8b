"""Whom someone did a thing with ("who did mum go away with?"): the name beside the asked-of
person's own "I" ("Pauline and I have booked a week in Santa Vell"), or, in a chat of two
that names no one else, the other writer ("Dumplings Friday.", between Sam and Aki)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .lexicon import NOT_NAMES, may_be_name
from .reading import ReaderContext, display_name, speaker_asked
from .text import asks

__all__ = ["companion", "partner", "went_with"]


# "who did mum go away with (in august)?": with whom, of the one after did/does/was
_WITH_WHOM = re.compile(
    r"^\s*who\s+(?:did|does|do|is|was|will|has|had)\s+([\w'’]+)\s+.*\bwith\s*"
    r"(?:$|\?|(?:in|on|at|last|this|over|during|for|to)\b)",
    re.IGNORECASE,
)
_WITH_ME = re.compile(
    r"\b([^\W\d_][\w'’-]+)\s+and\s+(?:i|me)\b|\b(?:i|me)\s+and\s+([^\W\d_][\w'’-]+)",
    re.IGNORECASE,
)


def went_with(question: str, ctx: ReaderContext) -> str | None:
    """The speaker a with-whom question asks of ("who did *I* go for dumplings with?" → the
    user); None for any other question."""
    asked = _WITH_WHOM.match(question)
    return speaker_asked(asked.group(1), ctx) if asked else None


def companion(
    person: str, read: Sequence[StoredMessage], ctx: ReaderContext, exclude: set[str]
) -> tuple[StoredMessage, str] | None:
    """Whom `person` did it with, in their own words: the name beside their "I" ("Pauline and
    I have booked a week in Santa Vell", "me and jo are off to…")."""
    for m in dict.fromkeys(read):
        if m.speaker != person or asks(m.text):
            continue
        for pair in _WITH_ME.finditer(m.text):
            name = pair.group(1) or pair.group(2)
            low = name.lower()
            # a name the history knows, or one written as a name ("Edna and I", opening it)
            known = low in ctx.names or name[:1].isupper() and may_be_name(low)
            if known and low not in NOT_NAMES and low not in exclude and low != person.lower():
                return m, display_name(name, ctx)
    return None


def partner(
    person: str, read: Sequence[StoredMessage], ctx: ReaderContext
) -> tuple[StoredMessage, str] | None:
    """In a chat of two, the one `person` did it with is the other writer, when the best
    message that tells of it names no one else ("who did I go for dumplings with?":
    "Dumplings Friday to celebrate?" / "Dumplings Friday.", between Sam and Aki)."""
    best = next((m for m in read if not asks(m.text)), None)
    if best is None:
        return None
    chat = set(ctx.participants.get(best.conversation, ()))
    if len(chat) != 2 or person not in chat:
        return None
    said = {w.lower() for w in re.findall(r"[^\W\d_][\w'’-]*", best.text)}
    if said & (set(ctx.names) - {s.lower() for s in chat}):
        return None
    (other,) = chat - {person}
    return best, "you" if other == ctx.me else other
