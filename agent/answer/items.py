"""The item a message names, as a short span: "the salt orchard", "lake wirth", "mulled wine".

Chat writes names in lower case, so capitals cannot find them. A name is a run of content
words (no stop words, time words, verbs or words of the question) and is rare in the store;
the item of a message is its rarest run, early runs preferred (the object comes before the
"at the market today"), runs joined across "of"/"by" ("summer of owls"). An enumeration names
several ("pierogi, tortilla"); an apposition names one ("fjordly, the logistics startup").
Two spans sharing a rare word are one item ("elm road" and "the elm road agent").
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from agent.plan import timeexpr as tx
from memory_store.indexes.tokenize import STOPWORDS
from memory_store.models import StoredMessage

from .text import CURRENCY, REQUEST_TERMS, TermWeights, terms

_CLAUSE = re.compile(r"[,.!?;:()\[\]\"“”…]+|\s[-–—]\s|\s+(?:but|so|because|then|and\s+then)\s+")
_CLAUSE_OR_COLON = re.compile(r"[.!?;:()\[\]\"“”…]+|\s[-–—]\s")
_ENUMERATION = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&|\+)\s+")
# ", the logistics startup" at a clause's end describes what comes before it.
_DESCRIBED = re.compile(
    r",\s*(?:the|a|an)\s+(?:(?!\b(?:and|or)\b)[^,.!?;:])*(?=[.!?;:]|$)", re.IGNORECASE
)
_DETERMINERS = frozenset(["the", "a", "an", "my", "our", "some", "his", "her", "their"])
_WRITER = frozenset(["i", "we", "i'll", "we'll", "i've", "we've", "i'm", "we're", "ive", "ill"])
_WORD = re.compile(r"[^\W\d_][\w'’-]*|\S+", re.UNICODE)
_JOINERS = frozenset(["of", "by"])
# Chat filler, time words and common verbs: never part of a name.
COMMON_WORDS = frozenset(
    re.findall(
        r"\S+",
        """
        just really so very too also lol haha ok okay yes yeah no nope omg pls please thanks
        thank ugh oh wow hey hi new little big best good great nice fun first second next last
        one ones today tonight tomorrow yesterday morning evening night week weekend month year
        day time monday tuesday wednesday thursday friday saturday sunday now soon later ago
        again still get got go went going come came make made making bring bringing brought take
        took do did doing done see saw seen watch watched look looked think thought want wanted
        love loved try tried buy bought have has had say said tell told let need needed feel
        felt keep kept can could will would should might must i'll i'm i've i'd we'll we're
        you're it's that's he's she's they're there's what's who's anyone everyone someone thing
        things stuff lot bit sure trust finally already actually maybe probably pretty kind sort
        way end till until nowhere somewhere anywhere everywhere number third fourth fifth sixth
        news update btw fyi place places spot since whoever whatever whichever wherever
        fine problem brilliant amazing perfect lovely sorry cheers forgot forget nearly another
        let's lets main far heads unreal honestly literally basically anyway idea thought
        cant dont wont didnt doesnt isnt wasnt arent werent havent hasnt hadnt couldnt wouldnt
        shouldnt im ive ill id youre theyre thats whats heres theres lets u ur ya
        two three four five six seven eight nine ten half dozen couple
        thx ty tbh idk imo ikr nvm lmao deal congrats xx
        pages mins minutes hours miles km quid pounds dollars euros percent
        """,
    )
)
# Capitalised words, joined across the small words titles keep lower case.
_TITLE = re.compile(r"\b[A-Z][\w'’-]*(?:\s+(?:(?:and|of|the|de|la|del|von|van)\s+)*[A-Z][\w'’-]*)*")
_LOWER_IN_TITLES = frozenset(["and", "of", "the", "de", "la", "del", "von", "van"])
_DAYS = frozenset(
    re.findall(
        r"\S+",
        """january february march april may june july august september october november december
        monday tuesday wednesday thursday friday saturday sunday today tonight tomorrow""",
    )
)
# Days as chat shortens them (the calendar's own words): never an item, though "Sun" ends a
# title ("Klara and the Sun").
_SHORT_DAYS = _DAYS | frozenset(tx.WEEKDAYS) | frozenset(tx.MONTHS) | {"tmrw"}
_SEASONS = frozenset(["spring", "summer", "autumn", "fall", "winter"])
# "fri-sun", "mon–wed": a stretch of days, not a thing
_DAY_RANGE = re.compile(r"^[a-z]+[-–][a-z]+$")
# How much an earlier run is preferred over a later one.
_POSITION = 0.7


@dataclass(frozen=True)
class Item:
    span: str
    message: StoredMessage
    keys: frozenset[str]  # its rare terms: what two mentions of one item share


def items_of(
    m: StoredMessage, skip: set[str], weights: TermWeights, names: Collection[str] = ()
) -> list[Item]:
    """The items `m` names: its capitalised names when it is written with capitals ("Klara
    and the Sun"), else those of an enumeration ("pierogi, tortilla", "the onboarding revamp,
    the pricing dashboard and the vendor audit"), else its rarest run, else none. `skip`:
    terms that are not an item (the question's)."""
    titled = [item_of_run(t, m, weights) for t in _titled(m.text, skip | REQUEST_TERMS, names)]
    if titled:
        return titled
    listed = enumerated(m, skip, weights, names)
    if listed:
        return listed
    skip = skip | REQUEST_TERMS
    text = _DESCRIBED.sub("", m.text)  # "fjordly, the logistics startup": fjordly
    runs = [run for clause in _CLAUSE.split(text) for run in runs_of(clause, skip, names)]
    # "spring concert is saturday": a season alone is when, not what
    runs = [run for run in runs if not _owner(run, text) and not set(run) <= _SEASONS]
    if not runs:
        return []
    # Rarer words name things; of two runs as rare, the earlier is the object.
    scores = [_rarity(run, weights) * _POSITION**n for n, run in enumerate(runs)]
    return [item_of_run(runs[scores.index(max(scores))], m, weights)]


def _titled(text: str, skip: set[str], names: Collection[str]) -> list[list[str]]:
    """Capitalised names, lower-cased: two or more capitalised words ("Castle Crags", "Klara
    and the Sun"), or one that does not open a sentence ("to Osaka"). Not the speakers', not
    the question's words, not "I"."""
    out = []
    for hit in _TITLE.finditer(text):
        words = hit.group(0).split()
        opens = hit.start() == 0 or bool(re.search(r"[.!?:]\s*$", text[: hit.start()]))
        capitals = [w for w in words if w[0].isupper()]
        if len(capitals) < 2 and (opens or words[0] in ("I", "I'm", "I'll", "I've", "I'd")):
            continue
        if _owner(words, text):
            continue
        low = _trimmed([w.lower() for w in words])
        low = [w for w in low if not _PRICE_WORD.fullmatch(w)]  # "R220pp a night"
        if all(terms(w) <= skip or w in names or w in _LOWER_IN_TITLES for w in low):
            continue
        out.append(low)
    return out


def _owner(run: list[str], text: str) -> bool:
    """ "at Marta's place": a lone possessive before what is theirs names whose it is, not a
    thing; alone, it is often a business ("Pellow's quoted 900")."""
    if len(run) != 1 or not re.search(r"['’]s$", run[0]):
        return False
    return re.search(rf"\b{re.escape(run[0])}\s+{_OWNED}", text, re.IGNORECASE) is not None


# What a person's possessive is said of: their home, their family, their do.
_OWNED = (
    r"(?:place|house|flat|home|room|garden|party|do|birthday|wedding|mum|dad|sister|brother|"
    r"car|dog|cat|kids?|wife|husband|partner|girlfriend|boyfriend)\b"
)


def _trimmed(words: list[str]) -> list[str]:
    """Without the time words and filler a capitalised run starts or ends with ("Saturday
    October" is a day, "Castle Crags" the place)."""
    while words and words[0] in COMMON_WORDS | _DAYS | _LOWER_IN_TITLES:
        words = words[1:]
    while words and words[-1] in _DAYS | _LOWER_IN_TITLES:  # "The Remains of the Day" stays
        words = words[:-1]
    return words


def _rarity(run: list[str], weights: TermWeights) -> float:
    idfs = [weights.idf(t) for w in run if w not in _JOINERS for t in terms(w)]
    return sum(idfs) / len(idfs) if idfs else 0.0


# "pellston, wendmouth, st aldric's... and carrick ness": the list trails off and goes on.
_TRAILED = re.compile(r"\s*(?:\.{2,}|…)\s*(?=(?:and|or)\s)", re.IGNORECASE)


def enumerated(
    m: StoredMessage, skip: set[str], weights: TermWeights, names: Collection[str] = ()
) -> list[Item]:
    """The items of an enumeration in `m`, if it has one of two or more."""
    skip = skip | REQUEST_TERMS
    text = _TRAILED.sub(", ", _DESCRIBED.sub("", m.text))
    listed = [run for part in _CLAUSE_OR_COLON.split(text) for run in _listed(part, skip, names)]
    return [item_of_run(run, m, weights) for run in listed] if len(listed) >= 2 else []


def written_out(
    m: StoredMessage, skip: set[str], weights: TermWeights, names: Collection[str] = ()
) -> list[Item]:
    """A list written out in `m` ("suya wrap, plantain fries, jollof arancini, puff puff with
    pepper honey"): three parts or more of a few words each, each as written (its determiner
    aside), when each holds a content word; else none."""
    skip = skip | REQUEST_TERMS
    for part in _CLAUSE_OR_COLON.split(_TRAILED.sub(", ", _DESCRIBED.sub("", m.text))):
        parts, joins = split_enumeration(part)
        parts = [p for p in parts if p.strip()]
        last = _going_on(joins[-1], parts[-1], skip, names) if joins and parts else None
        if last:
            parts[-1] = " ".join(last)  # "… and carrick ness if we stop for lunch"
        if len(parts) < 3 or any(len(_WORD.findall(p)) > 6 for p in parts):
            continue
        said = [[w.lower() for w in _WORD.findall(p)] for p in parts]
        # "I bought bananas, trail mix and…": the writer and their verb open the list
        if len(said[0]) > 2 and said[0][0] in _WRITER and said[0][1] in COMMON_WORDS:
            said[0] = said[0][2:]
        said = [ws[1:] if ws and ws[0] in _DETERMINERS else ws for ws in said]
        if all(ws and runs_of(" ".join(ws), skip, names) for ws in said):
            return [item_of_run(ws, m, weights) for ws in said]
    return []


def item_of_run(run: list[str], m: StoredMessage, weights: TermWeights) -> Item:
    span = " ".join(run)
    # Its rare words identify it; a common one ("road") would join two different items.
    keys = {t for t in terms(span) if weights.doc_freq(t) <= max(3, weights.size // 50)}
    return Item(span, m, frozenset(keys or terms(span)))


def _listed(clause: str, skip: set[str], names: Collection[str]) -> list[list[str]]:
    """An enumeration's items: the last run before the first comma or "and", then every part
    after it that is nothing but a determiner and a run. The part after the "and" or "or"
    that ends a list of three or more may go on ("toffee, chewing gum and hard nuts for a
    week"; "… and carrick ness if we stop for lunch"): its first run is the last item."""
    parts, joins = split_enumeration(clause)
    if len(parts) < 2:
        return []
    rest: list[list[str]] = []
    for n, (join, part) in enumerate(zip(joins, parts[1:], strict=True)):
        if n and CLOSES.search(joins[n - 1]):
            if len(rest) < 2:  # "a way to relax and concentrate, and joining…": no list
                return []
            break  # "hard nuts and ice, and chew on …": the list has ended
        runs = runs_of(part, skip, names)
        if len(runs) == 1 and _bare(part, runs[0]):
            rest.append(runs[0])
            continue
        # Only a list of three or more goes on: of two, "relax and concentrate on it" is as
        # often two verbs (LoCoMo's lists took "relax", "give", "join" as things).
        last = _going_on(join, part, skip, names) if rest else None
        if last:
            rest.append(last)
            break
        return []
    head = runs_of(parts[0], skip, names)
    # The first item ends its part ("bought bananas, trail mix"), chat's filler aside: not
    # "mel" of "mel sent the first pieces for the concert btw, the parting glass and …"
    said = [w.lower() for w in _WORD.findall(parts[0])]
    while said and said[-1] in COMMON_WORDS:
        said = said[:-1]
    first = [head[-1]] if head and said and head[-1][-1] == said[-1] else []
    return first + rest


# What joins the last item of a list to the others.
CLOSES = re.compile(r"\b(?:and|or)\b|&|\+")


def split_enumeration(text: str) -> tuple[list[str], list[str]]:
    """The parts of an enumeration and what joins each to the one before (", ", " and ")."""
    pieces = re.split(f"({_ENUMERATION.pattern})", text)
    return pieces[::2], pieces[1::2]


def _going_on(join: str, part: str, skip: set[str], names: Collection[str]) -> list[str] | None:
    """The last item of a list, when `join` closes it and `part` opens with the item and goes
    on with a small word ("and midge spray for the trip"); else None."""
    runs = runs_of(part, skip, names)
    if not runs or not CLOSES.search(join):
        return None
    run = runs[0]
    words = [w.lower() for w in _WORD.findall(part)]
    while words and words[0] in _DETERMINERS:
        words = words[1:]
    after = words[len(run)] if len(words) > len(run) else ""
    return run if words[: len(run)] == run and (after in STOPWORDS or not after) else None


def _bare(part: str, run: list[str]) -> bool:
    words = [w.lower() for w in _WORD.findall(part)]
    return [w for w in words if w not in _DETERMINERS] == run


def distinct(items: Sequence[Item]) -> list[Item]:
    """One item per thing, its first mention standing for it (in the order given). Two
    mentions are one thing when they share most of the rarer words of the shorter one: "pair
    of fenders" is the "fenders", but a "brass tiller pin" is no "mooring pin"."""
    out: list[Item] = []
    for it in items:
        if not any(_same(it.keys, kept.keys) for kept in out):
            out.append(it)
    return out


def _same(a: frozenset[str], b: frozenset[str]) -> bool:
    return 2 * len(a & b) > min(len(a), len(b))


def runs_of(clause: str, skip: set[str], names: Collection[str]) -> list[list[str]]:
    """Maximal runs of content words, joined across "of"/"by"."""
    runs: list[list[str]] = []
    current: list[str] = []
    words = _WORD.findall(clause)
    for i, w in enumerate(words):
        low = w.lower()
        nxt = words[i + 1].lower() if i + 1 < len(words) else ""
        prev = words[i - 1].lower() if i else ""
        if (
            low in _JOINERS
            and current
            and nxt
            and _content(nxt, skip, names, "")
            or _content(low, skip, names, nxt, prev)
        ):
            current.append(low)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return [r for r in runs if r[-1] not in _JOINERS]


def _content(word: str, skip: set[str], names: Collection[str], nxt: str, prev: str = "") -> bool:
    if not re.match(r"[^\W\d_]", word) or word in STOPWORDS or word in COMMON_WORDS:
        return False
    days = set(re.split(r"[-–]", word)) if _DAY_RANGE.match(word) else {word}
    if days <= _SHORT_DAYS:
        return False
    if word.endswith("s") and word[:-1] in COMMON_WORDS:  # "wants", "says", "bits"
        return False
    if _PRICE_WORD.fullmatch(word):  # "campsites R220pp a night": what it costs, not a thing
        return False
    t = terms(word)
    if not t or t <= skip or word in names:
        return False
    # "viewed the flat", "baked my loaf": a past or -ing form before a function word is a
    # verb; before a content word ("mulled wine") it describes it.
    # "in obviously": an adverb, as a verb's form, names nothing at a clause's end
    verb_like = re.search(r"(?:ed|ing)$", word) or _ADVERB.search(word) or word in _PAST_FORMS
    # "mel's added lux aurumque": mel has added it
    if re.search(r"['’]s$", word) and re.search(r"ed$", nxt):
        return False
    if re.search(r"['’]s$", prev) and re.search(r"ed$", word):
        return False
    return not (verb_like and (not nxt or nxt in STOPWORDS or nxt in COMMON_WORDS))


# "obviously", "totally", "definitely": an adverb's ending ("fjordly" is a firm's name)
_ADVERB = re.compile(r"\w{3}(?:ous|al|iv|ent|ant|ab|ib|ar|at|it|ful|less)ly$")
_PRICE_WORD = re.compile(rf"{CURRENCY}\s?\d[\d,.]*(?:pp|pn|k|ea)?", re.IGNORECASE)
# Past forms without -ed, which a run of content words would take for a thing ("mel sent the
# first pieces").
_PAST_FORMS = frozenset(
    re.findall(
        r"\w+",
        "sent gave paid sold won lost found met left ran drove wrote spent lent threw caught "
        "chose wore broke fell flew sat stood heard meant",
    )
)
