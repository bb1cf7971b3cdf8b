"""Counts: questions whose answer is spread over many messages ("how many times…", "how many
companies…"; lists are listing.py). The covering set (cover.py) is every message on the
topic; what is counted (counting.py) decides how it is read: distinct days of an occasion,
distinct named things (items.py), a series the chat numbers (series.py), or the number
someone stated. The answer says what it counted and cites one message per occasion or item."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import date

from memory_store.models import StoredMessage

from .counting import (
    HEADCOUNT,
    NUMBER,
    Counted,
    counted,
    number_of,
    occasion_day,
    occasions,
    parts_stated,
    stated,
    stated_each,
)
from .cover import Cover, covering_set, scope_names, sessions_on_topic
from .cutoff import before_event, without_event
from .items import Item
from .joined import joined, topic_chats
from .kinds import QuestionKind
from .listing import declined_spread, named_items
from .moves import (
    DAY_OR_FINER,
    MOVE_SAID,
    MOVE_TERMS,
    called_off,
    calls_off,
    echoed,
    names_day,
)
from .moves_asked import asks_of_calling_off, asks_of_moving, set_aside, without_calling_off
from .phrases import LIGHT_TERMS
from .rate import rate_said
from .reading import ReaderContext, Reading, who
from .series import Series, series_count
from .stay import asks_of_stay, stay_length
from .text import asks, clip, join_names, said_terms, short_day, terms
from .topic import topic_query

# Units of time a stay or a trip lasts: "how many nights did I stay at Clara's?" is answered
# by "four nights of your cooking", before any count of the days the stay was spoken of.
_SPANS = frozenset(["nights", "days", "weeks", "months", "hours"])
# How far down the ranking a stay's days are looked for.
_STAY_DEPTH = 10
_PAST = re.compile(r"\b(?:have|has|had|did|was|were|went|been)\b", re.IGNORECASE)
# On-topic messages a chat the question names holds before its every calling-off counts.
_OFF_CHAT = 2


def _names_chat(question: str, chat: str) -> bool:
    """Whether the question names the chat by its first word ("my lessons with dev")."""
    first = chat.split()[0] if chat.split() else ""
    return len(first) > 1 and re.search(rf"\b{re.escape(first)}\b", question, re.I) is not None


def count(
    question: str,
    qk: QuestionKind,
    matches: Sequence[StoredMessage],
    ctx: ReaderContext,
    similarity: Mapping[int, float],
) -> Reading:
    rate = rate_said(question, matches, ctx)
    if rate is not None:  # "how often does John work out?": "Three times a week", a habit
        return rate
    held = _capacity(question, matches, ctx)
    if held is not None:  # "how many can he take?": "I can take four in my car"
        return held
    # "… not counting the ones that got called off": a rule for the count, not its topic; so
    # is the event occasions are counted up to ("how many times did the boiler lose pressure
    # before kaveh fixed the valve?"). Things counted keep it ("how many places did jordan
    # view before he signed?": the place signed for was viewed too).
    asked = without_event(question) if qk.focus == "times" else question
    cover = covering_set(set_aside(asked), matches, ctx, similarity, qk.focus)
    if asked != question:
        cover = before_event(question, cover, matches, ctx)
        question = asked
    if not cover.messages:
        return declined_spread("how_many", cover)
    what = counted(qk.focus)
    if qk.focus and qk.focus != "times" and _PRESCRIBED.search(question):
        # "how many pt sessions did he want me doing?": "wants 6 sessions of pt", the number
        # asked for, not the days the sessions were spoken of
        said = _stated(qk.focus, cover.messages, cover, ctx)
        if said:
            return said
    if qk.focus and what is Counted.STATED:
        pool = sessions_on_topic(set_aside(question), matches, ctx)
        said = _stated(qk.focus, [*pool, *_head_updates(pool, matches)], cover, ctx)
        # Days are no headcount: with no number said, the history does not say how many.
        return said or declined_spread("how_many", cover, f"no message says how many {qk.focus}")
    if asks_of_moving(question):  # "how many times did the crown fitting get moved?"
        moves = _moves(cover, matches, ctx)
        if moves is not None:
            return moves
    if qk.focus == "times":  # "how many times did miso throw up?": "threw up three times today"
        said = _times_said(cover, ctx)
        if said:
            return said
    if qk.focus in _SPANS:  # "four nights of your cooking": a length is said, not counted
        said = _stated(qk.focus, cover.messages, cover, ctx)
        if said:
            return said
        if asks_of_stay(question) and qk.focus in ("nights", "days"):
            pool = list(dict.fromkeys([*cover.messages, *matches[:_STAY_DEPTH]]))
            # "thursday 22nd to monday 26th": its days say it; the days "last night" was
            # written do not
            return stay_length(qk.focus, pool, cover.topic, ctx) or declined_spread(
                "how_many", cover, f"no message says how many {qk.focus} it lasted"
            )
    things = named_items(question, cover, matches, ctx) if what is Counted.THINGS else []
    if not asks_of_calling_off(question):  # "viewing 2 today" … "viewing 3": the chat counts
        # "how many places did jordan view": the places named after the numbered ones count on
        named = {it.message.id for it in things}
        series = _series(cover, matches, ctx, _counted_phrase(question, qk.focus), named)
        if series is not None:
            return series
    if qk.focus and _TOTAL.search(question):  # "got 2 fenders" + "another pair": 4 in all
        total = _total(qk.focus, cover, ctx)
        if total is not None:
            return total
    if qk.focus and what is Counted.THINGS:  # "applied to 12 places" says it outright
        said = _stated(qk.focus, cover.messages, cover, ctx) or _by_parts(qk.focus, cover, ctx)
        said = said or _things(qk.focus, cover, things)
        if said:
            return said
    went = _went_along(question, cover, ctx)
    if went is not None:
        return went
    return _occasions(question, cover, ctx)


# "how many times did i go climbing?", "how often have we been bouldering?"
_I_WENT = re.compile(
    r"\b(?:how\s+many\s+times|how\s+often)\s+(?:did|have|has)\s+(?:i|we|me\s+and\s+\w+|\w+\s+and\s+i)\b",
    re.IGNORECASE,
)
# How many plans the user joined make the count: fewer, and the chat's words count instead.
_JOINED_MIN = 2


def _went_along(question: str, cover: Cover, ctx: ReaderContext) -> Reading | None:
    """The plans on the topic the user said yes to or put forward, each on its day: a chat
    tells a session by its invitation, not by the activity's word."""
    if not _I_WENT.search(question) or asks_of_calling_off(question) or asks_of_moving(question):
        return None
    chats = topic_chats(cover.topic, list(ctx.conversations))
    if not chats:
        per_chat = Counter(m.conversation for m in cover.messages)
        chats = [c for c, n in per_chat.items() if n >= _JOINED_MIN]
    until = ctx.now.date() if ctx.now is not None and _PAST.search(question) else None
    found = joined(chats, ctx, until)
    # a plan said yes to and then called off ("sorry i can't do tonight") was no occasion
    sessions = {m.session_id for _, m in found} | {m.session_id for m in cover.messages}
    off = called_off(found, cover.topic, sessions, ctx)
    found = [(d, m) for d, m in found if d not in off]
    if ctx.asked_days is not None:
        first, last = ctx.asked_days
        found = [(d, m) for d, m in found if first <= d <= last]
    if len(found) < _JOINED_MIN:
        return None
    topic = topic_query(set_aside(question), scope_names(question, ctx))
    what = f"{topic}: " if topic else ""
    days = ", ".join(f"{d:%-d %b}" for d, _ in found)
    n = len(found)
    text = f"{n} ({what}on {n} different days, {days})."
    why = [
        *cover.why,
        f"the plans put to {', '.join(chats)} that you said yes to or put forward, by their day",
    ]
    return Reading(text, [m for _, m in found], "how_many", str(n), why=why)


