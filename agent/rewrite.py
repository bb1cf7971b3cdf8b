"""Offline query rewriting: make the last request of a dialogue self-contained.

"Can you summarise what we discussed?" after "I see in my calendar we talked on July 13th"
becomes "Can you summarise what we discussed? (on July 13th)". Pronouns are resolved to the
people most recently named, and "it"/"that" to the topic of the previous question. The original
question is always kept among the variants, for multi-query fusion.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from memory_store.tokenize import STOPWORDS

from .plan import plan_question

HISTORY_TURNS = 8
ASSISTANT = "assistant"
_PERSON = re.compile(r"\b(she|he|her|him|hers|his|they|them|their)\b", re.IGNORECASE)
_THING = re.compile(
    r"\b(it|that|this|those|these)\b(?!\s+(?:day|time|week|month|session|"
    r"conversation|discussion|chat))",
    re.IGNORECASE,
)
_QWORDS = frozenset(
    [
        "what",
        "when",
        "where",
        "who",
        "why",
        "how",
        "did",
        "do",
        "does",
        "tell",
        "remember",
        "say",
        "said",
        "talk",
        "talked",
        "discuss",
        "discussed",
        "about",
        "please",
        "could",
        "can",
        "would",
        "you",
        "me",
        "us",
        "we",
    ]
)


@dataclass(frozen=True, slots=True)
class Turn:
    speaker: str
    text: str


@dataclass
class Rewrite:
    original: str
    question: str
    variants: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def time_expressions(text: str, *, now: datetime, speakers: Sequence[str]) -> list[str]:
    """The spans the planner recognised as time references (what it strips from the text)."""
    planned = plan_question(text, now=now, speakers=list(speakers))
    if not [op for op in planned.plan.ops if op.op != "where_speaker"]:
        return []
    words, kept = text.split(), planned.content_query.split()
    spans: list[str] = []
    matcher = difflib.SequenceMatcher(a=words, b=kept, autojunk=False)
    for tag, i1, i2, _, _ in matcher.get_opcodes():
        if tag in ("delete", "replace"):
            spans.append(" ".join(words[i1:i2]).strip(" ,.?!;:"))
    return [s for s in spans if s]


def _named(text: str, speakers: Sequence[str]) -> list[str]:
    found = []
    for name in speakers:
        first = name.split()[0]
        if re.search(rf"\b{re.escape(first)}\b", text):
            found.append(name)
    return found


def _topic(text: str) -> str:
    words = [
        w
        for w in re.findall(r"[\w'-]+", text)
        if w.lower() not in STOPWORDS and w.lower() not in _QWORDS
    ]
    return " ".join(words[:6])


def rewrite_offline(
    question: str,
    history: Sequence[Turn],
    *,
    now: datetime,
    speakers: Sequence[str] = (),
    me: str | None = None,
) -> Rewrite:
    recent = list(history)[-HISTORY_TURNS:]
    rw = Rewrite(question, question, [question])
    if not recent:
        return rw
    own_time = time_expressions(question, now=now, speakers=speakers)
    if not own_time:
        for turn in reversed(recent):
            spans = time_expressions(turn.text, now=now, speakers=speakers)
            if spans:
                rw.question = f"{question.rstrip()} ({'; '.join(spans)})"
                rw.notes.append(f"carried the time reference {spans!r} from an earlier turn")
                break
    _resolve_people(rw, recent, speakers, me)
    _resolve_topic(rw, recent, now, speakers)
    return rw


def _resolve_people(
    rw: Rewrite, recent: list[Turn], speakers: Sequence[str], me: str | None
) -> None:
    if not _PERSON.search(rw.question) or _named(rw.original, speakers):
        return
    for turn in reversed(recent):
        names = [n for n in _named(turn.text, speakers) if n != me]
        if names:
            name = names[0]
            rw.question = _PERSON.sub(name, rw.question)
            rw.notes.append(f"resolved a pronoun to {name}")
            return


def _resolve_topic(rw: Rewrite, recent: list[Turn], now: datetime, speakers: Sequence[str]) -> None:
    if not _THING.search(rw.original):
        return
    # The user's own earlier questions name the topic; answers quote too much to be a topic.
    for turn in reversed([t for t in recent if t.speaker != ASSISTANT]):
        planned = plan_question(turn.text, now=now, speakers=list(speakers))
        topic = _topic(planned.content_query)
        if topic:
            rw.question = f"{rw.question.rstrip()} (about {topic})"
            rw.variants.append(f"{rw.original} {topic}")
            rw.notes.append(f"resolved 'it' to the earlier topic {topic!r}")
            return
