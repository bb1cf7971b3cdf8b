"""How agent.llm meets servers that differ: the structured-output method chosen per server,
`max_tokens` beside `max_completion_tokens`, and the feature probe behind `memlane config`.

Real langchain-openai HTTP to tests/llm_stub.py, which replays what real servers answered
(llama-cpp-python 0.3.36's HTTP 500 for json_schema is quoted from the server).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from click.testing import CliRunner
from pydantic import BaseModel

from agent.app import build_pipeline
from agent.cli import cli
from agent.llm import (
    ChatModel,
    LLMError,
    LLMOutputError,
    build_chat_model,
    cached_features,
    forget_server_choices,
    probe_features,
)
from memory_store.db.store import Store
from memory_store.settings import Settings
from tests.llm_stub import LLMStub

# What llama-cpp-python's server answers (HTTP 500) to response_format json_schema.
LLAMA_CPP_500 = (
    "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', "
    "'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema'}"
)
NOW = datetime(2026, 12, 1, 22, 0)


class Rewrite(BaseModel):
    question: str
    rewrites: list[str] = []


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[LLMStub]:
    forget_server_choices()
    with LLMStub() as running:
        for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
            monkeypatch.delenv(var, raising=False)
        monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
        yield running
    forget_server_choices()


def settings_for(stub: LLMStub, tmp_path: Path, **overrides: object) -> Settings:
    values: dict[str, object] = {
        "home": tmp_path,
        "openai_base_url": stub.base_url,
        "llm_model": "stub-model",
        "llm_timeout": 5.0,
        "llm_max_retries": 0,
        "llm_max_tokens": 64,
    }
    values.update(overrides)
    return Settings.model_validate(values)


def model_for(stub: LLMStub, tmp_path: Path, **overrides: object) -> ChatModel:
    model = build_chat_model(settings_for(stub, tmp_path, **overrides))
    assert model is not None
    return model


def tool_call(obj: dict[str, object], name: str = "Rewrite") -> list[dict[str, object]]:
    return [{"name": name, "arguments": obj}]


# -- the structured-output method -----------------------------------------------------------


def test_json_schema_refused_with_500_moves_to_a_forced_tool_call(
    stub: LLMStub, tmp_path: Path
) -> None:
    stub.enqueue(status=500, error=LLAMA_CPP_500)
    stub.enqueue(tool_calls=tool_call({"question": "when was the dentist?"}))
    model = model_for(stub, tmp_path)

    assert model.structured("system text", "u", Rewrite).question == "when was the dentist?"

    first, retry = stub.requests
    assert first["response_format"]["type"] == "json_schema"
    assert "response_format" not in retry
    assert retry["tools"][0]["function"]["name"] == "Rewrite"
    assert retry["tools"][0]["function"]["parameters"]["required"] == ["question"]
    assert retry["tool_choice"] == {"type": "function", "function": {"name": "Rewrite"}}
    assert model.structured_method == "function_calling"


def test_the_choice_is_remembered_per_base_url_for_the_process(
    stub: LLMStub, tmp_path: Path
) -> None:
    stub.enqueue(status=500, error=LLAMA_CPP_500)
    stub.enqueue(tool_calls=tool_call({"question": "first"}))
    stub.enqueue(tool_calls=tool_call({"question": "second"}))
    model_for(stub, tmp_path).structured("s", "u", Rewrite)

    # a new ChatModel (the next question's pipeline) starts where the first one ended
    again = model_for(stub, tmp_path, llm_model="another-model")
    assert again.structured("s", "u", Rewrite).question == "second"
    assert len(stub.requests) == 3
    assert "tools" in stub.last_request


def test_server_without_json_schema_or_tools_falls_back_to_json_mode(
    stub: LLMStub, tmp_path: Path
) -> None:
    stub.enqueue(status=400, error="'response_format' of type 'json_schema' is not supported")
    stub.enqueue(status=400, error="tool_choice is not supported by this model")
    stub.enqueue_json({"question": "third way"})
    model = model_for(stub, tmp_path)

    assert model.structured("system text", "u", Rewrite).question == "third way"

    retry = stub.last_request
    assert retry["response_format"] == {"type": "json_object"}
    assert '"question"' in retry["messages"][0]["content"]  # the schema rides in the prompt
    assert model.structured_method == "json_mode"


def test_a_500_about_something_else_is_not_a_refusal(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue(status=500, error="CUDA out of memory")
    model = model_for(stub, tmp_path)
    with pytest.raises(LLMError, match="HTTP 500.*out of memory"):
        model.structured("s", "u", Rewrite)
    assert model.structured_method == "json_schema"
    assert len(stub.requests) == 1


def test_prose_instead_of_the_tool_call_is_an_output_error(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue(status=500, error=LLAMA_CPP_500)
    stub.enqueue("Sure! The question is about the dentist.")
    with pytest.raises(LLMOutputError, match="does not fit Rewrite"):
        model_for(stub, tmp_path).structured("s", "u", Rewrite)


# -- max_tokens -----------------------------------------------------------------------------


def test_every_request_carries_max_tokens_as_well(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue("hello")
    model_for(stub, tmp_path, llm_max_tokens=77).complete("s", "u")
    sent = stub.last_request
    assert sent["max_tokens"] == 77  # llama.cpp's server reads this one
    assert sent["max_completion_tokens"] == 77  # OpenAI's current name


def test_a_server_refusing_max_tokens_gets_max_completion_tokens_alone(
    stub: LLMStub, tmp_path: Path
) -> None:
    refusal = "Unsupported parameter: 'max_tokens' is not supported with this model."
    stub.enqueue(status=400, error=refusal)
    stub.enqueue("first")
    stub.enqueue("second")
    model = model_for(stub, tmp_path)
    assert model.complete("s", "u") == "first"
    assert model.complete("s", "u") == "second"
    first, retry, later = stub.requests
    assert "max_tokens" in first
    assert "max_tokens" not in retry and retry["max_completion_tokens"] == 64
    assert "max_tokens" not in later  # remembered


def test_a_max_tokens_too_large_error_is_not_a_refusal(stub: LLMStub, tmp_path: Path) -> None:
    vllm = "'max_tokens' is too large: 64. This model's maximum context length is 4096 tokens"
    stub.enqueue(status=400, error=vllm)
    with pytest.raises(LLMError, match="HTTP 400.*too large"):
        model_for(stub, tmp_path).complete("s", "u")
    assert len(stub.requests) == 1


# -- the feature probe ----------------------------------------------------------------------


def script_llama_cpp(stub: LLMStub) -> None:
    """What llama-cpp-python's server answers to the three probes."""
    stub.enqueue(status=500, error=LLAMA_CPP_500)
    stub.enqueue('{"ok": true}')
    stub.enqueue(tool_calls=tool_call({"ok": True}, name="Probe"))