# "So we are 6 now", "there'll be 5 of us": the group's own count, said as it changes.
_WE_ARE = re.compile(
    r"\b(?:we|there)\s*(?:are|'re|were|will\s+be|'ll\s+be)\s+(?:now\s+)?(?:only\s+)?"
    r"(?:\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b"
    r"(?!\s*(?:am|pm|:|%|minutes?|mins?|hours?|days?|weeks?|miles?|km))",
    re.IGNORECASE,
)


def _head_updates(
    pool: Sequence[StoredMessage], matches: Sequence[StoredMessage]
) -> list[StoredMessage]:
    """Headcounts said later in a chat the occasion is planned in ("Sad news, Bernard cannot
    come" / "So we are 6 now"), in no session on the topic: the group counts itself again."""
    if not pool:
        return []
    first = min(m.ts for m in pool)
    chats = {m.conversation for m in pool}
    return [
        m
        for m in matches
        if m.conversation in chats
        and m.ts > first
        and (_WE_ARE.search(m.text) or HEADCOUNT.search(m.text))
    ]


# "how many can he take?", "how many does the table seat?": what something holds, said
# beside its verb, not occasions counted.
_CAPACITY = re.compile(
    r"\bhow\s+many(?:\s+(?:people|of\s+us|of\s+them))?\s+(?:can|could|will|would|does|do)\s+"
    r"(?:[\w'’]+\s+){1,3}?(?P<verb>take|fit|seat|sleep|hold|carry)\b",
    re.IGNORECASE,
)
# How far down the ranking a capacity is read.
_CAPACITY_DEPTH = 10


