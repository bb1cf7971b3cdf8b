"""MemlaneRetriever in LangChain: alone, in an LCEL chain, and inside EnsembleRetriever.

Over the small fixture store (real DuckDB, BM25 and FAISS, the bundled embedder); the pipeline
runs offline, so the whole plan → filter → hybrid path is memlane's own.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from langchain_core.documents import Document
from langchain_core.runnables import RunnableLambda

from agent.app import build_pipeline
from agent.llm.retriever import MemlaneRetriever, message_document
from agent.pipeline import Pipeline
from memory_store.db.store import Store
from memory_store.settings import Settings

NOW = datetime(2024, 3, 12, 19, 0)


@pytest.fixture
def pipeline(small_store: Store, settings: Settings) -> Pipeline:
    return build_pipeline(settings, small_store)


def test_documents_carry_the_message_and_its_metadata(pipeline: Pipeline) -> None:
    retriever = MemlaneRetriever(pipeline=pipeline, now=NOW)

    docs = retriever.invoke("when is the dentist appointment?")

    assert docs and all(isinstance(d, Document) for d in docs)
    top = {d.metadata["id"]: d for d in docs[:3]}
    assert 2 in top
    sam = top[2]
    assert sam.page_content == "Yes, dentist appointment is Thursday at 3pm, the filling finally."
    assert sam.id == "m2"
    assert sam.metadata == {
        "id": 2,
        "conversation": "Aki",
        "speaker": "Sam",
        "ts": "2024-03-04T09:02:00",
        "session": 1,
        "source_ref": sam.metadata["source_ref"],
        "route": "content",
    }


def test_time_words_filter_by_date(pipeline: Pipeline) -> None:
    """The planner runs: "on 6 March" is a time filter, not words to match."""
    docs = MemlaneRetriever(pipeline=pipeline, now=NOW).invoke(
        "what did we talk about on 6 March 2024?"
    )
    assert docs
    assert {d.metadata["ts"][:10] for d in docs} == {"2024-03-06"}
    assert {d.metadata["route"] for d in docs} == {"time"}
    assert [d.metadata["ts"] for d in docs] == sorted(d.metadata["ts"] for d in docs)


def test_conversation_scope_and_document_cap(pipeline: Pipeline) -> None:
    retriever = MemlaneRetriever(
        pipeline=pipeline, now=NOW, conversation="Book club", max_documents=2
    )
    docs = retriever.invoke("which novel are we reading?")
    assert len(docs) == 2
    assert {d.metadata["conversation"] for d in docs} == {"Book club"}


def test_in_an_lcel_chain(pipeline: Pipeline) -> None:
    def cite(docs: list[Document]) -> str:
        return "\n".join(
            f"[m{d.metadata['id']}] {d.metadata['ts'][:10]} {d.metadata['speaker']}: "
            f"{d.page_content}"
            for d in docs
        )

    chain = MemlaneRetriever(pipeline=pipeline, now=NOW, max_documents=3) | RunnableLambda(cite)

    text = chain.invoke("bouldering at the gym")

    assert "[m4] 2024-03-04 Sam: Yes, bouldering at the Vertical gym at 7." in text
    assert len(text.splitlines()) == 3
    assert chain.batch(["dentist", "vet"]) == [chain.invoke("dentist"), chain.invoke("vet")]


def test_inside_ensemble_retriever(pipeline: Pipeline) -> None:
    retrievers = pytest.importorskip(
        "langchain_classic.retrievers",
        reason="langchain-classic is an optional extra (pip install -e '.[bench]')",
    )
    aki = MemlaneRetriever(pipeline=pipeline, now=NOW, conversation="Aki", max_documents=3)
    club = MemlaneRetriever(pipeline=pipeline, now=NOW, conversation="Book club", max_documents=3)
    ensemble = retrievers.EnsembleRetriever(retrievers=[aki, club], weights=[0.5, 0.5], id_key="id")

    docs = ensemble.invoke("what are we reading, and did the cat eat?")

    ids = [d.metadata["id"] for d in docs]
    assert len(ids) == len(set(ids)) == 6  # fused by message id, no duplicates
    assert {d.metadata["conversation"] for d in docs} == {"Aki", "Book club"}


def test_from_settings_opens_the_configured_store(small_store: Store, settings: Settings) -> None:
    small_store.close()  # the retriever opens the store the settings name
    retriever = MemlaneRetriever.from_settings(settings, now="latest", k=2)
    try:
        docs = retriever.invoke("Miso the cat")
        assert any("Miso" in d.page_content for d in docs)
    finally:
        retriever.pipeline.store.close()
    small_store.reconnect()


def test_message_document_without_a_route(pipeline: Pipeline) -> None:
    [message] = pipeline.store.messages([1])
    doc = message_document(message)
    assert doc.id == "m1" and "route" not in doc.metadata
