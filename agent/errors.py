"""The LLM seam's errors, raised by agent/llm/ and caught by the stages' fallbacks.

They sit in the tree of memory_store/errors.py (under `MemlaneError`) but apart from
agent/llm/, so that catching them does not import langchain. agent.llm re-exports them.
"""

from __future__ import annotations

from memory_store.errors import MemlaneError

__all__ = ["LLMError", "LLMOutputError"]


class LLMError(MemlaneError):
    """The configured language model could not be used."""


class LLMOutputError(LLMError):
    """The language model returned output we could not use."""
