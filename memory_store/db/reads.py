"""Read-back queries: the bodies of `Store`'s read methods, documented there.

Each asks DuckDB once per call; the query path's repeated lookups are answered from memory
instead (db/lookups.py). The whole-store scans at the end serve evaluation (LoCoMo-sized
stores).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from memory_store.db import meta, schema
from memory_store.db.connect import Connected
from memory_store.errors import StoreError
from memory_store.models import StoredMessage

_MSG_COLS = (
    "m.id, m.conversation, m.source_ref, m.speaker, m.ts, m.text, m.kind, m.session_id, s.ordinal"
)


def count(store: Connected, table: str) -> int:
    if table not in {
        "messages",
        "sessions",
        "chunks",
        "embeddings",
        "imports",
        "mentions",
        "session_digests",
    }:
        raise StoreError(f"unknown table {table!r}")
    row = store.one(f"SELECT count(*) FROM {table}")
    return int(row[0]) if row else 0


def max_id(store: Connected) -> int:
    row = store.one("SELECT coalesce(max(id), 0) FROM messages")
    return int(row[0]) if row else 0


def messages(store: Connected, ids: Sequence[int]) -> list[StoredMessage]:
    if not len(ids):
        return []
    rows = store.con.execute(
        f"SELECT {_MSG_COLS} FROM messages m JOIN sessions s ON s.id = m.session_id "
        "WHERE m.id IN (SELECT unnest(?::BIGINT[]))",
        [list(map(int, ids))],
    ).fetchall()
    found = {r[0]: StoredMessage(*r) for r in rows}
    return [found[i] for i in map(int, ids) if i in found]


def around(store: Connected, message_id: int, n: int) -> list[StoredMessage]:
    rows = store.con.execute(
        """WITH conv AS (
               SELECT id, row_number() OVER (ORDER BY ts, id) AS rn FROM messages
               WHERE conversation = (SELECT conversation FROM messages WHERE id = ?)),
           me AS (SELECT rn FROM conv WHERE id = ?)
           SELECT conv.id FROM conv, me
           WHERE conv.rn BETWEEN me.rn - ? AND me.rn + ? ORDER BY conv.rn""",
        [message_id, message_id, n, n],
    ).fetchall()
    return messages(store, [r[0] for r in rows])


def turns_after(store: Connected, message_id: int, n: int) -> list[StoredMessage]:
    rows = store.con.execute(
        "SELECT m2.id FROM messages m JOIN messages m2 ON m2.session_id = m.session_id "
        "WHERE m.id = ? AND (m2.ts > m.ts OR m2.ts = m.ts AND m2.id > m.id) "
        "ORDER BY m2.ts, m2.id LIMIT ?",
        [message_id, n],
    ).fetchall()
    return messages(store, [r[0] for r in rows])


def holding(
    store: Connected,
    pattern: str,
    speakers: Sequence[str],
    conversations: Sequence[str],
    until: datetime | None,
    limit: int,
) -> list[StoredMessage]:
    rows = store.con.execute(
        "SELECT id FROM messages WHERE regexp_matches(text, ?, 'i') "
        "AND (len(?::VARCHAR[]) = 0 OR speaker IN (SELECT unnest(?::VARCHAR[]))) "
        "AND (len(?::VARCHAR[]) = 0 OR conversation IN (SELECT unnest(?::VARCHAR[]))) "
        "AND (?::TIMESTAMP IS NULL OR ts <= ?::TIMESTAMP) ORDER BY ts, id LIMIT ?",
        [pattern, list(speakers), list(speakers), list(conversations), list(conversations)]
        + [until, until, limit],
    ).fetchall()
    return messages(store, [r[0] for r in rows])


def speaking_after(
    store: Connected, day: datetime, since: datetime, until: datetime | None, limit: int
) -> list[StoredMessage]:
    rows = store.con.execute(
        "SELECT m.id FROM messages m WHERE m.ts > ? AND (?::TIMESTAMP IS NULL OR m.ts <= ?) "
        "AND EXISTS (SELECT 1 FROM mentions x WHERE x.message_id = m.id AND x.start_ts >= ?) "
        "ORDER BY m.ts DESC, m.id DESC LIMIT ?",
        [since, until, until, day, limit],
    ).fetchall()
    return messages(store, [r[0] for r in rows])


def session_neighbours(store: Connected, message_id: int, limit: int) -> list[int]:
    rows = store.con.execute(
        "SELECT m2.id FROM messages m JOIN messages m2 ON m2.session_id = m.session_id "
        "WHERE m.id = ? ORDER BY abs(m2.id - m.id), m2.id LIMIT ?",
        [message_id, limit],
    ).fetchall()
    return [int(r[0]) for r in rows]


def conversations(store: Connected) -> list[str]:
    rows = store.con.execute("SELECT DISTINCT conversation FROM messages ORDER BY 1").fetchall()
    return [r[0] for r in rows]


def speakers(store: Connected, conversation: str | None) -> list[str]:
    rows = store.con.execute(
        "SELECT DISTINCT speaker FROM messages WHERE (? IS NULL OR conversation = ?) "
        "AND speaker <> '' ORDER BY 1",
        [conversation, conversation],
    ).fetchall()
    return [r[0] for r in rows]


def latest_ts(store: Connected, conversation: str | None) -> datetime | None:
    row = store.one(
        "SELECT max(ts) FROM messages WHERE (? IS NULL OR conversation = ?)",
        [conversation, conversation],
    )
    return row[0] if row else None


def latest_by_conversation(store: Connected) -> dict[str, datetime]:
    rows = store.con.execute(
        "SELECT conversation, max(ts) FROM messages GROUP BY conversation"
    ).fetchall()
    return {str(c): ts for c, ts in rows}


def select_ids(store: Connected, sql: str, params: Sequence[Any]) -> np.ndarray:
    table = store.con.execute(sql, params).fetch_arrow_table()
    return table.column(0).to_numpy().astype(np.int64)


def distinct_message_texts(store: Connected) -> int:
    row = store.one("SELECT count(DISTINCT embed_hash) FROM messages")
    return int(row[0]) if row else 0


def sample_texts(store: Connected, n: int) -> list[str]:
    rows = store.con.execute(f"SELECT text FROM messages USING SAMPLE {int(n)} ROWS").fetchall()
    return [text for (text,) in rows]


def is_imported(store: Connected, fhash: str) -> bool:
    row = store.one("SELECT 1 FROM imports WHERE file_hash = ?", [fhash])
    return row is not None


def stats(store: Connected, path: Path) -> dict[str, Any]:
    per_conv = store.con.execute(
        """SELECT m.conversation, count(*), count(DISTINCT m.session_id), min(m.ts), max(m.ts),
                  count(DISTINCT m.speaker)
           FROM messages m GROUP BY 1 ORDER BY 1"""
    ).fetchall()
    return {
        "db": str(path),
        "schema_version": schema.SCHEMA_VERSION,
        "messages": count(store, "messages"),
        "sessions": count(store, "sessions"),
        "chunks": count(store, "chunks"),
        "embeddings": count(store, "embeddings"),
        "mentions": count(store, "mentions"),
        "imports": count(store, "imports"),
        "data_version": meta.data_version(store),
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


# -- whole-store scans for evaluation -------------------------------------------------------
def text_messages(store: Connected) -> list[tuple[int, str, str, str, str]]:
    return store.con.execute(
        "SELECT id, source_ref, speaker, text, conversation FROM messages WHERE kind = 'text'"
    ).fetchall()


def text_chunk_members(store: Connected) -> list[tuple[int, int]]:
    return store.con.execute(
        "SELECT cm.chunk_id, cm.message_id FROM chunk_messages cm "
        "JOIN messages m ON m.id = cm.message_id AND m.kind = 'text' "
        "ORDER BY cm.chunk_id, cm.pos"
    ).fetchall()


def chunk_raw_texts(store: Connected) -> list[tuple[int, str]]:
    return store.con.execute("SELECT id, raw_text FROM chunks").fetchall()


def text_message_refs(store: Connected) -> list[tuple[int, str, str]]:
    return store.con.execute(
        "SELECT id, conversation, source_ref FROM messages WHERE kind = 'text' ORDER BY id"
    ).fetchall()


def text_messages_by_session(store: Connected) -> list[tuple[Any, ...]]:
    return store.con.execute(
        "SELECT id, conversation, speaker, text, session_id, ts FROM messages "
        "WHERE kind = 'text' ORDER BY session_id, ts, id"
    ).fetchall()


# A message asks when it ends in a question mark, give or take a closing emoji or bracket.
_ASKS = r"[?？][^\p{L}\p{N}]*$"


def questions_answered(store: Connected, ids: Sequence[int]) -> list[tuple[int, int]]:
    """(reply id, question id) for each of `ids` whose previous message in its session is a
    question by someone else. Only the sessions of `ids` are scanned."""
    wanted = sorted({int(i) for i in ids})
    if not wanted:
        return []
    listed = ",".join(map(str, wanted))  # integers only: nothing to escape
    return store.con.execute(
        f"""
        WITH ordered AS (
            SELECT id, kind, speaker,
                   lag(id) OVER w AS prev_id, lag(speaker) OVER w AS prev_speaker,
                   lag(text) OVER w AS prev_text, lag(kind) OVER w AS prev_kind
            FROM messages
            WHERE session_id IN (SELECT DISTINCT session_id FROM messages WHERE id IN ({listed}))
            WINDOW w AS (PARTITION BY session_id ORDER BY ts, id)
        )
        SELECT id, prev_id FROM ordered
        WHERE id IN ({listed}) AND kind = 'text' AND prev_kind = 'text'
          AND prev_speaker <> speaker AND regexp_matches(prev_text, ?)
        ORDER BY id
        """,
        [_ASKS],
    ).fetchall()
