"""Sessions and chunks, derived from the messages of the conversations an import touched (and
the session digests of sessions that changed, pruned).

Set-based over all of them at once (one statement per step, not per conversation: 120
conversations took 1,800 statements), ids assigned conversation by conversation in the order
given, as a loop would. Chunks are built a group of conversations (~50,000 messages) at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pyarrow as pa

from memory_store.db import digests
from memory_store.db.connect import Connected
from memory_store.db.sessions import Row, chunk_session, embedding_text, text_hash


def rebuild_sessions(
    store: Connected, conversations: Iterable[str], gap_minutes: int, size: int, stride: int
) -> tuple[int, int]:
    """Recompute sessions and chunks of the given conversations from their messages.

    Set-based over all of them at once (one statement per step, not per conversation:
    120 conversations took 1,800 statements), ids assigned conversation by conversation
    in the order given, as a loop would.
    """
    convs = list(dict.fromkeys(conversations))
    if not convs:
        return 0, 0
    store.con.register(
        "memlane_convs", pa.table({"conversation": convs, "pos": list(range(len(convs)))})
    )
    try:
        kept = _summaries(store)
        _delete_derived(store)
        n_sessions = _assign_sessions(store, gap_minutes)
        n_chunks = _build_chunks(store, size, stride, kept)
        digests.prune(store, "memlane_convs")
    finally:
        store.con.unregister("memlane_convs")
    return n_sessions, n_chunks


def _summaries(store: Connected) -> dict[tuple[int, int, int], str]:
    """LLM summaries keyed by the exact messages they cover (first id, last id, count)."""
    rows = store.con.execute(
        "SELECT first_message_id, last_message_id, n_messages, summary FROM chunks "
        "WHERE conversation IN (SELECT conversation FROM memlane_convs) "
        "AND summary IS NOT NULL"
    ).fetchall()
    return {(int(f), int(last), int(n)): str(s) for f, last, n, s in rows}


def _delete_derived(store: Connected) -> None:
    mine = "conversation IN (SELECT conversation FROM memlane_convs)"
    store.exec_(
        f"DELETE FROM chunk_messages WHERE chunk_id IN (SELECT id FROM chunks WHERE {mine})"
    )
    store.exec_(f"DELETE FROM chunks WHERE {mine}")
    store.exec_(f"DELETE FROM sessions WHERE {mine}")


def _assign_sessions(store: Connected, gap_minutes: int) -> int:
    """Number each conversation's sessions: by the source's own session labels when every
    message has one, else split where consecutive messages are > gap_minutes apart."""
    base = store.one("SELECT coalesce(max(id), 0) FROM sessions")
    store.exec_(
        """
        CREATE OR REPLACE TEMP TABLE sess_assign AS
        WITH m AS (
            SELECT m.id, m.conversation, c.pos, m.ts, m.session_key,
                   lag(m.ts) OVER (PARTITION BY m.conversation ORDER BY m.ts, m.id) AS prev,
                   min(m.ts) OVER (PARTITION BY m.conversation, m.session_key) AS first_ts,
                   bool_and(m.session_key IS NOT NULL)
                       OVER (PARTITION BY m.conversation) AS use_keys
            FROM messages m JOIN memlane_convs c ON c.conversation = m.conversation),
        o AS (
            -- Source sessions are ordered by their first message; gap sessions by time.
            SELECT id, conversation, pos,
                   CASE WHEN use_keys
                        THEN dense_rank() OVER (PARTITION BY conversation
                                                ORDER BY first_ts, session_key)
                        ELSE sum(CASE WHEN prev IS NULL
                                           OR ts - prev > to_minutes(?::BIGINT)
                                      THEN 1 ELSE 0 END)
                             OVER (PARTITION BY conversation ORDER BY ts, id)
                   END AS ordinal
            FROM m),
        n AS (SELECT pos, max(ordinal) AS n FROM o GROUP BY pos),
        off AS (SELECT pos, coalesce(sum(n) OVER (ORDER BY pos ROWS BETWEEN UNBOUNDED
                                                  PRECEDING AND 1 PRECEDING), 0) AS before
                FROM n)
        SELECT o.id, o.conversation, CAST(o.ordinal AS INTEGER) AS ordinal,
               CAST(? + off.before + o.ordinal AS BIGINT) AS session_id
        FROM o JOIN off ON off.pos = o.pos
        """,
        [gap_minutes, int(base[0]) if base else 0],
    )
    store.exec_(
        "UPDATE messages SET session_id = a.session_id FROM sess_assign a WHERE messages.id = a.id"
    )
    store.exec_(
        """
        INSERT INTO sessions
        SELECT a.session_id, a.conversation, min(a.ordinal), min(m.ts), max(m.ts),
               count(*), list(DISTINCT m.speaker ORDER BY m.speaker), any_value(m.session_key)
        FROM sess_assign a JOIN messages m ON m.id = a.id
        GROUP BY a.session_id, a.conversation
        """
    )
    got = store.one("SELECT count(DISTINCT session_id) FROM sess_assign")
    store.exec_("DROP TABLE sess_assign")
    return int(got[0]) if got else 0


def _build_chunks(
    store: Connected, size: int, stride: int, summaries: dict[tuple[int, int, int], str]
) -> int:
    """Chunk every session of the conversations being rebuilt, a group of conversations
    at a time (~50,000 messages: bounded memory, few statements)."""
    counts = store.con.execute(
        "SELECT c.conversation, count(m.id) FROM memlane_convs c "
        "LEFT JOIN messages m ON m.conversation = c.conversation "
        "GROUP BY c.conversation, c.pos ORDER BY c.pos"
    ).fetchall()
    base = store.one("SELECT coalesce(max(id), 0) FROM chunks")
    next_id = int(base[0]) if base else 0
    total = 0
    group: list[str] = []
    size_of_group = 0
    for i, (conv, n) in enumerate(counts):
        group.append(str(conv))
        size_of_group += int(n)
        if size_of_group >= 50_000 or i == len(counts) - 1:
            made = _chunk_group(store, group, next_id, size, stride, summaries)
            next_id += made
            total += made
            group, size_of_group = [], 0
    return total


def _chunk_group(
    store: Connected,
    convs: list[str],
    last_id: int,
    size: int,
    stride: int,
    summaries: dict[tuple[int, int, int], str],
) -> int:
    store.con.register("memlane_group", pa.table({"conversation": convs}))
    try:
        rows = store.con.execute(
            "SELECT m.id, m.speaker, m.ts, m.text, m.kind, m.session_id, s.ordinal, "
            "m.conversation FROM messages m JOIN sessions s ON s.id = m.session_id "
            "WHERE m.conversation IN (SELECT conversation FROM memlane_group) "
            "ORDER BY m.session_id, m.ts, m.id"
        ).fetchall()
    finally:
        store.con.unregister("memlane_group")
    by_session: dict[int, tuple[int, str, list[Row]]] = {}
    for mid, speaker, ts, text, kind, sid, ordinal, conv in rows:
        by_session.setdefault(sid, (ordinal, conv, []))[2].append(Row(mid, speaker, ts, text, kind))
    del rows
    next_id = last_id
    chunk_rows: list[tuple[Any, ...]] = []
    member_rows: list[tuple[int, int, int]] = []
    for sid, (ordinal, conv, srows) in by_session.items():
        by_id = {r.id: r for r in srows}
        for chunk in chunk_session(srows, ordinal, size, stride):
            next_id += 1
            ids = chunk.message_ids
            # A chunk covering exactly the same messages keeps its (LLM) summary.
            summary = summaries.get((ids[0], ids[-1], len(ids)))
            text = (
                embedding_text([by_id[i] for i in ids], ordinal, summary)
                if summary
                else chunk.embedding_text
            )
            chunk_rows.append(
                (
                    next_id,
                    sid,
                    conv,
                    ids[0],
                    ids[-1],
                    len(ids),
                    chunk.raw_text,
                    summary,
                    text,
                    text_hash(text),
                )
            )
            member_rows.extend((next_id, mid, pos) for pos, mid in enumerate(ids))
    if chunk_rows:
        cols = list(zip(*chunk_rows, strict=True))
        names = [
            "id",
            "session_id",
            "conversation",
            "first_message_id",
            "last_message_id",
            "n_messages",
            "raw_text",
            "summary",
            "embedding_text",
            "embed_hash",
        ]
        ctable = pa.table(
            {n: list(c) for n, c in zip(names, cols, strict=True)}, schema=_chunk_schema()
        )
        mtable = pa.table(
            {
                n: list(c)
                for n, c in zip(
                    ["chunk_id", "message_id", "pos"],
                    zip(*member_rows, strict=True),
                    strict=True,
                )
            }
        )
        store.con.register("new_chunks", ctable)
        store.con.register("new_members", mtable)
        store.exec_("INSERT INTO chunks SELECT * FROM new_chunks")
        store.exec_("INSERT INTO chunk_messages SELECT * FROM new_members")
        store.con.unregister("new_chunks")
        store.con.unregister("new_members")
    return len(chunk_rows)


def _chunk_schema() -> pa.Schema:
    return pa.schema(
        [
            ("id", pa.int64()),
            ("session_id", pa.int64()),
            ("conversation", pa.string()),
            ("first_message_id", pa.int64()),
            ("last_message_id", pa.int64()),
            ("n_messages", pa.int32()),
            ("raw_text", pa.string()),
            ("summary", pa.string()),
            ("embedding_text", pa.string()),
            ("embed_hash", pa.string()),
        ]
    )
