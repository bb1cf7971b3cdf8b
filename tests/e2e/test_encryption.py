"""Encryption at rest: no file under MEMLANE_HOME shows the canary, and keys stay secret.

Every scan is paired with the same steps on a plain store, where the canary must show: that
proves the scan would catch a store (or WAL, index, history) written in the clear.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from agent.cli import cli
from memory_store.db import crypto
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store, file_hash
from memory_store.settings import Settings
from tests.e2e.test_crash import make_files, memlane, wait_then_kill
from tests.memory_store.test_forget import canary_rows, files_holding, new_canary, write_jsonl

pytestmark = pytest.mark.e2e

PASSPHRASE = "correct horse battery staple"


def invoke(args: list[str], code: int = 0) -> str:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == code, result.output
    return result.output


@pytest.fixture
def passphrase(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv(crypto.PASSPHRASE_ENV, PASSPHRASE)
    return PASSPHRASE


def on_terminal(*args: str, drop: str = "OPENAI_") -> pexpect.spawn:
    """`memlane ARGS` on a pseudo-terminal, without the environment variables named `drop*`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(drop)}
    return pexpect.spawn(
        sys.executable,
        ["-m", "agent", *args],
        cwd=str(Path(__file__).resolve().parents[2]),
        env=env | {"TERM": "dumb", "OMP_WAIT_POLICY": "PASSIVE"},
        encoding="utf-8",
        timeout=90,
    )


def fill(tmp_path: Path, canary: str) -> None:
    """Ingest the canary, search for it (which builds indexes) and record a REPL question."""
    src = write_jsonl(tmp_path / "src" / "chats.jsonl", canary_rows(canary))
    invoke(["ingest", str(src)])
    assert canary in invoke(["search", canary, "--now", "2024-03-10"])
    assert "Eve" in invoke(["ask", f"what about {canary}?", "--now", "2024-03-10"])


@pytest.mark.parametrize("encrypted", [True, False])
def test_no_plaintext_at_rest(
    tmp_path: Path, isolated_home: Path, passphrase: str, encrypted: bool
) -> None:
    canary = new_canary()
    if encrypted:
        invoke(["init", "--encrypt"])
    fill(tmp_path, canary)
    leaked = files_holding(isolated_home, canary[:16].encode())
    names = {p.name for p in isolated_home.rglob("*")}
    if encrypted:
        assert leaked == []
        assert names == {"memlane.duckdb", "memlane.duckdb.crypt", "memlane.duckdb.lock"}
    else:
        assert "memlane.duckdb" in leaked and "memlane.duckdb.idx" in names


@pytest.mark.parametrize("encrypted", [True, False])
def test_no_plaintext_in_the_wal_of_an_open_store(
    tmp_path: Path, settings: Settings, passphrase: str, encrypted: bool
) -> None:
    """Committed but not checkpointed: the rows are in the WAL while the store is open."""
    canary = new_canary()
    if encrypted:
        invoke(["init", "--encrypt"])
    store = Store.open(settings.db_path)
    store.exec_("SET checkpoint_threshold = '1GB'")
    ingest_files(store, [write_jsonl(tmp_path / "c.jsonl", canary_rows(canary))], settings)
    wal = settings.db_path.with_name(settings.db_path.name + ".wal")
    assert wal.exists() and wal.stat().st_size > 0
    leaked = files_holding(settings.home, canary[:16].encode())
    store.close()
    assert (leaked == []) is encrypted, leaked


def test_key_parameters_hold_neither_key_nor_passphrase(
    isolated_home: Path, passphrase: str
) -> None:
    invoke(["init", "--encrypt"])
    db = isolated_home / "memlane.duckdb"
    params = crypto.read_params(db)
    key = params.derive(PASSPHRASE)
    for path in isolated_home.rglob("*"):
        raw = path.read_bytes()
        assert key.encode() not in raw and bytes.fromhex(key) not in raw, path
        assert PASSPHRASE.encode() not in raw, path
    assert set(json.loads(crypto.params_path(db).read_text())) == {
        "salt", "n", "r", "p", "kdf", "cipher", "format"
    }  # fmt: skip


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        ({crypto.PASSPHRASE_ENV: "not the passphrase"}, "wrong passphrase"),
        ({}, "needs its passphrase: set MEMLANE_PASSPHRASE"),
    ],
)
def test_wrong_or_missing_passphrase_is_refused_and_changes_nothing(
    tmp_path: Path,
    isolated_home: Path,
    passphrase: str,
    monkeypatch: pytest.MonkeyPatch,
    env: dict[str, str],
    needle: str,
) -> None:
    invoke(["init", "--encrypt"])
    fill(tmp_path, new_canary())
    db = isolated_home / "memlane.duckdb"
    before = file_hash(db)
    crypto.forget_key(db)  # a new process: nothing remembered
    monkeypatch.delenv(crypto.PASSPHRASE_ENV)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    for args in (
        ["search", "dentist"],
        ["stats"],
        ["ingest", str(tmp_path / "src" / "chats.jsonl")],
    ):
        out = invoke(args, code=1)
        assert needle in out and "Traceback" not in out
    assert file_hash(db) == before


