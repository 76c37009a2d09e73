"""Kojak for RL: the action universe and what a player's observation holds.

Seats are counted from the observer (slot 0 is the observer). The case's codes and
hide-out are never observed: the observer sees its own notebook (which buildings its
clues cleared, and the suspects left), the turntables as far as anyone has seen them
go past the front, and, in the advanced game, its own Contact Cards.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

import numpy as np

from sleuth.core import Action, GameState
from sleuth.core.actions import JSONValue
from sleuth.games.kojak.board import BUILDINGS, ROOMS, load_board
from sleuth.games.kojak.cards import ANY, load_cards
from sleuth.games.kojak.options import KojakOptions
from sleuth.games.kojak.state import (
    ARREST,
    BADGE,
    CARS,
    DRAW,
    END,
    JUMP,
    LEAVE,
    ROLL,
    STAY,
    TAKE,
    TURN,
    Kojak,
    drive_action,
    park_action,
    walk_action,
)
from sleuth.rl.base import Encoder, Observer, Vector, one_hot, register_encoder, relative, scaled

MAX_SEATS = 4
PHASES = ("setup", "turn", "drive", "hq", "radio", "command", "after", "over")
PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
BUILDING_INDEX = {building: i for i, building in enumerate(BUILDINGS)}
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
        self.action_index = {value: i for i, value in enumerate(self.action_values)}
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
        self.tables_part = slice(self.table_parts[0].start, self.table_parts[-1].stop)
        self.notebook_part = add(
            "notebook", 2 * b, "buildings the observer's clues cleared; buildings still suspect"
        )
        self.contacts_part = add(
            "contacts", b + 1, "advanced: the observer's Contact Cards by building (then any), /4"
        )
        self.piles_part = add("piles", 2 + len(self.action_values), PILES_ABOUT)
        self.solution_part = add("solution", b, "once out: the hide-out read in the book")

    def _universe(self) -> Iterable[Action]:
        # The engine's own ready-made actions: a legal action *is* its universe entry.
        yield from (park_action(lot) for lot in self.board.hq_lots)
        yield from (BADGE[building] for building in BUILDINGS)
        yield from (ROLL, DRAW, STAY, LEAVE, TAKE, ARREST, END)
        yield from (JUMP[room] for room in ROOMS)
        for building in BUILDINGS:
            for spaces in (1, 2):
                yield TURN[building, spaces]
        for car in CARS:
            for place in self.board.places:
                yield drive_action(car, place)
        yield from (walk_action(space) for space in self.hq)

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
        self._tables_key: tuple[tuple[Any, ...], ...] = ()
        self._tables_block = np.zeros(0, np.float32)

    def encode(self, view: Mapping[str, JSONValue]) -> Vector:
        """The reference: from the seat's JSON view."""
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
            self._table(out, part, table["out_front"], table["informers"], table["front"])
            self._seen(out, part, table["seen"])
        notebook = cast(dict[str, Any], view["notebook"])
        self._notebook(out, notebook["circled"], notebook["suspects"])
        self._contacts(out, cast(list[str], view.get("contacts", [])))
        piles = view.get("piles")
        if isinstance(piles, dict):
            self._piles(out, piles["action"], piles["contact"], piles["action_discards"])
        solution = view.get("solution")
        if isinstance(solution, dict):
            one_hot(out, enc.solution_part, BUILDINGS.index(solution["hideout"]))
        return out

    def encode_state(self, state: GameState) -> Vector:
        """The lean hook: the same vector from the public state and this seat's own notebook,
        Contact Cards and (once out) the solution it read."""
        game = cast(Kojak, state)
        enc = self.encoder
        out = np.zeros(enc.layout.size, np.float32)
        me, players = self.seat, enc.players
        nb = len(BUILDINGS)
        turn, to_move, advanced = game.turn, game.to_move, enc.options.advanced
        out[enc.seat_part.start + me] = 1.0
        out[enc.setup_part.start] = advanced
        out[enc.setup_part.start + 1] = enc.options.dice == 1
        out[enc.phase_part.start + PHASE_INDEX[turn.phase]] = 1.0
        if turn.dice:
            one_hot(out, enc.dice_part, sum(turn.dice) - 1)
        if turn.card is not None:
            out[enc.card_part.start + enc.action_index[turn.card]] = 1.0
        place_index = enc.place_index
        for p in game.seats:
            kojak, car, kojak_car, badge, informers, accused, stats = enc.piece_parts[
                (p.seat - me) % players
            ]
            out[kojak.start + (len(enc.hq) if p.kojak is None else enc.hq_index[p.kojak])] = 1.0
            out[car.start + (len(place_index) if p.car is None else place_index[p.car])] = 1.0
            out[kojak_car.start + place_index[p.kojak_car]] = 1.0
            out[badge.start + (nb if p.badge is None else BUILDING_INDEX[p.badge])] = 1.0
            for taken in p.taken:  # hung on the notebook for all to see
                out[informers.start + BUILDING_INDEX[taken]] = 1.0
            if p.accused is not None:
                out[accused.start + BUILDING_INDEX[p.accused]] = 1.0
            s = stats.start
            out[s] = 1.0
            out[s + 1] = p.out
            out[s + 2] = scaled(len(p.contacts), 8)  # how many: public; which: not
            out[s + 3] = scaled(p.turns, TURNS)
            out[s + 4] = turn.seat == p.seat
            out[s + 5] = to_move == p.seat
        out[enc.tables_part] = self._tables(game)
        mine = game.seats[me]
        circled = {game.case.clue(b).clears for b in mine.taken}  # its own informers' words
        self._notebook(out, circled, game.suspects(sorted(circled)))
        if advanced:
            self._contacts(out, mine.contacts)
            self._piles(out, len(game.action_pile), len(game.contact_pile), game.action_discards)
        if mine.out:  # it read the book
            out[enc.solution_part.start + BUILDING_INDEX[game.case.hideout]] = 1.0
        return out

    def _tables(self, game: Kojak) -> Vector:
        """The turntable parts, as far as anyone has seen them (a table's `seen`, its front and
        informer count, never its hidden `slots`): redone only when a table turned or lost
        an informer, which most actions do not."""
        tables = [game.turntables[building] for building in BUILDINGS]
        key = tuple((t.front, t.informers, t.out_front, *t.seen) for t in tables)
        if key != self._tables_key:
            enc = self.encoder
            block = np.zeros(enc.layout.size, np.float32)
            for part, table in zip(enc.table_parts, tables, strict=True):
                self._table(block, part, table.out_front, table.informers, table.front)
                self._seen(block, part, table.seen)
            self._tables_key, self._tables_block = key, block[enc.tables_part]
        return self._tables_block

    def _table(self, out: Vector, part: slice, out_front: bool, informers: int, front: int) -> None:
        s = part.start
        out[s] = out_front
        out[s + 1] = scaled(informers, self.encoder.players)
        if front < MAX_SLOTS:
            out[s + 2 + front] = 1.0

    def _seen(self, out: Vector, part: slice, seen: Sequence[bool | None]) -> None:
        """What everyone saw go past a turntable's front: an informer, or an empty slot."""
        s = part.start + 2
        for slot, what in enumerate(seen[:MAX_SLOTS]):
            if what is True:
                out[s + MAX_SLOTS + slot] = 1.0
            elif what is False:
                out[s + 2 * MAX_SLOTS + slot] = 1.0

    def _notebook(self, out: Vector, circled: Iterable[str], suspects: Iterable[str]) -> None:
        s = self.encoder.notebook_part.start
        for building in circled:
            out[s + BUILDING_INDEX[building]] = 1.0
        for building in suspects:
            out[s + len(BUILDINGS) + BUILDING_INDEX[building]] = 1.0

    def _contacts(self, out: Vector, contacts: Iterable[str]) -> None:
        """The seat's own Contact Cards by building (or "any"), a quarter each, at most 1."""
        counts = [0] * (len(BUILDINGS) + 1)
        for card in contacts:
            counts[len(BUILDINGS) if card == ANY else BUILDING_INDEX[card]] += 1
        s = self.encoder.contacts_part.start
        for k, count in enumerate(counts):
            if count:
                out[s + k] = scaled(count, 4)

    def _piles(self, out: Vector, actions: int, contacts: int, discards: Iterable[int]) -> None:
        """The advanced game's piles: how many cards are left, the Action Cards discarded."""
        enc = self.encoder
        s = enc.piles_part.start
        out[s] = scaled(actions, len(enc.cards.action))
        out[s + 1] = scaled(contacts, len(enc.cards.contact))
        counts = [0] * len(enc.action_values)
        for value in discards:
            counts[enc.action_index[int(value)]] += 1
        for k, count in enumerate(counts):
            if count:
                out[s + 2 + k] = scaled(count, 6)
