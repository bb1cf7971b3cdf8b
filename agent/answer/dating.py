"""Which of a message's time expressions dates the event asked of: a day over a week, then the
one nearest the question's words, or nearest the way of the journey asked ("fly out thursday
8th, *back* wednesday 14th"); and which messages tell the journey the other way ("when did she
fly back?" is not "leaving tuesday")."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from memory_store.models import StoredMessage

from .reading import Mention, ReaderContext

__all__ = ["dated_in", "journey_ways", "other_way"]

_SPECIFIC = {"time": 0, "part_of_day": 1, "day": 1, "weekend": 2, "week": 3, "month": 4,
             "season": 5, "year": 6}  # fmt: skip


def journey_ways(question: str) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """The words of the journey the question asks of and of the way back: "when did she fly
    *back* from porto?" is not "leaving tuesday"; "when did they *leave*?" is not "got back
    yesterday"."""
    back, off = _RETURN.search(question), _DEPART.search(question)
    if bool(back) == bool(off):
        return None
    return (_RETURN, _DEPART) if back else (_DEPART, _RETURN)


def other_way(question: str) -> Callable[[str], bool] | None:
    """Whether a message tells only the journey the other way."""
    ways = journey_ways(question)
    if ways is None:
        return None
    one, other = ways
    return lambda text: bool(other.search(text)) and not one.search(text)


_RETURN = re.compile(r"\b(?:back|home|return(?:s|ed|ing)?)\b", re.IGNORECASE)
_DEPART = re.compile(
    r"\b(?:leav(?:e|es|ing)|left|depart(?:s|ed|ing)?|off\s+to|set(?:ting)?\s+off|"
    r"head(?:s|ed|ing)?\s+(?:off|out)|fl(?:y|ies|ying|ew)\s+(?:out|to)|flights?\s+to)\b",
    re.IGNORECASE,
)


def dated_in(
    messages: Sequence[StoredMessage],
    wanted: set[str],
    ctx: ReaderContext,
    wants_time: bool,
    way: re.Pattern[str] | None = None,
) -> list[tuple[StoredMessage, Mention]]:
    return [(m, x) for m in messages for x in _closest_mention(m, wanted, ctx, wants_time, way)]


def _closest_mention(
    m: StoredMessage,
    wanted: set[str],
    ctx: ReaderContext,
    wants_time: bool = False,
    way: re.Pattern[str] | None = None,
) -> list[Mention]:
    """The message's mention of the day asked: a day over a week, then the nearest to the
    question's words, or to the way asked ("fly out thursday 8th, *back* wednesday 14th")."""
    found = list(ctx.mentions_of(m))
    if wants_time and any(x.granularity == "time" for x in found):
        found = [x for x in found if x.granularity == "time"]
    if len(found) <= 1:
        return found
    low = m.text.lower()
    spots = [i for t in wanted if (i := low.find(t[:4])) >= 0] or [0]
    if way is not None:
        spots = [w.end() for w in way.finditer(m.text)] or spots
    # A day beats a week ("next week … effective January 1st"); then the nearest to the topic.
    return [
        min(
            found,
            key=lambda x: (
                _SPECIFIC.get(x.granularity, 9) > 1,
                min(abs(x.start_char - s) for s in spots),
            ),
        )
    ]
