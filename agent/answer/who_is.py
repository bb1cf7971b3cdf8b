"""“who is marta?” of someone the chats speak of but who writes in none of them: who they are
to the people writing, as the chat says it ("my sister maddie", "bev the scheme manager",
"pete next door", "sione at the garage"), else the chats that name them, with a message that
does. Never a bare quote: the person asked what the history knows of them."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.plan.people import PERSON_NOUNS
from memory_store.models import StoredMessage

from .reading import ReaderContext, Reading, said_by, who
from .text import clip

_ROLE = "|".join(sorted(PERSON_NOUNS, key=len, reverse=True))
_KIN = r"(?:my|our|his|her|their|ur|your)"


def _patterns(name: str) -> list[tuple[re.Pattern[str], str]]:
    """How a chat says who someone is, each with how the answer words it."""
    n = re.escape(name)
    return [
        # "my sister maddie", "my apprentice Josh", "our neighbour ray"
        (
            re.compile(
                rf"\b(?P<kin>{_KIN})\s+(?P<role>(?:(?:little|big|older|younger|new|old)\s+)?"
                rf"(?:{_ROLE}))\s+{n}\b",
                re.I,
            ),
            "kin",
        ),
        # "maddie, my sister", "marco (my husband)", "maddie's my cousin"
        (
            re.compile(
                rf"\b{n}(?:\s*[,(]\s*|['’]s\s+|\s+is\s+)(?P<kin>{_KIN})\s+(?P<role>{_ROLE})\b",
                re.I,
            ),
            "kin",
        ),
        # "the hiring manager, someone called Lena Brooks", "a plumber called ola"
        (
            re.compile(
                rf"\b(?:the|a|an)\s+(?P<role>(?:[a-z]+\s+)?(?:{_ROLE})),?\s+(?:someone\s+|"
                rf"a\s+(?:guy|woman|lady|man|bloke)\s+)?(?:called|named)\s+{n}\b",
                re.I,
            ),
            "the",
        ),
        # "bev the scheme manager", "sione the mechanic"
        (re.compile(rf"\b{n},?\s+the\s+(?P<role>(?:[a-z]+\s+)?(?:{_ROLE}))\b", re.I), "the"),
        # "pete next door", "kiri across the road", "sione at the garage"
        (
            re.compile(
                rf"\b{n}\s+(?P<role>next\s+door|across\s+the\s+road|down\s+the\s+road|"
                r"(?:at|from)\s+the\s+[a-z]+)\b",
                re.I,
            ),
            "where",
        ),
    ]


def _whose(kin: str, m: StoredMessage, ctx: ReaderContext) -> str:
    """Whose relation "my" is: the writer's ("Kirra's sister"), or the user's ("your")."""
    writer = who(m, ctx)
    kin = kin.lower()
    if kin in ("my", "our"):
        return "your" if writer == "you" else f"{writer}'s"
    return "your" if kin in ("ur", "your") and writer != "you" else kin


def who_is(name: str, mentions: Sequence[StoredMessage], ctx: ReaderContext) -> Reading | None:
    """Who `name` (as the question wrote it) is, from the messages naming them, best first."""
    shown = " ".join(w[:1].upper() + w[1:] for w in name.split())
    patterns = _patterns(name)
    for m in mentions:
        for pattern, form in patterns:
            found = pattern.search(m.text)
            if not found:
                continue
            role = re.sub(r"\s+", " ", found.group("role").lower())
            if form == "kin":
                text = f"{shown} is {_whose(found.group('kin'), m, ctx)} {role}."
            elif form == "the":
                text = f"{shown} is the {role}."
            else:
                text = f"{shown} is the one {role}."
            why = f"who the chat says {shown} is (‘{clip(found.group(0))}’)"
            return Reading(text, [m], "who", role, said_by(m, ctx), why=[why])
    if not mentions:
        return None
    chats = list(dict.fromkeys(m.conversation for m in mentions))[:_CHATS]
    named = " and ".join(_chat(c, ctx) for c in chats)
    text = (
        f"{shown} is not one of the people writing; {named} mention{'s' * (len(chats) == 1)} "
        f"{shown}: “{clip(mentions[0].text)}”"
    )
    why = f"{shown} is named in messages, not a writer: the chats that name them"
    return Reading(text, list(mentions[:2]), "who", shown, said_by(mentions[0], ctx), why=[why])


def _chat(conversation: str, ctx: ReaderContext) -> str:
    """ "your chat with Aki" for a chat of two, "“Climbing crew”" for a group."""
    others = sorted(set(ctx.participants.get(conversation, ())) - {ctx.me or ""})
    if len(others) == 1:
        return f"your chat with {others[0]}"
    return f"“{conversation}”"


# How many chats the answer names for someone no role is said of.
_CHATS = 2
