"""What the companion pages' browser tests share: a phone-sized page that keeps its errors,
waiting until the page has settled, and taking a seat."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

PHONE: ViewportSize = {"width": 390, "height": 844}


def phone(browser: Browser, contexts: list[BrowserContext], errors: list[str]) -> Page:
    """A phone-sized page; console errors and page errors go into `errors`."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    contexts.append(context)
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def ready(page: Page) -> None:
    """The companion page has drawn its session and no request is under way."""
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_function("window.sleuthCompanion.busy === 0")


def take_seat(page: Page, seat: int, name: str) -> None:
    page.fill(f'[aria-label="Name for seat {seat + 1}"]', name)
    page.click(f'[data-take="{seat}"]')
    expect(page.locator(f'.seat[data-seat="{seat}"] .seat-here')).to_be_visible()
