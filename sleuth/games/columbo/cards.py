"""The pack of 60 Evidence Cards, loaded from data/pack.json and checked on load.

Every card has a *kind*, the thing a player names when he demands a card or
identifies one on the lawn: a figure or a weapon by its name ("tv-star",
"rope"), "columbo" for any of the six parts of Columbo, "motive" for any
Motive Card, "mystery" for the one "It's A Mystery To Me" card and "no-clue".
The four parts of a figure or weapon are four different cards (quarters of
one picture), as are Columbo's six parts, but only the kind counts in play.

Special Rule 1 trims the pack for 2 and 3 players (`REMOVED`); which sets go is
drawn by the game's generator or fixed by an option (`trimmed_pack`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

from sleuth.core import Rng

Group = Literal["figure", "weapon", "motive", "columbo", "mystery", "no-clue"]

SET_SIZE = 4  # parts of a complete figure or weapon
COLUMBO_PARTS = 6
PACK_SIZE = 60  # CO-SPECIAL-04
HAND = 7  # CO-SETUP-01, CO-CARDS-01
NAMED_WITHOUT_SHOWING = ("motive", "mystery")  # CO-CHALLENGE-09, CO-LAWN-08


@dataclass(frozen=True, slots=True)
class Removal:
    """What Special Rule 1 takes out of the pack: complete sets, single cards."""

    figures: int = 0
    weapons: int = 0
    motives: int = 0
    no_clue: int = 0

    @property
    def cards(self) -> int:
        return SET_SIZE * (self.figures + self.weapons) + self.motives + self.no_clue


REMOVED: dict[int, Removal] = {
    2: Removal(figures=3, weapons=2, motives=3, no_clue=3),  # CO-SPECIAL-01: 34 cards left
    3: Removal(figures=2, weapons=1),  # CO-SPECIAL-03: 48 cards left
}
PACK_FOR: dict[int, int] = {2: 34, 3: 48, 4: PACK_SIZE}


class PackError(ValueError):
    """The pack data file is inconsistent."""


@dataclass(frozen=True, slots=True)
class Card:
    id: int  # 0-59, one per physical card
    kind: str  # what a player names: a figure or weapon, columbo, motive, mystery, no-clue
    group: Group
    name: str  # as printed: "T.V. Star (top left)", "Jealousy", "Columbo: Cigar"
    title: str  # the kind in words: "T.V. Star", "Motive", "Columbo"

    @property
    def shows(self) -> bool:
        """A card that must be shown to demand or name its kind (figures, weapons, Columbo)."""
        return self.group in ("figure", "weapon", "columbo")

    def to_json(self) -> dict[str, str | int]:
        return {"id": self.id, "kind": self.kind, "group": self.group, "name": self.name}


@dataclass(frozen=True, eq=False)
class Pack:
    cards: tuple[Card, ...]
    figures: tuple[str, ...]  # kinds, in the order printed in the data file
    weapons: tuple[str, ...]
    titles: dict[str, str]  # kind -> its name in words

    @property
    def groups(self) -> dict[str, Group]:
        """kind -> its group ("figure", "weapon", ...)."""
        return _groups(self)

    def of_kind(self, kind: str) -> tuple[int, ...]:
        return _of_kind(self, kind)

    @property
    def faces(self) -> tuple[dict[str, str | int], ...]:
        """Each card's face as JSON, by id, made once (events name cards at every step):
        copy one before handing it out."""
        return _faces(self)

    @property
    def sets(self) -> tuple[str, ...]:
        return self.figures + self.weapons


@cache
def _groups(pack: Pack) -> dict[str, Group]:
    return {c.kind: c.group for c in pack.cards}


@cache
def _faces(pack: Pack) -> tuple[dict[str, str | int], ...]:
    return tuple(card.to_json() for card in pack.cards)


@cache
def _of_kind(pack: Pack, kind: str) -> tuple[int, ...]:
    return tuple(c.id for c in pack.cards if c.kind == kind)


def parse_pack(data: Any) -> Pack:
    """Check and convert the JSON pack; raise PackError on anything amiss."""
    cards: list[Card] = []
    titles: dict[str, str] = {}

    def add(kind: str, group: Group, name: str, title: str) -> None:
        cards.append(Card(len(cards), kind, group, name, title))
        titles[kind] = title

    parts = [str(p) for p in data["set_parts"]]
    if len(parts) != SET_SIZE or len(set(parts)) != SET_SIZE:
        raise PackError(f"a figure or weapon has {SET_SIZE} different parts, not {parts}")
    kinds: dict[Group, list[str]] = {"figure": [], "weapon": []}
    groups: tuple[tuple[Group, str], ...] = (("figure", "figures"), ("weapon", "weapons"))
    for group, key in groups:
        for entry in data[key]:
            kind, name = str(entry["kind"]), str(entry["name"])
            if kind in titles or kind in ("columbo", "motive", "mystery", "no-clue"):
                raise PackError(f"the kind {kind!r} appears twice")
            kinds[group].append(kind)
            for part in parts:
                add(kind, group, f"{name} ({part})", name)
    for motive in data["motives"]:
        add("motive", "motive", str(motive), "Motive")
    columbo = [str(p) for p in data["columbo"]]
    if len(columbo) != COLUMBO_PARTS or len(set(columbo)) != COLUMBO_PARTS:
        raise PackError(f"Columbo comes in {COLUMBO_PARTS} different parts, not {columbo}")
    for part in columbo:
        add("columbo", "columbo", f"Columbo: {part}", "Columbo")
    add("mystery", "mystery", str(data["mystery"]), "It's A Mystery To Me")
    for _ in range(int(data["no_clue"])):
        add("no-clue", "no-clue", "No Clue", "No Clue")
    pack = Pack(tuple(cards), tuple(kinds["figure"]), tuple(kinds["weapon"]), titles)
    _check(pack)
    return pack


def _check(pack: Pack) -> None:
    if len(pack.cards) != PACK_SIZE:
        raise PackError(f"the pack has {PACK_SIZE} cards, not {len(pack.cards)}")
    motives, no_clue = len(pack.of_kind("motive")), len(pack.of_kind("no-clue"))
    for players, removal in REMOVED.items():
        # Special Rule 1 must be possible and leave a game that can still be won.
        if (
            removal.figures >= len(pack.figures)
            or removal.weapons >= len(pack.weapons)
            or removal.motives >= motives
            or removal.no_clue > no_clue
        ):
            raise PackError(f"the pack is too small for Special Rule 1 with {players} players")
        if PACK_SIZE - removal.cards != PACK_FOR[players]:
            raise PackError(
                f"with {players} players the pack must come to {PACK_FOR[players]} cards,"
                f" not {PACK_SIZE - removal.cards}"
            )


@cache
def load_pack() -> Pack:
    text = resources.files("sleuth.games.columbo").joinpath("data/pack.json").read_text()
    return parse_pack(json.loads(text))


def trimmed_pack(pack: Pack, players: int, rng: Rng | None) -> list[int]:
    """The ids of the cards in play for `players` (Special Rule 1), in pack order.

    With `rng`, the complete sets and the Motive cards that go are drawn at
    random; without, the last ones listed go (so T.V. Star, Sports Figure, the
    rope, the poison, Electric and Jealousy always stay). "No Clue" cards are
    all alike: the last ones go.
    """
    removal = REMOVED.get(players, Removal())

    def pick(items: list[int] | list[str], count: int) -> set[Any]:
        if count == 0:
            return set()
        order = list(items)
        if rng is not None:
            rng.shuffle(order)
            return set(order[:count])
        return set(order[-count:])

    gone_sets = pick(list(pack.figures), removal.figures) | pick(
        list(pack.weapons), removal.weapons
    )
    gone_motives = pick(list(pack.of_kind("motive")), removal.motives)
    no_clue = pack.of_kind("no-clue")
    gone_no_clue = set(no_clue[len(no_clue) - removal.no_clue :]) if removal.no_clue else set()
    return [
        c.id
        for c in pack.cards
        if c.kind not in gone_sets and c.id not in gone_motives and c.id not in gone_no_clue
    ]
