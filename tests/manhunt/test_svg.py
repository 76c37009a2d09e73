"""The board picture: it parses, shows every space and place, and draws cars and targets."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import sleuth
from sleuth.games.manhunt.board import load_board
from sleuth.games.manhunt.svg import CAR_COLOURS, BoardSvg, board_svg
from sleuth.server.present import picture

NS = "{http://www.w3.org/2000/svg}"
BOARD = load_board()


def parse(drawing: BoardSvg) -> ET.Element:
    return ET.fromstring(drawing.text)


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def test_the_picture_is_an_svg_document_of_the_asked_size() -> None:
    drawing = board_svg(size=500)
    root = parse(drawing)
    assert root.tag == NS + "svg"
    assert root.get("width") == "500" and root.get("height") == "500"
    assert root.get("viewBox") == "0 0 800 800"
    assert drawing._repr_svg_() == str(drawing) == drawing.text
    assert board_svg(size=500).text == drawing.text  # a pure function


def test_every_space_is_one_clickable_element_with_its_kind_and_centre() -> None:
    root = parse(board_svg())
    spaces = by_class(root, "space")
    assert sorted(e.get("data-node", "") for e in spaces) == sorted(s.id for s in BOARD.spaces)
    for element in spaces:
        space = BOARD.spaces[BOARD.index[element.get("data-node", "")]]
        assert element.get("data-kind") == space.kind
        assert float(element.get("data-x", "")) == 40 + 30 * space.x
        assert float(element.get("data-y", "")) == 40 + 30 * space.y
        title = element.find(NS + "title")
        assert title is not None and title.text


def test_the_eight_places_have_their_names_numbers_and_coloured_spaces() -> None:
    root = parse(board_svg())
    blocks = by_class(root, "place-block")
    assert sorted(int(b.get("data-place", "")) for b in blocks) == list(range(1, 9))
    for block in blocks:
        place = BOARD.places[int(block.get("data-place", ""))]
        texts = [t.text for t in block.iter(NS + "text")]
        assert str(place.number) in texts
        assert place.name.rsplit(" ", 1)[0].upper() in texts
        assert block.get("data-block") == f"{place.block[0]},{place.block[1]}"
    coloured = {e.get("data-node"): e.get("data-place") for e in by_class(root, "place")}
    assert coloured == {"1a": "1", "1b": "1", **{str(n): str(n) for n in range(2, 9)}}
    for element in by_class(root, "place"):
        (label,) = list(element.iter(NS + "text"))
        assert label.text == element.get("data-place")


def test_headquarters_has_four_badge_spaces_and_the_centre_picture() -> None:
    root = parse(board_svg())
    badges = by_class(root, "badge")
    assert sorted(b.get("data-node", "") for b in badges) == ["hq-e", "hq-n", "hq-s", "hq-w"]
    for badge in badges:
        assert badge.find(NS + "polygon") is not None  # the badge's star
    (centre,) = by_class(root, "headquarters")
    assert "MANHUNT" in [t.text for t in centre.iter(NS + "text")]
    assert ">MANHUNT<" not in board_svg(labels=False).text


def test_cars_are_drawn_by_seat_colour_and_share_spaces() -> None:
    root = parse(board_svg(pieces={0: "hq-n", 1: "hq-n", 2: "1a", 3: None}))
    cars = {c.get("data-seat"): c for c in by_class(root, "car")}
    assert set(cars) == {"0", "1", "2"}  # seat 3 is off the board
    assert cars["0"].get("data-node") == cars["1"].get("data-node") == "hq-n"
    assert cars["0"].get("transform") != cars["1"].get("transform")
    fills = [p.get("fill") for p in cars["0"].iter(NS + "path")]
    assert CAR_COLOURS["green"] in fills
    assert CAR_COLOURS["blue"] in [p.get("fill") for p in cars["2"].iter(NS + "path")]
    with pytest.raises(ValueError, match="no space"):
        board_svg(pieces={0: "nowhere"})


def test_targets_ring_spaces() -> None:
    root = parse(board_svg(targets=["a1", "2"]))
    assert sorted(t.get("data-node", "") for t in by_class(root, "target")) == ["2", "a1"]
    with pytest.raises(ValueError, match="no space"):
        board_svg(targets=["zz"])
    with pytest.raises(ValueError, match="positive"):
        board_svg(size=0)


def test_the_game_registers_its_picture_and_narrator() -> None:
    spec = sleuth.spec("manhunt")
    assert spec.has("picture") and spec.has("words")
    assert str(spec.load("picture")()) == board_svg().text
    assert picture("manhunt") == board_svg().text
    state = sleuth.new_game("manhunt", players=2, seed=3)
    narrator = spec.load("words")()
    words = [narrator.say(e) for e in state.log]
    assert words[0].startswith("Manhunt for 2 players")
