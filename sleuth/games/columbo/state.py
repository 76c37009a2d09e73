"""A game of Columbo: dealing, moving, rooms, challenges, the lawn, the end phase, winning.

A turn runs through phases, each with its own legal actions:

    roll      throw the dice (once a turn)
    move      move by count, jump to a room on 7, 11 or doubles, or (on those throws)
              stay in a room to take another card or to challenge; in the end phase,
              in the Living Room: search the lawn or demand, as the throw allows
    arrived   the move ended by an opponent, in a room or in the Living Room: take the
              top card, challenge, or search the lawn
    discard   he held seven before the card came: one goes onto the lawn
    search    a lawn card was named correctly: name another, or stop
    lay       a wrong naming with no shown card in hand: choose the card to lay down
    give      the player asked chooses what to give (a card of the kind, or No Clue)
    counter   the player asked had none: he may demand from the asker in turn
    exchange  whoever received a card holding seven gives one back

`give`, `counter` and `exchange` are decided by the player asked or the
player who received, so `to_move` is not always the player whose turn it is.

Secrecy: a card face down on the lawn is never in any view; only its place
is. A discard is shown to everyone once, in its `discard` event, unless the
rules lay it down unseen (the end phase, the more difficult game), when only
its owner's private `your_discard` event names it. What each seat has seen is
kept by the engine in one `Knowledge` per seat (`memory(seat)`).
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter
from typing import Any, Literal

from sleuth.core import Action, Event, GameState, IllegalAction, Rng
from sleuth.core.actions import JSONValue
from sleuth.core.prompt import Prompt, not_now
from sleuth.games.columbo.board import LIVING_ROOM, NUMBERED, ROOMS_USED, Board, load_board
from sleuth.games.columbo.cards import (
    COLUMBO_PARTS,
    HAND,
    NAMED_WITHOUT_SHOWING,
    PACK_SIZE,
    SET_SIZE,
    Pack,
    load_pack,
    trimmed_pack,
)
from sleuth.games.columbo.knowledge import Knowledge
from sleuth.games.columbo.options import ColumboOptions
from sleuth.games.columbo.words import VERBS, prompt

Phase = Literal[
    "roll", "move", "arrived", "discard", "search", "lay", "give", "counter", "exchange", "over"
]

# The more difficult game's rewards (Special Rule 3).
FIGURE_REWARD = 500
WEAPON_REWARD = 500
COLUMBO_REWARD = 1000
ENDING_BONUS = 1000
PART_PENALTY = 200  # each part of an incomplete Columbo, and the Mystery card


@cache
def act(what: str, /, **params: Any) -> Action:
    """A ready-made action (legal actions are listed at every step of every game)."""
    return Action.of(what, **params)


ROLL, DRAW, END_TURN, PASS = act("roll"), act("draw"), act("end_turn"), act("pass")
# The phases whose legal actions may begin with namings (`Columbo.naming`): elsewhere, and
# once the game is over, the parts are not even worked out.
NAMING_PHASES = frozenset(("search", "arrived", "move"))


@cache
def _namings(place: int) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """Every naming of lawn place `place`: showing each card (indexed by card id), then
    naming each kind that needs no card shown."""
    return (
        tuple(act("name", place=place, show=card) for card in range(PACK_SIZE)),
        tuple(act("name", place=place, evidence=kind) for kind in NAMED_WITHOUT_SHOWING),
    )


@cache
def _every_naming() -> tuple[tuple[tuple[Action, ...], tuple[Action, ...]], ...]:
    """`_namings` of every place, by place (a search step looks at each lawn place)."""
    return tuple(_namings(place) for place in range(PACK_SIZE))


@cache
def _card_actions(what: str) -> tuple[Action, ...]:
    """`discard`, `give`, `exchange` or `lay` of each card, indexed by card id."""
    return tuple(act(what, card=card) for card in range(PACK_SIZE))


@cache
def _node_actions(board: Board, what: str) -> tuple[Action, ...]:
    """`move` or `jump` to each board node, indexed by node."""
    return tuple(act(what, to=node.id) for node in board.nodes)


@cache
def _demands(target: int) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """Every demand from seat `target`: showing each card (indexed by card id), then naming
    each kind that needs no card shown."""
    return (
        tuple(act("demand", target=target, show=card) for card in range(PACK_SIZE)),
        tuple(act("demand", target=target, evidence=kind) for kind in NAMED_WITHOUT_SHOWING),
    )


@dataclass
class Detective:
    seat: int
    node: int
    hand: list[int] = field(default_factory=list)
    table: list[list[int]] = field(default_factory=list)  # complete sets laid face up


@dataclass
class Turn:
    """What has happened so far in the current turn."""

    seat: int
    phase: Phase = "roll"
    dice: tuple[int, int] | None = None
    then: Literal["end", "search"] = "end"  # where a discard leads
    drawn: int | None = None  # the card just taken from a room (its taker sees it)
    shown: int | None = None  # the last card shown in this lawn search
    found: int = 0  # lawn cards picked up this turn
    laid: list[int] = field(default_factory=list)  # lawn places filled this turn
    place: int | None = None  # a wrongly named place waiting for a card (phase lay)
    pending: int | None = None  # the card turned over there, on its way to the hand

    @property
    def total(self) -> int:
        return sum(self.dice) if self.dice else 0

    @property
    def doubles(self) -> bool:
        return self.dice is not None and self.dice[0] == self.dice[1]

    @property
    def special(self) -> bool:
        """7, 11 or doubles (CO-MOVE-08)."""
        return self.total in (7, 11) or self.doubles

    @property
    def searches(self) -> bool:
        """An odd throw or doubles: the end phase's lawn search (CO-ENDGAME-02)."""
        return self.total % 2 == 1 or self.doubles


