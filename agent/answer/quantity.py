"""How much of a thing that is not money: "how much food does miso get in the morning?" /
"Half a can in the morning, dry food in the evening?" → "Half a can.". The amount is a
measure (a count or fraction and its unit) in a message that holds the question's words."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext, Reading, question_terms, said_by
from .text import clip, said_terms

__all__ = ["asks_quantity", "quantity_answer"]

# "how much food", "how much water does she drink", "how much does he eat": a thing measured,
# not a price ("how much was the vet?", "how much did we pay?", "how much is it a night?").
_ASKS = re.compile(
    r"\bhow\s+much\s+(?:(?!money\b|cash\b|rent\b|was\b|is\b|were\b|are\b|did\b|does\b|do\b|"
    r"will\b|would\b|has\b|have\b|had\b|it\b|they\b|that\b|this\b)[a-z]+\b"
    r"|(?:does|do|did|should|can)\s+\w+\s+(?:get|gets|eat|eats|drink|drinks|take|takes|feed|"
    r"need|needs|have|sleep|run|walk|swim)\b(?!\s+(?:for|to\s+pay|paid)\b))",
    re.IGNORECASE,
)
_PRICE = re.compile(
    r"\b(?:cost|costs|costing|pay|paid|price|priced|spend|spent|charge[ds]?|owe[ds]?|worth|"
    r"fee|fees|quid|bucks|dollars?|euros?|budget)\b|[$€£¥]",
    re.IGNORECASE,
)
_AMOUNT = (
    r"(?:\d+(?:[.,]\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|half(?:\s+an?)?|"
    r"a\s+half|a\s+quarter(?:\s+of\s+an?)?|a\s+couple(?:\s+of)?|a\s+few|a\s+bit\s+of)"
)
_UNIT = (
    r"(?:cups?|cans?|tins?|scoops?|pouch(?:es)?|sachets?|tablespoons?|tbsp|teaspoons?|tsp|"
    r"spoon(?:ful)?s?|bowls?|slices?|glass(?:es)?|bottles?|litres?|liters?|ml|kg|kilos?|g|"
    r"grams?|lbs?|ounces?|oz|pints?|pieces?|tablets?|pills?|drops?|handfuls?|portions?|"
    r"servings?|hours?|hrs?|minutes?|mins?|km|k|miles?|laps?|lengths?|reps?|sets?)"
)
_CLAUSE = re.compile(r"[^,;.!?]+")
_QUANTITY = re.compile(rf"\b{_AMOUNT}\s*-?\s*{_UNIT}\b(?:\s+of\s+[a-z]+)?", re.IGNORECASE)


def asks_quantity(question: str) -> bool:
    """Whether a how-much question asks for a measure of a thing, not a sum of money."""
    return bool(_ASKS.search(question)) and not _PRICE.search(question)


def quantity_answer(
    question: str,
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> Reading | None:
    """The measure in the best message holding most of the question's words, among the best
    supported and the top ranked; None when none says one."""
    wanted = question_terms(question, ctx)
    best: tuple[int, int, StoredMessage, str, str] | None = None
    for rank, m in enumerate(dict.fromkeys([*good[:3], *ranked[:_WIDER]])):
        # The clause holding most of the question's words says its measure: "Half a can in
        # the morning, dry food in the evening?" gives the evening no measure.
        scored = [(len(wanted & said_terms(c)), c) for c in _CLAUSE.findall(m.text) if c.strip()]
        if not scored:
            continue
        shared, clause = max(scored, key=lambda sc: sc[0])
        found = _QUANTITY.search(clause)
        if found and shared and (best is None or (shared, -rank) > (best[0], best[1])):
            best = (shared, -rank, m, found.group(0).strip(), clause.strip())
    if best is None:
        return None
    _, _, m, said, clause = best
    return Reading(
        f"{said[:1].upper()}{said[1:]}.",
        [m],
        "how_much",
        said,
        f"{said_by(m, ctx)}: “{clip(clause, 100)}”",
        why=["the measure said in the clause holding most of the question's words"],
    )


# How far down the ranking a measure is looked for.
_WIDER = 5
