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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, partial
from importlib import resources
from itertools import combinations
from math import comb
from typing import Any

from sleuth.core import Rng

ROWS = 8
LETTERS = "ABCD"
SCENE_ROWS = 2  # rows 1 and 2: the Scenes of Crime, visited first by everyone
FURTHER_ROWS = tuple(range(SCENE_ROWS, ROWS))  # record indexes of rows 3-8
CARDS = 16
SUSPECTS = 32  # per crime: the 16 culprits of the cards and 16 who are never guilty
CRIMES = ("robbery", "murder", "swindle")
SAMPLE_CULPRITS = {"robbery": "R1", "murder": "M4", "swindle": "S5"}
SAMPLE_SCENE_1_HOLE = "A"

# The design (docs/manhunt/decisions.md, K1-K4): the two Scenes sort the suspects into
# SCENE_GROUPS groups of GROUP_SIZE (GROUP_CULPRITS of them culprits on some card); within
# a group each further row shows one of two clues; and no culprit is singled out by the
# Scenes and fewer than MIN_FURTHER further rows, whichever rows they are.
SCENE_GROUPS = 4
GROUP_SIZE = 8
GROUP_CULPRITS = 4
MIN_AFTER_SCENES = 4  # the Scenes leave at least this many suspects on every card
MIN_FURTHER = 3
DECOY_TRIES = 40  # the generator's fresh starts at covering one group's culprits


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

    Three crimes, each with an 8-row Read Out of four clues and 32 suspects numbered
    R1-R32 (M, S) with 8-letter records, all different; 16 cards numbered 1-16, each
    with one hole in each row; Card #1 is the Sample (MARIA NET R1, UNA CORN M4,
    CAREFUL CARRIE S5, Scene 1 punched at A). For every card and crime the holes are
    the culprit's record and the culprit is the only suspect matching all eight rows;
    the Scenes leave at least MIN_AFTER_SCENES suspects, and the Scenes with any
    MIN_FURTHER - 1 further rows still leave two or more (so the middle game is never
    skipped); a suspect is guilty on one card at most; every clue of every row is
    some suspect's; and no two crimes share their set of records (three puzzles).
    """
    if tuple(book.crimes) != CRIMES:
        raise CaseError(f"the crimes are {', '.join(CRIMES)}")
    for crime in book.crimes.values():
        if len(crime.readout) != ROWS:
            raise CaseError(f"{crime.name}: the Read Out has {ROWS} rows")
        numbers = [s.number for s in crime.suspects]
        if numbers != [f"{crime.letter}{i}" for i in range(1, SUSPECTS + 1)]:
            raise CaseError(f"{crime.name}: suspects are {crime.letter}1-{crime.letter}{SUSPECTS}")
        if len({s.name for s in crime.suspects}) != SUSPECTS:
            raise CaseError(f"{crime.name}: every suspect has a name of his own")
        for s in crime.suspects:
            if len(s.record) != ROWS or any(x not in LETTERS for x in s.record):
                raise CaseError(f"{s.number} {s.name}: a record is {ROWS} letters A-D")
        if len({s.record for s in crime.suspects}) != SUSPECTS:
            raise CaseError(f"{crime.name}: two suspects share a record")
        for row in range(ROWS):
            if {s.record[row] for s in crime.suspects} != set(LETTERS):
                raise CaseError(f"{crime.name} row {row + 1}: every clue A-D is someone's")
    records = [frozenset(s.record for s in c.suspects) for c in book.crimes.values()]
    if len(set(records)) != len(records):
        raise CaseError("two crimes have the same records: they would be one puzzle renamed")
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
            rivals = [
                s.record for s in crime.suspects if s.record[:SCENE_ROWS] == card.holes[:SCENE_ROWS]
            ]
            if len(rivals) < MIN_AFTER_SCENES:
                raise CaseError(
                    f"card {card.number}: the Scenes of Crime leave fewer than "
                    f"{MIN_AFTER_SCENES} {crime.name} suspects"
                )
            if settled_by(card.holes, rivals, MIN_FURTHER - 1):
                raise CaseError(
                    f"card {card.number}: the Scenes of Crime and {MIN_FURTHER - 1} further rows "
                    f"single out the {crime.name} culprit"
                )
    for key, crime in book.crimes.items():
        guilty = [card.culprits[key] for card in book.cards]
        if len(set(guilty)) != CARDS:
            raise CaseError(f"{crime.name}: a suspect is guilty on one card at most")


def settled_by(record: str, group: Sequence[str], rows: int) -> bool:
    """Whether some `rows` further rows single `record` out of `group` (same Scenes)."""
    for chosen in combinations(FURTHER_ROWS, rows):
        if not any(
            other != record and all(other[r] == record[r] for r in chosen) for other in group
        ):
            return True
    return False


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

    A detective eliminates by the suspects' records, as the Clue Sheet does, so a
    suspect who is guilty on no card still counts until a row crosses him out.
    `random_order`: the further rows learned in random order (all orders alike);
    `best`: choosing each next row to leave the fewest suspects on average, every
    suspect still in play thought equally likely (an honest detective's best);
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


def figures(culprits: Sequence[str], suspects: Sequence[str] | None = None) -> Figures:
    """The figures for one crime: the culprits' records (one a card) among all suspects'."""
    everyone = list(suspects) if suspects is not None else list(culprits)
    width = len(FURTHER_ROWS)
    random_total = 0.0
    fewest_total = 0
    best_total = 0.0
    most = 0
    groups: list[int] = []
    for rec in culprits:
        group = tuple(r for r in everyone if r[:SCENE_ROWS] == rec[:SCENE_ROWS])
        rivals = [r for r in group if r != rec]
        groups.append(len(group))
        agree = [
            sum(1 << k for k, row in enumerate(FURTHER_ROWS) if r[row] == rec[row]) for r in rivals
        ]
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
        best_total += SCENE_ROWS + _honest_rows(group, rec, 0)
    n = len(culprits)
    return Figures(random_total / n, best_total / n, fewest_total / n, most, tuple(groups))


def _honest_rows(group: tuple[str, ...], culprit: str, known: int) -> float:
    """Further rows an honest detective needs for `culprit`, each row chosen by `_choice`."""
    used = 0
    while len(group) > 1:
        row = _choice(group, known)
        if row is None:
            break
        known |= 1 << row
        group = tuple(r for r in group if r[row] == culprit[row])
        used += 1
    return float(used)


@cache
def _choice(group: tuple[str, ...], known: int) -> int | None:
    """The further row whose clue leaves the fewest suspects on average (ties: lowest row)."""
    best: tuple[float, int] | None = None
    for row in FURTHER_ROWS:
        if known >> row & 1:
            continue
        parts: dict[str, int] = {}
        for rec in group:
            parts[rec[row]] = parts.get(rec[row], 0) + 1
        left = sum(n * n for n in parts.values()) / len(group)
        if len(parts) > 1 and (best is None or left < best[0]):
            best = (left, row)
    return None if best is None else best[1]


# --- the generator -------------------------------------------------------------------------
Code = tuple[int, ...]  # a record's further rows within a group: 0 or 1, the group's two clues
_PAIRS = tuple(combinations(range(len(FURTHER_ROWS)), 2))
_CODES = tuple(
    tuple((k >> i) & 1 for i in range(len(FURTHER_ROWS))) for k in range(1 << len(FURTHER_ROWS))
)


def _covered(code: Code, others: Sequence[Code]) -> set[tuple[int, int]]:
    """Pairs of further rows on which some other record agrees with `code`."""
    return {(r, s) for r, s in _PAIRS if any(o[r] == code[r] and o[s] == code[s] for o in others)}


def _decoys(culprits: Sequence[Code], rng: Rng) -> list[Code] | None:
    """GROUP_SIZE - GROUP_CULPRITS innocent codes that keep every culprit in `culprits`
    unsettled by any two further rows, chosen greedily (random among the best), or None."""
    group = list(culprits)
    chosen: list[Code] = []

    def missing() -> list[tuple[int, Code, tuple[int, int]]]:
        out: list[tuple[int, Code, tuple[int, int]]] = []
        for i, c in enumerate(culprits):
            covered = _covered(c, [o for o in group if o != c])
            out.extend((i, c, pair) for pair in _PAIRS if pair not in covered)
        return out

    for _ in range(GROUP_SIZE - GROUP_CULPRITS):
        need = missing()

        def covers(code: Code, need: list[tuple[int, Code, tuple[int, int]]] = need) -> int:
            return sum(code[r] == c[r] and code[s] == c[s] for _, c, (r, s) in need)

        free = [code for code in _CODES if code not in group]
        top = max(covers(code) for code in free)
        pick = rng.choice([code for code in free if covers(code) == top])
        group.append(pick)
        chosen.append(pick)
    return chosen if not missing() else None


def _row_letters(rng: Rng) -> list[list[tuple[str, str]]]:
    """For each further row, each Scene group's two clues; every clue used by some group."""
    rows = []
    for _ in FURTHER_ROWS:
        letters = list(LETTERS)
        rng.shuffle(letters)
        rows.append(
            [(letters[g], letters[(g + 1 + rng.randint(0, 2)) % 4]) for g in range(SCENE_GROUPS)]
        )
    return rows


