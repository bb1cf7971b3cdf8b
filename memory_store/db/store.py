"""The DuckDB store: open (with migrations), ingest one file per transaction, read back.

Ingest is all-or-nothing per file: new messages are inserted, the sessions and chunks of every
conversation they touch are rebuilt, and `meta.data_version` is bumped, inside one transaction.
Messages are keyed by (conversation, source_ref), so importing a file twice adds nothing.
"""

from __future__ import annotations

import hashlib
import itertools
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

import duckdb
import numpy as np
import pyarrow as pa

from memory_store.db import crypto, derive, locking, schema
from memory_store.db import mentions as mentions_db
from memory_store.db.sessions import message_embedding_text, text_hash
from memory_store.errors import StoreBusyError, StoreError
from memory_store.models import MentionFinder, MentionRow, Message, StoredMessage


@dataclass
class IngestReport:
    path: str
    format: str
    conversations: list[str]
    new_messages: int
    duplicates: int
    sessions: int
    chunks: int
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return self.__dict__.copy()


_MSG_COLS = (
    "m.id, m.conversation, m.source_ref, m.speaker, m.ts, m.text, m.kind, m.session_id, s.ordinal"
)


def file_hash(path: str | Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# How long opening a store waits for another process to let go of it. `memlane embed` holds
# the store only for the moment it writes a batch of vectors, so a command started meanwhile
# gets in within this; a store kept open (`memlane chat`) is reported busy after it.
BUSY_WAIT_S = 3.0

# DuckDB's block size for new store files (fixed per file; DuckDB's default is 256 KiB). Every
# table, index and row group takes whole blocks, and each checkpoint writes new ones, so a
# 66-message store took 5.3 MB after ingest + embed and 10.2 MB after three more imports;
# with 64 KiB blocks 1.5 and 2.8 MB. At a million rows 64 KiB is as compact as 256 KiB
# (25.9 vs 26.5 MB) and scans as fast; 16 KiB is smaller still for tiny stores but grows
# large ones (42.7 MB). Older stores move to it on their next `forget` (Store.copy_to).
BLOCK_SIZE = 65_536
_CONFIG: dict[str, str | bool | int | float | list[str]] = {"default_block_size": BLOCK_SIZE}


def _connect_waiting(
    path: Path, read_only: bool, key: str | None, wait: float
) -> duckdb.DuckDBPyConnection:
    deadline = time.monotonic() + wait
    while True:
        try:
            return _connect(path, read_only, key)
        except StoreBusyError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.05)


def _connect(path: Path, read_only: bool, key: str | None = None) -> duckdb.DuckDBPyConnection:
    try:
        with locking.shared(path):
            if key is not None:
                return crypto.connect(path, key, read_only=read_only)
            if not read_only and not path.exists():
                # The block size is chosen when the file is made. Made apart and closed: a
                # process may not hold one file with two configurations.
                duckdb.connect(str(path), config=_CONFIG).close()
            try:
                return duckdb.connect(str(path), read_only=read_only)
            except duckdb.ConnectionException as exc:
                # This process already has the file open for writing (DuckDB shares one
                # instance per file and process): read through that.
                if not read_only or "different configuration" not in str(exc):
                    raise
                return duckdb.connect(str(path))
    except duckdb.IOException as exc:
        if "newer version of duckdb" in str(exc).lower():
            raise StoreError(
                f"{path} was written by a newer DuckDB than the {duckdb.__version__} memlane "
                "uses. Open it with the memlane that made it, or import your exports into a "
                "new store (--db NEW.duckdb)."
            ) from exc
        if "lock" in str(exc).lower():
            raise StoreBusyError(
                f"{path} is busy: another memlane process is using it. "
                "Wait for it to finish, then try again."
            ) from exc
        raise StoreError(f"cannot open {path}: {exc}") from exc
    except duckdb.Error as exc:
        if "encrypted" in str(exc).lower():
            raise StoreError(
                f"{path} is encrypted, but its key parameters {crypto.params_path(path)} are "
                "missing. Restore that file from a backup to open the store."
            ) from exc
        raise StoreError(
            f"cannot open {path}: {exc}. Is it a memlane store? Use --db to point elsewhere."
        ) from exc


def batched(items: Iterable[Message], n: int) -> Iterator[list[Message]]:
    """Lists of n items (the last may be shorter); itertools.batched needs Python 3.12."""
    it = iter(items)
    while part := list(itertools.islice(it, n)):
        yield part


