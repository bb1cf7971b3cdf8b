"""Per-question retriever runs for LoCoMo, computed once and then re-fused many ways.

Retrieval is the expensive part of an evaluation (a query embedding, a BM25 pass and a FAISS
search per unit), fusion is cheap. So each question is asked once, scoped to its conversation,
and each retriever's top-``candidates`` run is kept in memory (``QuestionRuns``). Every system
and every point of a tuning grid is then a pure function of those runs and the ``Corpus`` (the
id maps read once from the store).

The store is a cache under ``$MEMLANE_HOME/eval/locomo-<sha256[:12]>.duckdb``: a rerun skips
parsing and embedding. Chunking settings other than the defaults get their own file, because
chunks are built at ingest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from agent.plan.finder import FINDER
from eval.locomo_data import LocomoQuestion
from eval.metrics import context_tokens
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store, file_hash
from memory_store.indexes.embed import Embedder, embed_pending, get_embedder
from memory_store.query.narration import narrating
from memory_store.query.search import RetrievalConfig, Searcher
from memory_store.settings import Settings

__all__ = [
    "HEADLINE_CATEGORIES",
    "RUN_CANDIDATES",
    "Corpus",
    "Prepared",
    "Progress",
    "QuestionRuns",
    "collect_runs",
    "eval_store_path",
    "load_corpus",
    "open_eval_store",
    "session_scope",
]

# (stage, done, total): the CLI turns this into rich progress bars.
Progress = Callable[[str, int, int], None]
# question -> the message ids it may be answered from (None: its whole conversation).
Scope = Callable[[LocomoQuestion], Sequence[int] | None]

# The LINE study fuses each retriever's top 200; runs are kept at least this deep so that every
# system (and any smaller `candidates` setting, by truncation) can be derived from them.
RUN_CANDIDATES = 200
# the dense run over chunks' own embedded texts (what the LINE configuration ranks with)
CHUNK_TEXT_RUN = "dense_chunktexts"

_DEFAULT_CHUNKING = (180, 42, 36)


@dataclass(frozen=True)
class QuestionRuns:
    """One question and each retriever's {id: score} run ("bm25_messages", "dense_chunks", ...)."""

    question: LocomoQuestion
    runs: dict[str, dict[int, float]]


@dataclass(frozen=True)
class Corpus:
    """Store facts that scoring needs, for all conversations, read once."""

    dia: dict[int, str]  # message id -> source_ref (the LoCoMo dia_id)
    tokens: dict[int, int]  # message id -> context tokens of "speaker: text"
    members: dict[int, tuple[int, ...]]  # chunk id -> its text message ids, in chunk order
    chunk_tokens: dict[int, int]  # chunk id -> context tokens of its raw text
    home: dict[int, int]  # message id -> the first chunk holding it (as `group_chunks` does)
    speaker: dict[int, str]  # message id -> speaker
    speakers: dict[str, tuple[str, ...]]  # conversation -> its speakers, sorted
    answered: dict[int, int] = field(default_factory=dict)  # reply id -> the question it answers
    narrating: frozenset[int] = frozenset()  # messages telling of a deed (query.narration)


def eval_store_path(settings: Settings, data: Path) -> Path:
    """The cached store for one data file (and one chunking, when not the default)."""
    name = f"locomo-{file_hash(data)[:12]}"
    chunking = (settings.session_gap_minutes, settings.chunk_size, settings.chunk_stride)
    if chunking != _DEFAULT_CHUNKING:
        name += "-g{}c{}s{}".format(*chunking)
    return settings.home / "eval" / f"{name}.duckdb"


def open_eval_store(
    data: Path, settings: Settings, db: Path | None = None, progress: Progress | None = None
) -> Store:
    """Open (creating and filling if needed) the evaluation store for `data`, fully embedded."""
    store = Store.open(db or eval_store_path(settings, data))
    if not store.is_imported(file_hash(data)):
        ingest_files(store, [data], settings, fmt="locomo", mentions=FINDER)
    embedder = get_embedder(settings.embedder)

    def tick(done: int, total: int) -> None:
        if progress:
            progress("embedding", done, total)

    # Chunk texts too: the LINE configuration ranks chunks by their own embedded text.
    embed_pending(store, embedder, progress=tick, chunk_texts=True)
    return store


