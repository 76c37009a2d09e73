"""Stop Thief for RL: the action universe and what a detective's observation holds.

Seats in the observation are counted from the observer (slot 0 is the observer,
slot 1 the detective who plays after him, ...), so one policy can play any seat.
The thief is never observed directly: the `notebook` part is the exact chance of each
of the 183 numbered spaces, from a `Knowledge` fed only the clues, arrests and tips
this seat heard (the same notebook the game's aid shows).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from sleuth.core import Action, Event, GameState
from sleuth.core.actions import JSONValue
from sleuth.games.stop_thief.board import load_board
from sleuth.games.stop_thief.content import TARGETED, load_content
from sleuth.games.stop_thief.knowledge import EVIDENCE, Knowledge
from sleuth.games.stop_thief.options import StopThiefOptions
from sleuth.games.stop_thief.state import (
    ARRESTS,
    CLUE,
    END_TURN,
    HAND,
    PAY_FINE,
    PLAYS,
    RIDES,
    ROLL,
    StopThief,
    move_actions,
)
from sleuth.games.stop_thief.thief import spaces_apart
from sleuth.rl.base import (
    Encoder,
    Observer,
    Vector,
    cells,
    one_hot,
    register_encoder,
    relative,
    scaled,
)

MAX_SEATS = 4
PHASES = ("fine", "clue", "roll", "move", "after", "over")
PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
CLUE_KINDS = ("crime", "floor", "door", "glass", "street", "subway")
CLUE_TYPES = ("new_thief", "clue", "escape")
AREAS = 8
LAST_CLUES = 10
THIEVES = 10
MAX_ALLOWANCE = 18  # a roll of 12 and a Go 6 Extra Spaces card
STATS = "money/win_amount, licensed, cards/3, posters/10, turns to lose/3, whose turn, to move"
CLUE_ABOUT = (
    "the latest clue of this thief: type (new_thief, clue, escape), bleep, kind (crime, "
    "floor, door, glass, street, subway), area 1-8, pressed by the observer; all one-hot"
)

# A kind of clue: its type, and the kind of sound and the area (None for a bleep).
ClueKey = tuple[str, str | None, int | None]
# What the vector shows of the turn: whose it is, who is to move, the phase, the dice, the
# extra spaces and whether a card was played.
TurnShown = tuple[int, int | None, str, tuple[int, int] | None, int, bool]


@register_encoder
class StopThiefEncoder(Encoder):
    game = "stop-thief"
    options: StopThiefOptions

    def __init__(self, players: int, options: Any) -> None:
        self.board = load_board()
        self.board.reach_all()  # at the start, not in the middle of the steps
        spaces_apart(self.board)  # the same (some 10 ms once a process, for an escape run)
        self.content = load_content()
        kinds: list[tuple[str, int]] = []
        for card in self.content.cards:
            if (card.effect, card.amount) not in kinds:
                kinds.append((card.effect, card.amount))
        self.card_kinds = tuple(kinds)
        self.kind_of = {c.id: kinds.index((c.effect, c.amount)) for c in self.content.cards}
        self.codes = tuple(sorted(self.board.spaces))
        self.code_index = {code: i for i, code in enumerate(self.codes)}
        self.node_index = {n.id: n.index for n in self.board.nodes}
        super().__init__(players, options)
        nodes, n = len(self.board.nodes), len(self.codes)
        add = self.layout.add
        self.seat_part = add("seat", MAX_SEATS, "the observer's seat number, one-hot")
        self.det_parts: list[tuple[slice, slice, slice]] = []
        for slot in range(MAX_SEATS):
            who = "the observer" if slot == 0 else f"the detective {slot} seat(s) after"
            present = add(f"det{slot}.present", 1, f"1 if there is {who}")
            node = add(f"det{slot}.node", nodes, f"where {who} stands, one-hot by board node")
            stats = add(f"det{slot}.stats", 7, STATS)
            self.det_parts.append((present, node, stats))
        self.phase_part = add("phase", len(PHASES), "the turn's phase: " + ", ".join(PHASES))
        self.dice_part = add("dice", 11, "the roll's total 2-12, one-hot (zeros before rolling)")
        self.turn_part = add("turn", 2, f"allowance/{MAX_ALLOWANCE}, a card was played this turn")
        self.thief_part = add("thief", 2, "which thief (number/10), his reward/win_amount")
        hand = "cards in hand by kind, count/3: " + ", ".join(f"{e} {a}" for e, a in kinds)
        self.hand_part = add("hand", len(kinds), hand)
        width = len(CLUE_TYPES) + 1 + len(CLUE_KINDS) + AREAS + 1
        self.clue_parts = [
            add(
                f"clue{k}",
                width,
                CLUE_ABOUT if k == 0 else f"the clue {k} before the latest (same)",
            )
            for k in range(LAST_CLUES)
        ]
        self.at_large_part = add("at_large", 1, "1 while a thief is at large")
        self.notebook_part = add(
            "notebook", n, "chance the thief is on each numbered space, spaces in code order"
        )

        # The clue parts side by side, one row a clue (the observer shifts them as a block),
        # and the values each kind of clue puts in its row (but the observer's own flag).
        self.clue_width = width
        # Each node's move in the universe, by node index (past the end for a node no move
        # goes to: indexing a mask with it raises).
        self.move_index = np.full(len(self.board.nodes), len(self.actions), np.intp)
        move_to = move_actions(self.board)
        for walkable in self.board.walkable:
            self.move_index[walkable] = self.index[move_to[walkable]]
        self.clue_span = slice(self.clue_parts[0].start, self.clue_parts[-1].stop)
        keys: list[ClueKey] = [(t, None, None) for t in CLUE_TYPES]
        for sound in CLUE_KINDS:
            keys += [(t, sound, area) for t in CLUE_TYPES for area in (None, *range(1, AREAS + 1))]
        self.clue_rows = {key: k for k, key in enumerate(keys)}
        self.clue_table = np.zeros((len(keys), width), np.float32)
        first = self.clue_parts[0].start
        for k, (kind_of_clue, kind, area) in enumerate(keys):
            heard = {
                "type": kind_of_clue,
                "bleep": kind is None,
                "kind": kind,
                "area": area,
                "by": None,
            }
            ones, _ = self.clue_ones([heard])
            self.clue_table[k, [at - first for at in ones]] = 1.0

    def legal_mask(self, state: GameState) -> npt.NDArray[np.int8]:
        """The mask, a move step's moves (about 127, listed first: `listed_destinations`)
        written from their nodes by one numpy look-up, since looking each move action up by
        itself cost most of a move step's mask; the few other legal actions are looked up."""
        game = cast(StopThief, state)
        destinations = game.listed_destinations()
        if destinations is None:
            return super().legal_mask(state)
        count = len(destinations)
        mask = np.zeros(len(self.actions), np.int8)
        mask[self.move_index[np.fromiter(destinations, np.intp, count)]] = 1
        legal = game.legal_actions()
        if len(legal) > count:
            mask[self.index_array(legal[count:])] = 1
        return mask

    def clue_row(self, clue: Mapping[str, Any]) -> int:
        """The row of `clue_table` holding what a clue of the log puts in its part."""
        if clue["bleep"]:
            return self.clue_rows[clue["type"], None, None]
        return self.clue_rows[clue["type"], clue["kind"], clue["area"]]

    def _universe(self) -> Iterable[Action]:
        # The engine's own ready-made actions, so that a legal action *is* its universe
        # entry and masks look indices up by identity (`Encoder.legal_indices`).
        yield from (PAY_FINE, CLUE, ROLL, END_TURN)
        moves = move_actions(self.board)
        for index in self.board.walkable:
            yield moves[index]
        for station in self.board.station_nodes:
            yield RIDES[self.board.node_id(station)]
        for code in sorted(self.board.spaces):
            yield ARRESTS[code]
        for card in self.content.cards:
            if TARGETED.get(card.effect) is None:
                yield PLAYS[card.id, None]
            else:
                for seat in range(self.players):
                    yield PLAYS[card.id, seat]

    def observer(self, seat: int) -> Observer:
        return StopThiefObserver(self, seat)

    def potentials(self, view: Mapping[str, JSONValue]) -> Sequence[float] | None:
        win = self.options.win_amount
        return [min(int(d["money"]) / win, 1.0) for d in view["detectives"]]

    def svg(self, view: Mapping[str, JSONValue]) -> str | None:
        from sleuth.games.stop_thief.svg import board_svg

        pieces = {int(d["seat"]): str(d["node"]) for d in view["detectives"]}
        reveal = view.get("reveal")
        path = reveal["routes"][-1] if isinstance(reveal, dict) and reveal["routes"] else None
        return str(board_svg(self.board, pieces=pieces, path=path))

    def clue_ones(
        self, clues: Sequence[Mapping[str, Any]]
    ) -> tuple[list[int], list[tuple[int, int]]]:
        """Where the latest clues of this thief (public: everyone heard them), latest first,
        put a 1 (every value of the clue parts is 0 or 1): the same for every seat, and for
        each clue the offset of its "pressed by the observer" flag and the seat who pressed."""
        ones, pressed = [], []
        for part, clue in zip(self.clue_parts, reversed(clues), strict=False):
            s = part.start
            ones.append(s + CLUE_TYPES.index(clue["type"]))
            s += len(CLUE_TYPES)
            if clue["bleep"]:
                ones.append(s)
            else:
                ones.append(s + 1 + CLUE_KINDS.index(clue["kind"]))
                if clue["area"] is not None:
                    ones.append(s + 1 + len(CLUE_KINDS) + int(clue["area"]) - 1)
            pressed.append((part.stop - 1, clue["by"]))
        return ones, pressed


