"""Chat spelling, read as meant: people type questions the way they text. "wat date was the
gig", "wen is the race", "where did we go for kofis bday" are asked as "what date…", "when…",
"…for kofi's bday", so that every later stage (the kind of question, the planner, the names)
reads them as it reads the rest."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from agent.plan import timeexpr as tx
from agent.plan.planner import GENERIC_WORDS
from memory_store.indexes.tokenize import STOPWORDS, DefaultTokenizer, fold_accents

_TOKENIZE = DefaultTokenizer()
_LETTERS = "abcdefghijklmnopqrstuvwxyz"

# Question words as chat spells them; only whole words, and only these: "wer" or "y" are
# words of other languages or letters too often to guess.
_SPELLINGS = {
    "wat": "what", "wot": "what", "wut": "what", "wht": "what",
    "wen": "when", "whn": "when",
    "wher": "where", "whr": "where",
    "hw": "how",
    # the apostrophe dropped: "whens gethins stag do now?"
    "whats": "what's", "whens": "when's", "wheres": "where's", "whos": "who's", "hows": "how's",
    # the small words a question turns on: "what did we talk *abt*", "rides called off *cos*
    # of the rain", "what did *u* say"
    "abt": "about", "bout": "about", "cos": "because", "coz": "because", "cuz": "because",
    "u": "you", "ur": "your", "thru": "through", "b4": "before",
}  # fmt: skip
_SPELLED = re.compile(r"\b(" + "|".join(_SPELLINGS) + r")\b", re.IGNORECASE)


# Time words as chat shortens them: "last wk", "this mth", "2 yrs ago", "yday", "last sat",
# "on tues". The units are never other words ("hr" is, HR, and is left); a day's short form is
# read so only beside what dates it ("last sat", "sat 13th"): "where i sat" is no date. (The
# planner reads a month's short form itself, "in feb", and keeps its word for the search.)
_UNITS = {
    "wk": "week", "wks": "weeks", "mth": "month", "mths": "months", "mnth": "month",
    "mnths": "months", "yr": "year", "yrs": "years",
    "yday": "yesterday", "yest": "yesterday", "tmw": "tomorrow", "tmrw": "tomorrow",
    "2moro": "tomorrow", "tonite": "tonight", "wkend": "weekend", "wknd": "weekend",
}  # fmt: skip
_UNIT = re.compile(r"\b(" + "|".join(_UNITS) + r")\b", re.IGNORECASE)
_FULL_DAYS = {n: w for w, n in tx.WEEKDAYS.items() if w.endswith("day")}
_DAYS = {w: _FULL_DAYS[n] for w, n in tx.WEEKDAYS.items() if not w.endswith("day")}
_NUMBERED = r"\d{1,2}(?:st|nd|rd|th)?"
_SHORT_DAY = re.compile(
    r"\b(?P<before>(?:on|last|next|this|that|every|since|till|until|by|from|before|after)\s+)"
    rf"(?P<w>{'|'.join(_DAYS)})\b|\b(?P<w2>{'|'.join(_DAYS)})(?=\s+(?:the\s+)?{_NUMBERED}\b)",
    re.IGNORECASE,
)


def time_spelled_out(question: str) -> str:
    """The question with time words as chat shortens them spelled out ("last wk", "on tues"),
    so the planner reads them as the calendar words they are."""
    out = _UNIT.sub(lambda m: _UNITS[m.group(1).lower()], question)

    def day(m: re.Match[str]) -> str:
        w = m.group("w") or m.group("w2")
        return f"{m.group('before') or ''}{_DAYS[w.lower()]}"

    out = _SHORT_DAY.sub(day, out)
    # "my 2nd interview": which of several, not a day of the month ("on the 2nd", "the 2nd of
    # may", "may 2nd" are dates and stay so)
    return _COUNTED.sub(lambda m: f"{m.group(1)}{_ORDINAL_WORDS[m.group(2).lower()]}", out)


_ORDINAL_WORDS = {
    "1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth",
    "6th": "sixth", "7th": "seventh", "8th": "eighth", "9th": "ninth", "10th": "tenth",
}  # fmt: skip
_COUNTED = re.compile(
    r"\b((?:my|our|your|his|her|their|the|a|this|that|[a-z]+['’]s)\s+)"
    rf"({'|'.join(_ORDINAL_WORDS)})(?=\s+[a-z])"
    # a noun after it, not a date's or a time's words
    rf"(?!\s+(?:of|at|in|on|and|or|to|from|till|until|for|this|next|last|"
    rf"(?:week|weekend|month|day|year|quarter)s?\b|{'|'.join([*tx.MONTHS, *tx.WEEKDAYS])})\b)",
    re.IGNORECASE,
)


def typo_fixed(word: str, doc_freq: Callable[[str], int]) -> str | None:
    """The word the history holds that `word`, which it does not, is a slip of the keys away
    from: one letter dropped, doubled in, or two swapped ("fesetival" → "festival", "educaton"
    → "education"). Not a letter changed: "wedding" is not a typo of "welding". Only words of
    7 letters or more, where such neighbours are rarely words of their own."""
    low = word.lower()
    if len(low) < 7 or not low.isalpha() or low in GENERIC_WORDS or _held(low, doc_freq):
        return None
    # Slips inside the word's stem, not in its last three letters, where a change is another
    # form of a word ("summarize" is no slip of "summaries", which a history may hold instead).
    splits = [(low[:i], low[i:]) for i in range(len(low) - 2)]
    # A word's first letter is seldom slipped in or left out: "filling" is no "illing".
    # A letter typed in is a key next to its neighbours, or one of them again ("fesetival"):
    # "flavour" is no "favour" with an l slipped in.
    near = {a + b[1:] for a, b in splits if a and b and _slipped_in(a[-1], b[0], b[1:2])}
    swapped = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    near |= swapped
    near |= {a + c + b for a, b in splits if a for c in _LETTERS}
    # A double letter typed once is a slip anywhere in the word ("courgete", "buble"); a
    # changed ending ("summarize" / "summaries") is not.
    near |= {low[: i + 1] + low[i] + low[i + 1 :] for i in range(len(low)) if low[i].isalpha()}
    stem = "".join(_TOKENIZE(low))
    if 2 * len(stem) < len(low):
        return None  # "wedding" → "wed": stemming has mangled it; nothing to compare
    found = sorted(
        (-_held(w, doc_freq), w)
        for w in near
        if w != low
        and _held(w, doc_freq)
        and (_one_slip("".join(_TOKENIZE(w)), stem) or w in swapped and _suffixed(w, low, stem))
    )
    return found[0][1] if found else None


def _suffixed(word: str, typed: str, stem: str) -> bool:
    """Whether stemming cut a long ending ("-ment", "-ation") off either word, so that their
    stems say nothing of a swap: "torunament" is stemmed to "toruna", "apartment" to "apart"."""
    return max(len(typed) - len(stem), len(word) - len("".join(_TOKENIZE(word)))) >= _LONG_ENDING


# Letters stemming cut off a word for its stem to be no guide: "-ment", "-ation".
_LONG_ENDING = 4


_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_KEYS = {c: (r, i) for r, row in enumerate(_ROWS) for i, c in enumerate(row)}


def _next_to(a: str, b: str) -> bool:
    """Whether keys `a` and `b` touch on a QWERTY keyboard (or are the same key)."""
    if a not in _KEYS or b not in _KEYS:
        return False
    (ra, ia), (rb, ib) = _KEYS[a], _KEYS[b]
    return abs(ra - rb) <= 1 and abs(ia - ib) <= 1 + (ra != rb)


def _slipped_in(before: str, extra: str, after: str) -> bool:
    """Whether `extra`, typed between `before` and `after`, is a slip of the finger."""
    return _next_to(extra, before) or bool(after) and _next_to(extra, after)


def _one_slip(a: str, b: str) -> bool:
    """Whether the stems differ by one dropped, added or swapped letter: "fesetiv" / "festiv",
    not "wed" / "weld" that stemming made of "weding" and "weldding"."""
    if a == b or abs(len(a) - len(b)) > 1:
        return a == b
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        swapped = len(diff) == 2 and diff[1] == diff[0] + 1
        return swapped and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def _held(word: str, doc_freq: Callable[[str], int]) -> int:
    tokens = _TOKENIZE(word)
    return min((doc_freq(t) for t in tokens), default=0) if tokens else 0


def spelled_out(
    question: str,
    names: Collection[str] = (),
    doc_freq: Callable[[str], int] | None = None,
    known_names: Collection[str] = (),
) -> str:
    """The question with chat spellings of question words spelled out, a known first name
    run into its possessive ("kofis bday") given its apostrophe, and, given the history's
    `doc_freq`, a typo of a word it holds fixed. `names`: first names of the people in scope;
    `known_names`: every name the history knows (lower case), none of which is a short form."""
    out = _SPELLED.sub(lambda m: _SPELLINGS[m.group(1).lower()], question)
    if doc_freq is not None:
        out = re.sub(r"[^\W\d_]+", lambda m: typo_fixed(m.group(0), doc_freq) or m.group(0), out)
    known = {n.lower() for n in names if n}
    if known:
        # A name typed without its accents is the name ("lucia" is Lucía).
        bare = {
            fold_accents(n.lower()): n for n in names if n and fold_accents(n.lower()) != n.lower()
        }
        if bare:
            out = re.sub(r"[^\W\d_]+", lambda m: bare.get(m.group(0).lower(), m.group(0)), out)

        def possessive(m: re.Match[str]) -> str:
            stem = m.group(1)
            if stem.lower() in bare:  # "lucias" is Lucía's
                return f"{bare[stem.lower()]}'s"
            return f"{stem}'s" if stem.lower() in known else m.group(0)

        out = re.sub(r"\b([^\W\d_]+)s\b", possessive, out)
        out = re.sub(
            r"[^\W\d_]+",
            lambda m: short_for(m.group(0), names, known_names) or m.group(0),
            out,
        )
    return out


# A name's short form is its first three letters or more ("tam" for Tamsin, "mel" for
# Melanie, "dan" for Daniel, "chlo" for Chloé), when it is no other word a question uses: not
# "will" (William), "sun" (Sunniva), "mar" (Marta), "eve" (Evelyn); nor a name of its own the
# history knows (a Dan who writes nothing, named by others).
_SHORTEST_FORM = 3
_NOT_SHORT_FORMS = frozenset(
    [*tx.WEEKDAYS, *tx.MONTHS, *re.findall(r"\w+", "eve art bill rob pat mark jack ray rose "
     "grace hope joy sue dawn max bob jan van car cat kit")]
)  # fmt: skip


def short_for(word: str, names: Collection[str], known: Collection[str] = ()) -> str | None:
    """The one name of `names` that `word` is the short form of, if any ("dan" → Daniel)."""
    low = word.lower()
    common = low in STOPWORDS or low in GENERIC_WORDS or low in _NOT_SHORT_FORMS
    if len(low) < _SHORTEST_FORM or common or low in known or any(n.lower() == low for n in names):
        return None
    # a letter short is a short form only from four letters on: "chlo" is Chloé, "mar" no Mara
    cut = 0 if len(low) >= 4 else 1
    longer = {
        n
        for n in names
        # a name, not a title a speaker is listed under ("Prof. Hartley")
        if n.isalpha()
        and len(n) > len(low) + cut
        and fold_accents(n.lower()).startswith(fold_accents(low))
    }
    if len(longer) == 1:
        return next(iter(longer))
    # "ronnie" for Ron, "tommy" for Tom, "davie" for David: a pet form in -ie or -y
    stem = _pet_stem(low)
    if stem is None:
        return None
    same = [n for n in names if n.isalpha() and fold_accents(n.lower()) == stem]
    return same[0] if len(same) == 1 else short_for(stem, names, known)


def _pet_stem(low: str) -> str | None:
    suffix = next((s for s in ("ie", "y") if low.endswith(s)), "")
    stem = low[: -len(suffix)] if suffix else ""
    if len(stem) >= 4 and stem[-1] == stem[-2]:  # "ronnie", "tommy"
        stem = stem[:-1]
    return stem if len(stem) >= _SHORTEST_FORM else None
