"""Prompt templates are data: one `prompts/<name>.md` file each, loaded and validated here.

A prompt file is front matter, then a `## system` and a `## user` section:

    ---
    name: rewrite
    description: Turn the last request of a dialogue into one self-contained question.
    variables: [dialogue, request]
    ---
    ## system
    You rewrite questions ...
    ## user
    {{dialogue}} ... {{request}}

The declared `variables` must be exactly the `{{placeholders}}` the body uses. `render()` fills
them in one pass, so a value that itself contains `{{request}}` is inserted literally. Values
are inserted as given: wrap untrusted text (message bodies, speaker names) with
`escape_untrusted` or `format_message` first.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

__all__ = [
    "Rendered",
    "Template",
    "available_prompts",
    "escape_untrusted",
    "format_message",
    "load_prompt",
]

PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
SECTION = re.compile(r"^## (system|user)[ \t]*$", re.MULTILINE)
PROMPT_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class Rendered(NamedTuple):
    """A filled-in prompt: pass as `llm.complete(*rendered)`."""

    system: str
    user: str


class Template(BaseModel):
    """One prompt file, validated: declared variables match the placeholders used."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    description: str
    variables: tuple[str, ...]
    system: str
    user: str

    class InvalidTemplate(ValueError):
        """A prompt file is malformed (the message names the file and the fault)."""

    class MissingVariables(ValueError):
        """render() was not given every declared variable."""

    class UnknownVariables(ValueError):
        """render() was given a variable the prompt does not declare."""

    @model_validator(mode="after")
    def _variables_match_body(self) -> Template:
        if not PROMPT_NAME.match(self.name):
            raise ValueError(f"name {self.name!r} must be lower_snake_case")
        if len(set(self.variables)) != len(self.variables):
            raise ValueError(f"variables {list(self.variables)} repeat a name")
        used = self.placeholders()
        declared = set(self.variables)
        if used != declared:
            raise ValueError(
                f"declared variables {sorted(declared)} differ from placeholders "
                f"{sorted(used)} (undeclared: {sorted(used - declared)}, "
                f"unused: {sorted(declared - used)})"
            )
        return self

    def placeholders(self) -> set[str]:
        """Every `{{name}}` the system and user sections use."""
        return set(PLACEHOLDER.findall(self.system)) | set(PLACEHOLDER.findall(self.user))

    @classmethod
    def parse(cls, text: str, source: str = "<string>") -> Template:
        """Parse the text of a prompt file; InvalidTemplate names `source` on any fault."""
        try:
            meta, body = _split_front_matter(text)
            system, user = _split_sections(body)
            return cls.model_validate({**meta, "system": system, "user": user})
        except ValidationError as exc:
            faults = "; ".join(_describe(err) for err in exc.errors())
            raise cls.InvalidTemplate(f"{source}: {faults}") from exc
        except ValueError as exc:
            raise cls.InvalidTemplate(f"{source}: {exc}") from exc

    def render(self, **values: object) -> Rendered:
        """Fill every placeholder; MissingVariables / UnknownVariables otherwise."""
        missing = set(self.variables) - values.keys()
        if missing:
            raise self.MissingVariables(
                f"prompt {self.name!r} needs {sorted(missing)} (it takes {list(self.variables)})"
            )
        unknown = values.keys() - set(self.variables)
        if unknown:
            raise self.UnknownVariables(
                f"prompt {self.name!r} has no variables {sorted(unknown)} "
                f"(it takes {list(self.variables)})"
            )
        text = {name: str(value) for name, value in values.items()}

        def fill(section: str) -> str:
            return PLACEHOLDER.sub(lambda m: text[m.group(1)], section)

        return Rendered(fill(self.system), fill(self.user))


def _describe(err: object) -> str:
    if isinstance(err, dict):
        where = ".".join(str(p) for p in err.get("loc", ()))
        msg = str(err.get("msg", err))
        return f"{where}: {msg}" if where else msg
    return str(err)


def _split_front_matter(text: str) -> tuple[dict[str, object], str]:
    """`---` / key: value lines / `---`, then the body. Values: text or [a, b, c]."""
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != "---":
        raise ValueError("must start with a '---' front matter line")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise ValueError("front matter is not closed by a '---' line") from None
    meta: dict[str, object] = {}
    for number, line in enumerate(lines[1:end], start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise ValueError(f"line {number}: expected 'key: value', got {line!r}")
        if key in meta:
            raise ValueError(f"line {number}: {key!r} appears twice")
        meta[key] = _parse_value(value)
    return meta, "\n".join(lines[end + 1 :])


def _parse_value(value: str) -> object:
    if value.startswith("[") and value.endswith("]"):
        inner = value[1:-1].strip()
        return [_unquote(item.strip()) for item in inner.split(",")] if inner else []
    return _unquote(value)


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _split_sections(body: str) -> tuple[str, str]:
    """The text under `## system` and under `## user`, in that order, nothing before."""
    parts = SECTION.split(body)
    # parts = [before, "system", text, "user", text]
    if [p for p in parts[1::2]] != ["system", "user"]:
        raise ValueError("body must have exactly a '## system' then a '## user' section")
    if parts[0].strip():
        raise ValueError("text before '## system' (put notes in the description)")
    system, user = parts[2].strip("\n"), parts[4].strip("\n")
    if not system.strip() or not user.strip():
        raise ValueError("'## system' and '## user' must both have text")
    return system.rstrip(), user.rstrip()


def available_prompts() -> list[str]:
    """Names of the prompt files shipped in the `prompts` package."""
    root = resources.files("prompts")
    return sorted(
        entry.name[:-3]
        for entry in root.iterdir()
        if entry.name.endswith(".md") and PROMPT_NAME.match(entry.name[:-3])
    )


@cache
def load_prompt(name: str) -> Template:
    """The validated template `prompts/<name>.md` (package data, read once)."""
    if not PROMPT_NAME.match(name) or name not in available_prompts():
        raise LookupError(f"no prompt named {name!r}; choose from {available_prompts()}")
    text = resources.files("prompts").joinpath(f"{name}.md").read_text(encoding="utf-8")
    template = Template.parse(text, source=f"prompts/{name}.md")
    if template.name != name:
        raise Template.InvalidTemplate(
            f"prompts/{name}.md: front matter says name {template.name!r}; make them match"
        )
    return template


# -- untrusted text -------------------------------------------------------------------------

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_FENCE_RUN = re.compile(r"`{3,}|~{3,}")
_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}


def escape_untrusted(text: str) -> str:
    """Make message text safe to place inside `<message ...>...</message>` or an attribute.

    `&`, `<`, `>` and `"` become entities, so no text can open or close a tag (ours, or a
    chat template's `<|im_start|>`); runs of three or more backticks or tildes are broken up
    so the text cannot close a markdown fence; control characters other than tab and newline
    are dropped. Everything else, including look-alike citations such as `[m999]`, is kept
    visible: the answer prompt says ids come only from `id="..."`, and the code checks them.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _CONTROL.sub("", text)
    text = re.sub(r'[&<>"]', lambda m: _ESCAPES[m.group(0)], text)
    return _FENCE_RUN.sub(lambda m: " ".join(m.group(0)), text)


def format_message(id: str, date: str, time: str, speaker: str, text: str) -> str:  # noqa: A002
    """One retrieved message as the answer prompt expects it, every field escaped."""
    return (
        f'<message id="{escape_untrusted(id)}" date="{escape_untrusted(date)}" '
        f'time="{escape_untrusted(time)}" speaker="{escape_untrusted(speaker)}">'
        f"{escape_untrusted(text)}</message>"
    )
