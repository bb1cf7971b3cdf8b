"""The DuckDB file: store (the `Store` facade and its life cycle), connect, schema and
migrations, meta, ingest (files) and staging (one file's transaction), sessions and chunks
(derive, sessions), reads, summaries, mentions, lookups, locking, forget, encryption (encrypt,
crypto)."""
