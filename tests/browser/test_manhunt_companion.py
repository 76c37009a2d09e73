"""Manhunt's companion (/companion/manhunt) on phone-sized pages in real Chromium: the
Computer seen by all, probes and the card's answer seen by one, on a phone of one's own
and on a phone passed between two players behind the cover."""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import Browser, BrowserContext, expect

from .companion_pages import phone, ready, take_seat
from .conftest import Server


def test_the_sample_card_from_setup_to_accusation(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    """MH-COMPUTER-02, MH-COMPUTER-04: one pull, the ON LINE - OFF LINE dial lit at a
    destination and the same reading on every phone; MH-EXAMPLE-02: the Sample's Scene 1
    row is punched at A, seen by the prober alone; MH-WIN-04, MH-WIN-05: a wrong accuser is
    out and the others learn nothing more; MH-WIN-06: the right one wins."""
    errors: list[str] = []
    ann = phone(browser, contexts, errors)
    ann.goto(f"{server.url}/companion/manhunt")
    ready(ann)
    ann.select_option("#mh-players", "3")
    ann.select_option("#mh-card", "1")
    ann.click("#start")
    ann.wait_for_url("**/companion/manhunt?session=*")
    ready(ann)
    take_seat(ann, 0, "Ann")

    shared = phone(browser, contexts, errors)
    shared.goto(ann.url)
    ready(shared)
    take_seat(shared, 1, "Bob")
    take_seat(shared, 2, "Cy")
    expect(shared.locator("#cover")).to_be_visible()

    ann.click('[data-situation="destination"]')
    ann.click("#mh-lever")
    lit = ann.locator("#game .mh-dial.lit")
    expect(lit).to_have_attribute("data-dial", "ON LINE - OFF LINE")
    line = ann.locator("#game .mh-dial.lit .mh-dial-value").inner_text()
    expect(shared.locator(".mh-table .mh-dial.lit .mh-dial-value")).to_have_text(
        line, timeout=10_000
    )

    ann.click('[data-probe="1"]')
    ann.click("#mh-confirm")
    result = ann.locator('#mh-result[data-row="1"]')
    expect(result).to_have_attribute("data-hole", "A")
    assert ann.locator("#mh-result .mh-dot").count() == 3  # red dots at B, C and D
    expect(ann.locator('#mh-sheet tr[data-row="1"]')).to_have_attribute("data-hole", "A")

    shared.click('[data-pass="1"]')
    expect(shared.locator("#screen-name")).to_have_text("Bob's screen")
    expect(shared.locator('#mh-sheet tr[data-row="1"]')).to_have_attribute("data-hole", "")
    shared.select_option("#mh-suspect", "R2")
    shared.click("#mh-accuse")
    shared.click("#mh-confirm")
    expect(shared.locator('#mh-result[data-accused="wrong"]')).to_contain_text("Maria Net")
    shared.click("#hide")
    expect(shared.locator("#mh-result")).to_have_count(0)
    shared.click('[data-pass="2"]')
    expect(shared.locator("#screen-name")).to_have_text("Cy's screen")
    expect(shared.locator("#game")).not_to_contain_text("Maria Net (R1)")

    expect(ann.locator("#mh-log")).to_contain_text("Bob accused and is out.", timeout=10_000)
    assert "R2" not in ann.locator("#mh-log").inner_text()
    sid = ann.evaluate("window.sleuthCompanion.sid")
    with urllib.request.urlopen(f"{server.url}/api/companions/manhunt/sessions/{sid}") as reply:
        public = json.loads(reply.read())["view"]
    assert public["culprit"] is None and public["card"] is None
    ann.select_option("#mh-suspect", "R1")
    ann.click("#mh-accuse")
    ann.click("#mh-confirm")
    expect(ann.locator('#mh-result[data-accused="right"]')).to_be_visible()
    expect(shared.locator("#mh-status")).to_contain_text(
        "Ann named the culprit: Maria Net", timeout=10_000
    )
    assert not errors, errors
