"""A day or a time made finer by the turns around it: a month or a week made a day by the
writer's next turn or another message on the topic ("in april" / "the 9th of april"), a clock
time said without its day put on the day its exchange plans ("Leave at 7am" after "Castle
Crags on Saturday October 17th?"), and a day given the clock time said for it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from memory_store.models import StoredMessage

from .moves import changed
from .reading import Mention, ReaderContext
from .text import said_terms, terms

COARSE = frozenset(["year", "month", "week", "weekend", "season"])


def finer_next(
    m: StoredMessage, x: Mention, ctx: ReaderContext
) -> tuple[StoredMessage, Mention, list[StoredMessage]]:
    """A month or a week made a day by the writer's next turn ("a charity tournament in
    november" / "sat 15th nov at fernbrook sports hub"): that message and its day, and the
    first message as a citation; else the same."""
    if x.granularity not in COARSE:
        return m, x, []
    for t in ctx.turns_after(m)[:2]:
        if t.speaker != m.speaker or t.session_id != m.session_id:
            break
        days = [
            y for y in ctx.mentions_of(t) if y.granularity == "day" and x.start <= y.start < x.end
        ]
        if days:
            return t, days[0], [m]
    return m, x, []


def finer_on_topic(
    m: StoredMessage,
    x: Mention,
    wanted: set[str],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> tuple[StoredMessage, Mention, list[StoredMessage]]:
    """A month made a day by another message on the topic: "mum and dad's 40th is in april" /
    "their actual anniversary is the 9th of april". It must hold the question's most specific
    word (one of them, when several are as rare), and the day must fall inside the month: Jon's
    "lost my job yesterday" does not date Gina's "lost my job at Door Dash this month"."""
    if not wanted:
        return m, x, []
    rarest = max(ctx.weights.idf(t) for t in wanted)
    keys = {t for t in wanted if ctx.weights.idf(t) >= rarest - 1e-9}
    for n in ranked[:_FINER_DEPTH]:
        if n.id == m.id or not keys & said_terms(n.text):
            continue
        days = [
            y for y in ctx.mentions_of(n) if y.granularity == "day" and x.start <= y.start < x.end
        ]
        if days:
            return n, days[0], [m]
    return m, x, []


# How deep in the ranking a month looks for its day.
_FINER_DEPTH = 10

# How far back in its session a bare clock time looks for the day being planned.
_PLAN_LOOKBACK = 8


def day_of_time(
    m: StoredMessage,
    x: Mention,
    wanted: set[str],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> tuple[Mention, StoredMessage | None] | None:
    """A clock time said without its day ("Leave at 7am from the gym parking lot") is for the
    day the exchange plans: the day named a few turns earlier with the question's topic
    ("Castle Crags on Saturday October 17th?"). Returns the time on that day and the message
    naming it; the time alone (no message) when no such day is found; None when the time's
    day is said (or it is no bare time)."""
    if not bare_time(m, x, ctx):
        return None
    before = sorted(
        (
            n
            for n in ranked
            if n.session_id == m.session_id and m.id - _PLAN_LOOKBACK <= n.id < m.id
        ),
        key=lambda n: -n.id,
    )
    for n in before:
        if not wanted & terms(n.text):
            continue
        days = [y for y in ctx.mentions_of(n) if y.granularity == "day" and y.start >= n.ts]
        if days:
            start = datetime.combine(days[0].start.date(), x.start.time())
            return changed(x, start=start, end=start + (x.end - x.start)), n
    return changed(x, granularity="clock"), None


def bare_time(m: StoredMessage, x: Mention, ctx: ReaderContext) -> bool:
    """A clock time its message says no day for ("Leave at 7am from the gym parking lot")."""
    return x.granularity == "time" and not any(
        y.granularity in ("day", "part_of_day") and y.start.date() == x.start.date()
        for y in ctx.mentions_of(m)
    )


def with_clock(x: Mention, found: Sequence[Mention]) -> Mention:
    """A day with the clock time said for it in the same message ("Thursday at 3pm")."""
    if x.granularity != "day":
        return x
    clock = [y for y in found if y.granularity == "time" and y.start.date() == x.start.date()]
    return clock[0] if clock else x
