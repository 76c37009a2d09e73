"""Kojak for RL: the action universe and what a player's observation holds.

Seats are counted from the observer (slot 0 is the observer). The case's codes and
hide-out are never observed: the observer sees its own notebook (which buildings its
clues cleared, and the suspects left), the turntables as far as anyone has seen them
go past the front, and, in the advanced game, its own Contact Cards.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable, Mapping
from typing import Any, cast

import numpy as np

from sleuth.core import Action
from sleuth.core.actions import JSONValue
from sleuth.games.kojak.board import BUILDINGS, ROOMS, load_board
from sleuth.games.kojak.cards import ANY, load_cards
from sleuth.games.kojak.options import KojakOptions
from sleuth.games.kojak.state import ARREST, CARS, DRAW, END, LEAVE, ROLL, STAY, TAKE
from sleuth.rl.base import Encoder, Observer, Vector, one_hot, register_encoder, relative, scaled

MAX_SEATS = 4
PHASES = ("setup", "turn", "drive", "hq", "radio", "command", "after", "over")
MAX_TOTAL = 12
MAX_SLOTS = 8
TURNS = 50  # turns begun, scaled (clipped beyond)
SVG_MODULE = "sleuth.games.kojak.svg"
TABLE_ABOUT = (
    "its turntable: informer out front, informers/players, front slot one-hot, each slot seen "
    "with an informer, each slot seen empty"
)
PILES_ABOUT = "advanced: Action pile/24, Contact pile/40, discarded Action Cards by value, /6"


@register_encoder
class KojakEncoder(Encoder):
    game = "kojak"
    options: KojakOptions

    def __init__(self, players: int, options: Any) -> None:
        self.board = load_board()
        self.cards = load_cards()
        self.hq = tuple(self.board.hq)
        self.hq_index = {h: i for i, h in enumerate(self.hq)}
        self.place_index = {p: i for i, p in enumerate(self.board.places)}
        self.action_values = tuple(sorted(set(self.cards.action)))
        super().__init__(players, options)
        places, hq, b = len(self.board.places), len(self.hq), len(BUILDINGS)
        add = self.layout.add
        self.seat_part = add("seat", MAX_SEATS, "the observer's seat number, one-hot")
        self.setup_part = add("setup", 2, "advanced game, one die")
        self.phase_part = add("phase", len(PHASES), "the turn's phase: " + ", ".join(PHASES))
        self.dice_part = add("dice", MAX_TOTAL, "the roll's total 1-12, one-hot")
        self.card_part = add(
            "action_card", len(self.action_values), "the Action Card drawn this turn, one-hot"
        )
        self.piece_parts = [
            (
                add(f"p{k}.kojak", hq + 1, "Kojak's pawn by Headquarters space, or left HQ"),
                add(f"p{k}.car", places + 1, "the Detective's car by place, or not parked"),
                add(f"p{k}.kojak_car", places, "Kojak's car by place"),
                add(f"p{k}.badge", b + 1, "the Badge's building, or none yet"),
                add(f"p{k}.informers", b, "buildings whose informer it holds"),
                add(f"p{k}.accused", b, "the building of its wrong arrest"),
                add(f"p{k}.stats", 6, "present, out, contacts/8, turns/50, whose turn, to move"),
            )
            for k in range(MAX_SEATS)
        ]
        self.table_parts = [
            add(f"table.{name}", 2 + 3 * MAX_SLOTS, TABLE_ABOUT) for name in BUILDINGS
        ]
        self.notebook_part = add(
            "notebook", 2 * b, "buildings the observer's clues cleared; buildings still suspect"
        )
        self.contacts_part = add(
            "contacts", b + 1, "advanced: the observer's Contact Cards by building (then any), /4"
        )
        self.piles_part = add("piles", 2 + len(self.action_values), PILES_ABOUT)
        self.solution_part = add("solution", b, "once out: the hide-out read in the book")

    def _universe(self) -> Iterable[Action]:
        for lot in self.board.hq_lots:
            yield Action.of("park", lot=lot)
        for building in BUILDINGS:
            yield Action.of("badge", building=building)
        yield from (ROLL, DRAW, STAY, LEAVE, TAKE, ARREST, END)
        for room in ROOMS:
            yield Action.of("jump", room=room)
        for building in BUILDINGS:
            for spaces in (1, 2):
                yield Action.of("turn", building=building, spaces=spaces)
        for car in CARS:
            for place in self.board.places:
                yield Action.of("drive", car=car, to=place)
        for space in self.hq:
            yield Action.of("walk", to=space)

    def observer(self, seat: int) -> Observer:
        return KojakObserver(self, seat)

    def draws(self) -> bool:
        return importlib.util.find_spec(SVG_MODULE) is not None

    def svg(self, view: Mapping[str, JSONValue]) -> str | None:
        if not self.draws():
            return None
        drawing: Any = importlib.import_module(SVG_MODULE)  # the board picture, where present
        return str(drawing.board_svg(self.board, view=view))


class KojakObserver(Observer):
    def __init__(self, encoder: KojakEncoder, seat: int) -> None:
        super().__init__(seat)
        self.encoder = encoder

    def encode(self, view: Mapping[str, JSONValue]) -> Vector:
        enc = self.encoder
        out = np.zeros(enc.layout.size, np.float32)
        me, players = self.seat, enc.players
        nb = len(BUILDINGS)
        one_hot(out, enc.seat_part, me)
        out[enc.setup_part.start] = float(view["version"] == "advanced")
        out[enc.setup_part.start + 1] = float(enc.options.dice == 1)
        one_hot(out, enc.phase_part, PHASES.index(str(view["phase"])))
        dice = view["dice"]
        if isinstance(dice, list):
            one_hot(out, enc.dice_part, sum(dice) - 1)
        if view["action_card"] is not None:
            one_hot(out, enc.card_part, enc.action_values.index(int(view["action_card"])))
        for piece in cast(list[dict[str, Any]], view["pieces"]):
            kojak, car, kojak_car, badge, informers, accused, stats = enc.piece_parts[
                relative(int(piece["seat"]), me, players)
            ]
            at = piece["kojak"]
            one_hot(out, kojak, len(enc.hq) if at is None else enc.hq_index[at])
            cars = piece["cars"]
            home = cars["detective"]
            one_hot(out, car, len(enc.place_index) if home is None else enc.place_index[home])
            one_hot(out, kojak_car, enc.place_index[cars["kojak"]])
            b = piece["badge"]
            one_hot(out, badge, nb if b is None else BUILDINGS.index(b))
            for taken in piece["informers"]:
                one_hot(out, informers, BUILDINGS.index(taken))
            if piece["accused"] is not None:
                one_hot(out, accused, BUILDINGS.index(piece["accused"]))
            s = stats.start
            out[s] = 1.0
            out[s + 1] = float(bool(piece["out"]))
            out[s + 2] = scaled(piece["contacts"], 8)
            out[s + 3] = scaled(piece["turns"], TURNS)
            out[s + 4] = float(view["turn"] == piece["seat"])
            out[s + 5] = float(view["to_move"] == piece["seat"])
        tables = cast(dict[str, dict[str, Any]], view["turntables"])
        for part, building in zip(enc.table_parts, BUILDINGS, strict=True):
            table = tables[building]
            s = part.start
            out[s] = float(bool(table["out_front"]))
            out[s + 1] = scaled(table["informers"], players)
            if table["front"] < MAX_SLOTS:
                out[s + 2 + table["front"]] = 1.0
            for slot, seen in enumerate(table["seen"][:MAX_SLOTS]):
                if seen is True:
                    out[s + 2 + MAX_SLOTS + slot] = 1.0
                elif seen is False:
                    out[s + 2 + 2 * MAX_SLOTS + slot] = 1.0
        notebook = cast(dict[str, Any], view["notebook"])
        for building in notebook["circled"]:
            out[enc.notebook_part.start + BUILDINGS.index(building)] = 1.0
        for building in notebook["suspects"]:
            out[enc.notebook_part.start + nb + BUILDINGS.index(building)] = 1.0
        for card in cast(list[str], view.get("contacts", [])):
            k = nb if card == ANY else BUILDINGS.index(card)
            out[enc.contacts_part.start + k] = min(out[enc.contacts_part.start + k] + 0.25, 1.0)
        piles = view.get("piles")
        if isinstance(piles, dict):
            s = enc.piles_part.start
            out[s] = scaled(piles["action"], len(enc.cards.action))
            out[s + 1] = scaled(piles["contact"], len(enc.cards.contact))
            for value in piles["action_discards"]:
                k = s + 2 + enc.action_values.index(int(value))
                out[k] = min(out[k] + 1 / 6, 1.0)
        solution = view.get("solution")
        if isinstance(solution, dict):
            one_hot(out, enc.solution_part, BUILDINGS.index(solution["hideout"]))
        return out
