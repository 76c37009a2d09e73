"""The cases: clue sheets, informer cards, the Solution Book, and generated cases."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from sleuth.games.kojak.board import BUILDINGS
from sleuth.games.kojak.cases import (
    CODES,
    Case,
    CaseError,
    fill,
    generate_case,
    get_case,
    informer_set,
    load_casebook,
    parse_casebook,
    problems,
)
from tests.kojak.conftest import new, ready

CASEBOOK = load_casebook()
GENERATED = [generate_case(n) for n in range(51, 1051)]


def raw(name: str) -> Any:
    return json.loads(resources.files("sleuth.games.kojak").joinpath(f"data/{name}").read_text())


def test_fifty_numbered_games() -> None:
    """KJ-SETUP-03: there are 50 numbered games, each with its own codes and solution; a clue
    sheet serves five of them, as the rulebook's reads "sheets for games 1, 2, 3, 4, 5"."""
    assert sorted(CASEBOOK) == list(range(1, 51))
    assert all(CASEBOOK[n].number == n for n in CASEBOOK)
    assert len({c.sheet for c in CASEBOOK.values()}) == 10
    for n, case in CASEBOOK.items():
        assert n in case.sheet.games and len(case.sheet.games) == 5
        assert case.sheet == CASEBOOK[case.sheet.games[0]].sheet
    # the five games of a sheet are five different cases
    for first in range(1, 51, 5):
        block = [CASEBOOK[n] for n in range(first, first + 5)]
        assert len({(c.hideout, tuple(sorted(c.codes.items()))) for c in block}) == 5


def test_generated_games_share_sheets_by_five() -> None:
    """Games above 50 are generated the same way: one sheet for 51-55, 56-60, ..."""
    assert GENERATED[0].sheet == GENERATED[4].sheet != GENERATED[5].sheet
    assert GENERATED[0].sheet.pad == "51-55" and GENERATED[5].sheet.games == (56, 57, 58, 59, 60)
    assert len({(c.hideout, tuple(sorted(c.codes.items()))) for c in GENERATED[:5]}) > 1


@pytest.mark.parametrize("case", [*CASEBOOK.values(), *GENERATED], ids=lambda c: str(c.number))
def test_case_guarantees(case: Case) -> None:
    """KJ-CLUE-06: every informer statement clears a building, and no informer's code ever clears
    the hide-out; the four buildings' codes together clear all three other buildings; each
    building's informers give one clue (KJ-ADVANCED-11)."""
    assert problems(case) == []
    assert [s.code for s in case.sheet.statements] == list(CODES)
    assert sorted(case.codes) == sorted(BUILDINGS)  # one code a building: identical informers
    cleared = {case.clue(b).clears for b in BUILDINGS}
    assert case.hideout not in cleared
    assert cleared == set(BUILDINGS) - {case.hideout}


def test_problems_catch_broken_cases() -> None:
    case = CASEBOOK[1]
    assert problems(Case(1, case.sheet, {**case.codes, "hotel": "E"}, "restaurant"))  # names it
    assert problems(Case(1, case.sheet, {b: "B" for b in BUILDINGS}, "restaurant"))  # Bus only
    assert problems(Case(1, case.sheet, {"bus": "B"}, "restaurant"))  # codes missing
    assert problems(Case(6, case.sheet, dict(case.codes), "restaurant"))  # not its sheet


def test_hideouts_are_balanced_over_the_printed_games() -> None:
    counts = {b: sum(c.hideout == b for c in CASEBOOK.values()) for b in BUILDINGS}
    assert min(counts.values()) >= 12


def test_informer_cards_come_in_five_sets_of_ten() -> None:
    """KJ-INFORMER-03: informer cards come in sets for games 1-10, 11-20, 21-30, 31-40 and 41-50,
    and a game is played with the set holding its number."""
    sets = raw("informer_cards.json")["sets"]
    assert [s["label"] for s in sets] == [f"For Games {a}-{a + 9}" for a in (1, 11, 21, 31, 41)]
    assert informer_set(8) == "1-10" and informer_set(37) == "31-40" and informer_set(50) == "41-50"
    assert new(game=37).view(0)["case"]["informer_set"] == "31-40"
    assert get_case(73).informer_set == "71-80"


def test_informer_cards_carry_a_letter_per_game() -> None:
    """KJ-INFORMER-04: inside its fold each informer card carries one code letter for each game of
    its set (the letters stay hidden: see the no-leak property tests)."""
    for card_set in raw("informer_cards.json")["sets"]:
        for letters in card_set["cards"].values():
            assert len(letters) == 10 and set(letters.values()) <= set(CODES)
    assert raw("informer_cards.json")["sets"][0]["cards"]["green"]["1"] == "B"


