"""`memlane mcp`: memlane as an MCP server over stdio (the server: agent/cli/mcp_server.py).

Read-only unless started with `--allow-write`. The SDK is imported only when the server
starts, so the other commands do not pay for it.
"""

from __future__ import annotations

import click

from agent.cli.common import store_options
from memory_store.settings import Settings

__all__ = ["mcp"]


@click.command("mcp")
@click.option(
    "--allow-write",
    is_flag=True,
    help="Also offer import_file and forget, which change the store (off: read-only).",
)
@store_options
def mcp(settings: Settings, allow_write: bool) -> None:
    """Serve memlane to an MCP client (an assistant or editor) over stdio.

    \b
    Tools: search, ask, timeline, list_conversations (+ import_file, forget with
    --allow-write).
    Resource: memlane://message/{id}, a message and its neighbours.
    """
    from agent.cli.mcp_server import build_server  # the SDK takes 2 s to import

    build_server(settings, allow_write=allow_write).run("stdio")
