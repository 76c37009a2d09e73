"""The Columbo print-and-play kit: the board and the whole pack of 60 Evidence Cards.

The cards come from the pack the engine plays with (data/pack.json) and their pictures
from the same file the browser draws them from (web/art.json): a figure's or a
weapon's four cards each show their quarter of one picture, Columbo's six cards his
parts, each motive its own picture. The board is the browser's board (svg.py), printed
over tiles.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from sleuth.games.columbo.board import load_board
from sleuth.games.columbo.cards import Card as EvidenceCard
from sleuth.games.columbo.cards import load_pack
from sleuth.games.columbo.svg import CELL, MARGIN, board_svg
from sleuth.printing.kit import Kit, Part
from sleuth.printing.paper import Paper
from sleuth.printing.sheets import Card, card_sheets
from sleuth.printing.text import block, line
from sleuth.printing.tiles import OVERLAP, svg_body, tiled

CARD = (63.0, 88.0)
INK, FRAME, CREAM, BACK = "#2b2118", "#8a6d3b", "#fbf6ea", "#7a1f2b"
GROUP_COLOUR = {
    "figure": "#1d5fd1",
    "weapon": "#5a5f6a",
    "motive": "#2a9d3a",
    "columbo": "#b58a2a",
    "mystery": "#23232a",
    "no-clue": "#9a9a9a",
}


@cache
def _art() -> dict[str, Any]:
    text = resources.files("sleuth.games.columbo").joinpath("web/art.json").read_text()
    art: dict[str, Any] = json.loads(text)
    for key in ("pictures", "columbo", "quarters", "back"):
        if key not in art:
            raise ValueError(f"web/art.json has no {key!r}")
    return art


def build_kit(paper: Paper) -> Kit:
    pack = load_pack()
    cards = [_card(card) for card in pack.cards]
    body, _, _ = svg_body(str(board_svg()))
    board = load_board()
    # Only the board's own part of the picture: the lawn drawn beside it is the table.
    board_w = 2 * MARGIN + board.width * CELL
    board_h = 2 * MARGIN + board.height * CELL
    # Two pages wide (less their overlap): squares of about 17 mm, room for the pieces.
    board_mm = 2 * paper.inner_width - OVERLAP
    return Kit(
        game="Columbo Detective Game",
        paper=paper,
        holds=f"The board and the whole pack of {len(cards)} Evidence Cards, for two to"
        " four players: figures and weapons in four quarters each, six motives, Columbo"
        " in six parts, the It's A Mystery To Me card and seven No Clue cards.",
        parts=(
            Part(
                "The board",
                f"{board_mm / 10:.0f} cm wide, over four tiles to trim and glue",
                tiled(body, board_w, board_h, board_mm, paper, "Columbo board"),
            ),
            Part(
                "Evidence Cards",
                f"all {len(cards)}, with backs",
                card_sheets(cards, CARD, paper, "Evidence Cards"),
            ),
        ),
        notes=(
            "You also need two dice and a piece for each player. The lawn is the table"
            " beside the board: lay the cards there face down in a row, as the rules say.",
        ),
    )


def _picture(card: EvidenceCard) -> str:
    """The card's picture in a 100 x 100 box, as web/art.js draws it."""
    art = _art()
    pictures, quarters = art["pictures"], art["quarters"]
    if card.group in ("figure", "weapon"):
        picture = pictures[card.kind]
        part = card.name.rsplit("(", 1)[-1].rstrip(")")
        qx, qy = quarters[part]
        return (
            f'<g opacity=".17">{picture}</g>'
            f'<svg x="{qx}" y="{qy}" width="50" height="50" viewBox="{qx} {qy} 50 50">'
            f"{picture}</svg>"
            '<path d="M50 3v94M3 50h94" stroke="#8a7a5a" stroke-width="1"'
            ' stroke-dasharray="3 3" opacity=".7"/>'
        )
    if card.group == "columbo":
        columbo = art["columbo"]
        part = card.name.removeprefix("Columbo: ")
        faint = "".join(columbo["parts"][p] for p in columbo["order"] if p != part)
        return f'<g opacity=".2">{columbo["base"]}{faint}</g>{columbo["parts"][part]}'
    if card.group == "motive":
        return str(pictures.get(card.name, pictures["mystery"]))
    return str(pictures[card.kind])


def _head(card: EvidenceCard) -> str:
    if card.group == "motive":
        return "Motive"
    if card.group == "mystery":
        return "It's A Mystery To Me"
    return card.title


def _foot(card: EvidenceCard) -> str:
    if card.group in ("figure", "weapon"):
        return card.name.rsplit("(", 1)[-1].rstrip(")")
    if card.group == "columbo":
        return card.name.removeprefix("Columbo: ")
    if card.group == "motive":
        return card.name
    return ""


def _card(card: EvidenceCard) -> Card:
    colour = GROUP_COLOUR[card.group]

    def face(x: float, y: float) -> str:
        w, h = CARD
        head, _ = block(
            _head(card), x + w / 2, y + 11, w - 10, 4.6, anchor="middle", weight="bold", fill=colour
        )
        return (
            f'<rect x="{x:.2f}" y="{y:.2f}" width="{w}" height="{h}" rx="3" fill="{CREAM}"'
            f' stroke="{colour}" stroke-width="0.8"/>'
            + head
            + f'<svg x="{x + 6.5:.2f}" y="{y + 18:.2f}" width="50" height="50"'
            f' viewBox="0 0 100 100">{_picture(card)}</svg>'
            + line(_foot(card), x + w / 2, y + h - 9, 4, anchor="middle", fill=INK)
        )

    def back(x: float, y: float) -> str:
        w, h = CARD
        return (
            f'<rect x="{x:.2f}" y="{y:.2f}" width="{w}" height="{h}" rx="3" fill="{BACK}"/>'
            f'<svg x="{x + 4:.2f}" y="{y + 4:.2f}" width="{w - 8}" height="{h - 8}"'
            f' viewBox="0 0 40 56" preserveAspectRatio="none">{_back_art()}</svg>'
            + line("COLUMBO", x + w / 2, y + h - 8, 3.2, anchor="middle", fill="#e9c77b")
        )

    return Card(face, back)


def _back_art() -> str:
    """The browser's card back (an <svg> there), as a body for a 40 x 56 box."""
    back = str(_art()["back"])
    return back[back.index(">") + 1 : back.rindex("</svg>")]
