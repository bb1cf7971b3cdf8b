"""The chat-model adapter: the only module in memlane that imports langchain.

`build_chat_model(settings)` returns a `ChatModel` (a langchain-openai `ChatOpenAI` for OpenAI
or any OpenAI-compatible server: Ollama, llama.cpp's server, vLLM, LM Studio) or None when no
LLM is configured. The rest of memlane sees two methods, `complete` and `structured`, typed
by the `LLM` protocol so tests can pass a scripted fake.

Every OpenAI/langchain error is translated to `LLMError` / `LLMOutputError` in `_llm_error`,
with a message that says what to do next.

Structured output asks for `response_format={"type": "json_schema", ...}` (non-strict), the
one steering mechanism OpenAI, Ollama, llama.cpp and vLLM all accept and enforce, and validates
the reply with pydantic here. Servers that reject json_schema get `{"type": "json_object"}`
plus the schema in the system prompt, for the rest of the session.
"""

from __future__ import annotations

import ipaddress
import json
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal, Protocol, TypeVar
from urllib.parse import urlsplit, urlunsplit

import openai
from langchain_core.exceptions import LangChainException
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from langchain_openai import ChatOpenAI
from pydantic import BaseModel, ValidationError

from agent.errors import LLMError, LLMOutputError
from memory_store.settings import Settings

__all__ = [
    "DEFAULT_BASE_URL",
    "LLM",
    "ChatModel",
    "LLMError",
    "LLMOutputError",
    "build_chat_model",
    "describe_remote",
    "is_loopback",
    "require_chat_model",
]

DEFAULT_BASE_URL = "https://api.openai.com/v1"
# Local OpenAI-compatible servers ignore the key, but the client insists on one.
PLACEHOLDER_KEY = "not-needed"

M = TypeVar("M", bound=BaseModel)
StructuredMethod = Literal["json_schema", "json_mode"]


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
        self.structured_method: StructuredMethod = structured_method

    @property
    def model(self) -> str:
        return self.settings.llm_model

    @property
    def endpoint(self) -> str:
        return _endpoint(self.settings)

    def __repr__(self) -> str:
        return f"ChatModel({self.model!r} at {_redact(self.endpoint)})"

    def complete(self, system: str, user: str) -> str:
        """The model's text answer to one system + user turn."""
        with self._translate_errors():
            return _text(self._invoke(system, user))

    def structured(self, system: str, user: str, schema: type[M]) -> M:
        """The model's answer parsed into `schema`; LLMOutputError when it does not fit."""
        with self._translate_errors():
            if self.structured_method == "json_schema":
                try:
                    reply = self._invoke(system, user, response_format=_json_schema(schema))
                except (openai.BadRequestError, openai.UnprocessableEntityError) as exc:
                    if not _format_unsupported(exc):
                        raise
                    self.structured_method = "json_mode"  # remember for this session
            if self.structured_method == "json_mode":
                reply = self._invoke(
                    _with_schema(system, schema),
                    user,
                    response_format={"type": "json_object"},
                )
        return parse_structured(_text(reply), schema)

    def _invoke(self, system: str, user: str, **bind: Any) -> BaseMessage:
        runnable = self._chat.bind(**bind) if bind else self._chat
        with warnings.catch_warnings():
            # langchain warns "use method='function_calling'" before raising a 400 for
            # unsupported json_schema; we handle that case ourselves (json_mode fallback).
            warnings.simplefilter("ignore", UserWarning)
            reply = runnable.invoke([SystemMessage(content=system), HumanMessage(content=user)])
        refusal = reply.additional_kwargs.get("refusal")
        if refusal:
            raise LLMOutputError(f"{self.model} refused to answer: {_clip(str(refusal))}")
        return reply

    @contextmanager
    def _translate_errors(self) -> Iterator[None]:
        try:
            yield
        except (openai.OpenAIError, LangChainException) as exc:
            raise _llm_error(exc, self.settings) from exc
        except ValueError as exc:
            # langchain raises ValueError for bodies that are not chat completions
            raise LLMError(
                f"{_redact(self.endpoint)} did not answer like an OpenAI-compatible server "
                f"({_clip(str(exc))}); check OPENAI_BASE_URL (it usually ends in /v1)"
            ) from exc


def build_chat_model(settings: Settings) -> ChatModel | None:
    """The configured chat model, or None when memlane runs without an LLM."""
    if not settings.llm_configured:
        return None
    chat = ChatOpenAI(
        model=settings.llm_model,
        api_key=settings.openai_api_key or PLACEHOLDER_KEY,  # type: ignore[arg-type]
        base_url=_endpoint(settings),
        timeout=settings.llm_timeout,
        max_retries=settings.llm_max_retries,
        use_responses_api=False,  # OpenAI-compatible servers speak chat completions
    )
    return ChatModel(chat, settings)


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
    if not settings.llm_configured or is_loopback(_endpoint(settings)):
        return None
    n = max_messages if max_messages is not None else settings.k * settings.chunk_size
    return (
        f"memlane sends your question, recent turns of this chat and up to {n} retrieved "
        f"messages to {_redact(_endpoint(settings))} (model {settings.llm_model})"
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


def _format_unsupported(exc: openai.APIStatusError) -> bool:
    """Did the server reject response_format json_schema (rather than the request)?"""
    text = str(exc).lower()
    return any(word in text for word in ("response_format", "json_schema", "schema"))


def _text(reply: BaseMessage) -> str:
    return reply.text


def _endpoint(settings: Settings) -> str:
    return (settings.openai_base_url or DEFAULT_BASE_URL).rstrip("/")


def _redact(url: str) -> str:
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


def _llm_error(exc: Exception, settings: Settings) -> LLMError:
    """Translate one OpenAI/langchain exception into ours, with the next step to take."""
    where = _redact(_endpoint(settings))
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
