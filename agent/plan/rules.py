"""Regex rules that find temporal expressions in a question and turn each into table ops.

Each `find_*` function scans the question and returns `Hit`s: a character span, the ops it
stands for, a human-readable note, and a `kind` that `agent.plan` uses to order the ops and
to settle conflicts. Rules run in priority order and a later rule never claims characters an
earlier one took, so "the session before last" is not also read as "last".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from agent.plan import timeexpr as tx
from memory_store.query.table_ops import (
    ExcludeCurrent,
    NthSession,
    NthWithin,
    RelativeSession,
    SessionRange,
    TableOp,
    WhereDate,
    WhereMonth,
    WhereTimeOfDay,
    WhereWeekday,
)

# Returns the newest message time within [start, end] days, or None when there is none.
LatestTsFn = Callable[[date, date], datetime | None]

SESSION = r"(?:sessions?|discussions?|conversations?|chats?|talks?|meetings?|calls?)"
CARD = tx.CARDINAL
ORD = tx.ORDINAL
MONTH_ANY = tx.MONTH_ANY
WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
DAYNUM = tx.DAYNUM
_I = re.IGNORECASE


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


def _span_note(m: re.Match[str], what: str) -> str:
    return f"{m.group(0).strip()} → {what}"


# --- sessions ----------------------------------------------------------------------------

_SESSION_SPAN = [
    re.compile(
        rf"\b(?:(?:over|during|in|from|across|between|for)\s+)?(?:the\s+)?{SESSION}\s+"
        rf"(?:#\s*)?(?P<a>\d+|{CARD})\s*(?:-|–|to|through|thru|until|and)\s*"
        rf"(?:{SESSION}\s+)?(?:#\s*)?(?P<b>\d+|{CARD})\b",
        _I,
    ),
    re.compile(
        rf"\b(?:(?:over|during|in|from|across|between|for)\s+)?(?:the\s+|our\s+)?(?P<a>{ORD})"
        rf"(?:\s+{SESSION})?\s*(?:-|–|to|through|thru|until|and)\s*(?:the\s+)?(?P<b>{ORD})"
        rf"\s+{SESSION}",
        _I,
    ),
]
_SESSION_LAST_N = re.compile(
    rf"\b(?:(?:over|during|in|across|for)\s+)?(?:the|our)\s+(?P<which>last|past|previous|"
    rf"latest|most\s+recent|first)\s+(?P<n>{CARD})\s+{SESSION}",
    _I,
)


def find_session_spans(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for rx in _SESSION_SPAN:
        for m in rx.finditer(text):
            a, b = tx.parse_number(m.group("a")), tx.parse_number(m.group("b"))
            if a and b and a <= b:
                op = SessionRange(a=a, b=b)
                hits.append(Hit(*m.span(), "session", [op], _span_note(m, f"sessions {a}–{b}")))
    for m in _SESSION_LAST_N.finditer(text):
        n = tx.parse_cardinal(m.group("n"))
        if not n:
            continue
        first = m.group("which").lower() == "first"
        op = SessionRange(a=1, b=n) if first else SessionRange(a=-n, b=-1)
        what = f"sessions 1–{n}" if first else f"the last {n} sessions"
        hits.append(Hit(*m.span(), "session", [op], _span_note(m, what)))
    return hits


_SESSIONS_AGO = re.compile(rf"\b(?P<n>{CARD})\s+{SESSION}\s+(?:ago|back|before\s+(?:this|now))", _I)
_BEFORE_LAST = re.compile(
    rf"\b(?:not\s+(?:the|our)\s+(?:last|latest|most\s+recent)\s+{SESSION}\s*,?\s*but\s+"
    rf"the\s+one\s+before(?:\s+(?:that|it))?"
    rf"|(?:the\s+|our\s+)?(?:{SESSION}|one)\s+before\s+(?:the\s+)?last(?:\s+{SESSION}|\s+one)?"
    rf"|(?:the\s+|our\s+)?(?:second[\s-]+(?:to|from)[\s-]+(?:the\s+)?last|next[\s-]+to[\s-]+last"
    rf"|penultimate)\s+(?:{SESSION}|time))",
    _I,
)


def find_relative_sessions(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _SESSIONS_AGO.finditer(text):
        n = tx.parse_cardinal(m.group("n"))
        if n:
            # "1 session ago" is the latest session: history is read from outside it.
            what = f"the session {n} back (1 = the latest)"
            hits.append(Hit(*m.span(), "session", [RelativeSession(k=n - 1)], _span_note(m, what)))
    for m in _BEFORE_LAST.finditer(text):
        note = _span_note(m, "the second-to-last session")
        hits.append(Hit(*m.span(), "within", [NthWithin(n=-2)], note))
    return hits


_ORDINAL_SESSION = re.compile(
    rf"\b(?:(?:in|during|from|on|at)\s+)?(?:the\s+|our\s+|my\s+)?(?:very\s+)?"
    rf"(?P<o>{ORD}|last|final|latest|most\s+recent|previous|first)\s+{SESSION}\b",
    _I,
)
_SESSION_NUMBER = re.compile(
    rf"\b(?:(?:in|during|from)\s+)?(?:session|conversation|discussion|chat|meeting)\s+"
    rf"(?:number\s+|no\.?\s*|#\s*)?(?P<n>\d+|{CARD})\b(?!\s*(?:-|–|to|through|and)\b)",
    _I,
)
# "the last time we talked" is a session; "the last time Mel mentioned X" asks for a mention.
_TIME_WE = re.compile(
    r"\b(?:(?:in|during)\s+)?(?:the\s+|our\s+)?(?:very\s+)?(?P<o>first|last|previous|latest|"
    r"most\s+recent)\s+time\b(?P<tail>\s+(?:that\s+)?(?:we|you\s+and\s+i|i)\s+(?:\w+\s+)?"
    r"(?:talked|spoke|chatted|discussed|met|talk|speak|chat|had\s+a\s+\w+)|\s*(?=[?.!,]|$))",
    _I,
)
_LATEST = {"last", "final", "latest", "most recent", "previous"}


def _ordinal_value(word: str) -> int | None:
    w = re.sub(r"\s+", " ", word.lower())
    if w in _LATEST:
        return -1
    return tx.parse_ordinal(w)


_IDIOM = re.compile(r"\b(?:for|at)\s+(?:the\s+)?$", _I)


def find_ordinal_sessions(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for rx in (_ORDINAL_SESSION, _TIME_WE):
        for m in rx.finditer(text):
            if rx is _TIME_WE and _IDIOM.search(text, 0, m.start("o")):
                continue  # "tried it for the first time", "at the last time" are idioms
            n = _ordinal_value(m.group("o"))
            if n:
                what = "the last session" if n == -1 else f"session #{n} in order"
                hits.append(Hit(*m.span(), "ordinal", [], _span_note(m, what), n=n))
    for m in _SESSION_NUMBER.finditer(text):
        n = tx.parse_number(m.group("n"))
        if n:
            hits.append(Hit(*m.span(), "session", [NthSession(n=n)], _span_note(m, f"session {n}")))
    return hits


# --- days relative to now ------------------------------------------------------------------

_EARLIER_TODAY = re.compile(
    r"\b(?:earlier|before\s+now)\s+(?:today|this\s+morning|this\s+afternoon|this\s+evening|"
    r"in\s+the\s+(?:morning|day|afternoon))\b|\b(?:earlier\s+)?today\s+before\s+this\b",
    _I,
)


def find_earlier_today(text: str, ctx: Ctx) -> list[Hit]:
    t = ctx.today
    ops: list[TableOp] = [WhereDate(start=t, end=t), ExcludeCurrent()]
    return [
        Hit(*m.span(), "rel", ops, _span_note(m, f"{t}, before the current session"))
        for m in _EARLIER_TODAY.finditer(text)
    ]


_UNIT = r"(?P<unit>days?|weeks?|months?|years?)"
_AGO = re.compile(rf"\b(?P<n>{CARD})\s+{_UNIT}\s+(?:ago|back|before\s+(?:today|now))\b", _I)
_PAST_N = re.compile(
    rf"\b(?:(?:over|during|in|within|for|from)\s+)?(?:the\s+|this\s+)?(?:last|past|previous|"
    rf"prior|recent)\s+(?:(?P<n>{CARD})\s+)?{_UNIT}\b",
    _I,
)
_DAY_WORDS = re.compile(
    r"\b(?P<w>the\s+day\s+before\s+yesterday|yesterday|today|tonight|last\s+night|"
    r"(?:this|last|this\s+past|the\s+past)\s+weekend|this\s+(?:week|month|year))\b",
    _I,
)


def find_ago(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _AGO.finditer(text):
        n = tx.parse_cardinal(m.group("n"))
        if n is None:
            continue
        start, end, what = tx.ago_range(ctx.today, n, m.group("unit").lower().rstrip("s"))
        hits.append(Hit(*m.span(), "rel", [WhereDate(start=start, end=end)], _span_note(m, what)))
    return hits


def find_past_n(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _PAST_N.finditer(text):
        unit = m.group("unit").lower().rstrip("s")
        word = m.group(0).lower()
        if m.group("n") is None and not re.search(r"\b(?:the|this|over|within|in|during)\b", word):
            start, end = tx.calendar_previous(ctx.today, unit)
            ops = [WhereDate(start=start, end=end)]  # bare "last week": the calendar week before
            note = f"the calendar {unit} {start}–{end}"
            hits.append(Hit(*m.span(), "rel", list(ops), _span_note(m, note)))
            continue
        n = tx.parse_cardinal(m.group("n")) if m.group("n") else 1
        if not n:
            continue
        start = tx.past_start(ctx.today, n, unit)
        op = WhereDate(start=start, end=ctx.today)
        hits.append(Hit(*m.span(), "rel", [op], _span_note(m, f"{start}–{ctx.today}")))
    return hits


def _day_word_ops(ctx: Ctx, word: str) -> list[TableOp]:
    t = ctx.today
    w = re.sub(r"\s+", " ", word.lower())
    night = WhereTimeOfDay(start=time(18), end=time(4, 59, 59))
    simple = {
        "today": (t, t),
        "yesterday": (t - timedelta(days=1), t - timedelta(days=1)),
        "the day before yesterday": (t - timedelta(days=2), t - timedelta(days=2)),
        "this week": (t - timedelta(days=t.weekday()), t),
        "this month": (t.replace(day=1), t),
        "this year": (date(t.year, 1, 1), t),
    }
    if w in simple:
        return [WhereDate(start=simple[w][0], end=simple[w][1])]
    if w == "tonight":
        return [WhereDate(start=t, end=t), WhereTimeOfDay(start=time(18), end=time(23, 59, 59))]
    if w == "last night":
        return [WhereDate(start=t - timedelta(days=1), end=t), night]
    sunday = tx.recent_weekday(t, 7) if w == "this weekend" else tx.previous_weekday(t, 7)
    return [WhereDate(start=sunday - timedelta(days=1), end=sunday)]


def find_day_words(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _DAY_WORDS.finditer(text):
        ops = _day_word_ops(ctx, m.group("w"))
        span = ops[0]
        assert isinstance(span, WhereDate)
        what = str(span.start) if span.start == span.end else f"{span.start}–{span.end}"
        hits.append(Hit(*m.span(), "rel", ops, _span_note(m, what)))
    return hits


# --- calendar dates, months, years and spans between them ----------------------------------

_CONNECTOR = re.compile(r"\s*(?:-|–|—|to|through|thru|until|till|and)\s*(?:the\s+)?", _I)
_SPAN_OPENER = re.compile(r"\b(?:between|from)\s+(?:the\s+)?$", _I)
_OPEN_START = re.compile(r"\b(?P<w>since|after|from)\s+(?:the\s+)?$", _I)
_OPEN_END = re.compile(r"\b(?P<w>before|until|till|up\s+to|prior\s+to)\s+(?:the\s+)?$", _I)
_DAY_RANGE = [
    re.compile(
        rf"\b(?P<m>{MONTH_ANY})\.?\s+(?P<a>{DAYNUM})\s*(?:-|–|to|through|thru|until|till)\s*"
        rf"(?P<b>{DAYNUM})\b(?!\s+(?:of\s+)?{MONTH_ANY})(?:\s*,?\s*(?P<y>{tx.YEAR})\b)?",
        _I,
    ),
    re.compile(
        rf"\b(?:between\s+)?(?:the\s+)?(?P<a>{DAYNUM})\s*(?:-|–|to|through|thru|until|till|and)"
        rf"\s*(?:the\s+)?(?P<b>{DAYNUM})\s+(?:of\s+)?(?P<m>{MONTH_ANY})\b"
        rf"(?:\s*,?\s*(?P<y>{tx.YEAR})\b)?",
        _I,
    ),
]
_FAR_PAST = date(1900, 1, 1)


def _years_back(first: int) -> range:
    return range(first, first - 6, -1)


def resolve_day(ctx: Ctx, month: int, day: int, not_after: date | None = None) -> date | None:
    """A date with no year: the most recent one not after now that holds any messages."""
    limit = not_after or ctx.today
    latest = tx.most_recent(month, day, limit)
    if latest is None or not_after is not None:
        return latest
    for year in _years_back(latest.year):
        try:
            candidate = date(year, month, day)
        except ValueError:
            continue
        if ctx.has_data(candidate, candidate):
            return candidate
    return latest


def resolve_month(ctx: Ctx, month: int) -> int:
    """The year of a month named without one: the latest such month with messages."""
    latest = tx.most_recent_month(month, ctx.today)
    for year in _years_back(latest):
        if ctx.has_data(*tx.month_bounds(year, month)):
            return year
    return latest


def _token_range(ctx: Ctx, tok: tx.CalToken, not_after: date | None = None) -> tuple[date, date]:
    if tok.month is None:
        assert tok.year is not None  # a year token always has its year
        return date(tok.year, 1, 1), date(tok.year, 12, 31)
    if tok.day is None:
        year = tok.year or _month_year(ctx, tok.month, not_after)
        return tx.month_bounds(year, tok.month)
    if tok.year is not None:
        d = tx.safe_date(tok.year, tok.month, tok.day)
    else:
        d = resolve_day(ctx, tok.month, tok.day, not_after)
    if d is None:
        raise ValueError(f"no such date: {tok.text}")
    return d, d


def _month_year(ctx: Ctx, month: int, not_after: date | None) -> int:
    if not_after is None:
        return resolve_month(ctx, month)
    return tx.most_recent_month(month, not_after)


def find_day_ranges(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for rx in _DAY_RANGE:
        for m in rx.finditer(text):
            a, b = tx.parse_number(m.group("a")), tx.parse_number(m.group("b"))
            month = tx.MONTHS.get(m.group("m").lower()[:3])
            if not (a and b and month and a <= b <= 31):
                continue
            year = int(m.group("y")) if m.group("y") else None
            end = tx.safe_date(year, month, b) if year else resolve_day(ctx, month, b)
            if end is None:
                continue
            start = end.replace(day=a)
            op = WhereDate(start=start, end=end)
            hits.append(Hit(*m.span(), "range_abs", [op], _span_note(m, f"{start}–{end}")))
    return hits


def find_calendar(text: str, ctx: Ctx) -> list[Hit]:
    """Calendar tokens, pairing neighbours joined by "to"/"through"/"and" into spans."""
    tokens = tx.calendar_tokens(text, ctx.now)
    hits: list[Hit] = []
    i = 0
    while i < len(tokens):
        pair = tokens[i + 1] if i + 1 < len(tokens) else None
        if pair is not None and _joined(text, tokens[i], pair):
            hits.extend(_span_hit(text, ctx, tokens[i], pair))
            i += 2
        else:
            hits.extend(_single_hit(text, ctx, tokens[i]))
            i += 1
    return hits


def _joined(text: str, a: tx.CalToken, b: tx.CalToken) -> bool:
    gap = _CONNECTOR.fullmatch(text, a.end, b.start)
    if gap is None:
        return False
    # "May 8 and June 9" is a span only after "between"; otherwise it lists two days.
    return "and" not in gap.group(0).lower() or bool(_SPAN_OPENER.search(text, 0, a.start))


def _span_hit(text: str, ctx: Ctx, a: tx.CalToken, b: tx.CalToken) -> list[Hit]:
    try:
        if a.year is not None and b.year is None and b.month is not None:
            start = _token_range(ctx, a)[0]
            end = _first_on_or_after(ctx, b, start)
        else:
            end = _token_range(ctx, b)[1]
            start = _token_range(ctx, a, not_after=end)[0]
    except ValueError:
        return []
    if start > end:
        return []
    opener = _SPAN_OPENER.search(text, 0, a.start)
    begin = opener.start() if opener else a.start
    note = f"{text[begin : b.end].strip()} → {start}–{end}"
    return [Hit(begin, b.end, "range_abs", [WhereDate(start=start, end=end)], note)]


def _first_on_or_after(ctx: Ctx, tok: tx.CalToken, start: date) -> date:
    for year in range(start.year, start.year + 2):
        probe = tx.CalToken(tok.start, tok.end, tok.text, year, tok.month, tok.day)
        lo, hi = _token_range(ctx, probe)
        if hi >= start:
            return hi
    raise ValueError(f"no {tok.text} after {start}")


def _single_hit(text: str, ctx: Ctx, tok: tx.CalToken) -> list[Hit]:
    try:
        start, end = _token_range(ctx, tok)
    except ValueError:
        return []
    begin = tok.start
    opened = _OPEN_START.search(text, 0, tok.start)
    closed = _OPEN_END.search(text, 0, tok.start)
    if opened and opened.group("w").lower() != "from":
        begin = opened.start()
        start = start + timedelta(days=1) if opened.group("w").lower() == "after" else start
        start, end = (start, ctx.today) if end < ctx.today else (start, end)
    elif closed:
        begin = closed.start()
        first_day = start
        start, end = _FAR_PAST, first_day - timedelta(days=1)
        if closed.group("w").lower() in ("until", "till", "up to"):
            end = _token_range(ctx, tok)[1]
    return [_calendar_hit(text, tok, begin, start, end)]


def _calendar_hit(text: str, tok: tx.CalToken, begin: int, start: date, end: date) -> Hit:
    note = f"{text[begin : tok.end].strip()} → " + (
        str(start) if start == end else f"{start}–{end}"
    )
    if tok.day is None and tok.month is not None and begin == tok.start:
        year = start.year
        return Hit(begin, tok.end, "range_abs", [WhereMonth(month=tok.month, year=year)], note)
    kind = "day_abs" if start == end else "range_abs"
    return Hit(begin, tok.end, kind, [WhereDate(start=start, end=end)], note)


_DAY_OF_MONTH = re.compile(rf"\bon\s+the\s+(?P<d>{tx.ORDINAL})\b(?!\s+(?:of\b|{SESSION}))", _I)


def find_day_of_month(text: str, ctx: Ctx) -> list[Hit]:
    """ "on the 3rd": the most recent 3rd of a month, this month or before (`n` keeps the day,
    so a month the question also names can place it: "the 8th in May 2023")."""
    hits = []
    for m in _DAY_OF_MONTH.finditer(text):
        day = tx.parse_ordinal(m.group("d"))
        if not day or day > 31:
            continue
        d = tx.recent_day_of_month(ctx.today, day)
        note = _span_note(m, str(d))
        hits.append(Hit(*m.span(), "day_abs", [WhereDate(start=d, end=d)], note, n=day))
    return hits


# --- weekdays ------------------------------------------------------------------------------

_WEEKDAY = re.compile(
    rf"\b(?P<pre>(?:on\s+)?(?:last|this\s+past|past|previous|this|every|each|on\s+an?|on)\s+)?"
    rf"(?P<w>{WEEKDAY})(?P<pl>s)?\b",
    _I,
)


def find_weekdays(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _WEEKDAY.finditer(text):
        wd = tx.WEEKDAYS[m.group("w").lower()]
        pre = re.sub(r"\s+", " ", (m.group("pre") or "").lower()).strip()
        name = tx.WEEKDAY_NAMES[wd]
        if m.group("pl") or pre in ("every", "each", "on a", "on an"):
            every = WhereWeekday(days=[wd])
            hits.append(Hit(*m.span(), "filter", [every], _span_note(m, f"any {name}"), weekday=wd))
            continue
        if pre.endswith("this"):
            d = tx.recent_weekday(ctx.today, wd)
        else:  # "last Friday", "on Friday": the latest one before today we talked on
            d = weekday_with_data(ctx, tx.previous_weekday(ctx.today, wd))
        kind = "rel" if pre and pre not in ("on",) else "weekday"
        op = WhereDate(start=d, end=d)
        hits.append(Hit(*m.span(), kind, [op], _span_note(m, str(d)), weekday=wd))
    return hits


def weekday_with_data(ctx: Ctx, latest: date, weeks: int = 8) -> date:
    """ "Last Saturday" when we did not talk that Saturday means the last one we did."""
    for back in range(weeks):
        d = latest - timedelta(weeks=back)
        if ctx.has_data(d, d):
            return d
    return latest


# --- time of day ---------------------------------------------------------------------------

_PART = re.compile(
    r"\b(?P<pre>(?:in|during)\s+the\s+(?:early\s+|late\s+)?|at\s+|this\s+|that\s+)?"
    r"(?P<p>mornings?|afternoons?|evenings?|nights?|noon|lunchtime|midnight)\b",
    _I,
)
# "yesterday morning", "Tuesday evening": the day word is its own hit, the part follows it.
_DAY_BEFORE_PART = re.compile(rf"\b(?:yesterday|today|{WEEKDAY}s?)\s+$", _I)
_CLOCK = r"(?P<{0}h>\d{{1,2}})(?::(?P<{0}m>\d{{2}}))?\s*(?P<{0}ap>[ap]\.?m\.?|o'?clock)?"
_CLOCK_REL = re.compile(
    r"\b(?P<w>after|before|since|past|around|about|at)\s+" + _CLOCK.format("a") + r"(?=\W|$)",
    _I,
)
_CLOCK_SPAN = re.compile(
    r"\b(?:between|from)\s+"
    + _CLOCK.format("a")
    + r"\s*(?:and|to|-|–|until|till)\s*"
    + _CLOCK.format("b")
    + r"(?=\W|$)",
    _I,
)


def find_time_of_day(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _PART.finditer(text):
        pre = (m.group("pre") or "").lower()
        if not pre and not _DAY_BEFORE_PART.search(text, 0, m.start()):
            continue  # "her morning routine" is content, not a time of day
        start, end = tx.DAY_PARTS[m.group("p").lower().rstrip("s")]
        ops: list[TableOp] = [WhereTimeOfDay(start=start, end=end)]
        note = f"{start:%H:%M}–{end:%H:%M}"
        if pre.startswith("this"):
            ops.insert(0, WhereDate(start=ctx.today, end=ctx.today))
            note = f"{ctx.today} {note}"
        hits.append(Hit(*m.span(), "filter", ops, _span_note(m, note)))
    for m in _CLOCK_SPAN.finditer(text):
        b = tx.clock_time(m, "b")
        a = tx.clock_time(m, "a", m.group("bap")) if b else None
        if a and b:
            op = WhereTimeOfDay(start=a, end=b)
            hits.append(Hit(*m.span(), "filter", [op], _span_note(m, f"{a:%H:%M}–{b:%H:%M}")))
    for m in _CLOCK_REL.finditer(text):
        t = tx.clock_time(m, "a")
        if t is not None:
            a, b = tx.clock_window(m.group("w").lower(), t)
            op = WhereTimeOfDay(start=a, end=b)
            hits.append(Hit(*m.span(), "filter", [op], _span_note(m, f"{op.start}–{op.end}")))
    return hits
