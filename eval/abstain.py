"""Calibrating the offline answerer's abstention threshold by cross-validation over conversations.

The offline answerer declines when the reader's evidence score (``agent.answer.reader.evidence``)
of the question and its ranked messages is below ``settings.abstain_threshold``. Whether that
is right is known per question: decline on category 5 (adversarial: the history does not hold
the answer), answer on categories 1-4. The criterion puts a cap on false refusals, which cost a
user more than a quoted non-answer:

    choose t maximising the abstain rate on category 5
    subject to an abstain rate on categories 1-4 <= MAX_FALSE_ABSTAIN (0.12, the bound issue
    20 sets),

ties to the lowest threshold (decline least); when no threshold meets the cap, the one with the
fewest false refusals. Folds are conversations: for each conversation the threshold is chosen on
the others and applied to it, and the out-of-fold decisions give the honest figures. The
threshold shipped in the settings is the one chosen on every dev conversation; its figures on
the dev questions are in-sample (reported as such, next to the out-of-fold ones).

Time-route questions are answered by the time summary, which does not use the threshold: their
decision is whatever the answerer did.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

__all__ = ["GRID", "MAX_FALSE_ABSTAIN", "abstain_rates", "calibrate", "decisions"]

# Candidate thresholds: evidence scores live in 0..1.
GRID = tuple(round(float(t), 3) for t in np.arange(0.0, 1.0001, 0.025))
ADVERSARIAL = 5
MAX_FALSE_ABSTAIN = 0.12


class _Row(Protocol):
    @property
    def conversation(self) -> str: ...
    @property
    def category(self) -> int: ...
    @property
    def evidence(self) -> float | None: ...
    @property
    def abstained(self) -> bool: ...


Bools = npt.NDArray[np.bool_]


def decisions(rows: Sequence[_Row], threshold: float) -> Bools:
    """Whether the answerer declines each question at `threshold`."""
    return np.array(
        [r.abstained if r.evidence is None else r.evidence < threshold for r in rows], dtype=bool
    )


def abstain_rates(declines: Bools, adversarial: Bools) -> tuple[float, float]:
    """(abstain rate on adversarial, abstain rate on the rest); a missing side counts 0."""
    adv = float(declines[adversarial].mean()) if adversarial.any() else 0.0
    false = float(declines[~adversarial].mean()) if (~adversarial).any() else 0.0
    return adv, false


def _objective(adv: float, false: float) -> float:
    return adv if false <= MAX_FALSE_ABSTAIN + 1e-12 else -false


def _best(rows: Sequence[_Row], adversarial: Bools) -> float:
    """The threshold of `GRID` that meets the criterion on `rows`, lowest on ties."""
    scores = [_objective(*abstain_rates(decisions(rows, t), adversarial)) for t in GRID]
    return GRID[int(np.argmax(scores))]


def calibrate(rows: Sequence[_Row]) -> dict[str, Any] | None:
    """Leave-one-conversation-out choice of the threshold; None with fewer than 2 conversations.

    Returns the threshold chosen on all rows with its in-sample figures, the out-of-fold
    figures, and each fold's choice.
    """
    groups = sorted({r.conversation for r in rows})
    if len(groups) < 2:
        return None
    adversarial = np.array([r.category == ADVERSARIAL for r in rows], dtype=bool)
    conv = np.array([r.conversation for r in rows])
    oof = np.zeros(len(rows), dtype=bool)
    folds = []
    for held in groups:
        train = [r for r in rows if r.conversation != held]
        t = _best(train, adversarial[conv != held])
        oof[conv == held] = decisions([r for r in rows if r.conversation == held], t)
        folds.append({"held_out": held, "threshold": t})
    chosen = _best(rows, adversarial)
    adv_in, false_in = abstain_rates(decisions(rows, chosen), adversarial)
    adv_oof, false_oof = abstain_rates(oof, adversarial)
    return {
        "criterion": "max abstention on cat 5 subject to false abstention on cat 1-4 <= "
        f"{MAX_FALSE_ABSTAIN} (on the training conversations)",
        "folds": "leave one conversation out",
        "grid": [GRID[0], GRID[-1], len(GRID)],
        "chosen_on_all": chosen,
        "in_sample": {"abstain_adversarial": adv_in, "false_abstain": false_in},
        "out_of_fold": {"abstain_adversarial": adv_oof, "false_abstain": false_oof},
        "per_fold": folds,
    }
