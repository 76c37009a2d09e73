"""The board picture: it parses, shows every space, and draws pieces, suspects and routes."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sleuth.games.stop_thief.board import load_board
from sleuth.games.stop_thief.svg import PIECE_COLOURS, BoardSvg, board_svg

NS = "{http://www.w3.org/2000/svg}"
BOARD = load_board()


def parse(picture: BoardSvg) -> ET.Element:
    return ET.fromstring(picture.text)


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def box(root: ET.Element, node_id: str) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of the rectangle drawn for a node (a square, a space or a landmark)."""
    (element,) = [e for e in root.iter(NS + "rect") if e.get("data-node") == node_id]
    x, y = float(element.get("x", 0)), float(element.get("y", 0))
    return x, y, x + float(element.get("width", 0)), y + float(element.get("height", 0))


def landmark_box(root: ET.Element, node_id: str) -> tuple[float, float, float, float]:
    (group,) = [e for e in root.iter(NS + "g") if e.get("id") == node_id]
    rect = group.find(NS + "rect")
    assert rect is not None
    x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
    return x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0))


def pawn_head(root: ET.Element, seat: int) -> tuple[float, float]:
    (group,) = [e for e in root.iter(NS + "g") if e.get("id") == f"piece-{seat}"]
    head = group.find(NS + "circle")
    assert head is not None
    return float(head.get("cx", 0)), float(head.get("cy", 0))


def inside(point: tuple[float, float], area: tuple[float, float, float, float]) -> bool:
    x, y = point
    return area[0] <= x <= area[2] and area[1] <= y <= area[3]


def test_the_picture_is_an_svg_document_of_the_asked_size() -> None:
    root = parse(board_svg(size=500))
    assert root.tag == NS + "svg"
    assert root.get("width") == "500" and root.get("height") == "500"
    assert root.get("viewBox") == "0 0 800 800"


def test_every_numbered_space_has_one_element_with_its_code_and_kind() -> None:
    root = parse(board_svg())
    spaces = by_class(root, "space")
    assert len(spaces) == 183
    assert sorted(int(e.get("data-code", "")) for e in spaces) == sorted(BOARD.spaces)
    for element in spaces:
        code = int(element.get("data-code", ""))
        assert element.get("id") == f"space-{code}"
        assert element.get("data-node") == str(code)
        assert element.get("data-kind") == BOARD.spaces[code].kind
        title = element.find(NS + "title")
        assert title is not None and title.text is not None
        assert title.text.startswith(BOARD.spaces[code].label)


def test_every_detective_square_can_be_clicked() -> None:
    root = parse(board_svg())
    clickable = [e.get("data-node", "") for e in root.iter() if e.get("data-node")]
    assert sorted(clickable) == sorted(node.id for node in BOARD.nodes)


def test_spaces_are_numbered_as_printed_on_the_board() -> None:
    root = parse(board_svg())
    texts = {
        int(e.get("data-code", "")): e.text for e in root.iter(NS + "text") if e.get("data-code")
    }
    assert len(texts) == 183
    assert texts[148] == "48"  # a window of building 1
    assert texts[593] == "5-93"  # a street space
    assert texts[899] == "8-99"
    words = {e.text for e in root.iter(NS + "text")}
    assert {"1 FURS", "2 JEWELRY", "3 ANTIQUES", "4 BANK", "NEWS", "ACME"} <= words


def test_labels_can_be_left_off() -> None:
    root = parse(board_svg(labels=False))
    assert list(root.iter(NS + "text")) == []
    assert len(by_class(root, "space")) == 183


def test_landmarks_are_drawn() -> None:
    root = parse(board_svg())
    stations = by_class(root, "station")
    assert sorted(e.get("data-node", "") for e in stations) == sorted(
        st.id for st in BOARD.stations
    )
    signs = [e for e in root.iter(NS + "text") if e.text == "SUBWAY"]
    assert len(signs) == 5
    assert len(by_class(root, "acme")) == 1
    newsstand = root.find(f".//*[@id='space-{BOARD.newsstand}']")
    assert newsstand is not None and newsstand.get("data-kind") == "crime"


def test_walls_are_drawn_from_the_grid() -> None:
    root = parse(board_svg())
    (walls,) = by_class(root, "walls")
    assert len(walls.findall(NS + "line")) > 100


