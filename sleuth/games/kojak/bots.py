"""Kojak bots: the expert, who plans the quickest clue, turns tables wisely and weighs the guess.

The expert reads only its seat's view (its notebook, its Contact Cards, the
public pieces and turntables), the legal actions, the options and the printed
board and cards. Every decision is worked out afresh from the view, so the
bot keeps no memory and cannot drift from the game.

How it plays:

* **Clues.** For every building it has no card from, it estimates the turns
  to meet all the conditions there: moving the Badge (a Radio Room visit),
  bringing an informer out front (Command Room turns), a Contact Card for it
  (a Computer Room trip, advanced game) and driving the Detective's car to
  the lot. Car and Kojak moves are priced by expected turns worked out once
  per board from the dice and the Action Cards (value iteration over every
  place). It goes for the cheapest building, breaking near-ties by how well
  placed that leaves it for the next one.
* **Turntables.** It remembers, from the view, every slot anyone has seen go
  past the front, and turns 1 or 2 to bring an informer out in the fewest
  expected turns (never swinging a known informer past the front). In the
  advanced game, with nothing of its own to turn, it turns an informer away
  from a rival who is parked, badged and ready to take it.
* **The arrest.** One suspect left: it goes. More than one, with at least
  two cards: it compares winning the guess now (one chance in the number of
  suspects) before any rival makes a right arrest, with winning the race to
  certainty, and goes if the gamble is better. Each rival's finishing time
  comes from its public pieces as if it played well, but never faster than
  the pace it has shown (turns played per card taken). Going means taking
  Kojak out and driving both cars to the suspect they reach soonest, moving
  whichever car gains most each roll.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from sleuth.bots.base import register_bot
from sleuth.bots.careless import Careless
from sleuth.core import Action, GameState
from sleuth.games.kojak.board import BUILDINGS, ROOMS, Board, load_board
from sleuth.games.kojak.cards import ANY, Cards, load_cards

INF = 1e9
LOOKAHEAD = 0.5  # weight of the next clue's cost when choosing this one
RACE_SCALE = 3.0  # turns: how sharply a lead in the race turns into a win
AVG_CLUE = {"fast": 4.0, "advanced": 4.7}  # turns per clue, measured in expert self-play
ARREST_TRIP = 3.0  # turns to bring both cars to a building after the last clue
RIGHT_WITH = {2: 0.55, 3: 0.85, 4: 1.0}  # chance a rival who goes with this many cards is right
PACE_PRIOR = 1.0  # clues' worth of good play assumed before a rival shows its own pace
KOJAK_ROOMS = ("radio", "command", "computer")


# --- expected turns, worked out once per board ---------------------------------------------
def roll_odds(dice: int) -> dict[int, float]:
    odds: dict[int, float] = {}
    for faces in itertools.product(range(1, 7), repeat=dice):
        odds[sum(faces)] = odds.get(sum(faces), 0.0) + 6.0**-dice
    return odds


def _iterate(
    states: Sequence[str],
    goal: set[str],
    odds: Mapping[int, float],
    moves: Any,
    after: Mapping[str, str] | None = None,
) -> dict[str, float]:
    """Expected moves to reach `goal` from each state, playing each move as well as possible."""
    value = {s: (0.0 if s in goal else 50.0) for s in states}
    after = after or {}
    # A state with no move of its own (the Computer Room's space, left at once) keeps 50.
    movable = [s for s in states if s not in goal and moves(s, min(odds))]
    for _ in range(200):
        change = 0.0
        for s in movable:
            total = 1.0
            for roll, p in odds.items():
                ends = moves(s, roll)
                total += p * min(0.0 if e in goal else value[after.get(e, e)] for e in ends)
            change = max(change, abs(total - value[s]))
            value[s] = total
        if change < 1e-6:
            break
    return value


@dataclass(frozen=True)
class Tables:
    """Expected turns to drive to each building's lot, and draws to each room of Headquarters."""

    drive: Mapping[str, Mapping[str, float]]  # lot -> place -> expected car moves
    kojak: Mapping[str, Mapping[str, float]]  # room -> Headquarters space -> expected draws


