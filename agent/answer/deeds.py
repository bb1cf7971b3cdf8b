"""What a person did to things, in the chat's own verbs.

"What has Kamau bought for the boat?" is answered by "picked up a windlass", "got 2 fenders",
"neoprene socks arrived"; "everything Gareth has fixed or replaced" by "Lift pump fitted",
"New batteries in", "Stern gland repacked". None of those repeats the question's words, so
the covering set (cover.py) misses them. A list question's verb names an act, and each act has
the verbs chat says it with: before the thing ("got 2 fenders") or after it ("lift pump
fitted"). The reader looks through every message of the people asked about in the chats on
topic, not only the best few, and takes the thing each says was done.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from memory_store.models import StoredMessage

from .items import CLOSES, COMMON_WORDS, Item, distinct, item_of_run, runs_of, split_enumeration
from .reading import ReaderContext, first_names, subjects
from .text import REQUEST_TERMS, SAYS_YES, TermWeights, terms


@dataclass(frozen=True)
class Act:
    name: str
    asked: str  # the question's verbs
    before: str  # chat's verbs the thing follows: "got 2 fenders"
    after: str = ""  # chat's verbs that follow their thing: "lift pump fitted"
    renews: bool = False  # "new batteries in": a new thing says it was done
    # Asked for and granted: "can I borrow your tile cutter?" / "yeah course".
    granted: str = ""
    # Said as a plan, it is the answer: "who's bringing what?" / "I'll bring mulled wine".
    promised: bool = False
    # Its things are stuff, said bare: "low on uht milk", "I'll make pierogi".
    bare: bool = False
    # Its verbs name the topic themselves ("ran out of tinned tomatoes" is stock running
    # short in any session of the chat), unlike "played" (a game, or an album on repeat).
    says_topic: bool = False


ACTS = (
    Act(
        "buy",
        r"bought|buy|buying|purchased|get|got|picked\s+up",
        r"bought|buy|got|picked\s+up|grabbed|ordered|purchased|splurged\s+on|"
        r"treated\s+(?:myself|ourselves)\s+to",
        r"arrived|turned\s+up|got\s+delivered|came\s+today",
    ),
    Act(
        "fix",
        r"fixed|fix|repaired|repair|replaced|replace|mended",
        r"fixed|repaired|replaced|mended|serviced|swapped|changed|fitted|sorted\s+out",
        r"fitted|fixed|replaced|repaired|repacked|mended|serviced|swapped|sorted",
        renews=True,
    ),
    Act("play", r"played|play|playing", r"played|playing"),
    Act("watch", r"watched|watch|seen|saw", r"watched|saw|seen|watching"),
    # not "finished" alone: "finished another pottery project" is no book
    Act("read", r"read|reading", r"read|reading|finished\s+reading"),
    Act(
        "grow",
        r"planted|plant|sown|sowed|sow|growing|grow|grown",
        r"planted|sowed|sown|growing|grown|put\s+in|potted\s+up|started",
        r"planted|sown|potted\s+up|(?:are|is)\s+in",
    ),
    Act("borrow", r"borrowed|borrow", r"borrowed|lent\s+me|lend\s+me", granted=r"borrow|nick"),
    Act("make", r"made|make|cooked|cook|baked|bake", r"made|cooked|baked"),
    # what was given, told by the one who got it: "She got an anti-nausea shot" (from the vet)
    Act("give", r"gave|give|given|giving", r"gave|given|got|received|was\s+handed"),
    # what each brings to a do: "I'll make pierogi", "and I'll do a tortilla", "I'm making mochi"
    Act(
        "bring",
        r"bring|bringing|brings|brought",
        # not "doing": "we're doing secret santa" is what the group does, not a dish
        r"bring|bringing|brought|make|making|do|cook|cooking|bake|baking|sort|sorting",
        promised=True,
        bare=True,
    ),
    # what a store ran short of: "we're low on uht milk", "ran out of tinned tomatoes by 11"
    Act(
        "run short of",
        r"running\s+low|run(?:ning)?\s+out|ran\s+out|low\s+on|short\s+of|out\s+of",
        r"low\s+on|ran\s+out\s+of|run(?:ning)?\s+out\s+of|short\s+(?:of|on)|"
        r"no\s+more|out\s+of|never\s+have\s+enough|not\s+enough|need\s+more",
        r"(?:ran|run|running)\s+out|(?:is|are)\s+(?:running\s+)?low",
        bare=True,
        says_topic=True,
    ),
    # what a pet or a child got its teeth into: "pickles ate my running shoes"
    Act(
        "chew",
        r"chewed|chew|chewing|ate|eaten|destroyed|destroy|wrecked",
        r"ate|chewed|destroyed|wrecked|shredded|ripped\s+up|chewed\s+up|ate\s+up",
    ),
)

# "what books did Hana tell me to read?": the act is asked of someone else, not done.
_TOLD_TO = (
    r"(?:tell|told|ask|asked|want|wanted|recommend\w*|suggest\w*|say|said)\s+(?:\w+\s+)?to\s+"
)
# The words that mark what follows as a thing: "a", "the", "my", "another pair of", "new".
_MARKS = frozenset(
    re.findall(
        r"\S+",
        """a an the some my our your his her their this these those another more few couple pair
        set bunch box bag loads lots new extra spare two three four five six""",
    )
)
# Words that may stand between a verb and its thing: "got another pair of fenders", "bought
# you a tin", "picked up a windlass"; whom it was got for is no part of it.
_FILLER = _MARKS | frozenset(
    re.findall(
        r"\S+",
        """of 2 3 4 5 6 me you him them us myself ourselves dad mum mom mam nan gran grandad
        grandma brother sister wife husband partner""",
    )
)
_OTHER_DOER = re.compile(
    r"\b(?:you|u|he|she|they|it|that|this|which|who)\s+(?:(?:really|just|also|all|have|has|"
    r"had|'ve|’ve)\s+)?$",
    re.IGNORECASE,
)
_HAVE = re.compile(r"(?:\b(?:have|has)|['’](?:ve|s))\s+$", re.IGNORECASE)
# Praise before a thing is no part of its name: "this awesome book", "an amazing series".
_PRAISE = frozenset(
    re.findall(
        r"\S+",
        """awesome amazing cool lovely wonderful fantastic beautiful incredible interesting great
        good nice new little big really super delicious gorgeous brilliant fab favourite
        favorite""",
    )
)
_PLURAL = re.compile(r"[^su']s$")
# What "got" takes that is not a thing had: "got home", "got a call", "got the job".
NOT_THINGS = frozenset(
    re.findall(
        r"\S+",
        """home back there here call text message email job offer sick ill lost ready married
        chance idea way bit lot feeling sense point appointment reply answer cold flu
        promotion result results""",
    )
)
# A thing said of as done later, or not at all: "will get", "didn't buy", "need to fix".
_NOT_DONE = re.compile(
    r"\b(?:not|never|no|didn'?t|haven'?t|hasn'?t|won'?t|will|'ll|going\s+to|gonna|want\s+to|"
    r"need\s+to|should|might|could|would|thinking\s+of|plan(?:ning)?\s+to|if)\s+(?:\w+\s+){0,2}$",
    re.IGNORECASE,
)
# A verb of making at the clause's start, with no one before it: an imperative.
_BIDDEN = re.compile(r"^\W*(?:(?:and|also|oh|so|then)\s+)?(?:make|do|cook|bake|sort)$", re.I)
_MODAL = re.compile(r"\b(?:have\s+to|had\s+to|need(?:ed)?\s+to|should|supposed\s+to)\b", re.I)
# "put a new one on": the thing renewed is the one the message named first ("fan belt").
_PRONOUN_THING = re.compile(r"^\s*(?:one|ones)\b", re.I)
# A thing shown in the next turn (a photo): "… and this", "got these".
_SHOWN = re.compile(r"\b(?:this|these)\W*$", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[.!?;:()\[\]\"“”…]|,\s+(?:and|but|so)\b|\s[-–—]\s")


def asked_acts(question: str) -> list[Act]:
    """The acts the question asks the things of: "fixed or replaced" names two."""
    found = []
    for act in ACTS:
        for m in re.finditer(rf"\b(?:{act.asked})\b", question, re.IGNORECASE):
            if not re.search(rf"{_TOLD_TO}$", question[: m.start()], re.IGNORECASE):
                found.append(act)
                break
    return found


# The do a question names after its verb: "bringing to castle crags", "making for the party"
_FOR_A_DO = re.compile(
    r"\b(?:bring|bringing|brought|make|making|made|bake|baking|cook|cooking)\s+(?:\w+\s+)?"
    r"(?:to|for)\s+\w",
    re.IGNORECASE,
)


def deeds(
    question: str,
    matches: Sequence[StoredMessage],
    ctx: ReaderContext,
    skip: set[str],
    on_topic: Collection[int] = (),
) -> tuple[list[Item], list[Act]]:
    """The things the people asked about did the question's act to, in time order, one per
    thing; with the acts it read. `skip`: the question's own words, never an item;
    `on_topic`: the sessions that speak of the question's topic, where the question names no
    one ("which board games did we play": not the album played on repeat)."""
    acts = asked_acts(question)
    if not acts:
        return [], []
    doers = subjects(question, ctx)
    chats = {m.conversation for m in matches[:10]}
    modal = bool(_MODAL.search(question))
    names = first_names(ctx)
    skip = skip | REQUEST_TERMS | {t for a in acts for t in terms(a.asked.replace("|", " "))}
    # A person named narrows the acts enough; "we" or "people" leaves every speaker's, unless
    # the question names the do as well ("what am i bringing *to castle crags*?")
    by_topic = not doers or bool(_FOR_A_DO.search(question))
    found: list[Item] = []
    for act in acts:
        verbs = "|".join(v for v in (act.before, act.after) if v)
        pattern = rf"\b(?:{verbs}{'|new' if act.renews else ''})\b"
        for m in ctx.holding(pattern, doers, chats):
            if on_topic and by_topic and not act.says_topic and m.session_id not in on_topic:
                continue
            done = _things_done(m, act, skip, names, modal, ctx.weights)
            # "got us this" or "got another pair of fenders. and this": a photo shows it next
            pointed = re.search(rf"\b(?:{act.before})\s+(?:\w+\s+)?(?:this|these)\b", m.text, re.I)
            if pointed or done and _SHOWN.search(m.text):
                shown = next((n for n in ctx.turns_after(m)[:2] if n.speaker == m.speaker), None)
                run = _first_run(shown.text, skip, names) if shown else None
                done += [item_of_run(run, shown, ctx.weights)] if shown and run else []
            found += done
        if act.granted:
            found += _granted(act, doers, chats, ctx, skip, names)
    return distinct(sorted(found, key=lambda it: (it.message.ts, it.message.id))), acts


def _things_done(
    m: StoredMessage,
    act: Act,
    skip: set[str],
    names: Collection[str],
    modal: bool,
    weights: TermWeights,
) -> list[Item]:
    out = []
    text = m.text
    # "I loved reading "Charlotte's Web" as a kid": a title in quotes after the verb is the
    # thing, though its quote marks end the clause the verb is in.
    for hit in re.finditer(rf"\b(?:{act.before})\s+{_QUOTED}", text, re.IGNORECASE):
        if not _NOT_DONE.search(text[max(0, hit.start() - 30) : hit.start()]):
            out.append(item_of_run(hit.group("title").split(), m, weights))
    for start, end in _clauses(text):
        clause = text[start:end]
        if clause.rstrip().endswith("?") or text[end : end + 1] == "?":
            continue
        for hit in re.finditer(rf"\b(?:{act.before})\b", clause, re.IGNORECASE):
            if not modal and not act.promised and _NOT_DONE.search(clause[: hit.start()]):
                continue
            # "Do the monkey park on the hill": told to, not said to be brought; only "Bring
            # cash." asks for a thing to bring
            if act.promised and _BIDDEN.match(clause[: hit.end()]):
                continue
            # "you got the support", "it made a difference": someone else did it; "we've got
            # a pup", "you've got guts": had, not got.
            if _OTHER_DOER.search(clause[: hit.start()]) or (
                hit.group(0).lower() == "got" and _HAVE.search(clause[: hit.start()])
            ):
                continue
            after = clause[hit.end() :]
            more = _listed_after(after, names)  # "bananas, trail mix and some Kyoto snacks"
            run = thing_after(after, skip, names, text[start + hit.end() :], bool(more), act.bare)
            if run:
                out.append(item_of_run(run, m, weights))
                out += [item_of_run(r, m, weights) for r in more]
        for hit in re.finditer(rf"\b(?:{act.after})\b", clause, re.IGNORECASE) if act.after else ():
            run = _thing_before(clause[: hit.start()], skip, names)
            if run and not _NOT_DONE.search(clause[: hit.start()]):
                out.append(item_of_run(run, m, weights))
        if act.renews:
            for hit in re.finditer(r"\bnew\s+", clause, re.IGNORECASE):
                run = thing_after(clause[hit.end() :], skip, names)
                if run is None and _PRONOUN_THING.match(clause[hit.end() :]):
                    run = _first_run(text[: start + hit.start()], skip, names)
                if run:
                    out.append(item_of_run(run, m, weights))
    return out


def _granted(
    act: Act,
    doers: Collection[str],
    chats: Collection[str],
    ctx: ReaderContext,
    skip: set[str],
    names: Collection[str],
) -> list[Item]:
    """Things asked for and given: "can I borrow your tile cutter?" (its writer did it) or
    "u still want to borrow the van?" (the one who answers did), when the other says yes in
    the next two turns ("yeah course", "yes please")."""
    out = []
    # "can I borrow …?" asks for it; "need my ladder?", "u want to borrow the van?" offer it.
    asks = rf"\b(?:can|could|may)\s+i\s+(?:{act.granted})\b"
    offers = rf"\b(?:want|need)\s+(?:to\s+(?:{act.granted})\b|(?=(?:my|our)\b))"
    near = rf"{asks}|\b(?:want|need)\s+(?:to\s+(?:{act.granted})|my|our)\b"  # RE2: no (?=
    for m in ctx.holding(near, (), chats)[:200]:
        hit = re.search(asks, m.text, re.IGNORECASE) or re.search(offers, m.text, re.IGNORECASE)
        if hit is None or "?" not in m.text[hit.end() :]:
            continue
        reply = next((n for n in ctx.turns_after(m)[:2] if n.speaker != m.speaker), None)
        if reply is None or not SAYS_YES.search(reply.text):
            continue
        doer = m.speaker if re.match(asks, hit.group(0), re.I) else reply.speaker
        run = thing_after(m.text[hit.end() :], skip, names)
        if run and (not doers or doer in doers):
            out.append(item_of_run(run, m, ctx.weights))
    return out


def _clauses(text: str) -> list[tuple[int, int]]:
    bounds = [0, *(m.end() for m in _CLAUSE_END.finditer(text)), len(text)]
    return [(a, b) for a, b in zip(bounds, bounds[1:], strict=False) if text[a:b].strip()]


def thing_after(
    rest: str,
    skip: set[str],
    names: Collection[str],
    tail: str = "",
    listed: bool | None = None,
    bare: bool = False,
) -> list[str] | None:
    """The run of content words right after the verb, past determiners and amounts only. A
    thing is marked as one: by a determiner or an amount ("a wetsuit", "3 bags"), a plural
    ("earplugs"), a capital ("Catan") or a list it opens ("bought twine, plant labels and a
    trowel"); "made me happy" and "got support" name none. `listed`: whether `rest` lists
    more things, when the caller has read it; `bare`: a thing need not be marked ("I'll bring
    mulled wine", "I'm making mochi": what one brings to a do is food and drink)."""
    if listed is None:
        listed = bool(_listed_after(rest, names))
    rest = re.split(r"[,(]", rest, maxsplit=1)[0]
    said = re.findall(r"[\w'’-]+", rest)
    words = [w.lower() for w in said]
    n = 0
    while n < len(words) and (words[n] in _FILLER or words[n] in names or words[n] in _PRAISE):
        n += 1  # "got Aki a …", "read this awesome …"
    if n >= len(words) or n > 5:
        return None
    runs = _with_qualifier(words[n:], runs_of(" ".join(words[n:]), set(REQUEST_TERMS), names))
    if not runs or runs[0][0] != words[n] or runs[0][0] in NOT_THINGS:
        return None
    run = _trimmed(runs[0])
    after = words[n + len(runs[0]) : n + len(runs[0]) + 1]
    if after and after[0] in ("a", "an", "some"):
        # "made my friend some ice cream": the friend is who it was for
        return thing_after(" ".join(said[n + len(runs[0]) :]), skip, names)
    # The name may sit past the clause's end, in quotes: the message's own words after it.
    called = _CALLED.search(tail[:_NAME_REACH] or rest)
    if run and called:  # "a fantasy novel called "The Name of the Wind"": its name
        return [w.lower() for w in re.findall(r"[\w'’-]+", called.group(1))]
    titled = [i for i, w in enumerate(said[n : n + len(run)]) if w[:1].isupper()]
    # "this game Catan": the name after its kind; not "photos of Mum", a kind of whom
    if titled and titled[0] > 0 and run[titled[0] - 1] not in ("of", "by"):
        run = run[titled[0] :]
    marked = (
        listed
        or any(w in _MARKS or w.isdigit() for w in words[:n])
        or said[n][:1].isupper()
        or bool(run)
        and _PLURAL.search(run[-1]) is not None
    )
    if not run or not (marked or bare):
        return None
    if {t for w in run for t in terms(w)} <= skip:  # "book": only the kind asked for
        return None
    return _plain(run)


# A title in quotes, a few words after a verb: "reading "Charlotte's Web"", "read the book
# "Nothing is Impossible"".
_QUOTED = r"(?:[\w'’-]+\s+){0,3}?[\"“](?P<title>[^\"”\n]{2,60}?)[\"”]"

# "called "The Name of the Wind"", "named Bailey": the name of a thing of the kind asked for.
_CALLED = re.compile(
    r"\b(?:called|named|titled)\s+[\"“']?([^\"”.!?,]+?)[\"”']?(?:[.!?,]|\s+by\b|$)"
)
_NAME_REACH = 80
_TRAILING = frozenset(
    ["together", "too", "again", "though", "lol", "haha", "anyway", "now", "right", "pls", "please"]
)


def _trimmed(run: list[str]) -> list[str]:
    """Without the adverbs chat ends a thing with: "peach cobbler recently", "dinner together"."""
    while run and (run[-1].endswith("ly") or run[-1] in _TRAILING):
        run = run[:-1]
    return run


def _listed_after(rest: str, names: Collection[str]) -> list[list[str]]:
    """The things listed after the first: "bought bananas, trail mix and some Kyoto snacks".
    Each part is a determiner or an amount and a run of content words and nothing else, but
    the last may go on ("… snacks for everyone")."""
    parts, joins = split_enumeration(rest.strip())
    # A list ends with "and" or "or" ("twine, plant labels and a trowel"); "compost, the car
    # stinks" is two clauses.
    ending = max((i for i, j in enumerate(joins) if CLOSES.search(j)), default=-1)
    parts = parts[: ending + 2]
    out: list[list[str]] = []
    for i, part in enumerate(parts):
        words = [w.lower() for w in re.findall(r"[\w'’-]+", part)]
        while words and (words[0] in _FILLER or words[0] in _PRAISE):
            words = words[1:]
        runs = _with_qualifier(words, runs_of(" ".join(words), set(REQUEST_TERMS), names))
        if not runs or runs[0][0] != words[0] or len(runs[0]) > 4:
            break
        whole = len(runs[0]) == len(words)
        if i == 0:  # the first thing, read already, must be all of its part
            if not whole:
                break
            continue
        run = _plain(_trimmed(runs[0]))
        if run:
            out.append(run)
        if not whole:
            break
    return out


def _with_qualifier(words: list[str], runs: list[list[str]]) -> list[list[str]]:
    """The runs, the first with the common word that opens the thing's name: "the *first* aid
    kit", "a *spare* tyre" (a run of content words stops at a common word)."""
    if runs and len(words) > 1 and words[0] in _QUALIFIERS and runs[0][0] == words[1]:
        return [[words[0], *runs[0]], *runs[1:]]
    return runs


# Common words that may open a thing's name.
_QUALIFIERS = frozenset(["first", "new", "old", "spare", "big", "little", "small", "second"])


def _plain(run: list[str]) -> list[str] | None:
    """A thing's words as a name: "telescope's arrived" names the telescope; "isn't" none."""
    if any(re.search(r"n['’]t$", w) for w in run):
        return None
    return [re.sub(r"['’]s$", "", w) for w in run]


def _thing_before(before: str, skip: set[str], names: Collection[str]) -> list[str] | None:
    """The run of content words that ends right before a verb that follows its thing."""
    words = re.findall(r"[\w'’-]+", before.lower())
    while words and words[-1] in {"is", "are", "was", "were", "been", "be", "has", "have", "all"}:
        words = words[:-1]
    runs = runs_of(" ".join(words), skip, names)
    if not runs or not words or runs[-1][-1] != words[-1] or words[-1] in COMMON_WORDS:
        return None
    return _plain(runs[-1])


def _first_run(before: str, skip: set[str], names: Collection[str]) -> list[str] | None:
    runs = runs_of(before, skip, names)
    return runs[0] if runs else None
