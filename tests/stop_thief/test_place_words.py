"""Squares named in words: by the nearest numbered space, the same in log, terminal and page."""

from __future__ import annotations

import re

from sleuth.games.stop_thief.board import load_board
from sleuth.games.stop_thief.svg import board_svg
from sleuth.games.stop_thief.words import node_label

BOARD = load_board()
INTERNAL = re.compile(r"r\d\dc\d\d|row \d+, column \d+")


def test_every_plain_square_is_named_by_a_space_it_touches() -> None:
    """A plain square reads 'the street beside 5-93': its kind and the numbered space it
    touches (or, for the few that touch none, the nearest a detective reaches)."""
    for node in BOARD.nodes:
        label = node_label(node.id)
        assert not INTERNAL.search(label), label
        if node.code is None and node.cells and node.id != "acme":
            near = BOARD.nearest_space(node.index)
            assert label == f"the {node.kind} beside {near // 100}-{near % 100:02d}"
            touching = {BOARD.nodes[n].code for n in BOARD.touching[node.index]} - {None}
            assert near in touching or not touching


def test_the_board_drawing_carries_the_same_words() -> None:
    """The page names squares from the drawing's data-label, so it says what the log says."""
    svg = board_svg(BOARD).text
    labels = dict(re.findall(r'data-node="(r\d\dc\d\d)"[^>]*data-label="([^"]+)"', svg))
    assert len(labels) > 300
    assert all(node_label(node_id) == label for node_id, label in labels.items())
