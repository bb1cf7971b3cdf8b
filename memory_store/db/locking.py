"""Process-level guards for the store's files: the swap lock and private file modes.

DuckDB already refuses a second process that opens a store another process has open for
writing. What it cannot guard is `memlane forget` replacing the database file: between closing
the old file and renaming the compacted copy over it, another process could open the old file
and write to a file that is about to vanish. So every open holds a shared `flock` on
`<db>.lock` while it connects, and the swap holds it exclusively.

Files memlane writes hold someone's private life, so the process umask is tightened to 077
before the store is opened: the database, its WAL, DuckDB's spill files, the index files and
the REPL history are created 0600 and directories 0700, whoever creates them.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Iterator
from pathlib import Path

from memory_store.errors import StoreBusyError

PRIVATE_FILE = 0o600
PRIVATE_DIR = 0o700


def private_umask() -> None:
    """Make the process umask at least 077 (it is only ever tightened)."""
    os.umask(os.umask(0o077) | 0o077)


def make_private(*paths: Path) -> None:
    """chmod existing files 0600 and directories 0700 (stores made by older versions)."""
    for path in paths:
        with contextlib.suppress(OSError):
            path.chmod(PRIVATE_DIR if path.is_dir() else PRIVATE_FILE)


def lock_path(db: Path) -> Path:
    return db.with_name(db.name + ".lock")


def _open_lock(db: Path) -> int | None:
    try:
        return os.open(lock_path(db), os.O_RDWR | os.O_CREAT, PRIVATE_FILE)
    except OSError:  # e.g. a read-only directory: nothing can swap the file there either
        return None


@contextlib.contextmanager
def shared(db: Path) -> Iterator[None]:
    """Held while opening the store; fails at once if `forget` is swapping the file."""
    fd = _open_lock(db)
    if fd is None:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            raise StoreBusyError(
                f"{db} is busy: `memlane forget` is compacting it. Try again in a moment."
            ) from None
        yield
    finally:
        os.close(fd)


@contextlib.contextmanager
def exclusive(db: Path, timeout: float = 10.0) -> Iterator[None]:
    """Held while the database file is replaced; waits out processes that are opening it."""
    fd = _open_lock(db)
    if fd is None:
        yield
        return
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise StoreBusyError(
                        f"{db} is busy: another process keeps opening it. Try again."
                    ) from None
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)
