"""Seats in the browser: invite links, invite-only tables for strangers, open seats."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, expect

from .conftest import Server
from .test_lobby_and_table import DESKTOP, PHONE, create_table, new_page, no_page_errors, table_id


def test_a_stranger_may_watch_an_invite_only_table_but_not_sit(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    alice = new_page(browser, contexts, DESKTOP)
    create_table(alice, server, [("here", None), ("invite", None)])
    invite = alice.locator('#created li[data-seat="1"] .invite-url').input_value()
    assert "#invite=" in invite and "?seat=1" in invite
    alice.click("#go-table")
    table = table_id(alice)

    stranger = new_page(browser, contexts, PHONE)
    stranger.goto(f"{server.url}/t/{table}?seat=1")  # the link without its invite
    expect(stranger.locator("#join-text")).to_contain_text("by invitation")
    expect(stranger.locator("#join-seats button")).to_have_count(0)
    stranger.click("#join-watch")
    expect(stranger.locator("#seat-chip")).to_contain_text("Watching")

    bob = new_page(browser, contexts, PHONE)
    bob.goto(invite)
    expect(bob.locator("#join-seats button")).to_have_count(1)
    bob.click('#join-seats button[data-seat="1"]')
    expect(bob.locator("#seat-chip")).to_contain_text("Detective 2")
    expect(alice.locator("#waiting")).to_be_hidden()
    no_page_errors(alice)
    no_page_errors(bob)


def test_open_seats_are_taken_from_the_lobby_list(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    alice = new_page(browser, contexts, DESKTOP)
    alice.goto(server.url + "/")
    expect(alice.locator("#open-seats")).not_to_be_checked()  # invitations unless asked
    alice.locator('input[name="game"][value="stop-thief"]').check()
    alice.select_option("#seat-count", "2")
    alice.select_option('select[name="seat-kind-1"]', "invite")
    alice.locator("#open-seats").check()
    alice.select_option("#pace", "instant")  # tests run the bots without pauses
    alice.click("#create")
    expect(alice.locator("#created")).to_be_visible()
    table = alice.locator("#go-table").get_attribute("href")
    assert table and table.startswith("/t/")

    carol = new_page(browser, contexts, DESKTOP)
    carol.goto(server.url + "/")
    row = carol.locator(f'#open-tables [data-table="{table[3:]}"]')
    row.locator("text=Join").click()
    carol.fill("#join-name", "Carol")
    carol.click('#join-seats button[data-seat="1"]')
    expect(carol.locator("#seat-chip")).to_contain_text("Detective 2")
    no_page_errors(carol)
