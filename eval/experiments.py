"""Prototypes of message-level BM25 documents, scored on cached runs before touching memory_store.

memlane's message BM25 document is ``speaker: text``. LoCoMo questions often share words with
the turn *around* the evidence (the question that prompted it, the reply that names the
thing), and with the session date for temporal questions. ``context_bm25_runs`` builds an
in-memory BM25 (same bm25s parameters and tokenizer as ``memory_store.indexes.lexical``) over one of
these document variants and swaps it in as the ``bm25_messages`` run, so every system and the
CV tuning grid can be re-scored with it:

- ``base``: ``speaker: text`` (reproduces the stored index);
- ``nb``: + the previous and next turn of the same session;
- ``nb2``: + two turns either side;
- ``prev``: + the previous turn only (the question a reply answers);
- ``date``: + the session's month, year and weekday ("May 2023 Monday");
- combinations joined with "+", e.g. ``nb+date``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from itertools import groupby

import bm25s
import numpy as np

from eval.runs import RUN_CANDIDATES, QuestionRuns, Scope
from memory_store.db.store import Store
from memory_store.indexes.tokenize import DefaultTokenizer
from memory_store.query.fusion import top

__all__ = ["VARIANTS", "context_bm25_runs", "documents"]

VARIANTS = ("base", "nb", "nb2", "prev", "date", "nb+date", "nb2+date", "prev+date")
Row = tuple[int, str, str, str, int, datetime]  # id, conversation, speaker, text, session, ts


def _document(rows: Sequence[Row], i: int, parts: set[str]) -> str:
    _, _, speaker, text, _, ts = rows[i]
    width = 2 if "nb2" in parts else 1 if "nb" in parts or "prev" in parts else 0
    last = i if "prev" in parts else i + width
    around = [rows[j][3] for j in range(i - width, last + 1) if j != i and 0 <= j < len(rows)]
    date = [f"{ts:%B %Y %A}"] if "date" in parts else []
    return " ".join([f"{speaker}: {text}", *around, *date])


def documents(store: Store, variant: str) -> dict[int, tuple[str, str]]:
    """message id -> (conversation, BM25 document) for one variant."""
    parts = set(variant.split("+"))
    rows: list[Row] = store.text_messages_by_session()
    out: dict[int, tuple[str, str]] = {}
    for _, group in groupby(rows, key=lambda r: r[4]):
        session = list(group)
        for i, row in enumerate(session):
            out[row[0]] = (row[1], _document(session, i, parts))
    return out


def context_bm25_runs(
    store: Store, qruns: Sequence[QuestionRuns], variant: str, scope: Scope | None = None
) -> list[QuestionRuns]:
    """`qruns` with `bm25_messages` replaced by BM25 over the variant's documents (inside
    `scope(question)` when given, as `eval tune --within-sessions` ranks)."""
    docs = documents(store, variant)
    tokenizer = DefaultTokenizer()
    ids = np.array(list(docs), dtype=np.int64)
    bm25 = bm25s.BM25(k1=1.2, b=0.75)
    bm25.index([tokenizer(d) or [""] for _, d in docs.values()], show_progress=False)
    convs = np.array([c for c, _ in docs.values()])
    out = []
    for q in qruns:
        tokens = [t for t in tokenizer(q.question.question) if t in bm25.vocab_dict]
        run: dict[int, float] = {}
        if tokens:
            allowed = convs == q.question.conversation
            if scope is not None:
                allowed &= np.isin(ids, np.asarray(scope(q.question), dtype=np.int64))
            scores = bm25.get_scores(tokens) * allowed
            rows = np.flatnonzero(scores > 0)
            run = dict(
                top(
                    dict(zip(ids[rows].tolist(), scores[rows].tolist(), strict=True)),
                    RUN_CANDIDATES,
                )
            )
        out.append(replace(q, runs=q.runs | {"bm25_messages": run}))
    return out
