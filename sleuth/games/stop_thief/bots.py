"""Stop Thief bots: the detective, who listens, tracks, closes in and arrests.

The detective keeps one `Knowledge` per seat it plays (the exact notebook of
what that seat has heard and been tipped) and otherwise reads only the public
view and `state.legal_actions()` (its own hand shows in its card actions).

How it plays, phase by phase:

* clue, roll: press CLUE, roll (nothing to weigh).
* move: for every square it may end on (and, from a station it started on,
  every square it could reach after riding first) it weighs the chance of the
  likeliest space it could arrest from there and the expected detective-step
  distance to the thief. If some square lets it arrest with a chance of at
  least `arrest_threshold` it goes to the best such square; otherwise it goes
  where the expected distance is least. Before moving it may play one card: a
  tip when unsure where he is (free, or bought keeping `tip_reserve`), extra
  spaces or Move Anywhere when they turn a miss into an arrest, Move Anywhere
  for a long jump nearer, Back to ACME on itself when ACME is much nearer.
* after: it arrests at the likeliest space within reach when that chance is
  at least `arrest_threshold`; otherwise it rides the subway if another
  station is nearer the thief, and ends the turn. If it has not played a card
  this turn it plays one first: Back to ACME or Lose a Turn on a rival within
  a roll of the thief, Collect from the richest rival, Take Another Turn when
  the thief is within a roll (not before an arrest, which ends the turn), Lose
  a Turn on the leader, extra clues when it has lost the thief's trail or the
  thief is more than a roll away (the card helps everyone alike: it is played
  to draw a fresh one). On the fine turn it may play a tip or one of these
  cards before paying.

Distances are detective steps to the nearest square from which an arrest at a
space can be made, with the five stations a step apart (a ride), worked out
once per board. See bench/bot_match.py for how the choices were measured.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sleuth.bots.base import register_alias, register_bot
from sleuth.bots.careless import Careless
from sleuth.core import Action, GameState
from sleuth.games.stop_thief.board import Board, load_board
from sleuth.games.stop_thief.content import Content, load_content
from sleuth.games.stop_thief.knowledge import Knowledge

FAR = 99  # steps to a square no detective can reach
MEAN_ROLL = 7  # two dice
PRUNE = 0.002  # spaces less likely than this are left out of distance sums
ARREST_THRESHOLD = 0.3  # measured: see bench/bot_match.py --thresholds


class Geometry:
    """Where each space can be arrested from, and how far every square is from there."""

    def __init__(self, board: Board) -> None:
        nodes = board.nodes
        # The spaces an arrest from each square may name: on it or directly next to it.
        self.targets: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                sorted(
                    code
                    for code in (nodes[m].code for m in {n.index, *board.touching[n.index]})
                    if code is not None
                )
            )
            if n.walkable
            else ()
            for n in nodes
        )
        zones: dict[int, list[int]] = {code: [] for code in board.spaces}
        for index, codes in enumerate(self.targets):
            for code in codes:
                zones[code].append(index)
        self.zone: dict[int, tuple[int, ...]] = {c: tuple(z) for c, z in zones.items()}
        stations = set(board.station_nodes)
        neighbours = [
            tuple(board.steps[i]) + (tuple(sorted(stations - {i})) if i in stations else ())
            for i in range(len(nodes))
        ]
        self.walkable: tuple[int, ...] = tuple(n.index for n in nodes if n.walkable)
        # distance[code][node]: steps from node to the nearest square an arrest at code needs.
        self.distance: dict[int, list[int]] = {
            code: _bfs(zone, neighbours, len(nodes)) for code, zone in self.zone.items()
        }


def _bfs(sources: Iterable[int], neighbours: Sequence[tuple[int, ...]], size: int) -> list[int]:
    dist = [FAR] * size
    queue: deque[int] = deque()
    for s in sources:
        dist[s] = 0
        queue.append(s)
    while queue:
        here = queue.popleft()
        d = dist[here] + 1
        for nxt in neighbours[here]:
            if dist[nxt] > d:
                dist[nxt] = d
                queue.append(nxt)
    return dist


_GEOMETRY: weakref.WeakKeyDictionary[Board, Geometry] = weakref.WeakKeyDictionary()


def geometry(board: Board) -> Geometry:
    """The board's arrest zones and distances (worked out once per board)."""
    geo = _GEOMETRY.get(board)
    if geo is None:
        geo = _GEOMETRY[board] = Geometry(board)
    return geo


