"""How to play: every game's guide, in our own words, as a page and in the terminal (issue 12)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import sleuth
from tests.command_line import run_sleuth

RULEBOOKS = Path(__file__).resolve().parents[2] / "shared" / "rulebooks"
BUNDLED = ["stop-thief", "manhunt", "kojak", "columbo"]
RUN = 8  # this many words in a row, shared with the rulebook, would be its sentence


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))


def runs(text: str, length: int) -> set[str]:
    seq = words(text)
    return {" ".join(seq[i : i + length]) for i in range(len(seq) - length + 1)}


def shared_runs(ours: str, theirs: str, length: int = RUN) -> set[str]:
    return runs(ours, length) & runs(theirs, length)


@pytest.mark.parametrize("name", BUNDLED)
def test_every_game_has_a_guide_in_its_package(name: str) -> None:
    text = sleuth.spec(name).guide()
    assert text is not None
    heading = text.splitlines()[0]
    assert heading.startswith("# How to play ")
    assert sleuth.spec(name).title.split()[0] in heading
    assert len(words(text)) > 400  # a real guide, not a stub


@pytest.mark.parametrize("name", BUNDLED)
def test_the_guide_is_written_here_not_copied_from_the_rulebook(name: str) -> None:
    rulebook = (RULEBOOKS / f"{name}.txt").read_text(encoding="utf-8")
    assert shared_runs(sleuth.spec(name).guide() or "", rulebook) == set()


def test_the_copy_check_would_catch_a_copied_sentence() -> None:
    rulebook = (RULEBOOKS / "kojak.txt").read_text(encoding="utf-8")
    copied = "Three conditions must be met to obtain each clue, says the book."
    assert shared_runs("Our words. " + copied, rulebook)


def test_the_rules_page_shows_the_guide_and_the_board() -> None:
    from fastapi.testclient import TestClient

    from sleuth.server.app import create_app

    with TestClient(create_app("sqlite://")) as client:
        for name in BUNDLED:
            page = client.get(f"/games/{name}/rules")
            assert page.status_code == 200
            assert page.headers["content-type"].startswith("text/html")
            assert "script-src 'self'" in page.headers["content-security-policy"]
            title = sleuth.spec(name).title.split()[0]
            assert f"<h1>How to play {title}" in page.text
            assert f'src="/api/games/{name}/board.svg"' in page.text
            assert "<script" not in page.text
        assert client.get("/games/chess/rules").status_code == 404


def test_raw_html_in_a_guide_is_shown_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from sleuth.core.game import GameSpec
    from sleuth.server import guides

    monkeypatch.setattr(GameSpec, "guide", lambda self: "# Hi\n\n<script>alert(1)</script>\n")
    guides.guide_page.cache_clear()
    try:
        page = guides.guide_page("kojak")
    finally:
        guides.guide_page.cache_clear()
    assert page is not None
    assert "<script>" not in page and "&lt;script&gt;" in page


def test_sleuth_rules_prints_the_guide_in_the_terminal() -> None:
    result = run_sleuth("rules", "kojak")
    assert result.exit_code == 0
    assert "How to play Kojak" in result.output
    assert "Radio Room" in result.output
    bad = run_sleuth("rules", "chess")
    assert bad.exit_code == 2 and "no game called" in bad.output
