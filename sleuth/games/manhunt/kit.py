"""The Manhunt print-and-play kit for one case set (0: the printed set; any other number:
a set generated from it, as the `case_set` option plays).

From the data the engine plays with: the board (svg.py, over four tiles), the 16
Scanner Cards (their punched holes on the black side, their culprits on the white
side, printed on the back), the Read Out diagram and the 32 suspects of each crime,
blank Clue Sheets, and the Detectives Handbook page with its flaps.
"""

from __future__ import annotations

from sleuth.games.manhunt.cases import LETTERS, ROWS, CaseBook, Crime, case_book
from sleuth.games.manhunt.handbook import FLAPS
from sleuth.games.manhunt.svg import board_svg
from sleuth.printing.kit import Kit, Part
from sleuth.printing.paper import Paper
from sleuth.printing.sheets import Card, Page, card_sheets
from sleuth.printing.text import block, line
from sleuth.printing.tiles import OVERLAP, svg_body, tiled

CARD = (63.0, 88.0)
BLACK, WHITE, INK, RED = "#1b1b1f", "#ffffff", "#222", "#c8102e"


def build_kit(paper: Paper, case_set: int = 0) -> Kit:
    if case_set < 0:
        raise ValueError("the case set is 0 (the printed one) or a positive number")
    book = case_book(case_set)
    which = "the printed case set" if case_set == 0 else f"case set {case_set}"
    body, width, height = svg_body(str(board_svg()))
    board_mm = 2 * paper.inner_width - OVERLAP
    crimes = list(book.crimes.values())
    return Kit(
        game="Manhunt",
        paper=paper,
        holds=f"Everything for {which}: play it in the app with the option case_set="
        f"{case_set}, or at the table with these cards. The culprits are on the Scanner"
        " Cards' white sides: print them, cut them and shuffle them face down without"
        " looking.",
        parts=(
            Part(
                "The board",
                f"{board_mm / 10:.0f} cm square, over four tiles to trim and glue",
                tiled(body, width, height, board_mm, paper, "Manhunt board"),
            ),
            Part(
                "Scanner Cards",
                f"all {len(book.cards)}: the black side to punch, the white side behind",
                card_sheets(
                    [_scanner_card(book, c.number) for c in book.cards],
                    CARD,
                    paper,
                    "Scanner Cards",
                ),
            ),
            Part(
                "Read Out diagrams and suspects",
                "one page for each crime",
                [_readout(paper, crime) for crime in crimes],
            ),
            Part(
                "Clue Sheets",
                "one blank sheet for each crime: copy one for every player",
                [_clue_sheet(paper, crime) for crime in crimes],
            ),
            Part(
                "Detectives Handbook",
                "one for every player: cut the flaps along the dashed lines",
                [_handbook(paper)],
            ),
        ),
        notes=(
            "A Scanner Card's row shows a hole where it is punched and a red dot elsewhere:"
            " punch or cut out the marked circle of each row, and colour the other three"
            " red if you like.",
        ),
    )


def _scanner_card(book: CaseBook, number: int) -> Card:
    card = next(c for c in book.cards if c.number == number)

    def black(x: float, y: float) -> str:
        w, h = CARD
        parts = [
            f'<rect x="{x:.2f}" y="{y:.2f}" width="{w}" height="{h}" rx="3" fill="{BLACK}"/>',
            line(
                f"SCANNER CARD {number}" + (" (Sample)" if card.sample else ""),
                x + w / 2,
                y + 8,
                3.4,
                anchor="middle",
                weight="bold",
                fill=WHITE,
            ),
        ]
        for column, letter in enumerate(LETTERS):
            parts.append(line(letter, x + 20 + column * 10, y + 15, 3, anchor="middle", fill=WHITE))
        for row in range(1, ROWS + 1):
            cy = y + 20 + (row - 1) * 8.2
            parts.append(line(str(row), x + 8, cy + 1.2, 3, anchor="middle", fill=WHITE))
            for column, letter in enumerate(LETTERS):
                cx = x + 20 + column * 10
                if card.hole(row) == letter:  # punch here
                    parts.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="2.6" fill="{WHITE}"/>')
                else:
                    parts.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="2.6" fill="{RED}"/>')
        return "".join(parts)

    def white(x: float, y: float) -> str:
        w, h = CARD
        parts = [
            f'<rect x="{x:.2f}" y="{y:.2f}" width="{w}" height="{h}" rx="3" fill="{WHITE}"'
            f' stroke="{INK}" stroke-width="0.5"/>',
            line(
                f"Card {number}: the culprits",
                x + w / 2,
                y + 12,
                3.6,
                anchor="middle",
                weight="bold",
            ),
        ]
        for i, crime in enumerate(book.crimes.values()):
            suspect = book.culprit(card, crime.key)
            parts.append(
                line(crime.name.upper(), x + w / 2, y + 28 + i * 20, 3, anchor="middle", fill=RED)
            )
            parts.append(
                line(
                    f"{suspect.number} {suspect.name.upper()}",
                    x + w / 2,
                    y + 35 + i * 20,
                    3.6,
                    anchor="middle",
                    weight="bold",
                )
            )
        return "".join(parts)

    return Card(black, white)