@dataclass
class _Me:
    """What the bot reads once per decision: where it is, what it has, who else plays."""

    seat: int
    node: int
    money: int
    card_played: bool
    allowance: int | None
    rivals: dict[int, dict[str, Any]]
    cards: dict[str, list[Action]]  # playable card actions by effect


Score = tuple[float, float]  # (arrest chance if at least the threshold else 0, -distance)


class DetectiveBot:
    """Tracks the thief exactly from what its seat hears and plays to arrest him first.

    `arrest_threshold`: arrest when the likeliest space within reach has at
    least this chance. `tip_below`: call the Tipster when the likeliest space
    has less than this chance. `tip_reserve`: money kept back when buying a
    tip. `seed` is accepted for the registry; the detective never gambles.
    """

    level = "expert"

    def __init__(
        self,
        seed: int = 0,
        arrest_threshold: float = ARREST_THRESHOLD,
        tip_below: float = 0.6,
        tip_reserve: int = 50,
        board: Board | None = None,
    ) -> None:
        self.seed = seed
        self.arrest_threshold = arrest_threshold
        self.tip_below = tip_below
        self.tip_reserve = tip_reserve
        self.board = board or load_board()
        self.content: Content = load_content()
        self.geo = geometry(self.board)
        self.knowledge: dict[int, Knowledge] = {}

    # --- the decision ----------------------------------------------------------------------
    def choose(self, state: GameState, seat: int) -> Action:
        legal = state.legal_actions()
        kinds = {a.kind for a in legal}
        fine_card = "pay_fine" in kinds and "play_card" in kinds
        for simple in ("pay_fine", "clue", "roll"):
            if simple in kinds and not (simple == "pay_fine" and fine_card):
                return Action.of(simple)
        knowledge = self.knowledge.get(seat)
        if knowledge is None:
            knowledge = self.knowledge[seat] = Knowledge(seat, self.board)
        knowledge.update(state)
        dist = knowledge.distribution()
        # The spectator's view has every public fact needed; the seat's own view would
        # add its hand and legal actions, which `legal` already gives.
        me = self._me(state.view(None), seat, legal)
        if fine_card:  # the fine turn: a card first if one is worth it, then pay
            top = max(dist.values(), default=1.0)
            card = (self._tip_card(me) if top < self.tip_below else None) or self._rival_card(
                dist, me, arresting=False
            )
            return card or Action.of("pay_fine")
        if "move" in kinds:
            return self._move_phase(legal, dist, me)
        return self._after_phase(legal, dist, me)

    def _me(self, view: dict[str, Any], seat: int, legal: list[Action]) -> _Me:
        mine = view["detectives"][seat]
        cards: dict[str, list[Action]] = {}
        for action in legal:
            if action.kind == "play_card":
                effect = self.content.cards[action["card"]].effect
                cards.setdefault(effect, []).append(action)
        return _Me(
            seat=seat,
            node=self.board.node_by_id[mine["node"]],
            money=int(mine["money"]),
            card_played=bool(view["card_played"]),
            allowance=view["allowance"],
            rivals={int(d["seat"]): d for d in view["detectives"] if d["seat"] != seat},
            cards=cards,
        )

    # --- scoring squares -------------------------------------------------------------------
    def _arrest_chances(self, dist: dict[int, float]) -> dict[int, float]:
        """For each square, the chance of the likeliest space an arrest from there may name."""
        zone = self.geo.zone
        reach: dict[int, float] = {}
        get = reach.get
        for code, p in dist.items():
            for node in zone[code]:
                if p > get(node, 0.0):
                    reach[node] = p
        return reach

    def _expected_distance(self, node: int, dist: dict[int, float]) -> float:
        distance = self.geo.distance
        return sum(p * distance[code][node] for code, p in dist.items())

    def _best(
        self, nodes: Iterable[int], reach: dict[int, float], near: dict[int, float]
    ) -> tuple[int, Score]:
        """The best of `nodes` to end a move on, and its score.

        `near` is the distribution pruned of unlikely spaces, for the distance sums.
        """
        threshold = self.arrest_threshold
        distance = self.geo.distance
        rows = [(p, distance[code]) for code, p in near.items()]
        best_node, best = -1, (-1.0, -float(FAR))
        for node in nodes:
            p = reach.get(node, 0.0)
            score = (p if p >= threshold else 0.0, -sum(q * row[node] for q, row in rows))
            if score > best:
                best_node, best = node, score
        return best_node, best

    # --- moving ----------------------------------------------------------------------------
    def _move_phase(self, legal: list[Action], dist: dict[int, float], me: _Me) -> Action:
        board = self.board
        reach = self._arrest_chances(dist)
        near = _prune(dist)
        moves = {board.node_by_id[a["to"]]: a for a in legal if a.kind == "move"}
        best_node, best = self._best(moves, reach, near)
        if me.allowance is not None:
            for ride in (a for a in legal if a.kind == "ride"):
                station = board.node_by_id[ride["to"]]
                _, score = self._best(board.within(station, me.allowance), reach, near)
                if score > (best[0], best[1] + 2):  # ride first only if clearly better
                    return ride
        if not me.card_played:
            card = self._movement_card(dist, reach, near, me, best)
            if card is not None:
                return card
        return moves[best_node]

    def _movement_card(
        self,
        dist: dict[int, float],
        reach: dict[int, float],
        near: dict[int, float],
        me: _Me,
        best: Score,
    ) -> Action | None:
        """A card to play before moving: a tip, more reach, or a jump (None: keep them)."""
        cards, board = me.cards, self.board
        top = max(dist.values(), default=0.0)
        can_arrest = best[0] > 0.0
        if top < self.tip_below:
            tip = self._tip_card(me)
            if tip is not None:
                return tip
        if can_arrest:
            return None
        if me.allowance is not None:
            for action in sorted(cards.get("extra_spaces", []), key=self._amount):
                nodes = board.within(me.node, me.allowance + self._amount(action))
                if max((reach.get(n, 0.0) for n in nodes), default=0.0) >= self.arrest_threshold:
                    return action
        anywhere = cards.get("move_anywhere")
        if anywhere:
            if top >= self.arrest_threshold:
                return anywhere[0]
            _, jump = self._best(self.geo.walkable, reach, near)
            if jump[1] - best[1] >= 2 * MEAN_ROLL:
                return anywhere[0]
        for action in cards.get("back_to_acme", []):
            if action.get("target") == me.seat and me.allowance is not None:
                _, acme = self._best(board.within(board.acme, me.allowance), reach, near)
                if acme[1] - best[1] >= MEAN_ROLL / 2:
                    return action
        # Far from him, extra clues just before moving tell this detective most: play the
        # card (and draw a fresh one) rather than sit on it.
        if "extra_clues" in cards and -best[1] > MEAN_ROLL:
            return cards["extra_clues"][0]
        return None

    def _tip_card(self, me: _Me) -> Action | None:
        """The cheapest tip it can afford while keeping `tip_reserve` back."""
        for action in sorted(me.cards.get("tip", []), key=self._amount):
            price = self._amount(action)
            if price == 0 or me.money - price >= self.tip_reserve:
                return action
        return None

    def _amount(self, action: Action) -> int:
        return self.content.cards[action["card"]].amount

    # --- after moving ----------------------------------------------------------------------
    def _after_phase(self, legal: list[Action], dist: dict[int, float], me: _Me) -> Action:
        arrests = [a for a in legal if a.kind == "arrest"]
        best_arrest = max(
            arrests, key=lambda a: (dist.get(a["space"], 0.0), -a["space"]), default=None
        )
        chance = dist.get(best_arrest["space"], 0.0) if best_arrest is not None else 0.0
        arresting = best_arrest is not None and chance >= self.arrest_threshold
        if not me.card_played:
            card = self._rival_card(dist, me, arresting)
            if card is not None:
                return card
        if arresting:
            assert best_arrest is not None
            return best_arrest
        rides = [a for a in legal if a.kind == "ride"]
        if rides and dist:
            near = _prune(dist)

            def far(node: int) -> float:
                return self._expected_distance(node, near)

            ride = min(rides, key=lambda a: far(self.board.node_by_id[a["to"]]))
            if far(self.board.node_by_id[ride["to"]]) < far(me.node) - 1:
                return ride
        return Action.of("end_turn")

    def _rival_card(self, dist: dict[int, float], me: _Me, arresting: bool) -> Action | None:
        """A card to play after moving: against a rival, for money, or for another turn."""
        cards, rivals = me.cards, me.rivals
        if not cards or not rivals or not dist:
            return None
        near = _prune(dist)
        mine = self._expected_distance(me.node, near)
        far = {
            s: self._expected_distance(self.board.node_by_id[d["node"]], near)
            for s, d in rivals.items()
        }

        def aimed(effect: str, seat: int) -> Action | None:
            return next((a for a in cards.get(effect, []) if a.get("target") == seat), None)

        threat = min(rivals, key=lambda s: (far[s], -rivals[s]["money"], s))
        if far[threat] <= MEAN_ROLL and far[threat] <= mine and rivals[threat]["licensed"]:
            card = aimed("back_to_acme", threat) or aimed("lose_turn", threat)
            if card is not None:
                return card
        richest = max(rivals, key=lambda s: (rivals[s]["money"], -s))
        if rivals[richest]["money"] >= 50:
            card = aimed("collect", richest)
            if card is not None:
                return card
        if arresting:
            return None  # an arrest ends the turn: an extra turn would be spent on nothing
        if "extra_turn" in cards and mine <= MEAN_ROLL:
            return cards["extra_turn"][0]
        leader = max(rivals, key=lambda s: (rivals[s]["money"], -far[s], -s))
        if rivals[leader]["licensed"] and not rivals[leader]["turns_to_lose"]:
            card = aimed("lose_turn", leader)
            if card is not None:
                return card
        # Extra clues help every detective alike, so the card is worth little to hold: play
        # it to draw a fresh card, unless the thief is within a roll (more clues would move
        # him on before this detective's next turn); when the trail is lost, play it anyway.
        if "extra_clues" in cards and (max(dist.values()) < 0.15 or mine > MEAN_ROLL):
            return cards["extra_clues"][0]
        return None


