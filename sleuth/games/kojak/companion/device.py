"""The informers' codes and the Solution Book for one game at a real table, seat by seat.

A player who has met the conditions at a building (three, or four in the
advanced game) taps the informer he took there; only he learns its code
letter and statement (KJ-INFORMER-04, KJ-CLUE-04/05). At an arrest the book is
checked: right, he wins and the game is over; wrong, he is out and only he
reads the answer, which he keeps to himself (KJ-WIN-02 to 04). Everything the
others learn is what they would see at the table: which informers hang on
whose notebook, who is out, who won.

In the advanced game a table whose box lost its blue Contact Cards may have them
counted here (setting `contacts`): the rulebook makes them plain tokens, one
discarded for each informer taken (KJ-ADVANCED-08, KJ-ADVANCED-10), two drawn when
Kojak reaches the Computer Room (KJ-ADVANCED-14), four dealt each (KJ-ADVANCED-03).
Nothing on them is secret, so every seat sees every count.

The case is the printed one for games 1-50 and the generator's above
(`sleuth.games.kojak.cases.get_case`): the `book` solution mode, for a real
box. Nothing here draws chance, so replaying the actions rebuilds it exactly.

    >>> device = KojakCompanion({"game": 1, "players": 2, "version": "fast"})
    >>> device.apply(0, {"type": "take", "building": "bus"})["code"]
    'B'
    >>> device.view(1)["mine"]["clues"]
    []
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sleuth.core.companion import Refused
from sleuth.games.kojak.board import BUILDINGS, load_board
from sleuth.games.kojak.cards import load_cards
from sleuth.games.kojak.cases import Case, get_case
from sleuth.games.kojak.options import VERSIONS

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MIN_CLUES_TO_ARREST = 2  # cards on his notebook before Kojak may leave (KJ-ARREST-04)


@dataclass
class Player:
    taken: list[str] = field(default_factory=list)  # buildings, in the order taken
    out: bool = False
    guess: str | None = None  # his wrong arrest, his alone
    contacts: int = 0  # Contact Cards in hand, when the companion counts them


class KojakCompanion:
    """One game's informer codes and Solution Book, shared by `players` seats."""

    def __init__(self, settings: Mapping[str, Any]) -> None:
        number = int(settings["game"])
        players = int(settings["players"])
        version = str(settings.get("version", "fast"))
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Kojak is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        if version not in VERSIONS:
            raise ValueError(f"version must be one of {', '.join(VERSIONS)}, not {version!r}")
        self.case: Case = get_case(number)  # raises CaseError (a ValueError) below game 1
        self.version = version
        self.counts_contacts = bool(settings.get("contacts", False))
        if self.counts_contacts and version != "advanced":
            raise ValueError("Contact Cards are counted only in the advanced game")
        cards = load_cards()
        self.contact_total = len(cards.contact)  # the pile is shuffled again from discards
        self.contact_draw = cards.from_computer_room
        self.seats = players
        dealt = cards.dealt if self.counts_contacts else 0
        self.players = [Player(contacts=dealt) for _ in range(players)]
        self.winner: int | None = None
        self.log: list[dict[str, Any]] = []  # what the whole table saw, in order
        board = load_board()
        self.buildings = {b: board.buildings[b] for b in BUILDINGS}

    @property
    def over(self) -> bool:
        return self.winner is not None or all(p.out for p in self.players)

    # --- actions ------------------------------------------------------------------------
    def apply(self, seat: int, action: Mapping[str, Any]) -> dict[str, Any]:
        kind = action.get("type")
        building = action.get("building")
        if kind == "computer" and set(action) == {"type"}:
            return self._computer(seat)
        if kind not in ("take", "arrest") or set(action) != {"type", "building"}:
            raise Refused(
                'an action is {"type": "take" or "arrest", "building": ...}'
                ' or {"type": "computer"}',
                malformed=True,
            )
        if building not in BUILDINGS:
            raise Refused(
                f"the buildings are {', '.join(BUILDINGS)}, not {building!r}", malformed=True
            )
        assert isinstance(building, str)
        player = self.players[seat]
        if self.over:
            raise Refused("the game is over")
        if player.out:
            raise Refused("you are out of this game (a wrong arrest)")
        if kind == "take":
            return self._take(seat, player, building)
        return self._arrest(seat, player, building)

    def _take(self, seat: int, player: Player, building: str) -> dict[str, Any]:
        if building in player.taken:  # one informer a building (KJ-CLUE-03)
            raise Refused(f"you already took an informer at the {self.name(building)}")
        if self.counts_contacts and player.contacts == 0:  # KJ-ADVANCED-08
            raise Refused("you have no Contact Card to discard: Kojak's walk to the Computer"
                          " Room gets you two")  # fmt: skip
        if self.counts_contacts:
            player.contacts -= 1  # discarded for the right to the informer (KJ-ADVANCED-10)
        player.taken.append(building)
        self.log.append({"seat": seat, "event": "took", "building": building})
        return {"type": "clue", **self.clue(building)}

    def _computer(self, seat: int) -> dict[str, Any]:
        """Kojak reached the Computer Room: two Contact Cards (KJ-ADVANCED-14), fewer only
        when nearly every card is in the players' hands (discards are shuffled back)."""
        if not self.counts_contacts:
            raise Refused("this session does not count Contact Cards")
        player = self.players[seat]
        if self.over:
            raise Refused("the game is over")
        if player.out:
            raise Refused("you are out of this game (a wrong arrest)")
        held = sum(p.contacts for p in self.players)
        drew = min(self.contact_draw, self.contact_total - held)
        player.contacts += drew
        self.log.append({"seat": seat, "event": "computer", "drew": drew})
        return {"type": "computer", "drew": drew, "contacts": player.contacts}

    def _arrest(self, seat: int, player: Player, building: str) -> dict[str, Any]:
        if len(player.taken) < MIN_CLUES_TO_ARREST:
            raise Refused(
                f"Kojak leaves Headquarters only with {MIN_CLUES_TO_ARREST} informer cards on "
                f"your notebook; you have {len(player.taken)}"
            )
        if building == self.case.hideout:
            self.winner = seat
            self.log.append({"seat": seat, "event": "arrested", "building": building})
            return {"type": "arrest", "right": True, "building": building}
        player.out = True
        player.guess = building
        self.log.append({"seat": seat, "event": "out"})  # neither his guess nor the answer
        return {"type": "arrest", "right": False, "building": building,
                "hideout": self.case.hideout}  # fmt: skip

    # --- what a seat may know -------------------------------------------------------------
    def name(self, building: str) -> str:
        return self.buildings[building].name

    def clue(self, building: str) -> dict[str, Any]:
        statement = self.case.clue(building)
        return {
            "building": building,
            "colour": self.buildings[building].colour,
            "code": statement.code,
            "statement": statement.text,
            "clears": statement.clears,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "game": self.case.number,
            "printed": self.case.number <= 50,
            "informer_set": self.case.informer_set,
            "version": self.version,
            "conditions": 4 if self.version == "advanced" else 3,
            "counts_contacts": self.counts_contacts,
            "sheet": self.case.sheet.to_json(),  # every player has it in his notebook
            "buildings": [
                {"id": b, "name": x.name, "colour": x.colour} for b, x in self.buildings.items()
            ],
            "players": [
                {
                    "seat": n,
                    "taken": list(p.taken),
                    "out": p.out,
                    "contacts": p.contacts if self.counts_contacts else None,
                }  # fmt: skip
                for n, p in enumerate(self.players)
            ],
            "log": list(self.log),
            "over": self.over,
            "winner": self.winner,
            "hideout": self.case.hideout if self.over else None,  # the book opened for all
            "mine": None,
        }
        if seat is not None:
            player = self.players[seat]
            clues = [self.clue(b) for b in player.taken]
            view["mine"] = {
                "clues": clues,
                "cleared": sorted({c["clears"] for c in clues}),
                "guess": player.guess,
                "hideout": self.case.hideout if player.out else view["hideout"],
            }
        return view
