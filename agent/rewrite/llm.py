"""The LLM rewriter: the last request of a dialogue → one self-contained question + variants.

The dialogue is untrusted text (earlier answers quote other people's messages), so every turn
is escaped before it goes into the prompt's <dialogue> block. The original question always
stays among the variants, so multi-query fusion never loses what the user actually typed.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from agent.errors import LLMOutputError
from agent.llm import LLM
from agent.rewrite.offline import HISTORY_TURNS, Rewrite, Turn
from prompts.loader import escape_untrusted, load_prompt

__all__ = ["MAX_VARIANTS", "RewriteReply", "rewrite_with_llm"]

MAX_VARIANTS = 4
# A rewrite many times longer than any question is not a rewrite (or a hijacked model).
MAX_CHARS = 500


class RewriteReply(BaseModel):
    """What the rewrite prompt asks the model for."""

    question: str = Field(description="the request, rewritten to stand on its own")
    rewrites: list[str] = Field(default_factory=list, description="up to 3 search phrasings")


def rewrite_with_llm(
    llm: LLM, question: str, history: Sequence[Turn], *, fallback: Rewrite
) -> Rewrite:
    """Rewrite `question` in the light of `history`; LLMOutputError when the reply is unusable.

    Variants: the original question, the rewrite, then the model's other phrasings (deduplicated
    ignoring case and spacing, at most MAX_VARIANTS). The offline rewrite's notes are not
    carried over; its question joins the variants only when there is room.
    """
    rendered = load_prompt("rewrite").render(
        dialogue=format_dialogue(history), request=escape_untrusted(question)
    )
    reply = llm.structured(rendered.system, rendered.user, RewriteReply)
    rewritten = _clean(reply.question)
    if not rewritten:
        raise LLMOutputError("the model's rewrite was empty or unusable")
    variants = _dedupe([question, rewritten, *map(_clean, reply.rewrites), fallback.question])
    note = (
        "LLM rewrite: the question was already self-contained"
        if _key(rewritten) == _key(question)
        else f"LLM rewrite: {rewritten!r}"
    )
    return Rewrite(question, rewritten, variants[:MAX_VARIANTS], [note])


def format_dialogue(history: Sequence[Turn]) -> str:
    """The last HISTORY_TURNS turns as `speaker: text` lines, every field escaped."""
    lines = []
    for turn in list(history)[-HISTORY_TURNS:]:
        # One line per turn: a quoted "user: ..." line inside an answer cannot pose as a turn.
        text = " ".join(turn.text.split())
        lines.append(f"{escape_untrusted(turn.speaker)}: {escape_untrusted(text)}")
    return "\n".join(lines)


def _clean(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_CHARS else ""


def _key(text: str) -> str:
    return " ".join(text.lower().split()).rstrip("?.! ")


def _dedupe(texts: list[str]) -> list[str]:
    seen: dict[str, str] = {}
    for text in texts:
        if text.strip() and _key(text) not in seen:
            seen[_key(text)] = text
    return list(seen.values())
