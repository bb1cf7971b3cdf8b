"""Which errors are Ctrl-C (agent.cli.main._interrupted), so that `memlane` exits 130 with what
was stored kept, not 1 with a traceback: DuckDB stops a query on Ctrl-C ("Query
interrupted"), or wraps the KeyboardInterrupt raised while it reads an Arrow table being
inserted in its own error ("KeyboardInterrupt: <EMPTY MESSAGE>", seen in the fresh-clone CI)."""

from __future__ import annotations

import duckdb
import pytest

from agent.cli.main import _interrupted


def _caused(outer: Exception, cause: BaseException) -> Exception:
    outer.__cause__ = cause
    return outer


@pytest.mark.parametrize(
    ("exc", "interrupted"),
    [
        (KeyboardInterrupt(), True),
        (duckdb.InterruptException("INTERRUPT Error: Query interrupted"), True),
        (duckdb.Error("KeyboardInterrupt: <EMPTY MESSAGE>"), True),
        (_caused(RuntimeError("embedding failed"), KeyboardInterrupt()), True),
        (duckdb.Error("Catalog Error: Table with name messages does not exist!"), False),
        (ValueError("a KeyboardInterrupt in the middle of a sentence"), False),
        (None, False),
    ],
)
def test_interrupted(exc: BaseException | None, interrupted: bool) -> None:
    assert _interrupted(exc) is interrupted
