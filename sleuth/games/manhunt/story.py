"""The end of a Manhunt game: the culprit, how each side learned its rows, every
accusation, a few figures."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sleuth.core.ending import Ending, Standing, places
from sleuth.games.manhunt.state import COLOURS

if TYPE_CHECKING:
    from sleuth.games.manhunt.state import Manhunt


def ending(state: Manhunt) -> Ending:
    if not state.over:
        raise ValueError("only a finished game has an ending")
    name = _namer(state)
    culprit = state.book.culprit(state.card, state.crime.key)
    story = [
        f"The {state.crime.name.lower()} was {culprit.name} ({culprit.number}), Scanner Card"
        f" {state.card.number}."
    ]
    probes = [0] * state.players
    asked = 0
    for event in state.log:
        data = event.data
        if event.kind == "probe" and event.to is None:
            probes[int(data["seat"])] += 1
            story.append(f"{name(data['seat'])} probed row {data['row']} at the Clue Scanner.")
        elif event.kind == "ask":
            asked += 1
            shown = "and was shown it" if data.get("shown") else "but was not shown it"
            story.append(
                f"{name(data['asker'])} asked {name(data['asked'])} for flap {data['flap']}"
                f" {shown}."
            )
        elif event.kind == "verdict":
            right = "right" if data["correct"] else "wrong: out of the game"
            story.append(f"{name(data['seat'])} accused: {right}.")
    results, scores = [], []
    for seat in range(state.players):
        book = state.handbook(seat)
        rows = len(book.entries)
        if seat in state.winners:
            results.append(f"named the culprit, with {rows} of 8 rows")
            scores.append(2)
        elif book.out:
            results.append(f"out: accused {book.accusation or 'the wrong suspect'}")
            scores.append(0)
        else:
            results.append(f"{rows} of 8 rows known")
            scores.append(1)
    place = places(scores)
    standings = [Standing(s, name(s), place[s], results[s]) for s in range(state.players)]
    standings.sort(key=lambda s: (s.place, s.seat))
    winners = " and ".join(name(s) for s in state.winners)
    headline = (
        f"{winners} named {culprit.name}." if state.winners else f"Nobody named {culprit.name}."
    )
    stats = (
        ("Probes", str(sum(probes))),
        ("Flaps asked for", str(asked)),
        ("Actions", str(len(state.history))),
    )
    return Ending(headline, standings, story, stats)


def _namer(state: Manhunt) -> Callable[[object], str]:
    """A seat as the log names it: its car's colour."""

    def name(seat: object) -> str:
        return COLOURS[int(str(seat))].title()

    return name
