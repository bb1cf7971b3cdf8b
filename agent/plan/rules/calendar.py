"""Temporal rules: calendar dates, months, years and spans between them."""

from __future__ import annotations

import re
from datetime import date, timedelta

from agent.plan import timeexpr as tx
from agent.plan.rules.common import (
    DAYNUM,
    ICASE,
    MONTH_ANY,
    SESSION,
    Ctx,
    Hit,
    span_note,
)
from memory_store.query.table_ops import (
    WhereDate,
    WhereMonth,
)

_CONNECTOR = re.compile(r"\s*(?:-|–|—|to|through|thru|until|till|and)\s*(?:the\s+)?", ICASE)
_SPAN_OPENER = re.compile(r"\b(?:between|from)\s+(?:the\s+)?$", ICASE)
_OPEN_START = re.compile(r"\b(?P<w>since|after|from)\s+(?:the\s+)?$", ICASE)
_OPEN_END = re.compile(r"\b(?P<w>before|until|till|up\s+to|prior\s+to)\s+(?:the\s+)?$", ICASE)
_DAY_RANGE = [
    re.compile(
        rf"\b(?P<m>{MONTH_ANY})\.?\s+(?P<a>{DAYNUM})\s*(?:-|–|to|through|thru|until|till)\s*"
        rf"(?P<b>{DAYNUM})\b(?!\s+(?:of\s+)?{MONTH_ANY})(?:\s*,?\s*(?P<y>{tx.YEAR})\b)?",
        ICASE,
    ),
    re.compile(
        rf"\b(?:between\s+)?(?:the\s+)?(?P<a>{DAYNUM})\s*(?:-|–|to|through|thru|until|till|and)"
        rf"\s*(?:the\s+)?(?P<b>{DAYNUM})\s+(?:of\s+)?(?P<m>{MONTH_ANY})\b"
        rf"(?:\s*,?\s*(?P<y>{tx.YEAR})\b)?",
        ICASE,
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


# How far ahead a month may start to be the one meant: the next few, which plans speak of.
_NEAR = timedelta(days=92)


def resolve_month(ctx: Ctx, month: int) -> int:
    """The year of a month named without one: the latest such month with messages, else the
    coming one."""
    latest = tx.most_recent_month(month, ctx.today)
    for year in _years_back(latest):
        if ctx.has_data(*tx.month_bounds(year, month)):
            return year
    # No such month written in: the one just ahead, which only plans can speak of ("the book
    # for book club in november?", asked in October of a history begun in September)
    ahead = latest + 1
    start = tx.month_bounds(ahead, month)[0]
    return ahead if ctx.today < start <= ctx.today + _NEAR else latest


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
            hits.append(Hit(*m.span(), "range_abs", [op], span_note(m, f"{start}–{end}")))
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


_DAY_OF_MONTH = re.compile(rf"\bon\s+the\s+(?P<d>{tx.ORDINAL})\b(?!\s+(?:of\b|{SESSION}))", ICASE)


def find_day_of_month(text: str, ctx: Ctx) -> list[Hit]:
    """ "on the 3rd": the most recent 3rd of a month, this month or before (`n` keeps the day,
    so a month the question also names can place it: "the 8th in May 2023")."""
    hits = []
    for m in _DAY_OF_MONTH.finditer(text):
        day = tx.parse_ordinal(m.group("d"))
        if not day or day > 31:
            continue
        ahead = _spoken_of_ahead(text, m.start(), m.end())
        d = (tx.upcoming_day_of_month if ahead else tx.recent_day_of_month)(ctx.today, day)
        note = span_note(m, str(d))
        hits.append(Hit(*m.span(), "day_abs", [WhereDate(start=d, end=d)], note, n=day))
    return hits


def _spoken_of_ahead(text: str, start: int, end: int) -> bool:
    """Whether the clause holding a day says it is to come: "I am to lead the ceremony on the
    11th", "who'll drive on the 20th?" (not "…on the 11th, and Bev had to move it")."""
    opens = max((b.end() for b in _CLAUSE_BREAK.finditer(text, 0, start)), default=0)
    stop = _CLAUSE_BREAK.search(text, end)
    clause = text[opens : stop.start() if stop else len(text)]
    return bool(_AHEAD.search(clause)) and not _PAST_TENSE.search(clause)


_CLAUSE_BREAK = re.compile(r"[,.;!?]|\s(?:and|but|so|because)\s", ICASE)
# Said of what is to come: "will", "going to", "am to", "is to be held". Not "are we doing":
# asked of an archive, "where are we climbing on the 17th?" is the plan as it was.
_AHEAD = re.compile(
    r"\b(?:will|won['’]?t|gonna|going\s+to|(?:am|is|are)\s+to\s|to\s+be\s+held|coming\s+up|"
    r"upcoming)\b|['’]ll\b",
    ICASE,
)
_PAST_TENSE = re.compile(r"\b(?:did|was|were|had|went|been|\w{3,}ed)\b", ICASE)
