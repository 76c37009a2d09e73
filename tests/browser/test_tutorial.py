"""A guided first game in the browser (issue 12): "Learn by playing" from the lobby card (or
the table's help) sets up the tutorial's table; the coach panel says what to do and why, lights
the suggested button or squares, answers an action off the lesson in its panel, and following
it alone plays the tutorial to its end."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from sleuth.core.tutorial import Step, load_script, tutorial_games

from .conftest import Server
from .test_lobby_and_table import PHONE, new_page, no_page_errors, shot

LAPTOP: ViewportSize = {"width": 1280, "height": 800}  # a newcomer's laptop: the page scrolls

READY = """() => {
  const coach = document.querySelector('#coach-slot .coach');
  if (!coach) return false;
  const state = coach.dataset.state;
  if (state === 'finished' || state === 'lost') return state;
  const mine = document.body.classList.contains('is-my-turn');
  return state === 'act' && mine && document.querySelector('.coach-mark') ? 'act' : false;
}"""


# One server for the whole module (`server` in conftest): each test makes its own tables and reads
# back only those.
SHARED_SERVER = True


def coach_state(page: Page) -> str:
    return str(page.wait_for_function(READY, timeout=15_000).json_value())


MOVED_ON = """([before, label]) => {
  if (Number(document.body.dataset.version || -1) > before) return true;
  const lit = [...document.querySelectorAll('#table-main button.coach-mark')];
  if (lit.some((b) => b.textContent !== label)) return true;
  return Boolean(document.querySelector('#board-slot .coach-mark[role="button"]'));
}"""


# Read the coach's step and click what it lights in one go, inside the page: the page may
# move on to the next step at any moment (the bots play), and a step read before a click
# must be the step the click answers.
FOLLOW = """() => {
  const coach = document.querySelector('#coach-slot .coach');
  const button = document.querySelector('#table-main button.coach-mark');
  const square = document.querySelector('#board-slot .coach-mark[role="button"]');
  const target = button || square;
  if (!coach || !target) return null;
  const told = [Number(coach.dataset.step), document.querySelector('#coach-words').textContent,
                button ? button.textContent : null, Number(document.body.dataset.version)];
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  return told;
}"""


# What a step lights, against what it asks, as the learner sees it (its comments say what).
LIT = (Path(__file__).parent / "coach_lit.js").read_text()


def check_lit(page: Page, step: Step) -> None:
    """Wait (a smooth scroll may be on its way) until what `step` lights is right (LIT)."""
    arg = [list(step.highlight), step.expect.to_json()]
    try:
        page.wait_for_function(f"(arg) => !({LIT})(arg)", arg=arg, timeout=4_000)
    except PlaywrightTimeout:
        wrong = page.evaluate(LIT, arg)
        number = page.locator("#coach-slot .coach").get_attribute("data-step")
        assert not wrong, f"step {number}: {wrong}"


def follow_the_coach(
    page: Page, game: str, shots: str = "", first: int = 1, check: bool = True
) -> int:
    """Do what the coach lights, step after step, until it says the lesson is over: a lit
    button, else the lit square on the board. A lit button that only opens a choice (ARREST…,
    "Make the arrest…") lights the choice in it, which the next round clicks. Returns the
    number of steps the coach led through, each of which it must have shown, in order. With
    `check`, each step's lit targets are checked as it starts (LIT)."""
    script = load_script(game)
    assert script is not None
    seen: list[int] = []
    stuck = time.monotonic() + 30  # a step whose action nothing lights would loop for ever
    while coach_state(page) == "act":
        assert time.monotonic() < stuck, f"nothing to click for 30 s after steps {seen[-3:]}"
        number = int(page.locator("#coach-slot .coach").get_attribute("data-step") or 0)
        if check and number not in seen:
            check_lit(page, script.steps[number - 1])
        if shots and number in (1, len(script.steps)) and number not in seen:
            shot(page, f"{shots}-step{number}")
        told = page.evaluate(FOLLOW)
        if told is None:
            continue  # the page moved on between the two looks: look again
        number, words, label, before = told
        assert not seen or number in (seen[-1], seen[-1] + 1), f"step {number} after {seen}"
        assert " ".join(script.steps[number - 1].say.split()) in " ".join(words.split())
        seen.append(number)
        stuck = time.monotonic() + 30
        if label is not None:
            page.wait_for_function(MOVED_ON, arg=[before, label], timeout=10_000)
        else:
            page.wait_for_function(
                "(before) => Number(document.body.dataset.version || -1) > before",
                arg=before,
                timeout=10_000,
            )
    assert sorted(set(seen)) == list(range(first, len(script.steps) + 1))
    return len(set(seen))


