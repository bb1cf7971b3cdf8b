"""Advice is not what was done: "Stay near Gion or Higashiyama. There's a small ryokan called
Yoshida-sanso that my cousin liked." answers "where did I stay in Kyoto?" only as far as the
asker later says they took it: "Yes, Yoshida-sanso for the night of October 10th."."""

from __future__ import annotations

import re

from memory_store.models import StoredMessage

from .reading import ReaderContext
from .text import asks, sentences, terms

__all__ = ["advice_taken"]


def advice_taken(
    question: str, m: StoredMessage, ctx: ReaderContext
) -> tuple[StoredMessage, str] | None:
    """When `m` is another's advice and the question asks what the asker did ("where did I
    stay?"), the asker's later message naming a place the advice names, and that name."""
    if not ctx.me or m.speaker == ctx.me or not _ASKER_DID.search(question):
        return None
    if not _ADVISES.search(m.text):
        return None
    names = _names(m.text, {w.lower() for s in ctx.speakers for w in s.split()})
    # not the place the question names ("where did I have dinner in *Porto*?")
    names = [n for n in names if not terms(n) <= terms(question)]
    if not names:
        return None
    for n in ctx.later_holding(" ".join(names), m):
        if n.speaker != ctx.me or asks(n.text):
            continue
        for name in names:
            said = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", n.text, re.IGNORECASE)
            if said:
                return n, said.group(0)
    return None


# The question asks what the asker did: "where did I stay", "where did we end up eating".
_ASKER_DID = re.compile(
    r"\b(?:did|do|have|had)\s+(?:i|we)\b|\b(?:i|we)\s+(?:went|stayed|ate|had)\b", re.IGNORECASE
)
# Advice: an imperative opening a sentence, "you should…", "there's a … called X", "I'd
# recommend".
_ADVISES = re.compile(
    r"(?:^|[.!?]\s+)\W*(?:(?:and|so|also|oh|then)\s+)?(?:in\s+[A-Z][\w'’-]*\s+)?"
    r"(?:stay|go|try|book|head|check\s+out|get)\b|"
    r"\byou\s+(?:should|could|must|have\s+to|need\s+to)\b|"
    r"\bthere['’]s\s+(?:a|an)\b[^.!?]*\bcalled\b|\b(?:i['’]d\s+)?recommend\b",
    re.IGNORECASE,
)
# A name of capitalised words, with the small words names hold ("Tasca do Rio")
_NAME = re.compile(
    r"\b[A-Z][\w'’-]*(?:\s+(?:(?:do|da|de|dos|das|del|di|du|la|le|van|von|of)\s+)?[A-Z][\w'’-]*)*"
)


def _names(text: str, people: set[str]) -> list[str]:
    """The capitalised names of `text` past each sentence's first word, not its people."""
    out = []
    for a, b in sentences(text) or [(0, len(text))]:
        s = text[a:b]
        first = re.match(r"\W*[\w'’-]+", s)
        rest = s[first.end() :] if first else s
        for found in _NAME.finditer(rest):
            name = found.group(0)
            if name.split()[0].lower() not in people and name.lower() not in _NOT_NAMES:
                out.append(name)
    return list(dict.fromkeys(out))


_NOT_NAMES = frozenset(["i", "i'm", "i'll", "i'd", "i've"])
