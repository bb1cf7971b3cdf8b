"""Hostile sizes and bytes: each case ends with a correct import or a clear error, and an error
leaves the store as it was. Every case is timed; `pytest -s` prints the times (they are
recorded in the issue-17 note), and only a generous hang guard is asserted.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from agent.cli.main import main
from memory_store.db.store import Store
from tests.conftest import SMALL

HANG_GUARD_S = 120.0
ROW = {"conversation": "H", "speaker": "Ann", "ts": "2024-03-01T10:00:00"}


def jsonl(path: Path, texts: list[str], sep: str = "\n") -> None:
    with path.open("w", encoding="utf-8", newline="") as fh:
        for i, t in enumerate(texts):
            row = {
                **ROW,
                "id": str(i),
                "ts": f"2024-03-01T{10 + i // 3600 % 12:02d}:{i // 60 % 60:02d}:{i % 60:02d}",
                "text": t,
            }
            fh.write(json.dumps(row) + sep)


def five_mb_line(p: Path) -> None:
    jsonl(p, ["needle " + "word " * (5 * 1024 * 1024 // 5), "short one"])


def one_char_messages(p: Path) -> None:
    jsonl(p, ["x"] * 100_000)


def sparse_2gb(p: Path) -> None:
    p.touch()
    os.truncate(p, 2 << 30)  # takes no disk: never write 2 GB


def escaped_nul(p: Path) -> None:
    jsonl(p, ["before\x00after", "plain"])  # json.dumps writes \u0000: valid JSON


def raw_nul(p: Path) -> None:
    p.write_bytes(json.dumps({**ROW, "text": "a\x00b"}).replace("\\u0000", "\x00").encode() + b"\n")


def mixed_newlines(p: Path) -> None:
    rows = [
        json.dumps({**ROW, "ts": f"2024-03-01T10:0{i}:00", "text": t})
        for i, t in enumerate(["one", "two", "three", "four"])
    ]
    p.write_bytes((rows[0] + "\r\n" + rows[1] + "\r" + rows[2] + "\n" + rows[3]).encode())


def json_bomb(p: Path) -> None:
    p.write_text(
        json.dumps(ROW)[:-1] + ', "text": ' + "[" * 200_000 + "]" * 200_000 + "}\n", "utf-8"
    )


@dataclass
class Hostile:
    id: str
    make: Callable[[Path], None]
    extra: list[str]
    messages: int | None  # messages imported, or None: refused with `error`
    error: str = ""


CASES = [
    Hostile("5 MB line", five_mb_line, [], 2),
    Hostile("100,000 one-character messages", one_char_messages, [], 100_000),
    Hostile("2 GB sparse file", sparse_2gb, [], None, "holds a NUL byte"),
    Hostile("2 GB sparse file as JSON Lines", sparse_2gb, ["--format", "jsonl"], None, "NUL"),
    Hostile("NUL escaped in JSON", escaped_nul, [], 2),
    Hostile("raw NUL byte", raw_nul, [], None, "holds a NUL byte"),
    Hostile("mixed newlines", mixed_newlines, [], 4),
    Hostile("deeply nested JSON bomb", json_bomb, [], None, "JSON nested too deeply"),
]


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("seed") / "memlane.duckdb"
    with pytest.raises(SystemExit) as done:
        main(["ingest", str(SMALL), "--no-embed", "--db", str(db)])
    assert done.value.code == 0
    return db


def contents(db: Path) -> tuple[int, int, int, int]:
    store = Store.open(db)
    try:
        return (
            store.count("messages"),
            store.count("imports"),
            store.count("embeddings"),
            store.data_version,
        )
    finally:
        store.close()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hostile_input_imports_or_fails_cleanly(
    case: Hostile, seeded: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "memlane.duckdb"
    shutil.copy(seeded, db)
    before = contents(db)
    path = tmp_path / "hostile.jsonl"
    case.make(path)

    start = time.monotonic()
    with pytest.raises(SystemExit) as done:
        main(["ingest", str(path), "--db", str(db), *case.extra])
    took = time.monotonic() - start
    out = capsys.readouterr()
    outcome = "refused" if case.messages is None else "imported"
    with capsys.disabled():
        print(f"\nhostile input {case.id}: {outcome} in {took:.2f} s (exit {done.value.code})")

    assert took < HANG_GUARD_S
    assert "Traceback" not in out.err
    if case.messages is None:
        assert done.value.code == 1, out
        assert out.err.startswith(f"Error: {path}:line ") and case.error in out.err, out.err
        assert contents(db) == before  # the store is unchanged
        return
    assert done.value.code == 0, out.err
    after = contents(db)
    assert after[0] - before[0] == case.messages
    assert after[1] == before[1] + 1  # recorded as one import
    store = Store.open(db)
    try:
        stored = store.con.execute(
            "SELECT text FROM messages WHERE conversation = 'H' ORDER BY ts, id"
        ).fetchall()
    finally:
        store.close()
    assert len(stored) == case.messages
    if case.id == "5 MB line":  # stored whole, embedded from its beginning, with a note
        assert len(stored[0][0]) > 5_000_000 and after[2] > before[2]
        assert "longer than 4,000 characters" in out.err
    if case.id == "NUL escaped in JSON":
        assert ("before\x00after",) in stored
    if case.id == "mixed newlines":
        assert [t for (t,) in stored] == ["one", "two", "three", "four"]
