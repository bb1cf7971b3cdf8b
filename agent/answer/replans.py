"""How a plan's day changes after it was set, as a when-answer reads it: a change asked for
without a day and settled by its exchange, a day asked off ("can't get away that morning"), a
change said in the question's own words, a bare weekday that is the plan's own, and a day said
by its number alone in the plan's month. The changes themselves are found in moves.py."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime

from agent.plan import timeexpr as tx
from agent.plan.mentions import MONTH_NAMED
from memory_store.models import StoredMessage

from .moves import DAY_OR_FINER, changed, named_for, names_day
from .reading import Mention, ReaderContext
from .text import said_terms

__all__ = ["asked_off", "in_month_of", "in_own_words", "its_own_weekday", "settled"]


def settled(change: StoredMessage, ctx: ReaderContext) -> list[StoredMessage]:
    """The turn after a change asked for without a day where its exchange settles one: the
    last of the next three in its session that names a day ahead."""
    turns = [t for t in ctx.turns_after(change)[:3] if t.session_id == change.session_id]
    dated = [
        t
        for t in turns
        if any(x.granularity in DAY_OR_FINER and x.start > t.ts for x in ctx.mentions_of(t))
    ]
    return dated[-1:]


def asked_off(
    m: StoredMessage, x: Mention, ctx: ReaderContext
) -> tuple[StoredMessage, Mention] | None:
    """A plan's day asked off later in its chat, and the day its exchange settles instead:
    "i've just been given a deadline on the 15th and can't get away that morning. is there
    anything later that week?" / "I have Thursday 17th at 4:15pm?" / "perfect" / "I've moved
    you. See you on the 17th". The asking must name the plan's day and say it cannot be."""
    if x.granularity not in DAY_OR_FINER:
        return None
    day = x.start.date()
    said = f"{day.day}{'th' if 11 <= day.day <= 13 else _ORDINAL.get(day.day % 10, 'th')}"
    # The message that dates the plan may itself ask it off ("parents' evening on Thursday,
    # any chance I could move my 5:15?").
    # as chat writes the day: "the 16th", "tuesday", "6/16"
    for p in [
        m,
        *ctx.later_holding(f"{said} {day:%A} {day.month}/{day.day} {day.day}/{day.month}", m),
    ]:
        if p.conversation != m.conversation or not _CANNOT.search(p.text):
            continue
        if not (names_day(p, day, ctx) and "?" in p.text):
            continue
        # "can we push your start back a week to Mon 16th?" names a new day: a move, read as
        # one (moves.py), not a day asked off
        if any(
            y.granularity in DAY_OR_FINER
            and y.start > p.ts
            and (y.start.date() != day or _TARGET.search(p.text[: p.text.find(y.text)]))
            for y in ctx.mentions_of(p)
        ):
            continue
        turns = [t for t in ctx.turns_after(p)[:3] if t.session_id == p.session_id]
        dated = [
            (t, y)
            for t in turns
            for y in ctx.mentions_of(t)
            if y.granularity in DAY_OR_FINER and y.start > t.ts and y.start.date() != day
        ]
        if dated:
            # the day the last turn settles ("Mon 6/22 at 7:30 AM"), not its bare clock time
            last = [(t, y) for t, y in dated if t is dated[-1][0]]
            return next(((t, y) for t, y in last if y.granularity == "day"), last[-1])
    return None


_ORDINAL = {1: "st", 2: "nd", 3: "rd"}
_TARGET = re.compile(r"\b(?:to|till|until|into)\s+$", re.IGNORECASE)
# Saying a day cannot be: "can't get away that morning", "i'm away", "clashes with"
_CANNOT = re.compile(
    r"\b(?:can['’]?t|cannot|can\s+no\s+longer|won['’]?t\s+be\s+able|not\s+able|clash\w*|"
    r"no\s+longer|any\s+chance\s+(?:i|we)\s+could\s+(?:move|change|swap)|(?:could|can)\s+(?:i|we)\s+"
    r"(?:move|change|swap|reschedule|push)|something\s+(?:has\s+)?came?\s+up)\b",
    re.IGNORECASE,
)


def in_own_words(
    n: StoredMessage,
    plan: StoredMessage,
    wanted: set[str],
    day: date,
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> bool:
    """Whether `n`, or a turn of its session up to three before it, holds one of `wanted` or
    names the plan's `day` ("frames definitely not ready for the 11th" / "we can do friday the
    25th instead")."""
    # a chat named for the plan ("Quince de Vale") speaks of it in every turn: "ok everyone:
    # NEW DATE. Saturday October 24" moves the quince. A plan its message names so; not
    # "thanks for having me round yesterday" in "Kaveh (boiler)", whose install moves.
    if named_for(n.conversation, wanted & said_terms(plan.text), ctx):
        return True
    near = [p for p in ranked if p.session_id == n.session_id and 0 <= n.id - p.id <= 3]
    # "Oye mija, otra cosa. Chela me habló…" turns to another plan: the vet before it is not
    # what "we go to Monterrey in October instead?" moves
    shift = max((p.id for p in [n, *near] if _NEW_TOPIC.search(p.text)), default=None)
    near = [p for p in near if shift is None or p.id >= shift]
    return any(wanted & said_terms(p.text) or names_day(p, day, ctx) for p in [n, *near])


# A turn that opens another subject: "anyway", "another thing", "on another note", "btw".
_NEW_TOPIC = re.compile(
    r"^\W*(?:[^\W\d_]+\W+){0,2}?(?:another\s+thing|other\s+thing|otra\s+cosa|"
    r"on\s+another\s+note|anyway|anyways|btw|by\s+the\s+way|changing\s+the\s+subject|"
    r"unrelated|random\s+q(?:uestion)?|different\s+topic|side\s+note)\b",
    re.IGNORECASE,
)


def its_own_weekday(y: Mention, plan: Mention) -> bool:
    """ "hall's double booked w some antiques thing on the sunday", of a fair on Sunday 22nd:
    a weekday said bare, the plan's own, is the plan's day, not a new one."""
    return (
        y.granularity == "day"
        and plan.granularity in DAY_OR_FINER
        and not _EXPLICIT_DAY.search(y.text)
        and y.start.isoweekday() == plan.start.isoweekday()
    )


_EXPLICIT_DAY = re.compile(
    r"\d|january|february|march|april|may|june|july|august|september|october|november|"
    r"december|\b(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b|next|tomorrow|tmrw|today",
    re.IGNORECASE,
)


def in_month_of(y: Mention, plan: Mention, written: datetime) -> Mention:
    """A day said by its number alone, replacing a plan, is in the plan's month: "we move to
    the weekend after, 21st to 23rd", of a trip planned for 14 to 16 November."""
    if y.granularity != "day" or MONTH_NAMED.search(y.text):
        return y
    day = tx.safe_date(plan.start.year, plan.start.month, y.start.day)
    if day is None or day == y.start.date():
        return y
    shift = datetime.combine(day, y.start.time(), y.start.tzinfo) - y.start
    start, end = y.start + shift, y.end + shift
    ahead = "future" if start > written else "past" if end <= written else "present"
    return changed(y, start=start, end=end, direction=ahead)