def test_games_in_any_order() -> None:
    """KJ-SETUP-04, KJ-EXAMPLE-01: games need not be played in order; game 8 may come first and
    game 37 next, each with the sheet for its five games, whatever was played before."""
    first, second = new(game=8, seed=4), new(game=37, seed=4)
    assert first.case.number == 8 and second.case.number == 37
    assert first.view(0)["case"]["title"] == CASEBOOK[8].sheet.title
    assert second.view(0)["case"]["title"] == CASEBOOK[37].sheet.title
    drawn = {new(seed=s).case.number for s in range(40)}
    assert len(drawn) > 20 and drawn <= set(range(1, 51))


def test_game_one_sheet_verbatim() -> None:
    """KJ-EXAMPLE-02: the Game #1 clue sheet, the Stake Out Game, the sheet for games 1-5."""
    sheet = CASEBOOK[1].sheet
    assert sheet.title == "Stake Out Game" and sheet.games == (1, 2, 3, 4, 5)
    assert sheet.pad == "1-5" and all(CASEBOOK[n].sheet == sheet for n in range(1, 6))
    assert [s.text for s in sheet.statements] == [
        "The diner's being sold. Fats isn't there.",
        "I was at the Bus Station all day and Fats wasn't.",
        "The hotel desk clerk hasn't seen Fats.",
        "Fats? No. He's not at the movies, that's for sure.",
        "Fats was in the diner yesterday, but he's long gone.",
        "No one at the Bus Station has seen Fats.",
        "The hotel is too good for Fats. He's not there.",
        "Fats is laying low and isn't at the movies.",
    ]


def test_game_one_codes_clear_buildings_and_fats_is_the_criminal() -> None:
    """KJ-EXAMPLE-03: on the Game #1 sheet A and E clear the Restaurant, B and F the Bus Station,
    C and G the Hotel, D and H the Movie House; the criminal is Fats."""
    sheet = CASEBOOK[1].sheet
    clears = {s.code: s.clears for s in sheet.statements}
    assert clears == {
        "A": "restaurant", "E": "restaurant", "B": "bus", "F": "bus",
        "C": "hotel", "G": "hotel", "D": "movie", "H": "movie",
    }  # fmt: skip
    assert sheet.criminal == "Fats"
    assert dict(CASEBOOK[1].codes) == {"bus": "B", "movie": "G", "restaurant": "H", "hotel": "C"}


def test_generator_is_repeatable_and_varied() -> None:
    assert generate_case(73) == generate_case(73) == get_case(73)
    assert generate_case(73) != generate_case(74)
    assert {c.hideout for c in GENERATED} == set(BUILDINGS)
    patterns = {tuple(c.clue(b).clears == b for b in BUILDINGS) for c in GENERATED}
    assert len(patterns) > 8  # informers clear their own building, or another
    case = generate_case(60, hideout="hotel")
    assert case.hideout == "hotel" and problems(case) == []
    with pytest.raises(CaseError):
        get_case(0)


def test_statements_read_well() -> None:
    assert fill("No {name}. {He} left.", "The Weasel") == "No the Weasel. He left."
    assert fill("{name} hid. {He} left {his} hat.", "The Weasel", "she") == (
        "The Weasel hid. She left her hat."
    )
    for case in GENERATED[:50]:
        for s in case.sheet.statements:
            assert "{" not in s.text and case.sheet.criminal.split()[-1] in s.text


def test_broken_data_is_refused() -> None:
    sheets, cards = raw("clue_sheets.json"), raw("informer_cards.json")
    book = raw("solution_book.json")
    assert parse_casebook(sheets, cards, book) == CASEBOOK
    bad_book = copy.deepcopy(book)
    bad_book["solutions"]["1"] = "bus"  # game 1's green informer clears the Bus Station
    with pytest.raises(CaseError, match="game 1"):
        parse_casebook(sheets, cards, bad_book)
    bad_cards = copy.deepcopy(cards)
    del bad_cards["sets"][4]
    with pytest.raises(CaseError, match="codes"):
        parse_casebook(sheets, bad_cards, book)
    bad_sheets = copy.deepcopy(sheets)
    first = bad_sheets["sheets"][2]["statements"][0]
    first["clears"] = next(b for b in BUILDINGS if b != first["clears"])
    with pytest.raises(CaseError, match="game 11"):
        parse_casebook(bad_sheets, cards, book)
    bad_sheets = copy.deepcopy(sheets)
    bad_sheets["sheets"][1]["games"] = [7, 8, 9, 10, 11]
    with pytest.raises(CaseError, match="five games"):
        parse_casebook(bad_sheets, cards, book)
    with pytest.raises(CaseError, match="malformed"):
        parse_casebook({"sheets": [{}]}, cards, book)


def test_view_carries_the_sheet() -> None:
    """KJ-SETUP-09: each player has the game's clue sheet in his notebook (public to all)."""
    state = ready(game=12)
    for seat in (0, 1, None):
        assert state.view(seat)["case"] == {
            **CASEBOOK[12].sheet.to_json(),
            "game": 12,
            "informer_set": "11-20",
        }
    assert state.view(0)["case"]["pad"] == "11-15"
