"""The Crime Scanner page (/scanner) in real Chromium, against the real server.

The page sends presses to the server and draws what comes back: the LED
display (`#led[data-display]`), the sounds it started (`window.sleuthSounds`)
and the caption naming them. Tests may peek at the thief through the API's
reveal; the page never does unless asked.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from sleuth.games.stop_thief.device import CrimeScannerDevice
from sleuth.games.stop_thief.scanner import Odds

from .conftest import Server

CLUE_DISPLAYS = re.compile(r"^[1-8](Cr|FL|dr|GL|St)$")  # decision S1: the digit on every clue


def get(server: Server, path: str) -> Any:
    with urllib.request.urlopen(f"{server.url}{path}", timeout=5) as reply:
        return json.loads(reply.read())


def open_scanner(page: Page, server: Server, query: str = "seed=7") -> None:
    page.goto(f"{server.url}/scanner?{query}" if query else f"{server.url}/scanner")
    page.wait_for_selector("body[data-ready=true]")


def settle(page: Page) -> None:
    """Wait until every press sent has been answered and drawn."""
    page.wait_for_function("window.sleuthScanner.busy === 0")


def click(page: Page, *buttons: str) -> None:
    for button in buttons:
        page.click(f'[data-button="{button}"]')
        settle(page)


def keys(page: Page, *names: str) -> None:
    for name in names:
        page.keyboard.press(name)
        settle(page)


def shown(page: Page) -> str:
    return str(page.get_attribute("#led", "data-display"))


def sounds(page: Page) -> list[str]:
    return list(page.evaluate("window.sleuthSounds"))


def session(page: Page) -> str:
    return str(page.evaluate("window.sleuthScanner.session"))


def thief(page: Page, server: Server) -> int:
    return int(get(server, f"/api/scanner/sessions/{session(page)}/reveal")["thief"])


# One server for the whole module (`server` in conftest): each test opens a scanner session of
# its own, with its own seed, and reads back only that session.
SHARED_SERVER = True


@pytest.fixture
def errors(page: Page) -> Iterator[list[str]]:
    """Console errors and uncaught exceptions: a test ends with none."""
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: found.append(str(e)))
    yield found
    assert not [e for e in found if "status of 400" not in e], found


def test_on_twice_starts_a_game_with_a_crime(page: Page, server: Server, errors: list[str]) -> None:
    """ST-SCANNER-04, ST-SCANNER-22, ST-SCANNER-06: ON shows dashes; ON again, a crime."""
    open_scanner(page, server)
    assert shown(page) == "   "
    click(page, "ON")
    assert shown(page) == "---" and sounds(page) == []
    expect(page.locator("#caption-words")).to_contain_text("sample mode")
    click(page, "ON")
    assert re.fullmatch(r"[1-8]Cr", shown(page))
    assert sounds(page) == ["crime-alarm"]
    expect(page.locator("#caption-names")).to_have_text("crime alarm")
    expect(page.locator("#caption-words")).to_contain_text("a crime in")
    # the segments drawn are the ones the character needs: C is a, d, e, f
    lit = page.eval_on_selector_all(
        "#led .char:nth-child(2) .seg.on", "segs => segs.map(s => s.dataset.seg).sort().join('')"
    )
    assert lit == "adef"


def test_sample_mode_plays_every_sound(page: Page, server: Server, errors: list[str]) -> None:
    """ST-SCANNER-13, ST-SCANNER-12, ST-SCANNER-21: the samples, each sound named in the caption."""
    open_scanner(page, server)
    click(page, "ON")
    displays = []
    for _ in range(6):
        click(page, "CLUE")
        displays.append(shown(page))
        names = page.locator("#caption").get_attribute("data-sounds") or ""
        assert names and names.split() == sounds(page)[-len(names.split()) :]
    assert displays == ["1Cr", " FL", " dr", " GL", " St", " St"]
    assert sounds(page) == [
        "crime-alarm", "squeaky-floor", "creaking-door", "breaking-glass", "running-feet",
        "subway", "running-feet",
    ]  # fmt: skip
    page.evaluate("window.sleuthSounds.length = 0")
    click(page, "ARREST", "ARREST", "ARREST")
    assert sounds(page) == [
        "sirens", "warning-shots", "hee-haw", "sirens", "raspberry",
        "sirens", "warning-shots", "laugh",
    ]  # fmt: skip
    expect(page.locator("#caption-names")).to_contain_text("NA-na-na-na-NA-na")
    assert page.evaluate("window.sleuthAudioState()") == "running"


def test_a_bleep_flashes_the_last_clue(page: Page, server: Server, errors: list[str]) -> None:
    """ST-SCANNER-14: a thief who stays put bleeps and the previous clue flashes."""
    open_scanner(page, server, "seed=3&still=1")
    click(page, "ON", "ON")
    crime = shown(page)
    click(page, "CLUE")
    assert sounds(page)[-1] == "bleep" and shown(page) == crime
    assert page.get_attribute("#led", "data-flashing") == "true"
    expect(page.locator("#caption-names")).to_have_text("bleep")


def test_tip_shows_only_while_held(page: Page, server: Server, errors: list[str]) -> None:
    """ST-SCANNER-16, ST-SCANNER-15: the tip is the true space, gone as TIP is let go."""
    open_scanner(page, server)
    click(page, "ON", "ON", "CLUE")
    clue = shown(page)
    space = thief(page, server)
    tip = page.locator('[data-button="TIP"]')
    tip.hover()
    page.mouse.down()
    settle(page)
    assert shown(page) == f"{space:03d}"
    page.mouse.up()
    settle(page)
    assert shown(page) == clue
    # the keyboard: t held down shows it, key up hides it (auto-repeat sends nothing more)
    page.keyboard.down("t")
    settle(page)
    assert shown(page) == f"{space:03d}"
    page.keyboard.down("t")  # a repeat
    page.keyboard.up("t")
    settle(page)
    assert shown(page) == clue
    expect(page.locator("#refused")).to_be_hidden()


def test_tip_by_touch(browser: Browser, server: Server) -> None:
    """ST-SCANNER-16 on a phone: a finger on TIP shows the tip, lifting it hides the tip."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        open_scanner(page, server)
        for button in ("ON", "ON"):
            page.tap(f'[data-button="{button}"]')
            settle(page)
        crime = shown(page)
        box = page.locator('[data-button="TIP"]').bounding_box()
        assert box is not None
        cdp = context.new_cdp_session(page)
        point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        page.wait_for_function("document.querySelector('#led').dataset.display.trim().length === 3")
        settle(page)
        assert shown(page) == f"{thief(page, server):03d}"
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_function(f"document.querySelector('#led').dataset.display === {crime!r}")
        settle(page)
        assert shown(page) == crime
    finally:
        context.close()


