"""The place a chat's own exchange settles: the place booked a few turns after the question
came up ("do you know a restaurant in Kestrel Cove?" / "ok i'll book the driftwood room"), a
booking said as news ("booked. the old granary, sat 4th april"), and the reply to the chat's
own "where?" ("YESSS where" / "brindle court, the new-ish block on osier road")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.plan import timeexpr as tx
from memory_store.models import StoredMessage

from .reading import ReaderContext
from .text import terms

__all__ = ["announced_booking", "booked", "told_where"]


# "ok i'll book the driftwood room for saturday 22nd": the place booked for the occasion.
_BOOKED = re.compile(
    r"(?<![\w-])(?i:book(?:ed|ing)?|reserv(?:e|ed|ing))\s+(?i:us\s+)?"
    r"(?i:a\s+table\s+(?:at|in)\s+)?"
    r"(?P<x>(?:(?i:the)\s+[^\W\d_]|[A-Z])[\w'’&-]*(?:\s+[^\W\d_][\w'’&-]*){0,3}?)"
    r"(?=\s+(?:for|on|at|from|to|tonight|tomorrow)\b|\s*[,.!?;]|\s*$)",
)
# Booked things that are not places.
_NOT_BOOKED = re.compile(
    r"^(?:the\s+)?(?:it|them|one|that|this|a\s+table|table|tickets?|flights?|trains?|"
    r"taxi|cab|appointment|slot|time|day|days|off|in|out|back|away)$",
    re.IGNORECASE,
)
# How many turns after a best message a booking in its session still answers it.
_BOOK_TURNS = 4


def booked(
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    now: bool = False,
    news: Sequence[StoredMessage] = (),
) -> tuple[StoredMessage, str] | None:
    """The place a message books, a few turns after a best message of its session ("do you
    know a restaurant in Kestrel Cove?" ... "ok i'll book the driftwood room for saturday"):
    the latest such booking, and its message."""
    found: list[tuple[StoredMessage, str]] = []
    for m in ranked[:20]:
        near = any(
            g.session_id == m.session_id and 0 <= m.id - g.id <= _BOOK_TURNS for g in good[:3]
        )
        if not near:
            continue
        for b in _BOOKED.finditer(m.text):
            place = b.group("x").strip()
            if not _NOT_BOOKED.match(place):
                found.append((m, place))
                break
    # "so where is the anniversary meal happening now?": the chat's latest booking said as
    # news ("booked. the old granary, sat 4th april"), after the best messages, in their chat
    if now:
        chats = {g.conversation for g in good[:3]}
        first = min((g.ts for g in good[:3]), default=None)
        # (`news`: the chats' own messages saying "booked", which the ranking may not reach:
        # "BOOKED. the orchard room at the bell 🎉" for "the place we ended up booking")
        for m in dict.fromkeys([*ranked[:20], *news]):
            if m.conversation in chats and first is not None and m.ts > first:
                place = announced_booking(m.text)
                if place:
                    found.append((m, place))
    return max(found, key=lambda mp: (mp[0].ts, mp[0].id)) if found else None


# "booked. the old granary, sat 4th april", "BOOKED ✅ sat 6pm salt shed": news of a booking,
# the place in the clause after it, past the day and time.
_BOOKED_NEWS = re.compile(
    r"^\W*(?:booked|confirmed)\s*[.:!,✅🎉👍-][\s.:!,✅🎉👍-]*(?P<rest>[^,.;!?]+)", re.I
)
# What a booking's news says before its place: the day and the hour ("sat 6pm", "the 4th").
_WHEN_WORDS = (
    frozenset(tx.MONTHS)
    | frozenset(tx.WEEKDAYS)
    | frozenset(["at", "on", "for", "the", "this", "next", "tonight", "tomorrow"])
)
# …and what ends the place after it: a day or a month ("the fox and the hound" keeps "the")
_DAY_WORDS = frozenset(tx.MONTHS) | frozenset(tx.WEEKDAYS) | frozenset(["tonight", "tomorrow"])
_CLOCK_OR_DATE = re.compile(r"^\d{1,2}(?:st|nd|rd|th|(?:[:.]\d\d)?(?:am|pm)?)$", re.IGNORECASE)


_AFTER_BOOKED = frozenset(["on", "at", "for", "from", "to", "with", "in"])
# "UPDATE: whitstable house booked!!", "the old granary is booked": a place, then its booking
_PLACE_BOOKED = re.compile(
    r"^\W*(?:(?:update|news|so|ok|okay|right|also)\W+)?"
    r"(?P<x>(?:the\s+)?[^\W\d_][\w'’&-]*(?:\s+[^\W\d_][\w'’&-]*){0,3}?)\s+"
    # passive: "booked!!", "booked for sat"; not "daniel booked us into the museum" (a booker)
    r"(?:(?:is|are|now|all|officially|finally)\s+)*booked"
    r"(?=\s*(?:[^\w\s]|$)|\s+(?:for|on|at|from|till|until|today|tonight|tomorrow)\b)",
    re.IGNORECASE,
)
# Who books, not what is booked: "we booked", "i've booked".
_DOERS = frozenset(
    re.findall(
        r"\S+", "i we you he she they ive i've weve we've youve you've theyve they've dad mum"
    )
)


def announced_booking(text: str) -> str | None:
    news = _BOOKED_NEWS.match(text)
    if not news:
        # "UPDATE: whitstable house booked!! sleeps 10": the place, then the news
        after = _PLACE_BOOKED.match(text)
        place = after.group("x") if after else None
        if place is None or _NOT_BOOKED.match(place) or place.split()[0].lower() in _DOERS:
            return None
        return place
    words = news.group("rest").split()
    while words and (words[0].lower() in _WHEN_WORDS or _CLOCK_OR_DATE.match(words[0])):
        words = words[1:]
    # "cleaning on Thursday": what is booked, then when; a place is not the thing booked
    # …and a day or an hour said after it ends it: "booked! out thu 705am" is a flight's times
    cut = next(
        (
            i
            for i, w in enumerate(words)
            if w.lower() in _AFTER_BOOKED or w.lower() in _DAY_WORDS or _CLOCK_OR_DATE.match(w)
        ),
        len(words),
    )
    place = " ".join(words[: min(cut, 4)])
    if not place or _NOT_BOOKED.match(place) or not re.match(r"[^\W\d_]", place):
        return None
    if " " not in place and place.lower().endswith("ing"):  # "Booked: cleaning", a deed
        return None
    return ("the " + place) if news.group("rest").lower().lstrip().startswith("the ") else place


_ASKS_WHERE = re.compile(r"\bwhere\b[^.!?]*(?:\?|$)", re.IGNORECASE)
# "It's Seattle!": the place after the words that lead to it.
_LEAD_IN = re.compile(
    r"^(?:(?:it'?s|it’s|it\s+is|it\s+was|they'?re|we'?re|in|at|to|on|off|from|by|near|"
    r"outside|behind|next\s+to)\s+)+",
    re.IGNORECASE,
)
# How many words a reply's first clause may have to be the place ("the slipway next to the
# sailing club").
_TOLD_WORDS = 8
# A reply that thanks, agrees or tells a sentence names no place ("Thanks.", "It was great").
_NO_PLACE = frozenset(
    re.findall(
        r"\S+",
        "thanks thank yes yeah yep no nope ok okay oh wow haha lol sure well great nice sounds "
        "i i'm we you he she they it this that there was is are were am be been will would can "
        "not dunno",
    )
)
# A guess said after the place: "flickbox i think", "the leeds one probably".
_HEDGE = re.compile(r"\s+(?:i\s+think|i\s+reckon|i\s+guess|maybe|probably|apparently)\s*$", re.I)
_CLAUSE_END = re.compile(r"[,.;:!?(]|\s[-–—]\s")


# How many turns back the telling a where-question asks of may be.
_ASKED_OF = 4


def told_where(
    wanted: set[str], ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> tuple[StoredMessage, str] | None:
    """The chat asked it too ("GOT A FLAT" / "YESSS where" / "brindle court, the new-ish block
    on osier road"): the reply's first words, when short, are the place."""
    for m in ranked[:10]:
        asked = _ASKS_WHERE.search(m.text)
        if asked is None or len(m.text.split()) > 12:
            continue
        # the telling it asks of, a few turns back ("just watched cold hours" / "the one
        # about…" / "SOBBING" / "nadia you'd love it" / "where's it on")
        before = [
            n for n in ranked if n.session_id == m.session_id and 0 <= m.id - n.id <= _ASKED_OF
        ]
        if not wanted & {t for n in before for t in terms(n.text)}:
            continue
        reply = next((t for t in ctx.turns_after(m)[:2] if t.speaker != m.speaker), None)
        if reply is None or reply.text.rstrip().endswith("?"):
            continue
        first = _LEAD_IN.sub("", _CLAUSE_END.split(reply.text, maxsplit=1)[0].strip())
        first = _HEDGE.sub("", first)  # "flickbox i think? yeah flickbox"
        words = first.lower().split()
        if 0 < len(words) <= _TOLD_WORDS and not _NO_PLACE & set(words):
            return reply, first
    return None
