"""The offline planner: a table of temporal phrasings, each with its route and exact plan."""

from __future__ import annotations

from datetime import date, datetime, time

import pytest

from agent.plan.planner import plan_question
from memory_store.query.table_ops import (
    After,
    AnyOf,
    Before,
    ExcludeCurrent,
    First,
    Last,
    NthSession,
    NthWithin,
    RelativeSession,
    SessionRange,
    TableOp,
    WhereDate,
    WhereDates,
    WhereMentions,
    WhereMonth,
    WhereSpeaker,
    WhereTimeOfDay,
    WhereWeekday,
)

SUN = datetime(2023, 10, 22, 11, 17)  # a Sunday late morning
SAT_21 = date(2023, 10, 21)  # the day before
FRI = datetime(2024, 1, 12, 3, 3)  # a Friday night, early in a new year
SPEAKERS = ["Melanie", "Caroline", "Aki"]


def day(y: int, m: int, d: int) -> WhereDate:
    return WhereDate(start=date(y, m, d), end=date(y, m, d))


def days(a: tuple[int, int, int], b: tuple[int, int, int]) -> WhereDate:
    return WhereDate(start=date(*a), end=date(*b))


def tod(a: time, b: time) -> WhereTimeOfDay:
    return WhereTimeOfDay(start=a, end=b)


MORNING = tod(time(5), time(11, 59, 59))
EVENING = tod(time(17), time(21, 59, 59))
NIGHT = tod(time(21), time(4, 59, 59))

