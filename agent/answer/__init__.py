"""The answer stage: typed short answers, summaries of a time span, abstention; the LLM answerer.

`answer` is what the pipeline calls. Time questions are summarised offline (offline.py); content
questions go to the LLM answerer (llm.py) when one is configured, falling back to the offline
answerer, which quotes the best evidence or abstains.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial

from agent.answer.offline import Answer, answer_content, render, summarize_time
from agent.errors import LLMError
from agent.result import AskResult
from agent.stages import with_fallback
from memory_store.models import StoredMessage

__all__ = ["Answer", "LLMAnswerFn", "answer", "render"]

LLMAnswerFn = Callable[[str, list[StoredMessage], AskResult], Answer]


def answer(
    result: AskResult,
    *,
    llm_answer: LLMAnswerFn | None,
    me: str | None,
    background: Callable[[], Counter[str]],
    abstain_threshold: float,
) -> Answer:
    if result.route == "time":
        return summarize_time(result.filtered, me=me, background=background())
    ranked = result.search.ranked_messages if result.search else []
    hits = result.search.results if result.search else []
    chunk_msgs = [m for h in hits for m in h.messages]
    context = list(dict.fromkeys([*ranked[:5], *chunk_msgs]))
    ask_llm = None if llm_answer is None else partial(llm_answer, result.question, context, result)
    # Time words were used by the filter; evidence is about what is left to find.
    return with_fallback(
        ask_llm,
        lambda: answer_content(
            result.planned.content_query or result.rewrite.question,
            ranked,
            me=me,
            abstain_threshold=abstain_threshold,
        ),
        (LLMError,),
        "LLM answer failed, answered offline",
        result.notes,
    )
