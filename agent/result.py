"""`AskResult`: one question's trip through the stages, as the CLI, the REPL and eval read it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from agent.answer.record import Answer
from agent.plan.planner import PlanResult
from agent.rewrite.offline import Rewrite
from memory_store.models import StoredMessage
from memory_store.query.search import SearchResult
from memory_store.query.table_ops import TablePlan

__all__ = ["AskResult"]


@dataclass
class AskResult:
    question: str
    now: datetime
    conversation: str | None
    rewrite: Rewrite
    planned: PlanResult
    sql: str | None = None
    params: list[Any] = field(default_factory=list)
    # The time filter's matches, in time order. Their rows are read only when `filtered` is
    # first used: retrieval needs the ids alone, and a wide filter matches tens of thousands.
    filtered_ids: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    search: SearchResult | None = None
    # Counts and lists: each candidate's dense similarity to the question's topic (retrieve.py).
    similarity: dict[int, float] = field(default_factory=dict)
    # The ranked turns the question returns (agent.retrieve: the top k, cut inside a filter).
    returned_ids: list[int] = field(default_factory=list)
    answer: Answer | None = None
    mode: str = "offline"
    notes: list[str] = field(default_factory=list)
    _filtered: list[StoredMessage] | None = field(default=None, repr=False, compare=False)
    _fetch: Callable[[np.ndarray], list[StoredMessage]] | None = field(
        default=None, repr=False, compare=False
    )

    def set_filtered(
        self, ids: np.ndarray, fetch: Callable[[np.ndarray], list[StoredMessage]]
    ) -> None:
        """The time filter's matches, whose rows `fetch` reads when `filtered` is first used."""
        self.filtered_ids = ids
        self._filtered = None
        self._fetch = fetch

    @property
    def filtered(self) -> list[StoredMessage]:
        """The filtered messages (read from the store on first use)."""
        if self._filtered is None:
            ids = self.filtered_ids
            self._filtered = self._fetch(ids) if self._fetch is not None and len(ids) else []
        return self._filtered

    @property
    def route(self) -> str:
        return self.planned.route

    @property
    def retrieved(self) -> list[StoredMessage]:
        """What the answer is drawn from: the filter (time questions) or the ranking."""
        if self.route == "time":
            return self.filtered
        return self.search.ranked_messages if self.search else []

    @property
    def returned(self) -> list[StoredMessage]:
        """The turns memlane stands behind: the filter (time questions), else the top of the
        ranking that `returned_ids` keeps, in rank order."""
        if self.route == "time":
            return self.filtered
        keep = set(self.returned_ids)
        return [m for m in self.retrieved if m.id in keep]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = (
            self.search.to_json()
            if self.search
            else {"question": self.question, "results": [], "ranked_messages": []}
        )
        data["question"] = self.question
        if self.route == "time":
            data["ranked_messages"] = [m.to_json() for m in self.filtered]
        data |= {
            "route": self.route,
            "rewritten": self.rewrite.question,
            "rewrites": self.rewrite.variants,
            "plan": self.planned.plan.model_dump(mode="json")["ops"],
            "resolved": self.planned.resolved,
            "sql": self.sql,
            "params": [str(p) for p in self.params],
            "now": self.now.isoformat(),
            "conversation": self.conversation,
            "filtered_count": len(self.filtered_ids) if self.sql else None,
            "returned": [m.id for m in self.returned],
            "notes": list(
                dict.fromkeys(
                    self.notes
                    + (self.search.notes if self.search else [])
                    + (self.answer.notes if self.answer else [])
                )
            ),
            "mode": self.mode,
        }
        if self.answer is not None:
            data["answer"] = self.answer.text
            data["answer_type"] = self.answer.kind or None
            data["answer_span"] = self.answer.span
            data["answer_detail"] = self.answer.detail
            data["evidence"] = self.answer.evidence
            # The messages behind the stated answer, first; not every message retrieved.
            data["citations"] = [m.to_json() for m in self.answer.sources]
            data["abstained"] = self.answer.abstained
        return data


def asked_back(
    question: str,
    now: datetime,
    conversation: str | None,
    text: str,
    mode: str,
    rw: Rewrite | None = None,
) -> AskResult:
    """A result that answers nothing: the question cannot be asked as it stands, and `text`
    asks back or says what is missing."""
    rw = rw or Rewrite(question, question, [question])
    planned = PlanResult("content", TablePlan(ops=[]), [], question)
    result = AskResult(question, now, conversation, rw, planned, mode=mode)
    result.answer = Answer(text, [], abstained=True, kind="clarify")
    return result
