"""Everything that decides: the question flow rewrite → plan → filter → retrieve → answer.

rewrite/    the dialogue so far → self-contained question(s)   (offline.py, llm.py)
plan/       time grammar, people, routing → TablePlan   (planner, rules, people, timeexpr,
            timeexpr_ja, llm)
filter.py   TablePlan → candidate message ids, through a Store method
retrieve.py hybrid ranking inside the candidates
answer/     the reader by kind of question, summaries, counts, the LLM answerer (reader.py, llm.py)
stages.py   the offline-first, LLM-then-fallback rule
pipeline.py composes the stages; result.py the AskResult record; caches.py version caches
llm/        the only package that imports langchain: the chat model, what a server takes
            for structured output, MemlaneRetriever (errors.py: its errors)
cited.py    results as records citing their messages (what `memlane mcp` returns)
cli/        every click command, the REPL and the renderers (the only place importing all)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# name -> the module that defines it. Imported on first use, so that `import memory_store.x`
# (or agent.x) costs no more than before; TYPE_CHECKING gives type checkers the real names.
_EXPORTS = {
    "Pipeline": "agent.pipeline",
    "AskResult": "agent.result",
    "build_pipeline": "agent.app",
    "mode_line": "agent.app",
    "Answer": "agent.answer.record",
    "Turn": "agent.rewrite.offline",
    "Rewrite": "agent.rewrite.offline",
    "PlanResult": "agent.plan.planner",
    "plan_question": "agent.plan.planner",
    "LLMError": "agent.errors",
    "LLMOutputError": "agent.errors",
    "MemlaneRetriever": "agent.llm.retriever",
}

__all__ = [
    "Answer",
    "AskResult",
    "LLMError",
    "LLMOutputError",
    "MemlaneRetriever",
    "Pipeline",
    "PlanResult",
    "Rewrite",
    "Turn",
    "build_pipeline",
    "mode_line",
    "plan_question",
]

if TYPE_CHECKING:
    from agent.answer.record import Answer
    from agent.app import build_pipeline, mode_line
    from agent.errors import LLMError, LLMOutputError
    from agent.llm.retriever import MemlaneRetriever
    from agent.pipeline import Pipeline
    from agent.plan.planner import PlanResult, plan_question
    from agent.result import AskResult
    from agent.rewrite.offline import Rewrite, Turn


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
