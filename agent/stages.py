"""The one rule every stage follows: offline first, then the LLM, falling back with a note.

The offline result is always available; when a chat model is configured the stage asks it,
and when the model fails (or answers in the wrong shape) the stage keeps the offline result
and says so in the question's notes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["with_fallback"]

T = TypeVar("T")


def with_fallback(
    llm_call: Callable[[], T] | None,
    offline: Callable[[], T],
    errors: tuple[type[Exception], ...],
    note: str,
    notes: list[str],
) -> T:
    """`llm_call()` if there is one and it succeeds; otherwise `offline()`, noting
    `"{note}: {error}"` when the LLM failed with one of `errors`."""
    if llm_call is None:
        return offline()
    try:
        return llm_call()
    except errors as exc:
        notes.append(f"{note}: {exc}")
        return offline()
