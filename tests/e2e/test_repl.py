"""`memlane chat` as a person uses it: the real process on a pseudo-terminal, plus Repl.handle.

The end-to-end test drives `python -m agent chat` with pexpect and asserts on what the screen
shows after each line, the way the REPL acceptance in issue 4 asks.
"""

from __future__ import annotations

import gc
import os
import re
import stat
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from agent.app import build_pipeline
from agent.cli import cli
from agent.cli.repl import ChatState, Repl
from memory_store.settings import Settings
from tests.conftest import SMALL

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
PROMPT = "memlane> "
NOW = "2024-03-14T12:00"  # a Thursday; "Tuesday" is 12 March 2024


@pytest.fixture(scope="module")
def chat_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small fixture, ingested through the CLI (with vectors) into its own store."""
    root = tmp_path_factory.mktemp("repl")
    db = root / "small.duckdb"
    env = {"MEMLANE_HOME": str(root / "home"), "OPENAI_API_KEY": None, "OPENAI_BASE_URL": None}
    result = CliRunner().invoke(cli, ["ingest", str(SMALL), "--db", str(db)], env=env)
    assert result.exit_code == 0, result.output
    gc.collect()  # drop the command's DuckDB connection so the chat process can lock the file
    return db


class Screen:
    """A `memlane chat` process on a pty; `send` returns what appeared before the next prompt."""

    def __init__(self, db: Path, home: Path, *args: str) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "MEMLANE_"))}
        env |= {"MEMLANE_HOME": str(home), "TERM": "dumb", "PYTHONIOENCODING": "utf-8"}
        # OpenMP threads that spin while waiting make each query ~50x slower on a busy machine.
        env.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "agent", "chat", "--db", str(db), *args],
            cwd=str(ROOT),
            env=env,
            encoding="utf-8",
            timeout=90,
            dimensions=(40, 200),
        )
        self.banner = self.wait()

    def wait(self) -> str:
        self.child.expect_exact(PROMPT)
        return self.child.before.replace("\r\n", "\n")

    def send(self, line: str) -> str:
        self.child.sendline(line)
        shown = self.wait()
        echoed, _, rest = shown.partition("\n")
        assert echoed.strip() == line.strip()
        return rest

    def close(self) -> int | None:
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus


def cited(screen: str) -> list[int]:
    """The message ids listed under an answer, in screen order."""
    return [int(i) for i in re.findall(r"^\s*>?\s*\[m(\d+)\]", screen, re.MULTILINE)]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_chat_end_to_end(chat_db: Path, tmp_path: Path) -> None:
    home = tmp_path / "chat-home"
    screen = Screen(chat_db, home, "--now", NOW)
    # The mode is said once, briefly, before the first prompt.
    assert "offline mode" in screen.banner and "/help" in screen.banner

    # 1. A time question: the Kyoto messages of Tuesday 12 March 2024, and nothing else.
    shown = screen.send("what did we talk about on Tuesday?")
    assert shown.startswith("On Tuesday 12 March 2024, Aki and Sam exchanged 4 messages")
    assert cited(shown) == [10, 11, 12, 13]
    assert "[m10] [Tue 12 Mar 2024 18:30] Aki: Kyoto trip: I found a ryokan near Gion" in shown
    assert "[m13] [Tue 12 Mar 2024 18:45] Sam: And eat matcha ice cream in Uji!" in shown
    assert "dentist" not in shown and "Book club" not in shown

    # 2. A follow-up that only makes sense with the rewriter: "she" is Aki, "when" is Tuesday.
    # (Asked cold, "what did she say?" ranks Monday's dentist messages first.)
    shown = screen.send("what did she say?")
    assert shown.startswith("On Tuesday 12 March 2024, Aki")
    assert cited(shown) == [10, 12]  # Aki's messages of that day only

    # 3. /explain shows the rewrite, the plan and its SQL.
    shown = flat(screen.send("/explain"))
    assert re.search(r"now: 2024-03-14 12:00 route: (time|both) mode: offline", shown)
    # The time comes from the user's own earlier question, never from the answer's text.
    assert re.search(r"rewritten: what did Aki say\? \(on Tuesday\)", shown)
    assert "rewrite: resolved a pronoun to Aki" in shown
    assert "'op': 'where_date', 'start': '2024-03-12', 'end': '2024-03-12'" in shown
    assert "'op': 'where_speaker', 'names': ['Aki']" in shown
    assert re.search(r"sql: WITH step0 AS \(SELECT \* FROM messages_v WHERE ts <= \?\)", shown)
    assert "filtered messages: 2" in shown

    # 4. /sources lists the messages the last answer used, with where they come from.
    shown = screen.send("/sources")
    assert shown.splitlines() == [
        "[m10] [Tue 12 Mar 2024 18:30] Aki: Kyoto trip: I found a ryokan near Gion for April 5 to"
        " 8.  (Aki, session 3)",
        "[m12] [Tue 12 Mar 2024 18:40] Aki: We should visit Fushimi Inari early in the morning."
        "  (Aki, session 3)",
    ]

    # 5. /expand shows a cited message with its neighbours, the cited one marked.
    shown = screen.send("/expand m12")
    assert cited(shown) == [10, 11, 12, 13]
    assert "> [m12] [Tue 12 Mar 2024 18:40] Aki: We should visit Fushimi Inari" in shown
    assert "> [m11]" not in shown

    # 6. /now latest: the newest message in scope; relative dates follow it.
    assert screen.send("/now latest").strip() == "now is 2024-03-12 18:45:00"

    # 7. /conversation narrows the scope, and "latest" moves with it.
    assert screen.send("/conversation Aki").strip() == "searching only Aki"
    shown = screen.send("what did we talk about today?")
    assert shown.startswith("On Tuesday 12 March 2024, Aki and Sam exchanged 4 messages")
    assert screen.send("/conversation Book club").strip() == "searching only Book club"
    assert screen.send("/now latest").strip() == "now is 2024-03-10 11:12:00"
    assert "Choose from: Aki, Book club" in screen.send("/conversation Nobody")

    # 8. /help lists every command.
    shown = screen.send("/help")
    commands = ("/explain", "/sources", "/expand", "/timeline", "/now", "/conversation", "/help")
    for command in (*commands, "/quit"):
        assert re.search(rf"^\s+{command}\b", shown, re.MULTILINE), command

    # 9. /quit leaves cleanly; the line history is kept, private to the user.
    screen.child.sendline("/quit")
    assert screen.close() == 0
    history = home / "chat_history"
    assert "what did we talk about on Tuesday?" in history.read_text(encoding="utf-8")
    assert stat.S_IMODE(history.stat().st_mode) == 0o600


def test_chat_ctrl_d_and_history_recall_across_sessions(chat_db: Path, tmp_path: Path) -> None:
    home = tmp_path / "chat-home"
    first = Screen(chat_db, home)
    assert "now is 2024-03-10 11:12:00" in first.send("/now 2024-03-10T11:12")
    first.child.sendeof()  # Ctrl-D leaves like /quit
    assert first.close() == 0

    # A new session recalls the previous session's last line with Ctrl-P (readline).
    second = Screen(chat_db, home)
    second.child.sendcontrol("p")
    second.child.sendline("")
    assert "now is 2024-03-10 11:12:00" in second.wait()
    second.child.sendline("/quit")
    assert second.close() == 0


# -- Repl.handle in process ----------------------------------------------------------------


@pytest.fixture
def repl(chat_db: Path, tmp_path: Path) -> Iterator[tuple[Repl, list[str]]]:
    settings = Settings.load({"db": chat_db, "home": tmp_path / "home"})
    pipeline = build_pipeline(settings)
    shown: list[str] = []
    yield Repl(pipeline, ChatState(datetime(2024, 3, 14, 12)), shown.append), shown
    pipeline.store.close()


@pytest.mark.parametrize(
    ("line", "expected", "keep_going"),
    [
        ("/bogus", "unknown command /bogus; /help lists them", True),
        ("/Explain", "unknown command /Explain; /help lists them", True),
        ("/now yesterday", "usage: /now 2023-10-22 or /now 2023-10-22T18:00 or /now latest", True),
        ("/now 2024-13-01", "usage: /now 2023-10-22 or /now 2023-10-22T18:00 or /now latest", True),
        ("/now", "usage: /now 2023-10-22 or /now 2023-10-22T18:00 or /now latest", True),
        ("/now 2024-03-10", "now is 2024-03-10 00:00:00", True),
        ("/now 2024-03-10T11:12", "now is 2024-03-10 11:12:00", True),
        ("/now latest", "now is 2024-03-12 18:45:00", True),
        ("/expand", "usage: /expand ID   (an id from the answer, e.g. /expand m12)", True),
        ("/expand mx", "usage: /expand ID   (an id from the answer, e.g. /expand m12)", True),
        ("/expand m999", "no message m999", True),
        ("/timeline", "usage: /timeline TOPIC   (e.g. /timeline dentist)", True),
        ("/timeline zeppelin", "no message is on 'zeppelin'", True),
        ("/sources", "no sources yet", True),
        ("/explain", "nothing asked yet", True),
        ("/conversation Nobody", "no conversation 'Nobody'. Choose from: Aki, Book club", True),
        ("/conversation Book club", "searching only Book club", True),
        ("/conversation", "searching all conversations", True),
        ("/conversation all", "searching all conversations", True),
        ("/quit", None, False),
        ("/exit", None, False),
        ("   ", None, True),
    ],
)
def test_handle_commands(
    repl: tuple[Repl, list[str]], line: str, expected: str | None, keep_going: bool
) -> None:
    r, shown = repl
    assert r.handle(line) is keep_going
    assert shown == ([expected] if expected else [])


def test_timeline_lists_a_topics_messages_oldest_first(repl: tuple[Repl, list[str]]) -> None:
    r, shown = repl
    assert r.handle("/timeline dentist") is True
    assert len(shown) >= 2 and all("dentist" in line.lower() for line in shown)
    stamps = [
        datetime.strptime(line.split("] [", 1)[1][:21], "%a %d %b %Y %H:%M") for line in shown
    ]
    assert stamps == sorted(stamps)


def test_bad_now_keeps_the_previous_now(repl: tuple[Repl, list[str]]) -> None:
    r, _ = repl
    r.handle("/now 2024-03-10")
    r.handle("/now next tuesday")
    assert r.state.now == datetime(2024, 3, 10)


def test_unknown_command_is_not_asked_as_a_question(repl: tuple[Repl, list[str]]) -> None:
    r, _ = repl
    r.handle("/what did we talk about on Tuesday?")
    assert r.state.last is None and r.state.history == []


def test_each_question_adds_a_user_and_an_assistant_turn(repl: tuple[Repl, list[str]]) -> None:
    r, shown = repl
    r.handle("what did we talk about on Tuesday?")
    assert [t.speaker for t in r.state.history] == ["user", "assistant"]
    assert r.state.history[1].text == shown[0].splitlines()[0]
    assert r.state.last is not None and r.state.last.route == "time"
