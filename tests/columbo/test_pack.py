"""The pack of 60, Special Rule 1's packs for 2 and 3 players, and the deal."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest

from sleuth.core import Rng
from sleuth.games.columbo.cards import PackError, load_pack, parse_pack, trimmed_pack
from tests.columbo.conftest import new


def _data() -> dict[str, object]:
    text = resources.files("sleuth.games.columbo").joinpath("data/pack.json").read_text()
    data: dict[str, object] = json.loads(text)
    return data


def test_the_full_pack_has_sixty_cards_and_four_players_use_them_all() -> None:
    """CO-SPECIAL-04: the full pack is 60 cards (34 + 26 removed, 48 + 12 removed) and is
    used whole when neither special case applies."""
    pack = load_pack()
    assert len(pack.cards) == 60 == len({c.id for c in pack.cards})
    state = new(players=4)
    assert sorted(state.in_play) == list(range(60))
    assert state.removed == []
    assert len(new(players=2).in_play) == 60 - 26
    assert len(new(players=3).in_play) == 60 - 12


def test_the_designed_contents() -> None:
    """The names the rulebook prints are in the pack, and the kinds add up to 60."""
    pack = load_pack()
    groups = Counter(c.group for c in pack.cards)
    assert groups == {
        "figure": 20,
        "weapon": 20,
        "motive": 6,
        "columbo": 6,
        "mystery": 1,
        "no-clue": 7,
    }
    titles = set(pack.titles.values())
    assert {"T.V. Star", "Sports Figure", "Rope", "Bottle of Poison", "Electric"} <= titles
    assert "Jealousy" in {c.name for c in pack.cards if c.kind == "motive"}
    for kind in pack.sets:  # four different parts of one picture
        assert len({pack.cards[c].name for c in pack.of_kind(kind)}) == 4
    assert len({pack.cards[c].name for c in pack.of_kind("columbo")}) == 6


@pytest.mark.parametrize("removal", ["random", "fixed"])
def test_two_players_use_34_cards(removal: str) -> None:
    """CO-SPECIAL-01: with 2 players, 3 complete figures, 2 complete weapons, 3 Motive cards
    and 3 No Clue cards leave the pack: 34 cards remain."""
    pack = load_pack()
    for seed in range(12):
        state = new(players=2, seed=seed, removal=removal)
        kept = Counter(pack.cards[c].group for c in state.in_play)
        assert len(state.in_play) == 34
        assert kept == {
            "figure": 8,
            "weapon": 12,
            "motive": 3,
            "columbo": 6,
            "mystery": 1,
            "no-clue": 4,
        }
        sets = Counter(pack.cards[c].kind for c in state.in_play if pack.cards[c].kind in pack.sets)
        assert all(n == 4 for n in sets.values()), "only complete sets are removed"


def test_three_players_use_48_cards() -> None:
    """CO-SPECIAL-03: with 3 players, 2 complete figures and 1 complete weapon (12 cards)
    leave the pack."""
    pack = load_pack()
    for seed in range(12):
        state = new(players=3, seed=seed)
        kept = Counter(pack.cards[c].group for c in state.in_play)
        assert len(state.in_play) == 48
        assert kept == {
            "figure": 12,
            "weapon": 16,
            "motive": 6,
            "columbo": 6,
            "mystery": 1,
            "no-clue": 7,
        }
        assert len(state.removed) == 12  # shown in the set-up event and the view
        assert [c["id"] for c in state.view(None)["removed"]] == state.removed


def test_which_sets_leave_random_or_fixed() -> None:
    """Gap 3: at random under the seed (default), or always the last ones listed, which keeps
    every name the rulebook prints."""
    pack = load_pack()
    drawn = {frozenset(trimmed_pack(pack, 2, Rng(seed))) for seed in range(30)}
    assert len(drawn) > 10
    fixed = trimmed_pack(pack, 2, None)
    kinds = {pack.cards[c].kind for c in fixed}
    assert {"tv-star", "sports-figure", "rope", "poison", "electric"} <= kinds
    assert pack.cards[pack.of_kind("motive")[0]].name == "Jealousy"
    assert pack.of_kind("motive")[0] in fixed


def test_pack_errors_are_caught_on_load() -> None:
    data = _data()
    with pytest.raises(PackError, match="60"):
        parse_pack({**data, "no_clue": 8})
    with pytest.raises(PackError, match="Columbo"):
        parse_pack({**data, "columbo": ["a", "b", "c", "d", "e"]})
    figures = list(data["figures"])  # type: ignore[call-overload]
    with pytest.raises(PackError, match="twice"):
        parse_pack({**data, "figures": [*figures[:-1], figures[0]]})
    weapons = list(data["weapons"])  # type: ignore[call-overload]
    three_figures = {  # 60 cards, but 2 players would have no figure left
        **data,
        "figures": figures[:3],
        "weapons": [*weapons, {"kind": "x", "name": "X"}],
        "no_clue": 11,
    }
    with pytest.raises(PackError, match="Special Rule 1"):
        parse_pack(three_figures)


@pytest.mark.parametrize(
    ("players", "piles"), [(2, [5, 5, 5, 5]), (3, [5, 5, 5, 4, 4, 4]), (4, [6, 6, 5, 5, 5, 5])]
)
def test_seven_each_and_the_rest_in_equal_piles(players: int, piles: list[int]) -> None:
    """CO-SETUP-01: the cards are shuffled, 7 dealt to each detective, the rest in roughly
    equal piles on the numbered rooms (Special Rule 1 for 2 and 3 players)."""
    state = new(players=players, seed=3)
    assert [len(d.hand) for d in state.detectives] == [7] * players
    assert [len(p) for p in state.piles.values()] == piles
    view = state.view(None)
    assert [r["cards"] for r in view["rooms"] if r["in_play"]] == piles
    hands = {tuple(new(players=players, seed=s).detectives[0].hand) for s in range(6)}
    assert len(hands) == 6, "shuffled under the seed"


def test_two_players_use_rooms_one_to_four() -> None:
    """CO-SPECIAL-02: with 2 players only Rooms 1-4 are used; the undealt cards go there and
    Rooms 5 and 6 are closed."""
    state = new(players=2)
    assert state.rooms == (1, 2, 3, 4)
    assert sum(len(p) for p in state.piles.values()) == 34 - 14
    view = state.view(None)
    assert [r["in_play"] for r in view["rooms"]] == [True] * 4 + [False] * 2
    assert new(players=3).rooms == (1, 2, 3, 4, 5, 6)
