"""The chat model: langchain-openai's `ChatOpenAI` behind our two-method `LLM` protocol.

`build_chat_model(settings)` returns a `ChatModel` for OpenAI or any OpenAI-compatible server
(Ollama, llama.cpp's server, vLLM, LM Studio), or None when no LLM is configured. The rest of
memlane sees two methods, `complete` and `structured`, typed by the `LLM` protocol so tests
can pass a scripted fake.

Every OpenAI/langchain error is translated to `LLMError` / `LLMOutputError` in `llm_error`,
with a message that says what to do next.

Structured output is steered three ways, tried in this order until the server takes one:
`response_format` json_schema (OpenAI, Ollama, vLLM); a tool whose parameters are the schema,
forced with `tool_choice` (llama-cpp-python's server answers json_schema with HTTP 500 but
constrains a forced tool call to its schema); `response_format` json_object with the schema in
the prompt. A server's refusal ("response_format ... not supported", as 400, 422 or 500) moves
on to the next way, and the choice is remembered per base URL for the rest of the process.
`memlane config` probes all three up front (agent/llm/probe.py), and a cached probe
(agent/llm/features.py) decides where a new ChatModel starts. Whatever comes back is
validated with pydantic here.

Every request carries `max_tokens` in the body as well as langchain's `max_completion_tokens`,
which llama.cpp's server ignores (it would generate until the context is full), plus the
configured timeout and retries, so no call can hang.
"""

from __future__ import annotations

import ipaddress
import json
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit, urlunsplit

import openai
from langchain_core.exceptions import LangChainException
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from langchain_openai import ChatOpenAI
from pydantic import BaseModel, ValidationError

from agent.errors import LLMError, LLMOutputError
from memory_store.settings import Settings

from .features import StructuredMethod, cached_features

__all__ = [
    "DEFAULT_BASE_URL",
    "LLM",
    "ChatModel",
    "LLMError",
    "LLMOutputError",
    "STRUCTURED_METHODS",
    "StructuredMethod",
    "build_chat_model",
    "chat_client",
    "describe_remote",
    "endpoint_of",
    "forget_server_choices",
    "is_loopback",
    "llm_error",
    "parse_structured",
    "redact",
    "require_chat_model",
]

DEFAULT_BASE_URL = "https://api.openai.com/v1"
# Local OpenAI-compatible servers ignore the key, but the client insists on one.
PLACEHOLDER_KEY = "not-needed"

M = TypeVar("M", bound=BaseModel)
# The order structured output is tried in; a server that refuses one gets the next.
STRUCTURED_METHODS: tuple[StructuredMethod, ...] = ("json_schema", "function_calling", "json_mode")

# Per base URL, for the process: the structured-output method the server took, and whether it
# refused `max_tokens` beside `max_completion_tokens` (then only the latter is sent).
_METHODS: dict[str, StructuredMethod] = {}
_NO_MAX_TOKENS: set[str] = set()


def forget_server_choices() -> None:
    """Forget what was learnt about servers in this process (tests start afresh)."""
    _METHODS.clear()
    _NO_MAX_TOKENS.clear()


class LLM(Protocol):
    """What the agent needs from a chat model (ChatModel, or a scripted fake in tests)."""

    def complete(self, system: str, user: str) -> str: ...

    def structured(self, system: str, user: str, schema: type[M]) -> M: ...


