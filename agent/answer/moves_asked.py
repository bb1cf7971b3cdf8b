"""What a question asks of plans that moved or were called off, read from the question alone:
"how many times did our dinner get pushed?" asks of moves; "how many times did football get
called off?" of the occasions called off; "…, not counting the ones that got called off" sets
them aside. The chat's side of it is moves.py."""

from __future__ import annotations

import re

__all__ = ["asks_of_calling_off", "asks_of_moving", "set_aside", "without_calling_off"]


# Asked of calling off, or of moving a plan ("how many times did our dinner get pushed?").
_CALL_OFF_ASKED = re.compile(r"\b(?:cancel\w*|called\s+off|call\w*\s+off|rained\s+off)\b", re.I)
_MOVE_ASKED = re.compile(
    r"\b(?:pushed|moved|postponed|rescheduled|delayed|put\s+(?:back|off)|bumped|changed)\b",
    re.IGNORECASE,
)
_OFF_ASKED = re.compile(
    rf"{_CALL_OFF_ASKED.pattern}|{_MOVE_ASKED.pattern}|\b(?:skipped|missed)\b", re.IGNORECASE
)


def asks_of_moving(question: str) -> bool:
    """ "how many times did our dinner get pushed?": moves asked of, not occasions called off."""
    return bool(_MOVE_ASKED.search(question)) and not _CALL_OFF_ASKED.search(question)


def asks_of_calling_off(question: str) -> bool:
    """ "how many times did football get called off?": the called-off ones are the ones asked;
    "not counting the ones that got called off" sets them aside."""
    asked = _OFF_ASKED.search(question)
    return asked is not None and not _SET_ASIDE.search(question[: asked.start()])


def without_calling_off(question: str) -> str:
    """The question's occasion without the asking of calling off: "how many times did
    bouldering get called off?" → "how many times did bouldering?"."""
    return _OFF_ASKED_CLAUSE.sub(" ", question).strip()


def set_aside(question: str) -> str:
    """The question without what it sets aside or counts in: "how many swims? not counting
    the ones that got called off" → "how many swims?"; "…, counting him" → "…"; nor the
    words that only say it came off, who came, or which one ("managed to get to that café
    she likes", "turned up")."""
    question = _LIKED.sub(r"\1", _MANAGED.sub(" ", _ATTENDED.sub(" ", question)))
    return _SET_ASIDE_CLAUSE.sub(" ", question).strip()


# "how many times have we *managed to get to* that café…": that it came off, no topic
_MANAGED = re.compile(
    r"\b(?:managed|manage|manages|been\s+able|able)\s+to\s+(?:get\s+to\s+|go\s+to\s+)?",
    re.IGNORECASE,
)
# "how many of us *turned up* for the walk?": the coming counted, which the chat says as "the
# three of us", no topic
_ATTENDED = re.compile(
    r"\b(?:turn(?:ed|s)?|show(?:ed|s)?)\s+up\b|\bmade\s+it\b|\bcame\s+along\b", re.IGNORECASE
)
# "that café *she likes*": which café, no topic either
_LIKED = re.compile(
    r"\b((?:that|the)\s+[^\W\d_][\w'’-]*)\s+(?:she|he|they|you|we|i)\s+"
    r"(?:likes?|loves?|liked|loved|recommended|mentioned)\b",
    re.IGNORECASE,
)


_OFF_ASKED_CLAUSE = re.compile(
    rf"\s*\b(?:(?:get|got|gets|getting|been|be|was|were|is|are)\s+)?(?:{_OFF_ASKED.pattern})"
    r"(?:\s+at\s+the\s+last\s+minute)?",
    re.IGNORECASE,
)
_SET_ASIDE = re.compile(
    r"\b(?:not\s+counting|excluding|except|apart\s+from|other\s+than|minus|leaving\s+out)\b",
    re.IGNORECASE,
)
# "…, counting him", "including me": who is counted in, no part of the topic either
_COUNTED_IN = r"\b(?:counting|including)\s+(?:him|her|me|us|them|myself|[^\W\d_]+['’]s?)\b"
_SET_ASIDE_CLAUSE = re.compile(
    rf"\s*[,.;]?\s*(?:{_SET_ASIDE.pattern}|{_COUNTED_IN})[^.?!;]*", re.IGNORECASE
)
