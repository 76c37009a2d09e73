"""The table's chat and the Undo button in chromium: text stays text, everyone hears, the
chat folds away and works by keyboard and on a phone; an undo puts every page back."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import Server
from .test_lobby_and_table import (
    DESKTOP,
    PHONE,
    create_table,
    new_page,
    no_page_errors,
    shot,
    table_id,
    version,
    wait_turn_or_over,
)

# One server for the whole module (`server` in conftest): each test makes its own tables and reads
# back only those.
SHARED_SERVER = True


def _post(server: Server, path: str, body: dict[str, Any], token: str) -> dict[str, Any]:
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        result: dict[str, Any] = json.loads(answer.read())
        return result


def _get(server: Server, path: str, token: str) -> dict[str, Any]:
    request = urllib.request.Request(
        server.url + path, headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        result: dict[str, Any] = json.loads(answer.read())
        return result


def _token(page: Page, table: str, seat: int) -> str:
    token: str = page.evaluate(
        "([t, s]) => JSON.parse(localStorage.getItem('sleuth.tables.v1'))[t].seats[String(s)]",
        [table, seat],
    )
    return token


def test_undo_button_takes_a_move_back_for_every_page(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    alice = new_page(browser, contexts, DESKTOP)
    alice.goto(server.url + "/")
    alice.locator('input[name="game"][value="stop-thief"]').check()
    alice.select_option("#seat-count", "2")
    alice.select_option('select[name="seat-kind-1"]', "bot")
    expect(alice.locator("#allow-undo")).to_be_checked()  # one person and a bot: on
    alice.select_option('select[name="seat-kind-1"]', "invite")
    expect(alice.locator("#allow-undo")).not_to_be_checked()  # another person: off
    alice.select_option('select[name="seat-kind-1"]', "bot")
    create_table(alice, server, [("here", None), ("bot", None)], seed=21)
    table = table_id(alice)
    watcher = new_page(browser, contexts, DESKTOP)
    watcher.goto(f"{server.url}/t/{table}?watch")

    assert wait_turn_or_over(alice) == "mine"
    token = _token(alice, table, 0)
    for kind in ("clue", "roll"):
        seen = _get(server, f"/api/tables/{table}/view", token)
        _post(
            server,
            f"/api/tables/{table}/actions",
            {"action": {"kind": kind}, "version": seen["version"]},
            token,
        )
    seen = _get(server, f"/api/tables/{table}/view", token)
    expect(alice.locator("#undo-btn")).to_have_count(0)  # a roll is chance: no undo offered
    banner = alice.locator("#turn-banner").bounding_box()
    here = seen["view"]["detectives"][0]["node"]
    move = next(a for a in seen["legal"] if a["kind"] == "move" and a["to"] != here)
    _post(
        server, f"/api/tables/{table}/actions", {"action": move, "version": seen["version"]}, token
    )
    alice.wait_for_function(f"Number(document.body.dataset.version) === {seen['version'] + 1}")
    expect(alice.locator("#undo-btn")).to_be_visible()
    expect(watcher.locator("#undo-btn")).to_have_count(0)
    # the button sits in the banner without making it taller: the board below does not jump
    offered = alice.locator("#turn-banner").bounding_box()
    assert banner and offered and offered["height"] == banner["height"], (banner, offered)
    shot(alice, "undo-offered")

    alice.locator("#undo-btn").focus()
    alice.keyboard.press("Enter")
    alice.wait_for_function(f"Number(document.body.dataset.version) === {seen['version']}")
    watcher.wait_for_function(f"Number(document.body.dataset.version) === {seen['version']}")
    expect(alice.locator("#undo-btn")).to_have_count(0)
    after = _get(server, f"/api/tables/{table}/view", token)
    assert after["view"] == seen["view"] and after["version"] == seen["version"]
    expect(alice.locator(".toast")).to_contain_text("took back a move")
    watcher.click("#chat-toggle")
    expect(watcher.locator(".chat-note")).to_contain_text("took back")
    assert version(alice) == seen["version"]
    no_page_errors(alice)
    no_page_errors(watcher)


def test_chat_is_text_heard_by_all_and_closed_to_spectators(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    alice = new_page(browser, contexts, DESKTOP)
    create_table(alice, server, [("here", None), ("invite", None)])
    invite = alice.locator('#created li[data-seat="1"] .invite-url').input_value()
    alice.click("#go-table")
    table = table_id(alice)
    bob = new_page(browser, contexts, PHONE)
    bob.goto(invite)
    bob.click('#join-seats button[data-seat="1"]')
    expect(bob.locator("#seat-chip")).to_contain_text("Detective 2")
    watcher = new_page(browser, contexts, DESKTOP)
    watcher.goto(f"{server.url}/t/{table}?watch")
    expect(watcher.locator("#seat-chip")).to_contain_text("Watching")

    # By keyboard: Tab reaches the toggle, Enter opens with the cursor in the box.
    alice.locator("#chat-toggle").focus()
    alice.keyboard.press("Enter")
    expect(alice.locator("#chat-input")).to_be_focused()
    alice.keyboard.type("<script>window.hacked=1</script><b>bold</b>")
    alice.keyboard.press("Enter")
    line = "<script>window.hacked=1</script><b>bold</b>"
    expect(alice.locator(".chat-say")).to_have_text(f"Detective 1: {line}")
    expect(bob.locator("#chat-toggle .chat-unread")).to_have_text("1")
    # a phone's top bar shows the icon and the count alone: the name says both
    expect(bob.locator("#chat-toggle")).to_have_accessible_name("Table chat, 1 new")
    shot(bob, "chat-phone-unread")
    bob.click("#chat-toggle")
    expect(bob.locator(".chat-say")).to_contain_text(line)
    assert bob.locator(".chat-lines b, .chat-lines script").count() == 1  # the name's own <b>
    assert bob.evaluate("window.hacked") is None
    box = bob.locator("#chat-box").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    shot(bob, "chat-phone")

    watcher.click("#chat-toggle")
    expect(watcher.locator(".chat-say")).to_contain_text(line)
    expect(watcher.locator("#chat-input")).to_be_disabled()
    expect(watcher.locator("#chat-closed")).to_contain_text("only the players write")

    bob.fill("#chat-input", "x" * 300)
    bob.press("#chat-input", "Enter")
    expect(alice.locator(".chat-say")).to_have_count(2)
    alice.keyboard.press("Escape")
    expect(alice.locator("#chat-box")).to_be_hidden()
    expect(alice.locator("#chat-toggle")).to_be_focused()
    for page in (alice, bob, watcher):
        no_page_errors(page)
