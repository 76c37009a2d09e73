"""Browser tests: the real server in a subprocess, driven through Debian's chromium.

Playwright is given chromium's path; it never downloads a browser of its own.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from tests.serve_process import Server

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
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "sleuth.sqlite3")
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
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    yield pg
    context.close()
