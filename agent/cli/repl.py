"""`memlane chat`: a REPL over the pipeline. Each command parses a line and calls one function."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from agent.answer.record import stamp
from agent.cli.render import render_answer, render_explain
from agent.dialogue import remember
from agent.pipeline import AskResult, Pipeline
from agent.rewrite.offline import Turn
from agent.topics import topic_timeline

HELP = """Ask anything about your history. Follow-up questions use the conversation so far.
  /explain            the last plan, SQL, rewrites and scores
  /sources            the messages the last answer used
  /expand ID          a cited message with the messages around it (e.g. /expand m12)
  /timeline TOPIC     every message on a topic, oldest first (e.g. /timeline dentist)
  /now DATE|latest    set "now" for relative dates (e.g. /now 2023-10-22)
  /conversation NAME  search one conversation (/conversation all to clear)
  /new                start a new dialogue (follow-ups forget the earlier questions)
  /help               this help
  /quit               leave (Ctrl-D works too)"""


@dataclass
class ChatState:
    now: datetime | str
    conversation: str | None = None
    history: list[Turn] = field(default_factory=list)
    last: AskResult | None = None


class Repl:
    def __init__(self, pipeline: Pipeline, state: ChatState, out: Callable[[str], None]) -> None:
        self.pipeline, self.state, self.out = pipeline, state, out
        self.commands: dict[str, Callable[[str], bool]] = {
            "/explain": self.explain,
            "/sources": self.sources,
            "/expand": self.expand,
            "/timeline": self.timeline,
            "/now": self.set_now,
            "/conversation": self.set_conversation,
            "/new": self.new,
            "/help": self.help,
            "/quit": self.quit,
            "/exit": self.quit,
        }

    def handle(self, line: str) -> bool:
        """Process one input line; False means leave."""
        line = line.strip()
        if not line:
            return True
        if line.startswith("/"):
            name, _, arg = line.partition(" ")
            command = self.commands.get(name)
            if command is None:
                self.out(f"unknown command {name}; /help lists them")
                return True
            return command(arg.strip())
        return self.ask(line)

    def ask(self, question: str) -> bool:
        st = self.state
        result = self.pipeline.ask(
            question, now=st.now, history=st.history, conversation=st.conversation
        )
        st.last = result
        text = render_answer(result)
        self.out(text)
        remember(self.pipeline, st.history, question, result)
        return True

    def new(self, _: str) -> bool:
        self.state.history.clear()
        self.state.last = None
        self.out("a new dialogue: earlier questions are forgotten")
        return True

    def explain(self, _: str) -> bool:
        self.out(render_explain(self.state.last) if self.state.last else "nothing asked yet")
        return True

    def sources(self, _: str) -> bool:
        last = self.state.last
        if not last or not last.answer or not last.answer.citations:
            self.out("no sources yet")
            return True
        for m in last.answer.sources:
            self.out(
                f"[m{m.id}] {stamp(m)} {m.text}  ({m.conversation}, session {m.session_ordinal})"
            )
        return True

    def expand(self, arg: str) -> bool:
        try:
            mid = int(arg.lstrip("m"))
        except ValueError:
            self.out("usage: /expand ID   (an id from the answer, e.g. /expand m12)")
            return True
        store = self.pipeline.store
        ids = store.session_neighbours(mid, 7)
        if not ids:
            self.out(f"no message m{mid}")
            return True
        for m in sorted(store.messages(ids), key=lambda m: (m.ts, m.id)):
            mark = ">" if m.id == mid else " "
            self.out(f"{mark} [m{m.id}] {stamp(m)} {m.text}")
        return True

    def timeline(self, arg: str) -> bool:
        if not arg:
            self.out("usage: /timeline TOPIC   (e.g. /timeline dentist)")
            return True
        found = topic_timeline(self.pipeline, arg, conversation=self.state.conversation)
        if not found:
            self.out(f"no message is on {arg!r}")
        for m in found:
            self.out(f"[m{m.id}] {stamp(m)} {m.text}  ({m.conversation})")
        return True

    def set_now(self, arg: str) -> bool:
        try:
            self.state.now = arg if arg == "latest" else datetime.fromisoformat(arg)
        except ValueError:
            self.out("usage: /now 2023-10-22 or /now 2023-10-22T18:00 or /now latest")
            return True
        self.out(f"now is {self.pipeline.resolve_now(self.state.now, self.state.conversation)}")
        return True

    def set_conversation(self, arg: str) -> bool:
        names = self.pipeline.store.conversations()
        if arg in ("", "all"):
            self.state.conversation = None
            self.out("searching all conversations")
        elif arg in names:
            self.state.conversation = arg
            self.out(f"searching only {arg}")
        else:
            self.out(f"no conversation {arg!r}. Choose from: {', '.join(names)}")
        return True

    def help(self, _: str) -> bool:
        self.out(HELP)
        return True

    def quit(self, _: str) -> bool:
        return False


def read_lines(history_file: Path | None, prompt: str = "memlane> ") -> Callable[[], str]:
    """input() with line editing and a history file when readline is available."""
    try:
        import readline
    except ImportError:  # e.g. Windows without pyreadline
        return lambda: input(prompt)
    if history_file is not None:
        history_file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        with contextlib.suppress(OSError):
            readline.read_history_file(history_file)
        readline.set_history_length(1000)

    def read() -> str:
        line = input(prompt)
        if history_file is not None:
            with contextlib.suppress(OSError):
                readline.write_history_file(history_file)
                history_file.chmod(0o600)
        return line

    return read
