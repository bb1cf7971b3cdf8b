"""A person's favourite, as they say it: "what is Nate's favorite video game?" is answered by
"Xenoblade Chronicles is my top pick", "my fave is the banana split", "Coconut milk ice cream
is at the top of my list", or "It's one of my favorites" after a title.

The holder's own telling is read, in any message of theirs that says a favourite, not only
the best-ranked few: such a sentence shares few words with the question ("top pick"). Of
several, the one whose words, or the question they answer ("Do you have a favorite
superhero?"), name the kind asked for ("superhero toy figure") wins; with no kind named, the
best ranked.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext, Reading, declined, first_names, told_in
from .text import sentences, terms

__all__ = ["favourite_told"]

_FAV = r"(?:favou?rites?|faves?|favou?rite\s+of\s+mine|top\s+pick)"
# RE2 (the store's search): no look-arounds.
_SAYS_FAV = r"favou?rite|fave|top pick|top of my list"
_ASKED = re.compile(
    r"(?:\b(?P<holder>[\w-]+?)['’]s?|\b(?P<mine>my))\s+(?:all[-\s]time\s+|absolute\s+)?(?:favou?rite|fave)s?"
    r"\b(?P<kind>[^?.!]*)",
    re.IGNORECASE,
)
# The kind ends where a clause about it starts: "book from her childhood".
_KIND_END = re.compile(
    r"\s(?:from|in|at|as|besides|apart|that|which|who|to|on|for|when|while|since|of\s+all)\b.*",
    re.IGNORECASE,
)
# "my favorite dairy-free treat is this amazing chocolate raspberry tart"
_MY_FAV_IS = re.compile(
    rf"\bmy\s+(?:all[-\s]time\s+|new\s+|absolute\s+)?{_FAV}(?P<kind>(?:\s+[\w'’-]+){{0,4}}?)"
    r"\s*(?:is|was|are|were|has\s+(?:always\s+)?been|has\s+to\s+be|would\s+be|[:,–—])\s+"
    r"(?P<thing>[^.!?;]+)",
    re.IGNORECASE,
)
# "contemporary is my top pick", "Coconut milk ice cream is at the top of my list"
_IS_MY_FAV = re.compile(
    r"^(?P<thing>.+?)(?:\s+(?:is|are|was|were|has\s+always\s+been|have\s+always\s+been)|['’]s)\s+"
    r"(?:definitely\s+|still\s+|probably\s+|easily\s+|always\s+)?"
    rf"(?:(?:one|some)\s+of\s+my\s+(?:all[-\s]time\s+)?{_FAV}|(?:my|a)\s+(?:all[-\s]time\s+|new\s+)?"
    rf"{_FAV}|at\s+the\s+top\s+of\s+my\s+list)(?P<kind>(?:\s+[\w'’-]+){{0,3}})",
    re.IGNORECASE,
)
# What opens a clause before the thing: "I love all dances, but contemporary is…"
_CLAUSE_OPEN = re.compile(r".*(?:[,;:–—]|\bbut|\bthough|\bso|\band\s+yes)\s+", re.IGNORECASE)
# A thing said by a pointing word: its name is in the sentence before ("This trilogy is one of
# my faves." after "I love the Lord of the Rings movies").
_POINTING = re.compile(r"^(?:it|this|that|they|these|those|he|she)(?:\s+[\w'’-]+)?$", re.IGNORECASE)
# A title: in quotes, or two or more capitalised words.
_TITLE = re.compile(
    r"[\"“](?P<quoted>[^\"”]{2,60})[\"”]|"
    r"(?P<caps>\b[A-Z][\w'’-]+(?:\s+(?:of|the|and|&)?\s*[A-Z][\w'’-]+)+)"
)
_MAX_WORDS = 8
_ASKS_FOR = re.compile(
    r"^\W*(?:(?:so|and|ok)\s+)?(?:what|which|who)(?:['’]s)?(?:\s+[\w'’-]+){0,5}\s*$", re.I
)
_AGREES = re.compile(r"^\W*(?:yeah|yes|oh)?\W*(?:me\s+too|same(?:\s+here)?|mine\s+too)\b", re.I)
_ABOUT = re.compile(r"\b(?:about|like)\s*[?.!]*\s*$", re.IGNORECASE)


def favourite_told(
    question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    asked = _ASKED.search(question)
    # "what is nate's favorite book series about?" asks what it is about, not which it is
    # the favourite is what is asked, near the wh-word; not "what did aki say about my
    # favourite mug?"
    if asked is None or _ABOUT.search(question) or not _ASKS_FOR.match(question[: asked.start()]):
        return None
    holder = _holder(asked.group("holder") or asked.group("mine"), ctx)
    if holder is None:
        return None
    said_kind = _KIND_END.sub("", asked.group("kind")).strip()
    kind = terms(said_kind)
    # its head: "trilogy" of "movie trilogy", "style" of "style of dance"
    words = re.split(r"\s+of\s+", said_kind, maxsplit=1)[0].split()
    head = terms(words[-1]) if words else set()
    # no kind named ("which movie's theme is tim's favorite to play on the piano?"): the
    # question's other words say which favourite
    topic = set() if head else terms(question) - terms(f"{holder} favourite favorite fave")
    chats = {m.conversation for m in ranked[:10]}
    said = ctx.holding(_SAYS_FAV, (), chats)
    order = {m.id: i for i, m in enumerate(ranked)}
    asked_words = terms(question)
    found = []
    for n in said:  # "So what's your favorite game?" / "Xenoblade Chronicles, hands down."
        asks = _ASKS_YOURS.search(n.text)
        if n.speaker == holder or asks is None or not head <= terms(asks.group(0)):
            continue
        if len(topic & terms(asks.group(0))) < min(2, len(topic)):
            continue
        reply = next((r for r in ctx.turns_after(n)[:2] if r.speaker == holder), None)
        thing = _named(reply.text) if reply is not None else ""
        if reply is not None and thing and not terms(thing) <= asked_words:
            overlap = len(kind & terms(asks.group(0)))
            found.append((-overlap, 2, order.get(reply.id, len(order)), thing, reply))
    by_session: dict[int, list[StoredMessage]] = defaultdict(list)
    for n in said:
        by_session[n.session_id].append(n)
    others = []  # whose favourite of the kind it is, when not the holder's
    theirs = False
    for m in said:
        asking = [
            n.text
            for n in by_session[m.session_id]
            if 0 < m.id - n.id <= 2 and n.speaker != m.speaker
        ]
        for a, b in sentences(m.text):
            thing, fav_kind, stated = _thing(m.text, a, b)
            # A favourite of theirs of any kind: its kind may go unsaid ("The Hobbit is one of
            # my favorites too" of books), so it is no reason to decline.
            theirs = theirs or (stated and m.speaker == holder)
            # the kind the sentence or the question it answers names
            named = terms(" ".join([m.text[a:b], fav_kind, *asking]))
            if not stated or not head <= named or len(topic & named) < min(2, len(topic)):
                continue
            if m.speaker != holder:
                others.append(m.speaker)
                # "contemporary is my top pick" / "Yeah, me too!": theirs as well
                reply = next((r for r in ctx.turns_after(m)[:2] if r.speaker == holder), None)
                if thing and reply is not None and _AGREES.match(reply.text):
                    found.append((-len(kind & named), 2, order.get(m.id, len(order)), thing, m))
            # "besides coconut milk ice cream": what the question names is not the answer
            elif thing and not terms(thing) <= asked_words:
                # the kind in its own sentence before the kind in the question it answers
                own = 0 if head <= terms(m.text[a:b]) else 1
                found.append((-len(kind & named), own, order.get(m.id, len(order)), thing, m))
    if not found and not theirs and others and head:
        # "what's my favourite film?" where only Doug says his, and I say none: not mine
        whose = ", ".join(dict.fromkeys(others))
        out = declined("what", f"only {whose} says a favourite of the kind asked for")
        out.detail = f"No message says {holder}'s; {whose} said theirs."
        return out
    if not found:
        return None
    *_, thing, m = min(found, key=lambda f: f[:3])
    why = f"the favourite {holder} names" + (" of the kind asked for" if kind else "")
    return told_in(thing, m, "what", ctx, why)


def _holder(word: str, ctx: ReaderContext) -> str | None:
    """The speaker a question's possessive names ("Nate's"), or the user for "my"."""
    low = word.lower()
    if low in ("my", "i"):
        return ctx.me
    names = first_names(ctx)
    if low not in names:
        return None
    return next((s for s in ctx.speakers if s.split() and s.split()[0].lower() == low), None)


