"""`python -m sleuth serve` in a subprocess: shared by the server and the browser tests."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`sleuth serve` in a subprocess on a free port, on a database file (or URL)."""

    def __init__(self, database: Path | str, args: Sequence[str] = ()) -> None:
        self.database = database
        self.args = list(args)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sleuth", "serve", "--port", str(self.port),
             "--db", str(self.database), "--bot-delay", "0", *self.args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/api/games", timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None:
                    err = self.process.stderr.read().decode() if self.process.stderr else ""
                    raise RuntimeError(f"server died: {err}") from None
                time.sleep(0.01)  # a refused connect costs nothing: every start waits less
        raise RuntimeError("server did not start in 30 s")

    def kill(self) -> None:
        """Stop it hard, as a crash would."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.process and self.process.stderr:
            self.process.stderr.close()
