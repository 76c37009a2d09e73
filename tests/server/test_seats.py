"""Seats by invitation: each human seat has its own secret invite, unless the creator opens them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import anyio
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from sleuth.server.app import create_app
from sleuth.server.lobby import token_hash
from tests.server.conftest import (
    bearer,
    db_url,
    invite_in,
    live,
    new_table,
    play_one,
    receive,
    view,
    wait_until,
)

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


def join_answer(client: TestClient, tid: str, body: Any = None, **kw: Any) -> Any:
    return client.post(f"/api/tables/{tid}/join", json=body, **kw)


def seats_of(client: TestClient, tid: str) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = client.get(f"/api/tables/{tid}").json()["seats"]
    return seats


def test_each_seat_has_its_own_invite_in_its_link_and_only_its_hash_is_kept(
    client: TestClient, db_file: Path
) -> None:
    created = new_table(client, [*TWO_HUMANS, {"kind": "bot"}])
    tid = created["id"]
    invites = [s.get("invite") for s in created["seats"]]
    assert invites[2] is None and "join_url" not in created["seats"][2]
    assert invites[0] != invites[1] and all(len(i) >= 40 for i in invites[:2])
    for n in (0, 1):
        # In the fragment: a browser never sends it to a server, nor in a Referer.
        assert created["seats"][n]["join_url"] == f"/t/{tid}?seat={n}#invite={invites[n]}"
        assert invite_in(created["seats"][n]["join_url"]) == invites[n]
    with sqlite3.connect(db_file) as db:
        (stored,) = db.execute("SELECT seats FROM tables WHERE id = ?", (tid,)).fetchone()
    assert [s["invite_hash"] for s in json.loads(stored)[:2]] == [
        token_hash(i) for i in invites[:2]
    ]
    for invite in invites[:2]:
        assert invite not in stored
    public = client.get("/api/tables").text + client.get(f"/api/tables/{tid}").text
    assert "invite" not in public.replace('"open_seats"', "") and "_hash" not in public
    assert client.get(f"/api/tables/{tid}").json()["open_seats"] is False


def test_joining_needs_the_seats_own_invite(client: TestClient) -> None:
    created = new_table(client, TWO_HUMANS, players=2)
    tid = created["id"]
    invites = [s["invite"] for s in created["seats"]]
    refused = [
        ({}, 403, "invite_needed"),
        ({"seat": 0}, 403, "invite_needed"),
        ({"seat": 0, "invite": "x" * 43}, 403, "bad_invite"),
        ({"invite": invites[0][:-1]}, 403, "bad_invite"),
        ({"seat": 0, "invite": invites[1]}, 403, "bad_invite"),  # another seat's invite
        ({"seat": 5, "invite": invites[0]}, 400, "no_such_seat"),
        ({"invite": 7}, 400, "malformed"),
    ]
    for body, status, code in refused:
        r = join_answer(client, tid, body)
        assert (r.status_code, r.json()["error"]) == (status, code), (body, r.text)
    assert not any(s["claimed"] for s in seats_of(client, tid)), "a refused join changes nothing"

    r = join_answer(client, tid, {"invite": invites[1], "name": "Bea"})
    assert r.status_code == 200 and r.json()["seat"] == 1 and r.json()["name"] == "Bea"
    assert view(client, tid, r.json()["token"])["seat"] == 1
    again = join_answer(client, tid, {"invite": invites[1]})
    assert again.status_code == 409 and again.json()["error"] == "seat_taken"
    r = join_answer(client, tid, {"seat": 0, "invite": invites[0]})
    assert r.status_code == 200 and r.json()["seat"] == 0
    assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"


def test_a_bodyless_or_form_post_joins_nothing(client: TestClient) -> None:
    """What another site can make a browser send (no body, a form, text/plain) takes no seat."""
    for open_seats in (False, True):
        tid = new_table(client, TWO_HUMANS, players=2, open_seats=open_seats)["id"]
        url = f"/api/tables/{tid}/join"
        tries = [
            client.post(url),
            client.post(url, data={"seat": "0"}),
            client.post(url, content=b'{"seat": 0}', headers={"content-type": "text/plain"}),
        ]
        for r in tries:
            assert r.status_code == 400 and r.json()["error"] == "malformed", r.text
        assert not any(s["claimed"] for s in seats_of(client, tid))


def test_open_seats_are_free_to_anyone_and_the_lobby_says_which(client: TestClient) -> None:
    created = new_table(client, [*TWO_HUMANS, {"kind": "human"}], open_seats=True)
    tid = created["id"]
    closed = new_table(client, TWO_HUMANS, players=2)["id"]
    listing = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listing[tid]["open_seats"] is True and listing[closed]["open_seats"] is False
    first = join_answer(client, tid, {})
    assert first.status_code == 200 and first.json()["seat"] == 0
    assert join_answer(client, tid, {"seat": 2}).json()["seat"] == 2
    # An invite still works there, and a wrong one is still refused.
    assert join_answer(client, tid, {"invite": "nope"}).json()["error"] == "bad_invite"
    assert join_answer(client, tid, {"invite": created["seats"][1]["invite"]}).json()["seat"] == 1
    # A stranger may watch an invite-only table, but not sit at it.
    assert view(client, closed)["seat"] is None
    assert join_answer(client, closed, {}).json()["error"] == "invite_needed"


def test_the_owner_gives_a_bot_seat_to_a_person(client: TestClient) -> None:
    created = new_table(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}], players=2)
    tid, owner = created["id"], created["owner_token"]
    ann = join_answer(client, tid, {"invite": created["seats"][0]["invite"]}).json()["token"]
    r = client.post(f"/api/tables/{tid}/seats/1/human", headers=bearer(owner))
    assert r.status_code == 200, r.text
    given = r.json()
    assert given["seat"] == 1 and given["join_url"] == f"/t/{tid}?seat=1#invite={given['invite']}"
    assert given["table"]["seats"][1] == {
        "seat": 1, "kind": "human", "name": "Detective 2", "level": None, "claimed": False
    }  # fmt: skip
    assert "invite" not in str(given["table"])
    # Nobody plays seat 1 until someone takes the new invite: the bot has stopped.
    table = live(client, tid)
    for _ in range(20):
        if table.state.to_move == 1:
            break
        play_one(client, tid, ann)
    assert table.state.to_move == 1
    version = table.version
    wait_until(lambda: table.driver is not None, what="the driver")
    assert join_answer(client, tid, {}).json()["error"] == "invite_needed"
    bob = join_answer(client, tid, {"invite": given["invite"], "name": "Bob"}).json()
    assert bob["seat"] == 1 and table.version == version, "no bot moved for the person's seat"
    play_one(client, tid, bob["token"])
    assert table.version == version + 1


def test_the_owner_gives_a_taken_seat_to_someone_else(db_file: Path) -> None:
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as client:
        created = new_table(client, TWO_HUMANS, players=2)
        tid, owner = created["id"], created["owner_token"]
        old_invite = created["seats"][0]["invite"]
        ann = join_answer(client, tid, {"invite": old_invite}).json()["token"]
        bea = join_answer(client, tid, {"invite": created["seats"][1]["invite"]}).json()["token"]
        # Only the owner: not a seat's own player, not a stranger, not without a token.
        assert client.post(f"/api/tables/{tid}/seats/0/human").status_code == 401
        r = client.post(f"/api/tables/{tid}/seats/0/human", headers=bearer(bea))
        assert (r.status_code, r.json()["error"]) == (403, "not_owner")
        r = client.post(f"/api/tables/{tid}/seats/0/human", headers=bearer("x" * 43))
        assert (r.status_code, r.json()["error"]) == (401, "bad_token")
        r = client.post(f"/api/tables/{tid}/seats/7/human", headers=bearer(owner))
        assert (r.status_code, r.json()["error"]) == (404, "no_such_seat")
        assert view(client, tid, ann)["seat"] == 0, "refusals change nothing"

        r = client.post(f"/api/tables/{tid}/seats/0/human", headers=bearer(owner),
                        json={"name": "Cy"})  # fmt: skip
        assert r.status_code == 200, r.text
        new_invite = r.json()["invite"]
        assert r.json()["table"]["seats"][0]["claimed"] is False
        assert r.json()["table"]["seats"][0]["name"] == "Cy"
        # The old token and the old invite no longer act for the seat.
        gone = client.get(f"/api/tables/{tid}/view", headers=bearer(ann))
        assert (gone.status_code, gone.json()["error"]) == (401, "bad_token")
        assert join_answer(client, tid, {"invite": old_invite}).json()["error"] == "bad_invite"
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as again:  # and after a restart
        assert join_answer(again, tid, {"invite": old_invite}).json()["error"] == "bad_invite"
        cy = join_answer(again, tid, {"invite": new_invite}).json()
        assert cy["seat"] == 0 and cy["name"] == "Cy"
        assert view(again, tid, cy["token"])["seat"] == 0
        assert view(again, tid, bea)["seat"] == 1


def test_a_seat_given_away_closes_its_old_players_sockets(client: TestClient) -> None:
    """A socket acts for the seat it said hello as: giving the seat away must end it."""
    created = new_table(client, TWO_HUMANS, players=2)
    tid, owner = created["id"], created["owner_token"]
    ann = join_answer(client, tid, {"invite": created["seats"][0]["invite"]}).json()["token"]
    bea = join_answer(client, tid, {"invite": created["seats"][1]["invite"]}).json()["token"]
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as old,
        client.websocket_connect(f"/ws/tables/{tid}") as other,
    ):
        old.send_json({"type": "hello", "token": ann})
        other.send_json({"type": "hello", "token": bea})
        assert receive(old)["seat"] == 0 and receive(other)["seat"] == 1
        r = client.post(f"/api/tables/{tid}/seats/0/human", headers=bearer(owner))
        assert r.status_code == 200
        seen = []
        while (frame := frame_of(old))["type"] == "websocket.send":
            seen.append(json.loads(frame["text"]))
        assert frame["type"] == "websocket.close"
        assert all(m["type"] == "table" for m in seen), "no more of seat 0's view"
        assert receive(other)["type"] == "table", "the other seat plays on"
    with client.websocket_connect(f"/ws/tables/{tid}") as again:
        again.send_json({"type": "hello", "token": ann})
        assert receive(again)["error"] == "bad_token"


def frame_of(ws: WebSocketTestSession, timeout: float = 5.0) -> dict[str, Any]:
    """The next thing the server does on the socket: a send, or its close."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    frame: dict[str, Any] = ws.portal.call(get)
    return frame
