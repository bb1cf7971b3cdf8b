"""What a writer relays of someone who writes in none of the chats: "what did Lena say when
she called?" is told by the user's "Lena called this morning. Senior analyst at Northwind
Labs, starting November 2nd.", the sentences after the call, or by "the landlord said he'd fix
the fan", the words after "said". A writer's own words are read as theirs (said_about.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext, speaker_names
from .text import asks

__all__ = ["relayed"]


# "what did lena say (when she called)?", "what did the landlord tell you?"
_SAID_BY = re.compile(
    r"^\W*what\s+did\s+(?:the\s+|my\s+|your\s+)?(?P<who>[^\W\d_][\w'’-]*)\s+"
    r"(?:say|tell\s+(?:you|me))\b",
    re.IGNORECASE,
)
_RELAY_VERBS = r"(?:called|rang|phoned|texted|messaged|emailed|said|says|told\s+me)"
_SAYING = re.compile(r"said|says|told\s+me", re.IGNORECASE)


def relayed(
    question: str, messages: Sequence[StoredMessage], ctx: ReaderContext
) -> tuple[StoredMessage, str] | None:
    """What a writer relays of someone who does not write in the chats: "Lena called this
    morning. Senior analyst at Northwind Labs…" (the sentences after the call), "the landlord
    said he'd fix the fan" (the words after "said")."""
    asked = _SAID_BY.match(question)
    if asked is None:
        return None
    who = asked.group("who")
    if who.lower() in speaker_names(ctx):
        return None  # a writer's own words are read as theirs (said_about)
    after = re.compile(
        rf"\b{re.escape(who)}\s+(?P<verb>{_RELAY_VERBS})\b"
        r"(?:\s+(?:that\s+)?(?P<inline>[^.!?]{6,}))?"
        r"[^.!?]*[.!?]*\s*(?P<rest>.*)",
        re.IGNORECASE | re.DOTALL,
    )
    for m in dict.fromkeys(messages):
        hit = after.search(m.text)
        if hit is None or asks(m.text):
            continue
        inline, rest = (hit.group("inline") or "").strip(), hit.group("rest").strip()
        # "Vet says he's got mites in his ears. Drops twice a day": what was said follows the
        # saying verb; after a call ("Lena called this morning."), the sentences after it
        said = (inline or rest) if _SAYING.fullmatch(hit.group("verb")) else (rest or inline)
        if said:
            return m, said.rstrip(".!")
    return None
