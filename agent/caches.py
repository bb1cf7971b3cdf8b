"""What the pipeline reads on every question, cached per store version.

The speakers in scope, the newest message time of every conversation (one scan for all: a
store of many chats would otherwise be scanned once per question) and the conversation names.
Each entry is keyed by the store's `data_version`, so an import invalidates it.
"""

from __future__ import annotations

from datetime import datetime

from agent.answer.lexicon import lower_case_names, person_names, place_names
from memory_store.db.store import Store

__all__ = ["VersionCaches"]


class VersionCaches:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._speakers: dict[tuple[int, str | None], list[str]] = {}
        self._latest: tuple[int, dict[str, datetime]] | None = None
        self._conversations: tuple[int, list[str]] | None = None
        self._lexicons: tuple[int, frozenset[str], frozenset[str]] | None = None

    def speakers(self, version: int, conversation: str | None) -> list[str]:
        key = (version, conversation)
        if key not in self._speakers:
            self._speakers[key] = self.store.speakers(conversation)
        return self._speakers[key]

    def latest_ts(self, version: int, conversation: str | None) -> datetime | None:
        if self._latest is None or self._latest[0] != version:
            self._latest = (version, self.store.latest_by_conversation())
        latest = self._latest[1]
        if conversation is None:
            return max(latest.values(), default=None)
        return latest.get(conversation)

    def conversations(self, version: int) -> list[str]:
        if self._conversations is None or self._conversations[0] != version:
            self._conversations = (version, self.store.conversations())
        return self._conversations[1]

    def names(self, version: int) -> frozenset[str]:
        """Person names (lower case): the speakers', and in a sample of 5,000 messages the words
        written capitalised (`person_names`) and those written only in lower case as a
        person's (`lower_case_names`)."""
        return self._lexicon(version)[1]

    def places(self, version: int) -> frozenset[str]:
        """Place names (lower case): words written capitalised where one goes to, comes from
        or stays, in the same sample (`place_names`)."""
        return self._lexicon(version)[2]

    def _lexicon(self, version: int) -> tuple[int, frozenset[str], frozenset[str]]:
        # One sample for both: a word is a person's name or a place's, never both.
        if self._lexicons is None or self._lexicons[0] != version:
            sample = self.store.sample_texts(5000)
            places = place_names(sample)
            speakers = {w.lower() for s in self.speakers(version, None) for w in s.split()}
            # …and the names a chat only ever writes in lower case ("chris is right here")
            names = person_names(sample, places) | speakers | (lower_case_names(sample) - places)
            self._lexicons = (version, frozenset(names), frozenset(places))
        return self._lexicons