CASES: list[tuple[str, datetime, str, list[TableOp]]] = [
    # calendar dates; a date without a year is the latest one not after now
    ("What did we chat about on May 8th?", SUN, "time", [day(2023, 5, 8)]),
    ("Tell me what we discussed May eighth.", SUN, "time", [day(2023, 5, 8)]),
    ("What did we discuss on 8 May?", SUN, "time", [day(2023, 5, 8)]),
    # going over a thing is talking it through: the day written
    ("what did we go over on 8 May?", SUN, "time", [day(2023, 5, 8)]),
    ("What did we talk about on 13 July?", SUN, "time", [day(2023, 7, 13)]),
    ("What did we talk about on the 3rd of June?", SUN, "time", [day(2023, 6, 3)]),
    # a weekday and a day of the month: the date that is both, the latest one for the past
    ("What did we talk about on thursday the 12th?", SUN, "time", [day(2023, 10, 12)]),
    ("what did we discuss on friday the 13th?", SUN, "time", [day(2023, 10, 13)]),
    ("What did we chat about on Monday, the 2nd?", SUN, "time", [day(2023, 10, 2)]),
    ("what was said on sunday 1st", SUN, "time", [day(2023, 10, 1)]),
    ("what did we discuss on the twenty-first of May?", SUN, "time", [day(2023, 5, 21)]),
    ("What did we talk about on November 3rd?", SUN, "time", [day(2022, 11, 3)]),
    ("What did we talk about on December 17th?", FRI, "time", [day(2023, 12, 17)]),
    ("What was talked about on February 9th, 2022?", FRI, "time", [day(2022, 2, 9)]),
    ("What did we talk about on 2023-05-08?", FRI, "time", [day(2023, 5, 8)]),
    ("What did we talk about on 5/8/2023?", FRI, "time", [day(2023, 5, 8)]),
    ("What did we talk about on Dec. 25?", FRI, "time", [day(2023, 12, 25)]),
    ("What did we discuss on the 3rd?", SUN, "time", [day(2023, 10, 3)]),
    ("What did we discuss on the 30th?", SUN, "time", [day(2023, 9, 30)]),
    # spans of dates
    (
        "What did we chat about between May 8th and June 9th?",
        SUN,
        "time",
        [days((2023, 5, 8), (2023, 6, 9))],
    ),
    (
        "What was talked about from May eighth to June ninth?",
        SUN,
        "time",
        [days((2023, 5, 8), (2023, 6, 9))],
    ),
    (
        "Tell me what we discussed over May 8th through June 9th.",
        SUN,
        "time",
        [days((2023, 5, 8), (2023, 6, 9))],
    ),
    (
        "What did we chat about between December 17th and January 1st?",
        FRI,
        "time",
        [days((2023, 12, 17), (2024, 1, 1))],
    ),
    ("What did we talk about May 3-9?", SUN, "time", [days((2023, 5, 3), (2023, 5, 9))]),
    (
        "What did we talk about between the 3rd and 9th of May?",
        SUN,
        "time",
        [days((2023, 5, 3), (2023, 5, 9))],
    ),
    (
        "from March 2023 to May 2023, what did Aki say about pottery?",
        FRI,
        "both",
        [days((2023, 3, 1), (2023, 5, 31)), WhereSpeaker(names=["Aki"])],
    ),
    ("What did we talk about since September?", SUN, "time", [days((2023, 9, 1), (2023, 10, 22))]),
    ("What did we discuss before August 20?", SUN, "time", [days((1900, 1, 1), (2023, 8, 19))]),
    # months and years
    ("What did we discuss in May?", SUN, "time", [WhereMonth(month=5, year=2023)]),
    ("Tell me what we talk about in December.", SUN, "time", [WhereMonth(month=12, year=2022)]),
    ("What did we discuss in March 2023?", FRI, "time", [WhereMonth(month=3, year=2023)]),
    ("what did we talk about in march of 2022?", FRI, "time", [WhereMonth(month=3, year=2022)]),
    ("What did we talk about in 2022?", FRI, "time", [days((2022, 1, 1), (2022, 12, 31))]),
    ("What did we talk about this month?", SUN, "time", [days((2023, 10, 1), (2023, 10, 22))]),
    ("What did we talk about last month?", FRI, "time", [days((2023, 12, 1), (2023, 12, 31))]),
    ("What did we talk about a month ago?", SUN, "time", [days((2023, 9, 1), (2023, 9, 30))]),
    ("What did we discuss 5 months ago?", SUN, "time", [days((2023, 5, 1), (2023, 5, 31))]),
    ("What did we discuss 3 months ago?", FRI, "time", [days((2023, 10, 1), (2023, 10, 31))]),
    ("what did we talk about last year?", FRI, "time", [days((2023, 1, 1), (2023, 12, 31))]),
    ("What did we talk about this year?", SUN, "time", [days((2023, 1, 1), (2023, 10, 22))]),
    # days relative to now
    ("What did we talk about today?", SUN, "time", [day(2023, 10, 22)]),
    (
        "What did we talk about earlier today?",
        SUN,
        "time",
        [day(2023, 10, 22), ExcludeCurrent()],
    ),
    (
        "What did we discuss earlier this morning?",
        SUN,
        "time",
        [day(2023, 10, 22), ExcludeCurrent()],
    ),
    ("What did we talk about yesterday?", FRI, "time", [day(2024, 1, 11)]),
    ("What did we talk about the day before yesterday?", FRI, "time", [day(2024, 1, 10)]),
    ("What did we discuss 240 days ago?", SUN, "time", [days((2023, 2, 23), (2023, 2, 24))]),
    (
        "What did we discuss two hundred and forty days ago?",
        SUN,
        "time",
        [days((2023, 2, 23), (2023, 2, 24))],
    ),
    (
        "what did we talk about a couple of days ago?",
        SUN,
        "time",
        [days((2023, 10, 19), (2023, 10, 20))],
    ),
    ("What did we talk about 2 weeks ago?", SUN, "time", [days((2023, 10, 2), (2023, 10, 8))]),
    ("What did we talk about last week?", SUN, "time", [days((2023, 10, 9), (2023, 10, 15))]),
    # a fortnight is two weeks; "last fortnight" has no calendar, so it is the past 14 days
    ("what did we talk about a fortnight ago?", SUN, "time", [days((2023, 10, 2), (2023, 10, 8))]),
    ("what came up over the past fortnight", SUN, "time", [days((2023, 10, 8), (2023, 10, 22))]),
    ("what did we talk about last fortnight?", FRI, "time", [days((2023, 12, 29), (2024, 1, 12))]),
    # an article is no session number ("the chat a fortnight back" is no first chat)
    ("what was the chat a fortnight back about", SUN, "time", [days((2023, 10, 2), (2023, 10, 8))]),
    ("What did we talk about this week?", FRI, "time", [days((2024, 1, 8), (2024, 1, 12))]),
    (
        "What did we chat about over the last 3 days?",
        SUN,
        "time",
        [days((2023, 10, 19), (2023, 10, 22))],
    ),
    (
        "What was talked about over this previous week?",
        SUN,
        "time",
        [days((2023, 10, 15), (2023, 10, 22))],
    ),
    (
        "What did we talk about the past two weeks?",
        FRI,
        "time",
        [days((2023, 12, 29), (2024, 1, 12))],
    ),
    ("What did we talk about last weekend?", SUN, "time", [days((2023, 10, 14), (2023, 10, 15))]),
    # named weekdays
    ("What did we discuss last Friday?", SUN, "time", [day(2023, 10, 20)]),
    ("Last Sunday, what did we chat about?", SUN, "time", [day(2023, 10, 15)]),
    ("What did we talk about on Tuesday?", SUN, "time", [day(2023, 10, 17)]),
    ("What did we talk about this past Friday?", FRI, "time", [day(2024, 1, 5)]),
    ("What do we usually talk about on Mondays?", SUN, "time", [WhereWeekday(days=[1])]),
    # sessions
    ("What did we discuss in our first session?", SUN, "time", [NthSession(n=1)]),
    ("What did we talk about in our 3rd discussion?", SUN, "time", [NthSession(n=3)]),
    (
        "What was the animal Maria talked about in the 30th session?",
        SUN,
        "both",
        [NthSession(n=30)],
    ),
    ("What did we discuss in session 4?", SUN, "time", [NthSession(n=4)]),
    ("Tell me about our last conversation.", SUN, "time", [NthSession(n=-1)]),
    ("What did we talk about in our previous chat?", SUN, "time", [NthSession(n=-1)]),
    ("Tell me what we discussed last time.", SUN, "time", [NthSession(n=-1)]),
    ("What did we discuss over sessions 1 through 3?", SUN, "time", [SessionRange(a=1, b=3)]),
    ("summarise sessions 3-5", SUN, "time", [SessionRange(a=3, b=5)]),
    (
        "What did we chat about from the twentieth through twenty-second sessions?",
        SUN,
        "time",
        [SessionRange(a=20, b=22)],
    ),
    ("What happened in the last 3 sessions?", SUN, "time", [SessionRange(a=-3, b=-1)]),
    ("What did we discuss 20 sessions ago?", SUN, "time", [RelativeSession(k=19)]),
    ("What did we talk one session ago?", SUN, "time", [RelativeSession(k=0)]),
    ("What did we discuss the session before last?", SUN, "time", [NthWithin(n=-2)]),
    (
        "What did we talk about, not the last discussion, but the one before that?",
        SUN,
        "time",
        [NthWithin(n=-2)],
    ),
    ("What did we say in our penultimate conversation?", SUN, "time", [NthWithin(n=-2)]),
    # combinations: the session picks run inside the filter
    (
        "What did Aki and I talk about in the third conversation on Tuesday?",
        SUN,
        "time",
        [WhereWeekday(days=[2]), NthWithin(n=3)],
    ),
    (
        "What did we talk about the last time we talked in March?",
        SUN,
        "time",
        [WhereMonth(month=3, year=2023), Last()],
    ),
    (
        "what did we say about pottery the first time we talked in June?",
        SUN,
        "both",
        [WhereMonth(month=6, year=2023), First()],
    ),
    (
        "In the fifth session, what type of pizza did Tara mention?",
        SUN,
        "both",
        [NthSession(n=5)],
    ),
    # time of day
    ("What did we discuss in the morning?", SUN, "time", [MORNING]),
    (
        "What did we talk about in the evening on Fridays?",
        SUN,
        "time",
        [EVENING, WhereWeekday(days=[5])],
    ),
    ("What did we talk about at night?", SUN, "time", [NIGHT]),
    ("what did we talk about that night?", SUN, "time", [NIGHT]),  # guard
    # the night an event tells is no hour written: "that night she got sick"
    ("whats the name of the vet who saw canela that night she got sick", SUN, "content", []),
    ("What did we talk about this morning?", SUN, "time", [day(2023, 10, 22), MORNING]),
    ("What did we talk about yesterday morning?", SUN, "time", [day(2023, 10, 21), MORNING]),
    ("What did we talk about after 6pm?", SUN, "time", [tod(time(18), time(23, 59, 59))]),
    # a clock time as British chat writes it; a sum of money is none
    ("what did we talk about after 6.30pm?", SUN, "time", [tod(time(18, 30), time(23, 59, 59))]),
    ("what did we say between 7.15 and 8.45?", SUN, "time", [tod(time(7, 15), time(8, 45))]),
    ("what did he pay, around 12.50 dollars?", SUN, "content", []),
    (
        "What did we talk about between 2pm and 4pm yesterday?",
        SUN,
        "time",
        [tod(time(14), time(16)), day(2023, 10, 21)],
    ),
    # speakers and content
    (
        "What did Melanie say about her painting on May 8th?",
        SUN,
        "both",
        [day(2023, 5, 8), WhereSpeaker(names=["Melanie"])],
    ),
    (
        "What did Melanie say on May 8th?",
        SUN,
        "time",
        [day(2023, 5, 8), WhereSpeaker(names=["Melanie"])],
    ),
    ("What did Melanie say about her painting?", SUN, "both", [WhereSpeaker(names=["Melanie"])]),
    ("What movie did Melanie and Caroline discuss on May 8?", SUN, "both", [day(2023, 5, 8)]),
    ("What is Melanie's favourite colour?", SUN, "content", []),
    ("When did I last mention the dentist?", SUN, "content", []),
    (
        "What did Caroline say she tried for the first time?",
        SUN,
        "both",
        [WhereSpeaker(names=["Caroline"])],
    ),
    ("May I ask what we said about hiking?", SUN, "content", []),
    # the first time someone did something is no first chat
    ("what was the water temp the first time i swam at fenmere", SUN, "content", []),
    # a calendar date wins over relative words inside reported speech
    (
        "What did Tara mention doing last Friday, as per the conversation on February 21, 2023?",
        SUN,
        "both",
        [day(2023, 2, 21)],
    ),
    # separate dates mean either day (their intersection would be empty)
    (
        "What did we talk about on May 8 and May 25?",
        SUN,
        "time",
        [WhereDates(spans=[day(2023, 5, 8), day(2023, 5, 25)])],
    ),
    (
        "What did Melanie say on May 8th or 25 May 2023?",
        SUN,
        "time",
        [WhereDates(spans=[day(2023, 5, 8), day(2023, 5, 25)]), WhereSpeaker(names=["Melanie"])],
    ),
    (
        "What did we discuss on May 3rd, May 9th and May 12th?",
        SUN,
        "time",
        [WhereDates(spans=[day(2023, 5, 3), day(2023, 5, 9), day(2023, 5, 12)])],
    ),
    (
        "What did we say about the dentist on 3 May and on 9 June?",
        SUN,
        "both",
        [WhereDates(spans=[day(2023, 5, 3), day(2023, 6, 9)])],
    ),
    # a day of the month inside a month the question names
    (
        "What did we talk about on the 8th in May 2023?",
        SUN,
        "time",
        [day(2023, 5, 8), WhereMonth(month=5, year=2023)],
    ),
    # chat is lower case: "9 march" is a date as "9 March" is
    ("what did we talk about on 9 march?", SUN, "time", [day(2023, 3, 9)]),
    ("what did we chat about on 12 may?", SUN, "time", [day(2023, 5, 12)]),
    # a weekday before a plural noun is a habit: no date ("the saturday long runs")
    ("where's the usual meeting point for the saturday long runs?", SUN, "content", []),
    ("what did we discuss in the tuesday chats?", SUN, "time", [WhereWeekday(days=[2])]),
    ("how many saturday 5ks at green point did we run?", SUN, "content", []),
    ("list all my thursday lessons with sully", SUN, "content", []),
    # guard: a weekday alone, or before a verb, is a day ("which saturday works?")
    (
        "how many people came on saturday?",
        SUN,
        "both",
        [AnyOf(ops=[day(2023, 10, 21), WhereMentions(start=SAT_21, end=SAT_21)])],
    ),
    # a holiday naming an occasion is no date: the "xmas drinks" may be on the 11th
    ("where are we doing the plot xmas drinks?", SUN, "content", []),
    ("who's cooking the christmas dinner", SUN, "content", []),
    ("when was the easter egg appeal first suggested?", SUN, "content", []),
    ("where did we do the easter egg hunt?", SUN, "content", []),
    # any noun after a holiday makes it the occasion's name: the tramp is days either side
    ("what gear was i carrying on the easter tramp", SUN, "content", []),
    ("who came on our christmas walk?", SUN, "content", []),
    # what someone does on a weekday is a habit, not the talk of those days
    ("where does rawiri park the truck on sundays", SUN, "content", []),
    ("who usually opens up on fridays?", SUN, "content", []),
    ("what do we talk about on tuesdays?", SUN, "time", [WhereWeekday(days=[2])]),
    # the weekday asked for is the answer, not a day to filter on
    ("which saturday did the street party end up on", SUN, "content", []),
    ("what friday is the opening now?", SUN, "content", []),
    # the day a "still on…?" question checks is the asker's belief, not a filter
    ("is the brecon hike still on the 11th?", SUN, "content", []),
    ("are we still on for saturday?", SUN, "content", []),
    ("is the riverside market still on sunday 22nd march?", SUN, "content", []),
    # "the second time" of a deed someone did is its second time, not the second chat
    ("when did the plumber come back the second time?", SUN, "content", []),
    ("when did we go climbing the second time?", SUN, "content", []),
    ("what did we talk about the second time?", SUN, "time", [NthSession(n=2)]),
    ("what did doug say the second time?", SUN, "both", [NthSession(n=2)]),
    # …nor of a state or a deed without an auxiliary: the second time it happened
    ("why were the kitchen units late the second time round?", SUN, "content", []),
    ("what went wrong the second time?", SUN, "content", []),
    ("how long was the wait the third time", SUN, "content", []),
    ("what did we chat about the third time", SUN, "time", [NthSession(n=3)]),
    # events are resolved by the caller
    ("What did we talk about before I moved?", SUN, "time", [Before(event="I moved")]),
    ("What did we discuss after the wedding?", SUN, "time", [After(event="the wedding")]),
]


