"""Reasons: "why did Maria join a church?", "what made Gina choose that furniture?". A chat
tells what happened, then why, often in the next sentence: "Just yesterday I joined a nearby
church. I wanted to feel closer to a community and my faith." The answer is the reason as its
marker sets it off ("because …", "I wanted to …", "… so I started …", "inspired by …",
"signed it to show …"), read in the best message's sentences, then in the writer's next
turns, then in the other best messages that share the question's words."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext, told_around
from .spans import trim_span
from .text import asks, sentences, terms
from .why_changed import change_reason

ASKS_WHY = re.compile(
    r"^\s*(?:and\s+|so\s+)?(?:why|how\s+come)\b|"
    r"\bwhat\s+(?:made|makes|motivated|motivates|inspired|inspires|prompted|sparked|caused|"
    r"led)\b|\b(?:the|a)\s+reason\b",
    re.IGNORECASE,
)
# "since I'm lactose intolerant", not "since we last spoke", "since then", "since 2019".
_SINCE = r"since(?!\s+(?:we|you|they|last|then|yesterday|\d|i\s+was|i've|my|our))"
# A "since" that gives a cause has a verb after it ("since the old one changed its hours");
# "since the summer" tells a time.
_VERB_AFTER = re.compile(
    r"\b\w+ed\b|\b(?:is|was|are|were|has|had|have|can't|won't|don't|doesn't|didn't|isn't|"
    r"wasn't)\b|['’](?:s|re|m|ve)\b",
    re.IGNORECASE,
)
# A cause said outright; the reason is what follows.
_BECAUSE = re.compile(
    rf"\b(?:because(?:\s+of)?|'cause|cause|cos|coz|cuz|due\s+to|thanks\s+to|{_SINCE})\s+"
    r"(?P<r>[^.!?;]+)",
    re.IGNORECASE,
)
_SHORT_CAUSE = re.compile(r"^(?:'?cause|cos|coz|cuz)\b", re.IGNORECASE)
# An aim: "I wanted to feel closer…", "hoping to raise awareness…".
_AIM = re.compile(
    r"\b(?:i|we|he|she|they)?\s*(?:wanted|want|hoped|hoping|needed|decided|meant)\s+to\s+"
    r"(?P<r>[^.!?;]+)",
    re.IGNORECASE,
)
# What inspired it, named after the verb ("inspired by personal experiences") or before it
# ("Seeing how much it changed sparked ideas…", "…attitude is what inspired me").
_INSPIRED_BY = re.compile(
    r"\b(?:inspired|motivated|prompted|sparked)\s+by\s+(?P<r>[^.!?;]+)", re.IGNORECASE
)
_INSPIRING = re.compile(
    r"^\s*(?P<r>[^.!?;]+?)\s+(?:is\s+what\s+|was\s+what\s+)?"
    r"(?:sparked|inspired|motivated|prompted|made\s+me|got\s+me)\b",
    re.IGNORECASE,
)
# "X, so I'm lending a hand…": X is the reason when what follows "so" is what was asked.
# Not "the colors are so bright": "so" after a comma, or before the one who then acts.
_SO = re.compile(
    r"^(?P<r>[^.!?;]+?)(?:,\s*so|\s+so(?=\s+(?:i|i'm|i've|i'll|we|we're|he|she|they|it|"
    r"it's|my|our|[a-z]+ing)\b))\s+(?!that\b|much\b|many\b|far\b)(?P<then>[^.!?;]+)",
    re.IGNORECASE,
)
# A purpose after the deed: "They signed it to show our friendship", "joined to feel closer".
_PURPOSE = re.compile(r"\bto\s+(?P<r>(?P<verb>[a-z]+)\b[^.!?;]*)")
# Words after "to" that make it a place or a person, not a purpose ("went to the shop").
_NOT_PURPOSE = frozenset(
    re.findall(
        r"\S+",
        """the a an my your his her our their me him them us it this that these those some any
        school work bed church class town dinner lunch breakfast hospital be""",
    )
)
# A new clause by the writer ends a reason: "since I'm lactose intolerant | I'm trying out…".
_NEW_CLAUSE = re.compile(
    r"(?<!\band)(?<!\bbut)(?<!\bthat)(?<!\bif)(?<!\bwhen)(?<!\bas)(?<!\bso)"
    r"\s+(?=(?:i|i'm|i've|i'll|we|we're|we've)\s)",
    re.IGNORECASE,
)
# "Besides that, my cousin…": the link to what was said before is no part of the reason.
_LEADING = re.compile(r"^(?:besides\s+that|plus|also|and|but|so|well|just)\b[,\s]*", re.IGNORECASE)
_SO_OPENS = re.compile(r"so\s+(?!that\b|much\b|many\b|far\b)", re.IGNORECASE)
# A turn away ends a reason too: "to help people, but it feels like…".
_TURN = re.compile(r",\s*but\b|\s+-\s+|\s+–\s+", re.IGNORECASE)
# The turns after the best message a reason may follow in.
_NEXT_TURNS = 2


def reason_given(
    question: str,
    wanted: set[str],
    best: StoredMessage,
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> tuple[StoredMessage, str] | None:
    """The reason asked for and the message that gives it, or None. A cause said outright
    ("because …") in any of the best messages comes first; then what inspired it, an aim, a
    "so" or a purpose in the best message and the writer's next turns; of the other best
    messages only what inspired it (an aim there is as often another story's)."""
    if not ASKS_WHY.search(question):
        return None
    changed = change_reason(question, ranked or good, ctx)
    if changed is not None:  # "why was the fitting put back?": "the flue kit hasn't come in"
        return changed
    near, others = told_around(best, good, ranked, wanted, ctx, turns=_NEXT_TURNS)
    asked = terms(question)
    for picks, pool in (
        ((_cause,), [*near, *others]),
        (_OTHER_MARKERS, near),
        ((_inspiration,), others),
    ):
        for m in pool:
            said = reason_in(m.text, asked, picks, ctx.speakers)
            if said:
                # the user's own reason, as said back to them: "you have a dentist appointment"
                return m, _to_you(said) if ctx.me and m.speaker == ctx.me else said
    # In long turns the sentence beside is as often chat ("A lot has happened since we last
    # spoke.": LoCoMo dev lost 0.4 of F1 over 7 why-questions with it)
    beside = _told_beside(best, asked, ctx) if ctx.short_messages else None
    if beside:
        return best, _to_you(beside) if ctx.me and best.speaker == ctx.me else beside
    return None


def _told_beside(best: StoredMessage, asked: set[str], ctx: ReaderContext) -> str | None:
    """With no marker, the sentence beside the one that tells what was asked about, when the
    best message tells it in the question's own words: "My finger is still a bit sore from
    Thursday though. I'm taking a week off." for "why is priya taking a week off?". The one
    before first: a chat tells the cause, then what it does about it."""
    said = [trim_span(best.text[a:b], ctx.speakers).strip() for a, b in sentences(best.text)]
    if len(said) < 2:
        return None
    cover = [len(asked & terms(s)) for s in said]
    at = max(range(len(said)), key=lambda i: cover[i])
    if not cover[at]:
        return None
    for i in (at - 1, at + 1):
        if 0 <= i < len(said) and not asks(said[i]):
            told = terms(said[i]) - asked
            if len(told) >= _TOLD and not cover[i]:
                return said[i].rstrip(".!")
    return None


# The new words a sentence beside the asked one holds to be a reason.
_TOLD = 3


def reason_in(
    text: str,
    asked: set[str],
    picks: Sequence[Callable[[str, set[str]], str | None]] | None = None,
    speakers: Collection[str] = (),
) -> str | None:
    """The reason a message gives, as its marker sets it off: the first sentence that gives
    one, by the markers in order (all of them by default). A reason mostly in the question's
    own words (`asked`: "I wanted to join the military") restates what was asked."""
    said: list[str] = []
    for a, b in sentences(text):
        s = trim_span(text[a:b], speakers).strip()
        if said and _SO_OPENS.match(s):  # "Just to keep them out of reach. So I'm hiding…"
            said[-1] = f"{said[-1].rstrip('.!? ')}, {s}"
        else:
            said.append(s)
    for pick in picks or _MARKERS:
        for s in said:
            found = pick(s, asked)
            told = terms(found or "")
            if len(told) >= 2 and len(told & asked) * 2 <= len(told):
                return _LEADING.sub("", found or "").strip(" ,-–—")
    return None


def _cause(s: str, wanted: set[str]) -> str | None:
    m = _BECAUSE.search(s)
    if m is None or m.group(0).lower().startswith("since") and not _VERB_AFTER.search(m["r"]):
        return None
    # "'cause", "cos": said as the answer reads, "because"
    return _clause(_SHORT_CAUSE.sub("because", m.group(0)))


def _inspiration(s: str, wanted: set[str]) -> str | None:
    m = _INSPIRED_BY.search(s) or _INSPIRING.search(s)
    if m is None or m.group("r").lower().strip() in ("it", "this", "that", "what"):
        return None
    return _clause(m.group("r"))


def _aim(s: str, wanted: set[str]) -> str | None:
    m = _AIM.search(s)
    return f"to {_clause(m.group('r'))}" if m else None


def _so_reason(s: str, wanted: set[str]) -> str | None:
    m = _SO.search(s)
    if m is None or not wanted & terms(m.group("then")):
        return None
    return m.group("r")


def _purpose(s: str, wanted: set[str]) -> str | None:
    """A purpose after the words of the question: "They signed it to show our friendship"."""
    said = terms(s)
    if not wanted & said:
        return None
    for m in _PURPOSE.finditer(s):
        verb = m.group("verb")
        if verb.lower() in _NOT_PURPOSE or not verb.islower():
            continue
        if wanted & terms(s[: m.start()]):
            return f"to {_clause(m.group('r'))}"
    return None


_OTHER_MARKERS = (_inspiration, _aim, _so_reason, _purpose)
_MARKERS = (_cause, *_OTHER_MARKERS)


_YOU = {
    "i": "you",
    "i'm": "you're",
    "i've": "you've",
    "i'll": "you'll",
    "i'd": "you'd",
    "am": "are",
}
_YOUR = {"my": "your", "me": "you", "mine": "yours", "myself": "yourself"}
_FIRST_PERSON = re.compile(rf"\b(?:{'|'.join([*_YOU, *_YOUR])})\b", re.IGNORECASE)


def _to_you(text: str) -> str:
    return _FIRST_PERSON.sub(lambda m: {**_YOU, **_YOUR}[m.group(0).lower()], text)


def _clause(text: str) -> str:
    """A reason up to the writer's next clause: "since I'm lactose intolerant"."""
    words = list(re.finditer(r"\S+", text))
    cut = _NEW_CLAUSE.search(text, words[2].start() - 1) if len(words) > 2 else None
    text = text[: cut.start()] if cut else text
    # "…and the world, but it feels like": a turn away ends it too
    return _TURN.split(text, maxsplit=1)[0].strip(" ,-–—")
