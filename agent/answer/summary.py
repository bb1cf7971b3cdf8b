"""Extractive summaries for "what did we talk about …": the few most central messages of the
filtered span, chosen for diversity (maximal marginal relevance over idf-weighted terms), each
led by its most distinctive word and shortened, with who said it and when."""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext, Reading, who
from .text import asks, clip, day_phrase, join_names, terms

# Up to eight points: a day's chat often holds five topics or more (the fridge delivered, the old
# shelving, a temperature log), and four left one out on the developed scenario histories
# (four and five points: 2 fewer of their 33 summaries right than six; README, session 18).
# Six left out a turn a day's news hung on ("so we go to Monterrey in October instead?"):
# eight got 5 more of 60 developed summaries right and 2 more of 59 never read, none fewer
# (README, session 49).
POINTS = 8
# MMR trade-off between centrality and novelty (Carbonell & Goldstein 1998).
LAMBDA = 0.6


def _vector(text: str, ctx: ReaderContext) -> dict[str, float]:
    return {t: ctx.weights.idf(t) for t in terms(text)}


def _cosine(a: dict[str, float], b: dict[str, float]) -> float:
    dot = sum(w * b[t] for t, w in a.items() if t in b)
    na = math.sqrt(sum(w * w for w in a.values()))
    nb = math.sqrt(sum(w * w for w in b.values()))
    return dot / (na * nb) if na and nb else 0.0


def pick_points(
    messages: Sequence[StoredMessage],
    ctx: ReaderContext,
    n: int = POINTS,
    skip: Collection[int] = (),
    keep: Collection[int] = (),
) -> list[int]:
    """Indexes of up to `n` messages: central to the span, unlike each other, not chatter;
    those in `keep` first, never those in `skip`."""
    vecs = [_vector(m.text, ctx) for m in messages]
    centroid: dict[str, float] = {}
    for v in vecs:
        for t, w in v.items():
            centroid[t] = centroid.get(t, 0.0) + w
    # A message carrying little (an emoji, "lol", "ok") is not a point however central.
    weight = [min(1.0, sum(v.values()) / 12.0) for v in vecs]
    central = [_cosine(v, centroid) * w for v, w in zip(vecs, weight, strict=True)]
    chosen: list[int] = [i for i in keep if i not in skip]
    while len(chosen) < min(n, len(messages)):

        def mmr(i: int) -> float:
            novelty = max((_cosine(vecs[i], vecs[j]) for j in chosen), default=0.0)
            return LAMBDA * central[i] - (1 - LAMBDA) * novelty

        rest = [
            i
            for i in range(len(messages))
            if i not in chosen and i not in skip and weight[i] > 0.25
        ]
        if not rest:
            break
        chosen.append(max(rest, key=mmr))
    return sorted(chosen)


def summarize(
    messages: Sequence[StoredMessage], ctx: ReaderContext, keep: Collection[int] = ()
) -> Reading:
    """`keep`: indexes of messages that are points whatever their centrality (the message
    that opens a plan: "Crag trip time! Castle Crags on Saturday October 17th?")."""
    if not messages:
        return Reading("Nothing in the history matches that time.", [], "summary", abstained=True)
    idx, dropped = _causes(messages, pick_points(messages, ctx, keep=keep))
    if dropped:  # a reaction to a point already made makes room for another point
        idx, _ = _causes(messages, pick_points(messages, ctx, skip=dropped, keep=keep))
    asked = {i: _asked_by(messages, i, set(idx)) for i in idx}
    replied = {i: _replied_by(messages, i, set(idx)) for i in idx if asked[i] is None}
    # Every message the summary quotes is cited: the questions beside their answers too.
    picked = [messages[j] for i in idx for j in (asked[i], i, replied.get(i)) if j is not None]
    points = [_point(messages, i, ctx, asked[i], replied.get(i)) for i in idx]
    names = list(dict.fromkeys(who(m, ctx) for m in messages))
    names = ["you", *[n for n in names if n != "you"]] if "you" in names else names
    first, last = messages[0].ts, messages[-1].ts
    when = (
        f"On {day_phrase(first)}"
        if first.date() == last.date()
        else f"Between {day_phrase(first)} and {day_phrase(last)}"
    )
    n = len(messages)
    lead = f"{when}, {join_names(names)} exchanged {n} message{'s' * (n != 1)}, mostly: "
    text = lead + "; ".join(points) + "."
    why = [f"{len(picked)} of {n} messages chosen for centrality and variety (MMR, λ={LAMBDA})"]
    return Reading(_tidy(text), picked, "summary", span="; ".join(points), why=why)


# "NOOO. I've been on my phone all day thinking I lost it" reacts to the turn before it
# ("also you left your laptop charger here"): that turn is the point.
_REACTION = re.compile(
    r"^\s*(?:no+|yes+|ye+s|omg|oh+|wow|ha(?:ha)+|lol|aw+|yay+|ugh|what+|wait|whoa|nice)\b\W", re.I
)


def _causes(messages: Sequence[StoredMessage], idx: list[int]) -> tuple[list[int], set[int]]:
    """Each chosen reaction replaced by the turn it reacts to, when someone else wrote that;
    and the reactions dropped because that turn was chosen already."""
    out, dropped = [], set()
    for i in idx:
        m = messages[i]
        cause = i - 1
        reacts = (
            _REACTION.match(m.text)
            and cause >= 0
            and messages[cause].speaker != m.speaker
            and messages[cause].session_id == m.session_id
        )
        if reacts and cause in idx:
            dropped.add(i)
        elif reacts:
            out.append(cause)
        else:
            out.append(i)
    return sorted(set(out)), dropped


def _asked_by(messages: Sequence[StoredMessage], i: int, shown: Collection[int]) -> int | None:
    """The index of the short question the message at `i` answers, when someone else asked it
    just before and it is not a point of its own ("How was Aurelio's first day?")."""
    if i == 0 or i - 1 in shown or _REACTION.match(messages[i].text):
        return None
    q, m = messages[i - 1], messages[i]
    asked = asks(q.text) and len(q.text) <= 80
    return i - 1 if asked and q.speaker != m.speaker and q.session_id == m.session_id else None


def _replied_by(messages: Sequence[StoredMessage], i: int, shown: Collection[int]) -> int | None:
    """The index of the reply to the question at `i`, when someone else gives it in the next
    turn and it is not a point of its own: "Do we need a permit for Castle Crags?" is told
    by its answer ("No permit, but parking is 10 dollars for the day.")."""
    if not asks(messages[i].text) or i + 1 >= len(messages) or i + 1 in shown:
        return None
    q, a = messages[i], messages[i + 1]
    answers = a.speaker != q.speaker and a.session_id == q.session_id and not asks(a.text)
    return i + 1 if answers else None  # "No permit, but…" answers, though it opens with "No"


def _point(
    messages: Sequence[StoredMessage],
    i: int,
    ctx: ReaderContext,
    asked: int | None,
    replied: int | None = None,
) -> str:
    """A message as a point of the summary; an answer with the short question it answers
    ("How was Aurelio's first day?" — "Really good. He's sharp…"), which names its topic;
    a question with the reply that answers it."""
    m = messages[i]
    said = f"“{clip(m.text, 110)}” ({who(m, ctx)})"
    if replied is not None:
        a = messages[replied]
        return f"{said} — “{clip(a.text, 110)}” ({who(a, ctx)})"
    if asked is None:
        return said
    q = messages[asked]
    return f"“{q.text.strip()}” ({who(q, ctx)}) — {said}"


def _tidy(text: str) -> str:
    return re.sub(r"\s+", " ", text)
