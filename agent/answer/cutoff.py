"""Where a count stops: "how many times did the boiler lose pressure *before kaveh fixed the
valve*?" counts the losses told before the first message on the fix ("the landing one has a
little crusty bit on the valve"), not the fix's own "holding steady at 1.4". The event is a
clause with a verb in the past; a day ("before christmas") is the planner's to filter on."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from memory_store.models import StoredMessage

from .cover import Cover
from .reading import ReaderContext, speaker_terms
from .text import ALIASES, REQUEST_TERMS, said_terms, terms

__all__ = ["before_event", "without_event"]

# "… before kaveh fixed the valve?", "… until gareth sorted it"
_BEFORE = re.compile(
    r"\s*,?\s+\b(?:before|until|till)\s+(?P<event>[^?.!,;]+?)\s*[?.!]*\s*$", re.IGNORECASE
)
_PAST = re.compile(r"[a-z]{3,}ed$")
# At most this share of the store's messages (or this many) may hold the event's rarest word:
# a common one ("sorted") dates nothing.
_RARE_SHARE, _RARE_MIN = 0.02, 3


def _event(question: str) -> re.Match[str] | None:
    found = _BEFORE.search(question)
    if found is None:
        return None
    words = found.group("event").lower().split()
    return found if any(_PAST.match(w) or w in ALIASES for w in words) else None


def without_event(question: str) -> str:
    """The question without the event its count stops at: the event is no part of the topic."""
    found = _event(question)
    return question[: found.start()] + "?" if found else question


def before_event(
    question: str, cover: Cover, matches: Sequence[StoredMessage], ctx: ReaderContext
) -> Cover:
    """`cover` without the messages written once the event the count stops at is first told
    of, after the first counted one; unchanged when the question names no such event or its
    words are too common to date it."""
    found = _event(question)
    if found is None or not cover.messages:
        return cover
    event = terms(found.group("event")) - REQUEST_TERMS - speaker_terms(ctx) - cover.topic
    if not event:
        return cover
    rarest = ctx.weights.rarest(event)
    if ctx.weights.doc_freq(rarest) > max(_RARE_MIN, _RARE_SHARE * ctx.weights.size):
        return cover
    first = cover.messages[0].ts
    told = [m.ts for m in matches if m.ts > first and rarest in said_terms(m.text)]
    if not told:
        return cover
    cutoff: datetime = min(told)
    kept = [m for m in cover.messages if m.ts < cutoff]
    why = f"counted up to {cutoff:%Y-%m-%d %H:%M}, when “{found.group('event')}” is first told of"
    return replace(cover, messages=kept, why=[*cover.why, why])
