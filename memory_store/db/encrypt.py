"""Turn a store into an encrypted one (`memlane init --encrypt`), all or nothing.

An existing plain store is copied into an encrypted file beside it; only when that copy is
complete and synced are the key parameters written, and then the copy replaces the plain
file. A crash before the parameters exist leaves the plain store as it was; a crash after
leaves parameters plus a complete copy, which the next open swaps in (`crypto.finish_encryption`).
The plain derived files (BM25 and FAISS indexes, REPL history) are deleted afterwards.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from memory_store.db import crypto, locking
from memory_store.db.ingest import refresh_lexical
from memory_store.db.store import Store
from memory_store.errors import PassphraseError, StoreError


@dataclass
class EncryptReport:
    db: Path
    converted: bool
    messages: int
    removed: list[str]


def encrypt_store(db: Path, passphrase: str, derived: list[Path]) -> EncryptReport:
    """Encrypt the store at `db` (creating it if missing); `derived` are plain files to drop."""
    if crypto.is_encrypted(db):
        raise StoreError(f"{db} is already encrypted; nothing to do.")
    if not passphrase:
        raise PassphraseError("an empty passphrase protects nothing; choose one.")
    locking.private_umask()
    params = crypto.KeyParams.fresh()
    key = params.derive(passphrase)
    converted = db.exists()
    if converted:
        _copy_encrypted(db, key, params)
    else:
        db.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        crypto.write_params(db, params)
    crypto.remember_key(db, key)
    store = Store.open(db)
    messages = store.count("messages")
    refresh_lexical(store)  # seal the BM25 indexes now, as an import would
    store.close()
    removed = [str(p) for p in derived if _remove(p)]
    return EncryptReport(db, converted, messages, removed)


def _copy_encrypted(db: Path, key: str, params: crypto.KeyParams) -> None:
    pending = crypto.pending_path(db)
    for leftover in (pending, pending.with_name(pending.name + ".wal")):
        leftover.unlink(missing_ok=True)
    store = Store.open(db)
    try:
        if store.copy_to(pending, key) != store.count("messages"):
            raise StoreError(f"the encrypted copy of {db} is incomplete; the store is unchanged.")
        crypto.fsync_path(pending)
        with locking.exclusive(db):
            store.con.close()
            # From this write on, the encrypted copy is the store (see module docstring).
            crypto.write_params(db, params)
            crypto.swap_in(db, pending)
    except BaseException:
        if not crypto.is_encrypted(db):
            pending.unlink(missing_ok=True)
        raise
    finally:
        store.con.close()


def _remove(path: Path) -> bool:
    if path.is_dir():
        shutil.rmtree(path)
        return True
    if path.exists():
        path.unlink()
        return True
    return False
