"""Place spans: the part of a message that says where (a place phrase, a named place with its
spot, a street address, a venue), and how a where-answer is phrased."""

from __future__ import annotations

import re
from collections.abc import Collection

from agent.plan import timeexpr as tx
from agent.plan.people import PERSON_NOUNS
from memory_store.indexes.tokenize import STOPWORDS

from .items import COMMON_WORDS
from .lexicon import NOT_NAMES, PERSON_TITLES
from .phrases import PLAIN_VERBS
from .text import terms

# "Rook & Pawn", "Kettle & Crumb": an ampersand joins one name.
# (a capital and a letter: "R9k" is a sum in rand, not a name)
_TITLE = re.compile(
    r"\b[A-Z][^\W\d_][\w'’-]*(?:\s+(?:de|da|del|of|the|van|von|&)?\s*[A-Z][^\W\d_][\w'’-]*)*"
)

_CLAUSE = re.compile(r"[^,.;!?]+")
# "Mrs Petersen", "Dr. Okafor": a person by their title (not "Mrs Kim's Kitchen")
PERSON_TITLE = re.compile(
    rf"(?:{'|'.join(sorted(t.capitalize() for t in PERSON_TITLES))})\b(?!['’]s)\.?\s+\w+(?!['’]s)\b"
)


# The prepositions a place phrase opens with ("at Casa Verde", "under the blue plant pot").
PLACE_PREPOSITIONS = (
    "at", "in", "to", "from", "near", "inside", "under", "behind", "beside", "outside",
    "opposite", "by", "next to",
)  # fmt: skip

# Prepositions that place only before a determiner: "by the bins", "next to the sailing club";
# not "by friday", "by bus", "next to nothing".
_BEFORE_DETERMINER = frozenset(["by", "next to"])

_PREPOSITION = "|".join(p.replace(" ", r"\s+") for p in PLACE_PREPOSITIONS)

# (an ampersand joins one name, in lower case too: "went to tegel & co in ottery")
# (not "flies in from gqeberha": a preposition opens no place phrase, the next one does)
_PLACE = re.compile(
    rf"\b(?:{_PREPOSITION})\s+(?!(?:{_PREPOSITION})\b)"
    r"((?:the\s+|my\s+|our\s+|a\s+)?"
    r"(?:[^\W\d_][\w'’-]*(?:\s+&)?\s+){0,2}[^\W\d_][\w'’-]*)",
    re.IGNORECASE,
)

# A street, said in lower case as often as not: "the new-ish block on osier road", "the lab on
# mill street". "on" places only before one ("on tuesday", "on the list" do not).
_STREET_WORDS = (
    r"road|rd|street|st|lane|avenue|ave|close|drive|crescent|terrace|grove|row|parade|"
    r"high\s+street|market|square"
)

STREET = re.compile(rf"\b(?:{_STREET_WORDS})$", re.IGNORECASE)
_ON_STREET = re.compile(
    rf"\b(on)\s+((?:the\s+)?(?:[^\W\d_][\w'’-]*\s+){{0,2}}?(?:{_STREET_WORDS}))\b",
    re.IGNORECASE,
)

# the body: "the ligament in his knee", "a pain in my neck" (not "back": "out the back")
_BODY = re.findall(
    r"\w+",
    """knee knees ankle ankles arm arms leg legs hand hands foot feet shoulder shoulders wrist
    wrists neck eye eyes ear ears tooth teeth chest stomach tummy hip hips elbow elbows finger
    fingers toe toes throat""",
)
_NOT_PLACE = frozenset(
    [
        *_BODY,
        *re.findall(
            r"\S+",
            """the a an my our it this that all least last first time morning evening night week
            weekend month year end bit while case fact general mind me you him her them us touch
            instead""",
        ),
        # idioms, not places: "in other news", "in person", "in the meantime", "we're in this
        # together", "by the way"
        *re.findall(
            r"\S+",
            """news person together trouble love total advance future particular addition charge
            theory secret moment meantime principle order way""",
        ),
        # weather ("seven locks up in the rain") and seasons, which are times ("the yards book
        # up fast in spring")
        *re.findall(r"\S+", "rain sun snow dark cold heat wind spring summer autumn winter"),
        # a stretch of time: "did mine in a day", "in like 10 mins"
        *re.findall(r"\S+", "day days hour hours minute minutes mins jiffy like"),
        # a meal is a time: "see you at lunch"
        *re.findall(r"\S+", "lunch dinner breakfast brunch lunchtime"),
        # where files and messages go: "costume photos are in the team folder"
        *re.findall(
            r"\S+",
            """folder folders drive inbox chat group thread doc docs spreadsheet sheet album
            calendar app email link channel""",
        ),
    ]
)


