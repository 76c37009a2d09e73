"""The cases: clue sheets, informer cards and the Solution Book, and a generator for more.

Games 1-50 are printed content, read from three data files that mirror the
three things in the box:

* `clue_sheets.json`: ten sheets, one for each five games (the rulebook's
  reads "Stake Out Game, sheets for games 1, 2, 3, 4, 5"): a title, a criminal
  and the eight informer statements A-H, each clearing one building (two per
  building). Every player has a copy: the sheets are public. The five games
  of a sheet are different cases only through the cards and the book.
* `informer_cards.json`: five sets of informer cards (games 1-10, ..., 41-50);
  inside its fold each card carries one code letter per game of its set. All
  informers of one colour carry the same letter for a game (KJ-ADVANCED-11),
  so a set stores one column of letters per colour. Secret until taken.
* `solution_book.json`: each game's hide-out. Secret until the end.

Every case, printed or generated, keeps three guarantees (`problems`):
no informer's code ever clears the hide-out; the four buildings' codes
together clear all three other buildings; and each building's informers
give one clue. Games above 50 are generated from the phrase bank
(`phrases.json`), the same way for the same number, so "game 73" is one case
everywhere; they too share a sheet by fives (71-75).

Because the book and the generator are public, a game played online does not
use their secrets: `draw_secrets(number, sheet, rng)` draws a fresh hide-out and
fresh codes behind the shown sheet from the game's own seeded chance (option
`solution`, "drawn"). Only option `solution="book"` plays the printed ones.

    >>> case = get_case(1)
    >>> case.sheet.title, case.sheet.criminal, case.sheet.pad, case.hideout
    ('Stake Out Game', 'Fats', '1-5', 'restaurant')
    >>> get_case(3).sheet == case.sheet
    True
    >>> print(case.clue("bus").text)
    I was at the Bus Station all day and Fats wasn't.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from sleuth.core import Rng
from sleuth.games.kojak.board import BUILDINGS

CODES = "ABCDEFGH"
PRINTED = 50  # games in the box (KJ-SETUP-03)
SET_SIZE = 10  # games per set of informer cards (KJ-INFORMER-03)
HIGHEST = 1_000_000  # the highest game number played (generated above PRINTED)
# The buildings at the foot of every clue sheet, in the order printed there (the rulebook's
# sheet: Restaurant, Bus Station, Hotel, Movie); the notebook circles them in this order.
SHEET_ROW: tuple[str, ...] = ("restaurant", "bus", "hotel", "movie")
PAD_SIZE = 5  # games per clue sheet ("sheets for games 1, 2, 3, 4, 5")
_GENERATOR_SEED = 0x4B4A_0000  # "KJ": sheet from game n seeded + 2n, case n + 2n + 1
PRONOUNS = {
    "he": {"he": "he", "He": "He", "him": "him", "his": "his"},
    "she": {"he": "she", "He": "She", "him": "her", "his": "her"},
}


class CaseError(ValueError):
    """A case or the case data files break a rule the game needs."""


@dataclass(frozen=True, slots=True)
class Statement:
    code: str  # "A".."H"
    clears: str  # the building the criminal is NOT hiding in
    text: str

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "clears": self.clears, "text": self.text}


@dataclass(frozen=True)
class ClueSheet:
    """The clue sheet for five games: public, every player has one in his notebook."""

    first: int  # the first of its games: 1, 6, 11, ...
    title: str
    criminal: str
    statements: tuple[Statement, ...]

    @property
    def games(self) -> tuple[int, ...]:
        """The games the sheet serves, as printed on it."""
        return tuple(range(self.first, self.first + PAD_SIZE))

    @property
    def pad(self) -> str:
        """The games on the sheet as a range: "1-5"."""
        return f"{self.first}-{self.first + PAD_SIZE - 1}"

    def statement(self, code: str) -> Statement:
        return self.statements[CODES.index(code)]

    def to_json(self) -> dict[str, Any]:
        return {
            "games": list(self.games),
            "pad": self.pad,
            "title": self.title,
            "criminal": self.criminal,
            "statements": [s.to_json() for s in self.statements],
            "row": list(SHEET_ROW),
        }


@dataclass(frozen=True)
class Case:
    """A whole game's content: the public sheet, the secret codes and the secret hide-out."""

    number: int  # the game played, one of the sheet's five
    sheet: ClueSheet
    codes: Mapping[str, str]  # building -> the code letter its informers carry for this game
    hideout: str

    @property
    def informer_set(self) -> str:
        """The set of informer cards the game is played with (KJ-INFORMER-03)."""
        return informer_set(self.number)

    def clue(self, building: str) -> Statement:
        """What an informer of `building` says in this game."""
        return self.sheet.statement(self.codes[building])

    def cleared(self) -> set[str]:
        """Every building some informer clears."""
        return {self.clue(b).clears for b in BUILDINGS}


def sheet_first(game: int) -> int:
    """The first game of the sheet that serves `game` (1 for games 1-5)."""
    return (game - 1) // PAD_SIZE * PAD_SIZE + 1


