"""LLM-as-judge for LoCoMo answers (mem0 style): CORRECT or WRONG against the gold answer.

The prompt is ``prompts/judge.md``. The generated answer is untrusted text (it quotes chat
messages), so it is escaped before it goes into the prompt, and the reply is validated by
pydantic: anything but the two labels is an ``LLMOutputError``. A judge that fails on one answer
labels it ``ERROR``; such answers are left out of the judge accuracy and counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol, TypeVar

from pydantic import BaseModel

from agent.errors import LLMError
from prompts.loader import escape_untrusted, load_prompt

__all__ = ["JUDGE_ERROR", "JudgeVerdict", "judge_accuracy", "judge_answer"]

JUDGE_ERROR = "ERROR"
M = TypeVar("M", bound=BaseModel)


class _Structured(Protocol):
    def structured(self, system: str, user: str, schema: type[M]) -> M: ...


class JudgeVerdict(BaseModel):
    """The judge's reply."""

    label: Literal["CORRECT", "WRONG"]
    reason: str = ""  # one sentence


def judge_answer(llm: _Structured, question: str, gold: str, generated: str) -> str:
    """CORRECT / WRONG from the model, or ``JUDGE_ERROR`` when it fails or answers off-form."""
    rendered = load_prompt("judge").render(
        question=escape_untrusted(question),
        gold_answer=escape_untrusted(gold),
        generated_answer=escape_untrusted(generated),
    )
    try:
        return llm.structured(rendered.system, rendered.user, JudgeVerdict).label
    except LLMError:  # LLMOutputError included: a malformed verdict is not a verdict
        return JUDGE_ERROR


def judge_accuracy(labels: Sequence[str]) -> dict[str, Any]:
    """Share labelled CORRECT among the labels that are not ``JUDGE_ERROR``; errors counted."""
    graded = [label for label in labels if label != JUDGE_ERROR]
    correct = sum(label == "CORRECT" for label in graded)
    return {
        "accuracy": correct / len(graded) if graded else 0.0,
        "n": len(graded),
        "errors": len(labels) - len(graded),
    }
