"""Kojak's companion (/companion/kojak) on phone-sized pages in real Chromium: one phone of
its own, one shared by two players behind the "pass to ..." cover, the real server between."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, Page, expect

from .companion_pages import phone, ready, take_seat
from .conftest import Server

# One server for the whole module (`server` in conftest): each test starts its own companion
# session.
SHARED_SERVER = True


def take_informer(page: Page, building: str) -> str:
    page.click(f'button[data-take="{building}"]')
    page.click("#kj-confirm")
    result = page.locator(f'#kj-result[data-building="{building}"]')
    expect(result).to_be_visible()
    return str(result.get_attribute("data-code"))


def arrest(page: Page, building: str) -> str:
    page.click(f'button[data-arrest="{building}"]')
    page.click("#kj-confirm")
    expect(page.locator("#kj-result[data-arrest]")).to_be_visible()
    return str(page.locator("#kj-result").get_attribute("data-arrest"))


def test_game_1_from_setup_to_arrest_on_two_phones(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    """KJ-EXAMPLE-04, KJ-EXAMPLE-05, KJ-EXAMPLE-06, KJ-EXAMPLE-07: in game 1 the green, red and
    blue informers read B, G and H, leaving the Restaurant; KJ-WIN-03: a wrong arrest puts its
    player out and tells the others nothing; KJ-WIN-04: the book agrees and the game ends."""
    errors: list[str] = []
    ann = phone(browser, contexts, errors)
    ann.goto(f"{server.url}/companion/kojak")
    ready(ann)
    ann.fill("#kj-game", "1")
    ann.select_option("#kj-players", "3")
    ann.click("#start")
    ann.wait_for_url("**/companion/kojak?session=*")
    ready(ann)
    take_seat(ann, 0, "Ann")

    shared = phone(browser, contexts, errors)  # Bob and Cy pass this one between them
    shared.goto(ann.url)
    ready(shared)
    take_seat(shared, 1, "Bob")
    take_seat(shared, 2, "Cy")
    expect(shared.locator("#cover")).to_be_visible()
    expect(shared.locator("#screen")).to_be_hidden()

    assert [take_informer(ann, b) for b in ("bus", "movie", "restaurant")] == ["B", "G", "H"]
    circled = ann.locator("#kj-notebook .kj-circle.on")
    expect(circled).to_have_count(3)
    assert sorted(circled.evaluate_all("els => els.map(e => e.dataset.building)")) == [
        "bus", "hotel", "movie"]  # fmt: skip

    shared.click('[data-pass="1"]')
    expect(shared.locator("#screen-name")).to_have_text("Bob's screen")
    take_informer(shared, "hotel")
    take_informer(shared, "bus")
    expect(shared.locator(".kj-table")).not_to_contain_text("Code")
    assert arrest(shared, "hotel") == "wrong"
    expect(shared.locator("#kj-result")).to_contain_text("Restaurant")  # his, to keep secret
    shared.click("#hide")
    expect(shared.locator("#cover")).to_be_visible()
    expect(shared.locator("#kj-result")).to_have_count(0)  # Cy sees none of Bob's screen
    shared.click('[data-pass="2"]')
    expect(shared.locator("#screen-name")).to_have_text("Cy's screen")
    expect(shared.locator("#kj-notebook")).to_contain_text("No informer cards yet.")

    log = ann.locator("#kj-log")
    expect(log).to_contain_text("Bob tried an arrest and is out.", timeout=10_000)
    expect(ann.locator("body")).not_to_contain_text("Bob's")
    assert "hotel" not in log.inner_text().lower().split("bob tried")[1]
    assert arrest(ann, "restaurant") == "right"
    expect(ann.locator("#kj-status")).to_have_attribute("data-over", "true")
    expect(shared.locator("#kj-status")).to_contain_text(
        "Ann arrested Fats at the Restaurant", timeout=10_000
    )
    assert not errors, errors


def test_contact_cards_counted_on_a_phone(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    """KJ-ADVANCED-03, KJ-ADVANCED-10, KJ-ADVANCED-14: four dealt, one discarded for an
    informer, two drawn at the Computer Room; the counts are on the table for all."""
    errors: list[str] = []
    ann = phone(browser, contexts, errors)
    ann.goto(f"{server.url}/companion/kojak")
    ready(ann)
    expect(ann.locator("#kj-contacts")).to_be_disabled()  # the fast game has no Contact Cards
    ann.select_option("#kj-version", "advanced")
    ann.check("#kj-contacts")
    ann.select_option("#kj-players", "2")
    ann.click("#start")
    ann.wait_for_url("**/companion/kojak?session=*")
    ready(ann)
    take_seat(ann, 0, "Ann")
    expect(ann.locator("#kj-contacts-panel h3")).to_have_text("Contact Cards: 4")
    take_informer(ann, "bus")
    expect(ann.locator("#kj-contacts-panel h3")).to_have_text("Contact Cards: 3")
    ann.click("#kj-computer")
    expect(ann.locator('#kj-result[data-drew="2"]')).to_be_visible()
    expect(ann.locator("#kj-contacts-panel h3")).to_have_text("Contact Cards: 5")
    expect(ann.locator('.players [data-seat="1"] .kj-contacts')).to_have_attribute(
        "data-contacts", "4"
    )
    expect(ann.locator("#kj-log")).to_contain_text("Computer Room: 2 Contact Cards")
    assert not errors
