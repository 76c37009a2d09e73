"""Every game's print-and-play kit: written as a PDF, the right pages and sizes, every card
present, and pages that render to pictures with something on them."""

from __future__ import annotations

from pathlib import Path

import pytest

import sleuth
from sleuth.printing.paper import A4, LETTER, Paper
from tests.command_line import run_sleuth

pdfium = pytest.importorskip("pypdfium2")
pypdf = pytest.importorskip("pypdf")

KITS = [name for name in sleuth.game_names() if sleuth.spec(name).has("kit")]
POINTS_PER_MM = 72 / 25.4


def written(game: str, paper: Paper, tmp_path: Path) -> tuple[object, Path]:
    kit = sleuth.spec(game).load("kit")(paper)
    path = tmp_path / f"{game}.pdf"
    assert kit.write_pdf(path) == 1 + sum(len(part.pages) for part in kit.parts)
    return kit, path


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
@pytest.mark.parametrize("game", KITS)
def test_the_kit_is_a_pdf_of_the_paper_asked_for(game: str, paper: Paper, tmp_path: Path) -> None:
    kit, path = written(game, paper, tmp_path)
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == len(kit.pages())
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(paper.width * POINTS_PER_MM, abs=0.5)
        assert float(page.mediabox.height) == pytest.approx(paper.height * POINTS_PER_MM, abs=0.5)
    # Every page renders to a picture with something drawn on it (not a blank sheet).
    document = pdfium.PdfDocument(str(path))
    for number in range(len(document)):
        picture = document[number].render(scale=0.3).to_pil().convert("L")
        darkest, _ = picture.getextrema()
        assert darkest < 100, f"page {number + 1} looks blank"


def test_the_stop_thief_kit_holds_every_card_poster_and_license(tmp_path: Path) -> None:
    from sleuth.games.stop_thief.content import load_content

    _, path = written("stop-thief", A4, tmp_path)
    pages = pypdf.PdfReader(path).pages
    text = " ".join(" ".join(page.extract_text().split()) for page in pages)  # lines joined
    content = load_content()
    for card in content.cards:
        assert card.name in text
    assert text.count("SLEUTH CARD") >= 2 * len(content.cards)  # a face and a back each
    for poster in content.posters:
        assert poster.name.split()[0] in text and f"${poster.reward:,}" in text
    for license in content.licenses:
        assert license.name.split()[0] in text
    assert "Reading the Crime Scanner" in text and "1Cr" in text


def test_backs_lie_behind_their_faces_when_printed_on_both_sides() -> None:
    """A back sheet mirrors its face sheet's columns (flipped on the long edge)."""
    from sleuth.printing.sheets import Card, card_sheets

    def mark(label: str) -> Card:
        return Card(
            face=lambda x, y: f'<g data-face="{label}" data-x="{x:.1f}"/>',
            back=lambda x, y: f'<g data-back="{label}" data-x="{x:.1f}"/>',
        )

    faces, backs = card_sheets([mark("a"), mark("b"), mark("c")], (63, 88), A4, "test")
    for label in "abc":
        face_x = float(faces.body.split(f'data-face="{label}" data-x="')[1].split('"')[0])
        back_x = float(backs.body.split(f'data-back="{label}" data-x="')[1].split('"')[0])
        assert back_x == pytest.approx(A4.width - face_x - 63)


def test_the_print_command_writes_the_kit_and_refuses_what_it_cannot(tmp_path: Path) -> None:
    out = tmp_path / "kit.pdf"
    done = run_sleuth("print", "stop-thief", "-o", str(out), "--paper", "letter")
    assert done.exit_code == 0, done.output
    assert "US Letter" in done.output and out.stat().st_size > 0
    paper = run_sleuth("print", "stop-thief", "-o", str(out), "--paper", "a3")
    assert paper.exit_code != 0 and "a4 or letter" in paper.output
    game = run_sleuth("print", "cluedo", "-o", str(out))
    assert game.exit_code != 0
    choice = run_sleuth("print", "stop-thief", "-o", str(out), "--case-set", "2")
    assert choice.exit_code != 0 and "takes no --case-set" in choice.output


def test_the_columbo_kit_holds_the_board_and_all_sixty_cards(tmp_path: Path) -> None:
    from sleuth.games.columbo.cards import load_pack

    kit, path = written("columbo", A4, tmp_path)
    board, cards = kit.parts
    assert len(board.pages) == 4  # two tiles wide, two tall
    reader = pypdf.PdfReader(path)
    first = 1 + len(board.pages)
    texts = [" ".join(reader.pages[i].extract_text().split()) for i in range(len(reader.pages))]
    card_text = " ".join(texts[first:])
    assert card_text.count("COLUMBO") == 60  # one back for every card
    pack = load_pack()
    for card in pack.cards:
        part = card.name.rsplit("(", 1)[-1].rstrip(")") if "(" in card.name else ""
        assert (part or card.name.removeprefix("Columbo: ")) in card_text
    assert card_text.count("top left") == 10  # five figures and five weapons
    assert card_text.count("No Clue") == 7


