"""The dialogue so far, as the REPL keeps it and `memlane ask --turn` rebuilds it.

Each exchange adds the user's question and the assistant's turn (`answer_turn`: the answer's
text and the people it is about, never its quoted dates), so that a follow-up is rewritten the
same way whether it was typed in the REPL or scripted.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from agent.pipeline import Pipeline
from agent.result import AskResult
from agent.rewrite.offline import ASSISTANT, Turn

__all__ = ["answer_turn", "ask_after", "remember"]


def answer_turn(result: AskResult, me: str | None) -> Turn:
    """The assistant's turn: its text, the people it is about (the person a who-answer names,
    then the speakers it cites, not the user), whom a follow-up's pronoun may point at, and
    the thing a what-answer named, which its "it" may. Never other words of the answer's text."""
    answer = result.answer
    if answer is None:
        return Turn(ASSISTANT, "")
    # A who-answer's span is a person when it is a name, not the quote a reader fell back on
    # ("u already owe me forever lol…" is no one "they" can be).
    named_person = answer.kind == "who" and _is_name(answer.span or "") and answer.span != me
    people = [answer.span or ""] if named_person else []
    people += [m.speaker for m in answer.citations if m.speaker != me]
    # A short thing the answer named, as its citation says it: never a quote or a sentence.
    # "the pounamu earrings", as the gift reader says it: the thing without its article
    span = re.sub(r"^(?:the|a|an)\s+", "", answer.span or "", flags=re.IGNORECASE)
    named = answer.kind == "what" and 0 < len(span.split()) <= _THING_WORDS
    cited = named and any(span.lower() in m.text.lower() for m in answer.citations)
    thing = span if cited else ""
    answered = people[0] if named_person else ""
    return Turn(ASSISTANT, answer.text, tuple(dict.fromkeys(people)), thing, answered)


# How many words a thing an answer names may have to be what a follow-up's "it" is.
_THING_WORDS = 4
# A name: a few words, none of them a sentence's punctuation or a quote mark.
_NAME_WORDS = 4
_NOT_A_NAME = re.compile(r"[“”\"!?.,;:]")


def _is_name(span: str) -> bool:
    bare = _TITLE_DOT.sub(r"\1", span.strip())  # "Dr. Patel" is a name, its dot a title's
    return 0 < len(bare.split()) <= _NAME_WORDS and not _NOT_A_NAME.search(bare)


_TITLE_DOT = re.compile(r"\b(Dr|Mr|Mrs|Ms|Mx|Prof|Rev|Fr|St)\.", re.IGNORECASE)


def remember(pipeline: Pipeline, history: list[Turn], question: str, result: AskResult) -> None:
    """Add one exchange to `history`."""
    history += [Turn("user", question), answer_turn(result, pipeline.me)]


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
