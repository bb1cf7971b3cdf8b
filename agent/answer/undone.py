"""A plan undone by name. A later message names the plan's own place or day with a problem
("The Anchor have double-booked the back room on the 20th", "They have no bed on the 11th"),
and its writer's next turns say what replaces it ("we'll just do it here in our garden
instead", "New date is Tuesday 23rd February"). Neither need repeat a word of the question,
so the chat's later messages naming the plan's value are read, not only those retrieved.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext, next_by_writer
from .text import sentences

# Trouble with a plan: it cannot happen as planned. Not "oh no" or "no worries": sympathy.
_TROUBLE = re.compile(
    r"(?<!oh\s)\b(?:no(?!\s+(?:worries|problem|prob|probs|bother|rush|way))|not|"
    r"can['’]?t|cannot|won['’]?t|isn['’]?t|aren['’]?t|couldn['’]?t|"
    r"double[- ]?booked|overbooked|cancel\w*|closed|shut|problem|disaster|bad\s+news|"
    r"fell\s+through|flooded|unavailable|clash\w*|fully\s+booked)\b",
    re.IGNORECASE,
)
# "the Toronto trip has moved too": another plan, told beside this one's change
ANOTHER_MOVED = re.compile(
    r"\b(?:moved|changed|shifted|pushed\s+back|put\s+back|postponed)\s+(?:too|as\s+well)\b|"
    r"\balso\s+(?:been\s+)?(?:moved|changed|shifted|postponed)\b",
    re.IGNORECASE,
)
# A plan said to switch: "switching to November", "changing it to the 14th".
SWITCHED = re.compile(r"\b(?:switch(?:ing|ed)?|moving|changing)\s+(?:it\s+)?to\b", re.I)
# How many of its writer's next turns may say what replaces the plan.
_REPLACE_TURNS = 3


# Where a message names the plan's value: character spans of its text.
Naming = Callable[[StoredMessage], Sequence[tuple[int, int]]]


def undone(m: StoredMessage, value: str, ctx: ReaderContext, named: Naming) -> list[StoredMessage]:
    """The turns that follow, by the same writer and in the same session, a later message of
    `m`'s chat with trouble in a sentence naming the plan's `value` (`named` says where one
    does), oldest first: where the plan as it now stands may be said."""
    out: list[StoredMessage] = []
    for n in ctx.later_holding(value, m):
        if n.conversation == m.conversation and _in_trouble(n.text, named(n)):
            # "I can't do Sept 12. switching to November. Saturday Nov 14": the trouble's own
            # message may say what replaces it
            out += [n] if SWITCHED.search(n.text) else _next_by_writer(n, ctx)
    return list(dict.fromkeys(out))


def _in_trouble(text: str, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether a sentence holding one of `spans` says there is trouble ("They have no bed on
    the 11th"), not another ("Oh no. That's ok, the 16th is fine")."""
    return any(
        a <= start < b and _TROUBLE.search(text, a, b)
        for a, b in sentences(text)
        for start, _ in spans
    )


def _next_by_writer(n: StoredMessage, ctx: ReaderContext) -> Sequence[StoredMessage]:
    return [t for t in next_by_writer(n, ctx, _REPLACE_TURNS) if not ANOTHER_MOVED.search(t.text)]
