"""What every rule module shares: the context `Ctx`, the `Hit` a rule returns, the patterns."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime

from agent.plan import timeexpr as tx
from memory_store.query.table_ops import (
    TableOp,
)

# Returns the newest message time within [start, end] days, or None when there is none.
LatestTsFn = Callable[[date, date], datetime | None]

SESSION = r"(?:sessions?|discussions?|conversations?|chats?|talks?|meetings?|calls?)"
CARD = tx.CARDINAL
ORD = tx.ORDINAL
MONTH_ANY = tx.MONTH_ANY
WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
DAYNUM = tx.DAYNUM
ICASE = re.IGNORECASE
# "which saturday did the street party end up on?", "what friday is the opening?": the day
# right after the question word is what is asked, no day to filter on.
ASKED_DAY = re.compile(r"\b(?:which|what)\s+$", ICASE)


@dataclass
class Ctx:
    """What every rule needs: the clock, the known speakers, an optional data probe, and
    which speaker is the user (`--me`), so "what did I say" can filter on them."""

    now: datetime
    speakers: list[str] = field(default_factory=list)
    latest_ts_fn: LatestTsFn | None = None
    me: str | None = None

    @property
    def today(self) -> date:
        return self.now.date()

    def has_data(self, start: date, end: date) -> bool:
        return self.latest_ts_fn is None or self.latest_ts_fn(start, end) is not None


@dataclass
class Hit:
    """One recognised expression.

    kind: "session" (absolute session pick), "ordinal" (n-th session: absolute, or within a
    filter when the question has one), "within" (n-th session inside the filter), "day_abs"
    (a calendar date), "range_abs" (month/year/date span), "rel" (relative to now),
    "weekday" (a bare weekday name, `weekday` set), "filter", "speaker".
    """

    start: int
    end: int
    kind: str
    ops: list[TableOp]
    note: str
    n: int = 0
    weekday: int = 0
    removable: bool = True


def span_note(m: re.Match[str], what: str) -> str:
    return f"{m.group(0).strip()} → {what}"
