"""What a message states outright, the answer to a what-question as written: a code ("Code is
2906"), a score ("61 on the hazard perception"), a thing of the kind asked for ("lemon and
elderflower"), a name written before its kind, an opinion ("Dr. Ortiz thinks it's
gastritis"), a stretch of time or a stay said by its dates ("Kyoto from the 9th to the
13th")."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from memory_store.models import FoundMention, StoredMessage

from .categories import asked_kind, choices_of_kind
from .focus import HOW_LONG, duration_in
from .kinds import Kind, QuestionKind
from .reading import (
    ReaderContext,
    Reading,
    and_next_turns,
    following,
    mentioning,
    replied_to,
    searchable,
    told_in,
)
from .text import asks, join_names, said_terms, terms


def _said_of(kind: str, text: str, wanted: set[str]) -> list[str]:
    """The words of `kind` in `text` that can be the asked thing's: in a message that does not
    name it, not a colour that describes another noun ("under the *blue* plant pot" says
    nothing of the cat's colour); "It's very orange" may."""
    found = choices_of_kind(kind, text)
    if kind != "colour" or wanted & terms(text):
        return found
    return [w for w in found if not _DESCRIBES.search(text[_end_of(text, w) :])]


def _end_of(text: str, word: str) -> int:
    m = re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)
    return m.end() if m else len(text)


# A colour followed by the noun it describes: "blue plant pot", not "orange.", "pink and".
_DESCRIBES = re.compile(r"^\s+(?!(?:and|or|with|but|too|now|then|is|it)\b)[a-z]", re.IGNORECASE)


