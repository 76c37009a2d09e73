"""The lobby links every companion, and Columbo's lawn tracker works on a phone-sized page
in real Chromium: two phones, one lawn, nothing remembered of a face-down card."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, expect

from .companion_pages import phone
from .conftest import Server


def test_the_lobby_links_each_companion(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    errors: list[str] = []
    page = phone(browser, contexts, errors)
    page.goto(server.url)
    links = page.locator("#tools a.tool-link")
    expect(links).to_have_count(4)
    hrefs = links.evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert sorted(hrefs) == [
        "/companion/columbo", "/companion/kojak", "/companion/manhunt", "/scanner"]  # fmt: skip
    page.locator('#tools a[href="/companion/kojak"]').click()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#setup-title")).to_contain_text("Kojak companion")
    assert not errors, errors


def test_two_phones_share_one_open_lawn(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    """CO-LAWN-01: a place holds one card; CO-LAWN-02: each card keeps its place (from 1)."""
    errors: list[str] = []
    ann = phone(browser, contexts, errors)
    ann.goto(f"{server.url}/companion/columbo")
    ann.wait_for_selector("body[data-ready=true]")
    ann.select_option("#co-players", "2")
    ann.fill("#co-places", "12")
    ann.click("#start")
    ann.wait_for_url("**/companion/columbo?session=*")
    ann.wait_for_selector("body[data-ready=true]")
    ann.fill('[aria-label="Name for seat 1"]', "Ann")
    ann.click('[data-take="0"]')
    expect(ann.locator("#co-lawn .co-place")).to_have_count(12)
    ann.click('#co-lawn [data-place="3"]')
    ann.click("#co-lay")
    expect(ann.locator('#co-lawn [data-place="3"]')).to_have_attribute("data-face", "down")
    ann.click('#co-lawn [data-place="3"]')
    expect(ann.locator("#co-lay")).to_have_count(0)  # never a card on top of another

    bob = phone(browser, contexts, errors)
    bob.goto(ann.url)
    bob.wait_for_selector("body[data-ready=true]")
    bob.fill('[aria-label="Name for seat 2"]', "Bob")
    bob.click('[data-take="1"]')
    place = bob.locator('#co-lawn [data-place="3"]')
    expect(place).to_have_attribute("data-face", "down")
    expect(place).to_have_attribute("aria-label", "Place 3: a card face down")
    bob.click('#co-lawn [data-place="8"]')
    bob.select_option("#co-card", "Jealousy")
    bob.click("#co-show")
    expect(ann.locator('#co-lawn [data-place="8"]')).to_contain_text("Jealousy", timeout=10_000)
    expect(ann.locator("#co-log")).to_contain_text("Bob showed Jealousy at place 8.")
    assert not errors, errors
