"""Manhunt's companion in the terminal: the Computer and the Clue Scanner, typed.

`spin move|destination|meet` pulls the Computer's lever (the table sees the dials),
`probe ROW` puts the Scanner Card in at a row (only the seat reads the hole),
`show ROW to SEAT` shows one Clue Sheet entry to the seat that asked (seats counted
from 1 as on the screen), `accuse SUSPECT` ("R7") checks the card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sleuth.core.companion import Refused, TerminalFace
from sleuth.games.manhunt.companion.api import SPEC

USAGE = "type spin move|destination|meet, probe ROW, show ROW to SEAT or accuse SUSPECT"


def _number(word: str) -> int:
    if not word.isdigit():
        raise Refused(f"{word!r} is not a number: {USAGE}", malformed=True)
    return int(word)


def parse(line: str, view: Mapping[str, Any]) -> dict[str, Any]:
    words = line.lower().split()
    match words:
        case ["spin", reading]:
            return {"type": "spin", "reading": reading}
        case ["probe", row]:
            return {"type": "probe", "row": _number(row)}
        case ["show", row, "to", seat] | ["show", row, seat]:
            return {"type": "show", "row": _number(row), "to": _number(seat) - 1}
        case ["accuse", suspect]:
            return {"type": "accuse", "suspect": suspect.upper()}
    raise Refused(USAGE, malformed=True)


def _spin(spin: Mapping[str, Any]) -> str:
    return (
        f"NUMBERED {spin['number']} · {spin['line']} · {spin['signal']} (read: {spin['reading']})"
    )


def seat_text(view: Mapping[str, Any], result: Mapping[str, Any] | None) -> str:
    mine = view["mine"]
    sheet = mine["sheet"]
    lines = [f"{view['crime']['name']} · your Clue Sheet"]
    if result and result.get("type") == "probe":
        lines += ["", f"{result['place']}: hole {result['hole']}, {result['topic']}: "
                  f"{result['clue']}"]  # fmt: skip
    elif result and result.get("type") == "accuse":
        lines += ["", f"Right: {result['suspect']} did it. You win!" if result["right"]
                  else f"Wrong: not {result['suspect']}. You are out; the card names "
                  f"{result['culprit']['number']} {result['culprit']['name']}. "
                  "Keep it to yourself."]  # fmt: skip
    lines.append("")
    for row in sheet["rows"]:
        found = f"{row['hole']} {row['clue']}" if row["hole"] else "·"
        lines.append(f"  {row['row']} {view['places'][row['row']]:<18} {row['topic']:<14} {found}")
    # every one of them, wrapped by the screen: a list cut after 12 hid who is left
    lines.append(f"Suspects left: {len(sheet['remaining'])}: " + " ".join(sheet["remaining"]))
    if mine["culprit"]:
        lines.append(f"The culprit: {mine['culprit']['number']} {mine['culprit']['name']}")
    return "\n".join(lines)


def table_text(view: Mapping[str, Any], name_of: Callable[[int], str]) -> str:
    lines = []
    if view["last_spin"]:
        lines.append(f"Computer, for {name_of(view['last_spin']['seat'])}: "
                     + _spin(view["last_spin"]))  # fmt: skip
    for player in view["players"]:
        rows = ", ".join(str(r) for r in player["rows"]) or "none"
        lines.append(
            f"{name_of(player['seat'])}: rows {rows}" + (" · OUT" if player["out"] else "")
        )
    if view["over"] and view["culprit"]:
        who = f"{name_of(view['winner'])} solved it" if view["winner"] is not None else "All out"
        lines.append(f"{who}: {view['culprit']['number']} {view['culprit']['name']}.")
    return "\n".join(lines)


TERMINAL = TerminalFace(
    spec=SPEC,
    commands="spin move|destination|meet · probe ROW · show ROW to SEAT · accuse SUSPECT",
    defaults={"crime": "robbery"},
    parse=parse,
    seat_text=seat_text,
    table_text=table_text,
)
