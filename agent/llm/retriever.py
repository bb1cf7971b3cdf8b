"""`MemlaneRetriever`: memlane's whole question flow as a LangChain retriever.

    from agent.llm.retriever import MemlaneRetriever

    retriever = MemlaneRetriever.from_settings(Settings.load(), now="latest")
    docs = retriever.invoke("what did Sam say about the dentist last week?")
    chain = retriever | RunnableLambda(lambda docs: "\\n".join(d.page_content for d in docs))

Each query runs rewrite → plan → time filter → hybrid BM25 + dense ranking (`Pipeline.ask`
without the answer stage), so "last week" or "before I moved" filter by date as they do in
`memlane search`. The retrieved messages come back in the pipeline's order (ranked, or in time
order for a pure time question) as Documents: the text as page_content, and `id`,
`conversation`, `speaker`, `ts` (ISO 8601), `session`, `source_ref` and `route` as metadata;
`Document.id` is "m<id>", the id answers cite. Not imported by `agent.llm` itself, which the
pipeline imports: this module imports the pipeline.
"""

from __future__ import annotations

import threading
from datetime import datetime
from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict, Field, PrivateAttr

from agent.app import build_pipeline
from agent.pipeline import Pipeline
from memory_store.models import StoredMessage
from memory_store.settings import Settings

__all__ = ["MemlaneRetriever", "message_document"]


class MemlaneRetriever(BaseRetriever):
    """Documents for the messages memlane retrieves for a query (see the module docstring)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    pipeline: Pipeline
    k: int = Field(5, ge=1, description="chunks of conversation the ranking keeps")
    conversation: str | None = None
    # Passed in, as everywhere: the caller decides what "now" is (a datetime or "latest").
    now: datetime | str = Field(description="what 'last week' is relative to, or 'latest'")
    max_documents: int = Field(20, ge=1, description="a time filter can match thousands")
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @classmethod
    def from_settings(cls, settings: Settings, **fields: Any) -> MemlaneRetriever:
        """A retriever over the store the settings name (it must exist)."""
        return cls(pipeline=build_pipeline(settings), **fields)

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun
    ) -> list[Document]:
        now = self.now
        with self._lock:  # one store connection and its caches: one question at a time
            result = self.pipeline.ask(
                query, now=now, conversation=self.conversation, k=self.k, answer=False
            )
            messages = result.retrieved[: self.max_documents]
        return [message_document(m, route=result.route) for m in messages]


def message_document(message: StoredMessage, *, route: str | None = None) -> Document:
    """One message as a LangChain Document, its metadata what a citation needs."""
    metadata: dict[str, Any] = {
        "id": message.id,
        "conversation": message.conversation,
        "speaker": message.speaker,
        "ts": message.ts.isoformat(),
        "session": message.session_ordinal,
        "source_ref": message.source_ref,
    }
    if route is not None:
        metadata["route"] = route
    return Document(page_content=message.text, metadata=metadata, id=f"m{message.id}")