def test_learn_by_playing_stop_thief_from_the_lobby_to_the_end(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    script = load_script("stop-thief")
    assert script is not None
    page = new_page(browser, contexts, LAPTOP)
    page.goto(server.url + "/")
    learn = page.locator('button[data-learn="stop-thief"]')
    expect(learn).to_be_visible()
    learn.click()
    page.wait_for_url("**/t/**")
    expect(page.locator("#coach-slot")).to_be_visible()
    expect(page.locator("#coach-words")).to_contain_text("Welcome, detective")
    # Another action than the step's: refused, and the coach says why in its panel.
    coach_state(page)
    check_lit(page, script.steps[0])
    page.click('#hand button[data-play="1"]')
    expect(page.locator("#coach-nudge")).to_have_text(script.steps[0].otherwise)
    assert page.locator("#coach-slot .coach").get_attribute("data-step") == "1"
    # The step's button is lit, and the guide link goes to the section that explains it.
    expect(page.locator('#controls-slot button[data-action="clue"]')).to_have_class(
        "btn btn-primary btn-big btn-clue coach-mark"
    )
    page.click("#controls-slot button.coach-mark")  # a real click on the lit CLUE button
    expect(page.locator("#coach-slot .coach")).to_have_attribute("data-step", "2")
    link = page.locator("#coach-slot .coach-guide")
    assert (link.get_attribute("href") or "").endswith(
        "/games/stop-thief/rules#following-his-trail"
    )
    assert (
        follow_the_coach(page, "stop-thief", "tutorial-desktop", first=2) == len(script.steps) - 1
    )
    expect(page.locator("#coach-slot .coach")).to_have_attribute("data-state", "finished")
    expect(page.locator("#coach-note")).to_have_text(script.steps[-1].done)
    expect(page.locator("#coach-words")).to_contain_text("The coach is quiet from here")
    shot(page, "tutorial-desktop-finished")
    no_page_errors(page)


def test_a_table_offers_learn_by_playing_in_its_help_and_a_phone_shows_the_coach(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    page = new_page(browser, contexts, PHONE)
    page.goto(server.url + "/")
    page.check('input[name="game"][value="stop-thief"]', force=True)
    page.click("#create")  # a normal table first: its help offers the guided game
    page.wait_for_url("**/t/**")
    page.click("#help-btn")
    expect(page.locator("#learn-btn")).to_be_visible()
    page.click("#learn-btn")
    page.wait_for_function("document.querySelector('#coach-slot .coach')")
    assert coach_state(page) == "act"
    expect(page.locator("#coach-slot")).to_be_in_viewport()
    shot(page, "tutorial-phone-step1")
    no_page_errors(page)


BOX = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return { top: r.top, bottom: r.bottom }; }"""


def settled(page: Page, sel: str) -> dict[str, float]:
    """The box of `sel` once it has stopped moving (a board sizes itself after a redraw)."""
    box = page.evaluate(BOX, sel)
    for _ in range(50):
        page.wait_for_timeout(200)
        now, box = box, page.evaluate(BOX, sel)
        if now == box:
            return box
    raise AssertionError(f"{sel} still moves: {box}")


def coach_in_view_above_the_actions(page: Page) -> Locator:
    """The coach and the actions both wholly in view, the coach above them, never over them."""
    coach, controls = page.locator("#coach-slot"), page.locator("#controls-slot")
    expect(coach).to_be_in_viewport(ratio=1)
    expect(controls).to_be_in_viewport(ratio=1)
    assert (
        page.evaluate(BOX, "#coach-slot")["bottom"] <= page.evaluate(BOX, "#controls-slot")["top"]
    )
    return coach


def test_on_a_phone_the_coach_stays_in_view_above_the_actions_and_folds_to_one_line(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    """The coach panel used to sit at the top of the page and scroll away with the board."""
    page = new_page(browser, contexts, PHONE)
    page.goto(server.url + "/")
    page.click('button[data-learn="stop-thief"]')
    page.wait_for_url("**/t/**")
    assert coach_state(page) == "act"
    page.evaluate("() => window.scrollTo(0, document.querySelector('#board-slot').offsetTop + 200)")
    page.wait_for_function("() => window.scrollY > 200")
    coach = coach_in_view_above_the_actions(page)
    shot(page, "tutorial-phone-scrolled")
    # Folded to one line, it leaves the board the room and stays in view.
    unfolded = page.evaluate(BOX, "#coach-slot")
    page.click("#coach-slot .coach-fold")
    expect(page.locator("#coach-slot .coach")).to_have_class("coach is-folded")
    folded = page.evaluate(BOX, "#coach-slot")
    assert folded["bottom"] - folded["top"] < 60 < unfolded["bottom"] - unfolded["top"]
    expect(coach).to_be_in_viewport(ratio=1)
    shot(page, "tutorial-phone-folded")
    # The page keeps room under it: the end of the page scrolls clear of the coach.
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(100)
    assert page.evaluate(BOX, ".log-panel")["bottom"] <= page.evaluate(BOX, "#coach-slot")["top"]
    # The next step opens it again, to be read in full.
    page.click("#controls-slot button.coach-mark")  # CLUE, lit
    expect(page.locator("#coach-slot .coach")).to_have_attribute("data-step", "2")
    expect(page.locator("#coach-slot .coach")).to_have_class("coach")
    expect(page.locator("#coach-words")).to_be_in_viewport()
    no_page_errors(page)


@pytest.mark.parametrize("game", ["stop-thief", "columbo"])
def test_on_a_laptop_the_coach_and_its_actions_stay_in_view_as_the_page_scrolls(
    server: Server, browser: Browser, contexts: list[BrowserContext], game: str
) -> None:
    """The coach panel sat at the top of the side column and scrolled away when the learner
    went down to the cards (Stop Thief's beside the board, Columbo's under it); and a step
    that came while the page was scrolled shrank Stop Thief's board."""
    page = new_page(browser, contexts, LAPTOP)
    page.emulate_media(reduced_motion="reduce")
    page.goto(server.url + "/")
    page.click(f'button[data-learn="{game}"]')
    page.wait_for_url("**/t/**")
    assert coach_state(page) == "act"
    board = settled(page, "#board-slot")  # sized to the window below its top (table.js)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_function("() => window.scrollY > 300")
    coach = coach_in_view_above_the_actions(page)
    shot(page, f"tutorial-laptop-{game}-scrolled")
    page.click("#controls-slot button.coach-mark")  # the step's action, lit, not covered
    expect(page.locator("#coach-slot .coach")).to_have_attribute("data-step", "2")
    expect(coach).to_be_in_viewport(ratio=1)
    after = settled(page, "#board-slot")
    assert after["bottom"] - after["top"] == board["bottom"] - board["top"]
    no_page_errors(page)


@pytest.mark.parametrize("game", [g for g in tutorial_games() if g != "stop-thief"])
def test_every_other_tutorial_plays_to_its_end_by_following_the_coach(
    server: Server, browser: Browser, contexts: list[BrowserContext], game: str
) -> None:
    script = load_script(game)
    assert script is not None
    page = new_page(browser, contexts, LAPTOP)
    page.emulate_media(reduced_motion="reduce")  # no spinning dials to wait for
    page.goto(server.url + "/")
    page.click(f'button[data-learn="{game}"]')
    page.wait_for_url("**/t/**")
    assert follow_the_coach(page, game, shots=f"tutorial-{game}") == len(script.steps)
    expect(page.locator("#coach-slot .coach")).to_have_attribute("data-state", "finished")
    shot(page, f"tutorial-{game}-finished")
    no_page_errors(page)
