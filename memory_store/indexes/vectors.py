"""FAISS indexes derived from the `embeddings` table, checked on every load.

The index file is a cache. The DuckDB `meta` table records, per unit, the model, dimension,
row count, store data_version and the SHA-256 of the file that was written. If the file is
missing, swapped, or any of those disagree, the index is rebuilt from DuckDB (no re-embedding),
so a stale or foreign index can never answer a query.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import faiss
import numpy as np

from memory_store.db.lookups import sorted_unique
from memory_store.db.store import Store
from memory_store.errors import IndexMismatchError

_UNIT_SQL = {
    "messages": "SELECT m.id, e.vector FROM messages m JOIN embeddings e "
    "ON e.text_hash = m.embed_hash AND e.model = ?",
    "chunks": "SELECT c.id, e.vector FROM chunks c JOIN embeddings e "
    "ON e.text_hash = c.embed_hash AND e.model = ?",
}
# Chunks represented by their messages' vectors instead of their own text (the default).
POOLED_CHUNKS = "chunks_pooled"


# Vectors are stored as float16: half the memory and disk, and half the memory traffic of the
# exact scan that dominates a content question (344,603 vectors: p50 24.4 -> 11.7 ms). Against
# float32 the top-10 of 40 queries were identical and the top-200 99.95%; LoCoMo Recall@5 is
# unchanged (docs/benchmarks.md).
CODEC = "fp16"


def _empty_index(dim: int) -> faiss.IndexIDMap2:
    return faiss.IndexIDMap2(
        faiss.IndexScalarQuantizer(dim, faiss.ScalarQuantizer.QT_fp16, faiss.METRIC_INNER_PRODUCT)
    )


# A filter leaving more than this share of the vectors is applied after an unrestricted search:
# FAISS's IDSelectorBatch checks every vector against the set, which costs more than scanning
# them all (344,603 fp16 vectors, 147,000 allowed: 20.7 ms with the selector, 11.7 without).
WIDE_FILTER = 0.15


# One query is one scan: OpenMP workers cost more than they save. Exact search over 344,603
# vectors (358,896 messages, 2 cores): p50 54.5 -> 30.4 ms, p95 57.4 -> 34.6 ms with one
# thread. The two code paths round the last float digits differently, so exact ties can swap.
faiss.omp_set_num_threads(1)


@dataclass
class VectorIndex:
    index: faiss.IndexIDMap2
    model_id: str
    dim: int
    rebuilt: bool = False

    @property
    def size(self) -> int:
        return int(self.index.ntotal)

    def search(
        self, query: np.ndarray, k: int, allowed: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Top-k (ids, cosine scores), optionally restricted to `allowed` ids inside FAISS."""
        if self.size == 0 or k <= 0:
            return np.empty(0, np.int64), np.empty(0, np.float32)
        if query.shape[-1] != self.dim:
            raise IndexMismatchError(
                f"query vector has dimension {query.shape[-1]}, index has {self.dim}; "
                "run `memlane embed` with the store's embedder"
            )
        params = None
        if allowed is not None:
            if len(allowed) == 0:
                return np.empty(0, np.int64), np.empty(0, np.float32)
            allowed = sorted_unique(allowed)
            k = min(k, len(allowed))
            if len(allowed) > WIDE_FILTER * self.size:
                got = self._search_then_filter(query, k, allowed)
                if got is not None:
                    return got
            params = faiss.SearchParameters(  # type: ignore[call-arg]  # SWIG kwargs
                sel=faiss.IDSelectorBatch(allowed)
            )
        return self._search(query, min(k, self.size), params)

    def _search(
        self, query: np.ndarray, k: int, params: faiss.SearchParameters | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        scores, ids = self.index.search(query.reshape(1, -1).astype(np.float32), k, params=params)
        keep = ids[0] >= 0
        return ids[0][keep], scores[0][keep]

    def _search_then_filter(
        self, query: np.ndarray, k: int, allowed: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray] | None:
        """The top k of `allowed` from an unrestricted search deep enough to hold them, or None
        when it was not deep enough. Exact: every allowed vector scoring above the k-th allowed
        hit is in the unrestricted list too."""
        depth = min(self.size, int(2 * k * self.size / len(allowed)) + 64)
        ids, scores = self._search(query, depth)
        pos = np.minimum(np.searchsorted(allowed, ids), len(allowed) - 1)
        inside = allowed[pos] == ids
        if inside.sum() < k and depth < self.size:
            return None
        return ids[inside][:k], scores[inside][:k]


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _fingerprint(store: Store, unit: str, model_id: str, dim: int) -> dict[str, object]:
    return {
        "unit": unit,
        "model": model_id,
        "dim": dim,
        "data_version": store.data_version,
        "rows": store.count("embeddings"),
        "codec": CODEC,
    }


def build(
    store: Store,
    unit: str,
    model_id: str,
    dim: int,
    messages: faiss.IndexIDMap2 | None = None,
) -> faiss.IndexIDMap2:
    """Build one unit's index from the store; pooled chunks are built from `messages` (the
    messages index, built here if not given)."""
    # Exhaustive inner product (no approximate structure): one person's history is small
    # enough that an approximate index would only cost recall.
    index = _empty_index(dim)
    if unit == POOLED_CHUNKS:
        if messages is None:
            messages = build(store, "messages", model_id, dim)
        ids, vecs = _pooled_chunks(store, messages, dim)
    else:
        ids, vecs = _read_vectors(store, _UNIT_SQL[unit], model_id, dim)
    if len(ids):
        index.add_with_ids(vecs, ids)
    return index


def _read_vectors(
    store: Store, query: str, model_id: str, dim: int
) -> tuple[np.ndarray, np.ndarray]:
    """(sorted ids, their vectors) of one unit's embedded texts."""
    # Peak memory is what limits this on a laptop (358,896 messages: 530 MB of vectors).
    # - Arrow batches, not Python rows, read with execute (on DuckDB 1.4 the relational
    #   `con.sql(params=...)` path took ~10x the time and 2x the memory), without ORDER BY
    #   (DuckDB would hold every sorted vector).
    # - The sorted ids are read first, so each batch is written straight to its rows of one
    #   preallocated array in id order, and the index gets it in one add: no reordered copy,
    #   no growth of the index's storage by doubling.
    # - DuckDB's buffer cache is capped meanwhile; it otherwise keeps ~1 GB of blocks.
    with _capped_memory(store):
        table = store.con.execute(f"SELECT id FROM ({query})", [model_id]).fetch_arrow_table()
        ids = np.sort(table.column(0).to_numpy().astype(np.int64))
        vecs = np.empty((len(ids), dim), dtype=np.float32)
        filled = 0
        for batch in store.con.execute(query, [model_id]).fetch_record_batch(20_000):
            m = batch.num_rows
            flat = batch.column(1).flatten().to_numpy()
            if flat.size != m * dim or filled + m > len(ids):
                raise IndexMismatchError(
                    f"stored vectors do not all have dimension {dim} ({model_id}); import into "
                    "a fresh store (--db NEW.duckdb) and run `memlane embed`"
                )
            vecs[np.searchsorted(ids, batch.column(0).to_numpy())] = flat.reshape(m, dim)
            filled += m
    return ids, vecs


def _pooled_chunks(
    store: Store, messages: faiss.IndexIDMap2, dim: int
) -> tuple[np.ndarray, np.ndarray]:
    """Each chunk's vector as the normalised mean of its messages' vectors, decoded from the
    messages index (no second read of every vector from DuckDB).

    Embedding the chunk texts themselves costs twice what embedding every message does (358,896
    messages: 33,017 chunk texts at 7 texts/s against 182,063 message texts at 79 texts/s), for
    LoCoMo Recall@5 0.725 instead of 0.723. Chunks with no embedded message are left out.
    """
    mids = faiss.vector_to_array(messages.id_map).astype(np.int64)
    order = np.argsort(mids, kind="stable")  # index rows are in id order; this keeps it general
    mids = mids[order]
    pairs = store.con.execute(
        "SELECT chunk_id, message_id FROM chunk_messages ORDER BY chunk_id, message_id"
    ).fetch_arrow_table()
    cids = pairs.column(0).to_numpy().astype(np.int64)
    members = pairs.column(1).to_numpy().astype(np.int64)
    pos = np.searchsorted(mids, members)
    found = pos < len(mids)
    found[found] = mids[pos[found]] == members[found]
    cids, rows = cids[found], order[pos[found]]
    starts = np.flatnonzero(np.r_[True, cids[1:] != cids[:-1]]) if len(cids) else cids
    out = np.empty((len(starts), dim), dtype=np.float32)
    inner = faiss.downcast_index(messages.index)
    # A thousand chunks at a time: decoding every member row at once would hold each message
    # vector once per chunk that holds it (~1.2x the vectors, in float32).
    bounds = [*starts.tolist(), len(cids)]
    step = 1024
    for lo in range(0, len(starts), step):
        hi = min(lo + step, len(starts))
        a, b = bounds[lo], bounds[hi]
        vecs = inner.reconstruct_batch(rows[a:b])
        out[lo:hi] = np.add.reduceat(vecs, starts[lo:hi] - a, axis=0)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    np.divide(out, norms, out=out, where=norms > 0)
    return cids[starts], out


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


@contextmanager
def _capped_memory(store: Store, limit: str = "384MB") -> Iterator[None]:
    row = store.one("SELECT current_setting('memory_limit')")
    store.exec_(f"SET memory_limit = '{limit}'")
    try:
        yield
    finally:
        if row:
            store.exec_("SET memory_limit = ?", [str(row[0])])


def open_vectors(
    store: Store,
    unit: str,
    index_dir: Path | None,
    model_id: str,
    dim: int,
    messages: VectorIndex | None = None,
) -> VectorIndex:
    """Load the FAISS index for `unit`, rebuilding it when anything disagrees with the store.
    Pooled chunks are built from the messages index (`messages`, opened here if not given).

    With no `index_dir` (an encrypted store) the index is built in memory and never written.
    """
    if unit == POOLED_CHUNKS and messages is None:
        messages = open_vectors(store, "messages", index_dir, model_id, dim)
    base = messages.index if messages is not None else None
    if index_dir is None:
        return VectorIndex(build(store, unit, model_id, dim, base), model_id, dim)
    path = index_dir / f"faiss-{unit}.index"
    want = _fingerprint(store, unit, model_id, dim)
    # A read-only store (search, chat) cannot write meta: it records the index beside it.
    sidecar = path.with_suffix(".json")
    for recorded in (store.get_meta(f"faiss.{unit}"), _read(sidecar)):
        if recorded and path.exists():
            rec = json.loads(recorded)
            if rec.get("fingerprint") == want and rec.get("sha256") == _sha256(path):
                index = faiss.read_index(str(path))
                if (
                    isinstance(index, faiss.IndexIDMap2)
                    and index.d == dim
                    and index.ntotal == rec.get("ntotal")
                ):
                    return VectorIndex(index, model_id, dim)
    index = build(store, unit, model_id, dim, base)
    index_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")  # readers may rebuild it at the same time
    faiss.write_index(index, str(tmp))
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
    record = json.dumps({"fingerprint": want, "sha256": _sha256(path), "ntotal": int(index.ntotal)})
    if store.read_only:
        tmp.write_text(record, encoding="utf-8")
        os.replace(tmp, sidecar)
    else:
        store.set_meta(f"faiss.{unit}", record)
    return VectorIndex(index, model_id, dim, rebuilt=True)
