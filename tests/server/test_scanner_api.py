"""The Crime Scanner page's API (sleuth/server/scanner.py): sessions, presses, reveal, storage."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select

from sleuth.games.stop_thief.board import load_board
from sleuth.games.stop_thief.companion.api import presses_table, sessions_table
from sleuth.games.stop_thief.companion.cli import page_query
from sleuth.games.stop_thief.device import CrimeScannerDevice
from sleuth.games.stop_thief.scanner import Odds
from sleuth.server.app import create_app

BOARD = load_board()
OUTSIDE = re.compile(r"(https?:)?//(?!www\.w3\.org/2000/svg)[a-z0-9.-]+\.[a-z]{2,}/", re.I)
GAME = ["ON", "ON", "CLUE", "CLUE", "CLUE", "TIP", "TIP_RELEASE", "CLUE", "0", "2"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'sleuth.sqlite3'}")) as c:
        yield c


def new(client: TestClient, **settings: Any) -> dict[str, Any]:
    reply = client.post("/api/scanner/sessions", json=settings)
    assert reply.status_code == 201, reply.text
    body: dict[str, Any] = reply.json()
    return body


def press(client: TestClient, sid: str, button: str, **extra: Any) -> Any:
    return client.post(f"/api/scanner/sessions/{sid}/presses", json={"button": button, **extra})


def run(client: TestClient, sid: str, buttons: list[str]) -> list[dict[str, Any]]:
    out = []
    for button in buttons:
        reply = press(client, sid, button)
        assert reply.status_code == 200, reply.text
        out.append(reply.json()["result"])
    return out


def stored_presses(client: TestClient) -> int:
    engine = client.app.state.scanner_store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        return int(db.execute(select(func.count()).select_from(presses_table)).scalar_one())


def test_new_session_is_off_with_its_seed_and_odds(client: TestClient) -> None:
    body = new(client, seed=7, still=0.5)
    assert body["seed"] == 7 and body["version"] == 0
    assert body["odds"] == {"still": 0.5, "escape": 0.25, "six": 0.5}
    assert body["state"]["display"] == "   " and body["state"]["mode"] == "off"
    assert body["last"] is None
    drawn = new(client)
    assert drawn["seed"] is None and drawn["id"] != body["id"]  # a drawn seed is a secret
    again = client.get(f"/api/scanner/sessions/{body['id']}").json()
    assert again["seed"] == 7 and again["odds"]["still"] == 0.5


def test_a_drawn_seed_is_128_bits_and_told_only_with_the_reveal(client: TestClient) -> None:
    seeds = []
    for _ in range(8):
        sid = new(client)["id"]
        assert client.get(f"/api/scanner/sessions/{sid}").json()["seed"] is None
        seeds.append(client.get(f"/api/scanner/sessions/{sid}/reveal").json()["seed"])
    assert len(set(seeds)) == 8 and max(seeds) >= 2**100  # 8 draws below 2^100: odds 2^-224


def test_session_input_is_checked_strictly(client: TestClient) -> None:
    for body in ({"seed": "12"}, {"still": "0.5"}, {"seed": -1}, {"seed": 2**128}, {"x": 1}):
        answer = client.post("/api/scanner/sessions", json=body)
        assert answer.status_code == 400 and answer.json()["error"] == "malformed", body


def test_the_api_plays_exactly_the_device() -> None:
    """Every answer is the device's own result for the same seed, odds and presses."""
    with TestClient(create_app("sqlite://")) as client:
        sid = new(client, seed=11, escape=0.0)["id"]
        unit = CrimeScannerDevice(11, Odds(escape=0.0))
        for button in GAME:
            assert run(client, sid, [button]) == [unit.press(button).to_json()]


def test_same_seed_same_game_and_the_seed_matters(client: TestClient) -> None:
    a, b, c = new(client, seed=3)["id"], new(client, seed=3)["id"], new(client, seed=4)["id"]
    buttons = ["ON", "ON"] + ["CLUE"] * 12
    assert run(client, a, buttons) == run(client, b, buttons)
    assert (
        client.get(f"/api/scanner/sessions/{a}/reveal").json()["thieves"][0]["route"]
        == (client.get(f"/api/scanner/sessions/{b}/reveal").json()["thieves"][0]["route"])
    )
    assert run(client, c, buttons) != run(client, a, ["OFF", *buttons])[1:]


def test_refused_press_says_why_and_changes_nothing(client: TestClient) -> None:
    sid = new(client, seed=5)["id"]
    reply = press(client, sid, "CLUE")
    assert reply.status_code == 400
    body = reply.json()
    assert body["error"] == "refused" and "press ON" in body["message"]
    assert body["version"] == 0 and body["state"]["display"] == "   "
    assert stored_presses(client) == 0

    run(client, sid, ["ON", "ON", "TIP"])
    before = client.get(f"/api/scanner/sessions/{sid}").json()
    reply = press(client, sid, "ARREST")
    assert reply.status_code == 400 and "release TIP" in reply.json()["message"]
    assert client.get(f"/api/scanner/sessions/{sid}").json() == before
    assert stored_presses(client) == 3

    reply = press(client, sid, "PANIC")
    assert reply.status_code == 400 and "no 'PANIC' button" in reply.json()["message"]
    reply = press(client, sid, "TIP_RELEASE")
    assert reply.status_code == 200 and reply.json()["version"] == 4


