"""Answers from retrieved messages: an extractive offline answerer and an LLM answerer.

Both see only what retrieval returned. The LLM answerer must cite message ids; every cited id is
checked against what was retrieved and unknown ones are dropped (and noted in /explain).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime

from pydantic import BaseModel, Field

from memory_store.indexes.tokenize import STOPWORDS, DefaultTokenizer
from memory_store.models import StoredMessage
from memory_store.settings import ABSTAIN_THRESHOLD

NO_ANSWER = "The history does not contain the answer."
_TOKENIZE = DefaultTokenizer()
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
    detail: str | None = None  # one line: how the answer was read from the messages
    evidence: float | None = None  # the reader's evidence score (what abstention compares)
    why: list[str] = field(default_factory=list)  # how the reader chose, for /explain
    event_day: date | None = None  # a when-answer's day, for a question that builds on it


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


def long_day(ts: datetime) -> str:
    return f"{ts:%A} {ts.day} {ts:%B %Y}"


def topic_words(
    messages: Sequence[StoredMessage],
    n: int = 4,
    background: Counter[str] | None = None,
    exclude: Sequence[str] = (),
) -> list[str]:
    """The n most characteristic content words: count here x idf in the background.

    `background` holds document frequencies over a sample of the store; its "" key is the
    sample size. Speaker names are excluded: "Aki and Sam talked about aki" says nothing.
    """
    skip = {w.lower() for name in exclude for w in name.split()}
    counts: Counter[str] = Counter()
    for m in messages:
        for w in {w.lower() for w in _WORD.findall(m.text)}:
            if w not in STOPWORDS and len(w) > 3 and w not in _CHATTER and w not in skip:
                counts[w] += 1
    bg = background or Counter()
    size = max(bg.get("", 0), 1)

    def weight(w: str) -> float:
        return counts[w] * math.log((size + 1) / (bg[w] + 1)) if bg else float(counts[w])

    ranked = sorted(counts, key=lambda w: (-weight(w), w))
    return ranked[:n]


_CHATTER = frozenset(
    [
        "really",
        "thanks",
        "thank",
        "great",
        "good",
        "awesome",
        "amazing",
        "glad",
        "yeah",
        "sounds",
        "pretty",
        "much",
        "hope",
        "know",
        "think",
        "going",
        "gonna",
        "wanna",
        "like",
        "love",
        "also",
        "well",
        "just",
        "that's",
        "it's",
        "what's",
        "i'm",
        "you're",
        "we're",
        "they're",
        "there's",
        "here's",
        "totally",
        "definitely",
        "super",
        "time",
        "things",
        "thing",
        "always",
        "never",
        *[
            "made",
            "said",
            "best",
            "tomorrow",
            "today",
            "tonight",
            "yesterday",
            "morning",
            "night",
            "week",
            "weekend",
            "maybe",
            "okay",
            "sure",
        ],
    ]
)


def people(messages: Sequence[StoredMessage], me: str | None = None) -> str:
    names = list(dict.fromkeys(m.speaker for m in messages if m.speaker))
    if me and me in names:
        others = [n for n in names if n != me]
        return _join(["you", *others])
    return _join(names)


def _join(names: list[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def span_phrase(messages: Sequence[StoredMessage]) -> str:
    first, last = messages[0].ts, messages[-1].ts
    if first.date() == last.date():
        return f"On {long_day(first)}"
    return f"Between {long_day(first)} and {long_day(last)}"


def summarize_time(
    messages: Sequence[StoredMessage],
    *,
    me: str | None = None,
    background: Counter[str] | None = None,
    show: int = 8,
) -> Answer:
    """A time-only answer: who talked when, about what, and the most telling messages."""
    if not messages:
        return Answer("Nothing in the history matches that time.", [], abstained=True)
    sessions = sorted({m.session_ordinal for m in messages})
    topics = topic_words(messages, 5, background, exclude=[m.speaker for m in messages])
    n = len(messages)
    lead = f"{span_phrase(messages)}, {people(messages, me)} exchanged {n} message{'s' * (n != 1)}"
    lead += (
        f" in session {sessions[0]}" if len(sessions) == 1 else f" over {len(sessions)} sessions"
    )
    if topics:
        lead += ", mostly about " + _join(topics)
    picked = _telling(messages, topics, show)
    return Answer(lead + ".", picked)


def _telling(messages: Sequence[StoredMessage], topics: list[str], n: int) -> list[StoredMessage]:
    """The n messages that carry the most topic words (longer on ties), in time order."""
    if len(messages) <= n:
        return list(messages)
    topic_set = set(topics)

    def score(m: StoredMessage) -> tuple[int, int]:
        words = {w.lower() for w in _WORD.findall(m.text)}
        return (len(words & topic_set), min(len(m.text), 200))

    best = sorted(messages, key=lambda m: score(m), reverse=True)[:n]
    return sorted(best, key=lambda m: (m.ts, m.id))


def _terms(text: str) -> set[str]:
    """BM25's terms of `text` (stemmed words without stop words; CJK bigrams), 2+ characters."""
    return {t for t in _TOKENIZE(text) if len(t) > 1}


