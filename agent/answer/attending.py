"""Who is coming: the people who said they were in when a plan was put to the chat.

"who's coming to castle crags?" is answered by the replies to "Crag trip time! Castle Crags on
Saturday October 17th?": "I'm in. Who's driving?" (Aki), "Count me in." (Priya), "that works"
(the user), with the one who put it forward. No message says "coming"; each says yes.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from datetime import date

from memory_store.models import StoredMessage

from .reading import ReaderContext, Reading, display_name, said_by, split_topic, who
from .text import asks, join_names, said_terms, terms

__all__ = ["absent", "attending"]

_ASKS_WHO_COMES = re.compile(
    r"^\W*who(?:['’]s|\s+is|\s+are|\s+was|\s+were|\s+has)?\s+(?:all\s+)?"
    # "who's said they're coming"
    r"(?:said\s+(?:they(?:['’]re|\s+are|['’]ll\s+be|\s+will\s+be)|yes)\s+)?(?:coming|going|joining|in\b|"
    r"up\s+for|signed\s+up|turning\s+up|came|went)"
    # "who was at the crag trip?", "who all went on the hike?"
    r"|^\W*who\s+(?:all\s+)?(?:was|were)\s+(?:at|on|there\s+for)\b",
    re.IGNORECASE,
)
# "who did i go climbing with?", "who am i going to the crag with?": those who joined the
# asker, who is no answer to it
_ASKS_WHO_WITH = re.compile(
    r"^\W*who\s+(?:did|do|will|am|are|was|were)\s+(?:i|we)\s+(?:[\w'’-]+\s+){1,4}?with\s*\W*$",
    re.IGNORECASE,
)
# "yes!", "in!", "deal": a reply opening with yes to a plan…
YES = re.compile(
    r"^\W*(?:(?:ok|okay|yes|yeah|yep|ooh|oh)\W+)*(?:in\s*!|(?:so\s+)?in\b\s*$|yes+\b|me\s*!|"
    r"me\s+too\b|"
    r"definitely\b|sounds\s+good\b|deal\b)",
    re.IGNORECASE,
)
# …or saying it anywhere: "I'm back from Kyoto on the 14th, so that works", "count me in"
IN = re.compile(
    r"\b(?:i['’]?m\s+in\b|count\s+me\s+in\b|i['’]?ll\s+be\s+there\b|i['’]?ll\s+come\b|"
    r"i\s+can\s+(?:come|make\s+it)\b|that\s+works\b|works\s+for\s+me\b)",
    re.IGNORECASE,
)
NOT = re.compile(r"\b(?:can['’]?t|cannot|won['’]?t|not|no)\b", re.IGNORECASE)
# How many turns after the plan the replies are read.
_REPLIES = 12
# How far down the ranking a plan put to the chat is looked for.
_PLANS = 8


def attending(
    question: str,
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> Reading | None:
    """The people who said yes to the plan the best messages put forward, with a day ("…on
    Saturday October 17th?"); None when the question asks something else or no one said
    yes."""
    with_me = _ASKS_WHO_WITH.match(question) is not None
    if not (with_me or _ASKS_WHO_COMES.match(question)):
        return None
    topic = terms(question)
    plans = [*good[:3], *ranked[:_PLANS]]
    if with_me:  # …and the plans put to a chat named for it, latest first
        chats = [c for c in ctx.conversations if topic & terms(c)]
        plans += reversed(ctx.holding(r"\?", (), chats)) if chats else []
    for plan in dict.fromkeys(plans):
        # "Who's in for Boulder Barn tomorrow?" in the Climbing crew chat is a climbing plan
        on_topic = topic & (terms(plan.text) | (terms(plan.conversation) if with_me else set()))
        if "?" not in plan.text or not on_topic or not ctx.mentions_of(plan):
            continue
        # "who did we climb with on thursday?": not the trip of another day. Only of the
        # plans found by their chat: "the summer social" names its plan, not the season
        if with_me and ctx.asked_days and not _planned_within(plan, ctx.asked_days, ctx):
            continue
        said_yes = [
            n
            for n in ctx.turns_after(plan)[:_REPLIES]
            if n.speaker != plan.speaker
            and (YES.match(n.text) or IN.search(n.text))
            and not NOT.search(n.text[:25])
        ]
        # "who did i go … with?": the asker went along; the others are the answer
        aside = {"you"} if with_me else set()
        people = [p for p in dict.fromkeys(who(n, ctx) for n in said_yes) if p not in aside]
        if not people:
            continue
        proposer = who(plan, ctx)
        said = join_names([p for p in dict.fromkeys([proposer, *people]) if p not in aside])
        return Reading(
            f"{said[:1].upper()}{said[1:]}.",
            [plan, *said_yes],
            "who",
            said,
            f"{proposer} put it to the chat on {plan.ts:%a %d %b %Y}; "
            + "; ".join(f"{who(n, ctx)}: “{n.text.strip()[:40]}”" for n in said_yes),
            why=["the one who put the plan forward and those who said they were in"],
        )
    return None


def _planned_within(plan: StoredMessage, days: tuple[date, date], ctx: ReaderContext) -> bool:
    first, last = days
    return any(first <= x.start.date() <= last for x in ctx.mentions_of(plan))


# "who missed easter?", "who couldn't make the party?": who said they would not be there
_ASKS_WHO_MISSED = re.compile(
    r"^\W*who(?:['’]s|\s+is|\s+was|\s+will|\s+had\s+to|\s+has\s+to)\s+(?:going\s+to\s+|gonna\s+)?"
    r"miss(?:ing)?\b|"
    r"^\W*who\s+(?:missed|skipped|bailed|pulled\s+out|dropped\s+out|"
    r"(?:didn['’]?t|couldn['’]?t|could\s+not|did\s+not|can['’]?t|won['’]?t)\s+"
    r"(?:make|come|go|turn\s+up|show)|(?:wasn['’]?t|weren['’]?t)\s+(?:at|there|coming))",
    re.IGNORECASE,
)
# "Dad won't make Easter now", "i cant come sat", "priya isn't coming": the one who says so,
# or whom it says it of
_SAYS_MISSING = re.compile(
    r"(?:^|(?<=[.!?,]\s)|\b(?:so|and|but)\s+)(?P<who>[a-z][\w'’-]*)\s+"
    r"(?:won['’]?t|wont|can['’]?t|cant|cannot|couldn['’]?t|couldnt|isn['’]?t|wasn['’]?t|"
    r"aren['’]?t|not)\s+(?:be\s+able\s+to\s+)?(?:make|come|coming|going|go|be\s+there)\b",
    re.IGNORECASE,
)
# "ah i'm in glasgow for work the 26th, will have to miss it", "count me out": the writer
_MISSING_SELF = re.compile(
    r"(?:^|[.!?,;:]\s*|\b(?:i|i['’]?ll|i['’]?m|im|we|we['’]ll)\s+)"
    r"(?:(?:will|gonna|going\s+to|have\s+to|(?:have\s+|['’]ve\s+)?got\s+to)\s+)+miss\s+"
    r"(?:it|this|that|the\s+\w+)\b|\bcount\s+me\s+out\b",
    re.IGNORECASE,
)
_SELF = frozenset(["i", "we"])
_THIRD = frozenset(["she", "he", "they"])


def _named_before(text: str, people: Collection[str]) -> str | None:
    """The last person named in `text`, whom a pronoun after it points at."""
    named = [w for w in re.findall(r"[^\W\d_][\w'’-]*", text.lower()) if w in people]
    return named[-1] if named else None


# How far down the ranking a message saying someone will not be there is read, and how many
# of the best messages say which chats speak of the occasion.
_MISSING_DEPTH = 15
_CHATS = 5
# RE2, for the store: a message that may say someone will not be there
_MISSING_RE2 = (
    r"(?:n'?t|not|cannot)\s+(?:be\s+able\s+to\s+)?(?:make|come|coming|go|going)\b"
    r"|(?:will|gonna|to)\s+miss\s|count\s+me\s+out"
)


def absent(
    question: str,
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
    people: Collection[str],
) -> Reading | None:
    """Who said they (or someone they name) would miss the occasion the question names:
    "Dad won't make Easter now". `people`: the words that may name a person (the store's
    names, kin words); None when the question asks something else or no message says so."""
    own, carried = split_topic(question)
    asked = _ASKS_WHO_MISSED.match(own)
    if not asked:
        return None
    # the occasion as asked: the filter took "easter" out as a day; a follow-up's, carried
    whole = _ASKS_WHO_MISSED.match(ctx.asked) if ctx.asked else None
    topic = terms(ctx.asked[whole.end() :]) if whole else terms(own[asked.end() :])
    topic |= terms(carried)
    # …or said in a chat on it without its words ("freya just texted, she can't come", in
    # the bridesmaids' chat), latest first
    chats = [m.conversation for m in ranked[:_CHATS] if topic & said_terms(m.text)]
    told = reversed(ctx.holding(_MISSING_RE2, (), list(dict.fromkeys(chats)))) if chats else []
    for m in [*ranked[:_MISSING_DEPTH], *told]:
        said = _SAYS_MISSING.search(m.text)
        on_topic = not topic or topic & said_terms(m.text) or m.conversation in chats
        if said is None and _MISSING_SELF.search(m.text) is None or asks(m.text) or not on_topic:
            continue
        word = said.group("who").lower() if said else "i"
        if word in _SELF:
            name = who(m, ctx)
        elif word in people:
            name = display_name(word, ctx)
        elif said and word in _THIRD and (named := _named_before(m.text[: said.start()], people)):
            name = display_name(named, ctx)  # "freya just texted, she can't come"
        else:
            continue
        shown = f"{name[:1].upper()}{name[1:]}"
        why = "the message saying who would not be there ('won't make it', 'can't come')"
        return Reading(f"{shown}.", [m], "who", shown, said_by(m, ctx), why=[why])
    # No one said so, and the plan's replies are known: "who missed the crag trip?" is not
    # "Doug." for "We need you for the crag trip"
    came = attending(f"who came to {own[asked.end() :]}", ranked, ranked, ctx)
    if came is None:
        return None
    names = came.span or ""
    text = f"No one said they would miss it; {names} said they were in."
    reasons = [*came.why, "no message says that someone would not be there"]
    return Reading(text, came.citations, "who", names, came.detail, why=reasons)
