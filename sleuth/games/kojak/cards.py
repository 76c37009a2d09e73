"""The advanced game's Action Cards and Contact Cards, loaded from data/cards.json."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from sleuth.games.kojak.board import BUILDINGS

ANY = "any"  # a Contact Card good at every building


class CardsError(ValueError):
    """The card data file is inconsistent."""


@dataclass(frozen=True)
class Cards:
    action: tuple[int, ...]  # one entry per card: spaces Kojak moves
    contact: tuple[str, ...]  # one entry per card: a building id, or "any"
    dealt: int  # Contact Cards dealt to each player (KJ-ADVANCED-03)
    from_computer_room: int  # Contact Cards taken at the Computer Room (KJ-ADVANCED-14)

    def action_odds(self) -> dict[int, float]:
        """How often each Action Card value turns up in a fresh pile."""
        return {v: self.action.count(v) / len(self.action) for v in sorted(set(self.action))}


def parse_cards(data: Any) -> Cards:
    try:
        action = tuple(
            int(value) for value, n in data["action_cards"]["counts"].items() for _ in range(n)
        )
        contact_data = data["contact_cards"]
        contact = tuple(kind for kind, n in contact_data["counts"].items() for _ in range(n))
        dealt, drawn = int(contact_data["dealt"]), int(contact_data["from_computer_room"])
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise CardsError(f"card data is malformed: {err!r}") from err
    if not action or min(action) < 1:
        raise CardsError("every Action Card moves Kojak at least one space")
    unknown = set(contact) - {*BUILDINGS, ANY}
    if unknown:
        raise CardsError(f"Contact Cards name unknown buildings: {sorted(unknown)}")
    if dealt != 4 or drawn != 2:
        raise CardsError("the rulebook deals 4 Contact Cards and the Computer Room gives 2")
    if len(contact) < 4 * dealt + drawn:
        raise CardsError("there are too few Contact Cards to deal four players and draw")
    return Cards(action, contact, dealt, drawn)


@cache
def load_cards() -> Cards:
    text = resources.files("sleuth.games.kojak").joinpath("data/cards.json").read_text()
    return parse_cards(json.loads(text))
