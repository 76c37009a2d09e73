"""A game added from outside: registered by its manifest, it works with the contract,
the bots and the server without any shell knowing it (docs/adding-a-game.md)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import sleuth
from sleuth.bots import make_bot, play
from sleuth.core import IllegalAction
from sleuth.core.registry import _REGISTRY, register
from sleuth.server.app import create_app
from tests.command_line import run_sleuth
from tests.example_game.manifest import SPEC


@pytest.fixture(autouse=True)
def high_card() -> Iterator[None]:
    """Registered as an installed package's entry point would register it."""
    sleuth.game_names()  # the installed games first
    register(SPEC)
    yield
    _REGISTRY.pop(SPEC.name, None)


def test_it_plays_by_the_contract() -> None:
    state = sleuth.new_game("high-card", players=3, seed=4, swaps=2)
    assert "high-card" in sleuth.game_names()
    with pytest.raises(IllegalAction):
        state.apply({"kind": "peek"})
    rng = random.Random(4)
    while not state.over:
        assert state.prompt(state.to_move) is not None
        state.apply(rng.choice(state.legal_actions()))
    assert state.winners and state.prompt(0) is None
    again = sleuth.replay(json.loads(json.dumps(state.record().to_json())))
    assert again.reveal() == state.reveal() and again.view(1) == state.view(1)


def test_each_seat_sees_only_its_own_card() -> None:
    state = sleuth.new_game("high-card", players=2, seed=1)
    mine, theirs = state.view(0), state.view(1)
    assert mine["my_card"] == state.reveal()["cards"][0] and mine["cards"] is None
    assert "my_card" not in state.view(None)
    assert [e.data["card"] for e in state.events_for(1) if e.kind == "dealt"] == [theirs["my_card"]]


def test_the_random_bot_plays_it() -> None:
    state = sleuth.new_game("high-card", players=4, seed=9)
    play(state, [make_bot("high-card", "random", seed=s) for s in range(4)])
    assert state.over


def test_the_server_serves_it_unchanged() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()}
        assert games["high-card"]["options"][0]["name"] == "swaps"
        created = client.post(
            "/api/tables",
            json={"game": "high-card", "players": 2, "seats": [{"kind": "bot"}] * 2},
        )
        assert created.status_code == 201, created.text
        tid = created.json()["id"]
        for _ in range(200):
            if client.get(f"/api/tables/{tid}").json()["status"] == "finished":
                break
            time.sleep(0.02)
        replay = client.get(f"/api/tables/{tid}/replay").json()
        assert sleuth.replay(replay["record"]).over


def test_its_commands_join_the_sleuth_command() -> None:
    """Its `cli` part's COMMANDS, listed by its manifest's words until one is run."""
    listed = run_sleuth("--help")
    assert "high-card High Card tools: deal a table and show every card." in " ".join(
        listed.stdout.split()
    )
    dealt = run_sleuth("high-card", "deal", "--players", "3", "--seed", "4")
    cards = sleuth.new_game("high-card", players=3, seed=4).reveal()["cards"]
    assert dealt.exit_code == 0
    assert dealt.stdout.splitlines() == [f"player {n + 1}: {c}" for n, c in enumerate(cards)]
    refused = run_sleuth("high-card", "deal", "-p", "9")
    assert refused.exit_code == 2
    assert "sleuth high-card deal: error: argument --players: 2 to 4 players" in refused.stderr
