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

from memory_store.indexes.tokenize import STOPWORDS

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
_LEADS_ON = frozenset(["since", "until", "till", "after", "before", "than", "because"])


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
