"""The HTTP API end to end: games, tables, seats, views, actions, bots, replays."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import sleuth
from tests.server.conftest import (
    bearer,
    join,
    live,
    my_turn,
    new_table,
    play_one,
    remember,
    stored_actions,
    view,
    wait_until,
)

ONE_HUMAN_TWO_BOTS = [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]


def test_games_are_listed_with_options_and_bot_levels(client: TestClient) -> None:
    games = client.get("/api/games").json()
    stop_thief = next(g for g in games if g["name"] == "stop-thief")
    assert stop_thief["min_players"] == 2 and stop_thief["max_players"] == 4
    assert {"random", "beginner", "intermediate", "expert"} <= set(stop_thief["bot_levels"])
    assert stop_thief["default_bot_level"] == "intermediate"
    assert all(stop_thief["bot_level_lines"][level] for level in stop_thief["bot_levels"])
    assert any(o["name"] == "win_amount" for o in stop_thief["options"])


def test_board_picture_is_svg(client: TestClient) -> None:
    r = client.get("/api/games/stop-thief/board.svg")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.startswith("<svg")
    assert client.get("/api/games/no-such-game/board.svg").status_code == 404


def test_openapi_describes_the_request_bodies(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert {"NewTable", "JoinRequest", "ActionRequest", "BotRequest"} <= set(
        schema["components"]["schemas"]
    )


def test_one_human_and_two_bots_play_to_the_end(client: TestClient, db_file: Path) -> None:
    created = new_table(client, ONE_HUMAN_TWO_BOTS, options={"win_amount": 400})
    tid = created["id"]
    assert [s["kind"] for s in created["seats"]] == ["human", "bot", "bot"]
    invite = created["seats"][0]["invite"]
    assert created["seats"][0]["join_url"] == f"/t/{tid}?seat=0#invite={invite}"
    assert "join_url" not in created["seats"][1]
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "open" and summary["version"] == 0
    assert [t["id"] for t in client.get("/api/tables").json()] == [tid]

    token = join(client, tid)
    assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"
    mine = 0
    for _ in range(400):
        wait_until(my_turn(client, tid, token, 0), what="my turn")
        if view(client, tid, token)["view"]["over"]:
            break
        play_one(client, tid, token)
        mine += 1
    else:
        raise AssertionError("the game did not finish")
    table = live(client, tid)
    assert table.status == "finished" and table.state.over
    assert _seats_of(db_file, tid) == {0, 1, 2}, "every seat, bots included, acted"
    assert len(stored_actions(db_file, tid)) == table.version
    assert mine < table.version
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "finished" and summary["winners"]
    assert tid not in [t["id"] for t in client.get("/api/tables").json()]

    replay = client.get(f"/api/tables/{tid}/replay").json()
    record = sleuth.Record.from_json(replay["record"])
    assert len(record.actions) == table.version
    assert sleuth.replay(record).view(None) == table.state.view(None)
    private = [e for e in replay["events"] if e["to"] is not None]
    assert {e["to"] for e in private} == {0, 1, 2}, "a replay reveals every seat's secrets"
    assert all(e["text"] for e in replay["events"])


def _seats_of(db_file: Path, tid: str) -> set[int]:
    return {seat for _number, seat, _action in stored_actions(db_file, tid)}


def test_views_show_only_the_seats_own_secrets(client: TestClient) -> None:
    tid = new_table(client, [{"kind": "human"}] * 3)["id"]
    tokens = [join(client, tid) for _ in range(3)]
    state = live(client, tid).state
    for seat, token in enumerate(tokens):
        answer = view(client, tid, token)
        assert answer["seat"] == seat
        assert answer["view"] == state.view(seat)
        assert answer["view"]["hand"] == state.view(seat)["hand"]
        assert "tips" in answer["view"]
        assert (answer["legal"] != []) == (state.to_move == seat)
    spectator = view(client, tid)
    assert spectator["seat"] is None and spectator["legal"] == []
    assert "hand" not in spectator["view"] and "tips" not in spectator["view"]
    assert spectator["view"] == state.view(None)
    # Hands differ, and no seat's view holds another's cards.
    hands = [view(client, tid, t)["view"]["hand"] for t in tokens]
    assert hands[0] != hands[1]


def test_a_token_acts_only_for_its_own_seat(client: TestClient) -> None:
    tid = new_table(client, [{"kind": "human"}] * 3)["id"]
    tokens = [join(client, tid, seat=n) for n in range(3)]
    table = live(client, tid)
    mover = table.state.to_move
    assert mover is not None
    other = (mover + 1) % 3
    legal = view(client, tid, tokens[mover])["legal"][0]
    r = client.post(
        f"/api/tables/{tid}/actions",
        json={"action": legal, "version": 0},
        headers=bearer(tokens[other]),
    )
    assert r.status_code == 403 and r.json()["error"] == "not_your_turn"
    r = client.post(
        f"/api/tables/{tid}/actions",
        json={"action": legal, "version": 0, "seat": mover},
        headers=bearer(tokens[other]),
    )
    assert r.status_code == 403 and r.json()["error"] == "not_your_seat"
    assert table.version == 0
    r = client.post(
        f"/api/tables/{tid}/actions",
        json={"action": legal, "version": 0, "seat": mover},
        headers=bearer(tokens[mover]),
    )
    assert r.status_code == 200 and r.json() == {"version": 1}


def test_joining_seats(client: TestClient) -> None:
    """At a table with open seats (tests/server/test_seats.py has the invitations)."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    tid = new_table(client, seats, players=2, open_seats=True)["id"]
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 1})
    assert r.status_code == 409 and r.json()["error"] == "seat_taken"
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 7})
    assert r.status_code == 400 and r.json()["error"] == "no_such_seat"
    r = client.post(f"/api/tables/{tid}/join", json={"name": "  Zoe  "})
    assert r.status_code == 200 and r.json()["seat"] == 0 and r.json()["name"] == "Zoe"
    assert len(r.json()["token"]) >= 40
    r = client.post(f"/api/tables/{tid}/join", json={})
    assert r.status_code == 409 and r.json()["error"] == "table_full"
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert seats[0] == {"seat": 0, "kind": "human", "name": "Zoe", "level": None, "claimed": True}
    assert "_hash" not in str(client.get("/api/tables").json())


