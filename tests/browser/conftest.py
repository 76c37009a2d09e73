"""Browser tests: the real server in a subprocess, driven through Debian's chromium.

Playwright is given chromium's path; it never downloads a browser of its own.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Error,
    JSHandle,
    Page,
    Playwright,
    sync_playwright,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.serve_process import Server


def _wait_for_function(
    self: Page,
    expression: str,
    *,
    arg: Any = None,
    timeout: float | None = None,
    polling: float | str | None = None,
) -> JSHandle:
    """`Page.wait_for_function` by polling `evaluate`. Playwright's own compiles the test's
    predicate with eval inside the page, which the server's Content-Security-Policy forbids
    (no page of ours needs eval); `evaluate` goes through the debugger protocol instead."""
    limit = 30_000 if timeout is None else timeout  # ms, as Playwright's
    deadline = time.monotonic() + limit / 1000
    pause = polling / 1000 if isinstance(polling, int | float) else 0.02
    while True:
        try:
            handle = self.evaluate_handle(expression, arg)
            if handle.evaluate("(value) => Boolean(value)"):
                return handle
            handle.dispose()
        except Error as err:  # the page navigated meanwhile: try again
            if "context was destroyed" not in str(err) and "navigat" not in str(err):
                raise
        if time.monotonic() > deadline:
            raise PlaywrightTimeout(f"waited {limit} ms for {expression}")
        time.sleep(pause)


Page.wait_for_function = _wait_for_function  # type: ignore[method-assign, assignment]

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
]


def chromium_path() -> str:
    path = os.environ.get("SLEUTH_CHROMIUM") or shutil.which("chromium")
    if not path:
        pytest.fail("Debian's chromium is needed for the browser tests: run bin/setup-browser")
    return path


@pytest.fixture
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own; or, in a module that sets `SHARED_SERVER` (saying why its
    tests cannot disturb one another), the module's one server (`module_server`)."""
    if getattr(request.module, "SHARED_SERVER", None):
        yield request.getfixturevalue("module_server")
        return
    srv = Server(tmp_path / "sleuth.sqlite3")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a whole module (a start costs 1-2 s), for modules whose tests each make
    tables of their own and read back only those: no lobby list, no saved games, no
    restart, nowhere near a client's rate limits."""
    srv = Server(tmp_path_factory.mktemp("server") / "sleuth.sqlite3")
    srv.start()
    yield srv
    srv.stop()


# Module scope, not session: Playwright's sync API runs an event loop while it is open,
# and Textual's tests (asyncio.run) cannot start while another loop is running.
@pytest.fixture(scope="module")
def playwright_session() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    b = playwright_session.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
    yield b
    b.close()


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    """Browser contexts made by a test (each its own localStorage: another person)."""
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    yield pg
    context.close()


def read_the_ending_then_replay(page: Page) -> None:
    """The game-end screen opens by itself: the engine's ending (sleuth.core.ending) with a
    row for every seat, the story and the figures; from it, on to the replay."""
    from playwright.sync_api import expect

    dialog = page.locator("#ending-dialog")
    expect(dialog).to_be_visible(timeout=15_000)
    expect(page.locator("#ending-headline")).not_to_be_empty()
    rows = page.locator("#ending-standings tbody tr")
    expect(rows.first).to_be_visible()
    assert rows.count() >= 2  # every seat stands in it (the engine test counts them exactly)
    assert page.locator("#ending-story li").count() >= 1
    assert page.locator("#ending-stats dt").count() >= 1
    page.click("#ending-replay")
