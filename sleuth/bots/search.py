"""A search bot for any game: information-set Monte Carlo tree search without peeking.

Each iteration draws a world the seat cannot tell from the real one (`state.resample`),
walks a tree of the seat's own decisions down it (UCB1 at each among the rollout bot's
suggestion and, as visits grow, other legal actions; the other seats' moves made by
rollout bots inside the world), and from the first new decision plays the
world out with rollout bots; the seat's result (1 for a win, 0 otherwise) is backed up
the path. Nodes are keyed by what the seat has seen and done since the search began (the events
shown to it and its own choices), so every world that looks the same to it shares a
node: an information set.
An iteration that reaches `depth` actions without an end scores the seat's share of a
finished game (1/players), so a capped playout neither rewards nor punishes.

Budget: `iterations` per decision (and `seconds`, if given, whichever comes first).
The rollout bots are a game's own level (by default its strongest) made
afresh per world with seeds drawn from the search's own generator, so a search is
deterministic for a given seed.

    >>> import sleuth
    >>> from sleuth.bots.search import SearchBot
    >>> state = sleuth.new_game("kojak", players=2, seed=3)
    >>> bot = SearchBot("kojak", seed=1, iterations=8)
    >>> state.is_legal(bot.choose(state, state.to_move))
    True
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field

from sleuth.bots.base import Bot, bot_levels, make_bot
from sleuth.core import Action, GameState, Rng


@dataclass
class _Node:
    visits: int = 0
    children: dict[Action, list[float]] = field(default_factory=dict)  # action -> [n, wins]


class SearchBot:
    """Information-set MCTS over `resample`d worlds, with bot rollouts."""

    def __init__(
        self,
        game: str,
        seed: int = 0,
        *,
        iterations: int = 100,
        seconds: float | None = None,
        rollout: str | None = None,
        depth: int = 2000,
        exploration: float = 1.2,
    ) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        levels = [level for level in bot_levels(game) if level != "random"]
        self.rollout = rollout or (levels[-1] if levels else "random")
        self.depth = depth
        self.exploration = exploration

    def choose(self, state: GameState, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        tree: dict[tuple[str, ...], _Node] = {}
        self._root = len(state.events_for(seat))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.iterations):
            if deadline is not None and time.perf_counter() > deadline:
                break
            self._iterate(state, seat, tree)
        root = tree.get(self._key(state, seat, ()))
        suggestion = self._rollout_bot().choose(state, seat)
        if root is None or not root.children:
            return suggestion
        # Keep the rollout bot's own choice unless another action has done clearly better:
        # its win rate's lower bound above the choice's win rate (a few lucky playouts
        # must not talk the search out of a sound move).
        best, best_low = suggestion, _rate(root.children.get(suggestion))
        for action, (n, wins) in root.children.items():
            if n >= 4 and action in set(legal):
                low = wins / n - math.sqrt(2.0 / n)
                if low > best_low:
                    best, best_low = action, low
        return best

    def _key(self, world: GameState, seat: int, mine: tuple[str, ...]) -> tuple[str, ...]:
        """The seat's information set: every event it has seen since the search began, and
        its own choices (worlds that look alike to it share a node)."""
        seen = world.events_for(seat)[self._root :]
        return tuple(json.dumps(e.to_json(), sort_keys=True) for e in seen) + mine

    def _iterate(self, state: GameState, seat: int, tree: dict[tuple[str, ...], _Node]) -> None:
        world = state.resample(seat, self.rng.spawn())
        others: dict[int, Bot] = {}
        path: list[tuple[_Node, Action]] = []
        mine: tuple[str, ...] = ()
        expanded = False
        steps = 0
        while not world.over and steps < self.depth:
            mover = world.to_move
            assert mover is not None
            if mover == seat and not expanded:
                node = tree.setdefault(self._key(world, seat, mine), _Node())
                guide = others.get(seat)
                if guide is None:
                    guide = others[seat] = self._rollout_bot()
                action = self._select(node, world.legal_actions(), guide.choose(world, seat))
                if node.children[action][0] == 0:
                    expanded = True  # the first new decision: from here on, a rollout
                path.append((node, action))
                mine += (str(action),)
            else:
                bot = others.get(mover)
                if bot is None:
                    bot = others[mover] = self._rollout_bot()
                action = bot.choose(world, mover)
            world.apply(action)
            steps += 1
        won = 1.0 if seat in world.winners else 0.0
        value = won if world.over else 1.0 / world.players  # a capped playout: a fair share
        for node, action in path:
            node.visits += 1
            stats = node.children[action]
            stats[0] += 1
            stats[1] += value

    def _rollout_bot(self) -> Bot:
        return make_bot(self.game, self.rollout, seed=self.rng.randint(0, 2**31))

    def _select(self, node: _Node, legal: list[Action], suggested: Action) -> Action:
        """UCB1 among the node's candidates: the rollout bot's suggestion in each world
        met, and (progressive widening) one more legal action each time the node's visits
        pass the square of its candidates, so the search can improve on the bot."""
        node.children.setdefault(suggested, [0.0, 0.0])
        if len(node.children) ** 2 <= node.visits:
            fresh = [a for a in legal if a not in node.children]
            if fresh:
                node.children[fresh[self.rng.randint(0, len(fresh) - 1)]] = [0.0, 0.0]
        candidates = [a for a in node.children if a in set(legal)]
        untried = [a for a in candidates if node.children[a][0] == 0]
        if untried:
            return untried[0]
        log_n = math.log(max(1, node.visits))

        def ucb(action: Action) -> float:
            n, wins = node.children[action]
            return wins / n + self.exploration * math.sqrt(log_n / n)

        return max(candidates, key=ucb)


def _rate(stats: list[float] | None) -> float:
    """A child's win rate (0 if never tried)."""
    return 0.0 if not stats or stats[0] == 0 else stats[1] / stats[0]
