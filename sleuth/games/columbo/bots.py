"""Columbo bots: the expert, who never forgets a lawn card, and the forgetful detective.

Both play the same way and differ only in memory. The expert reads its seat's
perfect record of the lawn (`Columbo.memory(seat)`, built from the events that
seat saw); the forgetful one keeps only a few of those facts, the newest, and
loses each with some chance every turn. Neither reads anything hidden: they
decide from `state.view(seat)`, that memory, `state.legal_actions()` and the
printed pack and board.

How they play:

* Plan. Every decision starts from the nearest win: for each figure, weapon,
  Motive and the Columbo set, what is still missing and how dear each missing
  card is (known on the lawn, known in a hand, or unseen). The cheapest
  figure + weapon + Motive, or Columbo + Mystery in the basic game, is the plan;
  its cards are kept, other cards are worth their progress towards another set,
  a No Clue card is kept as a shield, and the rest are discarded first.
* Move. Each reachable place is worth what can be had there: a known card it
  wants on the lawn (the Living Room), the chance that a room's top card helps,
  an opponent likely to hold a wanted kind. Squares on the way are worth their
  best target, discounted by the throws still needed.
* Challenge the right player: ask the opponent most likely to hold a wanted
  kind (known holdings, what he has shown or collected, what he lacked).
* Lawn: pick up every remembered card it wants, showing a card of its kind; a
  wanted card of a kind it cannot show is taken by a deliberate false
  identification (Special Rule 2), laying down its least useful card.
* Give a No Clue card when asked, if it has one; otherwise the least useful
  card of the kind. Give back, in an exchange, what the taker seems least to
  collect.
* The more difficult game (expert and intermediate; `rewards`): play for the
  rewards table as read by `stakes.py` (decisions A5, A6): contest the sets an
  opponent is gathering, take the card that ends the game only if ending does
  not lose, keep a spare Motive and cards of sets an opponent near the end
  needs (when discards are shown), shed Columbo's parts, each $200 at the end,
  unless Columbo is the only way left, and, once it cannot solve any more, let
  go of what others could solve with.
"""

from __future__ import annotations

import math
import weakref
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from sleuth.bots.base import register_alias, register_bot
from sleuth.bots.careless import Careless
from sleuth.core import Action, GameState, Rng
from sleuth.games.columbo.board import LIVING_ROOM, Board, load_board
from sleuth.games.columbo.cards import COLUMBO_PARTS, HAND, SET_SIZE, Pack, load_pack
from sleuth.games.columbo.knowledge import Knowledge
from sleuth.games.columbo.stakes import Stakes, read
from sleuth.games.columbo.state import FIGURE_REWARD, Columbo

LAWN, HELD, UNSEEN = 1.0, 1.6, 2.5  # how dear a missing card is, by what is known of it
MEAN_THROW = 7
NO_CLUE_RISK = 0.75  # the share of demands a hand with a wanted card actually answers
LAST_CARD = 300.0  # the card that would win is worth three that only help
FETCH_BACK = 0.4  # a card laid on the lawn where it knows is not lost: it can be named back
STUCK = -15.0  # in the end phase a blind naming is worth a small expected loss: no stalemate
DENY = 60.0  # a card kept from an opponent about to end: below the plan's cards, above the rest
WAIT = 5.0  # the card that would end the game when ending would not win (decision A5)
# A set an opponent is seen gathering is cheaper to go for, per card of evidence: what he
# holds can be demanded, and each card of it this seat keeps is one his set lacks (A6).
CONTEST = 1.0


@dataclass
class Recall:
    """A memory model: how many lawn facts are kept (None: all) and the chance, each turn,
    of losing each one."""

    capacity: int | None = None
    fade: float = 0.0


EXPERT = Recall()
FORGETFUL = Recall(capacity=4, fade=0.25)
INTERMEDIATE = Recall(capacity=6, fade=0.15)