class ChatModel:
    """A configured chat model: `complete` for text, `structured` for pydantic objects."""

    def __init__(
        self,
        chat: ChatOpenAI,
        settings: Settings,
        structured_method: StructuredMethod = "json_schema",
    ) -> None:
        self._chat = chat
        self.settings = settings
        self._first_method: StructuredMethod = structured_method

    @property
    def model(self) -> str:
        return self.settings.llm_model

    @property
    def endpoint(self) -> str:
        return endpoint_of(self.settings)

    @property
    def structured_method(self) -> StructuredMethod:
        """How structured output is asked of this server (learnt once per base URL)."""
        return _METHODS.get(self.endpoint, self._first_method)

    def __repr__(self) -> str:
        return f"ChatModel({self.model!r} at {redact(self.endpoint)})"

    def complete(self, system: str, user: str) -> str:
        """The model's text answer to one system + user turn."""
        with self._translate_errors():
            return _text(self.invoke(system, user))

    def structured(self, system: str, user: str, schema: type[M]) -> M:
        """The model's answer parsed into `schema`; LLMOutputError when it does not fit
        (prose where JSON was asked, or JSON of another shape)."""
        with self._translate_errors():
            while True:
                method = self.structured_method
                try:
                    text = self._structured_text(method, system, user, schema)
                    break
                except openai.APIStatusError as exc:
                    following = _after_refusal(method, exc)
                    if following is None:
                        raise
                    _METHODS[self.endpoint] = following  # for every model of this server
        return parse_structured(text, schema)

    def _structured_text(
        self, method: StructuredMethod, system: str, user: str, schema: type[BaseModel]
    ) -> str:
        if method == "json_schema":
            return _text(self.invoke(system, user, response_format=_json_schema(schema)))
        if method == "function_calling":
            reply = self.invoke(system, user, **_forced_tool(schema))
            return _tool_arguments(reply) or _text(reply)
        reply = self.invoke(
            _with_schema(system, schema), user, response_format={"type": "json_object"}
        )
        return _text(reply)

    def invoke(self, system: str, user: str, **bind: Any) -> BaseMessage:
        """The raw reply to one system + user turn; errors are not translated (see
        `complete`). `bind` goes into the request (response_format, tools, ...)."""
        if self.endpoint not in _NO_MAX_TOKENS:
            bind["extra_body"] = {"max_tokens": self.settings.llm_max_tokens}
        runnable = self._chat.bind(**bind)
        messages = [SystemMessage(content=system), HumanMessage(content=user)]
        try:
            reply = _quietly(runnable.invoke, messages)
        except openai.BadRequestError as exc:
            if "extra_body" not in bind or not _refuses_max_tokens(exc):
                raise
            _NO_MAX_TOKENS.add(self.endpoint)
            del bind["extra_body"]
            reply = _quietly(self._chat.bind(**bind).invoke, messages)
        refusal = reply.additional_kwargs.get("refusal")
        if refusal:
            raise LLMOutputError(f"{self.model} refused to answer: {_clip(str(refusal))}")
        return reply

    @contextmanager
    def _translate_errors(self) -> Iterator[None]:
        try:
            yield
        except (openai.OpenAIError, LangChainException) as exc:
            raise llm_error(exc, self.settings) from exc
        except ValueError as exc:
            # langchain raises ValueError for bodies that are not chat completions
            raise LLMError(
                f"{redact(self.endpoint)} did not answer like an OpenAI-compatible server "
                f"({_clip(str(exc))}); check OPENAI_BASE_URL (it usually ends in /v1)"
            ) from exc


def build_chat_model(
    settings: Settings, structured_method: StructuredMethod | None = None
) -> ChatModel | None:
    """The configured chat model, or None when memlane runs without an LLM.

    `structured_method` is where structured output starts: by default what `memlane config`
    found the server takes (the cached probe), else json_schema; a server refusing it moves
    on by itself (see the module docstring).
    """
    if not settings.llm_configured:
        return None
    if structured_method is None:
        probed = cached_features(settings.home, redact(endpoint_of(settings)), settings.llm_model)
        structured_method = probed.structured_method if probed else "json_schema"
    return ChatModel(chat_client(settings), settings, structured_method)


def chat_client(
    settings: Settings, *, timeout: float | None = None, max_retries: int | None = None
) -> ChatOpenAI:
    """langchain's client for the configured server; always with a timeout and retries."""
    return ChatOpenAI(
        model=settings.llm_model,
        api_key=settings.openai_api_key or PLACEHOLDER_KEY,  # type: ignore[arg-type]
        base_url=endpoint_of(settings),
        timeout=settings.llm_timeout if timeout is None else timeout,
        max_retries=settings.llm_max_retries if max_retries is None else max_retries,
        max_completion_tokens=settings.llm_max_tokens,
        use_responses_api=False,  # OpenAI-compatible servers speak chat completions
    )