def test_memory_slot_empty_is_refused(client: TestClient) -> None:
    """ST-SCANNER-24: a number button replays a remembered clue; an empty slot is refused."""
    sid = new(client, seed=2, still=0.0)["id"]
    first = run(client, sid, ["ON", "ON"])[-1]
    assert run(client, sid, ["0"])[0]["display"] == first["display"]
    reply = press(client, sid, "1")
    assert reply.status_code == 400 and "memory holds 1 sound clue" in reply.json()["message"]


def test_stale_version_is_refused(client: TestClient) -> None:
    sid = new(client)["id"]
    assert press(client, sid, "ON", version=0).status_code == 200
    reply = press(client, sid, "OFF", version=0)
    assert reply.status_code == 409 and reply.json()["error"] == "stale_version"
    assert client.get(f"/api/scanner/sessions/{sid}").json()["state"]["mode"] == "sample"


def test_bad_settings_and_unknown_sessions(client: TestClient) -> None:
    for path in ("", "/reveal", "/board.svg"):
        reply = client.get(f"/api/scanner/sessions/nope{path}")
        assert reply.status_code == 404 and reply.json()["error"] == "not_found"
    assert press(client, "nope", "ON").status_code == 404
    for settings in ({"still": 1.5}, {"escape": -0.1}, {"seed": -1}, {"seed": 2**128}):
        reply = client.post("/api/scanner/sessions", json=settings)
        assert reply.status_code == 400 and reply.json()["error"] == "malformed", settings
    engine = client.app.state.scanner_store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        assert db.execute(select(func.count()).select_from(sessions_table)).scalar_one() == 0


def test_a_restarted_server_rebuilds_the_scanner(tmp_path: Path) -> None:
    """The presses are the record: a new app on the same database carries on the same game."""
    url = f"sqlite:///{tmp_path / 'scanner.sqlite3'}"
    with TestClient(create_app(url)) as first:
        sid = new(first, seed=21)["id"]
        run(first, sid, GAME[:6])  # ends with TIP held
        before = first.get(f"/api/scanner/sessions/{sid}").json()
    with TestClient(create_app(url)) as second:
        after = second.get(f"/api/scanner/sessions/{sid}").json()
        assert after == before and after["state"]["tip_held"] is True
        rest = run(second, sid, GAME[6:])
    unit = CrimeScannerDevice(21)
    expected = [unit.press(b).to_json() for b in GAME][6:]
    assert rest == expected
    engine = create_engine(url)
    with engine.connect() as db:
        numbers = db.execute(select(presses_table.c.number).order_by(presses_table.c.number))
        assert list(numbers.scalars()) == list(range(len(GAME)))
    engine.dispose()


def test_reveal_gives_every_thiefs_true_route(client: TestClient) -> None:
    """The reveal follows every thief: at large, arrested, gone with OFF; and draws his route."""
    sid = new(client, seed=8, escape=0.0, still=0.0)["id"]
    assert client.get(f"/api/scanner/sessions/{sid}/reveal").json()["thieves"] == []
    run(client, sid, ["ON", "ON", "CLUE", "CLUE"])
    shown = client.get(f"/api/scanner/sessions/{sid}").json()
    assert "thief" not in str(shown["state"]) and "route" not in str(shown)
    reveal = client.get(f"/api/scanner/sessions/{sid}/reveal").json()
    (thief,) = reveal["thieves"]
    assert thief["status"] == "at large" and len(thief["route"]) == 3
    assert reveal["thief"] == thief["route"][-1]
    assert all(code in BOARD.spaces for code in thief["route"])
    last = run(client, sid, ["ARREST", *f"{reveal['thief']:03d}"])[-1]
    assert last["outcome"] == "successful" and last["sound"][-1] == "hee-haw"
    run(client, sid, ["ON", "CLUE"])
    thieves = client.get(f"/api/scanner/sessions/{sid}/reveal").json()["thieves"]
    assert [t["status"] for t in thieves] == ["arrested", "at large"]
    run(client, sid, ["OFF"])
    thieves = client.get(f"/api/scanner/sessions/{sid}/reveal").json()["thieves"]
    assert [t["status"] for t in thieves] == ["arrested", "gone"]

    svg = client.get(f"/api/scanner/sessions/{sid}/board.svg?thief=1")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.startswith("<svg") and 'class="path-step' in svg.text
    assert client.get(f"/api/scanner/sessions/{sid}/board.svg?thief=3").status_code == 404


def test_the_page_is_served_offline(client: TestClient) -> None:
    page = client.get("/scanner")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "/static/games/stop-thief/scanner/scanner.js" in page.text
    for asset in ("scanner.js", "scanner.css", "led.js", "led.json", "sounds.js"):
        reply = client.get(f"/static/games/stop-thief/scanner/{asset}")
        assert reply.status_code == 200, asset
        assert not OUTSIDE.search(reply.text), asset
    assert not OUTSIDE.search(page.text)


def test_command_line_settings_become_the_page_query() -> None:
    assert page_query(None, Odds()) == ""
    assert page_query(7, Odds()) == "seed=7&new=1"
    assert page_query(None, Odds(escape=0.0)) == "escape=0.0&new=1"
