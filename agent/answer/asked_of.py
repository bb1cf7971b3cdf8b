"""What someone asked the user to do: "what jobs did Rory give me for the anniversary do?",
"everything Rohan asked me to do for the party".

The jobs are handed out as requests, one at a time and weeks apart, in words the question
does not use: "can u do the cake?", "could you be in charge of a playlist for the night?",
"you're on photos", "one more job lol. playlist". None says "job", so the covering set misses
them. The reader reads every message the asker wrote in the chats on topic and takes the thing
each request is about: the object of the verb after "can you", "could you", "would you".
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from memory_store.models import StoredMessage

from .deeds import thing_after
from .items import Item, distinct, item_of_run, runs_of
from .reading import ReaderContext, first_names, subjects

# A request put to the reader, up to its verb: "could you please", "can u also".
_REQUEST = re.compile(
    r"\b(?:can|could|would|will)\s+(?:you|u|ya)\s+(?:please\s+|pls\s+|also\s+|maybe\s+|just\s+|"
    r"possibly\s+)*(?P<verb>[a-z'’-]+)",
    re.IGNORECASE,
)
# A job handed over without asking: "you're on photos", "ur doing the speech right".
_HANDED = re.compile(
    r"\b(?:you['’]?re|youre|ur|you\s+are)\s+(?:on|doing|in\s+charge\s+of|handling|sorting|"
    r"making|bringing|organi[sz]ing)\s+",
    re.IGNORECASE,
)
# "another job for you -", "one more job lol. playlist.": the job follows its announcement.
_ANNOUNCED = re.compile(
    r"\b(?:another|one\s+more|new|next|other)\s+(?:job|task|thing)\b(?:\s+for\s+(?:you|u))?"
    r"(?:\s+(?:lol|haha|sorry))?[\s.:,!-]*",
    re.IGNORECASE,
)
# Words between a request's verb and its thing: "be in charge of", "pick up", "look at",
# "ask them for", "go through".
_PARTICLES = re.compile(
    r"^\s*(?:(?:in\s+charge\s+of|up|out|at|into|through|for|over|on|after|them|him|her|me|us|"
    r"it|sort\s+of)\s+)+",
    re.IGNORECASE,
)
# A request as a bidding, of a thing to bring along: "please bring her old photo albums when
# you come", "Bring the cool box". (The store runs it too: no lookaround.)
_BIDDEN = re.compile(
    r"(?:^|[.!?:;]\s*|\b(?:please|pls|plz)\s+)(?:(?:also|just|and)\s+)*"
    r"(?P<verb>bring|buy|grab|fetch|collect|pack|pick\s+up)\b",
    re.IGNORECASE,
)
_WHOSE = re.compile(r"\s*([^\W\d_][\w-]*['’]s)\s+(?=\S)")
# A request added in the asker's next turn: "and a slideshow of old photos?"
_ALSO = re.compile(r"^\s*(?:and|also|plus|oh\s+and)\s+(?:also\s+|maybe\s+)?(?=[^?]*\?)", re.I)
_SENTENCE = re.compile(r"[.!?;]")
# "… and dig out some old photos": a second verb and its thing
_AND_THEN = re.compile(
    r"\s+and\s+(?:also\s+)?[a-z]+\s+(?:out\s+|up\s+|through\s+)?(?=(?:some|a|an|the|my|our|"
    r"his|her|their|any)\b)",
    re.IGNORECASE,
)
# A request whose verb asks for nothing to be done: "could you believe it", "can you see it?".
_NOT_JOBS = frozenset(
    re.findall(
        r"\S+",
        """believe imagine see hear tell remind let send call text ring message say confirm
        check reply answer not please""",
    )
)


def requested(
    question: str,
    matches: Sequence[StoredMessage],
    ctx: ReaderContext,
    skip: set[str],
) -> list[Item]:
    """The things the people the question names (else everyone but the user, in the chats of
    the best matches) asked the user to do, one per thing, in time order."""
    askers = subjects(question, ctx) - {ctx.me}
    chats = {m.conversation for m in matches[:10]}
    names = first_names(ctx)
    pattern = "|".join(p.pattern for p in (_REQUEST, _HANDED, _ANNOUNCED, _BIDDEN))
    found: list[Item] = []
    for m in ctx.holding(pattern, askers, () if askers else chats):
        if m.speaker == ctx.me:
            continue
        jobs = [item_of_run(run, m, ctx.weights) for run in _jobs(m.text, skip, names)]
        if jobs:  # "can u do the cake?" / "and a slideshow of old photos?": asked on
            for n in ctx.turns_after(m)[:2]:
                more = _ALSO.match(n.text) if n.speaker == m.speaker else None
                run = more and thing_after(_SENTENCE.split(n.text[more.end() :])[0], skip, names)
                if run:
                    jobs.append(item_of_run(run, n, ctx.weights))
        found += jobs
    return distinct(sorted(found, key=lambda it: (it.message.ts, it.message.id)))


def _jobs(text: str, skip: set[str], names: Collection[str]) -> list[list[str]]:
    out = []
    for hit in _REQUEST.finditer(text):
        if hit.group("verb").lower() in _NOT_JOBS:
            continue
        # "go through dad's loft boxes and dig out some old photos": two things to do
        for part in _AND_THEN.split(_SENTENCE.split(text[hit.end() :])[0]):
            run = thing_after(_PARTICLES.sub("", part), skip, names)
            if run:
                out.append(run)
    for hit in _BIDDEN.finditer(text):
        rest = _SENTENCE.split(text[hit.end() :])[0]
        # "please bring Sipho's big speaker": whose it is, then the thing
        whose = _WHOSE.match(rest)
        run = thing_after(rest, skip, names)
        if whose and (run is None or len(run) == 1):  # the run stopped at the possessive
            own = thing_after(rest[whose.end() :], skip, names, bare=True)
            run = [whose.group(1).lower(), *own] if own else run
        if run:
            out.append(run)
    for hit in _HANDED.finditer(text):
        run = thing_after(_SENTENCE.split(text[hit.end() :])[0], skip, names, listed=True)
        if run:
            out.append(run)
    for hit in _ANNOUNCED.finditer(text):
        rest = text[hit.end() :]
        runs = runs_of(rest.split("?")[0], skip, names)
        if runs and not (_REQUEST.search(rest) or _HANDED.search(rest)):  # read above
            out.append(runs[0])
    return out
