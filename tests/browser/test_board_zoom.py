"""On a phone each board can be zoomed and panned, and the part that matters is in sight.

The zoom button makes the board larger than its frame (a finger pans it by scrolling the
frame), and while zoomed the frame keeps in view what the player needs now: the lit
squares, else his own piece (sleuth/web/js/zoom.js). Issue 12, "Fit and access".
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import Server
from .test_lobby_and_table import PHONE

# Where the thing that matters sits, relative to the board's scrolling frame: the centre
# of the given elements, and the frame's visible box.
IN_FRAME = """(selector) => {
    const items = [...document.querySelectorAll(selector)];
    if (!items.length) return null;
    const svg = items[0].closest('svg');
    let frame = svg.parentElement;
    while (frame && frame.scrollWidth <= frame.clientWidth) frame = frame.parentElement;
    if (!frame) return null;
    const rects = items.map((i) => i.getBoundingClientRect());
    const x = (Math.min(...rects.map((r) => r.left)) + Math.max(...rects.map((r) => r.right))) / 2;
    const y = (Math.min(...rects.map((r) => r.top)) + Math.max(...rects.map((r) => r.bottom))) / 2;
    const box = frame.getBoundingClientRect();
    return {
        inside: x >= box.left && x <= box.right && y >= box.top && y <= box.bottom,
        larger: frame.scrollWidth / frame.clientWidth,
    };
}"""

LIT = "#board-slot .is-target"


# One server for the whole module (`server` in conftest): each test makes its own tables and reads
# back only those.
SHARED_SERVER = True


def phone_table(
    browser: Browser, contexts: list[BrowserContext], server: Server, game: str
) -> Page:
    """A person (seat 0) against a random bot, on a phone that asks for reduced motion
    (so the frame jumps instead of gliding, and the test need not wait for it)."""
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, reduced_motion="reduce"
    )
    contexts.append(context)
    page = context.new_page()
    page.goto(server.url + "/")
    page.locator(f'input[name="game"][value="{game}"]').check()
    page.select_option("#seat-count", "2")
    page.select_option('select[name="seat-kind-0"]', "here")
    page.select_option('select[name="seat-kind-1"]', "bot")
    page.select_option('select[name="seat-level-1"]', "random")
    page.locator("#options-box summary").click()
    page.fill("#seed", "3")
    page.select_option("#pace", "instant")
    page.click("#create")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#board-slot svg")
    return page


def in_frame(page: Page, selector: str) -> dict[str, float | bool]:
    """Where `selector` is once the frame has settled (it follows a frame after a change)."""
    page.wait_for_selector(selector, state="attached")
    settled = f"(s) => {{ const w = ({IN_FRAME})(s); return w && w.inside && w.larger > 1.3; }}"
    with contextlib.suppress(PlaywrightTimeout):  # the assertions below say what is wrong
        page.wait_for_function(settled, arg=selector, timeout=3_000)
    where = page.evaluate(IN_FRAME, selector)
    assert where is not None, f"no scrolling frame around {selector}"
    return dict(where)


def zoom(page: Page) -> None:
    button = page.locator("#board-slot button[aria-pressed]")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def stop_thief_rolls(page: Page) -> None:
    page.keyboard.press("c")  # CLUE
    page.locator('#controls-slot button[data-action="roll"]').click()


# Each game: what the person does before squares are lit for him (None: lit at once).
BEFORE_LIT: dict[str, Callable[[Page], None] | None] = {
    "stop-thief": stop_thief_rolls,
    "manhunt": None,  # the Badge spaces to start on
    "kojak": None,  # the starting spaces
}


@pytest.mark.parametrize("game", sorted(BEFORE_LIT))
def test_a_zoomed_board_keeps_the_lit_squares_in_sight(
    server: Server, browser: Browser, contexts: list[BrowserContext], game: str
) -> None:
    page = phone_table(browser, contexts, server, game)
    zoom(page)  # zoomed before anything is lit: the frame shows the person's piece
    act = BEFORE_LIT[game]
    if act is not None:
        act(page)
    page.wait_for_selector(LIT)
    where = in_frame(page, LIT)
    assert where["larger"] > 1.3, where  # the board is larger than its frame: it pans
    # ...and the lit squares are in view. Stop Thief's and Manhunt's lie outside the
    # frame's first view, so those two fail if the frame does not follow (checked by
    # switching following off); Kojak's starting spaces are in the first view anyway.
    assert where["inside"], where


def test_a_zoomed_columbo_board_shows_the_persons_own_piece(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    page = phone_table(browser, contexts, server, "columbo")
    page.wait_for_selector('.co-piece[data-seat="0"]')
    zoom(page)
    where = in_frame(page, '.co-piece[data-seat="0"]')
    assert where["larger"] > 1.3, where
    assert where["inside"], where
