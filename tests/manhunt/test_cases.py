"""The Scanner Cards, the Read Out diagrams and the suspects, printed and generated."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from sleuth.games.manhunt.cases import (
    CARDS,
    CRIMES,
    LETTERS,
    MIN_AFTER_SCENES,
    SUSPECTS,
    CaseBook,
    CaseError,
    Suspect,
    case_book,
    check_case_book,
    figures,
    generate_case_book,
    load_case_book,
    settled_by,
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
    assert set(names) >= ORIGINAL and len(names) == 3 * SUSPECTS


def test_holes_are_the_culprits_record_and_only_he_matches() -> None:
    """MH-CLUE-09: for every card and crime the culprit's record is the holes, and once all
    eight rows are known no other suspect's record matches."""
    book = load_case_book()
    for card in book.cards:
        for key, crime in book.crimes.items():
            every_row = {r: card.hole(r) for r in range(1, 9)}
            assert [s.number for s in crime.candidates(every_row)] == [card.culprits[key]]


def test_the_scenes_of_crime_leave_many_suspects() -> None:
    """Decision K2: the two Scenes leave 8 suspects on every card, in every crime."""
    book = load_case_book()
    for card in book.cards:
        for crime in book.crimes.values():
            left = crime.candidates({1: card.hole(1), 2: card.hole(2)})
            assert len(left) >= MIN_AFTER_SCENES and len(left) == 8


def test_no_two_further_rows_settle_it() -> None:
    """Decision K2: with the Scenes, any two further rows still leave two suspects or more, so
    a detective who learns only by records needs three further rows at least."""
    book = load_case_book()
    for card in book.cards:
        for crime in book.crimes.values():
            group = [s.record for s in crime.suspects if s.record[:2] == card.holes[:2]]
            for r, t in ((3, 4), (5, 8), (6, 7)):
                known = {1: card.hole(1), 2: card.hole(2), r: card.hole(r), t: card.hole(t)}
                assert len(crime.candidates(known)) >= 2
            assert not settled_by(card.holes, group, 2)


def test_each_card_has_its_own_culprit_and_half_the_suspects_are_never_guilty() -> None:
    """Decision K1: 32 suspects a crime; each card names a different one; 16 are never named."""
    book = load_case_book()
    for key, crime in book.crimes.items():
        guilty = Counter(c.culprits[key] for c in book.cards)
        assert len(crime.suspects) == SUSPECTS and set(guilty.values()) == {1}
        assert len(guilty) == CARDS


def test_the_three_crimes_are_different_puzzles() -> None:
    """Decision K1: the culprits share the cards' holes, but each crime has its own innocents,
    so on every card the Scenes leave a different set of records in each crime."""
    book = load_case_book()
    for card in book.cards:
        scenes = {1: card.hole(1), 2: card.hole(2)}
        left = [frozenset(s.record for s in book.crime(k).candidates(scenes)) for k in CRIMES]
        assert len(set(left)) == len(CRIMES)


def test_the_design_figure() -> None:
    """Decision K3: the honest best needs exactly 3 further rows (5 with the Scenes); in
    random order a detective needs about 4.2 further rows; never fewer than 3."""
    book = load_case_book()
    for key in CRIMES:
        suspects = [s.record for s in book.crime(key).suspects]
        f = figures([c.holes for c in book.cards], suspects)
        assert f.best == pytest.approx(5.0)
        assert 6.0 <= f.random_order <= 6.6
        assert f.fewest >= 5 and min(f.scene_groups) == 8


def test_figures_by_brute_force() -> None:
    """The random-order figure equals the average over every order of the further rows."""
    from itertools import permutations

    book = load_case_book()
    suspects = [s.record for s in book.crime("murder").suspects]
    culprits = [c.holes for c in book.cards][:3]
    total = count = 0
    for rec in culprits:
        for order in permutations(range(2, 8)):
            left = [r for r in suspects if r[:2] == rec[:2]]
            used = 2
            for row in order:
                if len(left) == 1:
                    break
                left = [r for r in left if r[row] == rec[row]]
                used += 1
            total += used
            count += 1
    assert figures(culprits, suspects).random_order == pytest.approx(total / count)


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


def test_too_few_rows_to_settle_it_are_refused() -> None:
    """Decision K2: a set where the Scenes and two further rows single a culprit out is refused."""
    book = load_case_book()
    robbery = book.crime("robbery")
    card = book.cards[3]
    guilty = {c.culprits["robbery"] for c in book.cards}
    used = {s.record for s in robbery.suspects}
    elsewhere = next(a + b for a in LETTERS for b in LETTERS
                     if all(r[:2] != a + b for r in used))  # fmt: skip
    suspects = tuple(
        Suspect(s.number, s.name, elsewhere + s.record[2:])
        if s.record[:2] == card.holes[:2] and s.number not in guilty
        else s
        for s in robbery.suspects
    )
    crimes = {**book.crimes, "robbery": dataclasses.replace(robbery, suspects=suspects)}
    with pytest.raises(CaseError, match="further rows"):
        check_case_book(_broken(book, crimes=crimes))


@pytest.mark.parametrize("seed", [1, 17])
def test_generated_sets_keep_every_guarantee(seed: int) -> None:
    """The generator: the same guarantees as the printed set (checked again here), the same
    honest best of three further rows, the Sample's culprits and names kept."""
    book = generate_case_book(seed)
    check_case_book(book)
    for key in CRIMES:
        f = figures([c.holes for c in book.cards], [s.record for s in book.crime(key).suspects])
        assert f.best == pytest.approx(5.0) and min(f.scene_groups) == 8
    assert book.cards[0].culprits == load_case_book().cards[0].culprits
    assert book.cards[0].hole(1) == "A"
    printed = load_case_book()
    for key in book.crimes:
        assert [s.name for s in book.crime(key).suspects] == [
            s.name for s in printed.crime(key).suspects
        ]


def test_generated_sets_are_reproducible_and_new() -> None:
    assert generate_case_book(5).cards == generate_case_book(5).cards
    sets = [tuple(c.holes for c in generate_case_book(s).cards) for s in (5, 6)]
    assert len(set(sets)) == 2
    printed = {c.holes for c in load_case_book().cards}
    assert all(set(s) != printed for s in sets)
    assert len({frozenset(s) for s in sets}) == 2
    assert all(len(set(s)) == CARDS for s in sets)


def test_a_generated_set_is_played_by_option() -> None:
    state = new(case_set=8)
    assert state.book is case_book(8) and state.book.seed == 8
    assert state.card in state.book.cards
    assert new().book is load_case_book()


def test_the_printed_set_is_the_generators_draw_1972() -> None:
    """The printed records are reproducible: the generator's draw 1972, with the printed names."""
    printed = load_case_book()
    again = generate_case_book(1972)
    assert again.cards == printed.cards
    assert all(again.crime(k).suspects == printed.crime(k).suspects for k in CRIMES)
