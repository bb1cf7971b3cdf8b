"""The replies that answer a question put to a group. "food so far: pierogi, tortilla. what
else" is answered by "I'm making mochi" and "I'll bring mulled wine", which repeat none of its
words: the answers are the messages right after it, one per person, until someone speaks a
second time or the talk pauses."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import timedelta

from memory_store.models import StoredMessage

# Replies further apart than this are another exchange.
PAUSE = timedelta(minutes=15)
MAX_REPLIES = 8


def answers(
    asking: Sequence[StoredMessage], matches: Sequence[StoredMessage], by: Collection[str] = ()
) -> list[StoredMessage]:
    """The replies to each of `asking` found among `matches`; `by`: only these speakers'."""
    out: dict[int, StoredMessage] = {}
    for ask in asking:
        for m in _replies(ask, matches):
            if not by or m.speaker in by:
                out.setdefault(m.id, m)
    return sorted(out.values(), key=lambda m: (m.ts, m.id))


def _replies(ask: StoredMessage, matches: Sequence[StoredMessage]) -> list[StoredMessage]:
    after = sorted(
        (m for m in matches if m.session_id == ask.session_id and m.id > ask.id),
        key=lambda m: m.id,
    )
    spoke: set[str] = set()
    out: list[StoredMessage] = []
    last = ask
    for m in after[:MAX_REPLIES]:
        # A gap in the ids is a message the ranking left out: the exchange cannot be followed.
        if m.id != last.id + 1 or m.ts - last.ts > PAUSE or m.speaker in spoke:
            break
        spoke.add(m.speaker)
        out.append(m)
        last = m
    return out
