"""The case book: Read Out diagrams, suspects and the 16 Scanner Cards, and their guarantees.

Three crimes (Robbery, Murder, Swindle), each with a Read Out diagram (for
each of the eight rows, the four clues A-D a detective may learn there) and
16 suspects (R1-R16, M1-M16, S1-S16), each with a record: one letter a row.
A Scanner Card has one punched hole in each of the eight rows and names the
culprit for each crime.

The printed set lives in data/crimes.json and data/cards.json and is checked
on load; `generate_case_book(seed)` makes new sets with the same guarantees
(see `check_case_book`) and near the same design figure (`DESIGN_ROWS`).

    >>> book = load_case_book()
    >>> card = book.cards[0]
    >>> card.sample, card.culprits["robbery"], card.holes[0]
    (True, 'R1', 'A')
    >>> book.crime("robbery").readout[0].clues
    ('Bank Robbery', 'Jewel Theft', 'Safe Cracked', 'Burglary')
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from math import comb
from typing import Any

from sleuth.core import Rng

ROWS = 8
LETTERS = "ABCD"
SCENE_ROWS = 2  # rows 1 and 2: the Scenes of Crime, visited first by everyone
CARDS = 16
CRIMES = ("robbery", "murder", "swindle")
SAMPLE_CULPRITS = {"robbery": "R1", "murder": "M4", "swindle": "S5"}
SAMPLE_SCENE_1_HOLE = "A"

# The design (docs/manhunt/decisions.md, K1-K4): the Scenes leave 3 or 2 suspects
# (groups of sizes SCENE_GROUPS), a further row splits such a group at most in two,
# and the average rows needed in random order sits in DESIGN_BAND around DESIGN_ROWS.
SCENE_GROUPS = (3, 3, 3, 3, 2, 2)
DESIGN_ROWS = 4.5
DESIGN_BAND = (4.4, 4.6)
UNSPLIT_CHANCE = 0.55  # the generator's chance that a further row leaves a Scene group whole


class CaseError(ValueError):
    """The case book (Read Out, suspects, cards) breaks one of its guarantees."""


@dataclass(frozen=True, slots=True)
class ReadOutRow:
    row: int  # 1-8: the place where it is learned
    topic: str
    clues: tuple[str, str, str, str]  # A, B, C, D

    def clue(self, letter: str) -> str:
        return self.clues[LETTERS.index(letter)]


@dataclass(frozen=True, slots=True)
class Suspect:
    number: str  # "R1"
    name: str  # "Maria Net"
    record: str  # eight letters, one a row

    def matches(self, known: Mapping[int, str]) -> bool:
        """Whether this record agrees with every known row (row number -> letter)."""
        return all(self.record[row - 1] == letter for row, letter in known.items())


@dataclass(frozen=True)
class Crime:
    key: str  # "robbery"
    name: str  # "Robbery"
    letter: str  # "R"
    readout: tuple[ReadOutRow, ...]
    suspects: tuple[Suspect, ...]

    def suspect(self, number: str) -> Suspect:
        for s in self.suspects:
            if s.number == number:
                return s
        raise KeyError(number)

    def candidates(self, known: Mapping[int, str]) -> list[Suspect]:
        return [s for s in self.suspects if s.matches(known)]

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "letter": self.letter,
            "readout": [
                {"row": r.row, "topic": r.topic, "clues": list(r.clues)} for r in self.readout
            ],
            "suspects": [
                {
                    "number": s.number,
                    "name": s.name,
                    "record": s.record,
                    "clues": [self.readout[i].clue(s.record[i]) for i in range(ROWS)],
                }
                for s in self.suspects
            ],
        }


@dataclass(frozen=True, slots=True)
class Card:
    number: int  # 1-16
    sample: bool
    holes: str  # the punched hole of each row, "A".."D"
    culprits: Mapping[str, str]  # crime key -> suspect number

    def hole(self, row: int) -> str:
        return self.holes[row - 1]

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "sample": self.sample,
            "holes": self.holes,
            "culprits": dict(self.culprits),
        }


@dataclass(frozen=True)
class CaseBook:
    crimes: Mapping[str, Crime]
    cards: tuple[Card, ...]
    seed: int = 0  # 0: the printed set; otherwise the generator's seed

    def crime(self, key: str) -> Crime:
        return self.crimes[key]

    def culprit(self, card: Card, crime: str) -> Suspect:
        return self.crimes[crime].suspect(card.culprits[crime])


# --- loading and checking ----------------------------------------------------------------
def parse_crimes(data: Any) -> dict[str, Crime]:
    crimes: dict[str, Crime] = {}
    for c in data["crimes"]:
        readout = []
        for row, r in enumerate(c["readout"], start=1):
            clues = tuple(str(x) for x in r["clues"])
            if len(clues) != len(LETTERS) or len(set(clues)) != len(LETTERS):
                raise CaseError(f"{c['name']} row {row}: four different clues A-D")
            readout.append(ReadOutRow(row, str(r["topic"]), clues))  # type: ignore[arg-type]
        suspects = tuple(
            Suspect(str(s["number"]), str(s["name"]), str(s.get("record", "")))
            for s in c["suspects"]
        )
        crimes[str(c["key"])] = Crime(
            str(c["key"]), str(c["name"]), str(c["letter"]), tuple(readout), suspects
        )
    return crimes


def parse_cards(data: Any) -> tuple[Card, ...]:
    return tuple(
        Card(int(c["number"]), bool(c.get("sample", False)), str(c["holes"]), dict(c["culprits"]))
        for c in data["cards"]
    )


def check_case_book(book: CaseBook) -> None:
    """Raise CaseError unless every guarantee the game relies on holds.

    Three crimes, each with an 8-row Read Out of four clues and 16 suspects numbered
    R1-R16 (M, S) with 8-letter records; 16 cards numbered 1-16, each with one hole in
    each row; Card #1 is the Sample (MARIA NET R1, UNA CORN M4, CAREFUL CARRIE S5,
    Scene 1 punched at A). For every card and crime the holes are the culprit's
    record and the culprit is the only suspect matching all eight rows; the two
    Scenes of Crime alone never settle it; every suspect is guilty on exactly one
    card; every clue of every row is some suspect's.
    """
    if tuple(book.crimes) != CRIMES:
        raise CaseError(f"the crimes are {', '.join(CRIMES)}")
    for crime in book.crimes.values():
        if len(crime.readout) != ROWS:
            raise CaseError(f"{crime.name}: the Read Out has {ROWS} rows")
        numbers = [s.number for s in crime.suspects]
        if numbers != [f"{crime.letter}{i}" for i in range(1, CARDS + 1)]:
            raise CaseError(f"{crime.name}: suspects are {crime.letter}1-{crime.letter}{CARDS}")
        if len({s.name for s in crime.suspects}) != CARDS:
            raise CaseError(f"{crime.name}: every suspect has a name of his own")
        for s in crime.suspects:
            if len(s.record) != ROWS or any(x not in LETTERS for x in s.record):
                raise CaseError(f"{s.number} {s.name}: a record is {ROWS} letters A-D")
        if len({s.record for s in crime.suspects}) != CARDS:
            raise CaseError(f"{crime.name}: two suspects share a record")
        for row in range(ROWS):
            if {s.record[row] for s in crime.suspects} != set(LETTERS):
                raise CaseError(f"{crime.name} row {row + 1}: every clue A-D is someone's")
    if [c.number for c in book.cards] != list(range(1, CARDS + 1)):
        raise CaseError(f"the Scanner Cards are numbered 1-{CARDS}")
    sample = book.cards[0]
    if not sample.sample or any(c.sample for c in book.cards[1:]):
        raise CaseError('Card #1, and only Card #1, is marked "Sample"')
    if dict(sample.culprits) != SAMPLE_CULPRITS or sample.holes[0] != SAMPLE_SCENE_1_HOLE:
        raise CaseError("the Sample names R1, M4 and S5 and is punched at A in the Scene 1 row")
    for card in book.cards:
        if len(card.holes) != ROWS or any(x not in LETTERS for x in card.holes):
            raise CaseError(f"card {card.number}: one hole A-D in each of the {ROWS} rows")
        if set(card.culprits) != set(CRIMES):
            raise CaseError(f"card {card.number} names a culprit for each crime")
        for key, crime in book.crimes.items():
            try:
                culprit = crime.suspect(card.culprits[key])
            except KeyError:
                raise CaseError(f"card {card.number}: no suspect {card.culprits[key]}") from None
            if culprit.record != card.holes:
                raise CaseError(f"card {card.number}: the holes are not {culprit.number}'s record")
            scenes = {r: card.hole(r) for r in range(1, SCENE_ROWS + 1)}
            if len(crime.candidates(scenes)) < 2:
                raise CaseError(f"card {card.number}: the Scenes of Crime alone name the culprit")
    for key, crime in book.crimes.items():
        guilty = sorted(card.culprits[key] for card in book.cards)
        if guilty != sorted(s.number for s in crime.suspects):
            raise CaseError(f"{crime.name}: every suspect is guilty on exactly one card")


@cache
def load_case_book() -> CaseBook:
    files = resources.files("sleuth.games.manhunt")
    crimes = parse_crimes(json.loads(files.joinpath("data/crimes.json").read_text()))
    cards = parse_cards(json.loads(files.joinpath("data/cards.json").read_text()))
    book = CaseBook(crimes, cards)
    check_case_book(book)
    return book


@cache
def case_book(seed: int) -> CaseBook:
    """The printed set (seed 0) or the generated set for `seed`."""
    return load_case_book() if seed == 0 else generate_case_book(seed)


# --- how many rows a detective needs -----------------------------------------------------
@dataclass(frozen=True)
class Figures:
    """How many rows (of 8, the two Scenes included) it takes to single out the culprit.

    `random_order`: the further rows learned in random order (all orders alike);
    `best`: choosing each next row to need the fewest on average (optimal play);
    `fewest`: the fewest rows that would do, knowing the answer (a lower bound);
    all averaged over the 16 cards. `scene_groups`: how many suspects the two
    Scenes leave, card by card.
    """

    random_order: float
    best: float
    fewest: float
    most: int  # the most rows the random order ever needs
    scene_groups: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "random_order": round(self.random_order, 4),
            "best": round(self.best, 4),
            "fewest": round(self.fewest, 4),
            "most": self.most,
            "scene_groups": list(self.scene_groups),
        }


def figures(records: Sequence[str]) -> Figures:
    """The figures for one crime's records, each record guilty on one card."""
    further = range(SCENE_ROWS, ROWS)
    width = len(further)
    random_total = 0.0
    fewest_total = 0
    most = 0
    groups: list[int] = []
    best_total = 0.0
    by_scene: dict[str, list[int]] = {}
    for i, rec in enumerate(records):
        by_scene.setdefault(rec[:SCENE_ROWS], []).append(i)
    for rec in records:
        rivals = [r for r in records if r[:SCENE_ROWS] == rec[:SCENE_ROWS] and r != rec]
        groups.append(len(rivals) + 1)
        agree = [sum(1 << k for k, row in enumerate(further) if r[row] == rec[row]) for r in rivals]
        open_by_size = [0] * (width + 1)  # subsets of further rows that do NOT settle it
        fewest = width
        worst = 0
        for mask in range(1 << width):
            size = mask.bit_count()
            if any(mask & a == mask for a in agree):
                open_by_size[size] += 1
                worst = max(worst, size + 1)
            else:
                fewest = min(fewest, size)
        random_total += SCENE_ROWS + sum(open_by_size[j] / comb(width, j) for j in range(width + 1))
        fewest_total += SCENE_ROWS + fewest
        most = max(most, SCENE_ROWS + worst)
    for members in by_scene.values():
        best_total += len(members) * (SCENE_ROWS + _best(tuple(records[i] for i in members), 0))
    n = len(records)
    return Figures(random_total / n, best_total / n, fewest_total / n, most, tuple(groups))


