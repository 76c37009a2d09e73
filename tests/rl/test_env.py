"""The PettingZoo environments: the API and seed tests, masks, errors, seeds, no peeking."""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402
from pettingzoo.utils.wrappers import TerminateIllegalWrapper  # noqa: E402

import sleuth  # noqa: E402
from sleuth.core import IllegalAction, Rng  # noqa: E402
from sleuth.rl import SleuthEnv, encoder_for, env, supported_games  # noqa: E402
from sleuth.rl.env import fresh_observation, seat_of  # noqa: E402

SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("stop-thief", 2, {}),
    ("stop-thief", 4, {}),
    ("manhunt", 3, {}),
    ("manhunt", 4, {"partners": True}),
    ("kojak", 2, {}),
    ("kojak", 3, {"version": "advanced"}),
    ("columbo", 2, {}),
    ("columbo", 4, {"advanced": True}),
]
IDS = [f"{g}-{n}{'-' + '-'.join(map(str, o.values())) if o else ''}" for g, n, o in SETUPS]


def random_steps(game: SleuthEnv, steps: int, seed: int) -> None:
    """Random masked actions for up to `steps` agent turns (dead agents step None)."""
    rng = np.random.default_rng(seed)
    for _ in game.agent_iter(steps):
        obs, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_the_games_with_an_encoder() -> None:
    assert {"stop-thief", "manhunt", "kojak", "columbo"} <= set(supported_games())


