"""Table-driven tests of agent.plan.mentions: (text, written-at) -> resolved mentions.

Expected dates were worked out by hand from the calendar (October 2026: Monday 5, 12, 19, 26;
the message of most cases is written on Wednesday 14 October 2026 at noon). A day-only
string is midnight; every end is exclusive.
"""

from __future__ import annotations

import time as clock
from datetime import datetime

import pytest

from agent.plan.mentions import Mention, find_mentions

W = "2026-10-14T12:00"  # a Wednesday
MON = "2026-10-19T09:00"  # the Monday after
DEC = "2024-12-20T12:00"  # a Friday, near the year's end

Expected = tuple[str, str, str, str]

CASES: list[tuple[str, str, list[Expected]]] = [
    # --- fixed words ----------------------------------------------------------------------
    # a past verb does not fix the time of its infinitive ("called to confirm")
    ("the dentist called to confirm my cleaning on November 5th", "2026-10-15T18:14",
     [("November 5th", "2026-11-05", "2026-11-06", "day")]),
    ("we went to the crag on October 3rd", "2026-10-15T18:14",
     [("October 3rd", "2026-10-03", "2026-10-04", "day")]),
    # an emoji ends a clause: the past verb before it is not the date's
    ("so renée talked me into a half marathon 😭 october 18. 13.1 miles", "2026-07-14T21:10",
     [("october 18", "2026-10-18", "2026-10-19", "day")]),
    ("I went to a LGBTQ support group yesterday", "2023-05-08T13:56",
     [("yesterday", "2023-05-07", "2023-05-08", "day")]),
    ("see you tomorrow", W, [("tomorrow", "2026-10-15", "2026-10-16", "day")]),
    ("so much to do today", W, [("today", "2026-10-14", "2026-10-15", "day")]),
    ("we argued the day before yesterday", W,
     [("the day before yesterday", "2026-10-12", "2026-10-13", "day")]),
    ("the exam is the day after tomorrow", W,
     [("the day after tomorrow", "2026-10-16", "2026-10-17", "day")]),
    ("tmrw is the deadline", W, [("tmrw", "2026-10-15", "2026-10-16", "day")]),
    ("Yesterday was long", W, [("Yesterday", "2026-10-13", "2026-10-14", "day")]),
    ("dinner tonight?", W, [("tonight", "2026-10-14T18:00", "2026-10-15T05:00", "part_of_day")]),
    ("I ran this morning", W,
     [("this morning", "2026-10-14T05:00", "2026-10-14T12:00", "part_of_day")]),
    ("call me this evening", W,
     [("this evening", "2026-10-14T17:00", "2026-10-14T22:00", "part_of_day")]),
    ("this afternoon works", W,
     [("this afternoon", "2026-10-14T12:00", "2026-10-14T17:00", "part_of_day")]),
    ("last night was wild", W,
     [("last night", "2026-10-13T18:00", "2026-10-14T05:00", "part_of_day")]),
    ("tomorrow morning I fly", W,
     [("tomorrow morning", "2026-10-15T05:00", "2026-10-15T12:00", "part_of_day")]),
    ("yesterday afternoon we met", W,
     [("yesterday afternoon", "2026-10-13T12:00", "2026-10-13T17:00", "part_of_day")]),
    ("tomorrow night is the gig", W,
     [("tomorrow night", "2026-10-15T18:00", "2026-10-16T05:00", "part_of_day")]),
    # --- weekdays with this / next / last ---------------------------------------------------
    ("party this Friday", W, [("this Friday", "2026-10-16", "2026-10-17", "day")]),
    ("next Friday we fly", W, [("next Friday", "2026-10-23", "2026-10-24", "day")]),
    ("I saw him last Friday", W, [("last Friday", "2026-10-09", "2026-10-10", "day")]),
    ("this Monday was rough", W, [("this Monday", "2026-10-12", "2026-10-13", "day")]),
    ("dentist next Monday", W, [("next Monday", "2026-10-19", "2026-10-20", "day")]),
    ("last Monday I quit", W, [("last Monday", "2026-10-12", "2026-10-13", "day")]),
    ("last Wednesday was odd", W, [("last Wednesday", "2026-10-07", "2026-10-08", "day")]),
    ("next Wednesday then", W, [("next Wednesday", "2026-10-21", "2026-10-22", "day")]),
    ("Last Sun we hiked", W, [("Last Sun", "2026-10-11", "2026-10-12", "day")]),
    ("next Sat is good", W, [("next Sat", "2026-10-24", "2026-10-25", "day")]),
    ("this coming Sunday", W, [("this coming Sunday", "2026-10-18", "2026-10-19", "day")]),
    ("brunch this Sunday", W, [("this Sunday", "2026-10-18", "2026-10-19", "day")]),
    ("next friday works", "2026-10-17T10:00", [("next friday", "2026-10-23", "2026-10-24", "day")]),
    ("last tuesday", "2026-10-17T10:00", [("last tuesday", "2026-10-13", "2026-10-14", "day")]),
    # --- bare weekdays and tense ------------------------------------------------------------
    ("Saturday works. 8am at the trailhead?", W,
     [("Saturday", "2026-10-17", "2026-10-18", "day"),
      ("8am", "2026-10-17T08:00", "2026-10-17T08:01", "time")]),
    ("I went on Saturday", W, [("Saturday", "2026-10-10", "2026-10-11", "day")]),
    ("we'll meet Monday", W, [("Monday", "2026-10-19", "2026-10-20", "day")]),
    ("I saw her on Monday", W, [("Monday", "2026-10-12", "2026-10-13", "day")]),
    ("Thursday?", W, [("Thursday", "2026-10-15", "2026-10-16", "day")]),
    ("gym tuesday?", W, [("tuesday", "2026-10-20", "2026-10-21", "day")]),
    ("Sunday brunch with Mia", W, [("Sunday", "2026-10-18", "2026-10-19", "day")]),
    ("Trail on Saturday starts at 8", "2024-03-05T18:06",
     [("Saturday", "2024-03-09", "2024-03-10", "day"),
      ("at 8", "2024-03-09T08:00", "2024-03-09T08:01", "time")]),
    ("my knee still hurts from thursday", W, [("thursday", "2026-10-08", "2026-10-09", "day")]),
    ("the 20th then", W, [("the 20th", "2026-10-20", "2026-10-21", "day")]),
    ("水曜に話そう", "2024-03-05T21:32", [("水曜", "2024-03-06", "2024-03-07", "day")]),
    ("The party was on Friday", W, [("Friday", "2026-10-09", "2026-10-10", "day")]),
    ("I'm flying out Friday", W, [("Friday", "2026-10-16", "2026-10-17", "day")]),
    ("Let's do Tuesday", W, [("Tuesday", "2026-10-20", "2026-10-21", "day")]),
    ("Friday morning we will hike", W,
     [("Friday morning", "2026-10-16T05:00", "2026-10-16T12:00", "part_of_day")]),
    ("Tuesday night was fun", W,
     [("Tuesday night", "2026-10-13T18:00", "2026-10-14T05:00", "part_of_day")]),
    ("Sat 8am?", W,
     [("Sat", "2026-10-17", "2026-10-18", "day"),
      ("8am", "2026-10-17T08:00", "2026-10-17T08:01", "time")]),
    ("I'm free Wed", W, [("Wed", "2026-10-21", "2026-10-22", "day")]),
    ("Annual inspection. Weds 22nd, 10am. Ok?", "2026-07-14T09:10",
     [("Weds 22nd", "2026-07-22", "2026-07-23", "day"),
      ("10am.", "2026-07-22T10:00", "2026-07-22T10:01", "time")]),
    ("back since saturday", W, [("saturday", "2026-10-10", "2026-10-11", "day")]),
    # chat's short days that are no other word are days without a capital or a date after;
    # "sat" and "sun" are words, "c'mon" is no Monday
    ("bouldering thurs?", W, [("thurs", "2026-10-15", "2026-10-16", "day")]),
    ("lido tues?", W, [("tues", "2026-10-20", "2026-10-21", "day")]),
    ("fri works for me", W, [("fri", "2026-10-16", "2026-10-17", "day")]),
    ("c'mon then", W, []),
    ("sat in the sun all day", W, []),
    # lower-case weekday abbreviations in chat, with the day of the month right after
    (
        "landing tue 20th, leaving sun 25th",
        W,
        [
            ("tue 20th", "2026-10-20", "2026-10-21", "day"),
            ("sun 25th", "2026-10-25", "2026-10-26", "day"),
        ],
    ),
    ("sat 17 oct works", W, [("sat 17 oct", "2026-10-17", "2026-10-18", "day")]),
    ("I'll bring it thursday", W, [("thursday", "2026-10-15", "2026-10-16", "day")]),
    ("my finger still hurts from monday, it was a bad fall", W,
     [("monday", "2026-10-12", "2026-10-13", "day")]),
    ("she called on Tuesday", W, [("Tuesday", "2026-10-13", "2026-10-14", "day")]),
    # an irregular past and a perfect: the Thursday gone, not the coming one
    ("Bit down on an olive pit on Thursday night and it's been sore since", W,
     [("Thursday night", "2026-10-08T18:00", "2026-10-09T05:00", "part_of_day")]),
    ("it's been quiet since monday", W, [("monday", "2026-10-12", "2026-10-13", "day")]),
    # "a bit" is no past: with no other cue a bare weekday is the coming one
    ("a bit nervous about thursday", W, [("thursday", "2026-10-15", "2026-10-16", "day")]),
    ("bit late for friday tbh", W, [("friday", "2026-10-16", "2026-10-17", "day")]),
    ("we are driving up Saturday", W, [("Saturday", "2026-10-17", "2026-10-18", "day")]),
    # --- weekday with an explicit date ------------------------------------------------------
    ("Got an appointment this Thursday, September 3rd at 10:30", "2026-09-01T09:00",
     [("this Thursday, September 3rd", "2026-09-03", "2026-09-04", "day"),
      ("at 10:30", "2026-09-03T10:30", "2026-09-03T10:31", "time")]),
    ("next Tuesday, September 29th works for me", "2026-09-17T12:00",
     [("next Tuesday, September 29th", "2026-09-29", "2026-09-30", "day")]),
    ("Saturday the 17th is the date", W,
     [("Saturday the 17th", "2026-10-17", "2026-10-18", "day")]),
    ("let's book Wednesday the 30th at 10?", "2024-10-11T14:10",
     [("Wednesday the 30th", "2024-10-30", "2024-10-31", "day"),
      ("at 10", "2024-10-30T10:00", "2024-10-30T10:01", "time")]),
    ("the 18th, Sunday. video call", W,
     [("the 18th, Sunday", "2026-10-18", "2026-10-19", "day")]),
    ("Friday, October 23rd it is", W,
     [("Friday, October 23rd", "2026-10-23", "2026-10-24", "day")]),
    ("party on saturday dec 19", W,
     [("saturday dec 19", "2026-12-19", "2026-12-20", "day")]),
    ("he is coming on Wednesday the 30th", W,
     [("Wednesday the 30th", "2026-12-30", "2026-12-31", "day")]),
    ("thursday the 24th, 8pm?", "2024-10-19T18:46",
     [("thursday the 24th", "2024-10-24", "2024-10-25", "day"),
      ("8pm", "2024-10-24T20:00", "2024-10-24T20:01", "time")]),
    # --- in N days / weeks, N ago -----------------------------------------------------------
    ("back in 3 days", W, [("in 3 days", "2026-10-17", "2026-10-18", "day")]),
    ("in two weeks we launch", W, [("in two weeks", "2026-10-26", "2026-11-02", "week")]),
    ("in a week", W, [("in a week", "2026-10-19", "2026-10-26", "week")]),
    ("two days ago", W, [("two days ago", "2026-10-12", "2026-10-13", "day")]),
    ("a week ago", W, [("a week ago", "2026-10-05", "2026-10-12", "week")]),
    ("3 weeks ago I started", W, [("3 weeks ago", "2026-09-21", "2026-09-28", "week")]),
    ("in 10 days", W, [("in 10 days", "2026-10-24", "2026-10-25", "day")]),
    ("in a couple of days", W, [("in a couple of days", "2026-10-16", "2026-10-17", "day")]),
    ("two months ago", W, [("two months ago", "2026-08-01", "2026-09-01", "month")]),
    ("in three months", W, [("in three months", "2027-01-01", "2027-02-01", "month")]),
    ("a year ago", W, [("a year ago", "2025-01-01", "2026-01-01", "year")]),
    ("five days from now", W, [("five days from now", "2026-10-19", "2026-10-20", "day")]),
    ("in 2 weeks' time", W, [("in 2 weeks' time", "2026-10-26", "2026-11-02", "week")]),
    ("twenty days ago", W, [("twenty days ago", "2026-09-24", "2026-09-25", "day")]),
    ("in the past 3 days", W, [("the past 3 days", "2026-10-11", "2026-10-15", "day")]),
    ("camping two weekends ago", W,
     [("two weekends ago", "2026-10-03", "2026-10-05", "weekend")]),
    ("in 3 days", DEC, [("in 3 days", "2024-12-23", "2024-12-24", "day")]),
    ("in two weeks", DEC, [("in two weeks", "2024-12-30", "2025-01-06", "week")]),
    ("ten days ago", "2025-01-03T10:00", [("ten days ago", "2024-12-24", "2024-12-25", "day")]),
    # --- this / next / last week, weekend, month, year -------------------------------------
    ("next week", W, [("next week", "2026-10-19", "2026-10-26", "week")]),
    ("last week", W, [("last week", "2026-10-05", "2026-10-12", "week")]),
    ("this week", W, [("this week", "2026-10-12", "2026-10-19", "week")]),
    ("this weekend", W, [("this weekend", "2026-10-17", "2026-10-19", "weekend")]),
    ("last weekend", W, [("last weekend", "2026-10-10", "2026-10-12", "weekend")]),
    ("next weekend", W, [("next weekend", "2026-10-24", "2026-10-26", "weekend")]),
    ("last month", W, [("last month", "2026-09-01", "2026-10-01", "month")]),
    ("next month", W, [("next month", "2026-11-01", "2026-12-01", "month")]),
    ("this month", W, [("this month", "2026-10-01", "2026-11-01", "month")]),
    ("last year", W, [("last year", "2025-01-01", "2026-01-01", "year")]),
    ("next year", W, [("next year", "2027-01-01", "2028-01-01", "year")]),
    ("this year", W, [("this year", "2026-01-01", "2027-01-01", "year")]),
    ("over the weekend we painted", MON,
     [("over the weekend", "2026-10-17", "2026-10-19", "weekend")]),
    ("any plans for the weekend?", W, [("the weekend", "2026-10-17", "2026-10-19", "weekend")]),
    ("anything fun over the weekend?", MON,
     [("over the weekend", "2026-10-17", "2026-10-19", "weekend")]),
    ("anything fun planned over the weekend?", "2026-10-15T09:00",
     [("over the weekend", "2026-10-17", "2026-10-19", "weekend")]),
    ("big news over the weekend", MON,
     [("over the weekend", "2026-10-17", "2026-10-19", "weekend")]),
    ("this weekend", "2026-10-18T15:00",
     [("this weekend", "2026-10-17", "2026-10-19", "weekend")]),
    ("next month", DEC, [("next month", "2025-01-01", "2025-02-01", "month")]),
    ("next week", DEC, [("next week", "2024-12-23", "2024-12-30", "week")]),
    # --- seasons (northern hemisphere, meteorological) -------------------------------------
    ("next summer", W, [("next summer", "2027-06-01", "2027-09-01", "season")]),
    ("last summer", W, [("last summer", "2026-06-01", "2026-09-01", "season")]),
    ("this winter", W, [("this winter", "2026-12-01", "2027-03-01", "season")]),
    ("this fall", W, [("this fall", "2026-09-01", "2026-12-01", "season")]),
    ("last winter", W, [("last winter", "2025-12-01", "2026-03-01", "season")]),
    ("summer 2023", W, [("summer 2023", "2023-06-01", "2023-09-01", "season")]),
    ("next spring", W, [("next spring", "2027-03-01", "2027-06-01", "season")]),
    ("in the summer of 2024", W, [("summer of 2024", "2024-06-01", "2024-09-01", "season")]),
    ("next summer", "2026-02-10T12:00", [("next summer", "2026-06-01", "2026-09-01", "season")]),
    ("this winter", "2026-01-10T12:00",
     [("this winter", "2025-12-01", "2026-03-01", "season")]),
    # --- ordinal days -----------------------------------------------------------------------
    ("on the 14th we will go", "2026-10-10T12:00",
     [("on the 14th", "2026-10-14", "2026-10-15", "day")]),
    ("I went there on the 3rd", "2026-10-10T12:00",
     [("on the 3rd", "2026-10-03", "2026-10-04", "day")]),
    ("on the 20th we'll celebrate", W, [("on the 20th", "2026-10-20", "2026-10-21", "day")]),
    ("on the 20th I moved", W, [("on the 20th", "2026-09-20", "2026-09-21", "day")]),
    ("the 14th works", W, [("the 14th", "2026-11-14", "2026-11-15", "day")]),
    ("on the 31st we will party", "2026-11-05T12:00",
     [("on the 31st", "2026-12-31", "2027-01-01", "day")]),
    ("I've been sick since the 2nd", W, [("since the 2nd", "2026-10-02", "2026-10-03", "day")]),
    ("I'm away until the 20th", W, [("until the 20th", "2026-10-20", "2026-10-21", "day")]),
    ("pay by the 1st", W, [("by the 1st", "2026-11-01", "2026-11-02", "day")]),
    ("gym on the 27th?", DEC, [("on the 27th", "2024-12-27", "2024-12-28", "day")]),
    ("osaka till the 4th", DEC, [("till the 4th", "2025-01-04", "2025-01-05", "day")]),
    ("mum's bday is the 16th", "2024-10-25T20:05",
     [("the 16th", "2024-11-16", "2024-11-17", "day")]),
    # --- months without a year, across the year boundary -----------------------------------
    ("see you in January", DEC, [("January", "2025-01-01", "2025-02-01", "month")]),
    ("we met in January", DEC, [("January", "2024-01-01", "2024-02-01", "month")]),
    ("in March we will move", DEC, [("March", "2025-03-01", "2025-04-01", "month")]),
    ("December has been busy", DEC, [("December", "2024-12-01", "2025-01-01", "month")]),
    ("last March", DEC, [("last March", "2024-03-01", "2024-04-01", "month")]),
    ("next May", DEC, [("next May", "2025-05-01", "2025-06-01", "month")]),
    ("the trip in November was fun", DEC, [("November", "2024-11-01", "2024-12-01", "month")]),
    ("in February I'll ski", "2025-11-30T12:00",
     [("February", "2026-02-01", "2026-03-01", "month")]),
    ("we moved in October", "2026-01-05T12:00",
     [("October", "2025-10-01", "2025-11-01", "month")]),
    ("start date is january 13", "2024-11-08T18:24",
     [("january 13", "2025-01-13", "2025-01-14", "day")]),
    ("dinner on January 2nd?", "2026-12-30T12:00",
     [("January 2nd", "2027-01-02", "2027-01-03", "day")]),
    ("the party on December 24th was great", "2027-01-02T12:00",
     [("December 24th", "2026-12-24", "2026-12-25", "day")]),
    ("I met him on May 8th", W, [("May 8th", "2026-05-08", "2026-05-09", "day")]),
    ("on March 3rd we will meet", W, [("March 3rd", "2027-03-03", "2027-03-04", "day")]),
    ("September 29th will be big", W,
     [("September 29th", "2027-09-29", "2027-09-30", "day")]),
    ("I moved on the 3rd of March", W,
     [("the 3rd of March", "2026-03-03", "2026-03-04", "day")]),
    ("May was lovely", W, [("May", "2026-05-01", "2026-06-01", "month")]),
    ("early march we went skiing", "2026-04-10T12:00",
     [("march", "2026-03-01", "2026-04-01", "month")]),
    # --- explicit dates ---------------------------------------------------------------------
    ("born 8 May 2023", W, [("8 May 2023", "2023-05-08", "2023-05-09", "day")]),
    ("released 2023-05-08", W, [("2023-05-08", "2023-05-08", "2023-05-09", "day")]),
    ("on May 8th, 2023 we met", W, [("May 8th, 2023", "2023-05-08", "2023-05-09", "day")]),
    ("the 3rd of March 2027", W,
     [("the 3rd of March 2027", "2027-03-03", "2027-03-04", "day")]),
    ("on 29/9 I went", W, [("29/9", "2026-09-29", "2026-09-30", "day")]),
    ("due 12/25/2024", W, [("12/25/2024", "2024-12-25", "2024-12-26", "day")]),
    ("in 2023 we moved", W, [("in 2023", "2023-01-01", "2024-01-01", "year")]),
    ("March 2025 was cold", W, [("March 2025", "2025-03-01", "2025-04-01", "month")]),
    ("effective January 1st", "2024-10-30T11:29",
     [("January 1st", "2025-01-01", "2025-01-02", "day")]),
    # --- clock times ------------------------------------------------------------------------
    ("meet at 7pm", W, [("at 7pm", "2026-10-14T19:00", "2026-10-14T19:01", "time")]),
    ("I woke up at 6am", W, [("at 6am", "2026-10-14T06:00", "2026-10-14T06:01", "time")]),
    ("the call is at 9am", W, [("at 9am", "2026-10-15T09:00", "2026-10-15T09:01", "time")]),
    ("tomorrow at 9am", W,
     [("tomorrow", "2026-10-15", "2026-10-16", "day"),
      ("at 9am", "2026-10-15T09:00", "2026-10-15T09:01", "time")]),
    ("tonight at 8", W,
     [("tonight", "2026-10-14T18:00", "2026-10-15T05:00", "part_of_day"),
      ("at 8", "2026-10-14T20:00", "2026-10-14T20:01", "time")]),
    ("Thursday at 3?", W,
     [("Thursday", "2026-10-15", "2026-10-16", "day"),
      ("at 3", "2026-10-15T15:00", "2026-10-15T15:01", "time")]),
    ("running late, there by 7:30", "2024-09-03T18:08",
     [("7:30", "2024-09-03T19:30", "2024-09-03T19:31", "time")]),
    ("lunch at noon tomorrow", W,
     [("at noon", "2026-10-15T12:00", "2026-10-15T12:01", "time"),
      ("tomorrow", "2026-10-15", "2026-10-16", "day")]),
    ("movie at 10:30pm", W, [("at 10:30pm", "2026-10-14T22:30", "2026-10-14T22:31", "time")]),
    ("first day back at work tmrw. a quick sync for 9am", "2024-09-02T19:18",
     [("tmrw", "2024-09-03", "2024-09-04", "day"),
      ("9am", "2024-09-03T09:00", "2024-09-03T09:01", "time")]),
    ("moved to friday the 21st instead of tuesday. lands 18:40", "2024-11-13T08:47",
     [("friday the 21st", "2024-11-21", "2024-11-22", "day"),
      ("tuesday", "2024-11-19", "2024-11-20", "day"),  # the plan being replaced
      ("18:40", "2024-11-21T18:40", "2024-11-21T18:41", "time")]),
    ("the week after next", W, [("the week after next", "2026-10-26", "2026-11-02", "week")]),
    ("rent is due the 1st of next month", W,
     [("the 1st of next month", "2026-11-01", "2026-11-02", "day")]),
    ("last Friday night was fun", W,
     [("last Friday night", "2026-10-09T18:00", "2026-10-10T05:00", "part_of_day")]),
    ("next Friday at 7pm", W,
     [("next Friday", "2026-10-23", "2026-10-24", "day"),
      ("at 7pm", "2026-10-23T19:00", "2026-10-23T19:01", "time")]),
    ("a couple weeks ago", W, [("a couple weeks ago", "2026-09-28", "2026-10-05", "week")]),
    ("3 Sept", W, [("3 Sept", "2026-09-03", "2026-09-04", "day")]),
    ("the 4th of July was hot", W, [("the 4th of July", "2026-07-04", "2026-07-05", "day")]),
    ("last fall", W, [("last fall", "2025-09-01", "2025-12-01", "season")]),
    ("I'll be there at 5:30", W, [("at 5:30", "2026-10-14T17:30", "2026-10-14T17:31", "time")]),
    ("we met at 11:45pm", W, [("at 11:45pm", "2026-10-13T23:45", "2026-10-13T23:46", "time")]),
    # as British chat writes them, with a point: with am/pm, or after a word of when
    ("doors 7.30pm", W, [("7.30pm", "2026-10-14T19:30", "2026-10-14T19:31", "time")]),
    ("same day sat 9th, kicks off 12.30", "2026-04-21T20:15",
     [("sat 9th", "2026-05-09", "2026-05-10", "day"),
      ("12.30", "2026-05-09T12:30", "2026-05-09T12:31", "time")]),
    ("train at 06:45 tomorrow", W,
     [("at 06:45", "2026-10-15T06:45", "2026-10-15T06:46", "time"),
      ("tomorrow", "2026-10-15", "2026-10-16", "day")]),
    ("train at 06.45 tomorrow", W,
     [("06.45", "2026-10-15T06:45", "2026-10-15T06:46", "time"),
      ("tomorrow", "2026-10-15", "2026-10-16", "day")]),
    # --- not times --------------------------------------------------------------------------
    # a point in a number that is no clock time: money, a distance, a bare decimal
    ("£12.30 each, paid 12.50 for the lot", W, []),
    ("ran 5.20 km this morning and it was 3.5 miles yesterday", W,
     [("this morning", "2026-10-14T05:00", "2026-10-14T12:00", "part_of_day"),
      ("yesterday", "2026-10-13", "2026-10-14", "day")]),
    ("they charged 2.50 a pint at the bar", W, []),
    ("Friday's child is loving and giving", W, []),
    ("May I ask you something?", W, []),
    ("a second round of interviews", W, []),
    ("March on, everyone!", W, []),
    ("I may go to the gym", W, []),
    ("the sun was out all day", W, []),
    ("one day I'll visit Japan", W, []),
    ("she came second in the race", W, []),
    ("give me a second", W, []),
    ("be there in a second", W, []),
    ("sat on the bench", W, []),
    ("the sun 5 times a day", W, []),
    ("I wed 3 times lol", W, []),
    ("the 2nd floor is closed", W, []),
    ("every Monday we run", W, []),
    ("I love lazy Sundays", W, []),
    ("May the force be with you", W, []),
    ("don't mar the surface", W, []),
    ("Jan is coming over", W, []),
    ("we'll march in the parade", W, []),
    ("haven't talked in a few days", W, []),
    ("we were down 10 in the 4th and still won", W, []),
    ("the fall of Rome", W, []),
    ("a girl Friday for the office", W, []),
    ("24/7 support", W, []),
    ("add 1/2 cup of sugar", W, []),
    ("it was my 18th birthday", W, []),
    ("Sun was out, Wed in spirit", W, []),
    ("we wed in june", W, [("june", "2026-06-01", "2026-07-01", "month")]),
    # --- Japanese ---------------------------------------------------------------------------
    ("昨日は雨だった", W, [("昨日", "2026-10-13", "2026-10-14", "day")]),
    ("今日は暇", W, [("今日", "2026-10-14", "2026-10-15", "day")]),
    ("明日行く", W, [("明日", "2026-10-15", "2026-10-16", "day")]),
    ("明後日に会おう", W, [("明後日", "2026-10-16", "2026-10-17", "day")]),
    ("一昨日見た", W, [("一昨日", "2026-10-12", "2026-10-13", "day")]),
    ("来週は忙しい", W, [("来週", "2026-10-19", "2026-10-26", "week")]),
    ("先週行った", W, [("先週", "2026-10-05", "2026-10-12", "week")]),
    ("今週末に行こう", W, [("今週末", "2026-10-17", "2026-10-19", "weekend")]),
    ("来週末は空いてる", W, [("来週末", "2026-10-24", "2026-10-26", "weekend")]),
    ("来週の金曜日に会いましょう", W, [("来週の金曜日", "2026-10-23", "2026-10-24", "day")]),
    ("先週の金曜日に見た", W, [("先週の金曜日", "2026-10-09", "2026-10-10", "day")]),
    ("先月引っ越した", W, [("先月", "2026-09-01", "2026-10-01", "month")]),
    ("来月から", W, [("来月", "2026-11-01", "2026-12-01", "month")]),
    ("来月から", DEC, [("来月", "2025-01-01", "2025-02-01", "month")]),
    ("3日後に出発", W, [("3日後", "2026-10-17", "2026-10-18", "day")]),
    ("2週間前に会った", W, [("2週間前", "2026-09-28", "2026-10-05", "week")]),
    ("3月14日に行きます", W, [("3月14日", "2027-03-14", "2027-03-15", "day")]),
    ("3月14日に行きました", W, [("3月14日", "2026-03-14", "2026-03-15", "day")]),
    ("14日に会います", W, [("14日", "2026-11-14", "2026-11-15", "day")]),
    ("20日に会いました", W, [("20日", "2026-09-20", "2026-09-21", "day")]),
    ("今朝走った", W, [("今朝", "2026-10-14T05:00", "2026-10-14T12:00", "part_of_day")]),
    ("今夜8時に", W,
     [("今夜", "2026-10-14T18:00", "2026-10-15T05:00", "part_of_day"),
      ("8時", "2026-10-14T20:00", "2026-10-14T20:01", "time")]),
    ("金曜日に行きます", W, [("金曜日", "2026-10-16", "2026-10-17", "day")]),
    ("土曜日に行った", W, [("土曜日", "2026-10-10", "2026-10-11", "day")]),
    ("2024年5月3日に", W, [("2024年5月3日", "2024-05-03", "2024-05-04", "day")]),
    ("明日の朝", W, [("明日の朝", "2026-10-15T05:00", "2026-10-15T12:00", "part_of_day")]),
    ("明日の午後3時に会おう", W,
     [("明日の午後", "2026-10-15T12:00", "2026-10-15T17:00", "part_of_day"),
      ("3時", "2026-10-15T15:00", "2026-10-15T15:01", "time")]),
    ("来年こそ", W, [("来年", "2027-01-01", "2028-01-01", "year")]),
    ("去年の夏", W, [("去年", "2025-01-01", "2026-01-01", "year")]),
    ("5月に行った", W, [("5月", "2026-05-01", "2026-06-01", "month")]),
    ("1月に行きます", DEC, [("1月", "2025-01-01", "2025-02-01", "month")]),
    ("10時半に起きた", W, [("10時半", "2026-10-14T10:30", "2026-10-14T10:31", "time")]),
    ("一週間後", W, [("一週間後", "2026-10-19", "2026-10-26", "week")]),
    ("金曜の夜に飲もう", W,
     [("金曜の夜", "2026-10-16T18:00", "2026-10-17T05:00", "part_of_day")]),
    ("来週月曜に", W, [("来週月曜", "2026-10-19", "2026-10-20", "day")]),
    ("先週末は楽しかった", W, [("先週末", "2026-10-10", "2026-10-12", "weekend")]),
    ("再来週", W, [("再来週", "2026-10-26", "2026-11-02", "week")]),
    ("3ヶ月後", W, [("3ヶ月後", "2027-01-01", "2027-02-01", "month")]),
    ("1年前に", W, [("1年前", "2025-01-01", "2026-01-01", "year")]),
    ("午前10時に集合", W, [("午前10時", "2026-10-15T10:00", "2026-10-15T10:01", "time")]),
    ("12月25日に行きます", W, [("12月25日", "2026-12-25", "2026-12-26", "day")]),
    ("昨夜は寝た", W, [("昨夜", "2026-10-13T18:00", "2026-10-14T05:00", "part_of_day")]),
    ("あした行く", W, [("あした", "2026-10-15", "2026-10-16", "day")]),
    ("きのう見た", W, [("きのう", "2026-10-13", "2026-10-14", "day")]),
    # --- intervals: two days bound one stay; the end is the first such day after the start
    ("Reminder that I'm off from the 23rd to the 3rd", "2024-12-16T10:10",
     [("from the 23rd to the 3rd", "2024-12-23", "2025-01-04", "day")]),
    ("off from 23 Dec to 3 Jan", "2024-12-16T10:10",
     [("from 23 Dec to 3 Jan", "2024-12-23", "2025-01-04", "day")]),
    # (a date without a year is the nearest one either way, here the past May)
    ("I'm away from May 3 to May 10", W,
     [("from May 3 to May 10", "2026-05-03", "2026-05-11", "day")]),
    ("between the 5th and the 9th", W,
     [("between the 5th and the 9th", "2026-11-05", "2026-11-10", "day")]),
    ("from Monday to Wednesday", W,
     [("from Monday to Wednesday", "2026-10-19", "2026-10-22", "day")]),
    ("Monday - Wednesday works", W, [("Monday - Wednesday", "2026-10-19", "2026-10-22", "day")]),
    ("I was off from the 2nd to the 9th", W,
     [("from the 2nd to the 9th", "2026-10-02", "2026-10-10", "day")]),
    # a bare first ordinal takes the month the second day names
    ("we're there from the 3rd to the 7th of october", "2025-08-20T18:00",
     [("from the 3rd to the 7th of october", "2025-10-03", "2025-10-08", "day")]),
    ("away from the 21st to 23rd november", "2025-10-01T09:00",
     [("from the 21st to 23rd november", "2025-11-21", "2025-11-24", "day")]),
    ("off from the 28th to the 3rd of march", "2026-01-05T09:00",
     [("from the 28th to the 3rd of march", "2026-02-28", "2026-03-04", "day")]),
    # a change of plan names two days, not a stay; a list of days is no interval either
    ("we moved it from Monday to Wednesday", W,
     [("Monday", "2026-10-12", "2026-10-13", "day"),
      ("Wednesday", "2026-10-07", "2026-10-08", "day")]),
    ("free on the 3rd and the 5th", W,
     [("on the 3rd", "2026-11-03", "2026-11-04", "day"),
      ("the 5th", "2026-11-05", "2026-11-06", "day")]),
    # a full month's period ends its sentence; "5-a-side" is no day; "Nov. 5" is a date
    ("a charity tournament in november. 5-a-side, teams of 5", W,
     [("november", "2026-11-01", "2026-12-01", "month")]),
    ("in november 5-a-side", W, [("november", "2026-11-01", "2026-12-01", "month")]),
    ("Nov. 5th works", W, [("Nov. 5th", "2026-11-05", "2026-11-06", "day")]),
    ("sept. 12 then", W, [("sept. 12", "2026-09-12", "2026-09-13", "day")]),
    # a bare ordinal takes the month the message gave a day before it, or the month of the
    # day it runs to; alone, a bare "21st" bounds days only beside another
    ("my birthday is Wednesday the 18th of November but the 13th to the 15th is better", W,
     [("Wednesday the 18th of November", "2026-11-18", "2026-11-19", "day"),
      ("the 13th", "2026-11-13", "2026-11-14", "day"),
      ("the 15th", "2026-11-15", "2026-11-16", "day")]),
    ("the cottage is booked! the 6th to the 8th of march", W,
     [("the 6th", "2027-03-06", "2027-03-07", "day"),
      ("the 8th of march", "2027-03-08", "2027-03-09", "day")]),
    ("we move to the weekend after, 21st to 23rd", W,
     [("21st", "2026-10-21", "2026-10-22", "day"), ("23rd", "2026-10-23", "2026-10-24", "day")]),
    ("her 21st birthday", W, []),
    # a range's first or last day by its number alone, in the month the other names
    ("i'm on leave 21-23 apr", "2026-04-08T11:39",
     [("21-23 apr", "2026-04-21", "2026-04-24", "day")]),
    ("we're away April 21-23", "2026-04-08T11:39",
     [("April 21-23", "2026-04-21", "2026-04-24", "day")]),
    ("off 9–12 November", W, [("9–12 November", "2026-11-09", "2026-11-13", "day")]),
    ("the 10/3-5 april", "2026-04-01T10:00", [("5 april", "2026-04-05", "2026-04-06", "day")]),
    # the tense of a date's own clause: "i'm on leave", not the "got" of the next one
    ("btw i'm on leave 23 apr, appa's op got moved", "2026-04-08T11:39",
     [("23 apr", "2026-04-23", "2026-04-24", "day")]),
    ("appa's eye op got shifted to the 21st", "2026-04-08T11:39",
     [("the 21st", "2026-04-21", "2026-04-22", "day")]),
    # a weekday beside a numeric date picks its order: month first (US) or day first (UK)
    ("you're confirmed for Mon 10/19 at 7:30 AM", W,
     [("Mon 10/19", "2026-10-19", "2026-10-20", "day"),
      ("at 7:30 AM", "2026-10-19 07:30", "2026-10-19 07:31", "time")]),
    ("see you fri 6/11", W, [("fri 6/11", "2026-11-06", "2026-11-07", "day")]),
    ("Tue 11/3 works", W, [("Tue 11/3", "2026-11-03", "2026-11-04", "day")]),
    # "died" is a past verb, though no -ed word of three letters
    ("so... the mower died on me sunday", W, [("sunday", "2026-10-11", "2026-10-12", "day")]),
    ("came 3rd in the race", W, []),
    ("the cottage can't do the 6th any more", W, [("the 6th", "2026-11-06", "2026-11-07", "day")]),
    ("日曜大工が好き", W, []),
    ("毎週金曜日にジム", W, []),
    ("3日間休んだ", W, []),
]  # fmt: skip