@cache
def _best(records: tuple[str, ...], known: int) -> float:
    """Expected further rows to single one record out, choosing rows optimally."""
    if len(records) <= 1:
        return 0.0
    best = float(ROWS)
    for row in range(SCENE_ROWS, ROWS):
        if known >> row & 1:
            continue
        parts: dict[str, list[str]] = {}
        for rec in records:
            parts.setdefault(rec[row], []).append(rec)
        if len(parts) == 1:
            continue
        value = sum(
            len(p) / len(records) * (1 + _best(tuple(p), known | 1 << row)) for p in parts.values()
        )
        best = min(best, value)
    return best


# --- the generator -------------------------------------------------------------------------
def generate_records(rng: Rng) -> list[str]:
    """16 records with the printed set's structure and a random-order figure in the band.

    The Scenes of Crime sort the records into groups of SCENE_GROUPS sizes (never
    one alone) and every clue of rows 1 and 2 is used; within a group each further
    row uses at most two letters, so it splits the group at most in two, and with
    chance UNSPLIT_CHANCE not at all. Draws are repeated until the records are
    distinct, every clue is someone's, and the figure lies in DESIGN_BAND.
    """
    pairs = [a + b for a in LETTERS for b in LETTERS]
    while True:
        rng.shuffle(pairs)
        scenes = pairs[: len(SCENE_GROUPS)]
        if not all({p[k] for p in scenes} == set(LETTERS) for k in range(SCENE_ROWS)):
            continue
        records: list[str] = []
        for scene, size in zip(scenes, SCENE_GROUPS, strict=True):
            columns = []
            for _ in range(SCENE_ROWS, ROWS):
                used = 1 if rng.chance(UNSPLIT_CHANCE) else 2
                letters = list(LETTERS)
                rng.shuffle(letters)
                column = [letters[i % used] for i in range(size)]
                rng.shuffle(column)
                columns.append(column)
            records.extend(scene + "".join(col[i] for col in columns) for i in range(size))
        if len(set(records)) != CARDS:
            continue
        if any({r[row] for r in records} != set(LETTERS) for row in range(ROWS)):
            continue
        low, high = DESIGN_BAND
        if low <= figures(records).random_order <= high:
            return records