# Days and months, as chat shortens them too ("may" and "mar" are words as well).
_CALENDAR = frozenset({*tx.WEEKDAYS, *tx.MONTHS} - {"may", "mar"})


def place_phrase(
    text: str, wanted: set[str], skip: Collection[str], *, origin: bool = True
) -> str | None:
    """A prepositional place phrase ("in piotr's car", "at lemongrass"), preferring one whose
    words the question does not already hold: the question asks for what it does not know.
    `origin`: "from Kyoto" may answer (where is it from?); otherwise it is where one was, not
    where it is ("where is the crag trip?" / "I'm back from Kyoto on the 14th")."""
    best: tuple[int, str] | None = None
    # (preposition, phrase): a street is whole; another phrase stops at its first function word
    places = [
        (m.group(0)[: m.start(1) - m.start(0)].strip(), _trim_phrase(m.group(1).strip(" ,.!?")))
        for m in _PLACE.finditer(text)
    ]
    places += [(m.group(1), m.group(2).strip(" ,.!?")) for m in _ON_STREET.finditer(text)]
    for prep, phrase in places:
        if " ".join(prep.lower().split()) in _BEFORE_DETERMINER and not re.match(
            r"(?:the|my|our|his|her|their|a)\s", phrase, re.IGNORECASE
        ):
            continue
        if not origin and prep.lower() == "from":
            continue
        words = phrase.lower().split()
        # "in our garden instead", "at tampines central right?"; not "on the right"
        while len(words) > 1 and words[-1] in _AFTER_PLACE and words[-2] not in _DETERMINERS:
            words, phrase = words[:-1], phrase.rsplit(None, 1)[0]
        home = words[0] in _HOMES or words[0].endswith(("'s", "’s"))  # "come to mine"
        went = prep.lower() == "to" and _WENT_TO.search(text[: text.find(f"{prep} {phrase}")])
        if went and not _verb_like(words[0]):
            home = True  # "went to stride lab after work", "bring it to wheelhouse"
        if prep.lower() == "to" and not (phrase[:1].isupper() or words[0] in _DETERMINERS or home):
            continue  # "to try yudofu" is a verb, "to Leipzig" a place
        if not words or words[-1] in _NOT_PLACE or all(w in _NOT_PLACE for w in words):
            continue
        if words[0] in _CALENDAR:  # "Fri 21st to Mon 24th": a day, however it is cased
            continue
        if any(w in _IDIOM_WORDS for w in words[:2]):  # "in other news pickles ate…"
            continue
        for s in skip:  # "from hound haven saturday": the place, without its day
            at = phrase.lower().find(s)
            if at > 0 and phrase.lower().endswith(s):
                phrase = phrase[:at].rstrip(" ,")
        words = phrase.lower().split()
        if not words or any(s in phrase.lower() for s in skip):
            continue
        new = len(terms(phrase) - wanted) or int(words[0] in _HOMES)  # "yours" is a stop word
        score = new * 2 + ("'" in phrase or "’" in phrase) + any(c.isupper() for c in phrase)
        if best is None or score > best[0]:
            best = (score, f"{prep} {phrase}")
    if not best or best[0] <= 0:
        return None
    return _with_place_after(text, best[1])


# A going that ends where "to" points, written in lower case as often as not: "went to
# stride lab", "drove up to levin", "bring it to wheelhouse on the quay". Not the future's
# "going to", whose "to" opens a verb.
_WENT_TO = re.compile(
    r"\b(?:went|headed|drove|popped|walked|cycled|flew|(?:bring|take|took|brought|send|sent|"
    r"drop|dropped)\s+(?:it|them|him|her))(?:\s+(?:up|down|over|back|round|across|out|off))?"
    r"\s+$",
    re.IGNORECASE,
)
# Words after such a "to" that are a verb's, not a place's: "went to see", "took it to get
# fixed", "went to bed".
_AFTER_TO_VERBS = frozenset(
    re.findall(
        r"\S+", "see pick grab check visit sleep bed help work play stay wait sort cook fetch"
    )
)


def _verb_like(word: str) -> bool:
    return (
        word in COMMON_WORDS
        or word in PLAIN_VERBS
        or word in _AFTER_TO_VERBS
        or word in STOPWORDS
        or _VERB_FORM.search(word) is not None
    )


