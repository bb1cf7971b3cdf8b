"""The day a telling that names none is given in the exchange around it: the writer's next
turn, right after it or after another asks ("NO WAY. when is it" / "sunday 20th sept"); the
writer's turn just before it in the same burst ("that storm around 10 last night" / "the big
silver maple … is DOWN"); or the answer when the chat asked when of a best message ("set a
date!!!" / "finally! when?" / "Saturday 18th October…")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta

from memory_store.models import StoredMessage

from .moves import DAY_OR_FINER
from .reading import Mention, ReaderContext, same_burst
from .text import asks, said_terms

__all__ = ["dated_before", "dated_next", "dated_when_asked"]


def dated_when_asked(
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    wanted: set[str],
    ctx: ReaderContext,
) -> tuple[StoredMessage, Mention] | None:
    """The day given when the chat asked when of one of the best few messages (by support or
    by rank), a message on the question's words that names no day itself; however well other
    messages with a day match the question's words."""
    for n in dict.fromkeys([*good[:_ASKED_WHEN_DEPTH], *ranked[:_ASKED_WHEN_DEPTH]]):
        if ctx.mentions_of(n) or not wanted & said_terms(n.text) or not _asked_when(n, ctx):
            continue
        dated = dated_next(n, ctx)
        if dated is not None:
            return dated
    return None


def dated_next(told: StoredMessage, ctx: ReaderContext) -> tuple[StoredMessage, Mention] | None:
    """The day the writer's next turn gives, right after the telling or after being asked
    ("NO WAY. when is it"), if it gives one and speaks of nothing else dated."""
    turns = ctx.turns_after(told)[:2]
    nxt = next((t for t in turns if t.speaker == told.speaker), None)
    if nxt is None or nxt is not turns[0] and not asks(turns[0].text):
        return None
    days = [x for x in ctx.mentions_of(nxt) if x.granularity in DAY_OR_FINER]
    return (nxt, days[0]) if len(days) == 1 else None


def _asked_when(told: StoredMessage, ctx: ReaderContext) -> bool:
    """Whether the turn right after `told` is another's asking when ("finally! when?")."""
    turns = ctx.turns_after(told)[:1]
    return bool(
        turns
        and turns[0].speaker != told.speaker
        and asks(turns[0].text)
        and _ASKS_WHEN.search(turns[0].text)
    )


# How many of the best messages may be the telling the chat asked when of.
_ASKED_WHEN_DEPTH = 3
_ASKS_WHEN = re.compile(r"\bwhen\b|\bwhat\s+(?:day|date)\b|\bwhich\s+day\b", re.IGNORECASE)


def dated_before(
    told: StoredMessage, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> tuple[StoredMessage, Mention] | None:
    """The day gone by that the writer's turn just before gives, in the same burst ("that
    storm around 10 last night was insane" / "the big silver maple … is DOWN"), if it gives
    one and no other."""
    before = [n for n in same_burst(told, ranked, _BURST) if n.ts < told.ts]
    if not before:
        return None
    prev = max(before, key=lambda n: n.ts)
    days = [x for x in ctx.mentions_of(prev) if x.granularity in DAY_OR_FINER]
    gone = len(days) == 1 and days[0].start.date() < prev.ts.date()
    return (prev, days[0]) if gone else None


# How close before the telling a writer's turn is to be part of it.
_BURST = timedelta(minutes=5)
