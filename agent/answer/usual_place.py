"""The usual place: "where does game night normally happen?". What happens normally is what
is said again and again: the place named most often among the messages on the question, when
some message says it is usual or it is named on several days."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .places import STREET, place_phrase, with_spot
from .reading import ReaderContext, Reading, speaker_names
from .spans import title_names
from .what import ASKS

__all__ = ["HABIT", "usual_place"]

# "where does game night normally happen?": a question of what is usual
HABIT = re.compile(
    r"\b(?:usual|usually|normally|typically|generally|always|regularly)\b", re.IGNORECASE
)
# Days a place is named on before it is the usual one without being called so.
_USUAL_DAYS = 3
# "could you get me outside the library?" arranges a place; "how was it at the pub?" asks.
_ARRANGES = re.compile(r"\b(?:could|can|shall|still\s+ok|ok\s+for)\b", re.IGNORECASE)
# Places too general to be one usual place.
_NOT_USUAL = frozenset(["home", "mine", "yours", "work", "town", "there", "here", "car"])
_USUAL = re.compile(
    r"\b(?:as\s+usual|usual|always|every\s+(?:week|time|month)|back\s+at|as\s+ever)\b",
    re.IGNORECASE,
)


def usual_place(messages: Sequence[StoredMessage], ctx: ReaderContext) -> Reading | None:
    """The place named most often among the messages on the question ("Rook & Pawn, 7pm",
    "Rook & Pawn as usual", "back at the Rook and Pawn"), when it is named at least twice and
    more often than any other: what happens normally is what is said again and again."""
    skip = speaker_names(ctx)
    seen: dict[str, list[StoredMessage]] = {}
    shown: dict[str, str] = {}
    heads: dict[str, set[str]] = {}  # a common noun's place, by its head: the chats it is in

    def count(m: StoredMessage, common_only: bool = False) -> None:
        if ASKS.search(m.text) and not _ARRANGES.search(m.text):
            return
        times = [x.text.lower() for x in ctx.mentions_of(m)]
        phrase = place_phrase(m.text, set(), times, origin=False)
        # "outside the library", "at the library": one place, known by its head
        common = [phrase] if phrase and not any(c.isupper() for c in phrase) else []
        for name in dict.fromkeys([*([] if common_only else title_names(m.text)), *common]):
            key = re.sub(r"\s+(?:&|and)\s+", " & ", name.lower())
            if name in common:  # its head; a street by its name ("on dane road")
                words = [w for w in key.split()[1:] if w not in ("the", "a", "my", "our")]
                key = " ".join(words) if STREET.search(key) else key.split()[-1]
            if key in skip or any(w in skip for w in key.split()) or key in _NOT_USUAL:
                continue
            if m not in seen.get(key, []):
                seen.setdefault(key, []).append(m)
            shown.setdefault(key, name)
            if name in common:
                heads.setdefault(key, set()).add(m.conversation)

    for m in messages:
        count(m)
    # The ranking holds a few of the times a common place is named; its chats hold them all.
    for key, chats in list(heads.items()):
        if re.fullmatch(r"[a-z]{3,}", key):
            for m in ctx.holding(rf"(?i)\b{key}\b", (), chats):
                count(m, common_only=True)
    # A place talked of often is not thereby usual (a one-off crag trip, a dinner out): some
    # message must say so ("Rook & Pawn as usual", "back at the Rook and Pawn"), or it is
    # named on many days ("outside the library" / "5 at the library?" / "see you at the library").
    seen = {
        k: ms
        for k, ms in seen.items()
        if any(_USUAL.search(m.text) for m in ms) or len({m.ts.date() for m in ms}) >= _USUAL_DAYS
    }
    ranked = sorted(seen.items(), key=lambda kv: -len(kv[1]))
    tie = len(ranked) > 1 and len(ranked[1][1]) == len(ranked[0][1])
    if not ranked or len(ranked[0][1]) < 2 or tie:
        return None
    key, said = ranked[0]
    # the spot in it, as a message saying it is usual gives it ("the bandstand in Marlow Park")
    usual = next((m for m in said if _USUAL.search(m.text)), said[0])
    place = with_spot(usual.text, shown[key])
    return Reading(
        f"{place[:1].upper()}{place[1:]}.",
        said[:3],
        "where",
        place,
        f"named in {len(said)} of the messages on it",
        why=[
            f"the place named most often ({len(said)} messages) for a question about what is usual"
        ],
    )
