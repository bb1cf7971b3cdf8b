"""Answers a chat gives when it is asked back or offered a choice.

Chat tells news without the reason or the thing, and the other side asks: "corolla failed its
wof 😩" / "what for" / "sione at the garage reckons its the cv joint". A message that tells what
the question asks, followed by another person's short ask-back, is answered by its writer's
next turn. Or a choice is put ("glass or black slats around the deck") and the reply opens with
one of the options ("glass. we didnt buy a house with a view…"): that option was chosen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext
from .text import asks, terms

__all__ = ["chosen_option", "told_when_asked"]

# "what for", "why?", "how come", "what happened??", "oh no what's wrong", "which one": a
# short turn asking for what a telling left out.
_ASK_BACK = re.compile(
    r"^\s*(?:(?:oh\s+)?no+|oh|wait|ugh|really|seriously)?[\s!?.,]*"
    r"(?:what\s+for|why(?:\s+(?:tho|though|not))?|how\s+come|what\s+happened|"
    r"what(?:['’]s|\s+is|\s+was)\s+(?:it|wrong|up|the\s+(?:problem|issue|matter))|"
    r"what\s+did\s+(?:they|he|she|you)\s+(?:say|get|find|pick|choose|go\s+for)|which\s+one|"
    r"like\s+what|such\s+as|what\s+(?:kind|sort|type)|what\s+was\s+it|what)"
    r"(?:\s+(?:then|now|tho|though|exactly))?[\s!?.]*$",
    re.IGNORECASE,
)
# How many turns after a telling its ask-back and answer may come.
_WITHIN = 3


def told_when_asked(
    good: Sequence[StoredMessage], ctx: ReaderContext
) -> tuple[StoredMessage, StoredMessage] | None:
    """(the telling, its writer's answer) when one of the best messages was asked back; None
    otherwise. The answer is a statement, not another question."""
    for m in good[:3]:
        if asks(m.text):
            continue
        after = list(ctx.turns_after(m)[:_WITHIN])
        # The writer may go on before the other side asks: the first turn of another person.
        i = next((i for i, n in enumerate(after) if n.speaker != m.speaker), None)
        if i is None or not _ASK_BACK.match(after[i].text):
            continue
        reply = next((n for n in after[i + 1 :] if n.speaker == m.speaker), None)
        if reply is not None and not asks(reply.text):
            return m, reply
    return None


# "glass or black slats", "kwila or vitex?", "the red one or the blue one": two options.
_OPTIONS = re.compile(
    r"(?:^|[,:;.!?]\s*|\b(?:between|either)\s+)(?:the\s+)?"
    r"(?P<a>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)\s+or\s+(?:the\s+)?"
    r"(?P<b>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)(?=\s*(?:[?.!,]|$|\s+(?:for|around|on|in|at|with)\b))",
    re.IGNORECASE,
)


def chosen_option(
    messages: Sequence[StoredMessage],
    pool: Sequence[StoredMessage],
    ctx: ReaderContext,
    wanted: set[str],
) -> tuple[StoredMessage, str] | None:
    """(the reply, the option) when one of `messages`, or a turn of `pool` just before one,
    on a word of the question puts a choice of two and the next turn by someone else opens
    with one of them ("glass. we didnt buy…"); None otherwise."""
    # The offer is found from its reply too, which ranks higher for answering it ("glass. we
    # didnt buy a house with a view…" for "what railing did she choose for the deck").
    offers = [
        n
        for r in messages
        for n in [r, *(n for n in pool if n.session_id == r.session_id and 0 < r.id - n.id <= 2)]
    ]
    for m in dict.fromkeys(offers):
        if not wanted & terms(m.text):
            continue
        for offer in _OPTIONS.finditer(m.text):
            options = [offer.group("a").lower(), offer.group("b").lower()]
            reply = next((n for n in ctx.turns_after(m)[:2] if n.speaker != m.speaker), None)
            if reply is None:
                continue
            opening = reply.text.strip().lower()
            # One option the question's own words, the other not: a choice of another thing.
            # Both: the question asks this very choice ("timber or steel in the end?").
            # (by first words: "timber or steel posts" is timber posts or steel posts)
            asked = [terms(o.split()[0]) <= wanted for o in options]
            if asked[0] != asked[1]:
                continue
            for option in options:
                if re.match(rf"(?:the\s+)?{re.escape(option)}\b(?!\s+or\b)", opening):
                    return reply, option
    return None
