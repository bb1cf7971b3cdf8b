"""Chain-of-table: a closed algebra of table operations and its compiler to one DuckDB query.

A `TablePlan` is an ordered list of operations. The compiler turns it into a chain of CTEs
over the `messages_v` view:

    step0 = messages in scope (conversation, ts <= now)
    stepN = operation N applied to step(N-1)
    SELECT id FROM step<last> ORDER BY ts, id

Row operations (`where_*`, `before`, `after`, `exclude_current`) keep the messages that
satisfy a predicate. Two clocks: `where_date`, `where_month`, `where_weekday`, ... test when a
message was *written*; `where_mentions(start, end)` keeps the messages that *speak of* a time
in [start, end] (the `mentions` table: a resolved interval overlapping those days). `any_of`
keeps the messages satisfying any of its row filters, so `any_of([where_date(d, d),
where_mentions(d, d)])` is the union of the clocks ("written on Saturday, or about it"),
which the caller ranks by content. Session operations (`nth_session`, `session_range`,
`relative_session`, `nth_within`, `first`, `last`) keep whole sessions, chosen among the
sessions that still have messages in the previous step, so "the third conversation on
Tuesday" is `[where_weekday([2]), nth_within(3)]`. Session ranks are computed per
conversation.

Every value reaches DuckDB as a bound `?` parameter; the SQL text depends only on the
operation kinds, so it can be pinned in tests and shown by `--explain`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from memory_store.errors import PlanError

__all__ = [
    "After",
    "AnyOf",
    "Before",
    "CompiledPlan",
    "ExcludeCurrent",
    "First",
    "Last",
    "NthSession",
    "NthWithin",
    "RelativeSession",
    "SessionRange",
    "TableOp",
    "TablePlan",
    "WhereConversation",
    "WhereDate",
    "WhereDates",
    "WhereMentions",
    "WhereMonth",
    "WhereSpeaker",
    "WhereTimeOfDay",
    "WhereWeekday",
    "compile_plan",
    "parse_plan",
]

Name = Annotated[str, Field(min_length=1, max_length=200)]
Weekday = Annotated[int, Field(ge=1, le=7)]


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WhereDate(_Op):
    """Messages whose local day lies in [start, end] (both inclusive)."""

    op: Literal["where_date"] = "where_date"
    start: date
    end: date

    @model_validator(mode="after")
    def _ordered(self) -> WhereDate:
        if self.start > self.end:
            raise ValueError(f"start {self.start} is after end {self.end}")
        return self


class WhereDates(_Op):
    """Messages on any of several days or date ranges ("on May 8 and May 25")."""

    op: Literal["where_dates"] = "where_dates"
    spans: list[WhereDate] = Field(min_length=2, max_length=31)


class WhereMentions(_Op):
    """Messages that speak of a time in [start, end] (days, both inclusive): the event clock.

    A mention qualifies when its resolved interval overlaps the span, so "next week" in a
    message matches a question about that Saturday, and "on Saturday" one about next week.
    `around` also keeps that many turns either side of each such message in its session:
    the reply to "I'm off from the 23rd to the 3rd" ("Dominik will cover for you") names no
    time but is about it.
    """

    op: Literal["where_mentions"] = "where_mentions"
    start: date
    end: date
    around: int = Field(default=0, ge=0, le=1000)

    @model_validator(mode="after")
    def _ordered(self) -> WhereMentions:
        if self.start > self.end:
            raise ValueError(f"start {self.start} is after end {self.end}")
        return self


class WhereWeekday(_Op):
    """Messages sent on the given ISO weekdays (Monday=1 .. Sunday=7)."""

    op: Literal["where_weekday"] = "where_weekday"
    days: list[Weekday] = Field(min_length=1, max_length=7)


class WhereMonth(_Op):
    """Messages sent in a calendar month; any year when `year` is None."""

    op: Literal["where_month"] = "where_month"
    month: int = Field(ge=1, le=12)
    year: int | None = Field(default=None, ge=1900, le=2200)


class WhereTimeOfDay(_Op):
    """Messages whose local clock time is in [start, end]; wraps midnight when start > end."""

    op: Literal["where_time_of_day"] = "where_time_of_day"
    start: time
    end: time


# Row filters `any_of` may join: each compiles to one WHERE predicate.
RowFilter = Annotated[
    WhereDate | WhereDates | WhereMentions | WhereMonth | WhereWeekday | WhereTimeOfDay,
    Field(discriminator="op"),
]


class AnyOf(_Op):
    """Messages satisfying any of the row filters: the union of the two clocks, e.g.
    `any_of([where_date(d, d), where_mentions(d, d)])`."""

    op: Literal["any_of"] = "any_of"
    ops: list[RowFilter] = Field(min_length=2, max_length=8)


class WhereSpeaker(_Op):
    """Messages written by one of the named speakers (case-insensitive)."""

    op: Literal["where_speaker"] = "where_speaker"
    names: list[Name] = Field(min_length=1, max_length=50)


class WhereConversation(_Op):
    """Messages from one of the named conversations (case-insensitive)."""

    op: Literal["where_conversation"] = "where_conversation"
    names: list[Name] = Field(min_length=1, max_length=50)


class NthSession(_Op):
    """The session with ordinal n; negative n counts back from the newest (-1 = last)."""

    op: Literal["nth_session"] = "nth_session"
    n: int = Field(ge=-100_000, le=100_000)

    @model_validator(mode="after")
    def _nonzero(self) -> NthSession:
        if self.n == 0:
            raise ValueError("n is 1-based (or negative from the end); 0 names no session")
        return self


class SessionRange(_Op):
    """Sessions with ordinals a..b inclusive; negative bounds count back from the newest."""

    op: Literal["session_range"] = "session_range"
    a: int = Field(ge=-100_000, le=100_000)
    b: int = Field(ge=-100_000, le=100_000)

    @model_validator(mode="after")
    def _valid(self) -> SessionRange:
        if self.a == 0 or self.b == 0:
            raise ValueError("session ordinals are 1-based (or negative from the end)")
        if (self.a > 0) == (self.b > 0) and self.a > self.b:
            raise ValueError(f"range {self.a}..{self.b} is empty")
        return self


class RelativeSession(_Op):
    """The session k sessions before the latest one in the current filter (0 = latest)."""

    op: Literal["relative_session"] = "relative_session"
    k: int = Field(ge=0, le=100_000)


class NthWithin(_Op):
    """The n-th session by time among sessions in the current filter; negative from the end."""

    op: Literal["nth_within"] = "nth_within"
    n: int = Field(ge=-100_000, le=100_000)

    @model_validator(mode="after")
    def _nonzero(self) -> NthWithin:
        if self.n == 0:
            raise ValueError("n is 1-based (or negative from the end); 0 names no session")
        return self


class First(_Op):
    """The first session in the current filter."""

    op: Literal["first"] = "first"


class Last(_Op):
    """The last session in the current filter."""

    op: Literal["last"] = "last"


class Before(_Op):
    """Messages before an event; `event` is a content query the caller resolves to a time."""

    op: Literal["before"] = "before"
    event: Name


class After(_Op):
    """Messages after an event; `event` is a content query the caller resolves to a time."""

    op: Literal["after"] = "after"
    event: Name


class ExcludeCurrent(_Op):
    """Drop the session still in progress at `now` ("earlier today" means before it)."""

    op: Literal["exclude_current"] = "exclude_current"


TableOp = Annotated[
    WhereDate
    | WhereDates
    | WhereMentions
    | AnyOf
    | WhereWeekday
    | WhereMonth
    | WhereTimeOfDay
    | WhereSpeaker
    | WhereConversation
    | NthSession
    | SessionRange
    | RelativeSession
    | NthWithin
    | First
    | Last
    | Before
    | After
    | ExcludeCurrent,
    Field(discriminator="op"),
]


class TablePlan(BaseModel):
    """An ordered list of table operations; an empty plan keeps everything in scope."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ops: list[TableOp] = Field(default_factory=list, max_length=50)


