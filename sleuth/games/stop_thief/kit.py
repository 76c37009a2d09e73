"""The Stop Thief print-and-play kit: for players with a real board whose cards went missing.

A reference sheet (how the Crime Scanner's display and sounds read on the board), the
32 Sleuth Cards, the 10 WANTED posters and the 8 Detective Licenses, every one from
the data file the engine plays with (data/content.json). The board and the scanner
are the box's own (the scanner companion page stands in for a dead unit).
"""

from __future__ import annotations

from sleuth.games.stop_thief.content import load_content
from sleuth.games.stop_thief.thief import Clue
from sleuth.games.stop_thief.words import BUILDING_NAMES, sound_words
from sleuth.printing.kit import Kit, Part
from sleuth.printing.paper import Paper
from sleuth.printing.sheets import Card, Draw, Page, card_sheets
from sleuth.printing.text import block, line

CARD = (63.0, 88.0)  # the common playing-card size, mm
RED, NAVY, CREAM = "#b3202a", "#1f2f55", "#fbf6e9"


def build_kit(paper: Paper) -> Kit:
    content = load_content()
    sleuth_cards = [_sleuth_card(c.name, c.text) for c in content.cards]
    posters = [_poster(p.name, p.reward) for p in content.posters]
    licenses = [_license(lic.name) for lic in content.licenses]
    return Kit(
        game="Stop Thief",
        paper=paper,
        holds="For a Stop Thief box with its board: the cards and posters it may have lost,"
        " and a sheet on reading the Crime Scanner.",
        parts=(
            Part(
                "Reading the Crime Scanner",
                "the display and its sounds, on one page",
                [_reference(paper)],
            ),
            Part(
                "Sleuth Cards",
                f"all {len(sleuth_cards)}, with backs",
                card_sheets(sleuth_cards, CARD, paper, "Sleuth Cards"),
            ),
            Part(
                "WANTED posters",
                f"all {len(posters)}, with backs",
                card_sheets(posters, CARD, paper, "WANTED posters"),
            ),
            Part(
                "Detective Licenses",
                f"all {len(licenses)}, with backs",
                card_sheets(licenses, CARD, paper, "Detective Licenses"),
            ),
        ),
        notes=(
            "No scanner? The Crime Scanner companion (`sleuth scanner`, or the lobby's"
            " link) plays the unit on a phone beside the board.",
        ),
    )


def _frame(x: float, y: float, colour: str, fill: str = CREAM) -> str:
    w, h = CARD
    return (
        f'<rect x="{x:.2f}" y="{y:.2f}" width="{w}" height="{h}" rx="3" fill="{fill}"'
        f' stroke="{colour}" stroke-width="0.6"/>'
        f'<rect x="{x + 2.5:.2f}" y="{y + 2.5:.2f}" width="{w - 5}" height="{h - 5}" rx="2"'
        f' fill="none" stroke="{colour}" stroke-width="0.3"/>'
    )


def _back(title: str, colour: str) -> Draw:
    def draw(x: float, y: float) -> str:
        w, h = CARD
        stripes = "".join(
            f'<line x1="{x + 4:.2f}" y1="{y + 4 + i * 4:.2f}" x2="{x + w - 4:.2f}"'
            f' y2="{y + 4 + i * 4:.2f}" stroke="#fff" stroke-opacity="0.25" stroke-width="1.2"/>'
            for i in range(20)
        )
        return (
            _frame(x, y, colour, fill=colour)
            + stripes
            + f'<rect x="{x + 8:.2f}" y="{y + h / 2 - 9:.2f}" width="{w - 16}" height="18" rx="2"'
            f' fill="#fff"/>'
            + line(
                title, x + w / 2, y + h / 2 + 2, 5.2, anchor="middle", weight="bold", fill=colour
            )
            + line("STOP THIEF", x + w / 2, y + h / 2 + 7, 2.6, anchor="middle", fill=colour)
        )

    return draw


def _sleuth_card(name: str, text: str) -> Card:
    def face(x: float, y: float) -> str:
        w, _ = CARD
        title, below = block(name, x + w / 2, y + 22, w - 12, 5, anchor="middle", weight="bold")
        body, _ = block(text, x + 6, below + 6, w - 12, 4)
        return (
            _frame(x, y, NAVY)
            + f'<rect x="{x + 2.5:.2f}" y="{y + 2.5:.2f}" width="{w - 5}" height="10"'
            f' fill="{NAVY}"/>'
            + line(
                "SLEUTH CARD", x + w / 2, y + 9.5, 4, anchor="middle", weight="bold", fill="#fff"
            )
            + title
            + body
        )

    return Card(face, _back("SLEUTH CARD", NAVY))


