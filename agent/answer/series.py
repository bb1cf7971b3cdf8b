"""A series the chat numbers itself: "viewing number 1", "2nd removals quote", "third life
drawing done", "final fitting done". A person counting occasions as they happen is a surer
count than the days a covering set finds: the occasions between the numbered ones are often
told in other words ("Thursday physio was good"), or not at all.

The count is the highest number said of the topic, plus one for a "final" one after it, else
plus the occasions on topic after it ("Physio number two" … "Thursday physio was good" …
"Physio today": four).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import date

from memory_store.indexes.tokenize import STOPWORDS
from memory_store.models import StoredMessage

from .counting import NUMBER_WORDS
from .items import COMMON_WORDS
from .text import WORD, asks, terms

_ORDINALS = {
    w: n
    for n, words in enumerate(
        [
            (),
            ("first", "1st"),
            ("second", "2nd"),
            ("third", "3rd"),
            ("fourth", "4th"),
            ("fifth", "5th"),
            ("sixth", "6th"),
            ("seventh", "7th"),
            ("eighth", "8th"),
            ("ninth", "9th"),
            ("tenth", "10th"),
        ]
    )
    for w in words
}
# A series numbered in words runs to a dozen at most ("physio number two").
_MOST = 12
_NUMBERS = {w: n for n, w in enumerate(NUMBER_WORDS) if n <= _MOST}
_FINAL = "final"

# How many words may stand between an ordinal and the topic word it numbers ("third
# *removals* quote", "2nd *life drawing*").
_GAP = 2
# After the topic word: "viewing number 1", "physio number two", "session #3"; a bare number
# only where the clause ends or says it happened ("viewing 2 today"), not "swim 30 lengths".
_N = r"(\d{1,2}|" + "|".join(_NUMBERS) + r")"
_AFTER = re.compile(
    rf"\s+(?:(?:number|no\.?|#)\s*{_N}\b|{_N}(?=\s*(?:[.:,;!?)]|$)|"
    r"\s+(?:today|tonight|yesterday|done|was|is|went|this|last|booked|on|at)\b))",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Numbered:
    n: int
    message: StoredMessage
    word: str  # the topic's words it numbers, as written: "physio", "life drawing"
    final: bool = False


def numbered(topic: Collection[str], messages: Sequence[StoredMessage]) -> list[Numbered]:
    """The numbers `messages` give occasions of the topic, in time order; a "final" one is
    numbered one past the highest before it."""
    out: list[Numbered] = []
    for m in sorted(messages, key=lambda m: (m.ts, m.id)):
        n, word = _number_in(m.text, topic)
        if n == 0:
            continue
        if n < 0:  # "final": one past the highest so far
            if not out:
                continue
            out.append(Numbered(max(x.n for x in out) + 1, m, word, final=True))
            continue
        out.append(Numbered(n, m, word))
    return out


def _number_in(text: str, topic: Collection[str]) -> tuple[int, str]:
    """The number given a run of topic words in `text` (n, -1 for "final", 0 for none), and
    the run as written, singular: "life drawing", "removal"."""
    words = list(WORD.finditer(text))
    on = [bool(terms(w.group(0)) & set(topic)) for w in words]
    i = 0
    while i < len(words):
        if not on[i]:
            i += 1
            continue
        j = i
        while (
            j + 1 < len(words) and on[j + 1] and text[words[j].end() : words[j + 1].start()] == " "
        ):
            j += 1
        # "pottery class number two": the noun the run describes is part of what is numbered
        head = j + 1 if j + 1 < len(words) and _head(text, words[j], words[j + 1]) else j
        run = " ".join(
            [w.group(0).lower() for w in words[i:head]] + [_singular(words[head].group(0))]
        )
        said_before = re.findall(r"[\w'’]+", text[: words[i].start()].lower())
        for k, said in enumerate(said_before[-_GAP - 1 :]):
            # "third *proper* life drawing", not "the 7th works for us" (a day, and a clause)
            between = said_before[-_GAP - 1 :][k + 1 :]
            if any(w in STOPWORDS for w in between):
                continue
            if said in _ORDINALS:
                return _ORDINALS[said], run
            if said == _FINAL:
                return -1, run
        end = words[head].end()
        ordinal = re.match(r"\s+(\d{1,2}(?:st|nd|rd|th))\b", text[end:])
        after = _AFTER.match(text, end)
        if after and not ordinal:
            said = (after.group(1) or after.group(2)).lower()
            return (int(said) if said.isdigit() else _NUMBERS[said]), run
        i = j + 1
    return 0, ""


def _head(text: str, last: re.Match[str], nxt: re.Match[str]) -> bool:
    """Whether `nxt` is the noun the run ending in `last` describes: "pottery *class*",
    "removals *quote*"; not "fitting *done*", "physio *number* two"."""
    word = nxt.group(0).lower()
    return (
        text[last.end() : nxt.start()] == " "
        and word not in STOPWORDS
        and word not in COMMON_WORDS
        and word not in ("number", "no")
        and not re.search(r"(?:ed|ing|ly)$", word)
    )


def _singular(word: str) -> str:
    low = word.lower()
    return low[:-1] if low.endswith("s") and not low.endswith("ss") else low


@dataclass(frozen=True)
class Series:
    n: int  # the count: the highest number, and the occasions told after it
    found: list[Numbered]  # the numbered messages, in time order
    top: Numbered  # the highest numbered
    later: list[StoredMessage]  # the occasions told after it, one a day

    @property
    def cited(self) -> list[StoredMessage]:
        return list(dict.fromkeys([*(x.message for x in self.found), *self.later]))


def series_count(
    topic: Collection[str],
    pool: Sequence[StoredMessage],
    occasions: Callable[[Sequence[StoredMessage]], Sequence[tuple[date, StoredMessage]]],
    covered: Collection[int] = (),
) -> Series | None:
    """The count a numbered series in `pool` gives, with the messages it rests on, when the
    chat numbers two or more (a lone "first" is no series). The occasions after the highest
    number are those its teller tells later in its chat, naming what it numbers ("Physio
    today.") or, of a count of things, naming another (`covered`, the ids of the messages
    naming the things counted: "saw a place in riverside this morning"), unless that one was
    the final one; `occasions` gives their days. None without a series."""
    found = numbered(topic, pool)
    if not found or max(x.n for x in found) < 2:
        return None
    top = max(found, key=lambda x: (x.n, -x.message.ts.timestamp()))
    day = top.message.ts.date()
    # Its teller's later messages naming what it numbers, as they wrote it ("Physio today."),
    # telling, not asking ("life drawing tonight or nah" is someone else's question).
    named = [
        m
        for m in pool
        if m.ts > top.message.ts
        and m.conversation == top.message.conversation
        and m.speaker == top.message.speaker
        and (m.id in covered or re.search(rf"\b{re.escape(top.word)}s?\b", m.text.lower()))
        and not asks(m.text)
    ]
    after = {} if top.final else {d: m for d, m in sorted(occasions(named)) if d > day}
    return Series(top.n + len(after), found, top, list(after.values()))
