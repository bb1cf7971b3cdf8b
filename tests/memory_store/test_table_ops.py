"""The chain-of-table algebra: pinned SQL for each operation, run on a real in-memory DuckDB."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any

import duckdb
import pytest

from memory_store.db import schema
from memory_store.errors import PlanError
from memory_store.query.table_ops import (
    After,
    AnyOf,
    Before,
    ExcludeCurrent,
    First,
    Last,
    NthSession,
    NthWithin,
    RelativeSession,
    SessionRange,
    TableOp,
    TablePlan,
    WhereConversation,
    WhereDate,
    WhereDates,
    WhereMentions,
    WhereMonth,
    WhereSpeaker,
    WhereTimeOfDay,
    WhereWeekday,
    compile_plan,
    parse_plan,
)

NOW = datetime(2023, 6, 12, 10, 30)
# (message id, start, end exclusive, granularity): what the messages speak of (the event clock)
MENTIONS = [
    (2, "2023-05-06", "2023-05-07", "day"),  # written Tue 2 May about Saturday 6 May
    (3, "2023-05-06T19:00", "2023-05-06T19:01", "time"),  # written Fri 5 May: "tomorrow at 7"
    (4, "2023-05-08", "2023-05-15", "week"),  # "next week"
    (9, "2023-05-01", "2023-06-01", "month"),  # written 12 June about May
    (13, "2023-05-06", "2023-05-07", "day"),  # ben, written after NOW: never returned
]
MENTIONS_SQL = "id IN (SELECT message_id FROM mentions WHERE start_ts < ? AND end_ts > ?)"
AROUND_SQL = (
    "id IN (WITH hit AS (SELECT DISTINCT message_id AS id FROM mentions"
    " WHERE start_ts < ? AND end_ts > ?),"
    " pos AS (SELECT id, session_id,"
    " row_number() OVER (PARTITION BY session_id ORDER BY ts, id) AS n FROM messages"
    " WHERE session_id IN (SELECT session_id FROM messages WHERE id IN (SELECT id FROM hit)))"
    " SELECT b.id FROM pos a JOIN pos b ON a.session_id = b.session_id"
    " AND b.n BETWEEN a.n - ? AND a.n + ? WHERE a.id IN (SELECT id FROM hit))"
)
EVENT = {"the picnic": datetime(2023, 5, 9, 13, 0)}

# (session id, conversation, ordinal, [(message id, speaker, ts)])
SESSIONS = [
    (1, "aki", 1, [(1, "Aki", "2023-05-02 09:00"), (2, "Me", "2023-05-02 09:05")]),  # Tue
    (2, "aki", 2, [(3, "Aki", "2023-05-05 20:00"), (4, "Me", "2023-05-05 20:10")]),  # Fri
    (3, "aki", 3, [(5, "Aki", "2023-05-09 13:00"), (6, "Me", "2023-05-09 13:05")]),  # Tue
    (4, "aki", 4, [(7, "Aki", "2023-06-06 22:30"), (8, "Me", "2023-06-06 23:00")]),  # Tue
    (5, "aki", 5, [(9, "Aki", "2023-06-12 10:00"), (10, "Me", "2023-06-12 10:30")]),  # Mon
    (6, "ben", 1, [(11, "Ben", "2023-05-09 08:00"), (12, "Me", "2023-05-09 08:02")]),  # Tue
    (7, "ben", 2, [(13, "Ben", "2023-07-01 12:00")]),  # after NOW: never returned
]


@pytest.fixture(scope="module")
def con() -> duckdb.DuckDBPyConnection:
    db = duckdb.connect(":memory:")
    schema.migrate(db)
    for sid, conv, ordinal, msgs in SESSIONS:
        times = [datetime.fromisoformat(ts) for _, _, ts in msgs]
        speakers = sorted({sp for _, sp, _ in msgs})
        db.execute(
            "INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?, NULL)",
            [sid, conv, ordinal, min(times), max(times), len(msgs), speakers],
        )
        for (mid, speaker, _), ts in zip(msgs, times, strict=True):
            db.execute(
                "INSERT INTO messages (id, conversation, source_ref, speaker, ts, text, kind, "
                "session_id) VALUES (?, ?, ?, ?, ?, ?, 'text', ?)",
                [mid, conv, f"r{mid}", speaker, ts, f"message {mid}", sid],
            )
    for mid, start, end, gran in MENTIONS:
        db.execute(
            "INSERT INTO mentions VALUES (?, 0, 4, ?, ?, ?, 'future', 'word')",
            [mid, datetime.fromisoformat(start), datetime.fromisoformat(end), gran],
        )
    return db


def run(db: duckdb.DuckDBPyConnection, ops: list[TableOp], conversation: str | None) -> list[int]:
    compiled = compile_plan(
        TablePlan(ops=ops), now=NOW, conversation=conversation, event_times=EVENT
    )
    return [row[0] for row in db.execute(compiled.sql, compiled.params).fetchall()]


BASE = "WITH step0 AS (SELECT * FROM messages_v WHERE ts <= ? AND conversation = ?)"
TAIL = " SELECT id FROM step{} ORDER BY ts, id"
ASC = "dense_rank() OVER (PARTITION BY conversation ORDER BY session_start, session_id)"
DESC = "dense_rank() OVER (PARTITION BY conversation ORDER BY session_start DESC, session_id DESC)"
MAX_ORD = "max(session_ordinal) OVER (PARTITION BY conversation)"


def step(i: int, body: str) -> str:
    return f", step{i} AS (SELECT * FROM step{i - 1} {body})"


# ops, expected SQL after step0, params after (now, conversation), expected ids in "aki"
CASES: list[tuple[str, list[TableOp], str, list[Any], list[int]]] = [
    ("empty", [], "", [], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    (
        "where_date",
        [WhereDate(start=date(2023, 5, 5), end=date(2023, 5, 9))],
        step(1, "WHERE day BETWEEN ? AND ?"),
        [date(2023, 5, 5), date(2023, 5, 9)],
        [3, 4, 5, 6],
    ),
    (
        "where_dates",
        [
            WhereDates(
                spans=[
                    WhereDate(start=date(2023, 5, 2), end=date(2023, 5, 2)),
                    WhereDate(start=date(2023, 5, 9), end=date(2023, 5, 10)),
                ]
            )
        ],
        step(1, "WHERE (day BETWEEN ? AND ? OR day BETWEEN ? AND ?)"),
        [date(2023, 5, 2), date(2023, 5, 2), date(2023, 5, 9), date(2023, 5, 10)],
        [1, 2, 5, 6],
    ),
    (
        "where_weekday",
        [WhereWeekday(days=[2])],
        step(1, "WHERE list_contains(?, weekday)"),
        [[2]],
        [1, 2, 5, 6, 7, 8],
    ),
    (
        "where_month_with_year",
        [WhereMonth(month=6, year=2023)],
        step(1, "WHERE month = ? AND year = ?"),
        [6, 2023],
        [7, 8, 9, 10],
    ),
    (
        "where_month_any_year",
        [WhereMonth(month=5)],
        step(1, "WHERE month = ?"),
        [5],
        [1, 2, 3, 4, 5, 6],
    ),
    (
        "morning",
        [WhereTimeOfDay(start=time(5), end=time(11, 59, 59))],
        step(1, "WHERE CAST(ts AS TIME) BETWEEN ? AND ?"),
        [time(5), time(11, 59, 59)],
        [1, 2, 9, 10],
    ),
    (
        "night_wraps_midnight",
        [WhereTimeOfDay(start=time(21), end=time(4, 59, 59))],
        step(1, "WHERE (CAST(ts AS TIME) >= ? OR CAST(ts AS TIME) <= ?)"),
        [time(21), time(4, 59, 59)],
        [7, 8],
    ),
    (
        "speaker_case_insensitive",
        [WhereSpeaker(names=["AKI"])],
        step(1, "WHERE list_contains(?, lower(speaker))"),
        [["aki"]],
        [1, 3, 5, 7, 9],
    ),
    ("nth_session", [NthSession(n=2)], step(1, "WHERE session_ordinal = ?"), [2], [3, 4]),
    (
        "nth_session_last",
        [NthSession(n=-1)],
        step(1, f"QUALIFY session_ordinal = {MAX_ORD} + ?"),
        [0],
        [9, 10],
    ),
    (
        "session_range",
        [SessionRange(a=2, b=3)],
        step(1, "WHERE session_ordinal BETWEEN ? AND ?"),
        [2, 3],
        [3, 4, 5, 6],
    ),
    (
        "session_range_from_end",
        [SessionRange(a=-2, b=-1)],
        step(1, f"QUALIFY session_ordinal BETWEEN {MAX_ORD} + ? AND {MAX_ORD} + ?"),
        [-1, 0],
        [7, 8, 9, 10],
    ),
    (
        "relative_session",
        [RelativeSession(k=1)],
        step(1, f"QUALIFY {DESC} = ?"),
        [2],
        [7, 8],
    ),
    (
        "third_on_tuesday",
        [WhereWeekday(days=[2]), NthWithin(n=3)],
        step(1, "WHERE list_contains(?, weekday)") + step(2, f"QUALIFY {ASC} = ?"),
        [[2], 3],
        [7, 8],
    ),
    (
        "second_to_last_tuesday",
        [WhereWeekday(days=[2]), NthWithin(n=-2)],
        step(1, "WHERE list_contains(?, weekday)") + step(2, f"QUALIFY {DESC} = ?"),
        [[2], 2],
        [5, 6],
    ),
    (
        "last_in_may",
        [WhereMonth(month=5, year=2023), Last()],
        step(1, "WHERE month = ? AND year = ?") + step(2, f"QUALIFY {DESC} = ?"),
        [5, 2023, 1],
        [5, 6],
    ),
    (
        "first_in_may",
        [WhereMonth(month=5, year=2023), First()],
        step(1, "WHERE month = ? AND year = ?") + step(2, f"QUALIFY {ASC} = ?"),
        [5, 2023, 1],
        [1, 2],
    ),
    (
        "before_event",
        [Before(event="the picnic")],
        step(1, "WHERE ts < ?"),
        [EVENT["the picnic"]],
        [1, 2, 3, 4],
    ),
    (
        "after_event",
        [After(event="the picnic")],
        step(1, "WHERE ts > ?"),
        [EVENT["the picnic"]],
        [6, 7, 8, 9, 10],
    ),
    (
        "earlier_today",
        [WhereDate(start=date(2023, 6, 12), end=date(2023, 6, 12)), ExcludeCurrent()],
        step(1, "WHERE day BETWEEN ? AND ?")
        + step(
            2,
            "WHERE session_id NOT IN (SELECT id FROM sessions WHERE start_ts <= ? AND end_ts >= ?)",
        ),
        [date(2023, 6, 12), date(2023, 6, 12), NOW, NOW],
        [],
    ),
    (
        "where_mentions_day",
        [WhereMentions(start=date(2023, 5, 6), end=date(2023, 5, 6))],
        step(1, f"WHERE {MENTIONS_SQL}"),
        [datetime(2023, 5, 7), datetime(2023, 5, 6)],
        [2, 3, 9],
    ),
    (
        # and the turn either side of each in its session: 2's question (1), 3's reply (4),
        # 9's reply (10)
        "where_mentions_around",
        [WhereMentions(start=date(2023, 5, 6), end=date(2023, 5, 6), around=1)],
        step(1, f"WHERE {AROUND_SQL}"),
        [datetime(2023, 5, 7), datetime(2023, 5, 6), 1, 1],
        [1, 2, 3, 4, 9, 10],
    ),
    (
        "where_mentions_overlap_is_inclusive_of_days",
        [WhereMentions(start=date(2023, 5, 14), end=date(2023, 5, 20))],
        step(1, f"WHERE {MENTIONS_SQL}"),
        [datetime(2023, 5, 21), datetime(2023, 5, 14)],
        [4, 9],
    ),
    (
        "where_mentions_then_speaker",
        [
            WhereMentions(start=date(2023, 5, 6), end=date(2023, 5, 6)),
            WhereSpeaker(names=["Aki"]),
        ],
        step(1, f"WHERE {MENTIONS_SQL}") + step(2, "WHERE list_contains(?, lower(speaker))"),
        [datetime(2023, 5, 7), datetime(2023, 5, 6), ["aki"]],
        [3, 9],
    ),
    (
        "any_of_both_clocks",
        [
            AnyOf(
                ops=[
                    WhereDate(start=date(2023, 5, 9), end=date(2023, 5, 9)),
                    WhereMentions(start=date(2023, 5, 9), end=date(2023, 5, 9)),
                ]
            )
        ],
        step(1, f"WHERE ((day BETWEEN ? AND ?) OR ({MENTIONS_SQL}))"),
        [date(2023, 5, 9), date(2023, 5, 9), datetime(2023, 5, 10), datetime(2023, 5, 9)],
        [4, 5, 6, 9],
    ),
    (
        "mentions_in_a_session_pick",
        [WhereMentions(start=date(2023, 5, 1), end=date(2023, 5, 31)), NthWithin(n=2)],
        step(1, f"WHERE {MENTIONS_SQL}") + step(2, f"QUALIFY {ASC} = ?"),
        [datetime(2023, 6, 1), datetime(2023, 5, 1), 2],
        [3, 4],
    ),
    (
        "exclude_current",
        [ExcludeCurrent()],
        step(
            1,
            "WHERE session_id NOT IN (SELECT id FROM sessions WHERE start_ts <= ? AND end_ts >= ?)",
        ),
        [NOW, NOW],
        [1, 2, 3, 4, 5, 6, 7, 8],
    ),
]


@pytest.mark.parametrize(
    ("ops", "sql", "params", "ids"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_compiled_sql_and_rows(
    con: duckdb.DuckDBPyConnection,
    ops: list[TableOp],
    sql: str,
    params: list[Any],
    ids: list[int],
) -> None:
    compiled = compile_plan(TablePlan(ops=ops), now=NOW, conversation="aki", event_times=EVENT)
    assert compiled.sql == BASE + sql + TAIL.format(len(ops))
    assert compiled.params == [NOW, "aki", *params]
    assert run(con, ops, "aki") == ids


def test_no_conversation_scope_ranks_sessions_per_conversation(
    con: duckdb.DuckDBPyConnection,
) -> None:
    compiled = compile_plan(TablePlan(ops=[NthSession(n=1)]), now=NOW)
    assert compiled.sql.startswith("WITH step0 AS (SELECT * FROM messages_v WHERE ts <= ?),")
    assert compiled.params == [NOW, 1]
    assert run(con, [NthSession(n=1)], None) == [1, 2, 11, 12]
    assert run(con, [Last()], None) == [11, 12, 9, 10]


def test_messages_after_now_are_never_returned(con: duckdb.DuckDBPyConnection) -> None:
    assert run(con, [WhereConversation(names=["BEN"])], None) == [11, 12]


def test_values_are_bound_never_interpolated(con: duckdb.DuckDBPyConnection) -> None:
    sneaky = "x') OR 1=1; DROP TABLE messages; --"
    compiled = compile_plan(TablePlan(ops=[WhereSpeaker(names=[sneaky])]), now=NOW)
    assert sneaky not in compiled.sql and "DROP" not in compiled.sql
    assert con.execute(compiled.sql, compiled.params).fetchall() == []
    assert con.execute("SELECT count(*) FROM messages").fetchone() == (13,)


def test_unresolved_event_is_a_plan_error() -> None:
    plan = TablePlan(ops=[Before(event="I moved")])
    with pytest.raises(PlanError, match="'I moved'.*unresolved"):
        compile_plan(plan, now=NOW)


def test_parse_plan_accepts_json_dicts_and_lists() -> None:
    expected = TablePlan(ops=[WhereWeekday(days=[2]), NthWithin(n=3)])
    as_list = [{"op": "where_weekday", "days": [2]}, {"op": "nth_within", "n": 3}]
    assert parse_plan(as_list) == expected
    assert parse_plan({"ops": as_list}) == expected
    assert (
        parse_plan('{"ops": [{"op": "where_weekday", "days": [2]}, {"op": "nth_within", "n": 3}]}')
        == expected
    )
    assert parse_plan(expected) is expected
    dated = parse_plan([{"op": "where_date", "start": "2023-05-08", "end": "2023-05-08"}])
    assert dated.ops == [WhereDate(start=date(2023, 5, 8), end=date(2023, 5, 8))]


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ([{"op": "drop_table"}], "unknown op 'drop_table'; choose from after, any_of, before"),
        ([{"days": [1]}], "unknown op None"),
        ([{"op": "where_weekday", "days": [8]}], "less than or equal to 7"),
        ([{"op": "where_weekday", "days": []}], "at least 1 item"),
        ([{"op": "where_date", "start": "2023-05-09", "end": "2023-05-01"}], "is after end"),
        ([{"op": "where_date", "start": "last friday", "end": "2023-05-01"}], "start"),
        ([{"op": "where_speaker", "names": ["Aki"], "sql": "1=1"}], "Extra inputs"),
        ([{"op": "where_speaker", "names": [""]}], "at least 1 character"),
        ([{"op": "nth_session", "n": 0}], "0 names no session"),
        ([{"op": "session_range", "a": 5, "b": 3}], "is empty"),
        ([{"op": "relative_session", "k": -1}], "greater than or equal to 0"),
        ([{"op": "where_month", "month": 13}], "less than or equal to 12"),
        ("[{", "not valid JSON"),
        ("42", "must be an object"),
    ],
)
def test_parse_plan_rejects_with_clear_errors(bad: Any, message: str) -> None:
    with pytest.raises(PlanError, match=message.replace("(", r"\(")):
        parse_plan(bad)
