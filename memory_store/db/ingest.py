"""The ingest pipeline: stream each file into the store (one transaction), refresh BM25, embed.

Lexical and temporal search are usable as soon as `ingest_files` returns its reports; the
embedding stage runs after and can be interrupted and resumed (`memlane embed`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from memory_store.db.store import IngestReport, Store, file_hash
from memory_store.errors import ImportFormatError
from memory_store.importers import stream
from memory_store.indexes.lexical import open_lexical
from memory_store.models import MentionFinder
from memory_store.query.search import index_dir_for
from memory_store.settings import Settings


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
    mentions: MentionFinder | None = None,
) -> list[IngestReport]:
    """Import every file, then bring the BM25 indexes up to date.

    All files go in one transaction, each streamed from its parser into the store as it is
    read: a bad line in any file rolls the whole run back, so nothing changes, and no file is
    ever held whole in memory (JSON Lines). `on_file` sees each report once all are stored.
    `mentions` resolves the time expressions of the new text messages into the `mentions`
    table, in the same transaction (memory_store/db/mentions.py; the agent's finder is
    agent.plan.finder.FINDER). Without it the store records that its mentions are stale.
    """
    reports = []
    with store.transaction():
        for path in paths:
            source = stream(path, fmt, dayfirst=dayfirst, strict=strict, conversation=conversation)
            report = store.ingest(
                source.messages,
                path=str(source.path),
                fmt=source.format,
                gap_minutes=settings.session_gap_minutes,
                chunk_size=settings.chunk_size,
                chunk_stride=settings.chunk_stride,
                fhash=file_hash(source.path),
                mentions=mentions,
            )
            if report.new_messages + report.duplicates == 0:  # rolls the whole run back
                raise ImportFormatError(
                    str(source.path),
                    "line 1",
                    f"no messages found in this {source.format} file"
                    + (
                        f" ({plural(source.skipped, 'line')} could not be read)"
                        if source.skipped
                        else ""
                    ),
                    "check that this is the exported chat, or pass --format if it is another",
                )
            report.warnings = source.warnings
            if source.skipped:
                report.warnings.append(f"{source.path}: {plural(source.skipped, 'line')} skipped")
            reports.append(report)
    for report in reports:
        if on_file:
            on_file(report)
    refresh_lexical(store)
    return reports


def plural(n: int, word: str) -> str:
    """plural(1, "line") -> "1 line", plural(3, "line") -> "3 lines"."""
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def refresh_lexical(store: Store) -> None:
    # An encrypted store keeps its BM25 indexes inside itself (no index_dir): no clear text.
    index_dir = None if store.encrypted else index_dir_for(store.path)
    for unit in ("messages", "chunks"):
        open_lexical(store, unit, index_dir)
