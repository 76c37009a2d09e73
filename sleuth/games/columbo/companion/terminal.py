"""Columbo's lawn tracker in the terminal: numbered places, open to all (CO-LAWN-01, 02).

`lay PLACE` (face down: never named), `show PLACE CARD` (face up, named),
`hide PLACE`, `pick PLACE`. Nothing is secret, so there is no cover.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sleuth.core.companion import Refused, TerminalFace
from sleuth.games.columbo.companion.api import SPEC

USAGE = "type lay PLACE, show PLACE CARD, hide PLACE or pick PLACE"


def parse(line: str, view: Mapping[str, Any]) -> dict[str, Any]:
    words = line.split(maxsplit=2)
    if len(words) < 2 or not words[1].isdigit():
        raise Refused(USAGE, malformed=True)
    kind, place = words[0].lower(), int(words[1])
    if kind == "show" and len(words) == 3:
        wanted = words[2].strip().lower()
        card = next((c for c in view["cards"] if c.lower() == wanted), words[2].strip())
        return {"type": "show", "place": place, "card": card}
    if kind in ("lay", "hide", "pick") and len(words) == 2:
        return {"type": kind, "place": place}
    raise Refused(USAGE, malformed=True)


def seat_text(view: Mapping[str, Any], result: Mapping[str, Any] | None) -> str:
    cells = []
    for p in view["places"]:
        what = "·" if p["face"] is None else "card" if p["face"] == "down" else p["card"]
        cells.append(f"{p['place']:>2} {what}")
    return "The lawn\n" + "\n".join("   ".join(cells[i : i + 4]) for i in range(0, len(cells), 4))


def table_text(view: Mapping[str, Any], name_of: Callable[[int], str]) -> str:
    words = {
        "lay": "laid a card face down at",
        "show": "showed {card} at",
        "hide": "turned face down the card at",
        "pick": "picked up the card at",
    }
    return "\n".join(
        f"{name_of(e['seat'])} {words[e['event']].format(card=e.get('card'))} place {e['place']}"
        for e in view["log"][-6:]
    )


TERMINAL = TerminalFace(
    spec=SPEC,
    commands="lay PLACE · show PLACE CARD · hide PLACE · pick PLACE",
    defaults={"places": 24},
    parse=parse,
    seat_text=seat_text,
    table_text=table_text,
    open=True,
)