def require_chat_model(settings: Settings) -> ChatModel:
    """Like build_chat_model, for commands that cannot work without an LLM."""
    model = build_chat_model(settings)
    if model is not None:
        return model
    if settings.offline:
        raise LLMError("this needs an LLM, but MEMLANE_OFFLINE is set; unset it to use one")
    raise LLMError(
        "this needs an LLM: set OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL "
        "(an OpenAI-compatible server such as Ollama at http://localhost:11434/v1)"
    )


def describe_remote(settings: Settings, max_messages: int | None = None) -> str | None:
    """One line saying what leaves the machine, or None when nothing does.

    Nothing leaves when no LLM is configured or the endpoint is loopback. `max_messages`
    defaults to the top-k chunks' worth of messages (k * chunk_size).
    """
    if not settings.llm_configured or is_loopback(endpoint_of(settings)):
        return None
    n = max_messages if max_messages is not None else settings.k * settings.chunk_size
    return (
        f"memlane sends your question, recent turns of this chat and up to {n} retrieved "
        f"messages to {redact(endpoint_of(settings))} (model {settings.llm_model})"
    )


def is_loopback(url: str) -> bool:
    """True when `url` points at this machine (localhost, 127.0.0.0/8, ::1)."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def parse_structured(text: str, schema: type[M]) -> M:
    """Validate a model's JSON reply (optionally in a ``` fence) against `schema`."""
    try:
        return schema.model_validate_json(_json_text(text))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "reply"
        raise LLMOutputError(
            f"the model's reply does not fit {schema.__name__} ({where}: {first['msg']}); "
            f"reply was {_clip(text)!r}. A model with structured-output support "
            "(MEMLANE_LLM_MODEL) follows the format more reliably"
        ) from exc


# -- helpers -------------------------------------------------------------------------------

_FENCE = re.compile(r"^\s*```[a-zA-Z]*\s*\n(.*?)\n?\s*```\s*$", re.DOTALL)


def _json_text(text: str) -> str:
    """Strip a markdown fence or prose around a JSON object, as small local models add."""
    fenced = _FENCE.match(text)
    if fenced:
        return fenced.group(1)
    start, end = text.find("{"), text.rfind("}")
    if start > 0 and end > start and not text[:start].strip().startswith(("{", "[")):
        return text[start : end + 1]
    return text


def _json_schema(schema: type[BaseModel]) -> dict[str, Any]:
    # A dict, not the class: langchain would otherwise let the openai SDK parse the reply,
    # and its errors would lose the raw text. strict=False: OpenAI's strict mode rejects
    # optional fields, and local servers enforce the schema through a grammar anyway.
    return {
        "type": "json_schema",
        "json_schema": {
            "name": schema.__name__,
            "schema": schema.model_json_schema(),
            "strict": False,
        },
    }


def _with_schema(system: str, schema: type[BaseModel]) -> str:
    spec = json.dumps(schema.model_json_schema(), separators=(",", ":"))
    return (
        f"{system}\n\nReply with one JSON object, and nothing else, matching this schema:\n{spec}"
    )


def _quietly(invoke: Any, messages: list[BaseMessage]) -> BaseMessage:
    with warnings.catch_warnings():
        # langchain warns "use method='function_calling'" before a server's 400 for
        # json_schema; `structured` moves on to function calling itself.
        warnings.simplefilter("ignore", UserWarning)
        reply: BaseMessage = invoke(messages)
    return reply


def _forced_tool(schema: type[BaseModel]) -> dict[str, Any]:
    """A tool whose parameters are `schema`, and a tool_choice that forces it."""
    name = schema.__name__
    return {
        "tools": [
            {
                "type": "function",
                "function": {
                    "name": name,
                    "description": f"Reply with one {name}.",
                    "parameters": schema.model_json_schema(),
                },
            }
        ],
        "tool_choice": {"type": "function", "function": {"name": name}},
    }


def _tool_arguments(reply: BaseMessage) -> str | None:
    """The JSON arguments of the reply's first tool call (None: the model wrote text).
    Arguments that are not JSON come back raw, for `parse_structured` to report."""
    calls = getattr(reply, "tool_calls", None) or []
    if calls:
        return json.dumps(calls[0]["args"])
    for bad in getattr(reply, "invalid_tool_calls", None) or []:
        if bad.get("args"):
            return str(bad["args"])
    return None


