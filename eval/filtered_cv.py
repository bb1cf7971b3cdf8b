"""Choose how a time + content question ranks and cuts inside its filter, without TMD.

Each LoCoMo dev question is ranked only among the turns of the sessions holding its evidence
(an oracle time filter, as `memlane eval tune --within-sessions` ranks) with the shipped
in-filter fusion. Over a grid of `filtered_reply_weight` (a reply's share of its question's
score, query.fusion.with_replies), `filtered_question_weight` (an answered question's share of
its own score, the same), `filtered_narration_boost` (the prior for a message telling of a
deed, query.narration) and `filtered_cut` (agent.sure: the top k kept down to this share of
the best), leave-one-conversation-out CV picks the setting with the best mean F2 on the other
conversations (TMD's measure) and scores it on the held-out one. F2 and recall are reported
out of fold and for the setting chosen on all five conversations.

    python -m eval.filtered_cv ../shared/data/locomo/locomo10-dev.json [--k 5]
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from agent.sure import sure_ids
from eval.locomo import prepare
from eval.metrics import set_recall_f2
from eval.runs import Corpus
from eval.systems import pipeline_scores, ranking
from eval.tune import cross_validate
from memory_store.query.fusion import narration_prior
from memory_store.query.narration import told_by
from memory_store.query.search import RetrievalConfig, names_in
from memory_store.settings import Settings

REPLY_WEIGHTS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5)
QUESTION_WEIGHTS = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5)
NARRATION_BOOSTS = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3)
CUTS = tuple(round(0.5 + 0.05 * i, 2) for i in range(11))


def returned(scores: dict[int, float], corpus: Corpus, cut: float, k: int) -> set[str]:
    """The evidence ids a question returns: its top k, cut as agent.sure cuts."""
    head = ranking(scores, k)
    return {corpus.dia[d] for d in sure_ids(head, scores, cut)}


Setting = tuple[float, float, float, float]  # reply weight, question weight, narration, cut


def _named(p: Setting) -> dict[str, float]:
    return {"reply_weight": p[0], "question_weight": p[1], "narration_boost": p[2], "cut": p[3]}


def filtered_cv(data: Path, settings: Settings, k: int = 5) -> dict[str, Any]:
    prep = prepare(data, settings, within_sessions=True)
    qruns = [q for q in prep.qruns if q.question.category in (1, 2, 3, 4)]
    base = RetrievalConfig.from_settings(settings, filtered=True)
    pairs = [
        (w, a, n, c)
        for w in REPLY_WEIGHTS
        for a in QUESTION_WEIGHTS
        for n in NARRATION_BOOSTS
        for c in CUTS
    ]
    recall = np.empty((len(pairs), len(qruns)))
    f2 = np.empty_like(recall)
    corpus = prep.corpus
    for j, q in enumerate(qruns):
        gold = frozenset(q.question.evidence)
        c = q.question.conversation
        names = names_in(q.question.question, corpus.speakers.get(c, ()))
        told = told_by(corpus.narrating, corpus.speaker, names)
        fused: dict[tuple[float, float], dict[int, float]] = {}
        for i, (w, a, n, cut) in enumerate(pairs):
            if (w, a) not in fused:
                cfg = replace(base, reply_weight=w, question_weight=a, narration_boost=0.0)
                fused[w, a] = pipeline_scores(q.runs, cfg, corpus, q.question.question, c)
            # The prior is added last (Searcher.score_messages), so it can go on here.
            scores = narration_prior(fused[w, a], told, n) if n else fused[w, a]
            recall[i, j], f2[i, j] = set_recall_f2(returned(scores, corpus, cut, k), gold)
    groups = [q.question.conversation for q in qruns]
    cv = cross_validate(f2, groups)
    held = np.asarray(groups)
    oof_recall = np.empty(len(qruns))
    for g, pick in cv.picks.items():
        oof_recall[held == g] = recall[pick, held == g]
    best = cv.in_sample_best
    before: Setting = (0.3, 1.0, 0.0, 0.75)  # shipped until session 37's narration prior

    def means(i: int) -> dict[str, float]:
        return {"f2": round(float(f2[i].mean()), 4), "recall": round(float(recall[i].mean()), 4)}

    return {
        "data": str(data),
        "questions": len(qruns),
        "k": k,
        "scope": "inside the sessions holding each question's evidence (oracle time filter)",
        "picks": {g: _named(pairs[i]) for g, i in cv.picks.items()},
        "out_of_fold": {"f2": round(float(cv.out_of_fold.mean()), 4),
                        "recall": round(float(oof_recall.mean()), 4)},
        "chosen": _named(pairs[best]) | means(best),
        "shipped_before": _named(before) | means(pairs.index(before)),
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--k", type=int, default=5)
    args = parser.parse_args()
    print(json.dumps(filtered_cv(args.data, Settings.load({}), args.k), indent=2))


if __name__ == "__main__":
    main()
