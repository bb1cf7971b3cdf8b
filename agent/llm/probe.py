"""`probe_features`: ask an OpenAI-compatible server once what it takes for structured output.

Three tiny requests (a few tokens each, nothing of the user's): `response_format` json_schema,
`response_format` json_object, and a forced tool call. A feature counts as there when the
server takes the request (HTTP 200) and, for tools, answers with the tool call. The result is
cached (agent/llm/features.py), so `memlane config` probes once per server and model.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import openai
from pydantic import BaseModel

from agent.errors import LLMError
from memory_store.settings import Settings

from .chat import ChatModel, chat_client, endpoint_of, llm_error, redact
from .features import ServerFeatures, cached_features, save_features

__all__ = ["PROBE_TOKENS", "probe_features"]

PROBE_TIMEOUT = 10.0
PROBE_TOKENS = 16


class _Probe(BaseModel):
    ok: bool


def probe_features(settings: Settings, *, now: datetime, refresh: bool = False) -> ServerFeatures:
    """The configured server's features: from the cache, or probed (and cached).

    Raises LLMError when no LLM is configured or the server cannot be reached.
    """
    if not settings.llm_configured:
        raise LLMError("no LLM is configured, so there is no server to probe")
    endpoint = redact(endpoint_of(settings))
    if not refresh and (found := cached_features(settings.home, endpoint, settings.llm_model)):
        return found
    timeout = min(settings.llm_timeout, PROBE_TIMEOUT)
    small = settings.model_copy(update={"llm_max_tokens": PROBE_TOKENS, "llm_timeout": timeout})
    model = ChatModel(chat_client(small, max_retries=0), small)
    errors: dict[str, str] = {}
    system = 'Reply with the JSON object {"ok": true}.'
    schema_format = {
        "type": "json_schema",
        "json_schema": {"name": "Probe", "schema": _Probe.model_json_schema(), "strict": False},
    }
    json_schema = _takes(model, errors, "json_schema", system, response_format=schema_format)
    json_mode = _takes(model, errors, "json_mode", system, response_format={"type": "json_object"})
    parameters = _Probe.model_json_schema()
    tool = {"type": "function", "function": {"name": "Probe", "parameters": parameters}}
    reply = _takes(
        model,
        errors,
        "tools",
        system,
        tools=[tool],
        tool_choice={"type": "function", "function": {"name": "Probe"}},
    )
    tools = bool(reply is not None and getattr(reply, "tool_calls", None))
    if reply is not None and not tools:
        errors["tools"] = "the server answered with text, not the tool call"
    features = ServerFeatures(
        endpoint=endpoint,
        model=settings.llm_model,
        json_schema=json_schema is not None,
        json_mode=json_mode is not None,
        tools=tools,
        probed_at=now,
        errors=errors,
    )
    save_features(settings.home, features)
    return features


def _takes(
    model: ChatModel, errors: dict[str, str], name: str, system: str, **bind: Any
) -> Any | None:
    """The reply when the server took the request; None (and why) when it refused it."""
    try:
        return model.invoke(system, "Probe.", **bind)
    except openai.APIStatusError as exc:
        errors[name] = str(llm_error(exc, model.settings))
        return None
    except openai.OpenAIError as exc:  # connection refused, timeout: no answer at all
        raise llm_error(exc, model.settings) from exc
