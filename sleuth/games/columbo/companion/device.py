"""The lawn as an open board of numbered places, for a real Columbo table.

Players lay and pick up their cards by hand, and mark here where each lies,
in places counted from 1. A card laid face down is only "a card" here: the
tracker never learns what it is, so remembering it stays the players' game
(CO-LAWN-02). A card turned face up for all to see may be named, since
everyone saw it. No place holds two cards (CO-LAWN-01). Every seat sees the
same board: there is nothing secret in it.

    >>> lawn = LawnTracker({"players": 2, "places": 12})
    >>> lawn.apply(0, {"type": "lay", "place": 3})
    {'type': 'lay', 'place': 3}
    >>> lawn.view(1)["places"][2]
    {'place': 3, 'face': 'down', 'card': None}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sleuth.core.companion import Refused
from sleuth.games.columbo.cards import load_pack

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MIN_PLACES, MAX_PLACES = 6, 60  # the pack is 60 cards: never more lawn cards than that
ACTIONS = {
    "lay": {"type", "place"},  # face down: the tracker never knows the card
    "show": {"type", "place", "card"},  # a card lying here turned (or laid) face up, named
    "hide": {"type", "place"},  # a face-up card turned face down again
    "pick": {"type", "place"},
}


class LawnTracker:
    """The lawn's numbered places, each empty, a face-down card, or a named face-up card."""

    def __init__(self, settings: Mapping[str, Any]) -> None:
        players, places = int(settings["players"]), int(settings["places"])
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Columbo is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if not MIN_PLACES <= places <= MAX_PLACES:
            raise ValueError(f"the lawn has {MIN_PLACES} to {MAX_PLACES} places, not {places}")
        self.seats = players
        self.names = {card.name for card in load_pack().cards}
        self.places: list[dict[str, Any] | None] = [None] * places  # index = place - 1
        self.log: list[dict[str, Any]] = []

    def apply(self, seat: int, action: Mapping[str, Any]) -> dict[str, Any]:
        kind = action.get("type")
        if kind not in ACTIONS or set(action) != ACTIONS[str(kind)]:
            raise Refused(f"an action is one of {', '.join(ACTIONS)}, with its fields",
                          malformed=True)  # fmt: skip
        place = action["place"]
        if not isinstance(place, int) or not 1 <= place <= len(self.places):
            raise Refused(f"the places are 1 to {len(self.places)}, not {place!r}", malformed=True)
        here = self.places[place - 1]
        if kind == "lay":
            if here is not None:
                raise Refused(f"place {place} already holds a card: lay it somewhere else")
            self.places[place - 1] = {"face": "down", "card": None}
        elif kind == "show":
            card = action["card"]
            if card not in self.names:
                raise Refused(f"there is no card {card!r} in the pack", malformed=True)
            self.places[place - 1] = {"face": "up", "card": card}  # laid or turned face up
        elif here is None:
            raise Refused(f"place {place} is empty")
        elif kind == "hide":
            self.places[place - 1] = {"face": "down", "card": None}  # and forgotten
        else:
            self.places[place - 1] = None
        self.log.append({"seat": seat, "event": kind, "place": place,
                         **({"card": action["card"]} if kind == "show" else {})})  # fmt: skip
        return dict(action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "places": [
                {"place": n, "face": p["face"] if p else None, "card": p["card"] if p else None}
                for n, p in enumerate(self.places, start=1)
            ],
            "cards": sorted(self.names),
            "log": self.log[-20:],
            "mine": None,  # nothing is any one player's
        }
