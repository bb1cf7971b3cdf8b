"""The DuckDB store: open (with migrations), ingest one file per transaction, read back.

Ingest is all-or-nothing per file: new messages are inserted, the sessions and chunks of every
conversation they touch are rebuilt, and `meta.data_version` is bumped, inside one transaction.
Messages are keyed by (conversation, source_ref), so importing a file twice adds nothing.

`Store` holds the connection and its life cycle (open, let go and take back, reconnect, copy,
transactions); the rest of its methods hand the work to one module each: connect (opening the
file), meta, staging (ingest), mentions, reads and summaries.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import Any

import duckdb
import numpy as np

from memory_store.db import (
    crypto,
    derive,
    digests,
    locking,
    meta,
    reads,
    schema,
    staging,
    summaries,
)
from memory_store.db import mentions as mentions_db
from memory_store.db.connect import BLOCK_SIZE, BUSY_WAIT_S, connect_waiting
from memory_store.db.staging import IngestReport, file_hash
from memory_store.errors import StoreError
from memory_store.models import MentionFinder, MentionRow, Message, StoredMessage

# Callers import these from here, where they lived before the store was split up.
__all__ = ["BLOCK_SIZE", "BUSY_WAIT_S", "IngestReport", "Store", "Tracer", "file_hash"]

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
        store = cls(connect_waiting(path, read_only, key, wait), path, key, tracer)
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
            self.con = connect_waiting(self.path, self.read_only, self._key, BUSY_WAIT_S)
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
            self.con = connect_waiting(self.path, False, self._key, BUSY_WAIT_S)
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

    # -- meta (db/meta.py) -------------------------------------------------------------------
    def get_meta(self, key: str, default: str | None = None) -> str | None:
        return meta.get_meta(self, key, default)

    def set_meta(self, key: str, value: str) -> None:
        meta.set_meta(self, key, value)

    @property
    def data_version(self) -> int:
        return meta.data_version(self)

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

    # -- ingest (db/staging.py) --------------------------------------------------------------
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
        return staging.ingest(
            self,
            messages,
            path=path,
            fmt=fmt,
            gap_minutes=gap_minutes,
            chunk_size=chunk_size,
            chunk_stride=chunk_stride,
            fhash=fhash,
            batch=batch,
            mentions=mentions,
        )

    def rebuild_sessions(
        self, conversations: Iterable[str], gap_minutes: int, size: int, stride: int
    ) -> tuple[int, int]:
        """Recompute sessions and chunks of the given conversations (memory_store/db/derive.py)."""
        with self.trace("sessions"):
            return derive.rebuild_sessions(self, conversations, gap_minutes, size, stride)

    def is_imported(self, fhash: str) -> bool:
        return reads.is_imported(self, fhash)

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

    # -- reads (db/reads.py) -----------------------------------------------------------------
    def count(self, table: str) -> int:
        return reads.count(self, table)

    def messages(self, ids: Sequence[int]) -> list[StoredMessage]:
        """Messages by id, in the order given (unknown ids are skipped)."""
        return reads.messages(self, ids)

    def around(self, message_id: int, n: int = 3) -> list[StoredMessage]:
        """The message and up to `n` before and after it in its conversation, in time order
        (empty when there is no such message)."""
        return reads.around(self, message_id, n)

    def turns_after(self, message_id: int, n: int) -> list[StoredMessage]:
        """Up to `n` messages written after it in its session, in time order: only that session
        is read, not the whole conversation `around` numbers."""
        return reads.turns_after(self, message_id, n)

    def holding(
        self,
        pattern: str,
        *,
        speakers: Sequence[str] = (),
        conversations: Sequence[str] = (),
        until: datetime | None = None,
        limit: int = 400,
    ) -> list[StoredMessage]:
        """Messages whose text matches the regular expression `pattern` (RE2, any case), by
        any of `speakers` in any of `conversations` (all when empty), written at or before
        `until`, oldest first: the reader's look for a verb beyond what retrieval ranked."""
        return reads.holding(self, pattern, speakers, conversations, until, limit)

    def speaking_after(
        self, day: datetime, *, since: datetime, until: datetime | None = None, limit: int = 400
    ) -> list[StoredMessage]:
        """Messages written after `since` (and at or before `until`) that speak of a time
        from `day` on (the mentions table), latest first: the plans still ahead."""
        return reads.speaking_after(self, day, since, until, limit)

    def conversations(self) -> list[str]:
        return reads.conversations(self)

    def speakers(self, conversation: str | None = None) -> list[str]:
        return reads.speakers(self, conversation)

    def latest_ts(self, conversation: str | None = None) -> datetime | None:
        return reads.latest_ts(self, conversation)

    def latest_by_conversation(self) -> dict[str, datetime]:
        """The newest message time of every conversation, in one scan."""
        return reads.latest_by_conversation(self)

    def select_ids(self, sql: str, params: Sequence[Any]) -> np.ndarray:
        """The first column of a compiled table plan's query (`compile_plan`), as int64 ids."""
        return reads.select_ids(self, sql, params)

    def distinct_message_texts(self) -> int:
        """How many distinct texts (embedding hashes) the messages hold."""
        return reads.distinct_message_texts(self)

    def sample_texts(self, n: int) -> list[str]:
        """The text of up to `n` messages, sampled (word frequencies for the answerer)."""
        return reads.sample_texts(self, n)

    def session_neighbours(self, message_id: int, limit: int = 7) -> list[int]:
        """Ids of the messages nearest `message_id` in its session (itself first)."""
        return reads.session_neighbours(self, message_id, limit)

    def stats(self) -> dict[str, Any]:
        return reads.stats(self, self.path)

    # -- reads for evaluation (whole-store scans; LoCoMo-sized stores) ------------------------
    def text_messages(self) -> list[tuple[int, str, str, str, str]]:
        """(id, source_ref, speaker, text, conversation) of every text message."""
        return reads.text_messages(self)

    def text_chunk_members(self) -> list[tuple[int, int]]:
        """(chunk id, message id) for the text messages of every chunk, in chunk order."""
        return reads.text_chunk_members(self)

    def chunk_raw_texts(self) -> list[tuple[int, str]]:
        """(id, raw_text) of every chunk."""
        return reads.chunk_raw_texts(self)

    def text_message_refs(self) -> list[tuple[int, str, str]]:
        """(id, conversation, source_ref) of every text message, by id."""
        return reads.text_message_refs(self)

    def questions_answered(self, ids: Sequence[int]) -> dict[int, int]:
        """reply id -> the question it answers: the previous message of its session, when
        someone else asked it ("which team did you sign with?" / "The Minnesota Wolves!")."""
        return dict(reads.questions_answered(self, ids))

    def text_messages_by_session(self) -> list[tuple[Any, ...]]:
        """(id, conversation, speaker, text, session_id, ts) of text messages, by session."""
        return reads.text_messages_by_session(self)

    # -- session digests (db/digests.py) -----------------------------------------------------
    def sessions_without_digest(self, digester: str) -> list[digests.SessionSpan]:
        """Sessions with no digest by this version of the digester, in store order."""
        return digests.missing(self, digester)

    def session_message_ids(self, session_ids: Sequence[int]) -> dict[int, list[int]]:
        """The text message ids of each session, in time order."""
        return digests.session_message_ids(self, session_ids)

    def write_digests(self, rows: Sequence[digests.DigestRow], digester: str) -> None:
        """Store a batch of digests in one transaction (a run stopped midway keeps each batch
        it finished; the data version is not bumped: no index derives from digests)."""
        with self.transaction():
            digests.write(self, rows, digester)

    def session_digests(
        self,
        digester: str,
        *,
        conversation: str | None = None,
        start: date | None = None,
        end: date | None = None,
        limit: int | None = None,
    ) -> list[digests.SessionDigest]:
        """Digests of the sessions overlapping [start, end], oldest first."""
        return digests.digests(
            self, digester, conversation=conversation, start=start, end=end, limit=limit
        )

    # -- chunk summaries (db/summaries.py) ---------------------------------------------------
    def unsummarized_chunks(self) -> list[int]:
        """Ids of chunks without a summary, in store order."""
        return summaries.unsummarized_chunks(self)

    def chunk_members(self, chunk_id: int) -> tuple[int, list[int]] | None:
        """The chunk's session ordinal and its message ids in chunk order (None: no messages)."""
        return summaries.chunk_members(self, chunk_id)

    def set_chunk_summary(
        self, chunk_id: int, summary: str, embedding_text: str, embed_hash: str
    ) -> None:
        """Store a chunk's summary with its new embedding text and hash, in one transaction."""
        summaries.set_chunk_summary(self, chunk_id, summary, embedding_text, embed_hash)