def informer_set(game: int) -> str:
    first = (game - 1) // SET_SIZE * SET_SIZE + 1
    return f"{first}-{first + SET_SIZE - 1}"


def problems(case: Case) -> list[str]:
    """Every guarantee the case breaks (an empty list for a good case)."""
    found: list[str] = []
    sheet = case.sheet
    if case.number not in sheet.games:
        found.append(f"the sheet is for games {sheet.pad}")
    if "".join(s.code for s in sheet.statements) != CODES:
        found.append("the statements must be lettered A to H, in order")
    for building in BUILDINGS:
        n = sum(s.clears == building for s in sheet.statements)
        if n != 2:
            found.append(f"{n} statements clear {building}; each building needs two")
    if sorted(case.codes) != sorted(BUILDINGS):
        found.append("each building's informers need one code letter")
        return found
    if case.hideout not in BUILDINGS:
        return [*found, f"unknown hide-out {case.hideout!r}"]
    for building, code in case.codes.items():
        if code not in CODES:
            found.append(f"{building}'s code {code!r} is not a letter A-H")
        elif sheet.statement(code).clears == case.hideout:
            found.append(f"{building}'s informers would clear the hide-out")
    if not found and case.cleared() != set(BUILDINGS) - {case.hideout}:
        found.append("the informers together do not clear all three other buildings")
    return found


def check_case(case: Case) -> Case:
    trouble = problems(case)
    if trouble:
        raise CaseError(f"game {case.number}: {'; '.join(trouble)}")
    return case


# --- the printed games ---------------------------------------------------------------------
def _read(name: str) -> Any:
    return json.loads(resources.files("sleuth.games.kojak").joinpath(f"data/{name}").read_text())


def parse_casebook(sheets: Any, cards: Any, book: Any) -> dict[int, Case]:
    """Check and join the three printed data files into games 1-50."""
    colours = {"red": "movie", "blue": "restaurant", "yellow": "hotel", "green": "bus"}
    try:
        parsed_sheets: dict[int, ClueSheet] = {}
        for s in sheets["sheets"]:
            numbers = [int(g) for g in s["games"]]
            sheet = ClueSheet(
                numbers[0],
                str(s["title"]),
                str(s["criminal"]),
                tuple(Statement(st["code"], st["clears"], st["text"]) for st in s["statements"]),
            )
            if numbers != list(sheet.games) or sheet_first(numbers[0]) != numbers[0]:
                raise CaseError(f"a sheet serves five games from 1, 6, 11, ...: not {numbers}")
            parsed_sheets.update({g: sheet for g in numbers})
        codes: dict[int, dict[str, str]] = {}
        for card_set in cards["sets"]:
            games = range(card_set["first"], card_set["first"] + SET_SIZE)
            if card_set.get("label") != f"For Games {informer_set(games[0])}":
                raise CaseError(f"set {informer_set(games[0])} is labelled {card_set.get('label')}")
            if sorted(card_set["cards"]) != sorted(colours):
                raise CaseError(f"set {informer_set(games[0])} needs one card per colour")
            for colour, letters in card_set["cards"].items():
                if sorted(int(g) for g in letters) != list(games):
                    raise CaseError(f"the {colour} card of set {informer_set(games[0])} is wrong")
                for game, letter in letters.items():
                    codes.setdefault(int(game), {})[colours[colour]] = letter
        solutions = {int(g): str(b) for g, b in book["solutions"].items()}
    except (KeyError, TypeError, ValueError) as err:
        if isinstance(err, CaseError):
            raise
        raise CaseError(f"case data is malformed: {err!r}") from err
    wanted = set(range(1, PRINTED + 1))
    for what, have in (("clue sheets", parsed_sheets), ("codes", codes), ("solutions", solutions)):
        if set(have) != wanted:
            raise CaseError(f"the {what} must cover games 1-{PRINTED}")
    return {
        n: check_case(Case(n, parsed_sheets[n], codes[n], solutions[n])) for n in sorted(wanted)
    }


@cache
def load_casebook() -> dict[int, Case]:
    return parse_casebook(
        _read("clue_sheets.json"), _read("informer_cards.json"), _read("solution_book.json")
    )


def get_case(number: int) -> Case:
    """Game `number`: printed (1-50) or generated (51 and up)."""
    if number < 1:
        raise CaseError("games are numbered from 1")
    if number <= PRINTED:
        return load_casebook()[number]
    return generate_case(number)