def _refuses_max_tokens(exc: openai.BadRequestError) -> bool:
    """OpenAI's reasoning models: "Unsupported parameter: 'max_tokens' is not supported with
    this model. Use 'max_completion_tokens' instead." (not "max_tokens is too large")."""
    text = str(exc).lower()
    return "max_tokens" in text and ("unsupported" in text or "not supported" in text)


_REFUSALS: dict[StructuredMethod, tuple[str, ...]] = {
    "json_schema": ("response_format", "json_schema", "schema"),
    "function_calling": ("tool", "function"),
}


def _after_refusal(method: StructuredMethod, exc: openai.APIStatusError) -> StructuredMethod | None:
    """The method to try after a server refused `method`, or None when the error is about
    something else (then it is raised). Servers refuse with 400 or 422, and llama.cpp's with
    500 ("Input should be 'text' or 'json_object'")."""
    if exc.status_code not in (400, 422) and exc.status_code < 500:
        return None
    text = str(exc).lower()
    if not any(word in text for word in _REFUSALS.get(method, ())):
        return None
    return STRUCTURED_METHODS[STRUCTURED_METHODS.index(method) + 1]


def _text(reply: BaseMessage) -> str:
    return reply.text


def endpoint_of(settings: Settings) -> str:
    return (settings.openai_base_url or DEFAULT_BASE_URL).rstrip("/")


def redact(url: str) -> str:
    """The URL without user:password@ (some proxies put credentials there)."""
    parts = urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    netloc = parts.hostname or ""
    if parts.port:
        netloc += f":{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))


def _clip(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _server_message(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return _clip(str(inner["message"])).rstrip(".")
    return _clip(exc.message).rstrip(".")


def llm_error(exc: Exception, settings: Settings) -> LLMError:
    """Translate one OpenAI/langchain exception into ours, with the next step to take."""
    where = redact(endpoint_of(settings))
    model = settings.llm_model
    if isinstance(exc, openai.AuthenticationError):
        return LLMError(
            f"{where} rejected the API key (401): set OPENAI_API_KEY to a valid key, "
            "or OPENAI_BASE_URL to a server that needs none"
        )
    if isinstance(exc, openai.PermissionDeniedError):
        return LLMError(
            f"{where} refused access to model {model!r} (403): {_server_message(exc)}; "
            "check OPENAI_API_KEY's permissions or set OPENAI_BASE_URL"
        )
    if isinstance(exc, openai.NotFoundError):
        return LLMError(
            f"model {model!r} not found at {where} (404): set MEMLANE_LLM_MODEL to a model "
            "the server provides (and check that OPENAI_BASE_URL ends in /v1)"
        )
    if isinstance(exc, openai.RateLimitError):
        return LLMError(
            f"{where} is rate limiting requests (429: {_server_message(exc)}); "
            "wait a minute and retry, or check your plan's quota"
        )
    if isinstance(exc, openai.APITimeoutError):  # before APIConnectionError, its base
        tries = settings.llm_max_retries + 1
        attempts = f" ({tries} attempts)" if tries > 1 else ""
        return LLMError(
            f"no answer from {where} within {settings.llm_timeout:g}s{attempts}; "
            "raise MEMLANE_LLM_TIMEOUT or check the server"
        )
    if isinstance(exc, openai.APIConnectionError):
        return LLMError(f"could not connect: is the server at {where} running?")
    if isinstance(exc, openai.APIStatusError):
        return LLMError(
            f"{where} answered HTTP {exc.status_code} for model {model!r}: {_server_message(exc)}"
        )
    if isinstance(exc, openai.LengthFinishReasonError):
        return LLMOutputError(f"{model} stopped at its length limit before finishing the reply")
    if isinstance(exc, LangChainException | openai.OpenAIError):
        return LLMOutputError(f"{model} gave an unusable reply: {_clip(str(exc))}")
    return LLMError(str(exc))
