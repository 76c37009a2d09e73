"""The lobby opens a finished game from a file in the replay viewer (issue 14): a terminal
save, or one game of a tournament's results by its number; a file that is not a game
says why and opens nothing."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, expect

from sleuth.lab.results import save
from sleuth.lab.tournament import Tournament, run
from sleuth.tui.saves import Table, write
from tests.finished_games import played

from .conftest import Server
from .test_lobby_and_table import DESKTOP, new_page, no_page_errors


def test_a_terminal_save_and_a_tournament_game_open_in_the_replay_viewer(
    server: Server, browser: Browser, contexts: list[BrowserContext], tmp_path: Path
) -> None:
    page = new_page(browser, contexts, DESKTOP)

    # A save as the terminal writes it.
    state = played("columbo")
    saved = tmp_path / "columbo.json"
    write(saved, Table(state.record(), bots=1, bot_level="expert", over=True))
    page.goto(server.url + "/")
    page.set_input_files("#saved-file", str(saved))
    expect(page.locator("#saved-number-box")).to_be_hidden()  # a save holds one game
    page.click("#saved-open")
    page.wait_for_url("**/t/*/replay")
    steps = len(state.history)
    expect(page.locator("#rp-where")).to_contain_text(f"of {steps}")

    # The second game of a tournament's results.
    results = run(Tournament("kojak", ("random", "expert"), games=2), workers=1)
    csv = tmp_path / "results.csv"
    save(results, csv)
    page.goto(server.url + "/")
    page.set_input_files("#saved-file", str(csv))
    expect(page.locator("#saved-number-box")).to_be_visible()
    page.fill("#saved-number", str(results[1].number))
    page.click("#saved-open")
    page.wait_for_url("**/t/*/replay")
    expect(page.locator("#rp-where")).to_contain_text(f"of {len(results[1].record['actions'])}")
    no_page_errors(page)


def test_a_file_that_is_not_a_finished_game_says_why(
    server: Server, browser: Browser, contexts: list[BrowserContext], tmp_path: Path
) -> None:
    page = new_page(browser, contexts, DESKTOP)
    page.goto(server.url + "/")
    notes = tmp_path / "notes.json"
    notes.write_text("shopping list", encoding="utf-8")
    page.set_input_files("#saved-file", str(notes))
    page.click("#saved-open")
    expect(page.locator("#saved-error")).to_contain_text("not JSON")

    state = played("stop-thief")
    record = state.record()
    record.actions = record.actions[:-1]  # stopped one action before the end
    unfinished = tmp_path / "unfinished.json"
    write(unfinished, Table(record, bots=1, bot_level="expert"))
    page.set_input_files("#saved-file", str(unfinished))
    page.click("#saved-open")
    expect(page.locator("#saved-error")).to_contain_text("sleuth play --resume")
    assert page.url.rstrip("/") == server.url  # still in the lobby
    no_page_errors(page)
