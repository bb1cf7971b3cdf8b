"""The `memlane` command group: every command is registered here, explicitly.

A new command is a plain `@click.command()` in a module of agent/cli/, imported below and
listed in `COMMANDS` (a subcommand goes on its group, e.g. `eval_group` in agent/cli/eval.py).
"""

from __future__ import annotations

import sys

import click

from agent.cli.bench import bench
from agent.cli.commands import ask, chat, config, demo, embed, ingest, search, stats, summarize
from agent.cli.common import err
from agent.cli.eval import eval_group
from agent.cli.mcp import mcp
from agent.cli.trust import forget, init


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="memlane")
def cli() -> None:
    """memlane: ask questions of your own chat history, offline.

    \b
    Quick start:
      memlane demo                      # a shipped demo history, searched
      memlane ingest chat.txt           # LINE / WhatsApp / Telegram / LoCoMo / TMD / JSONL
      memlane search "dentist"          # hybrid BM25 + dense search
    """


COMMANDS: tuple[click.Command, ...] = (
    ingest,
    embed,
    search,
    ask,
    chat,
    summarize,
    stats,
    config,
    demo,
    eval_group,
    forget,
    init,
    bench,
    mcp,
)
for _command in COMMANDS:
    cli.add_command(_command)


def main() -> None:
    try:
        cli()
    except KeyboardInterrupt:
        err.print("interrupted; work already stored is kept")
        sys.exit(130)


if __name__ == "__main__":
    main()
