"""The Kojak print-and-play kit for one set of ten games (1-10, 11-20, ... 41-50, and the
generated games' sets above: 51-60, ...), as the engine and the companion play them.

From the data files the engine plays with: the board (svg.py, over four tiles), the
informer cards of the set (data/informer_cards.json: four of each colour, so four
players can play, each card folded over its code letters), the two clue sheets the
set's games read (data/clue_sheets.json), the Solution Book page for the set
(data/solution_book.json) and the advanced game's Action and Contact Cards
(data/cards.json).

An informer card is printed double-sided and folded: its picture on the front of the
top half, its codes on the back of that half, and the bottom half, blank, folds up
behind to close over the codes, as the printed cards keep theirs inside their fold.
"""

from __future__ import annotations

from sleuth.games.kojak.board import load_board
from sleuth.games.kojak.cards import load_cards
from sleuth.games.kojak.cases import (
    HIGHEST,
    PRINTED,
    SET_SIZE,
    get_case,
    informer_set,
    sheet_first,
)
from sleuth.games.kojak.svg import BUILDING_COLOURS, board_svg
from sleuth.printing.kit import Kit, Part
from sleuth.printing.paper import Paper
from sleuth.printing.sheets import Card, Draw, Page, card_sheets
from sleuth.printing.text import block, line
from sleuth.printing.tiles import OVERLAP, svg_body, tiled

CARD = (63.0, 88.0)
INFORMERS_PER_COLOUR = 4  # a turntable holds one for each of up to four players
CREAM, INK, ACTION_RED, CONTACT_BLUE = "#fbf6ea", "#222", "#b3202a", "#1e4f9c"


def build_kit(paper: Paper, game_number: int = 1) -> Kit:
    if not 1 <= game_number <= HIGHEST:
        raise ValueError(f"the games are 1-{HIGHEST} (1-{PRINTED} printed), not {game_number}")
    first = (game_number - 1) // SET_SIZE * SET_SIZE + 1
    games = range(first, first + SET_SIZE)
    board = load_board()
    buildings = sorted(board.buildings.values(), key=lambda b: b.name)
    informers = [
        _informer(building.id, building.name, building.colour, games)
        for building in buildings
        for _ in range(INFORMERS_PER_COLOUR)
    ]
    cards = load_cards()
    actions = [_action(n) for n in cards.action]
    names = {b.id: b.name for b in buildings}
    contacts = [_contact(names.get(c, "any building")) for c in cards.contact]
    body, width, height = svg_body(str(board_svg(board)))
    board_mm = 2 * paper.inner_width - OVERLAP
    return Kit(
        game="Kojak Detective Game",
        paper=paper,
        holds=f"Games {informer_set(first)}"
        + (" (generated cases, as the companion plays them)" if first > PRINTED else "")
        + ": their informer cards, clue sheets and Solution Book page, with the board and the"
        " advanced game's cards. Print another set for other game numbers"
        " (sleuth print kojak --game-number N).",
        parts=(
            Part(
                "The board",
                f"{board_mm / 10:.0f} cm square, over four tiles to trim and glue",
                tiled(body, width, height, board_mm, paper, "Kojak board"),
            ),
            Part(
                f"Informer cards for games {informer_set(first)}",
                f"{len(informers)}: print both sides, fold the blank half up over the codes",
                card_sheets(informers, CARD, paper, f"Informers {informer_set(first)}"),
            ),
            Part(
                "Clue sheets",
                "one for every five games, for each player's Detective Notebook",
                [_clue_sheet(paper, g) for g in sorted({sheet_first(g) for g in games})],
            ),
            Part(
                "Solution Book page",
                "fold it closed; open it only to check an arrest",
                [_solutions(paper, games)],
            ),
            Part(
                "Action Cards",
                f"{len(actions)}, for the advanced game",
                card_sheets(actions, CARD, paper, "Action Cards"),
            ),
            Part(
                "Contact Cards",
                f"{len(contacts)}, for the advanced game",
                card_sheets(contacts, CARD, paper, "Contact Cards"),
            ),
        ),
        notes=(
            "The buildings' turning fronts are not in this kit: stand the informer cards in"
            " a row by each building and turn them by hand, or play in the browser.",
        ),
    )


def _frame(x: float, y: float, stroke: str, fill: str = CREAM) -> str:
    w, h = CARD
    return (
        f'<rect x="{x:.2f}" y="{y:.2f}" width="{w}" height="{h}" rx="3" fill="{fill}"'
        f' stroke="{stroke}" stroke-width="0.7"/>'
    )


