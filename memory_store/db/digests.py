"""Session digests: one row per session, the level above the messages in memlane's memory
hierarchy (messages → sessions → digests). A digest holds the ids of the session's few central
messages (its points) and the names it mentions; its people, dates and event mentions are read
with it from `sessions` and `mentions`, so they are never stale.

The store does not know how to pick points: the agent does (agent/digest.py), as it writes chunk
summaries. Invariants:
- A digest is keyed by the exact messages of its session (conversation, first and last message
  id, count), not by the session id that a rebuild reassigns: rebuilding sessions keeps the
  digests of sessions whose messages did not change, and `prune` (run by every rebuild, so by
  ingest and forget) deletes the rest in the same transaction.
- `digester` is the version of the agent's digester that wrote the row; a session whose digest
  another version wrote counts as missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

import pyarrow as pa

from memory_store.db.connect import Connected

__all__ = [
    "DigestRow",
    "SessionDigest",
    "SessionSpan",
    "digests",
    "missing",
    "prune",
    "session_message_ids",
    "write",
]


def _spans(where: str = "TRUE") -> str:
    """Each session with the key its digest is stored under (first and last message id and
    count), its dates and people; `where` narrows the sessions (SQL over `s`)."""
    return (
        "SELECT s.id, s.conversation, min(m.id) AS first_id, max(m.id) AS last_id, "
        "count(*) AS n, s.start_ts, s.end_ts, s.participants "
        f"FROM sessions s JOIN messages m ON m.session_id = s.id WHERE {where} "
        "GROUP BY s.id, s.conversation, s.start_ts, s.end_ts, s.participants"
    )


_SPANS = _spans()
_KEY = "conversation, first_message_id, last_message_id, n_messages"


@dataclass(frozen=True)
class SessionSpan:
    """A session as its digest is keyed: the exact messages it holds."""

    session_id: int
    conversation: str
    first_message_id: int
    last_message_id: int
    n_messages: int


@dataclass(frozen=True)
class DigestRow:
    """What the agent writes for one session."""

    span: SessionSpan
    point_ids: tuple[int, ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class SessionDigest:
    """A digest as read back, with its session's dates and people."""

    session_id: int
    conversation: str
    start: datetime
    end: datetime
    participants: tuple[str, ...]
    n_messages: int
    point_ids: tuple[int, ...]
    names: tuple[str, ...]


def missing(store: Connected, digester: str) -> list[SessionSpan]:
    """Sessions without a digest written by this `digester`, in store order."""
    rows = store.con.execute(
        f"WITH spans AS ({_SPANS}) "
        "SELECT p.id, p.conversation, p.first_id, p.last_id, p.n FROM spans p "
        "WHERE NOT EXISTS (SELECT 1 FROM session_digests d WHERE d.digester = ? "
        "AND d.conversation = p.conversation AND d.first_message_id = p.first_id "
        "AND d.last_message_id = p.last_id AND d.n_messages = p.n) "
        "ORDER BY p.conversation, p.start_ts",
        [digester],
    ).fetchall()
    return [SessionSpan(int(a), str(c), int(f), int(la), int(n)) for a, c, f, la, n in rows]


def write(store: Connected, rows: Sequence[DigestRow], digester: str) -> None:
    """Store digests, replacing any other version's for the same sessions (the caller holds
    the transaction: `Store.write_digests`)."""
    if not rows:
        return
    table = pa.table(
        {
            "conversation": [r.span.conversation for r in rows],
            "first_message_id": pa.array([r.span.first_message_id for r in rows], pa.int64()),
            "last_message_id": pa.array([r.span.last_message_id for r in rows], pa.int64()),
            "n_messages": pa.array([r.span.n_messages for r in rows], pa.int32()),
            "point_ids": pa.array([list(r.point_ids) for r in rows], pa.list_(pa.int64())),
            "names": pa.array([list(r.names) for r in rows], pa.list_(pa.string())),
        }
    )
    store.con.register("memlane_digest_batch", table)
    try:
        store.exec_(
            f"DELETE FROM session_digests WHERE ({_KEY}) IN "
            f"(SELECT ({_KEY}) FROM memlane_digest_batch)"
        )
        store.exec_(
            f"INSERT INTO session_digests ({_KEY}, digester, point_ids, names) "
            f"SELECT {_KEY}, ?, point_ids, names FROM memlane_digest_batch",
            [digester],
        )
    finally:
        store.con.unregister("memlane_digest_batch")


def prune(store: Connected, among: str) -> None:
    """Delete the digests of sessions that no longer exist as they were, in the conversations
    of the relation `among` (the ones a session rebuild touched: the others cannot have
    changed; run inside the rebuild's transaction)."""
    mine = f"conversation IN (SELECT conversation FROM {among})"
    store.exec_(
        f"WITH spans AS ({_spans(f's.{mine}')}) DELETE FROM session_digests d WHERE d.{mine} "
        "AND NOT EXISTS (SELECT 1 FROM spans p WHERE p.conversation = d.conversation "
        "AND d.first_message_id = p.first_id AND d.last_message_id = p.last_id "
        "AND d.n_messages = p.n)"
    )


def digests(
    store: Connected,
    digester: str,
    *,
    conversation: str | None = None,
    start: date | None = None,
    end: date | None = None,
    limit: int | None = None,
) -> list[SessionDigest]:
    """The digests of sessions overlapping the days [start, end] (both inclusive, either
    open), oldest first."""
    lo = datetime.combine(start, datetime.min.time()) if start else None
    hi = datetime.combine(end + timedelta(days=1), datetime.min.time()) if end else None
    sql = (
        f"WITH spans AS ({_SPANS}) "
        "SELECT p.id, p.conversation, p.start_ts, p.end_ts, p.participants, p.n, "
        "d.point_ids, d.names FROM spans p JOIN session_digests d "
        "ON d.conversation = p.conversation AND d.first_message_id = p.first_id "
        "AND d.last_message_id = p.last_id AND d.n_messages = p.n AND d.digester = ? "
        "WHERE (? IS NULL OR p.conversation = ?) AND (? IS NULL OR p.end_ts >= ?) "
        "AND (? IS NULL OR p.start_ts < ?) ORDER BY p.start_ts, p.id"
    )
    params: list[Any] = [digester, conversation, conversation, lo, lo, hi, hi]
    if limit is not None:
        sql += " LIMIT ?"
        params.append(int(limit))
    return [
        SessionDigest(
            int(r[0]), str(r[1]), r[2], r[3], tuple(r[4]), int(r[5]), tuple(r[6]), tuple(r[7])
        )
        for r in store.con.execute(sql, params).fetchall()
    ]


def session_message_ids(store: Connected, session_ids: Sequence[int]) -> dict[int, list[int]]:
    """The text message ids of each session, in time order."""
    rows = store.con.execute(
        "SELECT session_id, id FROM messages WHERE kind = 'text' AND session_id IN "
        "(SELECT unnest(?::BIGINT[])) ORDER BY session_id, ts, id",
        [list(map(int, session_ids))],
    ).fetchall()
    out: dict[int, list[int]] = {}
    for sid, mid in rows:
        out.setdefault(int(sid), []).append(int(mid))
    return out
