"""The DuckDB schema and its migrations.

Invariants:
- `messages` is the source of truth; sessions, chunks and both indexes derive from it.
- `messages.id` increases with (conversation, ts, import order), so ranges of ids inside a
  session are contiguous in time.
- `embeddings` is keyed by (model, text_hash), so identical texts are embedded once and work
  done before an interruption is kept.
- `mentions` derives from `messages` too, but in the same transaction as its messages (it
  is data, not an index: built by the resolver the store is given, see db/mentions.py).
- `session_digests` derives from sessions, keyed by their exact messages; every session
  rebuild (ingest, forget) prunes the digests of sessions that changed (db/digests.py).
- `meta.data_version` is bumped by every write; derived index files record the version they were
  built from and are rebuilt when it differs.
"""

from __future__ import annotations

import duckdb

SCHEMA_VERSION = 4

_V1 = [
    """CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS imports (
        file_hash VARCHAR PRIMARY KEY, path VARCHAR, format VARCHAR,
        imported_at TIMESTAMP, n_messages INTEGER)""",
    """CREATE TABLE IF NOT EXISTS sessions (
        id BIGINT PRIMARY KEY, conversation VARCHAR NOT NULL, ordinal INTEGER NOT NULL,
        start_ts TIMESTAMP NOT NULL, end_ts TIMESTAMP NOT NULL, n_messages INTEGER NOT NULL,
        participants VARCHAR[] NOT NULL, source_key VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS messages (
        id BIGINT PRIMARY KEY, conversation VARCHAR NOT NULL, source_ref VARCHAR NOT NULL,
        speaker VARCHAR NOT NULL, ts TIMESTAMP NOT NULL, ts_utc TIMESTAMPTZ,
        text VARCHAR NOT NULL, kind VARCHAR NOT NULL, session_id BIGINT,
        session_key VARCHAR, embed_hash VARCHAR,
        UNIQUE (conversation, source_ref))""",
    """CREATE TABLE IF NOT EXISTS chunks (
        id BIGINT PRIMARY KEY, session_id BIGINT NOT NULL, conversation VARCHAR NOT NULL,
        first_message_id BIGINT NOT NULL, last_message_id BIGINT NOT NULL,
        n_messages INTEGER NOT NULL, raw_text VARCHAR NOT NULL, summary VARCHAR,
        embedding_text VARCHAR NOT NULL, embed_hash VARCHAR NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS chunk_messages (
        chunk_id BIGINT NOT NULL, message_id BIGINT NOT NULL, pos INTEGER NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS embeddings (
        model VARCHAR NOT NULL, text_hash VARCHAR NOT NULL, vector FLOAT[] NOT NULL,
        PRIMARY KEY (model, text_hash))""",
    """CREATE OR REPLACE VIEW messages_v AS
        SELECT m.*, s.ordinal AS session_ordinal, s.start_ts AS session_start,
               CAST(m.ts AS DATE) AS day, isodow(m.ts) AS weekday,
               month(m.ts) AS month, year(m.ts) AS year
        FROM messages m JOIN sessions s ON s.id = m.session_id""",
]

# v2: derived indexes of an encrypted store, kept inside it instead of in files beside it
# (lexical.open_lexical); deleted by `forget` with everything else derived.
_V2 = [
    """CREATE TABLE IF NOT EXISTS sealed_indexes (
        name VARCHAR PRIMARY KEY, meta VARCHAR NOT NULL, data BLOB NOT NULL)""",
]

# v3: the second clock (memory_store/db/mentions.py). Each time expression in a text message,
# resolved against the message's own ts: the span of the text, the interval [start_ts, end_ts)
# it speaks of, its granularity (time, part_of_day, day, weekend, week, month, season, year)
# and direction (past, future, present). An existing store gets the empty table here and is
# filled by `Store.rebuild_mentions` (meta.mentions_version is unset until then).
_V3 = [
    """CREATE TABLE IF NOT EXISTS mentions (
        message_id BIGINT NOT NULL, start_char INTEGER NOT NULL, end_char INTEGER NOT NULL,
        start_ts TIMESTAMP NOT NULL, end_ts TIMESTAMP NOT NULL, granularity VARCHAR NOT NULL,
        direction VARCHAR NOT NULL, text VARCHAR NOT NULL)""",
]

# v4: session digests (memory_store/db/digests.py), the level above the messages: a session's
# central messages and the names it mentions, keyed by the exact messages the session holds.
_V4 = [
    """CREATE TABLE IF NOT EXISTS session_digests (
        conversation VARCHAR NOT NULL, first_message_id BIGINT NOT NULL,
        last_message_id BIGINT NOT NULL, n_messages INTEGER NOT NULL, digester VARCHAR NOT NULL,
        point_ids BIGINT[] NOT NULL, names VARCHAR[] NOT NULL,
        PRIMARY KEY (conversation, first_message_id, last_message_id, n_messages))""",
]

MIGRATIONS: dict[int, list[str]] = {1: _V1, 2: _V2, 3: _V3, 4: _V4}


def current_version(con: duckdb.DuckDBPyConnection) -> int:
    exists = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'meta'"
    ).fetchall()
    if not exists or not exists[0][0]:
        return 0
    row = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchall()
    return int(row[0][0]) if row else 0


def migrate(con: duckdb.DuckDBPyConnection) -> int:
    """Bring the schema up to SCHEMA_VERSION; return the version found before."""
    found = current_version(con)
    for version in range(found + 1, SCHEMA_VERSION + 1):
        for stmt in MIGRATIONS[version]:
            con.execute(stmt).fetchall()
        con.execute(
            "INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", [str(version)]
        ).fetchall()
    return found
