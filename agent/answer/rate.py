"""How often a thing is done, as a habit: "how often does John work out with his family?" is
answered by the rate the chat states ("Three times a week; it keeps us on track."), not by
a count of the days the topic came up. The rate is read in the best messages and in the
replies to them: a rate is often the answer to the chat's own "how often do you…?"."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .reading import (
    ReaderContext,
    Reading,
    question_terms,
    said_by,
    speaker_asked,
    speaker_terms,
)
from .text import clip, terms

# A habit asked about in the present: not "how often did we climb in september?", a count.
ASKS_RATE = re.compile(
    r"\bhow\s+often\s+(?:does|do|is|are)\s+(?P<who>[\w'’]+)|"
    # a follow-up: "how often?" of the topic asked before ("who's feeding miso?")
    r"^\W*(?:and\s+|so\s+)?how\s+often\s*[?!.]*\s*(?:\(about\b|$)|"
    r"\bhow\s+many\s+times\s+(?:a|per|each|every)\s+(?:day|week|month|year)\b",
    re.IGNORECASE,
)
_UNIT = r"(?:day|week|month|year|fortnight|weekend)"
_TIMES = (
    r"(?:once|twice|three\s+times|four\s+times|five\s+times|\d+\s+times|a\s+few\s+times|"
    r"a\s+couple\s+(?:of\s+)?times|several\s+times)"
)
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# "three times a week", "once or twice a year", "at least once a week", "every other day".
RATE = re.compile(
    rf"\b(?:(?:at\s+least|about|around|roughly|usually|only|just)\s+)*{_TIMES}"
    rf"(?:\s+or\s+{_TIMES}|\s+or\s+(?:two|three|four))?\s+(?:a|per|every|each)\s+{_UNIT}\b|"
    rf"\bevery\s+(?:single\s+)?(?:other\s+)?(?:{_UNIT}|morning|evening|night|{_WEEKDAY})\b|"
    rf"\b(?:daily|weekly|monthly|fortnightly|nightly)\b",
    re.IGNORECASE,
)
_RATE_WORDS = frozenset(terms("often times day week month year"))
# How far down the ranking, and how many turns after an on-topic message, a rate is read.
_DEPTH, _REPLY_TURNS = 10, 2


def rate_said(
    question: str, matches: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    """The rate the chat states for the habit asked about, or None."""
    asked = ASKS_RATE.search(question)
    if asked is None:
        return None
    topic = question_terms(question, ctx) - speaker_terms(ctx) - _RATE_WORDS
    # the user for "you" or "I", a speaker named
    by = speaker_asked(asked.group("who") or "", ctx, ("you", "i"))
    found: list[tuple[int, int, StoredMessage, str]] = []
    for rank, m in enumerate(matches[:_DEPTH]):
        shared = len(topic & terms(m.text))
        for n in [m, *ctx.turns_after(m)[:_REPLY_TURNS]] if shared else []:
            said = RATE.search(n.text)
            if said and (by is None or n.speaker == by):
                found.append((-shared, rank, n, said.group(0)))
                break
    if not found:
        return None
    # the exchange sharing most of the question's words: "how often do you work out with
    # your family?" / "Three times a week", not the park trips "great for family bonding"
    _, _, n, rate = min(found, key=lambda f: f[:2])
    return Reading(
        f"{rate[:1].upper()}{rate[1:]}.",
        [n],
        "how_many",
        rate,
        f"{said_by(n, ctx)}: “{clip(n.text, 120)}”",
        why=["the rate the chat states for the habit, in a best message or its reply"],
    )
    return None
