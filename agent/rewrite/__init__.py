"""The rewrite stage: the dialogue so far → a self-contained question (and its variants).

`rewrite` is what the pipeline calls: the offline rewriter (offline.py) always runs; with a chat
model and a dialogue, the LLM rewriter (llm.py) is asked, falling back to the offline one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from datetime import datetime
from typing import Any

from agent.errors import LLMError
from agent.rewrite.offline import Rewrite, Turn, rewrite_offline
from agent.stages import with_fallback

__all__ = ["Rewrite", "Turn", "rewrite", "rewrite_offline"]


def rewrite(
    question: str,
    history: Sequence[Turn],
    *,
    now: datetime,
    speakers: list[str],
    me: str | None,
    llm: Any | None,
    notes: list[str],
    doc_freq: Callable[[str], int] | None = None,
    people: Collection[str] = (),
) -> Rewrite:
    """`doc_freq`: the history's document frequency of a term, for fixing typos; `people`:
    the names the history knows (lower case)."""
    offline = rewrite_offline(
        question, history, now=now, speakers=speakers, me=me, doc_freq=doc_freq, people=people
    )
    if llm is None or not history:
        return offline

    def ask_llm() -> Rewrite:
        from agent.rewrite.llm import rewrite_with_llm

        return rewrite_with_llm(llm, question, history, fallback=offline)

    return with_fallback(
        ask_llm,
        lambda: offline,
        (LLMError,),
        "LLM rewrite failed, used the offline rewriter",
        notes,
    )