def generate_records(rng: Rng) -> tuple[list[str], dict[str, list[str]]]:
    """The 16 culprits' records (one a card) and, for each crime, its 16 innocents' records.

    The two Scenes make SCENE_GROUPS groups (every clue of rows 1 and 2 used); in each
    group GROUP_CULPRITS culprits are drawn at random, and each crime gets its own
    innocents, chosen so that no two further rows single a culprit out. Draws are
    repeated until that holds, every clue of every row is someone's, and the three
    crimes' innocents differ.
    """
    while True:
        first, second = list(LETTERS), list(LETTERS)
        rng.shuffle(first)
        rng.shuffle(second)
        scenes = [a + b for a, b in zip(first, second, strict=True)]
        letters = _row_letters(rng)

        culprits: list[str] = []
        innocents: dict[str, list[str]] = {key: [] for key in CRIMES}
        for g in range(SCENE_GROUPS):
            spell = partial(_spell, scenes[g], [row[g] for row in letters])
            codes = _group(rng, innocents, spell)
            if codes is None:
                break
            culprits.extend(spell(c) for c in codes)
        else:
            everyone = [culprits + innocents[key] for key in CRIMES]
            distinct = len({frozenset(e) for e in everyone}) == len(CRIMES)
            used = all({r[row] for r in e} == set(LETTERS) for e in everyone for row in range(ROWS))
            if distinct and used and all(len(set(e)) == SUSPECTS for e in everyone):
                return culprits, innocents