# --- secrets drawn afresh ------------------------------------------------------------------
def draw_secrets(
    number: int,
    sheet: ClueSheet,
    rng: Rng,
    *,
    taken_codes: Mapping[str, str] | None = None,
    open_: Sequence[str] = BUILDINGS,
) -> Case:
    """Game `number` on `sheet`, its hide-out and codes drawn from `rng`, keeping every guarantee.

    `taken_codes` (building -> code) are kept as they are: the clues someone already
    read. The hide-out is drawn evenly from the buildings in `open_` that those
    clues do not clear; then each building without a code is given one, first so
    that every building other than the hide-out is cleared, the rest at random
    among the statements that do not clear the hide-out. With nothing taken
    and every building open this is a whole new case behind the same sheet.
    """
    codes = dict(taken_codes or {})
    if any(b not in BUILDINGS or c not in CODES for b, c in codes.items()):
        raise CaseError(f"unknown buildings or code letters among {codes}")
    cleared = {sheet.statement(c).clears for c in codes.values()}
    candidates = [b for b in open_ if b not in cleared]
    if not candidates:
        raise CaseError("the known clues and open buildings leave no hide-out")
    hideout = rng.choice(candidates)
    others = [b for b in BUILDINGS if b != hideout]
    needed = [b for b in others if b not in cleared]
    rng.shuffle(needed)
    unknown = [b for b in BUILDINGS if b not in codes]
    if len(needed) > len(unknown):
        raise CaseError("too few codes are left to clear every building but the hide-out")
    rng.shuffle(unknown)
    for i, building in enumerate(unknown):
        target = needed[i] if i < len(needed) else rng.choice(others)
        codes[building] = rng.choice([s.code for s in sheet.statements if s.clears == target])
    return check_case(Case(number, sheet, codes, hideout))


# --- the generator -------------------------------------------------------------------------
@dataclass(frozen=True)
class Phrases:
    statements: Mapping[str, tuple[str, ...]]
    title_first: tuple[str, ...]
    title_second: tuple[str, ...]
    criminals: tuple[tuple[str, str], ...]  # (name, pronoun)


@cache
def load_phrases() -> Phrases:
    data = _read("phrases.json")
    phrases = Phrases(
        {b: tuple(data["statements"][b]) for b in BUILDINGS},
        tuple(data["titles"]["first"]),
        tuple(data["titles"]["second"]),
        tuple((c["name"], c["pronoun"]) for c in data["criminals"]),
    )
    if any(len(ts) < 2 for ts in phrases.statements.values()):
        raise CaseError("the phrase bank needs at least two statements per building")
    if any(p not in PRONOUNS for _, p in phrases.criminals):
        raise CaseError("each criminal's pronoun is 'he' or 'she'")
    return phrases


def fill(template: str, name: str, pronoun: str = "he") -> str:
    """Write a statement for one criminal: 'No {name}.' with 'The Weasel' -> 'No the Weasel.'"""
    pieces = template.split("{name}")
    out = pieces[0]
    for piece in pieces[1:]:
        starts_sentence = out.rstrip() == "" or out.rstrip()[-1] in ".!?"
        here = name
        if not starts_sentence and name.startswith("The "):
            here = "the " + name[4:]
        out += here + piece
    return out.format(**PRONOUNS[pronoun])


@cache
def generate_sheet(first: int) -> ClueSheet:
    """The generated clue sheet for games `first` to `first` + 4 (`first` is 51, 56, ...).

    Two statements per building are drawn from the phrase bank and lettered at
    random, for a criminal and a title drawn from the bank too.
    """
    if sheet_first(first) != first:
        raise CaseError(f"a sheet starts at game 1, 6, 11, ...: not {first}")
    rng = Rng(_GENERATOR_SEED + 2 * first)
    phrases = load_phrases()
    name, pronoun = rng.choice(phrases.criminals)
    title = f"The {rng.choice(phrases.title_first)} {rng.choice(phrases.title_second)}"
    drafted: list[tuple[str, str]] = []
    for building in BUILDINGS:
        bank = list(phrases.statements[building])
        rng.shuffle(bank)
        drafted += [(building, fill(t, name, pronoun)) for t in bank[:2]]
    rng.shuffle(drafted)
    statements = tuple(Statement(c, b, text) for c, (b, text) in zip(CODES, drafted, strict=True))
    return ClueSheet(first, title, name, statements)


def generate_case(number: int, *, hideout: str | None = None) -> Case:
    """Game `number` above 50, the same every time for the same arguments, keeping every guarantee.

    The sheet is its five games' generated sheet. Three of the four buildings'
    informers clear the three buildings other than the hide-out, one each, in
    a random order; the fourth clears one of those three again. Each
    informer's letter is one of the two statements that clear its target.
    """
    sheet = generate_sheet(sheet_first(number))
    rng = Rng(_GENERATOR_SEED + 2 * number + 1)  # odd seeds: never a sheet's
    if hideout is None:
        hideout = rng.choice(BUILDINGS)
    others = [b for b in BUILDINGS if b != hideout]
    rng.shuffle(others)
    informers = list(BUILDINGS)
    rng.shuffle(informers)
    targets = dict(zip(informers, [*others, rng.choice(others)], strict=True))
    codes = {
        b: rng.choice([s.code for s in sheet.statements if s.clears == targets[b]])
        for b in BUILDINGS
    }
    return check_case(Case(number, sheet, codes, hideout))