@pytest.mark.parametrize(("question", "now", "route", "ops"), CASES, ids=[c[0] for c in CASES])
def test_phrasings(question: str, now: datetime, route: str, ops: list[TableOp]) -> None:
    result = plan_question(question, now=now, speakers=SPEAKERS)
    assert result.plan.ops == ops
    assert result.route == route


def test_enough_distinct_phrasings() -> None:
    assert len({c[0] for c in CASES}) >= 60


def test_resolved_notes_and_content_query() -> None:
    result = plan_question(
        "What did Melanie say about her painting last Friday?", now=SUN, speakers=SPEAKERS
    )
    assert "last Friday → 2023-10-20" in result.resolved
    assert result.content_query == "What did Melanie say about her painting?"
    span = plan_question("between May 3 and May 9, what did we say about dogs?", now=SUN)
    assert span.resolved == ["between May 3 and May 9 → 2023-05-03–2023-05-09"]
    assert span.content_query == "what did we say about dogs?"


def test_dropped_relative_day_is_reported() -> None:
    result = plan_question(
        "What did Megan adopt a month ago as mentioned on February 9, 2022?", now=FRI
    )
    assert result.plan.ops == [day(2022, 2, 9)]
    assert any("ignored 'a month ago'" in note for note in result.resolved)


