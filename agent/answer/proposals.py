"""What a chat settled on: a thing put forward as a question ("telescope??", "crazy golf
instead?") and agreed to by someone else ("yes. that", "yes 100%"), or declared ("crazy golf
it is"), in the turns after a message on the question's topic. "what did we go with for dad's
60th in the end?" asks for it; the best message is only the asking ("ok dad's 60th. ideas?")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .kinds import QuestionKind
from .naming import CHOSEN
from .reading import ReaderContext, Reading, exchange_after, told_in
from .text import SAYS_YES, said_terms

__all__ = ["ASKS_DECISION", "agreed_to", "proposed", "settled_proposal"]

# "in the end", "what did we go with", "what are the lads doing for…", "what did they decide"
ASKS_DECISION = re.compile(
    r"\b(?:end(?:ed)?\s+up|in\s+the\s+end|decide[ds]?|decision|go(?:ne)?\s+with|went\s+with|"
    r"going\s+with|go(?:ne)?\s+for|went\s+for|going\s+for|opt(?:ed)?\s+for|settle[ds]?\s+on|"
    r"pick(?:ed)?|cho(?:o)?se|chosen|doing\s+for|plan\s+for)\b",
    re.IGNORECASE,
)


# "we're going with sage green for the living room": the choice said as made
_GOING_WITH = re.compile(
    r"\b(?:we're|we\s+are|were|i'm|im|i\s+am|we've|we\s+have|we|i)\s+(?:going|gone|went|go)\s+"
    r"with\s+(?:the\s+)?(?P<x>[^\W\d_][\w'-]*(?:\s+(?!(?:for|in|on|at|from|as|and|but|so|"
    r"because|cos)\b)[^\W\d_][\w'-]*){0,3})",
    re.IGNORECASE,
)


# "he chose wushu. say robotics too much sitting": another's choice told as made (the writer's
# own is "we're going with…", "… it is"); not "she picked up the keys"
_CHOSE = re.compile(
    r"\b(?:he|she|they)\s+(?:chose|picked(?!\s+(?:up|out|off|at|through)\b)|opted\s+for|"
    r"decided\s+on|settled\s+on)\s+(?:the\s+)?(?P<x>[^\W\d_][\w'-]*(?:\s+(?!(?:for|in|on|at|from|as|and|but|so|because|cos|"
    r"over|instead|in\s+the\s+end)\b)[^\W\d_][\w'-]*){0,2})",
    re.IGNORECASE,
)


def _chose(text: str) -> re.Match[str] | None:
    """ "he chose wushu", said as done: not asked ("have you picked tiles yet?") nor denied."""
    found = _CHOSE.search(text)
    if found is None:
        return None
    start = max(text.rfind(c, 0, found.start()) for c in ".!?\n") + 1
    ends = [i for c in ".!?\n" if (i := text.find(c, found.end())) >= 0]
    said = text[start : (min(ends) + 1 if ends else len(text))]
    return None if "?" in said or _NOT_DONE.search(said) else found


_NOT_DONE = re.compile(r"\b(?:not|never|yet|haven['’]?t|hasn['’]?t|didn['’]?t|n['’]t)\b", re.I)


# "ok fine fine. the snow white quartz then": a choice conceded, at the end of a sentence
_CONCEDED = re.compile(
    r"(?:\b(?:ok|okay|right|so|fine|alright)\s+|^|[.!?,]\s+)the\s+"
    r"(?P<x>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,3}?)\s+then\s*(?:[.!?]|$)",
    re.IGNORECASE,
)


def settled_proposal(
    question: str,
    qk: QuestionKind,
    wanted: set[str],
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> Reading | None:
    """The last thing settled in the turns after a best message on the topic, or None."""
    if not ASKS_DECISION.search(question):
        return None
    topical = [
        m for m in dict.fromkeys([*good[:3], *ranked[:_DEPTH]]) if wanted & said_terms(m.text)
    ]
    found: list[tuple[StoredMessage, str]] = []
    for m in topical:
        # the exchange may run on days later ("end of season do. paintball?" … "scratch
        # paintball they need min 10. crazy golf instead?" … "crazy golf it is")
        opened = exchange_after(m, ranked[: 2 * _DEPTH], ctx, _REACH)
        for t in dict.fromkeys([*opened, *(n for o in opened[1:] for n in ctx.turns_after(o)[:2])]):
            declared = CHOSEN.search(t.text) or _CONCEDED.search(t.text)
            declared = declared or _GOING_WITH.search(t.text) or _chose(t.text)
            if declared and not _NOT_A_THING.search(declared.group("x")):
                found.append((t, declared.group("x")))
                continue
            thing = agreed_to(t, ctx)
            if thing:
                found.append((t, thing))
    if not found:
        return None
    m, thing = max(found, key=lambda f: (f[0].ts, f[0].id))
    why = (
        "the thing put forward and agreed to (or declared: '… it is') after a message on the topic"
    )
    return told_in(thing, m, qk.kind.value, ctx, why)


def agreed_to(t: StoredMessage, ctx: ReaderContext) -> str | None:
    """The thing `t` puts forward, when someone else agrees to it in the next two turns."""
    thing = proposed(t.text)
    agreed = any(n.speaker != t.speaker and AGREES.match(n.text) for n in ctx.turns_after(t)[:2])
    return thing if agreed else None


def proposed(text: str) -> str | None:
    """The thing a message puts forward as a question: "telescope??" → "telescope", "scratch
    paintball… crazy golf instead?" → "crazy golf"; or as a thought ("I was thinking a record
    player"); not a question about something ("where'd you meet her?") nor a day ("sat 4th
    april?")."""
    thought = _THINKING.search(text)
    if thought and not _NOT_A_THING.search(thought.group("x")):
        return thought.group("x")
    for asked in _ASKED.finditer(text):
        words = asked.group(1).split()
        while words and words[0].lower() in _LEADING:
            words = words[1:]
        while words and words[-1].lower() in _TRAILING:
            words = words[:-1]
        bare = [re.sub(r"['’](?:s|re|m|ll|d|ve)$", "", w.lower()) for w in words]
        if not 0 < len(words) <= _WORDS or any(w in _NOT_PROPOSED for w in bare):
            continue
        thing = " ".join(words)
        if not _NOT_A_THING.search(thing):
            return thing
    return None