@dataclass(frozen=True, slots=True)
class CompiledPlan:
    """One DuckDB query returning matching message ids in time order, and its bound values."""

    sql: str
    params: list[Any]


OP_NAMES: tuple[str, ...] = tuple(
    sorted(m.model_fields["op"].default for m in _Op.__subclasses__())
)
_PLAN_ADAPTER: TypeAdapter[TablePlan] = TypeAdapter(TablePlan)


def parse_plan(obj: TablePlan | Mapping[str, Any] | list[Any] | str) -> TablePlan:
    """Validate untrusted plan data (LLM output, JSON, dicts) into a `TablePlan`.

    Accepts a plan, a `{"ops": [...]}` mapping, a bare list of operations, or JSON text.
    Raises PlanError naming the offending operation and what is wrong with it.
    """
    if isinstance(obj, TablePlan):
        return obj
    data = _load(obj)
    if isinstance(data, list):
        data = {"ops": data}
    if not isinstance(data, Mapping):
        raise PlanError(f"a plan must be an object with 'ops' or a list, not {type(data).__name__}")
    _check_op_names(data.get("ops"))
    try:
        return _PLAN_ADAPTER.validate_python(data)
    except ValidationError as exc:
        raise PlanError(_describe(exc)) from exc


def _load(obj: object) -> object:
    if not isinstance(obj, str):
        return obj
    try:
        return json.loads(obj)
    except json.JSONDecodeError as exc:
        raise PlanError(f"plan is not valid JSON: {exc.msg} at position {exc.pos}") from exc


