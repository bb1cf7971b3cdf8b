"""The LLM temporal planner: question → the same `TablePlan` the offline planner builds.

The model sees the operations as a JSON schema derived from `memory_store.query.table_ops` (never a
hand-kept list) and answers `{"ops": [...]}`. Its reply is untrusted: `parse_plan` rejects
unknown operations and invalid values, and `reject_sql_like` rejects string values that look
like SQL. Values are bound parameters either way, but a plan carrying SQL means the model was
steered by text it read, so its whole plan is refused. Every refusal is a PlanError or
LLMOutputError; the pipeline then uses the offline plan and says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import datetime
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict

from agent.llm import LLM
from agent.plan.planner import PlanResult, Route
from memory_store.errors import PlanError
from memory_store.query.table_ops import TableOp, TablePlan, WhereSpeaker, parse_plan
from prompts.loader import escape_untrusted, load_prompt

__all__ = ["ops_json_schema", "plan_with_llm", "reject_sql_like"]

# Statement separators, comments and the statement shapes an injected plan would carry.
# Kept narrow, so ordinary words in event phrases ("after the update") still pass.
_SQL_LIKE = re.compile(
    r""";|--|/\*|\*/|\x00
    |\bunion\s+(?:all\s+)?select\b
    |\bselect\s+(?:\*|count\s*\(|\w+\s*,)
    |\bfrom\s+(?:messages|sessions|chunks|chunk_messages|embeddings|meta|imports)\b
    |\b(?:information_schema|duckdb_\w+|sqlite_master|pg_catalog)\b
    |\b(?:drop|truncate|alter|create)\s+(?:table|view|index|schema|database|macro)\b
    |\binsert\s+into\b|\bdelete\s+from\b|\bupdate\s+\w+\s+set\b
    |\b(?:attach|detach)\s+(?:database\s+)?['"]|\bpragma\s+\w+
    |'\s*(?:or|and)\s+['"\w]+\s*=
    |'\s*\)""",
    re.IGNORECASE | re.VERBOSE,
)


def plan_with_llm(
    llm: LLM,
    question: str,
    *,
    now: datetime,
    speakers: list[str],
    fallback: PlanResult,
) -> PlanResult:
    """Ask the model for a plan; raise PlanError/LLMError when it is unusable.

    Args:
        llm: the chat model.
        question: the (rewritten) question.
        now: the date relative expressions resolve against; the prompt states it.
        speakers: known speaker names; names in the plan are matched to them.
        fallback: the offline plan, whose route and content query are kept.
    """
    rendered = load_prompt("plan").render(
        now=f"{now:%A} {now:%Y-%m-%d %H:%M}",
        ops_schema=json.dumps(ops_json_schema(), separators=(",", ":")),
        question=escape_untrusted(question),
    )
    reply = llm.structured(rendered.system, rendered.user, _PlanReply)
    plan = parse_plan({"ops": reply.ops})
    reject_sql_like(plan)
    plan, notes = _match_speakers(plan, speakers)
    return PlanResult(
        route=_route(plan, fallback),
        plan=plan,
        resolved=[f"LLM plan: {_describe(plan)}", *notes],
        content_query=fallback.content_query,
    )


def reject_sql_like(plan: TablePlan) -> None:
    """PlanError when any string value of the plan looks like SQL (a hijacked model)."""
    for i, op in enumerate(plan.ops):
        for field, value in _strings(op):
            if _SQL_LIKE.search(value):
                raise PlanError(
                    f"operation {i} ({op.op}): {field} {value!r} looks like SQL; "
                    "refusing the plan (the question or a message may be steering the model)"
                )


@cache
def ops_json_schema() -> dict[str, Any]:
    """The JSON schema of `{"ops": [...]}`, derived from the op models, refs inlined.

    Titles and defaults are dropped and every `op` is required, so a grammar-constrained
    server cannot emit an operation without its name.
    """
    schema = TablePlan.model_json_schema()
    defs = schema.pop("$defs", {})
    for body in defs.values():
        body.get("properties", {}).get("op", {}).pop("default", None)
        required = body.setdefault("required", [])
        if "op" not in required:
            required.insert(0, "op")
    inlined = _inline(schema, defs)
    assert isinstance(inlined, dict)
    return inlined


class _PlanReply(BaseModel):
    """The reply's shape. Ops stay loose here so `parse_plan` can name what is wrong."""

    model_config = ConfigDict(json_schema_extra=lambda s, _cls: _replace(s, ops_json_schema()))

    ops: list[Any]


# -- helpers -------------------------------------------------------------------------------


def _replace(schema: dict[str, Any], new: dict[str, Any]) -> None:
    schema.clear()
    schema.update(json.loads(json.dumps(new)))  # a copy: callers may mutate it
    schema["title"] = "TablePlan"


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return _inline(defs[ref.removeprefix("#/$defs/")], defs)
        out = {k: _inline(v, defs) for k, v in node.items() if k not in ("title", "discriminator")}
        if "oneOf" in out:  # anyOf is what OpenAI and most grammar converters accept
            out["anyOf"] = out.pop("oneOf")
        return out
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


def _strings(op: TableOp) -> Iterator[tuple[str, str]]:
    for field, value in op:
        if field == "op":
            continue
        if isinstance(value, str):
            yield field, value
        elif isinstance(value, list):
            yield from ((field, v) for v in value if isinstance(v, str))


def _match_speakers(plan: TablePlan, speakers: list[str]) -> tuple[TablePlan, list[str]]:
    """Spell speaker names as the store does ("mel" → "Melanie" when unambiguous)."""
    if not speakers:
        return plan, []
    notes: list[str] = []
    ops: list[TableOp] = []
    for op in plan.ops:
        if isinstance(op, WhereSpeaker):
            names = [_known(name, speakers, notes) for name in op.names]
            op = op.model_copy(update={"names": list(dict.fromkeys(names))})
        ops.append(op)
    return TablePlan(ops=ops), notes


def _known(name: str, speakers: list[str], notes: list[str]) -> str:
    lowered = {s.lower(): s for s in speakers}
    if name.lower() in lowered:
        return lowered[name.lower()]
    prefix = [s for s in speakers if s.lower().split()[0] == name.lower().split()[0]]
    if not prefix:
        prefix = [s for s in speakers if s.lower().startswith(name.lower())]
    if len(prefix) == 1:
        notes.append(f"speaker {name!r} → {prefix[0]!r}")
        return prefix[0]
    notes.append(f"speaker {name!r} is not in this history")
    return name


def _route(plan: TablePlan, fallback: PlanResult) -> Route:
    if not plan.ops:
        return "content"
    if not fallback.plan.ops:
        return "both"
    return fallback.route


def _describe(plan: TablePlan) -> str:
    if not plan.ops:
        return "no table operations"
    parts = []
    for op in plan.ops:
        args = ", ".join(f"{k}={_value(v)}" for k, v in op if k != "op")
        parts.append(f"{op.op}({args})")
    return " → ".join(parts)


def _value(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, str):
        return repr(value)
    return str(value)
