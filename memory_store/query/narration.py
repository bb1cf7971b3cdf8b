"""Does a message tell of something its writer did? "I just signed up for a pottery class
yesterday", "Last night I joined a fantasy literature forum", "I saw Foo Fighters in concert".

Inside a time filter the question asks what someone did, made or took up then, and the
message that tells it seldom repeats the question's words ("what type of dessert did Nate
make?" / "I just discovered that I can make coconut milk icecream"); the replies around it
echo them ("Pets definitely bring tons of joy"). A telling by someone the question names
(or by anyone, when it names no one) gets a small prior
(`filtered_narration_boost`, chosen by `python -m eval.filtered_cv` on LoCoMo, not TMD).

English only: a message in another language is never a telling, so it gets no prior.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence

__all__ = ["narrating", "narrates", "told_by"]

# Past tenses a first person tells with: regular "-ed" forms, and the irregular ones of
# everyday deeds.
_PAST = (
    r"(?:\w+ed|saw|went|got|made|took|began|started|joined|bought|found|tried|did|had|met|won|"
    r"ran|read|wrote|gave|came|left|heard|spent|taught|learnt|built|drew|sang|flew|drove|"
    r"rode|swam|ate|caught|brought|sold|kept|felt|thought|told|lost|became|chose|wore|grew)"
)
_ADVERB = r"(?:just|finally|recently|also|actually|even|first|really|totally)"
_WHEN = (
    r"yesterday|last\s+(?:night|week|weekend|month|year|summer|winter|spring|fall|autumn|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    r"\w+\s+(?:days?|weeks?|months?|years?)\s+ago"
)
_TELLS = re.compile(
    rf"\b(?:I|we)(?:'ve|\s+have)?\s+(?:{_ADVERB}\s+)?{_PAST}\b|\b(?:{_WHEN})\b", re.IGNORECASE
)


def narrates(text: str) -> bool:
    """True when `text` tells, in the first person or with a past time, of a deed."""
    return bool(_TELLS.search(text))


def narrating(texts: Mapping[int, str] | Iterable[tuple[int, str]]) -> frozenset[int]:
    """The ids of the messages that tell of a deed."""
    pairs = texts.items() if isinstance(texts, Mapping) else texts
    return frozenset(i for i, t in pairs if narrates(t))


def told_by(
    told: Collection[int], speaker_of: Mapping[int, str], names: Sequence[str]
) -> frozenset[int]:
    """Of the tellings, those written by the people a question names ("what did Piotr buy?"
    asks what Piotr did: Sami's "I GOT THE OFFER" tells of Sami). No names: all of them."""
    if not names:
        return frozenset(told)
    wanted = {n.lower() for n in names}
    return frozenset(d for d in told if speaker_of.get(d, "").lower() in wanted)
