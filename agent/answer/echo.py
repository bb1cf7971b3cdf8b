"""An echo is no answer. A chat sets a thing up, then tells it: "Last Friday I went to a
council meeting for adoption. It was so inspiring to see…". The sentence sharing most words
with the question is often the setup, saying again what the question already says; what the
question asks is in the sentence after it, or in the writer's next turn."""

from __future__ import annotations

from memory_store.models import StoredMessage

from .phrases import LIGHT_TERMS, PLAIN_VERBS, TIME_TERMS
from .reading import ReaderContext, speaker_terms
from .spans import trim_span
from .text import asks, sentences, terms

# Everyday verbs, and the words that only place a telling in time ("last Friday I went…").
_PLAIN = frozenset(
    terms(" ".join([*PLAIN_VERBS, "go went come came do did have had last just recently"]))
)
# A sentence telling this many new words or fewer only echoes the question; one telling at
# least `_TELLS` says something of its own.
_ECHO, _TELLS = 1, 2


def new_terms(text: str, question: str, ctx: ReaderContext) -> set[str]:
    """The words of `text` the question does not already say: not its words, its people's
    names, times, everyday verbs or praise."""
    return terms(text) - terms(question) - speaker_terms(ctx) - TIME_TERMS - _PLAIN - LIGHT_TERMS


def echoes(span: str, question: str, ctx: ReaderContext) -> bool:
    """Whether `span` says nothing the question does not already say."""
    return len(new_terms(span, question, ctx)) <= _ECHO


def past_the_echo(
    question: str, best: StoredMessage, span: str, ctx: ReaderContext
) -> tuple[StoredMessage, str]:
    """The sentence that tells, when `span` (a sentence of `best`) only echoes the question:
    the next sentence of the message that says something new, else, when `span` ends the
    message, the first sentence of the writer's next turn."""
    if not echoes(span, question, ctx):
        return best, span
    said = [best.text[a:b] for a, b in sentences(best.text)]
    at = next((i for i, s in enumerate(said) if span in s or s.strip() in span), None)
    if at is None:
        return best, span
    for s in said[at + 1 :]:
        if not asks(s) and len(new_terms(s, question, ctx)) >= _TELLS:
            return best, trim_span(s, ctx.speakers)
    nxt = _writer_next(best, ctx) if at == len(said) - 1 else []
    asked = terms(question)
    for n in (n for n in nxt if n.speaker == best.speaker):
        said = [trim_span(n.text[a:b], ctx.speakers) for a, b in sentences(n.text)]
        telling = [s for s in said if not asks(s) and len(new_terms(s, question, ctx)) >= _TELLS]
        if said and said[0] in telling:
            first = len(new_terms(said[0], question, ctx))
            # the first sentence, unless a later one names what is asked ("Cake ordered!!" /
            # "Cukiernia Halinka, the one mum likes. Three layer honey cake…")
            # …or tells more ("Lena called this morning. Senior analyst at Northwind Labs,
            # starting November 2nd.")
            return n, max(
                telling,
                key=lambda s: (len(asked & terms(s)), len(new_terms(s, question, ctx)) > 2 * first),
            )
    return best, span


def _writer_next(best: StoredMessage, ctx: ReaderContext) -> list[StoredMessage]:
    """The writer's next turn: the very next one, or the one after another's asking for it
    ("Back from the vet with Miso." / "And?? How is she?" / "No blockage, thank god…")."""
    after = list(ctx.turns_after(best)[:2])
    # …or after another's bare reaction: "AKI. I GOT THE JOB." / "WHAT!!! Congratulations!!!"
    if after and after[0].speaker != best.speaker and (asks(after[0].text) or _bare(after[0])):
        return after[1:2]
    return after[:1]


def _bare(m: StoredMessage) -> bool:
    """A reaction that tells nothing: no word beyond praise, fillers and everyday verbs."""
    return not (terms(m.text) - _PLAIN - LIGHT_TERMS - _REACTIONS)


_REACTIONS = frozenset(
    terms("what wow omg congratulations congrats yay amazing brilliant nice great yes no way")
)
