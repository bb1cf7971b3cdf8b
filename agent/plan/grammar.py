"""The English time grammar: anchors, the modifiers that compose over them, and session picks.

    anchor   := holiday | season | month part | weekend | nth weekday of a month
              | weekday of a nearby week | date | month | year
    span     := (before | prior to | until | up to | since | after) anchor | from anchor on
    pick     := ordinal [weekday | month | part of day] unit     "our second monday call"
              | ordinal time we <verb>                            "the last time we spoke"
              | (right | just) before/after ...                   "right before the trip"
    context  := pick (before | after) (anchor | event)            "... before the trip"

An anchor is parsed wherever it stands and resolved to days by agent.plan.anchors; a modifier
takes any anchor, so "the weekend before easter", "since easter", "the first weekend of june"
and "early last month" come from the same few parts. Each finding is a planner `Hit`; the
planner (agent.plan.planner) orders and settles them with the older rules, which still read
what this grammar leaves (plain dates, "last Friday", "3 days ago", session numbers). Picks and
parts of the day are in agent.plan.grammar_picks, anchors offset from anchors ("the day before
christmas") in agent.plan.grammar_offsets; the Japanese side is grammar_ja(_offsets).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from agent.plan import anchors as an
from agent.plan import timeexpr as tx
from agent.plan.rules import Ctx, Hit, resolve_day, resolve_month
from memory_store.query.table_ops import (
    WhereDate,
)

__all__ = ["GRAMMAR_RULES", "Anchor", "parse_anchor"]

_I = re.IGNORECASE
YEAR = tx.YEAR
ORD = tx.ORDINAL
WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
MONTH = tx.MONTH_ANY
UNIT = (
    r"(?:sessions?|conversations?|convos?|chats?|talks?|calls?|discussions?|meetings?"
    r"|catch[\s-]?ups?)"
)
VERB = r"(?:talked|spoke|spoken|chatted|discussed|met|talk|speak|chat|had\s+a\s+\w+)"
PICK_WORD = (
    rf"(?:{ORD}|last|final|latest|most\s+recent|earliest|previous|next|very\s+first"
    r"|very\s+last|second[\s-]+to[\s-]+last|next[\s-]+to[\s-]+last|penultimate)"
)
HOLIDAY = (
    r"(?:christmas\s+eve|(?:christmas|xmas)(?:\s+day)?|new\s+year(?:'?s'?)?\s+eve"
    r"|new\s+year(?:'?s'?)?(?:\s+day)?|valentine'?s'?(?:\s+day)?|easter(?:\s+(?:sunday|monday))?"
    r"|good\s+friday|halloween|thanksgiving(?:\s+day)?|independence\s+day|boxing\s+day"
    r"|golden\s+week)"
)
SEASON = r"(?:spring|summer|autumn|fall|winter)"
MONTH_REF = (
    r"(?:(?:last|this|previous|the\s+previous|the\s+past)\s+month"
    rf"|{MONTH}\b\.?(?:\s*,?\s*(?:of\s+)?{YEAR})?)"
)
DATE = (
    rf"(?:{MONTH}\.?\s+(?:the\s+)?{tx.DAYNUM}(?:\s*,?\s*{YEAR})?"
    rf"|(?:the\s+)?{tx.DAYNUM}\s+(?:of\s+)?{MONTH}\b\.?(?:\s*,?\s*{YEAR})?"
    r"|(?:19|20)\d{2}-\d{1,2}-\d{1,2})"
)
DAY = rf"(?:{HOLIDAY}(?:\s*,?\s*(?:of\s+)?{YEAR})?|{DATE})"
_PART_WORDS = {
    "early": "early", "beginning": "early", "start": "early", "mid": "mid", "middle": "mid",
    "late": "late", "end": "late", "first half": "first half", "second half": "second half",
}  # fmt: skip
MONTH_PART = (
    rf"(?:(?P<pw>early|mid|late)[\s-]+(?:in\s+)?(?P<pm>{MONTH_REF})"
    r"|(?:at\s+|towards?\s+|near\s+|by\s+)?(?:the\s+)?(?P<pw2>beginning|start|middle|end"
    rf"|first\s+half|second\s+half)\s+of\s+(?P<pm2>{MONTH_REF}))"
)


@dataclass(frozen=True)
class Anchor:
    """A time anchor resolved to a span of days (inclusive) and how it was read."""

    start: date
    end: date
    what: str


def clean(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower().replace("’", "'")).strip()


def _latest(ctx: Ctx, days_in: object, limit: date | None = None) -> tuple[date, date] | None:
    """The latest occurrence (by year) not after today, preferring one that holds messages."""
    assert callable(days_in)
    today = limit or ctx.today
    fallback = None
    for year in range(today.year, today.year - 7, -1):
        span = days_in(year)
        if span is None or span[0] > today:
            continue
        if fallback is None:
            fallback = span
        if ctx.has_data(*span):
            return span
    return fallback


def _holiday(ctx: Ctx, text: str) -> Anchor | None:
    t = clean(text)
    m = re.search(YEAR, t)
    year = int(m.group(0)) if m else None
    t = re.sub(rf"\s*,?\s*(?:of\s+)?{YEAR}", "", t).strip()
    t = t.replace("xmas", "christmas").replace("new years", "new year's")
    t = re.sub(r"new year(?:'?s'?)?", "new year's", t)
    t = re.sub(r"valentine'?s'?(?: day)?", "valentine's day", t)
    t = re.sub(r" (?:day|sunday)$", "", t) if t.startswith(("christmas", "easter s")) else t
    t = {"thanksgiving day": "thanksgiving", "new year's": "new year's day"}.get(t, t)
    fn = an.HOLIDAYS.get(t)
    if fn is None:
        return None
    span = fn(year) if year else _upcoming(ctx, fn) or _latest(ctx, fn)
    return Anchor(*span, t) if span else None


# A holiday this close ahead is the one meant: on 21 December, "over christmas" is in four days,
# not a year ago.
UPCOMING_DAYS = 31


def _upcoming(ctx: Ctx, days_in: object) -> tuple[date, date] | None:
    assert callable(days_in)
    for year in (ctx.today.year, ctx.today.year + 1):
        span = days_in(year)
        if span and ctx.today < span[0] <= ctx.today + timedelta(days=UPCOMING_DAYS):
            return span  # type: ignore[no-any-return]
    return None


def month_ref(ctx: Ctx, text: str) -> tuple[int, int] | None:
    t = clean(text).rstrip(".")
    if t.endswith("month"):
        shift = 0 if t.startswith("this") else -1
        return tx.month_shift(ctx.today, shift)
    m = re.fullmatch(rf"({MONTH})\.?(?:\s*,?\s*(?:of\s+)?({YEAR}))?", t, _I)
    if m is None:
        return None
    month = tx.MONTHS[
        m.group(1).lower()[:3] if not m.group(1).lower().startswith("sept") else "sep"
    ]
    return (int(m.group(2)) if m.group(2) else resolve_month(ctx, month)), month


def _date(ctx: Ctx, text: str) -> Anchor | None:
    # Inside the grammar a month name is never the verb "may" / "march".
    text = re.sub(rf"\b{MONTH}\b", lambda m: m.group(0).capitalize(), text, flags=_I)
    toks = tx.calendar_tokens(text, ctx.now)
    if len(toks) != 1:
        return None
    tok = toks[0]
    month, day = tok.month, tok.day
    if month is None or day is None:
        return None
    d = tx.safe_date(tok.year, month, day) if tok.year else resolve_day(ctx, month, day)
    return Anchor(d, d, str(d)) if d else None


def day_anchor(ctx: Ctx, text: str) -> Anchor | None:
    return _holiday(ctx, text) or _date(ctx, text)


def ordinal_value(word: str) -> int | None:
    w = clean(word).replace("very ", "")
    if w in ("last", "final", "latest", "most recent", "previous"):
        return -1
    if w in ("first", "earliest", "next"):
        return 1
    if re.fullmatch(r"(?:second|next)[\s-]+to[\s-]+last|penultimate", w):
        return -2
    return tx.parse_ordinal(w)


# --- anchors: each pattern, and how its match becomes days --------------------------------

_SEASON_RX = re.compile(
    rf"\b(?:(?P<w>this|last|this\s+past|the\s+past|the)\s+)?(?P<s>{SEASON})\b"
    rf"(?:\s*,?\s*(?:of\s+)?(?P<y>{YEAR}))?",
    _I,
)
_MONTH_PART_RX = re.compile(rf"\b{MONTH_PART}", _I)
_NTH_WEEKDAY_RX = re.compile(
    rf"\b(?:the\s+)?(?P<o>{ORD}|last|final)\s+(?P<wd>{WEEKDAY})\s+(?:{UNIT}\s+)?(?:of|in)\s+"
    rf"(?P<m>{MONTH_REF})|\b(?P<m2>{MONTH_REF})'s\s+(?P<o2>{ORD}|last|final)\s+(?P<wd2>{WEEKDAY})",
    _I,
)
_WEEKEND_RX = re.compile(
    rf"\b(?:the\s+|that\s+)?weekend\s+(?P<rel>of|before|after|prior\s+to|following)\s+"
    rf"(?:the\s+)?(?P<d>{DAY})(?:\s*[-–]\s*\d{{1,2}}(?:st|nd|rd|th)?\b)?"
    rf"|\b(?:the\s+|that\s+)?(?P<o>{ORD}|last|final)\s+weekend\s+(?:of|in)\s+(?P<m>{MONTH_REF})",
    _I,
)
_WEEK_WEEKDAY_RX = re.compile(
    rf"\b(?:on\s+)?(?P<wd>{WEEKDAY})\s+(?:of\s+)?(?P<w>this|last)\s+week\b"
    rf"|\b(?:(?:earlier|on)\s+)?(?P<w2>this|last)\s+week(?:'s|\s+on)\s+(?P<wd2>{WEEKDAY})"
    rf"|\b(?:on\s+)?(?P<wd3>{WEEKDAY})\s+(?P<n>{tx.CARDINAL})\s+weeks?\s+ago"
    rf"|\b(?:on\s+)?the\s+(?P<wd4>{WEEKDAY})\s+before\s+last\b"
    rf"|\b(?:on\s+)?the\s+(?:second[\s-]+to[\s-]+last|penultimate)\s+(?P<wd5>{WEEKDAY})\b",
    _I,
)
_HOLIDAY_THING = rf"(?!\s+{an.HOLIDAY_THING}\b)"
_HOLIDAY_RX = re.compile(
    rf"(?<!for )(?<!for the )\b{HOLIDAY}(?:\s*,?\s*(?:of\s+)?{YEAR})?\b{_HOLIDAY_THING}", _I
)


def _season(ctx: Ctx, m: re.Match[str]) -> Anchor | None:
    name = m.group("s").lower()
    which = clean(m.group("w") or "")
    if name == "fall" and not which and not m.group("y"):
        return None  # "fall" alone is a verb as often as a season
    if m.group("y"):
        y = int(m.group("y"))
        start, end = an.season(name, y)
    else:
        start, end = an.season_for(name, ctx.today, "last" if which == "last" else "this")
    return Anchor(start, end, f"{name} {start:%Y}")


def _month_part(ctx: Ctx, m: re.Match[str]) -> Anchor | None:
    ym = month_ref(ctx, m.group("pm") or m.group("pm2"))
    if ym is None:
        return None
    part = _PART_WORDS[clean(m.group("pw") or m.group("pw2"))]
    start, end = an.month_part(*ym, part)
    return Anchor(start, end, f"{part} {start:%B %Y}")


def _nth_weekday(ctx: Ctx, m: re.Match[str]) -> Anchor | None:
    ym = month_ref(ctx, m.group("m") or m.group("m2"))
    n = ordinal_value(m.group("o") or m.group("o2"))
    if ym is None or not n:
        return None
    wd = tx.WEEKDAYS[(m.group("wd") or m.group("wd2")).lower()]
    d = an.nth_weekday(*ym, wd, n)
    return Anchor(d, d, f"{d:%A} {d}") if d else None


def _weekend(ctx: Ctx, m: re.Match[str]) -> Anchor | None:
    if m.group("d"):
        day = day_anchor(ctx, m.group("d"))
        if day is None:
            return None
        rel = clean(m.group("rel"))
        fn = {"of": an.weekend_of, "after": an.weekend_after, "following": an.weekend_after}
        start, end = fn.get(rel, an.weekend_before)(day.start if rel != "after" else day.end)
    else:
        ym, n = month_ref(ctx, m.group("m")), ordinal_value(m.group("o"))
        span = an.nth_weekend(*ym, n) if ym and n else None
        if span is None:
            return None
        start, end = span
    return Anchor(start, end, f"the weekend {start}–{end}")


def _week_weekday(ctx: Ctx, m: re.Match[str]) -> Anchor | None:
    g = m.groupdict()
    if g["wd4"] or g["wd5"]:
        wd = tx.WEEKDAYS[(g["wd4"] or g["wd5"]).lower()]
        d = tx.previous_weekday(tx.previous_weekday(ctx.today, wd), wd)
        return Anchor(d, d, f"{d:%A} {d}")
    if g["wd3"]:
        n = tx.parse_cardinal(g["n"])
        back, wd = (n or 0), tx.WEEKDAYS[g["wd3"].lower()]
    else:
        back = 0 if clean(g["w"] or g["w2"]) == "this" else 1
        wd = tx.WEEKDAYS[(g["wd"] or g["wd2"]).lower()]
    d = an.week_weekday(ctx.today, back, wd)
    return Anchor(d, d, f"{d:%A} {d}")


def _holiday_match(ctx: Ctx, m: re.Match[str]) -> Anchor | None:
    return _holiday(ctx, m.group(0))


_MONTH_YEAR_RX = re.compile(
    rf"\b(?P<m>{MONTH})\s+(?:of\s+)?(?P<w>last|this)\s+year\b|\b(?P<w2>last|this)\s+year'?s\s+"
    rf"(?P<m2>{MONTH})\b",
    _I,
)


def _month_year(ctx: Ctx, m: re.Match[str]) -> Anchor | None:
    word = (m.group("m") or m.group("m2")).lower()
    month = tx.MONTHS[word[:3] if not word.startswith("sept") else "sep"]
    year = ctx.today.year - (1 if (m.group("w") or m.group("w2")).lower() == "last" else 0)
    start, end = tx.month_bounds(year, month)
    return Anchor(start, end, f"{start:%B %Y}")


_COMPLEX = [
    (_WEEKEND_RX, _weekend),
    (_NTH_WEEKDAY_RX, _nth_weekday),
    (_MONTH_PART_RX, _month_part),
    (_WEEK_WEEKDAY_RX, _week_weekday),
    (_MONTH_YEAR_RX, _month_year),
]
_SIMPLE = [
    (_SEASON_RX, _season),
    (_HOLIDAY_RX, _holiday_match),
]
_ANCHORS = _COMPLEX + _SIMPLE


def parse_anchor(text: str, ctx: Ctx, pos: int = 0) -> tuple[int, Anchor] | None:
    """The anchor that starts at `pos` (leading spaces and "the" allowed) and where it ends."""
    best: tuple[int, Anchor] | None = None
    for rx, fn in _ANCHORS:
        m = rx.match(text, pos)
        if m is not None and (best is None or m.end() > best[0]):
            a = fn(ctx, m)
            if a is not None:
                best = (m.end(), a)
    return best


def find_complex_anchors(text: str, ctx: Ctx) -> list[Hit]:
    """Anchors built over other anchors ("the weekend before easter"): they claim first."""
    return _find(text, ctx, _COMPLEX)


def find_simple_anchors(text: str, ctx: Ctx) -> list[Hit]:
    return _find(text, ctx, _SIMPLE)


def _find(text: str, ctx: Ctx, table: list) -> list[Hit]:  # type: ignore[type-arg]
    hits = []
    for rx, fn in table:
        for m in rx.finditer(text):
            a = fn(ctx, m)
            if a is not None:
                hits.append(range_hit(m.start(), m.end(), text, a.start, a.end, a.what))
    return hits


def range_hit(start: int, end: int, text: str, a: date, b: date, what: str) -> Hit:
    span = " ".join(text[start:end].split())
    days = str(a) if a == b else f"{a}–{b}"
    kind = "day_abs" if a == b else "range_abs"
    return Hit(start, end, kind, [WhereDate(start=a, end=b)], f"{span} → {what}: {days}")


# --- open spans: before / after / since / until any anchor --------------------------------

_OPEN_RX = re.compile(
    r"\b(?P<w>before|prior\s+to|until|till|up\s+(?:to|until)|since|after|from|around|circa"
    r"|roughly|close\s+to)\s+(?:the\s+)?",
    _I,
)
_ONWARDS = re.compile(r"\s+(?:on(?:wards?)?|and\s+after)\b(?!\s+(?:the|a|an)\b)", _I)
_FAR_PAST = date(1900, 1, 1)


def open_target(text: str, ctx: Ctx, pos: int) -> tuple[int, Anchor] | None:
    """An anchor after a modifier: the grammar's own, a year, or a date ("from may 27 on")."""
    found = parse_anchor(text, ctx, pos)
    if found:
        return found
    m = re.compile(rf"(?P<y>{YEAR})\b|{DATE}", _I).match(text, pos)
    if m is None:
        return None
    if m.group("y"):
        y = int(m.group("y"))
        return m.end(), Anchor(date(y, 1, 1), date(y, 12, 31), str(y))
    d = _date(ctx, m.group(0))
    return (m.end(), d) if d else None


