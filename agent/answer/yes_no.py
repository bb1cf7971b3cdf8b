"""Yes or no, from the best-supported message that does not itself ask: "No permit, but
parking is 10 dollars" says no to "do we need a permit?". A negation says no when it opens the
reply or governs a word of the question; one about something else ("she's not eating") does
not."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .kinds import QuestionKind
from .reading import ReaderContext, Reading, question_terms, said_by, speaker_asked
from .spans import best_sentence
from .text import asks, clip, terms

__all__ = ["says_no", "yes_no_answer"]


def yes_no_answer(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    # A question does not say yes or no; the reply to it does.
    best = next((m for m in good if not asks(m.text)), good[0])
    # "did aki get the annual membership?" is told by Aki ("I might wait, not sure how much
    # I'll climb"), not by Priya's "Heads up: … raising the membership price"
    asked = _WHO_ASKED.match(question)
    by = speaker_asked(asked.group("who"), ctx) if asked else None
    if by is not None and best.speaker != by:
        wanted = question_terms(question, ctx)
        theirs = [
            m
            for m in [*good, *ranked[:_THEIRS_DEPTH]]
            if m.speaker == by and not asks(best_sentence(m.text, wanted))
        ]
        best = theirs[0] if theirs else best
    wanted = question_terms(question, ctx)
    span = best_sentence(best.text, wanted)
    verdict = "No" if says_no(span, wanted) else "Yes"
    return Reading(
        f"{verdict}: “{clip(span)}”",
        [best],
        qk.kind.value,
        verdict.lower(),
        said_by(best, ctx),
        why=[f"{verdict.lower()} from the best-supported message (a negation there means no)"],
    )


# "did aki …", "has doug …", "am i …": whom the question asks of
_WHO_ASKED = re.compile(r"^\W*(?:did|does|do|has|have|is|was|will|am)\s+(?P<who>[\w'’]+)\b", re.I)
# How far down the ranking their own message is read.
_THEIRS_DEPTH = 5
_NEGATION = re.compile(r"(?:not|no|never|nope|nah)$|n['’]t$", re.IGNORECASE)
# How many words before the question's word a negation still governs it.
_NEGATION_REACH = 3


def says_no(span: str, wanted: set[str]) -> bool:
    """Whether `span` says no: it opens with "no", or a negation stands just before one of the
    question's words ("dad *can't* come"). A negation elsewhere is about something else
    ("Miso threw up three times and she's *not* eating" says yes to "is miso sick?"). With
    none of the question's words there, any negation says no."""
    words = re.findall(r"[\w'’]+", span)
    if words and words[0].lower() in ("no", "nope", "nah"):
        return True
    hits = [i for i, w in enumerate(words) if terms(w) & wanted]
    if not hits:
        return any(_NEGATION.search(w) for w in words)
    return any(_NEGATION.search(w) for i in hits for w in words[max(0, i - _NEGATION_REACH) : i])