def test_arrest_entry_shows_digits_and_can_be_cancelled(
    page: Page, server: Server, errors: list[str]
) -> None:
    """ST-SCANNER-27, ST-ARREST-17: ARREST again before the third digit cancels, silently."""
    open_scanner(page, server)
    click(page, "ON", "ON")
    crime, heard = shown(page), len(sounds(page))
    click(page, "ARREST")
    assert shown(page) == "___"
    click(page, "1", "4")
    assert shown(page) == "14_"
    click(page, "ARREST")
    assert shown(page) == crime and len(sounds(page)) == heard
    expect(page.locator("#caption-words")).to_contain_text("arrest cancelled")
    click(page, "ARREST")  # and a new arrest can start at once
    assert shown(page) == "___"


def test_track_and_arrest_a_thief(page: Page, server: Server, errors: list[str]) -> None:
    """ST-ARREST-04, ST-SCANNER-19, ST-SCANNER-18, ST-SCANNER-28: wrong space, raspberry; right
    space, sirens, shots and hee-haw; ON once brings the next thief."""
    open_scanner(page, server, "seed=9&escape=0")
    keys(page, "o", "o", "c", "c", "c")
    assert all(CLUE_DISPLAYS.match(d) for d in [shown(page)])
    space = thief(page, server)
    wrong = 999 if space != 999 else 998
    keys(page, "a", *f"{wrong:03d}")
    assert sounds(page)[-2:] == ["sirens", "raspberry"]
    assert thief(page, server) == space  # ST-ARREST-14: a false arrest does not move him
    keys(page, "a", *f"{space:03d}")
    assert sounds(page)[-3:] == ["sirens", "warning-shots", "hee-haw"]
    assert shown(page) == f"{space:03d}"
    expect(page.locator("#caption-words")).to_contain_text("the cops arrest the thief")
    # the reveal after the game: no question asked, the route on the board
    page.click("#after-arrest button")
    expect(page.locator("#reveal")).to_be_visible()
    expect(page.locator("#reveal-status")).to_contain_text("arrested")
    expect(page.locator("#reveal-route")).to_contain_text(str(space))
    page.wait_for_function("document.querySelector('#reveal-board').naturalWidth > 0")
    page.click("#reveal-close")
    keys(page, "o")
    assert re.fullmatch(r"[1-8]Cr", shown(page)) and sounds(page)[-1] == "crime-alarm"
    reveal = get(server, f"/api/scanner/sessions/{session(page)}/reveal")
    assert [t["status"] for t in reveal["thieves"]] == ["arrested", "at large"]


