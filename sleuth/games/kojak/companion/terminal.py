"""Kojak's companion in the terminal: the informers' codes and the Solution Book, typed.

`take BUILDING` when a player took an informer there (only he reads its code and
statement), `arrest BUILDING` to check the Solution Book (KJ-WIN-02 to 04). A
building is named by its id or the start of its name ("bus", "Hot").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sleuth.core.companion import Refused, TerminalFace
from sleuth.games.kojak.companion.api import SPEC


def _building(word: str, view: Mapping[str, Any]) -> str:
    word = word.strip().lower()
    for b in view["buildings"]:
        if word and (word == b["id"] or b["name"].lower().startswith(word)):
            return str(b["id"])
    names = ", ".join(b["id"] for b in view["buildings"])
    raise Refused(f"which building? one of {names}, not {word!r}", malformed=True)


def parse(line: str, view: Mapping[str, Any]) -> dict[str, Any]:
    if line.strip().lower() == "computer":  # Kojak reached the Computer Room
        return {"type": "computer"}
    words = line.split(maxsplit=1)
    if len(words) != 2 or words[0].lower() not in ("take", "arrest"):
        raise Refused("type take BUILDING or arrest BUILDING", malformed=True)
    return {"type": words[0].lower(), "building": _building(words[1], view)}


def _names(view: Mapping[str, Any]) -> dict[str, str]:
    return {b["id"]: b["name"] for b in view["buildings"]}


def the_game(view: Mapping[str, Any]) -> str:
    """Which game the table plays, on the cover too: its number is no secret (everyone sets
    out that game's informer set, KJ-INFORMER-03); its codes and hide-out are."""
    return (
        f"Game {view['game']} · informer set {view['informer_set']} · "
        f"{view['conditions']} conditions to take an informer"
    )


COMMANDS = "take BUILDING (an informer you took) · arrest BUILDING (check the book)"


def commands(view: Mapping[str, Any]) -> str:
    """The commands of this session: `computer` only where it counts Contact Cards."""
    extra = " · computer (Kojak reached the Computer Room)" if view["counts_contacts"] else ""
    return COMMANDS + extra


def seat_text(view: Mapping[str, Any], result: Mapping[str, Any] | None) -> str:
    names = _names(view)
    mine = view["mine"]
    lines = [the_game(view)]
    if result and result.get("type") == "clue":
        lines += ["", f"You took the {result['colour']} informer at the "
                  f"{names[result['building']]}: code {result['code']}.",
                  f"  {result['statement']}"]  # fmt: skip
    elif result and result.get("type") == "arrest":
        where = names[result["building"]]
        lines += ["", f"Right: the criminal was in the {where}. You win!" if result["right"]
                  else f"Wrong: not the {where}. You are out; the book says the "
                  f"{names[result['hideout']]}. Keep it to yourself."]  # fmt: skip
    elif result and result.get("type") == "computer":
        lines += ["", f"The Computer Room: you draw {result['drew']} Contact Cards."]
    lines += ["", "Your informers:"]
    for clue in mine["clues"]:
        lines.append(f"  {names[clue['building']]} ({clue['colour']}): {clue['code']}"
                     f" · {clue['statement']}")  # fmt: skip
    if not mine["clues"]:
        lines.append("  none yet")
    if mine["cleared"]:
        lines.append("Cleared: " + ", ".join(names[b] for b in mine["cleared"]))
    if mine["guess"]:
        lines.append(f"Your arrest at the {names[mine['guess']]} was wrong; "
                     f"the book says the {names[mine['hideout']]}.")  # fmt: skip
    return "\n".join(lines)


def table_text(view: Mapping[str, Any], name_of: Callable[[int], str]) -> str:
    names = _names(view)
    lines = []
    for player in view["players"]:
        taken = ", ".join(names[b] for b in player["taken"]) or "no informer yet"
        out = " · OUT" if player["out"] else ""
        held = player.get("contacts")
        contacts = f" · {held} Contact Card{'s' if held != 1 else ''}" if held is not None else ""
        lines.append(f"{name_of(player['seat'])}: {taken}{contacts}{out}")
    if view["winner"] is not None:
        lines.append(f"{name_of(view['winner'])} arrested the criminal in the "
                     f"{names[view['hideout']]}.")  # fmt: skip
    elif view["over"]:
        lines.append(f"Everyone is out: the criminal hid in the {names[view['hideout']]}.")
    return "\n".join(lines)


TERMINAL = TerminalFace(
    spec=SPEC,
    commands=COMMANDS,
    defaults={"game": 1, "version": "fast"},
    parse=parse,
    seat_text=seat_text,
    table_text=table_text,
    session_commands=commands,
    cover_text=the_game,
)
