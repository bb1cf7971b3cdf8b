"""What an OpenAI-compatible server takes for structured output, as `probe_features` found.

The probe (agent/llm/probe.py) is cached in `$MEMLANE_HOME/llm_features.json`, one entry per
base URL (without credentials) and model, so `memlane config` probes a server once, and
`build_chat_model` starts structured output with the method the entry names
(`ServerFeatures.structured_method`) instead of meeting the server's refusals first.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

__all__ = ["CACHE_FILE", "ServerFeatures", "StructuredMethod", "cached_features", "save_features"]

CACHE_FILE = "llm_features.json"
StructuredMethod = Literal["json_schema", "function_calling", "json_mode"]


class ServerFeatures(BaseModel):
    """What one server (base URL + model) took when probed; `errors` says why not."""

    model_config = ConfigDict(extra="forbid")

    endpoint: str
    model: str
    json_schema: bool
    json_mode: bool
    tools: bool
    probed_at: datetime
    errors: dict[str, str] = {}

    @property
    def structured_method(self) -> StructuredMethod:
        if self.json_schema:
            return "json_schema"
        return "function_calling" if self.tools else "json_mode"

    def summary(self) -> str:
        """One line for `memlane config`: "json_schema no, json_mode yes, tools yes; ..."."""
        found = (("json_schema", self.json_schema), ("json_mode", self.json_mode))
        flags = ", ".join(f"{name} {'yes' if ok else 'no'}" for name, ok in found)
        return (
            f"{flags}, tools {'yes' if self.tools else 'no'}; structured output by "
            f"{self.structured_method} (probed {self.probed_at:%Y-%m-%d %H:%M})"
        )


def cached_features(home: Path, endpoint: str, model: str) -> ServerFeatures | None:
    """The cached probe of `endpoint` and `model`, or None (never probed, or unreadable)."""
    entry = _read(home / CACHE_FILE).get(f"{endpoint} {model}")
    if entry is None:
        return None
    try:
        return ServerFeatures.model_validate(entry)
    except ValidationError:
        return None


def save_features(home: Path, features: ServerFeatures) -> None:
    """Add or replace the probed server's entry in the cache file."""
    path = home / CACHE_FILE
    data = _read(path)
    data[f"{features.endpoint} {features.model}"] = features.model_dump(mode="json")
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    tmp.replace(path)


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
