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
from sleuth.games.manhunt.state import END, NO_CALL, SPIN
from sleuth.rl.base import Encoder, Observer, Vector, one_hot, register_encoder, relative

MAX_SEATS = 6
PHASES = ("place", "start", "move", "meet", "badge", "spin", "ask", "solve", "over")
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
        for badge in self.board.badges:
            yield Action.of("place", badge=self.board.id_of(badge))
        yield from (SPIN, NO_CALL, END)
        for row in FLAPS:
            yield Action.of("ask", flap=row)
        for suspect in self.crime.suspects:
            yield Action.of("accuse", suspect=suspect.number)
        for space in self.board.spaces:
            yield Action.of("move", to=space.id)
        for seat in range(self.players):
            yield Action.of("confer", seat=seat)
        for seat in range(self.players):
            yield Action.of("call", seat=seat)

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
            s = enc.spin_part.start
            out[s] = 1.0
            if 1 <= spin["number"] <= MAX_NUMBER:
                out[s + spin["number"]] = 1.0
            s += 1 + MAX_NUMBER
            out[s] = float(spin["line"] == ON_LINE)
            out[s + 1] = float(spin["signal"] == RECEIVE)
            for read in spin["read"]:
                out[s + 2 + READS.index(read)] = 1.0
            spinner = rel(spin["seat"])
            assert spinner is not None
            out[s + 2 + len(READS) + spinner] = 1.0
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
        known: dict[int, str] = {}
        for row in cast(list[dict[str, Any]], book["rows"]):
            if row["hole"] is not None:
                known[int(row["row"])] = str(row["hole"])
                cell = (int(row["row"]) - 1) * len(LETTERS) + LETTERS.index(row["hole"])
                out[enc.rows_part.start + cell] = 1.0
        for suspect in enc.crime.candidates(known):
            out[enc.suspects_part.start + enc.suspect_index[suspect.number]] = 1.0
        culprit = book.get("culprit_read")
        if culprit is not None:
            one_hot(out, enc.culprit_part, enc.suspect_index[str(culprit)])
        return out