def _at(s: str) -> datetime:
    return datetime.fromisoformat(s)


@pytest.mark.parametrize(("text", "written", "expected"), CASES, ids=[c[0][:40] for c in CASES])
def test_mentions(text: str, written: str, expected: list[Expected]) -> None:
    got = [(m.text, m.start, m.end, m.granularity) for m in find_mentions(text, _at(written))]
    want = [(t, _at(a), _at(b), g) for t, a, b, g in expected]
    assert got == want


def test_spans_and_direction() -> None:
    text = "Got an appointment this Thursday, September 3rd at 10:30"
    day, at = find_mentions(text, _at("2026-09-01T09:00"))
    assert text[day.start_char : day.end_char] == day.text
    assert (day.direction, at.direction) == ("future", "future")
    (past,) = find_mentions("I went to a LGBTQ support group yesterday", _at("2023-05-08T13:56"))
    assert past.direction == "past"
    (now,) = find_mentions("so much to do today", _at(W))
    assert now.direction == "present"


def test_timezone_is_kept() -> None:
    from datetime import timedelta, timezone

    tz = timezone(timedelta(hours=9))
    (m,) = find_mentions("see you tomorrow", datetime(2026, 10, 14, 12, tzinfo=tz))
    assert m.start == datetime(2026, 10, 15, tzinfo=tz)


@pytest.mark.parametrize(
    "text", ["in 99999 days", "99999 years ago", "9999999日後", "February 30th", "2月30日"]
)
def test_impossible_dates_are_skipped(text: str) -> None:
    assert find_mentions(text, _at(W)) == []


def test_edge_of_the_calendar_does_not_raise() -> None:
    for written in (datetime(1, 1, 1), datetime(9999, 12, 31, 23, 59)):
        find_mentions("yesterday, tomorrow at 9am, next year, 明日, 来年, the 31st", written)


def test_mention_is_frozen() -> None:
    (m,) = find_mentions("see you tomorrow", _at(W))
    assert isinstance(m, Mention)
    with pytest.raises(AttributeError):
        m.text = "x"  # type: ignore[misc]


def test_messages_without_time_words_are_fast() -> None:
    texts = ["haha that's so true", "did you see the new episode?", "ok sounds good 👍"] * 2000
    w = _at(W)
    t0 = clock.perf_counter()
    for t in texts:
        find_mentions(t, w)
    per_message = (clock.perf_counter() - t0) / len(texts)
    assert per_message < 1e-4  # the pre-filter alone: far below the 1 ms budget