def test_a_plain_store_is_converted_whole(
    tmp_path: Path, isolated_home: Path, passphrase: str
) -> None:
    canary = new_canary()
    fill(tmp_path, canary)
    (isolated_home / "chat_history").write_text(f"what about {canary}?\n", encoding="utf-8")
    stats = json.loads(invoke(["stats", "--json"]))
    out = invoke(["init", "--encrypt"])
    assert "5 messages" in out and "unencrypted file was replaced" in out
    assert len(sealed(isolated_home / "memlane.duckdb")) == 2  # BM25 sealed at conversion
    assert files_holding(isolated_home, canary[:16].encode()) == []
    after = json.loads(invoke(["stats", "--json"]))
    assert {k: v for k, v in after.items() if k != "data_version"} == {
        k: v for k, v in stats.items() if k != "data_version"
    }
    assert canary in invoke(["search", canary, "--now", "2024-03-10"])
    assert "already encrypted" in invoke(["init", "--encrypt"], code=1)


def test_forget_compacts_an_encrypted_store(
    tmp_path: Path, isolated_home: Path, passphrase: str
) -> None:
    canary = new_canary()
    invoke(["init", "--encrypt"])
    fill(tmp_path, canary)
    assert "forgot 3 messages" in invoke(["forget", "--conversation", "Secret", "--yes"])
    assert crypto.is_encrypted(isolated_home / "memlane.duckdb")
    assert canary not in invoke(["search", canary, "--now", "2024-03-10"])
    assert "dentist" in invoke(["search", "dentist", "--now", "2024-03-10"])


def test_killed_conversion_leaves_the_plain_or_the_encrypted_store(
    tmp_path: Path, settings: Settings, passphrase: str
) -> None:
    """SIGKILL `memlane init --encrypt` at random points: every message survives either way."""
    rng = random.Random(7)
    files = make_files(tmp_path / "src", n_files=2, per_file=1500)
    db = settings.db_path
    kills = 0
    for attempt in range(8):
        shutil.rmtree(settings.home, ignore_errors=True)
        crypto.forget_key(db)
        assert memlane("ingest", *map(str, files), "--no-embed").wait() == 0
        proc = memlane("init", "--encrypt")
        kills += wait_then_kill(proc, crypto.pending_path(db), rng.uniform(0.0, 0.3))
        store = Store.open(db)
        assert store.count("messages") == 3000, attempt
        store.close()
        if not crypto.is_encrypted(db):
            invoke(["init", "--encrypt"])
        assert crypto.is_encrypted(db)
        assert not crypto.pending_path(db).exists()
    assert kills >= 3  # the kills landed during the conversion, not after it


@pytest.mark.parametrize("encrypted", [True, False])
def test_chat_keeps_no_history_file_for_an_encrypted_store(
    tmp_path: Path, isolated_home: Path, passphrase: str, encrypted: bool
) -> None:
    """The REPL on a pty: questions are as private as the messages they ask about."""
    canary = new_canary()
    if encrypted:
        invoke(["init", "--encrypt"])
    invoke(["ingest", str(write_jsonl(tmp_path / "c.jsonl", canary_rows(canary))), "--no-embed"])
    child = on_terminal("chat", "--now", "2024-03-10")
    child.expect_exact("memlane> ")
    child.sendline(f"what is {canary}?")
    child.expect_exact("memlane> ")
    assert "Eve" in child.before
    child.sendline("/quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    history = isolated_home / "chat_history"
    assert history.exists() is not encrypted
    assert (files_holding(isolated_home, canary[:16].encode()) == []) is encrypted


def sealed(db: Path) -> list[bytes]:
    store = Store.open(db, read_only=True)
    rows = store.con.execute("SELECT data FROM sealed_indexes ORDER BY name").fetchall()
    store.close()
    return [bytes(r[0]) for r in rows]


def test_bm25_lives_inside_the_encrypted_store_and_forget_clears_it(
    tmp_path: Path, isolated_home: Path, passphrase: str
) -> None:
    """Ingest builds the BM25 indexes into `sealed_indexes` (so searches need not rebuild
    them); their vocabularies hold message words, so `forget` must drop them."""
    canary = new_canary()
    invoke(["init", "--encrypt"])
    fill(tmp_path, canary)
    db = isolated_home / "memlane.duckdb"
    blobs = sealed(db)
    assert len(blobs) == 2 and any(canary[:16].encode() in b for b in blobs)
    invoke(["forget", "--conversation", "Secret", "--yes"])
    assert "dentist" in invoke(["search", "dentist", "--now", "2024-03-10"])
    blobs = sealed(db)
    assert blobs and not any(canary[:16].encode() in b for b in blobs)
    assert files_holding(isolated_home, canary[:16].encode()) == []


@pytest.mark.parametrize(
    ("typed", "shown", "code"),
    [(PASSPHRASE, "0 messages", 0), ("not it", "wrong passphrase", 1)],
)
def test_passphrase_typed_at_the_terminal(
    isolated_home: Path, passphrase: str, typed: str, shown: str, code: int
) -> None:
    """Without MEMLANE_PASSPHRASE memlane asks on the terminal (getpass: nothing echoed)."""
    invoke(["init", "--encrypt"])
    child = on_terminal("stats", drop=crypto.PASSPHRASE_ENV)
    child.expect_exact("passphrase for ")
    child.sendline(typed)
    child.expect(pexpect.EOF)
    child.close()
    assert shown in child.before and typed not in child.before
    assert child.exitstatus == code
