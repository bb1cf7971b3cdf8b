"""When-answers: the day (and time) of the event, read from the event clock (the message's time
expressions resolved against the day it was written), with plans that changed."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from agent.plan import timeexpr as tx
from agent.plan.mentions_base import IRREGULAR_PAST
from memory_store.models import StoredMessage

from .asking import asking_part
from .dating import dated_in, journey_ways, other_way
from .event_phrase import event_phrase
from .finer import COARSE, bare_time, day_of_time, finer_next, finer_on_topic, with_clock
from .kinds import QuestionKind
from .moves import (
    DAY_OR_FINER,
    MOVE_TERMS,
    changed_since,
    counter_offers,
    echoed,
    moved_to,
    shifted,
    undone_day,
)
from .phrases import noun_phrases
from .reading import (
    MIN_SUPPORT,
    Mention,
    ReaderContext,
    Reading,
    neighbours,
    people_terms,
    question_terms,
    subjects,
    who,
)
from .replans import asked_off, in_month_of, in_own_words, its_own_weekday, settled
from .senses import held_as_nouns
from .text import asks, day_phrase, said_terms, short_day, terms
from .told_day import dated_before, dated_next, dated_when_asked
from .topic import subject_words
from .what import ASKS

# "when i took canela to the vet?" (the sub-question of "the morning after i took…") is past
_PAST_Q = re.compile(
    rf"\b(?:did|was|were|had|happened|{'|'.join(sorted(IRREGULAR_PAST))})\b|\w+ed\b", re.I
)
_AHEAD_Q = re.compile(
    r"^\W*(?:so\s+)?when(?:['’]s|\s+(?:am|is|are|will|do|does|'s)\b)(?!.*\b(?:did|was|were|had)\b)",
    re.I,
)
# How far down the ranking a plan's day is read when the best messages give none.
_PLAN_DEPTH = 10
_ASKED_WEEKDAY = re.compile(
    r"\b(?:which|what)\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", re.I
)


def _asks_of(text: str, wanted: set[str], ctx: ReaderContext) -> bool:
    """ "would u help me on the stall at a few craft fairs? i can pay u in candles" asks about
    the fairs; it does not tell that one happened."""
    return any(ctx.weights.coverage(wanted, terms(q.group(0))) >= 0.5 for q in ASKS.finditer(text))


def _asked_weekday(question: str) -> int | None:
    """The ISO weekday a "which saturday…?" asks for."""
    m = _ASKED_WEEKDAY.search(question)
    return tx.WEEKDAYS[m.group(1).lower()] if m else None


_AS_IT_STANDS = re.compile(r"\b(?:end(?:ed)?\s+up|in\s+the\s+end|after\s+all)\b", re.I)


_DEICTIC = re.compile(r"^(?:today|tonight|now|this\s+(?:morning|afternoon|evening))$", re.I)
# A day said outright. Not "yesterday": counted so, it won LoCoMo's when-questions for
# weaker messages (temporal F1 0.592 -> 0.577 at 36a3dd6; "we got back from porto yesterday"
# still loses to "leaving tuesday").
_EXPLICIT = re.compile(
    r"\d|january|february|march|april|may|june|july|august|september|"
    r"october|november|december|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|[月日曜]",
    re.IGNORECASE,
)


def when_answer(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
    cover: dict[int, float] | None = None,
) -> Reading:
    wanted = held_as_nouns(question, question_terms(question, ctx), (m.text for m in ranked))
    # "which saturday did the street party end up on?" asks for the plan as it stands, however
    # the question is tensed: plans move, and the latest one is the answer.
    past = bool(_PAST_Q.search(question)) and not _AS_IT_STANDS.search(question)
    # "when am i getting my teeth cleaned": an -ed word after a present or future auxiliary
    past = past and not _AHEAD_Q.search(question)
    ways = journey_ways(question)
    dated = dated_in(good[:8], wanted, ctx, qk.wants_time, ways[0] if ways else None)
    # "the bakery smells like heaven at 5am" says no day: the last resort of a day question.
    hours = [] if qk.wants_time else [(m, x) for m, x in dated if bare_time(m, x, ctx)]
    dated = [d for d in dated if d not in hours]
    if qk.wants_time and not any(x.granularity == "time" for _, x in dated):
        # "what time do we need to be there?" wants a clock time: a message further down on the
        # topic that gives one ("tournament info from work: be at fernbrook for 9:30") beats a day.
        timed = dated_in(
            [n for n in ranked[:_AHEAD_DEPTH] if wanted & terms(n.text)], wanted, ctx, True
        )
        dated = [(n, x) for n, x in timed if x.granularity == "time"][:3] or dated
    if qk.wants_time and not any(x.granularity == "time" for _, x in dated):
        # Or in the exchange that follows a best message: "car is booked, a yellow fiat 500" /
        # … / "pickup is 8am on the thursday".
        leads = [*good[:5], *(n for n in ranked[:10] if wanted & terms(n.text))]
        said = dated_in(_exchange(list(dict.fromkeys(leads)), ctx), wanted, ctx, True)
        # Not another's time for another thing: "dentist appointment Thursday morning" / "I
        # can come at 7:30" (to the climbing)
        writers = {m.speaker for m in leads}
        said = [(n, x) for n, x in said if n.speaker in writers or wanted & terms(n.text)]
        dated = [(n, x) for n, x in said if x.granularity == "time"][:1] or dated
    weekday = _asked_weekday(question)
    if weekday is not None:
        # "which saturday…?": the answer is a Saturday, said by a best message or in its exchange
        more = dated_in(_exchange(good[:5], ctx), wanted, ctx, qk.wants_time)
        on_it = [
            (n, x)
            for n, x in list(dict.fromkeys([*dated, *more]))
            if x.granularity in DAY_OR_FINER and x.start.isoweekday() == weekday
        ]
        dated = on_it or dated
    if not dated:
        dated = _dated_by_asking(question, ranked, ctx, qk.wants_time)
    if not dated:
        # The date is often in the turn next to the one naming the event ("dinner is cursed" /
        # "thursday the 14th?").
        near = [n for m in good[:3] for n in neighbours(m, ranked)]
        dated = dated_in(list(dict.fromkeys(near)), wanted, ctx, qk.wants_time)
        dated = [(m, x) for m, x in dated if qk.wants_time or not bare_time(m, x, ctx)] or hours
    if not dated and not past and good:
        # "when is kaveh actually putting the new boiler in?" of "I'll get the boiler ordered":
        # a plan still ahead is told with its day, in the best message's chat, by other words
        # ("I can do the install monday 14th…", later "can we move the install to…")
        chat = good[0].conversation
        told_ahead = [
            (n, x)
            for n in ranked[:_PLAN_DEPTH]
            if n.conversation == chat
            for x in ctx.mentions_of(n)
            if x.direction == "future" and x.granularity in DAY_OR_FINER
        ]
        dated = [max(told_ahead, key=lambda nx: (nx[0].ts, nx[0].id))] if told_ahead else []
    if not dated and past and good:
        dated = _told_done(good[0], ranked, ctx)
    if not dated:
        best = good[0]
        return Reading(
            f"{day_phrase(best.ts)}.",
            [best],
            qk.kind.value,
            day_phrase(best.ts),
            f"the day {who(best, ctx)} wrote about it ({short_day(best.ts)} {best.ts:%H:%M}): "
            "the message names no other day",
            why=["no time expression in the best messages: the day it was written"],
            event_day=best.ts.date(),
        )
    cover = cover or {}
    # "when was moira discharged *after her surgery*?": the event is what the main clause
    # says; the clause after "after" dates it, and its own message ("Knee op is Thursday the
    # 9th") answers another when-question.
    event = _event_terms(question, ctx)

    away = other_way(question)

    def score(mx: tuple[StoredMessage, Mention]) -> float:
        m, x = mx
        if ctx.now is not None:  # did: before now; is/will: not over yet
            fits = (x.end <= ctx.now) == past
        else:
            fits = (x.direction == "past") == past or x.direction == "present"
        said = x.text.strip(" .,!?")
        asked = 2.0 if m.text.rstrip().endswith("?") else 1.0  # a proposal is a plan too
        support = cover.get(m.id, 0.0)
        if event:  # mostly the event's own words
            support = 0.25 * support + 0.75 * ctx.weights.coverage(event, said_terms(m.text))
        return (
            asked * support
            - 0.3 * (away is not None and away(m.text))
            + 0.3 * bool(_EXPLICIT.search(said) and x.granularity in DAY_OR_FINER)
            - 0.4 * bool(_DEICTIC.match(said))
            + 0.2 * fits
            # "when did the skip get dropped off?": a telling of it as done ("turned up
            # yesterday") before a plan of it ("I'll get the skip booked for the Friday")
            + _DONE * (past and x.direction in ("past", "present"))
            + 0.5 * (qk.wants_time and x.granularity == "time")
            # "when did she get back?" is best answered with a day, not "October"
            + 0.2 * (x.granularity in DAY_OR_FINER)
        )

    # Best first; a stable sort keeps the first of equals, as max would.
    by_score = sorted(dated, key=score, reverse=True)
    m, x = by_score[0]
    if qk.wants_time and x.granularity != "time":
        # "confirm my cleaning on November 5th" / "Booked: cleaning on Thursday November 5th at
        # 9:00": the day's clock time, said in another message of it
        m, x = next(
            (
                (n, y)
                for n, y in by_score
                if y.granularity == "time" and y.start.date() == x.start.date()
            ),
            (m, x),
        )
    if not past and ctx.now is not None and x.end <= ctx.now:
        m, x = _ahead(m, wanted, ranked, ctx, qk.wants_time, ctx.now) or (m, x)
    mine = bool(ctx.me) and _I_DID.search(question) is not None
    # "the meeting with the parent who complained": a telling of the complaint is not of the
    # meeting
    head = event_head(question, ctx)
    # Only a message that tells it in the question's own words ("I GOT THE JOB"), not a reply.
    undated = [
        n
        for n in good
        if not ctx.mentions_of(n)
        and ctx.weights.coverage(wanted, terms(n.text)) >= 0.5
        and not _asks_of(n.text, wanted, ctx)
        # "Booked flights to Osaka" tells of a booking, not of the flight
        and (not _BOOKED.search(n.text) or _BOOKED.search(question) is not None)
        and _of_subject(n, question)
        # "when did I stay at the ryokan?" is told by the user ("I GOT THE JOB"), not by
        # Aki's advice ("Stay near Gion… a small ryokan called Yoshida-sanso")
        and not (mine and n.speaker != ctx.me)
        and head <= said_terms(n.text)
    ]
    # Of tellings that cover it as well, the one by whom it happened to: "when did I get the
    # job?" is "AKI. I GOT THE JOB.", not Aki's "You're getting this job."
    asked_of = subjects(question, ctx)
    told = (
        max(undated, key=lambda n: cover.get(n.id, 0.0) + 0.1 * (n.speaker in asked_of))
        if undated
        else None
    )
    # It happened the day it was told, when the telling covers the question clearly better
    # than any message with a date does, or the only date said is still ahead of `now`.
    ahead = ctx.now is not None and x.start > ctx.now
    # A proposal's support was halved as a question; it dates the plan all the same ("Castle
    # Crags on Saturday October 17th?" against "we need you for the crag trip"), as in `score`.
    dated_cover = cover.get(m.id, 0.0) * (2.0 if m.text.rstrip().endswith("?") else 1.0)
    # "i've entered the mendip sprint tri" / "sunday 20th sept. 4 weeks to go": the writer's
    # next turn dates what was just told.
    clearer = told is not None and (ahead or cover.get(told.id, 0.0) > dated_cover + 0.2)
    # "what time did it start?": a clock time found beats the day a telling was written
    clearer = clearer and not (qk.wants_time and x.granularity == "time")
    following = dated_next(told, ctx) if told is not None and clearer else None
    if following is None:
        # "Gethin and Anya have set a date!!!" / "finally! when?" / "Saturday 18th October…":
        # the chat asked when of a best message naming no day, and its writer's answer dates
        # it, however well other messages with a day match the question's words
        following = dated_when_asked(good, ranked, wanted, ctx)
    if following is None and told is not None and clearer and past:
        following = dated_before(told, ranked, ctx)
    if following is not None:
        m, x = following
    elif past and told is not None and clearer:
        best = told
        # "AKI. I GOT THE JOB." names no day: it happened the day it was written.
        return Reading(
            f"{day_phrase(best.ts)}.",
            [best],
            qk.kind.value,
            day_phrase(best.ts),
            f"the day {who(best, ctx)} wrote about it ({short_day(best.ts)} {best.ts:%H:%M})",
            why=["the best message tells it as done and names no other day"],
            event_day=best.ts.date(),
        )
    # "this year's block party" / "I'm thinking Saturday July 11?": the year's day is the plan
    # that may move, so it is read first.
    m, x, told_first = finer_next(m, x, ctx) if x.granularity == "year" else (m, x, [])
    earlier: list[tuple[StoredMessage, Mention]] = []
    # "cake tasting was supposed to be saturday the 10th but the bakery moved it to saturday
    # the 17th": the plan's own message moves it, past the day it read first
    itself = moved_to(m, ctx)
    if itself is not None and itself[1].start_char > x.end_char and itself[1].start != x.start:
        earlier, x = [(m, x)], itself[1]
    # Plans move: a later message that says the plan changed is the plan now, and, once the
    # day is gone by, the day it happened ("when was his opening?": the 25th it moved to).
    # The plan may be told in several chats ("dads op moved to the 18th" to the sister, "my
    # dad's surgery is now on 18 March" to the boss) and moved again in one of them.
    rivals = [n for n, _ in by_score[:4]]
    plans = list(dict.fromkeys([m, *rivals]))
    undone_by = [tp for p in plans for tp in undone_day(p, ctx)]
    replacing = {t.id: x for t, x in undone_by}
    changed = [(p, c) for p in plans for c in changed_since(p, wanted, ranked, ctx, days=True)]
    changed += [(p, c) for p in plans for c in counter_offers(p, ctx)]
    changes = [c for _, c in changed]
    # "can we push dinner back a week?": the day of the plan it moves, moved by as much; such
    # a change names no day, so it must name the plan ("bump the *dentist*")
    relative = {c.id: y for p, c in changed if (y := _shifted(c, p, ctx)) is not None}
    by = {c.id: relative[c.id] for c in changes if c.id in relative and wanted & said_terms(c.text)}
    changes += [t for t, _ in undone_by]
    # "can we push the visit again?" names no day: the exchange settles it ("ok. the
    # friday after?" / "friday 22nd may it is").
    changes += [
        t for c in changes if "?" in c.text and not ctx.mentions_of(c) for t in settled(c, ctx)
    ]
    changes = list(dict.fromkeys(changes))
    moved = [
        moved_to(n, ctx) or (n, y)
        for n, y in dated_in(
            [n for n in changes if n.id not in relative], wanted, ctx, qk.wants_time
        )
    ]
    moved += [(n, y) for n in changes if (y := by.get(n.id)) is not None]
    # "book club moved from the 1st to the 8th", of 1 July, written in June: the 8th of the
    # plan's month, not one gone by
    moved = [
        (
            n,
            in_month_of(y, replacing.get(n.id, x), n.ts)
            if n.id in replacing or y.direction == "past"
            else y,
        )
        for n, y in moved
    ]
    moved = [(n, echoed(n, y, ranked, ctx)) for n, y in moved]
    # whose plan it is names no plan: Aurelio's dry run is no first day of his
    people = people_terms(ctx)
    # "ill change the booking tonight" says when the change is made, not the plan's day
    moved = [
        (n, y)
        for n, y in moved
        if y.direction != "past"
        and (n.ts > m.ts or n.id in by and n.ts >= m.ts)
        and (n.id in by or not its_own_weekday(y, x))
        # a move onto the plan's own day moves some other plan ("the fitting… moved it to
        # Saturday the 17th", of a quince on the 17th)
        and y.start.date() != x.start.date()
        and (qk.wants_time or y.start.date() != n.ts.date())
        # Of a day gone by, only a change said in the question's own words, there or in the
        # turns just before it: a chat moves many plans ("the Tallis launch has slipped"
        # is no first day at work).
        and (
            not past
            or in_own_words(n, m, wanted - MOVE_TERMS - people, x.start.date(), ranked, ctx)
        )
    ]
    if moved:
        earlier = [(m, x)]
        m, x = max(moved, key=lambda ny: ny[0].ts)
    elif not past and _NOW.search(ctx.asked or question):
        # "when's my interview now?": the latest day set for it, which a later exchange on
        # it gives ("Interview done!" … "They want a second round next Tuesday, the 29th")
        m, x = _latest_set(m, x, wanted, ranked, ctx) or (m, x)
    again = None if past else asked_off(m, x, ctx)
    if again is not None:
        earlier = earlier or [(m, x)]
        m, x = again
    m, x, finer = finer_next(m, x, ctx)
    if x.granularity in COARSE:
        m, x, finer = finer_on_topic(m, x, wanted, ranked, ctx)
    told_first += finer
    x = with_clock(x, ctx.mentions_of(m))
    planned = day_of_time(m, x, wanted, ranked, ctx)
    day_from: list[StoredMessage] = []
    if planned is not None:
        x, named_day = planned
        day_from = [named_day] if named_day is not None else []
    when = event_phrase(x, m.ts, qk.wants_time)
    text = when[:1].upper() + when[1:]
    if earlier and earlier[0][1].start.date() != x.start.date():
        # "(first planned for 11 to 12 April)", not "…for from Saturday 11…"
        first = re.sub(r"^from\s+", "", event_phrase(earlier[0][1], m.ts, False))
        text += f" (first planned for {first})"
    detail = f"‘{x.text}’, written by {who(m, ctx)} on {short_day(m.ts)} {m.ts:%H:%M}"
    for d in day_from:  # the day the exchange plans, named a few turns before the time
        detail += f"; the day from {who(d, ctx)}, {short_day(d.ts)} {d.ts:%H:%M}"
    cites = [m] + day_from + told_first + [n for n, _ in earlier]
    return Reading(
        text + ".",
        cites,
        qk.kind.value,
        when,
        detail,
        why=[
            f"‘{x.text}’ in a message written {m.ts:%Y-%m-%d %H:%M} resolves to "
            f"{x.start:%Y-%m-%d %H:%M}–{x.end:%Y-%m-%d %H:%M} ({x.granularity})"
        ],
        event_day=x.start.date(),
    )


# "when did I …", "when was I …": the user did it
_I_DID = re.compile(r"\b(?:did|was|have|had)\s+i\b|\bi\s+(?:last|first)\b", re.IGNORECASE)


def _dated_by_asking(
    question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext, wants_time: bool
) -> list[tuple[StoredMessage, Mention]]:
    """A scene set first ("doing a photo book for chidi. what date did his intro finally
    hold?") can lead the best messages astray: a message further down that holds the rarest
    word of the sentence that asks dates it ("introduction moved to Saturday…")."""
    asked = question_terms(asking_part(question), ctx)
    if not asked or asked == question_terms(question, ctx):
        return []
    rarest = max(asked, key=ctx.weights.idf)
    holding = [n for n in ranked[:_PLAN_DEPTH] if rarest in terms(n.text)]
    return dated_in(holding, asked, ctx, wants_time)


def _of_subject(m: StoredMessage, question: str) -> bool:
    """Whether `m` tells of the one the question says it happened to, when it names one
    ("when did *pickle* hurt her foot?"): written by them or naming them. "mine's about a foot
    too short for that ceiling" shares the question's rarest word and tells nothing of Pickle.
    "I" and the pronouns name no one here (the tie-break after prefers the user's telling)."""
    named = subject_words(question) - _NOBODY
    if not named:
        return True
    first = m.speaker.split()[0].lower() if m.speaker.split() else ""
    return first in named or bool(named & said_terms(m.text))


_BOOKED = re.compile(r"\b(?:booked|booking|reserved|reservation)\b", re.IGNORECASE)
_NOBODY = frozenset(["i", "me", "we", "you", "he", "she", "they", "it", "the", "people", "my"])


# What a day told as done weighs, for a question of the past, beside one planned: plans move.
# 0.4 on the 40 scenario sets: developed +1, never read +2 -2; LoCoMo dev F1 sum +0.6 (two
# temporal answers up, none down). 0.2 gained less; 0.7 lost a developed answer to a day told
# of another event.
_DONE = 0.4


# "when's my interview now?", "what day is the party now": the state the plan is in today
_NOW = re.compile(r"\bnow\s*\??\s*$|\bnow\b(?!\s+(?:that|on)\b)", re.IGNORECASE)


def _latest_set(
    m: StoredMessage,
    x: Mention,
    wanted: set[str],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> tuple[StoredMessage, Mention] | None:
    """The latest day ahead of the one found, said in the exchange after a later message on
    the topic in the same chat, or None."""
    later = [
        n
        for n in ranked[:_NOW_DEPTH]
        # a later exchange: the turns after the plan itself are its own ("call u sunday")
        if n.conversation == m.conversation
        and n.session_id != m.session_id
        and n.ts > m.ts
        and wanted & said_terms(n.text)
    ]
    for n in sorted(later, key=lambda n: n.ts, reverse=True):
        for e in reversed([n, *ctx.turns_after(n)[:_NOW_TURNS]]):
            # a day still to come when it was written ("next Tuesday"), not "today"
            ahead = [
                y
                for y in ctx.mentions_of(e)
                if y.granularity in DAY_OR_FINER
                and y.start.date() > e.ts.date()
                and y.start > x.start
            ]
            if ahead and not asks(e.text):
                return e, ahead[0]
    return None


# How far down the ranking a later message on the topic may open that exchange, and how
# many turns of its session the exchange runs.
_NOW_DEPTH = 15
_NOW_TURNS = 10


def _shifted(change: StoredMessage, plan: StoredMessage, ctx: ReaderContext) -> Mention | None:
    """The first day `plan` names, moved as `change` says ("push it back a week"); None when
    it says no such thing, or is itself what moves the plan (its own days are no plan's)."""
    if change.id == plan.id:
        return None
    days = [x for x in ctx.mentions_of(plan) if x.granularity in DAY_OR_FINER | {"weekend"}]
    return shifted(change, days[0], ctx) if days else None


_ANCHOR = re.compile(r"\b(?:after|before|since|following|during)\b(?P<rest>.*)$", re.I)
# A relative clause after a noun: "the meeting with the parent who complained".
_RELATIVE = re.compile(r"(?<=[^\W\d_]{3})\s+(?:who|that|which|where)\s+(?P<rest>\S.*)$", re.I)


def _event_terms(question: str, ctx: ReaderContext) -> set[str]:
    """The terms of the main clause of a when-question whose event is dated by another
    ("… after her surgery") or told apart by a relative clause ("the meeting with the parent
    *who complained about me*": the meeting is the event, the complaint another), or none when
    it has no such clause."""
    m = _ANCHOR.search(question) or _RELATIVE.search(question)
    if not m:
        return set()
    main = question_terms(question[: m.start()], ctx)
    return main - question_terms(m.group("rest"), ctx) if main else set()


def event_head(question: str, ctx: ReaderContext) -> set[str]:
    """The head noun of a when-question's event, when a relative clause tells which one it is
    ("the *meeting* with the parent who complained about me"), else none. Not of an event
    dated by another ("a hike after the roadtrip"): the main clause's words weigh there."""
    m = None if _ANCHOR.search(question) else _RELATIVE.search(question)
    phrases = noun_phrases(question[: m.start()]) if m else []
    return question_terms(phrases[0][-1], ctx) if phrases else set()


def _ahead(
    gone: StoredMessage,
    wanted: set[str],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
    wants_time: bool,
    now: datetime,
) -> tuple[StoredMessage, Mention] | None:
    """ "When *is* my dental cleaning?" asks for a day still ahead: when the best-supported date
    is gone by ("my cleaning last spring"), a message on the topic further down the ranking
    that names a day ahead is the answer ("Booked: cleaning on Thursday November 5th"). Of
    those, the one covering the question best, then the newest (plans move). It must hold the
    rarest of the question's words that the gone-by one holds: "the *next* book … November
    4th" is no next crag trip."""
    held = wanted & terms(gone.text)
    key = ctx.weights.rarest(held) if held else None
    said = {n.id: terms(n.text) for n in ranked[:_AHEAD_DEPTH]}
    covers = {i: ctx.weights.coverage(wanted, t) for i, t in said.items()}
    on_topic = [
        n
        for n in ranked[:_AHEAD_DEPTH]
        if covers[n.id] >= MIN_SUPPORT and (key is None or key in said[n.id])
    ]
    ahead = [(n, y) for n, y in dated_in(on_topic, wanted, ctx, wants_time) if y.start > now]
    if not ahead:
        return None
    return max(ahead, key=lambda ny: (round(covers[ny[0].id], 3), ny[0].ts))


# How far down the ranking a plan still ahead is looked for.
_AHEAD_DEPTH = 50


# How many turns after a best message its exchange may still give the time.
_EXCHANGE = 4


def _exchange(good: Sequence[StoredMessage], ctx: ReaderContext) -> list[StoredMessage]:
    """The turns that follow each of `good` in its session, best message first."""
    out = [t for m in good for t in ctx.turns_after(m)[:_EXCHANGE] if t.session_id == m.session_id]
    return list(dict.fromkeys(out))


# How far up the ranking a telling of a past day is read when the best messages name none.
_DONE_DEPTH = 3


def _told_done(
    best: StoredMessage, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> list[tuple[StoredMessage, Mention]]:
    """A day told as gone by, in the best message's chat, near the top of the ranking: "what
    day did jess bring her new dog home?" is best covered by "HOME CHECK PASSED 🐶", which
    names no day, and told by "picked her up from hound haven saturday", in other words. The
    day a message was written is the last resort."""
    return [
        (n, x)
        for n in ranked[:_DONE_DEPTH]
        if n.id != best.id and n.conversation == best.conversation
        for x in ctx.mentions_of(n)[:1]
        if x.direction == "past" and x.granularity in DAY_OR_FINER
    ][:1]
