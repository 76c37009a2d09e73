"""Running the `sleuth` command inside a test: `sleuth.cli.main` called directly, what it
writes captured and, where a test gives it, standard input fed (never a terminal)."""

from __future__ import annotations

import contextlib
import io
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Ran:
    exit_code: int
    stdout: str
    stderr: str
    output: str  # both, in the order written


class _Both(io.StringIO):
    """One stream's text, also written to the output both streams share."""

    def __init__(self, shared: io.StringIO) -> None:
        super().__init__()
        self.shared = shared

    def write(self, text: str) -> int:
        self.shared.write(text)
        return super().write(text)


def run_sleuth(*args: str, input: str = "") -> Ran:
    """`sleuth ARGS...` run in this process: its exit status and what it wrote."""
    from sleuth.cli import main

    shared = io.StringIO()
    out, err = _Both(shared), _Both(shared)
    stdin, sys.stdin = sys.stdin, io.StringIO(input)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exit:
                code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
    finally:
        sys.stdin = stdin
    return Ran(code, out.getvalue(), err.getvalue(), shared.getvalue())
