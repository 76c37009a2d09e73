"""PettingZoo AEC environments over the core contract, one per game.

    >>> from sleuth.rl import env
    >>> game = env("stop-thief", players=2, seed=3)
    >>> game.reset(seed=3)
    >>> game.agent_selection in game.agents
    True
    >>> obs, reward, terminated, truncated, info = game.last()
    >>> sorted(obs)
    ['action_mask', 'observation']

Agents are "seat_0" .. "seat_{n-1}" (seats given to `opponents` are played by sleuth
bots inside the environment and are not agents). Actions are indices into the
game's fixed universe (`env.actions`); the observation's `action_mask` marks the legal
ones. See docs/rl.md for the rewards, the observation layouts and the decisions.
"""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from sleuth.bots import Bot, make_bot
from sleuth.core import Action, GameState, IllegalAction, new_game, spec
from sleuth.core.actions import JSONValue
from sleuth.rl.base import Encoder, Observer, encoder_for

Observation = dict[str, np.ndarray]
Opponents = Mapping[int, "str | Bot"]

_SEED_SPAN = 2**31
# Masks are kept by their legal actions when there are at most this many (most positions
# of most games offer a few; those with many, like a roll's squares, rarely come again),
# up to so many masks.
_SMALL_LEGAL, _MASKS_KEPT = 16, 4096


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def seat_of(agent: str) -> int:
    return int(agent.rsplit("_", 1)[1])