# Words of the request itself, not of its content ("tell me more", "what did we talk about").
_REQUEST_TERMS = frozenset(
    _TOKENIZE("tell more say said talk talked mention mentioned discuss remember know anything")
)


def evidence_score(question: str, ranked: Sequence[StoredMessage], depth: int = 5) -> float:
    """How well the top `depth` messages support the question, in 0..1 (0: nothing retrieved).

    Coverage of a message = the share of the question's content terms (stemmed, no stop words,
    no speaker names) that it contains, halved when the message is itself a question. When the
    question names a speaker of the retrieved messages, only that speaker's messages count as
    support, and a better-covering message by someone else lowers the score by the difference:
    "What did Caroline realize after her charity race?" is unanswerable when the race was
    Melanie's, which is how adversarial questions are built. The offline answerer declines
    below ``settings.abstain_threshold``.
    """
    if not ranked:
        return 0.0
    top = ranked[:depth]
    speakers = {m.speaker for m in ranked if m.speaker}
    named = {s for s in speakers if _names(question, s)}
    terms = _terms(question) - _REQUEST_TERMS - {t for s in speakers for t in _terms(s)}
    if not terms:  # "tell me more about it": nothing to check (retrieval used the rewrite)
        return 1.0
    cover = [(m.speaker, _coverage(terms, m.text)) for m in top]
    if not named:
        return max(c for _, c in cover)
    own = max((c for sp, c in cover if sp in named), default=0.0)
    other = max((c for sp, c in cover if sp not in named), default=0.0)
    return max(0.0, own - max(0.0, other - own))


def _coverage(terms: set[str], text: str) -> float:
    """Share of `terms` in `text`; half for a question ("How was NYC?" asks, it does not tell)."""
    share = len(terms & _terms(text)) / len(terms)
    return share / 2 if text.rstrip().endswith("?") else share


def _names(question: str, speaker: str) -> bool:
    first = speaker.split()[0] if speaker.split() else speaker
    return len(first) > 1 and re.search(rf"\b{re.escape(first)}\b", question, re.I) is not None


def answer_content(
    question: str,
    ranked: Sequence[StoredMessage],
    *,
    me: str | None = None,
    show: int = 5,
    abstain_threshold: float = ABSTAIN_THRESHOLD,
) -> Answer:
    """A content answer: the best-matching message leads, the next best follow as evidence.

    Declines (NO_ANSWER, abstained) when nothing was retrieved or the `evidence_score` of the
    top messages is below `abstain_threshold` (``settings.abstain_threshold``).
    """
    if not ranked:
        return Answer(NO_ANSWER, [], abstained=True)
    score = evidence_score(question, ranked, show)
    if score < abstain_threshold:
        note = f"declined: evidence {score:.2f} is below abstain_threshold {abstain_threshold}"
        return Answer(NO_ANSWER, [], abstained=True, notes=[note])
    best = lead_message(question, ranked[:3])
    who = "you" if me and best.speaker == me else best.speaker
    lead = f"{span_phrase([best])}, {who} said: “{_clip(best.text)}”"
    picked = sorted(ranked[:show], key=lambda m: (m.ts, m.id))
    return Answer(lead, picked)


def lead_message(question: str, top: Sequence[StoredMessage]) -> StoredMessage:
    """Of the top few, the message whose own words cover most of the question's content words.

    Retrieval scores a turn with its neighbours' words too (so the question that prompted an
    answer ranks with it); the lead should quote the turn that actually says it.
    """
    wanted = set(_TOKENIZE(question))
    if not wanted:
        return top[0]
    return max(top, key=lambda m: (len(wanted & set(_TOKENIZE(m.text))), -top.index(m)))


def _clip(text: str, limit: int = 240) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def render(answer: Answer) -> str:
    lines = [answer.text] + ([f"  ({answer.detail})"] if answer.detail else [])
    for m in answer.citations:
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
