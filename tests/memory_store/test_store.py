"""The DuckDB store: sessions, chunks, idempotent and all-or-nothing ingest."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import duckdb
import pytest

from memory_store.db.ingest import ingest_files
from memory_store.db.sessions import windows
from memory_store.db.store import Store
from memory_store.errors import ImportFormatError, StoreBusyError
from memory_store.models import Message
from memory_store.settings import Settings
from tests.conftest import SMALL


@pytest.mark.parametrize(
    ("n", "size", "stride", "expected"),
    [
        (0, 42, 36, []),
        (10, 42, 36, [(0, 10)]),
        (42, 42, 36, [(0, 42)]),
        (43, 42, 36, [(0, 42), (36, 43)]),
        (100, 42, 36, [(0, 42), (36, 78), (72, 100)]),
        (5, 2, 2, [(0, 2), (2, 4), (4, 5)]),
    ],
)
def test_windows(n: int, size: int, stride: int, expected: list[tuple[int, int]]) -> None:
    assert windows(n, size, stride) == expected


def _messages(gaps_minutes: list[int], conv: str = "c") -> list[Message]:
    ts, out = datetime(2024, 1, 1, 9), []
    for i, gap in enumerate(gaps_minutes):
        ts += timedelta(minutes=gap)
        out.append(Message(conv, f"r{i}", "A" if i % 2 else "B", ts, f"text {i}"))
    return out


@pytest.mark.parametrize(
    ("gaps", "gap_minutes", "sessions"),
    [
        ([0, 10, 10, 10], 180, [3]),
        ([0, 10, 181, 10], 180, [1, 1]),
        ([0, 10, 180, 10], 180, [3]),  # a gap of exactly the threshold does not split
        ([0, 61, 61, 61], 60, [0, 0, 0, 0]),
    ],
)
def test_gap_sessions(
    tmp_path: Path, gaps: list[int], gap_minutes: int, sessions: list[int]
) -> None:
    store = Store.open(tmp_path / "s.duckdb")
    store.ingest(_messages(gaps), gap_minutes=gap_minutes)
    rows = store.con.execute("SELECT ordinal, n_messages FROM sessions ORDER BY ordinal").fetchall()
    assert [n - 1 for _, n in rows] == sessions
    assert [o for o, _ in rows] == list(range(1, len(sessions) + 1))


def test_source_sessions_are_kept(tmp_path: Path) -> None:
    base = datetime(2024, 1, 1, 9)
    msgs = [
        Message(
            "c",
            f"D{s}:{i}",
            "A",
            base + timedelta(days=s, seconds=i),
            "x",
            session_key=f"session_{s}",
        )
        for s in (2, 1)
        for i in range(3)
    ]
    store = Store.open(tmp_path / "s.duckdb")
    store.ingest(msgs, gap_minutes=1)
    rows = store.con.execute(
        "SELECT ordinal, source_key, n_messages FROM sessions ORDER BY 1"
    ).fetchall()
    assert rows == [(1, "session_1", 3), (2, "session_2", 3)]


def test_chunks_never_cross_sessions(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "s.duckdb")
    store.ingest(_messages([0] + [1] * 49 + [500] + [1] * 9), chunk_size=20, chunk_stride=15)
    bad = store.con.execute(
        "SELECT count(*) FROM chunk_messages cm JOIN chunks c ON c.id = cm.chunk_id "
        "JOIN messages m ON m.id = cm.message_id WHERE m.session_id <> c.session_id"
    ).fetchall()[0][0]
    assert bad == 0
    sizes = [
        r[0] for r in store.con.execute("SELECT n_messages FROM chunks ORDER BY id").fetchall()
    ]
    assert sizes == [20, 20, 20, 10]  # 50 messages: [0,20) [15,35) [30,50); then 10


def test_chunk_texts_have_header_and_stamps(small_store: Store) -> None:
    raw, emb = small_store.con.execute(
        "SELECT raw_text, embedding_text FROM chunks ORDER BY id LIMIT 1"
    ).fetchall()[0]
    assert raw.startswith("[2024-03-04 09:00] Aki: Morning!")
    assert emb.startswith("Date: Monday 4 March 2024. Session 1. Speakers: Aki, Sam.")


@pytest.mark.parametrize(
    ("message_id", "n", "expected"),
    [
        (2, 3, [1, 2, 3, 4, 5]),  # m1 has nothing before it
        (6, 1, [5, 6, 7]),  # neighbours cross sessions, not conversations
        (13, 2, [11, 12, 13]),  # the last message of "Aki"
        (14, 1, [14, 15]),  # the first of "Book club": never m13 of "Aki"
        (999, 3, []),
    ],
)
def test_around_gives_a_message_and_its_neighbours(
    small_store: Store, message_id: int, n: int, expected: list[int]
) -> None:
    around = small_store.around(message_id, n)
    assert [m.id for m in around] == expected
    assert len({m.conversation for m in around}) <= 1


def test_reimport_adds_nothing(settings: Settings) -> None:
    store = Store.open(settings.db_path)
    first = ingest_files(store, [SMALL], settings)[0]
    second = ingest_files(store, [SMALL], settings)[0]
    assert (first.new_messages, first.duplicates) == (17, 0)
    assert (second.new_messages, second.duplicates) == (0, 17)
    assert store.count("messages") == 17


def _snapshot(store: Store) -> list[object]:
    return [
        store.con.execute(f"SELECT * FROM {t} ORDER BY ALL").fetchall()
        for t in ("messages", "sessions", "chunks", "chunk_messages", "imports")
    ]


@pytest.mark.parametrize(
    ("name", "content", "where"),
    [
        (
            "broken.jsonl",
            '{"conversation": "x", "speaker": "a", "ts": "2024-01-01T00:00", "text": "ok"}\n'
            '{"conversation": ',
            ":line 2",
        ),
        ("nokey.jsonl", '{"conversation": "x", "speaker": "a", "text": "no ts"}\n', "ts"),
        ("unknown.txt", "just some prose\nwith no chat structure\n", "not a chat export"),
    ],
)
def test_bad_file_names_file_and_line_and_leaves_db_unchanged(
    settings: Settings, tmp_path: Path, name: str, content: str, where: str
) -> None:
    store = Store.open(settings.db_path)
    ingest_files(store, [SMALL], settings)
    before = _snapshot(store)
    bad = tmp_path / name
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(ImportFormatError) as info:
        ingest_files(store, [SMALL, bad], settings)
    assert str(bad) in str(info.value) and where in str(info.value)
    assert _snapshot(store) == before


def test_failed_transaction_rolls_back(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "s.duckdb")
    store.ingest(_messages([0, 1]))
    before = _snapshot(store)
    bad = [*_messages([0, 1], conv="other"), Message("other", "x", None, datetime(2024, 1, 1), "t")]  # type: ignore[arg-type]
    with pytest.raises(duckdb.Error):
        store.ingest(bad)  # speaker NOT NULL fails after the first rows were staged
    assert _snapshot(store) == before


def test_second_writer_gets_busy_error(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "s.duckdb"
    Store.open(path).close()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"import duckdb, time; c = duckdb.connect({str(path)!r}); "
            "print('ready', flush=True); time.sleep(30)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        with pytest.raises(StoreBusyError, match="busy"):
            Store.open(path)
    finally:
        holder.kill()
        holder.wait()
        if holder.stdout:
            holder.stdout.close()


@pytest.mark.parametrize("fail_after", [0, 1, 7, 19])
def test_streamed_ingest_rolls_back_when_the_source_fails_midway(
    tmp_path: Path, fail_after: int
) -> None:
    """Messages reach the store in batches as they are read; a source that fails after some
    batches are staged leaves the store exactly as it was."""
    store = Store.open(tmp_path / "s.duckdb")
    store.ingest(_messages([0, 1]))
    before = _snapshot(store)
    staged: list[int] = []

    def source() -> Iterator[Message]:
        for i, m in enumerate(_messages([5] * 20, conv="streamed")):
            if i == fail_after:
                raise ImportFormatError("big.jsonl", f"line {i + 1}", "invalid JSON")
            staged.append(i)
            yield m

    with pytest.raises(ImportFormatError, match="line"):
        store.ingest(source(), batch=3)
    assert len(staged) == fail_after
    assert _snapshot(store) == before
    ok = store.ingest(_messages([5] * 20, conv="streamed"), batch=3)  # and a clean run works
    assert (ok.new_messages, ok.sessions) == (20, 1)


def test_jsonl_is_read_lazily(tmp_path: Path) -> None:
    """`stream` parses JSON Lines as it is consumed: the messages before a bad line arrive
    before the error does (what lets a huge file be imported in batches)."""
    from memory_store.importers import stream

    good = '{"conversation": "x", "speaker": "a", "ts": "2024-01-01T00:0%d", "text": "hi"}\n'
    path = tmp_path / "h.jsonl"
    path.write_text("".join(good % i for i in range(5)) + "{not json\n", encoding="utf-8")
    messages = stream(path).messages
    first = [next(messages) for _ in range(5)]
    assert [m.ts.minute for m in first] == [0, 1, 2, 3, 4]
    with pytest.raises(ImportFormatError, match="line 6"):
        next(messages)
