"""The second clock: the `mentions` table, built from the messages by an injected resolver.

Every text message's time expressions ("yesterday", "next Tuesday, September 29th", "来週の
金曜日"), resolved against the message's own `ts`, are rows of `mentions` (schema v3). The
store does not know how to find them: a `MentionFinder` (memory_store.models; the agent's is
agent.plan.mentions) is passed to `Store.ingest` / `ingest_files(..., mentions=finder)` and
`Store.rebuild_mentions`. Invariants:

- A message's mentions are written in the transaction that writes the message: ingest reads
  the messages it has just inserted back in batches of `BATCH` (ids are assigned by then,
  and a re-import, which inserts nothing, resolves nothing), so no history is held whole.
- Only `kind = 'text'` messages have mentions; forgetting a message deletes its mentions;
  `init --encrypt` copies the table with every other one (`Store.copy_to`).
- `meta.mentions_version` is the version of the finder that built the table for every
  message. Ingesting without a finder, or into a store built by another version, clears it,
  and `Store.mentions_current(finder)` is then False: the caller rebuilds
  (agent.app.build_pipeline does so before the first question).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import date, datetime, timedelta
from typing import Any, Protocol

import duckdb
import pyarrow as pa

from memory_store.models import MentionFinder, MentionRow, StoredMessage

__all__ = [
    "BATCH",
    "VERSION_KEY",
    "build",
    "mentions_of",
    "rebuild",
    "timeline",
]

VERSION_KEY = "mentions_version"
BATCH = 50_000


class Store(Protocol):
    """What mentions need of `memory_store.db.store.Store` (typed here, so that this module
    does not import the store module that calls it)."""

    con: duckdb.DuckDBPyConnection

    def exec_(self, sql: str, params: Sequence[Any] | None = None) -> None: ...

    def set_meta(self, key: str, value: str) -> None: ...

    def transaction(self) -> AbstractContextManager[None]: ...


_COLS = "message_id, start_char, end_char, start_ts, end_ts, granularity, direction, text"


def build(store: Store, finder: MentionFinder, *, after_id: int = 0, batch: int = BATCH) -> int:
    """Resolve the mentions of every text message with id > `after_id`; return rows added.

    Messages are read by id in batches of `batch` and each batch's rows are inserted before
    the next is read (DuckDB refuses new statements while a result is open, so no cursor).
    """
    added = 0
    last = after_id
    while True:
        rows = store.con.execute(
            "SELECT id, ts, text FROM messages WHERE kind = 'text' AND id > ? ORDER BY id LIMIT ?",
            [last, batch],
        ).fetchall()
        if not rows:
            return added
        found = [
            (int(mid), m)
            for mid, ts, text in rows
            if text
            for m in finder(text, ts)
            if m.end > m.start
        ]
        if found:
            _insert(store, found)
            added += len(found)
        last = int(rows[-1][0])


def _insert(store: Store, found: Sequence[tuple[int, Any]]) -> None:
    table = pa.table(
        {
            "message_id": pa.array([mid for mid, _ in found], pa.int64()),
            "start_char": pa.array([m.start_char for _, m in found], pa.int32()),
            "end_char": pa.array([m.end_char for _, m in found], pa.int32()),
            "start_ts": pa.array([_naive(m.start) for _, m in found], pa.timestamp("us")),
            "end_ts": pa.array([_naive(m.end) for _, m in found], pa.timestamp("us")),
            "granularity": [m.granularity for _, m in found],
            "direction": [m.direction for _, m in found],
            "text": [m.text for _, m in found],
        }
    )
    store.con.register("memlane_mentions_batch", table)
    try:
        store.exec_(f"INSERT INTO mentions ({_COLS}) SELECT {_COLS} FROM memlane_mentions_batch")
    finally:
        store.con.unregister("memlane_mentions_batch")


def _naive(at: datetime) -> datetime:
    """Local wall-clock, like messages.ts (a finder given a naive time returns naive ones)."""
    return at.replace(tzinfo=None)


def rebuild(store: Store, finder: MentionFinder, batch: int = BATCH) -> int:
    """Replace every mention with what `finder` finds, in one transaction; return the rows.

    `data_version` is not bumped: no index derives from mentions, and a rebuild must not make
    the BM25 and FAISS indexes look stale.
    """
    with store.transaction():
        store.exec_("DELETE FROM mentions")
        n = build(store, finder, batch=batch)
        store.set_meta(VERSION_KEY, finder.version)
    return n


def mentions_of(store: Store, ids: Sequence[int]) -> dict[int, list[MentionRow]]:
    """The stored mentions of each message id, in text order (ids without any are absent)."""
    if not len(ids):
        return {}
    rows = store.con.execute(
        f"SELECT {_COLS} FROM mentions WHERE message_id IN (SELECT unnest(?::BIGINT[])) "
        "ORDER BY message_id, start_char",
        [list(map(int, ids))],
    ).fetchall()
    out: dict[int, list[MentionRow]] = {}
    for r in rows:
        out.setdefault(int(r[0]), []).append(MentionRow(*r))
    return out


def timeline(
    store: Store,
    *,
    conversation: str | None = None,
    start: date | None = None,
    end: date | None = None,
    limit: int | None = None,
) -> list[tuple[MentionRow, StoredMessage]]:
    """Mentions whose interval overlaps the days [start, end] (both inclusive, either open),
    by event time, each with its message (message time, then text position, break ties)."""
    lo = datetime.combine(start, datetime.min.time()) if start else None
    hi = datetime.combine(end + timedelta(days=1), datetime.min.time()) if end else None
    sql = (
        "SELECT x.message_id, x.start_char, x.end_char, x.start_ts, x.end_ts, x.granularity, "
        "x.direction, x.text, m.id, m.conversation, m.source_ref, m.speaker, m.ts, m.text, "
        "m.kind, m.session_id, s.ordinal "
        "FROM mentions x JOIN messages m ON m.id = x.message_id "
        "JOIN sessions s ON s.id = m.session_id "
        "WHERE (? IS NULL OR m.conversation = ?) AND (? IS NULL OR x.end_ts > ?) "
        "AND (? IS NULL OR x.start_ts < ?) "
        "ORDER BY x.start_ts, x.end_ts, m.ts, m.id, x.start_char"
    )
    params: list[Any] = [conversation, conversation, lo, lo, hi, hi]
    if limit is not None:
        sql += " LIMIT ?"
        params.append(int(limit))
    rows = store.con.execute(sql, params).fetchall()
    return [(MentionRow(*r[:8]), StoredMessage(*r[8:])) for r in rows]
