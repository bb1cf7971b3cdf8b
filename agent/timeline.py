"""The event clock as a list: past and upcoming events by the date they happen, each with the
message that mentions it and how its words resolved ("'yesterday', written Mon 8 May 2023").

`timeline(store, ...)` reads the `mentions` table and is what `memlane timeline` prints;
other front ends (the MCP server) can call it as it is. A writable store made before the
table is filled first (`agent.app.upgrade_store` does so before a reader opens one). A clock
time inside a day the same message names ("Thursday November 5th at 9:00") is folded into
that day's entry, so each event shows once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from agent.plan.finder import FINDER
from memory_store.db.store import Store
from memory_store.models import MentionRow, StoredMessage

__all__ = ["TimelineEntry", "describe_when", "timeline"]


@dataclass(frozen=True)
class TimelineEntry:
    """One event: when it happens (`mention.start`..`mention.end`, end exclusive), the
    message that speaks of it, and a clock time the message gives for it, if any."""

    mention: MentionRow
    message: StoredMessage
    at: MentionRow | None = None

    @property
    def when(self) -> str:
        """The event time in words: "Thu 5 Nov 2026 09:00", "week of Mon 11 Mar 2024"."""
        text = describe_when(self.mention)
        return f"{text} {self.at.start:%H:%M}" if self.at is not None else text

    @property
    def words(self) -> str:
        """The matched words: "'Thursday November 5th' 'at 9:00'"."""
        found = [self.mention] + ([self.at] if self.at is not None else [])
        return " ".join(f"'{m.text}'" for m in found)

    @property
    def resolution(self) -> str:
        """How the words resolved: "'yesterday', written Mon 8 May 2023"."""
        return f"{self.words}, written {_day(self.message.ts)}"

    def to_json(self) -> dict[str, Any]:
        return {
            "when": self.when,
            "start": self.mention.start.isoformat(),
            "end": self.mention.end.isoformat(),
            "time": self.at.start.strftime("%H:%M") if self.at is not None else None,
            "granularity": self.mention.granularity,
            "direction": self.mention.direction,
            "words": [m.text for m in (self.mention, self.at) if m is not None],
            "resolution": self.resolution,
            "message": self.message.to_json(),
        }


def timeline(
    store: Store,
    *,
    conversation: str | None = None,
    start: date | None = None,
    end: date | None = None,
    limit: int | None = None,
) -> list[TimelineEntry]:
    """Events overlapping the days [start, end] (inclusive; either may be open), in event-time
    order, each with the message that mentions it."""
    if not store.read_only and not store.mentions_current(FINDER):
        store.rebuild_mentions(FINDER)  # a store made before the mentions table
    rows = store.timeline(conversation=conversation, start=start, end=end)
    days: dict[int, list[MentionRow]] = {}
    for m, _ in rows:
        if m.granularity in ("day", "part_of_day"):
            days.setdefault(m.message_id, []).append(m)
    folded: dict[tuple[int, int], MentionRow] = {}  # (message, day's start_char) -> time
    for m, _ in rows:
        if m.granularity == "time":
            host = _host(m, days.get(m.message_id, []))
            if host is not None and (m.message_id, host.start_char) not in folded:
                folded[(m.message_id, host.start_char)] = m
    shown = set(map(id, folded.values()))
    out = [
        TimelineEntry(m, msg, folded.get((m.message_id, m.start_char)))
        for m, msg in rows
        if id(m) not in shown
    ]
    return out[:limit] if limit is not None else out


def _host(at: MentionRow, days: list[MentionRow]) -> MentionRow | None:
    """The day of the same message that holds the clock time (the nearest in the text)."""
    holding = [d for d in days if d.start <= at.start < d.end]
    return min(holding, key=lambda d: abs(d.start_char - at.start_char), default=None)


_PARTS = {5: "morning", 12: "afternoon", 17: "evening", 18: "night"}
_SEASONS = {3: "spring", 6: "summer", 9: "autumn", 12: "winter"}


def describe_when(m: MentionRow) -> str:
    """A mention's interval in words, at its granularity."""
    g, start = m.granularity, m.start
    if g == "time":
        return f"{_day(start)} {start:%H:%M}"
    if g == "part_of_day":
        return f"{_day(start)} {_PARTS.get(start.hour, f'{start:%H:%M}')}"
    if g == "weekend":
        return f"weekend of {_day(start)}"
    if g == "week":
        return f"week of {_day(start)}"
    if g == "month":
        return f"{start:%B %Y}"
    if g == "season":
        return f"{_SEASONS.get(start.month, 'season')} {start.year}"
    if g == "year":
        return str(start.year)
    last = (m.end - timedelta(microseconds=1)).date()
    if g == "day" and last == start.date():
        return _day(start)
    return f"{_day(start)} – {_day(last)}"


def _day(d: date | datetime) -> str:
    return f"{d:%a} {d.day} {d:%b %Y}"