@dataclass
class Challenge:
    """A demand in progress: who asked whom for what."""

    by: int
    target: int
    kind: str
    shown: int | None
    counter: bool = False  # the asked player's demand in return (CO-CHALLENGE-07)
    receiver: int | None = None  # got a card while holding seven: owes a card back


@dataclass(frozen=True, slots=True)
class Naming:
    """A naming position's legal actions in parts: the namings of lawn places (up to 253 at
    a search step) are never listed for the RL environments, only judged (`allows`) and
    masked from these."""

    places: tuple[int, ...]  # the nameable lawn places, in order
    shows: tuple[int, ...]  # the mover's cards that show, in hand order
    others: tuple[Action, ...]  # the few legal actions after the namings: demands, END_TURN

    def actions(self) -> list[Action]:
        """The legal actions listed: for each place, showing each card that shows, then naming
        each kind named without showing; then the others (the RL mask counts on the order)."""
        shows = self.shows
        # The namings come ready-made from a table, and several shown cards are picked at
        # once (in C, by `itemgetter`).
        pick = itemgetter(*shows) if len(shows) > 1 else None
        actions: list[Action] = []
        namings = _every_naming()
        for place in self.places:
            by_card, by_evidence = namings[place]
            if pick is not None:
                actions += pick(by_card)
            elif shows:
                actions.append(by_card[shows[0]])
            actions += by_evidence
        actions += self.others
        return actions

    def allows(self, action: Action) -> bool:
        """Whether `action` is one of `actions()`, found without listing them."""
        if action.kind != "name":
            return action in self.others
        place, show = action.get("place"), action.get("show")
        if type(place) is not int or place not in self.places:
            return False
        by_card, by_evidence = _every_naming()[place]
        if show is None:
            kind = action.get("evidence")
            if kind not in NAMED_WITHOUT_SHOWING:
                return False
            made = by_evidence[NAMED_WITHOUT_SHOWING.index(kind)]
        elif type(show) is int and show in self.shows:
            made = by_card[show]
        else:
            return False
        # The table's own object, or one made afresh (from JSON, say) that equals it: equality
        # also refuses an extra parameter or a look-alike value (`true` for 1).
        return made is action or made == action


