"""What was planned or said about a thing: "what's the plan for the crag trip?", "what did we
say about the crag trip?". Not one message: the talk in which it was planned. Of the best
matches' sessions, the one whose messages hold the thing's own words most (by rank) is
summarised from its first message on the thing, as a day's talk is (summary.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .lines import lines_of_a_burst
from .reading import ReaderContext, Reading, question_terms
from .summary import summarize
from .text import terms

__all__ = ["asks_topic_summary", "topic_summary"]


def asks_topic_summary(question: str) -> bool:
    return _ASKS.search(question) is not None


def topic_summary(
    question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    """A summary of the session that talks of the question's thing the most; None when no
    best match holds the thing's words."""
    thing = question_terms(_PLAN_TAIL.sub(" ", _ASKS.sub(" ", question)), ctx)
    if not thing or lines_of_a_burst(ranked, ctx):
        return None  # a plan sent as a run of short lines is read line by line (what.py)
    on_it = [m for m in ranked[:_DEPTH] if thing & terms(m.text)]
    votes: dict[int, float] = {}
    for rank, m in enumerate(on_it):
        votes[m.session_id] = votes.get(m.session_id, 0.0) + 1.0 / (1 + rank)
    if not votes:
        return None
    session = max(votes, key=lambda s: votes[s])
    start = min((m for m in on_it if m.session_id == session), key=lambda m: m.id)
    talk = [start, *(n for n in ctx.turns_after(start) if n.session_id == session)]
    talk += [m for m in ranked if m.session_id == session and m.id > talk[-1].id]
    # the message that opens the talk on it is a point: it often says what and when
    reading = summarize(sorted(dict.fromkeys(talk), key=lambda m: m.id), ctx, keep=[0])
    reading.why.append(f"the talk on “{' '.join(sorted(thing))}”: its session most on it")
    return reading


_ASKS = re.compile(
    r"\b(?:what(?:['’]s|\s+is|\s+are|\s+was|\s+were)\s+(?:the|our)\s+plans?\s+(?:for|with)|"
    # "what's the crag trip plan?": the thing before the plan
    r"what(?:['’]s|\s+is|\s+are|\s+was|\s+were)\s+(?:the|our)\s+(?=(?:[\w'’-]+\s+){1,3}"
    r"plans?\s*[?!.]*\s*$)|"
    r"what\s+did\s+(?:we|you\s+and\s+i|[^\W\d_]+\s+and\s+i|i\s+and\s+[^\W\d_]+)\s+"
    r"(?:say|talk|decide|agree|plan)\s+(?:about|on|for))\b",
    re.IGNORECASE,
)
_PLAN_TAIL = re.compile(r"\bplans?\s*[?!.]*\s*$", re.IGNORECASE)
# How many of the best matches vote for the session that talks of the thing.
_DEPTH = 10