def test_dates_without_year_fall_back_to_a_year_with_messages() -> None:
    talked = {date(2022, 5, 8)}

    def latest(start: date, end: date) -> datetime | None:
        hit = [d for d in talked if start <= d <= end]
        return datetime.combine(hit[0], time(9)) if hit else None

    result = plan_question("What did we talk about on May 8th?", now=SUN, latest_ts_fn=latest)
    assert result.plan.ops == [day(2022, 5, 8)]
    month = plan_question("What did we talk about in May?", now=SUN, latest_ts_fn=latest)
    assert month.plan.ops == [WhereMonth(month=5, year=2022)]


def test_a_month_never_written_in_is_the_coming_one() -> None:
    # a history begun in September, asked in October: no November has messages, so
    # "november" is the one ahead, which plans speak of (was the November before)
    def latest(start: date, end: date) -> datetime | None:
        return datetime(2026, 9, 1, 9) if start <= date(2026, 9, 1) <= end else None

    now = datetime(2026, 10, 18, 19, 42)
    result = plan_question(
        "what's the book for book club in november?", now=now, latest_ts_fn=latest
    )
    assert any("2026-11-01–2026-11-30" in note for note in result.resolved), result.resolved
    # a month written in is still the one before
    result = plan_question("what did we talk about in september?", now=now, latest_ts_fn=latest)
    assert result.plan.ops == [WhereMonth(month=9, year=2026)]