def _poster(name: str, reward: int) -> Card:
    def face(x: float, y: float) -> str:
        w, h = CARD
        title, _ = block(name, x + w / 2, y + 56, w - 10, 4.6, anchor="middle", weight="bold")
        # A plain silhouette where the printed poster has the thief's portrait.
        head = (
            f'<circle cx="{x + w / 2:.2f}" cy="{y + 30:.2f}" r="7" fill="#555"/>'
            f'<path d="M{x + w / 2 - 14:.2f},{y + 48:.2f} q14,-16 28,0 z" fill="#555"/>'
        )
        return (
            _frame(x, y, RED)
            + line("WANTED", x + w / 2, y + 14, 9, anchor="middle", weight="bold", fill=RED)
            + f'<rect x="{x + w / 2 - 17:.2f}" y="{y + 19:.2f}" width="34" height="30"'
            f' fill="#e8e2d0" stroke="#555" stroke-width="0.3"/>'
            + head
            + title
            + line(
                f"REWARD ${reward:,}",
                x + w / 2,
                y + h - 12,
                5.5,
                anchor="middle",
                weight="bold",
                fill=RED,
            )
        )

    return Card(face, _back("WANTED", RED))


def _license(name: str) -> Card:
    def face(x: float, y: float) -> str:
        w, h = CARD
        title, _ = block(name, x + w / 2, y + 48, w - 10, 5, anchor="middle", weight="bold")
        return (
            _frame(x, y, NAVY)
            + line("DETECTIVE", x + w / 2, y + 16, 6, anchor="middle", weight="bold", fill=NAVY)
            + line("LICENSE", x + w / 2, y + 23, 6, anchor="middle", weight="bold", fill=NAVY)
            + f'<circle cx="{x + w / 2:.2f}" cy="{y + 34:.2f}" r="5" fill="none"'
            f' stroke="{NAVY}" stroke-width="0.6"/>'
            + title
            + line("ACME Detective Agency", x + w / 2, y + h - 12, 3, anchor="middle", fill=NAVY)
        )

    return Card(face, _back("LICENSE", NAVY))


def _reference(paper: Paper) -> Page:
    """How the scanner's three characters and sounds read on the board."""
    x, width = paper.margin + 5, paper.inner_width - 10
    y = paper.margin + 12
    parts = [line("Reading the Crime Scanner", x, y, 7, weight="bold")]
    y += 10
    intro = (
        "Each press of CLUE shows three characters and plays a sound. The first character"
        " is where the thief is: a building 1-4 or a street 5-8. The other two say what he"
        " did. Numbered spaces on the board read the same way: 4-47 is space 47 of"
        " building 4, and it is keyed 4 4 7 for an arrest."
    )
    text, y = block(intro, x, y, width, 4)
    parts.append(text)
    y += 6
    parts.append(line("First character", x, y, 5, weight="bold"))
    y += 7
    for digit in range(1, 9):
        where = (
            f"building {digit}, the {BUILDING_NAMES[digit]}" if digit <= 4 else f"street {digit}"
        )
        parts.append(line(f"{digit}", x + 4, y, 4.2, weight="bold"))
        parts.append(line(where, x + 14, y, 4.2))
        y += 6
    y += 4
    parts.append(line("What he did, and what you hear", x, y, 5, weight="bold"))
    y += 7
    meanings = {
        "crime": "a crime: he is on a crime space of that building",
        "floor": "he stepped on a floor space inside a building",
        "door": "he went through a door",
        "glass": "he climbed through a window",
        "street": "he ran along the street",
        "subway": "he rode the subway and came up on a street",
    }
    for kind, meaning in meanings.items():
        clue = Clue(kind, 1 if kind in ("crime", "floor", "door", "glass") else 5)  # type: ignore[arg-type]
        parts.append(line(clue.display.strip(), x + 4, y, 4.2, weight="bold"))
        parts.append(line(f"{meaning} ({sound_words(clue.sound)})", x + 20, y, 4.2))
        y += 6
    parts.append(line("bleep", x + 4, y, 4.2, weight="bold"))
    parts.append(line("he stood still: the display keeps his last clue", x + 20, y, 4.2))
    y += 10
    arrest = (
        "To arrest, press ARREST and key the three digits of the space you think he is on"
        " (4-47: 4 4 7). Sirens, warning shots and a hee-haw: he is caught. Sirens and a"
        " raspberry: a false arrest, he was not there, and you lose your License. Sirens,"
        " warning shots and a laugh: he was there but got away, and runs five or six"
        " spaces off, a clue for each."
    )
    text, y = block(arrest, x, y, width, 4)
    parts.append(text)
    return Page(paper, "".join(parts), "Reading the Crime Scanner")