def test_the_kojak_kit_prints_one_set_of_ten_games_as_the_engine_plays_them(
    tmp_path: Path,
) -> None:
    """KJ-INFORMER-04: each informer card carries a code letter for each game of its set,
    inside its fold (printed behind the picture, the blank half folded over)."""
    from sleuth.games.kojak.board import load_board
    from sleuth.games.kojak.cases import get_case

    kit = sleuth.spec("kojak").load("kit")(A4, game_number=13)
    path = tmp_path / "kojak.pdf"
    kit.write_pdf(path)
    text = " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(path).pages)
    for building in load_board().buildings.values():
        codes = " ".join(f"Game {g} {get_case(g).codes[building.id]}" for g in range(11, 21))
        assert text.count(f"{building.name}: code letters {codes}") == 4  # four informers
    for first in (11, 16):
        sheet = get_case(first).sheet
        assert f"Clue sheet: {sheet.title}" in text
        assert all(" ".join(s.text.split()) in text for s in sheet.statements)
    names = {b.id: b.name for b in load_board().buildings.values()}
    for game in range(11, 21):
        assert f"Game {game} the criminal hides in the {names[get_case(game).hideout]}" in text
    assert "Game 21" not in text and "Game 10 " not in text
    with pytest.raises(ValueError, match="1-1000000"):
        sleuth.spec("kojak").load("kit")(A4, game_number=0)


def test_the_kojak_kit_prints_generated_games_with_the_companions_codes(tmp_path: Path) -> None:
    """KJ-INFORMER-03, KJ-INFORMER-04: a kit for game 51 holds the set 51-60, each informer
    card carrying, for each game, the code letter the companion reads out for it."""
    from sleuth.games.kojak.companion.device import KojakCompanion

    out = tmp_path / "kit.pdf"
    done = run_sleuth("print", "kojak", "--game-number", "51", "-o", str(out))
    assert done.exit_code == 0, done.output
    kit = sleuth.spec("kojak").load("kit")(A4, game_number=51)
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == len(kit.pages()) == 1 + sum(len(p.pages) for p in kit.parts)
    assert f"wrote {len(reader.pages)} pages" in done.output
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    assert "Games 51-60 (generated cases, as the companion plays them)" in text
    assert "Game 50 " not in text and "Game 61" not in text
    read: dict[str, list[str]] = {}  # building -> "Game N X", as the companion reads them
    for game in range(51, 61):
        device = KojakCompanion({"game": game, "players": 2})
        for building in device.buildings.values():
            clue = device.apply(0, {"type": "take", "building": building.id})
            read.setdefault(building.name, []).append(f"Game {game} {clue['code']}")
        hideout = device.name(device.case.hideout)
        assert f"Game {game} the criminal hides in the {hideout}" in text
    for name, codes in read.items():
        assert text.count(f"{name}: code letters {' '.join(codes)}") == 4  # four informers
    for first in (51, 56):
        sheet = KojakCompanion({"game": first, "players": 2}).view(None)["sheet"]
        assert f"Clue sheet: {sheet['title']}" in text


@pytest.mark.parametrize("case_set", [0, 3])
def test_the_manhunt_kit_prints_the_case_set_the_engine_plays(
    case_set: int, tmp_path: Path
) -> None:
    from sleuth.games.manhunt.cases import case_book

    kit = sleuth.spec("manhunt").load("kit")(A4, case_set=case_set)
    path = tmp_path / "manhunt.pdf"
    kit.write_pdf(path)
    text = " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(path).pages)
    book = case_book(case_set)
    for card in book.cards:
        assert f"SCANNER CARD {card.number}" in text
        for crime in book.crimes.values():
            culprit = book.culprit(card, crime.key)
            assert f"{culprit.number} {culprit.name.upper()}" in text
    for crime in book.crimes.values():
        assert f"Clue Sheet: {crime.name}" in text
        for suspect in crime.suspects:
            assert f"{suspect.number} {suspect.name} {' '.join(suspect.record)}" in text
    assert ("the printed case set" if case_set == 0 else f"case set {case_set}") in text


def test_a_scanner_card_is_punched_where_the_engine_says() -> None:
    """MH: each row of a Scanner Card has one hole (white) and three red dots."""
    import re

    from sleuth.games.manhunt.cases import case_book
    from sleuth.games.manhunt.kit import _scanner_card

    book = case_book(0)
    for card in book.cards:
        black = _scanner_card(book, card.number).face(0.0, 0.0)
        holes = re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="2.6" fill="#ffffff"/>', black)
        assert len(holes) == 8
        for row, (cx, _) in enumerate(sorted(holes, key=lambda h: float(h[1])), start=1):
            assert "ABCD"[round((float(cx) - 20) / 10)] == card.hole(row)
