"""Temporal rules: sessions: nth, ranges, relative ("the session before last")."""

from __future__ import annotations

import re

from agent.plan import timeexpr as tx
from agent.plan.rules.common import (
    CARD,
    ICASE,
    ORD,
    SESSION,
    Ctx,
    Hit,
    span_note,
)
from memory_store.query.table_ops import (
    NthSession,
    NthWithin,
    RelativeSession,
    SessionRange,
)

_SESSION_SPAN = [
    re.compile(
        rf"\b(?:(?:over|during|in|from|across|between|for)\s+)?(?:the\s+)?{SESSION}\s+"
        rf"(?:#\s*)?(?P<a>\d+|{CARD})\s*(?:-|–|to|through|thru|until|and)\s*"
        rf"(?:{SESSION}\s+)?(?:#\s*)?(?P<b>\d+|{CARD})\b",
        ICASE,
    ),
    re.compile(
        rf"\b(?:(?:over|during|in|from|across|between|for)\s+)?(?:the\s+|our\s+)?(?P<a>{ORD})"
        rf"(?:\s+{SESSION})?\s*(?:-|–|to|through|thru|until|and)\s*(?:the\s+)?(?P<b>{ORD})"
        rf"\s+{SESSION}",
        ICASE,
    ),
]
_SESSION_LAST_N = re.compile(
    rf"\b(?:(?:over|during|in|across|for)\s+)?(?:the|our)\s+(?P<which>last|past|previous|"
    rf"latest|most\s+recent|first)\s+(?!(?:19|20)\d{{2}}\b)(?P<n>{CARD})\s+{SESSION}",
    ICASE,
)


def find_session_spans(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for rx in _SESSION_SPAN:
        for m in rx.finditer(text):
            a, b = tx.parse_number(m.group("a")), tx.parse_number(m.group("b"))
            if a and b and a <= b:
                op = SessionRange(a=a, b=b)
                hits.append(Hit(*m.span(), "session", [op], span_note(m, f"sessions {a}–{b}")))
    for m in _SESSION_LAST_N.finditer(text):
        n = tx.parse_cardinal(m.group("n"))
        if not n:
            continue
        first = m.group("which").lower() == "first"
        op = SessionRange(a=1, b=n) if first else SessionRange(a=-n, b=-1)
        what = f"sessions 1–{n}" if first else f"the last {n} sessions"
        hits.append(Hit(*m.span(), "session", [op], span_note(m, what)))
    return hits


_SESSIONS_AGO = re.compile(
    rf"\b(?P<n>{CARD})\s+{SESSION}\s+(?:ago|back|before\s+(?:this|now))", ICASE
)
_BEFORE_LAST = re.compile(
    rf"\b(?:not\s+(?:the|our)\s+(?:last|latest|most\s+recent)\s+{SESSION}\s*,?\s*but\s+"
    rf"the\s+one\s+before(?:\s+(?:that|it))?"
    rf"|(?:the\s+|our\s+)?(?:{SESSION}|one)\s+before\s+(?:the\s+)?last(?:\s+{SESSION}|\s+one)?"
    rf"|(?:the\s+|our\s+)?(?:second[\s-]+(?:to|from)[\s-]+(?:the\s+)?last|next[\s-]+to[\s-]+last"
    rf"|penultimate)\s+(?:{SESSION}|time))",
    ICASE,
)


def find_relative_sessions(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _SESSIONS_AGO.finditer(text):
        n = tx.parse_cardinal(m.group("n"))
        if n:
            # "1 session ago" is the latest session: history is read from outside it.
            what = f"the session {n} back (1 = the latest)"
            hits.append(Hit(*m.span(), "session", [RelativeSession(k=n - 1)], span_note(m, what)))
    for m in _BEFORE_LAST.finditer(text):
        note = span_note(m, "the second-to-last session")
        hits.append(Hit(*m.span(), "within", [NthWithin(n=-2)], note))
    return hits


_ORDINAL_SESSION = re.compile(
    rf"\b(?:(?:in|during|from|on|at)\s+)?(?:the\s+|our\s+|my\s+)?(?:very\s+)?"
    rf"(?P<o>{ORD}|last|final|latest|most\s+recent|previous|first)\s+{SESSION}\b",
    ICASE,
)
_SESSION_NUMBER = re.compile(
    rf"\b(?:(?:in|during|from)\s+)?(?:session|conversation|discussion|chat|meeting)\s+"
    # "the chat a fortnight back": an article is no session number
    rf"(?:number\s+|no\.?\s*|#\s*)?(?P<n>\d+|(?!an?\b){CARD})\b(?!\s*(?:-|–|to|through|and)\b)",
    ICASE,
)
# "the last time we talked" is a session; "the last time Mel mentioned X" asks for a mention.
_TIME_WE = re.compile(
    r"\b(?:(?:in|during)\s+)?(?:the\s+|our\s+)?(?:very\s+)?(?P<o>first|last|previous|latest|"
    r"most\s+recent)\s+time\b(?P<tail>\s+(?:that\s+)?(?:we|you\s+and\s+i|i)\s+(?:\w+\s+)?"
    r"(?:talked|spoke|chatted|discussed|met|talk|speak|chat|had\s+a\s+\w+)|\s*(?=[?.!,]|$))",
    ICASE,
)
_LATEST = {"last", "final", "latest", "most recent", "previous"}


def _ordinal_value(word: str) -> int | None:
    w = re.sub(r"\s+", " ", word.lower())
    if w in _LATEST:
        return -1
    return tx.parse_ordinal(w)


_IDIOM = re.compile(r"\b(?:for|at)\s+(?:the\s+)?$", ICASE)


def find_ordinal_sessions(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for rx in (_ORDINAL_SESSION, _TIME_WE):
        for m in rx.finditer(text):
            if rx is _TIME_WE and _IDIOM.search(text, 0, m.start("o")):
                continue  # "tried it for the first time", "at the last time" are idioms
            n = _ordinal_value(m.group("o"))
            if n:
                what = "the last session" if n == -1 else f"session #{n} in order"
                hits.append(Hit(*m.span(), "ordinal", [], span_note(m, what), n=n))
    for m in _SESSION_NUMBER.finditer(text):
        n = tx.parse_number(m.group("n"))
        if n:
            hits.append(Hit(*m.span(), "session", [NthSession(n=n)], span_note(m, f"session {n}")))
    return hits