# A spot, then the place it is in: "behind the paint cans in his garage".
_SPOT_PREPOSITIONS = re.compile(
    r"^(?:behind|under|underneath|beneath|inside|on\s+top\s+of|next\s+to|beside|"
    r"in\s+front\s+of|at\s+the\s+back\s+of)\s",
    re.IGNORECASE,
)
_IN_PLACE = re.compile(
    r"\s+(?:in|at)\s+((?:the|my|our|his|her|their|your|[\w'’-]+['’]s)\s+(?:[^\W\d_][\w'’-]*\s+)?"
    r"[^\W\d_][\w'’-]*)",
    re.IGNORECASE,
)


def _with_place_after(text: str, phrase: str) -> str:
    """A spot with the place it is in, when the message says it next ("behind the paint cans
    in his garage"): the spot alone leaves out where."""
    if not _SPOT_PREPOSITIONS.match(phrase):
        return phrase
    at = text.lower().find(phrase.lower())
    after = _IN_PLACE.match(text, at + len(phrase)) if at >= 0 else None
    if after is None or any(w in _NOT_PLACE for w in after.group(1).lower().split()[1:]):
        return phrase
    return f"{phrase}{text[at + len(phrase) : after.end()]}"


_DETERMINERS = frozenset(["the", "my", "our", "a", "his", "her", "their", "your"])
# Words of the idioms a preposition opens, wherever the phrase runs on: "in other news",
# "in any case", "in the meantime".
_IDIOM_WORDS = frozenset(
    [
        "news",
        "person",
        "meantime",
        "fact",
        "general",
        "case",
        "total",
        "advance",
        "particular",
        "addition",
        "theory",
        "principle",
        "order",
        "charge",
        "secret",
        "moment",
        "trouble",
        "love",
        "touch",
        "real",  # "gorgeous in real life"
        "life",
        "for",  # "I'm in for the annual too", "in for a treat": joining, not a place
    ]
)

# Someone's home, said by whose it is: "come to mine", "at yours".
_HOMES = frozenset(["mine", "yours", "ours", "theirs", "hers", "his"])

# Words that end a clause after its place: "in our garden instead", "at the pub again".
_AFTER_PLACE = frozenset(["instead", "together", "again", "too", "now", "then", "first", "right"])


# What a place is called by: its head ("the raumati *bowling club*", "under your *carport*"),
# or the word before its name ("*camp* kahikatea", "*mt* holdsworth").
_PLACE_HEADS = (
    "hut|huts|club|camp|campsite|campground|street|st|road|rd|lane|ave|avenue|market|park|beach|"
    "bay|pub|bar|cafe|café|restaurant|hall|centre|center|lake|river|hotel|motel|hostel|station|"
    "airport|hospital|clinic|school|church|library|gym|pool|track|trail|island|valley|hill|"
    "mountain|garage|carport|shed|garden|backyard|attic|loft|basement|driveway|shop|store|"
    "studio|bakery|venue|arena|stadium|field|court|square|pier|jetty|wharf|harbour|harbor|"
    "marina|village|town|city|farm|barn|cottage|cabin|lodge|inn|tavern|brewery|winery|"
    "vineyard|museum|gallery|theatre|theater|cinema|zoo|aquarium|reserve|domain|gardens|"
    "crescent|terrace|quay|esplanade|parade|falls|springs|saddle|summit|peak|ridge|forest|"
    "bach|yard|resort"
)


def place_head(word: str | None) -> bool:
    """Whether `word` is a kind of place a name can end in ("hospital", "hall", "resort")."""
    return bool(word) and re.fullmatch(rf"(?:{_PLACE_HEADS})", str(word), re.IGNORECASE) is not None


# A business by what it does ("eastgate physio", "the quayside vets"): a place when the
# question asks where that kind of business is (`kind_named`).
_BUSINESS = frozenset(
    re.findall(
        r"\S+",
        "physio physios dentist dentists vet vets surgery salon barber barbers hairdresser "
        "hairdressers optician opticians pharmacy chemist takeaway chipper deli butcher butchers "
        "florist spa mechanic mechanics garage",
    )
)


