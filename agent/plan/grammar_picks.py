"""The English time grammar's session picks and parts of the day (see agent.plan.grammar).

pick     := ordinal [weekday | month [year] | part of day | weekend] unit
          | ordinal time [we <verb>] | when we (last | first) <verb> | the time before last
          | (right | just) before/after ...
context  := pick (before | after) (anchor | event)     "the last time we spoke before the trip"
parts    := the <part> of <day> | [month] [weekday | weekend] <parts> | <part> <units>
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from agent.plan import timeexpr as tx
from agent.plan.grammar import (
    DAY,
    MONTH,
    ORD,
    PICK_WORD,
    UNIT,
    VERB,
    WEEKDAY,
    YEAR,
    clean,
    day_anchor,
    open_target,
    ordinal_value,
    range_hit,
)
from agent.plan.rules import Ctx, Hit, resolve_month
from memory_store.query.table_ops import (
    After,
    Before,
    SessionRange,
    TableOp,
    WhereDate,
    WhereMonth,
    WhereTimeOfDay,
    WhereWeekday,
)

__all__ = ["PART_OF_RULES", "PICK_RULES"]

_I = re.IGNORECASE
CARDINAL = tx.CARDINAL


# --- session picks: "our second monday call", "the last time we spoke before the trip" -----

_QUAL = (
    rf"(?P<q>{WEEKDAY}|(?P<qm>{tx.MONTH_FULL})(?:\s+(?P<qmy>{YEAR}))?|(?P<qy>{YEAR})"
    r"|morning|afternoon|evening|night|weekend)"
)
_PICK_RX = re.compile(
    rf"\b(?:(?:in|during|from|on|at)\s+)?(?:the\s+|our\s+|my\s+|that\s+)?(?P<o>{PICK_WORD})\s+"
    rf"(?:{_QUAL}\s+)?(?:{UNIT}\b(?:\s+(?:that\s+)?we\s+had\b)?"
    rf"|time\b(?:\s+(?:that\s+)?(?:we|you\s+and\s+i|i)\s+(?:\w+\s+)?{VERB}\b)?)"
    r"|\b(?P<o2>right|just|immediately)(?=\s+(?:before|after)\b)"
    rf"|\b(?:when|the\s+time)\s+(?:we|you\s+and\s+i|i)\s+(?P<o3>last|first)\s+{VERB}\b"
    r"|\b(?:the\s+)?(?P<o4>time|one|chat|call|conversation)\s+before\s+(?:the\s+)?last\b",
    _I,
)
_LAST_TIMES = re.compile(
    rf"\b(?:(?:in|during|over)\s+)?(?:the\s+|our\s+)?(?:last|past|previous|latest)\s+"
    rf"(?P<n>{CARDINAL})\s+(?:times|{UNIT})\b(?:\s+(?:that\s+)?we\s+{VERB}\b)?",
    _I,
)
_IDIOM = re.compile(r"\b(?:for|at)\s+(?:the\s+)?$", _I)
# "time i swam", "time that we went": someone did something, other than talk (the pick's own
# verbs, which _PICK_RX takes along).
_DID = re.compile(r"\s+(?:that\s+)?(?:i|we|you|he|she|they)\s+[a-z]", _I)
# The question's own deed, done by someone, before the pick: "did the plumber come back", "did
# we go climbing"; not talk ("did we talk", "did aki say"), which a session pick is of.
_DEED = re.compile(
    rf"\b(?:did|does|do|has|have|had)\s+(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+)?"
    rf"[a-z]+\s+(?!(?:{VERB}|say|said|tell|told|mention(?:ed)?|ask(?:ed)?|text(?:ed)?|write|"
    rf"wrote|message(?:d)?|call(?:ed)?)\b)[a-z]+",
    _I,
)
# The words of a question about what was said, of which a bare "the second time" picks a chat.
_TALK = re.compile(
    rf"\b(?:{VERB}|talk(?:ing|s)?|chats?|discuss(?:ion)?|convo|conversation|call|say|said|says|"
    r"tell|told|mention(?:ed)?|ask(?:ed)?|text(?:ed)?|messag(?:e|ed)|wr[io]te|brought\s+up|"
    r"bring\s+up|go\s+over|went\s+over|about)\b",
    _I,
)
_CONTEXT_RX = re.compile(r"\s*,?\s*(?P<w>before|after|prior\s+to|following)\s+(?:the\s+)?", _I)
_EVENT_TAIL = re.compile(
    r"(?P<e>(?!(?:that|this|it|then|last)\b)[^,?.!;]{2,80}?)\s*(?=[,?.!;]|$)", _I
)


def find_picks(text: str, ctx: Ctx) -> list[Hit]:
    hits: list[Hit] = []
    for m in _PICK_RX.finditer(text):
        if m.group("o") and _IDIOM.search(text, 0, m.start("o")):
            continue  # "for the first time", "at the last time"
        if m.group("o") and m.group(0).lower().endswith("time") and _DID.match(text, m.end()):
            continue  # "the first time i swam at fenmere": an event's first time, not a chat's
        if m.group("o") and m.group(0).lower().endswith("time") and _DEED.search(text[: m.start()]):
            continue  # "when did the plumber come back the second time?": his second visit
        if m.group("o") and m.group(0).lower().endswith("time") and not _TALK.search(text):
            # "why were the units late the second time round?": the second time they were
            # late; a chat is picked by a question about what was said in it
            continue
        if m.group("o2"):
            n = -1 if re.match(r"\s+before", text[m.end() :], _I) else 1
        elif m.group("o3"):
            n = -1 if m.group("o3").lower() == "last" else 1
        elif m.group("o4"):
            n = -2
        else:
            n = ordinal_value(m.group("o")) or 0
            if clean(m.group("o")) == "next":
                n = 1
        if not n:
            continue
        what = "the last session" if n == -1 else f"session #{n} in order"
        end = m.end()
        hits.extend(_qualifier(m, ctx))
        ctx_m = _CONTEXT_RX.match(text, end)
        if ctx_m is not None:
            event = _event(text, ctx, ctx_m)
            if event is not None:
                hits.append(event)
        pick_end = m.start("q") if m.group("q") else end
        note = f"{m.group(0).strip()} → {what}"
        hits.append(Hit(m.start(), pick_end, "ordinal", [], note, n=n))
    for m in _LAST_TIMES.finditer(text):
        k = tx.parse_cardinal(m.group("n"))
        if k:
            note = f"{' '.join(m.group(0).split())} → the last {k} sessions"
            hits.append(Hit(*m.span(), "session", [SessionRange(a=-k, b=-1)], note))
    return hits


def _qualifier(m: re.Match[str], ctx: Ctx) -> list[Hit]:
    q = m.group("q")
    if not q:
        return []
    ql = q.lower()
    if ql in tx.WEEKDAYS:
        wd = tx.WEEKDAYS[ql]
        op: TableOp = WhereWeekday(days=[wd])
        note = f"{q} → any {tx.WEEKDAY_NAMES[wd]}"
        return [Hit(m.start("q"), m.end(), "filter", [op], note, weekday=wd)]
    span = (m.start("q"), m.end())
    if ql == "weekend":
        return [Hit(*span, "filter", [WhereWeekday(days=[6, 7])], f"{q} → Sat–Sun")]
    if ql in tx.DAY_PARTS:
        lo, hi = tx.DAY_PARTS[ql]
        op2 = WhereTimeOfDay(start=lo, end=hi)
        return [Hit(*span, "filter", [op2], f"{q} → {lo:%H:%M}–{hi:%H:%M}")]
    if m.group("qy"):
        y = int(m.group("qy"))
        op3 = WhereDate(start=date(y, 1, 1), end=date(y, 12, 31))
        return [Hit(*span, "range_abs", [op3], f"{q} → {y}")]
    month = tx.MONTHS[m.group("qm").lower()[:3]]
    year = int(m.group("qmy")) if m.group("qmy") else resolve_month(ctx, month)
    op4 = WhereMonth(month=month, year=year)
    return [Hit(*span, "range_abs", [op4], f"{q} → {year}-{month:02d}")]


def _event(text: str, ctx: Ctx, m: re.Match[str]) -> Hit | None:
    """ "... before the trip": an anchor is a span the open-span rule reads; else an event."""
    if open_target(text, ctx, m.end()) is not None:
        return None
    if re.match(rf"(?:{MONTH}|{WEEKDAY}|\d|{ORD}\b|last\b|yesterday|today)", text[m.end() :], _I):
        return None
    e = _EVENT_TAIL.match(text, m.end())
    if e is None:
        return None
    event = text[m.start("w") : e.end()].strip()
    event = re.sub(r"^(?:before|after|prior\s+to|following)\s+", "", event, flags=_I).strip()
    w = clean(m.group("w"))
    op: TableOp = Before(event=event) if w in ("before", "prior to") else After(event=event)
    return Hit(m.start("w"), e.end(), "filter", [op], f"{w} {event} → {w} the time of '{event}'")


# --- parts of the day across days: "march mornings", "the evening of march 5th" ------------

_PART_OF_RX = re.compile(
    rf"\b(?:on\s+)?the\s+(?P<p>morning|afternoon|evening|night)\s+of\s+(?:the\s+)?(?P<d>{DAY})",
    _I,
)


def find_parts_of(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _PART_OF_RX.finditer(text):
        a = day_anchor(ctx, m.group("d"))
        if a is None:
            continue
        lo, hi = tx.DAY_PARTS[m.group("p").lower()]
        ops: list[TableOp] = [WhereDate(start=a.start, end=a.end), WhereTimeOfDay(start=lo, end=hi)]
        note = f"{' '.join(m.group(0).split())} → {a.start} {lo:%H:%M}–{hi:%H:%M}"
        hits.append(Hit(m.start(), m.end(), "day_abs", ops, note))
    return hits


_PLURAL_PART_RX = re.compile(
    rf"\b(?:(?:on|in|during)\s+(?:the\s+)?)?(?:(?P<mo>{tx.MONTH_FULL})\s+)?(?P<wk>weekday\s+|weekend\s+)?"
    r"(?P<p>mornings|afternoons|evenings|nights)\b"
    rf"|\b(?P<wk2>weekday\s+|weekend\s+)?(?P<p2>morning|afternoon|evening|night)\s+{UNIT}",
    _I,
)


# What may stand before "mornings"/"nights" when they are a time of day: "on the evenings",
# "late nights", "my mornings", "friday nights".
_BEFORE_PARTS = frozenset(
    re.findall(
        r"\S+",
        "on in during the those these my our their his her your all some most late early at of "
        "what which about chat talk talked talking say said message messages",
    )
)


def find_plural_parts(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _PLURAL_PART_RX.finditer(text):
        at = m.start("p")
        before = re.findall(r"[\w']+", text[max(0, at - 40) : at].lower())[-1:] if at >= 0 else []
        if (
            before
            and not (m.group("mo") or m.group("wk"))
            and before[0] not in _BEFORE_PARTS
            and before[0].rstrip("s") not in tx.WEEKDAYS
        ):
            continue  # "how many game nights", "movie nights": an event, not a time of day
        if (
            m.group("p2")
            and re.match(r"\s*$", text[: m.start()]) is None
            and not re.search(
                r"(?:our|the|my|those|these|\bin)\s+(?:\w+\s+)?$", text[: m.start()], _I
            )
        ):
            continue
        part = (m.group("p") or m.group("p2")).lower().rstrip("s")
        lo, hi = tx.DAY_PARTS[part]
        ops: list[TableOp] = [WhereTimeOfDay(start=lo, end=hi)]
        wk = (m.group("wk") or m.group("wk2") or "").strip().lower()
        if wk:
            ops.insert(0, WhereWeekday(days=[1, 2, 3, 4, 5] if wk == "weekday" else [6, 7]))
        note = f"{' '.join(m.group(0).split())} → {lo:%H:%M}–{hi:%H:%M}"
        if m.group("mo"):
            month = tx.MONTHS[m.group("mo").lower()[:3]]
            year = resolve_month(ctx, month)
            ops.insert(0, WhereMonth(month=month, year=year))
            note += f" in {year}-{month:02d}"
        hits.append(Hit(m.start(), m.end(), "filter", ops, note))
    return hits


_WEEKENDS_RX = re.compile(
    r"\b(?:(?:on|at|over|during|in)\s+)?(?:the\s+)?(?P<w>weekends|weekdays)\b"
    rf"|\b(?:on|at|over|during)\s+the\s+(?P<w1>weekend)\b(?=\s+(?:in|of|during)\s+(?:{MONTH}|last|this))",
    _I,
)


def find_weekends(text: str, ctx: Ctx) -> list[Hit]:
    """ "on weekends in april", "at the weekend in march": any Saturday or Sunday."""
    hits = []
    for m in _WEEKENDS_RX.finditer(text):
        weekdays = (m.group("w") or "").lower() == "weekdays"
        days = [1, 2, 3, 4, 5] if weekdays else [6, 7]
        what = "Monday–Friday" if weekdays else "Saturday and Sunday"
        note = f"{' '.join(m.group(0).split())} → any {what}"
        hits.append(Hit(*m.span(), "filter", [WhereWeekday(days=days)], note))
    return hits


_THE_WEEKEND_RX = re.compile(
    r"\b(?:on|at|over)\s+the\s+weekend\b(?!\s+(?:of|before|after|prior|following|in|during)\b)",
    _I,
)


def find_the_weekend(text: str, ctx: Ctx) -> list[Hit]:
    """ "what did we talk about on the weekend": the latest weekend we talked on."""
    hits = []
    for m in _THE_WEEKEND_RX.finditer(text):
        sunday = tx.recent_weekday(ctx.today, 7)
        for _ in range(8):
            if ctx.has_data(sunday - timedelta(days=1), sunday):
                break
            sunday -= timedelta(days=7)
        else:
            sunday = tx.recent_weekday(ctx.today, 7)
        a = sunday - timedelta(days=1)
        hits.append(range_hit(m.start(), m.end(), text, a, sunday, "the latest weekend"))
    return hits


PART_OF_RULES = [find_parts_of]
PICK_RULES = [find_picks, find_plural_parts, find_weekends, find_the_weekend]