class Columbo(GameState):
    name = "columbo"
    options: ColumboOptions

    def __init__(self, players: int, seed: int, options: ColumboOptions) -> None:
        super().__init__(players, seed, options)
        self.board: Board = load_board()
        self.pack: Pack = load_pack()
        self.kind_of: tuple[str, ...] = tuple(c.kind for c in self.pack.cards)
        self.rooms: tuple[int, ...] = ROOMS_USED.get(players, NUMBERED)
        rng = self.rng if options.removal == "random" else None
        self.in_play: list[int] = trimmed_pack(self.pack, players, rng)
        kept = set(self.in_play)
        self.removed: list[int] = [c.id for c in self.pack.cards if c.id not in kept]
        self.piles: dict[int, list[int]] = {room: [] for room in self.rooms}  # top card last
        self.lawn: list[int | None] = []  # one card per place, face down; None: an empty place
        self.aside: list[int] = []  # No Clue cards put out of the game
        self.endgame = False
        self.turns = 0  # turns finished
        self.winner_seats: list[int] = []
        self.end_reason = ""
        self.rewards: list[dict[str, int]] | None = None
        self.challenge: Challenge | None = None
        self.memories = [Knowledge(seat, players) for seat in range(players)]
        # How many events of the log each memory has been fed: memories catch up only
        # when asked (`memory`), since most simulated actions are never looked back on.
        self._fed = [0] * players
        # This position's `naming`, once worked out (`_naming_known`); a new position clears it.
        self._naming: Naming | None = None
        self._naming_known = False
        events = self._set_up()
        self.log.extend(events)

    # --- set-up -----------------------------------------------------------------------------
    def _set_up(self) -> list[Event]:
        deck = list(self.in_play)
        self.rng.shuffle(deck)
        living = self.board.living
        self.detectives = [Detective(seat, living) for seat in range(self.players)]  # CO-MOVE-01
        for _ in range(HAND):
            for det in self.detectives:
                det.hand.append(deck.pop())
        for i, card in enumerate(deck):  # one at a time round the rooms: piles differ by one
            self.piles[self.rooms[i % len(self.rooms)]].append(card)
        events = [
            Event(
                "setup",
                {
                    "players": self.players,
                    "advanced": self.options.advanced,
                    "pack": len(self.in_play),
                    "removed": self._cards(self.removed),
                    "rooms": list(self.rooms),
                    "piles": {str(r): len(p) for r, p in self.piles.items()},
                },
            )
        ]
        for det in self.detectives:
            dealt = {"cards": self._cards(det.hand)}  # the hand shows them; no note keeps them
            events.append(Event("hand", dealt, to=det.seat, fleeting=("cards",)))
        first, rolls = self._roll_for_first()
        events.append(Event("first_player", {"rolls": rolls, "seat": first}))
        self.turn = Turn(first)
        events.append(Event("turn", {"seat": first, "number": 1}))
        return events

    def _roll_for_first(self) -> tuple[int, list[dict[str, JSONValue]]]:
        """Everyone throws; the highest moves first; the tied highest throw again (CO-TURN-02)."""
        contenders = list(range(self.players))
        rolls: list[dict[str, JSONValue]] = []
        while True:
            totals = {seat: self.rng.die() + self.rng.die() for seat in contenders}
            rolls.append({str(seat): total for seat, total in totals.items()})
            best = max(totals.values())
            contenders = [seat for seat, total in totals.items() if total == best]
            if len(contenders) == 1:
                return contenders[0], rolls

    # --- the contract ------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        phase = self.turn.phase
        if phase == "over":
            return None
        if phase in ("give", "counter"):
            assert self.challenge is not None
            return self.challenge.target
        if phase == "exchange":
            assert self.challenge is not None and self.challenge.receiver is not None
            return self.challenge.receiver
        return self.turn.seat

    @property
    def over(self) -> bool:
        return self.turn.phase == "over"

    @property
    def winners(self) -> list[int]:
        return list(self.winner_seats)

    def memory(self, seat: int) -> Knowledge:
        """Everything `seat` has seen, with perfect recall (for bots and replays, not views)."""
        know = self.memories[seat]
        if self._fed[seat] < len(self.log):
            know.feed(self.log[self._fed[seat] :])
            self._fed[seat] = len(self.log)
        return know

    def _legal_actions(self) -> list[Action]:
        phase = self.turn.phase
        if phase == "roll":
            return [ROLL]
        if (naming := self.naming()) is not None:
            return naming.actions()
        seat = self.to_move
        assert seat is not None
        me = self.detectives[seat]
        if phase == "move":
            return self._move_actions(me)
        if phase == "arrived":
            return self._arrived_actions(me)
        if phase == "give":
            assert self.challenge is not None
            give = _card_actions("give")
            return [give[c] for c in self._answers(me, self.challenge.kind)]
        if phase == "counter":
            assert self.challenge is not None
            return [*self._demand_actions(me, [self.challenge.by]), PASS]
        kinds = {"discard": "discard", "exchange": "exchange", "lay": "lay"}
        return list(map(_card_actions(kinds[phase]).__getitem__, me.hand))

    def naming(self) -> Naming | None:
        """The legal actions in parts at a naming position (a lawn search, arriving in the
        Living Room, the end phase's move there), else None: worked out once per position."""
        if self.turn.phase not in NAMING_PHASES:
            return None
        if not self._naming_known:
            self._naming = self._naming_parts()
            self._naming_known = True
        return self._naming

    def is_legal(self, action: Action) -> bool:
        """At a naming position, judged from its parts: its namings are never listed for it."""
        naming = self.naming()
        if naming is None:
            return super().is_legal(action)
        return naming.allows(action)

    def _new_position(self) -> None:
        super()._new_position()
        self._naming_known = False

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = getattr(self, f"_do_{action.kind}")(action)
        return events

    def _why_illegal(self, action: Action) -> str:
        phase = self.turn.phase
        if action.kind == "roll" and phase != "roll":
            return "you throw the dice only once in each turn"
        if action.kind == "name":
            if self.board.room_of(self.detectives[self.turn.seat].node) != LIVING_ROOM:
                return "lawn cards can be picked up only from the Living Room"
            return "you cannot name that lawn card now (show a card of the kind you name)"
        if action.kind == "demand":
            return (
                "you may demand only from a detective you met (by exact count in a hallway,"
                " or in a room), showing a card of the kind you want"
            )
        if action.kind in ("move", "jump") and phase == "move":
            return "your throw cannot take you there"
        return not_now(action.kind, VERBS, self.prompt(self.to_move))

    def _can_take_back(self, action: Action, events: list[Event]) -> bool:
        """A move or a jump may be taken back while its turn goes on, before a card is taken,
        a challenge made or the lawn searched (decision M6): the
        board is public and moving draws nothing."""
        return action.kind in ("move", "jump")

    # --- what may be done --------------------------------------------------------------------
    def _others_at(self, me: Detective) -> list[int]:
        return [d.seat for d in self.detectives if d.seat != me.seat and d.node == me.node]

    def _enterable(self) -> set[int]:
        """Rooms a piece may enter: those in play and the Living Room; in the end phase, only
        the Living Room (CO-ENDGAME-01)."""
        if self.endgame:
            return {self.board.living}
        return {self.board.living, *(self.board.room_node[r] for r in self.rooms)}

    def _move_actions(self, me: Detective) -> list[Action]:
        turn, board = self.turn, self.board
        here = me.node
        room = board.room_of(here)
        halls, rooms = board.reach(here, turn.total)
        enterable = self._enterable()
        reached = [r for r in rooms if r in enterable]
        actions = list(map(_node_actions(board, "move").__getitem__, (*halls, *reached)))
        if turn.special:
            jumps = sorted(enterable - {here} - set(reached))
            actions.extend(map(_node_actions(board, "jump").__getitem__, jumps))
            if not self.endgame and room is not None:
                if room != LIVING_ROOM and self.piles[room]:
                    actions.append(DRAW)  # CO-ROOM-04 (b)
                actions.extend(self._demand_actions(me, self._others_at(me)))  # (c)
        return actions or [END_TURN]

    def _naming_parts(self) -> Naming | None:
        """`naming`, worked out at one of the `NAMING_PHASES`."""
        turn = self.turn
        me = self.detectives[turn.seat]  # at these phases the mover is the turn's player
        if turn.phase == "search":
            return self._lawn_naming(me, True, [END_TURN])
        in_living_room = self.board.room_of(me.node) == LIVING_ROOM
        if self.endgame and (turn.phase == "arrived" or (turn.phase == "move" and in_living_room)):
            # The end phase in the Living Room: search on odd or doubles; demand on 7, 11,
            # doubles.
            demands = self._demand_actions(me, self._others_at(me)) if turn.special else []
            return self._lawn_naming(me, turn.searches, [*demands, END_TURN])
        if turn.phase == "arrived" and in_living_room:
            demands = self._demand_actions(me, self._others_at(me))
            return self._lawn_naming(me, True, [*demands, END_TURN])
        return None

    def _lawn_naming(self, me: Detective, searches: bool, others: list[Action]) -> Naming:
        """The namings of the `nameable` lawn places if `searches`, with the `others` after."""
        if not searches:
            return Naming((), (), tuple(others))
        return Naming(tuple(self.nameable()), tuple(self.shows(me)), tuple(others))

    def _arrived_actions(self, me: Detective) -> list[Action]:
        """Arriving elsewhere than in the Living Room (there: `naming`)."""
        room = self.board.room_of(me.node)
        demands = self._demand_actions(me, self._others_at(me))
        if room is None:
            return [*demands, END_TURN]
        if self.piles[room]:
            return [DRAW, *demands]  # the top card must be taken, unless he challenges instead
        return [*demands, END_TURN]

    def shows(self, me: Detective) -> list[int]:
        """Cards that can be shown to ask for their kind: figures, weapons, Columbo."""
        return [c for c in me.hand if self.pack.cards[c].shows]

    def nameable(self) -> list[int]:
        """The lawn places a naming may name, in order: those holding a card, but not one laid
        down this turn (no endless give and take)."""
        laid = self.turn.laid
        return [
            place for place, card in enumerate(self.lawn) if card is not None and place not in laid
        ]

    def _demand_actions(self, me: Detective, targets: list[int]) -> list[Action]:
        actions: list[Action] = []
        shows = self.shows(me)
        for target in targets:
            by_card, by_evidence = _demands(target)
            actions.extend(map(by_card.__getitem__, shows))
            actions.extend(by_evidence)
        return actions

    def _answers(self, giver: Detective, kind: str) -> list[int]:
        """What an asked player may hand over: a card of the kind, or a No Clue card instead."""
        matching = [c for c in giver.hand if self.kind_of[c] == kind]
        if not matching:
            return []
        return matching + [c for c in giver.hand if self.kind_of[c] == "no-clue"]

    # --- dice and movement -------------------------------------------------------------------
    def _do_roll(self, action: Action) -> list[Event]:
        turn = self.turn
        turn.dice = (self.rng.die(), self.rng.die())
        events = [
            Event(
                "roll",
                {
                    "seat": turn.seat,
                    "dice": list(turn.dice),
                    "total": turn.total,
                    "special": turn.special,
                },
            )
        ]
        me = self.detectives[turn.seat]
        if self.endgame and self.board.room_of(me.node) == LIVING_ROOM and not turn.searches:
            events.append(Event("turn_lost", {"seat": turn.seat, "total": turn.total}))
            return events + self._end_turn()  # CO-ENDGAME-05
        turn.phase = "move"
        return events

    def _do_move(self, action: Action) -> list[Event]:
        return self._go(action, jump=False)

    def _do_jump(self, action: Action) -> list[Event]:
        return self._go(action, jump=True)

    def _go(self, action: Action, jump: bool) -> list[Event]:
        me = self.detectives[self.turn.seat]
        origin = self.board.nodes[me.node].id
        me.node = self.board.node_by_id[action["to"]]
        data = {"seat": me.seat, "from": origin, "to": action["to"], "jump": jump}
        return [Event("move", data), *self._arrive(me)]

    def _arrive(self, me: Detective) -> list[Event]:
        """Where the move ended decides what comes next: a choice, a card, or the turn's end."""
        room = self.board.room_of(me.node)
        others = self._others_at(me)
        turn = self.turn
        if self.endgame:
            if room == LIVING_ROOM and (
                (turn.searches and self._lawn_count()) or (turn.special and others)
            ):
                turn.phase = "arrived"
                return []
            return self._end_turn()
        if room is None or room == LIVING_ROOM:
            lawn = room == LIVING_ROOM and self._lawn_count() > 0
            if others or lawn:
                turn.phase = "arrived"
                return []
            return self._end_turn()
        if self.piles[room] and not others:
            return self._draw(me, room)  # CO-ROOM-01: immediately
        if self.piles[room] or others:
            turn.phase = "arrived"
            return []
        return [Event("empty_room", {"seat": me.seat, "room": room}), *self._end_turn()]

    # --- rooms -------------------------------------------------------------------------------
    def _do_draw(self, action: Action) -> list[Event]:
        me = self.detectives[self.turn.seat]
        room = self.board.room_of(me.node)
        assert room is not None
        return self._draw(me, room)

    def _draw(self, me: Detective, room: int) -> list[Event]:
        pile = self.piles[room]
        card = pile.pop()
        self.turn.drawn = card
        events = [
            Event("draw", {"seat": me.seat, "room": room, "left": len(pile)}),
            # fleeting: if it goes straight back onto the lawn no note may keep its face
            Event(
                "drew",
                {"seat": me.seat, "room": room, "card": self._card(card)},
                to=me.seat,
                fleeting=("card",),
            ),
        ]
        held = len(me.hand)
        events += self._receive(me, card)
        if self.over:
            return events
        # CO-ROOM-02, CO-CARDS-06: held seven, so one goes, set or no set (R2); but a draw
        # that completes two sets may leave nothing in hand to part with (R2a).
        if held >= HAND and me.hand:
            self.turn.phase = "discard"
            self.turn.then = "end"
            return events
        events.append(Event("kept", {"seat": me.seat, "cards": len(me.hand)}))  # CO-CARDS-04
        return events + self._end_turn()

    def _do_discard(self, action: Action) -> list[Event]:
        me = self.detectives[self.turn.seat]
        card: int = action["card"]
        me.hand.remove(card)
        events = self._put_on_lawn(me, card, self._free_place(), "discard")
        self.turn.drawn = None
        if self.turn.then == "search":
            self.turn.phase = "search"  # CO-LAWN-06: go on naming, or stop
            return events
        return events + self._end_turn()  # CO-TURN-03

    def _lawn_shown(self) -> bool:
        """Discards are shown to all (CO-LAWN-01) in both games, except in the end phase
        (CO-ENDGAME-03) or when the option `show_discards` is off (decision L1)."""
        return self.options.show_discards and not self.endgame

    def _put_on_lawn(
        self, me: Detective, card: int, place: int, kind: str, shown: bool | None = None
    ) -> list[Event]:
        self.lawn[place] = card
        self.turn.laid.append(place)
        if shown is None:
            shown = self._lawn_shown()
        data: dict[str, JSONValue] = {"seat": me.seat, "place": place}
        if kind == "swapped":
            data["laid"] = True
        face = self._card(card) if shown else None
        events = [Event(kind, {**data, "card": face}, fleeting=("card",))]  # then face down
        if not shown:  # its owner sees it as he lays it, and must remember it too
            secret = {"seat": me.seat, "place": place, "card": self._card(card)}
            events.append(Event("your_discard", secret, to=me.seat, fleeting=("card",)))
        return events

    def _free_place(self) -> int:
        """The first empty place on the lawn: cards never lie on top of each other."""
        for place, card in enumerate(self.lawn):
            if card is None:
                return place
        self.lawn.append(None)
        return len(self.lawn) - 1

    def _lawn_count(self) -> int:
        return sum(1 for card in self.lawn if card is not None)

    # --- holding cards, laying down sets, winning --------------------------------------------
    def _receive(self, det: Detective, card: int) -> list[Event]:
        """A card joins a hand: complete sets go down on the table, and a win ends the game."""
        det.hand.append(card)
        events = self._lay_down(det)
        return events + self._check_win(det)

    def _lay_down(self, det: Detective) -> list[Event]:
        """CO-CARDS-05: a complete figure or weapon goes face up on the table. In the basic game
        one of each is enough to win, so a second stays in the hand; the more difficult game
        lays down every one (CO-ADVANCED-02)."""
        # Counted by `list.count` in C: a Counter costs more for a hand of seven or eight, and
        # this runs at every card received.
        kinds = list(map(self.kind_of.__getitem__, det.hand))
        events: list[Event] = []
        for kind in self.pack.sets:
            if kinds.count(kind) < SET_SIZE:
                continue
            group = self.pack.groups[kind]
            on_table = [s for s in det.table if self.pack.groups[self.kind_of[s[0]]] == group]
            if on_table and not self.options.advanced:
                continue
            cards = [c for c in det.hand if self.kind_of[c] == kind]
            det.hand = [c for c in det.hand if self.kind_of[c] != kind]
            det.table.append(cards)
            events.append(
                Event("laid_down", {"seat": det.seat, "kind": kind, "cards": self._cards(cards)})
            )
        return events

    def complete_sets(self, det: Detective) -> list[str]:
        """The kinds of the complete figures and weapons he has, on the table or in his hand."""
        counts = Counter(map(self.kind_of.__getitem__, det.hand))
        in_hand = [k for k in self.pack.sets if counts[k] == SET_SIZE]
        return [self.kind_of[s[0]] for s in det.table] + in_hand

    def solution(self, det: Detective) -> list[int] | None:
        """A complete figure, a complete weapon and a Motive card, if he has them (CO-WIN-02)."""
        motive = next((c for c in det.hand if self.kind_of[c] == "motive"), None)
        if motive is None:  # first, as the cheapest test: checked at every card received
            return None
        # The next cheapest: a figure and a weapon are each a set on the table or four cards in
        # the hand beside the Motive card, and most hands are too few for what the table lacks.
        if len(det.hand) - 1 < SET_SIZE * (2 - len(det.table)):
            return None
        sets = self.complete_sets(det)
        groups = self.pack.groups
        figure = next((k for k in sets if groups[k] == "figure"), None)
        weapon = next((k for k in sets if groups[k] == "weapon"), None)
        if figure is None or weapon is None:
            return None
        held = [c for s in det.table for c in s] + det.hand
        return [c for c in held if self.kind_of[c] in (figure, weapon)] + [motive]

    def columbo(self, det: Detective) -> list[int] | None:
        """All six parts of Columbo and the Mystery card, if he has them (CO-WIN-02)."""
        if len(det.hand) < COLUMBO_PARTS + 1:  # too few (checked at every card received)
            return None
        cards = [c for c in det.hand if self.kind_of[c] in ("columbo", "mystery")]
        return cards if len(cards) == COLUMBO_PARTS + 1 else None

    def _check_win(self, det: Detective) -> list[Event]:
        cards = self.solution(det)
        reason = "solved"
        if cards is None and not self.options.advanced:  # CO-ADVANCED-03: only the mystery
            cards, reason = self.columbo(det), "columbo"
        if cards is None:
            return []
        return self._finish(reason, det.seat, cards)

    def reward(self, seat: int, ender: int | None) -> dict[str, int]:
        """The more difficult game's reward for one detective, item by item (CO-ADVANCED-04..10)."""
        det = self.detectives[seat]
        sets = self.complete_sets(det)
        groups = [self.pack.groups[k] for k in sets]
        counts = Counter(self.kind_of[c] for c in det.hand)
        parts = counts["columbo"]
        complete = parts == COLUMBO_PARTS
        # Decision A2: beside a complete Columbo the Mystery card completes "finding Columbo"
        # and costs nothing (option mystery_penalty="always": it costs $200 all the same).
        spared = complete and self.options.mystery_penalty == "alone"
        items = {
            "figures": FIGURE_REWARD * groups.count("figure"),
            "weapons": WEAPON_REWARD * groups.count("weapon"),
            "columbo": COLUMBO_REWARD if complete else -PART_PENALTY * parts,
            "mystery": 0 if spared else -PART_PENALTY * counts["mystery"],
            "bonus": ENDING_BONUS if seat == ender else 0,
        }
        items["total"] = sum(items.values())
        return items

    def _finish(self, reason: str, ender: int | None, cards: list[int]) -> list[Event]:
        if self.options.advanced:
            self.rewards = [self.reward(seat, ender) for seat in range(self.players)]
            best = max(r["total"] for r in self.rewards)
            self.winner_seats = [s for s, r in enumerate(self.rewards) if r["total"] == best]
        else:
            self.winner_seats = [] if ender is None else [ender]
        self.end_reason = reason
        self.turn.phase = "over"
        self.challenge = None
        data: dict[str, JSONValue] = {
            "winners": self.winners,
            "reason": reason,
            "by": ender,
            "cards": self._cards(cards),
            "rewards": self.rewards,
        }
        return [Event("game_over", data)]

    # --- the turn's end ----------------------------------------------------------------------
    def _do_end_turn(self, action: Action) -> list[Event]:
        return self._end_turn()

    def _end_turn(self) -> list[Event]:
        events: list[Event] = []
        if not self.endgame and not any(self.piles.values()):
            self.endgame = True  # CO-ENDGAME-01
            events.append(Event("rooms_empty", {}))
        self.turns += 1
        self.challenge = None
        if self.turns >= self.options.max_turns:
            return events + self._finish("cold", None, [])
        seat = (self.turn.seat + 1) % self.players
        self.turn = Turn(seat)
        events.append(Event("turn", {"seat": seat, "number": self.turns + 1}))
        return events

    # --- challenges --------------------------------------------------------------------------
    def _do_demand(self, action: Action) -> list[Event]:
        counter = self.turn.phase == "counter"
        seat = self.to_move
        assert seat is not None
        target: int = action["target"]
        show: int | None = action.get("show")
        kind: str = self.kind_of[show] if show is not None else action["evidence"]
        self.challenge = Challenge(seat, target, kind, show, counter)
        data = {
            "by": seat,
            "target": target,
            "kind": kind,
            "shown": self._card(show) if show is not None else None,
            "counter": counter,
        }
        events = [Event("demand", data)]
        if self._answers(self.detectives[target], kind):
            self.turn.phase = "give"  # CO-CHALLENGE-03
            return events
        events.append(Event("has_none", {"seat": target, "kind": kind}))
        if counter:
            return events + self._end_turn()  # CO-CHALLENGE-08
        self.turn.phase = "counter"  # CO-CHALLENGE-07
        return events

    def _do_give(self, action: Action) -> list[Event]:
        ch = self.challenge
        assert ch is not None
        giver, taker = self.detectives[ch.target], self.detectives[ch.by]
        card: int = action["card"]
        giver.hand.remove(card)
        if self.kind_of[card] == "no-clue":  # CO-CHALLENGE-05/06: out of the game
            self.aside.append(card)
            data = {"from": giver.seat, "to": taker.seat, "card": self._card(card)}
            return [Event("no_clue", data), *self._end_turn()]
        private = {"from": giver.seat, "to": taker.seat, "card": self._card(card)}
        events = [
            Event("gave", {"from": giver.seat, "to": taker.seat, "kind": ch.kind}),
            Event("given", private, to=taker.seat),
            Event("given", private, to=giver.seat),
        ]
        held = len(taker.hand)
        events += self._receive(taker, card)
        if self.over:
            return events
        # CO-CHALLENGE-04: held seven, so a card in return, set or no set (R2, R2a).
        if held >= HAND and taker.hand:
            ch.receiver = taker.seat
            self.turn.phase = "exchange"
            return events
        return events + self._end_turn()  # CO-CARDS-04: no discard below seven

    def _do_exchange(self, action: Action) -> list[Event]:
        ch = self.challenge
        assert ch is not None and ch.receiver is not None
        giver, taker = self.detectives[ch.receiver], self.detectives[ch.target]
        card: int = action["card"]
        giver.hand.remove(card)
        private = {"from": giver.seat, "to": taker.seat, "card": self._card(card)}
        events = [
            Event("exchange", {"from": giver.seat, "to": taker.seat}),
            Event("exchanged", private, to=giver.seat),
            Event("exchanged", private, to=taker.seat),
        ]
        events += self._receive(taker, card)
        if self.over:
            return events
        return events + self._end_turn()

    def _do_pass(self, action: Action) -> list[Event]:
        assert self.challenge is not None
        return [Event("pass", {"seat": self.challenge.target}), *self._end_turn()]

    # --- the lawn ----------------------------------------------------------------------------
    def _do_name(self, action: Action) -> list[Event]:
        turn = self.turn
        me = self.detectives[turn.seat]
        place: int = action["place"]
        show: int | None = action.get("show")
        kind: str = self.kind_of[show] if show is not None else action["evidence"]
        card = self.lawn[place]
        assert card is not None
        right = self.kind_of[card] == kind
        if show is not None:
            turn.shown = show
        shown = self._card(show) if show is not None else None
        # What was named and shown is said aloud once: after a wrong naming the card shown
        # lies at that place, so no record may keep it (CO-LAWN-02, CO-LAWN-07).
        said = {"seat": me.seat, "place": place, "kind": kind, "shown": shown}
        events = [
            Event("name", said, fleeting=("kind", "shown")),
            Event(
                "turned",
                {"seat": me.seat, "place": place, "card": self._card(card), "right": right},
            ),
        ]
        self.lawn[place] = None
        if right:  # CO-LAWN-05
            turn.found += 1
            held = len(me.hand)
            events += self._receive(me, card)
            if self.over:
                return events
            turn.then = "search"
            turn.phase = "discard" if held >= HAND and me.hand else "search"  # R2, R2a
            return events
        # CO-LAWN-07: he takes the card and lays the last card he showed in its place.
        laid = turn.shown if turn.shown in me.hand else None
        if laid is None and me.hand:
            turn.phase, turn.place, turn.pending = "lay", place, card
            return events
        return events + self._swap(me, place, laid, card)

    def _do_lay(self, action: Action) -> list[Event]:
        turn = self.turn
        me = self.detectives[turn.seat]
        assert turn.place is not None and turn.pending is not None
        place, card = turn.place, turn.pending
        turn.place = turn.pending = None
        return self._swap(me, place, action["card"], card)

    def _swap(self, me: Detective, place: int, laid: int | None, card: int) -> list[Event]:
        if laid is None:  # an empty hand: nothing to lay down
            data = {"seat": me.seat, "place": place, "card": None, "laid": False}
            events = [Event("swapped", data)]
        else:
            me.hand.remove(laid)
            shown = laid == self.turn.shown or self._lawn_shown()
            events = self._put_on_lawn(me, laid, place, "swapped", shown)
        events += self._receive(me, card)
        if self.over:
            return events
        return events + self._end_turn()

    # --- what each seat may know -------------------------------------------------------------
    def _card(self, card: int) -> dict[str, JSONValue]:
        return dict(self.pack.faces[card])  # a copy: each event holds its own

    def _cards(self, cards: list[int]) -> list[JSONValue]:
        return [self._card(c) for c in cards]

    def _hidden_parts(self) -> dict[str, JSONValue]:
        """For `reveal`: every hand, the face of every lawn card (None: an empty place),
        each room's pile (the top card first) and the card just taken from a room."""
        turn = self.turn
        return {
            "hands": [self._cards(d.hand) for d in self.detectives],
            "lawn_faces": [None if c is None else self._card(c) for c in self.lawn],
            "piles": {str(room): self._cards(pile[::-1]) for room, pile in self.piles.items()},
            "drawn": self._card(turn.drawn)
            if turn.drawn is not None and turn.phase == "discard"
            else None,
        }

    def view(self, seat: int | None) -> dict[str, JSONValue]:
        if seat is not None and not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat}")
        turn, board, ch = self.turn, self.board, self.challenge
        in_search = turn.phase in ("search", "lay") or (
            turn.phase == "discard" and turn.then == "search"
        )
        view: dict[str, JSONValue] = {
            **self.view_header(seat),
            "advanced": self.options.advanced,
            "pack": len(self.in_play),
            "removed": self._cards(self.removed),
            "turn": turn.seat,
            "number": self.turns + 1,
            "phase": turn.phase,
            "dice": list(turn.dice) if turn.dice else None,
            "total": turn.total if turn.dice else None,
            "special": turn.special if turn.dice else None,
            "endgame": self.endgame,
            "rooms": [
                {
                    "room": room,
                    "in_play": room in self.rooms,
                    "cards": len(self.piles.get(room, ())),
                }
                for room in NUMBERED
            ],
            "detectives": [
                {
                    "seat": d.seat,
                    "at": board.nodes[d.node].id,
                    "room": board.room_of(d.node),
                    "cards": len(d.hand),
                    "table": [self._cards(s) for s in d.table],
                }
                for d in self.detectives
            ],
            "lawn": ["down" if card is not None else None for card in self.lawn],
            "aside": self._cards(self.aside),
            "challenge": None
            if ch is None
            else {
                "by": ch.by,
                "target": ch.target,
                "kind": ch.kind,
                "shown": self._card(ch.shown) if ch.shown is not None else None,
                "counter": ch.counter,
                "owes": ch.receiver,
            },
            "search": {
                "found": turn.found,
                "shown": self._card(turn.shown) if turn.shown is not None else None,
                "place": turn.place,
                "turned": self._card(turn.pending) if turn.pending is not None else None,
            }
            if in_search
            else None,
            "reason": self.end_reason or None,
            "rewards": self.rewards,
        }
        if seat is not None:
            me = self.detectives[seat]
            view["hand"] = self._cards(me.hand)
            view["drawn"] = (
                self._card(turn.drawn)
                if turn.drawn is not None and turn.seat == seat and turn.phase == "discard"
                else None
            )
            if self.to_move == seat:
                view["legal"] = [a.to_json() for a in self.legal_actions()]
        if self.over:
            view["ending"] = self.ending()
        return view

    def _prompt(self, seat: int | None) -> Prompt:
        """From public facts (the throw, where the player whose turn it is stands, the
        challenge), and the legal kinds and own hand only for the seat to move."""
        turn, ch, mover = self.turn, self.challenge, self.to_move
        assert mover is not None
        mine = seat == mover
        room = self.board.room_of(self.detectives[turn.seat].node)
        return prompt(
            seat,
            mover,
            turn.phase,
            turn.total if turn.dice else None,
            turn.special,
            self.endgame,
            room,
            len(self.piles.get(room, ())) if room is not None else 0,
            None if ch is None else ch.by,
            None if ch is None else ch.kind,
            mine and any(self.kind_of[c] == "no-clue" for c in self.detectives[mover].hand),
            self.legal_kinds() if mine else (),
        )

    def resample(self, seat: int, rng: Rng) -> Columbo:
        """A game `seat` cannot tell from this one, with every card it has not seen redrawn.

        Kept: its own hand, every table, the cards put aside, the lawn cards its
        memory places for certain, the cards it knows another player holds, and
        whatever is public. Shuffled among the places they came from: the rest of
        the other hands, the room piles and the lawn cards it never saw. All
        future chance is redrawn. What it inferred from refusals (`lacks`) is not
        honoured. The copy's log keeps only the events `seat` saw, and every other
        seat's memory is rebuilt from them (what `seat` knows that seat saw) and then
        told the copy's own card at each lawn place that seat really knows: which places
        those are is public, their cards are not.
        """
        if not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat}")
        twin = self.clone()
        twin.rng = rng.spawn()
        if self.over:
            _only_what_is_seen(twin, seat)
            return twin
        know = self.memory(seat)
        slots: list[tuple[list[Any], int]] = []
        for det in twin.detectives:
            if det.seat != seat:
                slots += [
                    (det.hand, i) for i, c in enumerate(det.hand) if know.holder.get(c) != det.seat
                ]
        for pile in twin.piles.values():
            slots += [(pile, i) for i in range(len(pile))]
        slots += [
            (twin.lawn, p)
            for p, c in enumerate(twin.lawn)
            if c is not None and know.lawn.get(p) != c
        ]
        cards = [where[i] for where, i in slots]
        rng.shuffle(cards)
        for (where, i), card in zip(slots, cards, strict=True):
            where[i] = card
        if twin.turn.phase == "give" and twin.challenge is not None:
            _keep_an_answer(twin, slots, rng)
        if twin.turn.seat != seat:
            twin.turn.drawn = None  # another's fresh card: whatever it was is redrawn too
        _only_what_is_seen(twin, seat)
        twin.forget_legal_actions()
        twin.resampled = True
        return twin

    def clone(self) -> Columbo:
        """An independent copy (the board and the pack are shared: they never change)."""
        memo: dict[int, Any] = {id(self.board): self.board, id(self.pack): self.pack}
        return copy.deepcopy(self, memo)


