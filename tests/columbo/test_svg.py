"""The board picture: it parses, shows every room and square, pieces, piles and the lawn."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import sleuth
from sleuth.games.columbo.board import load_board
from sleuth.games.columbo.svg import PIECE_COLOURS, BoardSvg, board_svg

NS = "{http://www.w3.org/2000/svg}"


def _played(players: int = 3, actions: int = 150) -> sleuth.GameState:
    state = sleuth.new_game("columbo", players=players, seed=4)
    rng = random.Random(4)
    for _ in range(actions):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_empty_board_draws_every_room_and_square() -> None:
    picture = board_svg()
    assert isinstance(picture, BoardSvg) and picture._repr_svg_() == str(picture) == picture.text
    root = ET.fromstring(picture.text)
    nodes = {g.get("data-node") for g in root.iter(NS + "g") if g.get("data-node")}
    assert nodes == {n.id for n in load_board().nodes}
    words = " ".join(t.text or "" for t in root.iter(NS + "text"))
    assert "LIVING ROOM" in words and "DOOR" in words and "TO LR" in words
    assert board_svg().text == picture.text  # a pure function


def test_a_view_draws_pieces_piles_and_the_lawn_by_place_only() -> None:
    state = _played(players=2)
    view = state.view(0)
    root = ET.fromstring(board_svg(view).text)
    pieces = [c for c in root.iter(NS + "circle") if c.get("data-seat") is not None]
    assert sorted(int(c.get("data-seat", -1)) for c in pieces) == [0, 1]
    assert {c.get("fill") for c in pieces} == set(PIECE_COLOURS[:2])
    places = [g for g in root.iter(NS + "g") if g.get("data-place") is not None]
    assert len(places) == len(view["lawn"])
    text = board_svg(view).text
    assert "not in play" in text  # rooms 5 and 6 with two players
    for card in state.pack.cards:  # no card's face is drawn
        assert card.name not in text
