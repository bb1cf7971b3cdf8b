"""Plans that move: the later messages of a chat that change a plan, whatever the answer reads
from them (a day in when.py, a place in where.py). A change said outright ("moved to Friday",
"instead"), announced then given ("change of plan AGAIN sorry" / "so sunday 5th"), the newest
word on a plan still ahead, or the plan's own place or day named with trouble (undone.py)."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import fields
from datetime import date, datetime, time, timedelta

from agent.plan.mentions import MONTH_NAMED
from agent.plan.mentions import Mention as FoundAt
from memory_store.models import StoredMessage

from .reading import Mention, ReaderContext, people_terms, replied_to, same_burst
from .text import WORD, asks, said_terms, terms
from .undone import ANOTHER_MOVED, SWITCHED, undone

# The granularities that name a day, or a time in it.
DAY_OR_FINER = frozenset(["day", "part_of_day", "time"])

# A plan moved, asked or said: "can we push dinner again?", "I've moved you", "moved to the 18th".
MOVE_SAID = re.compile(
    r"\b(?:move[ds]?|moving|push(?:ed|ing)?|postpone\w*|reschedul\w*|instead|bring\s+forward|"
    r"brought\s+forward|delay(?:ed|s)?|new\s+(?:\w+\s+)?date|(?:earliest|soonest)\b.*\bnow)\b",
    re.IGNORECASE,
)
# The words of moving a plan, no topic of it ("how many times did the fitting get *moved*").
MOVE_TERMS = frozenset(
    terms(
        "move moved moving push pushed postpone postponed reschedule rescheduled delay delayed "
        # "pushed *back*", "brought *forward*"
        "back forward"
    )
)
CHANGE = re.compile(
    r"\b(?:moved?|push(?:ed)?|postpone\w*|reschedul\w*|instead|changed?|now|actually|"
    r"cancel\w*|delayed|brought\s+forward|new\s+date|bump(?:ed)?|put\s+(?:back|off|forward))\b",
    re.IGNORECASE,
)
# What a change keeps of its plan, naming it: "can we do sunday 9th. same place".
SAME_PLAN = re.compile(
    r"\bsame\s+(?:place|time|venue|room|spot|table|pub|restaurant|plan|deal|arrangement)\b",
    re.IGNORECASE,
)
_OFF = r"cancel\w*|fell\s+through|called\s+off"
# A change said outright, without "now" or "actually" (CHANGE has those).
_SAID_CHANGED = re.compile(
    rf"\b(?:moved|postponed|rescheduled|instead|changed|{_OFF}|new\s+date)\b", re.IGNORECASE
)
CALLED_OFF = re.compile(rf"\b(?:{_OFF}|falls?\s+through|not\s+happening|scrapped)\b", re.IGNORECASE)
_PEOPLE_TERMS = terms(
    "mum mom mother dad father parents brother sister grandma grandpa grandmother grandfather "
    "aunt uncle cousin wife husband boyfriend girlfriend partner friend friends boss manager "
    "colleague team kids son daughter baby"
)


def changed_since(
    m: StoredMessage,
    wanted: set[str],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
    *,
    days: bool = False,
) -> list[StoredMessage]:
    """Later messages of the same chat that say a plan changed ("moved to Friday", "change of
    plan", "instead") about the same thing, oldest first. The thing is the question's most
    specific word that the first plan's message holds ("birthday" in "mum's bday is the
    16th", not "mum"); the later message, or the turn just before it, must hold it too.
    `days`: a day is asked for, so a day moved in the line after a later message on the plan
    counts too (`_changed_next_line`); a place is not moved by it."""
    # …or in the line after a later message on the plan's words, said in its first telling
    later_line = _changed_next_line(m, ranked, ctx) if days else []
    # "when are we heading off now?" names the plan "leave friday the 2nd" by another word
    shared = wanted & said_terms(m.text)
    if not shared:
        # A reply names its plan by the question it answers: "When could you start?" /
        # "Earliest I can do is Monday 9th Feb", moved by "can we push your start back…".
        asked = replied_to(m, ranked)
        shared = wanted & {t for p in asked if asks(p.text) for t in terms(p.text)}
    things = shared - _PEOPLE_TERMS - set(ctx.names)
    if not shared:  # then only a change naming one of the plan's days names the plan
        days_shared = [
            n
            for n in ranked
            if n.conversation == m.conversation
            and n.ts > m.ts
            and _shares_a_day(n, m, ctx)
            and CHANGE.search(n.text)
            and not _replaces_another(n, m, ctx)
        ]
        return list(dict.fromkeys([*days_shared, *later_line]))
    key = ctx.weights.rarest(things or shared)
    # The change may name the plan by another of its words: "flights booked for my visit!
    # landing tue 19th" is moved by "I now land thursday the 21st instead of tuesday".
    timed = {t for x in ctx.mentions_of(m) for t in terms(x.text)}
    # …not by a word of moving: "I'm moving my LSAT" is not named by "she moved it UP?", of
    # a brief
    own = {
        t
        for t in terms(m.text) - _PEOPLE_TERMS - set(ctx.names) - timed - MOVE_TERMS
        if len(t) > 2 and not t.isdigit()
    }
    keys = {key, *ctx.weights.rarest_first(own)[:3]}
    later = [n for n in ranked if n.conversation == m.conversation and n.ts > m.ts]
    # A change need not repeat the question's words, so it need not have been retrieved: the
    # chat's later messages holding the plan's own words are read too ("booked an airbnb in
    # york" / days later "the york airbnb cancelled on us"), and two of them name the plan.
    # Only a change said outright counts there: "now" or "actually" in a message that shares
    # two words with the plan is as often another story.
    words = " ".join(w for w in WORD.findall(m.text) if terms(w) & own)
    seen = {n.id for n in later}

    def names_it(n: StoredMessage) -> bool:
        return len(own & terms(n.text)) >= 2 and bool(_SAID_CHANGED.search(n.text))

    found = ctx.later_holding(words, m) if words else []
    later += [n for n in found if n.id not in seen and names_it(n)]
    holds = {n.id for n in later if keys & said_terms(n.text) or names_it(n)}
    # A chat named for the plan speaks of it in every turn, when a change of day is said
    # outright: "ok everyone: NEW DATE. Saturday October 24" in "Quince de Vale" moves the
    # quince. A place moves by its own name (where.py).
    own_chat = days and named_for(m.conversation, things, ctx)
    held = [p for p in later if p.id in holds]
    out: list[StoredMessage] = []
    for n in sorted(dict.fromkeys(later), key=lambda n: (n.ts, n.id)):
        # The plan's own message counts as the turn before when its writer goes on: "the
        # Coopers Arms is closed" / "Tapwell on North Street can do us their upstairs room
        # instead". Someone else's "saturday the 23rd instead?" moves another plan.
        holders = [m, *held] if n.speaker == m.speaker else held
        # Near it, a turn is its plan's unless it opens another item ("2) changed my mind on
        # tiles", after "1) I'll leave a spare key with Mrs Okafor").
        near = n.id in holds or (
            not _NEXT_ITEM.match(n.text)
            and not ANOTHER_MOVED.search(n.text)
            and any(n.session_id == p.session_id and 0 < n.id - p.id <= 2 for p in holders)
        )
        # Any other of the question's words the plan holds names it too, in the change itself
        # ("the hollybrook tournament" is moved by "tournament's moved to saturday 29th nov").
        near = near or bool(things & terms(n.text))
        # A change naming one of the plan's days, before they come, is the plan's: "install
        # monday 21st and tuesday 22nd?" / "can we start tuesday 22nd instead?"
        near = near or _shares_a_day(n, m, ctx)
        near = near or bool(
            own_chat and n.conversation == m.conversation and _SAID_CHANGED.search(n.text)
        )
        # "CAN WE DO SUNDAY 9TH. SAME PLACE": the plan kept but for its day names it, by its
        # writer, before the plan's day
        same = bool(SAME_PLAN.search(n.text)) and n.speaker == m.speaker
        same = same and all(n.ts.date() <= d for d in _plan_days(m, ctx))
        if (near and CHANGE.search(n.text) or same) and not _replaces_another(n, m, ctx):
            out.append(n)
            if CALLED_OFF.search(n.text):
                # "the york airbnb cancelled on us" / "found a cottage in robin hood's bay":
                # what replaces a cancelled plan follows in its writer's next turns.
                out += [
                    t
                    for t in ctx.turns_after(n)[:3]
                    if t.speaker == n.speaker and t.session_id == n.session_id
                ]
        elif _ANNOUNCED.search(n.text):
            out += _announced_dates(m, n, ctx)
    return list(dict.fromkeys([*out, *later_line]))


def _changed_next_line(
    m: StoredMessage, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> list[StoredMessage]:
    """A change said in the line after a later message that names the plan by the words of its
    first telling ("i signed us all up for the brecon beacons challenge" / "saturday 11th
    april"; weeks on "email from the challenge people 😬" / "they've moved it a week. now
    saturday 18th april"): the change names a day, by the same writer, a minute or two on."""
    if not _plan_days(m, ctx):
        return []  # a plan with no day said is no plan this moves
    # the plan's telling is its writer's: "also did Sandra tell u? she wants the Herrera brief
    # by Sept 11 now", a minute on from "I'm moving my LSAT", tells another plan
    told = [m, *(b for b in same_burst(m, ranked, _BURST) if b.speaker == m.speaker)]
    timed = {t for b in told for x in ctx.mentions_of(b) for t in terms(x.text)}
    own = {
        t
        for b in told
        for t in said_terms(b.text) - _PEOPLE_TERMS - set(ctx.names) - timed
        if len(t) > 2 and not t.isdigit()
    }
    if not own:
        return []
    words = " ".join(sorted(own))
    out = []
    burst = {b.id for b in told}
    for h in ctx.later_holding(words, m):
        if h.id in burst:  # a line of the telling itself names it by its own words
            continue
        for t in ctx.turns_after(h)[:2] if h.conversation == m.conversation else ():
            if (
                t.speaker == h.speaker
                and t.session_id == h.session_id
                and t.ts - h.ts <= _BURST
                and _SAID_CHANGED.search(t.text)
                and not ANOTHER_MOVED.search(t.text)
                and _plan_days(t, ctx)
                and not _replaces_another(t, m, ctx)
            ):
                out.append(t)
    return out


# One telling sent as several lines.
_BURST = timedelta(minutes=10)


def _shares_a_day(n: StoredMessage, plan: StoredMessage, ctx: ReaderContext) -> bool:
    days = _plan_days(plan, ctx)
    return bool(days) and n.ts.date() < min(days) and bool(days & _plan_days(n, ctx))


def _plan_days(m: StoredMessage, ctx: ReaderContext) -> set[date]:
    return {x.start.date() for x in ctx.mentions_of(m) if x.granularity in DAY_OR_FINER}


def _replaces_another(n: StoredMessage, plan: StoredMessage, ctx: ReaderContext) -> bool:
    """ "its now saturday 28th not sunday 22nd" moves the plan for the 22nd, not one for the
    7th: a change that names the day it replaces names its plan."""
    days = _plan_days(plan, ctx)
    lower = n.text.lower()
    replaced = [
        x
        for x in ctx.mentions_of(n)
        if x.granularity in DAY_OR_FINER
        and _REPLACED.search(lower[: max(lower.find(x.text.lower()), 0)])
    ]
    return bool(days and replaced) and not any(x.start.date() in days for x in replaced)


# The words before the day a change replaces: "not sunday 22nd", "instead of the 11th".
_REPLACED = re.compile(
    r"\b(?:not|instead\s+of|rather\s+than|from|can'?t\s+do|cannot\s+do|can'?t\s+make)\s+"
    r"(?:the\s+)?$"
)
_NEXT_ITEM = re.compile(r"\s*(?:\(?\d{1,2}[).:]|[b-h]\)|(?:also|other\s+thing|oh\s+and)\b)", re.I)
# "change of plan AGAIN sorry" / "gus's brother-in-law needs the van saturday" / "so sunday
# 5th, 9am start": a change announced without naming the plan, its new day a turn or two on.
_ANNOUNCED = re.compile(
    r"\b(?:change\s+of\s+plans?|plans?\s+(?:have\s+|has\s+)?changed|slight\s+change|"
    r"small\s+change|bad\s+news)\b",
    re.IGNORECASE,
)
# How far a day told after an announced change may be from the plan's own day.
_ANNOUNCED_REACH = timedelta(days=14)


def undone_day(m: StoredMessage, ctx: ReaderContext) -> list[tuple[StoredMessage, Mention]]:
    """What may replace the days `m` plans (undone.py), each with the first of those days:
    "They have no bed on the 11th" names the 11th February of "The operation is Thursday 11th
    February"."""
    days = [x for x in ctx.mentions_of(m) if x.granularity in DAY_OR_FINER | {"weekend"}]
    if not days:
        return []

    def named(n: StoredMessage) -> list[tuple[int, int]]:
        return [
            (y.start_char, y.end_char)
            for y in ctx.mentions_of(n)
            if y.granularity in DAY_OR_FINER
            and any(y.start < x.end and x.start < y.end for x in days)
        ]

    return [(t, days[0]) for t in undone(m, " ".join(x.text for x in days), ctx, named)]


def _announced_dates(m: StoredMessage, n: StoredMessage, ctx: ReaderContext) -> list[StoredMessage]:
    """The turns by the announcer right after `n` (in its session) that give a day near the
    day `m` plans: the plan as moved."""
    days = [x.start for x in ctx.mentions_of(m) if x.granularity in DAY_OR_FINER]
    out: list[StoredMessage] = []
    for t in [n, *ctx.turns_after(n)[:3]]:
        if t.speaker != n.speaker or t.session_id != n.session_id:
            break
        said = [x.start for x in ctx.mentions_of(t) if x.granularity in DAY_OR_FINER]
        if any(abs(a - b) <= _ANNOUNCED_REACH for a in said for b in days):
            out.append(t)
    return out


def later_about(
    m: StoredMessage,
    wanted: set[str],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
    heads: Collection[str] = (),
) -> list[StoredMessage]:
    """Later messages of the same chat that hold one of the question's things ("party") that
    `m` holds, oldest first: the newest word on a plan still ahead is the plan. When `m` holds
    a head noun of the question, the later message must hold one too: in a running club's
    chat, "run" alone speaks of another plan than "the usual *meeting* point for the runs"."""
    things = (wanted & terms(m.text)) - _PEOPLE_TERMS - set(ctx.names)
    things = (things & set(heads)) or things
    if not things:
        return []
    later = [
        n
        for n in ranked
        if n.conversation == m.conversation
        and n.ts > m.ts
        and things & terms(n.text)
        # "ya same centre, beside the bubble tea shop" keeps the plan, and says more of it
        and not any(things & terms(w) for w in _SAME.findall(n.text))
    ]
    return sorted(dict.fromkeys(later), key=lambda n: (n.ts, n.id))


_SAME = re.compile(r"\bsame\s+([^\W\d_][\w'’-]*)", re.IGNORECASE)


def named_for(chat: str, words: set[str], ctx: ReaderContext) -> bool:
    """Whether a chat's name holds one of `words`, not counting a person's name: "Quince de
    Vale" is named for the quince; "Kaveh" for no plan."""
    return bool((words & terms(chat)) - people_terms(ctx))


def moved_to(n: StoredMessage, ctx: ReaderContext) -> tuple[StoredMessage, Mention] | None:
    """The day a change moves its plan to: the first said after the change word ("the hub
    double-booked the 15th. tournament's moved to saturday 29th nov")."""
    change = CHANGE.search(n.text) or _COUNTER.search(n.text)
    if change is None:
        return None
    # "cancelled the 14th…, so we'll do it the 21st instead": what replaces the day called off
    instead = [c for c in CHANGE.finditer(n.text) if c.group(0).lower() == "instead"]
    if instead and CALLED_OFF.match(change.group(0)):
        change = instead[-1]
    said = ctx.mentions_of(n)
    # "…with the move on the 5th… can't do Sept 12. switching to November. Saturday Nov 14":
    # a switch said after the first change word is where it moves, to its day if one is said
    switch = [s for s in SWITCHED.finditer(n.text) if s.start() > change.start()]
    if switch:
        onto = [x for x in said if x.start_char >= switch[-1].end()]
        days = [x for x in onto if x.granularity in DAY_OR_FINER]
        if onto:
            return n, (days or onto)[0]
    if change.group(0).lower() == "instead":  # "can we start tuesday 22nd instead?"
        # the day right before it, or the first of a stretch ("the 20th to the 22nd instead")
        clause = max(n.text.rfind(c, 0, change.start()) for c in ".!?;,") + 1
        before = [x for x in said if clause <= x.start_char and x.end_char <= change.start()]
        if before and change.start() - before[-1].end_char <= _INSTEAD_REACH:
            return n, before[0]
    after = [x for x in said if x.start_char >= change.end()]
    # "moved from tuesday to thursday": not the day it moved from
    lower = n.text.lower()
    kept = [
        x for x in after if not _REPLACED.search(f"{lower[: x.start_char]} {_said_before(x.text)}")
    ]
    after = kept or after
    return (n, after[0]) if after else None


def counter_offers(plan: StoredMessage, ctx: ReaderContext) -> list[StoredMessage]:
    """Another's reply to a plan that offers another day: "cinema thursday 11th?" / "can't do
    the 11th, how about the 18th?"."""
    return [
        t
        for t in ctx.turns_after(plan)[:_COUNTER_REACH]
        if t.speaker != plan.speaker
        and t.session_id == plan.session_id
        and _COUNTER.search(t.text)
        and any(x.granularity in DAY_OR_FINER for x in ctx.mentions_of(t))
    ]


_COUNTER = re.compile(r"\b(?:how|what)\s+about\b", re.IGNORECASE)
# How many turns after a plan a counter-offer may come.
_COUNTER_REACH = 3


def _said_before(said: str) -> str:
    """The word before its day that a mention holds: "from the 1st"."""
    held = _FROM.match(said.lower())
    return held.group(0) if held else ""


_FROM = re.compile(r"(?:from|not)\s+(?:the\s+)?")


def shifted(n: StoredMessage, plan: Mention, ctx: ReaderContext) -> Mention | None:
    """The plan's day moved by as much as a change says, when it says so instead of naming
    the new day: "can we push dinner back a week?", "brought forward a day", "we'll do it the
    weekend after instead", "bump the dentist to the following monday"."""
    if plan.granularity not in DAY_OR_FINER | {"weekend"}:
        return None
    by = _SHIFT_BY.search(n.text) or _SHIFT_AFTER.search(n.text)
    rel = None if by else _SHIFT_THE.search(n.text)
    shift = by or rel
    if shift is None:
        return None
    # "we move to the weekend after, 21st to 23rd": the day it names, when it names one after
    if any(x.start_char >= shift.start() and _EXPLICIT.search(x.text) for x in ctx.mentions_of(n)):
        return None
    if by is not None:
        count = _COUNTS.get(by.group("n").lower()) or int(by.group("n"))
        unit = by.group("unit").lower()
        days = count * (14 if unit.startswith("fortnight") else 7 if unit.startswith("week") else 1)
        sign = -1 if by.group("dir").lower() in _EARLIER else 1
        return _moved_by(plan, sign * days, by.group(0))
    assert rel is not None
    unit, way = (rel.group("unit") or rel.group("unit2")).lower(), (rel.group("dir") or "after")
    sign = -1 if way.lower() in _EARLIER else 1
    if unit in _WEEKDAYS:  # "the following monday": the next one after (or before) the plan's
        ahead = (_WEEKDAYS.index(unit) - plan.start.weekday()) % 7 or 7
        behind = (plan.start.weekday() - _WEEKDAYS.index(unit)) % 7 or 7
        return _moved_by(plan, ahead if sign > 0 else -behind, rel.group(0))
    return _moved_by(plan, sign * (1 if unit == "day" else 7), rel.group(0))


def _moved_by(plan: Mention, days: int, said: str) -> Mention:
    step = timedelta(days=days)
    return changed(plan, start=plan.start + step, end=plan.end + step, text=said.strip())


# A day said outright: a date's number or its month.
_EXPLICIT = re.compile(
    r"\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", re.IGNORECASE
)
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}
_EARLIER = frozenset(["forward", "earlier", "before", "sooner"])
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_N = r"(?P<n>a|an|one|two|three|four|\d{1,2})"
_UNIT = r"(?P<unit>days?|weeks?|fortnight)"
# "push dinner back a week", "brought forward a day", "moved on by two weeks"
_SHIFT_BY = re.compile(
    rf"\b(?P<dir>back|forward|on|later|earlier)\s+(?:by\s+)?{_N}\s+{_UNIT}\b", re.IGNORECASE
)
# "a week later", "two days earlier"
_SHIFT_AFTER = re.compile(rf"\b{_N}\s+{_UNIT}\s+(?P<dir>later|earlier|sooner)\b", re.IGNORECASE)
# "the weekend after", "the day before", "the following monday", "the monday after"
_SHIFT_THE = re.compile(
    r"\bthe\s+(?:(?P<unit>week|weekend|day|monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday)\s+(?P<dir>after|before)|following\s+(?P<unit2>week|weekend|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday))\b",
    re.IGNORECASE,
)


# How far before "instead" the day it puts in place may end: "saturday the 18th instead".
_INSTEAD_REACH = 3


# An occasion that did not happen, in the words a chat calls it off with: "calling it off",
# "rained off", "can't make it today", "gonna have to skip". Wider than CALLED_OFF: one
# person's "can't make it" calls off an occasion of two, not a plan. RE2 too: the store reads
# by it.
_OCCASION_OFF = re.compile(
    r"\b(?:cancel\w*|call(?:ed|ing)?\s+(?:it\s+|that\s+|this\s+)?off|rained\s+off|"
    r"not\s+happening|scrap(?:ped)?|fell\s+through|postpone\w*|can'?t\s+make\s+it|"
    r"cannot\s+make\s+it|won'?t\s+make\s+it|have\s+to\s+skip|gonna\s+skip|"
    r"going\s+to\s+skip|no\s+go|off\s+(?:for\s+)?(?:today|tonight|tomorrow)|not\s+today|"
    r"not\s+tonight|bail\w*|raincheck|rain\s+check|pulled\s+the\s+plug|"
    r"not\s+going\s+ahead|"
    r"can'?t\s+do\s+(?:it|tmrw|tomorrow|today|tonight|mon|tues?|wed|thurs?|fri|sat|sun)|"
    r"(?:is|'s|are)\s+(?:closed|shut)|"
    # "no swim this week", "no boat tmrw sorry": the occasion, said not to be
    r"no\s+[a-z]+\s+(?:this\s+week|today|tonight|tomorrow|tmrw|this\s+(?:weekend|"
    r"mon|tues?|wed|thurs?|fri|sat|sun)\w*)|skip\s+(?:this\s+one|it|tonight|today|this\s+week)|"
    r"skip\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?|(?:mon|tue|wed|thu|fri|sat|sun)\w*)|"
    r"take\s+(?:you|me|us)\s+off\s+for|"
    r"give\s+it\s+a\s+miss|sit\s+this\s+one\s+out)\b",
    re.IGNORECASE,
)


def calls_off(chats: Collection[str], ctx: ReaderContext) -> Sequence[StoredMessage]:
    """Every message of `chats` that calls an occasion off ("can we skip the 10th?")."""
    return ctx.holding(_OCCASION_OFF.pattern, (), chats) if chats else []


def called_off(
    occasions: Sequence[tuple[date, StoredMessage]],
    about: Collection[str],
    sessions: Collection[int],
    ctx: ReaderContext,
) -> dict[date, StoredMessage]:
    """For each occasion (the day, and the message `m` that speaks of it) the message that
    calls it off: written in its chat from `m` to that day's end, and on its topic (a word of
    `about`, a session of `sessions`, or the day itself named). "swim tues?" ... "storm
    warning, calling it off". Each chat's messages that call something off are read once."""
    offs: dict[str, Sequence[StoredMessage]] = {}
    found: dict[date, StoredMessage] = {}
    for day, m in occasions:
        if m.conversation not in offs:
            offs[m.conversation] = ctx.holding(_OCCASION_OFF.pattern, (), {m.conversation})
        end = datetime.combine(day, time.max)
        for n in offs[m.conversation]:
            if not m.ts <= n.ts <= end:
                continue
            days = {x.start.date() for x in ctx.mentions_of(n) if x.granularity in DAY_OR_FINER}
            named = day in days
            if days and not named:
                continue  # "no boat tmrw sorry", sent on a day at the boat, calls off the next
            if n.session_id in sessions or set(about) & terms(n.text) or named:
                found[day] = n
                break
    return found


# How many turns back a day said by its number alone may echo a full date.
_ECHO_BACK = 3


def changed(x: Mention, **changes: object) -> Mention:
    """A mention with some fields changed (mentions are read-only, of several classes)."""
    values = {f.name: getattr(x, f.name) for f in fields(FoundAt)} | changes
    return FoundAt(**values)


def echoed(
    n: StoredMessage, y: Mention, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> Mention:
    """A day said by its number alone that echoes a date a turn or two before it is that
    date: "leave friday 16th may?" / "ugh fine. the 16th" is 16 May, not the coming 16th."""
    if y.granularity != "day" or MONTH_NAMED.search(y.text):
        return y
    before = [p for p in ranked if p.session_id == n.session_id and 0 < n.id - p.id <= _ECHO_BACK]
    for p in sorted(before, key=lambda p: -p.id):
        same = [
            x
            for x in ctx.mentions_of(p)
            if x.granularity == "day" and x.start.day == y.start.day and MONTH_NAMED.search(x.text)
        ]
        if same:
            x = same[0]
            return changed(y, start=x.start, end=x.end, direction=x.direction)
    return y


def names_day(m: StoredMessage, day: date, ctx: ReaderContext) -> bool:
    """Whether `m` speaks of `day`, if only by its number ("a deadline on the 15th", whatever
    tense the message reads it in)."""
    number = re.compile(rf"(?<!\d){day.day}(?:st|nd|rd|th)?\b")
    return any(
        x.granularity in DAY_OR_FINER and (x.start.date() == day or bool(number.search(x.text)))
        for x in ctx.mentions_of(m)
    )
