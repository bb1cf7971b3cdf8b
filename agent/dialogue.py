"""The dialogue so far, as the REPL keeps it and `memlane ask --turn` rebuilds it.

Each exchange adds the user's question and the assistant's turn (`Pipeline.answer_turn`: the
answer's text and the people it is about, never its quoted dates), so that a follow-up is
rewritten the same way whether it was typed in the REPL or scripted.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from agent.pipeline import Pipeline
from agent.result import AskResult
from agent.rewrite.offline import Turn

__all__ = ["ask_after", "remember"]


def remember(pipeline: Pipeline, history: list[Turn], question: str, result: AskResult) -> None:
    """Add one exchange to `history`."""
    history += [Turn("user", question), pipeline.answer_turn(result)]


def ask_after(
    pipeline: Pipeline,
    turns: Sequence[str],
    question: str,
    *,
    now: datetime | str,
    conversation: str | None = None,
    k: int = 5,
) -> AskResult:
    """Ask `question` after the user's earlier `turns` (oldest first), each asked in turn."""
    history: list[Turn] = []
    for text in turns:
        earlier = pipeline.ask(text, now=now, history=history, conversation=conversation, k=k)
        remember(pipeline, history, text, earlier)
    return pipeline.ask(question, now=now, history=history, conversation=conversation, k=k)
