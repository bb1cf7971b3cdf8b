"""How long a stay lasted, from the days it is said to run: "thursday 22nd to monday 26th" is
four nights ("how many nights were we away on the coast?"), where no message says the number.
The days on which a message said "last night" count nothing of the kind."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from datetime import date, timedelta

from memory_store.models import StoredMessage

from .reading import ReaderContext, Reading, who
from .text import said_terms, short_day

__all__ = ["asks_of_stay", "stay_length"]


def asks_of_stay(question: str) -> bool:
    """ "how many nights were we *away*", "how many days did we *stay*": a length of time, not
    occasions ("how many nights out")."""
    return _STAY.search(question) is not None


def stay_length(
    unit: str, messages: Sequence[StoredMessage], topic: Collection[str], ctx: ReaderContext
) -> Reading | None:
    """The length in `unit` ("nights" or "days") of the latest stay a message on the `topic`
    (terms) says runs from one day to another; None when none says so."""
    on_topic = [m for m in messages if set(topic) & said_terms(m.text)]
    for m in sorted(on_topic, key=lambda m: (m.ts, m.id), reverse=True):
        run = _days_run(m, ctx)
        if run is None:
            continue
        first, last = run
        nights = (last - first).days
        if not 1 <= nights <= _LONGEST:
            continue
        n = nights if unit == "nights" else nights + 1
        said = f"{first:%A} {first.day} {first:%B} to {last:%A} {last.day} {last:%B}"
        text = f"{n} {unit} ({said}, as {who(m, ctx)} said on {short_day(m.ts)})."
        why = [f"the days a stay runs, said by the latest message that gives both: {said}"]
        return Reading(text, [m], "how_many", str(n), why=why)
    return None


def _days_run(m: StoredMessage, ctx: ReaderContext) -> tuple[date, date] | None:
    """The first and last day of a run of days the message says: one mention of several days
    ("from the 3rd till the 6th"), or two days joined by "to" ("thursday 22nd to monday
    26th", "away thursday to monday": the Monday after the Thursday)."""
    days = [x for x in ctx.mentions_of(m) if x.granularity == "day"]
    for x in days:
        if (x.end - x.start).days >= 2:
            return x.start.date(), (x.end - timedelta(days=1)).date()
    for a, b in zip(days, days[1:], strict=False):
        if not _TO.match(m.text[a.end_char : b.start_char]):
            continue
        first, last = a.start.date(), b.start.date()
        if last <= first and (first - last).days < 7:  # a weekday said after another
            last += timedelta(days=7)
        return first, last
    return None


_STAY = re.compile(
    r"\b(?:away|stay(?:ed|ing)?|spen[dt]|sle(?:ep|pt)|camp(?:ed|ing)?|holiday|there|gone)\b|"
    r"\b(?:was|were|am|are|is|will)\s+(?:i|we|you|he|she|they)\s+(?:be\s+)?(?:in|at|on)\b",
    re.IGNORECASE,
)
_TO = re.compile(r"^\s*(?:to|till|til|until|through|thru|-|–|—)\s*$", re.IGNORECASE)
# The longest stay read from its days: longer runs are terms and seasons, not stays.
_LONGEST = 30
