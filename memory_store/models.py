"""Plain records passed between importers, the store and the retrievers."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

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
