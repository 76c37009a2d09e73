"""Manhunt's companion (sleuth/games/manhunt/companion, served by sleuth/server/companions.py):
the Computer for all, the Clue Scanner's card secret, each seat's probes behind its token."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sleuth.core import Rng
from sleuth.core.companion import Refused
from sleuth.games.manhunt.cases import case_book, load_case_book
from sleuth.games.manhunt.companion.device import ManhuntCompanion
from sleuth.games.manhunt.computer import load_computer
from sleuth.server.app import create_app

BASE = "/api/companions/manhunt/sessions"


def device(card: int = 1, players: int = 3, seed: int = 5, **more: Any) -> ManhuntCompanion:
    settings = {"crime": "robbery", "case_set": 0, "card": card, "players": players, "seed": seed}
    return ManhuntCompanion({**settings, **more})


def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'sleuth.sqlite3'}"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(database(tmp_path))) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def seat(client: TestClient, sid: str, number: int, name: str) -> str:
    reply = client.post(f"{BASE}/{sid}/seats", json={"seat": number, "name": name})
    assert reply.status_code == 201, reply.text
    return str(reply.json()["token"])


def act(client: TestClient, sid: str, token: str, **action: Any) -> Any:
    return client.post(f"{BASE}/{sid}/actions", json={"action": action}, headers=auth(token))


def test_one_pull_turns_three_dials_and_the_situation_names_the_one_read() -> None:
    """MH-COMPUTER-01, MH-COMPUTER-02: one pull gives a reading on all three dials, drawn as
    the Computer spins (the session's seed); the player's situation says which counts."""
    d = device(card=3, seed=9)
    rng = Rng(9)  # a chosen card draws nothing: the spins are the seed's first draws
    computer = load_computer()
    for reading in ("move", "destination", "meet"):
        told = d.apply(1, {"type": "spin", "reading": reading})
        assert {k: told[k] for k in ("number", "line", "signal")} == computer.spin(rng).to_json()
        assert told["reading"] == reading
        for other in (0, 2, None):
            assert d.view(other)["last_spin"] == {k: v for k, v in told.items() if k != "type"}
    with pytest.raises(Refused):
        d.apply(1, {"type": "spin", "reading": "sideways"})


def test_a_probe_shows_the_sample_cards_hole_to_the_prober_alone() -> None:
    """MH-EXAMPLE-02: the Sample card's Scene 1 row is punched at A, the red dot showing at B,
    C and D (MH-PROBE-03); MH-CLUE-04: the result goes on the prober's Clue Sheet only."""
    d = device(card=1)
    told = d.apply(0, {"type": "probe", "row": 1})
    assert told["hole"] == "A" and told["dots"] == [False, True, True, True]
    assert told["clue"] == load_case_book().crime("robbery").readout[0].clue("A")
    assert d.view(0)["mine"]["sheet"]["rows"][0]["hole"] == "A"
    for other in (1, 2):
        assert d.view(other)["mine"]["sheet"]["rows"][0]["hole"] is None
    assert "'hole': 'A'" not in str(d.view(None)) and d.view(None)["log"][-1] == {
        "event": "probe", "seat": 0, "row": 1}  # fmt: skip
    with pytest.raises(Refused, match="already"):
        d.apply(0, {"type": "probe", "row": 1})
    for bad in ({"type": "probe", "row": 9}, {"type": "probe", "row": "1"},
                {"type": "probe"}, {"type": "peek", "row": 1}):  # fmt: skip
        with pytest.raises(Refused):
            d.apply(0, bad)


def test_an_entry_is_shown_only_to_the_seat_that_asked() -> None:
    """MH-EXCHANGE-03: rows 1 and 2 can never be asked for; MH-EXCHANGE-05: the entry is
    shown only to the asker; MH-EXCHANGE-08: a request for an empty row is used up."""
    d = device(card=6)
    d.apply(0, {"type": "probe", "row": 5})
    hole = d.card.hole(5)
    with pytest.raises(Refused):
        d.apply(0, {"type": "show", "row": 2, "to": 1})
    assert d.apply(0, {"type": "show", "row": 5, "to": 1})["written"]
    assert d.view(1)["mine"]["sheet"]["rows"][4]["hole"] == hole
    assert d.view(2)["mine"]["sheet"]["rows"][4]["hole"] is None
    assert not d.apply(2, {"type": "show", "row": 7, "to": 0})["written"]
    assert d.view(0)["mine"]["sheet"]["rows"][6]["hole"] is None


def test_an_accusation_is_checked_against_the_card_without_telling_the_others() -> None:
    """MH-WIN-03, MH-WIN-04: a wrong accuser reads the card's culprit and is out; MH-WIN-05:
    the others learn neither whom he named nor the culprit; MH-WIN-06: a right one wins."""
    d = device(card=1)  # the Sample: Maria Net, R1 (MH-EXAMPLE-01)
    told = d.apply(2, {"type": "accuse", "suspect": "R2"})
    assert told == {"type": "accuse", "right": False, "suspect": "R2",
                    "culprit": {"number": "R1", "name": "Maria Net"}}  # fmt: skip
    for other in (0, 1, None):
        view = d.view(other)
        assert view["culprit"] is None and view["log"][-1] == {"event": "out", "seat": 2}
        assert "R2" not in str(view["log"]) and view["players"][2]["out"]
        assert other is None or view["mine"]["culprit"] is None
    assert d.view(2)["mine"]["culprit"] == {"number": "R1", "name": "Maria Net"}
    with pytest.raises(Refused, match="out"):
        d.apply(2, {"type": "spin", "reading": "move"})
    with pytest.raises(Refused):
        d.apply(0, {"type": "accuse", "suspect": "M4"})  # not a Robbery suspect
    assert d.apply(0, {"type": "accuse", "suspect": "R1"})["right"]
    assert d.view(None)["over"] and d.view(None)["culprit"]["number"] == "R1"


def test_the_drawn_card_follows_the_seed_and_a_generated_set_is_its_own() -> None:
    """MH-SETUP-06: a card drawn in secret, here from the session's seed."""
    cards = {device(card=0, seed=s).card.number for s in range(40)}
    assert len(cards) > 8 and cards <= set(range(1, 17))
    d = device(card=4, case_set=7)
    assert d.culprit.number == case_book(7).cards[3].culprits["robbery"]


def test_another_seats_token_never_reads_a_probe_or_the_card(client: TestClient) -> None:
    made = client.post(BASE, json={"crime": "murder", "players": 2})
    assert made.status_code == 201, made.text
    sid = made.json()["id"]
    assert "seed" not in str(made.json()) and made.json()["view"]["card"] is None
    ann, bob = seat(client, sid, 0, "Ann"), seat(client, sid, 1, "Bob")
    probe = act(client, sid, ann, type="probe", row=4)
    assert probe.status_code == 200, probe.text
    hole, clue = probe.json()["result"]["hole"], probe.json()["result"]["clue"]
    for headers in (auth(bob), {}):
        seen = client.get(f"{BASE}/{sid}", headers=headers).json()
        rows = (seen["view"]["mine"] or {"sheet": {"rows": [{}] * 8}})["sheet"]["rows"]
        assert rows[3].get("hole") is None and seen["view"]["players"][0]["rows"] == [4]
        assert seen["view"]["culprit"] is None and seen["view"]["card"] is None
        del seen["view"]["crime"]  # the Read Out: every clue's words, public
        assert clue not in str(seen) and f"'hole': '{hole}'" not in str(seen)
    assert act(client, sid, "forged", type="probe", row=4).status_code == 403
    assert client.post(BASE, json={"crime": "arson", "players": 2}).status_code == 400
    assert client.post(BASE, json={"crime": "murder", "players": 2, "card": 17}).status_code == 400


def test_a_restart_replays_the_same_card_and_spins(tmp_path: Path) -> None:
    with TestClient(create_app(database(tmp_path))) as first:
        sid = first.post(BASE, json={"crime": "swindle", "players": 2}).json()["id"]
        ann = seat(first, sid, 0, "Ann")
        spins = [act(first, sid, ann, type="spin", reading="move").json()["result"]]
        act(first, sid, ann, type="probe", row=1)
        before = first.get(f"{BASE}/{sid}", headers=auth(ann)).json()
    with TestClient(create_app(database(tmp_path))) as second:
        assert second.get(f"{BASE}/{sid}", headers=auth(ann)).json() == before
        spins.append(act(second, sid, ann, type="spin", reading="meet").json()["result"])
    settings = second.app.state.companion_stores["manhunt"].get(sid).settings  # type: ignore[attr-defined]
    again = ManhuntCompanion(settings)
    assert again.apply(0, {"type": "spin", "reading": "move"}) == spins[0]
    again.apply(0, {"type": "probe", "row": 1})
    assert again.apply(0, {"type": "spin", "reading": "meet"}) == spins[1]  # after the restart
