"""A game of Manhunt: set-up, the race to the Scenes of Crime, clues, exchanges, accusations.

A turn runs through phases, each with its own legal actions:

    place  set-up: the player whose turn it is puts his car on any Badge space
    start  spin the Computer, or accuse (secretly naming a suspect)
    move   move the NUMBERED reading exactly, to any space that count reaches
    meet   stopped on several opponents' cars: choose the one to confer with
    badge  stopped on a Badge space: call an opponent's car to Headquarters, or not
    spin   spin again: the yellow dial at a destination, the red one at a meeting
    ask    the player the red dial favours asks for one flap, 3 to 8
    solve  the turn brought the mover's side a clue: accuse now, or end the turn

A car waiting OFF LINE starts its turn in `start` too; its spin reads the
yellow dial only. Everything hidden (the card in the scanner, each side's
Handbook) is shown only to the seats allowed to see it; see `view`.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from sleuth.core import Action, Event, GameState, IllegalAction, Rng
from sleuth.core.actions import JSONValue
from sleuth.core.prompt import Prompt, count, not_now
from sleuth.games.manhunt.board import Board, load_board
from sleuth.games.manhunt.cases import Card, CaseBook, Crime, case_book
from sleuth.games.manhunt.computer import Computer, Spin, load_computer
from sleuth.games.manhunt.handbook import FLAPS, Handbook, flap
from sleuth.games.manhunt.options import ManhuntOptions

Phase = Literal["place", "start", "move", "meet", "badge", "spin", "ask", "solve", "over"]

COLOURS = ("green", "red", "blue", "yellow", "white", "black")
SINGLES = (2, 3, 4)
PARTNERS = (4, 6)

SPIN = Action.of("spin")
NO_CALL = Action.of("no_call")
END = Action.of("end")
ASKS = {row: Action.of("ask", flap=row) for row in FLAPS}


@dataclass
class Car:
    seat: int
    colour: str
    space: int | None = None  # None before it is placed and after its side is out
    waiting: bool = False  # spun OFF LINE on a destination: spins the yellow dial next turn


@dataclass
class Turn:
    """What has happened so far in the current turn."""

    seat: int
    phase: Phase
    number: int | None = None  # the NUMBERED reading to move
    need_line: bool = False  # stopped on a destination this side must probe: read yellow
    waiting_spin: bool = False  # a waiting car's spin: yellow only
    partner: int | None = None  # the opponent's car to exchange with
    asker: int | None = None
    asked: int | None = None
    learned: bool = False  # the mover's side wrote a row this turn (it may accuse after it)


# Ready-made actions (legal actions are listed at every step of simulated games; the RL
# encoder's universe holds these very objects, so masks find them by identity).
@cache
def move_actions(board: Board) -> tuple[Action, ...]:
    """The move to each space, by space index."""
    return tuple(Action.of("move", to=s.id) for s in board.spaces)


@cache
def accuse_actions(crime: Crime) -> tuple[Action, ...]:
    """The accusation of each suspect, in the Read Out's order."""
    return tuple(Action.of("accuse", suspect=s.number) for s in crime.suspects)


@cache
def place_actions(board: Board) -> tuple[Action, ...]:
    """Placing the car on each Badge space, in the board's order."""
    return tuple(Action.of("place", badge=board.id_of(b)) for b in board.badges)


@cache
def seat_action(kind: str, seat: int) -> Action:
    """`confer` or `call` naming a seat."""
    return Action.of(kind, seat=seat)


