"""The part of a message that answers: a name, or the sentence that says it (the places a
message names are in places.py)."""

from __future__ import annotations

import re
from collections.abc import Collection

from agent.plan.people import PERSON_NOUNS
from memory_store.indexes.tokenize import STOPWORDS

from .items import COMMON_WORDS
from .lexicon import FILLER, NOT_NAMES, PRONOUNS, WHEN_WORDS, may_be_name
from .phrases import PLAIN_VERBS, TIME_TERMS
from .text import sentences, terms

_NAMED = re.compile(
    # "named him pickle": naming by a pronoun; not "called him" (a phone call, as often)
    r"\b(?:name\s+is|name's|(?:named|naming)(?:\s+(?:him|her|it))?|called|call\s+(?:him|her|it))"
    r"\s+([^\W\d_][\w'-]+)",
    re.IGNORECASE,
)
# "I called Hansen's", "we called the vet": a phone call, by whoever makes it, not a name given
# ("a guy called Kenny", "she's called beetroot")
_PHONED = re.compile(
    r"\b(?:i|we|they|he|she|you|i['’]ve|we['’]ve|just|also|already|finally)\s+$", re.IGNORECASE
)
# A newcomer introduced by name, at the start of a line: "[photo] meet biscuit 🚐", "everyone
# say hi to juno"; not "meet you at 5", "meet at the pub".
INTRODUCED = re.compile(
    r"(?:^|[.!?\]]\s*|\b(?:everyone|guys|all)\s+)(?:meet|say\s+hi\s+to|say\s+hello\s+to|"
    r"introducing)\s+(?:the\s+|our\s+|my\s+|little\s+)?([^\W\d_][\w'-]+)",
    re.IGNORECASE,
)
# A name opening a clause (chat's "also"/"fyi"/"btw" before it), then who they are: "bev the
# scheme manager rang her", "also fyi gary the manager at hollis's says…".
# Any person noun, the longest first
_PERSON_NOUN = "|".join(sorted(PERSON_NOUNS, key=len, reverse=True))
_NAME_THE_ROLE = re.compile(
    r"(?:^|[.!?;]\s+|,\s*|\b(?:and|also|fyi|btw|so|oh|ok)\s+)([^\W\d_][\w'-]{2,})\s+the\s+"
    r"(?:[\w-]+\s+)?"
    rf"(?:{_PERSON_NOUN})s?\b",
    re.IGNORECASE,
)
# A name, then who the person is to the writer: "Kelechi, my NYSC guy", "tomi, our neighbour"
_NAME_THEN_ROLE = re.compile(
    r"(?:^|[.!?;]\s+)([^\W\d_][\w'-]{2,}),\s+(?:my|our|his|her|their)\s+(?:[\w-]+\s+)?"
    rf"(?:{_PERSON_NOUN})s?\b",
    re.IGNORECASE,
)
_FIRST_PERSON = re.compile(r"\b(?:i|i'll|i'm|i've|i'd|me|my|we|we'll|we're|us)\b", re.IGNORECASE)


def best_sentence(text: str, wanted: set[str]) -> str:
    """The sentence of `text` sharing most terms with `wanted`; a very short one keeps the next
    sentence too ("I started a starter. Her name is Brunhilde")."""
    spans = sentences(text)
    if len(spans) <= 1:
        return text.strip()
    scored = [(len(wanted & terms(text[a:b])), -i) for i, (a, b) in enumerate(spans)]
    i = -max(scored)[1]
    a, b = spans[i]
    if b - a < 45 and i + 1 < len(spans):
        b = spans[i + 1][1]
    return text[a:b].strip()


# A title makes a name of the next word however it is cased: "surgeon is mr adeyemi".
_TITLED = re.compile(
    r"\b((?:(?:mr|mrs|ms|miss|dr|prof)\.?|doctor|professor|profe|coach)\s+[^\W\d_][\w'-]+)",
    re.IGNORECASE,
)


# A name quoted after the word that says it is one: "i've got a name for it. 'low tide
# hours'", "called “the salt room”" (an apostrophe inside a word opens no quote).
_QUOTED_NAME = re.compile(
    r"\b(?:names?|called|title[ds]?)\b[^'‘\"“\n]{0,40}?(?:(?<=\s)|(?<=[.:,]))"
    r"['‘\"“]([^'’\"”\n]{2,50}?)['’\"”](?!\w)",
    re.IGNORECASE,
)


def quoted_names(text: str) -> list[str]:
    """The names `text` gives in quotes after the word that says it is one."""
    return [m.group(1).strip() for m in _QUOTED_NAME.finditer(text)]