class _Plan:
    """One decision's reading of the game for one seat: the plan, card values, wants."""

    def __init__(
        self,
        view: Mapping[str, Any],
        lawn: dict[int, int],
        holder: dict[int, int],
        lacks: list[set[str]],
        signals: list[Counter[str]],
        rewards: bool = False,
        shown: bool = True,
    ) -> None:
        self.pack: Pack = load_pack()
        self.board: Board = load_board()
        self.view = view
        self.seat = int(view["seat"])
        self.advanced = bool(view["advanced"])
        self.hand = [int(c["id"]) for c in view["hand"]]
        self.lawn = lawn  # place -> card, as remembered
        self.holder = holder
        self.lacks = lacks
        self.signals = signals
        # The more difficult game's rewards table (decisions A5, A6): only for bots that play
        # for it; None keeps the race for the first solution alone.
        self.stakes: Stakes | None = (
            read(view, self.pack, holder, signals) if rewards and self.advanced else None
        )
        # Are discards shown to all (a rule every player knows, option `show_discards`)?
        self.shown = shown
        cards = self.pack.cards
        self.kind = [c.kind for c in cards]
        me = view["detectives"][self.seat]
        self.my_table = [int(c["id"]) for s in me["table"] for c in s]
        self.held = Counter(self.kind[c] for c in self.hand + self.my_table)
        self.group = self.pack.groups
        self.laid_groups = {self.group[self.kind[c]] for c in self.my_table}
        self.laid_kinds = {self.kind[c] for c in self.my_table}
        gone: set[int] = {int(c["id"]) for c in (*view["aside"], *view["removed"])}
        taken: set[str] = set()
        for det in view["detectives"]:
            for s in det["table"]:
                gone.update(int(c["id"]) for c in s)
                if det["seat"] != self.seat:
                    taken.add(str(s[0]["kind"]))
        removed = {str(c["kind"]) for c in view["removed"]}
        self.out = {k for k in self.pack.sets if k in removed} | taken
        mine = set(self.hand) | set(self.my_table)
        on_lawn = set(lawn.values())
        self.cost: dict[int, float] = {}
        for c in range(len(cards)):
            if c in mine or c in gone or self.kind[c] in self.out:
                continue
            if c in on_lawn:
                self.cost[c] = LAWN
            elif c in holder:
                self.cost[c] = HELD
            else:
                self.cost[c] = UNSEEN
        self._choose_plan()

    # --- the plan ----------------------------------------------------------------------------
    def _set_cost(self, kind: str) -> float:
        if kind in self.out:
            return math.inf
        if self.held[kind] >= SET_SIZE:
            return 0.0
        cost = sum(
            self.cost.get(c, math.inf) for c in self.pack.of_kind(kind) if c not in self.hand
        )
        if self.stakes is not None:  # never as cheap as a set already complete (0)
            cost = max(0.1, cost - CONTEST * self.stakes.gathering(kind))
        return cost

    def _choose_plan(self) -> None:
        figures = sorted(self.pack.figures, key=lambda k: (self._set_cost(k), k))
        weapons = sorted(self.pack.weapons, key=lambda k: (self._set_cost(k), k))
        self.figure, self.weapon = figures[0], weapons[0]
        motive_costs = [self.cost[c] for c in self.pack.of_kind("motive") if c in self.cost]
        has_motive = self.held["motive"] > 0
        motive = 0.0 if has_motive else min(motive_costs, default=math.inf)
        mystery_cost = self._set_cost(self.figure) + self._set_cost(self.weapon) + motive
        self.locked = math.isinf(mystery_cost)  # this seat can no longer solve the mystery
        columbo_cost = math.inf
        # The more difficult game's rewards make Columbo a side bet, unless no mystery can be
        # solved any more (a set needed is out or on another table): then he is the way to win.
        if not self.advanced or math.isinf(mystery_cost):
            missing = [
                c
                for c in (*self.pack.of_kind("columbo"), *self.pack.of_kind("mystery"))
                if c not in self.hand
            ]
            columbo_cost = 1.3 * sum(self.cost.get(c, math.inf) for c in missing)
        self.columbo = columbo_cost < mystery_cost
        self.plan_cost = min(columbo_cost, mystery_cost)
        if self.columbo:
            self.plan_kinds = {"columbo", "mystery"}
        else:
            self.plan_kinds = {self.figure, self.weapon} | ({"motive"} if not has_motive else set())
        self.to_go = sum(self.missing(k) for k in self.plan_kinds)  # cards the plan still needs

    def missing(self, kind: str) -> int:
        if kind == "motive":
            return 0 if self.held["motive"] else 1
        if kind == "mystery":
            return 0 if self.held["mystery"] else 1
        if kind == "columbo":
            return COLUMBO_PARTS - self.held["columbo"]
        return max(0, SET_SIZE - self.held[kind])

    def want(self, kind: str) -> float:
        """What one more card of `kind` is worth now (100: a card the plan lacks)."""
        if kind in self.plan_kinds and self.missing(kind) > 0:
            if self.to_go > 1:
                return 100.0
            return LAST_CARD if self._ending_pays(kind) else WAIT
        if kind in self.pack.sets:
            if self._lets_go(kind):
                return 1.0
            side = 0.0 if self.held[kind] >= SET_SIZE else self._side(kind, self.held[kind])
            return max(side, self._deny(kind))
        if kind in ("columbo", "mystery"):
            if self.advanced:
                return self._columbo_reward(kind, joining=True)
            return 4.0 + 4.0 * (self.held["columbo"] + self.held["mystery"])
        if kind == "motive":
            return self._deny(kind)  # one is in hand already: another only keeps it from others
        return 0.0

    def _ending_pays(self, kind: str) -> bool:
        """Would the card that completes the plan, ending the game, make this seat a winner?
        Always in the basic game; in the more difficult one, unless an opponent's table (and
        a Columbo he is seen gathering) would beat the ender's reward (decision A5)."""
        if self.stakes is None or self.columbo:
            return True
        gain = FIGURE_REWARD if kind in self.pack.sets else 0  # a figure or a weapon: both $500
        return self.stakes.ending_pays(gain)

    def _lets_go(self, kind: str) -> bool:
        """Playing for the rewards, a seat that can no longer solve the mystery lets go of
        the figures and weapons an opponent could still use to solve it: only solving ends
        the more difficult game, and holding on could only leave the case to go cold after
        hundreds of turns (seed 706: each had taken the last sets the other needed)."""
        if self.stakes is None or not self.locked or kind in self.out:
            return False
        return any(self.group[kind] not in r.laid for r in self.stakes.rivals)

    def _deny(self, kind: str) -> float:
        """What a card of `kind` is worth kept from the others (the more difficult game): a
        Motive card when an opponent has laid sets down, a figure or weapon an opponent is
        seen gathering. Only a card not needed for this seat's own plan, and only when
        discards are shown: a card let go unseen is lost in the lawn for him too (keeping
        it anyway cost the expert 7 points of win rate in 1000 games)."""
        if self.stakes is None or not self.shown or self.locked:
            return 0.0
        if kind == "motive":
            return DENY * self.stakes.deny_motive()
        if kind in self.pack.sets:
            group = self.group[kind]
            kinds = self.pack.figures if group == "figure" else self.pack.weapons
            options = sum(1 for k in kinds if k not in self.out and k not in self.laid_kinds)
            return DENY * self.stakes.deny_set(kind, group, options)
        return 0.0

    def _columbo_reward(self, kind: str, joining: bool) -> float:
        """The rewards table on Columbo (the more difficult game): each part costs $200 at the
        end unless all six are held ($1,000), and the Mystery card costs $200 unless it is
        beside a complete Columbo. Worth collecting once most parts are in hand or known on
        the lawn; otherwise a card to shed."""
        if self.stakes is not None and not self.columbo:
            # Playing for the rewards: only solving the mystery ends the game, and the ender
            # has won every bot game measured (bench/bench_columbo_rewards.py), so parts that
            # cost $200 each unless all six come are a hand's worst cards.
            return -10.0
        parts = self.held["columbo"] + (1 if joining and kind == "columbo" else 0)
        near = parts + sum(1 for c in self.lawn.values() if self.kind[c] == "columbo")
        removed = self.view.get("removed") or []
        if self.view.get("endgame") and not any(c.get("kind") == "columbo" for c in removed):
            # The end phase: the rooms are shut, so every part not in this hand is in another
            # one or on the lawn, all within reach of a demand or a naming; a detective
            # holding half of Columbo must go after the rest, or the case goes cold.
            near = COLUMBO_PARTS
        if kind == "mystery":
            if parts >= COLUMBO_PARTS:
                if self.stakes is not None:
                    return 1.0  # it ends nothing here, and beside six parts costs nothing (A2)
                return LAST_CARD  # beside all six parts it finds Columbo: the game is won
            return 15.0 if parts >= COLUMBO_PARTS - 1 else -10.0
        if kind == "columbo" and parts >= COLUMBO_PARTS and self.held["mystery"]:
            return LAST_CARD  # the sixth part beside the Mystery card finds Columbo
        if near >= COLUMBO_PARTS - 1 and parts >= 3:
            return 20.0 + 10.0 * parts  # the $1,000 is within reach
        return -10.0

    def _side(self, kind: str, held: int) -> float:
        """A figure or weapon outside the plan: worth its progress, if it can still count."""
        if kind in self.out or (not self.advanced and self.group[kind] in self.laid_groups):
            return 1.0  # the basic game lays down one of each: another is dead weight
        return 10.0 + 12.0 * held

    def value(self, card: int, hand: list[int] | None = None) -> float:
        """What keeping `card` is worth, compared with the rest of the hand."""
        hand = self.hand if hand is None else hand
        kind = self.kind[card]
        if kind in self.plan_kinds:
            return 100.0 + self.held[kind]
        if kind == "motive":
            first = min(c for c in hand if self.kind[c] == "motive")
            if card == first:
                return 30.0 if self.columbo else 90.0
            return max(3.0, self._deny(kind))  # kept from an opponent who needs one
        if kind == "no-clue":
            first = min(c for c in hand if self.kind[c] == "no-clue")
            return 12.0 if card == first else 2.0
        if kind in self.pack.sets:
            if self._lets_go(kind):
                return 1.0
            return max(self._side(kind, self.held[kind] - 1), self._deny(kind))
        if self.advanced:  # a part or the Mystery card costs $200 at the end, unless complete
            return self._columbo_reward(kind, joining=False)
        return 4.0 + 4.0 * (self.held["columbo"] + self.held["mystery"])

    def worst(self, cards: list[int]) -> int:
        return min(cards, key=lambda c: (self.value(c, cards), c))

    # --- what places and people are worth ----------------------------------------------------
    @cached_property
    def draw_value(self) -> float:
        """The expected worth of a room's top card: the share of unseen cards it wants."""
        unseen = [c for c, cost in self.cost.items() if cost == UNSEEN]
        if not unseen:
            # Every card has been seen once, but this memory may not say where each went.
            # One not known to be missing from this hand may well be there: better to ask
            # than to stall with the rooms and the lawn empty (the case would go cold).
            return 0.5
        return sum(max(0.0, self.want(self.kind[c])) for c in unseen) / len(unseen)

    @cached_property
    def lawn_value(self) -> float:
        honest, false = 0.0, 0.0
        for card in self.lawn.values():
            worth = self.want(self.kind[card])
            if worth <= 0:
                continue
            if self.can_show(self.kind[card]):
                honest += worth
            else:
                false = max(
                    false, worth - self.value(self.worst(self.hand)) if self.hand else worth
                )
        return honest + max(0.0, false)

    def can_show(self, kind: str) -> bool:
        return kind in ("motive", "mystery") or any(self.kind[c] == kind for c in self.hand)

    def holds_chance(self, seat: int, kind: str, hand_size: int) -> float:
        """How likely `seat` holds a card of `kind`."""
        if kind in self.lacks[seat]:
            return 0.0
        if any(self.holder.get(c) == seat for c in self.pack.of_kind(kind)):
            return 0.95
        unseen = [c for c, cost in self.cost.items() if cost == UNSEEN]
        if not unseen:
            # Every card has been seen once, but this memory may not say where each went.
            # One not known to be missing from this hand may well be there: better to ask
            # than to stall with the rooms and the lawn empty (the case would go cold).
            return 0.5
        share = sum(1 for c in unseen if self.kind[c] == kind) / len(unseen)
        chance = 1.0 - (1.0 - share) ** hand_size
        if self.signals[seat][kind]:
            chance = min(0.9, chance + 0.3)
        return chance

    def demand_value(self, seat: int, kind: str) -> float:
        hand_size = int(self.view["detectives"][seat]["cards"])
        if hand_size == 0 or not self.can_show(kind):
            return 0.0
        gain = self.want(kind) - self.room_cost(kind)
        return NO_CLUE_RISK * self.holds_chance(seat, kind, hand_size) * max(0.0, gain)

    def undoes(self, laid: int, taking: str) -> bool:
        """Playing for the rewards: would laying `laid` to take a card of `taking` give up
        more than it gains, a card of a figure or weapon held more often than the one
        taken? Then the next turn could want it back the same way: two detectives in the
        unseen-discards game swapped one lawn place between Rope and Poison for 900 turns
        (bench seeds 268 and 537)."""
        other = self.kind[laid]
        if self.stakes is None or other not in self.pack.sets or taking not in self.pack.sets:
            return False
        return self.held[other] > self.held[taking]

    def completes(self, kind: str) -> bool:
        """Would one more card of `kind` complete a set that goes straight onto the table?"""
        if kind not in self.pack.sets or self.held[kind] != SET_SIZE - 1:
            return False
        return self.advanced or self.group[kind] not in self.laid_groups

    def room_cost(self, kind: str) -> float:
        """What a new card of `kind` costs: with a full hand, the worst card of another kind
        must go (giving up one of the same kind would gain nothing)."""
        if len(self.hand) < HAND or self.completes(kind):
            return 0.0
        others = [c for c in self.hand if self.kind[c] != kind]
        return self.value(self.worst(others), self.hand) if others else math.inf