def stated_answer(
    question: str,
    qk: QuestionKind,
    wanted: set[str],
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading | None:
    """What the question asks for, as a best message (or the turn after it) states it
    outright: a code, a score, a thing of the kind asked for, a name, an opinion, a stretch of
    time. None when no such message is read."""
    told: Reading | None = None
    if _ASKS_CODE.search(question):  # "what's the combination for the shed padlock?"
        told = _first_given(
            lambda text: [c.group(1) for c in _CODE.finditer(text)][:1],
            "the code or number a best-supported message gives",
            qk,
            good,
            ctx,
            ranked,
        )
    scored = _SCORE_ASKED.search(question)
    if told is None and scored:  # "what did i get on the hazard perception bit?"
        on = terms(question[scored.end() :]) & wanted
        told = _first_given(
            lambda text: [
                s.group("n")
                for s in _SCORE.finditer(text)
                if on & terms(_SCORED_ON.split(text[s.end() :], maxsplit=1)[0])
            ][:1],
            "the score a best-supported message gives for what the question names",
            qk,
            good,
            ctx,
            ranked,
        )
    if told is None and _RESULT_TIME_ASKED.search(question):
        told = _result_time(question, qk, wanted, good, ctx, ranked)
    kind = asked_kind(question, qk.focus)
    if told is None and kind:  # "what colour are the new shirts?": a colour in the best messages
        told = _first_given(
            lambda text: _said_of(kind, text, wanted),
            f"the {kind} named in a best-supported message or the next turn",
            qk,
            good,
            ctx,
            ranked,
        )
    if told is None and qk.kind is Kind.WHAT and qk.focus and _NAME_ASKED.search(question):
        told = _first_given(
            lambda text: _named_before(text, qk.focus or "", wanted),
            f"a name written before “{qk.focus}” in a best-supported message or the next turn",
            qk,
            good,
            ctx,
            ranked,
        )
    if told is None and _OPINION_ASKED.search(question):
        told = _first_given(
            lambda text: [o.group("x").strip() for o in _OPINION.finditer(text)][:1],
            "what a best-supported message says someone thinks it is",
            qk,
            good,
            ctx,
            ranked,
        )
    if told is None and (HOW_LONG.search(question) or _HOW_FAR.search(question)):
        # "how long has she been playing?"; "how far is uji?": "20 minutes on the train"
        far = bool(_HOW_FAR.search(question))
        # "how long am i in kyoto for?": a stay, said by its dates after the place, before any
        # stretch of time a best message gives ("20 minutes on the train from Kyoto")
        stay = None if far or not _STAY_ASKED.search(question) else _stay(wanted, qk, ctx)
        told = stay or _duration(wanted, qk, good, ranked, ctx, far=far)
    return told


# "how long was i in kyoto", "how long are we at the cabin for": a stay in a place
_STAY_ASKED = re.compile(
    r"\bhow\s+long\b.*\b(?:in|at)\s+(?:the\s+)?[^\W\d_][\w'’-]*(?:\s+for)?\s*[?.!]*\s*$",
    re.IGNORECASE,
)
# "how far is uji from kyoto?": a distance, or the time it takes to get there
_HOW_FAR = re.compile(r"\bhow\s+far\b", re.IGNORECASE)
_DISTANCE = re.compile(
    r"\b(?:about\s+|around\s+|roughly\s+)?\d+(?:[.,]\d+)?\s*"
    r"(?:km|kms|kilomet(?:re|er)s?|miles?|mi|metres|meters|m)\b",
    re.IGNORECASE,
)
# A question for a code, a PIN or a number, answered by digits: "Code is 2906", "pin's 4471".
_ASKS_CODE = re.compile(
    r"\b(?:what(?:'s|s|\s+is|\s+was)?|remind\s+me(?:\s+of)?|tell\s+me)\s+"
    r"(?:the|my|our|his|her|their)\s+(?:\w+\s+)?"
    r"(?:code|combination|combo|pin|passcode|password|number)\b",
    re.IGNORECASE,
)

_CODE = re.compile(
    r"(?<![\d:/.£$€-])\b(\d{3,})\b(?![:/.,]?\d)(?!\s*(?:am|pm|%|k\b|km|mins?|hours?|quid|"
    r"pounds?|dollars?|euros?|st|nd|rd|th)\b)",
    re.IGNORECASE,
)

# "what did the vet think was wrong with miso?", "what does the doctor reckon it is?": an
# opinion, told as "Dr. Ortiz thinks it's gastritis, maybe from the hair tie".
_OPINION_ASKED = re.compile(
    r"\bwhat\s+(?:did|does|do)\s+.+?\b(?:think|reckon|suspect|believe|say)\s+"
    r"(?:was|is|it\s+was|it\s+is|it\s+might\s+be|caused|causes)\b",
    re.I,
)

_OPINION = re.compile(
    r"\b(?:thinks?|thought|reckons?|suspects?|believes?|says?|said)\s+(?:that\s+)?"
    r"(?:it'?s|it’s|it\s+is|it\s+was|it\s+(?:might|could|may)\s+be|(?:she|he|they)\s+ha[sd])\s+"
    r"(?:probably\s+|just\s+|only\s+)?(?P<x>[^,.;!?\s][^,.;!?]{0,40}?)\s*(?=[,.;!?]|$)",
    re.I,
)


def _duration(
    wanted: set[str],
    qk: QuestionKind,
    good: list[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
    far: bool = False,
) -> Reading | None:
    """The stretch of time a best message states, or the reply to one asking "how long": not
    any turn near them ("how long was I in Kyoto?" is not told by "About 40 minutes of hiking",
    the answer to another question): the message must hold a word of the question besides
    "long"."""
    topic = wanted - terms("long far take takes took get")

    def holds(n: StoredMessage) -> bool:
        return not topic or bool(topic & said_terms(n.text))

    def answers_asking(n: StoredMessage) -> bool:
        # "Uji is a day trip?" / "Half day, it's 20 minutes on the train"
        return any(asks(q.text) and holds(q) for q in replied_to(n, ranked))

    def asked_how_long(n: StoredMessage) -> bool:
        return asks(n.text) and bool(HOW_LONG.search(n.text)) and holds(n)

    for m in good[:4]:
        if not holds(m) and not answers_asking(m):
            continue  # neither about the question's topic nor the reply to asking of it
        told = m
        if asked_how_long(m):
            told = next((n for n in following(m, ranked, 2) if n.speaker != m.speaker), m)
        distance = _DISTANCE.search(told.text) if far else None
        said = distance.group(0) if distance else duration_in(told.text)
        if not said:  # "Kyoto from the 9th to the 13th": a stay of days said by its dates
            said = next(filter(None, map(_days, ctx.mentions_of(m))), None)
        if said:
            why = "the stretch of time a best-supported message states"
            return told_in(said, told, qk.kind.value, ctx, why)
    return _stay(topic, qk, ctx)


def _stay(
    topic: set[str], qk: QuestionKind, ctx: ReaderContext, *, nights: bool = False
) -> Reading | None:
    """ "how long was I in Kyoto?": a stay said by its dates right after the place ("Kyoto
    from the 9th to the 13th"), wherever the chat says it; the ranking may hold it low, below
    other exchanges' stretches of time."""
    stems = searchable(topic)
    for m in mentioning(topic, ctx):
        for x in ctx.mentions_of(m):
            said = _days(x, nights=nights)
            before = m.text[max(0, x.start_char - 30) : x.start_char].lower()
            if said and any(re.search(rf"\b{t}\w*\W+(?:\w+\W+)?$", before) for t in stems):
                why = "a stay said by its dates right after the place the question names"
                return told_in(said, m, qk.kind.value, ctx, why)
    return None


def _days(x: FoundMention, *, nights: bool = False) -> str | None:
    days = (x.end - x.start).days
    if x.granularity != "day" or not 2 <= days <= 60:
        return None
    # as written: a bare "9th" may belong to another month; a stay of 5 days is 4 nights
    return f"{days - 1} nights ({x.text})" if nights else f"{days} days ({x.text})"


# "what did i get on the hazard perception bit?", "what did she score in the mock?": a score,
# told as "61 on the hazard perception", "46/50 in the mock".
_SCORE_ASKED = re.compile(
    r"\bwhat\s+(?:did|do|does|'d)\s+\w+\s+(?:get|score|got)\s+(?:on|in|for)\b", re.I
)

# A time run or taken, asked with whose it is: "what was my official time", "what's her best
# time"; not "what time is it" (a clock time, asked with no owner).
_RESULT_TIME_ASKED = re.compile(
    r"\bwhat(?:\s+(?:was|is|were)|['’]?s)\s+(?:my|his|her|their|our|your|the|[\w-]+['’]s)\s+"
    r"(?:[^\W\d_]+\s+){0,2}(?:time|pb|pr)\b",
    re.IGNORECASE,
)
# "official time 2:14:37", "27:10!! pb": hours and minutes, or minutes and seconds, not a
# clock time ("7:30pm")
_RESULT_TIME = re.compile(r"(?<![\w:.])(\d{1,2}:\d{2}(?::\d{2})?)(?![\w:]|\s*[ap]\.?m\b)", re.I)

# How far down the ranking a result time is read: the race's telling ranks above its result
_RESULT_DEPTH = 8


def _result_time(
    question: str,
    qk: QuestionKind,
    wanted: set[str],
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage],
) -> Reading | None:
    """ "what was my official time for the half marathon?": "results are up!! official time
    2:14:37", which ranks below the signing up ("talked me into a half marathon"). A message
    holding a time and a word of the question; the asker's own, asked of "my"."""
    pool = list(dict.fromkeys([*and_next_turns(good, ranked, 4), *ranked[:_RESULT_DEPTH]]))
    timed = [
        (m, t.group(1))
        for m in pool
        if (t := _RESULT_TIME.search(m.text))
        and (wanted & said_terms(m.text) or _RESULT_WORD.search(m.text))
    ]
    if _MY.search(question) and ctx.me is not None:
        timed = [(m, t) for m, t in timed if m.speaker == ctx.me] or timed
    if not timed:
        return None
    # the most of the question's words; stable, so the best ranked among equals
    m, said = max(timed, key=lambda mt: len(wanted & said_terms(mt[0].text)))
    return told_in(said, m, qk.kind.value, ctx, "the time a message gives as a result")


# "time" is no word the question's terms keep; the result's message says it
_RESULT_WORD = re.compile(r"\b(?:time|pb|pr|finish\w*|results?|chip)\b", re.IGNORECASE)
_MY = re.compile(r"\b(?:my|i)\b", re.IGNORECASE)

_SCORED_ON = re.compile(r"\s+(?:and|but)\s+|[,;.!?\d]", re.I)

_SCORE = re.compile(r"(?<![\w/:£$€.])(?P<n>\d{1,3}(?:/\d{1,3}|%)?)\s+(?:on|in|for)\s+", re.I)


def _first_given(
    find: Callable[[str], list[str]],
    why: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage],
) -> Reading | None:
    """The first of the best messages and the turns after them that gives what `find` finds
    ("Code is 2906", "7 shirts in teal"), as the answer."""
    for m in and_next_turns(good, ranked, 4):
        found = find(m.text)
        if found:
            said = join_names(found)
            return told_in(said, m, qk.kind.value, ctx, why)
    return None


