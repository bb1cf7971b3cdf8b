"""Why a plan changed: "why was the boiler fitting put back?", "why did the challenge get
pushed back a week?", "why couldn't we go to the first place?". The reason is the trouble a
change message tells beside the change, seldom with "because": "The flue kit hasn't come in
from the supplier, so Ross can't come on Tuesday after all", "casa fiora's had a burst pipe so
they're shut", or the writer's next line after "they've moved it a week": "path repairs on the
ridge, they couldnt get the permits sorted in time"."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .moves import CALLED_OFF, CHANGE
from .reading import ReaderContext, next_by_writer, question_terms
from .text import asks, sentences, terms

__all__ = ["asks_why_changed", "change_reason", "change_untold"]

# The question asks why a plan did not go as planned.
_WHY_CHANGED = re.compile(
    r"^\W*(?:and\s+|so\s+)?(?:why|how\s+come)\b.*?\b(?:"
    r"(?:pushed|put|moved|bumped|set)\s+back|postponed|delayed|rescheduled|moved|late|"
    r"cancel\w*|called\s+off|couldn['’]?t|could\s+not|can['’]?t|didn['’]?t\s+happen|"
    r"fell\s+through|shut|closed|change[ds]?)\b",
    re.IGNORECASE,
)
# Trouble that stops a plan: a thing not come, broken, closed, someone ill, no permits.
_TROUBLE = re.compile(
    r"\b(?:(?:hasn['’]?t|haven['’]?t|hadn['’]?t|didn['’]?t|not|never)\s+(?:yet\s+)?"
    r"(?:come\s+in|come|arrived?|turned\s+up|shown\s+up|been\s+delivered)|"
    r"packed\s+(?:up|in)|broke(?:n)?(?:\s+down)?|burst|flooded|flood|leak\w*|fire|"
    r"(?:is|was|were|are|been|got|fell|feeling|off)\s+(?:ill|sick|poorly|unwell)|covid|flu|"
    r"(?:couldn['’]?t|can['’]?t|could\s+not|cannot)\s+get|waiting\s+(?:on|for)|"
    r"short\s+(?:of|on)|out\s+of\s+stock|back-?order\w*|double[- ]?booked|fell\s+through|"
    r"repairs?|roadworks|strike|storm|snow|permits?|closed|shut|"
    r"no\s+(?:staff|space|room|beds?|availability|power|water))\b",
    re.IGNORECASE,
)
# A plan changed or not kept: "moved", "called off", "won't be ready", "can't come".
_CHANGED = re.compile(
    rf"{CHANGE.pattern}|{CALLED_OFF.pattern}|"
    r"\b(?:won['’]?t|will\s+not|not)\s+be\s+ready\b|\b(?:can['’]?t|cannot|won['’]?t)\s+come\b|"
    r"\bnew\s+\w+\s+date\b",
    re.IGNORECASE,
)
# What sets the trouble off from what it did to the plan: "…, so Ross can't come", "…
# but the spray booth packed up"
_SO = re.compile(r",?\s+so\s+(?!that\b|much\b|many\b)|;", re.IGNORECASE)
_BUT = re.compile(r"^.*?\bbut\s+", re.IGNORECASE)
# How far down the ranking a change message is looked for, and how many of its writer's
# next turns may tell the trouble.
_DEPTH = 12
_BESIDE = 3


def asks_why_changed(question: str) -> bool:
    return _WHY_CHANGED.search(question) is not None


def change_reason(
    question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> tuple[StoredMessage, str] | None:
    """The trouble told by a change message on the question's topic, or by its writer's
    turns beside it (the message, the clause); None when none tells one."""
    if not asks_why_changed(question):
        return None
    topic = question_terms(question, ctx) - _ASKING
    # a change told in the message or its writer's next turns: trouble alone ("a pipe that's
    # been leaking") is no reason a plan moved
    changes = [
        m
        for m in ranked[:_DEPTH]
        if not asks(m.text) and any(_CHANGED.search(n.text) for n in _burst(m, ctx))
    ]
    # on the topic first: the change itself or its writer's burst names it, else a message of
    # its chat does ("the ridge walk is on saturday 13th" / weeks on "they've moved it a week")
    chats = {m.conversation for m in ranked[:_DEPTH] if topic & terms(m.text)}
    changes.sort(
        key=lambda m: (
            not any(topic & terms(n.text) for n in _burst(m, ctx)),
            m.conversation not in chats,
        )
    )
    for m in changes:
        for n in _burst(m, ctx):
            said = _trouble(n.text)
            if said:
                return n, said
    return None


def change_untold(question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext) -> str | None:
    """The change a question asks the reason for ("why did the crag trip get *moved*?"), when
    no message near its topic tells one: the history does not say it changed, and a quote
    about the trip is no reason. None when a change is told, or none is asked about."""
    asked = _MOVE_ASKED.search(question)
    if asked is None:
        return None
    topic = question_terms(question, ctx) - _ASKING
    # a change in a chat that speaks of the topic may tell it weeks on ("they've moved it a
    # week"), as change_reason reads it
    chats = {m.conversation for m in ranked[:_DEPTH] if topic & terms(m.text)}
    for m in ranked[:_DEPTH]:
        near = not topic or m.conversation in chats
        if near and any(_SAID_CHANGED.search(n.text) for n in _burst(m, ctx)):
            return None
    return asked.group(1).lower()


# Asked why a plan moved or was called off, in so many words ("did the trip get moved?", "was
# the class cancelled?"); not "why couldn't…", which a chat tells by the trouble alone, nor
# "they moved leo to the park lane nursery", which moves no plan
_MOVE_ASKED = re.compile(
    r"^\W*(?:and\s+|so\s+)?(?:why|how\s+come)\b.*?\b"
    r"(?:get|got|gets|getting|was|were|is|are|been|be)\s+(?:[\w'’-]+\s+){0,5}?"
    r"((?:pushed|put|moved|bumped|set)\s+back|postponed|delayed|rescheduled|moved|cancel+ed|"
    r"called\s+off)\b",
    re.IGNORECASE,
)


# A change in its own words ("now" and "actually" tell one only beside a new day, which
# moves.py reads; here any such word would keep a change no message tells)
_SAID_CHANGED = re.compile(
    rf"{CALLED_OFF.pattern}|\b(?:mov(?:e|ed|ing)|push(?:ed|ing)?|put|bump(?:ed)?|set)\s+"
    r"(?:it\s+|them\s+|the\s+\w+\s+)?(?:back|forward|to)\b|\b(?:postpone|reschedule|delay|"
    r"cancel|bring\s+forward|brought\s+forward)\w*|\bmoved\b|\binstead\b|\bnew\s+(?:date|time|day)\b|"
    r"\b(?:change|switch)(?:ed|ing)?\b|\bnot\s+happening\b|\bfell\s+through\b",
    re.IGNORECASE,
)


def _burst(m: StoredMessage, ctx: ReaderContext) -> list[StoredMessage]:
    """`m` and its writer's next turns, in its session."""
    after = next_by_writer(m, ctx, _BESIDE)
    return [m, *(t for t in after if t.session_id == m.session_id)]


def _trouble(text: str) -> str | None:
    """The clause that tells the trouble: before a "so" that says what it did to the plan,
    after a "but" that turns from what went well."""
    for a, b in sentences(text):
        sentence = text[a:b].strip()
        for clause in _SO.split(sentence):
            if not _TROUBLE.search(clause):
                continue
            clause = _BUT.sub("", clause) if _TROUBLE.search(_BUT.sub("", clause)) else clause
            clause = clause.strip(" ,.!?-–—")
            if len(terms(clause)) >= 2:
                return clause
    return None


# The question's words of asking why and of the change itself, which name no topic.
_ASKING = frozenset(
    terms(
        "why come push pushed put back move moved delay delayed late cancel cancelled "
        "postpone postponed reschedule rescheduled change changed called shut closed happen"
    )
)