def find_open_spans(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _OPEN_RX.finditer(text):
        found = open_target(text, ctx, m.end())
        if found is None:
            continue
        end, a = found
        w = clean(m.group("w"))
        onwards = _ONWARDS.match(text, end)
        if w == "from":
            if onwards is None:
                continue  # "from X to Y" is a span the calendar rules read
            end = onwards.end()
        elif (
            not _is_grammar_anchor(text, ctx, m.end())
            and w not in ("before", "after", "around", "circa", "roughly", "close to")
            and not re.match(rf"{YEAR}\b", text[m.end() :])
        ):
            continue  # "since May 8", "until June": the calendar rules read these
        if w in ("before", "prior to"):
            lo, hi = _FAR_PAST, a.start - timedelta(days=1)
        elif w in ("until", "till", "up to", "up until"):
            lo, hi = _FAR_PAST, a.end
        elif w == "after":
            lo, hi = a.end + timedelta(days=1), max(ctx.today, a.end + timedelta(days=1))
        elif w in ("around", "circa", "roughly", "close to"):  # a few days either side
            lo, hi = a.start - timedelta(days=3), a.end + timedelta(days=3)
        else:
            lo, hi = a.start, max(ctx.today, a.start)
        hits.append(range_hit(m.start(), end, text, lo, hi, f"{w} {a.what}"))
    return hits


def _is_grammar_anchor(text: str, ctx: Ctx, pos: int) -> bool:
    return parse_anchor(text, ctx, pos) is not None


_DAY_SPAN_RX = re.compile(
    rf"\b(?:between|from)\s+the\s+(?P<a>{ORD})\s+(?:and|to|until|till|through|thru|-|–)\s+"
    rf"(?:the\s+)?(?P<b>{ORD})\b(?!\s+(?:of\s+)?{MONTH}|\s+{UNIT})(?P<t>\s+(?:of\s+)?this\s+month)?",
    _I,
)


def find_day_spans(text: str, ctx: Ctx) -> list[Hit]:
    """ "between the 3rd and the 10th": days of the latest month that has both behind it."""
    hits = []
    for m in _DAY_SPAN_RX.finditer(text):
        a, b = tx.parse_ordinal(m.group("a")), tx.parse_ordinal(m.group("b"))
        if not (a and b and a <= b <= 31):
            continue
        y, mo = ctx.today.year, ctx.today.month
        if a > ctx.today.day:
            y, mo = tx.month_shift(ctx.today, -1)
        start, end = tx.safe_date(y, mo, a), tx.safe_date(y, mo, b)
        if start and end:
            hits.append(range_hit(m.start(), m.end(), text, start, end, f"{start:%B %Y}"))
    return hits


# Session picks and parts of the day are agent.plan.grammar_picks'; the planner runs
# grammar_picks.PART_OF_RULES, these, then grammar_picks.PICK_RULES.
GRAMMAR_RULES = [
    find_complex_anchors,
    find_open_spans,
    find_simple_anchors,
    find_day_spans,
]
