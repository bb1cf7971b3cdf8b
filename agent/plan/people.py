"""Rules that find who and what a question is about, rather than when.

`find_speakers` and `find_me` turn "what did Melanie say ..." / "what did I say ..." into a
speaker filter; `find_events` turns "before I moved" into a before/after op whose time the
pipeline resolves by retrieval. They return `agent.plan.rules.Hit`s like the time rules.
"""

from __future__ import annotations

import re

from agent.plan.rules import Ctx, Hit
from memory_store.query.table_ops import After, Before, TableOp, WhereSpeaker

_I = re.IGNORECASE

# Words for people by who they are to someone: "when did dad get discharged after *his* hip
# op?" points "his" at dad; "left your drill with your *neighbour*" answers who has it.
PERSON_NOUNS = frozenset(
    re.findall(
        r"\w+",
        "dad mum mom mother father parents brother sister bro sis son daughter kid kids wife "
        "husband partner boyfriend girlfriend bf gf fiance fiancee grandma grandpa granny "
        "grandad nan nana uncle aunt auntie cousin nephew niece baby boss manager colleague "
        "grandson granddaughter grandkids stepson stepdaughter stepdad stepmum carer babysitter "
        "coworker friend mate roommate flatmate housemate neighbour neighbor landlord "
        "landlady doctor dentist physio therapist teacher coach trainer surgeon nurse "
        # who people hire: a chat calls them by name, a question by their trade
        "builder plumber electrician sparky mechanic accountant agent vet lawyer solicitor "
        "hairdresser barber cleaner gardener painter decorator tradie contractor instructor "
        "tutor caterer photographer florist chef driver worker staff crew "
        "carpenter roofer tiler mason welder locksmith handyman technician installer "
        "tailor seamstress cobbler nanny housekeeper maid midwife pharmacist "
        # a person by no role at all: "the old fella that sold rawiri his truck"
        "fella lad bloke chap guy lady "
        # family as chat writes it: "my mil" (mother-in-law), "pa and ma", "hubby"
        "mil inlaws ma pa mam mama papa mummy daddy hubby bestie bff twin "
        "classmate teammate client student godmother godfather "
        # a trade said with what it is for: "the eye specialist", "the property broker"
        "specialist consultant optician optometrist broker realtor counsellor counselor "
        "recruiter dispatcher gp",
    )
)

_EVENT = re.compile(
    r"\b(?:talk(?:ed)?|chat(?:ted)?|discuss(?:ed)?|spoke|speak|say|said)(?:\s+about)?\s+"
    r"(?P<w>before|after)\s+(?P<e>(?!that\b|this\b|it\b|then\b)[^,?.!;]{3,80})",
    _I,
)


def find_events(text: str, ctx: Ctx) -> list[Hit]:
    """'what did we talk about before I moved' → before(event='I moved')."""
    hits = []
    for m in _EVENT.finditer(text):
        event = m.group("e").strip()
        op: TableOp = (
            Before(event=event) if m.group("w").lower() == "before" else After(event=event)
        )
        start = m.start("w")
        note = f"{m.group('w')} {event} → {m.group('w').lower()} the time of '{event}'"
        hits.append(Hit(start, m.end(), "filter", [op], note))
    return hits


_SPEECH = (
    r"(?:say|said|says|mention|mentioned|mentions|tell|told|tells|ask|asked|share|shared|"
    r"write|wrote|suggest|suggested|recommend|recommended|explain|explained|describe|"
    r"described|talk|talked|think|thought|feel|felt|claim|claimed|note|noted|express|"
    r"expressed|discuss|discussed|admit|admitted|reply|replied|answer|answered)"
)


def find_speakers(text: str, ctx: Ctx) -> list[Hit]:
    """A known speaker as the subject of a speech verb: 'what did Melanie say ...'."""
    hits = []
    for name in ctx.speakers:
        n = re.escape(name)
        rx = re.compile(
            rf"\b{n}(?:'s)?\s+(?:\w+\s+){{0,2}}?{_SPEECH}\b|\baccording\s+to\s+{n}\b"
            rf"|\b(?:did|does|has|had|would|will|could)\s+{n}\s+(?:\w+\s+)?{_SPEECH}\b",
            _I,
        )
        others = [o for o in ctx.speakers if o.lower() != name.lower()]
        if any(re.search(rf"\b{re.escape(o)}\b", text, _I) for o in others):
            continue  # "what did Joanna ask Nate": the answer may be either one's message
        m = rx.search(text)
        if m and not re.search(rf"\b(?:and|&)\s+{n}\b|\b{n}\s+(?:and|&)\s+\w+", text, _I):
            op = WhereSpeaker(names=[name])
            note = f"{name} → messages written by {name}"
            hits.append(Hit(*m.span(), "speaker", [op], note, removable=False))
    return hits


_ME = re.compile(
    rf"\b(?:did|do|have|had)\s+I\s+(?:\w+\s+)?{_SPEECH}\b"
    r"|\bI\s+(?:said|mentioned|told|wrote|asked|shared|suggested|recommended|explained|"
    r"described|claimed|noted|admitted|replied|answered)\b|\bmy\s+(?:own\s+)?messages\b",
    _I,
)
_ME_AND = re.compile(r"\b\w+\s+and\s+I\b|\bI\s+and\s+\w+", _I)


def find_me(text: str, ctx: Ctx) -> list[Hit]:
    """ "what did I say about X" with `--me Sam`: messages written by Sam."""
    m = _ME.search(text) if ctx.me else None
    if m is None or ctx.me is None or _ME_AND.search(text):
        return []
    note = f"I → messages written by {ctx.me}"
    return [Hit(*m.span(), "speaker", [WhereSpeaker(names=[ctx.me])], note, removable=False)]