def test_last_weekday_is_the_last_one_we_talked_on() -> None:
    def latest(start: date, end: date) -> datetime | None:
        return datetime(2023, 10, 7, 9) if start <= date(2023, 10, 7) <= end else None

    result = plan_question("What did we discuss last Saturday?", now=SUN, latest_ts_fn=latest)
    assert result.plan.ops == [day(2023, 10, 7)]


def test_no_temporal_expression_routes_to_content() -> None:
    result = plan_question("what's the name of Aki's dog?", now=SUN, speakers=SPEAKERS)
    assert (result.route, result.plan.ops, result.resolved) == ("content", [], [])
    assert result.content_query == "what's the name of Aki's dog?"
    # nothing was claimed, so nothing dangles: the "from" asks for an origin
    result = plan_question("where did jess get pickles from", now=SUN, speakers=SPEAKERS)
    assert result.content_query == "where did jess get pickles from"


@pytest.mark.parametrize(
    ("question", "speakers", "ops"),
    [
        # a month inside a person's name of two words is the name's
        ("last time kai's tuition came up with jun hao was when", ["Jun Hao"], []),
        ("what did may lin say about the party", ["May Lin"], []),
        # …not outside it, nor when the name is one word, which is as likely the month
        (
            "what did jun hao say in may",
            ["Jun Hao"],
            [WhereMonth(month=5, year=2026)],
        ),
        ("what did we talk about in may", ["May"], [WhereMonth(month=5, year=2026)]),
    ],
)
def test_a_time_word_inside_a_name(question: str, speakers: list[str], ops: list[TableOp]) -> None:
    result = plan_question(question, now=datetime(2026, 6, 2, 9, 0), speakers=speakers)
    assert [op for op in result.plan.ops if not isinstance(op, WhereSpeaker)] == ops
    assert not result.leftover


