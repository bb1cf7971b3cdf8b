"""The ingest pipeline: parse each file, store it in one transaction, refresh BM25, embed.

Lexical and temporal search are usable as soon as `ingest_files` returns its reports; the
embedding stage runs after and can be interrupted and resumed (`memlane embed`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from .importers import load
from .lexical import open_lexical
from .search import index_dir_for
from .settings import Settings
from .store import IngestReport, Store, file_hash


def ingest_files(
    store: Store,
    paths: Sequence[str | Path],
    settings: Settings,
    *,
    fmt: str = "auto",
    dayfirst: bool | None = None,
    strict: bool = False,
    conversation: str | None = None,
    on_file: Callable[[IngestReport], None] | None = None,
) -> list[IngestReport]:
    """Import every file (each its own transaction), then bring the BM25 indexes up to date.

    All files are parsed before any is stored, so a bad file stops the run before anything
    changes.
    """
    parsed = [
        load(p, fmt, dayfirst=dayfirst, strict=strict, conversation=conversation) for p in paths
    ]
    reports = []
    for result in parsed:
        report = store.ingest(
            result.messages,
            path=str(result.path),
            fmt=result.format,
            gap_minutes=settings.session_gap_minutes,
            chunk_size=settings.chunk_size,
            chunk_stride=settings.chunk_stride,
            fhash=file_hash(result.path),
        )
        report.warnings = result.warnings
        if result.skipped:
            report.warnings.append(f"{result.path}: {result.skipped} lines skipped")
        reports.append(report)
        if on_file:
            on_file(report)
    refresh_lexical(store)
    return reports


def refresh_lexical(store: Store) -> None:
    # An encrypted store keeps its BM25 indexes inside itself (no index_dir): no clear text.
    index_dir = None if store.encrypted else index_dir_for(store.path)
    for unit in ("messages", "chunks"):
        open_lexical(store, unit, index_dir)