def test_an_escape_plays_the_laugh_and_his_run(
    page: Page, server: Server, errors: list[str]
) -> None:
    """ST-SCANNER-20, ST-ARREST-11: sirens, shots, the laugh, then five or six escape clues."""
    open_scanner(page, server, "seed=21&escape=1")
    click(page, "ON", "ON")
    sid = session(page)
    before = get(server, f"/api/scanner/sessions/{sid}/reveal")["thieves"][0]["route"]
    heard = len(sounds(page))
    click(page, "ARREST", *f"{before[-1]:03d}")
    played = sounds(page)[heard:]
    assert played[:3] == ["sirens", "warning-shots", "laugh"]
    after = get(server, f"/api/scanner/sessions/{sid}/reveal")["thieves"][0]
    assert after["status"] == "at large" and len(after["route"]) - len(before) in (5, 6)
    clue_sounds = [name for name in played[3:] if name != "subway"]  # a ride ends running
    assert len(clue_sounds) == len(after["route"]) - len(before)
    assert shown(page) == f"{before[-1]:03d}"  # the code first; each escape clue follows
    expect(page.locator("#caption-names")).to_contain_text("laugh")


def test_memory_buttons_replay_clues(page: Page, server: Server, errors: list[str]) -> None:
    """ST-SCANNER-24: 0 replays the latest sound clue, 1 the one before, with their sounds."""
    open_scanner(page, server, "seed=5&still=0")
    click(page, "ON", "ON")
    crime = shown(page)
    click(page, "CLUE")
    latest, heard = shown(page), sounds(page)
    click(page, "1")
    assert shown(page) == crime and sounds(page)[len(heard) :] == ["crime-alarm"]
    click(page, "0")
    assert shown(page) == latest
    expect(page.locator("#caption-words")).to_contain_text("memory 0")


def test_a_refused_press_says_why(page: Page, server: Server, errors: list[str]) -> None:
    open_scanner(page, server)
    click(page, "CLUE")
    expect(page.locator("#refused")).to_be_visible()
    expect(page.locator("#refused")).to_contain_text("press ON first")
    assert shown(page) == "   " and sounds(page) == []
    click(page, "ON")
    expect(page.locator("#refused")).to_be_hidden()


