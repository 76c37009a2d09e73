"""The board picture: it parses, names every place, and draws turntables, informers and pieces."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from sleuth.core import Action
from sleuth.games.kojak.board import load_board
from sleuth.games.kojak.svg import SEAT_COLOURS, BoardSvg, board_svg
from sleuth.server.present import picture

from .conftest import new, ready

NS = "{http://www.w3.org/2000/svg}"
BOARD = load_board()


def parse(svg: BoardSvg) -> ET.Element:
    return ET.fromstring(svg.text)


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def nodes(root: ET.Element) -> dict[str, ET.Element]:
    found: dict[str, ET.Element] = {}
    for e in root.iter():
        node = e.get("data-node")
        if node and "piece" not in e.get("class", "") and "target" not in e.get("class", ""):
            assert node not in found, f"{node} is drawn twice"
            found[node] = e
    return found


def rotation(element: ET.Element) -> float:
    transform = element.get("transform", "")
    assert transform.startswith("rotate(")
    return float(transform[len("rotate(") : -1].split()[0])


def test_the_picture_is_an_svg_document_of_the_asked_size() -> None:
    root = parse(board_svg(size=500))
    assert root.tag == NS + "svg"
    assert root.get("width") == "500" and root.get("height") == "500"
    w, h = (float(v) for v in root.get("viewBox", "").split()[2:])
    assert w == h > 0
    with pytest.raises(ValueError):
        board_svg(size=0)


def test_it_is_a_pure_function_and_shows_in_notebooks() -> None:
    state = ready(seed=4)
    assert board_svg(view=state.view(None)).text == board_svg(view=state.view(None)).text
    assert board_svg().text == board_svg().text
    picture_ = board_svg()
    assert picture_._repr_svg_() == str(picture_) == picture_.text


def test_every_path_space_lot_and_headquarters_space_is_named_with_its_centre() -> None:
    found = nodes(parse(board_svg()))
    assert set(found) == set(BOARD.path) | set(BOARD.lots) | set(BOARD.hq)
    for pid in BOARD.path:
        assert found[pid].get("data-kind") == "path"
    for lot in BOARD.lots.values():
        assert found[lot.id].get("data-kind") == "lot"
        assert found[lot.id].get("data-building", None) == lot.building
    for space in BOARD.hq.values():
        assert found[space.id].get("data-kind") == space.kind
    # Centres keep the board's own geometry: one unit apart along every link.
    steps = set()
    for a, b in BOARD.to_json()["links"]:
        ax, ay = float(found[a].get("data-x", "")), float(found[a].get("data-y", ""))
        bx, by = float(found[b].get("data-x", "")), float(found[b].get("data-y", ""))
        steps.add(round(math.hypot(bx - ax, by - ay), 3))
    assert len(steps) == 1


def test_each_building_has_a_turntable_of_slots_facing_its_lot() -> None:
    root = parse(board_svg())
    found = nodes(root)
    tables = {t.get("data-building"): t for t in by_class(root, "turntable")}
    assert set(tables) == set(BOARD.buildings)
    for b in BOARD.buildings.values():
        table = tables[b.id]
        slots = by_class(table, "slot")
        assert [int(s.get("data-slot", "")) for s in slots] == list(range(b.slots))
        assert int(table.get("data-slots", "")) == b.slots
        # The front points from the turntable's centre at the building's parking lot.
        cx, cy = float(table.get("data-cx", "")), float(table.get("data-cy", ""))
        lot = found[b.lot]
        lx, ly = float(lot.get("data-x", "")), float(lot.get("data-y", ""))
        want = math.degrees(math.atan2(ly - cy, lx - cx))
        assert float(table.get("data-front-angle", "")) == pytest.approx(want, abs=0.01)
        (disc,) = by_class(table, "disc")
        assert rotation(disc) == pytest.approx(want, abs=0.01)  # slot 0 out front, unturned
        assert by_class(table, "walls") and by_class(table, "roof")
    names = {t.get("data-building"): t.text for t in by_class(root, "building-name")}
    assert names == {b.id: b.name.upper() for b in BOARD.buildings.values()}


def test_a_view_turns_each_turntable_and_stands_the_seen_informers_in_their_slots() -> None:
    state = ready(seed=2)
    table = state.turntables["hotel"]
    table.turn(3)
    view = state.view(None)
    root = parse(board_svg(view=view))
    (hotel,) = [t for t in by_class(root, "turntable") if t.get("data-building") == "hotel"]
    (disc,) = by_class(hotel, "disc")
    step = 360 / len(table.slots)
    assert rotation(disc) == pytest.approx(
        float(hotel.get("data-front-angle", "")) + table.front * step, abs=0.01
    )
    assert disc.get("data-front") == str(table.front)
    for slot in by_class(hotel, "slot"):
        k = int(slot.get("data-slot", ""))
        seen = view["turntables"]["hotel"]["seen"][k]
        state_word = "unknown" if seen is None else "informer" if seen else "empty"
        assert slot.get("data-state") == state_word
        (figure,) = by_class(slot, "informer")
        assert figure.get("visibility") == ("visible" if seen else "hidden")
        assert (slot.get("data-front") == "true") == (k == table.front)


def test_the_picture_shows_no_slot_nobody_has_seen() -> None:
    """Hidden informers stay hidden: two games that differ only there draw the same."""
    a, b = ready(seed=9), ready(seed=9)
    table = b.turntables["bus"]
    unseen = [i for i, s in enumerate(table.seen) if s is None]
    hidden = [i for i in unseen if table.slots[i]]
    empty = [i for i in unseen if not table.slots[i]]
    assert hidden and empty
    table.slots[hidden[0]], table.slots[empty[0]] = False, True
    assert board_svg(view=a.view(None)).text == board_svg(view=b.view(None)).text


def test_pieces_stand_where_the_view_puts_them_in_their_players_colours() -> None:
    state = new(players=4, seed=3)
    for lot, badge in (("lot-hq-west", "movie"), ("lot-hq-east", "hotel")) * 2:
        state.apply(Action.of("park", lot=lot))
        state.apply(Action.of("badge", building=badge))
    state.apply(Action.of("jump", room="radio"))
    view = state.view(None)
    root = parse(board_svg(view=view))
    pieces = by_class(root, "piece")
    kinds = sorted((p.get("class", "").split()[1], int(p.get("data-seat", ""))) for p in pieces)
    assert kinds == sorted((k, s) for s in range(4) for k in ("car", "kojak-car", "pawn"))
    for p in pieces:
        seat = int(p.get("data-seat", ""))
        piece = view["pieces"][seat]
        kind = p.get("class", "").split()[1]
        where = {"car": piece["cars"]["detective"], "kojak-car": piece["cars"]["kojak"]}.get(
            kind, piece["kojak"]
        )
        assert p.get("data-node") == where
        assert p.get("color") == SEAT_COLOURS[piece["colour"]]
    badges = by_class(root, "badge")
    assert sorted((b.get("data-building"), b.get("data-seat")) for b in badges) == sorted(
        (p["badge"], str(p["seat"])) for p in view["pieces"]
    )


def test_targets_ring_places_and_unknown_places_are_refused() -> None:
    root = parse(board_svg(targets=["lot-movie", "radio", "r01c01"]))
    assert sorted(t.get("data-node", "") for t in by_class(root, "target")) == [
        "lot-movie",
        "r01c01",
        "radio",
    ]
    with pytest.raises(ValueError):
        board_svg(targets=["nowhere"])


def test_the_server_serves_it_as_kojaks_board_picture() -> None:
    assert picture("kojak") == board_svg().text
