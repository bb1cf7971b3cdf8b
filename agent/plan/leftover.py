"""Words that look temporal but that no rule of the time grammar read.

After planning, the part of the question that no time rule claimed is scanned for time-like
words ("fortnight", "the 45th", "around easter"); they are named in the plan's notes, with the
reading that was used instead, so `--explain` and the answer can say what was not understood.
"""

from __future__ import annotations

import re

from agent.plan.anchors import HOLIDAY_THING
from agent.plan.rules.weekdays import habitual

__all__ = ["leftover_note", "reading_sentence", "temporal_leftovers"]

_EN = re.compile(
    r"\b(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?"
    r"|weekdays?|weekends?|fortnights?|days?|weeks?|months?|years?|decades?|tonight"
    r"|mornings?|afternoons?|evenings?|nights?|noon|midnight|dawn|dusk|ago|earlier|recently"
    r"|yesterday|today|tomorrow|early|late|mid|spring|summer|autumn|winter|christmas|xmas"
    r"|easter|halloween|thanksgiving|valentine'?s?|holidays?|new\s+year'?s?"
    r"|january|february|april|june|july|august|september|october|november|december"
    r"|jan|feb|apr|jun|jul|aug|sept?|oct|nov|dec|\d{1,2}(?:st|nd|rd|th)|(?:19|20)\d{2}"
    r"|hours?|\d{1,2}[:.]\d{2}|\d{1,2}\s*[ap]\.?m\.?)\b",
    re.IGNORECASE,
)
_JA = re.compile(
    r"第[0-9０-９一二三四五六七八九十]+|[0-9０-９一二三四五六七八九十]+(?:日|月|年|週|時)|[月火水木金土日]曜|先週|今週|来週|先月|今月"
    r"|来月|去年|今年|昨日|今日|明日|週末|上旬|中旬|下旬|[春夏秋冬](?:休み)?(?=に|の|は)|ごろ|頃"
)


_HOLIDAY = re.compile(
    r"christmas|xmas|easter|halloween|thanksgiving|valentine'?s?|new\s+year'?s?", re.IGNORECASE
)
_THING = re.compile(rf"\s+{HOLIDAY_THING}\b", re.IGNORECASE)  # "the xmas party": a thing
_OWNED = re.compile(r"holidays?|weekends?|birthdays?", re.IGNORECASE)
_OWNER = re.compile(r"\b(?:my|your|his|her|their|our|[^\W\d_]+['’]s)\s+$", re.IGNORECASE)
# "on sundays" of what someone does is a habit, not a day to read (agent.plan.rules.weekdays)
_PLURAL_DAY = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)days", re.IGNORECASE)
# "the day tramp", "the end of season night out", "my day off": a time word naming a kind of
# outing or thing, not a time to read
_PART_OF_THING = re.compile(r"(?:day|night|evening|morning|weekend|week|afternoon)$", re.IGNORECASE)
_KIND_OF = re.compile(
    r"\s+(?:trips?|tramps?|hikes?|walks?|rides?|out|off|shifts?|jobs?|pass(?:es)?|tickets?|"
    r"bags?|away|courses?|class(?:es)?|rates?|returns?|care|nurser(?:y|ies)|school|time\s+job)\b",
    re.IGNORECASE,
)
_OCCASION_DAY = re.compile(
    r"\b(?:(?:my|your|his|her|their|our)\s+(?:first|last|big|whole)|(?:the|my|our|your)\s+"
    r"(?!(?:next|other|same|previous|following|last|first|whole|one|that|this|every)\b)"
    r"[a-z]{3,})\s+$",
    re.IGNORECASE,
)
_COUNTING = re.compile(
    r"\b(?:how\s+(?:many|long|often)|every|each|per|a\s+few|many|several|for|all)\s+(?:\w+\s+)?$"
    r"|\b(?:what|which)\s+$",
    re.IGNORECASE,
)


def temporal_leftovers(text: str) -> list[str]:
    """Time-like words in `text` (what is left of a question once its time spans are read).

    Durations and counts ("how many days", "every week", "for years") are not time filters,
    nor is the question word of a when-question ("what day did she come back").
    """
    found = [
        m.group(0)
        for m in _EN.finditer(text)
        if not _COUNTING.search(text, 0, m.start())
        and not re.match(r"\s+old\b", text[m.end() :], re.IGNORECASE)
        and not (_HOLIDAY.fullmatch(m.group(0)) and _THING.match(text, m.end()))
        # "on their holiday", "his weekend away": whose it is makes it a thing, not a time
        and not (_OWNED.fullmatch(m.group(0)) and _OWNER.search(text, 0, m.start()))
        and not (_PLURAL_DAY.fullmatch(m.group(0)) and habitual(text))
        and not (_PART_OF_THING.fullmatch(m.group(0)) and _KIND_OF.match(text, m.end()))
        # "my first day at the new job", "the crag day": an occasion named by its day
        and not (_PART_OF_THING.fullmatch(m.group(0)) and _OCCASION_DAY.search(text, 0, m.start()))
        # "dad's 60th", "granny's 90th": a birthday, not a day of the month
        and not (m.group(0)[0].isdigit() and re.search(r"['’]s\s+$", text[: m.start()]))
    ]
    found += [m.group(0) for m in _JA.finditer(text)]
    return list(dict.fromkeys(found))


def leftover_note(words: list[str], readings: list[str]) -> str:
    """The note naming what was not understood and which reading was used instead."""
    used = "; ".join(readings) if readings else "no time filter (searched by content alone)"
    quoted = ", ".join(f"'{w}'" for w in words)
    return f"not understood as time: {quoted}; read as: {used}"


def reading_sentence(words: list[str], readings: list[str]) -> str:
    """What the answer says first when part of the question was not understood."""
    quoted = ", ".join(f"'{w}'" for w in words)
    if not readings:
        return f"I did not understand {quoted} as a time, so I searched without a time filter."
    return f"I did not understand {quoted} as a time; I read the question as {'; '.join(readings)}."
