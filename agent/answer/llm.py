"""The LLM answerer: retrieved messages in, a cited answer out, every citation checked.

Message text is untrusted (anyone who ever wrote to the user controls some of it): each message
goes into the prompt through `format_message`, which escapes it inside a
`<message id=... date=... time=... speaker=...>` element, and the prompt says that text is
data. The model has no tools; the reply is checked in code: citations of messages that were not
retrieved are dropped (with a note), and an answer left with no valid citation is refused
(LLMOutputError), so the pipeline answers offline instead of passing on uncited claims.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel, Field

from agent.answer.record import NO_ANSWER, Answer, LLMAnswer, check_citations
from agent.errors import LLMOutputError
from agent.llm import LLM
from memory_store.models import StoredMessage
from prompts.loader import escape_untrusted, format_message, load_prompt

__all__ = ["AnswerReply", "answer_with_llm", "format_context"]

_ID = re.compile(r"^\s*\[?m?(\d+)\]?\s*$", re.IGNORECASE)


class AnswerReply(BaseModel):
    """The reply's shape: `LLMAnswer`, but ids may come as 12 or "m12" (models vary)."""

    answer: str = Field(description="the answer, citing message ids like [m12]")
    citations: list[int | str] = Field(
        default_factory=list, description='ids of the messages used, e.g. [12] or ["m12"]'
    )


def answer_with_llm(
    llm: LLM, question: str, context: list[StoredMessage], *, now: datetime
) -> Answer:
    """Answer `question` from `context` only; NO_ANSWER without a model call when it is empty.

    Raises LLMError when the model fails, and LLMOutputError when its reply is empty or cites
    none of the retrieved messages (an uncited answer is not trusted).
    """
    if not context:
        return Answer(NO_ANSWER, [], abstained=True, notes=["nothing was retrieved to answer from"])
    messages = sorted(dict.fromkeys(context), key=lambda m: (m.ts, m.id))
    rendered = load_prompt("answer").render(
        question=escape_untrusted(f"{question}\n(Asked on {now:%A %Y-%m-%d %H:%M}.)"),
        messages=format_context(messages),
    )
    reply = llm.structured(rendered.system, rendered.user, AnswerReply)
    text = " ".join(reply.answer.split())
    if not text:
        raise LLMOutputError("the model's answer was empty")
    ids, notes = _ids(reply.citations)
    answer = check_citations(LLMAnswer(answer=text, citations=ids), messages)
    answer.notes = notes + answer.notes
    if answer.abstained and not answer.citations:
        return Answer(NO_ANSWER, [], abstained=True, notes=answer.notes)
    if not answer.citations:
        raise LLMOutputError(
            "the model's answer cites none of the retrieved messages, so it is not used"
            + (f" ({'; '.join(answer.notes)})" if answer.notes else "")
        )
    return answer


def format_context(messages: Sequence[StoredMessage]) -> str:
    """One escaped `<message>` element per line, with the id the model must cite."""
    return "\n".join(
        format_message(
            id=f"m{m.id}",
            date=f"{m.ts:%Y-%m-%d}",
            time=f"{m.ts:%H:%M}",
            speaker=m.speaker,
            text=m.text,
        )
        for m in messages
    )


def _ids(raw: Sequence[int | str]) -> tuple[list[int], list[str]]:
    ids: list[int] = []
    notes: list[str] = []
    for value in raw:
        match = _ID.match(str(value))
        if match:
            ids.append(int(match.group(1)))
        else:
            notes.append(f"ignored citation {str(value)[:40]!r}: not a message id")
    return ids, notes
