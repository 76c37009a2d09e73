"""The secrets behind the sheet: drawn with the game's seed, never looked up in shipped data.

The clue sheets, the informer cards and the Solution Book ship with sleuth,
and games above 50 come from a public generator seed, so a case's secrets
read from them are known to anyone who sees the game number. By default
(option `solution="drawn"`) the hide-out and codes are drawn afresh behind
the shown sheet; `solution="book"` plays the printed ones, for a real box.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import sleuth
from sleuth.core import IllegalAction, Rng
from sleuth.games.kojak import cases
from sleuth.games.kojak import state as kojak_state
from sleuth.games.kojak.board import BUILDINGS
from sleuth.games.kojak.bots import ExpertBot
from sleuth.games.kojak.cases import CaseError, draw_secrets, get_case, problems
from sleuth.games.kojak.options import KojakOptions
from tests.kojak.conftest import new
from tests.kojak.test_properties import random_play

SEEDS = range(200)


def secrets_of(state: kojak_state.Kojak) -> tuple[str, tuple[tuple[str, str], ...]]:
    return state.case.hideout, tuple(sorted(state.case.codes.items()))


def test_the_option() -> None:
    assert KojakOptions().solution == "drawn"
    described = {o["name"]: o for o in sleuth.spec("kojak").describe()["options"]}
    solution = described["solution"]
    assert solution["default"] == "drawn" and solution["choices"] == ["drawn", "book"]
    assert "look them up" in solution["secret"]  # the server warns every seat of a "book" table
    with pytest.raises(IllegalAction, match="solution must be one of"):
        new(solution="printed")
    assert new(solution="book").record().options["solution"] == "book"


@pytest.mark.parametrize("game", [1, 12, 50, 73])
def test_the_sheet_does_not_tell_the_secrets(game: int) -> None:
    """KJ-SETUP-11, KJ-INFORMER-04: nobody can read the solution or a code letter before the
    end: the same shown sheet hides any hide-out and many sets of codes, so knowing its number
    and the data that ships with sleuth (or the public generator) tells a spectator nothing."""
    drawn = [new(seed=s, game=game) for s in SEEDS]
    assert {s.view(None)["case"]["game"] for s in drawn} == {game}
    assert len({s.view(None)["case"]["title"] for s in drawn}) == 1  # one sheet shown
    hideouts = Counter(s.case.hideout for s in drawn)
    assert set(hideouts) == set(BUILDINGS) and max(hideouts.values()) < 0.4 * len(drawn)
    assert len({secrets_of(s) for s in drawn}) > 0.8 * len(drawn)
    book = get_case(game)
    assert sum(s.case.hideout == book.hideout for s in drawn) < 0.4 * len(drawn)
    assert sum(dict(s.case.codes) == dict(book.codes) for s in drawn) < 0.1 * len(drawn)


def test_looking_up_the_shown_number_is_no_better_than_a_guess() -> None:
    """KJ-SETUP-11: with the game number drawn too, the book's answer for the shown number is
    right about one time in four, as a blind guess is."""
    states = [new(players=2 + s % 3, seed=s) for s in SEEDS]
    looked_up = [get_case(s.view(None)["case"]["game"]) for s in states]
    right = sum(b.hideout == s.case.hideout for b, s in zip(looked_up, states, strict=True))
    assert 0.1 * len(states) < right < 0.4 * len(states)
    codes = sum(b.codes == s.case.codes for b, s in zip(looked_up, states, strict=True))
    assert codes < 0.1 * len(states)


@pytest.mark.parametrize("version", ["fast", "advanced"])
def test_every_drawn_case_keeps_the_guarantees(version: str) -> None:
    """KJ-CLUE-06: every drawn case keeps the guarantees of the printed ones: no code clears the
    hide-out, the four codes clear all three other buildings, one code per building
    (KJ-ADVANCED-11), behind the shown sheet, printed or generated."""
    for seed in SEEDS:
        game = (0, 1, 50, 51, 999)[seed % 5]
        state = new(players=2 + seed % 3, seed=seed, game=game, version=version)
        assert problems(state.case) == []
        assert state.case.sheet == get_case(state.case.number).sheet


def test_every_building_hides_the_criminal_about_as_often() -> None:
    counts = Counter(new(seed=1000 + s).case.hideout for s in range(800))
    assert set(counts) == set(BUILDINGS)
    assert all(150 <= n <= 250 for n in counts.values()), counts  # 200 each on average


def test_the_same_seed_options_and_actions_give_the_same_case() -> None:
    for seed in range(20):
        options = {"version": ("fast", "advanced")[seed % 2], "game": (0, 7, 88)[seed % 3]}
        state = new(3, seed, **options)
        assert secrets_of(new(3, seed, **options)) == secrets_of(state)
        random_play(state, random.Random(seed), 300)
        again = sleuth.replay(json.loads(json.dumps(state.record().to_json())))
        assert isinstance(again, kojak_state.Kojak)
        assert again.case == state.case
        assert again.view(None) == state.view(None)
        assert again.events_for(None) == state.events_for(None)


@pytest.mark.parametrize("game", [0, 1, 12, 50, 73])
def test_book_mode_plays_the_printed_case(game: int) -> None:
    """KJ-SETUP-03: with `solution="book"` a game is played with the informer cards printed for
    its number, and the Solution Book's hide-out (the generator's, above 50)."""
    for seed in range(10):
        state = new(seed=seed, game=game, solution="book")
        assert state.case == get_case(state.case.number)
        drawn = new(seed=seed, game=game)
        assert drawn.case.number == state.case.number  # the same sheet either way
        assert drawn.view(None)["case"] == state.view(None)["case"]


def test_clues_and_the_reveal_tell_the_drawn_secrets() -> None:
    """The clues read the drawn codes, and the end shows the drawn hide-out and codes."""
    differ = 0
    for seed in range(12):
        state = new(2, seed, version=("fast", "advanced")[seed % 2])
        random_play(state, random.Random(seed), 60_000)
        assert state.over
        for event in state.log:
            if event.kind == "clue":
                assert event.data["code"] == state.case.codes[event.data["building"]]
            if event.kind == "solution":
                assert event.data["hideout"] == state.case.hideout
        over = next(e for e in state.log if e.kind == "game_over")
        assert over.data["hideout"] == state.case.hideout
        assert over.data["codes"] == dict(state.case.codes)
        assert state.view(None)["reveal"]["codes"] == dict(state.case.codes)
        differ += dict(state.case.codes) != dict(get_case(state.case.number).codes)
    assert differ >= 10


def test_nothing_after_set_up_reads_the_book(monkeypatch: pytest.MonkeyPatch) -> None:
    """Views, events, resampling and the expert bot play a whole game with the book gone."""
    states = [new(players=2 + s % 3, seed=s, version=("fast", "advanced")[s % 2]) for s in range(4)]

    def gone(*args: object, **kwargs: object) -> None:
        raise AssertionError("the printed book was read during play")

    for name in ("get_case", "load_casebook", "generate_case", "parse_casebook"):
        monkeypatch.setattr(cases, name, gone)
    monkeypatch.setattr(kojak_state, "get_case", gone)
    for state in states:
        bots = [ExpertBot(seed=s) for s in range(state.players)]
        rng = Rng(state.seed)
        while not state.over:
            seat = state.to_move
            assert seat is not None
            state.resample(seat, rng).view(seat)
            state.apply(bots[seat].choose(state, seat))
        for seat in [None, *range(state.players)]:
            state.view(seat)
            state.events_for(seat)


def test_draw_secrets_keeps_the_clues_already_read() -> None:
    sheet = get_case(1).sheet
    rng = Rng(3)
    for _ in range(200):
        case = draw_secrets(1, sheet, rng, taken_codes={"bus": "B", "movie": "G"}, open_=BUILDINGS)
        assert problems(case) == []
        assert case.codes["bus"] == "B" and case.codes["movie"] == "G"
        assert case.hideout in ("restaurant", "movie")  # B and G clear the Bus Station and Hotel
    wrong = ["restaurant"]  # a wrong arrest struck it off
    open_ = [b for b in BUILDINGS if b not in wrong]
    assert {
        draw_secrets(1, sheet, rng, taken_codes={"bus": "B", "movie": "G"}, open_=open_).hideout
        for _ in range(50)
    } == {"movie"}
    with pytest.raises(CaseError, match="no hide-out"):
        draw_secrets(1, sheet, rng, taken_codes={"bus": "B", "movie": "G"}, open_=["bus", "hotel"])
    with pytest.raises(CaseError, match="code letter"):
        draw_secrets(1, sheet, rng, taken_codes={"bus": "Z"})