def test_off_with_a_thief_at_large_asks_first(
    page: Page, server: Server, errors: list[str]
) -> None:
    open_scanner(page, server)
    click(page, "ON", "ON")
    crime = shown(page)
    page.click('[data-button="OFF"]')
    expect(page.locator("#confirm")).to_be_visible()
    page.click("#confirm-no")
    settle(page)
    assert shown(page) == crime
    page.click('[data-button="OFF"]')
    page.click("#confirm-yes")
    page.wait_for_function("window.sleuthScanner.state.mode === 'off'")
    settle(page)
    assert shown(page) == "   "


def test_reload_resumes_and_survives_a_server_restart(
    page: Page, server: Server, errors: list[str]
) -> None:
    presses = ["ON", "ON", "CLUE", "CLUE"]
    open_scanner(page, server, "seed=13")
    click(page, *presses)
    sid, before = session(page), shown(page)
    assert f"session={sid}" in page.url
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert session(page) == sid and shown(page) == before
    open_scanner(page, server, "")  # no id in the URL: localStorage remembers it
    assert session(page) == sid and shown(page) == before

    server.kill()
    server.start()
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert session(page) == sid and shown(page) == before
    click(page, "CLUE", "CLUE")
    unit = CrimeScannerDevice(13, Odds())
    for button in [*presses, "CLUE"]:
        unit.press(button)
    assert shown(page) == unit.press("CLUE").display
    assert page.evaluate("window.sleuthScanner.version") == 6


def test_settings_new_scanner_volume_and_reveal(
    page: Page, server: Server, errors: list[str]
) -> None:
    open_scanner(page, server)
    old = session(page)
    page.click("#open-settings")
    expect(page.locator("#this-scanner")).to_contain_text("Seed 7")
    page.fill("#volume", "30")
    page.fill("#new-seed", "4242")
    page.fill("#new-still", "0")
    page.fill("#new-escape", "100")
    page.click("#new-scanner")
    page.wait_for_function(f"(window.sleuthScanner.session || {old!r}) !== {old!r}")
    summary = get(server, f"/api/scanner/sessions/{session(page)}")
    assert summary["seed"] == 4242 and summary["odds"] == {"still": 0.0, "escape": 1.0, "six": 0.5}
    assert page.evaluate("localStorage.getItem('sleuth.scanner.volume')") == "30"
    expect(page.locator("#volume-mini")).to_have_text("volume 30%")
    click(page, "ON", "ON")
    # on demand, with a thief at large: asked first
    page.click("#open-reveal")
    expect(page.locator("#confirm")).to_be_visible()
    page.click("#confirm-yes")
    expect(page.locator("#reveal")).to_be_visible()
    expect(page.locator("#reveal-status")).to_contain_text("at large")


def test_phone_layout_fits_and_keys_are_big(browser: Browser, server: Server) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        open_scanner(page, server)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        for box in page.locator(".key").evaluate_all(
            "keys => keys.map(k => k.getBoundingClientRect().toJSON())"
        ):
            assert box["width"] >= 60 and box["height"] >= 48 and box["right"] <= 390
        caption = page.locator("#caption").bounding_box()
        assert caption is not None and caption["y"] + caption["height"] <= 844
        page.tap('[data-button="ON"]')
        settle(page)
        assert shown(page) == "---"
    finally:
        context.close()


def test_cancel_by_keys_puts_back_the_clue(page: Page, server: Server, errors: list[str]) -> None:
    """ST-SCANNER-27 (issue 12): after a cancelled arrest the display shows the clue again,
    not the digits keyed, by keys as by clicks, and again after a later clue."""
    open_scanner(page, server, "seed=4&still=0")
    keys(page, "o", "o", "c")
    clue = shown(page)
    assert CLUE_DISPLAYS.match(clue)
    keys(page, "a", "1", "4")
    assert shown(page) == "14_"
    keys(page, "a")
    assert shown(page) == clue
    keys(page, "c", "a", "2", "a")
    assert CLUE_DISPLAYS.match(shown(page)) and "_" not in shown(page)
