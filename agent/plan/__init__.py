"""The plan stage: a question → its route and a TablePlan (chain-of-table operations).

`plan` is what the pipeline calls: the offline planner (planner.py, with the rules of rules.py,
people.py, timeexpr.py and timeexpr_ja.py) always runs; with a chat model the LLM planner
(llm.py) is asked, and its plan is rejected in favour of the offline one if it fails.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from agent.errors import LLMError
from agent.plan.planner import PlanResult, plan_question
from agent.plan.rules import LatestTsFn
from agent.stages import with_fallback
from memory_store.errors import PlanError

__all__ = ["LatestTsFn", "PlanResult", "plan", "plan_question"]


def plan(
    question: str,
    *,
    now: datetime,
    speakers: list[str],
    latest_ts_fn: Any,
    me: str | None,
    llm: Any | None,
    notes: list[str],
) -> PlanResult:
    offline = plan_question(question, now=now, speakers=speakers, latest_ts_fn=latest_ts_fn, me=me)
    if llm is None:
        return offline

    def ask_llm() -> PlanResult:
        from agent.plan.llm import plan_with_llm

        return plan_with_llm(llm, question, now=now, speakers=speakers, fallback=offline)

    return with_fallback(
        ask_llm,
        lambda: offline,
        (LLMError, PlanError),
        "LLM plan rejected, used the offline planner",
        notes,
    )
