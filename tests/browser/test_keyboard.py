"""A whole turn by keyboard alone, with a Tab order a person can live with (issue 12).

Tab reaches the player's actions before the board, and the board's lit squares are a
single Tab stop however many there are; the arrow keys move between them and Enter
moves there.
"""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, Page, expect

from sleuth.games.stop_thief.state import StopThief

from .conftest import Server
from .test_lobby_and_table import (
    DESKTOP,
    act_and_wait,
    create_table,
    engine,
    new_page,
    no_page_errors,
    table_id,
    wait_turn_or_over,
)

WHERE = """() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    if (a.closest('#controls-slot')) return 'controls';
    const square = a.closest('.st-board') && (a.dataset.node || a.getAttribute('class'));
    if (square) return 'board:' + square;
    return a.id || a.tagName.toLowerCase();
}"""


def tab_stops(page: Page, limit: int = 80) -> list[str]:
    """Where each press of Tab lands, from the top of the page until focus leaves it."""
    page.evaluate("document.activeElement?.blur()")
    stops: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        where = str(page.evaluate(WHERE))
        if where == "body" or (stops and where == stops[0]):
            break
        stops.append(where)
    return stops


def test_actions_come_before_the_board_and_the_board_is_one_tab_stop(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    page = new_page(browser, contexts, DESKTOP)
    create_table(page, server, [("here", None), ("bot", "random")])
    table = table_id(page)
    assert wait_turn_or_over(page) == "mine"
    act_and_wait(page, lambda: page.keyboard.press("c"))  # c: CLUE
    act_and_wait(page, lambda: page.keyboard.press("r"))  # r: roll
    page.wait_for_selector(".st-board .is-target")
    lit = page.locator(".st-board .is-target").count()
    assert lit > 3

    stops = tab_stops(page)
    board = [i for i, s in enumerate(stops) if s.startswith("board:")]
    controls = [i for i, s in enumerate(stops) if s == "controls"]
    assert controls, stops
    assert len(board) == 1, str(stops)  # one stop for all the lit squares
    assert controls[0] < board[0], stops  # the actions first

    # Into the board: the arrows walk between lit squares, Enter moves there.
    for _ in range(board[0] + 1):
        page.keyboard.press("Tab")
    first = str(page.evaluate(WHERE))
    assert first.startswith("board:")
    seen = {first}
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "End", "Home"):
        page.keyboard.press(key)
        seen.add(str(page.evaluate(WHERE)))
    assert all(s.startswith("board:") for s in seen), seen
    assert len(seen) > 1, seen  # the arrows moved the focus between squares
    page.keyboard.press("End")
    target = str(page.evaluate(WHERE)).removeprefix("board:")
    act_and_wait(page, lambda: page.keyboard.press("Enter"))
    expect(page.locator('button[data-action="end_turn"]')).to_be_visible()
    state = engine(server, table)
    assert isinstance(state, StopThief)
    assert state.board.node_id(state.detectives[0].node) == target
    no_page_errors(page)
