"""The `memlane` command group: every command is registered here, explicitly.

A new command is a plain `@click.command()` in a module of agent/cli/, imported below and
listed in `COMMANDS` (a subcommand goes on its group, e.g. `eval_group` in agent/cli/eval.py).
"""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from agent.cli.bench import bench
from agent.cli.commands import ask, chat, config, demo, embed, ingest, search, stats, summarize
from agent.cli.common import err
from agent.cli.digest import digest_command
from agent.cli.eval import eval_group
from agent.cli.mcp import mcp
from agent.cli.timeline import timeline_command
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
    timeline_command,
    digest_command,
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


def main(argv: list[str] | None = None) -> None:
    """Run memlane and exit: 0 done, 1 a problem it explains, 2 a mistyped command line,
    130 interrupted (Ctrl-C), with what was already stored kept."""
    try:
        result = cli.main(args=argv, prog_name="memlane", standalone_mode=False)
    except click.Abort as exc:  # click turns Ctrl-C (and end of input at a prompt) into Abort
        if isinstance(exc.__context__, KeyboardInterrupt):
            interrupted()
        click.echo("Aborted.", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        interrupted()
    except click.UsageError as exc:
        if isinstance(exc, _NO_ARGS_IS_HELP):  # bare `memlane`: the help, as click shows it
            exc.show()
            sys.exit(exc.exit_code)
        # The problem and where to read more, without click's usage block.
        where = exc.ctx.command_path if exc.ctx is not None else "memlane"
        click.echo(f"Error: {exc.format_message()}", err=True)
        click.echo(f"`{where} --help` lists what it takes.", err=True)
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except Exception as exc:
        if _interrupted(exc):  # DuckDB stops its query on Ctrl-C: "Query interrupted"
            interrupted()
        raise
    sys.exit(result if isinstance(result, int) else 0)


def _interrupted(exc: BaseException | None) -> bool:
    """Whether `exc` was caused by Ctrl-C somewhere down its chain."""
    seen = 0
    while exc is not None and seen < 20:
        # DuckDB stops a query on Ctrl-C ("Query interrupted"), or wraps the KeyboardInterrupt
        # raised while it reads a Python object (an Arrow table being inserted) in its own error
        said = str(exc)
        if isinstance(exc, KeyboardInterrupt) or "Query interrupted" in said:
            return True
        if said.startswith("KeyboardInterrupt"):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


# click >= 8.2 raises this for a group run without a command (help, then status 2).
class _NeverRaised(Exception):
    pass


_NO_ARGS_IS_HELP: type[Exception] = getattr(click.exceptions, "NoArgsIsHelpError", _NeverRaised)


def interrupted() -> NoReturn:
    err.print("interrupted; what was already stored is kept")
    sys.exit(130)


if __name__ == "__main__":
    main()