def _thing(text: str, a: int, b: int) -> tuple[str, str, bool]:
    """The favourite a sentence says (empty when it only describes it), the kind it says it
    of, and whether the sentence says a favourite at all."""
    sentence = text[a:b].strip()
    # the thing before "is my favourite" first: "Stanage is my favourite crag, always will be"
    told = _IS_MY_FAV.match(sentence)
    if told is None:
        mine = _MY_FAV_IS.search(sentence)
        if mine is None:
            return "", "", False
        thing = re.split(r"\s+[-–—]\s+|,\s+(?:it|and|but|which)\b", mine.group("thing"))[0]
        return _plain(thing), mine.group("kind"), True
    thing = _opening(_CLAUSE_OPEN.sub("", told.group("thing"))).strip()
    if _POINTING.match(thing):
        before = _TITLE.findall(text[:a])
        if not before:
            return "", told.group("kind"), True
        quoted, caps = before[-1]
        thing = quoted or _opening(caps)
    return _plain(thing), told.group("kind"), True


# Another asking the holder theirs: "what's your favorite game?", "got any fave styles?"
_ASKS_YOURS = re.compile(
    r"\b(?:your|ur|any|a)\s+(?:all[-\s]time\s+)?(?:favou?rites?|faves?)\b[^?]*\?", re.IGNORECASE
)


def _named(reply: str) -> str:
    """The favourite a reply names: a title in it, else its opening words when they are a
    short thing of their own ("Xenoblade Chronicles, hands down")."""
    title = _TITLE.search(_opening(reply))
    if title:
        return _plain(title.group("quoted") or title.group("caps"))
    first = re.split(r"[.!?,;:–—]", _opening(reply), maxsplit=1)[0]
    return "" if re.search(r"\b(?:i|i'm|i've|it's|you|we|my)\b", first, re.I) else _plain(first)


_OPENING = re.compile(
    r"^\W*(?:(?:yes|yeah|yep|oh|ooh|omg|ok|hmm|haha|wow|well|and|so|for\s+sure|definitely|"
    r"totally|honestly|easy|good\s+question|i\s+think)\b\W*)+",
    re.IGNORECASE,
)


def _opening(reply: str) -> str:
    return _OPENING.sub("", reply)


def _plain(thing: str) -> str:
    thing = re.sub(r"^(?:the\s+|this\s+|that\s+)?(?:amazing|awesome|great|lovely)\s+", "", thing)
    words = thing.strip(" \"“”'!").split()
    # "a theme from a movie I really enjoy" describes it; a favourite's name has no "I"
    if any(w.lower() in ("i", "i'm", "my", "me") for w in words):
        return ""
    return " ".join(words) if 0 < len(words) <= _MAX_WORDS else ""