def _readout(paper: Paper, crime: Crime) -> Page:
    x, width = paper.margin + 3, paper.inner_width - 6
    y = paper.margin + 10
    parts = [line(f"{crime.name}: the Read Out and the suspects", x, y, 6.5, weight="bold")]
    y += 9
    column = (width - 34) / 4
    for letter_index, letter in enumerate(LETTERS):
        parts.append(line(letter, x + 34 + letter_index * column, y, 3.4, weight="bold"))
    y += 5
    for row in crime.readout:
        parts.append(line(f"{row.row} {row.topic}", x, y, 3, weight="bold"))
        for letter_index, clue in enumerate(row.clues):
            text, _ = block(clue, x + 34 + letter_index * column, y, column - 2, 2.8)
            parts.append(text)
        y += 8.5
    y += 4
    parts.append(
        line("Suspects (their record: one letter a row, rows 1-8)", x, y, 4, weight="bold")
    )
    y += 6
    per_column = (len(crime.suspects) + 1) // 2
    for i, suspect in enumerate(crime.suspects):
        cx = x + (i // per_column) * (width / 2)
        cy = y + (i % per_column) * 5.4
        parts.append(line(suspect.number, cx, cy, 3.1, weight="bold"))
        parts.append(line(suspect.name, cx + 10, cy, 3.1))
        parts.append(line(" ".join(suspect.record), cx + 52, cy, 3.1))
    return Page(paper, "".join(parts), f"{crime.name} Read Out")


def _clue_sheet(paper: Paper, crime: Crime) -> Page:
    x, width = paper.margin + 3, paper.inner_width - 6
    y = paper.margin + 10
    parts = [
        line(f"Clue Sheet: {crime.name}", x, y, 6.5, weight="bold"),
        line("Player: ______________________", x + width - 70, y, 3.6),
    ]
    y += 10
    for row in crime.readout:
        parts.append(line(f"{row.row}. {row.topic}:", x, y, 3.6, weight="bold"))
        parts.append(
            f'<line x1="{x + 45:.2f}" y1="{y + 1:.2f}" x2="{x + width:.2f}" y2="{y + 1:.2f}"'
            ' stroke="#999" stroke-width="0.25"/>'
        )
        y += 9
    y += 4
    text, y = block(
        "Circle every suspect at the start; cross out each one whose record does not match"
        " a row you learn. Write your accusation on the back.",
        x,
        y,
        width,
        3.4,
    )
    parts.append(text)
    y += 4
    for i, suspect in enumerate(crime.suspects):
        cx = x + (i % 8) * (width / 8)
        cy = y + (i // 8) * 10
        parts.append(
            f'<rect x="{cx:.2f}" y="{cy - 5:.2f}" width="{width / 8 - 2:.2f}" height="7.5"'
            ' rx="1.5" fill="none" stroke="#999" stroke-width="0.25"/>'
        )
        parts.append(line(suspect.number, cx + (width / 8 - 2) / 2, cy, 3.4, anchor="middle"))
    return Page(paper, "".join(parts), f"{crime.name} Clue Sheet")


def _handbook(paper: Paper) -> Page:
    x, width = paper.margin + 3, paper.inner_width - 6
    y = paper.margin + 10
    parts = [
        line("Detectives Handbook", x, y, 6.5, weight="bold"),
    ]
    text, y = block(
        "Write each row you learn as four boxes A-D: X where the probe showed the hole,"
        " O where it showed a red dot. Rows 3-8 sit under flaps: cut each flap along its"
        " dashed top, right and bottom edges and fold it left over its row, so an"
        " opponent who asks for a row sees only the one you lift.",
        x,
        y + 8,
        width,
        3.4,
    )
    parts.append(text)
    y += 8
    for row in range(1, ROWS + 1):
        parts.append(line(f"Row {row}", x, y + 7, 4, weight="bold"))
        for i, letter in enumerate(LETTERS):
            bx = x + 30 + i * 16
            parts.append(
                f'<rect x="{bx:.2f}" y="{y:.2f}" width="12" height="10" fill="none"'
                ' stroke="#333" stroke-width="0.4"/>'
            )
            parts.append(line(letter, bx + 6, y - 1.2, 2.6, anchor="middle"))
        if row in FLAPS:
            parts.append(
                f'<rect x="{x + 96:.2f}" y="{y - 3:.2f}" width="{width - 96:.2f}" height="16"'
                ' fill="#f3efe2" stroke="#777" stroke-width="0.3" stroke-dasharray="2 1.5"/>'
            )
            parts.append(
                line(
                    f"Flap {row}: cut on three sides, fold left over row {row}", x + 100, y + 6, 3.2
                )
            )
        y += 24
    return Page(paper, "".join(parts), "Detectives Handbook")