def _only_what_is_seen(twin: Columbo, seat: int) -> None:
    """The copy's log keeps `seat`'s events only; the other seats' memories are rebuilt."""
    for other in range(twin.players):
        twin.memory(other)  # every memory fed to the end of the true log first
    twin.log = [e for e in twin.log if e.visible_to(seat)]
    twin._fed = [len(twin.log)] * twin.players
    twin.memories = [
        know if other == seat else _their_memory(twin, seat, other)
        for other, know in enumerate(twin.memories)
    ]


def _their_memory(twin: Columbo, seat: int, other: int) -> Knowledge:
    """What `other` knows in the copy made for `seat`: the public events and the private ones
    `seat` shared with it (a card handed between them), then its own lawn places (its unseen
    discards included: where they lie is public) holding the copy's cards."""
    know = Knowledge(other, twin.players)
    for event in twin.log:
        shared = event.kind in ("given", "exchanged") and other in (
            event.data["from"],
            event.data["to"],
        )
        if event.to == seat and shared:
            event = Event(event.kind, event.data, to=other)
        know.feed([event])
    # A holding `seat` is not sure of was redrawn in the copy: only sure ones stay true.
    sure = twin.memories[seat].holder
    know.holder = {c: h for c, h in know.holder.items() if h == seat or sure.get(c) == h}
    for place in twin.memories[other].lawn:
        card = twin.lawn[place]
        if card is not None:
            know.lawn[place] = card
            know.learnt[place] = twin.memories[other].learnt.get(place, know.events)
    return know


def _keep_an_answer(twin: Columbo, slots: list[tuple[list[Any], int]], rng: Rng) -> None:
    """Everyone knows an asked player who must give holds a card of the kind asked for: the
    redrawn hands must agree, so if his has none, one from elsewhere is swapped in."""
    assert twin.challenge is not None
    giver = twin.detectives[twin.challenge.target]
    kind = twin.challenge.kind
    if twin._answers(giver, kind):
        return
    mine = [(w, i) for w, i in slots if w is giver.hand]
    theirs = [(w, i) for w, i in slots if w is not giver.hand and twin.kind_of[w[i]] == kind]
    (hand, i), (where, j) = rng.choice(mine), rng.choice(theirs)
    hand[i], where[j] = where[j], hand[i]
