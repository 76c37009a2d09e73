"""The replay page for every game: each step is the engine's `reveal()`, drawn in chromium.

A game of each is played to its end through the HTTP API (tests/finished_games.py);
the page then steps through it. At a step in the middle, the page must show the
hidden parts as the engine had them then (every hand, Handbook, notebook, lawn
card, the thief's place), its log exactly the events so far, and it must have
asked the server for the neighbouring steps before anyone pressed a key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from sleuth.core import GameState
from sleuth.games.columbo.state import Columbo
from sleuth.games.kojak.state import Kojak
from sleuth.games.manhunt.state import Manhunt
from sleuth.games.stop_thief.state import StopThief
from tests.finished_games import GAMES, finished_table

from .conftest import Server
from .replay_steps import at_step

# One server for the whole module (`server` in conftest): each test makes its own tables and reads
# back only those.
SHARED_SERVER = True


@pytest.fixture
def replay_page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors  # type: ignore[attr-defined]
    yield page
    context.close()


def stop_thief_shows(page: Page, state: GameState) -> None:
    """Every hand, and the thief where he was (the end of his route so far)."""
    assert isinstance(state, StopThief)
    rows = page.locator("#hand-panel .hand-row")
    expect(rows).to_have_count(state.players)
    for det in state.detectives:
        ids = (
            rows.nth(det.seat).locator(".card").evaluate_all("cs => cs.map((c) => +c.dataset.card)")
        )
        assert ids == det.hand, det.seat
    space = state.routes[-1][-1].space  # where he is, or where he was caught
    expect(page.locator(".st-marks .thief-mark title")).to_have_text(
        f"The thief: {space // 100}-{space % 100:02d}"
    )


def manhunt_shows(page: Page, state: GameState) -> None:
    """Every side's Handbook, with the holes each side has found."""
    assert isinstance(state, Manhunt)
    expect(page.locator("#handbook")).to_contain_text("Handbooks (all revealed)")
    sheets = page.locator("#handbook .mh-sheet")
    expect(sheets).to_have_count(len(state.handbooks))
    for book in state.handbooks:
        known = (
            sheets.nth(book.side)
            .locator("tr.known")
            .evaluate_all("rows => rows.map((r) => [+r.dataset.row, r.dataset.hole])")
        )
        assert dict(known) == book.entries, book.side


def kojak_shows(page: Page, state: GameState) -> None:
    """Everyone's notebook (the codes of the informer cards taken) and the hide-out."""
    assert isinstance(state, Kojak)
    for p in state.seats:
        codes = page.locator(f'.kj-book[data-seat="{p.seat}"] .kj-card-tab')
        expect(codes).to_have_text([state.case.clue(b).code for b in p.taken])
    hideout = page.locator('#suspects .kj-bld[data-state="hideout"]')
    expect(hideout).to_have_attribute("data-building", state.case.hideout)


def columbo_shows(page: Page, state: GameState) -> None:
    """Every hand, and the face of every card lying on the lawn."""
    assert isinstance(state, Columbo)
    rows = page.locator("#hand-panel .co-hand-row")
    expect(rows).to_have_count(state.players)
    for det in state.detectives:
        ids = (
            rows.nth(det.seat)
            .locator(".co-slot")
            .evaluate_all("cs => cs.map((c) => +c.dataset.card)")
        )
        assert sorted(ids) == sorted(det.hand), det.seat
    for place, card in enumerate(state.lawn):
        spot = page.locator(f'#lawn .co-lplace[data-place="{place}"]')
        if card is None:
            expect(spot).to_have_attribute("data-state", "empty")
        else:
            expect(spot).to_have_attribute("data-state", "open")
            expect(spot.locator(".co-side-front")).to_have_attribute("data-card", str(card))


SHOWS: dict[str, Callable[[Page, GameState], None]] = {
    "stop-thief": stop_thief_shows,
    "manhunt": manhunt_shows,
    "kojak": kojak_shows,
    "columbo": columbo_shows,
}


def events_up_to(state: GameState, step: int) -> int:
    return len(at_step(state, step).log)


