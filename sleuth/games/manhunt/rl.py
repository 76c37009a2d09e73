"""Manhunt for RL: the action universe and what a detective's observation holds.

Seats are counted from the observer (slot 0 is the observer). The Scanner Card is
never observed: the observer sees its own Handbook (the rows its side has learned),
the suspects those rows leave (worked out from the printed records, as the Clue
Sheet's elimination aid does), and of the other sides only which rows they hold.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

import numpy as np

from sleuth.core import Action, GameState
from sleuth.core.actions import JSONValue
from sleuth.games.manhunt.board import load_board
from sleuth.games.manhunt.cases import CRIMES, LETTERS, ROWS, case_book
from sleuth.games.manhunt.computer import MAX_NUMBER, ON_LINE, RECEIVE
from sleuth.games.manhunt.handbook import FLAPS
from sleuth.games.manhunt.options import ManhuntOptions
from sleuth.games.manhunt.state import (
    ASKS,
    END,
    NO_CALL,
    SPIN,
    Manhunt,
    accuse_actions,
    move_actions,
    place_actions,
    seat_action,
)
from sleuth.rl.base import Encoder, Observer, Vector, one_hot, register_encoder, relative

MAX_SEATS = 6
PHASES = ("place", "start", "move", "meet", "badge", "spin", "ask", "solve", "over")
PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
READS = ("numbered", "line", "signal")
SPIN_ABOUT = (
    "the last spin: present, number one-hot, ON LINE, RECEIVE, dials read (numbered, line, "
    "signal), the spinner's relative seat one-hot"
)
EXCHANGE_ABOUT = "an exchange under way: present; partner, asker, asked (relative seats) one-hot"
CAR_STATS = (
    "present, off the board, waiting OFF LINE, on the observer's side, whose turn, to move, "
    "its side out; rows 1-8 its side holds; next Scene of Crime (1, 2, none) one-hot"
)


@register_encoder
class ManhuntEncoder(Encoder):
    game = "manhunt"
    options: ManhuntOptions

    def __init__(self, players: int, options: Any) -> None:
        self.board = load_board()
        self.crime = case_book(options.case_set).crime(options.crime)
        self.space_index = {s.id: s.index for s in self.board.spaces}
        self.suspect_index = {s.number: i for i, s in enumerate(self.crime.suspects)}
        self._left: dict[tuple[tuple[int, str], ...], Vector] = {}
        super().__init__(players, options)
        spaces, suspects = len(self.board.spaces), len(self.crime.suspects)
        add = self.layout.add
        self.seat_part = add("seat", MAX_SEATS, "the observer's seat number, one-hot")
        self.setup_part = add("setup", 1 + len(CRIMES), "partners; the crime, one-hot")
        self.phase_part = add("phase", len(PHASES), "the turn's phase: " + ", ".join(PHASES))
        self.number_part = add("number", MAX_NUMBER, "the NUMBERED reading to move, one-hot")
        self.spin_part = add("spin", 1 + MAX_NUMBER + 2 + len(READS) + MAX_SEATS, SPIN_ABOUT)
        self.exchange_part = add("exchange", 1 + 3 * MAX_SEATS, EXCHANGE_ABOUT)
        self.car_parts = [
            (
                add(f"car{k}.space", spaces, "where the car stands, one-hot by board space"),
                add(f"car{k}.stats", 7 + ROWS + 3, CAR_STATS),
            )
            for k in range(MAX_SEATS)
        ]
        self.rows_part = add(
            "handbook", ROWS * len(LETTERS), "the observer's Handbook: row 1-8 x hole A-D, one-hot"
        )
        self.suspects_part = add(
            "suspects", suspects, "suspects the observer's rows leave, in the Read Out's order"
        )
        self.culprit_part = add(
            "culprit_read", suspects, "after a wrong accusation: the culprit read on the card"
        )

    def _universe(self) -> Iterable[Action]:
        # The engine's own ready-made actions: a legal action *is* its universe entry.
        yield from place_actions(self.board)
        yield from (SPIN, NO_CALL, END)
        yield from (ASKS[row] for row in FLAPS)
        yield from accuse_actions(self.crime)
        yield from move_actions(self.board)
        for seat in range(self.players):
            yield seat_action("confer", seat)
        for seat in range(self.players):
            yield seat_action("call", seat)

    def suspects_left(self, known: Mapping[int, str]) -> Vector:
        """1 for each suspect whose record fits every known row (the Clue Sheet's elimination,
        worked out once per set of rows: a game holds only a few)."""
        key = tuple(sorted(known.items()))
        left = self._left.get(key)
        if left is None:
            left = np.zeros(len(self.crime.suspects), np.float32)
            for suspect in self.crime.candidates(known):
                left[self.suspect_index[suspect.number]] = 1.0
            self._left[key] = left
        return left

    def view(self, state: GameState, seat: int) -> dict[str, JSONValue]:
        lean: dict[str, JSONValue] = cast(Any, state).view(seat, static=False)
        return lean

    def observer(self, seat: int) -> Observer:
        return ManhuntObserver(self, seat)

    def svg(self, view: Mapping[str, JSONValue]) -> str | None:
        from sleuth.games.manhunt.svg import board_svg

        pieces = {int(c["seat"]): c["space"] for c in view["cars"]}
        return str(board_svg(self.board, pieces=pieces))


class ManhuntObserver(Observer):
    def __init__(self, encoder: ManhuntEncoder, seat: int) -> None:
        super().__init__(seat)
        self.encoder = encoder

    def encode(self, view: Mapping[str, JSONValue]) -> Vector:
        """The reference: from the seat's JSON view."""
        enc = self.encoder
        out = np.zeros(enc.layout.size, np.float32)
        me, players = self.seat, enc.players

        def rel(seat: Any) -> int | None:
            return None if seat is None else relative(int(seat), me, players)

        one_hot(out, enc.seat_part, me)
        out[enc.setup_part.start] = float(bool(view["partners"]))
        one_hot(out, enc.setup_part, 1 + CRIMES.index(str(view["crime"])))
        one_hot(out, enc.phase_part, PHASES.index(str(view["phase"])))
        if view["number"] is not None:
            one_hot(out, enc.number_part, int(view["number"]) - 1)
        spin = view["spin"]
        if isinstance(spin, dict):
            self._spin(out, spin)
        exchange = view["exchange"]
        if isinstance(exchange, dict):
            s = enc.exchange_part.start
            out[s] = 1.0
            for k, key in enumerate(("with", "asker", "asked")):
                who = rel(exchange[key])
                if who is not None:
                    out[s + 1 + k * MAX_SEATS + who] = 1.0
        sides = cast(list[dict[str, Any]], view["sides"])
        my_side = None
        for car in cast(list[dict[str, Any]], view["cars"]):
            if car["seat"] == me:
                my_side = car["side"]
        for car in cast(list[dict[str, Any]], view["cars"]):
            slot = rel(car["seat"])
            assert slot is not None
            space, stats = enc.car_parts[slot]
            side = sides[int(car["side"])]
            if car["space"] is not None:
                one_hot(out, space, enc.space_index[car["space"]])
            s = stats.start
            out[s] = 1.0
            out[s + 1] = float(car["space"] is None)
            out[s + 2] = float(bool(car["waiting"]))
            out[s + 3] = float(car["side"] == my_side)
            out[s + 4] = float(view["turn"] == car["seat"])
            out[s + 5] = float(view["to_move"] == car["seat"])
            out[s + 6] = float(bool(side["out"]))
            for row in side["rows"]:
                out[s + 7 + int(row) - 1] = 1.0
            scene = side["next_scene"]
            out[s + 7 + ROWS + (2 if scene is None else int(scene) - 1)] = 1.0
        book = cast(dict[str, Any], view["handbook"])
        known = {int(r["row"]): str(r["hole"]) for r in book["rows"] if r["hole"] is not None}
        self._handbook(out, known, book.get("culprit_read"))
        return out

    def encode_state(self, state: GameState) -> Vector:
        """The lean hook: the same vector from the public state and this seat's side's Handbook."""
        game = cast(Manhunt, state)
        enc = self.encoder
        out = np.zeros(enc.layout.size, np.float32)
        me, players = self.seat, enc.players
        turn, to_move = game.turn, game.to_move
        out[enc.seat_part.start + me] = 1.0
        out[enc.setup_part.start] = game.partners
        out[enc.setup_part.start + 1 + CRIMES.index(game.crime.key)] = 1.0
        out[enc.phase_part.start + PHASE_INDEX[turn.phase]] = 1.0
        if turn.number is not None:
            one_hot(out, enc.number_part, turn.number - 1)
        if game.last_spin:
            self._spin(out, game.last_spin)
        if turn.partner is not None:
            s = enc.exchange_part.start
            out[s] = 1.0
            for k, who in enumerate((turn.partner, turn.asker, turn.asked)):
                if who is not None:
                    out[s + 1 + k * MAX_SEATS + (who - me) % players] = 1.0
        my_side = game.side_of(me)
        for car in game.cars:
            space, stats = enc.car_parts[(car.seat - me) % players]
            side = game.side_of(car.seat)
            book = game.handbooks[side]  # which rows a side holds is public, never the holes
            if car.space is not None:
                out[space.start + car.space] = 1.0  # board.spaces is in index order
            s = stats.start
            out[s] = 1.0
            out[s + 1] = car.space is None
            out[s + 2] = car.waiting
            out[s + 3] = side == my_side
            out[s + 4] = turn.seat == car.seat
            out[s + 5] = to_move == car.seat
            out[s + 6] = book.out
            for row in book.entries:
                out[s + 7 + row - 1] = 1.0
            scene = book.next_scene
            out[s + 7 + ROWS + (2 if scene is None else scene - 1)] = 1.0
        mine = game.handbooks[my_side]  # this seat's own side's Handbook
        known = {r.row: mine.entries[r.row] for r in enc.crime.readout if r.row in mine.entries}
        self._handbook(out, known, mine.culprit_read)
        return out

    def _spin(self, out: Vector, spin: Mapping[str, Any]) -> None:
        """The last spin of the Computer (public: everyone sees the dials)."""
        s = self.encoder.spin_part.start
        out[s] = 1.0
        if 1 <= spin["number"] <= MAX_NUMBER:
            out[s + spin["number"]] = 1.0
        s += 1 + MAX_NUMBER
        out[s] = float(spin["line"] == ON_LINE)
        out[s + 1] = float(spin["signal"] == RECEIVE)
        for read in spin["read"]:
            out[s + 2 + READS.index(read)] = 1.0
        spinner = relative(int(spin["seat"]), self.seat, self.encoder.players)
        out[s + 2 + len(READS) + spinner] = 1.0

    def _handbook(self, out: Vector, known: Mapping[int, str], culprit: str | None) -> None:
        """The seat's Handbook rows, the suspects they leave, and a culprit read."""
        enc = self.encoder
        for row, hole in known.items():
            out[enc.rows_part.start + (row - 1) * len(LETTERS) + LETTERS.index(hole)] = 1.0
        out[enc.suspects_part] = enc.suspects_left(known)
        if culprit is not None:
            one_hot(out, enc.culprit_part, enc.suspect_index[str(culprit)])
