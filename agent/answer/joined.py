"""How many times the user went along: the plans put to a chat on the topic, with a day, that
the user said yes to or put forward themselves.

"how many times did i go climbing?" is told in the climbing chat by its invitations, not by
the word: "Who's in for Boulder Barn tomorrow, Thursday? 7pm?" / "I'm in." (Sam); "Let's try
it Wednesday after work." (Sam); "Crag trip time! Castle Crags on Saturday October 17th?" /
"…so that works." (Sam). Each is an occasion on the day it names.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from datetime import date

from memory_store.models import StoredMessage

from .attending import IN, NOT, YES
from .reading import ReaderContext
from .text import terms

__all__ = ["joined"]

# A plan put to the chat: a question, a "let's", a "who's in".
_PUT = r"\?|\blet['’]?s\b|\bwho['’]?s\s+in\b"
# The user putting one forward: "let's try it wednesday after work".
_PROPOSES = re.compile(r"\blet['’]?s\b|\bshall\s+we\b|\bwho['’]?s\s+in\b", re.IGNORECASE)
# Times a plan names its day at: a day, a part of one, an hour.
_DAY_GRAINS = frozenset(["day", "part_of_day", "time", "weekend"])
# How many turns after a plan the user's yes is read.
_REPLIES = 12


def joined(
    chats: Collection[str], ctx: ReaderContext, until: date | None
) -> list[tuple[date, StoredMessage]]:
    """(day, the plan) for each day a plan in `chats` names that the user said yes to or put
    forward, up to `until`, in time order; a day once."""
    if not ctx.me or not chats:
        return []
    found: dict[date, StoredMessage] = {}
    for plan in ctx.holding(_PUT, (), list(chats)):
        days = [
            x.start.date()
            for x in ctx.mentions_of(plan)
            if x.granularity in _DAY_GRAINS and x.start > plan.ts.replace(hour=0, minute=0)
        ]
        if not days or (until is not None and days[0] > until):
            continue
        if plan.speaker == ctx.me:
            went = bool(_PROPOSES.search(plan.text))
        else:
            went = any(
                n.speaker == ctx.me
                and (YES.match(n.text) or IN.search(n.text))
                and not NOT.search(n.text[:25])
                for n in ctx.turns_after(plan)[:_REPLIES]
            )
        if went:
            found.setdefault(days[0], plan)
    return sorted(found.items())


def topic_chats(topic: Collection[str], conversations: Sequence[str]) -> list[str]:
    """The chats named by the topic: "climbing" is the "Climbing crew"."""
    wanted = set(topic)
    return [c for c in conversations if wanted & terms(re.sub(r"[-_]", " ", c))]
