"""Off-the-shelf temporal taggers as the planner, on the time-paraphrase suite (issue 18).

Issue 18 asks to measure a well-kept tagger against the grammar before adopting one. Each
tagger reads a phrasing with the suite's `now` as its reference time; the time it resolves
(a day, a month, a part of a day, an interval) selects the fixture's messages written then,
and the selection is scored as the grammar's is (`time_paraphrases.score`: recall and F2
against the expected sessions). A phrasing the tagger finds no time in selects nothing.

    .venv/bin/python -m tests.agent.time_taggers dateparser
    PYTHONPATH=DIR .venv/bin/python -m tests.agent.time_taggers ctparse

ctparse is no dependency of memlane: install it apart (`pip install --target DIR ctparse`)
and put DIR on the path. The figures are in docs/time_grammar.md.
"""

from __future__ import annotations

import json
import sys
from calendar import monthrange
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from eval.metrics import set_recall_f2
from tests.agent.time_paraphrases import FAMILIES, FIXTURE, NOW, expected_ids, summary

Span = tuple[datetime, datetime]  # [start, end)
Tagger = Callable[[str, datetime], Span | None]


def _ctparse(question: str, now: datetime) -> Span | None:
    from ctparse import ctparse  # type: ignore[import-not-found]
    from ctparse.types import Interval, Time  # type: ignore[import-not-found]

    found = ctparse(question, ts=now, timeout=1.0)
    res = found.resolution if found is not None else None
    if isinstance(res, Time):
        return _past(_time_span(res, now), now)
    if isinstance(res, Interval):
        start = _time_span(res.t_from, now) if res.t_from is not None else None
        end = _time_span(res.t_to, now) if res.t_to is not None else None
        if start is None and end is None:
            return None
        return _past((start[0] if start else datetime.min, end[1] if end else datetime.max), now)
    return None


def _past(span: Span | None, now: datetime) -> Span | None:
    """ctparse reads a date without a year as the next one (it was made for booking); a
    question about a chat asks of the past, so, as the grammar reads it, the latest one not
    after now: a span starting after now is moved back a year."""
    if span is None or span[0] <= now or span[0].year == datetime.max.year:
        return span
    a, b = span
    back = (a.replace(year=a.year - 1), b.replace(year=b.year - 1) if b != datetime.max else b)
    return back if back[0] <= now else span


def _time_span(t: Any, now: datetime) -> Span | None:
    """The span an underspecified ctparse Time covers: its day (narrowed to its hour or part
    of the day), else its month, else its year."""
    year = t.year if t.year is not None else now.year
    if t.month is None:
        if t.year is None:
            return None
        return datetime(year, 1, 1), datetime(year + 1, 1, 1)
    if t.day is None:
        last = monthrange(year, t.month)[1]
        return datetime(year, t.month, 1), datetime(year, t.month, last) + timedelta(days=1)
    day = datetime(year, t.month, t.day)
    if t.hour is not None or t.POD is not None:
        a, b = t.start, t.end
        return day.replace(hour=a.hour or 0, minute=a.minute or 0), day.replace(
            hour=b.hour or 23, minute=b.minute or 59
        ) + timedelta(minutes=1)
    return day, day + timedelta(days=1)


def _dateparser(question: str, now: datetime) -> Span | None:
    from dateparser.search import search_dates

    found = search_dates(
        question,
        languages=["en"],
        settings={"RELATIVE_BASE": now, "PREFER_DATES_FROM": "past"},
    )
    if not found:
        return None
    day = found[0][1].replace(hour=0, minute=0, second=0, microsecond=0)
    return day, day + timedelta(days=1)


TAGGERS: dict[str, Tagger] = {"ctparse": _ctparse, "dateparser": _dateparser}


def score(tagger: Tagger, messages: list[tuple[str, datetime]]) -> list[dict[str, Any]]:
    now = datetime.fromisoformat(NOW)
    refs = [ref for ref, _ in messages]
    rows = []
    for i, fam in enumerate(FAMILIES, 1):
        for case in fam.cases:
            span = tagger(case.question, now)
            got = {ref for ref, ts in messages if span and span[0] <= ts < span[1]}
            recall, f2 = set_recall_f2(got, expected_ids(case, refs))
            rows.append(
                {"family": i, "name": fam.name, "held_out": fam.held_out,
                 "question": case.question, "parsed": span is not None, "recall": recall,
                 "f2": f2}
            )  # fmt: skip
    return rows


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "ctparse"
    path = Path(__file__).parent.parent / "fixtures" / FIXTURE
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    messages = [(m["id"], datetime.fromisoformat(m["ts"])) for m in lines]
    rows = score(TAGGERS[name], messages)
    parsed = sum(r["parsed"] for r in rows)
    print(f"{name}: a time found in {parsed} of {len(rows)} phrasings")
    print(json.dumps(summary(rows), indent=2))


if __name__ == "__main__":
    main()
