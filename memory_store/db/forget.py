"""Forget messages for real: delete them and everything derived, then rewrite the files.

A forget, in order:
1. One transaction: the matching messages and their mentions; the sessions, chunks and
   chunk_messages of the conversations they were in (rebuilt from what remains); embeddings
   no longer referenced by any message or chunk; `imports` rows of files none of whose
   conversations remain; the recorded FAISS fingerprints. `data_version` is bumped. A dry
   run rolls this back.
2. The derived index directory `<db>.idx/` (BM25 and FAISS files, rebuilt on the next search),
   and for an encrypted store the BM25 indexes kept inside it (`sealed_indexes`, in step 1).
3. The REPL history: lines that mention words only the forgotten messages held, or the
   forgotten speaker/conversation name (the whole file for `all`).
4. Compaction. DuckDB leaves deleted rows in free blocks and in the WAL, so the live data is
   copied into a fresh file that atomically replaces the old one (`compact`).

Bytes in blocks the file system freed are out of reach of any program (SSDs and copy-on-write
file systems keep old blocks); so are backups and the original export files.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from memory_store.db import locking, meta
from memory_store.db.crypto import fsync_path
from memory_store.db.ingest import refresh_lexical
from memory_store.db.store import Store, file_hash
from memory_store.importers import load
from memory_store.query.search import index_dir_for
from memory_store.settings import Settings


@dataclass
class ForgetReport:
    messages: int = 0
    conversations: list[str] = field(default_factory=list)
    conversations_emptied: list[str] = field(default_factory=list)
    chunks_removed: int = 0
    chunks_rebuilt: int = 0
    embeddings: int = 0
    mentions: int = 0
    imports: int = 0
    history_lines: int = 0
    index_files: int = 0
    dry_run: bool = False
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def selection(
    conversation: str | None = None,
    speaker: str | None = None,
    before: date | None = None,
    after: date | None = None,
    all: bool = False,
) -> tuple[str, list[Any]]:
    """The WHERE clause (all values bound) choosing messages; `before` is exclusive,
    `after` inclusive, both at midnight when given a date."""
    filters = [
        ("conversation = ?", conversation),
        ("speaker = ?", speaker),
        ("ts < ?", _instant(before)),
        ("ts >= ?", _instant(after)),
    ]
    chosen = [(sql, v) for sql, v in filters if v is not None]
    if all and chosen:
        raise ValueError("--all forgets everything; it cannot be combined with filters")
    if not all and not chosen:
        raise ValueError("say what to forget: --conversation, --speaker, --before/--after or --all")
    if all:
        return "TRUE", []
    return " AND ".join(sql for sql, _ in chosen), [v for _, v in chosen]


def _instant(d: date | None) -> datetime | None:
    if d is None or isinstance(d, datetime):
        return d
    return datetime(d.year, d.month, d.day)


def forget(
    store: Store,
    *,
    conversation: str | None = None,
    speaker: str | None = None,
    before: date | None = None,
    after: date | None = None,
    all: bool = False,
    dry_run: bool = False,
    settings: Settings | None = None,
) -> ForgetReport:
    """Delete the chosen messages from every place memlane keeps them (see module docstring)."""
    where, params = selection(conversation, speaker, before, after, all)
    settings = settings or Settings.load()
    report = ForgetReport(dry_run=dry_run)
    texts = [] if all else _texts(store, where, params)
    store.exec_("BEGIN TRANSACTION")
    try:
        _delete(store, where, params, settings, report)
        store.exec_("ROLLBACK" if dry_run else "COMMIT")
    except BaseException:
        store.exec_("ROLLBACK")
        raise
    history = settings.home / "chat_history"
    names = [n for n in (conversation, speaker) if n]
    if dry_run:
        report.history_lines = len(_history_hits(store, history, texts, names, all))
        report.index_files = _count_files(index_dir_for(store.path))
        return report
    report.history_lines = scrub_history(store, history, texts, names, all)
    report.index_files = _remove_indexes(index_dir_for(store.path))
    compact(store)
    if store.encrypted:  # searches open it read-only and cannot seal the indexes again
        refresh_lexical(store)
    return report


def _texts(store: Store, where: str, params: list[Any]) -> list[str]:
    rows = store.con.execute(f"SELECT speaker, text FROM messages WHERE {where}", params)
    return [f"{s} {t}" for s, t in rows.fetchall()]


def _delete(
    store: Store, where: str, params: list[Any], settings: Settings, report: ForgetReport
) -> None:
    rows = store.con.execute(
        f"SELECT conversation, count(*) FROM messages WHERE {where} GROUP BY 1 ORDER BY 1", params
    ).fetchall()
    convs = [r[0] for r in rows]
    report.messages = sum(int(r[1]) for r in rows)
    report.conversations = convs
    if not convs:
        return
    report.chunks_removed = _scalar(
        store, "SELECT count(*) FROM chunks WHERE list_contains(?, conversation)", [convs]
    )
    store.exec_(f"DELETE FROM messages WHERE {where}", params)
    report.mentions = _delete_counted(
        store, "mentions", "message_id NOT IN (SELECT id FROM messages)"
    )
    _, report.chunks_rebuilt = store.rebuild_sessions(
        convs, settings.session_gap_minutes, settings.chunk_size, settings.chunk_stride
    )
    remaining = set(store.conversations())
    report.conversations_emptied = [c for c in convs if c not in remaining]
    report.embeddings = _delete_counted(
        store,
        "embeddings",
        "text_hash NOT IN (SELECT embed_hash FROM messages WHERE embed_hash IS NOT NULL "
        "UNION ALL SELECT embed_hash FROM chunks)",
    )
    report.imports = _forget_imports(store, remaining, report.notes)
    store.exec_("DELETE FROM meta WHERE key LIKE 'faiss.%'")
    # An encrypted store's BM25 indexes (their vocabularies hold the forgotten words).
    store.exec_("DELETE FROM sealed_indexes")
    meta.bump_version(store)


def _scalar(store: Store, sql: str, params: list[Any] | None = None) -> int:
    row = store.one(sql, params)
    return int(row[0]) if row else 0


def _delete_counted(store: Store, table: str, where: str) -> int:
    before = store.count(table)
    store.exec_(f"DELETE FROM {table} WHERE {where}")
    return before - store.count(table)


def _forget_imports(store: Store, remaining: set[str], notes: list[str]) -> int:
    """Drop import records unless the file is still there and one of its conversations is kept.

    The store does not record which conversations a file held, so the file is parsed again;
    a record that cannot be checked is dropped (its only use is skipping a re-import).
    """
    rows = store.con.execute("SELECT file_hash, path, format FROM imports").fetchall()
    gone = [h for h, path, fmt in rows if not _still_needed(h, Path(path), fmt, remaining)]
    for h in gone:
        store.exec_("DELETE FROM imports WHERE file_hash = ?", [h])
    return len(gone)


def _still_needed(fhash: str, path: Path, fmt: str, remaining: set[str]) -> bool:
    if not remaining:
        return False
    try:
        if file_hash(path) != fhash:
            return False
        return any(m.conversation in remaining for m in load(path, fmt).messages)
    except Exception:  # noqa: BLE001 - any failure to re-read means the record is not needed
        return False


def _count_files(directory: Path) -> int:
    return sum(1 for p in directory.rglob("*") if p.is_file()) if directory.exists() else 0


def _remove_indexes(directory: Path) -> int:
    n = _count_files(directory)
    shutil.rmtree(directory, ignore_errors=True)
    return n


# -- REPL history -----------------------------------------------------------------------------
_WORD = re.compile(r"\w+")
_OCTAL = re.compile(r"\\([0-7]{3})")  # libedit's history encoding (\040 for a space)


def tokens(text: str) -> set[str]:
    """Words of 3+ letters, plus character bigrams of non-ASCII runs (Japanese has no spaces)."""
    out: set[str] = set()
    for word in _WORD.findall(text.casefold()):
        if word.isascii():
            if len(word) >= 3:
                out.add(word)
        else:
            out.update(word[i : i + 2] for i in range(max(1, len(word) - 1)))
    return out


def _unique_tokens(store: Store, texts: Iterable[str], names: list[str]) -> set[str]:
    """Words of the forgotten texts that no remaining message contains, plus the names."""
    candidates: set[str] = set()
    for text in texts:
        candidates |= tokens(text)
    result = store.con.execute("SELECT speaker || ' ' || text FROM messages")
    while candidates and (batch := result.fetchmany(10_000)):
        for (text,) in batch:
            candidates -= tokens(text)
    result.fetchall()  # DuckDB 2.0 refuses new work while a result is open
    for name in names:
        candidates |= tokens(name)
    return candidates


def _history_hits(
    store: Store, history: Path, texts: list[str], names: list[str], everything: bool
) -> list[int]:
    if not history.exists():
        return []
    lines = history.read_text(encoding="utf-8", errors="surrogateescape").split("\n")
    if everything:
        return [i for i, line in enumerate(lines) if line.strip()]
    marked = _unique_tokens(store, texts, names)
    return [
        i
        for i, line in enumerate(lines)
        if tokens(_OCTAL.sub(lambda m: chr(int(m.group(1), 8)), line)) & marked
    ]


def scrub_history(
    store: Store, history: Path, texts: list[str], names: list[str], everything: bool
) -> int:
    """Drop from the REPL history every line that mentions forgotten text."""
    hits = set(_history_hits(store, history, texts, names, everything))
    if not hits:
        return 0
    lines = history.read_text(encoding="utf-8", errors="surrogateescape").split("\n")
    kept = "\n".join(line for i, line in enumerate(lines) if i not in hits)
    tmp = history.with_name(history.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, locking.PRIVATE_FILE)
    with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as fh:
        fh.write(kept)
    os.replace(tmp, history)
    return len(hits)


# -- compaction -------------------------------------------------------------------------------
def compact(store: Store) -> None:
    """Copy the live data into a fresh file and swap it in, so freed blocks and the WAL
    (which still hold deleted rows) leave the store.

    `store` must be the process's only connection to the file: DuckDB caches open databases
    by path, so a second live connection would keep (and hand back) the replaced file.
    """
    db = store.path
    fresh = db.with_name(db.name + ".compact")
    for leftover in (fresh, fresh.with_name(fresh.name + ".wal")):
        leftover.unlink(missing_ok=True)
    locking.private_umask()
    store.copy_to(fresh)
    fresh.chmod(locking.PRIVATE_FILE)
    with locking.exclusive(db):
        store.con.close()
        # A clean close checkpoints the WAL into the old file; anything left is stale.
        db.with_name(db.name + ".wal").unlink(missing_ok=True)
        os.replace(fresh, db)
        fsync_path(db.parent)
        store.reconnect()
