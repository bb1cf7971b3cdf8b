"""Regex rules that find temporal expressions in a question and turn each into table ops.

Each `find_*` function scans the question and returns `Hit`s: a character span, the ops it
stands for, a human-readable note, and a `kind` that `agent.plan` uses to order the ops and
to settle conflicts. Rules run in priority order and a later rule never claims characters an
earlier one took, so "the session before last" is not also read as "last".

One module per kind of expression (the banners of the former plan_rules.py): sessions,
relative (days relative to now), calendar, weekdays, timeofday; common holds Ctx and Hit.
"""

from __future__ import annotations

from agent.plan.rules.calendar import (
    find_calendar,
    find_day_of_month,
    find_day_ranges,
    resolve_day,
    resolve_month,
)
from agent.plan.rules.common import Ctx, Hit, LatestTsFn
from agent.plan.rules.relative import find_ago, find_day_words, find_earlier_today, find_past_n
from agent.plan.rules.sessions import (
    find_ordinal_sessions,
    find_relative_sessions,
    find_session_spans,
)
from agent.plan.rules.timeofday import find_time_of_day
from agent.plan.rules.weekdays import find_weekdays, weekday_with_data

__all__ = [
    "Ctx",
    "Hit",
    "LatestTsFn",
    "find_ago",
    "find_calendar",
    "find_day_of_month",
    "find_day_ranges",
    "find_day_words",
    "find_earlier_today",
    "find_ordinal_sessions",
    "find_past_n",
    "find_relative_sessions",
    "find_session_spans",
    "find_time_of_day",
    "find_weekdays",
    "resolve_day",
    "resolve_month",
    "weekday_with_data",
]
