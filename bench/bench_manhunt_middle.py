#!/usr/bin/env python3
"""Does Manhunt's middle game matter?  Run by hand:

    nice -n 10 .venv/bin/python bench/bench_manhunt_middle.py [--games 500] [--case-set 0]

Plays seeded games between expert bots (2, 3 and 4 players, each crime in turn)
and prints, per player count, from the games' own logs:

* rows beyond the two Scenes in the winner's Handbook when he named the culprit;
* the share of winners holding a row copied in an exchange or a conference;
* the share of flap requests that came back blank;
* the share of games won with the two Scenes alone;
* flap requests made by a side that had not yet written Scene 2 (decision R4);
* wins by seat in turn order (1st = the high spinner, who places first);

then a lone guessing expert (the default bot) against cautious experts that
accuse only when certain, seats rotated, against its fair share.
Targets (issue 11): >= 2.5 rows, >= 30% exchanged, <= 40% blank, 0 on the Scenes
alone, guessing <= fair share + 5 points.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

import sleuth
from sleuth.bots import play
from sleuth.games.manhunt.bots import ExpertBot
from sleuth.games.manhunt.cases import CRIMES
from sleuth.games.manhunt.state import Manhunt


@dataclass
class Tally:
    games: int = 0
    rows: list[int] = field(default_factory=list)  # winner's rows beyond the Scenes
    exchanged: int = 0  # winners holding a row shown to them
    scenes_only: int = 0
    guessed: int = 0  # winners whose Clue Sheet still left more than one suspect
    asks: int = 0
    blank: int = 0
    early_asks: int = 0  # requests by a side without Scene 2
    nobody: int = 0
    by_position: Counter[int] = field(default_factory=Counter)  # 0 = the first player

    def add(self, state: Manhunt) -> None:
        self.games += 1
        written: dict[int, set[int]] = {h.side: set() for h in state.handbooks}
        for event in state.log:
            if event.kind == "ask":
                self.asks += 1
                self.blank += not event.data["shown"]
                asker = state.side_of(int(event.data["asker"]))
                self.early_asks += 2 not in written[asker]
            elif event.kind == "probe":
                written[state.side_of(int(event.data["seat"]))].add(int(event.data["row"]))
            elif event.kind == "shown" and event.data["copied"]:
                side = state.side_of(int(event.data["asker"]))
                written[side].add(int(event.data["flap"]))
        if not state.winners:
            self.nobody += 1
            return
        book = state.handbook(state.winners[0])
        beyond = [row for row in book.entries if row > 2]
        self.rows.append(len(beyond))
        self.scenes_only += not beyond
        self.guessed += len(state.crime.candidates(book.entries)) > 1
        self.exchanged += any(book.notes[row]["how"] == "shown" for row in beyond)
        self.by_position[(state.winners[0] - state.first) % state.players] += 1

    def report(self, players: int) -> None:
        won = len(self.rows)
        print(
            f"  {players} players, {self.games} games: winner's rows beyond the Scenes "
            f"{statistics.mean(self.rows):.2f}; winners using an exchanged row "
            f"{self.exchanged / won:.1%}; blank flaps {self.blank / max(self.asks, 1):.1%} "
            f"of {self.asks}; won on the Scenes alone {self.scenes_only / won:.1%}; "
            f"won by a guess {self.guessed / won:.1%}; "
            f"requests before Scene 2: {self.early_asks}; no winner {self.nobody}"
        )
        seats = " / ".join(f"{self.by_position[k] / won:.1%}" for k in range(players))
        print(f"      wins by turn order (1st placed first): {seats}")


def self_play(players: int, games: int, case_set: int) -> Tally:
    tally = Tally()
    for g in range(games):
        crime = CRIMES[g % len(CRIMES)]
        state = sleuth.new_game("manhunt", players=players, seed=g, crime=crime, case_set=case_set)
        assert isinstance(state, Manhunt)
        play(state, [ExpertBot(seed=g * 7 + k) for k in range(players)])
        tally.add(state)
    return tally


def guessing(players: int, games: int, case_set: int) -> float:
    """The lone guesser's share of games, sitting in every seat in turn."""
    wins = 0
    for g in range(games):
        crime = CRIMES[g % len(CRIMES)]
        state = sleuth.new_game("manhunt", players=players, seed=g, crime=crime, case_set=case_set)
        assert isinstance(state, Manhunt)
        guesser = g % players
        bots = [ExpertBot(seed=g * 7 + k, gamble=k == guesser) for k in range(players)]
        play(state, bots)
        wins += guesser in state.winners
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--case-set", type=int, default=0, help="0 the printed set")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    started = time.perf_counter()
    print(f"Expert self-play, {args.games} seeded games each (case set {args.case_set}):")
    for players in args.players:
        self_play(players, args.games, args.case_set).report(players)
    print("A lone guessing expert against cautious experts (seats rotated):")
    for players in args.players:
        share = guessing(players, args.games, args.case_set)
        print(f"  {players} players: guesser wins {share:.1%} (fair share {1 / players:.1%})")
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
