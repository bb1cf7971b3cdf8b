"""Offline query rewriting: make the last request of a dialogue self-contained.

"Can you summarise what we discussed?" after "I see in my calendar we talked on July 13th"
becomes "Can you summarise what we discussed? (on July 13th)". Pronouns are resolved to the
people most recently named, and "it"/"that" to the topic of the previous question. The original
question is always kept among the variants, for multi-query fusion.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from agent.plan.people import PERSON_NOUNS
from agent.plan.planner import GENERIC_WORDS, plan_question
from agent.rewrite.framing import without_framing
from agent.rewrite.spelling import spelled_out, time_spelled_out
from memory_store.indexes.tokenize import STOPWORDS

HISTORY_TURNS = 8
# A pronoun reaches back two exchanges at most: further than that, ask who is meant.
PRONOUN_TURNS = 4
ASSISTANT = "assistant"
_PERSON = re.compile(r"\b(she|he|her|him|hers|his|they|them|their)\b", re.IGNORECASE)
_GENDERED = re.compile(r"\b(?:she|he|her|him|hers|his)\b", re.IGNORECASE)
_FEMININE = re.compile(r"\b(she|her|hers)\b", re.IGNORECASE)
_MASCULINE = re.compile(r"\b(he|him|his)\b", re.IGNORECASE)
_THING = re.compile(
    r"\b(it|that|this|those|these)\b(?!\s+(?:day|time|week|month|session|"
    r"conversation|discussion|chat))|"
    # "which one did he take?", "the other one": one of the things asked about before
    r"\b(?:which|that|this|the\s+other|the\s+(?:first|second|third|last|next|previous|"
    r"earlier|later))\s+ones?\b|"
    # "what did he catch up there?": the place asked about before; not "is there", "there's"
    r"\bthere\s*[?!.]*\s*$|"
    r"(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)\bthere\b(?!\s*(?:['’]s|['’]re|is|are|"
    r"was|were|will|would|has|have|had|might|must|should|could|may|seems?)\b)",
    re.IGNORECASE,
)
_QWORDS = frozenset(
    [
        "what",
        "when",
        "where",
        "who",
        "why",
        "how",
        "did",
        "do",
        "does",
        "tell",
        "remember",
        "say",
        "said",
        "talk",
        "talked",
        "discuss",
        "discussed",
        "about",
        "please",
        "could",
        "can",
        "would",
        "you",
        "me",
        "us",
        "we",
    ]
)


@dataclass(frozen=True, slots=True)
class Turn:
    speaker: str
    text: str
    # For an answer: the people its citations name (speakers and names in the text). A
    # follow-up's pronoun resolves to them, never to words of the answer's own text.
    entities: tuple[str, ...] = ()
    # For an answer naming a thing ("Tow float."): what a follow-up's "it" is.
    thing: str = ""
    # For a who-answer: the person it names, whom a follow-up's pronoun points at first.
    answered: str = ""


@dataclass
class Rewrite:
    original: str
    question: str
    variants: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # The words of the thing a "what about X?" puts X in the place of ("the church hall").
    replaced: frozenset[str] = frozenset()


def time_expressions(text: str, *, now: datetime, speakers: Sequence[str]) -> list[str]:
    """The spans the planner recognised as time references (speaker filters excluded)."""
    planned = plan_question(text, now=now, speakers=list(speakers))
    if not [op for op in planned.plan.ops if op.op != "where_speaker"]:
        return []
    names = {s.lower() for s in speakers}
    return [s for s in planned.spans if s.lower() not in names]


def _named(text: str, speakers: Sequence[str]) -> list[str]:
    return [name for _, name in _speakers_at(text, speakers)]


def _speakers_at(text: str, speakers: Sequence[str]) -> list[tuple[int, str]]:
    """Where `text` names each speaker it names, by first name."""
    found = []
    for name in speakers:
        # People type names in lower case: "when's sami getting in?"
        m = re.search(rf"\b{re.escape(name.split()[0])}\b", text, re.IGNORECASE)
        if m:
            found.append((m.start(), name))
    return found


def _topic(text: str) -> str:
    text = _END_UP.sub(" ", text)  # "who ended up with mum's piano?" is about the piano
    text = _WHEN_ASKED.sub(" ", text)  # "what day did we leave?" is about leaving
    words = [
        w
        # words, and ordinals ("dad's 70th"), never the letters inside a number ("th")
        for w in re.findall(
            r"(?<![\w'])(?:\d+(?:st|nd|rd|th)\b|[^\W\d_][\w'-]*)",
            re.sub(r"(\w)['’]s\b", r"\1", text),
        )
        if w.lower() not in STOPWORDS
        and w.lower() not in _QWORDS
        and w.lower() not in GENERIC_WORDS
    ]
    return " ".join(words[:6])


_END_UP = re.compile(r"\b(?:end|ends|ended|ending)\s+up\b", re.IGNORECASE)
# The unit of time a question asks for, which names no topic
_WHEN_ASKED = re.compile(
    r"\b(?:what|which)\s+(?:day|date|time|night|evening|morning|afternoon|weekend|week|month|"
    r"year)\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
_REQUEST = re.compile(
    r"^\s*(?:yes|yeah|ok(?:ay)?|sure|so|and|but|then|now)?[\s,]*(?:please\s+)?"
    r"(?:can|could|would|will|do|did|what|when|where|who|whom|which|why|how|tell|summari[sz]e|"
    r"describe|remind|give|list|recap|show|explain|let|please)\b",
    re.IGNORECASE,
)


def request_part(text: str) -> str:
    """The sentences that ask for something ("I enjoy them too! Can you ...?" → the question).

    Small talk around a request would otherwise read as content to search for.
    """
    sentences = [s.strip() for s in _SENTENCE.findall(text) if s.strip()]
    asks = [s for s in sentences if s.endswith("?") or _REQUEST.match(s)]
    return " ".join(asks) if asks and len(asks) < len(sentences) else text


# Why the person asks, said after the question: "when's my hygienist appt again? need to
# check it doesn't clash with the trip". Its words are no part of what to find.
_REASON = re.compile(
    r"^\s*(?:(?:i|we)\s+)?(?:need(?:ed)?\s+to|want(?:ed)?\s+to|wanna|have\s+to|gotta|"
    r"(?:i'm|im|just)\s+(?:trying|checking|wondering|asking)|trying\s+to|just\s+(?:want|need)|"
    r"asking\s+(?:because|cos|coz|as)|(?:because|cos|coz)\s+i)\b",
    re.IGNORECASE,
)

# …or a remark of theirs, a clause with a doer or a deed: "i was heads-down and didn't read
# it", "amma told me but i forgot", "the place changed a couple of times na", "Anne wants a
# list for the newsletter". Not one that
# says which ("the dentist I mean", "the one i liked", "my sister's new boss"), nor which not
# ("not counting the ones that got called off").
_REMARK = re.compile(
    r"^(?!\s*(?:the|that|this)\s+ones?\b|\s*(?:not|except|excluding|apart|but|only|without|"
    r"leaving|including)\b)(?![^?]*\bi\s+mean\b)"
    r"(?=[^?]*\b(?:i|we|was|were|got|keeps?|kept|[a-z]{3,}ed|wants|needs|asks|asking|says|"
    r"thinks|reckons)\b)[^?]*$",
    re.IGNORECASE,
)


def without_reason(text: str) -> str:
    """The question without the reasons for asking said after it."""
    sentences = [s for s in _SENTENCE.findall(text) if s.strip()]
    asked = [i for i, s in enumerate(sentences) if s.rstrip().endswith("?")]
    if not asked:  # "Remind me which day the man came. It was put off once, I know."
        asked = [0] if sentences and _REQUEST.match(sentences[0]) else []
    if not asked or asked[-1] == len(sentences) - 1:
        return text
    tail = sentences[asked[-1] + 1 :]
    if not all(_REASON.match(s) or _REMARK.match(s) for s in tail):
        return text
    return "".join(sentences[: asked[-1] + 1]).strip()


# "What was it?" after the question put to the user: "Shona's friend asked me which big
# piece the choir sang at the concert, and my mind went blank. What was it?"
_BARE_ASK = re.compile(
    r"^\s*(?:so\s+|and\s+)?(?:what|who|where|when|which\s+one)\s+(?:was|is|were|are|did)\s+"
    r"(?:it|that|they|he|she)(?:\s+again)?\s*\?*\s*$",
    re.IGNORECASE,
)
_EMBEDDED = re.compile(
    r"\b(?:asked(?:\s+(?:me|us|her|him))?|wondering|wondered|remember|forgot(?:ten)?|know|"
    r"recall|tell\s+(?:me|her|him|them))\s+"
    r"((?:which|what|where|when|who|how\s+(?:much|many))\b[^.;!?]*?)"
    r"(?=\s*,\s*(?:and|but)\b|\s*[.;!?]|$)",
    re.IGNORECASE,
)


def embedded_question(text: str) -> str:
    """The question the user was asked and now asks back, when they ask it with a pronoun
    alone ("…asked me which big piece the choir sang. What was it?" → "which big piece the
    choir sang?"); else the text as it stands."""
    sentences = [s for s in _SENTENCE.findall(text) if s.strip()]
    if len(sentences) < 2 or not _BARE_ASK.match(sentences[-1]):
        return text
    for s in reversed(sentences[:-1]):
        found = _EMBEDDED.search(s)
        if found:
            return f"{found.group(1).strip()}?"
    return text


def rewrite_offline(
    question: str,
    history: Sequence[Turn],
    *,
    now: datetime,
    speakers: Sequence[str] = (),
    me: str | None = None,
    doc_freq: Callable[[str], int] | None = None,
    people: Collection[str] = (),
) -> Rewrite:
    """`doc_freq`: the history's document frequency of a term, to fix a typo of a word it
    holds ("fesetival"); `people`: the names the history knows besides its speakers' (lower
    case), whom the user's own questions may name."""
    recent = list(history)[-HISTORY_TURNS:]
    firsts = [s.split()[0] for s in speakers if s.split()]
    spelled = time_spelled_out(spelled_out(question, firsts, doc_freq, people))
    reasoned = embedded_question(without_reason(spelled))
    asked = without_framing(reasoned)
    rw = Rewrite(question, asked, [asked])
    if spelled != question:
        rw.notes.append(f"read as {spelled!r}")
    if reasoned != spelled:
        rw.notes.append(f"read the question as {reasoned!r}: the rest says why it is asked")
    if asked != reasoned:
        rw.notes.append(f"read the question as {asked!r}: the rest frames it")
    if not recent:
        return rw
    rw.question = request_part(asked)
    own_time = time_expressions(spelled, now=now, speakers=speakers)
    if not own_time and not _ASKS_WHEN.match(rw.question):
        # Only the user's own words carry a time: an answer's dates are what it found.
        for turn in reversed([t for t in recent if t.speaker != ASSISTANT]):
            spans = time_expressions(turn.text, now=now, speakers=speakers)
            if spans:
                rw.question = f"{rw.question.rstrip()} ({'; '.join(spans)})"
                rw.notes.append(f"carried the time reference {spans!r} from an earlier turn")
                break
    _asked_as_before(rw, recent)
    _resolve_people(rw, recent, speakers, me, people)
    _resolve_topic(rw, recent, now, speakers)
    return rw


# "what about the second one?", "and the one in november?": a thing alone, asked as the
# question before it was ("when was my interview at northwind?")
_WHAT_ABOUT = re.compile(
    r"^\s*(?:(?:and|ok|okay|so)[\s,]+)?(?:what|how)\s+about\s+(?P<thing>[^?!.]+?)\s*[?!.]*\s*$",
    re.IGNORECASE,
)
# "and the cake?", "and for the kids?": a thing alone after "and", asked as the question before
_AND_THING = re.compile(
    r"^\s*and\s+(?P<thing>(?:[\w'’-]+\s+){0,3}[\w'’-]+)\s*[?!.]*\s*$", re.IGNORECASE
)
_VERB_IN_THING = re.compile(
    r"\b(?:is|was|are|were|did|do|does|has|have|had|will|would|can|could|should|who|what|"
    r"when|where|which|how|why|then|so|also|too|again|yes|no|ok|okay)\b",
    re.IGNORECASE,
)
# The asking part of a question: its question word and the verb after it.
_FRAME = re.compile(
    r"^\s*(?P<frame>(?:when|where|who|what\s+time|what\s+day|how\s+much|how\s+many|how\s+long|"
    r"how)\s+(?:is|was|are|were|will|did|does|do)\b)",
    re.IGNORECASE,
)


def _asked_as_before(rw: Rewrite, recent: list[Turn]) -> None:
    """ "what about X?" asks of X what the user's last question asked ("when was …?" →
    "when was X?"), and carries its topic as any follow-up does."""
    about = _WHAT_ABOUT.match(rw.question) or _AND_THING.match(rw.question)
    if about is not None and _VERB_IN_THING.search(about.group("thing")):
        about = None  # "and did she go?" asks its own question
    last = next((t for t in reversed(recent) if t.speaker != ASSISTANT), None)
    frame = _FRAME.match(last.text) if last is not None and about else None
    if about is None or frame is None:
        return
    # "how much was the church hall for mama's party?" / "and the cake?": the cake takes the
    # hall's place, and what it was for stays
    rest = last.text[frame.end() :] if last is not None else ""
    # "what about the second one?": another of the same, not a thing in its place
    one = re.search(r"\bones?\b", about.group("thing"), re.IGNORECASE)
    kept = None if one else _KEPT_AFTER.search(rest)
    tail = f" {kept.group(0).strip(' ?!.')}" if kept else ""
    if kept:
        rw.replaced = frozenset(w.lower() for w in re.findall(r"[\w'’-]+", rest[: kept.start()]))
    rw.question = f"{frame.group('frame')} {about.group('thing')}{tail}?"
    rw.variants.append(rw.question)
    rw.notes.append(f"asked as the question before: {rw.question!r}")


# What a question's thing was for, at or of, which a thing asked in its place keeps.
_KEPT_AFTER = re.compile(r"\s(?:for|at|in|on|during|from|with)\s+\S.*$", re.IGNORECASE)


_NO_OBJECT = re.compile(
    r"\b(?:pay|paid|cost|costs|spend|spent|buy|bought|sell|sold|order|ordered|choose|chose|"
    r"pick|picked)\s*(?:for\s*)?[?!.]*\s*$",
    re.IGNORECASE,
)
# "it" as an occasion: what starts, ends or takes place
_EVENT_IT = re.compile(
    r"\b(?:it|that)\s+(?:start|starts|started|begin|begins|began|kick\s+off|kicked\s+off|"
    r"finish|finishes|finished|end|ends|ended|happen|happens|happened|take\s+place|took\s+place|"
    r"wrap\s+up|wrapped\s+up)\b|\b(?:does|did|do|will|is|was)\s+(?:it|that)\s+"
    r"(?:start|begin|kick\s+off|finish|end|happen|take\s+place|wrap\s+up)\b",
    re.IGNORECASE,
)
_ASKS_WHEN = re.compile(r"\s*(?:when|what\s+(?:time|day|date))\b", re.IGNORECASE)
_QUOTE = re.compile(r"[“\"]")
_POSSESSIVE = frozenset(["his", "their", "theirs", "hers"])


def _name_for(name: str) -> Callable[[re.Match[str]], str]:
    """Replace a pronoun by the name: "his"/"their" by "Name's"."""
    return lambda m: f"{name}'s" if m.group(1).lower() in _POSSESSIVE else name


# "where'd i buy them from": the things bought, when the last answer named a thing
_THEM_THINGS = re.compile(
    r"\b(?:buy|bought|get|got|pick(?:ed)?\s+up|order(?:ed)?|make|made|fix(?:ed)?|wear|wore|"
    r"find|found|sell|sold|return(?:ed)?|keep|kept|use|used)\s+them\b",
    re.IGNORECASE,
)


def _them_things(rw: Rewrite, recent: list[Turn]) -> bool:
    """Whether "them" is the things the last answer named: "where'd i buy them from" after
    "The pounamu earrings"."""
    last = recent[-1] if recent and recent[-1].speaker == ASSISTANT else None
    return last is not None and bool(last.thing) and bool(_THEM_THINGS.search(rw.original))


def _resolve_people(
    rw: Rewrite,
    recent: list[Turn],
    speakers: Sequence[str],
    me: str | None,
    people: Collection[str] = (),
) -> None:
    if not _PERSON.search(rw.question) or _named(rw.original, speakers):
        return
    # "does she still wear them?": she is a person, the things worn are not
    things = _THEM_THINGS.findall(rw.question) if _them_things(rw, recent) else []
    kept = _THEM_THINGS.split(rw.question) if things else [rw.question]
    if not any(_PERSON.search(part) for part in kept):
        return
    # "they" is as often the things asked about: only "he" and "she" point at a name the
    # history knows besides its speakers'
    known = people if _GENDERED.search(rw.question) else ()
    name = _pointed_at(recent[-PRONOUN_TURNS:], speakers, me, known)
    if not known and _PLURAL.search(rw.question):
        # "who's dev going out with?" / "Saoirse." / "how did they meet?": the two of them
        pair = _asked_and_answered(recent[-PRONOUN_TURNS:], speakers, me, people)
        name = " and ".join(pair) if pair else name
    if not name and _GENDERED.search(rw.question):
        # "when did the plumber first come round?" / "and what did he do that time?": a
        # person the user asked after by who they are, when no name is in the dialogue
        name = _role_asked(recent[-PRONOUN_TURNS:])
    if name:
        # "how does she know him again?": two people, and one name; the one asked after in
        # the dialogue is the later, the object ("him"), and "she" is left to the question
        pronoun = _PERSON
        she, he = _FEMININE.search(rw.question), _MASCULINE.search(rw.question)
        if she and he:
            pronoun = _MASCULINE if he.start() > she.start() else _FEMININE
        parts = [pronoun.sub(_name_for(name), part) for part in kept]
        rw.question = "".join(p + t for p, t in zip(parts, [*things, ""], strict=True))
        rw.notes.append(f"resolved a pronoun to {name}")


# A person by who they are: "the plumber", "my landlord", "our vet".
_ROLE = re.compile(
    rf"\b(?:the|my|our)\s+(?:{'|'.join(sorted(PERSON_NOUNS, key=len, reverse=True))})\b(?!['’])",
    re.IGNORECASE,
)


def _role_asked(window: list[Turn]) -> str | None:
    """The person the user's latest question asked after by who they are ("the plumber")."""
    for turn in reversed(window):
        found = _ROLE.search(turn.text) if turn.speaker != ASSISTANT else None
        if found:
            return found.group(0)
    return None


# A pronoun of more than one person
_PLURAL = re.compile(r"\b(?:they|them|their|theirs)\b", re.IGNORECASE)


def _asked_and_answered(
    window: list[Turn], speakers: Sequence[str], me: str | None, people: Collection[str]
) -> tuple[str, str] | None:
    """The person the user's last question asked after and the one the who-answer to it
    named, when they differ: what a follow-up's "they" points at."""
    if len(window) < 2 or window[-1].speaker != ASSISTANT or window[-2].speaker == ASSISTANT:
        return None
    answered = window[-1].answered
    asked = [n for n in _named_people(window[-2].text, speakers, people) if n != answered]
    if not answered or not asked or answered == me:
        return None
    return asked[0], answered


def _pointed_at(
    window: list[Turn], speakers: Sequence[str], me: str | None, people: Collection[str]
) -> str | None:
    """Whom a follow-up's pronoun points at: the latest person a who-answer named or the
    user's own question named; failing both, the first the latest answer cites. "when are we
    heading up to the cabin for chris?" / "where is it exactly?" (an answer quoting Marcus) /
    "who's driving him up there?": him is Chris, whom the user asked after; Marcus only wrote
    the message the answer quoted."""
    cited: list[str] = []
    for turn in reversed(window):
        if turn.speaker == ASSISTANT:
            if turn.answered and turn.answered != me:
                return turn.answered
            cited = cited or [n for n in turn.entities if n != me]
            continue
        asked = [n for n in _named_people(turn.text, speakers, people) if n != me]
        if asked:
            return asked[0]
    return cited[0] if cited else None


def _named_people(text: str, speakers: Sequence[str], people: Collection[str]) -> list[str]:
    """The people `text` names, in its order: the history's speakers (`_speakers_at`), and the
    other names it knows (`people`, lower case), as they are written in it."""
    found = _speakers_at(text, speakers)
    taken = {w.lower() for _, n in found for w in n.split()}
    for m in re.finditer(r"[^\W\d_][\w'’-]*", text):
        word = re.sub(r"['’]s$", "", m.group(0))
        low = word.lower()
        if low in people and low not in taken:
            found.append((m.start(), word[:1].upper() + word[1:]))
            taken.add(low)
    return [n for _, n in sorted(found)]


def _own_topic(text: str, now: datetime, speakers: Sequence[str]) -> str:
    """The words a question asks about of its own (time phrases and people aside)."""
    return _topic(plan_question(text, now=now, speakers=list(speakers)).content_query)


def _elliptical(text: str, own: str, speakers: Sequence[str], *, of_person: bool = False) -> bool:
    """A follow-up with at most one word of its own (`own`, `_own_topic`) and nobody named
    ("who drove?", "how many nights?"): it asks about the topic before it. `of_person`: one
    asking of someone by a pronoun counts too ("when did she hurt it?" asked of the topic
    before it)."""
    if _FRAGMENT.fullmatch(text):  # "what time?", "and where?": nothing of its own at all
        return True
    person = not of_person and _PERSON.search(text) is not None
    n = len(own.split())
    return (n == 1 or (of_person and n == 0)) and not person and not _named(text, speakers)


_GOES_ON = re.compile(r"^\W*(?:and|so)\b(?!\s+(?:on|forth)\b)", re.IGNORECASE)


# An occasion pointed at: "that time", "that day", "on that visit", "then".
_THAT_TIME = re.compile(
    r"\b(?:that|this)\s+(?:time|day|night|visit|trip|one)\b|\bthen\s*[?!.]*\s*$", re.IGNORECASE
)


# A follow-up that is a question word alone: it asks it of the topic before it.
_FRAGMENT = re.compile(
    r"\s*(?:and\s+|so\s+|ok\s+|okay\s+)?(?:what\s+time|what\s+day|which\s+day|when|where|who|"
    r"who\s+with|with\s+who(?:m)?|how\s+much|how\s+long|how\s+many|how\s+often|why|how\s+come)"
    r"(?:\s+(?:then|exactly|again|though))?\s*[?!.]*\s*",
    re.IGNORECASE,
)


def _resolve_topic(rw: Rewrite, recent: list[Turn], now: datetime, speakers: Sequence[str]) -> None:
    # "it"/"that", or an elliptical follow-up with one word of its own and nobody named
    # ("who drove?"); "what did he say?" and "when is his first day?" are about a person,
    # resolved above: an earlier topic would outweigh who ("junior analyst nadia hired").
    elliptical = _elliptical(rw.original, _own_topic(rw.original, now, speakers), speakers)
    # "how much did she pay?": a verb that takes an object, left without one, is about the
    # thing asked of before ("what car did mara end up getting?").
    elliptical = elliptical or bool(_NO_OBJECT.search(rw.original))
    # "what did he do that time?": the occasion the question before asked of
    elliptical = elliptical or bool(_THAT_TIME.search(rw.original))
    # "which movers did i hire?" / "how much did they charge me?": a "they" no person of
    # the dialogue took is the things asked about (a firm, a shop, a team)
    them = _them_things(rw, recent) or bool(_PLURAL.search(rw.question))
    # "And what were the other lot asking?": a question opening with "and" or "so" goes on
    # with the thread before it
    # …unless it asks of a person, whom the people above resolved ("and what did he charge me
    # in the end?")
    goes_on = _GOES_ON.match(rw.original) is not None and not _GENDERED.search(rw.original)
    if not _THING.search(request_part(rw.original)) and not (elliptical or them or goes_on):
        return
    # The user's own earlier questions name the topic; answers quote too much to be a topic,
    # except the thing the last one named ("what did imogen buy…" / "Tow float." / "where'd
    # she get it from?").
    last = recent[-1] if recent and recent[-1].speaker == ASSISTANT else None
    thing = last.thing if last is not None and (_THING.search(rw.original) or them) else ""
    asked = [(t, _own_topic(t.text, now, speakers)) for t in recent if t.speaker != ASSISTANT]
    # An earlier follow-up's one word ("who's driving?") asked after the topic it carried
    # ("the crag trip"): that topic is still the one, not "driving".
    topical = [
        (t, own) for t, own in asked if not _elliptical(t.text, own, speakers, of_person=True)
    ]
    candidates = topical or asked
    if _EVENT_IT.search(rw.original):
        # "what time did it start?": an occasion, which the user asked the day of ("when was
        # mum's 70th?"), not the cake asked about since
        occasions = [(t, own) for t, own in candidates if _ASKS_WHEN.match(t.text) and own]
        candidates = occasions or candidates
    for _, own in reversed(candidates):
        # "and the cake?" after the church hall: the hall is what it takes the place of
        own = " ".join(w for w in own.split() if w.lower() not in rw.replaced)
        topic = " ".join(filter(None, [thing, own]))
        if topic:
            rw.question = f"{rw.question.rstrip()} (about {topic})"
            rw.variants.append(f"{rw.original} {topic}")
            rw.notes.append(f"resolved 'it' to the earlier topic {topic!r}")
            return
