"""Results as records that cite their messages: what `memlane mcp` hands an assistant.

Every message carries its id, date, time and speaker, and `cite`, the line an answer quotes
("[m12] 2024-03-04 09:02 Sam"). Pydantic models, since they cross a process boundary (MCP
tools declare them as their output schema).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from agent.result import AskResult
from agent.timeline import TimelineEntry
from memory_store.models import StoredMessage

__all__ = [
    "AskOutput",
    "CitedMessage",
    "Conversation",
    "ConversationsOutput",
    "SearchOutput",
    "TimelineEvent",
    "TimelineOutput",
    "ask_output",
    "search_output",
    "timeline_output",
]


class CitedMessage(BaseModel):
    """One message, with what an answer needs to cite it."""

    id: int
    cite: str = Field(description='quote this: "[m12] 2024-03-04 09:02 Sam"')
    conversation: str
    speaker: str
    date: str
    time: str
    ts: str
    session: int
    text: str

    @classmethod
    def of(cls, m: StoredMessage) -> CitedMessage:
        return cls(
            id=m.id,
            cite=f"[m{m.id}] {m.ts:%Y-%m-%d %H:%M} {m.speaker}",
            conversation=m.conversation,
            speaker=m.speaker,
            date=f"{m.ts:%Y-%m-%d}",
            time=f"{m.ts:%H:%M}",
            ts=m.ts.isoformat(),
            session=m.session_ordinal,
            text=m.text,
        )


class SearchOutput(BaseModel):
    query: str
    route: str = Field(description="time (a date filter), content (ranking) or both")
    now: str = Field(description="what relative dates were resolved against")
    messages: list[CitedMessage]
    total: int = Field(description="messages found (only the first `limit` are here)")
    notes: list[str]


class AskOutput(BaseModel):
    question: str
    answer: str
    abstained: bool = Field(description="true when the history does not answer it")
    mode: str = Field(description="offline (quotes your messages) or llm")
    now: str
    citations: list[CitedMessage]
    notes: list[str]


class Conversation(BaseModel):
    name: str
    messages: int
    sessions: int
    first: str
    last: str
    speakers: int


class ConversationsOutput(BaseModel):
    conversations: list[Conversation]


class TimelineEvent(BaseModel):
    when: str = Field(description='the event time in words: "Thu 7 Mar 2024 15:00"')
    start: str
    end: str = Field(description="exclusive")
    direction: str = Field(description="past or future, seen from when it was written")
    resolution: str = Field(description="the words and when they were written")
    message: CitedMessage


class TimelineOutput(BaseModel):
    events: list[TimelineEvent]


class TopicOutput(BaseModel):
    """A topic's messages, oldest first (`memlane timeline --about`)."""

    about: str
    messages: list[CitedMessage]


def timeline_output(entries: list[TimelineEntry]) -> TimelineOutput:
    """Events by the date they happen, each citing the message that mentions it."""
    return TimelineOutput(
        events=[
            TimelineEvent(
                when=e.when,
                start=e.mention.start.isoformat(),
                end=e.mention.end.isoformat(),
                direction=e.mention.direction,
                resolution=e.resolution,
                message=CitedMessage.of(e.message),
            )
            for e in entries
        ]
    )


def search_output(result: AskResult, limit: int) -> SearchOutput:
    """The retrieved messages (ranked, or in time order for a time question), `limit` of them."""
    found = result.retrieved
    return SearchOutput(
        query=result.question,
        route=result.route,
        now=result.now.isoformat(),
        messages=[CitedMessage.of(m) for m in found[:limit]],
        total=len(found),
        notes=_notes(result),
    )


def ask_output(result: AskResult) -> AskOutput:
    """The answer and the messages it cites (a result asked with the answer stage)."""
    if result.answer is None:
        raise ValueError("ask_output needs a result asked with answer=True")
    return AskOutput(
        question=result.question,
        answer=result.answer.text,
        abstained=result.answer.abstained,
        mode=result.mode,
        now=result.now.isoformat(),
        citations=[CitedMessage.of(m) for m in result.answer.citations],
        notes=_notes(result),
    )


def _notes(result: AskResult) -> list[str]:
    search = result.search.notes if result.search else []
    answer = result.answer.notes if result.answer else []
    return list(dict.fromkeys([*result.notes, *search, *answer]))