class StopThiefObserver(Observer):
    def __init__(self, encoder: StopThiefEncoder, seat: int) -> None:
        super().__init__(seat)
        self.encoder = encoder
        self.knowledge = Knowledge(seat, encoder.board, encoder.options.odds)
        # By seat, the offsets of that detective's parts: whether there is one, its node's
        # one-hot, its stats.
        self._slots = []
        for other in range(encoder.players):
            present, node, stats = encoder.det_parts[relative(other, seat, encoder.players)]
            self._slots.append((present.start, node.start, stats.start))
        # The lean hook's vector, kept from one call to the next with what it shows, so
        # that a call rewrites only the parts whose values changed (most steps move one
        # piece or change the phase). Its fixed parts are written once, here.
        self._out = np.zeros(encoder.layout.size, np.float32)
        self._put = cells(self._out)
        self._put[encoder.seat_part.start + seat] = 1.0
        for present, _, _ in self._slots:
            self._put[present] = 1.0
        self._dets_shown: list[tuple[int, int, bool, int, int, int] | None]
        self._dets_shown = [None] * encoder.players
        self._turn_shown: TurnShown | None = None
        self._hand_shown: list[int] | None = None
        self._notes_shown: tuple[bool, bool, int] | None = None
        self._notes_at: list[int] = []  # where the notebook and at_large parts hold a value
        # The clue and thief parts shown are for this clue log at this length; the clue
        # parts as rows (a view of the vector).
        self._log_shown: list[Any] | None = None
        self._log_length = 0
        self._clue_grid = self._out[encoder.clue_span].reshape(LAST_CLUES, encoder.clue_width)

    def observe(self, event: Event) -> None:
        self.knowledge.observe(event)

    def observe_events(self, events: Iterable[Event]) -> None:
        # The test `Knowledge.observe` makes first, without a call for each of the many
        # events that say nothing of the thief (nor a look at the tracker: only an event
        # it reads can start or end an escape run).
        knowledge = self.knowledge
        escaping = knowledge.tracker.escaping
        for event in events:
            if escaping or event.kind in EVIDENCE:
                knowledge.observe(event)
                escaping = knowledge.tracker.escaping

    def encode(self, view: Mapping[str, JSONValue]) -> Vector:
        """The reference: from the seat's JSON view."""
        enc = self.encoder
        out = np.zeros(enc.layout.size, np.float32)
        me, players = self.seat, enc.players
        win = enc.options.win_amount
        one_hot(out, enc.seat_part, me)
        for det in cast(list[dict[str, Any]], view["detectives"]):
            present, node, stats = enc.det_parts[relative(int(det["seat"]), me, players)]
            out[present] = 1.0
            one_hot(out, node, enc.node_index[det["node"]])
            s = stats.start
            out[s] = scaled(det["money"], win)
            out[s + 1] = float(det["licensed"])
            out[s + 2] = scaled(det["cards"], HAND)
            out[s + 3] = scaled(len(det["posters"]), THIEVES)
            out[s + 4] = scaled(det["turns_to_lose"], 3)
            out[s + 5] = float(view["turn"] == det["seat"])
            out[s + 6] = float(view["to_move"] == det["seat"])
        one_hot(out, enc.phase_part, PHASES.index(str(view["phase"])))
        dice = view["dice"]
        if isinstance(dice, list):
            one_hot(out, enc.dice_part, sum(dice) - 2)
            out[enc.turn_part.start] = scaled(int(view["allowance"]), MAX_ALLOWANCE)
        out[enc.turn_part.start + 1] = float(bool(view["card_played"]))
        thief = cast(dict[str, Any], view["thief"])
        out[enc.thief_part.start] = scaled(thief["number"], THIEVES)
        out[enc.thief_part.start + 1] = scaled(thief["reward"], win)
        self._hand(cells(out), [int(card["id"]) for card in cast(list[Any], view.get("hand", []))])
        ones, pressed = enc.clue_ones(cast(list[dict[str, Any]], view["clues"]))
        out[[*ones, *(at for at, by in pressed if by == me)]] = 1.0
        knowledge = self.knowledge  # this seat's memory of the events it saw
        if not view["over"] and knowledge.at_large:
            out[enc.at_large_part.start] = 1.0
            dist = knowledge.distribution()
            out[[enc.notebook_part.start + enc.code_index[code] for code in dist]] = list(
                dist.values()
            )
        return out

    def encode_state(self, state: GameState) -> Vector:
        """The lean hook: the same vector from the state's public parts and this seat's hand.

        It returns the observer's own vector, rewritten in place at the next call (the
        environments copy it): each part is compared with what the vector shows and
        rewritten only if it changed. Single values go in through a memoryview of the
        vector, at half the cost of numpy's item assignment."""
        game = cast(StopThief, state)
        enc, me = self.encoder, self.seat
        out, put, dets = self._out, self._put, self._dets_shown
        win = enc.options.win_amount
        turn = game.turn
        for det in game.detectives:
            now = (det.node, det.money, det.licensed, len(det.hand), len(det.posters),
                   det.turns_to_lose)  # fmt: skip
            was = dets[det.seat]
            if now != was:
                dets[det.seat] = now
                _, node, s = self._slots[det.seat]
                if was is not None:
                    put[node + was[0]] = 0.0
                put[node + det.node] = 1.0  # board.nodes is in index order
                put[s] = scaled(det.money, win)
                put[s + 1] = det.licensed
                put[s + 2] = scaled(now[3], HAND)  # how many cards: public
                put[s + 3] = scaled(now[4], THIEVES)
                put[s + 4] = scaled(det.turns_to_lose, 3)
        turn_now = (
            turn.seat, game.to_move, turn.phase, turn.dice, turn.extra_spaces, turn.card_played
        )  # fmt: skip
        turn_was = self._turn_shown
        if turn_now != turn_was:
            self._turn_shown = turn_now
            if turn_was is not None:
                self._turn(put, turn_was, 0.0)
            self._turn(put, turn_now, 1.0)
        hand = game.detectives[me].hand  # this seat's own cards only
        if hand != self._hand_shown:
            self._hand_shown = list(hand)
            out[enc.hand_part] = 0.0
            self._hand(put, hand)
        # A thief's clue log only grows until the next thief (a new list), so its encoding
        # is redone only when a clue came. So is the thief's: his reward grows only with a
        # crime, which is a clue too.
        log = game.clue_log
        if log is not self._log_shown or len(log) != self._log_length:
            self._clues(put, log)
            put[enc.thief_part.start] = scaled(game.thief_number, THIEVES)
            put[enc.thief_part.start + 1] = scaled(game.reward, win)
        knowledge = self.knowledge
        notes_now = (game.over, knowledge.at_large, knowledge.version)
        if notes_now != self._notes_shown:
            self._notes_shown = notes_now
            self._notes(put, shown=not game.over and knowledge.at_large)
        return out

    def _clues(self, put: MutableSequence[float], log: list[Any]) -> None:
        """The latest clues of the log, latest first: the rows shown move down by as many
        clues as came since (one numpy copy, which numpy makes right however the two blocks
        overlap), and only the new ones are written, each a row of the encoder's table:
        setting the window's 40-odd ones value by value cost several times more."""
        enc, grid = self.encoder, self._clue_grid
        length = len(log)
        new = length - self._log_length if log is self._log_shown else LAST_CLUES
        if 0 < new < LAST_CLUES:
            grid[new:] = grid[:-new]
        else:
            new = LAST_CLUES
            grid[:] = 0.0
        self._log_shown, self._log_length = log, length
        table, flag = enc.clue_table, enc.clue_span.start + enc.clue_width - 1
        for row, clue in enumerate(reversed(log[max(length - new, 0) :])):
            grid[row] = table[enc.clue_row(clue)]
            if clue["by"] == self.seat:  # pressed by the observer
                put[flag + row * enc.clue_width] = 1.0

    def _turn(self, put: MutableSequence[float], turn: TurnShown, value: float) -> None:
        """Set (1) or clear (0) the parts of a turn as `encode_state` keeps it: whose turn,
        who is to move, the phase, the dice, the allowance and the card played."""
        enc = self.encoder
        seat, to_move, phase, dice, extra, card_played = turn
        put[enc.turn_part.start + 1] = card_played if value else 0.0
        put[self._slots[seat][2] + 5] = value
        if to_move is not None:
            put[self._slots[to_move][2] + 6] = value
        put[enc.phase_part.start + PHASE_INDEX[phase]] = value
        if dice:
            total = sum(dice)
            put[enc.dice_part.start + total - 2] = value
            put[enc.turn_part.start] = scaled(total + extra, MAX_ALLOWANCE) if value else 0.0

    def _hand(self, out: MutableSequence[float], hand: Iterable[int]) -> None:
        """The seat's own cards, counted by kind (/3)."""
        enc = self.encoder
        counts: dict[int, int] = {}
        for card in hand:
            kind = enc.kind_of[card]
            counts[kind] = counts.get(kind, 0) + 1
        for kind, count in counts.items():
            out[enc.hand_part.start + kind] = count / HAND

    def _notes(self, put: MutableSequence[float], shown: bool) -> None:
        """The notebook: this seat's knowledge (fed only its events), if `shown` (while a
        thief is at large), written value by value over the last one: the thief may be
        on a handful of spaces, and a few numpy calls would cost more."""
        for at in self._notes_at:
            put[at] = 0.0
        self._notes_at = []
        if not shown:
            return
        enc = self.encoder
        dist = self.knowledge.distribution()
        start, index = enc.notebook_part.start, enc.code_index
        self._notes_at = [start + index[code] for code in dist]
        for at, chance in zip(self._notes_at, dist.values(), strict=True):
            put[at] = chance
        self._notes_at.append(enc.at_large_part.start)
        put[enc.at_large_part.start] = 1.0