def test_actions_wait_until_every_seat_is_taken(client: TestClient) -> None:
    tid = new_table(client, [{"kind": "human"}] * 2, players=2)["id"]
    token = join(client, tid)
    v = view(client, tid, token)
    r = client.post(
        f"/api/tables/{tid}/actions", json={"action": {"kind": "clue"}, "version": 0},
        headers=bearer(token),
    )  # fmt: skip
    assert r.status_code == 409 and r.json()["error"] == "not_started"
    assert v["status"] == "open" and v["legal"] == []


def test_bot_only_tables_play_themselves(client: TestClient) -> None:
    tid = new_table(client, [{"kind": "bot", "level": "random"}] * 2, players=2,
                    options={"win_amount": 400})["id"]  # fmt: skip
    wait_until(lambda: live(client, tid).state.over, 120, "the bots to finish")  # a busy disk
    assert client.get(f"/api/tables/{tid}").json()["status"] == "finished"


def test_the_owner_puts_a_bot_in_a_leavers_seat(client: TestClient, db_file: Path) -> None:
    created = new_table(client, [{"kind": "human"}] * 2, players=2)
    tid, owner = created["id"], created["owner_token"]
    tokens = [join(client, tid, seat=n) for n in range(2)]
    table = live(client, tid)
    leaver = 1 - (table.state.to_move or 0)
    r = client.post(f"/api/tables/{tid}/seats/{leaver}/bot", json={"level": "random"},
                    headers=bearer(tokens[1 - leaver]))  # fmt: skip
    assert r.status_code == 403 and r.json()["error"] == "not_owner"
    r = client.post(f"/api/tables/{tid}/seats/{leaver}/bot", json={"level": "nonsense"},
                    headers=bearer(owner))  # fmt: skip
    assert r.status_code == 400
    r = client.post(f"/api/tables/{tid}/seats/{leaver}/bot", json={"level": "random"},
                    headers=bearer(owner))  # fmt: skip
    assert r.status_code == 200 and r.json()["seats"][leaver]["kind"] == "bot"
    r = client.post(f"/api/tables/{tid}/seats/{leaver}/bot", headers=bearer(owner))
    assert r.status_code == 409 and r.json()["error"] == "already_bot"
    # The human keeps playing; the bot now plays the leaver's turns.
    stayer = tokens[1 - leaver]
    for _ in range(30):
        wait_until(my_turn(client, tid, stayer, 1 - leaver), what="the stayer's turn")
        play_one(client, tid, stayer)
    assert leaver in _seats_of(db_file, tid)
    # The leaver's token still shows its seat but can no longer act.
    assert view(client, tid, tokens[leaver])["seat"] == leaver
    wait_until(my_turn(client, tid, stayer, 1 - leaver), what="the stayer's turn")
    v = view(client, tid, stayer)
    r = client.post(f"/api/tables/{tid}/actions", json={"action": v["legal"][0],
                    "version": v["version"]}, headers=bearer(tokens[leaver]))  # fmt: skip
    assert r.status_code == 403