def _check_op_names(ops: object) -> None:
    """Name unknown operations ourselves: pydantic's union error lists every member."""
    if not isinstance(ops, list):
        return
    for i, op in enumerate(ops):
        name = op.get("op") if isinstance(op, Mapping) else None
        if name not in OP_NAMES:
            raise PlanError(
                f"operation {i}: unknown op {name!r}; choose from {', '.join(OP_NAMES)}"
            )


def _describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        loc = ".".join(str(p) for p in err["loc"])
        parts.append(f"{loc}: {err['msg']}")
    return "invalid plan: " + "; ".join(parts)


# --- compiler ----------------------------------------------------------------------------

# Ranks sessions inside a step; the session id breaks ties between equal start times.
_ASC = "dense_rank() OVER (PARTITION BY conversation ORDER BY session_start, session_id)"
_DESC = "dense_rank() OVER (PARTITION BY conversation ORDER BY session_start DESC, session_id DESC)"
_MAX_ORD = "max(session_ordinal) OVER (PARTITION BY conversation)"

_Fragment = tuple[str, list[Any]]


def compile_plan(
    plan: TablePlan,
    *,
    now: datetime,
    conversation: str | None = None,
    event_times: Mapping[str, datetime] | None = None,
) -> CompiledPlan:
    """Compile a plan to one parameterized query returning message ids ordered by ts, id.

    Args:
        plan: the operations, applied in order.
        now: messages after `now` are never returned; `exclude_current` is relative to it.
        conversation: restrict to one conversation (None = all).
        event_times: times of the `before`/`after` events, keyed by the event text, as
            resolved by the caller (e.g. the time of the best retrieval hit).
    """
    base = "SELECT * FROM messages_v WHERE ts <= ?"
    params: list[Any] = [now]
    if conversation is not None:
        base += " AND conversation = ?"
        params.append(conversation)
    ctes = [f"step0 AS ({base})"]
    for i, op in enumerate(plan.ops, start=1):
        body, values = _compile_op(op, f"step{i - 1}", now, event_times or {})
        ctes.append(f"step{i} AS ({body})")
        params.extend(values)
    sql = "WITH " + ", ".join(ctes) + f" SELECT id FROM step{len(plan.ops)} ORDER BY ts, id"
    return CompiledPlan(sql=sql, params=params)


def _compile_op(op: _Op, prev: str, now: datetime, events: Mapping[str, datetime]) -> _Fragment:
    if isinstance(op, Before | After):
        return _event(op, prev, events)
    if isinstance(op, ExcludeCurrent):
        return _exclude_current(prev, now)
    compiler = _COMPILERS[type(op)]
    where, values = compiler(op)
    if where.startswith("QUALIFY"):
        return f"SELECT * FROM {prev} {where}", values
    return f"SELECT * FROM {prev} WHERE {where}", values


def _where_date(op: WhereDate) -> _Fragment:
    return "day BETWEEN ? AND ?", [op.start, op.end]


def _where_dates(op: WhereDates) -> _Fragment:
    where = " OR ".join("day BETWEEN ? AND ?" for _ in op.spans)
    return f"({where})", [d for span in op.spans for d in (span.start, span.end)]


_MENTIONS = "id IN (SELECT message_id FROM mentions WHERE start_ts < ? AND end_ts > ?)"


# The turns within `around` places of a matching message in its session, numbered in the
# sessions that hold one (so the window function reads those sessions only).
_AROUND = (
    "id IN (WITH hit AS (SELECT DISTINCT message_id AS id FROM mentions"
    " WHERE start_ts < ? AND end_ts > ?),"
    " pos AS (SELECT id, session_id,"
    " row_number() OVER (PARTITION BY session_id ORDER BY ts, id) AS n FROM messages"
    " WHERE session_id IN (SELECT session_id FROM messages WHERE id IN (SELECT id FROM hit)))"
    " SELECT b.id FROM pos a JOIN pos b ON a.session_id = b.session_id"
    " AND b.n BETWEEN a.n - ? AND a.n + ? WHERE a.id IN (SELECT id FROM hit))"
)


