"""Small text tools the reader shares: terms with weights, sentences, clipping, date phrases."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import date, datetime
from functools import cache, lru_cache

from memory_store.indexes.tokenize import STOPWORDS, DefaultTokenizer

from .related import GROUPS, groups_in

TOKENIZE = DefaultTokenizer()
WORD = re.compile(r"[^\W\d_][\w'-]+", re.UNICODE)
_SENTENCE = re.compile(r"(?<=[.!?…])\s+|\s*\n+\s*|(?<=[.!?])(?=[A-Z])")

# Words of the request itself, not of its content ("tell me more", "what did we talk about").
_REQUEST_WORDS = (
    "tell more say said talk talked mention mentioned discuss remember know anything "
    "again remind lol wait thing stuff time last first ever come came up "
    "end ended get got happen happened go went date day "
    # question words and generic nouns: the answer does not repeat them
    "when where what which who whos whose why how many much often something anything "
    "anyone anybody everyone everybody someone somebody list name girl guy person people "
    "woman man thing one ones kind sort getting going doing title titled "
    "somewhere anywhere everywhere nowhere nothing everything "
    # chat drops the apostrophe: "wheres", "whats"
    "wheres whats whens hows whys whore "
    # filler adverbs: "how many of us *actually* finished?" asks what "finished" does
    "actually really basically literally honestly seriously exactly even still eventually"
)

# Chat shorthand and irregular past forms, so "mum's birthday" finds "mum's bday is the 16th"
# and "who drove?" finds "I'll drive". Applied to both sides before terms are compared.
ALIASES = {
    "bday": "birthday", "b-day": "birthday", "xmas": "christmas", "tmrw": "tomorrow",
    "tmr": "tomorrow", "tri": "triathlon", "bf": "boyfriend", "gf": "girlfriend",
    "bro": "brother", "sis": "sister",
    "mom": "mum", "mother": "mum", "dad": "father", "grandmother": "grandma",
    "grandfather": "grandpa", "granny": "grandma", "pic": "photo", "pics": "photos",
    # a clipping a person asks with for the word the chat wrote, or the other way round
    "intro": "introduction", "intros": "introductions", "reno": "renovation",
    "renos": "renovations", "uni": "university", "rehab": "rehabilitation",
    "convo": "conversation", "convos": "conversations",
    "congrats": "congratulations", "brekkie": "breakfast", "brekky": "breakfast",
    "arvo": "afternoon", "telly": "television", "prezzie": "present", "pressie": "present",
    "prezzies": "presents", "pressies": "presents", "hols": "holidays", "vacay": "vacation",
    "appt": "appointment", "appts": "appointments", "prof": "professor",
    # Scots function words ("oor Fiona", "yer strimmer"): no topic of their own
    "oor": "our", "yer": "your", "ye": "you", "wi": "with", "fae": "from", "tae": "to",
    # …and the slips of a thumb on a phone ("teh date")
    "teh": "the", "adn": "and", "taht": "that", "wiht": "with", "hte": "the",
    "gave": "give", "drove": "drive", "driven": "drive", "bought": "buy", "flew": "fly",
    "flown": "fly", "went": "go", "gone": "go", "ate": "eat", "eaten": "eat", "met": "meet",
    "ran": "run", "saw": "see", "seen": "see", "took": "take", "taken": "take", "made": "make",
    "told": "tell", "thought": "think", "found": "find", "left": "leave", "lost": "lose",
    "won": "win", "began": "begin", "begun": "begin", "brought": "bring", "caught": "catch",
    "chose": "choose", "sold": "sell", "sent": "send", "spent": "spend", "wrote": "write",
    "written": "write", "read": "read", "paid": "pay", "kept": "keep", "felt": "feel",
    "held": "hold", "built": "build", "broke": "break", "broken": "break", "fell": "fall",
    "grew": "grow", "knew": "know", "threw": "throw", "swam": "swim", "sang": "sing",
    "fallen": "fall", "hid": "hide", "hidden": "hide", "stole": "steal", "stolen": "steal",
    "forgot": "forget", "forgotten": "forget", "chosen": "choose", "froze": "freeze",
    "frozen": "freeze", "rode": "ride", "ridden": "ride", "woke": "wake", "spoke": "speak",
    "spoken": "speak", "wore": "wear", "worn": "wear", "shook": "shake", "stood": "stand",
    # the past in -t, as British English writes it ("who spilt a drink" / "kayla spilled")
    "spilt": "spill", "learnt": "learn", "burnt": "burn", "dreamt": "dream", "smelt": "smell",
    "spelt": "spell", "leapt": "leap", "knelt": "kneel", "spoilt": "spoil", "dug": "dig",
    "taught": "teach", "fought": "fight", "sought": "seek", "lent": "lend", "slept": "sleep",
    "meant": "mean", "dealt": "deal", "hung": "hang", "drew": "draw", "drawn": "draw",
    "understood": "understand", "swept": "sweep", "wept": "weep", "bled": "bleed",
    "teeth": "tooth", "feet": "foot", "mice": "mouse", "geese": "goose", "children": "child",
}  # fmt: skip
# Chat drops the apostrophe: "dads knee op" is dad's, as "dad's" is (and "bdays" plural).
_NOUN_ALIASES = frozenset(["bday", "b-day", "xmas", "bf", "gf", "bro", "sis", "mom", "mother",
    "dad", "grandmother", "grandfather", "granny", "pic"])  # fmt: skip
_ALIAS_RE = re.compile(
    r"\b(?:("
    + "|".join(map(re.escape, _NOUN_ALIASES))
    + r")s|("
    + "|".join(map(re.escape, ALIASES))
    + r"))\b",
    re.IGNORECASE,
)


SHORTHANDS: dict[str, list[str]] = {}
for _short, _full in ALIASES.items():
    SHORTHANDS.setdefault(_full, []).append(_short)


# Everyday words people ask with where the chat wrote another ("when does the new job
# *begin*?" / "start date is january 13"; "when's the gym *shut*?" / "closed for the reset").
# Each group is one meaning with one spelling for it (the first): both sides are read so.
SYNONYMS = [
    ("start", "begin"), ("close", "shut"), ("buy", "purchase"), ("film", "movie"),
    ("sofa", "couch"), ("doctor", "physician"), ("photo", "picture"),
    ("recommend", "suggest"), ("sick", "unwell"),
    ("fix", "repair"), ("trip", "journey"), ("finish", "complete"), ("quit", "resign"),
    ("hurt", "injure", "injury"), ("kid", "child", "children"),
    ("cheap", "inexpensive"), ("car", "vehicle"), ("task", "chore"),
    ("code", "combination", "passcode"), ("exam", "test"), ("mock", "practice"),
]  # fmt: skip
_SAME = {s: group[0] for group in SYNONYMS for w in group for s in TOKENIZE(w)}
_GROUP_WORDS = {_SAME[t]: list(group) for group in SYNONYMS for t in TOKENIZE(group[0])}


def with_shorthands(query: str, doc_freq: Callable[[str], int]) -> str | None:
    """The query with the chat shorthand of its words that the store holds ("birthday" →
    "birthday bday"), the plain verb of irregular past forms ("drove" → "drive"), the other
    words of a synonym group the store holds ("begin" → "start"), and the words the store says
    a thing with ("operated" → "surgeon"; agent.answer.related)."""
    words = WORD.findall(query.lower())
    extra = [s for w in words for s in SHORTHANDS.get(w, []) if any(map(doc_freq, TOKENIZE(s)))]
    extra += [ALIASES[w] for w in words if w in ALIASES and w not in SHORTHANDS.get(ALIASES[w], [])]
    for w in words:
        same = {_SAME[t] for t in TOKENIZE(w) if t in _SAME}
        extra += [
            o
            for g in same
            for o in _GROUP_WORDS.get(g, [])
            if o != w and o not in words and any(map(doc_freq, TOKENIZE(o)))
        ]
        if w not in STOPWORDS:
            extra += spoken_as(w, lambda t: bool(doc_freq(t)))
    extra = list(dict.fromkeys(extra))
    return f"{query} {' '.join(extra)}" if extra else None


# Advice is mostly given as an imperative, not named: "what did Aki recommend in Kyoto?" is
# answered by "you have to try yudofu in Nanzenji" and "Do the monkey park on the hill".
_ADVISES = re.compile(
    r"\byou\s+(?:have\s+to|should|must|need\s+to|gotta|could\s+try)\b|"
    # "For yours I'd go with the Worcester", "i'd get the blue one": the speaker's own pick
    r"\bi['’]?d\s+(?:go\s+(?:with|for)|get|pick|choose|take)\b|"
    r"(?:^|[.!?]\s+)(?:definitely\s+|just\s+)?(?:try|do|go|get|check\s+out|visit|see|book|"
    r"take|bring|avoid|skip|read|watch|order)\b(?!\s+(?:you|we|i|they)\b)",
    re.IGNORECASE,
)


# A currency written before a sum: a sign, or the letters of one ("R6,800" in Cape Town,
# "KSh 2,500" in Nairobi, "Rs 500"), which only count when a number follows.
CURRENCY = (
    r"(?:[$€£¥₹₦₩₱₺₪₫₴₽]|\b(?:R|Rs\.?|KSh|Ksh|KES|Sh|kr|CHF|RM|AED|INR|ZAR|NGN|R\$)(?=\s?\d))"
)
# A sum of money, or asking for one: "how much did she pay?" is answered by "nice!! how much"
# … "4200. the guy threw in winter tyres", which never says "pay".
_MONEY = re.compile(
    rf"{CURRENCY}\s?\d|\b\d[\d,.]*\s?(?:dollars?|euros?|pounds?|quid|bucks|grand)\b|\bhow\s+much\b",
    re.IGNORECASE,
)


def speech_acts(text: str) -> set[str]:
    """The terms of what a message does without saying so: advice given as an imperative
    holds "recommend" (also "suggest", "advice", "tip"); a sum of money, or asking "how much",
    holds "pay" (also "cost", "price", "spend")."""
    out = set(_ADVICE_TERMS) if _ADVISES.search(text) else set()
    return out | _PRICE_TERMS if _MONEY.search(text) else out


# A phrasal verb and the verb it means, so "did he give it back?" finds "drill returned safe
# and sound". Applied to both sides, like the aliases.
# Not "brought back memories": "bring" returns something only with its object before "back"
# ("bringing the projector back", "dropped the drill back").
_RETURNED = re.compile(
    r"\b(?:give|gave|given|giving|gives)\s+(?:(?:it|them|him|her|that|those|these|this)\s+|"
    r"(?:my|your|his|her|our|their|the)\s+[\w'-]+\s+)?back\b|"
    r"\b(?:bring|brought|bringing|brings|drop|dropped|dropping|drops)\s+(?:it|them|that|those|"
    r"these|this|(?:my|your|his|her|our|their|the)\s+[\w'-]+)\s+back\b",
    re.IGNORECASE,
)


# Paid before the work: "how much did I pay up front?" is the deposit.
_UP_FRONT = re.compile(r"\bup[\s-]?front\b", re.IGNORECASE)
# "put the book on hold at the library" pauses or reserves: another sense than "the concert
# was held at the Warrender Hall"
_ON_HOLD = re.compile(r"\b(?:on|onto)\s+hold\b", re.IGNORECASE)

# "Booked: cleaning at 9:00" reserves; "the book club" reads. One stem, two words: the
# reserving one is read as "reserve", so a question about a book is not answered by a booking
# (and "did I book the ryokan?" finds "reserved" too). A "book" after a determiner is the
# thing; one before what is reserved, or after who reserves it, is the act.
_BOOK = re.compile(r"\b(book(?:ed|ings?)?)\b", re.IGNORECASE)
# What stands before the thing ("the book"), what comes after the act ("book a table", "book
# it"), and who or what does it ("I'll book", "to book").
_BEFORE_THING = frozenset(
    re.findall(
        r"\S+",
        """
        the a an my this that her his our your their next new club
        """,
    )
)
_AFTER_ACT = frozenset(
    re.findall(
        r"\S+",
        """
        it them us me him her a an in online now ticket tickets flight flights table tables
        seat seats room rooms slot slots appointment appointments ahead early
        """,
    )
)
_BEFORE_ACT = frozenset(
    re.findall(
        r"\S+",
        """
        to ll will can could should pls please just gonna must did i we they you
        """,
    )
)


def _reserving(m: re.Match[str]) -> str:
    word = m.group(1).lower()
    if word != "book":
        return "reserve"  # "booked", "booking": the act, or what it made
    before = re.findall(r"[\w'’]+", m.string[: m.start()].lower())[-1:]
    after = re.findall(r"[\w'’]+", m.string[m.end() :].lower())[:1]
    prev = before[0].split("'")[-1].split("’")[-1] if before else ""
    if prev in _BEFORE_THING or after[:1] == ["club"]:
        return m.group(1)
    if after[:1] and after[0] in _AFTER_ACT or prev in _BEFORE_ACT:
        return "reserve"
    return m.group(1)


def normalise(text: str) -> str:
    """Shorthand spelled out, and possessives dropped ("hana's" is about Hana)."""
    text = re.sub(r"(\w)['’]s\b", r"\1", text)
    text = _RETURNED.sub("return", text)
    text = _UP_FRONT.sub("deposit", text)
    text = _ON_HOLD.sub("paused", text)
    text = _BOOK.sub(_reserving, text)
    return _ALIAS_RE.sub(
        lambda m: ALIASES[m.group(1).lower()] + "s" if m.group(1) else ALIASES[m.group(2).lower()],
        text,
    )


_CONTRACTION = re.compile(r"(?:i|you|we|they|he|she|it|that|there)['’]\w+$", re.IGNORECASE)


def terms(text: str) -> set[str]:
    """BM25's terms of `text` (stemmed words without stop words; CJK bigrams), 2+ characters,
    after chat shorthand is spelled out. A stem under half its word's length is a collision
    waiting to happen ("wedding" → "wed", as in Wednesday): such a word stands for itself."""
    out: set[str] = set()
    said = normalise(text)
    for found in WORD.finditer(said):
        word = found.group(0)
        if found.start() and said[found.start() - 1].isdigit():
            # "mum's 70th", "9th", "4pm": the whole token is the word, not "th" or "pm"
            whole = _DIGITS_BEFORE.search(said, 0, found.start())
            out.add((whole.group(0) if whole else "") + word.lower())
            continue
        if _CONTRACTION.match(word):
            continue  # "I'll" is not "ill", "we'd" not "wed"
        for t in TOKENIZE(word):
            if len(t) > 1:
                out.add(_SAME.get(t) or (_whole(word) if len(word) > 2 * len(t) else t))
    out |= {t for t in TOKENIZE(text) if len(t) > 1 and not t.isascii()}
    # A sum of money is as much a content word as a name ("who reached their £500 first?" /
    # "harriet's already hit her £500"); other numbers are days, times and counts.
    out |= {m.group(1).replace(",", "") for m in _SUM.finditer(text)}
    return out


def _whole(word: str) -> str:
    """A word that stands for itself, singular: "fittings" is the "fitting" asked of."""
    low = word.lower()
    return low[:-1] if low.endswith("s") and not low.endswith("ss") else low


_DIGITS_BEFORE = re.compile(r"\d+$")
_SUM = re.compile(rf"{CURRENCY}\s?(\d[\d,]*)(?:\.\d\d)?\b")


REQUEST_TERMS = frozenset(terms(_REQUEST_WORDS))


# Words a chat uses for a thing without naming it (agent.answer.related), as terms.
@cache
def _head_terms(group: int) -> frozenset[str]:
    return frozenset(t for head in GROUPS[group][0] for t in terms(head))


@cache
def _said_phrases(group: int) -> tuple[tuple[str, frozenset[str]], ...]:
    return tuple((phrase, frozenset(terms(phrase))) for phrase in GROUPS[group][1])


# The reader weighs the same candidates several times a question (support, evidence, topic).
@lru_cache(maxsize=8192)
def implied_terms(text: str) -> frozenset[str]:
    """The terms of the things `text` speaks of without naming them: "my cat" holds "pet"."""
    return frozenset(t for i in groups_in(text) for t in _head_terms(i))


def said_terms(text: str) -> set[str]:
    """What a message holds: its words, what it does without saying so ("you have to try…"
    recommends), and the things it names by other words ("surgeon" is about an operation)."""
    return terms(text) | speech_acts(text) | implied_terms(text)


def spoken_as(word: str, holds: Callable[[str], bool]) -> list[str]:
    """The words and phrases a chat may say `word` with that `holds` finds (the store's words):
    "operated" → ["surgeon", "op"]; one phrase per stem ("cat", not also "cats")."""
    own = terms(word)
    if not own:
        return []
    out: dict[frozenset[str], str] = {}
    for i in range(len(GROUPS)):
        if own <= _head_terms(i):
            for phrase, got in _said_phrases(i):
                if phrase.lower() != word.lower() and got and all(map(holds, got)):
                    out.setdefault(got, phrase)
    return list(out.values())


_ADVICE_TERMS = frozenset(terms("recommend advice advise tip"))
_PRICE_TERMS = frozenset(terms("pay cost price spend"))
STOP_WORDS = STOPWORDS


# Derivational endings and the word of the same family they come from. The stemmer keeps
# them apart: "recovery" → "recoveri", "recovering" → "recov"; "diagnosis" → "diagnosi",
# "diagnosed" → "diagnos".
_FAMILY = [
    ("ery", ("er", "ered", "ering")),
    ("ies", ("ied", "ying")),
    # "that cramp scare" / "that was scary"
    ("y", ("ied", "ying")),
    ("e", ("y",)),
    ("ation", ("ate", "ated", "ating", "", "ed", "ing")),
    ("ion", ("e", "ed", "ing")),
    ("sis", ("se", "sed")),
]


def word_family(word: str) -> list[str]:
    """Other words of `word`'s family, by its derivational ending ("recovery" → "recover",
    "recovered", "recovering"); none for a short word, whose stem would be a different word."""
    low = word.lower()
    for end, others in _FAMILY:
        stem = low[: -len(end)]
        if low.endswith(end) and len(stem) >= 4:
            return [stem + o for o in others]
    return []


# The longest share of a word its chat shortening keeps (TermWeights.abbreviation).
_ABBREVIATED = 0.6
_ABBREVIATES = 9


class TermWeights:
    """Inverse document frequencies over the whole store (the BM25 index's own counts), so
    coverage counts rare words ("brenner", "quarry") for more than common ones ("go", "date"),
    and means the same in a small history as in a large one."""

    def __init__(
        self,
        doc_freq: Callable[[str], int],
        size: int,
        ends_word: Callable[[str], bool] = lambda t: False,
    ) -> None:
        self._df, self.size, self._ends_word = doc_freq, max(size, 1), ends_word

    def doc_freq(self, term: str) -> int:
        """Messages holding the term, the shorthand the store spells it with ("bday"), or
        another word of its synonym group: `terms` reads "test" as "exam", which the BM25
        index holds only when some message says "exam"."""
        forms = {t for short in SHORTHANDS.get(term, []) for t in TOKENIZE(short)}
        forms |= {t for word in _GROUP_WORDS.get(term, []) for t in TOKENIZE(word)}
        return self._df(term) + sum(self._df(t) for t in forms - {term})

    def holds(self, term: str) -> bool:
        """Whether some message holds the term. A word `terms` keeps whole ("putting") is
        looked up by the stem BM25 indexed it under."""
        return bool(self.doc_freq(term) or any(self._df(t) for t in TOKENIZE(term)))

    @classmethod
    def from_texts(cls, texts: Iterable[str]) -> TermWeights:
        df: Counter[str] = Counter()
        n = 0
        for text in texts:
            df.update(terms(text))
            n += 1
        return cls(lambda t: df.get(t, 0), n)

    def idf(self, term: str) -> float:
        return math.log((self.size + 1) / (self.doc_freq(term) + 0.5))

    def rarest(self, words: Iterable[str]) -> str:
        """The rarest of `words`; of equally rare ones the first in alphabetical order, so
        that the answer does not depend on the order a set happens to iterate in (which
        Python varies from one run to the next)."""
        return max(sorted(words), key=self.idf)

    def rarest_first(self, words: Iterable[str]) -> list[str]:
        """`words` from the rarest, equally rare ones in alphabetical order."""
        return sorted(words, key=lambda t: (-self.idf(t), t))

    def unseen(self, wanted: set[str]) -> set[str]:
        """The terms no message of the store holds, nor says with other words ("win" is held
        by "took first prize": agent.answer.related)."""
        return {t for t in wanted if not self.holds(t) and not spoken_as(t, self.holds)}

    def knows(self, word: str) -> bool:
        """Whether some message holds `word` (as BM25 stems it, or in chat shorthand), a word
        of its family (a person asks about the *recovery* where the chat said *recovering*), or a
        word the chat says it with (the *pet* is a cat: agent.answer.related)."""
        # The index holds words as written: "xmas", which `terms` reads as "christmas".
        return (
            any(self.holds(t) for form in (word, *word_family(word)) for t in terms(form))
            or any(self.holds(t) for t in TOKENIZE(word))
            or bool(spoken_as(word, self.holds))
            # the second half of a compound: the "lock" on the shed is its "padlock"
            or any(self._ends_word(t) for t in TOKENIZE(word))
        )

    def compound_head(self, word: str) -> str | None:
        """The head of `word` when it is a compound of two words some messages hold: the
        "lawnmower" is "the mower" on "the front lawn" once it is in the chat."""
        low = word.lower()
        heads = (low[i:] for i in range(3, len(low) - 3))
        return next((h for h in heads if self.knows(h) and self.knows(low[: -len(h)])), None)

    def abbreviation(self, word: str) -> str | None:
        """The shortening of `word` that some message holds: chat's "comp" for the
        "competition", "reno" for the "renovation". Four letters at least, and well short of
        the word: "tune" is no "tuner"."""
        low = word.lower()
        # "pass" is no "password", nor "girl" a "girlfriend": the start of a compound
        if len(low) < _ABBREVIATES or self.compound_head(low) is not None:
            return None
        cut = int(len(low) * _ABBREVIATED)
        starts = (low[:i] for i in range(cut, 3, -1))
        return next((s for s in starts if terms(s) and all(map(self.holds, terms(s)))), None)

    def coverage(self, wanted: set[str], text_terms: set[str]) -> float:
        """The idf-weighted share of `wanted` found in `text_terms`, in 0..1."""
        if not wanted:
            return 1.0
        total = sum(self.idf(t) for t in wanted)
        return sum(self.idf(t) for t in wanted & text_terms) / total if total else 0.0


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) character spans of the sentences of a chat message."""
    spans, start = [], 0
    for m in _SENTENCE.finditer(text):
        if m.start() > start:
            spans.append((start, m.start()))
        start = m.end()
    if start < len(text):
        spans.append((start, len(text)))
    return [(a, b) for a, b in spans if text[a:b].strip()]


# The auxiliaries a question opens with, or its subject follows ("did the filling cost").
AUX = "did|does|do|will|would|can|could|should|has|have|had|is|was|are|were"
# Chat often drops the question mark: "what colour r u doing the kitchen in the end", "did u
# get the keys". A sentence opening with a question word and an inverted verb, or with the verb
# before its subject, asks all the same; "when I got home…" and "what a day" do not.
_UNMARKED_QUESTION = re.compile(
    r"^\W*(?:(?:so|and|but|ok|also|btw|anyway)\W+)?"
    r"(?:(?:what|which|how|whose)(?:\s+[^\W\d_]+)?|when|where|who|why)\s+"
    rf"(?:{AUX}|r|am|u|ya)\b"
    # a suggestion asked: "what about a present from both of us", "how about sunday"
    r"|^\W*(?:so\W+|ok\W+)?(?:what|how)\s+about\b"
    rf"|^\W*(?:{AUX}|r)\s+(?:u|you|ya|we|they|he|she|i|it|there)\b"
    # a short question with its apostrophe dropped or kept: "whats it called", "wheres
    # the party again"; not "what's funny is he never even asked" (a clause, then more)
    r"|^\W*(?:(?:so|and|but|ok|also|btw|anyway)\W+)?(?:what|where|who|how|when)(?:['’]?s)\s+"
    r"(?:it|that|this|the|he|she|they|ur|your|his|her|their)\b(?:\s+[^\W\d_][\w'’-]*){0,4}"
    r"\W*$"
    # a question word alone: "nice!! how much", "what time"
    r"|^\W*(?:how\s+(?:much|many|long|come|so)|what\s+time|when|where|who|why)\W*$",
    re.IGNORECASE,
)


# A reply that says yes to what was asked: "Of course!", "yeah course", "sure, it's in the shed".
SAYS_YES = re.compile(
    r"^\W*(?:of\s+course|course|sure|yes|yeah|yea|ye|yep|ya|absolutely|definitely|happy\s+to|"
    r"no\s+problem|no\s+worries|i'?d\s+love\s+to|i\s+can|count\s+me\s+in|deal|go\s+for\s+it|"
    r"ok(?:ay)?)\b",
    re.I,
)


def asks(text: str) -> bool:
    """A message that asks: its last sentence is a question, marked or not. A statement
    marked "??" or "?!" is surprise, not a question ("gary at hollis's says they want to
    donate us a fridge??"); a short one echoes to ask ("BRIGHTWELL??", "you're moving??")."""
    text = text.rstrip()
    spans = sentences(text)
    last = text[spans[-1][0] : spans[-1][1]] if spans else ""
    if _TOLD_QUESTION.match(last):  # "My question: is Klara actually conscious…?" tells it
        return False
    if text.endswith("?"):
        surprised = _SURPRISE.search(text) and len(last.split()) >= _SURPRISE_WORDS
        return not (surprised and not _UNMARKED_QUESTION.match(last) and not _INVERTED.search(last))
    return bool(last) and bool(_UNMARKED_QUESTION.match(last))


_SURPRISE = re.compile(r"(?:\?\?|\?!|!\?)[?!]*$")
# A question written out under its owner's label, as what they will ask another time: "My
# question: …?", "her big question for marta: …?"; not "question for the group: who's in?"
_TOLD_QUESTION = re.compile(
    r"^\W*(?:my|our|his|her|their)\s+(?:\w+\s+)?questions?(?:\s+for\s+[\w'’ ]{1,30})?\s*:",
    re.IGNORECASE,
)
# A question's verb before its subject anywhere in the sentence, after a name or a "sorry":
# "dev sorry, did i leave my glasses…??", "ines isn't your test this week??".
_INVERTED = re.compile(
    r"\b(?:is|are|was|were|do|does|did|can|could|will|would|should|have|has|had)(?:n['’]?t)?\s+"
    r"(?:i|you|u|we|they|he|she|it|there|your|my|our|his|her|their|the)\b",
    re.IGNORECASE,
)
_SURPRISE_WORDS = 5


def clip(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def day_phrase(d: date | datetime) -> str:
    """'Sunday 13 October 2024': the form every answer uses for a day."""
    return f"{d:%A} {d.day} {d:%B %Y}"


def short_day(d: date | datetime) -> str:
    return f"{d:%a} {d.day} {d:%b %Y}"


def join_names(names: list[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


# A question asking how a plan turned out, not how it began: "who ended up driving?", "where
# is it *now*?", "what was the final date?"
OUTCOME = re.compile(
    r"\b(?:end(?:s|ed)?\s+up|in\s+the\s+end|final(?:ly)?|eventually|after\s+all|now)\b",
    re.IGNORECASE,
)
