"""`memlane forget`: the canary is gone from every byte under MEMLANE_HOME, and only it is."""

from __future__ import annotations

import json
import uuid
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from agent.cli import cli
from memory_store.db.forget import compact, forget, scrub_history, selection
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.indexes.embed import embed_pending
from memory_store.settings import Settings
from tests.conftest import SMALL, HashEmbedder


def files_holding(root: Path, needle: bytes) -> list[str]:
    """Every file under root whose raw bytes contain needle (UTF-8 and UTF-16 forms too)."""
    forms = [needle, needle.decode().encode("utf-16-le")]
    return sorted(
        str(p.relative_to(root))
        for p in root.rglob("*")
        if p.is_file() and any(f in p.read_bytes() for f in forms)
    )


def write_jsonl(path: Path, rows: list[dict[str, str]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def canary_rows(canary: str) -> list[dict[str, str]]:
    keep = [
        {"conversation": "Keep", "speaker": "Sam", "ts": f"2024-03-0{d}T10:00:00", "text": t}
        for d, t in [(1, "the dentist is on Thursday"), (2, "climbing at the gym tonight")]
    ]
    secret = [
        {"conversation": "Secret", "speaker": "Eve", "ts": "2024-03-03T21:00:00", "text": t}
        for t in [f"my locker code is {canary}", f"remember {canary} please", "ok will do"]
    ]
    return keep + secret


def run(args: list[str]) -> str:
    # Through the group, as `memlane forget` runs: a command invoked on its own keeps a help
    # option without the group's "-h", and click caches it for later tests (the golden --help).
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return result.output


def new_canary() -> str:
    """A unique word the tokenizer keeps whole (letters only; stemming may trim its end,
    so scans look for its first 16 letters)."""
    return "zq" + uuid.uuid4().hex.translate(str.maketrans("0123456789", "ghijklmnop"))


def test_canary_is_gone_from_every_file(tmp_path: Path, isolated_home: Path) -> None:
    canary = new_canary()
    src = write_jsonl(tmp_path / "src" / "chats.jsonl", canary_rows(canary))
    db = isolated_home / "memlane.duckdb"
    run(["ingest", str(src)])
    assert canary in run(["search", canary, "--now", "2024-03-10"])
    store = Store.open(db)  # an LLM summary of the secret chat, as `memlane summarize` leaves
    store.exec_("UPDATE chunks SET summary = ? WHERE conversation = 'Secret'", [f"Eve: {canary}"])
    store.close()
    history = isolated_home / "chat_history"
    history.write_text(f"what is {canary}?\nwhen is the dentist\n", encoding="utf-8")
    before = files_holding(isolated_home, canary[:16].encode())
    # The scan can see the canary: in the store, the BM25 files and the REPL history.
    assert any(f.startswith("memlane.duckdb.idx/bm25") for f in before), before
    assert "chat_history" in before and any(f.startswith("memlane.duckdb") for f in before)
    assert (db.parent / "memlane.duckdb.idx" / "faiss-messages.index").exists()

    out = run(["forget", "--conversation", "Secret", "--yes"])
    assert "forgot 3 messages" in out
    assert files_holding(isolated_home, canary[:16].encode()) == []
    assert files_holding(isolated_home, b"locker code") == []
    assert history.read_text(encoding="utf-8") == "when is the dentist\n"
    # The rest still works: search rebuilds its indexes from the compacted store.
    assert "dentist" in run(["search", "dentist", "--now", "2024-03-10"])
    assert run(["stats", "--json"]).count('"name"') == 1


def test_without_compaction_deleted_bytes_survive(
    tmp_path: Path, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Why `compact` exists: DuckDB keeps deleted rows in free blocks (this proves the canary
    test above would catch a forget that only deletes rows)."""
    canary = new_canary()
    src = write_jsonl(tmp_path / "src" / "c.jsonl", canary_rows(canary))
    store = Store.open(settings.db_path)
    ingest_files(store, [src], settings)
    store.exec_("CHECKPOINT")
    monkeypatch.setattr("memory_store.db.forget.compact", lambda s: None)
    forget(store, conversation="Secret", settings=settings)
    store.exec_("CHECKPOINT")
    store.close()
    assert files_holding(settings.home, canary.encode()) != []
    store = Store.open(settings.db_path)
    compact(store)
    store.close()
    assert files_holding(settings.home, canary.encode()) == []


@pytest.fixture
def store(settings: Settings) -> Store:
    store = Store.open(settings.db_path)
    ingest_files(store, [SMALL], settings)
    embed_pending(store, HashEmbedder())
    return store


def consistent(store: Store) -> None:
    """Derived rows refer only to live messages, and every message has a session."""
    assert store.one(
        "SELECT count(*) FROM chunk_messages WHERE message_id NOT IN (SELECT id FROM messages)"
    ) == (0,)
    assert store.one("SELECT count(*) FROM messages WHERE session_id IS NULL") == (0,)
    assert store.one(
        "SELECT count(*) FROM sessions WHERE conversation NOT IN "
        "(SELECT conversation FROM messages)"
    ) == (0,)
    assert store.one(
        "SELECT count(*) FROM embeddings WHERE text_hash NOT IN "
        "(SELECT embed_hash FROM messages WHERE embed_hash IS NOT NULL "
        "UNION ALL SELECT embed_hash FROM chunks)"
    ) == (0,)


@pytest.mark.parametrize(
    ("scope", "where", "left"),
    [
        ({"conversation": "Book club"}, "conversation = 'Book club'", 13),
        ({"speaker": "Sam"}, "speaker = 'Sam'", 10),
        ({"before": date(2024, 3, 5)}, "ts < DATE '2024-03-05'", None),
        ({"after": date(2024, 3, 5)}, "ts >= DATE '2024-03-05'", None),
        ({"speaker": "Aki", "after": date(2024, 3, 5)}, "speaker='Aki' AND ts>='2024-03-05'", None),
        ({"all": True}, "TRUE", 0),
    ],
)
def test_forget_scopes(
    store: Store, settings: Settings, scope: dict[str, object], where: str, left: int | None
) -> None:
    total = store.count("messages")
    matched = store.one(f"SELECT count(*) FROM messages WHERE {where}")
    assert matched and matched[0] > 0
    dry = forget(store, **scope, dry_run=True, settings=settings)  # type: ignore[arg-type]
    assert store.count("messages") == total  # a dry run changes nothing
    report = forget(store, **scope, settings=settings)  # type: ignore[arg-type]
    assert report.messages == dry.messages == matched[0]
    assert (report.embeddings, report.chunks_rebuilt) == (dry.embeddings, dry.chunks_rebuilt)
    assert store.one(f"SELECT count(*) FROM messages WHERE {where}") == (0,)
    assert store.count("messages") == (total - matched[0] if left is None else left)
    assert report.embeddings > 0
    consistent(store)


def test_forget_everything_leaves_an_empty_store(store: Store, settings: Settings) -> None:
    forget(store, all=True, settings=settings)
    for table in ("messages", "sessions", "chunks", "embeddings", "imports"):
        assert store.count(table) == 0, table


def test_import_record_goes_with_its_last_conversation(
    tmp_path: Path, store: Store, settings: Settings
) -> None:
    other = write_jsonl(tmp_path / "o.jsonl", canary_rows("x"))
    ingest_files(store, [other], settings)
    # SMALL still has Book club, so its record stays until that goes too.
    assert forget(store, conversation="Aki", settings=settings).imports == 0
    assert forget(store, conversation="Book club", settings=settings).imports == 1
    assert store.one("SELECT path FROM imports") == (str(other),)


@pytest.mark.parametrize(
    "bad",
    [{}, {"all": True, "speaker": "Sam"}],
)
def test_forget_needs_exactly_a_scope(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        selection(**bad)  # type: ignore[arg-type]


def test_selection_binds_values() -> None:
    sql, params = selection(speaker="'); DROP TABLE messages;--")
    assert sql == "speaker = ?" and params == ["'); DROP TABLE messages;--"]


@pytest.mark.parametrize(
    ("lines", "kept"),
    [
        ("climbing with Aki?\nbook club wine\n", "book club wine\n"),  # 'climbing' only in Aki
        ("_HiStOrY_V2_\nclimbing\\040tonight\nwine\n", "_HiStOrY_V2_\nwine\n"),  # libedit
    ],
)
def test_history_loses_only_lines_about_forgotten_text(
    store: Store, settings: Settings, lines: str, kept: str
) -> None:
    history = settings.home / "chat_history"
    history.write_text(lines, encoding="utf-8")
    forget(store, conversation="Aki", settings=settings)
    assert history.read_text(encoding="utf-8") == kept


def test_history_scrub_keeps_words_still_in_the_store(store: Store, settings: Settings) -> None:
    history = settings.home / "chat_history"
    history.write_text("dentist\n", encoding="utf-8")
    assert scrub_history(store, history, ["dentist appointment"], [], False) == 0


def test_forget_cli_dry_run_and_confirmation(store: Store, isolated_home: Path) -> None:
    store.close()
    out = run(["forget", "--speaker", "Doug", "--dry-run"])
    assert out.startswith("would forget 2 messages")
    refused = CliRunner().invoke(cli, ["forget", "--speaker", "Doug"], input="n\n")
    assert refused.exit_code == 1 and "Aborted" in refused.output
    usage = CliRunner().invoke(cli, ["forget"])
    assert usage.exit_code == 2 and "say what to forget" in usage.output
    report = json.loads(run(["forget", "--speaker", "Doug", "--yes", "--json"]))
    assert report["messages"] == 2 and report["dry_run"] is False
