"""How a thing went: "how was the ryokan?", "how did the interview go?", "how is miso?". A chat
asks it itself ("How was the ryokan?", "How did it go??", "And?? How is she?") and the other
side answers in the next turn ("Amazing. The kaiseki dinner had eleven courses."). That reply is
the answer; the message that only names the thing ("a small ryokan called Yoshida-sanso") says
nothing of how it went."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.indexes.tokenize import STOPWORDS
from memory_store.models import StoredMessage

from .moves import DAY_OR_FINER
from .reading import ReaderContext, Reading, said_by
from .text import asks, clip, terms

__all__ = ["asks_what_happened", "how_it_went"]

# The user's question: "how was the ryokan?", "how did the interview go?", "how's miso doing?"
_ASKED = re.compile(
    r"^\s*(?:and\s+|so\s+)?(?:how(?:['’]s|\s+(?:was|were|is|are|did|does|do))\s+(?P<thing>.+?)"
    r"(?:\s+(?:go|went|going|doing|getting\s+on))?|"
    # "what was the ryokan like?" asks how it was
    r"what(?:['’]s|\s+(?:was|were|is|are))\s+(?P<like>.+?)\s+like)\s*[?!.]*\s*$",
    re.IGNORECASE,
)
_LIKED = re.compile(r"^\s*(?:i|you|we|he|she|they)\s+(?:like|find|enjoy)\s+", re.IGNORECASE)
# "what happened at the vet?": how it went, asked of what came of it
_HAPPENED = re.compile(
    r"^\s*(?:and\s+|so\s+)?what\s+happened\s+(?:at|with|in|on|during)\s+(?P<thing>.+?)"
    r"\s*[?!.]*\s*$",
    re.IGNORECASE,
)
# The chat asking it: "How was the ryokan?", "How did it go??", "how's she doing", "And?? How
# is she?"
_ASKING = re.compile(
    r"\bhow(?:['’]s|\s+(?:was|were|is|are|did|does|do))\s+(?P<thing>[^?]{1,40}?)"
    r"(?:\s+(?:go|went|going|doing|getting\s+on))?\s*\?",
    re.IGNORECASE,
)
# A pronoun standing for the thing named a few turns before: "How did it go??"
_PRONOUN = frozenset(["it", "she", "he", "they", "that", "things", "everything"])
# How far down the ranking the chat's own asking is looked for, and how many turns before it
# may name what a pronoun stands for.
_DEPTH = 20
_BEFORE = 4


def asks_what_happened(question: str) -> bool:
    return _HAPPENED.match(question) is not None


def how_it_went(
    question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    """The reply to the chat's own asking how the thing went, or None when the question asks
    no such thing or the chat never asked it."""
    asked = _ASKED.match(question) or _HAPPENED.match(question)
    if asked is None:
        return None
    # "how did I like the ryokan?", "how did you find the dinner?" ask how it was
    thing = terms(_LIKED.sub("", asked.group("thing") or asked.group("like") or "")) - _FILLER
    if not thing:
        return None
    # "the interview at northwind": the thing, and which one it is
    head, *which = _QUALIFIER.split(asked.group("thing") or asked.group("like") or "", 1)
    if not which:  # "the northwind interview": the head last
        *which, head = head.split() or [""]
    qualified = (terms(head) - _FILLER, terms(" ".join(which)) - _FILLER)
    for m in ranked[:_DEPTH]:
        asking = _ASKING.search(m.text)
        if asking is None or not _of_thing(m, asking.group("thing"), thing, ranked, qualified):
            continue
        reply = next(
            (n for n in ctx.turns_after(m)[:2] if n.speaker != m.speaker and not asks(n.text)),
            None,
        )
        if reply is not None:
            why = f"the reply when the chat asked it (“{clip(asking.group(0), 60)}”)"
            return _quoting([reply], [m], ctx, why)
    return _back_from(thing, ranked, ctx) or _told_after(thing, ranked, ctx)


def _back_from(
    thing: set[str], ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    """ "What happened at the vet?": the message back from it ("Back from the vet with Miso."),
    and what its writer told next, asked or not ("And?? How is she?" / "No blockage, thank
    god. The x-ray was clear…")."""
    for m in ranked[:_DEPTH]:
        back = _BACK_FROM.search(m.text)
        # all of what is asked of ("the dentist"), not one word of it ("how did jess
        # describe the pastries in lisbon?" is not "Back from Lisbon!")
        if back is None or not terms(back.group(1)) & thing or not thing <= terms(m.text):
            continue
        nxt = ctx.turns_after(m)[:2]
        told = next(
            (
                n
                for i, n in enumerate(nxt)
                if n.speaker == m.speaker and (i == 0 or asks(nxt[0].text))
            ),
            None,
        )
        said = [m, *([told] if told else [])]
        return _quoting(said, [], ctx, "the message back from it, and what its writer told next")
    return None


# "Back from the vet with Miso.", "just got home from the dentist"
_BACK_FROM = re.compile(
    r"\b(?:back|home)\s+from\s+(?:the\s+|my\s+|our\s+|a\s+)?([\w'’-]+)", re.IGNORECASE
)


def _told_after(
    thing: set[str], ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    """ "How did the crag trip go?" when nobody asked: the first message of the plan's chat
    written after the day the plan named, speaking of that day ("Tomorrow is Castle Crags!" /
    "What a day yesterday. My forearms are destroyed.")."""
    plans = [
        (x.start, m)
        for m in ranked[:_DEPTH]
        if thing <= terms(m.text)
        for x in ctx.mentions_of(m)
        if x.granularity in DAY_OR_FINER
        and x.start.date() > m.ts.date()
        and (ctx.now is None or x.start <= ctx.now)
    ]
    if not plans:
        return None
    # plans move: the day the latest message on it names
    day, plan = max(plans, key=lambda p: (p[1].ts, p[0]))
    start = day.replace(hour=0, minute=0, second=0, microsecond=0)
    told = [
        n
        for n in ctx.speaking_after(start, start)
        if n.conversation == plan.conversation
        and not asks(n.text)
        and any(x.start.date() == day.date() for x in ctx.mentions_of(n))
    ]
    if not told:
        return None
    report = min(told, key=lambda n: (n.ts, n.id))
    why = f"the first message after {day:%-d %B}, the day the plan named, speaking of it"
    return _quoting([report], [plan], ctx, why)


def _quoting(
    said: list[StoredMessage], context: list[StoredMessage], ctx: ReaderContext, why: str
) -> Reading:
    """The messages that answer, quoted and cited before the `context` they answer, by the
    first one's writer. The span is one message's words when it answers beside its context
    (a reply, a report), else the quotes ("Back from the vet…" and what its writer told)."""
    quotes = " ".join(f"“{clip(n.text.strip())}”" for n in said)
    span = said[0].text.strip() if len(said) == 1 and context else quotes
    return Reading(quotes, [*said, *context], "what", span, said_by(said[0], ctx), why=[why])


# "the interview *at* northwind", "the dinner *with* ana": which one the thing is
_QUALIFIER = re.compile(r"\s+(?:at|with|for|in|on|from|of)\s+", re.IGNORECASE)
# Words of "how did the interview go for you" that say no thing.
_FILLER = frozenset(terms("go went going doing getting on for you your from side then now so"))


def _of_thing(
    m: StoredMessage,
    asked: str,
    thing: set[str],
    ranked: Sequence[StoredMessage],
    qualified: tuple[set[str], set[str]] = (set(), set()),
) -> bool:
    """Whether the chat's asking is of the thing: it names it, or asks by a pronoun a turn or
    few after a message of its session that does ("Interview done!" / "How did it go??")."""
    words = {w.lower() for w in re.findall(r"[\w'’]+", asked)}
    if thing <= terms(asked):
        return True
    if not words & _PRONOUN or words - _PRONOUN - STOPWORDS - _FILLER:
        return False
    before = [n for n in ranked if n.session_id == m.session_id and 0 < m.id - n.id <= _BEFORE]
    if any(thing <= terms(n.text) for n in before):
        return True
    # "how did the interview at northwind go?": "Interview done!" / "How did it go??", where
    # what the chat said before of the thing ("Northwind Labs wants to interview me!") says
    # which one
    head, which = qualified
    return bool(head and which) and any(
        head <= terms(n.text)
        and any(
            which <= terms(o.text)
            for o in ranked
            if o.conversation == m.conversation and o.ts <= n.ts
        )
        for n in before
    )
