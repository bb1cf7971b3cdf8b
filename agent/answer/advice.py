"""Who gave the advice: "who recommended the ryokan?", "who told me to try yudofu?". The
person whose message tells of the thing without asking ("There's a small ryokan called
Yoshida-sanso"), or the one it says gave the advice ("Lena swears by it")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .phrases import TIME_TERMS
from .reading import ReaderContext, display_name, people_terms, question_terms, who
from .spans import names_in
from .text import sentences, terms

__all__ = ["ADVISED", "WHO_DOES", "advice_given"]

# "who is driving", "who's bringing", "who will book": the verb the question asks about.
WHO_DOES = re.compile(
    r"^\s*who(?:'s|\s+is|\s+was|\s+will|\s+can|\s+could|\s+would)?\s+([a-z]{3,})\b", re.I
)

ADVISED = re.compile(r"(?:recommend|suggest|advis|tip)\w*$", re.I)
# "who told me to try yudofu?", "who said we should go to the monkey park?": advice too, after
# a verb of saying (the match starts where WHO_DOES's verb ends).
_SAYING = frozenset(["told", "tell", "tells", "said", "says"])
_TOLD_TO = re.compile(
    r"\s+(?:me|us|him|her|them)?\s*(?:to\s+[a-z]|(?:that\s+)?(?:i|we|you|he|she|they)\s+"
    r"(?:should|must|had\s+to|have\s+to|ought))",
    re.I,
)

# "who told me about the ryokan?": who first told of it, as advice is told
_TOLD_ABOUT = re.compile(r"\s+(?:me|us)\s+(?:all\s+)?about\b", re.I)


# "Lena recommended it", "recommended by Lena", "Lena's tip", "Lena says": advice reported,
# with the name of whoever gave it beside the word.
_REPORTED = (
    r"(?:{n})\s+(?:\w+\s+)?(?:recommend|suggest|advis|swear|rave|told|say|said)\w*",
    r"(?:recommend|suggest|advis)\w*\s+(?:\w+\s+)?by\s+(?:{n})",
    r"(?:{n})'s\s+(?:recommendation|suggestion|tip|idea|advice)",
)


_ADVICE_FORM = re.compile(
    r"(?:^|[,;:]\s*|\b(?:and|also|just|then|definitely|really)\s+)"
    r"(?:do|try|go|stay|get|use|book|see|visit|avoid|skip|check|take|eat|ask|call)\b"
    r"|\b(?:you\s+(?:should|must|have\s+to|need\s+to|could|might|'d\s+love)|recommend\w*|"
    r"suggest\w*|worth|called|don'?t\s+miss|go\s+for|highly|we\s+should|what\s+if\s+we|"
    r"how\s+about|let'?s)\b",
    re.IGNORECASE,
)


def _told_of(m: StoredMessage, topic: set[str]) -> list[str]:
    """The sentences of `m` that tell of the topic without asking."""
    said = [m.text[a:b].strip() for a, b in sentences(m.text)]
    return [s for s in said if topic & terms(s) and not s.endswith("?")]


def advice_given(
    question: str, top: Sequence[StoredMessage], ctx: ReaderContext, exclude: set[str]
) -> tuple[StoredMessage, str, str] | None:
    """ "who recommended the ryokan?", "who told me about it?": the person whose message
    tells of the thing without asking ("There's a small ryokan called Yoshida-sanso"), or
    the one it says gave the advice ("Lena swears by it"). Places the advice names ("try
    yudofu in Nanzenji") are not who."""
    found = WHO_DOES.match(question)
    if not found:
        return None
    saying = found.group(1).lower() in _SAYING
    telling = saying and bool(
        _TOLD_TO.match(question, found.end()) or _TOLD_ABOUT.match(question, found.end())
    )
    if not (ADVISED.match(found.group(1)) or telling):
        return None
    topic = question_terms(question, ctx) - terms(found.group(1)) - TIME_TERMS
    if not topic:
        return None
    # The verb of saying ranks any "told you!" high; what was told of may sit further down,
    # as may the one message naming the rarest thing asked of ("a kayak", not "chris").
    people = people_terms(ctx)
    rarest = ctx.weights.rarest(topic - people or topic)
    holding = [m for m in top if rarest in terms(m.text)]
    top = holding or (top if telling else top[:5])
    # Advice reads as advice ("Do the monkey park", "you have to try yudofu"); a message that
    # only tells of the thing later ("A monkey tried to steal my water bottle") comes second.
    told = [(m, _told_of(m, topic)) for m in top]
    for m, said in sorted(told, key=lambda t: not any(_ADVICE_FORM.search(s) for s in t[1])):
        if not said:
            continue
        for name in names_in(m.text, ctx.names, exclude | topic):
            if terms(name) & topic:  # "who recommended Dr. Patel?": not Dr. Patel
                continue
            if any(re.search(p.format(n=re.escape(name)), m.text, re.I) for p in _REPORTED):
                return m, display_name(name, ctx), "the name the message gives the advice to"
        if m.speaker.lower() not in exclude and m.speaker.split()[0].lower() not in exclude:
            writer = who(m, ctx)
            why = "the writer of the message that tells of it without asking"
            return m, writer[:1].upper() + writer[1:], why
    return None
