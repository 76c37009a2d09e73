"""The Scanner Cards, the Read Out diagrams and the suspects, printed and generated."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from sleuth.games.manhunt.cases import (
    CARDS,
    DESIGN_BAND,
    LETTERS,
    CaseBook,
    CaseError,
    Suspect,
    case_book,
    check_case_book,
    figures,
    generate_case_book,
    load_case_book,
)
from tests.manhunt.conftest import new

PUBLISHED = {
    "Maria Net": "R1",
    "Una Corn": "M4",
    "Careful Carrie": "S5",
}
ORIGINAL = {"Dina Mite", "Nan Seewater", "Ida Hoe", "Luke Sharp", "Dora Jar", "Ella Minate",
            "Kay Poot", "Barb Wyre"}  # fmt: skip


def test_sixteen_cards_and_the_sample() -> None:
    """MH-SETUP-01: 16 Scanner Cards; Card #1 is marked "Sample"."""
    book = load_case_book()
    assert [c.number for c in book.cards] == list(range(1, 17))
    assert [c.sample for c in book.cards] == [True] + [False] * 15


def test_one_hole_in_each_row() -> None:
    """MH-PROBE-01: a card's black side has rows of holes A-D with exactly one punched a row."""
    for card in load_case_book().cards:
        assert len(card.holes) == 8 and set(card.holes) <= set(LETTERS)


def test_white_side_names_a_culprit_for_each_crime() -> None:
    """MH-SETUP-02: each card names a Robbery (R), a Murder (M) and a Swindle (S) culprit."""
    for card in load_case_book().cards:
        assert set(card.culprits) == {"robbery", "murder", "swindle"}
        assert [card.culprits[k][0] for k in ("robbery", "murder", "swindle")] == ["R", "M", "S"]


def test_the_sample_card() -> None:
    """MH-EXAMPLE-01: Card #1 names MARIA NET R1, UNA CORN M4 and CAREFUL CARRIE S5."""
    book = load_case_book()
    sample = book.cards[0]
    named = {k: book.culprit(sample, k) for k in ("robbery", "murder", "swindle")}
    assert {(s.name, s.number) for s in named.values()} == set(PUBLISHED.items())
    assert sample.hole(1) == "A"


def test_published_facts_are_kept() -> None:
    book = load_case_book()
    assert book.crime("robbery").readout[0].clues == (
        "Bank Robbery",
        "Jewel Theft",
        "Safe Cracked",
        "Burglary",
    )
    names = {s.name: s.number for c in book.crimes.values() for s in c.suspects}
    assert all(names[n] == number for n, number in PUBLISHED.items())
    assert set(names) >= ORIGINAL and len(names) == 48


def test_holes_are_the_culprits_record_and_only_he_matches() -> None:
    """For every card and crime: the culprit's record is the holes, and no one else matches."""
    book = load_case_book()
    for card in book.cards:
        for key, crime in book.crimes.items():
            every_row = {r: card.hole(r) for r in range(1, 9)}
            assert [s.number for s in crime.candidates(every_row)] == [card.culprits[key]]


def test_the_scenes_of_crime_alone_never_settle_it() -> None:
    book = load_case_book()
    for card in book.cards:
        for crime in book.crimes.values():
            assert len(crime.candidates({1: card.hole(1), 2: card.hole(2)})) >= 2


def test_every_suspect_is_guilty_on_exactly_one_card() -> None:
    book = load_case_book()
    for key, crime in book.crimes.items():
        assert Counter(c.culprits[key] for c in book.cards) == {s.number: 1 for s in crime.suspects}


def test_the_design_figure() -> None:
    """Decision K3: in random order a detective needs 4.5 rows on average (the two Scenes and
    2.5 more); choosing well, 3.5; never fewer than 3."""
    f = figures([c.holes for c in load_case_book().cards])
    assert DESIGN_BAND[0] <= f.random_order <= DESIGN_BAND[1]
    assert f.random_order == pytest.approx(4.5, abs=0.01)
    assert f.best == pytest.approx(3.5)
    assert f.fewest >= 3 and min(f.scene_groups) >= 2


