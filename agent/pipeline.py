"""One question through the whole flow: rewrite → route/plan → filter → retrieve → answer.

Each stage has an offline implementation and, when a chat model is configured, an LLM one; the
LLM stages fall back to the offline ones (with a note) whenever the model fails or answers in
the wrong shape. "Now" is always passed in: the CLI decides it, never this module.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from memory_store.errors import LLMError, PlanError
from memory_store.fusion import fill_missing, top
from memory_store.models import StoredMessage
from memory_store.search import RetrievalConfig, Searcher, SearchResult
from memory_store.settings import Settings
from memory_store.store import Store
from memory_store.table_ops import After, Before, TablePlan, compile_plan

from .answer import Answer, answer_content, summarize_time
from .plan import PlanResult, plan_question
from .rewrite import Rewrite, Turn, rewrite_offline


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
    answer: Answer | None = None
    mode: str = "offline"
    notes: list[str] = field(default_factory=list)
    _filtered: list[StoredMessage] | None = field(default=None, repr=False, compare=False)
    _fetch: Callable[[np.ndarray], list[StoredMessage]] | None = field(
        default=None, repr=False, compare=False
    )

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
            data["citations"] = [m.to_json() for m in self.answer.citations]
            data["abstained"] = self.answer.abstained
        return data


class Pipeline:
    """Composes the stages over one store. Cheap to call repeatedly (indexes stay open)."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        searcher: Searcher,
        llm: Any | None = None,
        me: str | None = None,
    ) -> None:
        self.store, self.settings, self.searcher, self.llm, self.me = (
            store,
            settings,
            searcher,
            llm,
            me,
        )
        self._background: Counter[str] | None = None
        self._speakers: dict[tuple[int, str | None], list[str]] = {}
        # Per store version: the newest message time per scope, and the conversation names.
        self._latest: tuple[int, dict[str, datetime]] | None = None
        self._conversations: tuple[int, list[str]] | None = None
        self._version: int | None = None  # the store version read once per question

    def _data_version(self) -> int:
        return self.store.data_version if self._version is None else self._version

    def speakers(self, conversation: str | None) -> list[str]:
        """Speaker names in scope, cached per store version (asked for on every question)."""
        key = (self._data_version(), conversation)
        if key not in self._speakers:
            self._speakers[key] = self.store.speakers(conversation)
        return self._speakers[key]

    def latest_ts(self, conversation: str | None) -> datetime | None:
        """The newest message time in scope. Every conversation's is read in one scan per
        store version: questions about many different chats (3.6M messages) would otherwise
        scan the table once each."""
        version = self._data_version()
        if self._latest is None or self._latest[0] != version:
            self._latest = (version, self.store.latest_by_conversation())
        latest = self._latest[1]
        if conversation is None:
            return max(latest.values(), default=None)
        return latest.get(conversation)

    def conversations(self) -> list[str]:
        version = self._data_version()
        if self._conversations is None or self._conversations[0] != version:
            self._conversations = (version, self.store.conversations())
        return self._conversations[1]

    def resolve_now(self, now: datetime | str, conversation: str | None) -> datetime:
        """`latest` means the newest message of the conversation in scope."""
        if isinstance(now, datetime):
            return now
        if now == "latest":
            latest = self.latest_ts(conversation)
            if latest is None:
                raise PlanError(
                    "the store is empty, so `--now latest` has no meaning; import something first"
                )
            return latest
        return datetime.fromisoformat(now)

    def ask(
        self,
        question: str,
        *,
        now: datetime | str,
        history: Sequence[Turn] = (),
        conversation: str | None = None,
        k: int = 5,
        answer: bool = True,
    ) -> AskResult:
        if self._version is not None:  # re-entered (an answer stage asking again)
            return self._ask(question, now, history, conversation, k, answer)
        # The store does not change during one question: read its version once, for every
        # cache keyed by it (here and in the searcher).
        self._version = self.store.data_version
        try:
            with self.searcher.consistent(self._version):
                return self._ask(question, now, history, conversation, k, answer)
        finally:
            self._version = None

    def _ask(
        self,
        question: str,
        now: datetime | str,
        history: Sequence[Turn],
        conversation: str | None,
        k: int,
        answer: bool,
    ) -> AskResult:
        notes: list[str] = []
        self.searcher.notes = []
        now_dt = self.resolve_now(now, conversation)
        rw = self._rewrite(question, history, now_dt, self.speakers(conversation), notes)
        if conversation is None:
            conversation = self.named_conversation(rw.question, notes)
            now_dt = self.resolve_now(now, conversation)
        speakers = self.speakers(conversation)
        planned = self._plan(rw.question, now_dt, speakers, conversation, notes)
        result = AskResult(question, now_dt, conversation, rw, planned, mode=self.mode, notes=notes)
        self._filter(result)
        if planned.route != "time":
            self._retrieve(result, k)
        if answer:
            result.answer = self._answer(result)
        return result

    def named_conversation(self, question: str, notes: list[str]) -> str | None:
        """ "what did Aki and I talk about" / "my chat with Aki": scope to the chat named Aki."""
        names = [c for c in self.conversations() if c]
        if len(names) < 2:
            return None
        for name in sorted(names, key=len, reverse=True):
            n = re.escape(name)
            pattern = (
                rf"\b(?:{n}\s+and\s+(?:I|me)|(?:I|me)\s+and\s+{n}|with\s+{n}|"
                rf"(?:chat|conversation|group)\s+(?:with\s+)?{n}|{n}\s+(?:chat|group))\b"
            )
            if re.search(pattern, question, re.IGNORECASE):
                notes.append(f"scoped to the conversation {name!r}, named in the question")
                return name
        return None

    def _rewrite(
        self,
        question: str,
        history: Sequence[Turn],
        now: datetime,
        speakers: list[str],
        notes: list[str],
    ) -> Rewrite:
        offline = rewrite_offline(question, history, now=now, speakers=speakers, me=self.me)
        if self.llm is None or not history:
            return offline
        from .rewrite_llm import rewrite_with_llm

        try:
            return rewrite_with_llm(self.llm, question, history, fallback=offline)
        except LLMError as exc:
            notes.append(f"LLM rewrite failed, used the offline rewriter: {exc}")
            return offline

    def _plan(
        self,
        question: str,
        now: datetime,
        speakers: list[str],
        conversation: str | None,
        notes: list[str],
    ) -> PlanResult:
        offline = plan_question(
            question,
            now=now,
            speakers=speakers,
            latest_ts_fn=self._latest_probe(conversation),
            me=self.me,
        )
        if self.llm is None:
            return offline
        from .plan_llm import plan_with_llm

        try:
            return plan_with_llm(self.llm, question, now=now, speakers=speakers, fallback=offline)
        except (LLMError, PlanError) as exc:
            notes.append(f"LLM plan rejected, used the offline planner: {exc}")
            return offline

    @property
    def mode(self) -> str:
        return "llm" if self.llm is not None else "offline"

    def _latest_probe(self, conversation: str | None) -> Any:
        lookups = self.searcher.lookups()

        def probe(start: Any, end: Any) -> datetime | None:
            return lookups.latest_between(conversation, start, end)

        return probe

    def _filter(self, result: AskResult) -> None:
        plan: TablePlan = result.planned.plan
        if not plan.ops:
            return
        events = self._resolve_events(plan, result)
        compiled = compile_plan(
            plan, now=result.now, conversation=result.conversation, event_times=events
        )
        result.sql, result.params = compiled.sql, compiled.params
        table = self.store.con.execute(compiled.sql, compiled.params).fetch_arrow_table()
        ids = table.column(0).to_numpy().astype(np.int64)
        result.filtered_ids = ids
        result._filtered = None
        result._fetch = self.searcher.lookups().messages
        if not len(ids):
            result.notes.append("the time filter matched no messages; not widening it")

    def _resolve_events(self, plan: TablePlan, result: AskResult) -> dict[str, datetime]:
        """before/after an event: the event is when its best-matching message was written."""
        events: dict[str, datetime] = {}
        for op in plan.ops:
            if isinstance(op, Before | After) and op.event not in events:
                hits = self.searcher.search(op.event, 1, conversation=result.conversation)
                if hits.ranked:
                    events[op.event] = hits.ranked[0][0].ts
                    result.notes.append(f"event {op.event!r} → {events[op.event]:%Y-%m-%d %H:%M}")
        return events

    def _retrieve(self, result: AskResult, k: int) -> None:
        query = result.planned.content_query.strip() or result.rewrite.question
        candidates = result.filtered_ids if result.sql else None
        if candidates is not None and not len(candidates):
            result.search = SearchResult(query, [], [])
            return
        # The original wording still carries the time phrase; the planner's content query does not.
        variants = list(dict.fromkeys([query, *result.rewrite.variants[1:]]))
        named = self.searcher.named_speakers(query, result.conversation)
        if candidates is not None:
            speakers = self.speakers(result.conversation)
            variants = list(dict.fromkeys(focus_query(v, speakers) for v in variants))
        # Inside a time filter the turns share their date and neighbours, so ranking leans on
        # other evidence: it has its own settings (`eval tune --within-sessions`). A speaker
        # filter alone leaves half a conversation, which the conversation-wide settings fit.
        timed = any(op.op != "where_speaker" for op in result.planned.plan.ops)
        cfg = (
            RetrievalConfig.from_settings(self.settings, filtered=True)
            if candidates is not None and timed
            else None
        )
        runs = [
            self.searcher.score_messages(
                v,
                conversation=result.conversation,
                candidate_ids=candidates,
                prefer_speakers=named,
                config=cfg,
            )
            for v in variants
        ]
        fused = runs[0] if len(runs) == 1 else fill_missing(runs)
        result.search = self.searcher.result_from_scores(query, dict(top(fused, 200)), k)

    def answer(self, result: AskResult) -> Answer:
        """The answer stage alone, for a result asked with `answer=False` (evaluation times it)."""
        return self._answer(result)

    def _answer(self, result: AskResult) -> Answer:
        if result.route == "time":
            return summarize_time(result.filtered, me=self.me, background=self.background())
        ranked = result.search.ranked_messages if result.search else []
        hits = result.search.results if result.search else []
        chunk_msgs = [m for h in hits for m in h.messages]
        context = list(dict.fromkeys([*ranked[:5], *chunk_msgs]))
        if self.llm is not None:
            try:
                return self.llm_answer(result.question, context, result)
            except LLMError as exc:
                result.notes.append(f"LLM answer failed, answered offline: {exc}")
        # Time words were used by the filter; evidence is about what is left to find.
        return answer_content(
            result.planned.content_query or result.rewrite.question,
            ranked,
            me=self.me,
            abstain_threshold=self.settings.abstain_threshold,
        )

    def llm_answer(self, question: str, context: list[StoredMessage], result: AskResult) -> Answer:
        from .answer_llm import answer_with_llm

        assert self.llm is not None
        return answer_with_llm(self.llm, question, context, now=result.now)

    def background(self) -> Counter[str]:
        """Word frequencies over the store, so topic words favour what is distinctive."""
        if self._background is None:
            from .answer import _WORD

            counts: Counter[str] = Counter()
            rows = self.store.con.execute(
                "SELECT text FROM messages USING SAMPLE 5000 ROWS"
            ).fetchall()
            for (text,) in rows:
                counts.update({w.lower() for w in _WORD.findall(text)})
            counts[""] = len(rows)
            self._background = counts
        return self._background


_REPORTING = re.compile(
    r"\b(?:as\s+)?(?:mention(?:ed|s)?|said|say|says|talk(?:ed)?\s+about|discuss(?:ed)?|"
    r"share[ds]?|told|according\s+to\s+the\s+conversation)\b",
    re.IGNORECASE,
)


def focus_query(query: str, speakers: Sequence[str]) -> str:
    """Inside a time filter, who spoke and the reporting verbs are noise: every candidate is
    from the same few people, so "Megan" or "mentioned" would rank chit-chat addressed to her.
    """
    text = _REPORTING.sub(" ", query)
    for name in speakers:
        for part in name.split():
            text = re.sub(rf"\b{re.escape(part)}(?:'s)?\b", " ", text, flags=re.IGNORECASE)
    text = " ".join(text.split())
    return text if re.search(r"\w{3,}", text) else query
