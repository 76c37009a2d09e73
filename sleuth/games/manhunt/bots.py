"""Manhunt bots: the expert, and the novice who wanders but never guesses.

Both read only their seat's view, the legal actions and the public set-up
(board, Computer, the case book the options name). The random bot every game
has (`sleuth.bots.RandomBot`) is the third level.

The expert:

* eliminates honestly, as its Clue Sheet does: its candidates are the suspects
  whose records agree with every row in its Handbook, each thought equally likely
  (it does not use which suspects the 16 cards name, which a player cannot see);
* accuses at the start of its turn when one candidate is left, or guesses when
  a rival is likely to be certain first (`_threat`) and a guess is worth more
  than waiting;
* values a row by the bits it is expected to tell (the entropy of the split of
  its candidates), and a place by that value discounted by the expected spins
  to stop on it by exact count (`board.expected_turns`), so it goes where it
  learns most per turn;
* weighs a meeting or a call to Headquarters as the chance of RECEIVE times
  what it would learn, less the chance of BROADCAST times what the rival would
  learn from it (judged over every card it still thinks possible), plus the
  turns a call costs the rival it drags back;
* asks for the flap that tells it most among those the other side has written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import log2
from typing import Any, cast

from sleuth.bots.base import register_alias, register_bot
from sleuth.bots.careless import Careless
from sleuth.core import Action, GameState, Rng
from sleuth.games.manhunt.board import Board, expected_turns
from sleuth.games.manhunt.cases import case_book
from sleuth.games.manhunt.computer import ON_LINE, RECEIVE, Computer
from sleuth.games.manhunt.handbook import FLAPS
from sleuth.games.manhunt.state import Manhunt

GAMMA = 0.8  # a bit learned a turn later is worth this much of one learned now
RIVAL_WEIGHT = 0.8  # a bit a rival learns from us costs this much of one we learn
DRAG_WEIGHT = 0.15  # bits a turn of a rival's lost progress is worth
PATIENCE = 0.9  # the chance of winning later if no rival is certain first


def _entropy(counts: Sequence[int]) -> float:
    total = sum(counts)
    return log2(total) - sum(n * log2(n) for n in counts) / total if total else 0.0


def _gain(records: Sequence[str], row: int) -> float:
    """Expected bits a row tells about which of the suspects with `records` is guilty."""
    counts: dict[str, int] = {}
    for record in records:
        letter = record[row - 1]
        counts[letter] = counts.get(letter, 0) + 1
    return _entropy(list(counts.values()))


class _Table:
    """What a seat can see and work out, gathered once per decision."""

    def __init__(self, state: Manhunt, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.view = state.view(seat, static=False)
        self.board: Board = state.board
        self.computer: Computer = state.computer
        self.book = case_book(state.options.case_set)
        self.p_on = self.computer.line.chance(ON_LINE)
        self.p_receive = self.computer.signal.chance(RECEIVE)
        rows = self.view["handbook"]["rows"]
        self.mine: dict[int, str] = {r["row"]: r["hole"] for r in rows if r["hole"]}
        self.crime = self.book.crime(state.crime.key)
        self.records = [s.record for s in self.crime.suspects]
        self.suspects = self.crime.candidates(self.mine)
        self.cards = [s.record for s in self.suspects]  # the records still possible
        sides = self.view["sides"]
        self.side = state.side_of(seat)
        self.rows: dict[int, set[int]] = {s["side"]: set(s["rows"]) for s in sides}
        self.next_scene: dict[int, int | None] = {s["side"]: s["next_scene"] for s in sides}
        self.rivals = [s["side"] for s in sides if s["side"] != self.side and not s["out"]]
        self.cars: dict[int, int | None] = {
            c["seat"]: None if c["space"] is None else self.board.index[c["space"]]
            for c in self.view["cars"]
        }
        self.waiting = {c["seat"]: c["waiting"] for c in self.view["cars"]}
        self.faces = self.computer.faces
        self._rival_gain: dict[int, float] = {}

    # --- information -----------------------------------------------------------------
    def gain(self, row: int) -> float:
        return 0.0 if row in self.mine else _gain(self.cards, row)

    def needed(self) -> dict[int, float]:
        """Places worth stopping on, with the bits each is expected to tell."""
        scene = self.next_scene[self.side]
        if scene is not None:
            return {scene: max(self.gain(scene), 0.5)}
        return {p: g for p in range(3, 9) if (g := self.gain(p)) > 1e-9}

    def ask_value(self, side: int) -> float:
        """Bits we expect from the best flap `side` could show us."""
        return max((self.gain(f) for f in FLAPS if f in self.rows[side]), default=0.0)

    def agreeing(self, rows: set[int], card: str) -> list[str]:
        """The records a side holding `rows` would still think possible if `card` is guilty."""
        return [c for c in self.records if all(c[r - 1] == card[r - 1] for r in rows)]

    def rival_value(self, side: int) -> float:
        """Bits a rival side expects from the best flap of ours, over the cards still possible."""
        if side not in self._rival_gain:
            theirs = self.rows[side]
            offer = [f for f in FLAPS if f in self.mine and f not in theirs]
            totals = dict.fromkeys(offer, 0.0)
            for card in self.cards:
                known = self.agreeing(theirs, card)
                for f in offer:
                    same = sum(1 for c in known if c[f - 1] == card[f - 1])
                    totals[f] += log2(len(known)) - log2(same)
            self._rival_gain[side] = max(totals.values(), default=0.0) / len(self.cards)
        return self._rival_gain[side]

    def exchange_value(self, seat: int) -> float:
        side = self.state.side_of(seat)
        return self.p_receive * self.ask_value(side) - (
            1 - self.p_receive
        ) * RIVAL_WEIGHT * self.rival_value(side)

    def drag_value(self, seat: int, badge: int) -> float:
        """What calling `seat`'s car to `badge` costs its side, in bits."""
        here = self.cars[seat]
        if here is None:
            return 0.0
        side = self.state.side_of(seat)
        scene = self.next_scene[side]
        places = (
            [scene] if scene is not None else [p for p in range(3, 9) if p not in self.rows[side]]
        )
        if not places:
            return 0.0
        lost = min(self.turns(p, badge) for p in places) - min(self.turns(p, here) for p in places)
        if self.waiting[seat]:
            lost += 1.0 / self.p_on  # it was one ON LINE from a clue
        return DRAG_WEIGHT * max(lost, 0.0)

    def turns(self, place: int, space: int) -> float:
        targets = frozenset(self.board.place_spaces[place])
        return expected_turns(self.board, targets, self.faces)[space]

    # --- threats ---------------------------------------------------------------------
    def threat(self) -> float:
        """The chance that some rival is already certain (and accuses before we play again).

        A rival who had a chance to accuse with the rows it held then, and did not, was
        not certain with them; only what it learned since (a flap shown to it on
        BROADCAST in another's turn) can have made it so.
        """
        chances = _last_chances(self.state)
        safe = 1.0
        for side in self.rivals:
            theirs, then = self.rows[side], chances.get(side, set())
            unsure = [c for c in self.cards if len(self.agreeing(then, c)) != 1]
            certain = sum(len(self.agreeing(theirs, c)) == 1 for c in unsure)
            safe *= 1 - certain / len(unsure) if unsure else 1.0
        return 1 - safe


