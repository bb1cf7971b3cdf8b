"""Everything that stores or searches; imports nothing else of ours.

db/         the DuckDB file: store (the Store facade and its life cycle), connect, schema
            and migrations, meta, ingest and staging, sessions and chunks (derive, sessions),
            reads, summaries, mentions, lookups, locking, forget, encryption (encrypt, crypto)
indexes/    derived indexes: tokenizers, BM25 (bm25_build, lexical), vectors (FAISS), embed
query/      the read path: table_ops (chain-of-table algebra and its compiler to bound SQL),
            fusion, search
importers/  one module per source format → Message records
models.py, settings.py, errors.py stay at the top: every layer uses them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# name -> the module that defines it. Imported on first use, so that `import memory_store.x`
# (or agent.x) costs no more than before; TYPE_CHECKING gives type checkers the real names.
_EXPORTS = {
    "Store": "memory_store.db.store",
    "IngestReport": "memory_store.db.store",
    "ingest_files": "memory_store.db.ingest",
    "forget": "memory_store.db.forget",
    "Message": "memory_store.models",
    "StoredMessage": "memory_store.models",
    "Settings": "memory_store.settings",
    "MemlaneError": "memory_store.errors",
    "StoreError": "memory_store.errors",
    "StoreBusyError": "memory_store.errors",
    "PassphraseError": "memory_store.errors",
    "ImportFormatError": "memory_store.errors",
    "IndexMismatchError": "memory_store.errors",
    "PlanError": "memory_store.errors",
    "Embedder": "memory_store.indexes.embed",
    "get_embedder": "memory_store.indexes.embed",
    "embed_pending": "memory_store.indexes.embed",
    "TablePlan": "memory_store.query.table_ops",
    "CompiledPlan": "memory_store.query.table_ops",
    "compile_plan": "memory_store.query.table_ops",
    "parse_plan": "memory_store.query.table_ops",
    "Searcher": "memory_store.query.search",
    "SearchResult": "memory_store.query.search",
    "RetrievalConfig": "memory_store.query.search",
    "open_searcher": "memory_store.query.search",
    "load": "memory_store.importers",
}

__all__ = [
    "CompiledPlan",
    "Embedder",
    "ImportFormatError",
    "IndexMismatchError",
    "IngestReport",
    "MemlaneError",
    "Message",
    "PassphraseError",
    "PlanError",
    "RetrievalConfig",
    "SearchResult",
    "Searcher",
    "Settings",
    "Store",
    "StoreBusyError",
    "StoreError",
    "StoredMessage",
    "TablePlan",
    "compile_plan",
    "embed_pending",
    "forget",
    "get_embedder",
    "ingest_files",
    "load",
    "open_searcher",
    "parse_plan",
]

if TYPE_CHECKING:
    from memory_store.db.forget import forget
    from memory_store.db.ingest import ingest_files
    from memory_store.db.store import IngestReport, Store
    from memory_store.errors import (
        ImportFormatError,
        IndexMismatchError,
        MemlaneError,
        PassphraseError,
        PlanError,
        StoreBusyError,
        StoreError,
    )
    from memory_store.importers import load
    from memory_store.indexes.embed import Embedder, embed_pending, get_embedder
    from memory_store.models import Message, StoredMessage
    from memory_store.query.search import RetrievalConfig, Searcher, SearchResult, open_searcher
    from memory_store.query.table_ops import CompiledPlan, TablePlan, compile_plan, parse_plan
    from memory_store.settings import Settings


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
