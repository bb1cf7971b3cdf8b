"""Temporal rules: time of day ("yesterday morning", "in the evening")."""

from __future__ import annotations

import re

from agent.plan import timeexpr as tx
from agent.plan.rules.common import (
    ICASE,
    WEEKDAY,
    Ctx,
    Hit,
    span_note,
)
from memory_store.query.table_ops import (
    TableOp,
    WhereDate,
    WhereTimeOfDay,
)

_PART = re.compile(
    r"\b(?P<pre>(?:in|during)\s+the\s+(?:early\s+|late\s+)?|at\s+|this\s+|that\s+)?"
    r"(?P<p>mornings?|afternoons?|evenings?|nights?|noon|lunchtime|midnight)\b",
    ICASE,
)
# A clause telling which night: "that night she got sick", "the morning we left"
_CLAUSE_AFTER = re.compile(r"\s+(?:i|we|you|he|she|they|it|my|our|his|her|their)\b", ICASE)
# "yesterday morning", "Tuesday evening": the day word is its own hit, the part follows it.
_DAY_BEFORE_PART = re.compile(rf"\b(?:yesterday|today|{WEEKDAY}s?)\s+$", ICASE)
# "6:30pm", and as British chat writes it, "6.30pm"
_CLOCK = (
    r"(?P<{0}h>\d{{1,2}})(?:[:.](?P<{0}m>[0-5]\d)(?!\.?\d))?\s*(?P<{0}ap>[ap]\.?m\.?|o'?clock)?"
    # "around 12.50 dollars" is a sum, "about 5.20 km" a distance
    r"(?!\s*(?:dollars?|pounds?|quid|euros?|bucks|k\b|km|kg|miles?|mi\b|%|percent))"
)
_CLOCK_REL = re.compile(
    r"\b(?P<w>after|before|since|past|around|about|at)\s+" + _CLOCK.format("a") + r"(?=\W|$)",
    ICASE,
)
_CLOCK_SPAN = re.compile(
    r"\b(?:between|from)\s+"
    + _CLOCK.format("a")
    + r"\s*(?:and|to|-|–|until|till)\s*"
    + _CLOCK.format("b")
    + r"(?=\W|$)",
    ICASE,
)


def find_time_of_day(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _PART.finditer(text):
        pre = (m.group("pre") or "").lower()
        if not pre and not _DAY_BEFORE_PART.search(text, 0, m.start()):
            continue  # "her morning routine" is content, not a time of day
        if pre.startswith("that") and _CLAUSE_AFTER.match(text, m.end()):
            continue  # "that night she got sick": an event's night, not the hour written
        start, end = tx.DAY_PARTS[m.group("p").lower().rstrip("s")]
        ops: list[TableOp] = [WhereTimeOfDay(start=start, end=end)]
        note = f"{start:%H:%M}–{end:%H:%M}"
        if pre.startswith("this"):
            ops.insert(0, WhereDate(start=ctx.today, end=ctx.today))
            note = f"{ctx.today} {note}"
        hits.append(Hit(*m.span(), "filter", ops, span_note(m, note)))
    for m in _CLOCK_SPAN.finditer(text):
        b = tx.clock_time(m, "b")
        a = tx.clock_time(m, "a", m.group("bap")) if b else None
        if a and b:
            op = WhereTimeOfDay(start=a, end=b)
            hits.append(Hit(*m.span(), "filter", [op], span_note(m, f"{a:%H:%M}–{b:%H:%M}")))
    for m in _CLOCK_REL.finditer(text):
        t = tx.clock_time(m, "a")
        if t is not None:
            a, b = tx.clock_window(m.group("w").lower(), t)
            op = WhereTimeOfDay(start=a, end=b)
            hits.append(Hit(*m.span(), "filter", [op], span_note(m, f"{op.start}–{op.end}")))
    return hits
