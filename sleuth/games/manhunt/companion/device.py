"""The Computer and the Clue Scanner for one game at a real table, seat by seat.

The Computer is shared and seen by all: one pull of the lever turns its three
dials (MH-COMPUTER-02), and the player says which one counts, the NUMBERED
dial while moving, ON LINE - OFF LINE at a destination, BROADCAST - RECEIVE
when two cars meet (MH-COMPUTER-03 to 05). The Clue Scanner holds one of the
16 Scanner Cards (or of a generated case set's), drawn in secret with the
session's seed; a seat probes a row and only it learns the hole, written on
its Clue Sheet (`sleuth.games.manhunt.handbook.Handbook`). In an exchange a
seat shows one of its entries 3-8 to the seat that asked, and only to it. An
accusation is checked against the card: right, the game is over; wrong, the
accuser is out and reads the culprit's name himself, the others learning only
that he is out (MH-WIN-03 to 06).

All chance comes from the settings' seed, so replaying the actions rebuilds
the same card and the same spins.

    >>> device = ManhuntCompanion({"crime": "robbery", "case_set": 0, "card": 1,
    ...                            "players": 2, "seed": 5})
    >>> device.apply(0, {"type": "probe", "row": 1})["hole"]
    'A'
    >>> device.view(1)["mine"]["sheet"]["rows"][0]["hole"] is None
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sleuth.core import Rng
from sleuth.core.companion import Refused
from sleuth.games.manhunt.board import load_board
from sleuth.games.manhunt.cases import CARDS, CRIMES, LETTERS, ROWS, Card, case_book
from sleuth.games.manhunt.computer import Spin, load_computer
from sleuth.games.manhunt.handbook import FLAPS, Handbook

MIN_PLAYERS, MAX_PLAYERS = 2, 4
READINGS = {  # the situation -> the dial read in it
    "move": "NUMBERED",
    "destination": "ON LINE - OFF LINE",
    "meet": "BROADCAST - RECEIVE",
}
ACTIONS = {  # each action's fields
    "spin": {"type", "reading"},
    "probe": {"type", "row"},
    "show": {"type", "row", "to"},
    "accuse": {"type", "suspect"},
}


@dataclass
class LastSpin:
    seat: int
    reading: str
    spin: Spin

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "reading": self.reading, **self.spin.to_json()}


class ManhuntCompanion:
    """One game's Computer, Clue Scanner and Scanner Card, shared by `players` seats."""

    def __init__(self, settings: Mapping[str, Any]) -> None:
        crime = str(settings["crime"])
        players = int(settings["players"])
        card = int(settings["card"])
        if crime not in CRIMES:
            raise ValueError(f"the crime is one of {', '.join(CRIMES)}, not {crime!r}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"this companion is for {MIN_PLAYERS} to {MAX_PLAYERS} sides")
        if not 0 <= card <= CARDS:
            raise ValueError(f"the card is 0 (drawn) or 1-{CARDS}, not {card}")
        self.book = case_book(int(settings["case_set"]))
        self.crime = self.book.crime(crime)
        self.rng = Rng(int(settings["seed"]))
        number = card or 1 + self.rng.randint(0, CARDS - 1)  # drawn black side up (MH-SETUP-06)
        self.card: Card = self.book.cards[number - 1]
        self.culprit = self.crime.suspect(self.card.culprits[crime])
        self.computer = load_computer()
        self.seats = players
        self.sheets = [Handbook(seat, (seat,), self.crime) for seat in range(players)]
        self.last: LastSpin | None = None
        self.winner: int | None = None
        self.log: list[dict[str, Any]] = []  # what the whole table saw, in order
        self.places = {n: load_board().places[n].name for n in range(1, ROWS + 1)}

    @property
    def over(self) -> bool:
        return self.winner is not None or all(s.out for s in self.sheets)

    # --- actions ------------------------------------------------------------------------
    def apply(self, seat: int, action: Mapping[str, Any]) -> dict[str, Any]:
        kind = action.get("type")
        if kind not in ACTIONS or set(action) != ACTIONS[str(kind)]:
            raise Refused(f"an action is one of {', '.join(ACTIONS)}, with its fields",
                          malformed=True)  # fmt: skip
        if self.over:
            raise Refused("the game is over")
        if self.sheets[seat].out:
            raise Refused("you are out of this game (a wrong accusation)")
        if kind == "spin":
            return self._spin(seat, action["reading"])
        if kind == "probe":
            return self._probe(seat, self._row(action["row"], range(1, ROWS + 1)))
        if kind == "show":
            return self._show(seat, self._row(action["row"], FLAPS), action["to"])
        return self._accuse(seat, action["suspect"])

    def _row(self, row: object, allowed: range | tuple[int, ...]) -> int:
        if not isinstance(row, int) or row not in allowed:
            raise Refused(f"the row is one of {min(allowed)}-{max(allowed)}, not {row!r}",
                          malformed=True)  # fmt: skip
        return row

    def _spin(self, seat: int, reading: object) -> dict[str, Any]:
        if reading not in READINGS:
            raise Refused(f"read the dial for {', '.join(READINGS)}, not {reading!r}",
                          malformed=True)  # fmt: skip
        self.last = LastSpin(seat, str(reading), self.computer.spin(self.rng))
        self.log.append({"event": "spin", **self.last.to_json()})  # the table sees the dials
        return {"type": "spin", **self.last.to_json()}

    def _probe(self, seat: int, row: int) -> dict[str, Any]:
        sheet = self.sheets[seat]
        if row in sheet.entries:
            raise Refused(f"your Clue Sheet already has the {self.places[row]} row")
        hole = self.card.hole(row)
        sheet.write(row, hole, {"how": "probe"})
        self.log.append({"event": "probe", "seat": seat, "row": row})  # never the hole
        return {"type": "probe", **self._entry(row, hole)}

    def _show(self, seat: int, row: int, to: object) -> dict[str, Any]:
        if not isinstance(to, int) or not 0 <= to < self.seats or to == seat:
            raise Refused(f"show an entry to another seat, not {to!r}", malformed=True)
        asker = self.sheets[to]
        letter = self.sheets[seat].entries.get(row)
        # Asked and answered even when nothing is written there (MH-EXCHANGE-08).
        if letter is not None and not asker.out:
            asker.write(row, letter, {"how": "copied", "from": seat})
        self.log.append({"event": "show", "seat": seat, "to": to, "row": row})
        return {"type": "show", "row": row, "to": to, "written": letter is not None}

    def _accuse(self, seat: int, suspect: object) -> dict[str, Any]:
        numbers = [s.number for s in self.crime.suspects]
        if suspect not in numbers:
            raise Refused(f"accuse one of the suspects {numbers[0]}-{numbers[-1]}, "
                          f"not {suspect!r}", malformed=True)  # fmt: skip
        sheet = self.sheets[seat]
        sheet.accusation = str(suspect)
        if suspect == self.culprit.number:
            self.winner = seat
            self.log.append({"event": "solved", "seat": seat, "suspect": suspect})
            return {"type": "accuse", "right": True, "suspect": suspect}
        sheet.out = True
        sheet.culprit_read = self.culprit.number  # read off the card's tab, kept to himself
        self.log.append({"event": "out", "seat": seat})  # neither his guess nor the culprit
        return {"type": "accuse", "right": False, "suspect": suspect,
                "culprit": self._suspect(self.culprit.number)}  # fmt: skip

    # --- what a seat may know -------------------------------------------------------------
    def _entry(self, row: int, hole: str) -> dict[str, Any]:
        readout = self.crime.readout[row - 1]
        return {
            "row": row,
            "place": self.places[row],
            "topic": readout.topic,
            "hole": hole,
            "dots": [letter != hole for letter in LETTERS],  # the red dot shows where not punched
            "clue": readout.clue(hole),
        }

    def _suspect(self, number: str) -> dict[str, str]:
        return {"number": number, "name": self.crime.suspect(number).name}

    def view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "crime": self.crime.to_json(),  # the Read Out and the suspects: every player's book
            "case_set": self.book.seed,
            "places": self.places,
            "computer": self.computer.to_json(),
            "readings": READINGS,
            "last_spin": self.last.to_json() if self.last else None,
            "players": [
                {"seat": n, "rows": sorted(s.entries), "out": s.out}
                for n, s in enumerate(self.sheets)
            ],
            "log": list(self.log),
            "over": self.over,
            "winner": self.winner,
            "culprit": self._suspect(self.culprit.number) if self.over else None,
            "card": self.card.number if self.over else None,
            "mine": None,
        }
        if seat is not None:
            sheet = self.sheets[seat]
            read = sheet.culprit_read or (self.culprit.number if self.over else None)
            view["mine"] = {
                "sheet": sheet.to_json(aid=True),
                "out": sheet.out,
                "culprit": self._suspect(read) if read else None,
            }
        return view
