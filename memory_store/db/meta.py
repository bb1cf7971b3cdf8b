"""The `meta` table: the store's own settings and clocks, as text keyed by name.

`data_version` is bumped by every write that changes what the derived indexes are built from;
they record the version they were built from and are rebuilt when it differs (db/schema.py).
"""

from __future__ import annotations

from memory_store.db.connect import Connected


def get_meta(store: Connected, key: str, default: str | None = None) -> str | None:
    row = store.one("SELECT value FROM meta WHERE key = ?", [key])
    return str(row[0]) if row else default


def set_meta(store: Connected, key: str, value: str) -> None:
    store.exec_("INSERT OR REPLACE INTO meta VALUES (?, ?)", [key, value])


def data_version(store: Connected) -> int:
    return int(get_meta(store, "data_version", "0") or 0)


def bump_version(store: Connected) -> None:
    set_meta(store, "data_version", str(data_version(store) + 1))