# A thing put forward as a thought: "I was thinking a record player", "how about a voucher"
_THINKING = re.compile(
    r"\b(?:i\s+was\s+thinking|i'?m\s+thinking|how\s+about|what\s+about)\s+(?:of\s+)?"
    r"(?:a|an|some|maybe\s+a|maybe\s+an)\s+(?P<x>[^\W\d_][\w'-]*(?:\s+(?!(?:for|from|with|in|"
    r"on|at|and|but|so|or|because|cos|as|if|to)\b)[^\W\d_][\w'-]*){0,2})",
    re.IGNORECASE,
)
# How far down the ranking a message on the topic may start the exchange, and how many turns
# after it are read.
_DEPTH = 8
_REACH = 8
# How many words a thing put forward may have.
_WORDS = 4
# A clause of a message that ends with a question mark.
_ASKED = re.compile(r"(?:^|[.!?,;:]\s*)([^.!?,;:]+?)\s*\?+")
_LEADING = frozenset(["what", "about", "how", "maybe", "or", "the", "a", "an", "so", "and", "ok"])
_TRAILING = frozenset(
    ["instead", "then", "maybe", "too", "again", "tho", "though", "right", "yeah"]
)
# Words that make a question about something, not a thing put forward.
_NOT_PROPOSED = frozenset(
    re.findall(
        r"\S+",
        "i you he she we they it me him her us them my your his our their who where when why "
        "which whats what's is are was were do does did can could would will should shall "
        "anyone anybody someone everyone any this that these those there here "
        # asking for a thing: "ideas?", "thoughts?"
        "idea ideas thoughts suggestions options plans",
    )
)
# A day, a time or a number is no thing chosen ("sat 4th april?", "7pm?").
_NOT_A_THING = re.compile(
    r"\d|\b(?:mon|tue|tues|wed|weds|thu|thurs|fri|sat|sun)(?:day)?\b|\b(?:tonight|tomorrow|"
    r"tmrw|today|now|then|later|early|earlier|next|this)\b",
    re.IGNORECASE,
)
# A reply that agrees: "yes. that", "yes 100%", "love that", "sounds good", "perfect".
AGREES = re.compile(
    rf"{SAYS_YES.pattern}|^\W*(?:love\s+(?:that|it)|sounds\s+(?:good|great|perfect)|perfect|"
    r"great\s+idea|good\s+idea|100%|done|go\s+on\s+then|i'?m\s+in|in|"
    r"(?:that'?s|thats|what)\s+(?:a\s+)?(?:\w+\s+)?(?:lovely|great|good|brilliant|perfect|nice)"
    r"\s+idea)\b",
    re.IGNORECASE,
)