_NAME_ASKED = re.compile(r"\bname\s+of\b", re.IGNORECASE)

# Words that open a noun phrase but name nothing: "the bakery", "my new bakery".
_NOT_NAME_WORDS = frozenset(
    re.findall(
        r"\S+",
        "the a an my our your his her their this that these those new old local little big "
        "nice good best same other usual favourite favorite first last next one some any "
        "at in on to from by for with near of and or but so "
        # "the day *after* book club" names no book
        "after before since until about over under into than as if when while during around",
    )
)


def _named_before(text: str, kind: str, wanted: set[str]) -> list[str]:
    """The name a message writes before the kind of thing asked for: "crumb street bakery",
    "Doyle Bathrooms" for "what's the name of the bakery/bathroom firm"; none for "the bakery"
    or "my new bakery"."""
    found = []
    for m in re.finditer(rf"((?:[^\W\d_][\w'’&-]*\s+){{1,3}})({re.escape(kind)}s?)\b", text, re.I):
        words = m.group(1).split()
        while words and words[0].lower() in _NOT_NAME_WORDS:
            words = words[1:]
        named = words and not any(w.lower() in _NOT_NAME_WORDS for w in words)
        if named and not terms(" ".join(words)) <= wanted:
            found.append(f"{' '.join(words)} {m.group(2)}")
    return found