def given_names(text: str) -> list[str]:
    """The names a message gives: "shes called beetroot", "his name is Jonas", "bev the scheme
    manager rang her", "got a name for it. 'low tide hours'"."""
    found = quoted_names(text)
    found += [
        _with_rest(m.group(1), text, m.end(1))
        for m in _NAMED.finditer(text)
        if not _PHONED.search(text, 0, m.start())
    ]
    found += [
        m.group(1)
        for m in INTRODUCED.finditer(text)
        if m.group(1).lower() not in COMMON_WORDS | PLAIN_VERBS
        and not terms(m.group(1)) <= TIME_TERMS
    ]
    found += [
        m.group(1)
        for m in _NAME_THE_ROLE.finditer(text)
        if m.group(1).lower() not in COMMON_WORDS | PLAIN_VERBS | _CONTACT_VERBS
        and not re.search(r"(?:ed|ing|ly|s)$", m.group(1).lower())
    ]
    found += [m.group(1) for m in _NAME_THEN_ROLE.finditer(text) if may_be_name(m.group(1).lower())]
    return [n for n in found if n.lower() not in PRONOUNS and n.lower() not in STOPWORDS]


def _with_rest(first: str, text: str, end: int) -> str:
    """A name of a few words after its first: "a guesthouse called die seemeeu, 2 nights" is
    Die Seemeeu; the name stops at a comma, a function word, a time or a chat word ("called
    declan who", "called mum yesterday")."""
    if first.lower() in PRONOUNS:  # "we named them bubbles, finn and captain": NAMED_THEM's
        return first
    words = [first]
    while len(words) <= _NAME_WORDS and (m := _NEXT_NAME_WORD.match(text, end)):
        low = m.group(1).lower()
        if low in STOPWORDS or low in COMMON_WORDS or low in PLAIN_VERBS:
            break
        if terms(low) <= TIME_TERMS:
            break
        words.append(m.group(1))
        end = m.end()
    # "called the hungry heron": the article opens the name; alone, it names nothing, nor
    # before one rung up ("called the garage about it")
    rest = {w.lower() for w in words[1:]}
    if first.lower() in STOPWORDS and (len(words) == 1 or rest & (PERSON_NOUNS | _RUNG_UP)):
        return first
    return " ".join(words)


_RUNG_UP = frozenset(
    re.findall(r"\w+", "garage vet vets surgery clinic office bank council hospital school gp")
)
# How many words may follow a name's first; a name's next word, right after the last.
_NAME_WORDS = 2
_NEXT_NAME_WORD = re.compile(r"[ \t]+([^\W\d_][\w'-]+)")


# "Call the vet tomorrow", "ring the landlord": an instruction to get in touch with someone,
# not a name before who they are ("bev the scheme manager").
_CONTACT_VERBS = frozenset(
    ["call", "ring", "phone", "text", "email", "message", "ping", "see", "try", "thank", "visit"]
)


# "we called them pickle, biscuit and moth", "named her Juno": the names given to what the
# message points at. RE2 too: the store reads by it.
NAMED_THEM = re.compile(
    r"\b(?:called|named|calling|naming|call|name)\s+(?:them|him|her|it)\s+"
    r"(?P<x>[^.!?;\n]{2,80})",
    re.IGNORECASE,
)
# Words that open an explanation, not a name: "named her Juno after my nan".
_NOT_A_NAME = frozenset(["after", "because", "cos", "since", "for", "the", "a", "that", "so"])


def names_given_to(text: str) -> list[str]:
    """The names a naming message lists ("pickle, biscuit and moth"): a word or two each."""
    found = NAMED_THEM.search(text)
    if not found:
        return []
    items = re.split(r"\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", found.group("x").strip())
    names = []
    for item in items:
        words = item.split()
        if not words or words[0].lower() in _NOT_A_NAME:
            break
        names.append(" ".join(words[:2]) if len(words) <= 2 else words[0])
    return names


def given_name(text: str) -> str | None:
    return next(iter(given_names(text)), None)


def names_in(text: str, lexicon: Collection[str], exclude: Collection[str]) -> list[str]:
    """Known person names in `text`, in order, without those in `exclude` (lower case)."""
    # …not one the question names itself ("mr alves's physio": her name, not his)
    titled = [
        " ".join(w[:1].upper() + w[1:] for w in m.group(1).split())
        for m in _TITLED.finditer(text)
        if m.group(1).split()[-1].lower() not in exclude
    ]
    found = titled + [n for n in given_names(text) if n.lower() not in exclude]
    places = [p.span(1) for p in _PLACE_NAME.finditer(text)]
    for m in re.finditer(r"[^\W\d_][\w'-]*", text):
        base = re.sub(r"'s$", "", m.group(0))
        named = base.lower() in lexicon and base.lower() not in exclude
        # "struggling to read the Hindu": a name after "the" is a paper's, a pub's, a book's
        named = named and not _THE_BEFORE.search(text, 0, m.start())
        if named and not vocative(text, m) and not any(a <= m.start() < b for a, b in places):
            found.append(base)
    return list(dict.fromkeys(found))


