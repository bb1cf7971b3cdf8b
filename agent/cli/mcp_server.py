"""The MCP server behind `memlane mcp` (agent/cli/mcp.py), on the official `mcp` SDK.

Tools: `search`, `ask`, `timeline`, `topic_timeline` and `list_conversations`; the resource
`memlane://message/{id}` (a message and its neighbours). Every result cites its messages by
id, date, time and speaker (agent/cited.py). It is read-only unless started with
`--allow-write`, which adds
`import_file` and `forget`; without the flag those two are not listed, and a client calling
one anyway is told which flag it needs.

The store is opened on the first call and let go after each one, so `memlane ingest` in a
terminal works while an assistant keeps the server running. The SDK runs tools in worker
threads; one lock serves them one at a time over the one pipeline and its caches. Nothing but
the protocol may reach stdout.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError, ToolError
from pydantic import BaseModel, Field

from agent.app import build_pipeline
from agent.cited import (
    AskOutput,
    CitedMessage,
    Conversation,
    ConversationsOutput,
    SearchOutput,
    TimelineOutput,
    TopicOutput,
    ask_output,
    search_output,
    timeline_output,
)
from agent.pipeline import Pipeline
from agent.timeline import timeline
from agent.topics import topic_timeline
from memory_store.db.forget import forget as forget_messages
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.errors import MemlaneError
from memory_store.indexes.embed import embed_pending, get_embedder
from memory_store.settings import Settings

__all__ = ["WRITE_TOOLS", "MemlaneServer", "MemlaneTools", "build_server"]

WRITE_TOOLS = ("import_file", "forget")
NEIGHBOURS = 3
INSTRUCTIONS = (
    "Search and ask the user's own chat history (memlane). Quote the `cite` field of the "
    "messages you use, e.g. [m12] 2024-03-04 09:02 Sam. Relative dates such as 'last week' "
    "resolve against `now`: the clock by default, 'latest' for the newest message."
)


class ImportOutput(BaseModel):
    files: list[dict[str, Any]]
    embedded: int


class MemlaneTools:
    """What the tools call: one pipeline, built on first use, its store held for one call."""

    def __init__(self, settings: Settings, clock: Callable[[], datetime] = datetime.now) -> None:
        self.settings = settings
        self.clock = clock
        self._pipeline: Pipeline | None = None
        self._lock = threading.Lock()

    @contextmanager
    def pipeline(self, create: bool = False) -> Iterator[Pipeline]:
        """The pipeline with its store open; memlane's errors become the tool's error message.
        `create`: an import may start a store that does not exist yet."""
        with self._lock:
            try:
                if self._pipeline is None:
                    store = Store.open(self.settings.db_path, must_exist=not create)
                    self._pipeline = build_pipeline(self.settings, store)
                else:
                    self._pipeline.store.reconnect(let_go=True)
                try:
                    yield self._pipeline
                finally:
                    self._pipeline.store.close()
            except MemlaneError as exc:
                raise ToolError(str(exc)) from exc

    def now(self, value: str | None) -> datetime | str:
        if not value:
            return self.clock()
        if value == "latest":
            return value
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            raise ToolError(
                f"now={value!r}: use ISO 8601 (2024-03-04 or 2024-03-04T18:00) or 'latest'"
            ) from None

    def search(
        self, query: str, k: int, limit: int, conversation: str | None, now: str | None
    ) -> SearchOutput:
        when = self.now(now)
        with self.pipeline() as pipe:
            result = pipe.ask(query, now=when, conversation=conversation, k=k, answer=False)
            return search_output(result, limit)

    def ask(self, question: str, k: int, conversation: str | None, now: str | None) -> AskOutput:
        when = self.now(now)
        with self.pipeline() as pipe:
            return ask_output(pipe.ask(question, now=when, conversation=conversation, k=k))

    def timeline(
        self, conversation: str | None, start: date | None, end: date | None, limit: int
    ) -> TimelineOutput:
        if start and end and start > end:
            raise ToolError(f"start {start} is after end {end}")
        with self.pipeline() as pipe:
            entries = timeline(
                pipe.store, conversation=conversation, start=start, end=end, limit=limit
            )
        return timeline_output(entries)

    def topic(
        self, about: str, person: str | None, conversation: str | None, limit: int
    ) -> TopicOutput:
        if not about.strip():
            raise ToolError("say what the topic is")
        with self.pipeline() as pipe:
            found = topic_timeline(pipe, about, person=person, conversation=conversation)
        return TopicOutput(about=about, messages=[CitedMessage.of(m) for m in found[:limit]])

    def conversations(self) -> ConversationsOutput:
        with self.pipeline() as pipe:
            rows = pipe.store.stats()["conversations"]
        return ConversationsOutput(conversations=[Conversation(**row) for row in rows])

    def message(self, message_id: int) -> str:
        with self.pipeline() as pipe:
            around = pipe.store.around(message_id, NEIGHBOURS)
        if not around:
            raise ResourceNotFoundError(f"no message m{message_id} in {self.settings.db_path}")
        return "\n".join(
            f"{'>' if m.id == message_id else ' '} [m{m.id}] {m.ts:%Y-%m-%d %H:%M} "
            f"{m.speaker} ({m.conversation}): {m.text}"
            for m in around
        )

    def import_file(self, path: str, fmt: str, conversation: str | None) -> ImportOutput:
        file = Path(path).expanduser()
        if not file.is_file():
            raise ToolError(f"no file at {file}: give the path of a chat export on this machine")
        with self.pipeline(create=True) as pipe:
            try:
                reports = ingest_files(
                    pipe.store, [file], self.settings, fmt=fmt, conversation=conversation
                )
            except ValueError as exc:  # an unknown format
                raise ToolError(str(exc)) from exc
            embedded = embed_pending(
                pipe.store,
                get_embedder(self.settings.embedder),
                chunk_texts=self.settings.chunk_vectors == "embedded",
            )
        return ImportOutput(files=[r.to_json() for r in reports], embedded=embedded)

    def forget(
        self,
        conversation: str | None,
        speaker: str | None,
        before: date | None,
        after: date | None,
        dry_run: bool,
    ) -> dict[str, Any]:
        if not any((conversation, speaker, before, after)):
            raise ToolError("say what to forget: conversation, speaker, before and/or after")
        with self.pipeline() as pipe:
            report = forget_messages(
                pipe.store,
                conversation=conversation,
                speaker=speaker,
                before=before,
                after=after,
                dry_run=dry_run,
                settings=self.settings,
            )
        return report.to_json()


class MemlaneServer(MCPServer[Any]):
    """An MCPServer that refuses the write tools by name when they are not offered."""

    def __init__(self, *, allow_write: bool, **kwargs: Any) -> None:
        super().__init__("memlane", **kwargs)
        self.allow_write = allow_write

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        if name in WRITE_TOOLS and not self.allow_write:
            raise ToolError(
                f"{name} changes the store, and this memlane server is read-only: "
                "start it with `memlane mcp --allow-write` to allow importing and forgetting"
            )
        return await super().call_tool(name, arguments, context)


def build_server(
    settings: Settings, *, allow_write: bool = False, tools: MemlaneTools | None = None
) -> MemlaneServer:
    """The MCP server: the read-only tools, and the write tools with `allow_write`."""
    tools = tools or MemlaneTools(settings)
    server = MemlaneServer(allow_write=allow_write, instructions=INSTRUCTIONS, log_level="WARNING")
    _read_tools(server, tools)
    if allow_write:
        _write_tools(server, tools)
    return server


Question = Annotated[str, Field(description="what to find, in the user's own words")]
K = Annotated[int, Field(ge=1, le=50, description="chunks of conversation to rank")]
Limit = Annotated[int, Field(ge=1, le=200, description="most messages to return")]
InConversation = Annotated[
    str | None, Field(description="only this conversation (names: list_conversations)")
]
Now = Annotated[
    str | None,
    Field(description="ISO date that 'yesterday' or 'last week' count from, or 'latest'"),
]


def _read_tools(server: MCPServer[Any], tools: MemlaneTools) -> None:
    @server.tool()
    def search(
        query: Question,
        k: K = 5,
        limit: Limit = 10,
        conversation: InConversation = None,
        now: Now = None,
    ) -> SearchOutput:
        """Find the messages that answer a question: date filters ("last week", "in March"),
        then hybrid BM25 + dense ranking. Each message has its id, date, time and speaker."""
        return tools.search(query, k, limit, conversation, now)

    @server.tool()
    def ask(
        question: Question, k: K = 5, conversation: InConversation = None, now: Now = None
    ) -> AskOutput:
        """Answer a question from the chat history, with the messages the answer cites."""
        return tools.ask(question, k, conversation, now)

    @server.tool()
    def timeline(
        conversation: InConversation = None,
        start: Annotated[date | None, Field(description="events from this day")] = None,
        end: Annotated[date | None, Field(description="events up to this day, inclusive")] = None,
        limit: Limit = 50,
    ) -> TimelineOutput:
        """Past and upcoming events by the date they happen ("Thursday at 3pm", written on
        Monday, is Thursday's event), each with the message that mentions it."""
        return tools.timeline(conversation, start, end, limit)

    @server.tool()
    def topic_timeline(
        about: Annotated[str, Field(description='the topic: "dentist", "the crag trip"')],
        person: Annotated[
            str | None, Field(description="only what this person wrote or what names them")
        ] = None,
        conversation: InConversation = None,
        limit: Limit = 50,
    ) -> TopicOutput:
        """Every message on a topic, oldest first, in the chat's own words ("dad's op" finds
        "the op got moved AGAIN" and "surgeon was dr mensah")."""
        return tools.topic(about, person, conversation, limit)

    @server.tool()
    def list_conversations() -> ConversationsOutput:
        """The conversations in the store: messages, sessions, first and last date."""
        return tools.conversations()

    @server.resource(
        "memlane://message/{message_id}",
        name="message",
        description="A message with the three before and after it in its conversation.",
        mime_type="text/plain",
    )
    def message(message_id: int) -> str:
        return tools.message(message_id)


def _write_tools(server: MCPServer[Any], tools: MemlaneTools) -> None:
    @server.tool()
    def import_file(
        path: Annotated[str, Field(description="a chat export file on this machine")],
        format: Annotated[
            str, Field(description="auto, locomo, tmd, jsonl, line, whatsapp or telegram")
        ] = "auto",
        conversation: Annotated[str | None, Field(description="name the conversation")] = None,
    ) -> ImportOutput:
        """Import a chat history file into the store (all or nothing), then embed it."""
        return tools.import_file(path, format, conversation)

    @server.tool()
    def forget(
        conversation: Annotated[str | None, Field(description="this conversation")] = None,
        speaker: Annotated[str | None, Field(description="what this speaker said")] = None,
        before: Annotated[date | None, Field(description="messages before this day")] = None,
        after: Annotated[date | None, Field(description="messages on or after this day")] = None,
        dry_run: Annotated[bool, Field(description="only count (the default)")] = True,
    ) -> dict[str, Any]:
        """Delete messages and everything derived from them (filters combine). Only counts
        what would go unless dry_run is false."""
        return tools.forget(conversation, speaker, before, after, dry_run)