def load_corpus(store: Store) -> Corpus:
    """Read message and chunk maps for every conversation (a few thousand rows for LoCoMo)."""
    rows = store.text_messages()
    dia = {int(i): str(ref) for i, ref, _, _, _ in rows}
    tokens = {int(i): context_tokens(f"{sp}: {tx}") for i, _, sp, tx, _ in rows}
    by_conv: dict[str, set[str]] = {}
    for _, _, sp, _, conv in rows:
        if sp:
            by_conv.setdefault(str(conv), set()).add(str(sp))
    members: dict[int, list[int]] = {}
    for cid, mid in store.text_chunk_members():
        members.setdefault(int(cid), []).append(int(mid))
    chunk_rows = store.chunk_raw_texts()
    home: dict[int, int] = {}
    for cid in sorted(members):
        for mid in members[cid]:
            home.setdefault(mid, cid)
    return Corpus(
        dia=dia,
        tokens=tokens,
        members={c: tuple(m) for c, m in members.items()},
        chunk_tokens={int(c): context_tokens(t) for c, t in chunk_rows},
        home=home,
        speaker={int(i): str(sp) for i, _, sp, _, _ in rows},
        speakers={c: tuple(sorted(s)) for c, s in by_conv.items()},
        answered=store.questions_answered(list(dia)),
        narrating=narrating((int(i), str(tx)) for i, _, _, tx, _ in rows),
    )


def collect_runs(
    store: Store,
    questions: Sequence[LocomoQuestion],
    settings: Settings,
    embedder: Embedder | None = None,
    progress: Progress | None = None,
    scope: Scope | None = None,
    query: Callable[[LocomoQuestion], str] | None = None,
) -> list[QuestionRuns]:
    """Ask every question once, scoped to its conversation (and to `scope(question)`, the
    candidate ids a time filter would leave, when given), keeping all four retriever runs.
    `query` gives the text to retrieve with (default: the question)."""
    depth = max(RUN_CANDIDATES, settings.candidates)
    embedder = embedder or get_embedder(settings.embedder)
    searcher = Searcher(store, RetrievalConfig(candidates=depth), embedder, settings.chunk_vectors)
    # The LINE configuration's dense chunk run always searches the chunks' own texts.
    texts_searcher = Searcher(
        store, RetrievalConfig(candidates=depth, use_lexical=False), embedder, "embedded"
    )
    out: list[QuestionRuns] = []
    texts = [query(q) if query else q.question for q in questions]
    vectors = _query_vectors(searcher, texts, progress)
    for n, q in enumerate(questions, start=1):
        qvec = vectors[n - 1] if vectors is not None else None
        runs = searcher.runs(
            texts[n - 1],
            conversation=q.conversation,
            candidate_ids=scope(q) if scope else None,
            chunks=True,
            qvec=qvec,
        )
        if qvec is not None:
            dense = texts_searcher.runs(
                texts[n - 1],
                conversation=q.conversation,
                candidate_ids=scope(q) if scope else None,
                chunks=True,
                qvec=qvec,
            )
            runs[CHUNK_TEXT_RUN] = dense.get("dense_chunks", {})
        out.append(QuestionRuns(q, runs))
        if progress:
            progress("retrieval", n, len(questions))
    return out


def session_scope(store: Store) -> Scope:
    """An oracle time filter: a question's candidates are the turns of the sessions that hold
    its evidence (dia ids "D3:5" are turn 5 of session 3), as a filter on their dates would
    leave. Used to tune ranking *inside* a filter, which is what time + content questions do."""
    by_session: dict[tuple[str, str], list[int]] = {}
    for mid, conv, ref in store.text_message_refs():
        by_session.setdefault((str(conv), str(ref).split(":")[0]), []).append(int(mid))

    def scope(q: LocomoQuestion) -> list[int]:
        sessions = dict.fromkeys(ev.split(":")[0] for ev in q.evidence)
        return [m for s in sessions for m in by_session.get((q.conversation, s), [])]

    return scope


def _query_vectors(
    searcher: Searcher, texts: list[str], progress: Progress | None, batch: int = 64
) -> np.ndarray | None:
    """All query vectors, embedded in batches: one call per question costs far more."""
    emb = searcher.embedder
    if emb is None or not texts:
        return None
    parts = []
    for start in range(0, len(texts), batch):
        parts.append(emb.embed_queries(texts[start : start + batch]))
        if progress:
            progress("query vectors", min(start + batch, len(texts)), len(texts))
    return np.concatenate(parts)


# The LoCoMo categories the headline numbers are reported on (single/multi-hop, temporal, open).
HEADLINE_CATEGORIES = (1, 2, 3, 4)


class Prepared:
    """Questions with evidence, their runs, the corpus maps and the counts of what was skipped."""

    def __init__(
        self, qruns: list[QuestionRuns], corpus: Corpus, counts: dict[str, Any], now: dict[str, str]
    ) -> None:
        self.qruns, self.corpus, self.counts, self.now = qruns, corpus, counts, now

    @property
    def categories(self) -> npt.NDArray[np.int64]:
        return np.array([q.question.category for q in self.qruns], dtype=np.int64)

    @property
    def headline(self) -> npt.NDArray[np.bool_]:
        return np.isin(self.categories, HEADLINE_CATEGORIES)