_THE_BEFORE = re.compile(r"\bthe\s+$", re.IGNORECASE)


# "the roastery in Stokes Croft", "the shop on Elm Street": a name of two capitalised words or
# more after "in", "at", "on" or "from" is a place's, not a person's.
_PLACE_NAME = re.compile(
    r"\b(?:in|at|on|from|near|around|off)\s+(?:the\s+)?([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)+)"
)


_GREETING = re.compile(
    r"(?:^|\b)(?:hi|hey|hello|hiya|thanks|thank\s+you|morning|evening|dear|yo|sorry|ok|okay)"
    r"[\s,!]+$",
    re.IGNORECASE,
)


def vocative(text: str, m: re.Match[str]) -> bool:
    """A name the writer calls the reader by ("Hi Birgit, …", "Dario, please …", "…, Sam!"):
    who is spoken to, not whom the message tells of."""
    before, after = text[: m.start()], text[m.end() :]
    if _GREETING.search(before):
        return True
    # "and mama... he offered me a job": a name after a bare conjunction opens the message too
    opens = (
        not before.strip() or before.rstrip()[-1:] in ".!?" or before.strip().lower() in _OPENERS
    )
    closes = not after.strip() or after.lstrip()[:1] in ".!?"
    called = after.lstrip()[:1] in ",!" or after.lstrip().startswith(("..", "…"))
    return (opens and called) or (before.rstrip().endswith(",") and closes)


_OPENERS = frozenset(["and", "but", "so", "oh", "ok", "okay", "also", "ah", "wait"])


_DET = re.compile(r"\b(?:my|your|his|her|our|their|the)\s+", re.IGNORECASE)
_PHRASE_TAIL = re.compile(
    r"\s+(?:at|from|in|on)\s+(?:number\s+\d+|[^\W\d_]+(?:\s+[^\W\d_]+)?)", re.IGNORECASE
)


def person_phrase(text: str, exclude: Collection[str] = (), *, owner: bool = False) -> str | None:
    """A person named by who they are ("your neighbour at number 9", "my physio"), for a
    who-question whose answer has no name: a determiner, at most one word, a person noun;
    not one of `exclude` (the question's own words: "my dad's surgery" asks of someone else).
    Not an owner ("my mum's car"), unless `owner` ("whose birthday…?": "my daughter's")."""
    for det in _DET.finditer(text):
        words = list(re.finditer(r"[^\W\d_]+", text[det.end() :]))[:2]
        for w in words:
            # one word between, no more: "the 18th, surgeon is away" names no one
            if not _ONE_WORD.fullmatch(text[det.end() : det.end() + w.start()]):
                break
            if w.group(0).lower() in ("one", "ones"):  # "the one mum likes": a thing, by whose
                break
            if w.group(0).lower() in PERSON_NOUNS and w.group(0).lower() not in exclude:
                end = det.end() + w.end()
                if not owner and text[end : end + 1] in ("'", "’"):
                    break  # "my mum's car" is the car: whose it is, not who does it
                tail = _PHRASE_TAIL.match(text, end)
                return text[det.start() : tail.end() if tail else end]
    return None


_ONE_WORD = re.compile(r"\s*(?:[^\W\d_][\w'’-]*\s+)?")


# A name right after the person it names: "my cousins mate lowri, shes class", "my physio,
# Hanne Voss at the Bridge Street clinic".
# In lower case, a name is the word after the role that ends the clause or is its subject
# ("my cousin remy is lending me his bike").
_APPOSED = re.compile(
    r"\s*,?\s*(?:([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)|([a-z][\w'’-]{2,})(?=\s*(?:[,.!?;]|$)|"
    r"\s+(?:is|was|has|had|says|said|will|can|could|would|lent|gave|offered)\b))"
)


