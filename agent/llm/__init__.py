"""The LLM seam: the only package in memlane that imports langchain.

chat.py       `ChatModel` (ChatOpenAI behind the two-method `LLM` protocol), error translation,
              the structured-output method chosen per server, `max_tokens` on every request
features.py   `ServerFeatures`: what a server takes for structured output, cached per server
probe.py      `probe_features`: three tiny requests that find it out (`memlane config`)
retriever.py  `MemlaneRetriever`, the whole question flow as a LangChain `BaseRetriever`;
              import it from agent.llm.retriever (it imports the pipeline, which imports this)
"""

from __future__ import annotations

from agent.errors import LLMError, LLMOutputError

from .chat import (
    DEFAULT_BASE_URL,
    LLM,
    STRUCTURED_METHODS,
    ChatModel,
    build_chat_model,
    chat_client,
    describe_remote,
    forget_server_choices,
    is_loopback,
    parse_structured,
    require_chat_model,
)
from .features import ServerFeatures, StructuredMethod, cached_features
from .probe import probe_features

__all__ = [
    "DEFAULT_BASE_URL",
    "LLM",
    "STRUCTURED_METHODS",
    "ChatModel",
    "LLMError",
    "LLMOutputError",
    "ServerFeatures",
    "StructuredMethod",
    "build_chat_model",
    "cached_features",
    "chat_client",
    "describe_remote",
    "forget_server_choices",
    "is_loopback",
    "parse_structured",
    "probe_features",
    "require_chat_model",
]