def middle_step(game: str, state: GameState) -> int:
    """A step from halfway on where the game's hidden parts have something to show."""
    middle = len(state.history) // 2
    for step in range(middle, len(state.history)):
        then = at_step(state, step)
        if game == "columbo" and isinstance(then, Columbo) and not any(then.lawn):
            continue
        return step
    raise AssertionError(f"no step of the {game} game shows what the test looks for")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_step_shows_the_engines_revealed_game(
    game: str, server: Server, replay_page: Page
) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        table, state = finished_table(http, game)
    steps = len(state.history)
    page = replay_page
    asked: list[int] = []
    page.on(
        "request",
        lambda r: asked.append(int(r.url.split("step=")[1])) if "/replay?step=" in r.url else None,
    )
    page.goto(f"{server.url}/t/{table}/replay")
    expect(page.locator("#rp-where")).to_contain_text(f"Step {steps} of {steps}")
    expect(page.locator("#log li")).to_have_count(len(state.log))
    expect(page.locator("#sound-btn")).to_have_attribute("aria-pressed", "false")  # off at first
    SHOWS[game](page, state)

    # The slider jumps halfway: the page shows that step, as the engine has it.
    step = middle_step(game, state)
    page.locator("#rp-slider").fill(str(step))
    expect(page.locator("#rp-where")).to_contain_text(f"Step {step} of {steps}")
    expect(page.locator("body")).to_have_attribute("data-step", str(step))
    SHOWS[game](page, at_step(state, step))
    expect(page.locator("#log li")).to_have_count(events_up_to(state, step))
    # Its neighbours were asked for already, so stepping on feels instant.
    for _ in range(100):
        if {step - 1, step + 1} <= set(asked):
            break
        page.wait_for_timeout(50)
    assert {step - 1, step + 1} <= set(asked), asked
    page.keyboard.press("ArrowRight")
    expect(page.locator("#rp-where")).to_contain_text(f"Step {step + 1} of {steps}")
    SHOWS[game](page, at_step(state, step + 1))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#rp-where")).to_contain_text(f"Step {step - 1} of {steps}")
    SHOWS[game](page, at_step(state, step - 1))

    # Play runs on by itself; pause stops it.
    page.keyboard.press("Home")
    expect(page.locator("#rp-where")).to_contain_text(f"Step 0 of {steps}")
    expect(page.locator("#log li")).to_have_count(events_up_to(state, 0))
    page.click("#rp-play")
    expect(page.locator("#rp-where")).to_contain_text(f"Step 2 of {steps}", timeout=10_000)
    page.click("#rp-play")
    expect(page.locator("#rp-play")).to_have_attribute("aria-label", "Play")
    paused = page.locator("body").get_attribute("data-step")
    page.wait_for_timeout(1500)
    assert page.locator("body").get_attribute("data-step") == paused
    assert page.errors == []  # type: ignore[attr-defined]


def test_an_unfinished_tables_replay_page_says_to_wait(server: Server, replay_page: Page) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        created = http.post("/api/tables", json={"game": "kojak", "players": 2}).json()
        steps = http.get(f"/api/tables/{created['id']}/replay", params={"step": 0})
        assert steps.status_code == 409
    replay_page.goto(f"{server.url}/t/{created['id']}/replay")
    expect(replay_page.locator("#table-main")).to_contain_text(
        "The replay opens when the game is over."
    )
    assert replay_page.errors == []  # type: ignore[attr-defined]


def test_a_manhunt_replay_names_whose_secret_a_probe_was(server: Server, replay_page: Page) -> None:
    """Stepping onto a probe in a replay says whose it was, never "only you see this"
    (the replay reader is not the prober)."""
    with httpx.Client(base_url=server.url, timeout=30) as http:
        table, state = finished_table(http, "manhunt")
    probe = next(
        step
        for step in range(1, len(state.history) + 1)
        if any(
            e.kind == "probe_result"
            for e in at_step(state, step).log[events_up_to(state, step - 1) :]
        )
    )
    page = replay_page
    page.goto(f"{server.url}/t/{table}/replay")
    steps = len(state.history)
    expect(page.locator("#rp-where")).to_contain_text(f"Step {steps} of {steps}")
    page.locator("#rp-slider").fill(str(probe - 1))
    expect(page.locator("body")).to_have_attribute("data-step", str(probe - 1))
    page.locator("body").press("ArrowRight")
    expect(page.locator("body")).to_have_attribute("data-step", str(probe))
    scanner = page.locator("#clue-scanner")
    expect(scanner).to_contain_text("seen only by")
    expect(scanner).not_to_contain_text("only you see")
