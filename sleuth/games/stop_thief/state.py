"""A game of Stop Thief: set-up, turns, detective moves, Sleuth Cards, arrests, money.

A turn runs through phases, each with its own legal actions:

    fine   a detective who lost his License pays the fine, and that is his turn
    clue   press CLUE (every turn starts so)
    roll   roll the dice
    move   move up to the roll (or anywhere, with the card)
    after  arrest, ride the subway from a station, or end the turn

Sleuth Cards may be played in any phase, once a turn (on the fine turn, none that
changes a move; option `cards_on_fine_turn` off: none at all); a detective
who starts on a subway station may ride before moving. The thief and the
scanner live in `scanner.py`; this module only asks them.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal, TypeVar

from sleuth.core import Action, Event, GameState, IllegalAction, Rng
from sleuth.core.actions import JSONValue
from sleuth.core.prompt import Prompt, not_now
from sleuth.games.stop_thief.board import Board, load_board
from sleuth.games.stop_thief.content import TARGETED, Content, SleuthCard, load_content
from sleuth.games.stop_thief.options import StopThiefOptions
from sleuth.games.stop_thief.scanner import CrimeScanner, Step
from sleuth.games.stop_thief.thief import Clue
from sleuth.games.stop_thief.words import VERBS, prompt

Phase = Literal["fine", "clue", "roll", "move", "after", "over"]

START_MONEY = 300
FINE = 100
CRIME_BONUS = 100  # added to the reward for each further crime before the arrest
HAND = 3


@dataclass
class Detective:
    seat: int
    license: str
    node: int
    money: int = START_MONEY
    licensed: bool = True
    hand: list[int] = field(default_factory=list)
    posters: list[int] = field(default_factory=list)
    turns_to_lose: int = 0


@dataclass
class Turn:
    """What has happened so far in the current turn."""

    seat: int
    phase: Phase
    start_node: int
    dice: tuple[int, int] | None = None
    extra_spaces: int = 0
    anywhere: bool = False
    card_played: bool = False
    rode_first: bool = False  # rode from the station he started on, before moving
    rode_last: bool = False  # rode after ending his move on a station


# Ready-made actions: legal_actions runs at every step of millions of simulated moves.
PAY_FINE, CLUE, ROLL, END_TURN = (Action.of(k) for k in ("pay_fine", "clue", "roll", "end_turn"))
Key = TypeVar("Key")


class _ReadyMade(dict[Key, Action]):
    """Ready-made actions, each made the first time it is asked for: built up front they
    would load the board and the cards whenever the rules module is imported."""

    def __init__(self, make: Callable[[Key], Action]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: Key) -> Action:
        action = self[key] = self._make(key)
        return action


ARRESTS: _ReadyMade[int] = _ReadyMade(lambda code: Action.of("arrest", space=code))
RIDES: _ReadyMade[str] = _ReadyMade(lambda to: Action.of("ride", to=to))
PLAYS: _ReadyMade[tuple[int, int | None]] = _ReadyMade(
    lambda key: (
        Action.of("play_card", card=key[0])
        if key[1] is None
        else Action.of("play_card", card=key[0], target=key[1])
    )
)


@cache
def move_actions(board: Board) -> tuple[Action, ...]:
    """The ready-made move to each node, by node index."""
    return tuple(Action.of("move", to=node.id) for node in board.nodes)


@cache
def _arrest_targets(board: Board, node: int) -> tuple[int, ...]:
    """Numbered spaces on or directly next to `node` (worked out once per node)."""
    codes = (board.nodes[n].code for n in {node, *board.touching[node]})
    return tuple(sorted(code for code in codes if code is not None))


class StopThief(GameState):
    name = "stop-thief"
    options: StopThiefOptions

    def __init__(self, players: int, seed: int, options: StopThiefOptions) -> None:
        super().__init__(players, seed, options)
        self.board: Board = load_board()
        self.content: Content = load_content()
        self.scanner = CrimeScanner(self.board, self.rng, options.odds)
        self.routes: list[list[Step]] = []  # every thief's true route, for reveals after the game
        self.winner_seats: list[int] = []
        self.end_reason = ""
        self.extra_turns = 0
        self.clue_log: list[dict[str, JSONValue]] = []  # every clue everyone heard, this thief
        self.tips: list[list[dict[str, JSONValue]]] = [[] for _ in range(players)]
        self._notebooks: dict[int, Any] = {}  # per-seat Knowledge for the notebook aid
        self._listed: tuple[list[Action], Sequence[int]] | None = None  # destinations
        events = self._set_up()
        self.log.extend(events)

    # --- set-up (ST-SETUP) ---------------------------------------------------------------
    def _set_up(self) -> list[Event]:
        licenses = [lic.name for lic in self.content.licenses]
        self.rng.shuffle(licenses)
        self.detectives = [
            Detective(seat, licenses[seat], self.board.acme) for seat in range(self.players)
        ]
        deck = [card.id for card in self.content.cards]
        self.rng.shuffle(deck)
        for _ in range(HAND):
            for det in self.detectives:
                det.hand.append(deck.pop(0))
        self.pile: deque[int] = deque(deck)
        self.pile_public = 0  # how many cards at the bottom of the pile everyone saw played
        self.wanted = [p.id for p in self.content.posters]
        self.rng.shuffle(self.wanted)
        self.thief_number = 0
        events = [
            Event(
                "setup",
                {
                    "players": self.players,
                    "licenses": [d.license for d in self.detectives],
                    "money": START_MONEY,
                },
            )
        ]
        for det in self.detectives:
            events.append(Event("hand", {"cards": self._cards_json(det.hand)}, to=det.seat))
        first, rolls = self._roll_for_first()
        events.append(Event("first_player", {"rolls": rolls, "seat": first}))
        events.extend(self._new_thief(by=None))
        self.turn = Turn(first, "clue", self.detectives[first].node)
        events.extend(self._start_turn(first))
        return events

    def _roll_for_first(self) -> tuple[int, list[dict[str, JSONValue]]]:
        """Everyone rolls; the highest goes first; tied highest roll again (ST-TURN-01)."""
        contenders = list(range(self.players))
        rolls: list[dict[str, JSONValue]] = []
        while True:
            totals = {seat: self.rng.randint(1, 6) + self.rng.randint(1, 6) for seat in contenders}
            rolls.append({str(seat): total for seat, total in totals.items()})
            best = max(totals.values())
            contenders = [seat for seat, total in totals.items() if total == best]
            if len(contenders) == 1:
                return contenders[0], rolls

    def _new_thief(self, by: int | None) -> list[Event]:
        """Turn over the next WANTED poster and press ON: a thief commits a crime."""
        poster = self.content.posters[self.wanted[self.thief_number]]
        self.thief_number += 1
        step = self.scanner.new_thief()
        self.routes.append(self.scanner.route)
        self.clue_log = [self._clue_entry(step, by, kind="new_thief")]
        return [
            Event(
                "new_thief",
                {
                    "by": by,
                    "number": self.thief_number,
                    "poster": {"name": poster.name, "reward": poster.reward},
                    **step.clue.to_json(),
                },
            )
        ]

    # --- the contract ---------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.turn.phase == "over" else self.turn.seat

    @property
    def winners(self) -> list[int]:
        return list(self.winner_seats)

    @property
    def poster(self) -> int:
        return self.wanted[self.thief_number - 1]

    @property
    def reward(self) -> int:
        """The current thief's reward: face value plus $100 a further crime (ST-MONEY-05/06)."""
        face = self.content.posters[self.poster].reward
        return face + CRIME_BONUS * (self.scanner.crimes - 1)

    def _legal_actions(self) -> list[Action]:
        turn, me = self.turn, self.detectives[self.turn.seat]
        actions: list[Action] = []
        if not me.licensed:  # the fine turn: pay (after CLUE with clue_on_fine_turn), and a card
            actions.append(PAY_FINE if turn.phase == "fine" else CLUE)
            if self.options.cards_on_fine_turn and not turn.card_played:
                actions.extend(self._card_actions(me))
            return actions
        if turn.phase == "clue":
            actions.append(CLUE)
        elif turn.phase == "roll":
            actions.append(ROLL)
        elif turn.phase == "move":
            destinations = self._destinations()
            actions.extend(map(move_actions(self.board).__getitem__, destinations))
            # Kept with the list they head, for `listed_destinations`.
            self._listed = (actions, destinations)
        else:
            actions.append(END_TURN)
            actions.extend(map(ARRESTS.__getitem__, self._arrest_targets(me.node)))
        actions.extend(self._ride_actions())
        if not turn.card_played:
            actions.extend(self._card_actions(me))
        return actions

    def _why_illegal(self, action: Action) -> str:
        turn = self.turn
        if action.kind == "play_card":
            if turn.card_played:
                return "you may play only one Sleuth Card a turn"
            if not self.detectives[turn.seat].licensed and not self.options.cards_on_fine_turn:
                return "a detective without a License only pays the fine this turn"
            return "you cannot play that card now (is it in your hand, with a valid target?)"
        if action.kind == "arrest":
            if turn.phase != "after":
                return "you may try an arrest after you have moved"
            return "you can only arrest on or directly next to the space you name"
        if action.kind == "move" and turn.phase == "move":
            return "you cannot reach that space with this roll"
        if action.kind == "ride":
            return (
                "you may ride the subway only from a station, once a turn, without splitting a move"
            )
        return not_now(action.kind, VERBS, self.prompt(self.to_move))

    def _apply(self, action: Action) -> list[Event]:
        handler = getattr(self, f"_do_{action.kind}")
        events: list[Event] = handler(action)
        return events

    def _can_take_back(self, action: Action, events: list[Event]) -> bool:
        """A move or a subway ride may be taken back while the turn goes on (decision D8):
        the board is public and neither draws a clue, so nothing hidden was learned."""
        return action.kind in ("move", "ride")

    # --- movement (ST-MOVE) ---------------------------------------------------------------
    def _occupied(self, except_seat: int) -> set[int]:
        return {d.node for d in self.detectives if d.seat != except_seat}

    def listed_destinations(self) -> Sequence[int] | None:
        """At a move step, where the mover may end the move, in the order the legal actions
        list those moves (first among them), None at any other step; worked out once, with
        the legal actions (the RL mask writes the moves from it)."""
        legal = self._legal()
        listed = self._listed
        return listed[1] if listed is not None and listed[0] is legal else None

    def _destinations(self) -> Sequence[int]:
        """Where the mover may end this move (ST-MOVE-01..06)."""
        me = self.detectives[self.turn.seat]
        occupied = self._occupied(me.seat)
        if self.turn.anywhere:
            reach = set(self.board.walkable)
        else:
            assert self.turn.dice is not None
            allowance = sum(self.turn.dice) + self.turn.extra_spaces
            within = self.board.within(me.node, allowance)  # his own node first
            if occupied.isdisjoint(within):  # the usual case: no other detective in reach
                return self.board.within_in_order(me.node, allowance)
            reach = set(within)
        landing = reach - occupied
        for blocked in reach & occupied:
            # Landing by count on another detective: go to any square next to it (ST-MOVE-04).
            landing.update(n for n in self.board.steps[blocked] if n not in occupied)
        landing.add(me.node)  # moving 0 is always allowed (ST-MOVE-03)
        return sorted(landing)

    def _ride_actions(self) -> list[Action]:
        """Subway rides (ST-MOVE-07, ST-MOVE-09; decision D2): from the starting station before
        moving, and again after ending the move on a station, even after a first ride.

        A station where another detective stands is offered too: the rider steps out onto
        the space in front of it, the one space next to a station (ST-MOVE-04's rule for an
        occupied landing); not if that space is taken as well.
        """
        turn, me = self.turn, self.detectives[self.turn.seat]
        if me.node not in self.board.station_nodes:
            return []
        if turn.phase == "after":
            if turn.rode_last:
                return []
        elif turn.rode_first or me.node != turn.start_node:
            return []
        occupied = self._occupied(me.seat)
        return [
            RIDES[self.board.node_id(st)]
            for st in self.board.station_nodes
            if st != me.node and self._ride_landing(st, occupied) is not None
        ]

    def _ride_landing(self, station: int, occupied: set[int]) -> int | None:
        """Where a ride to `station` ends: the station, or the space in front if it is taken."""
        if station not in occupied:
            return station
        front = self.board.steps[station][0]  # a station's one neighbour: its front space
        return None if front in occupied else front

    def _do_move(self, action: Action) -> list[Event]:
        me = self.detectives[self.turn.seat]
        target = self.board.node_by_id[action["to"]]
        events = [
            Event(
                "move",
                {"seat": me.seat, "from": self.board.node_id(me.node), "to": action["to"]},
            )
        ]
        me.node = target
        self.turn.phase = "after"
        return events

    def _do_ride(self, action: Action) -> list[Event]:
        me = self.detectives[self.turn.seat]
        origin = self.board.node_id(me.node)
        landing = self._ride_landing(self.board.node_by_id[action["to"]], self._occupied(me.seat))
        assert landing is not None  # only offered when there is room
        me.node = landing
        if self.turn.phase == "after":
            self.turn.rode_last = True  # a ride after moving ends the move there (ST-MOVE-10)
        else:
            self.turn.rode_first = True
            self.turn.start_node = me.node  # then move from the new station (ST-MOVE-07)
        data: dict[str, JSONValue] = {"seat": me.seat, "from": origin, "to": action["to"]}
        if self.board.node_id(landing) != action["to"]:
            data["stepped_to"] = self.board.node_id(landing)  # the station was taken
        return [Event("ride", data)]

    # --- the turn (ST-TURN) ---------------------------------------------------------------
    def _start_turn(self, seat: int) -> list[Event]:
        events: list[Event] = []
        for _ in range(self.players * 4):
            det = self.detectives[seat]
            if det.turns_to_lose and det.licensed:
                det.turns_to_lose -= 1
                events.append(Event("turn_lost", {"seat": seat}))
                seat = (seat + 1) % self.players
                continue
            break
        det = self.detectives[seat]
        phase: Phase = "clue" if det.licensed or self.options.clue_on_fine_turn else "fine"
        self.turn = Turn(seat, phase, det.node)
        events.append(Event("turn", {"seat": seat, "phase": phase}))
        return events

    def _end_turn(self) -> list[Event]:
        seat = self.turn.seat
        if self.extra_turns:
            self.extra_turns -= 1
            return self._start_turn(seat)
        return self._start_turn((seat + 1) % self.players)

    def _do_end_turn(self, action: Action) -> list[Event]:
        return self._end_turn()

    def _do_pay_fine(self, action: Action) -> list[Event]:
        """Pay $100, or $50 if that is all, or nothing; then the turn ends (ST-MONEY-03)."""
        me = self.detectives[self.turn.seat]
        paid = min(FINE, me.money)
        me.money -= paid
        me.licensed = True
        return [Event("license_back", {"seat": me.seat, "paid": paid}), *self._end_turn()]

    def _do_clue(self, action: Action) -> list[Event]:
        events = self._press_clue(self.turn.seat)
        me = self.detectives[self.turn.seat]
        if not me.licensed:
            self.turn.phase = "fine"  # clue_on_fine_turn: heard the clue, now pay
        else:
            self.turn.phase = "move" if self.turn.anywhere else "roll"
        return events

    def _press_clue(self, seat: int) -> list[Event]:
        step = self.scanner.clue()
        entry = self._clue_entry(step, seat)
        self.clue_log.append(entry)
        return [Event("clue", entry)]

    def _clue_entry(
        self, step: Step | None, seat: int | None, kind: str = "clue"
    ) -> dict[str, JSONValue]:
        if step is None:
            last = self.scanner.last
            return {
                "by": seat,
                "type": kind,
                "bleep": True,
                "display": last.display if last else "---",
                "sound": "bleep",
            }
        return {"by": seat, "type": kind, "bleep": False, **step.clue.to_json()}

    def _do_roll(self, action: Action) -> list[Event]:
        dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        self.turn.dice = dice
        self.turn.phase = "move"
        return [Event("roll", {"seat": self.turn.seat, "dice": list(dice), "total": sum(dice)})]

    # --- Sleuth Cards (ST-CARDS) -------------------------------------------------------------
    def _card_actions(self, me: Detective) -> list[Action]:
        actions: list[Action] = []
        # No move on the fine turn, so no card that changes a move (decision D7).
        before_moving = me.licensed and self.turn.phase in ("clue", "roll", "move")
        for card_id in me.hand:
            card = self.content.cards[card_id]
            if card.effect in ("move_anywhere", "extra_spaces") and not before_moving:
                continue
            if card.effect == "move_anywhere" and self.turn.anywhere:
                continue
            if card.effect == "tip" and me.money < card.amount:
                continue
            targeting = TARGETED.get(card.effect)
            if targeting is None:
                actions.append(PLAYS[card_id, None])
                continue
            for seat in range(self.players):
                if targeting == "another" and seat == me.seat:
                    continue
                actions.append(PLAYS[card_id, seat])
        return actions

    def _do_play_card(self, action: Action) -> list[Event]:
        me = self.detectives[self.turn.seat]
        card = self.content.cards[action["card"]]
        target: int | None = action.get("target")
        self.turn.card_played = True
        # The card goes face down under the pile, then the top card replaces it (ST-CARDS-07).
        me.hand.remove(card.id)
        self.pile.append(card.id)
        self.pile_public += 1
        if self.pile_public == len(self.pile):
            self.pile_public -= 1  # the top card is itself one everyone saw played
        drawn = self.pile.popleft()
        me.hand.append(drawn)
        events = [
            Event(
                "card_played",
                {"seat": me.seat, "card": card.to_json(), "target": target},
            )
        ]
        events.extend(self._card_effect(me, card, target))
        if not self.over:
            events.append(
                Event("card_drawn", {"card": self.content.cards[drawn].to_json()}, me.seat)
            )
        return events

    def _card_effect(self, me: Detective, card: SleuthCard, target: int | None) -> list[Event]:
        if card.effect == "extra_turn":
            self.extra_turns += 1
            return []
        if card.effect == "lose_turn":
            assert target is not None
            self.detectives[target].turns_to_lose += 1
            return [Event("will_lose_turn", {"seat": target})]
        if card.effect == "move_anywhere":
            self.turn.anywhere = True
            if self.turn.phase == "roll":
                self.turn.phase = "move"
            return []
        if card.effect == "extra_spaces":
            self.turn.extra_spaces += card.amount
            return []
        if card.effect == "tip":
            me.money -= card.amount
            space = self.scanner.tip()
            tip: dict[str, JSONValue] = {"space": space, "after_clue": len(self.clue_log) - 1}
            self.tips[me.seat].append(tip)
            return [
                Event("tip_called", {"seat": me.seat, "paid": card.amount}),
                Event("tip", {"seat": me.seat, **tip}, to=me.seat),
            ]
        if card.effect == "extra_clues":
            events: list[Event] = []
            for _ in range(card.amount):
                events.extend(self._press_clue(me.seat))
            return events
        if card.effect == "collect":
            assert target is not None
            payer = self.detectives[target]
            paid = min(card.amount, payer.money)
            payer.money -= paid
            me.money += paid
            events = [Event("paid", {"from": target, "to": me.seat, "amount": paid})]
            return events + self._check_win(me)
        assert card.effect == "back_to_acme" and target is not None
        moved = self.detectives[target]
        moved.node = self.board.acme
        if target == me.seat and self.turn.phase in ("clue", "roll", "move"):
            self.turn.start_node = moved.node
        return [Event("back_to_acme", {"seat": target})]

    # --- arrests (ST-ARREST) ------------------------------------------------------------------
    def _arrest_targets(self, node: int) -> tuple[int, ...]:
        """Numbered spaces the detective is on or directly next to (ST-ARREST-06)."""
        return _arrest_targets(self.board, node)

    def _do_arrest(self, action: Action) -> list[Event]:
        me = self.detectives[self.turn.seat]
        space: int = action["space"]
        reward = self.reward
        result = self.scanner.arrest(space)
        events = [Event("arrest", {"seat": me.seat, "space": space, "outcome": result.outcome})]
        if result.outcome == "false":
            me.licensed = False  # turned over; paid back next turn (ST-ARREST-12)
            events.append(Event("license_lost", {"seat": me.seat}))
            return events + self._end_turn()
        if result.outcome == "unsuccessful":
            for step in result.escape:
                entry = self._clue_entry(step, me.seat, kind="escape")
                self.clue_log.append(entry)
                events.append(Event("clue", entry))
            return events + self._end_turn()
        me.money += reward
        me.posters.append(self.poster)
        events.append(Event("reward", {"seat": me.seat, "amount": reward, "poster": self.poster}))
        events.extend(self._check_win(me))
        if self.over:
            return events
        if self.thief_number == len(self.wanted):
            return events + self._finish_exhausted()
        events.extend(self._new_thief(by=me.seat))
        self.extra_turns = 0
        return events + self._start_turn((me.seat + 1) % self.players)  # ST-TURN-06

    # --- the end (ST-WIN) ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.turn.phase == "over"

    def _check_win(self, det: Detective) -> list[Event]:
        if det.money < self.options.win_amount:
            return []
        self.winner_seats = [det.seat]
        self.end_reason = "win"
        self.turn.phase = "over"
        return [Event("game_over", {"winners": [det.seat], "reason": "win", **self._reveal()})]

    def _finish_exhausted(self) -> list[Event]:
        """All ten thieves caught and nobody at $2,500: the richest detective(s) win."""
        best = max(d.money for d in self.detectives)
        self.winner_seats = [d.seat for d in self.detectives if d.money == best]
        self.end_reason = "all thieves caught"
        self.turn.phase = "over"
        return [
            Event(
                "game_over",
                {"winners": self.winners, "reason": self.end_reason, **self._reveal()},
            )
        ]

    def _reveal(self) -> dict[str, JSONValue]:
        return {"routes": [[s.space for s in route] for route in self.routes]}

    def _hidden_parts(self) -> dict[str, JSONValue]:
        """For `reveal`: every hand and tip, where the thief is, every route so far, the pile."""
        thief = self.scanner.thief
        return {
            "hands": [self._cards_json(d.hand) for d in self.detectives],
            "tips": [{"seat": seat, **tip} for seat, tips in enumerate(self.tips) for tip in tips],
            "thief_at": None if thief is None else thief.space,
            "reveal": self._reveal(),  # the current thief's route ends where he is now
            "pile": self._cards_json(list(self.pile)),  # top card first
            "wanted": [self.content.posters[p].name for p in self.wanted[self.thief_number :]],
        }

    # --- what each seat may know --------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSONValue]:
        return self.views([seat])[seat]

    def views(self, seats: Sequence[int | None]) -> dict[int | None, dict[str, JSONValue]]:
        """Each seat's view; the board, the detectives and the clues are built once for all."""
        return self.shared_views(seats, self._public_view, self._private_view, self._reveal)

    def _private_view(self, seat: int) -> dict[str, JSONValue]:
        """What only `seat` sees: its Sleuth Cards, its Tipster's words, its moves, its aid."""
        view: dict[str, JSONValue] = {
            "hand": self._cards_json(self.detectives[seat].hand),
            "tips": [dict(t) for t in self.tips[seat]],
        }
        if self.to_move == seat:
            view["legal"] = [a.to_json() for a in self.legal_actions()]
        if self.options.notebook_aid and not self.over:
            view["notebook"] = {"possible": self._notebook(seat)}
        return view

    def _public_view(self) -> dict[str, JSONValue]:
        """What every seat and spectator sees alike, after the header."""
        poster = self.content.posters[self.poster]
        turn = self.turn
        return {
            "turn": turn.seat,
            "phase": turn.phase,
            "dice": list(turn.dice) if turn.dice else None,
            "allowance": (sum(turn.dice) + turn.extra_spaces) if turn.dice else None,
            "card_played": turn.card_played,
            "detectives": [
                {
                    "seat": d.seat,
                    "license": d.license,
                    "node": self.board.node_id(d.node),
                    "money": d.money,
                    "licensed": d.licensed,
                    "cards": len(d.hand),
                    "posters": [self.content.posters[p].name for p in d.posters],
                    "turns_to_lose": d.turns_to_lose,
                }
                for d in self.detectives
            ],
            "thief": {
                "number": self.thief_number,
                "of": len(self.wanted),
                "poster": poster.name,
                "reward": self.reward,
            },
            "scanner": {
                "display": self.clue_log[-1]["display"] if self.clue_log else "---",
                "memory": [c.display for c in self.scanner.memory],
            },
            "clues": [dict(c) for c in self.clue_log],
        }

    def _prompt(self, seat: int | None) -> Prompt:
        """From public facts, and all the legal kinds only for the seat to move: whether it
        may play a card hangs on its hand; the other kinds anyone can tell from the board."""
        turn, mover = self.turn, self.detectives[self.turn.seat]
        reach = None if turn.anywhere or turn.dice is None else sum(turn.dice) + turn.extra_spaces
        open_kinds = self.legal_kinds()
        return prompt(
            seat,
            turn.seat,
            turn.phase,
            reach,
            mover.licensed,
            [d.license for d in self.detectives],
            [k for k in open_kinds if k != "play_card"],
            open_kinds if seat == turn.seat else (),
        )

    def _cards_json(self, hand: list[int]) -> list[JSONValue]:
        return [self.content.cards[c].to_json() for c in hand]

    def resample(self, seat: int, rng: Rng) -> StopThief:
        """A game `seat` cannot tell from this one, with everything hidden from it redrawn.

        The thief's hidden state comes from the seat's own notebook (the exact
        tracker fed by what it heard and its tips); the other hands and the unseen
        part of the pile are reshuffled (cards everyone saw played keep their place
        at the bottom); the order of the remaining WANTED posters and all future
        chance are redrawn. Other seats' tips, which this seat never saw, are dropped.
        """
        from sleuth.games.stop_thief.knowledge import Knowledge

        if not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat}")
        twin = self.clone()
        twin.rng = rng.spawn()
        twin.scanner.rng = twin.rng
        if self.over:
            return twin
        knowledge = Knowledge(seat, self.board, self.options.odds)
        knowledge.update(self)
        thief = knowledge.tracker.sample(rng)
        twin.scanner.thief = thief
        last = twin.scanner.last
        twin.routes[-1] = twin.scanner.route = [
            Step(thief.space, last if last is not None else Clue("street"), crime=False)
        ]
        hidden_pile = len(twin.pile) - twin.pile_public
        unseen = list(twin.pile)[:hidden_pile]
        for other in twin.detectives:
            if other.seat != seat:
                unseen.extend(other.hand)
        rng.shuffle(unseen)
        for other in twin.detectives:
            if other.seat != seat:
                other.hand = [unseen.pop() for _ in other.hand]
        twin.pile = deque(unseen + list(twin.pile)[hidden_pile:])
        remaining = twin.wanted[twin.thief_number :]
        rng.shuffle(remaining)
        twin.wanted[twin.thief_number :] = remaining
        twin.tips = [tips if s == seat else [] for s, tips in enumerate(twin.tips)]
        twin.forget_legal_actions()
        twin.resampled = True
        return twin

    def _notebook(self, seat: int) -> dict[str, JSONValue]:
        """The notebook aid: where the thief may be, by what this seat knows, as probabilities."""
        from sleuth.games.stop_thief.knowledge import Knowledge

        knowledge = self._notebooks.get(seat)
        if knowledge is None:
            knowledge = self._notebooks[seat] = Knowledge(seat, self.board, self.options.odds)
        knowledge.update(self)
        return {str(code): round(p, 4) for code, p in sorted(knowledge.distribution().items())}

    def clone(self) -> StopThief:
        """An independent copy (the board and content are shared: they never change)."""
        memo: dict[int, Any] = {
            id(self.board): self.board,
            id(self.content): self.content,
            id(self._notebooks): {},  # notebooks follow one game; a copy starts its own
        }
        return copy.deepcopy(self, memo)
