"""Replays served step by step from the engine: each step is `replay(record, upto=N).reveal()`."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

import sleuth
from sleuth.core import GameState
from sleuth.server import replays
from sleuth.server.replays import ReplayBook, replay_events
from tests.finished_games import GAMES, finished_table, new_human_table, played, send
from tests.server.conftest import live


def as_json(value: Any) -> Any:
    """What a value looks like once sent: tuples become lists, keys strings."""
    return json.loads(json.dumps(value))


def step(client: TestClient, table: str, n: int) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/replay", params={"step": n})
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def step_logs(state: GameState) -> list[list[dict[str, Any]]]:
    """Each step's events as the engine logs them (step 0: the set-up's)."""
    again = sleuth.replay(state.record(), upto=0)
    logs = [[e.to_json() for e in again.log]]
    for action in state.history:
        logs.append([e.to_json() for e in again.apply(action)])
    return logs


def step_reveals(record: sleuth.Record) -> list[Any]:
    """Each step n's `replay(record, upto=n).reveal()`, as sent: one replay walked forward,
    applying the record's actions one by one as `replay` does (not a replay for each step)."""
    again = sleuth.replay(record, upto=0)
    reveals = [as_json(again.reveal())]
    for action in record.actions:
        again.apply(action)
        reveals.append(as_json(again.reveal()))
    return reveals


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_step_is_the_engines_reveal_of_the_replayed_game(
    client: TestClient, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Copies every 7 steps, so answers come from copies, from the last step and in between;
    # the whole replay's events encoded 7 at a time.
    monkeypatch.setattr(replays, "EVERY", 7)
    monkeypatch.setattr(replays, "CHUNK", 7)
    table, state = finished_table(client, game)
    record = live(client, table).state.record()
    assert record.actions == state.record().actions
    steps = len(record.actions)
    logs = step_logs(state)
    reveals = step_reveals(record)
    full = client.get(f"/api/tables/{table}/replay").json()
    assert full["table"]["id"] == table and full["record"] == as_json(record.to_json())
    assert [e["step"] for e in full["events"]] == [n for n, log in enumerate(logs) for _ in log]
    bare = [{k: v for k, v in e.items() if k not in ("text", "step")} for e in full["events"]]
    assert bare == as_json([event for log in logs for event in log])
    by_step: dict[int, list[dict[str, Any]]] = {}
    for event in full["events"]:
        by_step.setdefault(event["step"], []).append(event)
    order = list(range(steps + 1))
    random.Random(game).shuffle(order)  # every step once, jumping back and forth,
    asked = order + list(range(steps // 2, min(steps, steps // 2 + 12) + 1))  # then forward
    for n in asked:
        answer = step(client, table, n)
        assert answer["step"] == n and answer["of"] == steps
        assert answer["revealed"] == reveals[n], n
        events = [
            {k: v for k, v in e.items() if k not in ("text", "step")} for e in answer["events"]
        ]
        assert events == as_json(logs[n]), n
        assert all(e["text"] and e["step"] == n for e in answer["events"])
        assert answer["events"] == by_step.get(n, [])
    last = step(client, table, steps)["revealed"]
    assert last == as_json(state.reveal()) and last["over"]
    assert set(last["hidden"]) <= set(last) and last["hidden"]


def test_unfinished_tables_show_no_replay_and_no_step(client: TestClient) -> None:
    game = "stop-thief"
    state = played(game)
    table, tokens = new_human_table(client, game)
    for n in (0, 1):
        r = client.get(f"/api/tables/{table}/replay", params={"step": n})
        assert r.status_code == 409 and r.json()["error"] == "not_finished", r.text
    # One action short of the end: still nothing, not even step 0.
    short = sleuth.replay(state.record(), upto=len(state.history) - 1)
    send(client, table, tokens, short)
    assert not live(client, table).state.over
    for params in ({}, {"step": 0}, {"step": len(short.history)}):
        r = client.get(f"/api/tables/{table}/replay", params=params)
        assert r.status_code == 409 and r.json()["error"] == "not_finished", (params, r.text)


def test_steps_outside_the_game_are_refused(client: TestClient) -> None:
    table, state = finished_table(client, "columbo")
    steps = len(state.history)
    r = client.get(f"/api/tables/{table}/replay", params={"step": steps + 1})
    assert r.status_code == 404 and r.json()["error"] == "no_such_step", r.text
    for bad in ("-1", "two", "1.5"):
        r = client.get(f"/api/tables/{table}/replay", params={"step": bad})
        assert r.status_code == 400, (bad, r.text)
    assert client.get("/api/tables/nope/replay", params={"step": 0}).status_code == 404


def test_replays_are_built_and_answered_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, state = finished_table(client, "manhunt")
    loop_thread = client.portal.call(lambda: threading.get_ident())  # type: ignore[union-attr]
    seen: list[int] = []
    build, answer = ReplayBook.__init__, ReplayBook.answer

    def spy_build(self: ReplayBook, *args: Any, **kwargs: Any) -> None:
        seen.append(threading.get_ident())
        build(self, *args, **kwargs)

    def spy_answer(self: ReplayBook, n: int) -> bytes:
        seen.append(threading.get_ident())
        return answer(self, n)

    monkeypatch.setattr(ReplayBook, "__init__", spy_build)
    monkeypatch.setattr(ReplayBook, "answer", spy_answer)
    step(client, table, 3)
    step(client, table, len(state.history))
    assert len(seen) == 3 and loop_thread not in seen


def test_a_book_answers_any_order_like_a_fresh_replay() -> None:
    state = played("kojak")
    record = state.record()
    book = ReplayBook(record, replay_events(state.log, ["words"] * len(state.log), "Player"), 10)
    rng = random.Random(1)
    for n in [rng.randrange(len(record.actions) + 1) for _ in range(40)] + [0, 1, 2, 11, 10]:
        assert book.state_at(n).reveal() == sleuth.replay(record, upto=n).reveal(), n


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_copy_to_step_on_shares_the_past_and_leaves_the_game_alone(game: str) -> None:
    state = sleuth.replay(played(game).record(), upto=20)
    log, history, before = state.log, list(state.history), state.reveal()
    twin = replays._copy(state)
    assert state.log is log and state.history == history and len(log) > 0
    assert twin.log == log and twin.log is not log and twin.history == history
    twin.apply(twin.legal_actions()[0])
    assert state.reveal() == before and len(state.log) == len(log)
    assert twin.record().actions == [*state.record().actions, twin.history[-1].to_json()]


def test_a_book_refuses_a_log_its_record_does_not_replay_to() -> None:
    state = played("columbo")
    with pytest.raises(ValueError, match="events"):
        ReplayBook(state.record(), replay_events(state.log[:-1], ["w"] * (len(state.log) - 1), "P"))
