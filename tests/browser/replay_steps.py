"""The replay page's steps as the engine has them: a step is the game after so many actions."""

from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import Page, expect

import sleuth
from sleuth.core import GameState


def at_step(state: GameState, step: int) -> GameState:
    """The game as the replay shows it at `step`: its first `step` actions replayed."""
    return sleuth.replay(state.record(), upto=step)


def steps_with(state: GameState, kind: str) -> list[int]:
    """The steps whose events include one of `kind` (step 0: the set-up)."""
    again = sleuth.replay(state.record(), upto=0)
    found = [0] if any(e.kind == kind for e in again.log) else []
    for step, action in enumerate(state.history, 1):
        if any(e.kind == kind for e in again.apply(action)):
            found.append(step)
    return found


def go_to_step(page: Page, step: int) -> None:
    """Step the replay page there with the keyboard (Home, then Right), and wait for it."""
    page.keyboard.press("Home")
    expect(page.locator("#rp-where")).to_contain_text("Step 0 of")
    for _ in range(step):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#rp-where")).to_contain_text(f"Step {step} of")
    expect(page.locator("body")).to_have_attribute("data-step", str(step))


def revealed_at(url: str, table: str, step: int) -> dict[str, Any]:
    """The server's revealed view of a finished table at `step` (as the page draws it)."""
    answer = httpx.get(f"{url}/api/tables/{table}/replay", params={"step": step}, timeout=30)
    assert answer.status_code == 200, answer.text
    revealed: dict[str, Any] = answer.json()["revealed"]
    return revealed


def as_sent(value: Any) -> Any:
    """A value as JSON carries it (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))
