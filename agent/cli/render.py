"""Text rendering of answers and explanations, shared by `ask`, `search --explain` and the REPL."""

from __future__ import annotations

from agent.answer.record import render
from agent.pipeline import AskResult


def render_answer(result: AskResult) -> str:
    if result.answer is None:
        return ""
    return render(result.answer)


def render_explain(result: AskResult) -> str:
    lines = [f"now: {result.now:%Y-%m-%d %H:%M}   route: {result.route}   mode: {result.mode}"]
    if result.rewrite.question != result.question:
        lines.append(f"rewritten: {result.rewrite.question}")
    for note in result.rewrite.notes:
        lines.append(f"  rewrite: {note}")
    if len(result.rewrite.variants) > 1:
        lines.append(f"variants fused: {result.rewrite.variants}")
    plan = result.planned.plan.model_dump(mode="json")["ops"]
    lines.append(f"plan: {plan}")
    for note in result.planned.resolved:
        lines.append(f"  resolved: {note}")
    if result.sql:
        lines.append(f"sql: {result.sql}")
        lines.append(f"params: {[str(p) for p in result.params]}")
        lines.append(f"filtered messages: {len(result.filtered)}")
    if result.search is not None:
        lines.append(f"content query: {result.search.question!r}")
        for m, s in result.search.ranked[:10]:
            lines.append(f"  {s:.3f}  [m{m.id}] {m.ts:%Y-%m-%d %H:%M} {m.speaker}: {m.text[:70]}")
    for note in result.notes + (result.search.notes if result.search else []):
        lines.append(f"note: {note}")
    if result.answer is not None:
        a = result.answer
        lines.extend(f"note: {n}" for n in a.notes)
        if a.kind:
            ev = f"   evidence: {a.evidence:.2f}" if a.evidence is not None else ""
            lines.append(f"answer: {a.kind}   span: {a.span!r}{ev}")
        lines.extend(f"  why: {w}" for w in a.why)
    return "\n".join(lines)