def kind_named(text: str, question: str, skip: Collection[str]) -> str | None:
    """ "where's that physio niamh goes to?" / "eastgate physio, ask for hannah": the business
    the question names by its kind, named by the word before that kind in a message."""
    asked = [w for w in re.findall(r"[a-z]+", question.lower()) if w in _BUSINESS]
    for kind in asked:
        m = re.search(rf"\b([^\W\d_][\w'’&-]+)\s+{kind}s?\b", text, re.IGNORECASE)
        word = m.group(1).lower() if m else ""
        plain = word not in STOPWORDS and word not in _DETERMINERS and word not in _LEADING
        if m and plain and word not in skip and not _VERB_FORM.search(word):
            return f"{m.group(1)} {kind}"
    return None


_BEFORE_NAME = "mt|mount|lake|camp|port|fort|cape|glen|loch|isle|st"
_HEADED = re.compile(
    rf"\b(?:{_BEFORE_NAME})\.?\s+[^\W\d_][\w'’-]{{2,}}(?:\s+(?:{_PLACE_HEADS}))?\b|"
    rf"\b(?:(?:the|our|my|your|his|her|their)\s+)?(?:[^\W\d_][\w'’&-]*\s+){{0,2}}"
    rf"(?:{_PLACE_HEADS})\b",
    re.IGNORECASE,
)


_LEADING = frozenset(["also", "and", "so", "then", "but", "just", "oh", "ok", "btw"])
_VERB_FORM = re.compile(r"(?:ing|ed)$")


def placed_after_preposition(text: str, name: str) -> bool:
    """Whether `name` is written after a place preposition ("in NYC", "at the Rook & Pawn")."""
    at = text.find(name)
    before = text[max(0, at - 30) : at] if at >= 0 else ""
    return bool(re.search(rf"\b(?:{_PREPOSITION})\s+(?:\S+\s+){{0,2}}$", before, re.IGNORECASE))


def place_like(phrase: str) -> bool:
    """Whether a phrase says a place by its kind: "in the club calendar" does not."""
    words = [w.lower().strip(".,!?") for w in phrase.split()]
    words = [w for w in words if w not in PLACE_PREPOSITIONS and w not in _DETERMINERS]
    head = bool(words) and place_head(words[-1])
    before = re.fullmatch(rf"(?:{_BEFORE_NAME})\.?", words[0]) if len(words) > 1 else None
    return bool(head or before)


def headed_place(text: str, wanted: set[str], skip: Collection[str]) -> str | None:
    """A place said by its kind without a preposition ("booked the raumati bowling club
    instead", "camp kahikatea out past akatarawa"), with a word the question does not hold."""
    for m in _HEADED.finditer(text):
        phrase = _trim_phrase(m.group(0).strip())
        raw = phrase.lower().split()
        while raw and raw[0] in _LEADING:  # "also mia's camp"
            raw = raw[1:]
        phrase = " ".join(phrase.split()[len(phrase.split()) - len(raw) :])
        words = raw[1:] if raw and raw[0] in _DETERMINERS else raw
        # a name and its kind, not a verb's object ("selling the cabin"); "bowling club" is one
        if not words or any(w in skip or w in STOPWORDS for w in words):
            continue
        if len(raw) > 1 and _VERB_FORM.search(raw[0]) and raw[1] in _DETERMINERS:
            continue
        if terms(phrase) - wanted and len(words) > 1:
            return phrase
    return None


def _trim_phrase(phrase: str) -> str:
    """Stop a place phrase at the first function word after its start ("Casa Verde was so
    good" → "Casa Verde")."""
    words = phrase.split()
    for i, w in enumerate(words[1:], start=1):
        # "behind the green watering can": a noun's last word, not the verb "can"
        noun = (
            i == len(words) - 1 and w.lower() in _NOUN_TOO and words[i - 1].lower().endswith("ing")
        )
        joined = words[i - 1] == "&"  # "mosaic & more": an ampersand's word is the name's
        if w.lower() in STOPWORDS and w.lower() not in _DETERMINERS and not noun and not joined:
            return " ".join(words[:i])
    return phrase


# Function words that also end a compound noun ("watering can").
_NOUN_TOO = frozenset(["can"])


