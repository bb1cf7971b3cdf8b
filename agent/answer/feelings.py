"""How someone felt about a thing, or how they described it: "how did John feel about the
atmosphere?" → "Really electric." The answer is the word the chat says it with, after "felt",
"feel", or a linking verb ("The atmosphere in the arena was really electric", "They were
awestruck and humbled", "It was a huge success"), read in the best message, the writer's next
turns, then the other best messages; a sentence whose subject the question names first."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext, own_words, speaker_asked, told_around
from .text import sentences, terms

ASKS_FEELING = re.compile(
    r"^\s*(?:and\s+|so\s+)?(?:how\s+(?:did|does|do|is|was|were|has|have)\s+(?P<who>.+?)\s+"
    r"(?:feel|felt|describe|described|find|found|like|liked)\b|"
    # "what did I think of Klara and the Sun?": a verdict, as "how did I find it?"
    r"what\s+(?:did|does|do)\s+(?P<who2>\S+(?:\s+\S+)?)\s+(?:think|make)\s+(?:of|about)\b|"
    # "what's the weather like in kyoto?": the verdict said of it ("the weather will be nice")
    r"what(?:['’]s|\s+is|\s+was|\s+are|\s+were|\s+will\s+\S+\s+be)\s+(?:the|it|he|she|they)\b.*?\s+like\b)",
    re.IGNORECASE,
)
# Words a feeling or a verdict is said with, when a linking verb ("was", "looks") and not
# "felt" sets it off: "was amazing", not "was at home" or "was working".
_VERDICTS = frozenset(
    re.findall(
        r"\w+",
        """amazing awesome incredible lovely wonderful fantastic brilliant gorgeous beautiful
        great good fine ok okay fun cool nice perfect special spectacular stunning breathtaking
        magical surreal unreal electric intense epic wild crazy insane peaceful calm relaxing
        relaxed exciting excited thrilled thrilling happy glad proud grateful thankful blessed
        sad upset scared terrified nervous anxious stressed overwhelmed exhausted tired
        frustrated disappointed relieved humbled awestruck inspired inspiring moving touching
        emotional rewarding fulfilling meaningful tough hard difficult rough brutal
        challenging terrible awful horrible bad weird strange funny hilarious cozy cosy
        gripping boring memorable unforgettable free success""",
    )
)
_DEGREE = (
    r"(?:(?:so|really|super|pretty|just|totally|absolutely|very|quite|kinda|truly|such|"
    r"a\s+bit|honestly|also)\s+)*"
)
_FELT = re.compile(
    rf"\b(?:felt|feel|feels|feeling)\s+(?:like\s+)?{_DEGREE}(?P<r>[^.!?;,]+)", re.IGNORECASE
)
# "I'm loving it", "we loved the place", "hated it": a liking said of the thing asked of.
_OPINION = re.compile(
    r"\b(?:i|we)(?:['’]m|['’]re|\s+am|\s+are|\s+was|\s+were)?\s+(?:really\s+|absolutely\s+|"
    r"totally\s+|kind\s+of\s+|sort\s+of\s+)?(?:loving|loved|love|hated|hating|hate|enjoying|"
    r"enjoyed|liked|adored|adore)\s+(?:it|this|that|them|the\s+\w+)\b",
    re.IGNORECASE,
)
_LINKED = re.compile(
    r"(?P<subj>\b[\w']+(?:\s+[\w']+){0,3})\s+"
    rf"(?:was|were|is|are|will\s+be|looks|looked|seemed|seems|sounds|sounded)\s+{_DEGREE}"
    r"(?P<r>(?:an?\s+)?(?:[\w-]+\s+){0,2}?(?P<word>[\w-]+)(?:\s+(?:and|&)\s+[\w-]+)?)",
    re.IGNORECASE,
)
_LINKED_SHORT = re.compile(
    rf"(?P<subj>\b[\w']+)(?:['’]s|['’]re|['’]m)\s+{_DEGREE}(?P<r>(?P<word>[\w-]+)"
    r"(?:\s+(?:and|&)\s+[\w-]+)?)",
    re.IGNORECASE,
)
_ASKING_WORDS = frozenset(terms("feel felt feeling describe described find found"))
# The turns after the best message a feeling may follow in.
_NEXT_TURNS = 3


def feeling_told(
    question: str,
    wanted: set[str],
    best: StoredMessage,
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> tuple[StoredMessage, str] | None:
    """The feeling or verdict asked for and the message that says it, or None."""
    asked = ASKS_FEELING.search(question)
    if asked is None:
        return None
    near, others = told_around(best, good, ranked, wanted - _ASKING_WORDS, ctx, turns=_NEXT_TURNS)
    # "how did Gina describe the studio?": Gina's words, not another's of it
    by = speaker_asked(asked.group("who") or asked.group("who2") or "", ctx)
    # …and, asked of one person, their own best-ranked words, though in other words than the
    # question's ("what did priya think of her presents?": "I love the chalk bag")
    theirs = own_words(ranked, by) if by is not None else []
    for m in dict.fromkeys([*near, *others, *theirs]):
        if by is not None and m.speaker != by:
            continue
        said = feeling_in(m.text, wanted)
        if said and asked.group("who2"):
            # "what does John think about trying new classes?": an opinion reads as its
            # sentence ("Trying new stuff is a great way to push yourself"), not "A great."
            said = next((m.text[a:b] for a, b in sentences(m.text) if said in m.text[a:b]), said)
            said = said.strip().rstrip(".!")
        if said:
            return m, said.strip()
    return None


def feeling_in(text: str, wanted: set[str]) -> str | None:
    """The feeling a message says: a sentence whose subject is a word of the question first
    ("The views were spectacular"), else the first that says one."""
    found: list[tuple[int, str]] = []
    for a, b in sentences(text):
        s = text[a:b]
        for m in _FELT.finditer(s):
            # "felt like they jumped off the page": a likeness, after a word that says it
            found.append((3 if m.group(0).lower().split()[1] == "like" else 1, _short(m["r"])))
        for m in _OPINION.finditer(s):
            # "I'm loving it, but it's so sad": a liking said of the thing, and its clause
            found.append((1, s[m.start() :].strip(" .!")))
        for pattern in (_LINKED, _LINKED_SHORT):
            for m in pattern.finditer(s):
                if m.group("word").lower() in _VERDICTS:
                    named = bool(terms(m.group("subj")) & wanted)
                    found.append((0 if named else 2, _paired(m.group("r").strip())))
    found = [(rank, r) for rank, r in found if r and not terms(r) <= wanted]
    return min(found, key=lambda f: f[0])[1] if found else None


def _paired(verdict: str) -> str:
    """ "electric and intense" as said; not "electric and playing…": a pair is two verdicts."""
    first, _, second = re.sub(r"\s+&\s+", " and ", verdict).partition(" and ")
    return verdict if not second or second.lower() in _VERDICTS else first


def _short(feeling: str) -> str:
    """A feeling up to its clause's end: "great being out there" → "great"."""
    words = feeling.split()
    cut = next(
        (i for i, w in enumerate(words) if i and w.lower() in ("being", "to", "when", "that")),
        len(words),
    )
    return " ".join(words[:cut]).strip(" -–—")
