"""Japanese end to end: the planner's Japanese phrasings, BM25 alone on the Japanese demo
export, 「先週の火曜日に何を話した？」 through the pipeline, and incremental LINE import."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, time
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from agent.plan.planner import plan_question
from agent.plan.timeexpr_ja import parse_ja_number
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.importers import load
from memory_store.query.search import RetrievalConfig, Searcher, open_searcher
from memory_store.query.table_ops import (
    NthSession,
    NthWithin,
    TableOp,
    WhereDate,
    WhereMonth,
    WhereSpeaker,
    WhereTimeOfDay,
    WhereWeekday,
)
from memory_store.settings import Settings

DEMO = Path(__file__).parents[2] / "memory_store" / "data" / "demo_ja_line.txt"
NOW = datetime(2026, 9, 16, 9, 0)  # Wednesday, the morning after the export was saved
SPEAKERS = ["アキ", "サム"]


def day(y: int, m: int, d: int) -> WhereDate:
    return WhereDate(start=date(y, m, d), end=date(y, m, d))


def days(a: tuple[int, int, int], b: tuple[int, int, int]) -> WhereDate:
    return WhereDate(start=date(*a), end=date(*b))


def tod(a: time, b: time) -> WhereTimeOfDay:
    return WhereTimeOfDay(start=a, end=b)


MORNING = tod(time(5), time(11, 59, 59))
NIGHT = tod(time(18), time(4, 59, 59))

JA_CASES: list[tuple[str, str, list[TableOp]]] = [
    # 先週の火曜日 is last calendar week's Tuesday, not yesterday's
    ("先週の火曜日に何を話した？", "time", [day(2026, 9, 8)]),
    ("先週火曜の会話を要約して", "time", [day(2026, 9, 8)]),
    ("今週の月曜日は何を話した？", "time", [day(2026, 9, 14)]),
    ("火曜日に何を話した？", "time", [day(2026, 9, 15)]),
    ("毎週火曜日の会話", "time", [WhereWeekday(days=[2])]),
    ("昨日は何を話した？", "time", [day(2026, 9, 15)]),
    ("きのう何話したっけ", "time", [day(2026, 9, 15)]),
    ("一昨日の会話を要約して", "time", [day(2026, 9, 14)]),
    ("おととい何を話した？", "time", [day(2026, 9, 14)]),
    ("今日何話した？", "time", [day(2026, 9, 16)]),
    ("今朝の会話", "time", [day(2026, 9, 16), MORNING]),
    ("先週何を話した？", "time", [days((2026, 9, 7), (2026, 9, 13))]),
    ("今週の会話をまとめて", "time", [days((2026, 9, 14), (2026, 9, 16))]),
    ("先月について要約して", "time", [days((2026, 8, 1), (2026, 8, 31))]),
    ("今月何を話した？", "time", [days((2026, 9, 1), (2026, 9, 16))]),
    ("3日前に何を話した？", "time", [days((2026, 9, 12), (2026, 9, 13))]),
    ("２週間前の会話", "time", [days((2026, 8, 31), (2026, 9, 6))]),
    ("3ヶ月前に何を話した？", "time", [days((2026, 6, 1), (2026, 6, 30))]),
    ("2か月前の話", "time", [days((2026, 7, 1), (2026, 7, 31))]),
    ("過去3日間の会話を要約して", "time", [days((2026, 9, 13), (2026, 9, 16))]),
    ("9月8日に何を話した？", "time", [day(2026, 9, 8)]),
    ("3月5日に何を話した？", "time", [day(2026, 3, 5)]),
    ("2024年3月5日の会話を要約して", "time", [day(2024, 3, 5)]),
    ("十月十日の会話", "time", [day(2025, 10, 10)]),
    ("3月に何を話した？", "time", [WhereMonth(month=3, year=2026)]),
    ("2024年3月の会話", "time", [WhereMonth(month=3, year=2024)]),
    ("最初の会話を要約して", "time", [NthSession(n=1)]),
    ("最後の会話で何を話した？", "time", [NthSession(n=-1)]),
    ("3回目の会話", "time", [NthSession(n=3)]),
    ("前々回の会話", "time", [NthWithin(n=-2)]),
    ("火曜日の2回目の会話", "time", [WhereWeekday(days=[2]), NthWithin(n=2)]),
    ("昨日の夜は何を話した？", "time", [day(2026, 9, 15), NIGHT]),
    ("午前中に何を話した？", "time", [tod(time(0), time(11, 59, 59))]),
    ("午後に何を話した？", "time", [tod(time(12), time(23, 59, 59))]),
    ("先週の火曜日の朝に話したこと", "time", [day(2026, 9, 8), MORNING]),
    ("午後3時以降に何を話した？", "time", [tod(time(15), time(23, 59, 59))]),
    # route: a topic left over makes it "both"; no time at all is "content"
    ("先週末にボルダリングについて話した？", "both", [days((2026, 9, 12), (2026, 9, 13))]),
    ("3月に京都について話した？", "both", [WhereMonth(month=3, year=2026)]),
    ("ミソの朝ごはんについて", "content", []),
    ("京都の旅行について何を話した？", "content", []),
    # speakers, and 私 with --me
    (
        "アキは先週何て言ってた？",
        "time",
        [days((2026, 9, 7), (2026, 9, 13)), WhereSpeaker(names=["アキ"])],
    ),
    ("私は昨日何て言った？", "time", [day(2026, 9, 15), WhereSpeaker(names=["サム"])]),
    # English still English, inside the same planner
    ("What did we talk about last Tuesday?", "time", [day(2026, 9, 15)]),
    ("What did I say yesterday?", "time", [day(2026, 9, 15), WhereSpeaker(names=["サム"])]),
]


@pytest.mark.parametrize(("question", "route", "ops"), JA_CASES)
def test_japanese_phrasings(question: str, route: str, ops: list[TableOp]) -> None:
    planned = plan_question(question, now=NOW, speakers=SPEAKERS, me="サム")
    assert (planned.route, planned.plan.ops) == (route, ops), planned.resolved


def test_content_query_keeps_only_the_topic() -> None:
    planned = plan_question("先週末にボルダリングについて何を話した？", now=NOW)
    assert planned.content_query == "ボルダリング"
    assert planned.resolved == ["先週末 → 2026-09-12–2026-09-13"]


def test_breakfast_is_not_a_time_of_day() -> None:
    assert plan_question("昨日の朝ごはんの話", now=NOW).plan.ops == [day(2026, 9, 15)]


@pytest.mark.parametrize(
    ("text", "n"), [("12", 12), ("１２", 12), ("十", 10), ("十二", 12), ("二十三", 23), ("百", 100)]
)
def test_parse_ja_number(text: str, n: int) -> None:
    assert parse_ja_number(text) == n


# --- the demo export in a real store -------------------------------------------------------


@pytest.fixture
def ja_store(settings: Settings) -> Iterator[Store]:
    store = Store.open(settings.db_path)
    ingest_files(store, [DEMO], settings)
    yield store
    store.close()


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("京都の旅館はどこを予約した？", "そういえば京都の旅館、予約取れたよ"),
        ("読書会はいつ？", "読書会は十月七日の水曜日、マルタの家で夜七時から"),
        ("面接官は誰？", "リナ・ブルックスさんだっけ、面接官"),
        ("プリヤの誕生日プレゼント", "そうだ、プリヤの誕生日プレゼントどうする？十月四日だよ"),
        ("ジムの会員料金", "電話ありがとう。会員料金、十月一日から上がるんだね"),
        ("SQLの問題", "了解。SQLの問題も出すからね"),
    ],
)
def test_bm25_alone_finds_japanese_messages(ja_store: Store, question: str, expected: str) -> None:
    searcher = Searcher(ja_store, RetrievalConfig(use_dense=False), embedder=None)
    top3 = [m.text for m in searcher.search(question, 3).ranked_messages[:3]]
    assert expected in top3


def test_last_tuesday_through_the_pipeline(ja_store: Store, settings: Settings) -> None:
    pipe = Pipeline(ja_store, settings, open_searcher(settings, ja_store))
    result = pipe.ask("先週の火曜日に何を話した？", now=NOW)
    assert result.route == "time"
    assert result.planned.resolved == ["先週の火曜日 → 2026-09-08"]
    rows = ja_store.con.execute(
        "SELECT id FROM messages WHERE CAST(ts AS DATE) = ? ORDER BY ts, id", [date(2026, 9, 8)]
    ).fetchall()
    assert len(rows) == 32
    assert sorted(m.id for m in result.filtered) == sorted(r[0] for r in rows)
    assert result.answer is not None and result.answer.citations
    assert {m.ts.date() for m in result.answer.citations} == {date(2026, 9, 8)}


# --- incremental import --------------------------------------------------------------------


def _export(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_newer_export_adds_only_new_messages(tmp_path: Path, settings: Settings) -> None:
    lines = DEMO.read_text(encoding="utf-8").splitlines()
    cut = lines.index("2026/09/12(土)")
    old = _export(tmp_path / "old.txt", lines[:cut])
    # The newer export appends the rest, plus a genuine repeat of the last message.
    new = _export(tmp_path / "new.txt", [*lines, "20:35\tサム\tおやすみ"])
    old_msgs, new_msgs = load(old).messages, load(new).messages
    assert {m.source_ref for m in old_msgs} <= {m.source_ref for m in new_msgs}
    store = Store.open(settings.db_path)
    first = ingest_files(store, [old], settings)[0]
    second = ingest_files(store, [new], settings)[0]
    assert first.new_messages == len(old_msgs)
    assert (second.new_messages, second.duplicates) == (
        len(new_msgs) - len(old_msgs),
        len(old_msgs),
    )
    assert store.count("messages") == len(new_msgs)
    again = ingest_files(store, [new], settings)[0]
    assert again.new_messages == 0
    store.close()
