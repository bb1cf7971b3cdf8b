"""Connecting to a store file: how it is made, how a busy one is waited for, and what DuckDB's
errors mean to the person who ran memlane.

`Connected` is what the other db modules need of an open `memory_store.db.store.Store`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import duckdb

from memory_store.db import crypto, locking
from memory_store.errors import StoreBusyError, StoreError

# How long opening a store waits for another process to let go of it. `memlane embed` holds
# the store only for the moment it writes a batch of vectors, so a command started meanwhile
# gets in within this; a store kept open (`memlane chat`) is reported busy after it.
BUSY_WAIT_S = 3.0

# DuckDB's block size for new store files (fixed per file; DuckDB's default is 256 KiB). Every
# table, index and row group takes whole blocks, and each checkpoint writes new ones, so a
# 66-message store took 5.3 MB after ingest + embed and 10.2 MB after three more imports;
# with 64 KiB blocks 1.5 and 2.8 MB. At a million rows 64 KiB is as compact as 256 KiB
# (25.9 vs 26.5 MB) and scans as fast; 16 KiB is smaller still for tiny stores but grows
# large ones (42.7 MB). Older stores move to it on their next `forget` (Store.copy_to).
BLOCK_SIZE = 65_536
_CONFIG: dict[str, str | bool | int | float | list[str]] = {"default_block_size": BLOCK_SIZE}


class Connected(Protocol):
    """What the db modules need of `memory_store.db.store.Store` (typed here, so that they do
    not import the store module that calls them)."""

    con: duckdb.DuckDBPyConnection

    def exec_(self, sql: str, params: Sequence[Any] | None = None) -> None: ...

    def one(self, sql: str, params: Sequence[Any] | None = None) -> tuple[Any, ...] | None: ...


def connect_waiting(
    path: Path, read_only: bool, key: str | None, wait: float
) -> duckdb.DuckDBPyConnection:
    deadline = time.monotonic() + wait
    while True:
        try:
            return connect(path, read_only, key)
        except StoreBusyError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.05)


def connect(path: Path, read_only: bool, key: str | None = None) -> duckdb.DuckDBPyConnection:
    try:
        with locking.shared(path):
            if key is not None:
                return crypto.connect(path, key, read_only=read_only)
            if not read_only and not path.exists():
                # The block size is chosen when the file is made. Made apart and closed: a
                # process may not hold one file with two configurations.
                duckdb.connect(str(path), config=_CONFIG).close()
            try:
                return duckdb.connect(str(path), read_only=read_only)
            except duckdb.ConnectionException as exc:
                # This process already has the file open for writing (DuckDB shares one
                # instance per file and process): read through that.
                if not read_only or "different configuration" not in str(exc):
                    raise
                return duckdb.connect(str(path))
    except duckdb.IOException as exc:
        if "newer version of duckdb" in str(exc).lower():
            raise StoreError(
                f"{path} was written by a newer DuckDB than the {duckdb.__version__} memlane "
                "uses. Open it with the memlane that made it, or import your exports into a "
                "new store (--db NEW.duckdb)."
            ) from exc
        if "lock" in str(exc).lower():
            raise StoreBusyError(
                f"{path} is busy: another memlane process is using it. "
                "Wait for it to finish, then try again."
            ) from exc
        raise StoreError(f"cannot open {path}: {exc}") from exc
    except duckdb.Error as exc:
        if "encrypted" in str(exc).lower():
            raise StoreError(
                f"{path} is encrypted, but its key parameters {crypto.params_path(path)} are "
                "missing. Restore that file from a backup to open the store."
            ) from exc
        raise StoreError(
            f"cannot open {path}: {exc}. Is it a memlane store? Use --db to point elsewhere."
        ) from exc
