"""How to play, reached from the lobby's game cards and from a table's help (issue 12)."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page

import sleuth

from .conftest import Server


def test_each_lobby_card_links_to_its_guide_and_a_table_links_to_its_own(
    server: Server, page: Page
) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card .how-to")
    links = page.eval_on_selector_all(".game-card .how-to", "(as) => as.map((a) => a.href)")
    assert sorted(links) == sorted(f"{server.url}/games/{n}/rules" for n in sleuth.game_names())
    for link in links:
        page.goto(link)
        assert page.locator("h1").inner_text().startswith("How to play")
        assert page.locator(".guide-board img").evaluate("(img) => img.naturalWidth") > 0
        assert page.locator("h2").count() >= 5

    seats = [{"kind": "bot", "level": "random"}] * 2
    created = httpx.post(
        server.url + "/api/tables", json={"game": "kojak", "players": 2, "seats": seats}
    )
    assert created.status_code == 201, created.text
    page.goto(f"{server.url}/t/{created.json()['id']}")
    # The link sits in the help dialog (the "?" button); it points at this table's game.
    page.wait_for_function("document.querySelector('#rules-link').getAttribute('href') !== '/'")
    assert page.locator("#rules-link").get_attribute("href") == "/games/kojak/rules"