def _spell(scene: str, clues: Sequence[tuple[str, str]], code: Code) -> str:
    """A group's record: its Scenes' letters, then each further row's clue 0 or 1."""
    return scene + "".join(pair[bit] for pair, bit in zip(clues, code, strict=True))


def _group(
    rng: Rng, innocents: dict[str, list[str]], spell: Callable[[Code], str]
) -> list[Code] | None:
    """Draw one group's culprit codes and each crime's innocent codes (None: start again)."""
    width = len(FURTHER_ROWS)
    for _ in range(DECOY_TRIES):
        codes: list[Code] = []
        while len(codes) < GROUP_CULPRITS:
            code = tuple(rng.randint(0, 1) for _ in range(width))
            if code not in codes:
                codes.append(code)
        found: dict[str, list[Code]] = {}
        for key in CRIMES:
            for _ in range(DECOY_TRIES):
                decoys = _decoys(codes, rng)
                if decoys is not None and all(
                    set(decoys) != set(other) for other in found.values()
                ):
                    found[key] = decoys
                    break
            else:
                break
        else:
            for key in CRIMES:
                innocents[key].extend(spell(c) for c in found[key])
            return codes
    return None


def generate_case_book(seed: int, names: CaseBook | None = None) -> CaseBook:
    """A new set of records and 16 cards, with the printed Read Outs and names.

    The same guarantees as the printed set (`check_case_book`). Card #1 stays the
    Sample: its culprits are R1, M4 and S5 and its Scene 1 hole is A (the letters of
    row 1 are relabelled to make it so). `names` gives the Read Outs and names (the
    printed set by default; the printed set itself was made from its own names).
    """
    rng = Rng(seed)
    printed = names if names is not None else load_case_book()
    culprits, innocents = generate_records(rng)
    rng.shuffle(culprits)  # card k is punched with culprits[k - 1]
    first = culprits[0][0]
    swap = {first: SAMPLE_SCENE_1_HOLE, SAMPLE_SCENE_1_HOLE: first}

    def relabel(rec: str) -> str:
        return swap.get(rec[0], rec[0]) + rec[1:]

    culprits = [relabel(r) for r in culprits]
    crimes: dict[str, Crime] = {}
    guilty: list[dict[str, str]] = [{} for _ in range(CARDS)]
    for key, crime in printed.crimes.items():
        numbers = [s.number for s in crime.suspects]
        sample = SAMPLE_CULPRITS[key]
        others = [n for n in numbers if n != sample]
        rng.shuffle(others)
        order = [sample, *others]  # order[k] is guilty on card k + 1; the rest never
        pool = [relabel(r) for r in innocents[key]]
        rng.shuffle(pool)
        record_of = dict(zip(order, culprits + pool, strict=True))
        for k, number in enumerate(order[:CARDS]):
            guilty[k][key] = number
        suspects = tuple(Suspect(s.number, s.name, record_of[s.number]) for s in crime.suspects)
        crimes[key] = Crime(crime.key, crime.name, crime.letter, crime.readout, suspects)
    cards = tuple(Card(k + 1, k == 0, culprits[k], guilty[k]) for k in range(CARDS))
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