# (stage, seconds): told how long each named stage took (see `Store.trace`).
Tracer = Callable[[str, float], None]


class Store:
    """One memlane DuckDB file and the settings its derived data was built with.

    `tracer`, when set (as sqlite-utils' `Database(tracer=...)`), is called with the name and
    duration of every traced stage: ingest's "stage", "insert" and "sessions", the searcher's
    "embed_query", "bm25" and "dense_faiss", and the pipeline's "rewrite", "plan", "filter",
    "retrieve" and "answer". The benchmarks time stages this way.
    """

    def __init__(
        self,
        con: duckdb.DuckDBPyConnection,
        path: Path,
        key: str | None = None,
        tracer: Tracer | None = None,
    ) -> None:
        self.con = con
        self.path = path
        self._key = key
        self._in_transaction = False
        self.tracer = tracer
        self.read_only = False
        self._held = True

    @contextmanager
    def trace(self, stage: str) -> Iterator[None]:
        """Time the block and tell the tracer (nothing at all without one)."""
        if self.tracer is None:
            yield
            return
        start = time.perf_counter()
        try:
            yield
        finally:
            self.tracer(stage, time.perf_counter() - start)

    @property
    def encrypted(self) -> bool:
        """Encrypted stores keep no derived files on disk (indexes live in memory)."""
        return self._key is not None

    @classmethod
    def open(
        cls,
        path: str | Path,
        *,
        read_only: bool = False,
        must_exist: bool = False,
        wait: float = BUSY_WAIT_S,
        tracer: Tracer | None = None,
    ) -> Store:
        """Open (creating if needed) the store at `path`; if another process has it, retry for
        `wait` seconds before StoreBusyError."""
        path = Path(path)
        if must_exist and not path.exists():
            raise StoreError(
                f"no store at {path}. Run `memlane ingest FILE` first, "
                "or pass --db to point at one."
            )
        locking.private_umask()  # the DB, WAL, indexes and REPL history are created 0600
        if not read_only:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        elif not path.exists():
            raise StoreError(f"no store at {path}. Run `memlane ingest FILE` first.")
        crypto.finish_encryption(path)
        key = crypto.key_for(path) if crypto.is_encrypted(path) else None
        store = cls(_connect_waiting(path, read_only, key, wait), path, key, tracer)
        store.read_only = read_only
        if not read_only:
            locking.make_private(path, path.with_name(path.name + ".wal"))
            schema.migrate(store.con)
            return store
        found = schema.current_version(store.con)
        if found < schema.SCHEMA_VERSION:  # made by an older memlane: migrate once, then read
            store.close()
            cls.open(path, wait=wait).close()
            return cls.open(path, read_only=True, wait=wait, tracer=tracer)
        if found > schema.SCHEMA_VERSION:
            store.close()
            raise StoreError(
                f"{path} was written by a newer memlane (schema {found}). Upgrade memlane to "
                "read it."
            )
        return store

    @classmethod
    def open_reader(cls, path: str | Path, *, tracer: Tracer | None = None) -> Store:
        """Open an existing store for reading only. Any number of processes can read at once
        (DuckDB lets many read-only processes share a file, or one read-write process)."""
        return cls.open(path, read_only=True, must_exist=True, tracer=tracer)

    def let_go(self) -> None:
        """Close the connection until `take_back`, so that other processes can write to the
        store meanwhile (the REPL between questions)."""
        if self._held:
            self.con.close()
            self._held = False

    def take_back(self) -> None:
        """Open the store again after `let_go`, as it was opened, waiting like `open` does."""
        if not self._held:
            self.con = _connect_waiting(self.path, self.read_only, self._key, BUSY_WAIT_S)
            self._held = True

    def exec_(self, sql: str, params: Sequence[Any] | None = None) -> None:
        """Run a statement to completion (DuckDB refuses new work while a result is open)."""
        self.con.execute(sql, params).fetchall()

    def one(self, sql: str, params: Sequence[Any] | None = None) -> tuple[Any, ...] | None:
        """The first row of a query, fetched to the end (DuckDB keeps partial results open)."""
        rows = self.con.execute(sql, params).fetchall()
        return rows[0] if rows else None

    def close(self) -> None:
        self.con.close()

    def reconnect(self, *, let_go: bool = False) -> None:
        """Open the file at `path` again: after `forget` swapped in a compacted copy, or, with
        `let_go`, after this process let the store go for others (`embed_pending_shared`)."""
        if let_go:  # others may hold it now: wait for them as `open` does
            self.con = _connect_waiting(self.path, False, self._key, BUSY_WAIT_S)
        elif self._key is not None:  # no swap lock: the caller holds it exclusively
            self.con = crypto.connect(self.path, self._key)
        else:
            self.con = duckdb.connect(str(self.path))

    def copy_to(self, target: Path, key: str | None = None) -> int:
        """Copy every table into the fresh database file `target`, encrypted under `key`
        (default: this store's own key, if any); return the messages the copy holds.

        The copy has none of the free blocks where DuckDB keeps deleted rows (`forget`), and
        is how a plain store becomes an encrypted one (`init --encrypt`).
        """
        key = self._key if key is None else key
        name = self.one("SELECT current_database()")
        self.exec_("CHECKPOINT")
        self.exec_(f"SET default_block_size = '{BLOCK_SIZE}'")  # the copy has small blocks
        if key is None:
            self.exec_(f"ATTACH {crypto.quote_path(target)} AS memlane_copy")
        else:
            if self._key is None:
                crypto.load_crypto(self.con)
            crypto.attach(self.con, target, key, "memlane_copy")
        try:
            source = '"' + str(name[0] if name else "memlane").replace('"', '""') + '"'
            self.exec_(f"COPY FROM DATABASE {source} TO memlane_copy")
            row = self.one("SELECT count(*) FROM memlane_copy.messages")
        finally:
            self.exec_("DETACH memlane_copy")
        return int(row[0]) if row else 0

    # -- meta -------------------------------------------------------------------------------
    def get_meta(self, key: str, default: str | None = None) -> str | None:
        row = self.one("SELECT value FROM meta WHERE key = ?", [key])
        return str(row[0]) if row else default

    def set_meta(self, key: str, value: str) -> None:
        self.exec_("INSERT OR REPLACE INTO meta VALUES (?, ?)", [key, value])

    @property
    def data_version(self) -> int:
        return int(self.get_meta("data_version", "0") or 0)

    def _bump_version(self) -> None:
        self.set_meta("data_version", str(self.data_version + 1))

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One transaction around the block; nested blocks join the outer one."""
        if self._in_transaction:
            yield
            return
        self.exec_("BEGIN TRANSACTION")
        self._in_transaction = True
        try:
            yield
        except BaseException:
            self._in_transaction = False
            self.exec_("ROLLBACK")
            raise
        self._in_transaction = False
        self.exec_("COMMIT")

    # -- ingest -----------------------------------------------------------------------------
    def ingest(
        self,
        messages: Iterable[Message],
        *,
        path: str = "<memory>",
        fmt: str = "jsonl",
        gap_minutes: int = 180,
        chunk_size: int = 42,
        chunk_stride: int = 36,
        fhash: str | None = None,
        batch: int = 50_000,
        mentions: MentionFinder | None = None,
    ) -> IngestReport:
        """Insert new messages and rebuild the touched conversations, in one transaction.

        `messages` is consumed in batches of `batch` into a staging table, so an importer that
        streams (JSON Lines) never has the whole history in Python; an error while reading it
        rolls everything back. With `mentions`, the time expressions of the new text messages
        are resolved into the `mentions` table in the same transaction (db/mentions.py).
        """
        with self.transaction():
            current = self._mentions_current_or_empty(mentions)
            first_new = self._max_id()
            with self.trace("stage"):
                n = self._stage(messages, batch)
            try:
                rows = self.con.execute(
                    "SELECT DISTINCT conversation FROM memlane_incoming ORDER BY 1"
                ).fetchall()
                convs = [str(r[0]) for r in rows]
                with self.trace("insert"):
                    new = self._insert_staged()
            finally:
                self.exec_("DROP TABLE IF EXISTS memlane_incoming")
            if new:
                self.rebuild_sessions(convs, gap_minutes, chunk_size, chunk_stride)
                self._ingest_mentions(mentions, first_new, current)
            n_sessions, n_chunks = self._derived_counts(convs)
            if fhash:
                self.exec_(
                    "INSERT OR REPLACE INTO imports VALUES (?, ?, ?, now(), ?)",
                    [fhash, path, fmt, n],
                )
            if new:
                self._bump_version()
        return IngestReport(path, fmt, convs, new, n - new, n_sessions, n_chunks)

    def _max_id(self) -> int:
        row = self.one("SELECT coalesce(max(id), 0) FROM messages")
        return int(row[0]) if row else 0

    def _mentions_current_or_empty(self, finder: MentionFinder | None) -> bool:
        """Whether the mentions table is complete for `finder` before this ingest."""
        if finder is None:
            return False
        return self.mentions_current(finder) or self.count("messages") == 0

    def _ingest_mentions(self, finder: MentionFinder | None, first_new: int, current: bool) -> None:
        if finder is not None:
            with self.trace("mentions"):
                mentions_db.build(self, finder, after_id=first_new)
        if finder is not None and current:
            self.set_meta(mentions_db.VERSION_KEY, finder.version)
        else:  # older messages lack mentions, or these do: rebuild before relying on them
            self.exec_("DELETE FROM meta WHERE key = ?", [mentions_db.VERSION_KEY])

    def _stage(self, messages: Iterable[Message], batch: int) -> int:
        """Load messages into the temporary table `memlane_incoming`; return how many."""
        self.exec_(
            """CREATE OR REPLACE TEMP TABLE memlane_incoming (
                ord BIGINT, conversation VARCHAR, source_ref VARCHAR, speaker VARCHAR,
                ts TIMESTAMP, ts_utc TIMESTAMPTZ, text VARCHAR, kind VARCHAR,
                session_key VARCHAR, embed_hash VARCHAR)"""
        )
        n = 0
        for part in batched(messages, batch):
            table = pa.table(
                {
                    "ord": list(range(n, n + len(part))),
                    "conversation": [m.conversation for m in part],
                    "source_ref": [m.source_ref for m in part],
                    "speaker": [m.speaker for m in part],
                    "ts": pa.array([m.ts for m in part], pa.timestamp("us")),
                    "ts_utc": pa.array([m.ts_utc for m in part], pa.timestamp("us", tz="UTC")),
                    "text": [m.text for m in part],
                    "kind": [m.kind for m in part],
                    "session_key": [m.session_key for m in part],
                    "embed_hash": [
                        text_hash(message_embedding_text(m.speaker, m.text))
                        if m.kind == "text" and m.text.strip()
                        else None
                        for m in part
                    ],
                }
            )
            self.con.register("memlane_batch", table)
            try:
                self.exec_("INSERT INTO memlane_incoming SELECT * FROM memlane_batch")
            finally:
                self.con.unregister("memlane_batch")
            n += len(part)
        return n

    def _insert_staged(self) -> int:
        before = self.count("messages")
        base = self._max_id()
        # First occurrence wins for a source_ref repeated inside one file.
        self.exec_(
            """
            INSERT INTO messages
            SELECT ? + row_number() OVER (ORDER BY i.conversation, i.ts, i.ord),
                   i.conversation, i.source_ref, i.speaker, i.ts, i.ts_utc, i.text, i.kind,
                   NULL, i.session_key, i.embed_hash
            FROM (SELECT * FROM memlane_incoming
                  QUALIFY row_number() OVER (PARTITION BY conversation, source_ref
                                             ORDER BY ord) = 1) i
            ANTI JOIN messages m
              ON m.conversation = i.conversation AND m.source_ref = i.source_ref
            """,
            [base],
        )
        return self.count("messages") - before

    def rebuild_sessions(
        self, conversations: Iterable[str], gap_minutes: int, size: int, stride: int
    ) -> tuple[int, int]:
        """Recompute sessions and chunks of the given conversations (memory_store/db/derive.py)."""
        with self.trace("sessions"):
            return derive.rebuild_sessions(self, conversations, gap_minutes, size, stride)

    def _derived_counts(self, convs: list[str]) -> tuple[int, int]:
        row = self.one(
            "SELECT (SELECT count(*) FROM sessions WHERE list_contains(?, conversation)), "
            "(SELECT count(*) FROM chunks WHERE list_contains(?, conversation))",
            [convs, convs],
        )
        return (int(row[0]), int(row[1])) if row else (0, 0)

    # -- mentions (the second clock; memory_store/db/mentions.py) ----------------------------
    def mentions_current(self, finder: MentionFinder) -> bool:
        """Whether every text message's mentions were built by this version of `finder`."""
        return self.get_meta(mentions_db.VERSION_KEY) == finder.version

    def rebuild_mentions(self, finder: MentionFinder) -> int:
        """Resolve every text message's mentions again (a store made before schema v3, or by
        another version of the finder), in one transaction; return how many rows."""
        with self.trace("mentions"):
            return mentions_db.rebuild(self, finder)

    def mentions_of(self, ids: Sequence[int]) -> dict[int, list[MentionRow]]:
        """The stored mentions of each message id, in text order, in one query."""
        return mentions_db.mentions_of(self, ids)

    def timeline(
        self,
        *,
        conversation: str | None = None,
        start: date | None = None,
        end: date | None = None,
        limit: int | None = None,
    ) -> list[tuple[MentionRow, StoredMessage]]:
        """Mentions overlapping the days [start, end] by event time, with their messages."""
        return mentions_db.timeline(
            self, conversation=conversation, start=start, end=end, limit=limit
        )

    # -- reads ------------------------------------------------------------------------------
    def count(self, table: str) -> int:
        if table not in {"messages", "sessions", "chunks", "embeddings", "imports", "mentions"}:
            raise StoreError(f"unknown table {table!r}")
        row = self.one(f"SELECT count(*) FROM {table}")
        return int(row[0]) if row else 0

    def messages(self, ids: Sequence[int]) -> list[StoredMessage]:
        """Messages by id, in the order given (unknown ids are skipped)."""
        if not len(ids):
            return []
        rows = self.con.execute(
            f"SELECT {_MSG_COLS} FROM messages m JOIN sessions s ON s.id = m.session_id "
            "WHERE m.id IN (SELECT unnest(?::BIGINT[]))",
            [list(map(int, ids))],
        ).fetchall()
        found = {r[0]: StoredMessage(*r) for r in rows}
        return [found[i] for i in map(int, ids) if i in found]

    def around(self, message_id: int, n: int = 3) -> list[StoredMessage]:
        """The message and up to `n` before and after it in its conversation, in time order
        (empty when there is no such message)."""
        rows = self.con.execute(
            """WITH conv AS (
                   SELECT id, row_number() OVER (ORDER BY ts, id) AS rn FROM messages
                   WHERE conversation = (SELECT conversation FROM messages WHERE id = ?)),
               me AS (SELECT rn FROM conv WHERE id = ?)
               SELECT conv.id FROM conv, me
               WHERE conv.rn BETWEEN me.rn - ? AND me.rn + ? ORDER BY conv.rn""",
            [message_id, message_id, n, n],
        ).fetchall()
        return self.messages([r[0] for r in rows])

    def conversations(self) -> list[str]:
        rows = self.con.execute("SELECT DISTINCT conversation FROM messages ORDER BY 1").fetchall()
        return [r[0] for r in rows]

    def speakers(self, conversation: str | None = None) -> list[str]:
        rows = self.con.execute(
            "SELECT DISTINCT speaker FROM messages WHERE (? IS NULL OR conversation = ?) "
            "AND speaker <> '' ORDER BY 1",
            [conversation, conversation],
        ).fetchall()
        return [r[0] for r in rows]

    def latest_ts(self, conversation: str | None = None) -> datetime | None:
        row = self.one(
            "SELECT max(ts) FROM messages WHERE (? IS NULL OR conversation = ?)",
            [conversation, conversation],
        )
        return row[0] if row else None

    def latest_by_conversation(self) -> dict[str, datetime]:
        """The newest message time of every conversation, in one scan."""
        rows = self.con.execute(
            "SELECT conversation, max(ts) FROM messages GROUP BY conversation"
        ).fetchall()
        return {str(c): ts for c, ts in rows}

    def select_ids(self, sql: str, params: Sequence[Any]) -> np.ndarray:
        """The first column of a compiled table plan's query (`compile_plan`), as int64 ids."""
        table = self.con.execute(sql, params).fetch_arrow_table()
        return table.column(0).to_numpy().astype(np.int64)

    def distinct_message_texts(self) -> int:
        """How many distinct texts (embedding hashes) the messages hold."""
        row = self.one("SELECT count(DISTINCT embed_hash) FROM messages")
        return int(row[0]) if row else 0

    def sample_texts(self, n: int) -> list[str]:
        """The text of up to `n` messages, sampled (word frequencies for the answerer)."""
        rows = self.con.execute(f"SELECT text FROM messages USING SAMPLE {int(n)} ROWS").fetchall()
        return [text for (text,) in rows]

    def session_neighbours(self, message_id: int, limit: int = 7) -> list[int]:
        """Ids of the messages nearest `message_id` in its session (itself first)."""
        rows = self.con.execute(
            "SELECT m2.id FROM messages m JOIN messages m2 ON m2.session_id = m.session_id "
            "WHERE m.id = ? ORDER BY abs(m2.id - m.id), m2.id LIMIT ?",
            [message_id, limit],
        ).fetchall()
        return [int(r[0]) for r in rows]

    def unsummarized_chunks(self) -> list[int]:
        """Ids of chunks without a summary, in store order."""
        rows = self.con.execute(
            "SELECT id FROM chunks WHERE summary IS NULL OR trim(summary) = '' ORDER BY id"
        ).fetchall()
        return [int(r[0]) for r in rows]

    def chunk_members(self, chunk_id: int) -> tuple[int, list[int]] | None:
        """The chunk's session ordinal and its message ids in chunk order (None: no messages)."""
        rows = self.con.execute(
            "SELECT s.ordinal, cm.message_id FROM chunks c "
            "JOIN sessions s ON s.id = c.session_id "
            "JOIN chunk_messages cm ON cm.chunk_id = c.id "
            "WHERE c.id = ? ORDER BY cm.pos",
            [chunk_id],
        ).fetchall()
        if not rows:
            return None
        return int(rows[0][0]), [int(r[1]) for r in rows]

    def set_chunk_summary(
        self, chunk_id: int, summary: str, embedding_text: str, embed_hash: str
    ) -> None:
        """Store a chunk's summary with its new embedding text and hash, in one transaction."""
        self.exec_("BEGIN TRANSACTION")
        try:
            self.exec_(
                "UPDATE chunks SET summary = ?, embedding_text = ?, embed_hash = ? WHERE id = ?",
                [summary, embedding_text, embed_hash, chunk_id],
            )
            self._bump_version()
            self.exec_("COMMIT")
        except BaseException:
            self.exec_("ROLLBACK")
            raise

    # -- reads for evaluation (whole-store scans; LoCoMo-sized stores) ------------------------
    def text_messages(self) -> list[tuple[int, str, str, str, str]]:
        """(id, source_ref, speaker, text, conversation) of every text message."""
        return self.con.execute(
            "SELECT id, source_ref, speaker, text, conversation FROM messages WHERE kind = 'text'"
        ).fetchall()

    def text_chunk_members(self) -> list[tuple[int, int]]:
        """(chunk id, message id) for the text messages of every chunk, in chunk order."""
        return self.con.execute(
            "SELECT cm.chunk_id, cm.message_id FROM chunk_messages cm "
            "JOIN messages m ON m.id = cm.message_id AND m.kind = 'text' "
            "ORDER BY cm.chunk_id, cm.pos"
        ).fetchall()

    def chunk_raw_texts(self) -> list[tuple[int, str]]:
        """(id, raw_text) of every chunk."""
        return self.con.execute("SELECT id, raw_text FROM chunks").fetchall()

    def text_message_refs(self) -> list[tuple[int, str, str]]:
        """(id, conversation, source_ref) of every text message, by id."""
        return self.con.execute(
            "SELECT id, conversation, source_ref FROM messages WHERE kind = 'text' ORDER BY id"
        ).fetchall()

    def text_messages_by_session(self) -> list[tuple[Any, ...]]:
        """(id, conversation, speaker, text, session_id, ts) of text messages, by session."""
        return self.con.execute(
            "SELECT id, conversation, speaker, text, session_id, ts FROM messages "
            "WHERE kind = 'text' ORDER BY session_id, ts, id"
        ).fetchall()

    def is_imported(self, fhash: str) -> bool:
        row = self.one("SELECT 1 FROM imports WHERE file_hash = ?", [fhash])
        return row is not None

    def stats(self) -> dict[str, Any]:
        per_conv = self.con.execute(
            """SELECT m.conversation, count(*), count(DISTINCT m.session_id), min(m.ts), max(m.ts),
                      count(DISTINCT m.speaker)
               FROM messages m GROUP BY 1 ORDER BY 1"""
        ).fetchall()
        return {
            "db": str(self.path),
            "schema_version": schema.SCHEMA_VERSION,
            "messages": self.count("messages"),
            "sessions": self.count("sessions"),
            "chunks": self.count("chunks"),
            "embeddings": self.count("embeddings"),
            "mentions": self.count("mentions"),
            "imports": self.count("imports"),
            "data_version": self.data_version,
            "conversations": [
                {
                    "name": c,
                    "messages": n,
                    "sessions": s,
                    "first": str(a),
                    "last": str(b),
                    "speakers": sp,
                }
                for c, n, s, a, b, sp in per_conv
            ],
        }
