"""A name settled in the chat's own exchange: "we need a new team name tho" / "les
quizerables" / "😂 ok that's it. locked in"; "NAME SORTED" / "the rewena wagon 🍞🚚". The
name is the short line a turn or two after the chat asks for one (or announces it), said as
nothing but the name."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext
from .text import said_terms

# A chat asking for a name, or announcing one: "need a name for the truck", "we need a new
# team name", "NAME SORTED", "name ideas?", "what should we call her". RE2 too: the store
# reads by it.
NAME_CUE = re.compile(
    r"(?i)\b(?:need|needs|want|wants|got|have|found|pick|choose)\s+(?:a\s+)?(?:new\s+)?"
    r"(?:[a-z]+\s+)?name\b|\bnames?\s+(?:sorted|decided|chosen|picked|ideas?|options?)\b|"
    r"\bwhat\s+(?:should|shall|do)\s+(?:we|i)\s+call\b"
)
_WORD = re.compile(r"[^\W\d_][\w'’&-]*")
# How many turns after the cue the name may come, and how many words it may have.
_TURNS = 3
_NAME_WORDS = 5
# Lines that answer the cue with no name: agreement, laughter, a question back.
_NOT_A_NAME = frozenset(
    re.findall(
        r"\S+",
        "yes yeah yep no nope ok okay lol haha omg love it that's that is this i i'm we you he "
        "she they it's what how why who when where hmm idk dunno maybe sure nice good great "
        "thanks thx wait same",
    )
)


def _bare_name(text: str) -> str | None:
    """The line itself as a name: a few words, no question, none a word of agreement."""
    if "?" in text:
        return None
    words = _WORD.findall(text)
    if not words or len(words) > _NAME_WORDS:
        return None
    if any(w.lower() in _NOT_A_NAME for w in words):
        return None
    return " ".join(words)


def exchange_names(
    cues: Sequence[StoredMessage], topic: set[str], people: Collection[str], ctx: ReaderContext
) -> list[tuple[StoredMessage, str]]:
    """The names the chat settles after each cue on the topic, oldest first. A cue is on the
    topic when it or its line holds a topic word ("need a name for the truck"); a later cue
    in the same chat by a person the question names continues that search ("NAME SORTED")."""
    found = []
    asked_in: dict[str, StoredMessage] = {}  # chat -> its first cue on the topic
    for cue in sorted(dict.fromkeys(cues), key=lambda m: (m.ts, m.id)):
        if not NAME_CUE.search(cue.text):
            continue
        after = list(ctx.turns_after(cue))[:_TURNS]
        line = next(((n, name) for n in after if (name := _bare_name(n.text))), None)
        on_topic = bool(
            (said_terms(cue.text) | (said_terms(line[0].text) if line else set())) & topic
        )
        if on_topic:
            asked_in.setdefault(cue.conversation, cue)
        going_on = cue.conversation in asked_in and cue.speaker.lower() in people
        if line is not None and (on_topic or going_on):
            found.append(line)
    return found
