"""A phone that loses its storage loses its seat, and gets it back from the host's phone:
a new link for the seat, the old token void (phone-sized pages in real Chromium)."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, expect

from .companion_pages import phone, ready, take_seat
from .conftest import Server


def test_the_host_gives_a_lost_phone_a_new_link_for_its_seat(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    errors: list[str] = []
    host = phone(browser, contexts, errors)
    host.goto(f"{server.url}/companion/kojak")
    ready(host)
    host.fill("#kj-game", "1")
    host.select_option("#kj-players", "2")
    host.click("#start")
    host.wait_for_url("**/companion/kojak?session=*")
    ready(host)
    take_seat(host, 0, "Ann")

    lost = phone(browser, contexts, errors)
    lost.goto(host.url)
    ready(lost)
    take_seat(lost, 1, "Bob")
    lost.click('button[data-take="bus"]')
    lost.click("#kj-confirm")
    expect(lost.locator('#kj-result[data-building="bus"]')).to_be_visible()
    lost.evaluate("localStorage.clear()")  # the phone forgets everything
    lost.reload()
    ready(lost)
    expect(lost.locator('.seat[data-seat="1"] .seat-here')).to_have_count(0)

    host.click('[data-reissue="1"]')
    link = host.locator('[data-reissued-link="1"]')
    expect(link).to_be_visible()
    found = lost.context.new_page()  # the new link, opened on the phone that lost its seat
    found.goto(str(link.get_attribute("href")))
    ready(found)
    expect(found.locator('.seat[data-seat="1"] .seat-here')).to_be_visible()
    expect(found.locator("#screen-name")).to_have_text("Bob's screen")
    expect(found.locator("#kj-notebook")).to_contain_text("Bus")
    assert "token" not in found.url  # wiped from the address bar
    expect(host.locator('[data-reissue="0"]')).to_have_count(0)  # the host's own seat
    assert not errors
