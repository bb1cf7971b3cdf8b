"""A scripted OpenAI-compatible chat server on 127.0.0.1, for tests of the LLM path.

Tests enqueue responses, point `Settings.openai_base_url` at `stub.base_url`, and let the real
langchain-openai client talk HTTP to it. Every request body is recorded in `stub.requests`.

    def test_answer(llm_stub):
        llm_stub.enqueue(content="On Tuesday you talked about the dentist [m3].")
        llm_stub.enqueue(status=429)             # OpenAI-style error JSON
        llm_stub.enqueue(content="...", delay=2)  # answers after two seconds
        llm_stub.enqueue(hang=True)              # never answers (until the stub closes)

Only `stream=false` is supported; a streaming request gets a 400. An empty queue answers 500
with "stub queue is empty", so a test that forgot to script a response fails loudly.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

__all__ = ["LLMStub", "ScriptedResponse", "llm_stub", "unused_port"]

CHAT_PATHS = ("/v1/chat/completions", "/chat/completions")
MODELS_PATHS = ("/v1/models", "/models")

# OpenAI's error bodies: (type, code, default message)
ERRORS: dict[int, tuple[str, str | None, str]] = {
    400: ("invalid_request_error", None, "Bad request."),
    401: ("invalid_request_error", "invalid_api_key", "Incorrect API key provided."),
    403: ("invalid_request_error", None, "You are not allowed to use this model."),
    404: ("invalid_request_error", "model_not_found", "The model does not exist."),
    429: ("requests", "rate_limit_exceeded", "Rate limit reached. Try again in 20s."),
    500: ("server_error", None, "The server had an error while processing your request."),
    503: ("server_error", None, "The engine is currently overloaded."),
}


@dataclass
class ScriptedResponse:
    """One scripted answer. `status` != 200 sends an OpenAI-style error body instead."""

    content: str | None = None
    tool_calls: list[dict[str, Any]] | None = None
    status: int = 200
    delay: float = 0.0
    hang: bool = False
    error: str | None = None
    finish_reason: str | None = None
    raw_body: str | None = None


def unused_port() -> int:
    """A loopback port nothing listens on (for connection-refused tests)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _tool_call(index: int, call: dict[str, Any]) -> dict[str, Any]:
    """Accept {"name", "arguments": dict|str[, "id"]} and return OpenAI's tool_call shape."""
    arguments = call.get("arguments", {})
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments)
    return {
        "id": call.get("id", f"call_stub_{index}"),
        "type": "function",
        "function": {"name": call["name"], "arguments": arguments},
    }


def completion_body(scripted: ScriptedResponse, model: str, serial: int) -> dict[str, Any]:
    """The JSON of a successful non-streaming chat completion."""
    message: dict[str, Any] = {"role": "assistant", "content": scripted.content}
    finish = scripted.finish_reason or "stop"
    if scripted.tool_calls:
        message["tool_calls"] = [_tool_call(i, c) for i, c in enumerate(scripted.tool_calls)]
        finish = scripted.finish_reason or "tool_calls"
    completion_tokens = len((scripted.content or "").split())
    return {
        "id": f"chatcmpl-stub{serial}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "system_fingerprint": "fp_stub",
        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
        "usage": {
            "prompt_tokens": 10,
            "completion_tokens": completion_tokens,
            "total_tokens": 10 + completion_tokens,
        },
    }


def error_body(status: int, message: str | None) -> dict[str, Any]:
    kind, code, default = ERRORS.get(status, ("api_error", None, f"HTTP {status}"))
    return {"error": {"message": message or default, "type": kind, "param": None, "code": code}}


class LLMStub:
    """The running server. Use as a context manager or through the `llm_stub` fixture."""

    def __init__(self, model: str = "stub-model", hang_limit: float = 60.0) -> None:
        self.model = model
        self.hang_limit = hang_limit
        self.requests: list[dict[str, Any]] = []
        self.request_headers: list[dict[str, str]] = []  # names lower-cased
        self.paths: list[str] = []
        self._queue: deque[ScriptedResponse] = deque()
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._serial = 0

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def last_request(self) -> dict[str, Any]:
        return self.requests[-1]

    def enqueue(
        self,
        content: str | None = None,
        *,
        tool_calls: list[dict[str, Any]] | None = None,
        status: int = 200,
        delay: float = 0.0,
        hang: bool = False,
        error: str | None = None,
        finish_reason: str | None = None,
        raw_body: str | None = None,
    ) -> None:
        """Script the next answer (answers are served first in, first out)."""
        scripted = ScriptedResponse(
            content, tool_calls, status, delay, hang, error, finish_reason, raw_body
        )
        with self._lock:
            self._queue.append(scripted)

    def enqueue_json(self, obj: Any) -> None:
        """Script an answer whose content is `obj` as JSON (for structured output)."""
        self.enqueue(content=json.dumps(obj))

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    def start(self) -> LLMStub:
        self._thread.start()
        return self

    def close(self) -> None:
        self._closing.set()  # releases handlers stuck in hang mode
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> LLMStub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # called from handler threads
    def _record(self, path: str, headers: dict[str, str], body: dict[str, Any]) -> None:
        with self._lock:
            self.paths.append(path)
            self.request_headers.append(headers)
            self.requests.append(body)

    def _next(self) -> tuple[ScriptedResponse | None, int]:
        with self._lock:
            self._serial += 1
            return (self._queue.popleft() if self._queue else None), self._serial

    def _wait(self, seconds: float) -> bool:
        """Sleep up to `seconds`; False when the stub is closing."""
        return not self._closing.wait(seconds)


def _make_handler(stub: LLMStub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass  # keep pytest output clean

        def _send(self, status: int, body: dict[str, Any] | str) -> None:
            data = (body if isinstance(body, str) else json.dumps(body)).encode("utf-8")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout); nothing to do

        def do_GET(self) -> None:
            if self.path.rstrip("/") in MODELS_PATHS:
                models = [{"id": stub.model, "object": "model", "owned_by": "stub"}]
                self._send(200, {"object": "list", "data": models})
            else:
                self._send(404, error_body(404, f"no route {self.path}"))

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            if self.path.rstrip("/") not in CHAT_PATHS:
                self._send(404, error_body(404, f"no route {self.path}"))
                return
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                self._send(400, error_body(400, "request body is not JSON"))
                return
            headers = {k.lower(): v for k, v in self.headers.items()}
            stub._record(self.path, headers, body)
            if body.get("stream"):
                self._send(400, error_body(400, "the stub supports stream=false only"))
                return
            self._answer(body)

        def _answer(self, body: dict[str, Any]) -> None:
            scripted, serial = stub._next()
            if scripted is None:
                self._send(500, error_body(500, "stub queue is empty"))
                return
            if scripted.hang:
                stub._wait(stub.hang_limit)
                return  # close without answering
            if scripted.delay and not stub._wait(scripted.delay):
                return
            if scripted.raw_body is not None:
                self._send(scripted.status, scripted.raw_body)
            elif scripted.status != 200:
                self._send(scripted.status, error_body(scripted.status, scripted.error))
            else:
                model = str(body.get("model") or stub.model)
                self._send(200, completion_body(scripted, model, serial))

    return Handler


@pytest.fixture
def llm_stub() -> Iterator[LLMStub]:
    """A running stub server; closed (and any hanging request released) after the test."""
    with LLMStub() as stub:
        yield stub
