"""Who chose an option: "who voted for navy?", "who else picked the thursday?". A chat offers
the options in one message ("options: navy, maroon, or black and yellow. vote by friday") and
each person answers with theirs, often the bare option ("navy", "Navy for me."). Their writers
are who chose it; the message offering the options is no vote."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext, Reading, said_by, who
from .text import asks, clip, join_names, terms

__all__ = ["chosen_by"]

# "who voted for navy", "who else picked maroon", "who went for the early slot"
_ASKED = re.compile(
    r"^\W*(?:and\s+|so\s+)?who(?P<else>\s+else)?\s+(?:voted|picked|chose|went|wanted|opted)"
    r"\s+(?:for\s+)?(?:the\s+)?(?P<option>[^?!.]+?)\s*(?:,?\s*(?P<me>apart\s+from\s+me|besides\s+me|"
    r"other\s+than\s+me|except\s+(?:for\s+)?me|as\s+well\s+as\s+me))?\s*[?!.]*\s*$",
    re.IGNORECASE,
)
# What the option is a kind of ("navy *shirts*", "the early *one*"): no vote need say it.
_KIND_WORDS = frozenset(terms("shirts shirt kit colour color one option date day place venue"))
# The options offered: "navy, maroon, or black and yellow", "vote", "options"
_OFFERS = re.compile(r"\b(?:options?|vote|votes|voting|poll|choose|pick\s+one)\b|\bor\b", re.I)
# A vote is short: "navy", "Navy for me. Classy, and it hides the sweat."
_VOTE_WORDS = 15
# How far down the ranking, and how many turns after the offer, votes are read.
_DEPTH, _TURNS = 20, 12


def chosen_by(question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext) -> Reading | None:
    """The writers who answered the chat's options with the one asked of, or None when the
    question asks no such thing or no vote for it is found."""
    asked = _ASKED.match(question)
    if asked is None:
        return None
    said = [w for w in asked.group("option").split() if terms(w) - _KIND_WORDS]
    option = terms(" ".join(said))
    if not option:
        return None
    offers = [m for m in ranked[:_DEPTH] if option <= terms(m.text) and _OFFERS.search(m.text)]
    # A vote opens with its option ("navy", "The Bell for me, the Crown's too loud"): the
    # other one named after it is no vote.
    opens = re.compile(
        rf"^\W*(?:(?:the|i'?d\s+say|i\s+vote|definitely|def|defo|deffo)\s+)?"
        rf"{re.escape(said[0])}\b",
        re.IGNORECASE,
    )
    for offer in offers:
        votes = [
            n
            for n in ctx.turns_after(offer)[:_TURNS]
            if n.speaker != offer.speaker
            and opens.match(n.text)
            and not asks(n.text)
            and len(n.text.split()) <= _VOTE_WORDS
        ]
        if asked.group("else") or asked.group("me"):
            votes = [n for n in votes if not ctx.me or n.speaker != ctx.me]
        if votes:
            voters = list(dict.fromkeys(who(n, ctx) for n in votes))
            named = join_names(voters)
            why = f"the writers who answered the options (“{clip(offer.text, 40)}”) with it"
            return Reading(f"{named}.", votes, "who", named, said_by(votes[0], ctx), why=[why])
    return None