def named_place(text: str, wanted: set[str], skip: Collection[str]) -> str | None:
    """A name written in the same clause as one of the question's words ("Nishiki Market for
    lunch"), nearest that word; None when no clause holds both."""
    best: tuple[int, str] | None = None
    for clause in _CLAUSE.finditer(text):
        words = terms(clause.group(0))
        if not words & wanted:
            continue
        low = clause.group(0).lower()
        spots = [low.find(t[:4]) for t in wanted if low.find(t[:4]) >= 0]
        for m in _TITLE.finditer(clause.group(0)):
            name = m.group(0)
            # "at The Olive Shed in Mowbray": a name may open on its article
            core = name.split()[1:] if name.lower().startswith("the ") else name.split()
            if any(w.lower() in NOT_NAMES for w in core):
                continue  # a day or a month is a time, not a place
            if PERSON_TITLE.match(name) and not left_with(name, clause.group(0)):
                continue  # "Mrs Petersen is a gem": a person, not a place
            opening = not clause.group(0)[: m.start()].strip()
            if " " not in name and opening:
                continue  # one capital opening a sentence: "Wait a couple of hours", no name
            if opening and name.split()[0].lower() in PLAIN_VERBS | COMMON_WORDS:
                continue  # "Tell Isla her Papa is proud": a verb opening it, and whom it asks of
            if all(w.lower() in PERSON_NOUNS for w in name.split()):
                continue  # "her Papa", "Mama": kin, called as a name is
            if name.lower() in skip or terms(name) <= wanted:
                continue
            if names_a_kind(clause.group(0)[m.end() :], name):
                continue  # "some Kyoto snacks": snacks of a kind, bought where they may be
            d = min((abs(m.start() - s) for s in spots), default=len(low))
            if best is None or d < best[0]:
                best = (d, name)
    return best[1] if best else None


def left_with(person: str, text: str) -> bool:
    """Whether a person by their title is where something is left or someone goes: "a spare
    key with my neighbour Mrs Okafor", "dropped it round to Mrs Healy's"."""
    pattern = rf"\b(?:with|at|to|from|by)\s+(?:[\w'’]+\s+){{0,2}}{re.escape(person)}"
    return re.search(pattern, text, re.IGNORECASE) is not None


def names_a_kind(after: str, name: str) -> bool:
    """Whether a name is the modifier of the noun after it ("Kyoto snacks", "Castle Crags
    guidebook"), not a place: a lower-case noun follows that is no kind of place."""
    nxt = re.match(r"\s+([a-z]+)\b", after)
    if nxt is None or nxt.group(1) in STOPWORDS or nxt.group(1) in PLACE_PREPOSITIONS:
        return False
    word = nxt.group(1)
    timed = word in tx.WEEKDAYS or word in tx.MONTHS  # "Casa Verde saturday"
    return not (place_like(f"{name} {word}") or _PLAIN_LOWER.fullmatch(word) or timed)


# Words after a name that go on the clause, not name a kind: "Kyoto tomorrow", "Marlow now".
_PLAIN_LOWER = re.compile(
    r"tomorrow|today|tonight|yesterday|now|again|too|then|instead|first|later|soon|last|next|"
    r"every|early|late|"
    r"\w+ly|\w+ing|\w+ed"
)


_NO_SPOT = frozenset(["one", "ones", "thing", "things", "other", "same", "rest"])


def with_spot(text: str, name: str) -> str:
    """A named place with the spot in it that the message gives ("the bandstand in Marlow
    Park", "the café at Elm Pavilion"): a person meets at the bandstand, not in the park."""
    m = re.search(
        r"\bthe\s+((?:[a-z][\w-]*\s+)?[a-z][\w-]*)\s+(?:in|at|on|by|near|behind)\s+"
        + re.escape(name),
        text,
    )
    if not m or any(w in STOPWORDS or w in _NO_SPOT for w in m.group(1).split()):
        return name
    return text[m.start() : m.end()]


# The street a place is on, after it: "the new clinic *on Fairview Road*", "the chipper *off
# main st*".
_STREET_AFTER = re.compile(
    r"\s+(?:on|in|off|at)\s+((?:[^\W\d_][\w'’-]*\s+){1,2}(?:road|rd|street|st|lane|ln|avenue|ave|"
    r"close|drive|way|place|square|crescent|terrace|row|quay|parade|"
    # where a shop is: "the outlet at denby retail park", "the one in Kirkgate market"
    r"park|estate|centre|center|mall|market)\b\.?)",
    re.IGNORECASE,
)


def on_street(text: str, phrase: str) -> str:
    """`phrase` with the street the message puts it on ("the new clinic on Fairview Road"):
    "the new clinic" alone does not say where to go."""
    at = text.lower().find(phrase.lower())
    street = _STREET_AFTER.match(text, at + len(phrase)) if at >= 0 else None
    if street is None or any(w.lower() in STOPWORDS for w in street.group(1).split()[:-1]):
        return phrase
    return f"{phrase}{text[at + len(phrase) : street.end()]}".rstrip(".")