@pytest.mark.parametrize(("name", "players", "options"), SETUPS, ids=IDS)
def test_pettingzoo_api_and_seed_tests(name: str, players: int, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice for Dict observations, which it expects
        api_test(env(name, players, seed=5, **options), num_cycles=60)
        seed_test(lambda: env(name, players, **options), num_cycles=40)


@pytest.mark.parametrize(("name", "players", "options"), SETUPS, ids=IDS)
def test_the_mask_is_exactly_the_legal_actions(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = env(name, players, seed=1, max_actions=400, **options)
    game.reset(seed=11)
    rng = np.random.default_rng(0)
    space = game.observation_space(game.agent_selection)
    for agent in game.agent_iter():
        obs, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        assert space.contains(obs)
        legal = {game.encoder.index[a] for a in game.game_state.legal_actions()}
        assert set(np.flatnonzero(obs["action_mask"]).tolist()) == legal
        assert seat_of(agent) == game.game_state.to_move
        for other in game.agents:  # only the seat to move has anything to choose
            if other != agent:
                assert not game.observe(other)["action_mask"].any()
        game.step(int(rng.choice(sorted(legal))))


@pytest.mark.parametrize(("name", "players", "options"), SETUPS[::2], ids=IDS[::2])
def test_illegal_actions_raise_and_change_nothing(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = env(name, players, seed=2, **options)
    game.reset(seed=2)
    obs, *_ = game.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = list(game.game_state.history)
    with pytest.raises(IllegalAction, match=f"cannot take action {illegal}"):
        game.step(illegal)
    with pytest.raises(IllegalAction, match="not an index"):
        game.step(len(game.actions))
    with pytest.raises(IllegalAction, match="must act"):
        game.step(None)
    assert game.game_state.history == before
    assert np.array_equal(game.last()[0]["action_mask"], obs["action_mask"])


def test_the_terminate_illegal_wrapper_fits() -> None:
    """PettingZoo's own convention for illegal moves (lose, game over) wraps these envs."""
    game = TerminateIllegalWrapper(env("kojak", 2, seed=1), illegal_reward=-1)
    game.reset(seed=1)
    obs, *_ = game.last()
    loser = game.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(game.terminations.values())
    assert game.rewards[loser] == -1


@pytest.mark.parametrize(("name", "players", "options"), SETUPS[::2], ids=IDS[::2])
def test_a_seed_replays_the_same_game(name: str, players: int, options: dict[str, Any]) -> None:
    runs = []
    for _ in range(2):
        game = env(name, players, **options)
        game.reset(seed=9)
        random_steps(game, 150, seed=4)
        runs.append(game)
    a, b = runs
    assert a.game_state.history == b.game_state.history
    for agent in a.agents:
        assert np.array_equal(a.observe(agent)["observation"], b.observe(agent)["observation"])
    # reset(seed=s) is sleuth.new_game(..., seed=s): the record replays to the same game
    again = sleuth.replay(a.game_state.record())
    assert again.view(None) == a.game_state.view(None)
    # seedless resets draw fresh games, the same ones for the same first seed
    a.reset(seed=9)
    b.reset(seed=9)
    a.reset()
    b.reset()
    assert a.game_seed == b.game_seed != 9


def _hidden(state: Any) -> tuple[object, object]:
    """What no seat may see (the test may look; encoders may not): the culprit, the rest."""
    if state.name == "stop-thief":
        return state.scanner.thief, ([d.hand for d in state.detectives], list(state.pile))
    if state.name == "manhunt":
        return state.card.number, None
    if state.name == "columbo":  # no culprit: the other hands, the face-down lawn, the piles
        others = [d.hand for d in state.detectives if d.seat != 0]
        return (others, list(state.lawn)), [tuple(p) for p in state.piles.values()]
    return state.case.hideout, tuple(sorted(state.case.codes.items()))


@pytest.mark.parametrize(("name", "players", "options"), SETUPS, ids=IDS)
def test_observations_never_peek_at_hidden_state(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """Redraw all a seat cannot know (state.resample): its observation must not change."""
    game = env(name, players, seed=3, **options)
    game.reset(seed=21)
    culprit_moved = rest_moved = 0
    rng = Rng(5)
    for steps in (4, 20, 40):
        random_steps(game, steps, seed=steps)
        state = game.game_state
        assert not state.over
        for agent in game.agents:
            seat = seat_of(agent)
            seen = game.observe(agent)
            again = fresh_observation(game.encoder, state, seat)
            assert np.array_equal(again["observation"], seen["observation"])
            for _ in range(6):
                twin = state.resample(seat, rng)
                culprit, rest = _hidden(twin)
                culprit_moved += culprit != _hidden(state)[0]
                rest_moved += rest != _hidden(state)[1]
                other = fresh_observation(game.encoder, twin, seat)
                assert np.array_equal(other["observation"], seen["observation"])
                assert np.array_equal(other["action_mask"], seen["action_mask"])
    assert culprit_moved, "the resamples never moved the culprit: the test proves little"
    assert rest_moved or name == "manhunt"


def test_seats_see_different_things() -> None:
    game = env("stop-thief", 3, seed=1)
    game.reset(seed=1)
    first, second = (game.observe(a)["observation"] for a in game.agents[:2])
    assert not np.array_equal(first, second)


def test_rewards_at_the_end_and_truncation() -> None:
    game = env("manhunt", 3, seed=1)
    game.reset(seed=4)
    totals = dict.fromkeys(game.agents, 0.0)
    rng = np.random.default_rng(1)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            assert terminated and not truncated
            game.step(None)
        else:
            assert reward == 0.0
            game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winners = {f"seat_{s}" for s in game.game_state.winners}
    assert totals == {a: 1.0 if a in winners else -1.0 for a in totals}

    short = env("kojak", 2, seed=1, max_actions=10)
    short.reset(seed=1)
    random_steps(short, 10, seed=0)
    assert len(short.game_state.history) == 10
    assert all(short.truncations.values()) and not any(short.terminations.values())
    assert all(short._cumulative_rewards[a] == 0.0 for a in short.agents)


def test_stop_thief_money_shaping() -> None:
    game = env("stop-thief", 2, seed=1, reward_shaping=True, win_amount=1000)
    game.reset(seed=9)  # a seed whose random game ends well inside 5000 steps
    totals = dict.fromkeys(game.agents, 0.0)
    rng = np.random.default_rng(2)
    for agent in game.agent_iter(5000):
        obs, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = game.game_state
    assert state.over
    for d in state.detectives:
        shaped = (min(d.money, 1000) - 300) / 1000
        end = 1.0 if d.seat in state.winners else -1.0
        assert totals[f"seat_{d.seat}"] == pytest.approx(shaped + end)


def test_bot_opponents_are_not_agents() -> None:
    game = env("stop-thief", 3, seed=1, opponents={1: "detective", 2: "random"})
    assert game.possible_agents == ["seat_0"]
    game.reset(seed=3)
    for agent in game.agent_iter(200):
        assert agent == "seat_0"
        obs, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
        else:
            assert game.game_state.to_move == 0
            game.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(ValueError, match="every seat is a bot"):
        env("kojak", 2, opponents={0: "random", 1: "random"})


def test_stop_thief_notebook_is_a_distribution_holding_the_truth() -> None:
    game = env("stop-thief", 2, seed=1)
    game.reset(seed=13)
    random_steps(game, 40, seed=3)
    enc = game.encoder
    part = enc.notebook_part  # type: ignore[attr-defined]
    thief = game.game_state.scanner.thief
    for agent in game.agents:
        notebook = game.observe(agent)["observation"][part]
        assert notebook.sum() == pytest.approx(1.0, abs=1e-4)
        assert notebook[enc.code_index[thief.space]] > 0  # type: ignore[attr-defined]


def test_layouts_fill_the_observation() -> None:
    for name in supported_games():
        players = sleuth.spec(name).min_players
        encoder = encoder_for(name)(players, sleuth.new_game(name, players).options)
        table = encoder.layout.table()
        assert sum(size for _, size, _ in encoder.layout.parts) == encoder.layout.size
        assert table.count("\n") == len(encoder.layout.parts) + 1


def test_render() -> None:
    game = env("stop-thief", 2, seed=1, render_mode="ansi")
    game.reset(seed=1)
    assert game.render().startswith("Stop Thief: seat")
    game = env("manhunt", 2, seed=1, render_mode="svg")
    game.reset(seed=1)
    assert game.render().startswith("<svg")
    with pytest.raises(ValueError, match="render_mode"):
        env("kojak", 2, render_mode="rgb_array")
    kojak = env("kojak", 2, seed=1)
    if "svg" in kojak.metadata["render_modes"]:  # once the Kojak board has a picture
        kojak = env("kojak", 2, seed=1, render_mode="svg")
        kojak.reset(seed=1)
        assert kojak.render().startswith("<svg")


def test_columbo_observes_a_discard_face_and_the_lawn_only_as_places() -> None:
    """A discard shown to all (CO-LAWN-01) is every seat's latest happening, face and place;
    the lawn part says only which places hold a card (decision S1), never which card."""
    from sleuth.games.columbo.rl import HAPPENING_INDEX, HAPPENINGS, MAX_SEATS

    game = env("columbo", 2, seed=1)
    game.reset(seed=3)
    enc: Any = game.encoder
    rng = np.random.default_rng(0)
    for _ in game.agent_iter(3000):
        log = game.game_state.log
        if log and log[-1].kind == "discard" and log[-1].data["card"] is not None:
            break
        obs, _, terminated, truncated, _ = game.last()
        assert not (terminated or truncated), "no shown discard in this game: pick another seed"
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = game.game_state
    discard = state.log[-1].data
    place, card = int(discard["place"]), int(discard["card"]["id"])
    where = 1 + len(HAPPENINGS) + 2 * MAX_SEATS  # a news slot: present, type, seats, place...
    for agent in game.agents:
        obs = game.observe(agent)["observation"]
        latest = obs[enc.news_parts[0]]
        assert latest[1 + HAPPENING_INDEX["discard"]] == 1.0
        assert np.flatnonzero(latest[where : where + 60]).tolist() == [place]
        face = latest[where + 60 :]
        assert face[0] == 1.0 and face[3 + enc.card_kind[card]] == 1.0
        lying = [i for i, c in enumerate(state.lawn) if c is not None]
        assert np.flatnonzero(obs[enc.lawn_part]).tolist() == lying


def test_columbo_news_counts_the_actor_and_the_other_seat_from_the_observer() -> None:
    """A demand's news slot names who asked and who was asked counted from each observer
    (0: itself), as every seat part does: the seats share one record of the happening, and
    each places the seats itself."""
    from sleuth.games.columbo.rl import HAPPENING_INDEX, HAPPENINGS, MAX_SEATS

    game = env("columbo", 4, seed=2)
    game.reset(seed=2)
    enc: Any = game.encoder
    rng = np.random.default_rng(2)
    checked = 0
    for _ in game.agent_iter(4000):
        log = game.game_state.log
        if log and log[-1].kind == "demand":
            by, target = int(log[-1].data["by"]), int(log[-1].data["target"])
            for agent in game.agents:
                me = seat_of(agent)
                latest = game.observe(agent)["observation"][enc.news_parts[0]]
                assert latest[1 + HAPPENING_INDEX["demand"]] == 1.0
                seats = latest[1 + len(HAPPENINGS) : 1 + len(HAPPENINGS) + 2 * MAX_SEATS]
                assert np.flatnonzero(seats).tolist() == [
                    (by - me) % 4,
                    MAX_SEATS + (target - me) % 4,
                ], (agent, by, target)
            checked += 1
            if checked == 5:
                break
        obs, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked == 5, "too few demands: pick another seed"


def test_legal_array_matches_legal_indices_also_for_actions_made_afresh() -> None:
    """Masks are set through `Encoder.legal_array`: the same indices as `legal_indices`, found
    by identity for the universe's own action objects and by value for equal ones made anew."""
    from sleuth.core import Action

    state = sleuth.new_game("columbo", 4, 3)
    encoder = encoder_for("columbo")(4, state.options)
    rng = np.random.default_rng(1)
    lengths = set()
    for _ in range(300):
        expected = encoder.legal_indices(state)
        assert encoder.legal_array(state).tolist() == expected
        legal = state.legal_actions()
        anew = [Action(a.kind, a.params) for a in legal]  # equal, but not the same objects
        assert all(id(a) not in encoder._by_id for a in anew)
        assert encoder.index_array(anew).tolist() == expected
        lengths.add(len(legal))
        state.apply(legal[int(rng.integers(len(legal)))])
    assert max(lengths) > 100, "no search step with its many namings: pick another seed"


def masks_against_the_look_up(
    name: str, players: int, seeds: Iterable[int], limit: int
) -> Iterator[Any]:
    """Every position of seeded random games of `name` (up to `limit` actions each), after
    checking that its encoder's own `legal_mask` gives the generic look-up's mask there."""
    from sleuth.rl.base import Encoder

    rng = np.random.default_rng(players)
    for seed in seeds:
        state: Any = sleuth.new_game(name, players, seed)
        encoder: Any = encoder_for(name)(players, state.options)
        while not state.over and len(state.history) < limit:
            legal = state.legal_actions()
            expected = Encoder.legal_mask(encoder, state)
            found = encoder.legal_mask(state)
            assert found.dtype == np.int8 and found.shape == expected.shape
            assert np.array_equal(found, expected), len(state.history)
            yield state
            state.apply(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_columbo_namings_in_the_mask_are_the_ones_listed(players: int) -> None:
    """Columbo's `legal_mask` writes a position's namings from the nameable places and the
    cards that show (one row repeated for the lawn places), rather than looking each listed
    naming up: at every position of random games, in the end phase too, it must give the
    look-up's mask."""
    namings = sum(
        state.legal_actions()[0].kind == "name"
        for state in masks_against_the_look_up("columbo", players, (1, 2), 2500)
    )
    assert namings > 300, "too few positions with namings: pick other seeds"


@pytest.mark.parametrize(("name", "players", "options"), SETUPS, ids=IDS)
def test_a_returned_observation_never_changes_afterwards(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """Observers may reuse their buffers (Columbo's keeps its last vector and mends it), yet
    what `observe` returned is the caller's: later steps leave it as it was (replay buffers
    keep it), and what the caller does to it never reaches a second `observe`."""
    game = env(name, players, seed=4, **options)
    game.reset(seed=4)
    rng = np.random.default_rng(4)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    for _ in game.agent_iter(150):
        obs, _, terminated, truncated, _ = game.last()
        kept.append((obs["observation"], obs["observation"].copy()))
        if terminated or truncated:
            game.step(None)
            continue
        obs["observation"][:] = 0.5  # the caller's to spoil: a second call is untouched
        obs["action_mask"][:] = 0
        again = game.observe(game.agent_selection)
        assert np.array_equal(again["observation"], kept[-1][1])
        assert again["action_mask"].any()
        kept[-1] = (again["observation"], again["observation"].copy())
        game.step(int(rng.choice(np.flatnonzero(again["action_mask"]))))
    assert all(np.array_equal(handed, copy) for handed, copy in kept)


@pytest.mark.parametrize("players", [2, 4])
def test_columbo_news_read_once_for_all_seats_keeps_private_happenings_private(
    players: int,
) -> None:
    """Columbo's environment reads the log once for every seat (`ColumboEncoder.news`): each
    seat's window must still hold only what it saw. At every step of a random game, every
    seat's observation is the one a fresh observer fed only that seat's events would make,
    while cards drawn, handed over and discarded unseen go to one seat alone."""
    game = env("columbo", players, seed=6)
    game.reset(seed=6)
    rng = np.random.default_rng(6)
    private = 0
    for _ in range(400):
        if not game.agents:
            break
        state = game.game_state
        for agent in game.agents:
            seen = game.observe(agent)["observation"]
            alone = fresh_observation(game.encoder, state, seat_of(agent))["observation"]
            assert np.array_equal(seen, alone), (agent, len(state.history))
        private = sum(e.to is not None and e.kind in ("drew", "given") for e in state.log)
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(rng.choice(np.flatnonzero(mask))))
    assert private > 10, "too few private happenings: pick another seed"
