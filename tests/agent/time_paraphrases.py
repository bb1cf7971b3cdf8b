"""The time-paraphrase suite (issue 18): time questions as a person would type them.

Written independently of TMD's templates, on the fixture history tests/fixtures/
time_paraphrase.jsonl: one chat between Sam (the user) and Aki, 43 sessions from June 2022 to
14 June 2023 (a Wednesday), "now" = the newest message. Every message id is "<session>-<k>",
so an expected set is written as the sessions it covers.

Each family is one way of asking; its cases are phrasings, each with the plan it resolves to
(the chain-of-table ops, as JSON) and the sessions whose messages it must select. Families
marked held_out were chosen before any tuning by a fixed rule (every third family: 3, 6, 9,
..., 27) and are never looked at while developing; they are reported separately.

Readings fixed by this suite (the planner's, stated once):
* early / mid / late in a month: days 1-10, 11-20, 21-end (上旬 / 中旬 / 下旬 the same).
* a weekend is Saturday + Sunday; "the weekend of 4 March" is the one holding that day;
  "the weekend before Easter" the last one ending before that day; "the first / last weekend
  of May" the weekend of its first / last Saturday.
* seasons (northern): spring Mar-May, summer Jun-Aug, autumn / fall Sep-Nov, winter Dec-Feb.
* parts of the day: morning 05:00-11:59, afternoon 12:00-16:59, evening 17:00-21:59,
  night 21:00-04:59.
* "our second Monday call" is the second session held on a Monday; "the second Tuesday in
  March" is the second Tuesday of March, a date (in May 2023 the readings differ: no session
  on 1 May, so "the second Monday of May" is 8 May, not the second Monday session).
* after / since a day: "after" starts the day after, "since" / "from" on the day itself.
* a month or day named without a year is the latest one, not after now, that has messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

NOW = "2023-06-14T21:06:00"
CONVERSATION = "Aki"

Op = dict[str, Any]


def D(a: str, b: str | None = None) -> Op:  # noqa: N802  (the suite reads like a plan)
    return {"op": "where_date", "start": a, "end": b or a}


def M(month: int, year: int) -> Op:  # noqa: N802
    return {"op": "where_month", "month": month, "year": year}


def WD(*days: int) -> Op:  # noqa: N802
    return {"op": "where_weekday", "days": list(days)}


def NW(n: int) -> Op:  # noqa: N802
    return {"op": "nth_within", "n": n}


def TOD(a: str, b: str) -> Op:  # noqa: N802
    return {"op": "where_time_of_day", "start": a, "end": b}


def BEFORE(event: str) -> Op:  # noqa: N802
    return {"op": "before", "event": event}


def AFTER(event: str) -> Op:  # noqa: N802
    return {"op": "after", "event": event}


FIRST: Op = {"op": "first"}
LAST: Op = {"op": "last"}
MORNING = TOD("05:00:00", "11:59:59")
AFTERNOON = TOD("12:00:00", "16:59:59")
EVENING = TOD("17:00:00", "21:59:59")
NIGHT = TOD("21:00:00", "04:59:59")
PAST = "1900-01-01"

# Sessions in time order (labels of the fixture); ranges below are written with S(a, b).
ORDER = [
    *(f"p{i}" for i in range(1, 9)),
    "s01", "s02", "s03", "s04", "s04b", *(f"s{i:02d}" for i in range(5, 35)),
]  # fmt: skip


def S(a: str, b: str) -> list[str]:  # noqa: N802
    """The sessions from a to b inclusive, in time order."""
    return ORDER[ORDER.index(a) : ORDER.index(b) + 1]


@dataclass(frozen=True)
class Case:
    question: str
    ops: list[Op]
    sessions: list[str]


@dataclass(frozen=True)
class Family:
    name: str
    held_out: bool
    cases: list[Case] = field(default_factory=list)


def C(question: str, ops: list[Op], sessions: list[str] | str) -> Case:  # noqa: N802
    return Case(question, ops, [sessions] if isinstance(sessions, str) else sessions)


def family(n: int, name: str, cases: list[Case]) -> Family:
    return Family(name, held_out=n % 3 == 0, cases=cases)


_MAR_TUE_2 = [D("2023-03-14")]  # the second Tuesday of March
_TRIP = [BEFORE("the trip"), LAST]
_JUN_3_10 = [D("2023-06-03", "2023-06-10")]
_EARLY_MAY = [D("2023-05-01", "2023-05-10")]
_EASTER_WE = [D("2023-04-01", "2023-04-02")]
_MON_2 = [WD(1), NW(2)]
_JUN22_LAST = [M(6, 2022), LAST]
_MAR_4_WE = [D("2023-03-04", "2023-03-05")]
_APR_FIRST = [M(4, 2023), FIRST]
_MAY_LAST_WE = [D("2023-05-27", "2023-05-28")]
_FALL22 = [D("2022-09-01", "2022-11-30")]
_INTERVIEW = [AFTER("the job interview"), FIRST]
_MAY_3RD = [M(5, 2023), NW(3)]
_MAR_MORNINGS = [M(3, 2023), MORNING]
_SINCE_JUN5 = [D("2023-06-05", "2023-06-14")]
_MAY_LAST = [D("2023-05-01", "2023-05-31"), LAST]
_MAR_WEEKENDS = [M(3, 2023), WD(6, 7)]

FAMILIES: list[Family] = [
    family(1, "nth weekday in a month", [
        C("what did we talk about in the second tuesday chat in march?", _MAR_TUE_2, "s13"),
        C("summarize our 2nd tuesday conversation in march", _MAR_TUE_2, "s13"),
        C("what was the second tuesday of march chat about", _MAR_TUE_2, "s13"),
        C("on the second tuesday in march, what did we discuss?", _MAR_TUE_2, "s13"),
        C("remind me what we talked about the 2nd tuesday of march 2023", _MAR_TUE_2, "s13"),
        C("what came up in our chat on the second Tuesday of March", _MAR_TUE_2, "s13"),
        C("the second Tuesday in March - what did we talk about then?", _MAR_TUE_2, "s13"),
        C("what did we talk about on the third tuesday of march?", [D("2023-03-21")], "s14"),
        C("what did we discuss on the first tuesday in march", [D("2023-03-07")], "s11"),
        C("what did we talk about on the second monday of may?", [D("2023-05-08")], "s23"),
    ]),
    family(2, "the last time before an event", [
        C("what did we talk about the last time we spoke before the trip?", _TRIP, "s21"),
        C("what was our last chat before the kyoto trip about", _TRIP, "s21"),
        C("remind me of the last conversation we had before my trip", _TRIP, "s21"),
        C("what did we discuss right before the trip to kyoto", _TRIP, "s21"),
        C("the final chat before the trip, what was it about?", _TRIP, "s21"),
        C("what did we talk about just before the kyoto trip", _TRIP, "s21"),
        C("last time we talked before the trip - what was that about?", _TRIP, "s21"),
        C("what did we chat about in our most recent conversation before the trip?", _TRIP,
          "s21"),
        C("what did we talk about the last time before I went to kyoto?", _TRIP, "s21"),
    ]),
    family(3, "between two days of a month", [
        C("what did we talk about between the 3rd and the 10th?", _JUN_3_10, S("s30", "s32")),
        C("what did we chat about from the 3rd to the 10th", _JUN_3_10, S("s30", "s32")),
        C("summarize everything between the 3rd and 10th of june", _JUN_3_10, S("s30", "s32")),
        C("what came up between june 3 and june 10?", _JUN_3_10, S("s30", "s32")),
        C("what did we discuss from 3 june to 10 june", _JUN_3_10, S("s30", "s32")),
        C("between the third and the tenth, what did we talk about?", _JUN_3_10,
          S("s30", "s32")),
        C("what did we talk about june 3rd through the 10th", _JUN_3_10, S("s30", "s32")),
        C("what did we talk about from the 3rd until the 10th this month", _JUN_3_10,
          S("s30", "s32")),
        C("what did we talk about between the 25th of may and the 3rd of june?",
          [D("2023-05-25", "2023-06-03")], S("s27", "s30")),
    ]),
    family(4, "early, mid or late in a month", [
        C("what did we talk about early last month?", _EARLY_MAY, S("s22", "s24")),
        C("what did we chat about at the start of last month", _EARLY_MAY, S("s22", "s24")),
        C("what did we discuss in early may?", _EARLY_MAY, S("s22", "s24")),
        C("summarize our chats from the beginning of last month", _EARLY_MAY, S("s22", "s24")),
        C("what came up early in may", _EARLY_MAY, S("s22", "s24")),
        C("what did we talk about late last month?", [D("2023-05-21", "2023-05-31")],
          S("s27", "s29")),
        C("what did we talk about in mid april?", [D("2023-04-11", "2023-04-20")], "s20"),
        C("what did we discuss in the middle of april", [D("2023-04-11", "2023-04-20")], "s20"),
        C("what did we chat about toward the end of february?",
          [D("2023-02-21", "2023-02-28")], "s06"),
        C("what did we talk about in late feb", [D("2023-02-21", "2023-02-28")], "s06"),
    ]),
    family(5, "the weekend before a holiday", [
        C("what did we talk about the weekend before easter?", _EASTER_WE, ["s16", "s17"]),
        C("what did we chat about on the weekend before easter", _EASTER_WE, ["s16", "s17"]),
        C("summarize the weekend before easter", _EASTER_WE, ["s16", "s17"]),
        C("what came up over the weekend before easter 2023", _EASTER_WE, ["s16", "s17"]),
        C("the weekend before easter, what did we discuss?", _EASTER_WE, ["s16", "s17"]),
        C("what did we talk about the weekend before easter sunday", _EASTER_WE,
          ["s16", "s17"]),
        C("what did we discuss the weekend prior to easter?", _EASTER_WE, ["s16", "s17"]),
        C("what did we talk about the weekend before valentine's day?",
          [D("2023-02-11", "2023-02-12")], "s04b"),
        C("what did we chat about on the weekend before valentines",
          [D("2023-02-11", "2023-02-12")], "s04b"),
    ]),
    family(6, "the nth session on a weekday", [
        C("what did we talk about in our second monday call?", _MON_2, "s12"),
        C("what was our 2nd monday chat about", _MON_2, "s12"),
        C("summarize the second conversation we had on a monday", _MON_2, "s12"),
        C("what did we discuss the second time we talked on a monday?", _MON_2, "s12"),
        C("remind me about our second monday session", _MON_2, "s12"),
        C("what did we talk about in our first friday chat?", [WD(5), FIRST], "s07"),
        C("what was the third saturday conversation about", [WD(6), NW(3)], "p8"),
        C("what did we chat about in our last thursday call", [WD(4), LAST], "s27"),
        C("what did we talk about the first time we spoke on a sunday?", [WD(7), FIRST], "p7"),
    ]),
    family(7, "the last session in a month and year", [
        C("what did we talk about the final time we talked in june 2022?", _JUN22_LAST, "p3"),
        C("what was our last chat in june 2022 about", _JUN22_LAST, "p3"),
        C("the last conversation of june 2022, what did we discuss?", _JUN22_LAST, "p3"),
        C("what did we talk about the last time we spoke in june last year", _JUN22_LAST, "p3"),
        C("summarize our final conversation in june of 2022", _JUN22_LAST, "p3"),
        C("what did we talk about in our last chat of 2022?",
          [D("2022-01-01", "2022-12-31"), LAST], "p8"),
        C("what was our final call in january about?", [M(1, 2023), LAST], "s03"),
        C("what did we discuss the last time we talked in march", [M(3, 2023), LAST], "s15"),
        C("what did we talk about in the latest conversation of april 2023",
          [M(4, 2023), LAST], "s21"),
    ]),
    family(8, "the weekend of a date", [
        C("what did we talk about that weekend of 4 march?", _MAR_4_WE, S("s08", "s10")),
        C("what did we chat about the weekend of march 4th", _MAR_4_WE, S("s08", "s10")),
        C("summarize the weekend of the 4th of march", _MAR_4_WE, S("s08", "s10")),
        C("what came up over the weekend of march 4", _MAR_4_WE, S("s08", "s10")),
        C("the weekend of 4 march 2023, what did we discuss?", _MAR_4_WE, S("s08", "s10")),
        C("what did we talk about on the weekend of march 5th", _MAR_4_WE, S("s08", "s10")),
        C("what did we talk about over the weekend of 1 april?", _EASTER_WE, ["s16", "s17"]),
        C("what did we discuss the weekend of june 3rd", [D("2023-06-03", "2023-06-04")],
          "s30"),
        C("what did we talk about the weekend of christmas eve",
          [D("2022-12-24", "2022-12-25")], ["p6", "p7"]),
    ]),
    family(9, "the first session in a month", [
        C("what did we talk about in our first conversation in april?", _APR_FIRST, "s16"),
        C("what was the first chat of april about", _APR_FIRST, "s16"),
        C("summarize our first talk in april", _APR_FIRST, "s16"),
        C("what did we discuss the first time we spoke in april?", _APR_FIRST, "s16"),
        C("what came up in our very first april conversation", _APR_FIRST, "s16"),
        C("what did we talk about in our earliest chat in april 2023", _APR_FIRST, "s16"),
        C("what was our first call in may about?", [M(5, 2023), FIRST], "s22"),
        C("what did we talk about in the first session of 2023?",
          [D("2023-01-01", "2023-12-31"), FIRST], "s01"),
        C("what did we discuss in our first chat of february", [M(2, 2023), FIRST], "s04"),
    ]),
    family(10, "the first or last weekend of a month", [
        C("what did we talk about the last weekend of may?", _MAY_LAST_WE, "s28"),
        C("what did we chat about on the final weekend in may", _MAY_LAST_WE, "s28"),
        C("summarize the last weekend in may", _MAY_LAST_WE, "s28"),
        C("what did we discuss over the last weekend of may 2023", _MAY_LAST_WE, "s28"),
        C("what did we talk about on the first weekend of june?",
          [D("2023-06-03", "2023-06-04")], "s30"),
        C("what did we talk about the first weekend of march", _MAR_4_WE, S("s08", "s10")),
        C("what came up on the last weekend of march?", [D("2023-03-25", "2023-03-26")], "s15"),
        C("the second weekend of february, what did we discuss?",
          [D("2023-02-11", "2023-02-12")], "s04b"),
    ]),
    family(11, "a holiday", [
        C("what did we talk about on christmas?", [D("2022-12-25")], "p7"),
        C("what did we chat about on christmas eve", [D("2022-12-24")], "p6"),
        C("what did we talk about on new year's eve?", [D("2022-12-31")], "p8"),
        C("what did we discuss on new years day", [D("2023-01-01")], "s01"),
        C("what did we talk about on valentine's day?", [D("2023-02-14")], "s05"),
        C("what did we talk about on easter", [D("2023-04-09")], "s18"),
        C("what did we chat about on halloween?", [D("2022-10-31")], "p4"),
        C("what did we talk about on thanksgiving", [D("2022-11-24")], "p5"),
        C("what came up on easter monday?", [D("2023-04-10")], "s19"),
        C("what did we talk about on christmas day 2022", [D("2022-12-25")], "p7"),
    ]),
    family(12, "a season", [
        C("what did we talk about last fall?", _FALL22, ["p4", "p5"]),
        C("what did we chat about in autumn 2022", _FALL22, ["p4", "p5"]),
        C("summarize our chats from last autumn", _FALL22, ["p4", "p5"]),
        C("what did we talk about last winter?", [D("2022-12-01", "2023-02-28")],
          S("p6", "s06")),
        C("what did we talk about in summer 2022?", [D("2022-06-01", "2022-08-31")],
          S("p1", "p3")),
        C("what did we talk about last summer", [D("2022-06-01", "2022-08-31")], S("p1", "p3")),
        C("what came up this spring?", [D("2023-03-01", "2023-05-31")], S("s07", "s29")),
        C("what did we chat about in the spring", [D("2023-03-01", "2023-05-31")],
          S("s07", "s29")),
        C("what did we talk about this summer?", [D("2023-06-01", "2023-06-14")],
          S("s30", "s34")),
    ]),
    family(13, "the first session after a day or an event", [
        C("what did we talk about the first time we talked after valentine's day?",
          [D("2023-02-15", "2023-06-14"), FIRST], "s06"),
        C("what was our first chat after christmas about", [D("2022-12-26", "2023-06-14"), FIRST],
          "p8"),
        C("what did we talk about right after the job interview?", _INTERVIEW, "s26"),
        C("what did we discuss in the first conversation after the interview", _INTERVIEW,
          "s26"),
        C("what did we talk about the next time we spoke after the interview", _INTERVIEW,
          "s26"),
        C("what was the first call after easter about?", [D("2023-04-10", "2023-06-14"), FIRST],
          "s19"),
        C("what did we chat about in our first conversation after march 14",
          [D("2023-03-15", "2023-06-14"), FIRST], "s14"),
        C("what did we talk about the next time after new year's day?",
          [D("2023-01-02", "2023-06-14"), FIRST], "s02"),
    ]),
    family(14, "the last session before a day", [
        C("what did we talk about the last time before march 13?",
          [D(PAST, "2023-03-12"), LAST], "s11"),
        C("what was our last chat before the 13th of march about",
          [D(PAST, "2023-03-12"), LAST], "s11"),
        C("what did we discuss in the last conversation before christmas?",
          [D(PAST, "2022-12-24"), LAST], "p6"),
        C("what did we talk about the last time we spoke before easter",
          [D(PAST, "2023-04-08"), LAST], "s17"),
        C("what did we chat about in our final conversation before june",
          [D(PAST, "2023-05-31"), LAST], "s29"),
        C("what did we talk about the last time before valentine's day?",
          [D(PAST, "2023-02-13"), LAST], "s04b"),
        C("summarize our most recent chat before april 17", [D(PAST, "2023-04-16"), LAST],
          "s19"),
        C("what did we discuss the last time we talked before may 2023?",
          [D(PAST, "2023-04-30"), LAST], "s21"),
    ]),
    family(15, "the nth session in a month", [
        C("what did we talk about in the third conversation in may?", _MAY_3RD, "s24"),
        C("what was our 3rd chat in may about", _MAY_3RD, "s24"),
        C("summarize the third session of may 2023", _MAY_3RD, "s24"),
        C("what did we discuss the third time we talked in may?", _MAY_3RD, "s24"),
        C("what did we talk about in our second chat in june?", [M(6, 2023), NW(2)], "s31"),
        C("what came up in the fourth conversation of march?", [M(3, 2023), NW(4)], "s10"),
        C("what did we talk about in our second-to-last chat in may", [M(5, 2023), NW(-2)],
          "s28"),
        C("what was the 2nd conversation of 2023 about", [D("2023-01-01", "2023-12-31"), NW(2)],
          "s02"),
    ]),
    family(16, "a part of the day on a date", [
        C("what did we talk about on the evening of march 5th?", [D("2023-03-05"), EVENING],
          "s10"),
        C("what did we chat about on the morning of 5 march", [D("2023-03-05"), MORNING], "s09"),
        C("what did we talk about on march 5 in the evening", [D("2023-03-05"), EVENING], "s10"),
        C("what did we discuss sunday morning, march 5th?", [D("2023-03-05"), MORNING], "s09"),
        C("what did we talk about the night of new year's eve", [D("2022-12-31"), NIGHT], "p8"),
        C("what did we chat about on the afternoon of june 7th?", [D("2023-06-07"), AFTERNOON],
          "s32"),
        C("what came up on 3 june in the morning", [D("2023-06-03"), MORNING], "s30"),
        C("what did we talk about in the evening on the 14th of march",
          [D("2023-03-14"), EVENING], "s13"),
    ]),
    family(17, "a part of the day across a month", [
        C("what did we talk about in our morning chats in march?", _MAR_MORNINGS,
          ["s07", "s09", "s12"]),
        C("what did we chat about on march mornings", _MAR_MORNINGS, ["s07", "s09", "s12"]),
        C("summarize the morning conversations from march", _MAR_MORNINGS,
          ["s07", "s09", "s12"]),
        C("what came up in the mornings in march 2023", _MAR_MORNINGS, ["s07", "s09", "s12"]),
        C("what did we talk about in the evenings in june?", [M(6, 2023), EVENING],
          ["s31", "s33", "s34"]),
        C("what did we discuss during afternoons in april", [M(4, 2023), AFTERNOON],
          ["s17", "s18"]),
        C("our evening talks in january, what were they about?", [M(1, 2023), EVENING], "s02"),
        C("what did we talk about on weekday mornings in may",
          [M(5, 2023), WD(1, 2, 3, 4, 5), MORNING], ["s22", "s27"]),
    ]),
    family(18, "since or until a day", [
        C("what have we talked about since june 5th?", _SINCE_JUN5, S("s31", "s34")),
        C("what did we chat about from the 5th of june on", _SINCE_JUN5, S("s31", "s34")),
        C("everything since the 5th of june, summarize it", _SINCE_JUN5, S("s31", "s34")),
        C("what did we talk about until january 10?", [D(PAST, "2023-01-10")], S("p1", "s02")),
        C("what did we discuss up to new year's eve", [D(PAST, "2022-12-31")], S("p1", "p8")),
        C("what have we talked about since easter?", [D("2023-04-09", "2023-06-14")],
          S("s18", "s34")),
        C("what did we talk about from may 27 onwards", [D("2023-05-27", "2023-06-14")],
          S("s28", "s34")),
        C("what did we chat about before 2023?", [D(PAST, "2022-12-31")], S("p1", "p8")),
        C("what did we talk about since the start of june", [D("2023-06-01", "2023-06-14")],
          S("s30", "s34")),
    ]),
    family(19, "n days ago", [
        C("what did we talk about 9 days ago?", [D("2023-06-04", "2023-06-05")], "s31"),
        C("what did we chat about nine days ago", [D("2023-06-04", "2023-06-05")], "s31"),
        C("what did we talk about two days ago?", [D("2023-06-11", "2023-06-12")], "s33"),
        C("what did we talk about eleven days ago", [D("2023-06-02", "2023-06-03")], "s30"),
        C("what came up 7 days ago?", [D("2023-06-06", "2023-06-07")], "s32"),
        C("what did we talk about 20 days ago", [D("2023-05-24", "2023-05-25")], "s27"),
        C("what did we talk about a couple of days ago?", [D("2023-06-11", "2023-06-12")],
          "s33"),
        C("what were we talking about 18 days ago", [D("2023-05-26", "2023-05-27")], "s28"),
        C("what did we discuss 30 days ago?", [D("2023-05-14", "2023-05-15")], "s25"),
    ]),
    family(20, "a weekday of this or last week", [
        C("what did we talk about monday this week?", [D("2023-06-12")], "s33"),
        C("what did we chat about this monday", [D("2023-06-12")], "s33"),
        C("what did we talk about on wednesday last week?", [D("2023-06-07")], "s32"),
        C("what did we discuss last week on monday", [D("2023-06-05")], "s31"),
        C("what did we talk about the monday before last?", [D("2023-06-05")], "s31"),
        C("what did we chat about earlier this week on monday", [D("2023-06-12")], "s33"),
        C("what did we talk about on last week's wednesday", [D("2023-06-07")], "s32"),
        C("what did we talk about on tuesday two weeks ago", [D("2023-05-30")], "s29"),
    ]),
    family(21, "ja: the nth weekday in a month", [
        C("3月の第三火曜日の会話は何だった？", [D("2023-03-21")], "s14"),
        C("3月の第3火曜日に何を話した？", [D("2023-03-21")], "s14"),
        C("三月の第三火曜日に話したことを教えて", [D("2023-03-21")], "s14"),
        C("3月第二火曜日の会話を要約して", _MAR_TUE_2, "s13"),
        C("3月の2回目の火曜日の会話", _MAR_TUE_2, "s13"),
        C("3月の最初の火曜日に何話したっけ", [D("2023-03-07")], "s11"),
        C("2023年3月の第2火曜日のチャット", _MAR_TUE_2, "s13"),
        C("5月の第二月曜日に何を話した？", [D("2023-05-08")], "s23"),
        C("4月の第3月曜日の会話を教えて", [D("2023-04-17")], "s20"),
    ]),
    family(22, "ja: the first or last session of a month", [
        C("先月の最後の会話は？", _MAY_LAST, "s29"),
        C("先月最後に話したことを教えて", _MAY_LAST, "s29"),
        C("先月の最後のチャットで何を話した？", _MAY_LAST, "s29"),
        C("5月の最後の会話を要約して", [M(5, 2023), LAST], "s29"),
        C("先月の最後にした会話の内容は？", _MAY_LAST, "s29"),
        C("4月の最後の会話は何だった？", [M(4, 2023), LAST], "s21"),
        C("先月の最初の会話は？", [D("2023-05-01", "2023-05-31"), FIRST], "s22"),
        C("2022年6月の最後の会話", _JUN22_LAST, "p3"),
    ]),
    family(23, "ja: the weekends of a month", [
        C("3月の週末に何を話した？", _MAR_WEEKENDS, ["s08", "s09", "s10", "s15"]),
        C("3月の週末の会話を要約して", _MAR_WEEKENDS, ["s08", "s09", "s10", "s15"]),
        C("三月の土日に話したこと", _MAR_WEEKENDS, ["s08", "s09", "s10", "s15"]),
        C("3月の土曜と日曜の会話は？", _MAR_WEEKENDS, ["s08", "s09", "s10", "s15"]),
        C("2023年3月の週末のチャット", _MAR_WEEKENDS, ["s08", "s09", "s10", "s15"]),
        C("6月の週末に何を話した？", [M(6, 2023), WD(6, 7)], "s30"),
        C("4月の週末の会話を教えて", [M(4, 2023), WD(6, 7)], ["s16", "s17", "s18"]),
        C("先月の週末に何話したっけ", [D("2023-05-01", "2023-05-31"), WD(6, 7)], "s28"),
    ]),
    family(24, "ja: early, mid or late in a month", [
        C("先月の上旬に何を話した？", _EARLY_MAY, S("s22", "s24")),
        C("先月上旬の会話を要約して", _EARLY_MAY, S("s22", "s24")),
        C("5月の初めに話したこと", _EARLY_MAY, S("s22", "s24")),
        C("4月中旬の会話は？", [D("2023-04-11", "2023-04-20")], "s20"),
        C("4月の半ばに何を話した？", [D("2023-04-11", "2023-04-20")], "s20"),
        C("2月下旬に話したことを教えて", [D("2023-02-21", "2023-02-28")], "s06"),
        C("先月の終わり頃の会話", [D("2023-05-21", "2023-05-31")], S("s27", "s29")),
        C("5月末に何を話した？", [D("2023-05-21", "2023-05-31")], S("s27", "s29")),
    ]),
    family(25, "ja: a span of days", [
        C("6月3日から10日までに何を話した？", _JUN_3_10, S("s30", "s32")),
        C("6月3日〜6月10日の会話を要約して", _JUN_3_10, S("s30", "s32")),
        C("3日から10日までの会話は？", _JUN_3_10, S("s30", "s32")),
        C("6月3日から6月10日の間に話したこと", _JUN_3_10, S("s30", "s32")),
        C("5月25日から6月3日までの会話", [D("2023-05-25", "2023-06-03")], S("s27", "s30")),
        C("6月5日以降に話したこと", _SINCE_JUN5, S("s31", "s34")),
        C("2023年1月10日までの会話を要約して", [D(PAST, "2023-01-10")], S("p1", "s02")),
        C("6月7日より前の最後の会話", [D(PAST, "2023-06-06"), LAST], "s31"),
    ]),
    family(26, "ja: a holiday or a season", [
        C("クリスマスに何を話した？", [D("2022-12-25")], "p7"),
        C("クリスマスイブの会話は？", [D("2022-12-24")], "p6"),
        C("大晦日に話したこと", [D("2022-12-31")], "p8"),
        C("元日の会話を教えて", [D("2023-01-01")], "s01"),
        C("バレンタインデーに何を話した？", [D("2023-02-14")], "s05"),
        C("去年の秋の会話を要約して", _FALL22, ["p4", "p5"]),
        C("ゴールデンウィークに何話した？", [D("2023-04-29", "2023-05-05")], "s22"),
        C("去年の夏に話したこと", [D("2022-06-01", "2022-08-31")], S("p1", "p3")),
        C("この春の会話", [D("2023-03-01", "2023-05-31")], S("s07", "s29")),
    ]),
    family(27, "ja: the nth session on a weekday", [
        C("2回目の月曜日の会話は？", _MON_2, "s12"),
        C("月曜日の2回目の会話を教えて", _MON_2, "s12"),
        C("月曜に話した2回目の会話", _MON_2, "s12"),
        C("二回目の月曜の会話を要約して", _MON_2, "s12"),
        C("最初の金曜日の会話は？", [WD(5), FIRST], "s07"),
        C("最後の木曜日の会話", [WD(4), LAST], "s27"),
        C("3回目の土曜日のチャット", [WD(6), NW(3)], "p8"),
        C("最初の日曜日に何を話した？", [WD(7), FIRST], "p7"),
    ]),
]  # fmt: skip


# --- scoring: `python -m tests.agent.time_paraphrases` prints the figures ------------------


def expected_ids(case: Case, refs: list[str]) -> set[str]:
    """The fixture's message ids (source_refs) in the case's sessions."""
    return {r for r in refs if r.rsplit("-", 1)[0] in case.sessions}


def score(pipe: Any, refs: list[str]) -> list[dict[str, Any]]:
    """One row per phrasing: family, held_out, route, recall, F2 of the selected messages."""
    from datetime import datetime

    from eval.metrics import set_recall_f2

    now = datetime.fromisoformat(NOW)
    rows = []
    for i, fam in enumerate(FAMILIES, 1):
        for case in fam.cases:
            result = pipe.ask(case.question, now=now, conversation=CONVERSATION, answer=False)
            got = result.filtered if result.route == "time" else result.retrieved[:5]
            recall, f2 = set_recall_f2({m.source_ref for m in got}, expected_ids(case, refs))
            rows.append(
                {"family": i, "name": fam.name, "held_out": fam.held_out, "route": result.route,
                 "question": case.question, "recall": recall, "f2": f2}
            )  # fmt: skip
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    parts = {
        "overall": rows,
        "development": [r for r in rows if not r["held_out"]],
        "held_out": [r for r in rows if r["held_out"]],
    }
    return {
        k: {
            "n": len(v),
            "recall": sum(r["recall"] for r in v) / len(v),
            "f2": sum(r["f2"] for r in v) / len(v),
        }
        for k, v in parts.items()
    }


def fixture_pipeline(root: Any, embedder: Any = None) -> Any:
    """A pipeline over the suite's fixture history in a fresh store under `root`."""
    from pathlib import Path

    from agent.pipeline import Pipeline
    from memory_store.db.ingest import ingest_files
    from memory_store.db.store import Store
    from memory_store.indexes.embed import embed_pending
    from memory_store.query.search import open_searcher
    from memory_store.settings import Settings

    settings = Settings.load({"home": root / "home", "db": root / "suite.duckdb"}, environ={})
    store = Store.open(settings.db_path)
    ingest_files(store, [Path(__file__).parent.parent / "fixtures" / FIXTURE], settings)
    if embedder is not None:
        embed_pending(store, embedder)
    return Pipeline(store, settings, open_searcher(settings, store, embedder))


FIXTURE = "time_paraphrase.jsonl"


def main() -> None:
    import json
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        pipe = fixture_pipeline(Path(tmp))
        refs = [json.loads(line)["id"] for line in (Path(__file__).parent.parent / "fixtures"
                / FIXTURE).read_text().splitlines() if line.strip()]  # fmt: skip
        rows = score(pipe, refs)
        pipe.store.close()
    by_family: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        by_family.setdefault(r["family"], []).append(r)
    for i, rs in by_family.items():
        rec = sum(r["recall"] for r in rs) / len(rs)
        f2 = sum(r["f2"] for r in rs) / len(rs)
        mark = "held out" if rs[0]["held_out"] else ""
        print(f"{i:2d} {rs[0]['name']:45s} n={len(rs):2d} recall={rec:.3f} F2={f2:.3f} {mark}")
    print(json.dumps(summary(rows), indent=2))


if __name__ == "__main__":
    main()