def test_a_player_may_hand_their_own_seat_to_a_bot(client: TestClient) -> None:
    tid = new_table(client, [{"kind": "human"}] * 2, players=2)["id"]
    tokens = [join(client, tid) for _ in range(2)]
    r = client.post(f"/api/tables/{tid}/seats/0/bot", headers=bearer(tokens[0]))
    assert r.status_code == 200
    assert r.json()["seats"][0] == {**r.json()["seats"][0], "kind": "bot", "level": "intermediate"}


def test_the_turn_timer_lets_a_bot_stand_in(client: TestClient, db_file: Path) -> None:
    tid = new_table(client, [{"kind": "human"}] * 2, players=2, turn_seconds=0.05)["id"]
    for _ in range(2):
        join(client, tid)
    wait_until(lambda: _seats_of(db_file, tid) == {0, 1}, what="stand-ins to play both seats")


def test_replays_wait_for_the_end(client: TestClient) -> None:
    tid = new_table(client)["id"]
    r = client.get(f"/api/tables/{tid}/replay")
    assert r.status_code == 409 and r.json()["error"] == "not_finished"
    assert client.get("/api/tables/nope/replay").status_code == 404


def test_pages_are_served_when_present(client: TestClient) -> None:
    for path in ("/", "/t/abc", "/t/abc/join/1", "/t/abc/replay"):
        r = client.get(path)
        assert r.status_code in (200, 404)
        assert r.headers["content-type"].startswith("text/html")


@pytest.mark.parametrize("game", sleuth.game_names())
def test_every_game_plays_on_the_server(client: TestClient, game: str) -> None:
    """Nothing here knows a game: each registered game gets tables, bots, words, views."""
    spec = sleuth.spec(game)
    players = spec.min_players
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    r = client.post("/api/tables", json={"game": game, "players": players, "seed": 3,
                                         "seats": seats})  # fmt: skip
    assert r.status_code == 201, r.text
    tid = remember(r.json())["id"]
    token = join(client, tid)
    table = live(client, tid)
    for _ in range(10):
        wait_until(my_turn(client, tid, token, 0), what="my turn")
        if table.state.over:
            break
        play_one(client, tid, token)
    wait_until(my_turn(client, tid, token, 0), what="my turn")  # the bots are still then
    assert len(table.texts) == len(table.state.log)
    assert all(isinstance(t, str) and t for t in table.texts)
    spectator = view(client, tid)
    assert spectator["view"] == table.state.view(None)
    picture = client.get(f"/api/games/{game}/board.svg")
    assert picture.status_code in (200, 404)
    if picture.status_code == 200:
        assert "<svg" in picture.text[:200]
