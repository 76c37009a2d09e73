"""A guided first game in the browser (issue 12): "Learn by playing" from the lobby card (or
the table's help) sets up the tutorial's table; the coach panel says what to do and why, lights
the suggested button or squares, answers an action off the lesson in its panel, and following
it alone plays the tutorial to its end."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, Page, expect

from sleuth.core.tutorial import load_script

from .conftest import Server
from .test_lobby_and_table import DESKTOP, PHONE, act_and_wait, new_page, no_page_errors, shot

READY = """() => {
  const coach = document.querySelector('#coach-slot .coach');
  if (!coach) return false;
  const state = coach.dataset.state;
  if (state === 'finished' || state === 'lost') return state;
  const mine = document.body.classList.contains('is-my-turn');
  return state === 'act' && mine && document.querySelector('.coach-mark') ? 'act' : false;
}"""


def coach_state(page: Page) -> str:
    return str(page.wait_for_function(READY, timeout=15_000).json_value())


def follow_the_coach(page: Page, game: str, shots: str = "") -> int:
    """Do what the coach lights, step after step, until it says the lesson is over: a lit
    button (one that opens a choice, like ARREST…, then the lit choice in it), else the lit
    square on the board. Returns the number of steps taken."""
    script = load_script(game)
    assert script is not None
    steps = 0
    while coach_state(page) == "act":
        coach = page.locator("#coach-slot .coach")
        number = int(coach.get_attribute("data-step") or 0)
        assert number == steps + 1, f"the coach is at step {number} after {steps} steps"
        expect(page.locator("#coach-words")).to_contain_text(script.steps[number - 1].say[:40])
        if shots and number in (1, len(script.steps)):
            shot(page, f"{shots}-step{number}")
        button = page.locator("#table-main button.coach-mark")
        if button.count():
            opens = (button.first.get_attribute("data-action") or "").endswith("-mode")
            if opens:  # a choice opens; its lit entry sends the action
                button.first.click()
                page.wait_for_selector("#controls-slot .picker button.coach-mark")
                act_and_wait(page, lambda: page.click("#controls-slot .picker button.coach-mark"))
            else:
                act_and_wait(page, button.first.click)
        else:
            square = page.locator('#board-slot .coach-mark[role="button"]').first
            act_and_wait(page, square.click)
        steps += 1
    return steps


def test_learn_by_playing_stop_thief_from_the_lobby_to_the_end(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    script = load_script("stop-thief")
    assert script is not None
    page = new_page(browser, contexts, DESKTOP)
    page.goto(server.url + "/")
    learn = page.locator('button[data-learn="stop-thief"]')
    expect(learn).to_be_visible()
    learn.click()
    page.wait_for_url("**/t/**")
    expect(page.locator("#coach-slot")).to_be_visible()
    expect(page.locator("#coach-words")).to_contain_text("Welcome, detective")
    # Another action than the step's: refused, and the coach says why in its panel.
    coach_state(page)
    page.click('#hand button[data-play="1"]')
    expect(page.locator("#coach-nudge")).to_have_text(script.steps[0].otherwise)
    assert page.locator("#coach-slot .coach").get_attribute("data-step") == "1"
    # The step's button is lit, and the guide link goes to the section that explains it.
    expect(page.locator('#controls-slot button[data-action="clue"]')).to_have_class(
        "btn btn-primary btn-big btn-clue coach-mark"
    )
    link = page.locator("#coach-slot .coach-guide")
    assert (link.get_attribute("href") or "").endswith("/games/stop-thief/rules#the-crime-scanner")
    assert follow_the_coach(page, "stop-thief", shots="tutorial-desktop") == len(script.steps)
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