class SleuthEnv(AECEnv):  # type: ignore[misc]
    """One sleuth game as a PettingZoo AEC environment.

    game, players: which game and how many seats; options: the game's own options.
    seed: seeds the first `reset()` without a seed (`reset(seed=s)` plays the same
        game as `sleuth.new_game(game, players, seed=s)`; later seedless resets draw
        their seeds from s).
    opponents: seat -> bot level (or a ready `Bot`): those seats are played inside
        the environment by sleuth bots and are not agents.
    max_actions: truncate every agent after this many game actions (bots' included).
    reward_shaping: also reward progress each step, where the game defines it
        (Stop Thief: the change in money / win_amount). Off by default.
    render_mode: "ansi" (the spectator's view as text) or "svg" (the board).
    """

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "svg"],
        "name": "sleuth_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int,
        seed: int | None = None,
        *,
        opponents: Opponents | None = None,
        max_actions: int | None = None,
        reward_shaping: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = game
        self.players = players
        self.game_options = dict(options)
        probe = new_game(game, players, 0, **options)  # checks players and options
        self.encoder: Encoder = encoder_for(game)(players, probe.options)
        self.actions: tuple[Action, ...] = self.encoder.actions
        self.opponents: dict[int, str | Bot] = dict(opponents or {})
        for seat in self.opponents:
            if not 0 <= seat < players:
                raise ValueError(f"opponent seat {seat} is not one of 0-{players - 1}")
        learners = [seat for seat in range(players) if seat not in self.opponents]
        if not learners:
            raise ValueError("every seat is a bot: leave at least one seat to the agents")
        if max_actions is not None and max_actions <= 0:
            raise ValueError(f"max_actions must be positive, not {max_actions}")
        draws = self.encoder.draws() or spec(game).has("picture")
        modes = ["ansi", "svg"] if draws else ["ansi"]
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode for {game} must be one of {modes}, not {render_mode!r}")
        self.max_actions = max_actions
        self.reward_shaping = reward_shaping
        self.render_mode = render_mode
        self.metadata = {
            **self.metadata,
            "name": f"sleuth_{game.replace('-', '_')}_v0",
            "render_modes": modes,
        }
        self.possible_agents: list[str] = [agent_name(s) for s in learners]
        self._names = [agent_name(s) for s in range(players)]  # made once: asked every step
        self._seats = {name: seat for seat, name in enumerate(self._names)}
        self.agents: list[str] = []
        size = self.encoder.layout.size
        obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (len(self.actions),), np.int8),
            }
        )
        self._observation_spaces = {a: obs_space for a in self.possible_agents}
        self._action_spaces = {
            a: gymnasium.spaces.Discrete(len(self.actions)) for a in self.possible_agents
        }
        self._seeder = random.Random(seed)
        self.game_seed = 0
        self.game_state: GameState = probe
        self._bots: dict[int, Bot] = {}
        self._observers: dict[int, Observer] = {}
        self._cursors: dict[int, int] = {}
        # By seat: the history's length when it last observed, its vector (perhaps the
        # observer's own, rewritten when it next encodes: only for a later stamp) and mask.
        self._cache: dict[int, tuple[int, np.ndarray, np.ndarray]] = {}
        self._potentials: list[float] | None = None
        # Masks by the ids of their few legal actions, each with those actions (held, so
        # that their ids are not reused while the mask is kept).
        self._masks: dict[tuple[int, ...], tuple[list[Action], np.ndarray]] = {}

    # --- spaces ---------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    # --- the AEC loop ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. `options` is accepted for the API's sake and ignored: the
        game's options are fixed when the environment is made."""
        if seed is not None:
            self._seeder = random.Random(seed)
            self.game_seed = seed
        else:
            self.game_seed = self._seeder.randrange(_SEED_SPAN)
        self.game_state = new_game(self.game, self.players, self.game_seed, **self.game_options)
        self._bots = {
            seat: (
                make_bot(self.game, bot, seed=self.game_seed + 7919 * (seat + 1))
                if isinstance(bot, str)
                else bot
            )
            for seat, bot in self.opponents.items()
        }
        self._observers = {
            seat_of(a): self.encoder.observer(seat_of(a)) for a in self.possible_agents
        }
        self._cursors = dict.fromkeys(self._observers, 0)
        self._cache = {}
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._potentials = self._potential_now()
        self.agent_selection = self.agents[0]
        self._after_action(self.agents[0])

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must act: None is only for agents that are done")
        chosen = self.decode(action)
        self._cumulative_rewards[agent] = 0.0
        try:
            self.game_state.apply(chosen)
        except IllegalAction as err:
            legal = sorted(self.index_of(a) for a in self.game_state.legal_actions())
            raise IllegalAction(
                f"{agent} cannot take action {int(action)} ({chosen}) now: {err}; "
                f"legal indices: {legal}"
            ) from None
        self._after_action(agent)

    def _after_action(self, agent: str) -> None:
        """Let the bots play, then hand out rewards and pick the next agent.

        Most steps end no game and shape nothing: the last step's rewards, all 0, stay as
        they are and add nothing (those dictionaries are left alone: four passes a step).
        """
        if self._bots:
            self._play_bots()
        state, rewards = self.game_state, self.rewards
        if any(rewards.values()):
            for a in rewards:
                rewards[a] = 0.0
        if self.reward_shaping:
            now = self._potential_now()
            if now is not None and self._potentials is not None:
                for a in self.agents:
                    seat = seat_of(a)
                    rewards[a] += now[seat] - self._potentials[seat]
            self._potentials = now
        if state.over:
            winners = set(state.winners)
            for a in self.agents:
                rewards[a] += 1.0 if seat_of(a) in winners else -1.0
                self.terminations[a] = True
        elif self.max_actions is not None and len(state.history) >= self.max_actions:
            for a in self.agents:
                self.truncations[a] = True
        else:
            to_move = state.to_move
            assert to_move is not None
            agent = self._names[to_move]
        self.agent_selection = agent
        if any(rewards.values()):
            self._accumulate_rewards()

    def _play_bots(self) -> None:
        state = self.game_state
        while not state.over and state.to_move in self._bots:
            if self.max_actions is not None and len(state.history) >= self.max_actions:
                return
            seat = state.to_move
            state.apply(self._bots[seat].choose(state, seat))

    def _potential_now(self) -> list[float] | None:
        if not self.reward_shaping:
            return None
        found = self.encoder.potentials(self.game_state.view(None))
        return None if found is None else list(found)

    # --- observations -----------------------------------------------------------------------
    def observe(self, agent: str) -> Observation:
        seat = self._seats[agent]
        state = self.game_state
        stamp = len(state.history)
        cached = self._cache.get(seat)
        if cached is None or cached[0] != stamp:
            observer = self._observers[seat]
            self._cursors[seat] = observer.catch_up(state, self._cursors[seat])
            cached = self._cache[seat] = (stamp, observer.encode_state(state), self._mask(seat))
        # Copies: what the caller does with them must not change what a second call returns.
        return {"observation": cached[1].copy(), "action_mask": cached[2].copy()}

    def _mask(self, seat: int) -> np.ndarray:
        """The seat's mask: never changed once made, as `observe` hands out copies.

        A mask of a few legal actions is kept by their ids, with the actions: the same
        few come again and again (roll, clue, end the turn, the same cards), and three
        numpy calls cost more than a look-up."""
        state = self.game_state
        if state.to_move != seat:
            return np.zeros(len(self.actions), np.int8)
        quick = self.encoder.quick_mask(state)  # without listing them, where the game can
        if quick is not None:
            return quick
        legal = state.legal_actions()
        key = tuple(map(id, legal)) if len(legal) <= _SMALL_LEGAL else None
        if key is not None and (kept := self._masks.get(key)) is not None:
            return kept[1]
        try:
            mask = self.encoder.legal_mask(state)
        except KeyError:
            for action in legal:
                self.index_of(action)  # raises, naming the action the universe lacks
            raise
        if key is not None:
            if len(self._masks) >= _MASKS_KEPT:
                self._masks.clear()
            self._masks[key] = (legal, mask)
        return mask

    def index_of(self, action: Action) -> int:
        """The index of a legal action in the universe."""
        try:
            return self.encoder.index[action]
        except KeyError:
            raise RuntimeError(
                f"{self.game}'s RL encoder has no index for the legal action {action}; "
                "its action universe is incomplete"
            ) from None

    def decode(self, action: int | np.integer[Any]) -> Action:
        """The `Action` an index stands for (IllegalAction if out of range)."""
        if type(action) is int and 0 <= action < len(self.actions):
            return self.actions[action]  # the usual case, first: every step comes here
        if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
            action = int(action)
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise IllegalAction(f"an action is an index 0-{len(self.actions) - 1}, not {action!r}")
        number = int(action)
        if not 0 <= number < len(self.actions):
            raise IllegalAction(f"action {number} is not an index 0-{len(self.actions) - 1}")
        return self.actions[number]

    # --- pictures ------------------------------------------------------------------------------
    def render(self) -> str | None:
        """The spectator's view as text ("ansi") or the board as SVG ("svg")."""
        if self.render_mode is None:
            warnings.warn("render() was called without a render_mode", stacklevel=2)
            return None
        view = self.game_state.view(None)
        if self.render_mode == "svg":
            drawn = self.encoder.svg(view)
            if drawn is not None:
                return drawn
            manifest = spec(self.game)
            return str(manifest.load("picture")()) if manifest.has("picture") else None
        return view_text(spec(self.game).title, view)

    def close(self) -> None:
        pass


