"""What someone said of a thing: "what did Priya say about her finger?", "what did the vet
say?". A topic, not a span: the telling itself (not a question about it), with what its writer
goes on to say of it in the next turns; in a chat, a short best message is quoted whole."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .kinds import Kind
from .reading import ReaderContext, Reading, own_words, said_by, speaker_asked, who
from .text import asks, clip, short_day

__all__ = ["said_about"]


def said_about(
    question: str,
    good: Sequence[StoredMessage],
    ctx: ReaderContext,
    score: float,
    ranked: Sequence[StoredMessage] = (),
) -> Reading | None:
    """The best telling of `good` and what its writer said next of it; None when there is
    none to quote as said (the reader then reads the question as a what-question)."""
    # "what did priya say about her presents?": her own words ("I love the chalk bag"),
    # though they share no word with the question, not the others' talk of buying them
    by = _sayer(question, ctx)
    if by is not None:
        own = [m for m in good if m.speaker == by]
        good = own or own_words(ranked, by)
    # The telling itself, not a question about it ("How is she?" asks).
    first = next((m for m in good if not asks(m.text)), None)
    if first is None:
        return None
    # "what did the vet say?": someone outside the chat, whose words come back in a
    # report of the visit ("Back from the vet with Miso."), not in "Call the vet"
    role = _ROLE_SAID.search(question)
    if role:
        visited = re.compile(rf"\b(?:from|at|with)\s+the\s+{role.group(1)}\b", re.I)
        reported = [m for m in good[:_ROLE_DEPTH] if visited.search(m.text) and not asks(m.text)]
        first = reported[0] if reported else first
    told = _told_on(first, ctx)
    # In a chat, a message is a few sentences said as one: "Heads up: Boulder Barn is
    # raising the membership price on October 1st. 65 to 75 a month." is all of what she
    # said, and its best sentence alone leaves out the figure.
    # (Only the best message itself: a telling below a question that ranks first, "Rest up.
    # We need you for the crag trip." below "Castle Crags on Saturday October 17th?", is
    # no better an answer than the question's best sentence.)
    whole = first is good[0] and ctx.short_messages and len(first.text.split()) <= _WHOLE
    return _said(first, told, ctx, score) if told or whole else None


# "what did the vet say?", "what did my mechanic tell me": a role, asked after by what it said.
_ROLE_SAID = re.compile(
    r"\bwhat\s+did\s+(?:the|my|our|his|her|their)\s+([a-z]+)\s+(?:say|tell|said)\b", re.I
)
# "what did priya say about…", "what did aki tell me about…": the one who said it
_SAYER = re.compile(r"\bwhat\s+(?:did|does|has)\s+([\w'’]+)\s+(?:say|tell|said|think)\b", re.I)


def _sayer(question: str, ctx: ReaderContext) -> str | None:
    """The speaker the question asks what they said, when they write in the chat."""
    asked = _SAYER.search(question)
    return speaker_asked(asked.group(1), ctx, me_words=("i",)) if asked else None


# How many of the best messages may report a visit to it.
_ROLE_DEPTH = 4
_SHORT = 15  # words: a chat message that opens a telling
_WHOLE = 40  # words: a chat message said whole when asked what someone said of a thing


def _told_on(m: StoredMessage, ctx: ReaderContext) -> list[StoredMessage]:
    """What the writer of a short message goes on to say of it in the next few turns of the
    session: "Back from the vet with Miso." is followed by "No blockage, thank god. The x-ray
    was clear…". Their statements of a few words or more; not questions, nor what others say
    between. A long message says its piece itself (LoCoMo's turns: quoting the next two as well
    lowered F1 on eight "what did X say about…" questions)."""
    if len(m.text.split()) > _SHORT:
        return []
    return [
        n
        for n in ctx.turns_after(m)
        if n.speaker == m.speaker and not asks(n.text) and len(n.text.split()) >= 4
    ][:2]


def _said(m: StoredMessage, told: list[StoredMessage], ctx: ReaderContext, score: float) -> Reading:
    said = " ".join(f"“{clip(n.text)}”" for n in [m, *told])
    name = who(m, ctx)
    return Reading(
        f"{name[:1].upper()}{name[1:]} said on {short_day(m.ts)}: {said}",
        [m, *told],
        Kind.SUMMARY.value,
        said,
        said_by(m, ctx),
        why=[f"the best-supported message and what {name} went on to say of it"],
        evidence=score,
    )
