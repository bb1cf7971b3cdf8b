"""Everything memlane writes under MEMLANE_HOME is 0600 (files) / 0700 (directories), even
when the user's umask would allow others to read it."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_store.db.forget import forget
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.settings import Settings
from tests.conftest import SMALL

pytestmark = pytest.mark.e2e


def modes(root: Path) -> dict[str, str]:
    """Relative path -> octal permission bits, for root and everything under it."""
    return {
        str(p.relative_to(root.parent)): oct(stat.S_IMODE(p.stat().st_mode))
        for p in [root, *root.rglob("*")]
    }


def not_private(root: Path) -> dict[str, str]:
    return {
        path: mode
        for path, mode in modes(root).items()
        if mode != ("0o700" if (root.parent / path).is_dir() else "0o600")
    }


@pytest.fixture
def loose_umask() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def run_cli(home: Path, *args: str, stdin: str = "") -> None:
    """The real CLI in a fresh process whose umask is 022."""
    env = {**os.environ, "MEMLANE_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-m", "agent", *args],
        input=stdin.encode(),
        capture_output=True,
        env=env,
        preexec_fn=lambda: os.umask(0o022),
        timeout=300,
    )
    assert done.returncode == 0, done.stderr.decode()


def test_cli_creates_everything_private(tmp_path: Path) -> None:
    home = tmp_path / "home"
    run_cli(home, "ingest", str(SMALL))  # embeds too, so search writes FAISS files
    run_cli(home, "search", "dentist", "--now", "2024-03-10")
    run_cli(home, "chat", "--now", "2024-03-10", stdin="dentist?\n/quit\n")
    made = modes(home)
    for name in (
        "home/memlane.duckdb",
        "home/memlane.duckdb.idx/faiss-messages.index",
        "home/memlane.duckdb.idx/bm25-messages/ids.npy",
        "home/chat_history",
    ):
        assert name in made, sorted(made)
    assert not_private(home) == {}


def test_wal_lock_and_compacted_file_are_private(settings: Settings, loose_umask: None) -> None:
    store = Store.open(settings.db_path)
    ingest_files(store, [SMALL], settings)
    wal = settings.db_path.with_name(settings.db_path.name + ".wal")
    assert wal.exists()  # still open: the WAL holds the ingest
    assert not_private(settings.home) == {}
    os.umask(0o022)
    forget(store, speaker="Doug", settings=settings)  # rewrites the database file
    assert not_private(settings.home) == {}
    store.close()


def test_opening_tightens_a_store_made_by_an_older_version(
    settings: Settings, loose_umask: None
) -> None:
    Store.open(settings.db_path).close()
    settings.db_path.chmod(0o644)
    Store.open(settings.db_path).close()
    assert oct(stat.S_IMODE(settings.db_path.stat().st_mode)) == "0o600"


def test_init_makes_a_private_store_also_when_encrypting(
    isolated_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from agent.cli import cli

    isolated_home.mkdir(mode=0o755)
    (isolated_home / "config.toml").write_text("k = 5\n")
    (isolated_home / "config.toml").chmod(0o644)
    result = CliRunner().invoke(cli, ["init"])
    assert result.exit_code == 0, result.output
    assert not_private(isolated_home) == {}
    refused = CliRunner().invoke(cli, ["init", "--encrypt"])  # no passphrase anywhere
    assert refused.exit_code == 1 and "needs its passphrase" in refused.output
    monkeypatch.setenv("MEMLANE_PASSPHRASE", "pw")
    (isolated_home / "config.toml").chmod(0o644)
    result = CliRunner().invoke(cli, ["init", "--encrypt"])
    assert result.exit_code == 0, result.output
    assert (isolated_home / "memlane.duckdb.crypt").exists()
    assert not_private(isolated_home) == {}
