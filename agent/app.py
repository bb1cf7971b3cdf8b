"""Build the pipeline from settings: the one place that decides offline vs LLM mode."""

from __future__ import annotations

from pathlib import Path

from agent.pipeline import Pipeline
from agent.plan.finder import FINDER
from memory_store.db.store import Store
from memory_store.errors import StoreBusyError, StoreError
from memory_store.query.search import open_searcher
from memory_store.settings import Settings


def build_pipeline(
    settings: Settings, store: Store | None = None, me: str | None = None
) -> Pipeline:
    if store is None:
        upgrade_store(settings.db_path)  # writes only for a store made before mentions
        # Read-only: any number of memlane processes can search or chat at once.
        store = Store.open_reader(settings.db_path)
    elif not store.read_only:
        ensure_mentions(store)
    llm = None
    if settings.llm_configured:
        from agent.llm import build_chat_model

        llm = build_chat_model(settings)
    # `ingest --me NAME` remembers who the user is; a --me flag on the question wins.
    me = me or store.get_meta("me")
    return Pipeline(store, settings, open_searcher(settings, store), llm=llm, me=me)


def upgrade_store(path: Path) -> int:
    """Bring a store made before the `mentions` table (or by another resolver version) up to
    date before it is opened for reading: migrate it and fill the table, holding it for
    writing only then. A store another process is writing is left as it is (its mentions are
    filled by the next command that gets it). Returns the mention rows written."""
    try:
        reader = Store.open_reader(path)
    except StoreBusyError:
        return 0
    except StoreError:  # schema too old for a reader: a writer migrates it below
        current = False
    else:
        current = reader.mentions_current(FINDER)
        reader.close()
    if current:
        return 0
    try:
        writer = Store.open(path, must_exist=True)
    except StoreBusyError:
        return 0
    try:
        return ensure_mentions(writer)
    finally:
        writer.close()


def ensure_mentions(store: Store) -> int:
    """Fill the `mentions` table of a store made before it existed (schema v3), or by another
    version of the resolver; return the rows written (0 when it was current)."""
    if store.mentions_current(FINDER):
        return 0
    return store.rebuild_mentions(FINDER)


def mode_line(settings: Settings) -> str:
    if not settings.llm_configured:
        return "offline mode: no language model; answers are read from your messages."
    from agent.llm import describe_remote

    remote = describe_remote(settings, 40)
    base = f"LLM mode: {settings.llm_model} at {settings.openai_base_url or 'api.openai.com'}."
    return f"{base} {remote}" if remote else base