def test_figures_by_brute_force() -> None:
    """The random-order figure equals the average over every order of the further rows."""
    from itertools import permutations

    records = [c.holes for c in load_case_book().cards][:6]
    total = count = 0
    for rec in records:
        for order in permutations(range(2, 8)):
            left = [r for r in records if r[:2] == rec[:2]]
            used = 2
            for row in order:
                if len(left) == 1:
                    break
                left = [r for r in left if r[row] == rec[row]]
                used += 1
            total += used
            count += 1
    assert figures(records).random_order == pytest.approx(total / count)


def _broken(book: CaseBook, **changes: object) -> CaseBook:
    return dataclasses.replace(book, **changes)  # type: ignore[arg-type]


def test_a_broken_case_book_is_refused() -> None:
    book = load_case_book()
    cards = list(book.cards)
    swapped = dataclasses.replace(cards[1], holes=cards[2].holes)
    with pytest.raises(CaseError, match="not"):
        check_case_book(_broken(book, cards=(cards[0], swapped, *cards[2:])))
    with pytest.raises(CaseError, match="Sample"):
        check_case_book(
            _broken(book, cards=(dataclasses.replace(cards[0], sample=False), *cards[1:]))
        )
    robbery = book.crime("robbery")
    twin = list(robbery.suspects)
    twin[1] = Suspect(twin[1].number, twin[1].name, twin[0].record)
    crimes = {**book.crimes, "robbery": dataclasses.replace(robbery, suspects=tuple(twin))}
    with pytest.raises(CaseError, match="share a record"):
        check_case_book(_broken(book, crimes=crimes))
    with pytest.raises(CaseError, match="numbered"):
        check_case_book(_broken(book, cards=tuple(cards[:15])))


def test_scenes_that_settle_it_are_refused() -> None:
    """A set where the Scenes alone name someone breaks the design."""
    book = load_case_book()
    card = book.cards[3]
    others = [c for c in book.cards if c.holes[:2] == card.holes[:2] and c is not card]
    assert others
    # re-punch the rivals' Scene 2 rows so the card stands alone, keeping records in step
    moved = {c.number: c.holes[0] + next(x for x in LETTERS if x != card.holes[1] and
             all(o.holes[:2] != c.holes[0] + x for o in book.cards)) + c.holes[2:]
             for c in others}  # fmt: skip
    cards = tuple(dataclasses.replace(c, holes=moved.get(c.number, c.holes)) for c in book.cards)
    crimes = {
        key: dataclasses.replace(
            crime,
            suspects=tuple(
                Suspect(
                    s.number,
                    s.name,
                    next((c.holes for c in cards if c.culprits[key] == s.number), s.record),
                )
                for s in crime.suspects
            ),  # fmt: skip
        )
        for key, crime in book.crimes.items()
    }
    with pytest.raises(CaseError, match="Scenes of Crime alone"):
        check_case_book(CaseBook(crimes, cards))


@pytest.mark.parametrize("seed", [1, 2, 3, 17, 99])
def test_generated_sets_keep_every_guarantee(seed: int) -> None:
    """The generator: the same guarantees as the printed set, a figure in the design band."""
    book = generate_case_book(seed)
    check_case_book(book)
    f = figures([c.holes for c in book.cards])
    assert DESIGN_BAND[0] <= f.random_order <= DESIGN_BAND[1]
    assert f.best == pytest.approx(3.5) and min(f.scene_groups) >= 2
    assert book.cards[0].culprits == load_case_book().cards[0].culprits
    assert book.cards[0].hole(1) == "A"
    printed = load_case_book()
    for key in book.crimes:
        assert [s.name for s in book.crime(key).suspects] == [
            s.name for s in printed.crime(key).suspects
        ]


def test_generated_sets_are_reproducible_and_new() -> None:
    assert generate_case_book(5).cards == generate_case_book(5).cards
    sets = [tuple(c.holes for c in generate_case_book(s).cards) for s in (5, 6, 7)]
    assert len(set(sets)) == 3
    printed = {c.holes for c in load_case_book().cards}
    assert all(set(s) != printed for s in sets)
    assert len({frozenset(s) for s in sets}) == 3
    assert all(len(set(s)) == CARDS for s in sets)


def test_a_generated_set_is_played_by_option() -> None:
    state = new(case_set=8)
    assert state.book is case_book(8) and state.book.seed == 8
    assert state.card in state.book.cards
    assert new().book is load_case_book()
