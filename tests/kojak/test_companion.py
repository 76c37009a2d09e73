"""Kojak's companion (sleuth/games/kojak/companion, served by sleuth/server/companions.py):
the informer codes and the Solution Book for a real box, seat by seat, each seat's secrets
behind its token, every accepted action stored and replayed after a restart."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sleuth.core.companion import Refused
from sleuth.games.kojak.cases import get_case
from sleuth.games.kojak.companion.device import KojakCompanion
from sleuth.server.app import create_app

BASE = "/api/companions/kojak/sessions"


def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'sleuth.sqlite3'}"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(database(tmp_path))) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_session(client: TestClient, **settings: Any) -> str:
    reply = client.post(BASE, json={"game": 1, "players": 3, **settings})
    assert reply.status_code == 201, reply.text
    return str(reply.json()["id"])


def seat(client: TestClient, sid: str, number: int, name: str) -> str:
    reply = client.post(f"{BASE}/{sid}/seats", json={"seat": number, "name": name})
    assert reply.status_code == 201, reply.text
    return str(reply.json()["token"])


def act(client: TestClient, sid: str, token: str, kind: str, building: str) -> Any:
    return client.post(
        f"{BASE}/{sid}/actions",
        json={"action": {"type": kind, "building": building}},
        headers=auth(token),
    )


def test_the_rulebooks_game_1_example_reads_as_printed() -> None:
    """KJ-EXAMPLE-04, KJ-EXAMPLE-05, KJ-EXAMPLE-06: John's green, red and blue informers in
    game 1 read B, G and H; KJ-CLUE-05: the statement opposite the code on the sheet."""
    device = KojakCompanion({"game": 1, "players": 2, "version": "fast"})
    read = [
        device.apply(0, {"type": "take", "building": b}) for b in ("bus", "movie", "restaurant")
    ]
    assert [(r["colour"], r["code"]) for r in read] == [("green", "B"), ("red", "G"), ("blue", "H")]
    assert [r["clears"] for r in read] == ["bus", "hotel", "movie"]
    assert read[0]["statement"] == get_case(1).sheet.statement("B").text


def test_one_informer_a_building_and_nothing_changes_when_refused() -> None:
    """KJ-CLUE-03: at most one informer card from each building."""
    device = KojakCompanion({"game": 7, "players": 2, "version": "fast"})
    device.apply(1, {"type": "take", "building": "hotel"})
    before = device.view(1)
    with pytest.raises(Refused, match="already took"):
        device.apply(1, {"type": "take", "building": "hotel"})
    for bad in ({"type": "take"}, {"type": "peek", "building": "hotel"},
                {"type": "take", "building": "bank"},
                {"type": "take", "building": "hotel", "x": 1}):  # fmt: skip
        with pytest.raises(Refused) as err:
            device.apply(1, bad)
        assert err.value.malformed
    assert device.view(1) == before


def test_an_arrest_needs_two_cards_and_the_book_decides() -> None:
    """KJ-ARREST-04: Kojak leaves only with 2 informer cards; KJ-WIN-03: a wrong arrest puts
    the player out, the answer told to him alone; KJ-WIN-04: a right one wins and ends it."""
    case = get_case(12)
    wrong = next(b for b in ("movie", "restaurant", "hotel", "bus") if b != case.hideout)
    device = KojakCompanion({"game": 12, "players": 3, "version": "advanced"})
    device.apply(0, {"type": "take", "building": "bus"})
    with pytest.raises(Refused, match="2 informer cards"):
        device.apply(0, {"type": "arrest", "building": case.hideout})
    device.apply(0, {"type": "take", "building": "movie"})
    told = device.apply(0, {"type": "arrest", "building": wrong})
    assert told == {"type": "arrest", "right": False, "building": wrong, "hideout": case.hideout}
    for other in (1, 2, None):
        view = device.view(other)
        assert view["hideout"] is None and view["players"][0]["out"] and not view["over"]
        assert view["log"][-1] == {"seat": 0, "event": "out"}  # neither his guess nor the answer
        assert other is None or view["mine"]["hideout"] is None
    assert device.view(0)["mine"]["hideout"] == case.hideout
    with pytest.raises(Refused, match="out"):
        device.apply(0, {"type": "take", "building": "hotel"})
    for b in ("hotel", "restaurant"):
        device.apply(1, {"type": "take", "building": b})
    assert device.apply(1, {"type": "arrest", "building": case.hideout})["right"]
    view = device.view(None)
    assert view["over"] and view["winner"] == 1 and view["hideout"] == case.hideout
    with pytest.raises(Refused, match="over"):
        device.apply(2, {"type": "take", "building": "bus"})


def test_another_seats_token_never_reads_a_seats_code(client: TestClient) -> None:
    """KJ-INFORMER-04: the code is seen only by the player who took the card. KJ-CLUE-08: the
    cards he holds are public (their colours hang on his notebook), their codes are not."""
    sid = new_session(client)
    ann, bob = seat(client, sid, 0, "Ann"), seat(client, sid, 1, "Bob")
    reply = act(client, sid, ann, "take", "bus")
    assert reply.status_code == 200 and reply.json()["result"]["code"] == "B"
    assert reply.json()["session"]["view"]["mine"]["clues"][0]["code"] == "B"
    secret = reply.json()["result"]["statement"]
    for headers in (auth(bob), {}):
        seen = client.get(f"{BASE}/{sid}", headers=headers).json()
        assert seen["view"]["players"][0]["taken"] == ["bus"]
        del seen["view"]["sheet"]  # the public clue sheet letters its statements
        assert "'code'" not in str(seen) and secret not in str(seen)
        assert seen["view"]["mine"] in (
            None,
            {"clues": [], "cleared": [], "guess": None, "hideout": None},
        )
    mine = client.get(f"{BASE}/{sid}", headers=auth(ann)).json()
    assert mine["seat"] == 0 and mine["view"]["mine"]["clues"][0]["code"] == "B"


def test_a_seat_acts_only_with_its_own_token(client: TestClient) -> None:
    sid = new_session(client)
    ann = seat(client, sid, 0, "Ann")
    assert client.post(f"{BASE}/{sid}/seats", json={"seat": 0, "name": "Eve"}).status_code == 409
    assert act(client, sid, "forged", "take", "bus").status_code == 403
    assert client.get(f"{BASE}/{sid}", headers=auth("forged")).status_code == 403
    unsigned = client.post(
        f"{BASE}/{sid}/actions", json={"action": {"type": "take", "building": "bus"}}
    )
    assert unsigned.status_code == 401
    other = new_session(client)
    assert act(client, other, ann, "take", "bus").status_code == 403  # a token is one session's
    refused = act(client, sid, ann, "arrest", "bus")
    assert refused.status_code == 400 and refused.json()["error"] == "refused"
    assert client.get(f"{BASE}/{sid}").json()["version"] == 1  # the seat taken; nothing else


def test_settings_are_checked(client: TestClient) -> None:
    for body in ({"game": 1, "players": 5}, {"game": 1, "players": 1}, {"game": "1", "players": 2},
                 {"game": -1, "players": 2}, {"game": 1, "players": 2, "version": "slow"},
                 {"game": 1, "players": 2, "seed": 4}):  # fmt: skip
        reply = client.post(BASE, json=body)
        assert reply.status_code == 400 and reply.json()["error"] == "malformed", body
    drawn = client.post(BASE, json={"game": 0, "players": 2}).json()
    assert drawn["view"]["game"] > 50 and not drawn["view"]["printed"]  # a generated case
    assert client.get(f"{BASE}/nothing").status_code == 404


def test_a_restart_loses_nothing(tmp_path: Path) -> None:
    with TestClient(create_app(database(tmp_path))) as first:
        sid = new_session(first, game=23)
        ann, bob = seat(first, sid, 0, "Ann"), seat(first, sid, 2, "Bob")
        act(first, sid, ann, "take", "hotel")
        act(first, sid, bob, "take", "movie")
        act(first, sid, bob, "take", "movie")  # refused: never stored
        before = {t: first.get(f"{BASE}/{sid}", headers=auth(t)).json() for t in (ann, bob)}
    with TestClient(create_app(database(tmp_path))) as second:
        after = {t: second.get(f"{BASE}/{sid}", headers=auth(t)).json() for t in (ann, bob)}
        assert after == before and after[ann]["version"] == 4
        assert act(second, sid, bob, "take", "bus").status_code == 200


@pytest.mark.parametrize("number", [1, 8, 37, 50, 73])
def test_the_companion_reads_the_cases_the_book_mode_plays(number: int) -> None:
    """KJ-SETUP-03: every game is played with its own numbered cards; the companion tells
    the codes and hide-out the engine plays with `solution="book"` (73: a generated case)."""
    from sleuth.core import new_game

    state = new_game("kojak", players=2, seed=3, game=number, solution="book")
    case = state.case  # type: ignore[attr-defined]
    device = KojakCompanion({"game": number, "players": 2, "version": "fast"})
    for building in ("movie", "restaurant", "hotel", "bus"):
        assert (
            device.apply(0, {"type": "take", "building": building})["code"] == case.codes[building]
        )
    assert device.apply(0, {"type": "arrest", "building": case.hideout})["right"]


def test_contact_cards_are_counted_when_the_box_has_none() -> None:
    """KJ-ADVANCED-03: four dealt each; KJ-ADVANCED-08, KJ-ADVANCED-10: an informer is taken
    only by discarding one; KJ-ADVANCED-14: the Computer Room gives two."""
    device = KojakCompanion({"game": 1, "players": 2, "version": "advanced", "contacts": True})
    assert [p["contacts"] for p in device.view(None)["players"]] == [4, 4]
    for building in ("bus", "hotel", "movie", "restaurant"):
        device.apply(0, {"type": "take", "building": building})
    assert device.view(1)["players"][0]["contacts"] == 0  # counts are public
    device.players[0].taken.clear()  # (the same informers again, only to need a fifth card)
    with pytest.raises(Refused, match="no Contact Card"):
        device.apply(0, {"type": "take", "building": "bus"})
    assert device.players[0].taken == [] and device.players[0].contacts == 0
    assert device.apply(0, {"type": "computer"}) == {"type": "computer", "drew": 2, "contacts": 2}
    assert device.view(None)["log"][-1] == {"seat": 0, "event": "computer", "drew": 2}
    device.players[1].contacts = 37  # nearly every card in hand: the pile gives what is left
    assert device.apply(0, {"type": "computer"})["drew"] == 1


def test_contact_cards_are_not_counted_unless_asked_or_in_the_fast_game() -> None:
    plain = KojakCompanion({"game": 1, "players": 2, "version": "advanced"})
    assert plain.view(None)["players"][0]["contacts"] is None
    plain.apply(0, {"type": "take", "building": "bus"})  # no card needed when not counted
    with pytest.raises(Refused, match="does not count"):
        plain.apply(0, {"type": "computer"})
    with pytest.raises(ValueError, match="advanced"):
        KojakCompanion({"game": 1, "players": 2, "version": "fast", "contacts": True})
    with pytest.raises(Refused) as err:
        plain.apply(0, {"type": "computer", "building": "bus"})
    assert err.value.malformed


def test_contact_cards_through_the_api(client: TestClient) -> None:
    reply = client.post(BASE, json={"game": 1, "players": 2, "contacts": True})
    assert reply.status_code == 400 and "advanced" in reply.json()["message"]
    sid = new_session(client, version="advanced", contacts=True)
    token = seat(client, sid, 0, "Ann")
    done = client.post(f"{BASE}/{sid}/actions", json={"action": {"type": "computer"}},
                       headers=auth(token)).json()  # fmt: skip
    assert done["result"]["contacts"] == 6
    assert client.get(f"{BASE}/{sid}").json()["view"]["players"][0]["contacts"] == 6
