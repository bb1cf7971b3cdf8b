"""The offline temporal planner: question → route + TablePlan, with no model at all.

The time grammar (agent.plan.grammar, grammar_offsets, grammar_ja, grammar_ja_offsets: anchors
such as holidays, seasons, weekends and parts of a month, composed with before/after/since/until
and session picks) reads first; the older rules (agent.plan.rules) read what it leaves (plain
dates, "last Friday", "3 days ago", session numbers). Time-like words that nothing read are
named in the notes (agent.plan.leftover). This module settles how the findings combine and in
what order the operations run:

1. absolute session picks (`nth_session`, `session_range`, `relative_session`) on the scope;
2. row filters (dates, months, weekdays, times of day, events) in the order they were written;
3. picks inside the filtered sessions (`nth_within`, `first`, `last`): "the third
   conversation on Tuesday" is `[where_weekday([2]), nth_within(3)]`;
4. the speaker filter last, so choosing a session never depends on who spoke in it.

When a question names a calendar date, relative day expressions in it ("what did she do last
Friday, as she said on February 21, 2023?") are reported speech, not the filter, and are
dropped with a note.

Each date span is then put on its clock (agent.plan.clocks): when the messages were written
(`where_date`), what they speak of (`where_mentions`), or the union of both (`any_of`).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Literal

from agent.plan import (
    clocks,
    grammar,
    grammar_ja,
    grammar_ja_offsets,
    grammar_offsets,
    grammar_picks,
    people,
    rules,
)
from agent.plan import timeexpr_ja as ja
from agent.plan.leftover import leftover_note, temporal_leftovers
from agent.plan.rules import Ctx, Hit, LatestTsFn
from memory_store.indexes.tokenize import has_cjk
from memory_store.query.table_ops import (
    First,
    Last,
    NthSession,
    NthWithin,
    TableOp,
    TablePlan,
    WhereDate,
    WhereDates,
    WhereMonth,
    WhereWeekday,
)

__all__ = ["PlanResult", "Route", "plan_question"]

Route = Literal["time", "content", "both"]

# Priority order: a later rule never takes characters an earlier one claimed.
_RULES: list[Callable[[str, Ctx], list[Hit]]] = [
    rules.find_session_spans,
    rules.find_relative_sessions,
    *grammar_offsets.OFFSET_RULES,
    *grammar_picks.PART_OF_RULES,
    *grammar.GRAMMAR_RULES,
    *grammar_picks.PICK_RULES,
    rules.find_ordinal_sessions,
    rules.find_earlier_today,
    rules.find_ago,
    rules.find_day_words,
    rules.find_past_n,
    rules.find_day_ranges,
    rules.find_calendar,
    rules.find_day_of_month,
    rules.find_weekdays,
    rules.find_time_of_day,
    people.find_events,
]
_JA_GRAMMAR = [*grammar_ja_offsets.JA_OFFSET_RULES, *grammar_ja.JA_GRAMMAR_RULES]
_ROW_KINDS = ("day_abs", "range_abs", "rel", "weekday", "filter")
_DATE_KINDS = ("day_abs", "range_abs", "rel", "weekday")


@dataclass
class PlanResult:
    """What the planner decided, and why.

    route: "content" when the question has no filter at all, "time" when it only asks what
    was said in the filtered range, "both" when it filters and also asks about content.
    resolved: one note per expression, e.g. "last Friday → 2023-10-20".
    content_query: the question without its temporal expressions, for content retrieval.
    prefer: speakers a content question names, ranked first but not filtered on.
    """

    route: Route
    plan: TablePlan
    resolved: list[str] = field(default_factory=list)
    content_query: str = ""
    spans: list[str] = field(default_factory=list)
    leftover: list[str] = field(default_factory=list)
    # speakers retrieval ranks first without filtering on them (agent.plan.speaker_pref)
    prefer: list[str] = field(default_factory=list)


def plan_question(
    question: str,
    *,
    now: datetime,
    speakers: list[str] | None = None,
    latest_ts_fn: LatestTsFn | None = None,
    me: str | None = None,
) -> PlanResult:
    """Plan a question offline.

    Args:
        question: the user's question, in English or Japanese (a question with any CJK
            character also runs the Japanese rules of agent.timeexpr_ja, before the English
            ones, so mixed questions work).
        now: the reference time for every relative expression.
        speakers: known speaker names; "what did <name> say ..." filters on them.
        latest_ts_fn: optional probe `(start_day, end_day) -> newest message time or None`.
            With it a date or month named without a year resolves to the latest such one
            that holds messages (else simply the latest one not after `now`).
        me: which speaker is the user: "what did I say" / 「私が言ったこと」 filter on them.
    """
    ctx = Ctx(now=now, speakers=list(speakers or []), latest_ts_fn=latest_ts_fn, me=me)
    japanese = has_cjk(question)
    hits = _collect(question, ctx, japanese)
    read = [h for h in hits if h.removable]  # every span a rule read, kept or dropped
    claimed = [h for h in hits if h.kind != "speaker" and claimed_day(question, h.start)]
    hits = [h for h in hits if h not in claimed]
    hits, dropped = _settle(hits)
    habitual = [] if japanese else clocks.habitual_parts(question, hits)
    hits = [h for h in hits if h not in habitual]
    dropped += [
        f"‘{question[h.start : h.end]}’ is when the thing asked about happens, not when messages "
        "were written: the question asks about no conversation"
        for h in habitual
    ]
    dropped += [
        f"‘{question[h.start : h.end]}’ is the day the question checks, not a filter"
        for h in claimed
    ]
    # The resolver would find the claimed day again, as a day still ahead: it is not there.
    masked = _blanked(question, [(h.start, h.end) for h in claimed])
    hits, clock_notes = clocks.route_clocks(masked, hits, now)
    ops = _order(hits)
    removable = [h for h in hits if h.removable]
    notes = [h.note for h in sorted(hits, key=lambda h: h.start)] + dropped + clock_notes
    leftover = temporal_leftovers(_strip(_blanked(question, _name_spans(question, ctx)), read))
    if japanese:
        names = [*ctx.speakers, *([me] if me else [])]
        content = ja.ja_content(question, removable, names, GENERIC_WORDS | grammar_ja.JA_GENERIC)
        route: Route = ("both" if content else "time") if ops else "content"
        content = content or _strip(question, removable)
    else:
        content = _strip(question, removable)
        # Time words nothing read are not a topic: the filter that was read stands alone.
        unread = {w for phrase in leftover for w in phrase.lower().split()}
        generic = clocks.EVENT_WORDS if clock_notes else ()
        route = _route(ops, content, [*ctx.speakers, *unread], generic)
    spans = [question[h.start : h.end] for h in sorted(hits, key=lambda h: h.start) if h.removable]
    if leftover:
        notes.append(leftover_note(leftover, notes))
    plan = TablePlan(ops=ops)
    if route == "both":  # content is ranked inside: the turns next to a mention join it
        plan = clocks.with_replies(plan)
    return PlanResult(
        route=route,
        plan=plan,
        resolved=notes,
        content_query=content,
        spans=spans,
        leftover=leftover,
    )


# "is the hike still on the 11th?": the day is the one the asker believes; the plan may have
# moved, so the day is checked against the plan, not used to choose messages.
# The words before the day a "still on…?" question checks (agent.answer.still_on reads it too).
STILL_ON = (
    r"\bstill\s+(?:on\s+for\s+|on\s+|for\s+|happening\s+(?:on\s+)?|going\s+ahead\s+(?:on\s+)?)?"
)
_STILL_ON = re.compile(
    rf"\b(?:is|are|was|were|['’]s)\b.*{STILL_ON}(?:(?:the|this|next|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday|sat|sun)\s+)*$",
    re.IGNORECASE,
)


def claimed_day(question: str, start: int) -> bool:
    """Whether the time expression at `start` is the day a "still on…?" question checks."""
    return bool(_STILL_ON.search(question[:start]))


def _collect(question: str, ctx: Ctx, japanese: bool) -> list[Hit]:
    taken = _name_spans(question, ctx)
    accepted: list[Hit] = []
    for rule in [*_JA_GRAMMAR, *ja.JA_RULES, *_RULES] if japanese else _RULES:
        for hit in sorted(rule(question, ctx), key=lambda h: (h.start, -h.end)):
            if any(hit.start < e and s < hit.end for s, e in taken):
                continue
            taken.append((hit.start, hit.end))
            accepted.append(hit)
    speakers = people.find_speakers(question, ctx) or people.find_me(question, ctx)
    if japanese and not speakers:
        speakers = ja.find_ja_speakers(question, ctx)
    return accepted + speakers


def _name_spans(question: str, ctx: Ctx) -> list[tuple[int, int]]:
    """Where the question writes a person's name of two words or more: a time word inside one
    is the name's ("jun" of "Jun Hao" is no June). A name of one word, "May", is as likely the
    month."""
    return [
        m.span()
        for name in ctx.speakers
        if len(name.split()) > 1
        for m in re.finditer(rf"\b{re.escape(name)}\b", question, re.IGNORECASE)
    ]


def _blanked(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """`text` with the characters of `spans` blanked, every other one where it was."""
    for s, e in spans:
        text = text[:s] + " " * (e - s) + text[e:]
    return text


def _settle(hits: list[Hit]) -> tuple[list[Hit], list[str]]:
    """Resolve combinations: calendar dates beat relative days; weekdays become sets."""
    dropped: list[str] = []
    if any(h.kind in ("day_abs", "range_abs") for h in hits):
        for h in [h for h in hits if h.kind in ("rel", "weekday")]:
            if h.kind == "weekday" and _weekday_is_set(hits):
                continue
            dropped.append(f"ignored '{h.note.split(' → ')[0]}': the question names a date")
            hits.remove(h)
    hits = _union_of_dates(_day_in_named_month(hits))
    out = []
    has_rows = any(h.kind in _ROW_KINDS for h in hits)
    for h in hits:
        if h.kind == "weekday" and _weekday_is_set(hits):
            h = _as_weekday_set(h)
        elif h.kind == "ordinal":
            h = _as_session_pick(h, has_rows)
        out.append(h)
    return out, dropped


def _day_in_named_month(hits: list[Hit]) -> list[Hit]:
    """ "on the 8th in May 2023": the day of that month, not the most recent 8th."""
    months = [
        op for h in hits if h.kind == "range_abs" for op in h.ops if isinstance(op, WhereMonth)
    ]
    if len(months) != 1 or months[0].year is None:
        return hits
    month, year = months[0].month, months[0].year
    out = []
    for h in hits:
        if h.kind == "day_abs" and h.n > 0:
            span = h.note.split(" → ")[0]
            try:
                d = date(year, month, h.n)
                h = replace(h, ops=[WhereDate(start=d, end=d)], note=f"{span} → {d}")
            except ValueError:  # "the 31st in June": nothing matches, and the note says why
                h = replace(h, note=f"{span} → {year}-{month:02d} has no such day")
        out.append(h)
    return out


def _union_of_dates(hits: list[Hit]) -> list[Hit]:
    """Separate calendar dates ("on May 8 and May 25") mean either day: their intersection is
    always empty. Nested ones ("the 8th in May 2023") still narrow each other."""
    given = hits
    # "in feb and march" is either month too, as its days
    hits = [_month_as_days(h) for h in hits]
    dated = [
        h
        for h in hits
        if h.kind in ("day_abs", "range_abs")
        and len(h.ops) == 1
        and isinstance(h.ops[0], WhereDate)
    ]
    spans = sorted(
        {(h.ops[0].start, h.ops[0].end) for h in dated if isinstance(h.ops[0], WhereDate)}
    )
    disjoint = all(a[1] < b[0] for a, b in zip(spans, spans[1:], strict=False))
    if len(spans) < 2 or not disjoint or len(spans) > 31:
        return given
    union = WhereDates(spans=[WhereDate(start=a, end=b) for a, b in spans])
    first = dated[0]
    out = []
    for h in hits:
        if h is first:
            h = replace(h, kind="range_abs", ops=[union])
        elif h in dated:
            h = replace(h, ops=[])
        out.append(h)
    return out


def _month_as_days(h: Hit) -> Hit:
    """A month of a known year as the span of its days (unchanged otherwise)."""
    op = h.ops[0] if len(h.ops) == 1 else None
    if h.kind != "range_abs" or not isinstance(op, WhereMonth) or op.year is None:
        return h
    last = calendar.monthrange(op.year, op.month)[1]
    start, end = date(op.year, op.month, 1), date(op.year, op.month, last)
    return replace(h, ops=[WhereDate(start=start, end=end)])


def _weekday_is_set(hits: list[Hit]) -> bool:
    """'the third conversation on Tuesday', 'on Tuesday in March': any Tuesday, not the last."""
    return any(h.kind in ("ordinal", "within", "range_abs") for h in hits)


def _as_weekday_set(h: Hit) -> Hit:
    name = h.note.split(" → ")[0]
    return Hit(h.start, h.end, "filter", [WhereWeekday(days=[h.weekday])], f"{name} → any such day")


def _as_session_pick(h: Hit, has_rows: bool) -> Hit:
    op: TableOp
    if not has_rows:
        op = NthSession(n=h.n)
        return Hit(h.start, h.end, "session", [op], h.note)
    op = Last() if h.n == -1 else First() if h.n == 1 else NthWithin(n=h.n)
    note = h.note.replace("in order", "among the matching sessions")
    return Hit(h.start, h.end, "within", [op], note)


def _order(hits: list[Hit]) -> list[TableOp]:
    groups = (("session",), _ROW_KINDS, ("within",), ("speaker",))
    ops: list[TableOp] = []
    for kinds in groups:
        for h in sorted((h for h in hits if h.kind in kinds), key=lambda h: h.start):
            ops.extend(op for op in h.ops if op not in ops)
    return ops


_DANGLING = re.compile(
    r"\b(?:on|in|at|from|over|during|between|of|for|since|through|the|our)\s*(?=[?.!,]|$)", re.I
)


# "back" left where "back in feb" was, said of the past; not of a return ("get back in may"),
# nor of a delay ("why was the fitting put back in august?")
_BACK_THEN = re.compile(
    r"(?<!\bget)(?<!\bgot)(?<!\bgets)(?<!\bcome)(?<!\bcame)(?<!\bcomes)(?<!\bgo)"
    r"(?<!\bwent)(?<!\bflew)(?<!\bfly)(?<!\bbe)(?<!\bwas)(?<!\bwere)(?<!\bis)(?<!\bare)"
    r"(?<!\bhome)(?<!\bmove)(?<!\bmoved)(?<!\bput)(?<!\bpush)(?<!\bpushed)(?<!\bset)"
    r"(?<!\bbumped)(?<!\bpulled)\s+back(?=\s+(?:in\s+|during\s+|at\s+)?\0)",
    re.I,
)

_JOINED = re.compile(r"\0(?:\s*(?:,|and|or|&)?\s*(?:\bon\b)?\s*\0)+", re.I)


def _strip(question: str, hits: list[Hit]) -> str:
    """The question minus the claimed spans and the prepositions they leave behind."""
    text = question
    for h in sorted(hits, key=lambda h: h.start, reverse=True):
        text = text[: h.start] + "\0" + text[h.end :]
    # "what was wrong with the car back in feb": "back" goes with the time it dates
    text = _BACK_THEN.sub(" ", text)
    # "on May 8, May 9 and May 25": the joiners between claimed spans go with them.
    text = _JOINED.sub("\0", text).replace("\0", " ")
    text = re.sub(r"\s+", " ", text)
    # Only what a claimed span left behind dangles: "where did jess get pickles from" keeps its
    # "from", which asks for an origin.
    for _ in range(3 if hits else 0):
        text = _DANGLING.sub("", text).strip()
    text = re.sub(r"\(\s*\)", " ", text)
    text = re.sub(r"\s+([?.!,])", r"\1", text)
    text = re.sub(r"^[,;:\s]+|,(?=\s*[?.!]?$)", "", text)
    return re.sub(r"\s+", " ", text).strip()


GENERIC_WORDS = frozenset(
    re.findall(
        r"\S+",
        """what which did do does we us our i me my you your talk talked talking chat chatted
    chatting discuss discussed discussing discussion discussions about tell summarize summarise
    summary recap give sorts sort kinds kind of things thing stuff was were is are the a an
    over in on during at from and to all everything anything conversation conversations
    session sessions talks chats topics topic subjects happened go went say said mention
    mentioned please can could would remind recall remember again then there with each other
    that this it how covered cover bring brought up be been have had whole entire not but
    both one show list main key points briefly quick quickly overview get got let let's
    he she they her his their him them ask asked may might know want wondering wonder
    usually often typically normally generally mostly ever
    monday tuesday wednesday thursday friday saturday sunday january february march april
    june july august september october november december today yesterday week month
    yes yeah yep sure ok okay please thanks thank enjoy enjoyed too describe described detail
    details detailed much many content contents as so just really remind those these
    came come comes coming up chat call calls called spoke speak spoken time times last first
    final latest earliest most recent next previous very right everything were talking
    discussing chatting catch catching had we'd what's whats happen happening going on""",
    )
)


def _route(
    ops: list[TableOp], content: str, speakers: list[str], generic: Iterable[str] = ()
) -> Route:
    if not ops:
        return "content"
    names = {s.lower() for s in speakers}
    also = frozenset(generic)
    words = re.findall(r"[a-z0-9']+", content.lower())
    rest = [
        w
        for w in words
        if w not in GENERIC_WORDS
        and w not in also
        and w not in names
        and w.rstrip("'s") not in names
    ]
    return "both" if rest else "time"
