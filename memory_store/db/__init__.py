"""The DuckDB file: store, schema and migrations, ingest (one transaction per file), sessions
and chunks (derive, sessions), lookups, locking, forget, encryption (encrypt, crypto)."""
