"""The end of a Stop Thief game: the detectives by money, each thief's run, a few figures."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sleuth.core.ending import Ending, Standing, places
from sleuth.games.stop_thief.words import space_label

if TYPE_CHECKING:
    from sleuth.games.stop_thief.state import StopThief


def ending(state: StopThief) -> Ending:
    if not state.over:
        raise ValueError("only a finished game has an ending")
    names = [f"Detective {d.seat + 1} ({d.license})" for d in state.detectives]
    arrests = [0] * state.players
    thieves: list[dict[str, Any]] = []
    counts = {"clue": 0, "false": 0, "unsuccessful": 0, "tip": 0, "card": 0, "ride": 0}
    for event in state.log:
        data = event.data
        if event.kind == "new_thief":
            poster = data["poster"]
            thieves.append({"name": poster["name"], "reward": poster["reward"], "end": None})
        elif event.kind == "clue":
            counts["clue"] += 1
        elif event.kind == "arrest":
            seat, space, outcome = int(data["seat"]), int(data["space"]), data["outcome"]
            if outcome == "successful":
                arrests[seat] += 1
                if thieves:
                    thieves[-1]["end"] = f"arrested by {names[seat]} at {space_label(space)}"
            else:
                counts[outcome] += 1
        elif event.kind == "reward" and thieves:
            thieves[-1]["paid"] = int(data["amount"])
        elif event.kind == "tip_called":
            counts["tip"] += 1
        elif event.kind == "card_played":
            counts["card"] += 1
        elif event.kind == "ride":
            counts["ride"] += 1
    money = [d.money for d in state.detectives]
    # The winner first (whoever reached the goal), then the others by money.
    place = places([m + (10**9 if s in state.winners else 0) for s, m in enumerate(money)])
    standings = [
        Standing(
            seat=d.seat,
            name=names[d.seat],
            place=place[d.seat],
            result=f"${d.money:,}, {arrests[d.seat]} arrest{'' if arrests[d.seat] == 1 else 's'}",
        )
        for d in state.detectives
    ]
    standings.sort(key=lambda s: (s.place, s.seat))
    story = []
    for number, (thief, route) in enumerate(zip(thieves, state.routes, strict=False), start=1):
        crimes = sum(step.crime for step in route)
        escapes = sum(step.escape for step in route)
        where = " -> ".join(space_label(step.space) for step in route if step.crime)
        line = (
            f"Thief {number}, {thief['name']}: {crimes} crime{'' if crimes == 1 else 's'}"
            f" ({where or 'none'}), {len(route)} moves"
        )
        if escapes:
            line += f", {escapes} of them escaping"
        end = thief["end"] or f"still at large at {space_label(route[-1].space)}"
        paid = f" for ${thief['paid']:,}" if "paid" in thief else ""
        story.append(f"{line}; {end}{paid}.")
    winner = next((s for s in standings if s.seat in state.winners), None)
    headline = (
        f"{winner.name} wins with ${money[winner.seat]:,}."
        if winner is not None
        else "The game ended with no winner."
    )
    stats = (
        ("Thieves", str(len(thieves))),
        ("Clues pressed", str(counts["clue"])),
        ("Arrests", str(sum(arrests))),
        ("False arrests", str(counts["false"])),
        ("Escapes", str(counts["unsuccessful"])),
        ("Sleuth Cards played", str(counts["card"])),
        ("Subway rides", str(counts["ride"])),
        ("Actions", str(len(state.history))),
    )
    return Ending(headline, standings, story, stats)
