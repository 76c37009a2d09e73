#!/usr/bin/env python3
"""What does one accepted action cost the server to tell? Run by hand:

    .venv/bin/python bench/bench_updates.py [--actions 400] [--spectators 3] [--seed 1]

For each game, in this process (no sockets, no storage): a live table whose every
seat and a few spectators are subscribed (each got its snapshot first, as a
hello does), played with random legal actions. For each action it times the
server's telling (`LiveTable.tell`: every subscriber's update, encoded) and
counts the bytes each subscriber is sent; beside it, on the same game and
engine, what the old way cost: every watched seat's whole view and the legal
actions encoded again (`whole`). Prints per game: actions, the CPU time of one
tell (mean and p99), bytes of one update (mean, p99, max), the same for whole
views, and the snapshot's bytes at the end (what a reconnect costs).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import sleuth
from sleuth.server.lobby import LiveTable, Seat, Subscriber, dumps
from sleuth.server.store import TableRow

PLAYERS = {"stop-thief": 3, "manhunt": 2, "kojak": 3, "columbo": 3}


def table_for(game: str, players: int, seed: int) -> LiveTable:
    state = sleuth.new_game(game, players=players, seed=seed)
    seats = [Seat("human", f"P{n}", None, None, True).to_json() for n in range(players)]
    row = TableRow(
        id=f"bench-{game}",
        game=game,
        players=players,
        seed=seed,
        options=state.record().options,
        seats=seats,
        owner_hash="",
        status="playing",
    )
    return LiveTable(row, state)


def subscribe(table: LiveTable, seat: int | None) -> Subscriber:
    """As a hello does: the snapshot, then the subscription (no action in between)."""
    sub = Subscriber()
    sub.table, sub.seat = table, seat
    sub.send(dumps(table.snapshot(seat)))
    table.subscribers.add(sub)
    return sub


def drain(sub: Subscriber) -> list[str]:
    texts = list(sub._outbox)
    sub._outbox.clear()
    return texts


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench(game: str, actions: int, spectators: int, seed: int) -> str:
    players = PLAYERS[game]
    table = table_for(game, players, seed)
    subs = [subscribe(table, seat) for seat in range(players)]
    subs += [subscribe(table, None) for _ in range(spectators)]
    for sub in subs:
        drain(sub)
    rng = random.Random(seed)
    tells: list[float] = []
    wholes: list[float] = []
    sizes: list[float] = []
    whole_sizes: list[float] = []
    done = 0
    while done < actions and not table.state.over:
        start = len(table.state.log)
        table.state.apply(rng.choice(table.state.legal_actions()))
        table.narrate()
        if table.state.over:
            table.status = "finished"
        # Which goes first alternates: the first pays for what the engine caches (legal actions).
        for turn in (done % 2, 1 - done % 2):
            began = time.process_time()
            if turn == 0:
                table.tell(start)
            else:
                whole = {seat: whole_update(table, seat, start) for seat in {s.seat for s in subs}}
            (tells if turn == 0 else wholes).append(time.process_time() - began)
        for sub in subs:
            for text in drain(sub):
                assert json.loads(text)["type"] == "update"
                sizes.append(len(text.encode()))
            whole_sizes.append(len(whole[sub.seat].encode()))
        done += 1
    snapshot = len(dumps(table.snapshot(0)).encode())
    return (
        f"{game:10} {done:5} actions, {len(subs)} subscribers, snapshot at the end "
        f"{snapshot} B\n  tell:  {figures(tells, sizes)}\n  whole: {figures(wholes, whole_sizes)}"
    )


def whole_update(table: LiveTable, seat: int | None, start: int) -> str:
    """An update as the server made them before patches: the whole view, encoded again."""
    message = {"type": "update", **table.seat_view(seat)}
    message["events"] = table.events_json(seat, start)
    return dumps(message)


def figures(seconds: list[float], sizes: list[float]) -> str:
    return (
        f"CPU {statistics.fmean(seconds) * 1e3:6.3f} ms mean, {pct(seconds, 0.99) * 1e3:6.3f} ms "
        f"p99 | update {statistics.fmean(sizes):7.0f} B mean, {pct(sizes, 0.99):7.0f} B p99, "
        f"{max(sizes):7.0f} B max"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=400, help="actions per game (at most)")
    parser.add_argument("--spectators", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    for game in args.game or list(PLAYERS):
        print(bench(game, max(1, min(args.actions, 20_000)), max(0, args.spectators), args.seed))


if __name__ == "__main__":
    main()
