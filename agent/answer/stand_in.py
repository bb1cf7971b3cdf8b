"""Who took another's place: "who took mateo's place?", "who subbed in for steph?", "who's
covering for me over the holidays?". The one who stands in is told near the news that the
other can't, and seldom with the question's words: "Mateo se va a Houston en octubre" /
"Nacho can do it"; "i'll get my sister maddie to fill in while ur out"."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta

from memory_store.models import StoredMessage

from .kinds import QuestionKind
from .reading import ReaderContext, Reading, told_in
from .spans import names_in

__all__ = ["stand_in"]

# The question: a place taken, or someone stood in for ("for me": the user).
_ASKED = re.compile(
    r"\bwho\b.*?\b(?:"
    r"(?:took|take|takes|taking|'s\s+taking)\s+(?P<whose>[\w-]+)['’]s\s+(?:place|spot)|"
    r"(?:replaced|replacing|replaces)\s+(?P<whom>[\w-]+)|"
    r"(?:stood|stand(?:s|ing)?|fill(?:ed|s|ing)?|sub(?:bed|s|bing)?|step(?:ped|s|ping)?)\s+in"
    r"\s+for\s+(?P<for>[\w-]+)|"
    r"(?:covered|covering|covers|cover|subbed|subbing)\s+for\s+(?P<cover>[\w-]+)"
    r")",
    re.IGNORECASE,
)
# A turn that names who will do it instead.
_STANDS_IN = re.compile(
    r"\b(?:can|could|will|['’]ll)\s+do\s+it\b|\bfill(?:s|ed|ing)?\s+in\b|\bcover(?:s|ed|ing)?\b|"
    r"\btak(?:e|es|ing)\s+over\b|\btook\s+over\b|\bstep(?:s|ped|ping)?\s+in\b|"
    r"\bsub(?:s|bed|bing)?\s+in\b|\bin\s+(?:his|her|their)\s+place\b|\breplac\w+|"
    r"\b(?:his|her|their)\s+place\b",
    re.IGNORECASE,
)
_I_WILL = re.compile(r"^\W*(?:i\s+can|i['’]ll|i\s+will|i\s+could)\b", re.IGNORECASE)
# How many turns after a message on the one replaced the stand-in is looked for, how far down
# the ranking such messages are taken, and how many days on a reply in another session counts.
_REACH = 8
_DEPTH = 6
_WITHIN = timedelta(days=7)


def stand_in(
    question: str,
    qk: QuestionKind,
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> Reading | None:
    """The one named as standing in, in a turn after a best message on the one replaced (or
    on the question's topic); None when the question asks no such thing or no turn names one."""
    asked = _ASKED.search(question)
    if asked is None:
        return None
    whom = next((g for g in asked.groups() if g), "").lower()
    replaced = {ctx.me.lower()} if whom in ("me", "us") and ctx.me else {whom}
    # …and every message naming the one replaced: the news that they can't ("Mateo se va a
    # Houston en octubre") shares no word with "who took his place?"
    named = ctx.holding(rf"\b{re.escape(whom)}\b", (), ()) if whom not in ("me", "us") else ()
    seen: set[int] = set()
    offers: dict[str, Sequence[StoredMessage]] = {}  # a chat's turns that stand someone in
    # Near the news of the one replaced first: "Nacho can do it" is no stand-in for Steph.
    for m in dict.fromkeys([*named, *good[:3], *ranked[:_DEPTH]]):
        if m.conversation not in offers:
            offers[m.conversation] = ctx.holding(_STANDS_IN.pattern, (), [m.conversation])
        # the reply may come the next morning, in another session of the chat
        later = [n for n in offers[m.conversation] if m.ts < n.ts <= m.ts + _WITHIN]
        for n in [m, *ctx.turns_after(m)[:_REACH], *later]:
            if n.id in seen or not _STANDS_IN.search(n.text):
                continue
            seen.add(n.id)
            names = names_in(n.text, ctx.names, replaced | {n.speaker.lower()})
            if names:
                why = "the one a turn after the news names as standing in"
                return told_in(names[0], n, qk.kind.value, ctx, why)
            if _I_WILL.search(n.text) and n.speaker.lower() not in replaced:
                why = "the one who offers to do it, a turn after the news"
                return told_in(n.speaker, n, qk.kind.value, ctx, why)
    return None
