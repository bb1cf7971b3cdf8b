"""Who, as the chat itself asked it: "I'm in. Who's driving?" is answered by the next turn
("I can take four in my car", Doug), "could anyone feed pickle?" by the one who offers, "did
you make the ryokan booking?" by a yes. Who-questions read these before the names of the best
messages (who.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .advice import ADVISED, WHO_DOES
from .phrases import TIME_TERMS
from .reading import ReaderContext, display_name, question_terms, who
from .spans import names_in, speaks_for_self
from .text import SAYS_YES, asks, said_terms, terms

_ASKS_OF_DONE = re.compile(r"\W*(?:did|have|has|how\s+(?:was|were|did))\b", re.I)

# A question that asks for advice: "where should I stay?", "any tips?", "what do you recommend?"
_ASKS_ADVICE = re.compile(r"\b(?:should|recommend\w*|suggest\w*|tips?|ideas?|advice|worth)\b", re.I)


def said_yes(
    question: str, top: Sequence[StoredMessage], ctx: ReaderContext, exclude: set[str]
) -> tuple[StoredMessage, str, str] | None:
    """ "who did the booking for the ryokan?": the chat asked the one who did ("Did you make a
    ryokan booking in the end?") and they said yes ("Yes, Yoshida-sanso for the night of…")."""
    topic = question_terms(question, ctx) - {w for s in ctx.speakers for w in terms(s)}
    # what was done: "who did *the booking*", "who's *organising*", "who's in *charge*"
    done = _WHO_ACTION.match(question)
    action = terms(done.group(1)) if done else set()
    if not topic or not action:
        return None
    topic |= action
    for m in top:
        asking = [q.group(0) for q in _DID_YOU.finditer(m.text)]
        # all of it: "did you get your secret santa name?" does not ask who organises it
        if not any(topic <= said_terms(q) for q in asking):
            continue
        reply = next((t for t in ctx.turns_after(m)[:2] if t.speaker != m.speaker), None)
        if reply is None or not _YES.match(reply.text) or reply.speaker.lower() in exclude:
            continue
        writer = who(reply, ctx)
        return reply, writer[:1].upper() + writer[1:], "the chat asked them, and they said yes"
    return None


_WHO_ACTION = re.compile(
    r"^\s*who(?:['’]s|\s+is|\s+was|\s+did|\s+will|\s+has|\s+had)?\s+"
    r"(?:(?:the|a|an|in|on|of|up|be)\s+)*([a-z]{3,})",
    re.IGNORECASE,
)
_DID_YOU = re.compile(r"\b(?:did|have|has)\s+(?:you|u)\b[^.!?]*\?", re.IGNORECASE)
_YES = re.compile(r"^\s*(?:yes|yeah|yep|yup|ya|i\s+did|done|sure\s+did|all\s+booked)\b", re.I)


def asked_in_chat(
    question: str, top: Sequence[StoredMessage], ctx: ReaderContext, exclude: set[str]
) -> tuple[StoredMessage, str, str] | None:
    """The chat asked it too ("I'm in. Who's driving?"): the next turn by someone else
    answers it, by a name or by its writer speaking for themselves ("I can take four in my
    car", Doug). Returns (that reply, the name to state, why)."""
    found = WHO_DOES.match(question)
    verb = terms(found.group(1)) if found else set()
    if not verb:
        return None
    # "who recommended the dentist to me?": who answered when the chat asked for one ("do
    # you remember the name of your dentist?" / "Dr. Patel at Riverside Dental"), by writing.
    advised = found is not None and ADVISED.match(found.group(1)) is not None
    topic = question_terms(question, ctx) - verb if advised else set()
    if advised and not topic:
        return None
    # "who's feeding miso while i'm away?" / "who's watching Miso while you're gone?": the
    # chat's own who-question may use another verb for the same thing.
    about = question_terms(question, ctx) - verb - TIME_TERMS
    about -= {w for s in ctx.speakers for w in terms(s)}
    for m in top:
        asking = re.findall(r"[^.!?]*\?", m.text)
        if advised:
            # "Did you do the monkey park?" asks what was done, not for advice.
            asking = [s for s in asking if not _ASKS_OF_DONE.match(s)]
            # "Where should I stay? I'm thinking a ryokan": the thing may sit beside the ask.
            beside = any(_ASKS_ADVICE.search(s) for s in asking) and topic & terms(m.text)
            if not beside and not any(topic & terms(s) for s in asking):
                continue
        elif not any(
            verb <= terms(s) or about and about & terms(s) for s in asking if _ASKS_WHO.search(s)
        ):
            continue
        reply = next((t for t in ctx.turns_after(m)[:3] if t.speaker != m.speaker), None)
        accepted = _accepted(reply, ctx) if reply is not None else None
        if accepted is not None:  # "Would you be able to?" / "Of course!": the one asked
            writer = who(accepted, ctx)
            why = "the chat asked who, and the one asked to do it said yes"
            return accepted, writer[:1].upper() + writer[1:], why
        if reply is None or asks(reply.text) or _REFUSES.match(reply.text):
            continue  # "not me, my licence is in the post" is no one for it
        names = [] if advised else names_in(reply.text, ctx.names, exclude)
        if names:
            return reply, display_name(names[0], ctx), "the reply to the chat's own who-question"
        if advised or speaks_for_self(reply.text):
            writer = who(reply, ctx)
            why = (
                "the reply when the chat asked for one"
                if advised
                else "the reply to the chat's own who-question, by its writer"
            )
            return reply, writer[:1].upper() + writer[1:], why
    return None


# The chat asking who: "Who's driving?", and asking for someone to do it: "could anyone feed
# pickle 7th-10th august?", "anyone free to take the van back?"; whether someone must: "do
# we need to collect it?" ("Yes, Saturday morning. Piotr's said he'll pick it up")
_ASKS_WHO = re.compile(
    r"\bwho|\b(?:could|can|would|will)\s+(?:any|some)(?:one|body)\b|"
    r"\b(?:do|does)\s+(?:we|i|you|u|(?:any|some)(?:one|body))\s+(?:need|have)\s+to\b|"
    r"\b(?:any|some)(?:one|body)\s+(?:able|free|fancy|up\s+for|around|willing)\b",
    re.IGNORECASE,
)


_REFUSES = re.compile(
    r"\W*(?:not\s+me|no\b|nope|nah\b|sorry|(?:i\s+)?(?:can['’]?t|cannot|won['’]?t)\b)", re.I
)

# "Would you be able to?", "could you do it?": the reply asks the one who asked who.
_ASKS_BACK = re.compile(r"\b(?:would|could|can|will)\s+you\b[^.!?]*\?", re.I)


def _accepted(reply: StoredMessage, ctx: ReaderContext) -> StoredMessage | None:
    """The turn in which the one `reply` asks to do it says yes: the one who asked who, in a
    chat of two ("Would you be able to?" / "Of course!"), or whoever it calls on ("joss would
    you be able to?" / "sure")."""
    if not _ASKS_BACK.search(reply.text):
        return None
    after = [t for t in ctx.turns_after(reply)[:3] if t.speaker != reply.speaker]
    return after[0] if after and SAYS_YES.search(after[0].text) else None
