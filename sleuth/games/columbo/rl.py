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

import itertools
from collections import deque
from collections.abc import Iterable, Mapping, MutableSequence
from itertools import chain, compress
from operator import ne
from typing import Any, cast

import numpy as np
import numpy.typing as npt

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
# Counts scaled as the view's encoder scales them, looked up rather than worked out each step.
SIXTHS = tuple(scaled(n, 6) for n in range(PACK_SIZE + 1))  # a room's pile
SEVENTHS = tuple(scaled(n, 7) for n in range(PACK_SIZE + 1))  # No Clue cards put aside
EIGHTHS = tuple(scaled(n, 8) for n in range(PACK_SIZE + 1))  # a hand
# The observer's one-hot parts, by number: the phase, the throw's total, whose turn it is, who
# is to move, the card just drawn, and from _NODE on where each detective stands (by seat).
_PHASE, _DICE, _TURN, _TO_MOVE, _DRAWN, _NODE = range(6)
_ZEROS = memoryview(bytes(4 * 2048))  # zero bytes to clear a part (the largest, the news)
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
        self._happenings: dict[int, tuple[Event, Happening]] = {}
        # The game's log read once for every seat (`news`): each seat's happenings in order,
        # as the records they share, taken from the events to everyone and those to it alone.
        self._log: list[Event] | None = None
        self._read = 0
        self._news: list[list[Happening]] = []
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
        # The namings in the universe: a block per lawn place, each the cards that show (by
        # `show_column`, -1 for the others) then the kinds named without showing.
        shows = [c.id for c in self.pack.cards if c.shows]
        self.namings_start = self.index[act("name", place=0, show=shows[0])]
        self.naming_width = len(shows) + len(NAMED_WITHOUT_SHOWING)
        column = dict(zip(shows, itertools.count()))
        self.show_column = tuple(column.get(card, -1) for card in range(PACK_SIZE))
        self.unshown_row = bytes(len(shows)) + b"\x01" * len(NAMED_WITHOUT_SHOWING)
        # The places 0 to n-1, by n: those a row repeated n times covers (`quick_mask`).
        self.first_places = tuple(frozenset(range(n)) for n in range(self.places + 1))

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

    def legal_mask(self, state: GameState) -> npt.NDArray[np.int8]:
        quick = self.quick_mask(state)
        return super().legal_mask(state) if quick is None else quick

    def quick_mask(self, state: GameState) -> npt.NDArray[np.int8] | None:
        """The mask at a naming position, from its parts (`Columbo.naming`), never from its
        many namings listed (up to 253 at a search step): each nameable place's block in the
        universe gets the same row of 0s and 1s (the cards that show, then the kinds named
        without showing); the few other legal actions are looked up."""
        naming = cast(Columbo, state).naming()
        if naming is None or not naming.places:
            return None  # a few actions: listed, looked up (and kept by the environment)
        places = naming.places
        span = places[-1] + 1  # the places up to the last nameable one, in order
        if span > self.places:
            return None  # not in the universe: the generic look-up raises KeyError
        row = bytearray(self.unshown_row)
        for card in naming.shows:
            row[self.show_column[card]] = 1
        # The row repeated for every place up to the last, in C (a slice copy a place costs
        # several times more), then the few places between that cannot be named cleared.
        start, width = self.namings_start, self.naming_width
        mask = bytearray(len(self.actions))
        mask[start : start + width * span] = row * span
        if len(places) < span:
            blank = bytes(width)
            for place in self.first_places[span].difference(places):
                mask[start + width * place : start + width * (place + 1)] = blank
        by_id = self._by_id
        for action in naming.others:  # a few: END_TURN, demands
            index = by_id.get(id(action))
            mask[self.index[action] if index is None else index] = 1
        return np.frombuffer(mask, np.int8)

    def news(self, log: list[Event], seat: int) -> list[Happening]:
        """Every happening `seat` saw in the game of `log`, in order: the log is read once for
        all the seats (each event worked out once, into one record the seats share), and an
        event to one seat alone goes into that seat's list only."""
        if log is not self._log or len(log) < self._read:  # another game
            self._log, self._read = log, 0
            self._news = [[] for _ in range(self.players)]
        if self._read < len(log):
            news = self._news
            for event in log[self._read :]:
                if event.kind in HAPPENINGS:
                    happening = self._happening(event)
                    if event.to is None:
                        for seen in news:
                            seen.append(happening)
                    else:
                        news[event.to].append(happening)
            self._read = len(log)
        return self._news[seat]

    def happening(self, event: Event) -> Happening:
        """A happening as the record every seat that saw it shares (each seat places the actor
        and the other seat itself, counting from itself).

        Worked out once by the first seat that is given it (each one given it may see it): the
        latest are remembered by the event's id, each entry holding its event so that the id
        is not reused meanwhile; all are forgotten at once when there are too many (a seat
        that comes later only works it out again).
        """
        known = self._happenings.get(id(event))
        if known is not None and known[0] is event:
            return known[1]
        happening = self._happening(event)
        if len(self._happenings) >= HAPPENINGS_KEPT:
            self._happenings.clear()
        self._happenings[id(event)] = (event, happening)
        return happening

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
    """Keeps the latest happenings the seat saw (the window); all else comes from the view.

    The lean hook keeps the seat's last vector and rewrites only the parts that changed
    since (a one-hot's single 1 moved, the lawn's places, the hand, the window shifted by
    the happenings that came), and hands out that vector itself: the environments copy it
    (`Observer.encode_state`), so a copy here would be a second one.
    """

    def __init__(self, encoder: ColumboEncoder, seat: int) -> None:
        super().__init__(seat)
        self.encoder = encoder
        enc = encoder
        self._vec = np.zeros(enc.layout.size, np.float32)  # the vector last handed out
        self._put = cells(self._vec)
        self._bytes = self._vec.data.cast("B")  # to clear or shift whole parts
        self._settled = False  # whether it holds the parts fixed for the game
        self._piles_empty = False  # whether it shows every room's pile empty, for good
        # The news parts as one block, latest first, and the happenings seen since it was
        # last brought up to date (the records `ColumboEncoder.happening` makes; latest last).
        self._news_at = enc.news_parts[0].start
        self._width = enc.news_parts[0].stop - self._news_at
        self._block = self._vec[self._news_at : enc.news_parts[-1].stop]
        self._fresh: deque[Happening] = deque(maxlen=NEWS)
        # Where a happening's actor and other seat go in a slot, by seat (counted from this one).
        first = 1 + len(HAPPENINGS)
        self._actor_at = tuple(
            first + relative(s, seat, encoder.players) for s in range(encoder.players)
        )
        self._other_at = tuple(at + MAX_SEATS for at in self._actor_at)
        self._taken = 0  # how many of the encoder's `news` for this seat it has taken
        # Offsets read at every step, taken out of the layout once.
        self._phase = enc.phase_part.start
        self._dice = enc.dice_part.start - 2  # by the throw's total, 2-12
        self._throw = enc.throw_part.start
        self._piles = {room: enc.rooms_part.start + 1 + at for room, at in ROOM_OFFSET.items()}
        self._lawn = enc.lawn_part.start
        self._aside = enc.aside_part.start
        self._drawn = enc.drawn_part.start
        # By seat, where that detective's parts start: its node's one-hot, its table, its stats.
        self._slots = []
        for other in range(encoder.players):
            node, table, stats = encoder.det_parts[relative(other, seat, encoder.players)]
            self._slots.append((node.start, table.start, stats.start))
        # What the vector holds now: where each one-hot's 1 is (numbered `_PHASE`.. `_NODE`),
        # how many sets each table shows, the lawn and the hand it shows, whether a challenge
        # or a search shows.
        self._ones: list[int | None] = [None] * (_NODE + encoder.players)
        self._tables = [0] * encoder.players
        self._lawn_seen: list[int | None] = []
        self._hand_seen: list[int] | None = None
        self._challenge_on = self._search_on = False

    def observe(self, event: Event) -> None:
        if event.kind in HAPPENINGS:
            self._fresh.append(self.encoder.happening(event))

    def observe_events(self, events: Iterable[Event]) -> None:
        # `encoder.happening` without its call when another seat has already worked it out.
        enc, append = self.encoder, self._fresh.append
        known = enc._happenings
        for event in events:
            if event.kind in HAPPENINGS:
                entry = known.get(id(event))
                append(
                    entry[1] if entry is not None and entry[0] is event else enc.happening(event)
                )

    def catch_up(self, state: GameState, start: int) -> int:
        """The happenings this seat saw since it last looked, from the encoder's `news` (the
        log read once for all the seats; the window keeps the latest `NEWS`)."""
        news = self.encoder.news(state.log, self.seat)
        if self._taken < len(news):
            self._fresh.extend(news[self._taken :])
            self._taken = len(news)
        return len(state.log)

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
        self._news()
        start = enc.news_parts[0].start
        out[start : start + len(self._block)] = self._block
        return out

    def encode_state(self, state: GameState) -> Vector:
        """The lean hook: the same vector from the public state and this seat's own hand and
        fresh card (never a face-down lawn card, another's hand or a room pile's order).
        The vector is the observer's own, rewritten at its next call."""
        game = cast(Columbo, state)
        if not self._settled:
            self._settle(game)
        put, one, slots = self._put, self._one, self._slots
        turn, to_move = game.turn, game.to_move
        one(_PHASE, self._phase + PHASE_INDEX[turn.phase])
        s = self._throw
        if turn.dice:
            first, second = turn.dice
            one(_DICE, self._dice + first + second)
            put[s] = turn.special
            put[s + 1] = first == second
        else:
            one(_DICE, None)
            put[s] = put[s + 1] = 0.0
        put[s + 2] = game.endgame
        put[s + 3] = scaled(game.turns + 1, TURNS)
        if not self._piles_empty:  # in the end phase (most steps) every pile is empty
            piles = self._piles
            for room, pile in game.piles.items():  # how many cards each pile holds: public
                put[piles[room]] = SIXTHS[len(pile)]
            self._piles_empty = game.endgame  # the end phase comes when the last one empties
        ones = self._ones
        for det in game.detectives:
            node, table, s = slots[det.seat]
            at, was = node + det.node, ones[_NODE + det.seat]  # board.nodes: in index order
            if at != was:  # `_one`, written out: four times a step
                if was is not None:
                    put[was] = 0.0
                put[at] = 1.0
                ones[_NODE + det.seat] = at
            put[s + 1] = EIGHTHS[len(det.hand)]  # how many cards: public
            if len(det.table) != self._tables[det.seat]:
                self._table(det.seat, det.table)
        one(_TURN, slots[turn.seat][2] + 2)
        one(_TO_MOVE, None if to_move is None else slots[to_move][2] + 3)
        if game.lawn != self._lawn_seen:
            self._keep_lawn(game.lawn)
        put[self._aside] = SEVENTHS[len(game.aside)]
        ch = game.challenge
        if self._challenge_on or ch is not None:
            self._clear(self.encoder.challenge_part)
            if ch is not None:
                self._challenge(self._vec, ch.by, ch.target, ch.receiver, ch.kind, ch.counter)
            self._challenge_on = ch is not None
        searching = turn.phase in ("search", "lay") or (
            turn.phase == "discard" and turn.then == "search"
        )
        if self._search_on or searching:
            self._clear(self.encoder.search_part)
            if searching:
                self._search(self._vec, turn.found, turn.place, turn.shown, turn.pending)
            self._search_on = searching
        mine = turn.drawn is not None and turn.seat == self.seat and turn.phase == "discard"
        one(_DRAWN, self._drawn + turn.drawn if mine and turn.drawn is not None else None)
        hand = game.detectives[self.seat].hand
        if hand != self._hand_seen:
            self._keep_hand(hand)
        if self._fresh:
            self._news()
        return self._vec

    def _one(self, part: int, at: int | None) -> None:
        """Move the single 1 of one-hot part `part` (`_PHASE`.. `_NODE`) to offset `at` (None:
        no 1)."""
        was = self._ones[part]
        if was != at:
            if was is not None:
                self._put[was] = 0.0
            if at is not None:
                self._put[at] = 1.0
            self._ones[part] = at

    def _clear(self, part: slice) -> None:
        """Set a part of the vector to 0 (a copy of zero bytes in C)."""
        self._bytes[4 * part.start : 4 * part.stop] = _ZEROS[: 4 * (part.stop - part.start)]

    def _settle(self, game: Columbo) -> None:
        """Write the parts set at the start for the whole game: the seat, the set-up, the cards
        removed, the rooms in play and who takes part."""
        enc, vec = self.encoder, self._vec
        vec[enc.seat_part.start + self.seat] = 1.0
        vec[enc.setup_part.start] = game.options.advanced
        vec[enc.setup_part.start + 1] = scaled(len(game.in_play), PACK_SIZE)
        vec[[enc.removed_part.start + card for card in game.removed]] = 1.0
        for i, room in enumerate(NUMBERED):
            vec[enc.rooms_part.start + 2 * i] = room in game.rooms
        for _, _, stats in self._slots:
            vec[stats] = 1.0  # every seat plays to the end
        self._settled = True

    def _table(self, seat: int, table: list[list[int]]) -> None:
        """A detective's table: the kinds of the sets laid on it, face up."""
        enc, start = self.encoder, self._slots[seat][1]
        self._clear(slice(start, start + len(enc.pack.sets)))
        for cards in table:
            self._put[start + enc.card_kind[cards[0]]] = 1.0
        self._tables[seat] = len(table)

    def _keep_lawn(self, lawn: list[int | None]) -> None:
        """Only whether each place holds a card, never which; rewritten at the places whose
        card changed (found in C: a step changes one or two of up to 60) and those added."""
        put, start, seen = self._put, self._lawn, self._lawn_seen
        changed = compress(itertools.count(), map(ne, lawn, seen))
        for place in chain(changed, range(len(seen), len(lawn))):
            put[start + place] = lawn[place] is not None  # a card id may be 0
        for place in range(len(lawn), len(seen)):  # fewer places (never, within a game)
            put[start + place] = 0.0
        self._lawn_seen = list(lawn)

    def _keep_hand(self, hand: list[int]) -> None:
        """The seat's hand in place of the last one."""
        self._clear(self.encoder.hand_part)
        self._clear(self.encoder.kinds_part)
        self._hand(self._put, hand)
        self._hand_seen = list(hand)

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

    def _news(self) -> None:
        """Bring the window of the latest happenings this seat saw up to date, latest first:
        the older slots move down by as many as came (one copy in C) and only the new ones
        are written."""
        fresh = self._fresh
        if not fresh:
            return
        width, start = self._width, self._news_at
        head, size, shift = 4 * start, 4 * width * NEWS, 4 * width * len(fresh)
        bytes_ = self._bytes
        # Through a copy: a memoryview copies forward, so an overlapping move would smear.
        bytes_[head + shift : head + size] = bytes_[head : head + size - shift].tobytes()
        bytes_[head : head + shift] = _ZEROS[:shift]
        put, actor_at, other_at = self._put, self._actor_at, self._other_at
        for slot, (ones, actor, other) in enumerate(reversed(fresh)):
            at = start + slot * width
            for offset in ones:
                put[at + offset] = 1.0
            put[at + actor_at[actor]] = 1.0
            if other is not None:
                put[at + other_at[other]] = 1.0
        fresh.clear()

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
        """One happening as this seat's `news` slot: what, who, where, which kind or face,
        named right; as the offsets in the slot that hold a 1 (what `_news` writes)."""
        ones, actor, other = self.encoder.happening(event)
        if other is None:
            return (*ones, self._actor_at[actor])
        return (*ones, self._actor_at[actor], self._other_at[other])