def test_probe_finds_what_llama_cpp_takes_and_caches_it(stub: LLMStub, tmp_path: Path) -> None:
    script_llama_cpp(stub)
    settings = settings_for(stub, tmp_path)

    features = probe_features(settings, now=NOW)

    assert (features.json_schema, features.json_mode, features.tools) == (False, True, True)
    assert features.structured_method == "function_calling"
    assert "HTTP 500" in features.errors["json_schema"]
    schema_probe, mode_probe, tool_probe = stub.requests
    assert schema_probe["response_format"]["type"] == "json_schema"
    assert mode_probe["response_format"] == {"type": "json_object"}
    assert tool_probe["tool_choice"]["function"]["name"] == "Probe"
    assert all(r["max_tokens"] <= 16 for r in stub.requests)  # a cheap probe
    # cached: asking again sends nothing
    assert probe_features(settings, now=NOW) == features
    assert cached_features(tmp_path, stub.base_url, "stub-model") == features
    assert len(stub.requests) == 3
    saved = json.loads((tmp_path / "llm_features.json").read_text())
    assert list(saved) == [f"{stub.base_url} stub-model"]


def test_a_cached_probe_decides_the_first_method(stub: LLMStub, tmp_path: Path) -> None:
    script_llama_cpp(stub)
    settings = settings_for(stub, tmp_path)
    probe_features(settings, now=NOW)
    forget_server_choices()  # a new process: only the cache is left
    stub.enqueue(tool_calls=tool_call({"question": "straight to the tool"}))

    model = build_chat_model(settings)
    assert model is not None and model.structured_method == "function_calling"
    assert model.structured("s", "u", Rewrite).question == "straight to the tool"
    assert "tools" in stub.last_request  # no json_schema request first


