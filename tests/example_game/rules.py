"""High Card: each player is dealt a secret card 1-10; in turn each keeps it or swaps it
for a fresh one (up to `swaps` times); once all have kept, the highest card wins.

Small, but it has what every real game here has: hidden cards, chance from the
seeded generator, a view per seat, private events, a prompt, a reveal.
"""

from __future__ import annotations

from typing import Any

from sleuth.core import Action, Event, GameState
from sleuth.core.actions import JSONValue
from sleuth.core.prompt import Prompt, ask, wait
from tests.example_game.options import HighCardOptions

KEEP = Action.of("keep")
SWAP = Action.of("swap")


class HighCard(GameState):
    name = "high-card"
    options: HighCardOptions

    def __init__(self, players: int, seed: int, options: HighCardOptions) -> None:
        super().__init__(players, seed, options)
        self.cards = [self.rng.randint(1, 10) for _ in range(players)]
        self.swaps_left = [options.swaps] * players
        self.kept = [False] * players
        self.seat = 0
        self.log.extend(Event("dealt", {"card": c}, to=s) for s, c in enumerate(self.cards))

    @property
    def to_move(self) -> int | None:
        return None if all(self.kept) else self.seat

    @property
    def winners(self) -> list[int]:
        if not self.over:
            return []
        best = max(self.cards)
        return [s for s, c in enumerate(self.cards) if c == best]

    def _legal_actions(self) -> list[Action]:
        return [KEEP, SWAP] if self.swaps_left[self.seat] else [KEEP]

    def _apply(self, action: Action) -> list[Event]:
        me = self.seat
        if action == SWAP:
            self.swaps_left[me] -= 1
            self.cards[me] = self.rng.randint(1, 10)
            events = [Event("swapped", {"seat": me}), Event("dealt", {"card": self.cards[me]}, me)]
        else:
            self.kept[me] = True
            events = [Event("kept", {"seat": me})]
        if not self.over:
            self.seat = (me + 1) % self.players
            while self.kept[self.seat]:
                self.seat = (self.seat + 1) % self.players
        else:
            events.append(Event("game_over", {"cards": self.cards, "winners": self.winners}))
        return events

    def view(self, seat: int | None) -> dict[str, JSONValue]:
        view: dict[str, Any] = {**self.view_header(seat), "kept": list(self.kept)}
        view["swaps_left"] = list(self.swaps_left)
        view["cards"] = list(self.cards) if self.over else None  # shown only at the end
        if seat is not None:
            view["my_card"] = self.cards[seat]
        return view

    def _prompt(self, seat: int | None) -> Prompt:
        assert self.to_move is not None
        if seat != self.to_move:
            return wait(seat, self.to_move, f"Player {self.to_move + 1}", "keep or swap")
        kinds = [a.kind for a in self._legal()]
        return ask(seat, "keep or swap", kinds, {"keep": "keep your card", "swap": "swap it"})

    def _hidden_parts(self) -> dict[str, JSONValue]:
        return {"cards": list(self.cards)}
