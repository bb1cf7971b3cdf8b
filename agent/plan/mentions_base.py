"""What the mention rules share (agent.plan.mentions_en, agent.plan.mentions_ja): the
candidate span, tense cues (English and Japanese), and calendar intervals.

The rules themselves and how they are combined are documented in agent.plan.mentions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from agent.plan import timeexpr as tx

__all__ = [
    "CLAUSE_END",
    "IRREGULAR_PAST",
    "PARTS",
    "Cand",
    "days",
    "dt",
    "mk",
    "month_day",
    "month_year",
    "monday",
    "part",
    "pick",
    "sentence",
    "shift",
    "tense",
    "tense_ja",
    "unit_interval",
]


@dataclass
class Cand:
    """A matched span, before overlapping ones are settled."""

    start_char: int
    end_char: int
    start: datetime
    end: datetime
    granularity: str


def mk(start: int, end: int, res: tuple[datetime, datetime, str]) -> Cand:
    return Cand(start, end, res[0], res[1], res[2])


CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

_NOT_PAST_ED = (
    "need|feed|speed|seed|indeed|weed|bleed|breed|proceed|exceed|succeed|embed|excited"
    "|interested|scheduled|planned|booked|supposed|tired|worried|bored|thrilled|pumped|stoked"
    "|concerned|invited|prepared|hundred|sacred|wicked|naked|kindred|ragged"
)
# English verbs whose past is no -ed word ("rang the council", "swam a mile").
IRREGULAR_PAST = frozenset(
    re.findall(
        r"\S+",
        """went got came saw met made took gave said told left bought brought ran won lost found
    felt thought heard wrote spent sent ate drank slept began became kept paid caught taught
    flew drove rode forgot woke wore broke chose spoke froze fell held knew grew threw drew
    sang rang swam stood sold built meant fought fed led hid shot beat hung struck stuck dug
    shook laid died""",
    )
)
_PAST_CUE = re.compile(
    r"\b(?:was|were|wasn't|weren't|did|didn't|had|been|ago|since|still|"
    + "|".join(sorted(IRREGULAR_PAST))
    # "bit down on an olive pit on Thursday", not "a bit", "a little bit"
    + r"|(?<!\ba\s)(?<!\blittle\s)bit(?!\s+(?:of|more|less|late|early)\b)"
    + rf"|(?P<ed>(?!(?:{_NOT_PAST_ED})\b)[a-z]{{3,}}ed))\b",
    re.IGNORECASE,
)
# "is booked", "are confirmed": a present passive says nothing about the past.
_PASSIVE_BEFORE = re.compile(r"\b(?:is|are|am|be|being|get|gets|'s|'re|'m)\s+$", re.IGNORECASE)
_FUTURE_CUE = re.compile(
    r"\b(?:will|won't|shall|gonna|going\s+to|let's|lets|works?\s+for|works|free|available"
    r"|see\s+you|wanna|want\s+to|hope|hoping|planning|plan\s+to|can't\s+wait|looking\s+forward"
    r"|(?:can|could|should)\s+(?:we|you|i)|how\s+about|what\s+about|coming\s+up|upcoming"
    r"|(?:i'm|im|we're|you're|is|are|am)\s+(?:\w+ing|off)|until|till|should|might|must"
    r"|need\s+to|have\s+to|has\s+to|gotta|leaving|heading|flying|coming|starting|arriving"
    r"|(?:moved|pushed|postponed|rescheduled|changed|bumped|shifted|preponed)"
    r"(?:\s+(?:it|back))?\s+(?:to|till)"
    # "i'm on leave 21-23 apr"
    r"|(?:i'm|im|we're|you're|am|are)\s+on\s+leave"
    # "it's been sore since": a perfect, not a present
    r"|is|are|isn't|aren't|(?:it|that|there|what|he|she|who)'s(?!\s+(?:been|gone|had)\b))\b"
    r"|\w'll\b",
    re.IGNORECASE,
)
SENTENCE_END = re.compile(r"[.!?\n。！？]+\s*")
# An emoji ends a clause as chat writes it: "talked me into a half marathon 😭 october 18"
CLAUSE_END = re.compile(
    r"[.!?\n。！？,;:()]+\s*|\s+[-–—]+\s+|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]+\s*"
)


def sentence(
    text: str, start: int, end: int, rx: re.Pattern[str] = SENTENCE_END
) -> tuple[int, int]:
    left = 0
    for m in rx.finditer(text, 0, start):
        left = m.end()
    after = rx.search(text, end)
    return left, (after.start() if after else len(text))


def tense(text: str, start: int, end: int, question: bool = True) -> str | None:
    """'past', 'future' or None, from the cue word nearest the span in its clause.

    With no cue in the clause, the sentence's auxiliaries and irregular verbs decide ("she
    already did, at 8am"), but not its -ed words or "is" (those belong to their own clause);
    then a question ("gym tuesday?") is a proposal, so future.
    """
    if CJK.search(text, start, end):
        return tense_ja(text, end)
    found = _nearest_cue(text, start, end, sentence(text, start, end, CLAUSE_END), True)
    if found is None:
        found = _nearest_cue(text, start, end, sentence(text, start, end), False)
    if found is not None:
        return found
    s_right = sentence(text, start, end)[1]
    return "future" if question and text[s_right : s_right + 1] == "?" else None


_WEAK_FUTURE = re.compile(r"(?:is|are|isn't|aren't|\w+'s)$", re.IGNORECASE)


# "to" + a lower-case verb (not "to the", "to my", "to Paris"): an infinitive clause.
_INFINITIVE = re.compile(
    r"\bto\s+(?!(?:the|a|an|my|your|his|her|its|our|their|this|that|these|those|me|you|him"
    r"|us|them|it|be|school|work|bed|church|town)\b)[a-z]+\b"
)


def _nearest_cue(
    text: str, start: int, end: int, bounds: tuple[int, int], weak: bool
) -> str | None:
    best: tuple[int, str] | None = None
    for rx, label in ((_PAST_CUE, "past"), (_FUTURE_CUE, "future")):
        for m in rx.finditer(text, *bounds):
            if start <= m.start() < end:
                continue  # the mention's own words ("ago", "weekend") are not its tense
            if (
                label == "past"
                and m.group("ed")
                and (not weak or _PASSIVE_BEFORE.search(text, 0, m.start()))
            ):
                continue  # an -ed word elsewhere in the sentence, or a present passive
            if label == "future" and not weak and _WEAK_FUTURE.match(m.group(0)):
                continue
            if label == "past" and m.end() <= start and _INFINITIVE.search(text, m.end(), start):
                continue  # "called to confirm my cleaning on November 5th": the date is the
                # infinitive's, whose time the past verb does not fix
            dist = start - m.end() if m.end() <= start else m.start() - end
            if best is None or dist < best[0]:
                best = (dist, label)
    return best[1] if best else None


# --- helpers ---------------------------------------------------------------------------------


def dt(d: date, t: time, like: datetime) -> datetime:
    return datetime.combine(d, t, tzinfo=like.tzinfo)


def days(first: date, last: date, gran: str, w: datetime) -> tuple[datetime, datetime, str]:
    return dt(first, time(), w), dt(last + timedelta(days=1), time(), w), gran


def monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def pick(past: date, future: date, today: date, direction: str | None) -> date:
    if direction == "past":
        return past
    if direction == "future":
        return future
    return past if (today - past) < (future - today) else future


# Parts of the day as [start, end) offsets from midnight; night runs into the next morning.
PARTS = {
    "morning": (timedelta(hours=5), timedelta(hours=12)),
    "afternoon": (timedelta(hours=12), timedelta(hours=17)),
    "evening": (timedelta(hours=17), timedelta(hours=22)),
    "night": (timedelta(hours=18), timedelta(hours=29)),
}


def part(d: date, part: str, w: datetime) -> tuple[datetime, datetime, str]:
    a, b = PARTS[part]
    base = dt(d, time(), w)
    return base + a, base + b, "part_of_day"


def shift(d: date, n: int, unit: str) -> date:
    if unit == "day":
        return d + timedelta(days=n)
    if unit in ("week", "weekend"):
        return d + timedelta(weeks=n)
    months = n if unit == "month" else 12 * n
    y, mo = tx.month_shift(d, months)
    return date(y, mo, min(d.day, tx.month_bounds(y, mo)[1].day))


def unit_interval(d: date, unit: str, w: datetime) -> tuple[datetime, datetime, str]:
    """The calendar unit holding `d`."""
    if unit == "day":
        return days(d, d, "day", w)
    if unit == "week":
        return days(monday(d), monday(d) + timedelta(days=6), "week", w)
    if unit == "month":
        return days(*tx.month_bounds(d.year, d.month), "month", w)
    return days(date(d.year, 1, 1), date(d.year, 12, 31), "year", w)


def month_year(month: int, today: date, direction: str | None, this: bool) -> int:
    if this or month == today.month:
        return today.year
    past = tx.most_recent_month(month, today)
    future = past + 1
    if direction == "past":
        return past
    if direction == "future":
        return future
    back = (today.year - past) * 12 + today.month - month
    ahead = (future - today.year) * 12 + month - today.month
    return past if back < ahead else future


def month_day(month: int, day: int, today: date, direction: str | None) -> date | None:
    past = tx.most_recent(month, day, today)
    future = None
    for y in range(today.year, today.year + 8):
        cand = tx.safe_date(y, month, day)
        if cand is not None and cand >= today:
            future = cand
            break
    if past is None or future is None:
        return past or future
    return pick(past, future, today, direction)


# --- Japanese tense -----------------------------------------------------------------------

_PAST_END = re.compile(
    r"ました|でした|だった|かった|[っんいしきちりびみぎ]だ?た(?!い|ら|め|く)|てた|でた"
)
_FUTURE_END = re.compile(
    r"ます(?!た)|ましょう|でしょう|よう|予定|つもり|たい|[るうく](?:よ|ね|の|か|から|けど)?(?:[。、！？!?]|$)"
)


def tense_ja(text: str, end: int) -> str | None:
    """The direction of the first verb ending after the mention, within its sentence."""
    stop = re.compile(r"[。！？!?\n]").search(text, end)
    tail = text[end : stop.start() if stop else len(text)]
    past, future = _PAST_END.search(tail), _FUTURE_END.search(tail)
    if past and (not future or past.start() < future.start()):
        return "past"
    return "future" if future else None
