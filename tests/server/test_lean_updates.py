"""Lean updates: a snapshot once, then patches that rebuild every view exactly.

Whole bot games of every game, watched through the real WebSocket by every seat
(one seat by two sockets, one of which says hello again halfway) and by two
spectators. Every update's patch, applied by an independent RFC 6902 applier to
what that socket holds, must give the very view the engine shows at that
version, as JSON text (key order and types too); the legal actions come beside
it, once.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import sleuth
from sleuth.server.patch import Memo, diff
from tests.server.conftest import bearer, join, live, new_table, receive
from tests.server.views import as_text, patched, without_legal

PLAYERS = {"stop-thief": 3, "manhunt": 2, "kojak": 3, "columbo": 3}
RESYNC_AT = 10  # the version at which one of seat 0's two sockets says hello again


class Watcher:
    """One socket's side: what it holds, as the page keeps it, and each version's view."""

    def __init__(self, ws: WebSocketTestSession, token: str | None) -> None:
        self.ws, self.token = ws, token
        self.view: dict[str, Any] | None = None
        self.version = -1
        self.seen: dict[int, tuple[str, list[Any]]] = {}  # version -> (view text, legal)
        self.snapshots = 0
        self.over = False
        self.patch_chars = 0  # all the patches' JSON, against the views they made
        self.view_chars = 0
        self.paths: set[str] = set()  # every path a patch touched

    def hello(self) -> None:
        self.ws.send_json({"type": "hello", **({"token": self.token} if self.token else {})})

    def take(self, message: dict[str, Any]) -> None:
        if message["type"] == "snapshot":
            self.snapshots += 1
            self.view = without_legal(message["view"])  # updates queued before it led here too
        elif message["type"] == "update":
            assert self.view is not None, "an update before any snapshot"
            assert message["version"] == self.version + 1, "an update went missing"
            assert "view" not in message
            self.view = patched(self.view, message["patch"])
            self.patch_chars += len(as_text(message["patch"]))
            self.view_chars += len(as_text(self.view))
            self.paths |= {op["path"] for op in message["patch"]}
        else:
            return
        self.version = message["version"]
        self.seen[self.version] = (as_text(self.view), message["legal"])
        self.over = message["status"] == "finished"


def _bot_game(client: TestClient, game: str, seed: int) -> None:
    players = PLAYERS[game]
    created = new_table(client, [{"kind": "human"}] * players, players=players, seed=seed,
                        game=game)  # fmt: skip
    tid, owner = created["id"], created["owner_token"]
    tokens = [join(client, tid, seat=n) for n in range(players)]
    sockets = [client.websocket_connect(f"/ws/tables/{tid}") for _ in range(players + 3)]
    watchers = [Watcher(ws.__enter__(), token) for ws, token in
                zip(sockets, [*tokens, tokens[0], None, None], strict=True)]  # fmt: skip
    resync = watchers[players]  # seat 0's second socket
    try:
        for w in watchers:
            w.hello()
            w.take(receive(w.ws))
        assert all(w.version == 0 for w in watchers)
        for seat in range(players):  # every player leaves; the strongest bot plays on
            r = client.post(f"/api/tables/{tid}/seats/{seat}/bot", json={},
                            headers=bearer(owner))  # fmt: skip
            assert r.status_code == 200, r.text
        while not all(w.over for w in watchers):
            for w in watchers:
                if not w.over:
                    w.take(receive(w.ws, timeout=30))
                    if w is resync and w.version == RESYNC_AT and w.snapshots == 1:
                        w.hello()  # the snapshot replaces what it holds, mid-game
        assert resync.snapshots == 2 or live(client, tid).version < RESYNC_AT
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)

    # Every version each socket held, against the engine's own view at that version.
    record = live(client, tid).state.record()
    state = sleuth.new_game(game, players, record.seed, **record.options)
    seats: list[int | None] = [*range(players), 0, None, None]
    for version in range(len(record.actions) + 1):
        if version:
            state.apply(record.actions[version - 1])
        for w, seat in zip(watchers, seats, strict=True):
            text, legal = w.seen[version]
            assert text == as_text(without_legal(state.view(seat))), (game, seat, version)
            mine = seat is not None and state.to_move == seat
            assert legal == ([a.to_json() for a in state.legal_actions()] if mine else [])
    assert state.over and len(record.actions) > RESYNC_AT
    # Lean: static parts are never resent, logs only grow by their new entries.
    for w in watchers:
        assert w.patch_chars * 2 < w.view_chars, (game, w.patch_chars, w.view_chars)
        tops = {path.partition("/")[2].split("/")[0] for path in w.paths}
        assert not tops & {"", "board", "computer", "case"}, "the whole view or static parts"
        assert "/clues" not in w.paths, "the clue log is never sent again whole"


@pytest.mark.parametrize("game", list(PLAYERS))
def test_patches_rebuild_every_view_over_a_whole_bot_game(client: TestClient, game: str) -> None:
    _bot_game(client, game, seed=3)


def test_the_diff_covers_each_kind_of_change() -> None:
    """Keys added, removed and changed, lists grown, shrunk and edited in the middle,
    escaped keys, a bool that becomes a number, key order: each patched back exactly.

    (Inside a subtree Python finds equal, `true` turning into `1` goes unseen: views keep
    their fields' types, as the whole games above check.)"""
    same = {"deep": [1, [2]]}
    before: dict[str, Any] = {"a": 1, "b": [1, 2, 3, 4], "c": {"x": True, "y/z": 1, "t~": 2},
                              "log": [{"n": 1}], "gone": None, "same": same}  # fmt: skip
    after: dict[str, Any] = {"a": 2, "b": [1, 9, 4, 5, 6], "c": {"x": 1, "y/z": 2, "t~": 2},
                             "log": [{"n": 1}, {"n": 2}], "same": same, "new": [1]}  # fmt: skip
    cases = [
        (before, after),
        (after, before),
        ({"k": [1, 2, 3]}, {"k": [0, 1, 2, 3]}),  # a list that grew at its head
        ({"k": [1, 2, 3, 4]}, {"k": [1, 4]}),
        ({"p": 1, "q": 2}, {"q": 2, "p": 1}),  # the same keys in another order
        ({"p": 1, "r": 3}, {"p": 1, "q": 2, "r": 3}),  # a key added before the end
        ([1, 2], {"now": "a dict"}),
        ({"x": True, "y": [0, 1]}, {"x": 1, "y": [False, 2]}),  # 1 == True in Python, not JSON
    ]
    for old, new in cases:
        ops = diff(old, new)
        result = patched({"v": old}, [{**op, "path": f"/v{op['path']}"} for op in ops])["v"]
        assert as_text(result) == as_text(new), (old, new, ops)
    assert diff(before, before) == []
    log_grew = diff({"log": [{"n": 1}]}, {"log": [{"n": 1}, {"n": 2}]})
    assert log_grew == [{"op": "add", "path": "/log/1", "value": {"n": 2}}]


@pytest.mark.parametrize("game", list(PLAYERS))
def test_views_told_together_are_each_seats_view_and_diff_alike(game: str) -> None:
    """`views` (what `tell` builds) gives each seat exactly its `view`, and diffing them
    with one memo for all the seats gives each seat the patch a diff of its own gives."""
    players = PLAYERS[game]
    state = sleuth.new_game(game, players, seed=5)
    seats: list[int | None] = [*range(players), None]
    rng = random.Random(5)
    before: dict[int | None, dict[str, Any]] | None = None
    for _ in range(300):
        views = state.views(seats)
        for seat in seats:
            assert as_text(views[seat]) == as_text(state.view(seat)), (game, seat)
        if before is not None:
            memo = Memo()
            for seat in seats:
                old, new = without_legal(before[seat]), without_legal(views[seat])
                assert diff(old, new, memo) == diff(old, new), (game, seat)
        before = views
        if state.over:
            break
        state.apply(rng.choice(state.legal_actions()))


SHARED = {
    "stop-thief": ("detectives", "thief", "scanner", "clues"),
    "manhunt": ("cars", "sides", "board", "computer", "case"),
}
PRIVATE = {"stop-thief": "hand", "manhunt": "handbook"}


@pytest.mark.parametrize("game", list(SHARED))
def test_views_told_together_share_what_every_seat_sees(game: str) -> None:
    """The parts every seat sees are one object for all of them (the memo's premise), and
    Manhunt's parts that never change are the same objects at every version (so a diff
    passes over them at once, where it compared 12 KB a view)."""
    state = sleuth.new_game(game, 2, seed=1)
    views = state.views([0, 1, None])
    for part in SHARED[game]:
        assert views[0][part] is views[1][part] is views[None][part], part
    assert views[0][PRIVATE[game]] is not views[1][PRIVATE[game]]
    if game == "manhunt":
        state.apply(state.legal_actions()[0])
        later = state.views([0])[0]
        assert all(later[part] is views[0][part] for part in ("board", "computer", "case"))
