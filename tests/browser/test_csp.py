"""Every real page works under the server's Content-Security-Policy: nothing it does is blocked.

The browser reports each blocked script, style, image or connection as a
`securitypolicyviolation` event; a listener put in before any page script
counts them.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from .conftest import Server

WATCH = """
window.__blocked = [];
document.addEventListener("securitypolicyviolation",
    (e) => window.__blocked.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


def _bot_table(http: httpx.Client, game: str, seed: int) -> str:
    seats = [{"kind": "bot", "level": "random"}] * 2
    r = http.post("/api/tables", json={"game": game, "players": 2, "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    table_id: str = r.json()["id"]
    return table_id


def _visit(page: Page, url: str, ready: str) -> dict[str, Any]:
    response = page.goto(url)
    assert response is not None and response.ok, url
    policy = response.headers.get("content-security-policy", "")
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy, (url, policy)
    page.wait_for_selector(ready, state="attached", timeout=15_000)
    page.wait_for_timeout(300)  # let late loads (game modules, styles, the socket) happen
    return {"blocked": page.evaluate("window.__blocked"), "url": url}


def companion_visits(http: httpx.Client) -> list[tuple[str, str]]:
    """Each companion's setup page, and a session of it with its QR code drawn."""
    settings = {"kojak": {"game": 1, "players": 2}, "manhunt": {"crime": "murder", "players": 2},
                "columbo": {"players": 2}}  # fmt: skip
    visits = []
    for game, body in settings.items():
        sid = http.post(f"/api/companions/{game}/sessions", json=body).json()["id"]
        visits += [(f"/companion/{game}", "#setup-fields select"),
                   (f"/companion/{game}?session={sid}", "#share-qr:not([hidden])")]  # fmt: skip
    return visits


def test_every_page_runs_under_the_policy(server: Server, browser: Browser) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        tables = {game: _bot_table(http, game, 2) for game in ("stop-thief", "manhunt", "kojak",
                                                                 "columbo")}  # fmt: skip
        finished = tables["manhunt"]
        deadline = time.monotonic() + 30
        while http.get(f"/api/tables/{finished}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        visits = [
            ("/", "#game-select input"),
            *[(f"/t/{tid}?watch=1", "#board-slot svg") for tid in tables.values()],
            (f"/t/{finished}/replay", "#board-slot svg"),
            *companion_visits(http),
            ("/scanner", "#led"),
        ]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(WATCH)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.on("console", lambda m: errors.append(m.text) if "Security Policy" in m.text else None)
        seen = [_visit(page, server.url + url, ready) for url, ready in visits]
        if "scanner" in seen[-1]["url"]:
            page.keyboard.press("o")  # switch the scanner on: its sounds and display run
            page.wait_for_timeout(300)
            seen[-1]["blocked"] = page.evaluate("window.__blocked")
    finally:
        context.close()
    assert [s for s in seen if s["blocked"]] == []
    assert errors == []
