"""What a thing is, as the chat defines it: "what was the fundraising target?" is told "target is
£2,000 for the team, so £500 each"; "what was the sql exercise about?" by "the SQL exercise was
a sales report with a running total"; "what question am i bringing?" by "My question: is Klara
actually conscious…?". The value runs to the end of its clause."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .text import asks

__all__ = ["defined_value"]


def defined_value(
    question: str, messages: Sequence[StoredMessage]
) -> tuple[StoredMessage, str] | None:
    """ "what was the fundraising target?": a message that says what the thing is ("target is
    £2,000 for the team, so £500 each"), its value up to the end of the clause; the first such
    message in rank order."""
    asked = _WHAT_IS.match(question)
    # "what question am i bringing?": a thing written out after its noun and a colon ("My
    # question: is Klara actually conscious…?")
    noun = None if asked else _WHAT_NOUN.match(question)
    named = asked or noun
    if named is None:
        return None
    head = named.group(1).split()[-1].lower()
    if head in _NOT_DEFINED:
        return None
    # "Forecast says sunny", "the email said friday": a thing's words are its value too
    link = r"(?:is|was|will\s+be|['’]s|says|said|=|:)\s+" if asked else r":\s+"
    said = re.compile(rf"\b{re.escape(head)}s?\s*{link}{_VALUE}", re.I)
    # "Winning a championship is my number one goal.": the value before it, said of oneself
    told = (
        re.compile(
            rf"(?:^|[.!?;:]\s+|\b(?:yeah|yes|well|so|and|but)[!,]?\s+)(?P<value>[^,.!?;\n]{{2,60}}?)\s+"
            rf"(?:is|was|are|were|['’]s)\s+(?:my|our|his|her|their)\s+(?:[\w-]+\s+){{0,3}}?"
            rf"{re.escape(head)}s?\b",
            re.I,
        )
        if asked
        else None
    )
    for m in dict.fromkeys(messages):
        found = said.search(m.text)
        # (a thing written out after a colon may be a question: "My question: is Klara…?")
        if found and (noun or not asks(m.text[found.start() :])):
            return m, found.group("value").strip()
        before = told.search(m.text) if told else None
        if before and not _POINTING.match(before.group("value")):
            return m, before.group("value").strip()
    return None


# "That is my goal", "this is my favourite": the value is elsewhere.
_POINTING = re.compile(r"\s*(?:that|this|those|these|it|which|what|there|here)\b", re.I)


# "what's the wifi password at the cottage", "what was the final price": the thing asked for
_WHAT_IS = re.compile(
    r"^\s*what(?:['’]?s|\s+is|\s+was|\s+were|\s+are|\s+will\s+be)\s+"
    r"(?:the|my|our|his|her|their|your|[\w-]+['’]s)\s+((?:[a-z-]+\s+){0,2}?[a-z-]+?)"
    r"(?=\s+(?:for|of|at|on|in|about|again|now|this|that|going|like|we|they|you|i)\b|"
    r"\s*[?!.]*\s*$)",
    re.IGNORECASE,
)
_WHAT_NOUN = re.compile(
    r"^\s*what\s+([a-z-]+)\s+(?:am|are|is|was|were|did|do|does|have|has|will|should)\b", re.I
)
# Nouns whose "X is …" says how it is, not what: "the weather is grim", "the problem is…"
_NOT_DEFINED = frozenset(
    [
        "weather",
        "thing",
        "problem",
        "point",
        "deal",
        "issue",
        "idea",
        "news",
        "story",
        "matter",
        "vibe",
        "mood",
    ]
)
# A value: not a word of degree or state ("the target is so close", "the venue is still…"),
# nor a verdict ("this trilogy is one of my faves", "video games is a great way to…")
_VALUE = (
    r"(?!(?:so|too|very|really|not|still|going|gonna|a\s+bit|quite|pretty|definitely|"
    r"probably|now|just|also|def|literally|one\s+of|such|my|your|our|"
    r"(?:a|an|the)\s+(?:great|good|nice|lovely|real|huge|big|fun|bit|lot|way|best|worst))\b)"
    r"(?P<value>(?:\d[.,]\d|[^,.!?;\n]){2,60})"
)
