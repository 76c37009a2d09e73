"""The page's JSON Patch module (`/static/js/patch.js`) in chromium, on the server's own patches.

The server diffs each seat's view (sleuth/server/patch.py); the page applies the
patch to the view it holds. Here the patches of random games of every game, and
some made by hand (escaped keys, the RFC's other operations, errors), are applied
in the browser: each must give the new view exactly, as JSON text (key order too).
"""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page

import sleuth
from sleuth.server.patch import diff

from .conftest import Server

PLAYERS = {"stop-thief": 3, "manhunt": 2, "kojak": 3, "columbo": 3}

# Playwright hands over one object once however often it appears, and patching changes a
# document in place: each case patches a copy.
APPLY = """async (cases) => {
    const { applyPatch } = await import('/static/js/patch.js');
    return cases.map(([doc, ops]) => {
        try {
            return JSON.stringify(applyPatch(structuredClone(doc), ops));
        } catch (err) {
            return `error: ${err.name}`;
        }
    });
}"""

# For each game and seat, the first view patched step after step, as a page does, against
# each new view as the browser itself reads it (it puts keys that look like numbers first,
# whatever the order in the text): the steps that differ. (Sent as one JSON text:
# Playwright's own encoding of so many objects is slow.)
WRONG = """async (text) => {
    const { applyPatch } = await import('/static/js/patch.js');
    return JSON.parse(text).flatMap(([name, first, steps]) => {
        let doc = first;
        return steps.flatMap(([ops, fresh], i) => {
            doc = applyPatch(doc, ops);
            return JSON.stringify(doc) === JSON.stringify(fresh) ? [] : [`${name} step ${i}`];
        });
    });
}"""

Steps = list[tuple[list[dict[str, Any]], Any]]


# One server for the whole module (`server` in conftest): its pages are only a same-origin place for
# the patch module.
SHARED_SERVER = True


def _games(actions: int = 80) -> list[tuple[str, Any, Steps]]:
    """For each game and seat (and a spectator): its first view, then each patch and new view."""
    out: list[tuple[str, Any, Steps]] = []
    for game, players in PLAYERS.items():
        state = sleuth.new_game(game, players, seed=2)
        rng = random.Random(2)
        seats: list[int | None] = [None, *range(players)]
        first = {seat: state.view(seat) for seat in seats}
        last = dict(first)
        steps: dict[int | None, Steps] = {seat: [] for seat in seats}
        for _ in range(actions):
            if state.over:
                break
            state.apply(rng.choice(state.legal_actions()))
            for seat in seats:
                new = state.view(seat)
                steps[seat].append((diff(last[seat], new), new))
                last[seat] = new
        out += [(f"{game} seat {seat}", first[seat], steps[seat]) for seat in seats]
    return out


def test_the_page_applies_the_servers_patches_exactly(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/api/games")  # any page of the server: the module is same-origin
    wrong = page.evaluate(WRONG, json.dumps(_games()))
    assert not wrong, f"{len(wrong)} patches applied wrongly, first {wrong[:3]}"


def test_every_operation_and_every_refusal(server: Server, page: Page) -> None:
    doc = {"a/b": {"~k": [1, 2, 3]}, "list": [{"n": 1}], "x": 1}

    def but(**changes: Any) -> dict[str, Any]:
        return {**doc, **changes}

    error = "error: PatchError"
    cases: list[tuple[dict[str, Any], Any]] = [
        ({"op": "add", "path": "/a~1b/~0k/1", "value": 9}, but(**{"a/b": {"~k": [1, 9, 2, 3]}})),
        ({"op": "add", "path": "/list/-", "value": {"n": 2}}, but(list=[{"n": 1}, {"n": 2}])),
        ({"op": "remove", "path": "/a~1b/~0k/0"}, but(**{"a/b": {"~k": [2, 3]}})),
        ({"op": "replace", "path": "/x", "value": [True]}, but(x=[True])),
        (
            {"op": "move", "from": "/x", "path": "/y"},
            {"a/b": doc["a/b"], "list": doc["list"], "y": 1},
        ),
        ({"op": "copy", "from": "/list/0", "path": "/list/1"}, but(list=[{"n": 1}, {"n": 1}])),
        ({"op": "test", "path": "/list", "value": [{"n": 1}]}, doc),
        ({"op": "replace", "path": "", "value": {"fresh": 1}}, {"fresh": 1}),
        ({"op": "test", "path": "/x", "value": 2}, error),
        ({"op": "remove", "path": "/nope"}, error),
        ({"op": "replace", "path": "/list/5", "value": 0}, error),
        ({"op": "add", "path": "/list/01", "value": 0}, error),
        ({"op": "add", "path": "x", "value": 0}, error),
        ({"op": "dance", "path": "/x"}, error),
    ]
    page.goto(f"{server.url}/api/games")
    got = page.evaluate(APPLY, [[doc, [op]] for op, _want in cases])
    for text, (op, want) in zip(got, cases, strict=True):
        assert (text if want == error else json.loads(text)) == want, op
