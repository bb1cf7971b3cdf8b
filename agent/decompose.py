"""Questions anchored on an event rather than a date: "what did we talk about the day after he
flew home?", "what happened the week before my interview?".

The time grammar reads dates; "he flew home" is not one. Such a question is asked in two steps:
first "when … he flew home?" (the event clock's answer, with its citation), then the question
with the event's day put in ("… on Monday 25 November 2024"), which the grammar reads. The
sub-question and its answer are kept in the notes, so `--explain` shows the working.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from agent.answer.record import Answer
from agent.plan.planner import plan_question

__all__ = ["EventAnchor", "event_anchor", "with_event_day"]

_UNIT = r"(?P<unit>day|night|morning|evening|afternoon|weekend|week)"
_ANCHORED = re.compile(
    rf"\b(?:on\s+|in\s+)?the\s+{_UNIT}\s+(?P<rel>after|before)\s+(?P<event>[^?.!]+?)\s*"
    # "…the day after i got back from kyoto, i forget what about": the asker's aside ends it
    r"(?P<end>(?:,\s*(?:i|we|lol|haha|can'?t|don'?t|no\s+idea|not\s+sure)\b[^?.!]*)?[?.!]*)$",
    re.IGNORECASE,
)


# …or set before the question: "the morning after i took canela to the vet, what did abuela
# and i text about", "the day after vale's party what was everybody saying"
_ASKING = r"(?:what|who|where|when|how|which|did|was|were|is|are|do|does)\b"
_FRONTED = re.compile(
    rf"^\s*(?:on\s+|in\s+)?the\s+{_UNIT}\s+(?P<rel>after|before)\s+(?P<event>[^?.!,]+?)"
    rf"(?:\s*,\s*|\s+(?={_ASKING}))(?P<end>)(?={_ASKING})",
    re.IGNORECASE,
)


_TIMEISH = frozenset(["last", "next", "that", "this", "then", "it"])


@dataclass(frozen=True)
class EventAnchor:
    phrase: str  # "the day after he flew home"
    unit: str
    after: bool
    event: str  # "he flew home"
    past: bool = False  # the question asks of the past ("what *was* said the day after …")

    @property
    def sub_question(self) -> str:
        """ "when he flew home?"; an event named by a noun asks in the question's tense:
        "when was the race?" (the one gone by), "when is the race?" (the one ahead)."""
        if _NOUN_EVENT.match(self.event):
            return f"when {'was' if self.past else 'is'} {self.event}?"
        return f"when {self.event}?"


_NOUN_EVENT = re.compile(
    # "her 10k", "mum's 70th": a race or a birthday named by its number
    r"(?:the|my|your|his|her|our|their|a|an)\s+[^\W_][\w'’-]*(?:\s+[^\W\d_]+)?$|"
    r"[^\W\d_]+'s\s+\w+$",
    re.IGNORECASE,
)
_PAST = re.compile(r"\b(?:was|were|did|had)\b", re.IGNORECASE)


def event_anchor(question: str) -> EventAnchor | None:
    """The event a question is anchored on, when the anchor is not itself a time the grammar
    reads ("the day after christmas" is a date; "the day after he flew home" an event)."""
    m = _FRONTED.search(question) or _ANCHORED.search(question)
    if m is None:
        return None
    event = m.group("event").strip()
    phrase = m.group(0)[: len(m.group(0)) - len(m.group("end"))].strip().rstrip(",").strip()
    probe = plan_question(f"what happened {phrase}", now=_PROBE_NOW)
    if probe.plan.ops or not re.search(r"[^\W\d_]{3,}", event) or event.lower() in _TIMEISH:
        return None  # a date or a time the grammar reads: nothing to decompose
    after = m.group("rel").lower() == "after"
    # the tense is the asking's, before the anchor or, when the anchor is set first, after it
    asking = question[: m.start()] if m.re is _ANCHORED else question[m.end() :]
    past = bool(_PAST.search(asking))
    return EventAnchor(phrase, m.group("unit").lower(), after, event, past)


def with_event_day(
    question: str, anchor: EventAnchor, ask_when: Callable[[str], Answer], notes: list[str]
) -> str:
    """The question with the anchor replaced by the days it means, or unchanged when the
    event's day is not found (the answer then says what it searched instead)."""
    found = ask_when(anchor.sub_question)
    if found.abstained or found.event_day is None:
        notes.append(f"could not date '{anchor.event}' (asked: {anchor.sub_question!r})")
        return question
    start, end = _span(found.event_day, anchor.unit, anchor.after)
    when = (
        f"on {start:%-d %B %Y}"
        if start == end
        else f"between {start:%-d %B %Y} and {end:%-d %B %Y}"
    )
    cited = found.citations[0] if found.citations else None
    said = f", from {cited.speaker}'s message of {cited.ts:%-d %b %Y}" if cited else ""
    notes.append(
        f"'{anchor.event}' → {found.event_day:%-d %B %Y} (asked {anchor.sub_question!r}{said}); "
        f"'{anchor.phrase}' → {when}"
    )
    return question.replace(anchor.phrase, when)


def _span(day: date, unit: str, after: bool) -> tuple[date, date]:
    step = 1 if after else -1
    if unit in ("day", "night", "morning", "evening", "afternoon"):
        d = day + timedelta(days=step)
        return d, d
    if unit == "week":
        return (
            (day + timedelta(days=1), day + timedelta(days=7))
            if after
            else (
                day - timedelta(days=7),
                day - timedelta(days=1),
            )
        )
    # the weekend after (before) the day
    d = day + timedelta(days=step)
    while d.isoweekday() != (6 if after else 7):
        d += timedelta(days=step)
    return (d, d + timedelta(days=1)) if after else (d - timedelta(days=1), d)


# The probe only asks whether the grammar reads the words as a time; any clock will do.
_PROBE_NOW = datetime(2000, 1, 1)