def generate_case_book(seed: int) -> CaseBook:
    """A new set of records and 16 cards, with the printed Read Outs and names.

    The same guarantees as the printed set (`check_case_book`) and a figure in
    DESIGN_BAND. Card #1 stays the Sample: its culprits are R1, M4 and S5 and its
    Scene 1 hole is A (the letters of row 1 are relabelled to make it so).
    """
    rng = Rng(seed)
    printed = load_case_book()
    records = generate_records(rng)
    rng.shuffle(records)  # card k is punched with records[k - 1]
    first = records[0][0]
    swap = {first: SAMPLE_SCENE_1_HOLE, SAMPLE_SCENE_1_HOLE: first}
    records = [swap.get(r[0], r[0]) + r[1:] for r in records]
    crimes: dict[str, Crime] = {}
    culprits: list[dict[str, str]] = [{} for _ in range(CARDS)]
    for key, crime in printed.crimes.items():
        numbers = [s.number for s in crime.suspects]
        sample = SAMPLE_CULPRITS[key]
        others = [n for n in numbers if n != sample]
        rng.shuffle(others)
        order = [sample, *others]  # order[k] is guilty on card k + 1
        record_of = {number: records[k] for k, number in enumerate(order)}
        for k, number in enumerate(order):
            culprits[k][key] = number
        suspects = tuple(Suspect(s.number, s.name, record_of[s.number]) for s in crime.suspects)
        crimes[key] = Crime(crime.key, crime.name, crime.letter, crime.readout, suspects)
    cards = tuple(Card(k + 1, k == 0, records[k], culprits[k]) for k in range(CARDS))
    book = CaseBook(crimes, cards, seed)
    check_case_book(book)
    return book


__all__ = [
    "CRIMES",
    "Card",
    "CaseBook",
    "CaseError",
    "Crime",
    "Figures",
    "ReadOutRow",
    "Suspect",
    "case_book",
    "check_case_book",
    "figures",
    "generate_case_book",
    "load_case_book",
]
