"""The lobby for a newcomer: the Crime Scanner link, the bots' pace chosen at creation and
changed by the owner at the table (docs/server.md), desktop and phone."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, ViewportSize, expect

from .conftest import Server
from .test_lobby_and_table import new_page, no_page_errors, shot, table_id

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_lobby_links_to_the_crime_scanner(
    server: Server, browser: Browser, contexts: list[BrowserContext], viewport: ViewportSize
) -> None:
    page = new_page(browser, contexts, viewport)
    page.goto(server.url + "/")
    link = page.get_by_role("link", name="Crime Scanner", exact=False)
    expect(link).to_be_visible()
    expect(page.locator("#pace")).to_have_value("normal")  # a pace a person can follow
    shot(page, f"newcomer-lobby-{'phone' if viewport == PHONE else 'desktop'}", full_page=True)
    link.click()
    page.wait_for_url("**/scanner**")
    expect(page).to_have_title("Crime Scanner · Stop Thief · sleuth")
    no_page_errors(page)


def test_the_pace_chosen_in_the_lobby_and_changed_by_the_owner_at_the_table(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    page = new_page(browser, contexts, DESKTOP)
    page.goto(server.url + "/")
    page.locator('input[name="game"][value="stop-thief"]').check()
    page.select_option("#seat-count", "2")
    page.select_option('select[name="seat-kind-0"]', "invite")
    page.select_option('select[name="seat-kind-1"]', "bot")
    page.select_option("#pace", "slow")
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    page.click("#go-table")
    tid = table_id(page)
    assert httpx.get(f"{server.url}/api/tables/{tid}").json()["pace"] == "slow"
    select = page.locator("#pace-select")
    expect(select).to_be_visible()  # the owner's browser: it may change the pace
    expect(select).to_have_value("slow")
    select.select_option("fast")
    page.wait_for_function(
        "async (u) => (await (await fetch(u)).json()).pace === 'fast'",
        arg=f"/api/tables/{tid}",
    )
    stranger = new_page(browser, contexts, DESKTOP)
    stranger.goto(f"{server.url}/t/{tid}?watch=1")
    expect(stranger.locator("#game-title")).to_have_text("Stop Thief")
    expect(stranger.locator("#pace-select")).to_be_hidden()  # only the owner sets the pace
    no_page_errors(page)
