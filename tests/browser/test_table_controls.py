"""The Stop Thief page module on its own: views made by the engine, rendered in chromium.

The whole-table tests rarely reach some turns (a detective on a subway station,
one without a License), so these hand the module such views directly and check
what it offers and what it sends.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

import sleuth
from sleuth.games.stop_thief.state import StopThief

from .conftest import Server

MOUNT = """async (view) => {
    document.body.innerHTML = `<main class="table-layout"><div id="board"></div><div id="hud"></div>
        <div id="controls"></div><div id="info"></div></main>`;
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = '/static/css/sleuth.css';
    document.head.append(css);
    const game = await import('/static/games/stop-thief/index.js');
    window.sent = [];
    const ctx = {
        act: async (a) => { window.sent.push(a); return true; },
        seatWord: (s) => `Detective ${s + 1}`,
        playerName: () => null,
        isBot: () => false,
        soundOn: () => Boolean(window.soundOn),
        tableId: 'test',
    };
    const table = game.createTable(ctx);
    const $ = (id) => document.getElementById(id);
    await table.mount({board: $('board'), hud: $('hud'), controls: $('controls'), info: $('info')});
    table.render(view, {me: view.seat, canAct: true, seats: []});
    document.addEventListener('keydown', (e) => { if (table.key(e)) e.preventDefault(); });
    window.table = table;
}"""


# One server for the whole module (`server` in conftest): each test makes its own tables and reads
# back only those.
SHARED_SERVER = True


def mount(page: Page, server: Server, view: dict[str, Any]) -> None:
    page.goto(f"{server.url}/api/games")  # any page of the server: the modules are same-origin
    page.evaluate(MOUNT, view)


def sent(page: Page) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = page.evaluate("window.sent")
    return result


def test_a_detective_on_a_station_can_ride(server: Server, page: Page) -> None:
    state = sleuth.new_game("stop-thief", 3, 4)
    assert isinstance(state, StopThief)
    seat = state.turn.seat
    station = state.board.station_nodes[0]
    state.detectives[seat].node = station
    state.turn.start_node = station
    state._legal_cache = None
    view = state.view(seat)
    rides = sorted(a["to"] for a in view["legal"] if a["kind"] == "ride")
    assert rides
    mount(page, server, view)
    expect(page.locator('button[data-action="clue"]')).to_be_visible()
    page.keyboard.press("u")  # u = ride
    offered = page.eval_on_selector_all("button[data-ride]", "e => e.map(x => x.dataset.ride)")
    assert sorted(offered) == rides
    expect(page.locator(".st-board .is-target.target-ride")).to_have_count(len(rides))
    page.click(f'.st-board .is-target[data-node="{rides[0]}"]')
    assert sent(page) == [{"kind": "ride", "to": rides[0]}]
    page.keyboard.press("Escape")
    expect(page.locator("button[data-ride]")).to_have_count(0)
    page.keyboard.press("c")
    assert sent(page)[-1] == {"kind": "clue"}


def test_a_detective_without_a_license_only_pays_the_fine(server: Server, page: Page) -> None:
    """ST-ARREST-13 with option cards_on_fine_turn off (decision D7's older reading)."""
    state = sleuth.new_game("stop-thief", 2, 1, cards_on_fine_turn=False)
    assert isinstance(state, StopThief)
    seat = state.turn.seat
    state.detectives[seat].licensed = False
    state.detectives[seat].money = 50
    state.turn.phase = "fine"
    state._legal_cache = None
    view = state.view(seat)
    assert view["legal"] == [{"kind": "pay_fine"}]
    mount(page, server, view)
    fine = page.locator('button[data-action="pay_fine"]')
    expect(fine).to_contain_text("Pay the $50 fine")
    expect(page.locator("#controls button")).to_have_count(1)
    expect(page.locator("button[data-play]")).to_have_count(0)  # no cards on a fine turn
    expect(page.locator(f'.det[data-seat="{seat}"]')).to_contain_text("License lost")
    page.keyboard.press("f")
    assert sent(page) == [{"kind": "pay_fine"}]


def test_on_the_fine_turn_a_card_may_come_first(server: Server, page: Page) -> None:
    """ST-CARDS-05, ST-ARREST-13 (decision D7): by default the hand's playable cards are
    offered beside the fine."""
    state = sleuth.new_game("stop-thief", 2, 1)
    assert isinstance(state, StopThief)
    seat = state.turn.seat
    state.detectives[seat].licensed = False
    state.turn.phase = "fine"
    state._legal_cache = None
    view = state.view(seat)
    assert {a["kind"] for a in view["legal"]} == {"pay_fine", "play_card"}
    mount(page, server, view)
    expect(page.locator('button[data-action="pay_fine"]')).to_be_visible()
    assert page.locator("button[data-play]:not([disabled])").count() >= 1


def test_the_scanner_shows_the_last_clue_and_its_memory(server: Server, page: Page) -> None:
    state = sleuth.new_game("stop-thief", 2, 3, still_chance=0.0)
    assert isinstance(state, StopThief)
    state.apply({"kind": "clue"})
    view = state.view(state.turn.seat)
    mount(page, server, view)
    display = view["scanner"]["display"]
    expect(page.locator(".led")).to_have_attribute(
        "aria-label", f"Scanner display: {display.strip()}"
    )
    expect(page.locator("#scanner-caption")).not_to_be_empty()
    expect(page.locator(".mem-btn:not([disabled])")).to_have_count(len(view["scanner"]["memory"]))
    expect(page.locator("#clues .clue")).to_have_count(len(view["clues"]))
    expect(page.locator('button[data-action="roll"]')).to_be_visible()


def test_the_table_plays_the_scanner_pages_own_sounds(server: Server, page: Page) -> None:
    """The table and the companion scanner share one set of sounds (scanner/sounds.js).

    A clue plays its device sound (the subway as the device's two parts), and each
    arrest outcome its device sequence: sirens, warning shots, then hee-haw or the laugh;
    sirens then a raspberry for a false arrest.
    """
    state = sleuth.new_game("stop-thief", 2, 3, still_chance=0.0)
    assert isinstance(state, StopThief)
    mount(page, server, state.view(0))
    page.evaluate("window.soundOn = true")
    events = [
        {"kind": "clue", "data": {"display": "5St", "sound": "subway-then-street"}},
        {"kind": "arrest", "data": {"space": 101, "outcome": "successful"}},
        {"kind": "arrest", "data": {"space": 101, "outcome": "unsuccessful"}},
        {"kind": "arrest", "data": {"space": 101, "outcome": "false"}},
    ]
    names = page.evaluate(
        """async (events) => {
            const sounds = await import('/static/games/stop-thief/scanner/sounds.js');
            const heard = [];
            for (const ev of events) {
                window.sleuthTableSounds = [];
                window.table.play([ev], {me: 0});
                // Each event is a new moment: it is sounded at once, or as soon as the
                // one before is cut short.
                for (let i = 0; i < 100 && !window.sleuthTableSounds.length; i++) {
                    await new Promise((r) => setTimeout(r, 50));
                }
                heard.push([...window.sleuthTableSounds]);
            }
            return {heard, device: Object.keys(sounds.SOUNDS)};
        }""",
        events,
    )
    heard = names["heard"]
    assert heard[0] == ["subway", "running-feet"]
    assert heard[1] == ["sirens", "warning-shots", "hee-haw"]
    assert heard[2] == ["sirens", "warning-shots", "laugh"]
    assert heard[3] == ["sirens", "raspberry"]
    assert all(name in names["device"] for sequence in heard for name in sequence)
