"""Encryption at rest: a passphrase-derived key and DuckDB's AES-256-GCM database encryption.

DuckDB encrypts every block of an attached database, its WAL and (with
`temp_file_encryption`) its spill files. Writing encrypted files needs a cryptographically
secure random source, which DuckDB takes from OpenSSL inside its httpfs extension; that
extension is installed from PyPI (`duckdb-ext-httpfs`), pinned to our DuckDB release, and
loaded from the package directory, so nothing is downloaded.

The key is derived with scrypt from a passphrase that comes from `MEMLANE_PASSPHRASE` or a
terminal prompt. Beside the store only the scrypt parameters and salt are kept
(`<db>.crypt`): not the key, not the passphrase, nothing that verifies a guess faster than
scrypt does. The derived index files (BM25, FAISS) and the REPL history are never written for
an encrypted store; they live in memory for the life of the process.
"""

from __future__ import annotations

import getpass
import hashlib
import importlib.util
import json
import os
import secrets
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import duckdb

from memory_store.db import locking
from memory_store.errors import PassphraseError, StoreError

PASSPHRASE_ENV = "MEMLANE_PASSPHRASE"
ALIAS = "memlane_store"
_SCRYPT_MAXMEM = 128 * 1024 * 1024


@dataclass(frozen=True)
class KeyParams:
    """What `<db>.crypt` holds: how to turn the passphrase into the key, never the key."""

    salt: str
    n: int = 2**15
    r: int = 8
    p: int = 1
    kdf: str = "scrypt"
    cipher: str = "duckdb-aes-256-gcm"
    format: int = 1

    @classmethod
    def fresh(cls) -> KeyParams:
        return cls(salt=secrets.token_hex(16))

    def derive(self, passphrase: str) -> str:
        if self.kdf != "scrypt":
            raise StoreError(f"unknown key derivation {self.kdf!r}; upgrade memlane")
        key = hashlib.scrypt(
            passphrase.encode("utf-8"),
            salt=bytes.fromhex(self.salt),
            n=self.n,
            r=self.r,
            p=self.p,
            maxmem=_SCRYPT_MAXMEM,
            dklen=32,
        )
        return key.hex()


def params_path(db: Path) -> Path:
    return db.with_name(db.name + ".crypt")


def is_encrypted(db: Path) -> bool:
    return params_path(db).exists()


def read_params(db: Path) -> KeyParams:
    path = params_path(db)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return KeyParams(**raw)
    except (OSError, ValueError, TypeError) as exc:
        raise StoreError(
            f"{path} is unreadable ({exc}). It holds the salt of the store's key: restore it "
            "from a backup; without it the store cannot be opened."
        ) from exc


def write_params(db: Path, params: KeyParams) -> None:
    """Write `<db>.crypt` durably (tmp + fsync + rename); it must never be half-written."""
    path = params_path(db)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(asdict(params), fh)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def ask_passphrase(db: Path, *, confirm: bool = False) -> str:
    """The passphrase from the environment, else from the terminal; never from a file."""
    value = os.environ.get(PASSPHRASE_ENV)
    if value:
        return value
    if not sys.stdin.isatty():
        raise PassphraseError(
            f"{db} needs its passphrase: set {PASSPHRASE_ENV} or run memlane in a terminal "
            "to be asked for it."
        )
    value = getpass.getpass(f"passphrase for {db}: ")
    if confirm and getpass.getpass("again: ") != value:
        raise PassphraseError("the two passphrases differ; nothing was changed. Try again.")
    if not value:
        raise PassphraseError("an empty passphrase protects nothing; choose one.")
    return value


_KEYS: dict[Path, str] = {}


def key_for(db: Path) -> str:
    """The derived key of an encrypted store, asked for once per process."""
    db = db.resolve()
    if db not in _KEYS:
        _KEYS[db] = read_params(db).derive(ask_passphrase(db))
    return _KEYS[db]


def remember_key(db: Path, key: str) -> None:
    _KEYS[db.resolve()] = key


def forget_key(db: Path) -> None:
    _KEYS.pop(db.resolve(), None)


def _extension_dir() -> str:
    spec = importlib.util.find_spec("duckdb_ext")
    if spec is None or not spec.submodule_search_locations:
        raise StoreError(
            "encrypted stores need the duckdb-ext-httpfs package: pip install memlane again"
        )
    return str(Path(next(iter(spec.submodule_search_locations))) / "extensions")


def quote_path(path: Path) -> str:
    """A path as a SQL string literal (DDL such as ATTACH takes no bound parameters)."""
    return "'" + str(path).replace("'", "''") + "'"


def load_crypto(con: duckdb.DuckDBPyConnection) -> None:
    """Give `con` OpenSSL-backed encryption and encrypted spill files."""
    con.execute(f"SET extension_directory = {quote_path(Path(_extension_dir()))}")
    con.execute("LOAD httpfs")
    con.execute("SET temp_file_encryption = true")


def attach(
    con: duckdb.DuckDBPyConnection, db: Path, key: str, alias: str, *, read_only: bool = False
) -> None:
    """ATTACH an encrypted database file. `key` is hex from `KeyParams.derive`, never raw text."""
    if not all(c in "0123456789abcdef" for c in key):
        raise StoreError("internal: an encryption key must be hex")
    options = f"ENCRYPTION_KEY '{key}'" + (", READ_ONLY" if read_only else "")
    try:
        con.execute(f"ATTACH {quote_path(db)} AS {alias} ({options})")
    except duckdb.IOException as exc:
        if "encryption key" in str(exc).lower():
            forget_key(db)
            raise PassphraseError(
                f"wrong passphrase for {db}. Check {PASSPHRASE_ENV} or type it again; "
                "a forgotten passphrase cannot be recovered."
            ) from exc
        raise


def connect(db: Path, key: str, *, read_only: bool = False) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB whose default database is the encrypted store."""
    con = duckdb.connect()
    try:
        load_crypto(con)
        attach(con, db, key, ALIAS, read_only=read_only)
        con.execute(f"USE {ALIAS}")
    except BaseException:
        con.close()
        raise
    return con


def pending_path(db: Path) -> Path:
    """Where `memlane init --encrypt` writes the encrypted copy before swapping it in."""
    return db.with_name(db.name + ".encrypting")


def fsync_path(path: Path) -> None:
    """fsync a file, or a directory (which makes the renames inside it durable)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def swap_in(db: Path, pending: Path) -> None:
    """Replace the plain file by its complete encrypted copy; the old WAL goes with it."""
    os.replace(pending, db)
    db.with_name(db.name + ".wal").unlink(missing_ok=True)
    fsync_path(db.parent)


def finish_encryption(db: Path) -> None:
    """Roll forward an encryption that stopped between writing `<db>.crypt` and the swap.

    The key parameters are written only once the encrypted copy is complete and synced, so
    parameters plus a pending copy mean the copy is the store.
    """
    pending = pending_path(db)
    if not (pending.exists() and is_encrypted(db)):
        return
    with locking.exclusive(db):
        if pending.exists():
            swap_in(db, pending)