def apposed_name(text: str, phrase: str) -> str | None:
    """The name written right after `phrase` (a person by who they are) in `text`."""
    at = text.find(phrase)
    hit = _APPOSED.match(text, at + len(phrase)) if at >= 0 else None
    if not hit:
        return None
    name = hit.group(1) or hit.group(2)
    first = name.split()[0].lower()
    if first in STOPWORDS or first in PERSON_NOUNS or first in NOT_NAMES or first in WHEN_WORDS:
        return None
    if re.search(r"(?:ly|ing|ed|n['’]t)$", first):  # "the gf isn't": no name
        return None
    # "the one mum likes.": a verb closing the clause, written in lower case, is no name
    if hit.group(2) and {first, first[:-1], first[:-2]} & PLAIN_VERBS:
        return None
    return name[:1].upper() + name[1:]


def owned_person(text: str, owner: str) -> tuple[str, str | None] | None:
    """A person named by whose they are, after `owner`'s name: "Pauline's son Declan came
    round and put the shelves up" names Declan, not Pauline. The phrase ("Pauline's son") and
    the name written after it, if any; None when `owner` owns no person there."""
    m = re.search(rf"\b{re.escape(owner)}['’]s\s+([^\W\d_]+)", text, re.IGNORECASE)
    if m is None or m.group(1).lower() not in PERSON_NOUNS:
        return None
    phrase = m.group(0)
    return phrase, apposed_name(text, phrase)


# The writer as the one who does it: "i'll pick it up", "we booked"; not "tell your dad happy
# birthday from me", where they are only the one it comes from.
_SELF_SUBJECT = re.compile(
    r"\b(?:i|i'll|i'm|i've|i'd|im|ive|we|we'll|we're|we've|we'd)\b", re.IGNORECASE
)


def does_it_self(text: str) -> bool:
    """The writer tells of doing something themselves, as its subject, not in a question."""
    return bool(_SELF_SUBJECT.search(_told(text)))


def _told(text: str) -> str:
    """The sentences of `text` that tell, not ask."""
    return " ".join(s for s in re.findall(r"[^.!?]+[.!?]*", text) if not s.rstrip().endswith("?"))


def speaks_for_self(text: str) -> bool:
    """The writer tells of themselves ("i can drive!"), not in a question ("How are we
    getting there?" is asked of everyone)."""
    return bool(_FIRST_PERSON.search(_told(text)))


_LEAD = re.compile(r"^\s*([^.!?,:;–—-]*)[.!?,:;–—-]+\s*")


def trim_span(span: str, names: Collection[str] = ()) -> str:
    """The sentence without the greeting or interjection that leads it ("Hey Joanna! Yeah
    actually - creating gaming content" → "creating gaming content")."""
    low_names = {n.lower() for n in names}
    while True:
        m = _LEAD.match(span)
        if not m or m.end() >= len(span):
            break
        words = [w.lower() for w in re.findall(r"[\w']+", m.group(1))]
        if words and not all(w in FILLER or w in low_names for w in words):
            break
        span = span[m.end() :]
    return span.strip(" \t\n-–—")


def proper_name(text: str, skip: Collection[str]) -> str | None:
    """The first name of two or more capitalised words in a message ("The Cipher Rooms",
    "Quay Street"), not a day, a month or a speaker: what a reply that names a place without
    repeating the question's words offers."""
    return next(
        (
            name
            for name in title_names(text)
            if name.lower() not in skip and not any(w.lower() in skip for w in name.split())
        ),
        None,
    )


_MULTI_TITLE = re.compile(
    r"\b[A-Z][\w'’-]+(?:\s+(?:de|da|del|of|the|van|von|&|and)?\s*[A-Z][\w'’-]+)+"
)


def _sentence_at(text: str, i: int) -> str:
    """The sentence of `text` that the character at `i` is in."""
    return next((text[a:b] for a, b in sentences(text) if a <= i < b), text)


def _shouted(text: str) -> bool:
    """Whether a message is written in capitals throughout (a few lower-case letters aside)."""
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 4 and sum(c.isupper() for c in letters) >= 0.8 * len(letters)


def title_names(text: str) -> list[str]:
    """Every name of two or more capitalised words ("Rook & Pawn", "the Rook and Pawn",
    "Casa Albero"), without "The" before it, nor a day, a month or an opening "I"."""
    found = []
    for m in _MULTI_TITLE.finditer(text):
        words = m.group(0).split()
        if m.group(0).isupper() and _shouted(_sentence_at(text, m.start())):
            continue  # "ONE WEEK", "FIRST RUN BACK!!": in a shouted sentence capitals name nothing
        if words[0].lower() == "the":
            words = words[1:]
        caps = [w for w in words if w[:1].isupper()]
        if len(caps) >= 2 and not any(w.lower() in NOT_NAMES for w in caps):
            found.append(" ".join(words))
    return found
