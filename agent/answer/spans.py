"""The part of a message that answers: a name, or the sentence that says it (the places a
message names are in places.py)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence

from agent.plan.mentions_base import IRREGULAR_PAST
from agent.plan.people import PERSON_NOUNS
from memory_store.indexes.tokenize import STOPWORDS

from .items import COMMON_WORDS
from .phrases import PLAIN_VERBS, TIME_TERMS
from .text import sentences, terms

_NAMED = re.compile(
    # "named him pickle": naming by a pronoun; not "called him" (a phone call, as often)
    r"\b(?:name\s+is|name's|(?:named|naming)(?:\s+(?:him|her|it))?|called|call\s+(?:him|her|it))"
    r"\s+([^\W\d_][\w'-]+)",
    re.IGNORECASE,
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
_NAME_THE_ROLE = re.compile(
    r"(?:^|[.!?;]\s+|,\s*|\b(?:and|also|fyi|btw|so|oh|ok)\s+)([^\W\d_][\w'-]{2,})\s+the\s+"
    r"(?:[\w-]+\s+)?"
    rf"(?:{'|'.join(sorted(PERSON_NOUNS, key=len, reverse=True))})s?\b",
    re.IGNORECASE,
)
_MID_SENTENCE_WORD = re.compile(r"(?<=[a-z,;:] )([A-Za-zÀ-ÿ][a-zà-ÿ]+)\b")
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
_TITLED = re.compile(r"\b((?:mr|mrs|ms|miss|dr|doctor|prof)\.?\s+[^\W\d_][\w'-]+)", re.IGNORECASE)


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
    found += [m.group(1) for m in _NAMED.finditer(text)]
    found += [
        m.group(1)
        for m in INTRODUCED.finditer(text)
        if m.group(1).lower() not in COMMON_WORDS | PLAIN_VERBS
        and not terms(m.group(1)) <= TIME_TERMS
    ]
    found += [
        m.group(1)
        for m in _NAME_THE_ROLE.finditer(text)
        if m.group(1).lower() not in COMMON_WORDS | PLAIN_VERBS
        and not re.search(r"(?:ed|ing|ly|s)$", m.group(1).lower())
    ]
    return [n for n in found if n.lower() not in _PRONOUNS and n.lower() not in STOPWORDS]


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
    titled = [
        " ".join(w[:1].upper() + w[1:] for w in m.group(1).split()) for m in _TITLED.finditer(text)
    ]
    found = titled + [n for n in given_names(text) if n.lower() not in exclude]
    places = [p.span(1) for p in _PLACE_NAME.finditer(text)]
    for m in re.finditer(r"[^\W\d_][\w'-]*", text):
        base = re.sub(r"'s$", "", m.group(0))
        named = base.lower() in lexicon and base.lower() not in exclude
        if named and not vocative(text, m) and not any(a <= m.start() < b for a, b in places):
            found.append(base)
    return list(dict.fromkeys(found))


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
    opens = not before.strip() or before.rstrip()[-1:] in ".!?"
    closes = not after.strip() or after.lstrip()[:1] in ".!?"
    return (opens and after.lstrip()[:1] in ",!") or (before.rstrip().endswith(",") and closes)


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
            if w.group(0).lower() in PERSON_NOUNS and w.group(0).lower() not in exclude:
                end = det.end() + w.end()
                if not owner and text[end : end + 1] in ("'", "’"):
                    break  # "my mum's car" is the car: whose it is, not who does it
                tail = _PHRASE_TAIL.match(text, end)
                return text[det.start() : tail.end() if tail else end]
    return None


# A name right after the person it names: "my cousins mate lowri, shes class", "my physio,
# Hanne Voss at the Bridge Street clinic".
# In lower case, a name is the word after the role that ends the clause or is its subject
# ("my cousin remy is lending me his bike").
_APPOSED = re.compile(
    r"\s*,?\s*(?:([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)|([a-z][\w'’-]{2,})(?=\s*(?:[,.!?;]|$)|"
    r"\s+(?:is|was|has|had|says|said|will|can|could|would|lent|gave|offered)\b))"
)


_WHEN_WORDS = frozenset(
    ["yesterday", "today", "tonight", "tomorrow", "tmrw", "now", "later", "soon", "again"]
)


def apposed_name(text: str, phrase: str) -> str | None:
    """The name written right after `phrase` (a person by who they are) in `text`."""
    at = text.find(phrase)
    hit = _APPOSED.match(text, at + len(phrase)) if at >= 0 else None
    if not hit:
        return None
    name = hit.group(1) or hit.group(2)
    first = name.split()[0].lower()
    if first in STOPWORDS or first in PERSON_NOUNS or first in NOT_NAMES or first in _WHEN_WORDS:
        return None
    if re.search(r"(?:ly|ing|ed|n['’]t)$", first):  # "the gf isn't": no name
        return None
    return name[:1].upper() + name[1:]


def speaks_for_self(text: str) -> bool:
    """The writer tells of themselves ("i can drive!"), not in a question ("How are we
    getting there?" is asked of everyone)."""
    said = " ".join(s for s in re.findall(r"[^.!?]+[.!?]*", text) if not s.rstrip().endswith("?"))
    return bool(_FIRST_PERSON.search(said))


_FILLER = frozenset(
    [
        "hey",
        "hi",
        "hello",
        "wow",
        "yeah",
        "yes",
        "yep",
        "yup",
        "oh",
        "ooh",
        "ohh",
        "haha",
        "hahaha",
        "lol",
        "omg",
        "ok",
        "okay",
        "sure",
        "actually",
        "well",
        "so",
        "totally",
        "definitely",
        "aw",
        "aww",
        "ha",
        "hmm",
        "um",
        "uh",
        "thanks",
        "thank",
        "you",
        "awesome",
        "cool",
        "great",
        "nice",
        "amazing",
        "honestly",
        "anyway",
        "btw",
        "also",
        "and",
        "but",
    ]
)
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
        if words and not all(w in _FILLER or w in low_names for w in words):
            break
        span = span[m.end() :]
    return span.strip(" \t\n-–—")


# Lower-case chat still greets and passes on greetings by name: "hi ines", "ines says hi".
# The greeted word must end the phrase ("hi ines 👋", "hey dominik, …"): "hey! got a sec" and
# "thanks, books arrived" greet no one.
_NAME_CUE = re.compile(
    r"(?:^|[.!?]\s+)(?:hi|hey|hello|bye|say\s+hi\s+to)\s+(?P<a>[^\W\d_]{3,})(?=\s*(?:[,.!?]|$|[^\w\s]))"
    r"|\b(?P<b>[^\W\d_]{3,})\s+says\s+hi\b"
)
# "also gift. tara says we should…": a name opening a clause, as the subject of saying
_SAYS_CUE = re.compile(
    r"(?:^|[.!?,;:]\s*|\b(?:also|and|but|so|plus)\s+)([a-z]{3,})\s+(?:says|said|reckons|thinks)\s+"
    # …whatever follows: "kiri said the kids were angels"
    r"[a-z]"
)


# "chris's 40th", "mia's birthday": whose occasion it is, a person's
_OCCASION_OF = re.compile(
    r"\b([a-z]{3,})['’]s\s+(?:\d{1,2}(?:st|nd|rd|th)\b|birthday|bday|b-day|wedding|hen\b|stag\b|"
    r"funeral|graduation|retirement|christening|leaving\s+do)"
)
_KIN_NAME = re.compile(
    r"\b(?:aunt|auntie|aunty|uncle|cousin|nan|nana|gran|granny|grandma|grandpa|mr|mrs|ms|dr)"
    r"\.?\s+([a-z]{3,})\b"
)
# "my brother owain can fill in", "my cousins mate lowri, shes class": a name after the
# person it is, where a name can end ("," "." or a verb of it); not "my sister loves it".
_MY_PERSON = "|".join(sorted(PERSON_NOUNS, key=len, reverse=True))
_NAMED_PERSON = re.compile(
    rf"\b(?:my|our|his|her|their|[a-z]+s)\s+(?:(?:{_MY_PERSON})s?\s+)?(?:{_MY_PERSON})\s+"
    r"([a-z]{3,})(?=\s*(?:[,.!?;:)]|$)|\s+(?:can|could|will|would|is|was|has|had|to|who|from|"
    r"at|said|says|reckons|and|'s|’s|does|did|might|should|'ll|’ll|'d|’d|works|knows)\b)"
)
_OPENING_SUBJECT = re.compile(
    r"(?:^|[.!?]\s+)([A-Z][a-z]{2,})\s+(?:can|could|will|would|should|is|was|has|had|says|said|"
    r"thinks|reckons|wants|asked|told|"
    # …or of a deed: "Kahu dug all 9 post holes", "Jayden fitted the rail"
    rf"{'|'.join(sorted(IRREGULAR_PAST))}|[a-z]{{3,}}ed)\s"
)
# "marco from climbing. nice but…", "sarah from work is coming": a person by where one knows
# them from, opening a sentence (not "a text from work": a thing has its determiner)
_KNOWN_FROM = re.compile(
    r"(?:^|[.!?]\s+)([a-z]{3,})\s+from\s+(?:work|school|uni|college|church|choir|"
    r"the\s+(?:gym|office|club|team|pub|choir|band|course|class)|[a-z]{3,}ing)\b"
)
_OPENING_DOER = re.compile(r"(?:^|[.!?]\s+)([A-Z][a-z]{2,})['’]s\s+[a-z]{3,}ing\b")
# "congrats priya!!", "well done mere": a person congratulated by name
_CONGRATULATED = re.compile(
    r"\b(?:congrats|congratulations|well\s+done)\s+([^\W\d_]{3,})(?=\s*(?:[,.!?]|$|[^\w\s]))"
)


_NOT_SUBJECT_NAMES = _WHEN_WORDS | frozenset(
    re.findall(
        r"\w+",
        "nobody everybody somebody anybody noone everyone someone anyone nothing everything "
        "something anything here there which what "
        # things that say, as people do: "Forecast says sunny", "Sign said closed"
        "forecast weather app sign label map menu website site email letter report news "
        "article review ticket receipt recipe guide guidebook instructions manual radio "
        "satnav invite invitation calendar schedule timetable notice "
        # …and the bodies that say things: "council said no", "venue says 50 max"
        "council venue lease contract policy school work office hospital surgery clinic "
        "garage bank airline hotel company shop landlord agency insurer insurance",
    )
)


_PRONOUNS = frozenset(
    [
        "her",
        "him",
        "them",
        "you",
        "she",
        "they",
        "everyone",
        "everybody",
        "all",
        "guys",
        "there",
        "team",
        "mum",
        "dad",
    ]
)


# Words before a person's name that make it one: "Aunt Rosa", "Dr Ortiz".
_KIN_TITLES = frozenset(
    re.findall(
        r"\S+",
        "aunt auntie uncle cousin nan nana gran granny grandma grandpa mr mrs ms miss dr doctor "
        "prof sir lady coach",
    )
)


def person_names(texts: Sequence[str], places: Collection[str] | None = None) -> set[str]:
    """Words written capitalised inside a sentence more often than not: names, in lower case.
    Chat is often lower case throughout, so a name must be capitalised once somewhere."""
    upper: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    anywhere: Counter[str] = Counter()  # lower case at all, in any message
    for text in texts:
        # A message that does not open with a capital is written in lower case: "and aunt
        # rosa's cake. I had 3" is no vote against Rosa, whom another writes "Aunt Rosa".
        first = re.search(r"[^\W\d_]", text)
        cased = bool(first and first.group(0).isupper())
        for m in _MID_SENTENCE_WORD.finditer(text):
            w = m.group(1)
            # A bounded look back: a megabyte-long message must not cost a scan per word.
            prev = re.search(r"([A-Z][\w'’]*)\s+$", text[max(0, m.start(1) - 40) : m.start(1)])
            word = prev.group(1).lower().rstrip(".") if prev else ""
            if word and word not in _KIN_TITLES and word not in STOPWORDS:
                continue  # "Carver Street", "Party Palace": the head of a place's name
            if w[0].isupper() and _PLACE_HEAD_NEXT.match(text, m.end(1)):
                continue  # "the Harbour Hotel": a place's name, not a person's
            if w[0].isupper():
                upper[w.lower()] += 1
            else:
                anywhere[w] += 1
                lower[w] += int(cased)
    cued = {m.group("a") or m.group("b") for t in texts for m in _NAME_CUE.finditer(t.lower())}
    # "aunt deb is in", "my cousin anjali": kin named in lower case
    kin = {m.group(1) for t in texts for m in _KIN_NAME.finditer(t.lower())}
    kin |= {m.group(1) for t in texts for m in _SAYS_CUE.finditer(t.lower())}
    kin |= {m.group(1) for t in texts for m in _NAMED_PERSON.finditer(t.lower())}
    kin |= {m.group(1) for t in texts for m in _OCCASION_OF.finditer(t.lower())}
    kin |= {m.group(1) for t in texts for m in _KNOWN_FROM.finditer(t.lower())}
    cued |= {w for w in kin if may_be_name(w)}
    # "Approved. Henrik can pick up any Tallis questions": a capitalised word opening a
    # sentence as the subject of a verb, never written in lower case inside one.
    opening = {m.group(1).lower() for t in texts for m in _OPENING_SUBJECT.finditer(t)}
    # …or as the doer of a deed under way: "Conor's collecting her"
    opening |= {m.group(1).lower() for t in texts for m in _OPENING_DOER.finditer(t)}
    opening = {w for w in opening if not anywhere[w]}
    opening |= {m.group(1) for t in texts for m in _CONGRATULATED.finditer(t.lower())}
    cued |= {w for w in opening if may_be_name(w)}
    places = place_names(texts) if places is None else places
    return {
        w
        for w, n in [*upper.items(), *((c, 1) for c in cued)]
        if (n > lower[w] or w in cued)
        and w not in STOPWORDS
        and w not in NOT_NAMES
        and w not in _FILLER
        and w not in _PRONOUNS
        and w not in _NOT_PERSONS
        and w not in places
        and len(w) > 2
    }


# The capitalised head of a place's name after a word: "Harbour Hotel", "Fairview Road".
_PLACE_HEAD_NEXT = re.compile(
    r"\s+(?:Hotel|Road|Rd|Street|St|Lane|Avenue|Park|Cafe|Café|Pub|Inn|Arms|Bar|Centre|Center|"
    r"Clinic|Hospital|School|Church|Hall|Station|Square|Market|Gardens|House|Studios?|Club|"
    r"Surgery|Stadium|Theatre|Cinema)\b"
)
# Words written capitalised that name no one: a holiday ("Dad won't make Easter"), an oath
# ("thank God").
_NOT_PERSONS = frozenset(
    re.findall(
        r"\S+",
        "easter christmas xmas halloween hanukkah diwali eid ramadan passover thanksgiving "
        "god jesus christ lord heaven",
    )
)


def may_be_name(word: str) -> bool:
    """A word a cue points at that can be a name: not a chat word, a verb, a role, a function
    word, or a word in -ed, -ing or -ly."""
    return not (
        word in COMMON_WORDS
        or word in PLAIN_VERBS
        or word in PERSON_NOUNS
        or word in STOPWORDS
        or word in _NOT_SUBJECT_NAMES
        or re.search(r"(?:ed|ing|ly)$", word)
        # "my boss wants", "she swears": a verb's -s form
        or word.endswith("s")
        and (word[:-1] in COMMON_WORDS or word[:-1] in PLAIN_VERBS)
    )


# "back from Kyoto", "hotel near Kyoto", "flights to Ljubljana": a capitalised word a
# traveller goes to, comes from or stays in (not "in Aki's car").
_PLACE_CUE = re.compile(
    r"\b(?i:in|near|back\s+from|(?:trip|train|flights?|drive|bus|ferry|way|road|walk|ride)\s+"
    r"(?:to|from)|(?:fly|flew|flying|going|went|go|moved?|moving|travel\w*|head\w*|arriv\w*|"
    r"return\w*)\s+(?:to|in|from)|packing\s+for|leav\w+\s+for|visit(?:ing|ed)?)\s+"
    r"([A-Z][\w'’-]+)\b(?!['’]s)"
)
# "with Aki", "thanks Aki", "Aki said": a person, wherever else the word stands.
_PERSON_CUE = re.compile(
    r"\b(?i:with|hi|hey|thanks|told|tell|ask|asked|texted|called)\s+([A-Z][\w'’-]+)\b|"
    r"\b([A-Z][\w'’-]+)\s+(?i:said|says|thinks|reckons|told|asked|texted|called|wants|and\s+I)\b"
)


def place_names(texts: Sequence[str]) -> set[str]:
    """Capitalised words written as places and never as people (lower case): "uji" from
    "matcha everything in Uji"; not a month, a day, a holiday or a language ("in January", "in
    Spanish")."""
    placed = {m.group(1).lower() for t in texts for m in _PLACE_CUE.finditer(t)}
    people = {(m.group(1) or m.group(2)).lower() for t in texts for m in _PERSON_CUE.finditer(t)}
    return placed - people - _NOT_PLACES


_NOT_PLACES = frozenset(
    re.findall(
        r"\S+",
        """january february march april may june july august september october november
        december monday tuesday wednesday thursday friday saturday sunday christmas xmas easter
        ramadan eid diwali hanukkah halloween spring summer autumn winter english spanish french
        german italian portuguese japanese chinese mandarin korean arabic russian dutch polish
        welsh irish""",
    )
)


NOT_NAMES = frozenset(
    [
        "i",
        "i'm",
        "i'll",
        "i've",
        "also",
        "the",
        "a",
        "and",
        "but",
        "so",
        "then",
        "yes",
        "no",
        "ok",
        "okay",
        "oh",
        "hey",
        "hi",
        "thanks",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        # a habit: "Book club on Saturdays at 10"
        "mondays",
        "tuesdays",
        "wednesdays",
        "thursdays",
        "fridays",
        "saturdays",
        "sundays",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        # the calendar as chat shortens it: "need the timber by Thurs" names no place
        *["mon", "tue", "tues", "wed", "weds", "thu", "thur", "thurs", "fri", "sat"],
        *["jan", "feb", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"],
    ]
)


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
