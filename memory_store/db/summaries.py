"""Chunk summaries in the store: which chunks lack one, what a chunk covers, and writing one.

The summaries themselves are written by the agent's LLM (agent/summarize.py), one chunk per
transaction, so that an interrupted run keeps what it finished.
"""

from __future__ import annotations

from memory_store.db import meta
from memory_store.db.connect import Connected


def unsummarized_chunks(store: Connected) -> list[int]:
    rows = store.con.execute(
        "SELECT id FROM chunks WHERE summary IS NULL OR trim(summary) = '' ORDER BY id"
    ).fetchall()
    return [int(r[0]) for r in rows]


def chunk_members(store: Connected, chunk_id: int) -> tuple[int, list[int]] | None:
    rows = store.con.execute(
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
    store: Connected, chunk_id: int, summary: str, embedding_text: str, embed_hash: str
) -> None:
    store.exec_("BEGIN TRANSACTION")
    try:
        store.exec_(
            "UPDATE chunks SET summary = ?, embedding_text = ?, embed_hash = ? WHERE id = ?",
            [summary, embedding_text, embed_hash, chunk_id],
        )
        # The summary changes the chunk's embedding text: BM25 and FAISS must be rebuilt.
        meta.bump_version(store)
        store.exec_("COMMIT")
    except BaseException:
        store.exec_("ROLLBACK")
        raise
