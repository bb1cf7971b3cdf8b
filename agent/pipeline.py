"""One question through the whole flow: rewrite → route/plan → filter → retrieve → answer.

Each stage lives in its own module or package (agent/rewrite/, agent/plan/, agent/filter.py,
agent/retrieve.py, agent/answer/) behind one function; this class only composes them over a
store. The LLM stages fall back to the offline ones with a note (agent/stages.py). "Now" is
always passed in: the CLI decides it, never this module.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from agent import answer as answer_stage
from agent import plan as plan_stage
from agent import rewrite as rewrite_stage
from agent.answer import ReaderContext, TermWeights
from agent.answer.context import reader_context as build_reader_context
from agent.answer.record import Answer, word_background
from agent.caches import VersionCaches
from agent.decompose import event_anchor, with_event_day
from agent.filter import filter_candidates
from agent.plan.mention_order import order_by_mention, scene_times_dropped
from agent.plan.planner import PlanResult
from agent.plan.speaker_pref import prefer_speakers
from agent.result import AskResult, asked_back
from agent.retrieve import focus_query, retrieve
from agent.rewrite.clarify import clarify, unknown_conversation
from agent.rewrite.offline import Rewrite, Turn
from memory_store.db.store import Store
from memory_store.errors import PlanError
from memory_store.models import StoredMessage
from memory_store.query.search import Searcher
from memory_store.settings import Settings

__all__ = ["AskResult", "Pipeline", "focus_query"]


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
        self._caches = VersionCaches(store)
        self._version: int | None = None  # the store version read once per question

    def _data_version(self) -> int:
        return self.store.data_version if self._version is None else self._version

    def speakers(self, conversation: str | None) -> list[str]:
        """Speaker names in scope, cached per store version (asked for on every question)."""
        return self._caches.speakers(self._data_version(), conversation)

    def latest_ts(self, conversation: str | None) -> datetime | None:
        """The newest message time in scope (every conversation's read in one scan)."""
        return self._caches.latest_ts(self._data_version(), conversation)

    def conversations(self) -> list[str]:
        return self._caches.conversations(self._data_version())

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
        if conversation is not None and conversation not in self.conversations():
            text = unknown_conversation(conversation, self.conversations())
            return asked_back(question, self.resolve_now(now, None), conversation, text, self.mode)
        now_dt = self.resolve_now(now, conversation)
        rw = self._rewrite(question, history, now_dt, self.speakers(conversation), notes)
        ask_back = clarify(
            question,
            rw.question,
            has_history=bool(history),
            speakers=self.speakers(conversation),
            names=self.person_names(),
            held=self._holds,
        )
        if ask_back:
            return asked_back(question, now_dt, conversation, ask_back, self.mode, rw)
        if conversation is None:
            conversation = self.named_conversation(rw.question, notes)
            now_dt = self.resolve_now(now, conversation)
        speakers = self.speakers(conversation)
        anchor = event_anchor(rw.question)
        if anchor is not None:  # "the day after he flew home": when did he, first
            scope = conversation

            def ask_when(sub: str) -> Answer:
                # The question itself is the dialogue so far: its people resolve "he".
                before = [*history, Turn("user", rw.question)]
                found = self._ask(sub, now_dt, before, scope, k, True).answer
                return found if found is not None else Answer("", [], abstained=True)

            rw.question = with_event_day(rw.question, anchor, ask_when, notes)
        planned = self._plan(
            without_chat_name(rw.question, conversation, speakers),
            now_dt,
            speakers,
            conversation,
            notes,
        )
        result = AskResult(question, now_dt, conversation, rw, planned, mode=self.mode, notes=notes)
        self._filter(result)
        if planned.route != "time":
            self._retrieve(result, k)
        if answer:
            result.answer = self._answer(result)
        return result

    def _holds(self, word: str) -> bool:
        """Whether some message holds the word (as BM25 indexed it)."""
        return TermWeights(self.searcher.lexical("messages").doc_freq, 1).knows(word)

    def person_names(self) -> frozenset[str]:
        """Names known in the store (lower case): speakers, and words written capitalised."""
        return self._caches.names(self._data_version())

    def reader_context(
        self, conversation: str | None, now: datetime | None = None
    ) -> ReaderContext:
        short = self.searcher.short_messages()
        return build_reader_context(
            self.searcher,
            me=self.me,
            names=self.person_names(),
            places=self._caches.places(self._data_version()),
            speakers=self.speakers(conversation),
            conversations=self.conversations(),
            participants={c: self.speakers(c) for c in self.conversations()},
            threshold=self.abstain_threshold(short),
            short_messages=short,
            now=now,
        )

    def abstain_threshold(self, short: bool | None = None) -> float:
        """The evidence below which the offline reader declines, for this store's kind of
        message (Settings.short_threshold); `short`: whether it is a chat of short messages,
        when the caller knows."""
        if self.searcher.short_messages() if short is None else short:
            return self.settings.short_threshold
        return self.settings.abstain_threshold

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
        # "in the lunch group" for Dev Team Lunch, "the dev chat": a group named by the first
        # or the last word of its name and a word for a group, when only one is so named
        by_word = [
            name
            for name in names
            if len(words := re.split(r"[\s_-]+", name)) > 1
            and any(
                re.search(
                    rf"\b(?:the|our|my)\s+{re.escape(w)}\s+(?:{_CHAT_NOUNS})\b", question, re.I
                )
                for w in {words[0], words[-1]}
                if len(w) >= _NAME_WORD
            )
        ]
        if len(by_word) == 1:
            notes.append(f"scoped to the conversation {by_word[0]!r}, named in the question")
            return by_word[0]
        return None

    # -- the stages: one call each, timed through the store's tracer (benchmarks/stages.py) ---
    def _rewrite(
        self,
        question: str,
        history: Sequence[Turn],
        now: datetime,
        speakers: list[str],
        notes: list[str],
    ) -> Rewrite:
        with self.store.trace("rewrite"):
            return rewrite_stage.rewrite(
                question,
                history,
                now=now,
                speakers=speakers,
                me=self.me,
                llm=self.llm,
                notes=notes,
                doc_freq=self.searcher.lexical("messages").doc_freq,
                people=self.person_names(),
            )

    def _plan(
        self,
        question: str,
        now: datetime,
        speakers: list[str],
        conversation: str | None,
        notes: list[str],
    ) -> PlanResult:
        with self.store.trace("plan"):

            def plan_of(text: str) -> PlanResult:
                return plan_stage.plan(
                    text,
                    now=now,
                    speakers=speakers,
                    latest_ts_fn=self._latest_probe(conversation),
                    me=self.me,
                    llm=self.llm,
                    notes=notes,
                )

            planned = scene_times_dropped(question, plan_of(question), plan_of)
            return prefer_speakers(question, order_by_mention(question, planned))

    def _filter(self, result: AskResult) -> None:
        latest = self.latest_ts(result.conversation)
        with self.store.trace("filter"):
            filter_candidates(
                self.store,
                self.searcher,
                result,
                before_latest=latest is not None and result.now < latest,
            )

    def _retrieve(self, result: AskResult, k: int) -> None:
        with self.store.trace("retrieve"):
            retrieve(self.searcher, self.settings, result, k, self.speakers(result.conversation))

    def _answer(self, result: AskResult) -> Answer:
        with self.store.trace("answer"):
            return answer_stage.answer(
                result,
                llm_answer=self.llm_answer if self.llm is not None else None,
                reader=self.reader_context(result.conversation, result.now),
            )

    @property
    def mode(self) -> str:
        return "llm" if self.llm is not None else "offline"

    def _latest_probe(self, conversation: str | None) -> Any:
        lookups = self.searcher.lookups()

        def probe(start: Any, end: Any) -> datetime | None:
            return lookups.latest_between(conversation, start, end)

        return probe

    def answer(self, result: AskResult) -> Answer:
        """The answer stage alone, for a result asked with `answer=False` (evaluation times it)."""
        return self._answer(result)

    def llm_answer(self, question: str, context: list[StoredMessage], result: AskResult) -> Answer:
        from agent.answer.llm import answer_with_llm

        assert self.llm is not None
        return answer_with_llm(self.llm, question, context, now=result.now)

    def background(self) -> Counter[str]:
        """Word frequencies over the store, so topic words favour what is distinctive."""
        if self._background is None:
            self._background = word_background(self.store.sample_texts(5000))
        return self._background


# What a person calls a group chat ("the lunch group"), and the shortest word of its name
# that may name it.
# Not "club", "crew" or "team": "the book club" is as often an occasion as a chat.
_CHAT_NOUNS = "group|chat|gc|groupchat|group\\s+chat|thread|convo"
_NAME_WORD = 3


def without_chat_name(question: str, conversation: str | None, speakers: Sequence[str]) -> str:
    """The question as the planner reads it once it is scoped to a group chat: the chat's name
    says where, not when ("what was the *game night* chat about last tuesday?" is no question
    about the night). A one-to-one chat is named after its person, whom the plan may need."""
    if not conversation or conversation.lower() in {s.lower() for s in speakers}:
        return question
    name = r"\s+".join(map(re.escape, conversation.split()))
    # Only where it names the chat: in "where does game night normally happen?" it is the event.
    out = re.sub(
        rf"\b(?:the\s+)?{name}\s+(chat|group|conversation|thread)\b",
        r"the \1",
        question,
        flags=re.IGNORECASE,
    )
    return " ".join(out.split())
