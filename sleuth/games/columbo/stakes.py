"""The more difficult game's stakes as one seat can read them: who is near the end, and
whether ending now would win.

Read only from what the seat may know: the public tables (every complete set is laid
face up, CO-ADVANCED-02), its own hand, and its memory of who holds what
(`Knowledge.holder`). Nothing here looks at a hidden card. Bots use it to decide
whether the card that would solve the mystery is worth taking (decision A5) and which
cards to keep from an opponent who is close to ending (docs/columbo/decisions.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sleuth.games.columbo.cards import COLUMBO_PARTS, SET_SIZE, Pack
from sleuth.games.columbo.state import (
    COLUMBO_REWARD,
    ENDING_BONUS,
    FIGURE_REWARD,
    PART_PENALTY,
    WEAPON_REWARD,
)

SET_REWARD = {"figure": FIGURE_REWARD, "weapon": WEAPON_REWARD}


@dataclass(frozen=True)
class Rival:
    """One opponent, as far as the table and this seat's memory show him."""

    seat: int
    laid: frozenset[str]  # the groups ("figure", "weapon") he has a complete set of
    table: int  # what his laid sets are worth
    known: Counter[str]  # kinds of the cards known to be in his hand
    signals: Counter[str]  # how often he has shown, demanded or picked up each kind

    @property
    def needs_motive_only(self) -> bool:
        """A figure and a weapon on his table: one Motive card ends the game for him (and
        he holds none, or it would be over already)."""
        return {"figure", "weapon"} <= self.laid


@dataclass(frozen=True)
class Stakes:
    """What ending would pay me, and the most any opponent is seen to hold against it."""

    mine_if_ending: int
    best_other: int
    rivals: tuple[Rival, ...]

    def ending_pays(self, gain: int = 0) -> bool:
        """Ending now (with a card adding `gain` to my sets) wins, or at worst shares the win:
        no opponent is seen to hold more. A tie is taken: an opponent level with the ender
        has laid sets down and may end himself next (decision A5)."""
        return self.mine_if_ending + gain >= self.best_other

    def gathering(self, kind: str) -> int:
        """The most evidence that one opponent collects `kind`: cards of it known in his
        hand, and one more if he has ever shown, asked for or picked one up."""
        return max((r.known[kind] + (1 if r.signals[kind] else 0) for r in self.rivals), default=0)

    def deny_motive(self) -> float:
        """How much a spare Motive card is worth kept from the others (0 to 1)."""
        if any(r.needs_motive_only for r in self.rivals):
            return 1.0
        if any(r.laid for r in self.rivals):
            return 0.4
        return 0.0

    def deny_set(self, kind: str, group: str, options: int) -> float:
        """How much keeping a card of figure or weapon `kind` from the others is worth (0 to
        1), for an opponent still lacking that group: more the more of it he is seen
        gathering (held for certain, or shown, asked for, picked up), and at least one in
        `options`, the kinds of that group still open to him (with 2 players only two
        figures are dealt: a card of the one this seat is not collecting blocks his)."""
        best = 0.0
        for rival in self.rivals:
            if group in rival.laid:
                continue
            held = rival.known[kind]
            if rival.signals[kind]:
                held = max(held, min(SET_SIZE - 1, rival.signals[kind] + 1))
            if held >= 2:
                near = (held - 1) / (SET_SIZE - 2)  # 2 seen: 0.5, 3 seen: 1.0
                best = max(best, near * (1.0 if rival.laid else 0.6))
            if options:
                best = max(best, 1.0 / options)
        return best


def read(
    view: Mapping[str, Any],
    pack: Pack,
    holder: Mapping[int, int],
    signals: Sequence[Counter[str]],
) -> Stakes:
    """The stakes for the seat whose `view` this is (its own hand, the public tables)."""
    seat = int(view["seat"])
    kind = [c.kind for c in pack.cards]
    rivals: list[Rival] = []
    mine = 0
    for det in view["detectives"]:
        groups = [str(s[0]["group"]) for s in det["table"]]
        table = sum(SET_REWARD.get(g, 0) for g in groups)
        if det["seat"] == seat:
            mine = table
            continue
        known = Counter(kind[c] for c, who in holder.items() if who == det["seat"])
        them = int(det["seat"])
        rivals.append(Rival(them, frozenset(groups), table, known, signals[them]))
    hand = Counter(kind[int(c["id"])] for c in view["hand"])
    parts = hand["columbo"]
    if parts == COLUMBO_PARTS:
        mine += COLUMBO_REWARD  # the Mystery card beside it costs nothing by default (A2)
    else:
        mine -= PART_PENALTY * (parts + hand["mystery"])
    # An opponent's hand is hidden. It may add a complete Columbo, counted only when this
    # seat has seen him gather most of it: counting every unseen hand as a possible Columbo
    # would have a player at $2,000 wait for ever beside an opponent's two laid sets.
    best = max(
        (r.table + (COLUMBO_REWARD if r.known["columbo"] >= 4 else 0) for r in rivals), default=0
    )
    return Stakes(mine + ENDING_BONUS, best, tuple(rivals))