# A street address: "14 Larkfield Road", "Dunmore Street, number 14".
_ADDRESS = re.compile(
    r"\b(?:\d+[a-z]?\s+)?(?:[A-Z][\w'-]+\s+){1,2}(?:Road|Rd|Street|St|Lane|Ln|Avenue|Ave|"
    r"Close|Drive|Way|Place|Square|Crescent|Terrace|Gardens|Grove|Hill|Row|Walk)\b"
    r"(?:,?\s+(?:number\s+\d+|[A-Z][a-z]+))?",
)


def address(text: str) -> str | None:
    """The first street address a message gives with its number ("14 Larkfield Road"); a
    street alone ("Tapwell on North Street") is a place phrase like any other."""
    for m in _ADDRESS.finditer(text):
        if re.search(r"\d", m.group(0)):
            return m.group(0)
    return None


# A venue named with its street or area: "Tapwell on North Street", "Casa Nube in Elm Row".
_VENUE = re.compile(
    r"\b([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*)\s+(?:on|in|at|off)\s+([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*)"
)


def venue(text: str, skip: Collection[str]) -> str | None:
    """A name with the street or area it is on, the new place a change of plan gives
    ("Tapwell on North Street can do us their upstairs room instead"): the name alone may
    open the sentence, which `named_place` does not take for a name."""
    for m in _VENUE.finditer(text):
        words = m.group(0).split()
        if any(w.lower() in NOT_NAMES or w.lower() in skip for w in words):
            continue
        return m.group(0)
    return instead_of(text)


def instead_of(text: str) -> str | None:
    """The place a change of plan proposes: "can we do the orchard instead?" → "the orchard"."""
    instead = _INSTEAD.search(text)
    return instead.group(1) if instead else None


def moved_to(text: str) -> str | None:
    """The place a plan is said to move to: "the Hamburg venue cancelled on us, so we're
    moving it to Leipzig" → "Leipzig"; not a day ("moved it to friday")."""
    for m in _MOVED_TO.finditer(text):
        place = m.group(1).strip()
        first = place.split()[-1].lower() if place.lower().startswith(("the ", "a ")) else ""
        if place.split()[0].lower() in _NOT_PLACE_START or first in _NOT_PLACE_START:
            continue
        return place
    return None


# "we're moving it to Leipzig", "switched to the Old Granary", "it's now at Casa Albero",
# "the concert's MOVING to the Warrender Hall" (the verb in any case, the name in capitals)
_MOVED_TO = re.compile(
    r"\b(?i:mov(?:e|ed|ing)\s+(?:it|us|things|everything|the\s+\w+)\s+to|now\s+at|"
    r"switch(?:ed|ing)?\s+(?:it\s+)?to|mov(?:ed|ing)\s+to)\s+"
    r"([A-Z][\w'’&-]*(?:\s+(?:&\s+)?[A-Z][\w'’-]*)*|(?:the|a)\s+[^\W\d_][\w'’-]*"
    r"(?:\s+[^\W\d_][\w'’-]*)?)"
)
# Words a moved plan's day opens with: "moved to friday", "moving it to the 18th".
_NOT_PLACE_START = (
    frozenset(tx.MONTHS)
    | frozenset(tx.WEEKDAYS)
    | frozenset(
        re.findall(
            r"\S+",
            """next this tomorrow tonight today weekend week morning afternoon evening night day
            date time""",
        )
    )
)


# The place a change of plan puts in the old one's stead: "can we do the orchard instead?",
# "let's go to the bandstand instead".
_INSTEAD = re.compile(
    r"\b(?:do|try|use|book|have\s+it\s+at|go\s+to|move\s+(?:it\s+)?to|switch\s+to)\s+"
    r"((?:the|a)\s+[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)\s+instead\b",
    re.IGNORECASE,
)

# "where did she go?" is answered "to Leipzig"; "where is the offsite now?" by "Leipzig": the
# "to" of "we're moving it to Leipzig" is the move's, not the place's.
_MOTION = re.compile(
    r"\b(?:go|goes|going|gone|went|move[sd]?|moving|fly|flew|flying|drive|drove|travel\w*|"
    r"head\w*|get|got|send|sent|take|took)\b",
    re.IGNORECASE,
)


# "which town did he go to?" asks for the town: "Levin", not "to Levin"
_WHICH = re.compile(r"^\W*(?:which|what)\b", re.IGNORECASE)


def where_it_is(phrase: str, question: str) -> str:
    if phrase.lower().startswith("to ") and (
        not _MOTION.search(question) or _WHICH.search(question)
    ):
        return phrase[3:]
    return phrase
