"""The trust issue's critical items on the real app: look-alike actions, storing only what was
carried out, and seeds that nobody can learn or guess."""

from __future__ import annotations

import json
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sleuth.server.app import create_app
from tests.server.conftest import (
    bearer,
    db_url,
    join,
    live,
    lobby_of,
    new_table,
    remember,
    stored_actions,
    view,
)


def two_humans(client: TestClient, **extra: Any) -> tuple[str, list[str]]:
    body: dict[str, Any] = {"game": "stop-thief", "players": 2, **extra}
    created = client.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    tid = remember(created.json())["id"]
    return tid, [join(client, tid) for _ in range(2)]


def act(client: TestClient, tid: str, token: str, action: Any, version: int) -> Any:
    return client.post(
        f"/api/tables/{tid}/actions",
        json={"action": action, "version": version},
        headers=bearer(token),
    )


def to_numbered_choice(
    client: TestClient, tid: str, tokens: list[str]
) -> tuple[dict[str, Any], str]:
    """Play first legal actions until the seat to move has an action with a number in it."""
    for _ in range(200):
        seat = live(client, tid).state.to_move
        assert seat is not None
        v = view(client, tid, tokens[seat])
        for legal in v["legal"]:
            if any(isinstance(x, int) and not isinstance(x, bool) for x in legal.values()):
                return v, tokens[seat]
        assert act(client, tid, tokens[seat], v["legal"][0], v["version"]).status_code == 200
    raise AssertionError("no action with a number came up")


def test_look_alike_actions_are_refused_and_nothing_is_stored(
    client: TestClient, db_file: Path
) -> None:
    tid, tokens = two_humans(client)
    v, token = to_numbered_choice(client, tid, tokens)
    legal = next(a for a in v["legal"] if any(type(x) is int for x in a.values()))
    name = next(k for k, x in legal.items() if type(x) is int)
    stored = stored_actions(db_file, tid)
    for other in (float(legal[name]), str(legal[name]), [legal[name]], True):
        answer = act(client, tid, token, {**legal, name: other}, v["version"])
        assert answer.status_code == 400, (other, answer.text)
        assert answer.json()["error"] in ("malformed", "illegal")
    assert stored_actions(db_file, tid) == stored, "nothing refused is ever stored"
    assert view(client, tid, token) == v, "and nothing changed"
    assert act(client, tid, token, legal, v["version"]).status_code == 200


def test_an_action_that_cannot_be_stored_is_taken_back(client: TestClient, db_file: Path) -> None:
    tid, tokens = two_humans(client)
    seat = live(client, tid).state.to_move or 0
    before = view(client, tid, tokens[seat])
    writer = lobby_of(client)._writer
    real_append = writer.append

    def failing_append(*args: Any) -> Future[Any]:
        failed: Future[Any] = Future()
        failed.set_exception(OSError("disk full"))
        return failed

    writer.append = failing_append  # type: ignore[method-assign]
    try:
        answer = act(client, tid, tokens[seat], before["legal"][0], before["version"])
    finally:
        writer.append = real_append  # type: ignore[method-assign]
    assert answer.status_code == 503 and answer.json()["error"] == "storage"
    assert view(client, tid, tokens[seat]) == before, "the game is as it was before"
    assert stored_actions(db_file, tid) == []
    assert act(client, tid, tokens[seat], before["legal"][0], before["version"]).status_code == 200
    assert len(stored_actions(db_file, tid)) == 1


def test_seeds_are_128_secret_bits_never_sent_before_the_end(client: TestClient) -> None:
    seeds = []
    for _ in range(6):
        tid, tokens = two_humans(client)
        seed = live(client, tid).seed
        seeds.append(seed)
        texts = [
            client.get(f"/api/tables/{tid}").text,
            client.get("/api/tables").text,
            *(json.dumps(view(client, tid, t)) for t in [*tokens, None]),  # type: ignore[list-item]
        ]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_json({"type": "hello", "token": tokens[0]})
            texts.append(ws.receive_text())
        assert not any(str(seed) in text for text in texts), "the seed left the server"
        assert client.get(f"/api/tables/{tid}").json()["fixed"] == []
        assert client.get(f"/api/tables/{tid}/replay").status_code == 409
    assert len(set(seeds)) == 6 and max(seeds) >= 2**100  # six draws below 2^100: odds 2^-168


def test_a_chosen_seed_or_card_is_told_to_every_seat(client: TestClient) -> None:
    chosen = new_table(client, seed=12345)["id"]
    fixed = client.get(f"/api/tables/{chosen}").json()["fixed"]
    assert len(fixed) == 1 and "seed" in fixed[0]
    card = client.post(
        "/api/tables", json={"game": "manhunt", "players": 2, "options": {"card": 5}}
    ).json()["id"]
    fixed = client.get(f"/api/tables/{card}").json()["fixed"]
    assert len(fixed) == 1 and "card" in fixed[0] and "culprit" in fixed[0]


def test_a_big_seed_survives_a_restart(db_file: Path) -> None:
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as first:
        tid, tokens = two_humans(first)
        seat = live(first, tid).state.to_move or 0
        v = view(first, tid, tokens[seat])
        assert act(first, tid, tokens[seat], v["legal"][0], v["version"]).status_code == 200
        seed = live(first, tid).seed  # 128 bits: more than any SQL integer holds
        views = [view(first, tid, t) for t in tokens]
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as second:
        assert live(second, tid).seed == seed
        assert [view(second, tid, t) for t in tokens] == views


@pytest.mark.parametrize("seed", [2**128 - 1, 0])
def test_a_chosen_seed_of_any_size_is_kept(client: TestClient, seed: int) -> None:
    tid = new_table(client, seed=seed)["id"]
    assert live(client, tid).seed == seed
    assert (
        client.post(
            "/api/tables", json={"game": "stop-thief", "players": 2, "seed": 2**128}
        ).status_code
        == 400
    )