def _informer(building: str, name: str, colour: str, games: range) -> Card:
    fill = BUILDING_COLOURS[colour]
    ink = INK if colour == "yellow" else "#fff"  # white on yellow is hard to read

    def front(x: float, y: float) -> str:
        w, h = CARD
        half = h / 2
        figure = (
            f'<circle cx="{x + w / 2:.2f}" cy="{y + 14:.2f}" r="5" fill="{INK}"/>'
            f'<path d="M{x + w / 2 - 10:.2f},{y + 30:.2f} q10,-16 20,0 z" fill="{INK}"/>'
        )
        return (
            f'<rect x="{x:.2f}" y="{y:.2f}" width="{w}" height="{half:.2f}" fill="{fill}"'
            f' stroke="{INK}" stroke-width="0.4"/>'
            + figure
            + line(
                f"{colour.upper()} INFORMER",
                x + w / 2,
                y + 37,
                3.6,
                anchor="middle",
                weight="bold",
                fill=ink,
            )
            + line(name, x + w / 2, y + 41.5, 3, anchor="middle", fill=ink)
            + f'<line x1="{x:.2f}" y1="{y + half:.2f}" x2="{x + w:.2f}" y2="{y + half:.2f}"'
            ' stroke="#777" stroke-width="0.3" stroke-dasharray="2 1.5"/>'
            + line(
                "fold here: this half goes behind",
                x + w / 2,
                y + half + 5,
                2.6,
                anchor="middle",
                fill="#777",
            )
        )

    def inside(x: float, y: float) -> str:
        w, _ = CARD
        rows = "".join(
            line(f"Game {game}", x + 12, y + 9 + i * 3.6, 2.9)
            + line(get_case(game).codes[building], x + w - 14, y + 9 + i * 3.6, 3, weight="bold")
            for i, game in enumerate(games)
        )
        return (
            f'<rect x="{x:.2f}" y="{y:.2f}" width="{w}" height="{CARD[1] / 2:.2f}"'
            f' fill="#fff" stroke="{fill}" stroke-width="0.6"/>'
            + line(f"{name}: code letters", x + w / 2, y + 4.5, 2.8, anchor="middle", weight="bold")
            + rows
        )

    return Card(front, inside)


def _action(spaces: int) -> Card:
    def face(x: float, y: float) -> str:
        w, h = CARD
        return (
            _frame(x, y, ACTION_RED)
            + line("ACTION", x + w / 2, y + 14, 6, anchor="middle", weight="bold", fill=ACTION_RED)
            + line(
                str(spaces), x + w / 2, y + 55, 28, anchor="middle", weight="bold", fill=ACTION_RED
            )
            + line(
                f"Kojak moves {spaces} space{'s' if spaces > 1 else ''}",
                x + w / 2,
                y + h - 12,
                3.6,
                anchor="middle",
            )
        )

    return Card(face, _back("ACTION", ACTION_RED))


def _contact(building: str) -> Card:
    def face(x: float, y: float) -> str:
        w, h = CARD
        text, _ = block(
            f"A contact who gets you to the informer at the {building}",
            x + w / 2,
            y + 40,
            w - 12,
            3.8,
            anchor="middle",
        )
        return (
            _frame(x, y, CONTACT_BLUE)
            + line(
                "CONTACT", x + w / 2, y + 14, 6, anchor="middle", weight="bold", fill=CONTACT_BLUE
            )
            + line(building.upper(), x + w / 2, y + 28, 4.4, anchor="middle", weight="bold")
            + text
        )

    return Card(face, _back("CONTACT", CONTACT_BLUE))


def _back(title: str, colour: str) -> Draw:
    def draw(x: float, y: float) -> str:
        w, h = CARD
        return (
            _frame(x, y, colour, fill=colour)
            + line(title, x + w / 2, y + h / 2 + 2, 6, anchor="middle", weight="bold", fill="#fff")
            + line("KOJAK", x + w / 2, y + h / 2 + 9, 3, anchor="middle", fill="#fff")
        )

    return draw


def _clue_sheet(paper: Paper, first: int) -> Page:
    sheet = get_case(first).sheet
    x, width = paper.margin + 5, paper.inner_width - 10
    y = paper.margin + 12
    parts = [
        line(f"Clue sheet: {sheet.title}", x, y, 7, weight="bold"),
        line(f"For games {sheet.pad}. The criminal: {sheet.criminal}.", x, y + 9, 4.2),
    ]
    y += 20
    for statement in sheet.statements:
        parts.append(line(statement.code, x + 2, y, 5, weight="bold"))
        text, y = block(statement.text, x + 12, y, width - 12, 4.2)
        parts.append(text)
        y += 4
    y += 4
    text, _ = block(
        "Take an informer, read his code letter for the game you play, and circle the"
        " building his statement clears. The building left uncircled hides the criminal.",
        x,
        y,
        width,
        3.8,
    )
    parts.append(text)
    return Page(paper, "".join(parts), f"Clue sheet, games {sheet.pad}")


def _solutions(paper: Paper, games: range) -> Page:
    """The Solution Book for the set: folded, so the answers stay closed until an arrest."""
    x = paper.margin + 5
    half = paper.height / 2
    names = {b.id: b.name for b in load_board().buildings.values()}
    parts = [
        line("Solution Book", x, paper.margin + 14, 8, weight="bold"),
        line(f"Games {informer_set(games[0])}", x, paper.margin + 24, 5),
        block(
            "Fold the lower half up along the dashed line, printed sides together, so the"
            " answers stay inside. Open it only to check an arrest, out of the others' sight.",
            x,
            paper.margin + 34,
            paper.inner_width - 10,
            3.6,
        )[0],
        f'<line x1="0" y1="{half:.2f}" x2="{paper.width}" y2="{half:.2f}" stroke="#777"'
        ' stroke-width="0.3" stroke-dasharray="3 2"/>',
    ]
    y = half + 16
    for game in games:
        parts.append(line(f"Game {game}", x + 10, y, 4.4))
        parts.append(
            line(
                f"the criminal hides in the {names[get_case(game).hideout]}",
                x + 40,
                y,
                4.4,
                weight="bold",
            )
        )
        y += 9
    return Page(paper, "".join(parts), "Solution Book")
