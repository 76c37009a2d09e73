#!/usr/bin/env python3
"""Does the detective bot sit on useless Sleuth Cards? Run by hand:

    .venv/bin/python bench/stop_thief_bot_cards.py [--games N] [--vs-random N]

1. Detective self-play, 3 players, `--games` seeded games (default 200): at the
   start of each of its turns, how often a bot's hand holds a "Press CLUE N Extra
   Times" card (the deal alone gives about 34%: 4 such cards among 32, 3 in a
   hand), and how many of each kind of card the bots played.
2. Detective against random, 2 players, seats alternating, `--vs-random` games
   (default 200): the detective's win rate.
"""

from __future__ import annotations

import argparse
from collections import Counter

import sleuth
from sleuth.bots import make_bot
from sleuth.games.stop_thief.state import StopThief

MAX_ACTIONS = 20_000


def self_play(games: int) -> tuple[float, Counter[str], int]:
    holding = turns = 0
    played: Counter[str] = Counter()
    for seed in range(games):
        state = sleuth.new_game("stop-thief", players=3, seed=seed)
        assert isinstance(state, StopThief)
        bots = [make_bot("stop-thief", "detective", seed * 10 + s) for s in range(3)]
        counted = -1
        for _ in range(MAX_ACTIONS):
            if state.over:
                break
            seat = state.to_move
            assert seat is not None
            number = sum(1 for e in state.log if e.kind == "turn")
            if number != counted:
                counted = number
                turns += 1
                hand = state.detectives[seat].hand
                holding += any(state.content.cards[c].effect == "extra_clues" for c in hand)
            action = bots[seat].choose(state, seat)
            if action.kind == "play_card":
                played[state.content.cards[action["card"]].effect] += 1
            state.apply(action)
    return holding / turns, played, turns


def versus_random(games: int) -> float:
    wins = 0.0
    for seed in range(games):
        state = sleuth.new_game("stop-thief", players=2, seed=seed)
        me = seed % 2
        bots = [make_bot("stop-thief", "detective" if s == me else "random", seed) for s in (0, 1)]
        for _ in range(MAX_ACTIONS):
            if state.over:
                break
            seat = state.to_move
            assert seat is not None
            state.apply(bots[seat].choose(state, seat))
        if me in state.winners:
            wins += 1 / len(state.winners)
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--vs-random", type=int, default=200)
    args = parser.parse_args()
    share, played, turns = self_play(args.games)
    print(f"Self-play, 3 players, {args.games} games, {turns} turns:")
    print(f"  turns starting with a Press CLUE card in hand: {share:.1%}")
    print("  cards played: " + ", ".join(f"{k} {n}" for k, n in played.most_common()))
    if args.vs_random:
        print(f"Detective v random, 2 players, {args.vs_random} games: "
              f"{versus_random(args.vs_random):.1%} won")  # fmt: skip


if __name__ == "__main__":
    main()
