"""Values a command line gives, checked by argparse and shown by the help's layout: numbers
within limits, on/off switches, repeatable options."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Bounded:
    """A number type with limits (`--port`, 1 to 65535): argparse checks it, help shows it."""

    kind: type[int] | type[float]
    low: float | None = None
    high: float | None = None

    def __call__(self, text: str) -> int | float:
        try:
            value = self.kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a valid {self.kind.__name__}"
            ) from None
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            raise argparse.ArgumentTypeError(f"{text} is not in the range {self.range}")
        return value

    @property
    def range(self) -> str:
        """As Typer showed it: `1<=x<=65535`, `x>=0.0`."""
        if self.high is None:
            return f"x>={self.kind(self.low or 0)}"
        low = "" if self.low is None else f"{self.kind(self.low)}<="
        return f"{low}x<={self.kind(self.high)}"


class OnOff(argparse.BooleanOptionalAction):
    """`--x/--no-x`, its default shown by the shared layout (`[default: no-x]`), not by
    argparse's own " (default: False)"."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kw: Any) -> None:
        words = kw.pop("help", None)
        super().__init__(option_strings, dest, **kw)
        self.help = words


def repeatable(parser: argparse.ArgumentParser, *names: str, **kw: Any) -> None:
    """An option that may be given many times, each value kept in order (none: [])."""
    parser.add_argument(*names, action="append", default=[], **kw)
