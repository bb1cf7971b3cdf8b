"""Dialogues with `memlane chat` on the shipped demo history, through a pseudo-terminal, the
way a person has them: each starts afresh (/new), follow-ups lean on the earlier questions,
and every answer shown is checked. One process serves all of them (it loads the model once).
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from click.testing import CliRunner

from agent.cli import cli
from tests.e2e.test_repl import Screen

pytestmark = pytest.mark.e2e

DEMO = Path(__file__).parents[2] / "memory_store" / "data" / "demo.jsonl"

# (what the user types, words the answer's first line must hold), one list per dialogue.
DIALOGUES = [
    [("when is the crag trip?", "Saturday 17 October 2026"), ("who is bringing snacks?", "You")],
    [("when did I fly to Osaka?", "Thursday 8 October 2026"),
     ("when did I come back?", "14 October 2026")],
    [("who filmed Doug's send?", "Priya"),
     ("what did she say about her finger?", "finger is still a bit sore")],
    [("what did we talk about on Tuesday 22 September?", "you and Aki exchanged 13 messages"),
     ("what did Aki say?", "Aki exchanged 6 messages")],
    [("what did Aki say about Kyoto food?", ""), ("where did she have lunch?", "Nishiki Market")],
    [("what did she say about it?", "Who do you mean by “she”?")],
    [("when did I last mention the dentist?", "Thursday 15 October 2026"),
     ("/explain", "answer: last_mention")],
    [("how much did the filling cost?", "140 dollars")],
    [("what's Aki's cat called?", "The history does not contain the answer.")],
    [("is there a permit for Castle Crags?", "No:")],
    [("when was the book club meeting?", "Wednesday 7 October 2026 at 19:00"),
     ("where is it?", "Marta's")],
]  # fmt: skip


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("dialogues")
    db = root / "demo.duckdb"
    env = {"MEMLANE_HOME": str(root / "home"), "OPENAI_API_KEY": None, "OPENAI_BASE_URL": None}
    args = ["ingest", str(DEMO), "--db", str(db), "--me", "Sam"]
    result = CliRunner().invoke(cli, args, env=env)
    assert result.exit_code == 0, result.output
    gc.collect()  # let go of the store so the chat process can open it
    return db


def test_dialogues(demo_db: Path, tmp_path: Path) -> None:
    screen = Screen(demo_db, tmp_path / "home", "--now", "latest", "--me", "Sam")
    try:
        for dialogue in DIALOGUES:
            assert "a new dialogue" in screen.send("/new")
            for line, expected in dialogue:
                shown = screen.send(line)
                first = shown.strip().splitlines()[0] if shown.strip() else ""
                where = shown if line.startswith("/") else first
                assert expected in where, f"{line!r} → {shown!r}"
        screen.child.sendline("/quit")
        assert screen.close() == 0
    finally:
        screen.child.close(force=True)