def _prune(dist: dict[int, float]) -> dict[int, float]:
    """The distribution without its unlikeliest spaces (they barely move a distance sum)."""
    if len(dist) <= 12:
        return dist
    kept = {code: p for code, p in dist.items() if p >= PRUNE}
    total = sum(kept.values())
    return {code: p / total for code, p in kept.items()} if total > 0 else dist


def _make_detective(seed: int) -> DetectiveBot:
    return DetectiveBot(seed)


def _make_beginner(seed: int) -> Careless:
    return Careless(DetectiveBot(seed), BEGINNER_SLIP, seed)


def _make_intermediate(seed: int) -> Careless:
    return Careless(DetectiveBot(seed), INTERMEDIATE_SLIP, seed)


# Slips calibrated with bench/bot_levels.py (docs/bot-levels.md).
BEGINNER_SLIP = 0.5
INTERMEDIATE_SLIP = 0.2

register_bot(
    "stop-thief",
    "beginner",
    _make_beginner,
    "Tracks the thief, but half the time moves to the wrong square or asks the wrong thing.",
)
register_bot(
    "stop-thief",
    "intermediate",
    _make_intermediate,
    "Tracks the thief well, with an occasional careless move.",
)
register_bot(
    "stop-thief",
    "expert",
    _make_detective,
    "Follows every clue to the squares the thief can be on and strikes when the odds are best.",
)
register_alias("stop-thief", "detective", "expert")
