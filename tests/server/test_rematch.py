"""Play again: the same seats at a new table, each player back in his own seat."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import bearer, join, live, new_table


def test_every_player_follows_to_his_own_seat_at_one_new_table(client: TestClient) -> None:
    created = new_table(
        client,
        [{"kind": "human"}, {"kind": "bot", "level": "beginner"}, {"kind": "human"}],
        players=3,
        game="kojak",
    )
    tid = created["id"]
    tokens = {0: join(client, tid, seat=0, name="Ann"), 2: join(client, tid, seat=2, name="Bo")}
    early = client.post(f"/api/tables/{tid}/rematch", headers=bearer(tokens[0]))
    assert early.status_code == 409 and early.json()["error"] == "not_finished"
    table = live(client, tid)
    table.status = "finished"  # as if the game had just ended
    first = client.post(f"/api/tables/{tid}/rematch", headers=bearer(tokens[2]))
    assert first.status_code == 200, first.text
    again = first.json()
    assert again["seat"] == 2 and again["table"] != tid
    second = client.post(f"/api/tables/{tid}/rematch", headers=bearer(tokens[0]))
    assert second.status_code == 200 and second.json()["table"] == again["table"]
    assert second.json()["seat"] == 0
    twice = client.post(f"/api/tables/{tid}/rematch", headers=bearer(tokens[0]))
    assert twice.status_code == 409  # his seat there is his already
    new = live(client, again["table"])
    assert [s.kind for s in new.seats] == ["human", "bot", "human"]
    assert [s.name for s in new.seats][0::2] == ["Ann", "Bo"]
    assert new.seats[1].level == "beginner" and new.game == "kojak"
    assert new.status == "playing"  # everyone is back: the game starts
    assert client.get(f"/api/tables/{tid}").json()["rematch"] == again["table"]
    view = client.get(f"/api/tables/{again['table']}/view", headers=bearer(second.json()["token"]))
    assert view.status_code == 200 and view.json()["seat"] == 0


def test_only_the_players_may_ask(client: TestClient) -> None:
    created = new_table(client, [{"kind": "human"}, {"kind": "human"}], players=2)
    tid = created["id"]
    join(client, tid, seat=0)
    live(client, tid).status = "finished"
    assert client.post(f"/api/tables/{tid}/rematch").status_code == 401
    owner = client.post(f"/api/tables/{tid}/rematch", headers=bearer(created["owner_token"]))
    assert owner.status_code == 403
    stranger = client.post(f"/api/tables/{tid}/rematch", headers=bearer("x" * 43))
    assert stranger.status_code == 401