@cache
def tables(board: Board, dice: int, cards: Cards) -> Tables:
    odds = roll_odds(dice)
    drive = {
        lot: _iterate(board.places, {lot}, odds, board.destinations)
        for lot in board.lot_of.values()
    }
    card_odds = cards.action_odds()
    hq = list(board.hq)
    back = {board.computer: board.start}  # the Computer Room sends Kojak back to Start
    kojak = {}
    for room in KOJAK_ROOMS:
        target = board.computer if room == "computer" else room
        rest = {k: v for k, v in back.items() if k != target}
        kojak[room] = _iterate(hq, {target}, card_odds, board.hq_walks, rest)
    return Tables(drive, kojak)


def turntable_plan(table: Mapping[str, Any]) -> tuple[float, int]:
    """Expected Command Room turns to bring an informer out front, and the best first turn.

    Works from what everyone has seen of the slots: the informers nobody has
    seen are equally likely to be in any slot nobody has seen. A turn of 2
    shows the slot it swings past, which may be an informer gone by.
    """
    if table["out_front"]:
        return 0.0, 0
    if table["informers"] == 0:
        return INF, 1
    seen: list[bool | None] = table["seen"]
    n, front = len(seen), table["front"]
    status = [seen[(front + d) % n] for d in range(n)]  # by offset from the front
    unseen_after = [sum(status[e] is None for e in range(d + 1, n)) for d in range(n)]
    hidden = table["informers"] - sum(1 for s in seen if s)

    @cache
    def expect(d: int, h: int) -> tuple[float, int]:
        if d >= n - 1:
            return n / 2.0, 1  # round once with no luck: a rough cost for going round again
        best: tuple[float, int] = (INF, 1)
        for step in (1, 2):
            t = d + step
            if t > n - 1:
                continue
            u = unseen_after[d]
            cases = [(1.0, h, u)]
            if step == 2 and status[d + 1] is None:  # the slot swung past may hold one
                cases = [(h / u, h - 1, u - 1), (1.0 - h / u, h, u - 1)]
            cost = 1.0
            for chance, left, unseen in cases:
                if chance <= 0.0:
                    continue
                there = status[t]
                q = (left / unseen if unseen else 0.0) if there is None else float(there)
                if q < 1.0:
                    cost += chance * (1.0 - q) * expect(t, left)[0]
            best = min(best, (cost, step))
        return best

    return expect(0, hidden)


# --- what the bot sees -------------------------------------------------------------------------
@dataclass
class Seen:
    """One player's public pieces, as the view shows them."""

    seat: int
    kojak: str | None
    car: str | None
    kojak_car: str
    badge: str | None
    taken: tuple[str, ...]
    out: bool
    turns: int

    @classmethod
    def of(cls, piece: Mapping[str, Any]) -> Seen:
        return cls(
            piece["seat"],
            piece["kojak"],
            piece["cars"]["detective"],
            piece["cars"]["kojak"],
            piece["badge"],
            tuple(piece["informers"]),
            piece["out"],
            piece["turns"],
        )


@dataclass(frozen=True)
class Plan:
    building: str
    cost: float  # expected turns until the clue is taken
    rooms: tuple[str, ...]  # Headquarters rooms Kojak must still enter, in order
    turning: float  # expected turntable turns


