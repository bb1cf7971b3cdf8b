"""The few words of a sentence that answer a what/which question, when they can be found.

"Which language is Tim learning?" is answered by "German", not by the whole of "Learning German
has been tough but worth it". The sentence is cut into phrases (runs of content words between
stop words and punctuation); the question's own words are taken off each phrase's ends (what
the question already says is not the answer); the phrase left that is nearest the question's
words wins, a name or a title first. A quoted title answers outright. When nothing stands out
(one common word, far from the question's words), there is no span and the reader quotes the
sentence instead: a wrong fragment is worse than a whole sentence.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from agent.plan import timeexpr as tx
from memory_store.indexes.tokenize import STOPWORDS

from .items import COMMON_WORDS
from .phrases import PLAIN_VERBS
from .text import REQUEST_TERMS, terms

__all__ = ["answer_span"]

_QUOTED = re.compile(r"[\"“]([^\"”]{2,80})[\"”]")
_TOKEN = re.compile(r"[^\W_][\w'’-]*|[^\w\s]", re.UNICODE)
# Words that never carry an answer on their own: fillers, intensifiers, time words (the
# when-reader states times), and vague nouns.
_EMPTY = frozenset(
    re.findall(
        r"\w+",
        "yeah yes yep no nope oh wow haha lol omg ok okay hey hi sure really so very totally "
        "definitely actually honestly pretty super quite just also even still already lot lots "
        "thing things stuff something anything everything way time times today tonight tomorrow "
        "yesterday morning afternoon evening night weekend week month year last next ago soon "
        "monday tuesday wednesday thursday friday saturday sunday january february march april "
        "may june july august september october november december great good nice cool awesome "
        "amazing fun glad happy excited love like got get gonna wanna think know thank thanks "
        "sorry please cheers",
    )
)
# "of" joins the parts of one phrase ("a bowl of udon"); other stop words end it.
_JOINERS = frozenset(["of", "and", "&"])
_ARTICLES = frozenset(["a", "an", "the", "some"])
# Words that lead into what follows and cannot end a phrase ("limping *since*" the park).
_LEADS_ON = frozenset(
    # …and the place words that lead into a place the question names: "a bowl of udon *near*
    # [the shrine]"
    ["since", "until", "till", "after", "before", "than", "because", "near", "behind",
     "beside", "outside", "inside", "opposite", "towards", "past", "via",
     # …and a clause's opening ("the committee *whether* you like it or not")
     "whether", "although", "though", "unless", "whereas", "whenever", "cos"]
)  # fmt: skip


@dataclass(frozen=True)
class _Phrase:
    words: list[str]
    start: int  # token index of the first word left
    end: int  # token index after the last word left
    touched: bool  # a question word was taken off its ends: it names what the question asks
    after_verb: (
        bool  # ...off its start: the question's verb and then its object ("learning German")
    )
    after_colon: bool  # "physio verdict: A2 pulley strain" — what follows a colon is the news


def answer_span(sentence: str, wanted: Collection[str], skip: Collection[str] = ()) -> str | None:
    """The phrase of `sentence` that answers a question whose content terms are `wanted`, or
    None when none stands out. `skip` holds names that are not answers (the chat's people)."""
    wanted = set(wanted)
    for m in _QUOTED.finditer(sentence):
        if not terms(m.group(1)) <= wanted:
            return m.group(1).strip()
    tokens = [m.group(0) for m in _TOKEN.finditer(sentence)]
    anchors = [i for i, t in enumerate(tokens) if terms(t) and terms(t) <= wanted]
    if not anchors:
        return None
    low_skip = {s.lower() for s in skip}
    best: tuple[float, str] | None = None
    for p in _phrases(tokens, wanted, low_skip):
        dist = min(min(abs(a - p.start), abs(a - (p.end - 1))) for a in anchors)
        names = sum(map(_capitalised, p.words)) if p.start > 0 else 0
        named = names > 0
        score = (
            2.0 * p.touched
            + 0.75 * min(names, 3)
            + 1.5 * p.after_colon
            + 0.5 * min(len(p.words), 3)
            - 0.4 * dist
        )
        # One lower-case word is as often an adjective ("our big [game]") as the answer; after
        # the question's verb it is its object ("[making] pierogi").
        sure = named or len(p.words) >= 2 or p.after_verb
        if sure and dist <= 6 and (best is None or score > best[0]):
            best = (score, " ".join(p.words))
    return best[1] if best else None


def _phrases(tokens: list[str], wanted: set[str], skip: set[str]) -> list[_Phrase]:
    runs: list[tuple[int, int]] = []
    start = None
    for i, t in enumerate(tokens + ["."]):
        low = t.lower()
        # "a bowl of udon", "soft serve and a bowl", "The Remains of the Day"
        joined = start is not None and (
            low in _JOINERS or (low in _ARTICLES and tokens[i - 1].lower() in _JOINERS)
        )
        title = t == "The" and i > 0
        word = bool(re.match(r"[^\W_]", t)) and (low not in STOPWORDS or joined or title)
        if word and start is None:
            start = i
        elif not word and start is not None:
            runs.append((start, i))
            start = None
    out = []
    for a0, b in runs:
        a, left, right = a0, False, False
        while a < b and _drop(tokens[a], wanted, skip) and not _title_start(tokens, a, b):
            # "her physio's number": the possessor, not a verb and its object
            left = _is_question_word(tokens[a], wanted) and _verb_at(tokens, a)
            right |= _is_question_word(tokens[a], wanted)
            a += 1
        while b > a and (
            _drop(tokens[b - 1], wanted, skip)
            or tokens[b - 1].lower() in _JOINERS | _ARTICLES | _LEADS_ON
        ):
            right |= _is_question_word(tokens[b - 1], wanted)
            b -= 1
        # "Northwind Labs wants to interview me": a name ends where its verb starts
        while b - a > 1 and _capitalised(tokens[b - 2]) and _verb_form(tokens[b - 1]):
            b -= 1
        words = tokens[a:b]
        colon = a0 > 0 and tokens[a0 - 1] == ":"
        if words and not all(_empty(w) for w in words):
            out.append(_Phrase(words, a, b, left or right, left, colon))
    return out


_SUBJECT = re.compile(r"(?:i|you|we|they|he|she|to|will|would|can|could)(?:['’]\w+)?$", re.I)


def _verb_at(tokens: list[str], i: int) -> bool:
    """Whether the word at `i` reads as a verb: "Learning German", "I'll make pierogi"; not
    "her physio's number" or "mum LOVED it"."""
    if re.search(r"['’]s$", tokens[i]):
        return False
    return bool(re.search(r"(?:ing|ed)$", tokens[i].lower())) or (
        i > 0 and bool(_SUBJECT.match(tokens[i - 1]))
    )


def _verb_form(word: str) -> bool:
    """A lower-case verb after a name: "wants", "said", "called"."""
    low = word.lower()
    return word.islower() and (
        low in PLAIN_VERBS or low.endswith("s") and low[:-1] in PLAIN_VERBS or low.endswith("ed")
    )


def _title_start(tokens: list[str], a: int, b: int) -> bool:
    return tokens[a] == "The" and a + 1 < b and _capitalised(tokens[a + 1])


def _capitalised(word: str) -> bool:
    """Written like a name: "German", "A2"; not shouted ("LOVED")."""
    if _pronoun(word.lower()) or word.lower() in STOPWORDS:
        return False
    return word[:1].isupper() and not (word.isupper() and len(word) > 3)


def _is_question_word(token: str, wanted: set[str]) -> bool:
    t = terms(token)
    return bool(t) and t <= wanted


def _empty(token: str) -> bool:
    low = token.lower()
    if low in _EMPTY or low in STOPWORDS or not terms(token):
        return True
    # "The Remains of the Day": a request word ("day") written as part of a name is kept
    return not _capitalised(token) and terms(token) <= REQUEST_TERMS


def _drop(token: str, wanted: set[str], skip: set[str]) -> bool:
    low = token.lower().removesuffix("'s").removesuffix("’s")
    return _is_question_word(token, wanted) or low in skip or _empty(token) or _pronoun(low)


def _pronoun(low: str) -> bool:
    """ "I'll", "we're", "she's": a pronoun with its verb, never an answer."""
    return bool(re.match(r"(?:i|you|we|they|he|she|it|that|there)['’]\w+$", low))


# "what kind of soup did", "which outdoor gear company signed": the last word before the verb
# is the noun asked for ("company"); a verb straight after "what" is not one ("what helps her").
_ASKED_NOUN = re.compile(
    r"^\W*(?:so\s+|and\s+)?(?:what|which)\s+(?:(?:kinds?|types?|sorts?|genres?|styles?)\s+of\s+)?"
    r"(?:[^\W\d_][\w'’-]*\s+){0,3}?(?P<noun>[^\W\d_][\w'’-]*)\s+"
    r"(?:did|does|do|is|was|are|were|has|have|had|will|would|can|could|should|might)\b",
    re.IGNORECASE,
)
# "what's the name of the book for book club?": the thing named
_NAME_OF = re.compile(
    r"^\W*(?:so\s+|and\s+)?what(?:['’]s|\s+is|\s+was|\s+were)\s+the\s+(?:name|title)s?\s+of\s+"
    r"(?:the|that|this|my|our|his|her|their|your)\s+(?P<noun>[^\W\d_][\w'’-]*)\b",
    re.IGNORECASE,
)
_NOT_NOUNS = frozenset(
    ["kind", "kinds", "type", "types", "sort", "sorts", "genre", "style", "else", "exactly"]
)
_PHRASE_TOKEN = re.compile(r"[^\W_][\w'’-]*\+*|[^\w\s]", re.UNICODE)
# Words that stand before a noun without saying which one it is ("my *new* job").
_PLAIN = frozenset(
    re.findall(
        r"\w+",
        "new old little big small same other usual favourite favorite first last next one two "
        "own whole entire latest recent current previous local real proper huge massive tiny "
        "renowned famous special particular certain different various",
    )
)


_DETS = frozenset(["a", "an", "the", "this", "that", "my", "our", "his", "her", "their", "your"])


def asked_noun(question: str) -> str | None:
    """The noun a what/which question asks for: "what *workshop* did…", "what kind of *soup*
    did…", "which outdoor gear *company* signed…" is not one (no verb follows it)."""
    m = _ASKED_NOUN.search(question) or _NAME_OF.search(question)
    noun = m.group("noun").lower() if m else None
    return noun if noun and noun not in _NOT_NOUNS and noun not in STOPWORDS else None


_CALENDAR = frozenset(tx.MONTHS) | frozenset(tx.WEEKDAYS)


def _noun_after(token: str) -> bool:
    """Whether `token`, after the asked-for noun, is the noun it describes ("car *hire*", "job
    *interview*"): a lower-case content word, not a time, a verb form or a function word."""
    low = token.lower()
    return (
        token.isalpha()
        and token.islower()
        and low not in STOPWORDS
        and low not in COMMON_WORDS
        and low not in PLAIN_VERBS
        and low not in _CALENDAR
        and not re.search(r"(?:ed|ing|ly|s)$", low)
    )


def focus_phrase(
    sentence: str,
    noun: str,
    wanted: Collection[str],
    skip: Collection[str] = (),
    *,
    kind_of: bool = False,
) -> str | None:
    """The asked-for noun as the sentence qualifies it: "What workshop did she attend?" → "LGBTQ+
    counseling workshop" from "I went to an LGBTQ+ counseling workshop". None when the sentence
    says the noun bare or only with words that do not tell one from another ("my new job"),
    unless the question asks what kind (`kind_of`): "what kind of food" → "new food"."""
    head = terms(noun)
    if not head:
        return None
    wanted = set(wanted)
    tokens = [m.group(0) for m in _PHRASE_TOKEN.finditer(sentence)]
    low_skip = {s.lower() for s in skip}
    for i, t in enumerate(tokens):
        if terms(t) != head:
            continue
        if i + 1 < len(tokens) and _noun_after(tokens[i + 1]):
            continue  # "coastal car hire": a hire firm, not a car
        j = i
        while j > 0 and (
            _modifier(tokens[j - 1], low_skip)
            # "basketball shoe and gear deal"
            or (tokens[j - 1].lower() == "and" and j > 1 and _modifier(tokens[j - 2], low_skip))
        ):
            j -= 1
        mods = tokens[j:i]
        # "I'm creating gaming content": a verb and its object, unless a determiner makes the
        # -ing word a modifier ("an LGBTQ+ counseling workshop").
        verb = bool(mods) and mods[0].lower().endswith("ing") and tokens[j - 1].lower() not in _DETS
        while mods and (
            mods[0].lower() in _PLAIN and not kind_of or mods[0].lower() == "and" or verb
        ):
            mods, verb = mods[1:], False
        plain = () if kind_of else _PLAIN
        telling = [w for w in mods if w.lower() not in plain and not _is_question_word(w, wanted)]
        if telling:
            return " ".join([*mods, t])
    return None


def _modifier(token: str, skip: set[str]) -> bool:
    low = token.lower()
    if not re.match(r"[^\W_]", token) or low in STOPWORDS or low in skip or _pronoun(low):
        return False
    return low not in _EMPTY or low in _PLAIN


# "how long has she been playing?" → "about four months"; not "how long ago" (a when-question).
HOW_LONG = re.compile(r"\bhow\s+long\b(?!\s+ago)", re.IGNORECASE)
_COUNT = (
    r"(?:\d+(?:\.\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|thirty|forty|fifty|a\s+few|a\s+couple(?:\s+of)?|several|many|couple\s+of)"
)
DURATION = re.compile(
    rf"\b(?:(?:about|around|roughly|nearly|almost|over|under|only|just|at\s+least|more\s+than|"
    rf"less\s+than|a\s+good)\s+)*{_COUNT}(?:\s*(?:-|–|to)\s*{_COUNT})?(?:\s+and\s+a\s+half)?[\s-]+"
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|months?|years?|yrs?|decades?)\b"
    r"(?:\s+and\s+a\s+half)?",
    re.IGNORECASE,
)


# A race time or a stopwatch's: hours, minutes and seconds ("1:24:37"), never a clock time.
_STOPWATCH = re.compile(r"(?<![\d:.])\d{1,2}:[0-5]\d:[0-5]\d(?![\d:])")


def duration_in(text: str) -> str | None:
    """The first stretch of time `text` states: "about four months", "3 weeks", "1:24:37"."""
    m = DURATION.search(text) or _STOPWATCH.search(text)
    return m.group(0) if m else None