def _capacity(
    question: str, matches: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    asked = _CAPACITY.search(question)
    if asked is None:
        return None
    verb = asked.group("verb").lower()
    said = re.compile(
        rf"\b{verb}s?\s+(?:up\s+to\s+|about\s+)?{NUMBER}\b",
        re.IGNORECASE,
    )
    for m in matches[:_CAPACITY_DEPTH]:
        hit = said.search(m.text)
        if hit and not asks(m.text):
            why = [f"the number said after “{verb}”: what it holds, not occasions"]
            return _as_said(number_of(hit.group(1)), m, ctx, why)
    return None


def _as_said(n: int, m: StoredMessage, ctx: ReaderContext, why: list[str]) -> Reading:
    """A number as one message states it, quoted with who said it and when."""
    text = f"{n} (as {who(m, ctx)} said on {short_day(m.ts)}: “{m.text.strip()}”)."
    return Reading(text, [m], "how_many", str(n), why=why)


# A number someone asks for, tells or plans: "did he want me doing", "were we meant to bring".
_PRESCRIBED = re.compile(
    r"\b(?:want|wants|wanted|told|tell|said|say|suggest\w*|recommend\w*|prescrib\w*|"
    r"supposed\s+to|meant\s+to)\b",
    re.IGNORECASE,
)


def _stated(
    focus: str, pool: Sequence[StoredMessage], cover: Cover, ctx: ReaderContext
) -> Reading | None:
    found = stated(focus, pool)
    if found is None:
        return None
    n, m = found
    return _as_said(
        n, m, ctx, [*cover.why, f"the number stated for “{focus}”, the latest statement"]
    )


def _times_said(cover: Cover, ctx: ReaderContext) -> Reading | None:
    """How many times, as the messages on the topic say it in its own words ("Miso threw up
    three times today"), added up over the occasions told so; else None: the days spoken of
    are counted instead."""
    told = [m for m in cover.messages if cover.topic & terms(m.text)]
    each = stated_each("times", told)
    if not each:
        return None
    n = sum(k for k, _ in each)
    parts = "; ".join(f"{who(m, ctx)}, {short_day(m.ts)}: “{m.text.strip()}”" for _, m in each)
    why = [*cover.why, f"the times {len(each)} message(s) on the topic say it happened"]
    return Reading(f"{n} ({parts}).", [m for _, m in each], "how_many", str(n), why=why)


def _moves(cover: Cover, matches: Sequence[StoredMessage], ctx: ReaderContext) -> Reading | None:
    """How many times a plan moved, followed through its chat: the plan is the first day said
    ahead in a session on the topic; a later session of that chat moves it when it asks or says
    so ("can we push lemongrass to tuesday the 29th?", "I've moved you") about the topic or
    about the plan's day as it stands ("the only slot she had is thursday evening"), and names
    a new day ahead, which is then the plan. None when no session on the topic plans a day:
    the days spoken of are counted instead."""
    asked = set(cover.topic) - MOVE_TERMS
    if not asked:
        return None
    # The plan is named by the topic's rarest word: "crag", not the "trip" to Kyoto.
    topic = {ctx.weights.rarest(asked - LIGHT_TERMS or asked)}
    by_session: dict[int, list[StoredMessage]] = {}
    for m in sorted(matches, key=lambda m: (m.ts, m.id)):
        by_session.setdefault(m.session_id, []).append(m)
    plan: tuple[StoredMessage, date] | None = None
    moves: list[tuple[StoredMessage, date]] = []
    for turns in sorted(by_session.values(), key=lambda t: (t[0].ts, t[0].id)):
        on_topic = [i for i, m in enumerate(turns) if topic & said_terms(m.text)]
        if plan is None:
            # its day: said by a message on the topic, else in a turn after one
            own = [d for i in on_topic for d in _days_ahead(turns[i], ctx)]
            after = (
                [d for m in turns[on_topic[0] :] for d in _days_ahead(m, ctx)] if on_topic else []
            )
            ahead = own or after
            plan = ahead[0] if ahead else None
            continue
        if turns[0].conversation != plan[0].conversation:
            continue
        now = moves[-1][1] if moves else plan[1]
        # in the plan's own chat, any word of the topic ("New install date is…" for the
        # cupboards' install)
        on_topic = on_topic or [i for i, m in enumerate(turns) if asked & said_terms(m.text)]
        moving = any(MOVE_SAID.search(m.text) for m in turns)
        if moving and (on_topic or any(names_day(m, now, ctx) for m in turns)):
            new = [(m, d) for m in turns for _, d in _days_ahead(m, ctx, turns) if d != now]
            if new:  # the day the exchange settles on, cited where it is first said
                settled = new[-1][1]
                moves.append(next((m, d) for m, d in new if d == settled))
    if plan is None:
        return None
    n = len(moves)
    first = plan[0]
    said = ", ".join(f"to {d:%-d %b} ({who(m, ctx)}, {short_day(m.ts)})" for m, d in moves)
    text = f"{n} ({'moved ' + said if n else 'never moved'}; first planned for {plan[1]:%-d %b})."
    why = [
        *cover.why,
        f"followed the plan {who(first, ctx)} gave on {short_day(first.ts)} through its chat",
    ]
    return Reading(text, [first, *(m for m, _ in moves)], "how_many", str(n), why=why)


def _days_ahead(
    m: StoredMessage, ctx: ReaderContext, turns: Sequence[StoredMessage] = ()
) -> list[tuple[StoredMessage, date]]:
    """The days `m` says ahead of it; one said by its number alone is the date just proposed
    ("friday 15th may instead?" / "ugh fine, the 15th"), when `turns` holds it."""
    said = (echoed(m, x, turns, ctx) for x in ctx.mentions_of(m))
    # "I'll be there myself, 8am": a clock time alone is of the day already agreed
    return [
        (m, x.start.date())
        for x in said
        if x.granularity in DAY_OR_FINER
        and x.start.date() > m.ts.date()
        and not _CLOCK_ONLY.fullmatch(x.text.strip(" .,!?;:"))
    ]


_CLOCK_ONLY = re.compile(
    r"(?:at\s+)?(?:\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?|noon|midday|midnight)", re.IGNORECASE
)


_TOTAL = re.compile(r"\b(?:altogether|all\s+together|in\s+total|in\s+all|all\s+told)\b", re.I)


def _total(focus: str, cover: Cover, ctx: ReaderContext) -> Reading | None:
    """The numbers two messages or more state, added up: what "altogether" asks."""
    each = stated_each(focus, cover.messages)
    if len(each) < 2:
        return None
    n = sum(k for k, _ in each)
    parts = " + ".join(f"{k} ({who(m, ctx)}, {short_day(m.ts)})" for k, m in each)
    why = [*cover.why, f"added up the {focus} {len(each)} messages state"]
    return Reading(f"{n} ({focus}: {parts}).", [m for _, m in each], "how_many", str(n), why=why)


def _by_parts(focus: str, cover: Cover, ctx: ReaderContext) -> Reading | None:
    """ "I have the sandwiches ready. Two vegetarian, two with chicken.": the parts added up."""
    found = parts_stated(focus, cover.messages)
    if found is None:
        return None
    n, m = found
    text = f"{n} ({focus}, as {who(m, ctx)} said on {short_day(m.ts)}: “{clip(m.text, 100)}”)."
    why = [*cover.why, f"added up the parts of the {focus} {who(m, ctx)}'s message gives"]
    return Reading(text, [m], "how_many", str(n), why=why)


def _things(focus: str, cover: Cover, items: Sequence[Item]) -> Reading | None:
    if not items:
        return None
    n = len(items)
    text = f"{n} ({focus}: {join_names([it.span for it in items])})."
    why = [*cover.why, f"counted {n} distinct {focus} named in them"]
    return Reading(text, [it.message for it in items], "how_many", str(n), why=why)


def _series(
    cover: Cover,
    matches: Sequence[StoredMessage],
    ctx: ReaderContext,
    counted: frozenset[str],
    named: Collection[int] = (),
) -> Reading | None:
    """The count of a series the chat numbers ("2nd removals quote", "third removals quote"),
    with the occasions after its highest number (series.py)."""
    pool = list(dict.fromkeys([*cover.messages, *matches]))
    first, last = ctx.asked_days or (date.min, ctx.now.date() if ctx.now else date.max)
    pool = [m for m in pool if first <= m.ts.date() <= last]

    def days(ms: Sequence[StoredMessage]) -> list[tuple[date, StoredMessage]]:
        return [(d, m) for d, m in occasions(ms, ctx.mentions_of) if first <= d <= last]

    series = series_count(counted or cover.topic, pool, days, named)
    if series is None:
        return None
    if ctx.asked_days is not None and not _begun_within(series, cover, days):
        return None  # "this spring": a series begun before it is numbered from then
    top = series.top.message
    text = f"{series.n} (“{clip(top.text.strip(), 100)}”, {who(top, ctx)}, {short_day(top.ts)}"
    if series.later:
        text += f"; then {', '.join(short_day(m.ts) for m in series.later)}"
    text += ")."
    why = [*cover.why, "the highest number the chat gives an occasion, and those after it"]
    return Reading(text, series.cited, "how_many", str(series.n), why=why)


# Counted nouns that say only that something is counted: "how many places did wren view" counts
# viewings, which the chat numbers ("viewing 3"), whatever they are called.
_ANY_COUNTED = frozenset(terms("times time places things ones occasions days"))


def _counted_phrase(question: str, focus: str | None) -> frozenset[str]:
    """The terms of what is counted, when the question names it: "how many *physio
    appointments*", "how many *removal firms*" (the chat numbers "2nd removals quote"); none
    when any topic word may be ("how many times"). "How many prints went on the opening
    night of tobias's show" counts prints, not the "second show"."""
    if not focus or terms(focus) <= _ANY_COUNTED:
        return frozenset()
    said = re.search(
        rf"\bhow\s+many\s+((?:[\w'’-]+\s+){{0,2}}?){re.escape(focus)}\b", question, re.I
    )
    return frozenset(terms(f"{said.group(1) if said else ''} {focus}"))


def _begun_within(
    series: Series,
    cover: Cover,
    days: Callable[[Sequence[StoredMessage]], list[tuple[date, StoredMessage]]],
) -> bool:
    """Whether a series began within the asked days: it is numbered from one or two there,
    or the occasions on topic there before its first number are as many as it says came
    before."""
    first = series.found[0]
    before = {d for d, _ in days(cover.messages) if d < first.message.ts.date()}
    return first.n <= _SERIES_START or len(before) >= first.n - 1


# A series numbered from at most this within the asked days began within them.
_SERIES_START = 2


def _occasions(question: str, cover: Cover, ctx: ReaderContext) -> Reading:
    found = occasions(cover.messages, ctx.mentions_of)
    # "how many times did we get in the water": not the swims called off ("storm warning,
    # calling it off"), which the chat planned and spoke of all the same; "how many times did
    # it get called off": those alone.
    sessions = {m.session_id for m in cover.messages}
    cancelled = called_off(found, cover.topic, sessions, ctx)
    off: list[StoredMessage] = []
    asked_off = asks_of_calling_off(question)
    if not asked_off:
        off = list(cancelled.values())
        found = [(d, m) for d, m in found if d not in cancelled]
    if ctx.asked_days is not None:  # "in september": not the 14 Oct a September message names
        first, last = ctx.asked_days
        found = [(d, m) for d, m in found if first <= d <= last]
    if ctx.now is not None and _PAST.search(question):
        # "how many game nights have we had": not the one planned for next week
        found = [(d, m) for d, m in found if d <= ctx.now.date()]
    topic = topic_query(without_calling_off(set_aside(question)), scope_names(question, ctx))
    what = f"{topic}: " if topic else ""
    # A question of moves ("how many times did our dinner get pushed?") is no calling off.
    off_asked = asked_off and not asks_of_moving(question)
    if off_asked:
        # "how many of my lessons with dev got cancelled": in the chat the question names, a
        # message calling one off may name neither ("can we skip the 10th?"); elsewhere, one
        # in a session on the topic. Its day is the one it names.
        chats = Counter(m.conversation for m in cover.messages)
        named = {c for c in chats if chats[c] >= _OFF_CHAT and _names_chat(question, c)}
        # "how many times did raúl cancel on me": his calling off, not mine ("can we skip
        # tonight?"), when the question says who did it (the covering set's speakers).
        for c in calls_off(list(chats), ctx):
            by_doer = not cover.by or c.speaker in cover.by
            if (c.conversation in named or c.session_id in sessions) and by_doer:
                cancelled.setdefault(occasion_day(c, ctx.mentions_of), c)
    if off_asked and not cancelled:
        # None called off is an answer, not a reason to count every occasion spoken of
        # The days are not listed: the question's own calling-off words found some of them.
        spoken = ", ".join(f"{d:%-d %b}" for d, _ in found)
        text = f"0 ({what}no message calls one off)."
        why = [*cover.why, f"no message calls off any of the days read: {spoken}"]
        return Reading(text, [m for _, m in found], "how_many", "0", why=why)
    if asked_off and cancelled:
        found = sorted(cancelled.items())
    n = len(found)
    days = ", ".join(f"{d:%-d %b}" for d, _ in found)
    text = f"{n} ({what}{'once, on' if n == 1 else f'on {n} different days,'} {days})."
    why = [*cover.why, f"counted the days {len(cover.messages)} on-topic messages speak of"]
    if off:
        why.append(f"not counted, called off: {', '.join(f'{m.ts:%-d %b}' for m in off)}")
    return Reading(text, [m for _, m in found], "how_many", str(n), why=why)
