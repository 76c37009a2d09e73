"""The terminal companions (`sleuth companion GAME`), end to end with Textual's pilot.

A seat's secret is read on the screen only while that seat has it open: with the cover
up, or another seat's screen open, no widget holds it (`seen` reads every widget, shown
or not). Sessions live in the same storage as the phones' pages.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

import sleuth
from sleuth.server.companions import CompanionStore
from sleuth.tui.companion import CompanionTerminal, TokenFile
from tests.command_line import run_sleuth

Script = Callable[[Any, CompanionTerminal], Awaitable[None]]


def terminal(name: str, db: Path, players: int, here: int, **settings: Any) -> CompanionTerminal:
    """A new session of `game` whose first `here` seats this terminal holds."""
    face = sleuth.spec(name).load("companion_terminal")
    store = CompanionStore(face.spec, f"sqlite:///{db}")
    body = face.spec.settings.model_validate({**face.defaults, "players": players, **settings})
    session = store.create(face.spec.prepare(body))
    tokens = TokenFile(name, session.id)
    tokens.save({s: store.take_seat(session, s, f"P{s + 1}") for s in range(here)})
    return CompanionTerminal(face, store, session.id, tokens)


def run(app: CompanionTerminal, script: Script) -> None:
    async def go() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await script(pilot, app)

    asyncio.run(go())


def seen(app: CompanionTerminal) -> str:
    """Every word on the screen now, drawn or not: what could be read."""
    return "\n".join(str(w.content) for w in app.query(Static))


async def type_line(pilot: Any, app: CompanionTerminal, line: str) -> None:
    app.query_one("#command").focus()
    await pilot.press(*line, "enter")
    await pilot.pause()


def test_kojak_informer_code_is_seen_only_by_its_seat(tmp_path: Path) -> None:
    """KJ-INFORMER-04: the code letter and statement of the informer a player took are his
    alone; the others see only which building's informer he holds."""
    app = terminal("kojak", tmp_path / "c.sqlite3", players=2, here=2, game=1)

    async def script(pilot: Any, app: CompanionTerminal) -> None:
        assert app.query_one("#cover").display and not app.query_one("#screen").display
        await pilot.click("#pass-0")
        await pilot.pause()
        await type_line(pilot, app, "take bus")
        statement = app.session().device.clue("bus")["statement"]  # type: ignore[attr-defined]
        assert f"code {app.session().device.clue('bus')['code']}" in seen(app)  # type: ignore[attr-defined]
        assert statement in seen(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.query_one("#cover").display and statement not in seen(app)
        assert "P1: Bus" in seen(app)  # the table sees which informer, not what he said
        await pilot.click("#pass-1")
        await pilot.pause()
        assert "P2's screen" in seen(app) and statement not in seen(app)

    run(app, script)


def test_kojak_wrong_arrest_puts_out_and_tells_only_him(tmp_path: Path) -> None:
    """KJ-WIN-03: a wrong arrest puts the player out; he reads the answer, the others learn
    only that he is out."""
    app = terminal("kojak", tmp_path / "c.sqlite3", players=2, here=2, game=1)
    device: Any = app.session().device
    wrong = next(b for b in ("bus", "hotel", "movie", "restaurant") if b != device.case.hideout)
    answer = device.name(device.case.hideout)

    async def script(pilot: Any, app: CompanionTerminal) -> None:
        await pilot.click("#pass-0")
        await pilot.pause()
        for line in ("take bus", "take hotel", f"arrest {wrong}"):
            await type_line(pilot, app, line)
        assert "You are out" in seen(app) and f"book says the {answer}" in seen(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "OUT" in seen(app) and answer not in app.query_one("#table").content  # type: ignore[attr-defined]
        await pilot.click("#pass-1")
        await pilot.pause()
        assert "book says" not in seen(app)

    run(app, script)


def test_manhunt_probe_is_seen_only_by_its_seat_and_refusals_change_nothing(
    tmp_path: Path,
) -> None:
    """MH-COMPUTER-02: the lever's dials are seen by the whole table; a probe's hole is the
    prober's alone. A mistyped line is refused and stores nothing."""
    app = terminal("manhunt", tmp_path / "c.sqlite3", players=2, here=2, card=1)
    device: Any = app.session().device
    clue = device.crime.readout[0].clue(device.card.hole(1))

    async def script(pilot: Any, app: CompanionTerminal) -> None:
        await pilot.click("#pass-0")
        await pilot.pause()
        await type_line(pilot, app, "spin move")
        assert "Computer, for P1: NUMBERED" in seen(app)
        before = app.session().version
        await type_line(pilot, app, "probe nine")
        assert "is not a number" in seen(app) and app.session().version == before
        await type_line(pilot, app, "probe 1")
        assert clue in app.query_one("#mine").content  # type: ignore[attr-defined]
        await pilot.press("escape")
        await pilot.pause()
        assert "P1: rows 1" in seen(app) and clue not in seen(app)
        await pilot.click("#pass-1")
        await pilot.pause()
        assert clue not in seen(app)

    run(app, script)


def test_columbo_lawn_is_open_and_never_names_a_face_down_card(tmp_path: Path) -> None:
    """CO-LAWN-02: a face-down card is only "a card"; CO-LAWN-01: one card a place."""
    app = terminal("columbo", tmp_path / "c.sqlite3", players=2, here=2, places=8)

    async def script(pilot: Any, app: CompanionTerminal) -> None:
        assert not app.query_one("#cover").display  # nothing secret: no cover
        await type_line(pilot, app, "lay 3")
        await type_line(pilot, app, "lay 3")
        assert "already holds a card" in seen(app)
        assert " 3 card" in seen(app)
        await type_line(pilot, app, "show 5 rope (top left)")
        await type_line(pilot, app, "show 6 Nothing")
        assert "no card 'Nothing'" in seen(app)
        assert "P1 laid a card face down at place 3" in seen(app)
        knife = next(
            c for c in app.session().device.view(0)["cards"] if c.lower() == "rope (top left)"
        )
        assert f"P1 showed {knife} at place 5" in seen(app)

    run(app, script)


def test_a_session_resumes_in_the_terminal_and_is_shared_with_a_phone(tmp_path: Path) -> None:
    """The command makes a session in the server's storage and holds only `--here` seats;
    `--session` resumes it with the actions stored, and a phone's seat stays the phone's."""
    from fastapi.testclient import TestClient

    from sleuth.server.app import create_app

    db = tmp_path / "shared.sqlite3"
    ran: list[CompanionTerminal] = []
    original = CompanionTerminal.run

    def fake_run(self: CompanionTerminal, *args: Any, **kwargs: Any) -> None:
        ran.append(self)

    CompanionTerminal.run = fake_run  # type: ignore[method-assign]
    try:
        made = run_sleuth("companion", "kojak", "--players", "2", "--here", "1", "--names", "Ann",
                          "--setting", "game=3", "--db", str(db))  # fmt: skip
        assert made.exit_code == 0, made.output
        sid = ran[0].sid
        assert ran[0].tokens.keys() == {0}
        kept = ran[0].token_file
        assert kept.path.stat().st_mode & 0o077 == 0 and kept.host()  # this user's only
        client = TestClient(create_app(f"sqlite:///{db}"))
        phone = client.post(f"/api/companions/kojak/sessions/{sid}/seats",
                            json={"seat": 1, "name": "Bea"}).json()["token"]  # fmt: skip
        client.post(f"/api/companions/kojak/sessions/{sid}/actions",
                    json={"action": {"type": "take", "building": "hotel"}},
                    headers={"Authorization": f"Bearer {phone}"})  # fmt: skip
        again = run_sleuth("companion", "kojak", "--session", sid, "--db", str(db))
        assert again.exit_code == 0, again.output
        resumed = ran[1]
        assert resumed.tokens.keys() == {0}  # the phone's seat is not this terminal's
        assert resumed.session().device.view(None)["players"][1]["taken"] == ["hotel"]
        bad = run_sleuth("companion", "kojak", "--setting", "game=-1", "--db", str(db))
        assert bad.exit_code == 2 and "game" in bad.output
        none = run_sleuth("companion", "kojak", "--here", "0", "--db", str(db))
        assert none.exit_code == 2 and "--here" in none.output and len(ran) == 2
    finally:
        CompanionTerminal.run = original  # type: ignore[method-assign]


@pytest.mark.parametrize("game", ["kojak", "manhunt", "columbo"])
def test_every_companion_game_has_a_terminal_face(game: str) -> None:
    assert sleuth.spec(game).has("companion_terminal")


def test_a_seat_reissued_to_a_phone_leaves_the_terminal(tmp_path: Path) -> None:
    """The host's re-issue voids the terminal's token: its screen closes, nothing of the
    seat's is drawn here again."""
    app = terminal("kojak", tmp_path / "c.sqlite3", players=2, here=2, game=1)

    async def script(pilot: Any, app: CompanionTerminal) -> None:
        await pilot.click("#pass-0")
        await pilot.pause()
        await type_line(pilot, app, "take bus")
        statement = app.session().device.clue("bus")["statement"]  # type: ignore[attr-defined]
        assert statement in seen(app)
        app.store.reissue(app.session(), 0)
        app.draw()
        await pilot.pause()
        assert statement not in seen(app) and app.tokens.keys() == {1}
        assert app.token_file.load().keys() == {1}

    run(app, script)


def test_kojak_contact_cards_in_the_terminal(tmp_path: Path) -> None:
    """KJ-ADVANCED-14: "computer" draws two Contact Cards; the table sees every count."""
    app = terminal("kojak", tmp_path / "c.sqlite3", players=2, here=1, game=2,
                   version="advanced", contacts=True)  # fmt: skip

    async def script(pilot: Any, app: CompanionTerminal) -> None:
        await type_line(pilot, app, "computer")
        assert "you draw 2 Contact Cards" in seen(app)
        assert "P1: no informer yet · 6 Contact Cards" in seen(app)
        await type_line(pilot, app, "take bus")
        assert "P1: Bus Station · 5 Contact Cards" in seen(app)

    run(app, script)


def test_enter_on_the_cover_passes_to_the_first_seat_at_once(tmp_path: Path) -> None:
    """Tried at 80x24: with the cover up the first Enter fell on nothing (no button had the
    keyboard). Enter now opens the first seat's screen, and after Esc the keys are the
    cover's again: Tab, Enter opens the next seat's."""
    app = terminal("kojak", tmp_path / "c.sqlite3", players=2, here=2, game=1)

    async def script(pilot: Any, app: CompanionTerminal) -> None:
        await pilot.press("enter")
        await pilot.pause()
        assert "P1's screen" in seen(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.query_one("#cover").display
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert "P2's screen" in seen(app)

    run(app, script)


def test_manhunt_lists_every_suspect_left(tmp_path: Path) -> None:
    """The seat's screen named 12 suspects left and "..." for the rest: all are listed now,
    wrapped within the screen."""
    app = terminal("manhunt", tmp_path / "c.sqlite3", players=2, here=1, card=1)

    async def script(pilot: Any, app: CompanionTerminal) -> None:
        remaining = app.session().device.view(0)["mine"]["sheet"]["remaining"]  # type: ignore[attr-defined]
        assert len(remaining) > 12
        mine = str(app.query_one("#mine", Static).content)
        listed = mine.split("Suspects left: ")[1].split("\n")[0]
        assert listed == f"{len(remaining)}: " + " ".join(remaining)
        assert app.query_one("#mine").region.right <= app.size.width

    run(app, script)


@pytest.mark.parametrize("counted", [False, True])
def test_kojak_help_names_computer_only_where_contact_cards_count(
    tmp_path: Path, counted: bool
) -> None:
    """`computer` (two Contact Cards at the Computer Room, in the advanced version) is offered
    in the help and the command line's grey text only in a session that counts Contact Cards."""
    settings = {"version": "advanced", "contacts": True} if counted else {}
    app = terminal("kojak", tmp_path / "c.sqlite3", players=2, here=1, game=1, **settings)

    async def script(pilot: Any, app: CompanionTerminal) -> None:
        help_line = str(app.query_one("#help", Static).content)
        assert help_line.startswith("Type: take BUILDING")
        assert ("computer" in help_line) == counted
        assert ("computer" in app.query_one("#command", Input).placeholder) == counted

    run(app, script)


def test_kojak_cover_names_the_game(tmp_path: Path) -> None:
    """The cover ("pass to ...") says which game the table plays, as each seat's screen does:
    its number is on the table's view (every player sets out that game's informer
    set), unlike the codes and the hide-out."""
    app = terminal("kojak", tmp_path / "c.sqlite3", players=2, here=2, game=12)

    async def script(pilot: Any, app: CompanionTerminal) -> None:
        cover = app.query_one("#cover")
        words = " ".join(str(w.content) for w in app.query("#cover Static"))
        assert cover.display and "Game 12 · informer set 11-20" in words
        assert "Game 12" not in str(app.query_one("#mine", Static).content)  # no seat open
        await pilot.press("enter")
        await pilot.pause()
        assert not cover.display and "Game 12" in str(app.query_one("#mine", Static).content)

    run(app, script)
