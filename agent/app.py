"""Build the pipeline from settings: the one place that decides offline vs LLM mode."""

from __future__ import annotations

from agent.pipeline import Pipeline
from memory_store.db.store import Store
from memory_store.query.search import open_searcher
from memory_store.settings import Settings


def build_pipeline(
    settings: Settings, store: Store | None = None, me: str | None = None
) -> Pipeline:
    # Read-only: any number of memlane processes can search or chat at once.
    store = store or Store.open_reader(settings.db_path)
    llm = None
    if settings.llm_configured:
        from agent.llm import build_chat_model

        llm = build_chat_model(settings)
    # `ingest --me NAME` remembers who the user is; a --me flag on the question wins.
    me = me or store.get_meta("me")
    return Pipeline(store, settings, open_searcher(settings, store), llm=llm, me=me)


def mode_line(settings: Settings) -> str:
    if not settings.llm_configured:
        return "offline mode: no language model; answers quote your messages."
    from agent.llm import describe_remote

    remote = describe_remote(settings, 40)
    base = f"LLM mode: {settings.llm_model} at {settings.openai_base_url or 'api.openai.com'}."
    return f"{base} {remote}" if remote else base