def test_a_tool_call_answered_with_text_means_no_tools(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue('{"ok": true}')
    stub.enqueue('{"ok": true}')
    stub.enqueue("I cannot call tools.")
    features = probe_features(settings_for(stub, tmp_path), now=NOW)
    assert (features.json_schema, features.json_mode, features.tools) == (True, True, False)
    assert features.structured_method == "json_schema"


def test_memlane_config_reports_the_detected_features(
    stub: LLMStub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script_llama_cpp(stub)
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path))
    monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)

    shown = CliRunner().invoke(cli, ["config", "--json"])
    assert shown.exit_code == 0, shown.output
    row = json.loads(shown.output)["llm_features"]
    assert row["value"]["json_schema"] is False
    assert row["value"]["tools"] is True
    assert row["value"]["structured_method"] == "function_calling"
    assert len(stub.requests) == 3

    again = CliRunner().invoke(cli, ["config"])  # from the cache
    assert again.exit_code == 0, again.output
    row = next(line for line in again.output.splitlines() if "llm_features" in line)
    assert "json_schema no" in row and "cache" in row
    assert len(stub.requests) == 3


def test_memlane_config_probes_nothing_without_an_llm(tmp_path: Path) -> None:
    shown = CliRunner().invoke(cli, ["config", "--json"])
    assert shown.exit_code == 0, shown.output
    assert "llm_features" not in json.loads(shown.output)


# -- the pipeline against a llama.cpp-like server ---------------------------------------------


def test_pipeline_meets_llama_cpp_and_falls_back_on_unseen_ids_and_prose(
    stub: LLMStub, small_store: Store, tmp_path: Path
) -> None:
    settings = settings_for(stub, tmp_path)
    pipe = build_pipeline(settings, small_store)
    # 1st question: plan refused as json_schema (500), then by tool; the answer cites m999
    stub.enqueue(status=500, error=LLAMA_CPP_500)
    stub.enqueue(tool_calls=tool_call({"ops": []}, name="_PlanReply"))
    stub.enqueue(
        tool_calls=tool_call(
            {"answer": "It is on Thursday [m999].", "citations": ["m999"]}, name="AnswerReply"
        )
    )
    # 2nd question: the plan by tool at once; the answer is prose, not the tool call
    stub.enqueue(tool_calls=tool_call({"ops": []}, name="_PlanReply"))
    stub.enqueue("The dentist is on Thursday, I think.")

    unseen = pipe.ask("When is the dentist appointment?", now=NOW)
    prose = pipe.ask("When is the dentist appointment?", now=NOW)

    assert [("tools" in r, "response_format" in r) for r in stub.requests] == [
        (False, True),
        (True, False),
        (True, False),
        (True, False),
        (True, False),
    ]
    for result in (unseen, prose):
        assert result.answer is not None and not result.answer.abstained
        cited = [m.id for m in result.answer.citations]
        assert 2 in cited and 999 not in cited  # the offline answer, from m2
    assert any(
        "answered offline" in n and "cites none of the retrieved" in n
        for n in unseen.to_json()["notes"]
    ), unseen.to_json()["notes"]
    assert any(
        "answered offline" in n and "does not fit AnswerReply" in n
        for n in prose.to_json()["notes"]
    ), prose.to_json()["notes"]