def _last_chances(state: Manhunt) -> dict[int, set[int]]:
    """The rows each side held at its last chance to accuse, from the public log: the start
    of each of its turns and (when accusing after a clue is allowed) the end of them."""
    rows: dict[int, set[int]] = {}
    chances: dict[int, set[int]] = {}
    mover: int | None = None
    for event in state.log:
        if event.to is not None:
            continue
        data = event.data
        if event.kind == "probe":
            rows.setdefault(state.side_of(int(data["seat"])), set()).add(int(data["row"]))
        elif event.kind == "ask" and data["shown"]:
            rows.setdefault(state.side_of(int(data["asker"])), set()).add(int(data["flap"]))
        elif event.kind == "turn":
            if mover is not None and state.options.accuse_after_clue:
                chances[mover] = set(rows.get(mover, set()))
            mover = state.side_of(int(data["seat"]))
            chances[mover] = set(rows.get(mover, set()))
    return chances


class ExpertBot:
    """Eliminates exactly; goes where it learns most per turn; weighs every exchange."""

    level = "expert"

    def __init__(self, seed: int = 0, gamble: bool = True) -> None:
        self.rng = Rng(seed)
        self.gamble = gamble

    def choose(self, state: GameState, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        table = _Table(cast(Manhunt, state), seat)
        phase = table.view["phase"]
        if phase == "place":
            return min(legal, key=lambda a: self._to_scene_1(table, a["badge"]))
        if phase in ("start", "solve"):
            return self._start(table, legal)
        if phase == "move":
            return max(legal, key=lambda a: self._move_value(table, table.board.index[a["to"]]))
        if phase == "meet":
            return max(legal, key=lambda a: table.exchange_value(a["seat"]))
        if phase == "badge":
            return self._badge(table, legal)
        if phase == "ask":
            return self._ask(table, legal)
        return legal[0]

    def _to_scene_1(self, table: _Table, badge: str) -> float:
        return table.turns(1, table.board.index[badge])

    def _start(self, table: _Table, legal: list[Action]) -> Action:
        candidates = [s.number for s in table.suspects]
        accuse = {a["suspect"]: a for a in legal if a.kind == "accuse"}
        go_on = next(a for a in legal if a.kind in ("spin", "end"))
        if not accuse:  # the Scenes of Crime first (a flap shown on BROADCAST can come sooner)
            return go_on
        if len(candidates) == 1:
            return accuse[candidates[0]]
        if self.gamble and 1 / len(candidates) > (1 - table.threat()) * PATIENCE:
            return accuse[self.rng.choice(candidates)]
        return go_on

    def _move_value(self, table: _Table, space: int) -> float:
        needed = table.needed()
        place = table.board.place_at(space)
        value = 0.0
        if place in needed:  # stop, spin ON LINE now or after waiting
            value += needed.pop(place) * table.p_on / (1 - (1 - table.p_on) * GAMMA)
        investigating = table.next_scene[table.side] is None
        if investigating:
            met = table.state.opponents_on(space, table.seat)
            if met:
                value += max(table.exchange_value(s) for s in met)
            elif space in table.board.badges:
                value += max(
                    (
                        table.exchange_value(s) + table.drag_value(s, space)
                        for side in table.rivals
                        for s in table.state.handbooks[side].seats
                    ),
                    default=0.0,
                )
        future = max(
            (bits * GAMMA ** table.turns(p, space) for p, bits in needed.items()), default=0.0
        )
        return value + GAMMA * future

    def _badge(self, table: _Table, legal: list[Action]) -> Action:
        here = table.cars[table.seat]
        assert here is not None
        calls = [a for a in legal if a.kind == "call"]
        best = max(
            calls,
            key=lambda a: table.exchange_value(a["seat"]) + table.drag_value(a["seat"], here),
        )
        worth = table.exchange_value(best["seat"]) + table.drag_value(best["seat"], here)
        return best if worth > 0 else next(a for a in legal if a.kind == "no_call")

    def _ask(self, table: _Table, legal: list[Action]) -> Action:
        asked = table.view["exchange"]["asked"]
        theirs = table.rows[table.state.side_of(asked)]

        def worth(action: Action) -> tuple[float, bool, bool]:
            f = action["flap"]  # a flap they have not written shows nothing: never worth more
            return (table.gain(f) if f in theirs else -1.0, f in theirs, f not in table.mine)

        return max(legal, key=worth)


class NoviceBot:
    """A plain detective: heads for the nearest place it has not written, by counting
    spaces; never calls anyone to Headquarters; asks for a flap at random; accuses
    only when its Clue Sheet leaves one suspect."""

    level = "beginner"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        game = cast(Manhunt, state)
        view: Mapping[str, Any] = game.view(seat, static=False)
        rows = {r["row"]: r["hole"] for r in view["handbook"]["rows"] if r["hole"]}
        phase = view["phase"]
        if phase in ("start", "solve"):
            left = game.crime.candidates(rows)
            sure = Action.of("accuse", suspect=left[0].number)
            go_on = Action.of("spin" if phase == "start" else "end")
            return sure if len(left) == 1 and sure in legal else go_on
        if phase == "move":
            side = next(s for s in view["sides"] if seat in s["seats"])
            scene = side["next_scene"]
            places = [scene] if scene is not None else [p for p in range(3, 9) if p not in rows]
            targets = [t for p in places for t in game.board.place_spaces[p]]

            def distance(action: Action) -> int:
                here = game.board.index[action["to"]]
                return min(game.board.distance(here)[t] for t in targets) if targets else 0

            nearest = min(distance(a) for a in legal)
            return self.rng.choice([a for a in legal if distance(a) == nearest])
        if phase == "badge":
            return Action.of("no_call")
        return self.rng.choice(legal)


# Weakest first: bot_levels lists the strongest last, and interfaces default to it.
def _make_intermediate(seed: int) -> Careless:
    return Careless(ExpertBot(seed), INTERMEDIATE_SLIP, seed)


# Calibrated with bench/bot_levels.py (docs/bot-levels.md).
INTERMEDIATE_SLIP = 0.1

register_bot(
    "manhunt",
    "beginner",
    NoviceBot,
    "Heads for the nearest place it has not checked and accuses only when sure.",
)
register_bot(
    "manhunt",
    "intermediate",
    _make_intermediate,
    "Picks the places that tell it most, with an occasional careless move.",
)
register_bot(
    "manhunt",
    "expert",
    ExpertBot,
    "Rules suspects out exactly, goes where it learns most each turn, weighs every exchange.",
)
register_alias("manhunt", "novice", "beginner")