@pytest.mark.parametrize(
    ("question", "ops"),
    [
        (
            "what did we talk about last wk",
            [WhereDate(start=date(2026, 5, 25), end=date(2026, 5, 31))],
        ),
        ("what did mum say on tues", [WhereDate(start=date(2026, 5, 26), end=date(2026, 5, 26))]),
        ("what did we chat about yday", [WhereDate(start=date(2026, 6, 1), end=date(2026, 6, 1))]),
    ],
)
def test_time_words_as_chat_shortens_them_are_planned(question: str, ops: list[TableOp]) -> None:
    from agent.rewrite.spelling import time_spelled_out

    result = plan_question(time_spelled_out(question), now=datetime(2026, 6, 2, 9, 0))
    assert result.plan.ops == ops


# "was gonna" / "was going to" tell a plan made then: the past, as "did" is, not a time ahead
@pytest.mark.parametrize(
    ("planned", "past"),
    [
        (
            "how much was the dealership gonna charge me this summer",
            "how much did the dealership charge me this summer",
        ),
        ("what were we gonna do in june?", "what did we do in june?"),
        ("where was she going to stay last weekend?", "where did she stay last weekend?"),
    ],
)
def test_a_plan_told_then_is_past(planned: str, past: str) -> None:
    now = datetime(2026, 11, 2, 9, 0)
    assert plan_question(planned, now=now).plan.ops == plan_question(past, now=now).plan.ops
