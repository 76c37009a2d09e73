"""The table's Chat button covers nothing (issue 12): it floated over the page's bottom right,
over the end of the "only you see these" captions on a phone and Kojak's notebook caption on a
laptop. On every game's table and guided first game, at 390x844 and 1280x800, scrolled through
the whole page, the button never stands over a visible caption or heading, nor over the actions
bar, nor over another top-bar item; whatever the top bar already hides does not count."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ViewportSize, expect

from sleuth.core.tutorial import tutorial_games

from .conftest import Server
from .test_lobby_and_table import PHONE, new_page, no_page_errors, shot
from .test_tutorial import LAPTOP, coach_state

# What the Chat button stands over, scrolled through the whole page (its comments say how).
OVERLAPS = (Path(__file__).parent / "chat_overlaps.js").read_text()

VIEWPORTS: dict[str, ViewportSize] = {"phone": PHONE, "laptop": LAPTOP}


# One server for the whole module (`server` in conftest): each test makes its own tables and reads
# back only those.
SHARED_SERVER = True


def _check(page: Any, name: str) -> None:
    expect(page.locator("#chat-toggle")).to_be_visible()
    # a phone shows the icon alone: the button keeps its name (and, later, the unread count)
    expect(page.locator("#chat-toggle")).to_have_accessible_name("Table chat")
    page.wait_for_timeout(300)  # the board sizes itself once after the first draw
    shot(page, f"chat-{name}")
    assert page.evaluate(OVERLAPS) == [], name
    # and the top bar, with Chat in it, still shows the seat's chip whole (a phone shows only
    # "Detective 1": the rest of its words are read, not shown)
    assert page.evaluate(CHIP_WHOLE), f"{name}: {page.inner_text('#seat-chip')!r} is cut"


CHIP_WHOLE = """(() => {
  const chip = document.querySelector('#seat-chip');
  return chip.hidden || chip.scrollWidth <= chip.clientWidth + 1;
})()"""


@pytest.mark.parametrize("game", tutorial_games())
def test_the_chat_button_covers_no_caption_nor_the_actions(
    server: Server, browser: Browser, contexts: list[BrowserContext], game: str
) -> None:
    for size, viewport in VIEWPORTS.items():
        page = new_page(browser, contexts, viewport)
        page.emulate_media(reduced_motion="reduce")
        page.goto(server.url + "/")
        page.check(f'input[name="game"][value="{game}"]', force=True)
        page.select_option("#pace", "instant")
        page.click("#create")
        page.wait_for_url("**/t/**")
        page.wait_for_function("document.body.classList.contains('is-my-turn')", timeout=15_000)
        _check(page, f"{game}-table-{size}")
        # with the top bar's buttons in Tab order too: Chat, then Sound and Help
        page.focus("#chat-toggle")
        page.keyboard.press("Tab")
        expect(page.locator("#sound-btn")).to_be_focused()
        page.goto(server.url + "/")
        page.click(f'button[data-learn="{game}"]')
        page.wait_for_url("**/t/**")
        assert coach_state(page) == "act"
        _check(page, f"{game}-tutorial-{size}")
        no_page_errors(page)