def fresh_observation(encoder: Encoder, state: GameState, seat: int) -> Observation:
    """What `seat` observes in `state`, from a new observer fed that seat's whole event log.

    The same vector an environment that followed the game would show (it reads only
    `events_for(seat)` and the seat's view), so it also encodes a state a search
    bot resampled, or one rebuilt from a record.
    """
    observer = encoder.observer(seat)
    observer.observe_events(state.events_for(seat))
    if state.to_move == seat:
        mask = encoder.legal_mask(state)
    else:
        mask = np.zeros(len(encoder.actions), np.int8)
    return {"observation": observer.encode_state(state), "action_mask": mask}


_BULKY = ("board", "computer", "case", "legal")


def view_text(title: str, view: Mapping[str, JSONValue]) -> str:
    """A view as text: a headline, then each entry on a line (bulky static parts left out)."""
    if view.get("over"):
        head = f"{title}: over, winners {view.get('winners')}"
    else:
        head = f"{title}: seat {view.get('to_move')} to move, phase {view.get('phase')}"
    lines = [head]
    for key, value in view.items():
        if key in _BULKY:
            continue
        lines.append(f"{key}: {json.dumps(value, separators=(',', ':'))}")
    return "\n".join(lines)


def env(
    game: str,
    players: int = 2,
    seed: int | None = None,
    opponents: Opponents | None = None,
    **options: Any,
) -> SleuthEnv:
    """A PettingZoo AEC environment for `game` (see `SleuthEnv` for the keywords)."""
    return SleuthEnv(game, players, seed, opponents=opponents, **options)
