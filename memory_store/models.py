"""Plain records passed between importers, the store and the retrievers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

KINDS = ("text", "media", "system", "call")


@dataclass(frozen=True, slots=True)
class Message:
    """One message as an importer produces it, before it has a store id.

    `ts` is local wall-clock time as exported (naive). `ts_utc` is set only when the source
    gives an instant. `session_key` is the source's own session label (LoCoMo `session_3`);
    when it is None the store splits sessions at time gaps.
    """

    conversation: str
    source_ref: str
    speaker: str
    ts: datetime
    text: str
    kind: str = "text"
    session_key: str | None = None
    ts_utc: datetime | None = None
    extra: dict[str, str] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True, slots=True)
class StoredMessage:
    """A message as read back from the store."""

    id: int
    conversation: str
    source_ref: str
    speaker: str
    ts: datetime
    text: str
    kind: str
    session_id: int
    session_ordinal: int

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "source_ref": self.source_ref,
            "conversation": self.conversation,
            "speaker": self.speaker,
            "ts": self.ts.isoformat(),
            "text": self.text,
            "kind": self.kind,
            "session": self.session_ordinal,
        }


@dataclass(frozen=True, slots=True)
class MentionRow:
    """One time expression in a stored message, resolved against the message's own time.

    `start` is inclusive, `end` exclusive (a day is [00:00, next 00:00)), naive local
    wall-clock like `messages.ts`. `granularity` is one of time, part_of_day, day, weekend,
    week, month, season, year; `direction` past, future or present (against the message's
    time). `start_char`/`end_char` are the span of `text` in the message.
    """

    message_id: int
    start_char: int
    end_char: int
    start: datetime
    end: datetime
    granularity: str
    direction: str
    text: str

    def to_json(self) -> dict[str, object]:
        return {
            "message_id": self.message_id,
            "start_char": self.start_char,
            "end_char": self.end_char,
            "start": self.start.isoformat(),
            "end": self.end.isoformat(),
            "granularity": self.granularity,
            "direction": self.direction,
            "text": self.text,
        }


class FoundMention(Protocol):
    """What a `MentionFinder` returns for each time expression it finds."""

    @property
    def start_char(self) -> int: ...
    @property
    def end_char(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def start(self) -> datetime: ...
    @property
    def end(self) -> datetime: ...
    @property
    def granularity(self) -> str: ...
    @property
    def direction(self) -> str: ...


class MentionFinder(Protocol):
    """Finds and resolves the time expressions of one message text written at `written`.

    The store never imports the resolver (it lives in agent.plan.mentions): ingest and
    `Store.rebuild_mentions` are given one. `version` names the rules; a store whose
    mentions were built by another version is rebuilt (`Store.mentions_current`).
    """

    @property
    def version(self) -> str: ...

    def __call__(self, text: str, written: datetime, /) -> Sequence[FoundMention]: ...
