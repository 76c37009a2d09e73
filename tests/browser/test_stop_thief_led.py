"""Stop Thief's LED and clue sounds keep up with the game: the LED never replays old clues
after the game has moved on, and the game-over screen shows the last clue (issue 12)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from .conftest import Server
from .test_lobby_and_table import SHORT_GAME, new_page, no_page_errors

DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()


def test_the_led_ends_on_the_last_clue_soon_after_the_game_ends(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    http = httpx.Client(base_url=server.url)
    bot = {"kind": "bot", "level": "random"}
    created = http.post(
        "/api/tables",
        json={"game": "stop-thief", "players": 3, "seed": 11, "options": SHORT_GAME,
              "seats": [{"kind": "human"}, bot, bot], "pace": "instant"},
    ).json()  # fmt: skip
    tid = created["id"]
    page = new_page(browser, contexts, DESKTOP)  # type: ignore[arg-type]
    page.goto(f"{server.url}/t/{tid}?watch=1")
    led = page.locator(".led")
    expect(led).to_have_attribute("aria-label", re.compile(r"Scanner display: \S"))  # loaded
    # The waiting seat goes to a bot: the whole game now streams to the page at once.
    r = http.post(f"/api/tables/{tid}/seats/0/bot", json={"level": "random"},
                  headers={"Authorization": f"Bearer {created['owner_token']}"})  # fmt: skip
    assert r.status_code == 200, r.text
    deadline = time.monotonic() + 30
    while http.get(f"/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    over = time.monotonic()
    events = http.get(f"/api/tables/{tid}/replay").json()["events"]
    clues = [e["data"]["display"] for e in events if e["kind"] in ("clue", "new_thief")]
    assert len(clues) >= 15, "a game long enough that old clues would queue for 14 s and more"
    last = f"Scanner display: {clues[-1].strip() or '---'}"
    # Old clues, one after another, would keep the LED busy for 0.9 s or more each (14 s
    # and more here); now only the last moments play out in full (the winning arrest's
    # sirens, a few seconds), and then the LED rests on the last clue.
    steady = None
    while steady is None or time.monotonic() - steady < 1.5:
        shown = led.get_attribute("aria-label", timeout=2000)
        assert time.monotonic() - over < 10, f"the LED still shows {shown}, not {last}"
        steady = (steady or time.monotonic()) if shown == last else None
        time.sleep(0.05)
    no_page_errors(page)
