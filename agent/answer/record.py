"""The answer record every reader returns, how it is shown, and the check of an LLM answer's
citations: every cited id must be one that retrieval returned; unknown ones are dropped (and
noted in /explain).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date

from pydantic import BaseModel, Field

from memory_store.models import StoredMessage

NO_ANSWER = "The history does not contain the answer."
_WORD = re.compile(r"[^\W\d_][\w'-]+", re.UNICODE)
_CITE = re.compile(r"\[m(\d+)\]")


@dataclass
class Answer:
    """The answer alone in `text`; where it comes from in `detail`; the messages behind it first
    in `citations`."""

    text: str
    citations: list[StoredMessage]
    abstained: bool = False
    notes: list[str] = field(default_factory=list)
    kind: str = ""  # when, who, summary, how_many, clarify, … ("" for the LLM's answers)
    span: str | None = None  # the words that answer, when the reader chose some
    # how the answer was read from the messages; a second line says what of the question
    # was not understood
    detail: str | None = None
    evidence: float | None = None  # the reader's evidence score (what abstention compares)
    why: list[str] = field(default_factory=list)  # how the reader chose, for /explain
    event_day: date | None = None  # a when-answer's day, for a question that builds on it

    @property
    def sources(self) -> list[StoredMessage]:
        """The cited messages, each once: a list cites one per item, and two items ("Copper
        Kingdoms … at Dragon's Hoard") may come from one message."""
        return list(dict.fromkeys(self.citations))


def word_background(texts: Sequence[str]) -> Counter[str]:
    """Word frequencies over sampled texts (each word once per text; "" holds the count of
    texts), so topic words favour what is distinctive in the store."""
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update({w.lower() for w in _WORD.findall(text)})
    counts[""] = len(texts)
    return counts


def stamp(m: StoredMessage) -> str:
    return f"[{m.ts:%a %d %b %Y %H:%M}] {m.speaker}:"


def _clip(text: str, limit: int = 240) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def render(answer: Answer) -> str:
    # where it comes from, then what of the question was not understood, a line each
    lines = [answer.text, *(f"  ({line})" for line in (answer.detail or "").splitlines())]
    for m in answer.sources:
        lines.append(f"  [m{m.id}] {stamp(m)} {_clip(m.text, 300)}")
    return "\n".join(lines)


# -- the LLM answerer ----------------------------------------------------------------------


class LLMAnswer(BaseModel):
    """What the answer prompt asks the model for."""

    answer: str = Field(description="the answer, citing message ids like [m12]")
    citations: list[int] = Field(default_factory=list, description="ids of the messages used")


def check_citations(reply: LLMAnswer, retrieved: Sequence[StoredMessage]) -> Answer:
    """Keep only citations of messages that were actually retrieved; note the rest."""
    by_id = {m.id: m for m in retrieved}
    cited = list(dict.fromkeys([*reply.citations, *map(int, _CITE.findall(reply.answer))]))
    kept = [by_id[i] for i in cited if i in by_id]
    dropped = [i for i in cited if i not in by_id]
    text = _CITE.sub(lambda mt: mt.group(0) if int(mt.group(1)) in by_id else "", reply.answer)
    notes = [f"dropped citation of message {i}: it was not retrieved" for i in dropped]
    abstained = NO_ANSWER.rstrip(".").lower() in text.lower()
    return Answer(_tidy(text), sorted(kept, key=lambda m: (m.ts, m.id)), abstained, notes)


def _tidy(text: str) -> str:
    """One space between words and none before punctuation (left where a citation was cut)."""
    return re.sub(r"\s+([.,;:!?])", r"\1", " ".join(text.split()))
