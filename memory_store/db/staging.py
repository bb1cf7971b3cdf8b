"""Ingesting one file's messages: staged, the new ones inserted, the touched conversations
rebuilt, all in one transaction (the body of `Store.ingest`).

Messages are keyed by (conversation, source_ref), so importing a file twice adds nothing; a
file is recorded in `imports` by the SHA-256 of its bytes (`file_hash`).
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import pyarrow as pa

from memory_store.db import mentions as mentions_db
from memory_store.db import meta, reads
from memory_store.db.connect import Connected
from memory_store.db.sessions import message_embedding_text, text_hash
from memory_store.models import MentionFinder, Message


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


class Ingesting(Connected, Protocol):
    """What ingest needs of `memory_store.db.store.Store` (typed here, so that this module
    does not import the store module that calls it)."""

    def transaction(self) -> AbstractContextManager[None]: ...

    def trace(self, stage: str) -> AbstractContextManager[None]: ...

    def set_meta(self, key: str, value: str) -> None: ...

    def mentions_current(self, finder: MentionFinder) -> bool: ...

    def rebuild_sessions(
        self, conversations: Iterable[str], gap_minutes: int, size: int, stride: int
    ) -> tuple[int, int]: ...


def file_hash(path: str | Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def batched(items: Iterable[Message], n: int) -> Iterator[list[Message]]:
    """Lists of n items (the last may be shorter); itertools.batched needs Python 3.12."""
    it = iter(items)
    while part := list(itertools.islice(it, n)):
        yield part


def ingest(
    store: Ingesting,
    messages: Iterable[Message],
    *,
    path: str,
    fmt: str,
    gap_minutes: int,
    chunk_size: int,
    chunk_stride: int,
    fhash: str | None,
    batch: int,
    mentions: MentionFinder | None,
) -> IngestReport:
    with store.transaction():
        current = _mentions_current_or_empty(store, mentions)
        first_new = reads.max_id(store)
        with store.trace("stage"):
            n = _stage(store, messages, batch)
        try:
            rows = store.con.execute(
                "SELECT DISTINCT conversation FROM memlane_incoming ORDER BY 1"
            ).fetchall()
            convs = [str(r[0]) for r in rows]
            with store.trace("insert"):
                new = _insert_staged(store)
        finally:
            store.exec_("DROP TABLE IF EXISTS memlane_incoming")
        if new:
            store.rebuild_sessions(convs, gap_minutes, chunk_size, chunk_stride)
            _ingest_mentions(store, mentions, first_new, current)
        n_sessions, n_chunks = _derived_counts(store, convs)
        if fhash:
            store.exec_(
                "INSERT OR REPLACE INTO imports VALUES (?, ?, ?, now(), ?)",
                [fhash, path, fmt, n],
            )
        if new:
            meta.bump_version(store)
    return IngestReport(path, fmt, convs, new, n - new, n_sessions, n_chunks)


def _mentions_current_or_empty(store: Ingesting, finder: MentionFinder | None) -> bool:
    """Whether the mentions table is complete for `finder` before this ingest."""
    if finder is None:
        return False
    return store.mentions_current(finder) or reads.count(store, "messages") == 0


def _ingest_mentions(
    store: Ingesting, finder: MentionFinder | None, first_new: int, current: bool
) -> None:
    if finder is not None:
        with store.trace("mentions"):
            mentions_db.build(store, finder, after_id=first_new)
    if finder is not None and current:
        store.set_meta(mentions_db.VERSION_KEY, finder.version)
    else:  # older messages lack mentions, or these do: rebuild before relying on them
        store.exec_("DELETE FROM meta WHERE key = ?", [mentions_db.VERSION_KEY])


def _stage(store: Connected, messages: Iterable[Message], batch: int) -> int:
    """Load messages into the temporary table `memlane_incoming`; return how many."""
    store.exec_(
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
        store.con.register("memlane_batch", table)
        try:
            store.exec_("INSERT INTO memlane_incoming SELECT * FROM memlane_batch")
        finally:
            store.con.unregister("memlane_batch")
        n += len(part)
    return n


def _insert_staged(store: Connected) -> int:
    before = reads.count(store, "messages")
    base = reads.max_id(store)
    # First occurrence wins for a source_ref repeated inside one file.
    store.exec_(
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
    return reads.count(store, "messages") - before


def _derived_counts(store: Connected, convs: list[str]) -> tuple[int, int]:
    row = store.one(
        "SELECT (SELECT count(*) FROM sessions WHERE list_contains(?, conversation)), "
        "(SELECT count(*) FROM chunks WHERE list_contains(?, conversation))",
        [convs, convs],
    )
    return (int(row[0]), int(row[1])) if row else (0, 0)
