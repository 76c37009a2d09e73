"""A finished table of each game, played to its end over the HTTP API (for replay tests).

Every seat is human and joined; the actions come from a seeded chooser that
prefers the moves that end games (arrests, accusations, clues), so each game
below ends in a few hundred actions. The server and browser tests share it.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

import sleuth
from sleuth.core import GameState

# game: (players, seed, options), each ending in under MAX_ACTIONS with the chooser below
GAMES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "stop-thief": (3, 2, {"win_amount": 1000}),
    "manhunt": (2, 10, {}),
    "kojak": (2, 23, {}),
    "columbo": (2, 6, {"max_turns": 40}),
}
MAX_ACTIONS = 500  # under the server's burst of actions a client may send at once
EAGER = frozenset({"arrest", "take", "accuse", "leave_hq", "play_card", "tip"})


class Http(Protocol):
    """What the helpers need of a client: httpx's Client, or Starlette's TestClient."""

    def get(self, url: str, **kwargs: Any) -> Any: ...

    def post(self, url: str, **kwargs: Any) -> Any: ...


def played(game: str) -> GameState:
    """The game `GAMES` names, played to its end by the seeded chooser."""
    players, seed, options = GAMES[game]
    state = sleuth.new_game(game, players, seed, **options)
    rng = random.Random(seed)
    while not state.over:
        if len(state.history) >= MAX_ACTIONS:
            raise AssertionError(f"{game} (seed {seed}) did not end in {MAX_ACTIONS} actions")
        legal = state.legal_actions()
        eager = [a for a in legal if a.kind in EAGER]
        state.apply(rng.choice(eager if eager and rng.random() < 0.7 else legal))
    return state


def new_human_table(client: Http, game: str, *, prefix: str = "") -> tuple[str, list[str]]:
    """A table of `game` as `GAMES` sets it up, every seat human and joined: (id, tokens)."""
    players, seed, options = GAMES[game]
    body = {"game": game, "players": players, "seed": seed, "options": options,
            "seats": [{"kind": "human"}] * players}  # fmt: skip
    r = client.post(f"{prefix}/api/tables", json=body)
    assert r.status_code == 201, r.text
    table: str = r.json()["id"]
    invites = {s["seat"]: s.get("invite") for s in r.json()["seats"]}  # each seat's own
    tokens = []
    for seat in range(players):
        body = {"seat": seat, **({"invite": invites[seat]} if invites.get(seat) else {})}
        joined = client.post(f"{prefix}/api/tables/{table}/join", json=body)
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    return table, tokens


def send(
    client: Http, table: str, tokens: list[str], state: GameState, *, prefix: str = ""
) -> None:
    """Send `state`'s actions to the table, each by the seat whose turn it was."""
    again = sleuth.replay(state.record(), upto=0)
    for action in state.history:
        seat = again.to_move
        assert seat is not None
        r = client.post(
            f"{prefix}/api/tables/{table}/actions",
            json={"action": action.to_json(), "version": len(again.history)},
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        )
        assert r.status_code == 200, r.text
        again.apply(action)


def finished_table(client: Http, game: str, *, prefix: str = "") -> tuple[str, GameState]:
    """A table of `game` played to its end on the server: (its id, the game as played)."""
    state = played(game)
    table, tokens = new_human_table(client, game, prefix=prefix)
    send(client, table, tokens, state, prefix=prefix)
    summary = client.get(f"{prefix}/api/tables/{table}").json()
    assert summary["status"] == "finished", summary
    return table, state
