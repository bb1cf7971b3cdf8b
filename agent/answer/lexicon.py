"""Which words of a store are names: people's (`person_names`: capitalised more often than
not, or pointed at by a cue such as "my cousin remy", "hi ines", "marco from climbing") and
places' (`place_names`), and the words that never are (`NOT_NAMES`). Chat is written in lower
case, so a name is known by how the whole store writes it, not by one message."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence

from agent.plan.mentions_base import IRREGULAR_PAST
from agent.plan.people import PERSON_NOUNS
from memory_store.indexes.tokenize import STOPWORDS

from .items import COMMON_WORDS
from .phrases import PLAIN_VERBS

__all__ = [
    "FILLER",
    "NOT_NAMES",
    "PRONOUNS",
    "WHEN_WORDS",
    "may_be_name",
    "person_names",
    "place_names",
]

_MID_SENTENCE_WORD = re.compile(r"(?<=[a-z,;:] )([A-Za-zÀ-ÿ][a-zà-ÿ]+)\b")

WHEN_WORDS = frozenset(
    ["yesterday", "today", "tonight", "tomorrow", "tmrw", "now", "later", "soon", "again"]
)


FILLER = frozenset(
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
# (or one who has done it: "Piotr's said he'll pick it up", "Kemi's offered")
_OPENING_DOER = re.compile(
    r"(?:^|[.!?]\s+)([A-Z][a-z]{2,})['’]s\s+(?:[a-z]{3,}ing|said|offered|agreed|promised|"
    r"volunteered|booked|sorted|arranged)\b"
)
# "congrats priya!!", "well done mere": a person congratulated by name
_CONGRATULATED = re.compile(
    r"\b(?:congrats|congratulations|well\s+done)\s+([^\W\d_]{3,})(?=\s*(?:[,.!?]|$|[^\w\s]))"
)


_NOT_SUBJECT_NAMES = WHEN_WORDS | frozenset(
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


PRONOUNS = frozenset(
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
# Titles a name follows: "Dr. Ortiz", "mrs patel".
# "Profe Ramiro", as Spanish calls a teacher
PERSON_TITLES = frozenset(
    re.findall(r"\S+", "mr mrs ms miss dr doctor prof professor profe sir dame")
)
_KIN_TITLES = PERSON_TITLES | frozenset(
    re.findall(
        r"\S+", "aunt auntie uncle cousin nan nana gran granny grandma grandpa sir lady coach"
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
        and w not in FILLER
        and w not in PRONOUNS
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
        "god jesus christ lord heaven "
        # a contraction typed without its apostrophe, opening a sentence: "Ill do a hamper"
        "ill ive youre theyre thats whats heres theres hes shes cant dont wont didnt doesnt "
        "isnt wasnt arent werent havent hasnt hadnt couldnt wouldnt shouldnt",
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
        # greetings and cheers before a name: "Congrats Caroline!", "Wow Jon" name no title
        *["hello", "thank", "congrats", "congratulations", "cheers", "wow", "yay", "sorry"],
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


def lower_case_names(texts: Sequence[str]) -> set[str]:
    """Names a chat only ever writes in lower case: a word that opens a clause as
    the subject of a person's verbs at least twice ("chris is right here", "chris called
    last night") and is never written after a determiner, as a thing is ("the glass is
    cracked"). The people a question may name ("…the cabin for chris?", whom a follow-up's
    "him" then means) and a message may ("i pick chris up friday at 3")."""
    subject: Counter[str] = Counter()
    determined: set[str] = set()
    apposed: set[str] = set()
    titled: set[str] = set()  # "my neighbour mrs healy"
    used: set[str] = set()
    for text in texts:
        low = text.lower()
        subject.update(m.group(1) for m in _LOWER_SUBJECT.finditer(low))
        for m in _APPOSED.finditer(low):
            if _named(m):
                (titled if m.group("title") else apposed).add(m.group("name"))
        used.update(_USED_AS_WORD.findall(low))
        for m in _DETERMINED_WORD.finditer(low):
            # "the glass guy", "the new glass"; not "my mate chris", a person by who they are
            determined.add(m.group(1))
            if m.group(2) and m.group(1) not in PERSON_NOUNS:
                determined.add(m.group(2))
    # "my friend dumisani is a pro photographer": who they are says a person is named, unless
    # the word is one a person does or is ("i always", "so happy")
    # (a name after a title may end as an adverb does: "mrs healy")
    apposed = {w for w in apposed - used - determined - _NOT_APPOSED if may_be_name(w)}
    apposed |= titled - determined
    found = {
        w
        for w, n in subject.items()
        if n >= _SUBJECT_TIMES and w not in determined and may_be_name(w) and w not in PRONOUNS
    }
    return (found | apposed) - _NOT_PERSONS  # "god is good" twice names no one


_SUBJECT_TIMES = 2
_LOWER_SUBJECT = re.compile(
    # (accented letters too: "gérard asked me to work friday")
    r"(?:^|[.!?,;]\s*|\b(?:and|but|so|also|plus|with|w|btw)\s+)([^\W\d_A-Z]{3,})(?:['’]s)?\s+"
    r"(?:is|was|has|had|will|would|can|could|did|does|said|says|called|texted|rang|messaged|"
    r"asked|told|thinks|reckons|wants|loves|got|gets|never|always|and\s+i)\b"
)
_APPOSED = re.compile(
    r"\b(?:my|our|his|her|their|ur|your)\s+(?:best\s+|old\s+|little\s+|big\s+)?"
    rf"(?:{'|'.join(sorted((n for n in PERSON_NOUNS if ' ' not in n), key=len, reverse=True))})"
    r"\s+(?P<title>(?:mr|mrs|ms|dr)\.?\s+)?(?P<name>[a-z]{3,})\b(?!['’])"
)
# What follows a name put after who the person is: the sentence's end, a verb of a person
# ("is", "said"), or a surname ("gadija petersen"); not "my cousin *flies* in"
_AFTER_NAME = re.compile(
    r"\s*(?:$|[.,!?;:)(]|\s(?:and|is|was|has|had|said|says|will|would|who|from|just|can|could)"
    r"\b|['’]s\b)"
)
_NEXT_WORD = re.compile(r"\s+([a-z]{3,})\b")
# Words that follow "my mum" as a person's habit or mood, not their name: "my mum always says"
_NOT_APPOSED = frozenset(
    re.findall(r"\w+", "always never ever often usually still happy sad glad per flies")
)
_USED_AS_WORD = re.compile(r"\b(?:i|you|he|she|we|they|im|so|very|really)\s+([a-z]{3,})\b")


def _named(m: re.Match[str]) -> bool:
    after = m.string[m.end() :]
    if _AFTER_NAME.match(after):
        return True
    surname = _NEXT_WORD.match(after)
    return surname is not None and may_be_name(surname.group(1))


_DETERMINED_WORD = re.compile(
    r"\b(?:the|a|an|my|our|your|his|her|their|this|that|these|those|some|any|every|each|no|"
    r"its)\s+([a-z'’-]+)(?:\s+([a-z]{3,})\b)?"
)