class Manhunt(GameState):
    name = "manhunt"
    options: ManhuntOptions

    def __init__(self, players: int, seed: int, options: ManhuntOptions) -> None:
        super().__init__(players, seed, options)
        self.partners = options.partners or players == 6
        if self.partners and players not in PARTNERS:
            raise IllegalAction(f"partners play 4 or 6 to a game, not {players}")
        if not self.partners and players not in SINGLES:
            raise IllegalAction(
                f"Manhunt is for 2-4 single players or 4 or 6 partners, not {players}"
            )
        self.board: Board = load_board()
        self.book: CaseBook = case_book(options.case_set)
        self.crime: Crime = self.book.crime(options.crime)
        self.computer: Computer = load_computer().with_odds(
            options.numbered_dial, options.on_line_segments, options.receive_segments
        )
        self.sides = players // 2 if self.partners else players
        self.handbooks = [
            Handbook(side, tuple(s for s in range(players) if s % self.sides == side), self.crime)
            for side in range(self.sides)
        ]
        self.cars = [Car(seat, COLOURS[seat]) for seat in range(players)]
        self.winner_seats: list[int] = []
        self.last_spin: dict[str, JSONValue] | None = None
        self.log.extend(self._set_up())

    # --- set-up (MH-SETUP, MH-TURN-01) --------------------------------------------------
    def _set_up(self) -> list[Event]:
        deck = list(self.book.cards)
        self.rng.shuffle(deck)  # shuffled black side up; one is drawn (MH-SETUP-06)
        self.card: Card = (
            deck[0] if not self.options.card else self.book.cards[self.options.card - 1]
        )
        events = [
            Event(
                "setup",
                {
                    "players": self.players,
                    "partners": self.partners,
                    "sides": [list(h.seats) for h in self.handbooks],
                    "colours": [car.colour for car in self.cars],
                    "crime": self.crime.key,
                    "case_set": self.options.case_set,
                },
            ),
            Event("card_drawn", {}),
        ]
        first, rounds = self._spin_for_first()
        self.first = first
        events.append(Event("first_spin", {"rounds": rounds, "first": first}))
        self.turn = Turn(first, "place")
        return events

    def _spin_for_first(self) -> tuple[int, list[dict[str, JSONValue]]]:
        """Everyone spins the NUMBERED dial; the highest goes first; ties spin again."""
        contenders = list(range(self.players))
        rounds: list[dict[str, JSONValue]] = []
        while True:
            numbers = {seat: self.computer.spin(self.rng).number for seat in contenders}
            rounds.append({str(seat): n for seat, n in numbers.items()})
            best = max(numbers.values())
            contenders = [seat for seat, n in numbers.items() if n == best]
            if len(contenders) == 1:
                return contenders[0], rounds

    # --- who is who -----------------------------------------------------------------------
    def side_of(self, seat: int) -> int:
        return seat % self.sides

    def handbook(self, seat: int) -> Handbook:
        return self.handbooks[self.side_of(seat)]

    def opponents_on(self, space: int, seat: int) -> list[int]:
        """Cars of other sides, still in the game, standing on `space`."""
        side = self.side_of(seat)
        return [
            c.seat
            for c in self.cars
            if c.space == space and self.side_of(c.seat) != side and not self.handbook(c.seat).out
        ]

    def _in_play(self, seat: int) -> list[int]:
        """Opponents' cars still in the game (those a Badge space can call)."""
        side = self.side_of(seat)
        return [
            c.seat
            for c in self.cars
            if self.side_of(c.seat) != side and not self.handbook(c.seat).out
        ]

    # --- the contract ------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.turn.phase == "over":
            return None
        if self.turn.phase == "ask":
            return self.turn.asker
        return self.turn.seat

    @property
    def over(self) -> bool:
        return self.turn.phase == "over"

    @property
    def winners(self) -> list[int]:
        return list(self.winner_seats)

    def _legal_actions(self) -> list[Action]:
        turn = self.turn
        me = self.cars[turn.seat]
        phase = turn.phase
        if phase == "place":  # any Badge space, taken or not (MH-TURN-01, decision R2)
            return list(place_actions(self.board))
        if phase == "start":
            if self.handbook(turn.seat).next_scene is not None:
                return [SPIN]  # accusing is part of the investigation (decision R9)
            return [SPIN, *accuse_actions(self.crime)]
        if phase == "move":
            assert me.space is not None and turn.number is not None
            moves = move_actions(self.board)
            return [moves[s] for s in self.board.reach(me.space, turn.number)]
        if phase == "meet":
            assert me.space is not None
            return [seat_action("confer", s) for s in self.opponents_on(me.space, me.seat)]
        if phase == "badge":
            return [*(seat_action("call", s) for s in self._in_play(me.seat)), NO_CALL]
        if phase == "spin":
            return [SPIN]
        if phase == "solve":  # decision R9
            return [*accuse_actions(self.crime), END]
        assert phase == "ask"
        return list(ASKS.values())

    def _why_illegal(self, action: Action) -> str:
        from sleuth.games.manhunt.words import VERBS, space_name  # they name colours from here

        phase = self.turn.phase
        if action.kind == "accuse":
            if phase not in ("start", "solve"):
                return (
                    "you may accuse only at the start of your turn, instead of spinning, "
                    "or at the end of a turn that brought you a clue"
                )
            if self.handbook(self.turn.seat).next_scene is not None:
                return "visit both Scenes of Crime before you accuse anyone"
            return f"there is no suspect {action.get('suspect')!r} in the {self.crime.name} book"
        if action.kind == "ask" and phase == "ask":
            return "only flaps 3 to 8 can be asked for: the Scenes of Crime have no flap"
        if action.kind == "move" and phase == "move":
            to = action.get("to")
            where = space_name(to) if isinstance(to, str) and to in self.board.index else repr(to)
            return (
                f"{where} is not exactly {count(self.turn.number, 'space')} away "
                "(a car never turns back during a move)"
            )
        if action.kind == "place" and phase == "place":
            return "choose one of the four Badge spaces"
        if action.kind == "call" and phase == "badge":
            return "you may call only an opponent's car that is still in the game"
        return not_now(action.kind, VERBS, self.prompt(self.to_move))

    def _apply(self, action: Action) -> list[Event]:
        handler = getattr(self, f"_do_{action.kind}")
        events: list[Event] = handler(action)
        return events

    def _can_take_back(self, action: Action, events: list[Event]) -> bool:
        """Before the Computer is spun again, the turn's move, the choice of the car to confer
        with and a call to Headquarters may be taken back (decision R16): cars and rows
        written are public, and none of them spins or probes."""
        return action.kind in ("move", "confer", "call")

    # --- placing the cars ------------------------------------------------------------------
    def _do_place(self, action: Action) -> list[Event]:
        badge = self.board.index[action["badge"]]
        seats = self.handbook(self.turn.seat).seats  # partners start together (MH-SETUP-08)
        for seat in seats:
            self.cars[seat].space = badge
        events = [
            Event("place", {"seat": self.turn.seat, "badge": action["badge"], "cars": list(seats)})
        ]
        for k in range(1, self.players + 1):
            seat = (self.turn.seat + k) % self.players
            if self.cars[seat].space is None:
                self.turn = Turn(seat, "place")
                return events
        return events + self._start_turn(self.first)

    # --- the turn ------------------------------------------------------------------------------
    def _start_turn(self, seat: int) -> list[Event]:
        car = self.cars[seat]
        if car.waiting:
            place = self._place_at(car)
            if place is None or not self.handbook(seat).needs(place):
                car.waiting = False  # the row came some other way: no need to wait for it
        self.turn = Turn(seat, "start", waiting_spin=car.waiting)
        return [Event("turn", {"seat": seat, "waiting": car.waiting})]

    def _close_turn(self) -> list[Event]:
        """End the turn, unless it brought the mover's side a clue: then he may accuse first
        (decision R9; option accuse_after_clue)."""
        book = self.handbook(self.turn.seat)
        if (
            self.turn.learned
            and self.options.accuse_after_clue
            and not book.out
            and book.next_scene is None
        ):
            self.turn.phase = "solve"
            self.turn.partner = self.turn.asker = self.turn.asked = None  # the exchange is over
            return []
        return self._end_turn()

    def _do_end(self, action: Action) -> list[Event]:
        return self._end_turn()

    def _end_turn(self) -> list[Event]:
        for k in range(1, self.players + 1):
            seat = (self.turn.seat + k) % self.players
            if not self.handbook(seat).out:
                return self._start_turn(seat)
        return self._finish(None)

    def _place_at(self, car: Car) -> int | None:
        return None if car.space is None else self.board.place_at(car.space)

    def _spin(self, read: list[str]) -> tuple[Spin, Event]:
        spin = self.computer.spin(self.rng)
        self.last_spin = {"seat": self.turn.seat, **spin.to_json(), "read": read}
        return spin, Event("spin", copy.deepcopy(self.last_spin))  # the log keeps its own

    def _do_spin(self, action: Action) -> list[Event]:
        turn, car = self.turn, self.cars[self.turn.seat]
        if turn.phase == "start" and not turn.waiting_spin:
            spin, event = self._spin(["numbered"])  # MH-COMPUTER-03
            turn.number = spin.number
            turn.phase = "move"
            return [event]
        if turn.phase == "start":  # waiting OFF LINE: the yellow dial only (MH-CLUE-02)
            spin, event = self._spin(["line"])
            events = [event]
            if spin.on_line:
                car.waiting = False
                events.extend(self._probe(car))
            else:
                events.append(Event("off_line", {"seat": car.seat, "place": self._place_at(car)}))
            return events + self._close_turn()
        read = (["line"] if turn.need_line else []) + (
            ["signal"] if turn.partner is not None else []
        )
        spin, event = self._spin(read)
        events = [event]
        if turn.need_line:  # MH-CLUE-01..03
            if spin.on_line:
                events.extend(self._probe(car))
            else:
                car.waiting = True
                events.append(Event("off_line", {"seat": car.seat, "place": self._place_at(car)}))
        if turn.partner is not None:  # MH-EXCHANGE-01/02/07
            if spin.receive:
                turn.asker, turn.asked = car.seat, turn.partner
            else:
                turn.asker, turn.asked = turn.partner, car.seat
            # Clues come only after Scene 2, for the side favoured as for the mover
            # (decision R4): a side still racing for its Scenes may not ask.
            may_ask = self.handbook(turn.asker).next_scene is None
            events.append(
                Event(
                    "exchange",
                    {
                        "seat": car.seat,
                        "with": turn.partner,
                        "signal": spin.signal,
                        "asker": turn.asker,
                        "asked": turn.asked,
                        "may_ask": may_ask,
                    },
                )
            )
            if may_ask:
                turn.phase = "ask"
                return events
        return events + self._close_turn()

    def _do_move(self, action: Action) -> list[Event]:
        turn, car = self.turn, self.cars[self.turn.seat]
        assert car.space is not None
        origin = car.space
        car.space = self.board.index[action["to"]]
        events = [
            Event(
                "move",
                {
                    "seat": car.seat,
                    "from": self.board.id_of(origin),
                    "to": action["to"],
                    "spaces": turn.number,
                },
            )
        ]
        return events + self._arrive(car)

    def _arrive(self, car: Car) -> list[Event]:
        """A car has stopped: a destination, an opponent's car or a Badge space?"""
        assert car.space is not None
        turn, book = self.turn, self.handbook(car.seat)
        place = self._place_at(car)
        turn.need_line = place is not None and book.needs(place)
        events: list[Event] = []
        if turn.need_line:
            events.append(Event("stop", {"seat": car.seat, "place": place}))
        investigating = book.next_scene is None  # exchanges come after Scene 2 (decision R4)
        met = self.opponents_on(car.space, car.seat) if investigating else []
        if len(met) == 1:
            turn.partner = met[0]
            events.append(Event("meet", {"seat": car.seat, "with": met}))
        elif met:
            turn.phase = "meet"
            events.append(Event("meet", {"seat": car.seat, "with": met}))
            return events
        elif investigating and car.space in self.board.badges and self._in_play(car.seat):
            turn.phase = "badge"
            return events
        if turn.need_line or turn.partner is not None:
            turn.phase = "spin"
            return events
        return events + self._end_turn()

    def _do_confer(self, action: Action) -> list[Event]:
        self.turn.partner = int(action["seat"])
        self.turn.phase = "spin"
        return [Event("confer", {"seat": self.turn.seat, "with": self.turn.partner})]

    def _do_call(self, action: Action) -> list[Event]:
        """Call an opponent's car back to Headquarters for a conference (MH-HQ-01..03)."""
        car = self.cars[self.turn.seat]
        called = self.cars[int(action["seat"])]
        origin = called.space
        called.space = car.space
        called.waiting = False  # taken off its destination: it must stop there again (R7)
        self.turn.partner = called.seat
        self.turn.phase = "spin"
        assert car.space is not None and origin is not None
        return [
            Event(
                "call",
                {
                    "seat": car.seat,
                    "called": called.seat,
                    "from": self.board.id_of(origin),
                    "badge": self.board.id_of(car.space),
                },
            )
        ]

    def _do_no_call(self, action: Action) -> list[Event]:
        return self._end_turn()

    # --- clues -------------------------------------------------------------------------------
    def _probe(self, car: Car) -> list[Event]:
        """Probe all four holes of this place's row, in secret (MH-PROBE-03/04, MH-CLUE-04)."""
        row = self._place_at(car)
        assert row is not None
        letter = self.card.hole(row)
        book = self.handbook(car.seat)
        book.write(row, letter, {"how": "probed", "seat": car.seat})
        self.turn.learned = True  # only the car whose turn it is ever probes
        result = {
            "seat": car.seat,
            "row": row,
            "hole": letter,
            "flap": flap(letter),
            "clue": self.crime.readout[row - 1].clue(letter),
        }
        return [
            Event("probe", {"seat": car.seat, "row": row}),
            *(Event("probe_result", result, to=s) for s in book.seats),
        ]

    def _do_ask(self, action: Action) -> list[Event]:
        """The asker sees one flap of the asked Handbook, copies it, and the turn ends."""
        turn = self.turn
        assert turn.asker is not None and turn.asked is not None
        row = int(action["flap"])
        asker, asked = self.handbook(turn.asker), self.handbook(turn.asked)
        letter = asked.entries.get(row)
        copied = letter is not None and asker.write(
            row, letter, {"how": "shown", "seat": turn.asker, "by": turn.asked}
        )
        shown: dict[str, JSONValue] = {
            "asker": turn.asker,
            "asked": turn.asked,
            "flap": row,
            "hole": letter,
            "flap_shows": flap(letter),
            "clue": self.crime.readout[row - 1].clue(letter) if letter else None,
            "copied": copied,
        }
        events = [
            Event(
                "ask",
                {
                    "asker": turn.asker,
                    "asked": turn.asked,
                    "flap": row,
                    "shown": letter is not None,
                },
            ),
            *(Event("shown", shown, to=s) for s in asker.seats),
        ]
        if copied and self.side_of(turn.asker) == self.side_of(turn.seat):
            turn.learned = True
        return events + self._close_turn()

    # --- accusations and the end ------------------------------------------------------------
    def _do_accuse(self, action: Action) -> list[Event]:
        seat = self.turn.seat
        book = self.handbook(seat)
        accused = str(action["suspect"])
        book.accusation = accused
        culprit = self.book.culprit(self.card, self.crime.key)
        events = [Event("accuse", {"seat": seat})]
        for s in book.seats:
            events.append(Event("accused", {"seat": seat, "suspect": accused}, to=s))
        if accused == culprit.number:
            events.append(Event("verdict", {"seat": seat, "correct": True}))
            return events + self._finish(book)
        # Wrong: he read the name, slid the card back, and is out; nobody else learns
        # whom he named or who did it (MH-WIN-04, MH-WIN-05).
        book.out = True
        book.culprit_read = culprit.number
        for s in book.seats:
            self.cars[s].space = None
            self.cars[s].waiting = False
        events.append(Event("verdict", {"seat": seat, "correct": False}))
        for s in book.seats:
            events.append(
                Event(
                    "card_read",
                    {"seat": seat, "culprit": culprit.number, "name": culprit.name},
                    to=s,
                )
            )
        events.append(Event("out", {"seats": list(book.seats)}))
        return events + self._end_turn()

    def _finish(self, winner: Handbook | None) -> list[Event]:
        self.winner_seats = list(winner.seats) if winner else []
        self.turn = Turn(self.turn.seat, "over")
        return [
            Event(
                "game_over",
                {
                    "winners": self.winners,
                    "reason": "solved" if winner else "everyone accused wrongly",
                    "reveal": self._reveal(),
                },
            )
        ]

    def _reveal(self) -> dict[str, JSONValue]:
        culprit = self.book.culprit(self.card, self.crime.key)
        return {
            "card": self.card.number,
            "holes": self.card.holes,
            "culprit": {"number": culprit.number, "name": culprit.name},
        }

    def _hidden_parts(self) -> dict[str, JSONValue]:
        """For `reveal`: every side's Handbook (one a side, in side order) and the card."""
        aid = self.options.elimination_aid
        return {
            "handbooks": [book.to_json(aid) for book in self.handbooks],
            "reveal": self._reveal(),
        }

    # --- what each seat may know -------------------------------------------------------------
    def view(self, seat: int | None, static: bool = True) -> dict[str, JSONValue]:
        """Exactly what `seat` may know (None: a spectator).

        Public: the board, cars, dials and every spin, the Read Out and suspects of
        the crime, which rows each side has written (never the holes), exchanges
        and accusations (never the name accused). Private: the seat's own Handbook
        and Clue Sheet (with the suspects crossed out, if the aid is on). The card
        appears only once the game is over. `static=False` leaves out the parts
        that never change (board, Computer, Read Out), for bots.
        """
        fixed: dict[str, JSONValue] = {}
        if static:  # encoded afresh: the caller owns what it gets (`views` shares them)
            fixed = {
                "board": self.board.to_json(),
                "computer": self.computer.to_json(),
                "case": self.crime.to_json(),
            }
        return self._views([seat], fixed)[seat]

    def views(
        self, seats: Sequence[int | None], static: bool = True
    ) -> dict[int | None, dict[str, JSONValue]]:
        """Each seat's `view`; what every seat sees is built once and shared by them all, and
        the parts that never change are the same objects at every version (read-only)."""
        return self._views(seats, self._static_view() if static else {})

    def _views(
        self, seats: Sequence[int | None], fixed: dict[str, JSONValue]
    ) -> dict[int | None, dict[str, JSONValue]]:
        return self.shared_views(
            seats, lambda: {**self._public_view(), **fixed}, self._private_view, self._reveal
        )

    def _private_view(self, seat: int) -> dict[str, JSONValue]:
        """What only `seat` sees: its side's Handbook and Clue Sheet, and its moves."""
        view: dict[str, JSONValue] = {
            "handbook": self.handbook(seat).to_json(self.options.elimination_aid)
        }
        if self.to_move == seat:
            view["legal"] = [a.to_json() for a in self.legal_actions()]
        return view

    def _public_view(self) -> dict[str, JSONValue]:
        """What every seat and spectator sees alike that changes in play, after the header."""
        turn = self.turn
        return {
            "partners": self.partners,
            "crime": self.crime.key,
            "case_set": self.options.case_set,
            "turn": turn.seat,
            "phase": turn.phase,
            "first": self.first,
            "number": turn.number,
            # A copy all the way down: whoever changes a view must not change the game.
            "spin": copy.deepcopy(self.last_spin) if self.last_spin else None,
            "exchange": (
                {"with": turn.partner, "asker": turn.asker, "asked": turn.asked}
                if turn.partner is not None
                else None
            ),
            "cars": [
                {
                    "seat": c.seat,
                    "colour": c.colour,
                    "side": self.side_of(c.seat),
                    "space": None if c.space is None else self.board.id_of(c.space),
                    "waiting": c.waiting,
                }
                for c in self.cars
            ],
            "sides": [
                {
                    "side": h.side,
                    "seats": list(h.seats),
                    "rows": sorted(h.entries),
                    "next_scene": h.next_scene,
                    "out": h.out,
                }
                for h in self.handbooks
            ],
        }

    def _static_view(self) -> dict[str, JSONValue]:
        """The board, the Computer and the Read Out: they never change, so they are encoded
        once (some 12 KB a view) and every view `views` builds holds the same objects
        (`view` encodes them afresh: its caller owns what it gets)."""
        return _static_json(self.board, self.computer, self.crime)

    def _prompt(self, seat: int | None) -> Prompt:
        """From public facts (which rows each side holds is public, so is whether a car must
        read the yellow dial), and the legal kinds only for the seat to move."""
        from sleuth.games.manhunt.words import prompt  # words names the colours from here

        turn = self.turn
        mover = self.to_move
        assert mover is not None
        read = ["line"] if turn.need_line else []
        if turn.partner is not None:
            read.append("signal")
        return prompt(
            seat,
            mover,
            turn.phase,
            turn.number,
            turn.waiting_spin,
            read,
            self.handbook(turn.seat).next_scene is None,
            turn.asked,
            self.legal_kinds() if seat == mover else (),
        )

    def clone(self) -> Manhunt:
        """An independent copy (the board, case book and Computer are shared: they never change)."""
        memo: dict[int, Any] = {
            id(self.board): self.board,
            id(self.book): self.book,
            id(self.crime): self.crime,
            id(self.computer): self.computer,
            id(self.options): self.options,
        }
        return copy.deepcopy(self, memo)

    def resample(self, seat: int, rng: Rng) -> Manhunt:
        """A state `seat` cannot tell from this one: another card that fits its Handbook.

        The card is drawn uniformly among those agreeing with every row the seat's
        side has written (only the real one, once the side has read it); every other
        Handbook is rewritten from that card, since which rows each side holds is
        public. The copy's chance is reseeded from `rng`, and its log keeps only the
        events `seat` saw.
        """
        other = self.clone()
        mine = other.handbook(seat)
        if mine.culprit_read is None:
            cards = [
                c for c in other.book.cards if all(c.hole(r) == x for r, x in mine.entries.items())
            ]
            other.card = rng.choice(cards)
        culprit = other.book.culprit(other.card, other.crime.key).number
        for book in other.handbooks:
            if book is mine:
                continue
            notes = dict(book.notes)
            book.entries.clear()
            book.crossed.clear()
            book.notes.clear()
            for row in sorted(notes):
                book.write(row, other.card.hole(row), notes[row])
            if book.culprit_read is not None:
                book.culprit_read = culprit
        other.rng = rng.spawn()
        other.log = [e for e in other.log if e.visible_to(seat)]
        other.forget_legal_actions()
        other.resampled = True
        return other


_STATIC: dict[tuple[int, int, int], tuple[Board, Computer, Crime, dict[str, JSONValue]]] = {}


def _static_json(board: Board, computer: Computer, crime: Crime) -> dict[str, JSONValue]:
    """`view`'s parts that never change, encoded once for each board, Computer and crime
    (the loaded ones live for good; the entry holds them, so their ids stay theirs)."""
    key = (id(board), id(computer), id(crime))
    found = _STATIC.get(key)
    if found is None:
        parts: dict[str, JSONValue] = {
            "board": board.to_json(),
            "computer": computer.to_json(),
            "case": crime.to_json(),
        }
        found = _STATIC[key] = (board, computer, crime, parts)
    return found[3]