class ExpertBot:
    """Plans the quickest clue, turns turntables wisely and decides on the arrest by the risk.

    `race_scale`: how many turns of lead make a race fairly safe (smaller is
    bolder with certainty, more fearful of close races). `seed` is accepted
    for the registry; the expert never gambles on its own generator.
    """

    level = "expert"

    def __init__(self, seed: int = 0, race_scale: float = RACE_SCALE) -> None:
        self.seed = seed
        self.race_scale = race_scale
        self.board = load_board()
        self.cards = load_cards()
        self.fallbacks = 0  # decisions where no plan applied and the first legal action was taken

    # --- the decision ----------------------------------------------------------------------
    def choose(self, state: GameState, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        options = state.options
        self.version: str = options.version
        self.advanced: bool = self.version == "advanced"
        self.tables = tables(self.board, options.dice, self.cards)
        self.view = view
        self.me = Seen.of(view["pieces"][seat])
        self.contacts: list[str] = list(view.get("contacts", []))
        action = self._decide(view["phase"], legal)
        if action not in legal:
            self.fallbacks += 1
            return legal[0]
        return action

    def _decide(self, phase: str, legal: list[Action]) -> Action:
        me = self.me
        if phase == "setup":
            return self._set_up(legal)
        kinds = {a.kind for a in legal}
        if "take" in kinds:
            return Action.of("take")
        suspects: list[str] = self.view["notebook"]["suspects"]
        guess = self._going(suspects)
        if "arrest" in kinds and guess is not None and me.car in self._lots_of(suspects):
            return Action.of("arrest")
        if guess is not None:
            return self._go(phase, legal, guess)
        plan = self._best_plan()
        if plan is None:  # nothing left to collect (cannot happen with a good case)
            fallback = self._best_guess(suspects)
            return self._go(phase, legal, fallback)
        return self._collect(phase, legal, plan)

    def _lots_of(self, buildings: Iterable[str]) -> set[str]:
        return {self.board.lot_of[b] for b in buildings}

    # --- set-up ---------------------------------------------------------------------------
    def _set_up(self, legal: list[Action]) -> Action:
        if legal[0].kind == "park":
            drive = self.tables.drive
            return min(
                legal, key=lambda a: min(drive[self.board.lot_of[b]][a["lot"]] for b in BUILDINGS)
            )
        assert self.me.car is not None
        car = self.me.car
        return Action.of(
            "badge", building=min(BUILDINGS, key=lambda b: self._drive(car, b))
        )  # every informer stands out front at set-up: the nearest building

    # --- collecting clues -----------------------------------------------------------------
    def _drive(self, place: str | None, building: str) -> float:
        if place is None:
            return INF
        return self.tables.drive[self.board.lot_of[building]][place]

    def _kojak_cost(self, pos: str, rooms: Iterable[str]) -> tuple[float, tuple[str, ...]]:
        """Expected draws for Kojak to enter every room in `rooms`, the best order first."""
        rooms = tuple(rooms)
        if not rooms:
            return 0.0, ()
        best: tuple[float, tuple[str, ...]] = (INF, rooms)
        for order in itertools.permutations(rooms):
            here, cost = pos, 0.0
            for room in order:
                cost += 1.0 if here == room else self.tables.kojak[room][here]
                here = self.board.start if room == "computer" else room
            best = min(best, (cost, order))
        return best

    def plan_for(self, who: Seen, building: str, contacts: Sequence[str] | None) -> Plan:
        """Expected turns for `who` to take `building`'s informer (contacts None: unknown)."""
        table = self.view["turntables"][building]
        turning, _ = turntable_plan(table)
        drive = self._drive(who.car, building)
        rooms = []
        if who.badge != building:
            rooms.append("radio")
        if turning > 0:
            rooms.append("command")
        if self.advanced and contacts is not None and not ({building, ANY} & set(contacts)):
            rooms.append("computer")
        if who.kojak is None:
            return Plan(building, INF if rooms else drive, (), turning)
        if not self.advanced:  # a jump and its effect are one turn; each further turn is a stay
            return Plan(building, len(rooms) - ("command" in rooms) + turning + drive, (), turning)
        cost, order = self._kojak_cost(who.kojak, rooms)
        if "command" in rooms:
            cost += turning - 1.0  # the first turn comes with entering the room
        return Plan(building, cost + drive, order, turning)

    def _best_plan(self) -> Plan | None:
        me = self.me
        open_ = [
            b
            for b in BUILDINGS
            if b not in me.taken and self.view["turntables"][b]["informers"] > 0
        ]
        plans = [self.plan_for(me, b, self.contacts) for b in open_]
        plans = [p for p in plans if p.cost < INF]
        if not plans:
            return None

        def score(plan: Plan) -> float:
            rest = [b for b in open_ if b != plan.building]
            if not rest:
                return plan.cost
            lot = self.board.lot_of[plan.building]
            nxt = min(
                1.0
                + turntable_plan(self.view["turntables"][b])[0]
                + self.tables.drive[self.board.lot_of[b]][lot]
                for b in rest
            )
            return plan.cost + LOOKAHEAD * nxt

        return min(plans, key=lambda p: (score(p), BUILDINGS.index(p.building)))

    def _collect(self, phase: str, legal: list[Action], plan: Plan) -> Action:
        me, target = self.me, plan.building
        lot = self.board.lot_of[target]
        if phase == "turn":
            if self.advanced:
                return self._collect_advanced_turn(legal, plan)
            if me.badge != target:
                return Action.of("stay") if me.kojak == "radio" else Action.of("jump", room="radio")
            if plan.turning > 0:
                if me.kojak == "command":
                    return Action.of("stay")
                return Action.of("jump", room="command")
            return Action.of("roll")
        if phase == "drive":
            return min(
                (a for a in legal if a["car"] == "detective"),
                key=lambda a: (self.tables.drive[lot][a["to"]], a["to"]),
            )
        if phase == "hq":
            return self._walk(legal, plan)
        if phase == "radio":
            if me.badge != target:
                return Action.of("badge", building=target)
            return Action.of("end_turn")
        if phase == "command":
            return self._turn_table(target if plan.turning > 0 else None)
        return Action.of("end_turn")

    def _collect_advanced_turn(self, legal: list[Action], plan: Plan) -> Action:
        me = self.me
        rooms = set(plan.rooms)
        if me.kojak in rooms and me.kojak in ROOMS:
            return Action.of("stay")  # use the room Kojak is in
        if rooms:
            return Action.of("draw")
        return Action.of("roll")

    def _walk(self, legal: list[Action], plan: Plan) -> Action:
        needed = set(plan.rooms)

        def cost(action: Action) -> tuple[float, str]:
            to = action["to"]
            left = needed - {to}
            here = self.board.start if to == self.board.computer else to
            return self._kojak_cost(here, left)[0], to

        return min(legal, key=cost)

    def _turn_table(self, building: str | None) -> Action:
        """Turn `building` toward an informer; else turn one away from a rival ready to take it."""
        if building is not None:
            _, spaces = turntable_plan(self.view["turntables"][building])
            if self.advanced or building == self.me.badge:
                return Action.of("turn", building=building, spaces=max(spaces, 1))
        if self.advanced:
            for piece in self.view["pieces"]:
                rival = Seen.of(piece)
                if rival.seat == self.me.seat or rival.out or rival.badge is None:
                    continue
                table = self.view["turntables"][rival.badge]
                ready = rival.car == self.board.lot_of[rival.badge] and table["out_front"]
                if ready and rival.badge not in rival.taken and rival.badge != building:
                    return Action.of("turn", building=rival.badge, spaces=1)
        return Action.of("end_turn")

    # --- the arrest ----------------------------------------------------------------------
    def _arrest_turns(self, who: Seen, building: str) -> float:
        lot = self.board.lot_of[building]
        return self.tables.drive[lot][who.car or lot] + self.tables.drive[lot][who.kojak_car]

    def _best_guess(self, suspects: Sequence[str]) -> str:
        return min(suspects, key=lambda b: (self._arrest_turns(self.me, b), BUILDINGS.index(b)))

    def _going(self, suspects: Sequence[str]) -> str | None:
        """The building to arrest at, if now is the time to go; None to keep collecting."""
        me = self.me
        if len(suspects) == 1:
            return suspects[0] if (me.kojak is None or len(me.taken) >= 2) else None
        if me.kojak is None:
            return self._best_guess(suspects)  # committed: no more Badge or turntable moves
        if len(me.taken) < 2:
            return None
        guess = self._best_guess(suspects)
        go_now = self._arrest_turns(me, guess)
        plan = self._best_plan()
        if plan is None:
            return guess
        after = self.tables.drive[self.board.lot_of[guess]]
        lot = self.board.lot_of[plan.building]
        finish = after[lot] + after[me.kojak_car]
        resolves = 1.0 if len(me.taken) == 3 else 2.0 / 3.0
        certain = plan.cost + finish + (1.0 - resolves) * AVG_CLUE[self.version]
        rivals = [self._rival(Seen.of(p)) for p in self.view["pieces"] if p["seat"] != me.seat]
        p_go = self._survive(go_now, rivals) / len(suspects)
        p_wait = self._survive(certain, rivals)
        return guess if p_go > p_wait else None

    def _survive(self, mine: float, rivals: Iterable[tuple[float, float]]) -> float:
        """Chance that no rival makes a right arrest before `mine` turns from now."""
        chance = 1.0
        for theirs, right in rivals:
            lead = (mine - theirs) / self.race_scale
            before = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead))))
            chance *= 1.0 - right * before
        return chance

    def _rival(self, rival: Seen) -> tuple[float, float]:
        """A rival's turns to an arrest, and the chance it is right, guessed from its pieces."""
        if rival.out:
            return INF, 0.0
        right = RIGHT_WITH.get(len(rival.taken), 0.5)
        if rival.kojak is None:
            return min(self._arrest_turns(rival, b) for b in BUILDINGS), right
        missing = max(0, 3 - len(rival.taken))
        if missing == 0:
            return min(self._arrest_turns(rival, b) for b in BUILDINGS), right
        open_ = [b for b in BUILDINGS if b not in rival.taken]
        nxt = min(self.plan_for(rival, b, None).cost for b in open_)
        planned = nxt + (missing - 1) * AVG_CLUE[self.version] + ARREST_TRIP
        # A rival slower so far than good play is judged by the pace it has shown.
        pace = (rival.turns + PACE_PRIOR * AVG_CLUE[self.version]) / (len(rival.taken) + PACE_PRIOR)
        return max(planned, missing * pace + ARREST_TRIP), RIGHT_WITH[3]

    def _go(self, phase: str, legal: list[Action], guess: str) -> Action:
        me = self.me
        lot = self.board.lot_of[guess]
        drive = self.tables.drive[lot]
        if phase == "turn":
            if me.kojak is not None and any(a.kind == "leave_hq" for a in legal):
                return Action.of("leave_hq")
            return Action.of("roll")
        if phase == "drive":
            other = {"detective": me.kojak_car, "kojak": me.car or lot}

            def cost(action: Action) -> tuple[float, float, str, str]:
                return (
                    drive[action["to"]] + drive[other[action["car"]]],
                    drive[action["to"]],
                    action["car"],
                    action["to"],
                )

            return min(legal, key=cost)
        if phase == "hq":
            return min(legal, key=lambda a: (self.tables.kojak["radio"][a["to"]], a["to"]))
        return Action.of("end_turn")


def _make_expert(seed: int) -> ExpertBot:
    return ExpertBot(seed)


def _make_beginner(seed: int) -> Careless:
    return Careless(ExpertBot(seed), BEGINNER_SLIP, seed)


def _make_intermediate(seed: int) -> Careless:
    return Careless(ExpertBot(seed), INTERMEDIATE_SLIP, seed)


# Slips calibrated with bench/bot_levels.py (docs/bot-levels.md).
BEGINNER_SLIP = 0.5
INTERMEDIATE_SLIP = 0.2

register_bot(
    "kojak",
    "beginner",
    _make_beginner,
    "Has a plan, but half the time drives or turns the wrong way.",
)
register_bot(
    "kojak",
    "intermediate",
    _make_intermediate,
    "Plans its drives and questions, with an occasional careless turn.",
)
register_bot(
    "kojak",
    "expert",
    _make_expert,
    "Plans the quickest way to each clue, turns turntables wisely, arrests when the risk is low.",
)
