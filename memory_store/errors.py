"""memlane's exception tree. Every message says what to do next.

MemlaneError
├── ImportFormatError      a source file could not be parsed (names file and line/key)
├── StoreError             the DuckDB store cannot be opened or written
│   ├── StoreBusyError     another process holds the store's write lock
│   ├── PassphraseError    an encrypted store's passphrase is missing or wrong
│   └── EmbeddingTimeoutError  one call to the embedder ran past its time bound
├── ConfigError            a setting (config.toml, MEMLANE_* variable, flag) is invalid
├── IndexMismatchError     a derived index disagrees with the store and cannot be rebuilt
├── PlanError              a table plan is malformed or names an unknown operation
└── LLMError               the configured chat model failed (no key, refused, timeout, ...)
    └── LLMOutputError     the model answered, but not in the shape we asked for

The two LLM errors live beside the LLM seam, in agent/errors.py (memory_store knows no model).
"""

from __future__ import annotations


class MemlaneError(Exception):
    """Base class: anything memlane raises on purpose."""


class ImportFormatError(MemlaneError):
    """A file could not be imported; `path` and `where` (line or key) locate the fault."""

    def __init__(self, path: str, where: str, problem: str, hint: str = "") -> None:
        self.path, self.where, self.problem = path, where, problem
        msg = f"{path}:{where}: {problem}"
        if hint:
            msg += f" ({hint})"
        super().__init__(msg)


class StoreError(MemlaneError):
    """The store could not be opened, migrated or written."""


class StoreBusyError(StoreError):
    """Another memlane process is writing to the store."""


class PassphraseError(StoreError):
    """The passphrase of an encrypted store is missing or wrong."""


class EmbeddingTimeoutError(StoreError):
    """One batch of texts took longer to embed than the embedder's time bound allows."""


class ConfigError(MemlaneError):
    """A setting in config.toml, the environment or a flag has an unusable value."""


class IndexMismatchError(MemlaneError):
    """A derived index (FAISS, BM25) does not match the store."""


class PlanError(MemlaneError):
    """A chain-of-table plan is invalid."""
