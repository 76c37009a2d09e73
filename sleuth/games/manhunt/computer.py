"""The Computer: three dials on one lever, loaded from data/computer.json.

The orange NUMBERED dial says how far a car moves, the yellow dial says ON
LINE or OFF LINE when a car stops on a destination, and the red dial says
BROADCAST or RECEIVE when two cars meet. One spin turns all three: each
pointer stops on one of its dial's equal segments, independently of the
others (decision C1), and the situation decides which reading counts.

    >>> from sleuth.core import Rng
    >>> computer = load_computer()
    >>> spin = computer.spin(Rng(3))
    >>> spin.number in computer.numbered.faces and spin.line in ("ON LINE", "OFF LINE")
    True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Generic, TypeVar

from sleuth.core import Rng

ON_LINE, OFF_LINE = "ON LINE", "OFF LINE"
BROADCAST, RECEIVE = "BROADCAST", "RECEIVE"
SEGMENTS = 12
MAX_NUMBER = 12

Face = TypeVar("Face", int, str)


class ComputerError(ValueError):
    """The Computer's data file (or a custom dial) is inconsistent."""


@dataclass(frozen=True, slots=True)
class Dial(Generic[Face]):
    name: str
    colour: str
    faces: tuple[Face, ...]

    def chance(self, face: Face) -> float:
        return self.faces.count(face) / len(self.faces)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "colour": self.colour, "faces": list(self.faces)}


@dataclass(frozen=True, slots=True)
class Spin:
    """Where the three pointers stopped: one reading on every dial."""

    number: int
    line: str
    signal: str

    @property
    def on_line(self) -> bool:
        return self.line == ON_LINE

    @property
    def receive(self) -> bool:
        return self.signal == RECEIVE

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "line": self.line, "signal": self.signal}


@dataclass(frozen=True)
class Computer:
    numbered: Dial[int]
    line: Dial[str]
    signal: Dial[str]

    def spin(self, rng: Rng) -> Spin:
        """Lever ON, then OFF: all three pointers turn and stop (MH-COMPUTER-02)."""
        return Spin(
            rng.choice(self.numbered.faces),
            rng.choice(self.line.faces),
            rng.choice(self.signal.faces),
        )

    @property
    def faces(self) -> tuple[int, ...]:
        return self.numbered.faces

    def to_json(self) -> dict[str, Any]:
        return {
            "numbered": self.numbered.to_json(),
            "line": self.line.to_json(),
            "signal": self.signal.to_json(),
        }

    def with_odds(self, numbered: str, on_line: int, receive: int) -> Computer:
        """This Computer with other faces: `numbered` ("" keeps the printed dial) and the
        number of the yellow and red dials' 12 segments that read ON LINE and RECEIVE."""
        faces = self.numbered.faces if not numbered else parse_numbered(numbered)
        line = self.line.faces
        if on_line != line.count(ON_LINE):
            line = (ON_LINE,) * on_line + (OFF_LINE,) * (SEGMENTS - on_line)
        signal = self.signal.faces
        if receive != signal.count(RECEIVE):
            signal = (RECEIVE,) * receive + (BROADCAST,) * (SEGMENTS - receive)
        return Computer(
            Dial(self.numbered.name, self.numbered.colour, faces),
            Dial(self.line.name, self.line.colour, line),
            Dial(self.signal.name, self.signal.colour, signal),
        )


def parse_numbered(text: str) -> tuple[int, ...]:
    """A NUMBERED dial written as its faces, e.g. "1 2 3 4 5 6"."""
    try:
        faces = tuple(int(word) for word in text.replace(",", " ").split())
    except ValueError:
        raise ComputerError(f"a NUMBERED dial is whole numbers, not {text!r}") from None
    if not faces or len(faces) > 36:
        raise ComputerError("a NUMBERED dial has 1 to 36 segments")
    if any(not 1 <= f <= MAX_NUMBER for f in faces):
        raise ComputerError(f"each NUMBERED face is 1 to {MAX_NUMBER}")
    return faces


def parse_computer(data: Any) -> Computer:
    numbered = Dial("NUMBERED", str(data["numbered"]["colour"]), parse_numbered(
        " ".join(str(f) for f in data["numbered"]["faces"])
    ))  # fmt: skip
    line: Dial[str] = Dial("ON LINE - OFF LINE", str(data["line"]["colour"]),
                           tuple(str(f) for f in data["line"]["faces"]))  # fmt: skip
    signal: Dial[str] = Dial("BROADCAST - RECEIVE", str(data["signal"]["colour"]),
                             tuple(str(f) for f in data["signal"]["faces"]))  # fmt: skip
    for dial, readings in ((line, (ON_LINE, OFF_LINE)), (signal, (BROADCAST, RECEIVE))):
        if len(dial.faces) != SEGMENTS or set(dial.faces) != set(readings):
            raise ComputerError(
                f"the {dial.name} dial has {SEGMENTS} segments showing both readings"
            )
    if len(numbered.faces) != SEGMENTS:
        raise ComputerError(f"the NUMBERED dial has {SEGMENTS} segments")
    return Computer(numbered, line, signal)


@cache
def load_computer() -> Computer:
    text = resources.files("sleuth.games.manhunt").joinpath("data/computer.json").read_text()
    return parse_computer(json.loads(text))