class DetectiveBot:
    """The expert (perfect recall) or, with a fading `Recall`, the forgetful detective."""

    def __init__(
        self, seed: int = 0, recall: Recall = EXPERT, level: str = "expert", rewards: bool = True
    ) -> None:
        self.rng = Rng(seed)
        self.recall = recall
        self.level = level
        self.rewards = rewards  # plays for the more difficult game's rewards table
        # the lawn facts lost, per game and seat: (place, when it was learnt)
        self._lost: weakref.WeakKeyDictionary[GameState, dict[int, set[tuple[int, int]]]] = (
            weakref.WeakKeyDictionary()
        )

    # --- memory ------------------------------------------------------------------------------
    @property
    def perfect(self) -> bool:
        return self.recall.capacity is None and self.recall.fade == 0.0

    def _forgotten(self, state: GameState, seat: int) -> set[tuple[int, int]]:
        return self._lost.setdefault(state, {}).setdefault(seat, set())

    def _fade(self, state: GameState, seat: int) -> None:
        """Once a turn (at its throw), each remembered lawn fact may be lost."""
        if self.recall.fade <= 0.0:
            return
        forgotten = self._forgotten(state, seat)
        for fact in _memory(state, seat).learnt.items():
            if fact not in forgotten and self.rng.chance(self.recall.fade):
                forgotten.add(fact)

    def remembered(self, state: GameState, seat: int) -> dict[int, int]:
        """The lawn as this bot remembers it for `seat`: place -> card."""
        memory = _memory(state, seat)
        facts = dict(memory.lawn)
        if self.perfect:
            return facts
        learnt = memory.learnt
        forgotten = self._forgotten(state, seat)
        kept = sorted(
            (p for p in facts if (p, learnt[p]) not in forgotten), key=lambda p: -learnt[p]
        )
        if self.recall.capacity is not None:
            kept = kept[: self.recall.capacity]
        return {p: facts[p] for p in kept}

    # --- choosing ----------------------------------------------------------------------------
    def choose(self, state: GameState, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            if legal[0].kind == "roll":
                self._fade(state, seat)
            return legal[0]
        assert isinstance(state, Columbo), "a Columbo bot plays Columbo"
        view = state.view(seat)
        memory = _memory(state, seat)
        plan = _Plan(
            view,
            self.remembered(state, seat),
            dict(memory.holder),
            memory.lacks,
            memory.signals,
            self.rewards,
            state.options.show_discards,
        )
        phase = view["phase"]
        if phase in ("discard", "exchange", "lay"):
            return self._give_away(plan, legal, view)
        if phase == "give":
            return self._answer(plan, legal)
        if phase == "counter":
            return self._best_demand(plan, legal, floor=1.0) or _find(legal, "pass")
        return self._turn(plan, legal, view)

    def _give_away(self, plan: _Plan, legal: list[Action], view: Mapping[str, Any]) -> Action:
        cards = [int(a["card"]) for a in legal]
        if view["phase"] == "exchange":
            taker = view["challenge"]["target"]  # the one who gave: he gets a card back

            def cost(c: int) -> tuple[float, int]:
                feeds = plan.signals[taker][plan.kind[c]] * 15.0
                return plan.value(c, cards) + feeds, c

            best = min(cards, key=cost)
        elif view["phase"] == "lay":
            turned = view["search"]["turned"]
            best = _spare(plan, cards, str(turned["kind"]) if turned else None)
        else:
            best = plan.worst(cards)
        return next(a for a in legal if a["card"] == best)

    def _answer(self, plan: _Plan, legal: list[Action]) -> Action:
        cards = [int(a["card"]) for a in legal]
        shields = [c for c in cards if plan.kind[c] == "no-clue"]
        best = shields[0] if shields else plan.worst(cards)
        return next(a for a in legal if a["card"] == best)

    def _demand_kind(self, plan: _Plan, action: Action) -> str:
        show = action.get("show")
        return plan.kind[show] if show is not None else str(action["evidence"])

    def _best_demand(self, plan: _Plan, legal: list[Action], floor: float) -> Action | None:
        best, score = None, floor
        for action in legal:
            if action.kind != "demand":
                continue
            worth = plan.demand_value(int(action["target"]), self._demand_kind(plan, action))
            if action.get("show") is not None:
                worth -= 0.01 * plan.value(int(action["show"]))  # show the least telling card
            if worth > score:
                best, score = action, worth
        return best

    def _turn(self, plan: _Plan, legal: list[Action], view: Mapping[str, Any]) -> Action:
        names = [a for a in legal if a.kind == "name"]
        pick = self._lawn_pick(plan, names, view) if names else None
        scores = [(self._score(plan, a, view), -i, a) for i, a in enumerate(legal)]
        best_score, _, best = max(scores, key=lambda t: (t[0], t[1]))
        demand = self._best_demand(plan, legal, floor=0.0)
        if demand is not None:
            worth = plan.demand_value(int(demand["target"]), self._demand_kind(plan, demand))
            if worth > best_score:
                best_score, best = worth, demand
        if pick is not None and pick[0] > best_score:
            return pick[1]
        return best

    def _score(self, plan: _Plan, action: Action, view: Mapping[str, Any]) -> float:
        board = plan.board
        if action.kind in ("move", "jump"):
            node = board.node_by_id[action["to"]]
            return self._place_value(plan, node, view)
        if action.kind == "draw":
            return plan.draw_value
        if action.kind == "end_turn":
            return 0.0
        return -1.0  # demands are weighed apart; names were tried first

    def _place_value(self, plan: _Plan, node: int, view: Mapping[str, Any]) -> float:
        board = plan.board
        room = board.room_of(node)
        others = [
            d["seat"]
            for d in view["detectives"]
            if d["seat"] != plan.seat and board.node_by_id[d["at"]] == node
        ]
        meet = max((plan.demand_value(s, k) for s in others for k in plan.plan_kinds), default=0.0)
        if view["endgame"]:
            return 1000.0 if room == LIVING_ROOM else -float(board.distances(node)[board.living])
        here = self._target_value(plan, node, view) if room is not None else 0.0
        if room is None:
            ahead = self._potential(plan, node, view)
            return max(meet, 0.6 * ahead)
        return max(meet, here)

    def _target_value(self, plan: _Plan, node: int, view: Mapping[str, Any]) -> float:
        room = plan.board.room_of(node)
        if room == LIVING_ROOM:
            return plan.lawn_value
        assert room is not None
        cards = next((r["cards"] for r in view["rooms"] if r["room"] == room), 0)
        return plan.draw_value if cards else 0.0

    def _potential(self, plan: _Plan, node: int, view: Mapping[str, Any]) -> float:
        board = plan.board
        dist = board.distances(node)
        best = 0.0
        for room in [LIVING_ROOM, *(r["room"] for r in view["rooms"] if r["in_play"])]:
            target = board.room_node[room]
            worth = self._target_value(plan, target, view)
            turns = math.ceil(dist.get(target, 99) / MEAN_THROW)
            best = max(best, worth * 0.6 ** max(0, turns - 1))
        return best

    def _lawn_pick(
        self, plan: _Plan, names: list[Action], view: Mapping[str, Any]
    ) -> tuple[float, Action] | None:
        """The best naming and what it should gain: a remembered wanted card named honestly,
        else one taken by a deliberate false identification, else a gamble on a place it
        does not know, when a random card there beats what a wrong naming lays down."""
        by_place: dict[int, list[Action]] = {}
        for action in names:
            by_place.setdefault(int(action["place"]), []).append(action)
        honest: list[tuple[float, int, Action]] = []
        for place, card in plan.lawn.items():
            kind = plan.kind[card]
            worth = plan.want(kind) - plan.room_cost(kind)
            right = [a for a in by_place.get(place, ()) if self._demand_kind(plan, a) == kind]
            if worth > 1.0 and right:
                honest.append((worth, -place, right[0]))
        if honest:
            worth, _, action = max(honest, key=lambda t: (t[0], t[1]))
            return worth, action
        search = view.get("search") or {}
        shown = search["shown"]["id"] if search.get("shown") else None
        shown = shown if shown in plan.hand else None

        def laid(action: Action, taking: str | None) -> int | None:
            """The card a wrong naming lays down (CO-LAWN-07): the one shown, or the last one
            shown, or the one it would choose (not of the kind it takes)."""
            show = action.get("show")
            if show is not None:
                return int(show)
            if shown is not None:
                return int(shown)
            return _spare(plan, plan.hand, taking) if plan.hand else None

        def loss(action: Action, taking: str | None = None) -> float:
            card = laid(action, taking)
            return FETCH_BACK * plan.value(card) if card is not None else 0.0

        best: tuple[float, Action] | None = None
        for place, card in plan.lawn.items():
            kind = plan.kind[card]
            worth = plan.want(kind)
            for action in by_place.get(place, ()):
                swap = laid(action, kind)
                if swap is not None and plan.undoes(swap, kind):
                    continue
                if self._demand_kind(plan, action) != kind and (
                    swap is None or plan.kind[swap] != kind  # a swap within a kind gains nothing
                ):
                    gain = worth - loss(action, kind)
                    if gain > 5.0 and (best is None or gain > best[0]):
                        best = (gain, action)
        if best is not None:
            return best
        unknown = [p for p in by_place if p not in plan.lawn]
        pool = [c for c, cost in plan.cost.items() if cost == UNSEEN]
        if not unknown or not pool:
            return None

        def expected(action: Action) -> float:
            """A naming at a place it does not know: the mean over every card it may be."""
            kind, lost = self._demand_kind(plan, action), loss(action)
            return sum(
                plan.want(plan.kind[c]) - (0.0 if plan.kind[c] == kind else lost) for c in pool
            ) / len(pool)

        # A place drawn at random: always the same one would only cycle a forgetful memory.
        gamble = max(by_place[self.rng.choice(unknown)], key=lambda a: (expected(a), str(a)))
        if view["endgame"]:  # nothing else can bring a card now: passing only stalls the case
            return max(0.5, expected(gamble) - STUCK), gamble
        worth = expected(gamble) - 5.0
        return (worth, gamble) if worth > 0 else None


def _memory(state: GameState, seat: int) -> Knowledge:
    assert isinstance(state, Columbo), "a Columbo bot plays Columbo"
    return state.memory(seat)


def _spare(plan: _Plan, cards: list[int], taking: str | None) -> int:
    """The card to lay down for one of kind `taking`: the worst not of that kind, if any."""
    others = [c for c in cards if plan.kind[c] != taking]
    return plan.worst(others or cards)


def _find(legal: list[Action], kind: str) -> Action:
    return next(a for a in legal if a.kind == kind)


def _make_expert(seed: int) -> DetectiveBot:
    return DetectiveBot(seed, EXPERT, "expert")


def _make_forgetful(seed: int) -> DetectiveBot:
    return DetectiveBot(seed, FORGETFUL, "forgetful", rewards=False)


def _make_beginner(seed: int) -> Careless:
    return Careless(_make_forgetful(seed), BEGINNER_SLIP, seed)


def _make_intermediate(seed: int) -> Careless:
    return Careless(DetectiveBot(seed, INTERMEDIATE, "intermediate"), INTERMEDIATE_SLIP, seed)


# Calibrated with bench/bot_levels.py (docs/bot-levels.md).
BEGINNER_SLIP = 0.3
INTERMEDIATE_SLIP = 0.15


register_bot(
    "columbo",
    "beginner",
    _make_beginner,
    "Remembers only a few clues on the lawn, forgets them, and sometimes plays the wrong card.",
)
register_bot(
    "columbo",
    "intermediate",
    _make_intermediate,
    "Remembers most of the lawn, now and then forgets a clue or plays the wrong card.",
)
register_bot(
    "columbo",
    "expert",
    _make_expert,
    "Remembers every clue it has seen and plays its cards to the end, and for the rewards.",
)
register_alias("columbo", "forgetful", "beginner")
