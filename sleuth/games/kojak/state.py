"""A game of Kojak: set-up, turns, Kojak in Headquarters, cars, clues, the arrest.

A turn runs through phases, each with its own legal actions:

    setup    before the first turn, each player parks his Detective's car in a
             Headquarters lot and puts his Badge on a roof (KJ-SETUP-08/10)
    turn     take a clue or make the arrest if the conditions hold; then the
             turn's one move: roll the dice, or (Kojak in Headquarters) jump
             into a room / draw an Action Card, stay in a room, or leave
             Headquarters for Kojak's car (leaving is free: roll after it)
    drive    move one car by the roll
    hq       (advanced) move Kojak by the Action Card just drawn
    radio    move the Badge to another roof, or not
    command  turn a turntable 1 or 2 spaces clockwise, or not
    after    take a clue or make the arrest, now possible; or end the turn

The turn ends by itself when its move is done and nothing more is possible.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from sleuth.core import Action, Event, GameState, IllegalAction, Rng
from sleuth.core.actions import JSONValue
from sleuth.core.prompt import Prompt, not_now
from sleuth.games.kojak.board import BUILDINGS, ROOMS, Board, load_board
from sleuth.games.kojak.cards import ANY, Cards, load_cards
from sleuth.games.kojak.cases import PRINTED, Case, draw_secrets, get_case
from sleuth.games.kojak.options import KojakOptions
from sleuth.games.kojak.turntable import Turntable

Phase = Literal["setup", "turn", "drive", "hq", "radio", "command", "after", "over"]
COLOURS = ("white", "black", "orange", "purple")  # the players' pieces
CARS = ("detective", "kojak")
MIN_CLUES_TO_LEAVE = 2  # KJ-ARREST-04

# Ready-made actions: legal_actions runs at every step of many simulated games.
ROLL, DRAW, STAY, LEAVE, TAKE, ARREST, END = (
    Action.of(k) for k in ("roll", "draw", "stay", "leave_hq", "take", "arrest", "end_turn")
)
JUMP = {room: Action.of("jump", room=room) for room in ROOMS}
BADGE = {b: Action.of("badge", building=b) for b in BUILDINGS}
TURN = {(b, n): Action.of("turn", building=b, spaces=n) for b in BUILDINGS for n in (1, 2)}


# Made on first use (the places come from the board's data); the RL encoder's universe
# holds these very objects, so masks find a legal action by identity.
@cache
def park_action(lot: str) -> Action:
    return Action.of("park", lot=lot)


@cache
def drive_action(car: str, to: str) -> Action:
    return Action.of("drive", car=car, to=to)


@cache
def walk_action(to: str) -> Action:
    return Action.of("walk", to=to)


@dataclass
class Player:
    seat: int
    colour: str
    kojak: str | None  # his pawn's Headquarters space; None once he has left (KJ-ARREST-03)
    kojak_car: str  # the Lieutenant's lot until Kojak leaves Headquarters
    car: str | None = None  # the Detective's car (None until parked at set-up)
    badge: str | None = None
    taken: list[str] = field(default_factory=list)  # buildings whose informer card he holds
    contacts: list[str] = field(default_factory=list)  # advanced game
    out: bool = False
    accused: str | None = None
    turns: int = 0  # turns begun, public (anyone can count them)


@dataclass
class Turn:
    seat: int
    phase: Phase
    dice: tuple[int, ...] | None = None
    card: int | None = None  # the Action Card drawn this turn


class Kojak(GameState):
    name = "kojak"
    options: KojakOptions

    def __init__(self, players: int, seed: int, options: KojakOptions) -> None:
        super().__init__(players, seed, options)
        self.board: Board = load_board()
        self.cards: Cards = load_cards()
        self.winner_seats: list[int] = []
        self.end_reason = ""
        self.log.extend(self._set_up())

    # --- set-up (KJ-SETUP) -----------------------------------------------------------------
    def _set_up(self) -> list[Event]:
        number = self.options.game or self.rng.randint(1, PRINTED)
        printed = get_case(number)
        # The sheet is public and so is the book behind its number: unless the table plays
        # from a real box, the hide-out and the codes are drawn afresh, from the seed (C8).
        self.case: Case = (
            printed if self.options.from_book else draw_secrets(number, printed.sheet, self.rng)
        )
        self.seats = [
            Player(seat, COLOURS[seat], self.board.start, self.board.lieutenant)
            for seat in range(self.players)
        ]
        self.turntables = {
            b.id: Turntable.set_up(b.id, b.slots, self.players, self.rng)
            for b in self.board.buildings.values()
        }  # KJ-INFORMER-05..08: as many informers of its colour as there are players
        sheet = self.case.sheet
        events = [
            Event(
                "setup",
                {
                    "players": self.players,
                    "version": self.options.version,
                    "game": self.case.number,
                    "sheet": sheet.pad,
                    "title": sheet.title,
                    "criminal": sheet.criminal,
                    "informer_set": self.case.informer_set,
                    "informers_per_turntable": self.players,
                    "colours": list(COLOURS[: self.players]),
                },
            )
        ]
        self.action_pile: list[int] = []
        self.action_discards: list[int] = []
        self.contact_pile: list[str] = []
        self.contact_discards: list[str] = []
        if self.options.advanced:
            events.extend(self._deal())
        first, rolls = self._roll_for_first()
        events.append(Event("first_player", {"rolls": rolls, "seat": first}))
        self.first = first
        self.setup_queue = [(first + i) % self.players for i in range(self.players)]
        self.turn = Turn(first, "setup")
        events.append(Event("turn", {"seat": first, "phase": "setup"}))
        return events

    def _deal(self) -> list[Event]:
        """Shuffle the Action Cards; deal 4 Contact Cards each (KJ-ADVANCED-02/03)."""
        self.action_pile = list(self.cards.action)
        self.rng.shuffle(self.action_pile)
        contacts = [self._contact_face(c) for c in self.cards.contact]
        self.rng.shuffle(contacts)
        events = []
        for p in self.seats:
            p.contacts = sorted(contacts[: self.cards.dealt])
            del contacts[: self.cards.dealt]
            events.append(Event("contacts", {"seat": p.seat, "cards": list(p.contacts)}, p.seat))
        self.contact_pile = contacts
        events.append(Event("dealt", {"each": self.cards.dealt, "pile": len(contacts)}))
        return events

    def _contact_face(self, card: str) -> str:
        return card if self.options.contacts_name_buildings else ANY

    def _roll(self) -> tuple[int, ...]:
        return tuple(self.rng.randint(1, 6) for _ in range(self.options.dice))

    def _roll_for_first(self) -> tuple[int, list[dict[str, JSONValue]]]:
        """Everyone throws; the highest goes first; the tied highest throw again (KJ-TURN-01)."""
        contenders = list(range(self.players))
        rolls: list[dict[str, JSONValue]] = []
        while True:
            totals = {seat: sum(self._roll()) for seat in contenders}
            rolls.append({str(seat): total for seat, total in totals.items()})
            best = max(totals.values())
            contenders = [seat for seat, total in totals.items() if total == best]
            if len(contenders) == 1:
                return contenders[0], rolls

    # --- the contract ----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.turn.phase == "over" else self.turn.seat

    @property
    def over(self) -> bool:
        return self.turn.phase == "over"

    @property
    def winners(self) -> list[int]:
        return list(self.winner_seats)

    def player(self, seat: int) -> Player:
        return self.seats[seat]

    def _legal_actions(self) -> list[Action]:
        turn, me = self.turn, self.seats[self.turn.seat]
        phase = turn.phase
        if phase == "setup":
            if me.car is None:
                return [park_action(lot) for lot in self.board.hq_lots]
            return list(BADGE.values())
        if phase == "turn":
            actions = self._take_or_arrest(me)
            actions.append(ROLL)
            if me.kojak is not None:
                if self.options.advanced:
                    actions.append(DRAW)
                else:
                    actions.extend(JUMP[r] for r in ROOMS if r != me.kojak)  # KJ-HQ-01/02
                if me.kojak in ROOMS:
                    actions.append(STAY)  # KJ-HQ-07, KJ-ADVANCED-19
                if len(me.taken) >= MIN_CLUES_TO_LEAVE:
                    actions.append(LEAVE)
            return actions
        if phase == "drive":
            assert turn.dice is not None and me.car is not None
            roll = sum(turn.dice)
            reach = self.board.destinations
            actions = [drive_action("detective", p) for p in reach(me.car, roll)]
            if me.kojak is None:
                actions += [drive_action("kojak", p) for p in reach(me.kojak_car, roll)]
            return actions
        if phase == "hq":
            assert turn.card is not None and me.kojak is not None
            return [walk_action(to) for to in sorted(self.board.hq_walks(me.kojak, turn.card))]
        if phase == "radio":
            return [BADGE[b] for b in BUILDINGS if b != me.badge] + [END]
        if phase == "command":
            if self.options.advanced:  # any turntable (KJ-ADVANCED-13)
                return [*TURN.values(), END]
            assert me.badge is not None  # only the one under his Badge (KJ-HQ-06)
            return [TURN[(me.badge, 1)], TURN[(me.badge, 2)], END]
        assert phase == "after"
        return [*self._take_or_arrest(me), END]

    def _take_or_arrest(self, me: Player) -> list[Action]:
        actions = []
        if self.clue_building(me) is not None:
            actions.append(TAKE)
        if self.arrest_building(me) is not None:
            actions.append(ARREST)
        return actions

    def _why_illegal(self, action: Action) -> str:
        me = self.seats[self.turn.seat]
        phase = self.turn.phase
        if action.kind == "take":
            return (
                "you may take an informer only with your Badge on the building, your "
                "Detective's car in its parking lot and an informer out front"
                + (", holding a Contact Card for it" if self.options.advanced else "")
                + ", and only one from each building"
            )
        if action.kind == "arrest":
            return "to arrest, Kojak's car and your Detective's car must share a building's lot"
        if action.kind == "leave_hq" and me.kojak is not None:
            return "Kojak may not leave Headquarters until you hold at least 2 informer cards"
        if action.kind in ("jump", "draw", "stay") and me.kojak is None:
            return "Kojak has left Headquarters and cannot return"
        if action.kind == "drive" and phase == "drive":
            return "neither of your cars can end its move there by the roll"
        if action.kind == "walk" and phase == "hq":
            return "Kojak cannot get there by the Action Card"
        if action.kind == "turn" and phase == "command":
            if self.options.advanced:
                return "turn a turntable 1 or 2 spaces"
            return "in the fast game you may turn only the turntable under your Badge, 1 or 2"
        from sleuth.games.kojak.words import VERBS  # words names the colours from here

        return not_now(action.kind, VERBS, self.prompt(self.to_move))

    def _apply(self, action: Action) -> list[Event]:
        handler = getattr(self, f"_do_{action.kind}")
        events: list[Event] = handler(action)
        return events

    def _can_take_back(self, action: Action, events: list[Event]) -> bool:
        """Parking at set-up, a car's drive, Kojak's moves in Headquarters (not to the
        Computer Room, which deals cards), leaving it, and the radioed Badge may be taken
        back while the turn goes on (decision P6): pieces are public and none
        of these turns a turntable or draws a card."""
        return action.kind in ("park", "drive", "jump", "stay", "walk", "leave_hq", "badge")

    # --- what the conditions say -----------------------------------------------------------
    def clue_building(self, me: Player) -> str | None:
        """The building whose informer `me` may take now, if all conditions hold (KJ-CLUE-01)."""
        if me.car is None:
            return None
        building = self.board.building_at.get(me.car)
        if (
            building is None
            or me.badge != building
            or building in me.taken  # KJ-CLUE-03
            or not self.turntables[building].out_front
        ):
            return None
        if self.options.advanced and self._contact_for(me, building) is None:
            return None  # KJ-ADVANCED-08
        return building

    def _contact_for(self, me: Player, building: str) -> str | None:
        """The Contact Card to discard: one for this building, else one that works anywhere."""
        for card in (building, ANY):
            if card in me.contacts:
                return card
        return None

    def arrest_building(self, me: Player) -> str | None:
        """Where `me` may make the arrest: both cars in one building's lot (KJ-ARREST-02)."""
        if me.kojak is not None or me.car != me.kojak_car:
            return None
        return self.board.building_at.get(me.car)

    # --- set-up choices --------------------------------------------------------------------
    def _do_park(self, action: Action) -> list[Event]:
        me = self.seats[self.turn.seat]
        me.car = action["lot"]
        return [Event("parked", {"seat": me.seat, "lot": me.car})]

    def _do_badge(self, action: Action) -> list[Event]:
        me = self.seats[self.turn.seat]
        before, me.badge = me.badge, action["building"]
        events = [Event("badge", {"seat": me.seat, "building": me.badge, "from": before})]
        if self.turn.phase == "setup":
            self.setup_queue.pop(0)
            if self.setup_queue:
                self.turn = Turn(self.setup_queue[0], "setup")
                return [*events, Event("turn", {"seat": self.turn.seat, "phase": "setup"})]
            return events + self._start_turn(self.first)
        return events + self._done()

    # --- the turn's move -------------------------------------------------------------------
    def _do_roll(self, action: Action) -> list[Event]:
        dice = self._roll()
        self.turn.dice = dice
        self.turn.phase = "drive"
        return [Event("roll", {"seat": self.turn.seat, "dice": list(dice), "total": sum(dice)})]

    def _do_drive(self, action: Action) -> list[Event]:
        me = self.seats[self.turn.seat]
        car, to = action["car"], action["to"]
        start = me.car if car == "detective" else me.kojak_car
        assert start is not None and self.turn.dice is not None
        route = self.board.route(start, to, sum(self.turn.dice))
        if car == "detective":
            me.car = to
        else:
            me.kojak_car = to
        data = {"seat": me.seat, "car": car, "from": start, "to": to, "route": list(route)}
        return [Event("drive", data), *self._done()]

    def _do_jump(self, action: Action) -> list[Event]:
        me = self.seats[self.turn.seat]
        before, me.kojak = me.kojak, action["room"]
        self.turn.phase = action["room"]
        return [Event("jump", {"seat": me.seat, "from": before, "to": me.kojak})]

    def _do_stay(self, action: Action) -> list[Event]:
        me = self.seats[self.turn.seat]
        assert me.kojak in ROOMS
        self.turn.phase = me.kojak  # type: ignore[assignment]
        return [Event("stay", {"seat": me.seat, "room": me.kojak})]

    def _do_draw(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if not self.action_pile:  # the discards are shuffled into a new pile (K2)
            self.action_pile, self.action_discards = self.action_discards, []
            self.rng.shuffle(self.action_pile)
            events.append(Event("reshuffled", {"pile": "action", "cards": len(self.action_pile)}))
        card = self.action_pile.pop()
        self.action_discards.append(card)
        self.turn.card = card
        self.turn.phase = "hq"
        return [*events, Event("action_card", {"seat": self.turn.seat, "value": card})]

    def _do_walk(self, action: Action) -> list[Event]:
        me = self.seats[self.turn.seat]
        assert me.kojak is not None and self.turn.card is not None
        to = action["to"]
        route = self.board.hq_walks(me.kojak, self.turn.card)[to]
        events = [
            Event("walk", {"seat": me.seat, "from": me.kojak, "to": to, "route": list(route)})
        ]
        me.kojak = to
        if to in ROOMS:
            self.turn.phase = to
            return events
        if to == self.board.computer:
            events += self._computer_room(me)
        return events + self._done()

    def _computer_room(self, me: Player) -> list[Event]:
        """Two Contact Cards, and Kojak back to the Start space (KJ-ADVANCED-14/20)."""
        drawn: list[str] = []
        events: list[Event] = []
        for _ in range(self.cards.from_computer_room):
            if not self.contact_pile and self.contact_discards:
                self.contact_pile, self.contact_discards = self.contact_discards, []
                self.rng.shuffle(self.contact_pile)
                events.append(
                    Event("reshuffled", {"pile": "contact", "cards": len(self.contact_pile)})
                )
            if self.contact_pile:
                drawn.append(self.contact_pile.pop())
        me.contacts = sorted(me.contacts + drawn)
        me.kojak = self.board.start
        events += [
            Event("computer_room", {"seat": me.seat, "cards": len(drawn)}),
            Event("contacts", {"seat": me.seat, "cards": list(me.contacts), "new": drawn}, me.seat),
        ]
        return events

    def _do_turn(self, action: Action) -> list[Event]:
        building, spaces = action["building"], action["spaces"]
        passed = self.turntables[building].turn(spaces)
        data = {"seat": self.turn.seat, "building": building, "spaces": spaces, "passed": passed}
        return [Event("turned", data), *self._done()]

    def _do_leave_hq(self, action: Action) -> list[Event]:
        me = self.seats[self.turn.seat]
        me.kojak = None
        return [Event("left_hq", {"seat": me.seat, "car": me.kojak_car})]

    def _do_end_turn(self, action: Action) -> list[Event]:
        if self.turn.phase in ROOMS:  # declined the room's effect: a clue may still be there
            return self._done()
        return self._end_turn()

    # --- clues (KJ-CLUE) -------------------------------------------------------------------
    def _do_take(self, action: Action) -> list[Event]:
        me = self.seats[self.turn.seat]
        building = self.clue_building(me)
        assert building is not None
        self.turntables[building].take()
        me.taken.append(building)
        spent = None
        if self.options.advanced:
            spent = self._contact_for(me, building)
            assert spent is not None
            me.contacts.remove(spent)
            self.contact_discards.append(spent)
        statement = self.case.clue(building)
        events = [
            Event(
                "informer_taken",
                {
                    "seat": me.seat,
                    "building": building,
                    "colour": self.board.colour_of[building],
                    "contact": spent,
                },
            ),
            Event(
                "clue",
                {
                    "seat": me.seat,
                    "game": self.case.number,
                    "building": building,
                    "colour": self.board.colour_of[building],
                    "code": statement.code,
                    "statement": statement.text,
                    "clears": statement.clears,
                },
                to=me.seat,
            ),
        ]
        if self.turn.phase == "after":
            return events + self._done()
        return events

    # --- the arrest (KJ-ARREST, KJ-WIN) ----------------------------------------------------
    def _do_arrest(self, action: Action) -> list[Event]:
        me = self.seats[self.turn.seat]
        building = self.arrest_building(me)
        assert building is not None
        right = building == self.case.hideout
        events = [Event("arrest", {"seat": me.seat, "building": building, "correct": right})]
        if right:
            self.winner_seats = [me.seat]
            return events + self._game_over("arrest")
        me.out = True
        me.accused = building
        events.append(Event("out", {"seat": me.seat, "accused": building}))
        events.append(Event("solution", self._solution(), to=me.seat))
        return events + self._end_turn()

    def _solution(self) -> dict[str, JSONValue]:
        return {"hideout": self.case.hideout, "criminal": self.case.sheet.criminal}

    def _game_over(self, reason: str) -> list[Event]:
        self.end_reason = reason
        self.turn = Turn(self.turn.seat, "over")
        return [Event("game_over", {"winners": self.winners, "reason": reason, **self._reveal()})]

    def _reveal(self) -> dict[str, JSONValue]:
        return {**self._solution(), "codes": dict(self.case.codes)}

    def _hidden_parts(self) -> dict[str, JSONValue]:
        """For `reveal`: every notebook (as its seat sees it), the solution and the codes,
        where the informers stand inside each turntable; advanced: every hand, the piles."""
        parts: dict[str, JSONValue] = {
            "notebooks": [self.view(seat)["notebook"] for seat in range(self.players)],
            "reveal": self._reveal(),
            "informer_slots": {b: list(t.slots) for b, t in self.turntables.items()},
        }
        if self.options.advanced:
            parts["hands"] = [list(p.contacts) for p in self.seats]
            parts["action_pile"] = list(reversed(self.action_pile))  # the next card first
            parts["contact_pile"] = list(reversed(self.contact_pile))
        return parts

    # --- turns -----------------------------------------------------------------------------
    def _done(self) -> list[Event]:
        """The turn's move is made: stop for a clue or the arrest if possible, else end."""
        me = self.seats[self.turn.seat]
        if self._take_or_arrest(me):
            self.turn.phase = "after"
            return []
        return self._end_turn()

    def _end_turn(self) -> list[Event]:
        seat = self.turn.seat
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players  # clockwise (KJ-TURN-01)
            if not self.seats[nxt].out:
                return self._start_turn(nxt)
        return self._game_over("everyone out")

    def _start_turn(self, seat: int) -> list[Event]:
        self.turn = Turn(seat, "turn")
        self.seats[seat].turns += 1
        return [Event("turn", {"seat": seat, "phase": "turn"})]

    # --- what each seat may know -----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSONValue]:
        if seat is not None and not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat}")
        turn = self.turn
        sheet = self.case.sheet
        view: dict[str, JSONValue] = {
            **self.view_header(seat),
            "version": self.options.version,
            "case": {
                **sheet.to_json(),
                "game": self.case.number,
                "informer_set": self.case.informer_set,
            },
            "turn": turn.seat,
            "phase": turn.phase,
            "dice": list(turn.dice) if turn.dice else None,
            "action_card": turn.card,
            "pieces": [self._pieces(p) for p in self.seats],
            "turntables": {
                b: {"colour": self.board.colour_of[b], **t.to_json()}
                for b, t in self.turntables.items()
            },
        }
        if self.options.advanced:
            view["piles"] = {
                "action": len(self.action_pile),
                "action_discards": list(self.action_discards),
                "contact": len(self.contact_pile),
                "contact_discards": list(self.contact_discards),
            }
        if seat is not None:
            me = self.seats[seat]
            clues = [self._clue_json(b) for b in me.taken]
            circled = sorted({str(c["clears"]) for c in clues}, key=BUILDINGS.index)
            view["notebook"] = {
                "clues": clues,  # KJ-CLUE-05..07
                "circled": circled,
                "suspects": self.suspects(circled),
            }
            if self.options.advanced:
                view["contacts"] = list(me.contacts)
            if me.out:
                view["solution"] = self._solution()  # he read the book and must keep it secret
            if self.to_move == seat:
                view["legal"] = [a.to_json() for a in self.legal_actions()]
        if self.over:
            view["reveal"] = self._reveal()
            view["ending"] = self.ending()
        return view

    def _prompt(self, seat: int | None) -> Prompt:
        """From public facts (pieces, dice, the Action Card drawn), and the legal kinds only for
        the seat to move (what he may take hangs on his own Contact Cards)."""
        from sleuth.games.kojak.words import prompt  # words names the colours from here

        turn, me = self.turn, self.seats[self.turn.seat]
        return prompt(
            seat,
            turn.seat,
            turn.phase,
            me.car is not None,
            me.kojak,
            self.options.advanced,
            sum(turn.dice) if turn.dice else None,
            turn.card,
            self.legal_kinds() if seat == turn.seat else (),
        )

    def suspects(self, circled: list[str]) -> list[str]:
        """Buildings not yet ruled out by a seat's notebook or by someone's wrong arrest."""
        wrong = {p.accused for p in self.seats if p.accused}
        return [b for b in BUILDINGS if b not in circled and b not in wrong]

    def _clue_json(self, building: str) -> dict[str, JSONValue]:
        statement = self.case.clue(building)
        return {
            "building": building,
            "colour": self.board.colour_of[building],
            "code": statement.code,
            "statement": statement.text,
            "clears": statement.clears,
        }

    def _pieces(self, p: Player) -> dict[str, JSONValue]:
        return {
            "seat": p.seat,
            "colour": p.colour,
            "kojak": p.kojak,
            "cars": {"detective": p.car, "kojak": p.kojak_car},
            "badge": p.badge,
            "informers": list(p.taken),  # hung on the notebook for all to see (KJ-CLUE-08)
            "contacts": len(p.contacts),
            "out": p.out,
            "accused": p.accused,
            "turns": p.turns,
        }

    # --- copies and hidden-state resampling -----------------------------------------------
    def clone(self) -> Kojak:
        """An independent copy. The board, cards, case and past actions and events are shared:
        they never change (the copy gets lists of its own to add to)."""
        memo: dict[int, Any] = {
            id(self.board): self.board,
            id(self.cards): self.cards,
            id(self.case): self.case,
            id(self.history): list(self.history),
            id(self.log): list(self.log),
        }
        return copy.deepcopy(self, memo)

    def resample(self, seat: int, rng: Rng) -> Kojak:
        """A state `seat` cannot tell from this one: codes, hide-out, slots, hands redrawn."""
        state = self.clone()
        state.rng = rng.spawn()
        me = state.seats[seat]
        if not (self.over or me.out):
            known = {b: self.case.codes[b] for b in me.taken}
            state.case = draw_secrets(
                self.case.number, self.case.sheet, rng, taken_codes=known, open_=self.suspects([])
            )
        for table in state.turntables.values():
            table.redraw_unseen(rng)
        if self.options.advanced:
            rng.shuffle(state.action_pile)
            pool = list(state.contact_pile)
            others = [p for p in state.seats if p.seat != seat]
            for p in others:
                pool += p.contacts
            rng.shuffle(pool)
            for p in others:
                n = len(p.contacts)
                p.contacts = sorted(pool[:n])
                del pool[:n]
            state.contact_pile = pool
        state.forget_legal_actions()
        state.resampled = True
        return state


__all__ = ["CARS", "COLOURS", "Kojak", "Player", "Turn"]
