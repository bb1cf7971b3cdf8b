"""Who is coming: the people who said they were in when a plan was put to the chat.

"who's coming to castle crags?" is answered by the replies to "Crag trip time! Castle Crags on
Saturday October 17th?": "I'm in. Who's driving?" (Aki), "Count me in." (Priya), "that works"
(the user), with the one who put it forward. No message says "coming"; each says yes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext, Reading, who
from .text import join_names, terms

__all__ = ["attending"]

_ASKS_WHO_COMES = re.compile(
    r"^\W*who(?:['’]s|\s+is|\s+are|\s+was|\s+were|\s+has)?\s+(?:all\s+)?"
    # "who's said they're coming"
    r"(?:said\s+(?:they(?:['’]re|\s+are|['’]ll\s+be|\s+will\s+be)|yes)\s+)?(?:coming|going|joining|in\b|"
    r"up\s+for|signed\s+up|turning\s+up|came|went)",
    re.IGNORECASE,
)
# "yes!", "in!", "deal": a reply opening with yes to a plan…
YES = re.compile(
    r"^\W*(?:(?:ok|okay|yes|yeah|yep|ooh|oh)\W+)*(?:in\s*!|(?:so\s+)?in\b\s*$|yes+\b|"
    r"definitely\b|sounds\s+good\b|deal\b)",
    re.IGNORECASE,
)
# …or saying it anywhere: "I'm back from Kyoto on the 14th, so that works", "count me in"
IN = re.compile(
    r"\b(?:i['’]?m\s+in\b|count\s+me\s+in\b|i['’]?ll\s+be\s+there\b|i['’]?ll\s+come\b|"
    r"i\s+can\s+(?:come|make\s+it)\b|that\s+works\b|works\s+for\s+me\b)",
    re.IGNORECASE,
)
NOT = re.compile(r"\b(?:can['’]?t|cannot|won['’]?t|not|no)\b", re.IGNORECASE)
# How many turns after the plan the replies are read.
_REPLIES = 12
# How far down the ranking a plan put to the chat is looked for.
_PLANS = 8


def attending(
    question: str,
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> Reading | None:
    """The people who said yes to the plan the best messages put forward, with a day ("…on
    Saturday October 17th?"); None when the question asks something else or no one said
    yes."""
    if not _ASKS_WHO_COMES.match(question):
        return None
    topic = terms(question)
    for plan in dict.fromkeys([*good[:3], *ranked[:_PLANS]]):
        if "?" not in plan.text or not topic & terms(plan.text) or not ctx.mentions_of(plan):
            continue
        said_yes = [
            n
            for n in ctx.turns_after(plan)[:_REPLIES]
            if n.speaker != plan.speaker
            and (YES.match(n.text) or IN.search(n.text))
            and not NOT.search(n.text[:25])
        ]
        people = list(dict.fromkeys(who(n, ctx) for n in said_yes))
        if not people:
            continue
        proposer = who(plan, ctx)
        said = join_names([proposer, *(p for p in people if p != proposer)])
        return Reading(
            f"{said[:1].upper()}{said[1:]}.",
            [plan, *said_yes],
            "who",
            said,
            f"{proposer} put it to the chat on {plan.ts:%a %d %b %Y}; "
            + "; ".join(f"{who(n, ctx)}: “{n.text.strip()[:40]}”" for n in said_yes),
            why=["the one who put the plan forward and those who said they were in"],
        )
    return None
