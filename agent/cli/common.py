"""What every `memlane` command shares: consoles, --db/--home, safe terminal output.

Every command module of agent/cli/ imports it; it imports none of them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.console import Console

from memory_store.errors import MemlaneError
from memory_store.settings import Settings

T = TypeVar("T")

# emoji=False: ":smiley:" in a message is text, not an instruction to the terminal.
console = Console(highlight=False, emoji=False)
err = Console(stderr=True, highlight=False, emoji=False)

# C0 controls but tab and newline, DEL, C1 controls, and bidi overrides/isolates: a message
# holding these could clear the screen, set the clipboard (OSC 52) or reorder what is shown.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """Message text made safe for a terminal: control characters become visible escapes."""
    return _UNSAFE.sub(lambda m: repr(m.group())[1:-1], text)


def show_rows(
    rows: Sequence[T],
    *,
    as_json: bool,
    to_json: Callable[[T], Any],
    line: Callable[[T], str],
    empty: str,
) -> None:
    """A listing command's output: a JSON array, or one safe block per row, or what to do
    when there is none."""
    if as_json:
        click.echo(json.dumps([to_json(r) for r in rows], ensure_ascii=False))
    elif not rows:
        console.print(empty)
    else:
        for r in rows:
            console.print(printable(line(r)), markup=False, soft_wrap=True)


# The options every command shares, declared once (store_options here, eval_options in eval.py).
home_option = click.option(
    "--home",
    type=click.Path(file_okay=False, path_type=Path),
    help="memlane's home directory (default: $MEMLANE_HOME or ~/.memlane).",
)


def store_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--db and --home on every command; library errors become one clean line at the edge."""

    @click.option(
        "--db",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Store file (default: $MEMLANE_HOME/memlane.duckdb).",
    )
    @home_option
    @wraps(fn)
    def wrapper(*args: Any, db: Path | None, home: Path | None, **kwargs: Any) -> Any:
        try:
            settings = Settings.load({"db": db, "home": home})
            return fn(settings, *args, **kwargs)
        except MemlaneError as exc:
            raise click.ClickException(str(exc)) from exc

    return wrapper