def _where_mentions(op: WhereMentions) -> _Fragment:
    # Days [start, end] are the instants [start 00:00, end + 1 00:00); mention intervals are
    # half-open [start_ts, end_ts): they overlap when each starts before the other ends.
    after_end = datetime.combine(op.end + timedelta(days=1), time())
    if op.around:
        return _AROUND, [after_end, datetime.combine(op.start, time()), op.around, op.around]
    return _MENTIONS, [after_end, datetime.combine(op.start, time())]


def _any_of(op: AnyOf) -> _Fragment:
    parts = [_COMPILERS[type(sub)](sub) for sub in op.ops]
    return "(" + " OR ".join(f"({w})" for w, _ in parts) + ")", [v for _, vs in parts for v in vs]


def _where_weekday(op: WhereWeekday) -> _Fragment:
    return "list_contains(?, weekday)", [sorted(set(op.days))]


def _where_month(op: WhereMonth) -> _Fragment:
    if op.year is None:
        return "month = ?", [op.month]
    return "month = ? AND year = ?", [op.month, op.year]


def _where_time_of_day(op: WhereTimeOfDay) -> _Fragment:
    if op.start <= op.end:
        return "CAST(ts AS TIME) BETWEEN ? AND ?", [op.start, op.end]
    # A window such as 21:00-05:00 crosses midnight: keep either side of it.
    return "(CAST(ts AS TIME) >= ? OR CAST(ts AS TIME) <= ?)", [op.start, op.end]


def _where_speaker(op: WhereSpeaker) -> _Fragment:
    return "list_contains(?, lower(speaker))", [sorted({n.lower() for n in op.names})]


def _where_conversation(op: WhereConversation) -> _Fragment:
    return "list_contains(?, lower(conversation))", [sorted({n.lower() for n in op.names})]


def _nth_session(op: NthSession) -> _Fragment:
    if op.n > 0:
        return "session_ordinal = ?", [op.n]
    return f"QUALIFY session_ordinal = {_MAX_ORD} + ?", [op.n + 1]


def _session_range(op: SessionRange) -> _Fragment:
    # Negative bounds are offsets from the newest ordinal, resolved per conversation.
    lo = "?" if op.a > 0 else f"{_MAX_ORD} + ?"
    hi = "?" if op.b > 0 else f"{_MAX_ORD} + ?"
    values = [op.a if op.a > 0 else op.a + 1, op.b if op.b > 0 else op.b + 1]
    if op.a > 0 and op.b > 0:
        return "session_ordinal BETWEEN ? AND ?", values
    return f"QUALIFY session_ordinal BETWEEN {lo} AND {hi}", values


def _relative_session(op: RelativeSession) -> _Fragment:
    return f"QUALIFY {_DESC} = ?", [op.k + 1]


def _nth_within(op: NthWithin) -> _Fragment:
    if op.n > 0:
        return f"QUALIFY {_ASC} = ?", [op.n]
    return f"QUALIFY {_DESC} = ?", [-op.n]


def _first(op: First) -> _Fragment:
    return f"QUALIFY {_ASC} = ?", [1]


def _last(op: Last) -> _Fragment:
    return f"QUALIFY {_DESC} = ?", [1]


def _event(op: Before | After, prev: str, events: Mapping[str, datetime]) -> _Fragment:
    if op.event not in events:
        raise PlanError(
            f"event {op.event!r} of the {op.op!r} operation is unresolved; "
            "pass its time in event_times (resolve it by content retrieval first)"
        )
    cmp = "<" if isinstance(op, Before) else ">"
    return f"SELECT * FROM {prev} WHERE ts {cmp} ?", [events[op.event]]


def _exclude_current(prev: str, now: datetime) -> _Fragment:
    # "In progress" = the session whose span reaches `now`; with now = the newest message
    # that is the latest session, with a wall-clock now usually no session at all.
    sql = (
        f"SELECT * FROM {prev} WHERE session_id NOT IN "
        "(SELECT id FROM sessions WHERE start_ts <= ? AND end_ts >= ?)"
    )
    return sql, [now, now]


_COMPILERS: dict[type, Callable[[Any], _Fragment]] = {
    WhereDate: _where_date,
    WhereDates: _where_dates,
    WhereMentions: _where_mentions,
    AnyOf: _any_of,
    WhereWeekday: _where_weekday,
    WhereMonth: _where_month,
    WhereTimeOfDay: _where_time_of_day,
    WhereSpeaker: _where_speaker,
    WhereConversation: _where_conversation,
    NthSession: _nth_session,
    SessionRange: _session_range,
    RelativeSession: _relative_session,
    NthWithin: _nth_within,
    First: _first,
    Last: _last,
}
