"""Columbo for RL: the action universe and what a player's observation holds.

Seats are counted from the observer (slot 0 is the observer). The observation is
the seat's view (its own hand, the tables, the room piles' sizes, where everyone
stands, which lawn places hold a card, the challenge and search under way) and the
latest happenings the seat saw, latest first. The view never says which card lies
face down at a lawn place, so neither does the observation once that happening has
left the window: remembering the lawn is the game's skill, and the agent's to learn
(docs/rl.md, "Decisions").
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Iterable, Mapping, MutableSequence
from itertools import repeat
from operator import is_not
from typing import Any, cast

import numpy as np

from sleuth.core import Action, Event, GameState
from sleuth.core.actions import JSONValue
from sleuth.games.columbo.board import NUMBERED, load_board
from sleuth.games.columbo.cards import NAMED_WITHOUT_SHOWING, PACK_FOR, PACK_SIZE, load_pack
from sleuth.games.columbo.options import ColumboOptions
from sleuth.games.columbo.state import Columbo, act
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
PHASES = (
    "roll", "move", "arrived", "discard", "search", "lay", "give", "counter", "exchange", "over"
)  # fmt: skip
PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
ROOM_OFFSET = {room: 2 * i for i, room in enumerate(NUMBERED)}  # in the `rooms` part
TURNS = 200  # turns begun, scaled (clipped beyond)
NEWS = 12  # happenings remembered by the window, latest first
Happening = tuple[tuple[int, ...], int, int | None]  # its 1s but the seats; actor; other
HAPPENINGS_KEPT = 256  # happenings whose encoding the encoder remembers for the other seats
# The happenings the window shows, each with the keys naming its actor and the other seat.
HAPPENINGS: dict[str, tuple[str, str | None]] = {
    "discard": ("seat", None),
    "swapped": ("seat", None),
    "your_discard": ("seat", None),
    "drew": ("seat", None),
    "name": ("seat", None),
    "turned": ("seat", None),
    "demand": ("by", "target"),
    "has_none": ("seat", None),
    "gave": ("from", "to"),
    "given": ("from", "to"),
    "no_clue": ("from", "to"),
    "exchange": ("from", "to"),
    "exchanged": ("from", "to"),
    "pass": ("seat", None),
    "laid_down": ("seat", None),
}
HAPPENING_INDEX = {kind: i for i, kind in enumerate(HAPPENINGS)}
NEWS_ABOUT = (
    "a happening it saw: present, type (" + ", ".join(HAPPENINGS) + "), actor and other seat "
    "(relative), lawn place, kind named/asked/shown, a card's face seen, named right"
)


@register_encoder
class ColumboEncoder(Encoder):
    game = "columbo"
    options: ColumboOptions

    def __init__(self, players: int, options: Any) -> None:
        self.board = load_board()
        self.pack = load_pack()
        self.kinds = (*self.pack.sets, "columbo", "motive", "mystery", "no-clue")
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.card_kind = tuple(self.kind_index[c.kind] for c in self.pack.cards)
        self.node_index = {n.id: n.index for n in self.board.nodes}
        # A new place opens only when every place holds a card, so there are never more
        # places than cards in play.
        self.places = PACK_FOR[players]
        self._happenings: OrderedDict[int, tuple[Event, Happening]] = OrderedDict()
        super().__init__(players, options)
        cards, kinds, nodes = PACK_SIZE, len(self.kinds), len(self.board.nodes)
        add = self.layout.add
        self.seat_part = add("seat", MAX_SEATS, "the observer's seat number, one-hot")
        self.setup_part = add("setup", 2, "the more difficult game; cards in play/60")
        self.removed_part = add("removed", cards, "cards out of the game from the start, by id")
        self.phase_part = add("phase", len(PHASES), "the turn's phase: " + ", ".join(PHASES))
        self.dice_part = add("dice", 11, "the throw's total 2-12, one-hot")
        self.throw_part = add("throw", 4, "7/11/doubles, doubles, end phase, turns begun/200")
        self.rooms_part = add("rooms", 2 * len(NUMBERED), "each room 1-6: in play, cards/6")
        self.det_parts = [
            (
                add(f"det{k}.node", nodes, "where the detective stands, one-hot by board node"),
                add(f"det{k}.table", len(self.pack.sets), "complete sets on its table, by kind"),
                add(f"det{k}.stats", 4, "present, cards in hand/8, whose turn, to move"),
            )
            for k in range(MAX_SEATS)
        ]
        self.lawn_part = add("lawn", PACK_SIZE, "each lawn place: a card lies there face down")
        self.aside_part = add("aside", 1, "No Clue cards put out of the game/7")
        self.challenge_part = add(
            "challenge",
            2 + 3 * MAX_SEATS + kinds,
            "a demand under way: present, a demand in return; asker, asked, who owes a card "
            "back (relative); the kind asked for",
        )
        self.search_part = add(
            "search",
            2 + PACK_SIZE + 2 * kinds,
            "a lawn search under way: present, cards found/10; the place named wrongly; "
            "the kind of the card last shown; the kind of the card turned there",
        )
        self.hand_part = add("hand", cards, "the observer's own cards, by id")
        self.kinds_part = add(
            "hand_kinds", kinds, "its cards by kind (" + ", ".join(self.kinds) + "), /6"
        )
        self.drawn_part = add("drawn", cards, "the card just taken from a room, by id")
        self.news_parts = [
            add(f"news{k}", 4 + len(HAPPENINGS) + 2 * MAX_SEATS + PACK_SIZE + kinds, NEWS_ABOUT)
            for k in range(NEWS)
        ]

    def _universe(self) -> Iterable[Action]:
        # Made with the engine's own cached `act`, keywords in the engine's order, so a legal
        # action *is* its universe entry and the mask's look-ups never compare two actions.
        cards = range(PACK_SIZE)
        shows = [c.id for c in self.pack.cards if c.shows]
        yield from (act(k) for k in ("roll", "draw", "end_turn", "pass"))
        for node in self.board.nodes:
            yield act("move", to=node.id)
        for node in self.board.nodes:
            if node.in_room:
                yield act("jump", to=node.id)
        for kind in ("discard", "give", "exchange", "lay"):
            yield from (act(kind, card=c) for c in cards)
        for target in range(self.players):
            yield from (act("demand", target=target, show=c) for c in shows)
            yield from (act("demand", target=target, evidence=k) for k in NAMED_WITHOUT_SHOWING)
        for place in range(self.places):
            yield from (act("name", place=place, show=c) for c in shows)
            yield from (act("name", place=place, evidence=k) for k in NAMED_WITHOUT_SHOWING)

    def observer(self, seat: int) -> Observer:
        return ColumboObserver(self, seat)

    def happening(self, event: Event) -> Happening:
        """A happening's news slot but for the seats (which each observer counts from
        itself): the offsets of its 1s, then the actor's and the other seat's numbers.

        Worked out once for all the seats that see the event: the latest are remembered by
        the event's id, each entry holding its event so that the id is not reused meanwhile.
        """
        known = self._happenings.get(id(event))
        if known is not None and known[0] is event:
            return known[1]
        found = self._happening(event)
        self._happenings[id(event)] = (event, found)
        if len(self._happenings) > HAPPENINGS_KEPT:
            self._happenings.popitem(last=False)
        return found

    def _happening(self, event: Event) -> Happening:
        d = event.data
        ones = [0, 1 + HAPPENING_INDEX[event.kind]]
        actor, other = HAPPENINGS[event.kind]
        s = 1 + len(HAPPENINGS) + 2 * MAX_SEATS
        place = d.get("place")
        if isinstance(place, int):
            ones.append(s + place)
        s += PACK_SIZE
        card = d.get("card") or d.get("shown")
        cards = d.get("cards")
        if isinstance(card, dict):  # a face this seat saw
            ones += (s, s + 3 + self.card_kind[cast(int, card["id"])])
        elif isinstance(cards, list) and cards:  # a complete set laid on the table
            first = cast(dict[str, Any], cards[0])
            ones += (s, s + 3 + self.card_kind[cast(int, first["id"])])
        kind = d.get("kind")
        if isinstance(kind, str) and kind in self.kind_index:
            ones += (s + 1, s + 3 + self.kind_index[kind])  # a kind was named or asked for
        if d.get("right") is True:
            ones.append(s + 2)
        who = None if other is None else cast(int, d[other])
        return tuple(ones), cast(int, d[actor]), who


class ColumboObserver(Observer):
    """Keeps the latest happenings the seat saw (the window); all else comes from the view."""

    def __init__(self, encoder: ColumboEncoder, seat: int) -> None:
        super().__init__(seat)
        self.encoder = encoder
        # The news parts as one block, latest first, and the happenings seen since it was
        # last brought up to date (the offsets of each one's 1s in a slot; latest last).
        width = encoder.news_parts[0].stop - encoder.news_parts[0].start
        self._block = np.zeros(NEWS * width, np.float32)
        self._fresh: deque[tuple[int, ...]] = deque(maxlen=NEWS)
        self._start: Vector | None = None  # the parts fixed for the whole game (`_fixed`)
        # By seat, where that detective's parts start: its node's one-hot, its table, its stats.
        self._slots = []
        for other in range(encoder.players):
            node, table, stats = encoder.det_parts[relative(other, seat, encoder.players)]
            self._slots.append((node.start, table.start, stats.start))

    def observe(self, event: Event) -> None:
        if event.kind in HAPPENINGS:
            self._fresh.append(self._happening(event))

    def encode(self, view: Mapping[str, JSONValue]) -> Vector:
        """The reference: from the seat's JSON view."""
        enc = self.encoder
        out = np.zeros(enc.layout.size, np.float32)
        me, players = self.seat, enc.players
        one_hot(out, enc.seat_part, me)
        s = enc.setup_part.start
        out[s] = float(bool(view["advanced"]))
        out[s + 1] = scaled(cast(int, view["pack"]), PACK_SIZE)
        for card in cast(list[dict[str, Any]], view["removed"]):
            out[enc.removed_part.start + card["id"]] = 1.0
        one_hot(out, enc.phase_part, PHASES.index(str(view["phase"])))
        dice = view["dice"]
        s = enc.throw_part.start
        if isinstance(dice, list):
            one_hot(out, enc.dice_part, sum(dice) - 2)
            out[s] = float(bool(view["special"]))
            out[s + 1] = float(dice[0] == dice[1])
        out[s + 2] = float(bool(view["endgame"]))
        out[s + 3] = scaled(cast(int, view["number"]), TURNS)
        for i, room in enumerate(cast(list[dict[str, Any]], view["rooms"])):
            out[enc.rooms_part.start + 2 * i] = float(room["in_play"])
            out[enc.rooms_part.start + 2 * i + 1] = scaled(room["cards"], 6)
        for det in cast(list[dict[str, Any]], view["detectives"]):
            node, table, stats = enc.det_parts[relative(det["seat"], me, players)]
            one_hot(out, node, enc.node_index[det["at"]])
            for cards in det["table"]:
                one_hot(out, table, enc.kind_index[cards[0]["kind"]])
            s = stats.start
            out[s] = 1.0
            out[s + 1] = scaled(det["cards"], 8)
            out[s + 2] = float(view["turn"] == det["seat"])
            out[s + 3] = float(view["to_move"] == det["seat"])
        for place, down in enumerate(cast(list[str | None], view["lawn"])):
            if down is not None:
                one_hot(out, enc.lawn_part, place)
        out[enc.aside_part.start] = scaled(len(cast(list[Any], view["aside"])), 7)
        ch = cast(dict[str, Any] | None, view["challenge"])
        if ch is not None:
            self._challenge(out, ch["by"], ch["target"], ch["owes"], ch["kind"], ch["counter"])
        search = cast(dict[str, Any] | None, view["search"])
        if search is not None:
            shown, turned = search["shown"], search["turned"]
            self._search(
                out,
                search["found"],
                search["place"],
                None if shown is None else shown["id"],
                None if turned is None else turned["id"],
            )
        hand = cast(list[dict[str, Any]], view.get("hand", []))
        self._hand(cells(out), [card["id"] for card in hand])
        drawn = view.get("drawn")
        if isinstance(drawn, dict):
            out[enc.drawn_part.start + int(drawn["id"])] = 1.0
        self._news(out)
        return out

    def encode_state(self, state: GameState) -> Vector:
        """The lean hook: the same vector from the public state and this seat's own hand and
        fresh card (never a face-down lawn card, another's hand or a room pile's order)."""
        game = cast(Columbo, state)
        enc, me = self.encoder, self.seat
        out = self._fixed(game)
        put = cells(out)
        turn, to_move = game.turn, game.to_move
        put[enc.phase_part.start + PHASE_INDEX[turn.phase]] = 1.0
        s = enc.throw_part.start
        if turn.dice:
            put[enc.dice_part.start + turn.total - 2] = 1.0
            put[s] = turn.special
            put[s + 1] = turn.doubles
        put[s + 2] = game.endgame
        put[s + 3] = scaled(game.turns + 1, TURNS)
        rooms = enc.rooms_part.start + 1
        for room, pile in game.piles.items():  # how many cards each pile holds: public
            put[rooms + ROOM_OFFSET[room]] = scaled(len(pile), 6)
        for det in game.detectives:
            node, table, s = self._slots[det.seat]
            put[node + det.node] = 1.0  # board.nodes is in index order
            for cards in det.table:  # laid face up
                put[table + enc.card_kind[cards[0]]] = 1.0
            put[s] = 1.0
            put[s + 1] = scaled(len(det.hand), 8)  # how many cards: public
            put[s + 2] = turn.seat == det.seat
            put[s + 3] = to_move == det.seat
        # Only whether each place holds a card (never which), tested in C: `is_not` over
        # the places (a card id may be 0, so not by truth value).
        held = np.fromiter(map(is_not, game.lawn, repeat(None)), bool, len(game.lawn))
        out[enc.lawn_part.start : enc.lawn_part.start + len(held)] = held
        put[enc.aside_part.start] = scaled(len(game.aside), 7)
        ch = game.challenge
        if ch is not None:
            self._challenge(out, ch.by, ch.target, ch.receiver, ch.kind, ch.counter)
        if turn.phase in ("search", "lay") or (turn.phase == "discard" and turn.then == "search"):
            self._search(out, turn.found, turn.place, turn.shown, turn.pending)
        self._hand(put, game.detectives[me].hand)
        if turn.drawn is not None and turn.seat == me and turn.phase == "discard":
            put[enc.drawn_part.start + turn.drawn] = 1.0  # its own fresh card
        self._news(out)
        return out

    def _fixed(self, game: Columbo) -> Vector:
        """A fresh vector holding the parts set at the start for the whole game: the seat,
        the set-up, the cards removed and the rooms in play (made once, then copied)."""
        if self._start is None:
            enc = self.encoder
            start = np.zeros(enc.layout.size, np.float32)
            start[enc.seat_part.start + self.seat] = 1.0
            start[enc.setup_part.start] = game.options.advanced
            start[enc.setup_part.start + 1] = scaled(len(game.in_play), PACK_SIZE)
            start[[enc.removed_part.start + card for card in game.removed]] = 1.0
            for i, room in enumerate(NUMBERED):
                start[enc.rooms_part.start + 2 * i] = room in game.rooms
            self._start = start
        return self._start.copy()

    def _hand(self, out: MutableSequence[float], hand: Iterable[int]) -> None:
        """The seat's own cards, by id and by kind (/6)."""
        enc = self.encoder
        kinds = [0] * len(enc.kinds)
        for card in hand:
            out[enc.hand_part.start + card] = 1.0
            kinds[enc.card_kind[card]] += 1
        for k, count in enumerate(kinds):
            if count:
                out[enc.kinds_part.start + k] = scaled(count, 6)

    def _news(self, out: Vector) -> None:
        """The window of the latest happenings this seat saw, latest first.

        The block is brought up to date only when happenings came: the older slots move
        down by as many (one copy in C) and only the new ones are written.
        """
        fresh, block = self._fresh, self._block
        if fresh:
            width = len(block) // NEWS
            shift = len(fresh) * width
            block[shift:] = block[: len(block) - shift].copy()  # empty when all are new
            block[:shift] = 0.0
            ones = [slot * width + at for slot, row in enumerate(reversed(fresh)) for at in row]
            block[np.fromiter(ones, np.intp, len(ones))] = 1.0
            fresh.clear()
        start = self.encoder.news_parts[0].start
        out[start : start + len(block)] = block

    def _seat(self, seat: int) -> int:
        return relative(seat, self.seat, self.encoder.players)

    def _challenge(
        self, out: Vector, by: int, target: int, owes: int | None, kind: str, counter: bool
    ) -> None:
        """A demand under way: who asked whom, who owes a card back, the kind asked for."""
        enc, s = self.encoder, self.encoder.challenge_part.start
        out[s] = 1.0
        out[s + 1] = float(bool(counter))
        out[s + 2 + self._seat(by)] = 1.0
        out[s + 2 + MAX_SEATS + self._seat(target)] = 1.0
        if owes is not None:
            out[s + 2 + 2 * MAX_SEATS + self._seat(owes)] = 1.0
        out[s + 2 + 3 * MAX_SEATS + enc.kind_index[kind]] = 1.0

    def _search(
        self, out: Vector, found: int, place: int | None, shown: int | None, turned: int | None
    ) -> None:
        """A lawn search under way: cards found, the place named wrongly, the kinds of the card
        shown and of the card turned there (both face up for all to see)."""
        enc, s = self.encoder, self.encoder.search_part.start
        kinds = len(enc.kinds)
        out[s] = 1.0
        out[s + 1] = scaled(found, 10)
        if place is not None:
            out[s + 2 + place] = 1.0
        if shown is not None:
            out[s + 2 + PACK_SIZE + enc.card_kind[shown]] = 1.0
        if turned is not None:
            out[s + 2 + PACK_SIZE + kinds + enc.card_kind[turned]] = 1.0

    def _happening(self, event: Event) -> tuple[int, ...]:
        """One happening as a `news` slot: what, who, where, which kind or face, named right;
        as the offsets in the slot that hold a 1 (every value of a slot is 0 or 1)."""
        ones, actor, other = self.encoder.happening(event)
        s = 1 + len(HAPPENINGS)
        if other is None:
            return (*ones, s + self._seat(actor))
        return (*ones, s + self._seat(actor), s + MAX_SEATS + self._seat(other))
