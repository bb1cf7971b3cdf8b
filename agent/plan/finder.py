"""The mention resolver as the store's `MentionFinder` (memory_store.models): the store is given
`FINDER` at ingest (and by `Store.rebuild_mentions`) and never imports agent.
"""

from __future__ import annotations

from datetime import datetime

from agent.plan.mentions import Mention, find_mentions

__all__ = ["ENGINE_VERSION", "FINDER", "Finder"]

# Bump when the rules change what they find: stores built by another version are rebuilt
# (memory_store Store.mentions_current, checked by agent.app.build_pipeline and the timeline).
ENGINE_VERSION = "mentions-15"


class Finder:
    """`find_mentions` with the version the store records."""

    version = ENGINE_VERSION

    def __call__(self, text: str, written: datetime, /) -> list[Mention]:
        return find_mentions(text, written)


FINDER = Finder()
