"""The end of a Kojak game: who arrested the criminal, who took which informer and what he
cleared, every wrong arrest, a few figures."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sleuth.core.ending import Ending, Standing, places
from sleuth.games.kojak.words import building, player

if TYPE_CHECKING:
    from sleuth.games.kojak.state import Kojak


def ending(state: Kojak) -> Ending:
    if not state.over:
        raise ValueError("only a finished game has an ending")
    case = state.case
    story = [
        f"Game {case.number}, {case.sheet.title}: {case.sheet.criminal} was hiding in"
        f" {building(case.hideout)}."
    ]
    taken = [0] * state.players
    rolls = 0
    for event in state.log:
        data = event.data
        if event.kind == "informer_taken":
            seat = int(data["seat"])
            taken[seat] += 1
            said = case.clue(str(data["building"]))
            story.append(
                f"{player(seat)} took the {data['colour']} informer at"
                f" {building(data['building'])}: code {said.code}, which clears"
                f" {building(said.clears)}."
            )
        elif event.kind == "arrest":
            verdict = "right" if data["correct"] else "wrong: out of the game"
            story.append(
                f"{player(data['seat'])} made the arrest at {building(data['building'])}:"
                f" {verdict}."
            )
        elif event.kind == "roll":
            rolls += 1
    results, scores = [], []
    for p in state.seats:
        if p.seat in state.winners:
            results.append("made the arrest")
            scores.append(2)
        elif p.out:
            results.append(f"out: wrong arrest at {building(p.accused)}")
            scores.append(0)
        else:
            results.append(f"{taken[p.seat]} informer{'' if taken[p.seat] == 1 else 's'}")
            scores.append(1)
    place = places(scores)
    standings = [
        Standing(p.seat, player(p.seat), place[p.seat], results[p.seat]) for p in state.seats
    ]
    standings.sort(key=lambda s: (s.place, s.seat))
    headline = (
        f"{player(state.winners[0])} arrests {case.sheet.criminal} in {building(case.hideout)}."
        if state.winners
        else f"Nobody wins: every arrest was wrong. {case.sheet.criminal} hid in"
        f" {building(case.hideout)}."
    )
    stats = (
        ("Informers taken", str(sum(taken))),
        ("Throws of the dice", str(rolls)),
        ("Wrong arrests", str(sum(p.out for p in state.seats))),
        ("Actions", str(len(state.history))),
    )
    return Ending(headline, standings, story, stats)
