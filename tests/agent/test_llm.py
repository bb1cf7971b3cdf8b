"""agent.llm against a local OpenAI-compatible stub: real langchain-openai HTTP, no mocks."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import BaseModel

from agent.errors import LLMError, LLMOutputError
from agent.llm import (
    ChatModel,
    build_chat_model,
    describe_remote,
    is_loopback,
    require_chat_model,
)
from memory_store.settings import Settings
from tests.llm_stub import LLMStub, unused_port


class Rewrite(BaseModel):
    question: str
    rewrites: list[str] = []


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[LLMStub]:
    with LLMStub() as running:
        # Nothing may reach a real endpoint, whatever the developer's shell exports.
        monkeypatch.setenv("OPENAI_API_KEY", "sk-dummy")
        monkeypatch.setenv("OPENAI_BASE_URL", running.base_url)
        for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
            monkeypatch.delenv(var, raising=False)
        monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
        monkeypatch.delenv("LANGSMITH_TRACING", raising=False)
        monkeypatch.delenv("LANGCHAIN_TRACING_V2", raising=False)
        yield running


def settings_for(base_url: str, tmp_path: Path, **overrides: object) -> Settings:
    values: dict[str, object] = {
        "home": tmp_path,
        "openai_base_url": base_url,
        "openai_api_key": "sk-test-key-1234",
        "llm_model": "stub-model",
        "llm_timeout": 5.0,
        "llm_max_retries": 0,
    }
    values.update(overrides)
    return Settings.model_validate(values)


def model_for(stub: LLMStub, tmp_path: Path, **overrides: object) -> ChatModel:
    model = build_chat_model(settings_for(stub.base_url, tmp_path, **overrides))
    assert model is not None
    return model


# -- complete ------------------------------------------------------------------------------


def test_complete_returns_text_and_sends_both_turns(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue("On Tuesday you and Doug talked about the dentist [m3].")
    model = model_for(stub, tmp_path)

    answer = model.complete("You answer from messages.", "When was the dentist?")

    assert answer == "On Tuesday you and Doug talked about the dentist [m3]."
    sent = stub.last_request
    assert sent["model"] == "stub-model"
    assert not sent.get("stream")
    assert sent["messages"] == [
        {"role": "system", "content": "You answer from messages."},
        {"role": "user", "content": "When was the dentist?"},
    ]
    assert stub.request_headers[-1]["authorization"] == "Bearer sk-test-key-1234"
    assert stub.paths == ["/v1/chat/completions"]


def test_local_server_without_key_gets_placeholder(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue("ok")
    model = model_for(stub, tmp_path, openai_api_key=None)
    assert model.complete("s", "u") == "ok"
    assert stub.request_headers[-1]["authorization"] == "Bearer not-needed"


def test_slow_answer_within_timeout_is_fine(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue("late but fine", delay=0.3)
    assert model_for(stub, tmp_path, llm_timeout=3).complete("s", "u") == "late but fine"


def test_max_retries_is_passed_to_the_client(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue(status=500)
    stub.enqueue("second try")
    model = model_for(stub, tmp_path, llm_max_retries=1)
    assert model.complete("s", "u") == "second try"
    assert len(stub.requests) == 2


# -- structured ----------------------------------------------------------------------------


def test_structured_parses_json_into_the_model(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue_json({"question": "What did Sam and I discuss on July 13th?", "rewrites": ["x"]})
    result = model_for(stub, tmp_path).structured("rewrite", "dialogue", Rewrite)

    assert result == Rewrite(question="What did Sam and I discuss on July 13th?", rewrites=["x"])
    fmt = stub.last_request["response_format"]
    assert fmt["type"] == "json_schema"
    assert fmt["json_schema"]["name"] == "Rewrite"
    assert fmt["json_schema"]["schema"]["required"] == ["question"]


@pytest.mark.parametrize(
    "content",
    [
        '```json\n{"question": "q?"}\n```',
        'Here is the JSON:\n{"question": "q?"}',
        '  {"question": "q?"}\n',
    ],
)
def test_structured_tolerates_fences_and_prose(stub: LLMStub, tmp_path: Path, content: str) -> None:
    stub.enqueue(content)
    assert model_for(stub, tmp_path).structured("s", "u", Rewrite).question == "q?"


@pytest.mark.parametrize(
    "content",
    [
        "I think the question is about July.",
        '{"question": "unterminated',
        '{"rewrites": ["no question field"]}',
        '{"question": ["not", "a", "string"]}',
        "",
    ],
)
def test_malformed_structured_output_raises_output_error(
    stub: LLMStub, tmp_path: Path, content: str
) -> None:
    stub.enqueue(content)
    with pytest.raises(LLMOutputError, match="does not fit Rewrite"):
        model_for(stub, tmp_path).structured("s", "u", Rewrite)


def test_other_bad_requests_are_not_retried(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue(status=400, error="This model's maximum context length is 8192 tokens.")
    with pytest.raises(LLMError, match="HTTP 400.*maximum context length"):
        model_for(stub, tmp_path).structured("s", "u", Rewrite)
    assert len(stub.requests) == 1


# -- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "hints"),
    [
        (401, ["401", "set OPENAI_API_KEY", "OPENAI_BASE_URL"]),
        (403, ["403", "OPENAI_API_KEY"]),
        (404, ["'stub-model' not found", "set MEMLANE_LLM_MODEL"]),
        (429, ["rate limiting", "429", "Rate limit reached"]),
        (500, ["HTTP 500", "server had an error"]),
    ],
)
def test_http_errors_map_to_llm_error_with_next_step(
    stub: LLMStub, tmp_path: Path, status: int, hints: list[str]
) -> None:
    stub.enqueue(status=status)
    with pytest.raises(LLMError) as caught:
        model_for(stub, tmp_path).complete("s", "u")
    message = str(caught.value)
    assert not isinstance(caught.value, LLMOutputError)
    for hint in hints:
        assert hint in message
    assert "sk-test-key-1234" not in message


def test_server_that_never_answers_times_out(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue(hang=True)
    model = model_for(stub, tmp_path, llm_timeout=1)
    started = time.monotonic()
    with pytest.raises(LLMError, match=r"no answer .* within 1s; raise MEMLANE_LLM_TIMEOUT"):
        model.complete("s", "u")
    assert time.monotonic() - started < 4


def test_structured_timeout_is_an_llm_error_too(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue(hang=True)
    with pytest.raises(LLMError, match="MEMLANE_LLM_TIMEOUT") as caught:
        model_for(stub, tmp_path, llm_timeout=1).structured("s", "u", Rewrite)
    assert not isinstance(caught.value, LLMOutputError)


def test_connection_refused_names_the_server(tmp_path: Path) -> None:
    base_url = f"http://127.0.0.1:{unused_port()}/v1"
    model = build_chat_model(settings_for(base_url, tmp_path))
    assert model is not None
    with pytest.raises(LLMError, match=f"is the server at {base_url} running"):
        model.complete("s", "u")


def test_non_openai_body_says_check_the_base_url(stub: LLMStub, tmp_path: Path) -> None:
    stub.enqueue(raw_body="<html>Welcome to nginx</html>")
    with pytest.raises(LLMError, match="OPENAI_BASE_URL"):
        model_for(stub, tmp_path).complete("s", "u")


# -- configuration -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "overrides",
    [
        {"openai_api_key": None, "openai_base_url": None},
        {"offline": True},
    ],
)
def test_no_model_without_configuration(tmp_path: Path, overrides: dict[str, object]) -> None:
    settings = settings_for("http://127.0.0.1:1/v1", tmp_path, **overrides)
    assert build_chat_model(settings) is None
    assert describe_remote(settings) is None
    with pytest.raises(LLMError, match="OPENAI_API_KEY|MEMLANE_OFFLINE"):
        require_chat_model(settings)


def test_describe_remote_says_what_leaves_the_machine(tmp_path: Path) -> None:
    remote = Settings.model_validate(
        {"home": tmp_path, "openai_api_key": "sk-x", "llm_model": "gpt-4o-mini"}
    )
    assert describe_remote(remote, max_messages=25) == (
        "memlane sends your question, recent turns of this chat and up to 25 retrieved "
        "messages to https://api.openai.com/v1 (model gpt-4o-mini)"
    )
    proxied = Settings.model_validate(
        {"home": tmp_path, "openai_base_url": "https://user:secret@llm.example.com/v1"}
    )
    line = describe_remote(proxied)
    assert line is not None
    assert "https://llm.example.com/v1" in line
    assert "secret" not in line


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://localhost:11434/v1", True),
        ("http://127.0.0.1:8080/v1", True),
        ("http://127.1.2.3/v1", True),
        ("http://[::1]:8000/v1", True),
        ("http://api.localhost/v1", True),
        ("https://api.openai.com/v1", False),
        ("http://192.168.1.20:11434/v1", False),
        ("http://localhost.evil.com/v1", False),
        ("http://0.0.0.0:8000/v1", False),
    ],
)
def test_is_loopback(url: str, loopback: bool) -> None:
    assert is_loopback(url) is loopback
