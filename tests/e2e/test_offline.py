"""Offline mode opens no socket other than loopback (privacy.md 3.1, issue 4 acceptance).

Each command runs in a fresh interpreter that first installs a guard over `socket`: any
connection, datagram or name lookup for a non-loopback address is refused and written to a log.
The commands must succeed and the log must stay empty.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import SMALL

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]

GUARD = '''
"""Refuse and record every non-loopback network attempt in this process."""
import ipaddress
import json
import os
import socket

LOG = os.environ["NET_GUARD_LOG"]


def _loopback(host):
    if host is None:
        return True  # getaddrinfo(None, port): the local wildcard, never a remote peer
    if isinstance(host, bytes):
        host = host.decode()
    host = str(host).strip("[]").split("%")[0]
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a name other than localhost would need DNS: not loopback


def _check(kind, address, family=None):
    if family == getattr(socket, "AF_UNIX", object()) or isinstance(address, (str, bytes)):
        return  # a Unix socket path
    host = address[0] if isinstance(address, tuple) else address
    if not _loopback(host):
        with open(LOG, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"call": kind, "address": repr(address)}) + "\\n")
        raise OSError(f"network use blocked by the offline test guard: {kind} {address!r}")


def install():
    cls = socket.socket
    connect, connect_ex, sendto = cls.connect, cls.connect_ex, cls.sendto
    create_connection, getaddrinfo = socket.create_connection, socket.getaddrinfo

    def guarded_connect(self, address):
        _check("connect", address, self.family)
        return connect(self, address)

    def guarded_connect_ex(self, address):
        _check("connect_ex", address, self.family)
        return connect_ex(self, address)

    def guarded_sendto(self, data, *args):
        _check("sendto", args[-1], self.family)
        return sendto(self, data, *args)

    def guarded_create_connection(address, *args, **kwargs):
        _check("create_connection", address)
        return create_connection(address, *args, **kwargs)

    def guarded_getaddrinfo(host, *args, **kwargs):
        _check("getaddrinfo", (host,))
        return getaddrinfo(host, *args, **kwargs)

    cls.connect, cls.connect_ex, cls.sendto = guarded_connect, guarded_connect_ex, guarded_sendto
    socket.create_connection = guarded_create_connection
    socket.getaddrinfo = guarded_getaddrinfo
'''

MEMLANE = "import guard; guard.install(); from agent.cli import main; main()"


class Guarded:
    """Runs Python code under the guard, offline, with a private MEMLANE_HOME."""

    def __init__(self, root: Path) -> None:
        self.dir = root / "guard"
        self.dir.mkdir()
        (self.dir / "guard.py").write_text(GUARD, encoding="utf-8")
        self.log = root / "net-attempts.jsonl"
        self.home = root / "home"
        self.db = root / "offline.duckdb"

    def env(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "MEMLANE_"))}
        path = [str(self.dir), str(ROOT), env.get("PYTHONPATH", "")]
        env |= {
            "PYTHONPATH": os.pathsep.join(p for p in path if p),
            "NET_GUARD_LOG": str(self.log),
            "MEMLANE_HOME": str(self.home),
        }
        # OpenMP threads that spin while waiting make each query ~50x slower on a busy machine.
        env.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        return env | (extra or {})

    def run(
        self, code: str, *args: str, stdin: str = "", env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", code, *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=self.env(env),
            cwd=str(ROOT),
            timeout=180,
        )

    def memlane(
        self, *args: str, stdin: str = "", env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        return self.run(MEMLANE, *args, "--db", str(self.db), stdin=stdin, env=env)

    def attempts(self) -> list[dict[str, str]]:
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text().splitlines()]


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Guarded:
    """A store ingested (and embedded) under the guard: the ingest is itself checked here."""
    g = Guarded(tmp_path_factory.mktemp("offline"))
    done = g.memlane("ingest", str(SMALL), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["embedded"] == 17  # message texts; chunks are pooled
    assert g.attempts() == [], "ingest tried to reach the network"
    return g


def test_ingest_is_offline(guarded: Guarded) -> None:
    assert guarded.db.exists()
    assert guarded.attempts() == []


@pytest.mark.parametrize(
    ("name", "args", "stdin", "env", "expect"),
    [
        ("search", ["search", "kyoto ryokan near Gion", "--json"], "", {}, '"route": "content"'),
        (
            "ask",
            ["ask", "what did we talk about on Tuesday?", "--now", "2024-03-14"],
            "",
            {},
            "On Tuesday 12 March 2024, Aki and Sam exchanged 4 messages",
        ),
        (
            "chat",
            ["chat", "--now", "2024-03-14T12:00"],
            "what did we talk about on Tuesday?\nwhat did she say?\n/quit\n",
            {},
            "[m12] [Tue 12 Mar 2024 18:40] Aki: We should visit Fushimi Inari",
        ),
        (
            # A configured endpoint and key, switched off: MEMLANE_OFFLINE must win.
            "ask-offline-flag",
            ["ask", "kyoto ryokan near Gion", "--json"],
            "",
            {
                "MEMLANE_OFFLINE": "1",
                "OPENAI_API_KEY": "sk-offline-test-key-0000",
                "OPENAI_BASE_URL": "http://198.51.100.7:9/v1",
            },
            '"mode": "offline"',
        ),
    ],
)
def test_command_opens_no_network_socket(
    guarded: Guarded, name: str, args: list[str], stdin: str, env: dict[str, str], expect: str
) -> None:
    done = guarded.memlane(*args, stdin=stdin, env=env)
    assert done.returncode == 0, done.stderr
    assert expect in done.stdout
    assert "Traceback" not in done.stderr
    assert guarded.attempts() == [], f"{name} tried to reach the network"


# -- the guard itself: it must catch what it claims to, and let loopback through ---------------

PROBES = {
    "connect": "import socket; socket.socket().connect(('203.0.113.9', 80))",
    "create_connection": "import socket; socket.create_connection(('203.0.113.9', 443), 1)",
    "getaddrinfo": "import socket; socket.getaddrinfo('example.com', 443)",
    "sendto": "import socket; socket.socket(type=socket.SOCK_DGRAM).sendto(b'x', ('8.8.8.8', 53))",
    "http": "import urllib.request; urllib.request.urlopen('http://example.com/', timeout=1)",
}


@pytest.mark.parametrize("name", sorted(PROBES))
def test_guard_blocks_and_records_remote_attempts(tmp_path: Path, name: str) -> None:
    g = Guarded(tmp_path)
    done = g.run("import guard; guard.install(); " + PROBES[name])
    assert done.returncode != 0
    assert "blocked by the offline test guard" in done.stderr
    assert len(g.attempts()) == 1


def test_guard_lets_loopback_through(tmp_path: Path) -> None:
    g = Guarded(tmp_path)
    code = (
        "import guard, socket; guard.install()\n"
        "server = socket.create_server(('127.0.0.1', 0))\n"
        "port = server.getsockname()[1]\n"
        "socket.create_connection(('127.0.0.1', port), 5).close()\n"
        "socket.create_connection(('localhost', port), 5).close()\n"
        "print('ok')\n"
    )
    done = g.run(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
    assert g.attempts() == []