def test_a_pawn_stands_on_its_square() -> None:
    pieces = {0: "148", 1: "acme", 2: "subway-nw", 3: "r04c06"}
    root = parse(board_svg(pieces=pieces))
    drawn = by_class(root, "piece")
    assert sorted((e.get("data-seat"), e.get("data-node")) for e in drawn) == sorted(
        (str(seat), node) for seat, node in pieces.items()
    )
    assert inside(pawn_head(root, 0), box(root, "148"))
    assert inside(pawn_head(root, 1), landmark_box(root, "acme"))
    assert inside(pawn_head(root, 2), landmark_box(root, "subway-nw"))
    assert inside(pawn_head(root, 3), box(root, "r04c06"))
    for seat in range(4):
        (group,) = [e for e in drawn if e.get("data-seat") == str(seat)]
        assert f'fill="{PIECE_COLOURS[seat]}"' in ET.tostring(group, encoding="unicode")


def test_pawns_sharing_a_square_stand_apart() -> None:
    root = parse(board_svg(pieces={0: "1-48", 1: "148", 2: "148"}))
    heads = [pawn_head(root, seat) for seat in range(3)]
    assert len(set(heads)) == 3
    assert all(inside(head, box(root, "148")) for head in heads)


def test_an_unknown_square_is_refused() -> None:
    with pytest.raises(ValueError, match="nowhere"):
        board_svg(pieces={0: "nowhere"})
    with pytest.raises(ValueError, match="999"):
        board_svg(possible=[999])
    with pytest.raises(ValueError, match="999"):
        board_svg(path=[148, 999])
    with pytest.raises(ValueError, match="size"):
        board_svg(size=0)


def test_possible_spaces_are_circled() -> None:
    codes = [148, 153, 136, 593]
    root = parse(board_svg(possible=codes))
    circles = by_class(root, "possible-space")
    assert sorted(int(e.get("data-code", "")) for e in circles) == sorted(codes)
    for circle in circles:
        centre = (float(circle.get("cx", 0)), float(circle.get("cy", 0)))
        assert inside(centre, box(root, circle.get("data-code", "")))


def test_probabilities_set_the_strength_of_the_circles() -> None:
    root = parse(board_svg(possible={148: 0.6, 153: 0.3, 136: 0.1, 147: 0.0}))
    circles = {int(e.get("data-code", "")): e for e in by_class(root, "possible-space")}
    assert sorted(circles) == [136, 148, 153]  # a space with no chance is not drawn
    opacity = {code: float(e.get("stroke-opacity", 0)) for code, e in circles.items()}
    radius = {code: float(e.get("r", 0)) for code, e in circles.items()}
    assert opacity[148] > opacity[153] > opacity[136]
    assert radius[148] > radius[153] > radius[136]
    assert circles[148].get("data-p") == "0.6000"


def walk(start: int, steps: int) -> list[int]:
    """A route of real moves: always to the lowest neighbour not yet visited."""
    route = [start]
    for _ in range(steps):
        options = [n for n in BOARD.thief_neighbours[route[-1]] if n not in route]
        route.append(options[0])
    return route


def test_a_route_draws_one_arrow_a_move() -> None:
    route = walk(BOARD.crime_codes[0], 5)
    root = parse(board_svg(path=route))
    steps = by_class(root, "path-step")
    assert len(steps) == 5
    assert [(int(e.get("data-from", "")), int(e.get("data-to", ""))) for e in steps] == list(
        zip(route, route[1:], strict=False)
    )
    assert all("move" in e.get("class", "") for e in steps)
    assert all(e.get("marker-end") == "url(#st-arrow)" for e in steps)
    assert all(e.get("stroke-dasharray") is None for e in steps)
    assert len(by_class(root, "path-start")) == 1


def test_a_subway_ride_is_dashed_and_standing_still_draws_nothing() -> None:
    corner = sorted(BOARD.corner_fronts)
    assert corner[1] not in BOARD.thief_neighbours[corner[0]]
    route = [corner[0], corner[0], corner[1], BOARD.thief_neighbours[corner[1]][0]]
    root = parse(board_svg(path=route))
    steps = by_class(root, "path-step")
    assert len(steps) == 2
    ride, move = steps
    assert "ride" in ride.get("class", "") and ride.get("stroke-dasharray")
    assert "move" in move.get("class", "") and move.get("stroke-dasharray") is None


def test_notebooks_render_it() -> None:
    picture = board_svg(pieces={0: "acme"})
    assert picture._repr_svg_() == picture.text == str(picture)
    assert picture.text.startswith("<svg")


def test_the_same_input_gives_the_same_text() -> None:
    first = board_svg(pieces={1: "148", 0: "acme"}, possible={153: 0.5, 148: 0.25}, path=[123, 124])
    second = board_svg(
        pieces={0: "acme", 1: "148"}, possible={148: 0.25, 153: 0.5}, path=[123, 124]
    )
    assert first.text == second.text
    assert board_svg(possible=[148, 153]).text == board_svg(possible={153, 148}).text


def test_no_outside_resources() -> None:
    text = board_svg(pieces={0: "acme"}, possible=[148], path=[123, 124]).text
    assert "http" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "@import" not in text and "href" not in text
