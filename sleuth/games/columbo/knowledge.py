"""What one seat has seen, with perfect recall: the lawn by place, and who holds what.

A `Knowledge` is fed, in order, exactly the events its seat may see
(`Event.visible_to`), so it never knows more than the seat does. It keeps only
certain facts:

* `lawn`: the card lying at each lawn place, for every place whose card the
  seat has seen put down (a discard shown to all, its own face-down discard, a
  card laid down after a wrong naming) and that has not changed since.
* `holder`: cards known to be in another player's hand (shown in a demand or
  a naming, picked up from the lawn, handed over to this seat or by it). A
  fact is dropped as soon as that player parts with a card the seat could not
  see, since it might have been that one.
* `lacks`: kinds a player was asked for and did not have, until he next takes
  a card the seat could not see.
* `signals`: per player, how often he has shown, demanded or picked up each
  kind: what he seems to be collecting.

The engine keeps one per seat (`Columbo.memory(seat)`), for bots and replays;
the interfaces never see it. A forgetful bot reads it through its own fading memory.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from sleuth.core import Event
from sleuth.games.columbo.cards import load_pack


class Knowledge:
    def __init__(self, seat: int, players: int) -> None:
        self.seat = seat
        self._kind = tuple(c.kind for c in load_pack().cards)
        self.lawn: dict[int, int] = {}
        self.learnt: dict[int, int] = {}  # place -> the event count when its card was learnt
        self.holder: dict[int, int] = {}
        self.lacks: list[set[str]] = [set() for _ in range(players)]
        self.signals: list[Counter[str]] = [Counter() for _ in range(players)]
        self.events = 0

    def feed(self, events: Iterable[Event]) -> None:
        for event in events:
            if event.visible_to(self.seat):
                self.events += 1
                handler = getattr(self, f"_{event.kind}", None)
                if handler is not None:
                    handler(event.data)

    # --- helpers -------------------------------------------------------------------------
    def _see(self, place: int, card: int) -> None:
        self.lawn[place] = card
        self.learnt[place] = self.events
        self.holder.pop(card, None)

    def _unseen_at(self, place: int) -> None:
        self.lawn.pop(place, None)
        self.learnt.pop(place, None)

    def _holds(self, seat: int, card: int) -> None:
        self.lacks[seat].discard(self._kind[card])
        if seat == self.seat:
            self.holder.pop(card, None)
        else:
            self.holder[card] = seat

    def _lost_unseen(self, seat: int, kind: str | None = None) -> None:
        """`seat` parted with a card this seat did not see (of `kind`, if that is known)."""
        if seat == self.seat:
            return
        for card, who in list(self.holder.items()):
            if who == seat and (kind is None or self._kind[card] == kind):
                del self.holder[card]

    def _gained_unseen(self, seat: int) -> None:
        self.lacks[seat].clear()

    @staticmethod
    def _card(data: Mapping[str, Any] | None) -> int | None:
        return None if data is None else int(data["id"])

    # --- events --------------------------------------------------------------------------
    def _draw(self, d: Mapping[str, Any]) -> None:
        self._gained_unseen(int(d["seat"]))

    def _discard(self, d: Mapping[str, Any]) -> None:
        seat, place = int(d["seat"]), int(d["place"])
        card = self._card(d.get("card"))
        if card is None:
            self._unseen_at(place)
            self._lost_unseen(seat)
        else:
            self._see(place, card)

    def _your_discard(self, d: Mapping[str, Any]) -> None:
        card = self._card(d["card"])
        assert card is not None
        self._see(int(d["place"]), card)

    def _laid_down(self, d: Mapping[str, Any]) -> None:
        for data in d["cards"]:
            self.holder.pop(int(data["id"]), None)

    def _demand(self, d: Mapping[str, Any]) -> None:
        by = int(d["by"])
        self.signals[by][str(d["kind"])] += 1
        card = self._card(d.get("shown"))
        if card is not None:
            self._holds(by, card)

    def _has_none(self, d: Mapping[str, Any]) -> None:
        self.lacks[int(d["seat"])].add(str(d["kind"]))

    def _no_clue(self, d: Mapping[str, Any]) -> None:
        self.holder.pop(int(d["card"]["id"]), None)

    def _gave(self, d: Mapping[str, Any]) -> None:
        giver, taker, kind = int(d["from"]), int(d["to"]), str(d["kind"])
        if self.seat not in (giver, taker):
            self._lost_unseen(giver, kind)
        self.lacks[taker].discard(kind)
        self.signals[taker][kind] += 1

    def _given(self, d: Mapping[str, Any]) -> None:
        card = self._card(d["card"])
        assert card is not None
        self._holds(int(d["to"]), card)

    def _exchange(self, d: Mapping[str, Any]) -> None:
        giver, taker = int(d["from"]), int(d["to"])
        if self.seat not in (giver, taker):
            self._lost_unseen(giver)
            self._gained_unseen(taker)

    def _exchanged(self, d: Mapping[str, Any]) -> None:
        card = self._card(d["card"])
        assert card is not None
        self._holds(int(d["to"]), card)

    def _name(self, d: Mapping[str, Any]) -> None:
        seat = int(d["seat"])
        self.signals[seat][str(d["kind"])] += 1
        card = self._card(d.get("shown"))
        if card is not None:
            self._holds(seat, card)

    def _turned(self, d: Mapping[str, Any]) -> None:
        seat, place = int(d["seat"]), int(d["place"])
        card = self._card(d["card"])
        assert card is not None
        self._unseen_at(place)
        self._holds(seat, card)

    def _swapped(self, d: Mapping[str, Any]) -> None:
        seat, place = int(d["seat"]), int(d["place"])
        card = self._card(d.get("card"))
        if card is not None:
            self._see(place, card)
            return
        self._unseen_at(place)
        if d.get("laid"):
            self._lost_unseen(seat)
