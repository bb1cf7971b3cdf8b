"""What one person tells as a run of short lines, one message each: "ASK IF THE TIMING BELT
BEEN DONE" / "AND LOOK UNDERNEATH FOR RUST" / "CHECK THE TYRES TOO", or a weekend's plan a line
a day. Asked "what did dad tell me to check?", the answer is every line of the run."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .items import Item
from .reading import ReaderContext
from .text import clip, terms

__all__ = ["lines_of_a_burst"]


def lines_of_a_burst(matches: Sequence[StoredMessage], ctx: ReaderContext) -> list[Item]:
    """A list one person sends as a run of short lines ("ASK IF THE TIMING BELT BEEN DONE" /
    "AND LOOK UNDERNEATH FOR RUST" / "CHECK THE TYRES TOO"; "ok margs plan, tell me if u hate
    it" / "sat arvo brewery crawl" / "sun morning walk at surfers point…"), when two of the
    best matches are lines of it: each line an item, as written, without a heading."""
    top = list(matches[:_BURST_TOP])
    for b in sorted(top, key=lambda m: (m.ts, m.id)):  # from its first line the best hold
        run = _run_of(b, ctx)
        if sum(m in run for m in top) < 2:
            continue
        lines = [m for m in run if not _HEADING.search(m.text)]
        if len(lines) >= 2:
            return [Item(clip(m.text, _LINE_CHARS), m, frozenset(terms(m.text))) for m in lines]
    return []


def _run_of(first: StoredMessage, ctx: ReaderContext) -> list[StoredMessage]:
    """The short lines its writer sends one after another from `first` on, none a question."""
    run = [first]
    for n in ctx.turns_after(first):
        if (n.ts - run[-1].ts).total_seconds() > _BURST_GAP:
            break
        if n.speaker != first.speaker:
            # another's "will do" between two lines acknowledges them; anything more replies
            if len(n.text.split()) <= _ACK_WORDS and "?" not in n.text:
                continue
            break
        run.append(n)
    return [m for m in run if "?" not in m.text and len(m.text.split()) <= _LINE_WORDS]


# How many of the best matches a run of lines must hold two of; how far apart its lines may
# be (seconds: one person typing a list between other things); how many words another's
# acknowledgement between them has; how long a line is; how much of it the answer shows.
_BURST_TOP = 3
_BURST_GAP = 1800
_ACK_WORDS = 3
_LINE_WORDS = 25
_LINE_CHARS = 90
# A run's heading, not an item: "ok margs plan, tell me if u hate it", "here's the list:"
_HEADING = re.compile(r":\s*$|\b(?:plan|list|here'?s|itinerary|tell\s+me\s+if)\b", re.I)
