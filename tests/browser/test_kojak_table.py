"""Kojak in chromium against the real server: lobby, turntables, clues kept secret, the end.

A person plays seat 0 through the page only (buttons, board clicks, keys) against the
expert bot. What the person chooses is worked out here, by a test policy that may read
the hidden state (the hide-out) from the game rebuilt out of the server's database, as
the server itself does at start-up; the page never sees any of that.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import sleuth
from sleuth.bots import Bot, make_bot
from sleuth.core import Action
from sleuth.games.kojak.board import load_board
from sleuth.games.kojak.state import Kojak

from .conftest import Server, read_the_ending_then_replay
from .replay_steps import as_sent, revealed_at
from .test_lobby_and_table import (
    DESKTOP,
    PHONE,
    engine,
    new_page,
    no_page_errors,
    shot,
    version,
    watch_frames,
)

PRIVATE_KINDS = {"clue", "contacts", "solution"}


# --- the person's choices -------------------------------------------------------------------------
class Person:
    """Turns a table first (to watch it turn), then plays like the expert until two cards,
    then races both cars to the hide-out it peeks at: a short game with every kind of move."""

    def __init__(self) -> None:
        self.bot: Bot = make_bot("kojak", "expert", seed=7)
        self.turned = False

    def choose(self, state: Kojak) -> Action:
        legal = state.legal_actions()
        kinds = {a.kind for a in legal}
        me = state.seats[0]
        phase = state.turn.phase
        hideout = state.case.hideout
        if "arrest" in kinds and state.arrest_building(me) == hideout:
            return Action.of("arrest")
        command = Action.of("jump", room="command")
        if not self.turned and phase == "turn" and command in legal:
            return command
        if not self.turned and phase == "command":
            self.turned = True
            return Action.of("turn", building=me.badge, spaces=1)
        if len(me.taken) >= 2:
            if "leave_hq" in kinds:
                return Action.of("leave_hq")
            if me.kojak is None:
                if phase == "turn":
                    return Action.of("roll")
                if phase == "drive":
                    lot = state.board.lot_of[hideout]

                    def cost(a: Action) -> tuple[int, str, str]:
                        cars = {"detective": me.car, "kojak": me.kojak_car}
                        cars[a["car"]] = a["to"]
                        left = sum(state.board.distance(str(c), lot) for c in cars.values())
                        return left, a["car"], a["to"]

                    return min(legal, key=cost)
                return Action.of("take") if "take" in kinds else Action.of("end_turn")
        return self.bot.choose(state, 0)


# One server for the whole module (`server` in conftest): each test makes its own tables and reads
# back only those.
SHARED_SERVER = True


BOARD = load_board()


def simulate(seed: int) -> tuple[Kojak, int]:
    """The game the table will play: this person against the server's bot (same seeds)."""
    state = sleuth.new_game("kojak", 2, seed, version="fast")
    assert isinstance(state, Kojak)
    person, bot = Person(), make_bot("kojak", "expert", seed=seed * 31 + 1)
    moves = 0
    while not state.over and moves < 200:
        if state.to_move == 0:
            state.apply(person.choose(state))
            moves += 1
        else:
            state.apply(bot.choose(state, 1))
    return state, moves


def good_seed() -> int:
    """A short game the person wins, in which the bot holds a clue the person never gets."""
    for seed in range(300):
        state, moves = simulate(seed)
        secret = set(state.seats[1].taken) - set(state.seats[0].taken)
        if state.winners == [0] and moves <= 30 and secret and state.seats[0].taken:
            return seed
    raise AssertionError("no seed gives a short game")


# --- the page -------------------------------------------------------------------------------------
def create_kojak_table(page: Page, server: Server, version_: str, seed: int) -> str:
    """The lobby's form: Kojak, a person here and the expert bot, the version, the seed."""
    page.goto(server.url + "/")
    page.locator('input[name="game"][value="kojak"]').check()
    page.select_option("#seat-count", "2")
    page.select_option('select[name="seat-kind-0"]', "here")
    page.select_option('select[name="seat-kind-1"]', "bot")
    page.select_option('select[name="seat-level-1"]', "expert")
    page.locator("#options-box summary").click()
    page.select_option("#opt-version", version_)
    page.fill("#seed", str(seed))
    page.select_option("#pace", "instant")  # tests run the bots without pauses
    page.click("#create")
    page.wait_for_url("**/t/**")
    return page.url.rstrip("/").split("/t/")[1].split("?")[0]


def my_state(page: Page, server: Server, table: str) -> Kojak | None:
    """The game as the server has it, once the page has caught up and it is seat 0's turn."""
    page.wait_for_function(
        "['mine', 'over'].includes(document.querySelector('#turn-banner')?.dataset.state)",
        timeout=20_000,
    )
    for _ in range(300):
        state = engine(server, table)
        assert isinstance(state, Kojak)
        if state.over:
            return None
        if len(state.history) == version(page) and state.to_move == 0:
            return state
        page.wait_for_timeout(50)
    raise AssertionError("the page and the server disagree on whose turn it is")


def click_for(page: Page, action: Action) -> None:
    """Send `action` the way a person would: a button, the board or a key."""
    kind = action.kind
    if kind == "park":
        page.locator(f'.kj-board .is-target[data-node="{action["lot"]}"]').click()  # the board
    elif kind == "badge":
        page.click(f'button[data-badge="{action["building"]}"]')
    elif kind == "roll":
        page.keyboard.press("r")
    elif kind in ("draw", "stay", "leave_hq", "take", "end_turn"):
        page.click(f'button[data-action="{kind}"]')
    elif kind == "jump":
        page.click(f'button[data-jump="{action["room"]}"]')
    elif kind == "turn":
        page.click(f'button[data-turn="{action["building"]}:{action["spaces"]}"]')
    elif kind == "walk":
        page.locator(f'.kj-board .is-target[data-node="{action["to"]}"]').click()
    elif kind == "drive":
        toggle = page.locator(f'button[data-car="{action["car"]}"]')
        if toggle.count():
            toggle.click()
        page.locator(f'.kj-board .is-target[data-node="{action["to"]}"]').click()
    elif kind == "arrest":
        page.click('button[data-action="arrest"]')
        expect(page.locator(".kj-arrest-q")).to_contain_text("Arrest")
        shot(page, "kojak-desktop-arrest")
        page.click('button[data-action="arrest-confirm"]')
    else:
        raise AssertionError(f"no control for {action}")


WATCH_TURN = """(b) => {
    const disc = document.querySelector(`.turntable[data-building="${b}"] .disc`);
    const angles = (window.kjAngles = []);
    const start = performance.now();
    const tick = () => {
        const m = new DOMMatrix(getComputedStyle(disc).transform);
        angles.push(Math.atan2(m.b, m.a) * 180 / Math.PI);
        if (performance.now() - start < 10000) requestAnimationFrame(tick);
    };
    tick();
}"""


def disc_angle(page: Page, building: str) -> float:
    style = page.eval_on_selector(
        f'.turntable[data-building="{building}"] .disc', "e => e.style.transform"
    )
    return float(str(style).removeprefix("rotate(").removesuffix("deg)"))


def turn_and_watch(page: Page, action: Action) -> None:
    """Turn a table 1 space: the disc's angle grows by 45 degrees, passing through between."""
    building = action["building"]
    before = disc_angle(page, building)
    page.evaluate(WATCH_TURN, building)
    v = version(page)
    click_for(page, action)
    page.wait_for_function(f"Number(document.body.dataset.version) > {v}")
    assert disc_angle(page, building) == pytest.approx(before + 45 * action["spaces"])
    shot(page, "kojak-desktop-turning")
    start, end = before % 360, (before + 45) % 360
    # Watched until the disc comes to rest at its new angle: a loaded machine may take
    # longer than the animation's own second to get there.
    page.wait_for_function(
        "(end) => { const a = window.kjAngles; const last = ((a[a.length - 1] % 360) + 360) % 360;"
        " return Math.abs((last - end + 540) % 360 - 180) < 0.5; }",
        arg=end,
        timeout=15_000,
    )
    angles = [a % 360 for a in page.evaluate("window.kjAngles")]
    between = [a for a in angles if 1 < (a - start) % 360 < 44]
    assert abs((angles[0] - start + 180) % 360 - 180) < 0.5, angles[:3]
    assert abs((angles[-1] - end + 180) % 360 - 180) < 0.5, angles[-3:]
    assert len(between) >= 2, angles  # it turned where people could see it


def assert_only_own_secrets(frames: list[dict[str, Any]], seat: int | None) -> None:
    assert frames, "no WebSocket messages seen"
    for msg in frames:
        view: Mapping[str, Any] = msg.get("view") or {}
        if seat is None:
            assert not ({"notebook", "contacts", "solution"} & set(view)), msg
            assert not msg.get("legal"), msg
        else:
            assert view.get("seat", seat) == seat
        for event in msg.get("events", []):
            assert event["to"] in (None, seat), event
            if seat is None:
                assert event["kind"] not in PRIVATE_KINDS, event


# --- the tests ------------------------------------------------------------------------------------
def test_a_fast_game_against_the_bot_from_the_lobby_to_the_replay(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    seed = good_seed()
    page = new_page(browser, contexts, DESKTOP)
    frames = watch_frames(page)
    table = create_kojak_table(page, server, "fast", seed)
    expect(page.locator("#seat-chip")).to_contain_text("Player 1 (white)")
    expect(page.locator(".kj-board .turntable")).to_have_count(4)
    # KJ-TURN-01: a table on the server starts with the engine's throw for first player.
    expect(page.locator("#log")).to_contain_text("threw highest and goes first")
    # A spectator watches from a phone.
    spectator = new_page(browser, contexts, PHONE)
    spectator_frames = watch_frames(spectator)
    spectator.goto(f"{server.url}/t/{table}?watch=1")
    expect(spectator.locator("#seat-chip")).to_contain_text("Watching")

    person = Person()
    turned = took = False
    for _ in range(80):
        state = my_state(page, server, table)
        if state is None:
            break
        action = person.choose(state)
        if action.kind == "turn":
            turn_and_watch(page, action)
            turned = True
            continue
        before = version(page)
        click_for(page, action)
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
        if action.kind == "take":
            took = True
            building = state.clue_building(state.seats[0])
            assert building is not None
            code = state.case.codes[building]
            expect(
                page.locator(f'#statements .kj-statement.got[data-code="{code}"]')
            ).to_be_visible()
            expect(
                page.locator(f'.kj-hung .kj-card-tab.got[data-building="{building}"]')
            ).to_have_text(code)
            # KJ-CLUE-07, KJ-EXAMPLE-02: the row at the foot of the sheet, in the order printed;
            # the statement is labelled with the building it clears (KJ-EXAMPLE-05), and that
            # building looks ruled out (faded and crossed), not selected.
            clears = state.case.clue(building).clears
            order = page.eval_on_selector_all(
                "#suspects .kj-bld", "e => e.map(x => x.dataset.building)"
            )
            assert order == ["restaurant", "bus", "hotel", "movie"]
            label = page.locator(f'#statements .kj-statement.got[data-code="{code}"] .kj-clears')
            expect(label).to_have_text(f"not the {BOARD.buildings[clears].name}")
            ruled_out = page.locator(f'#suspects [data-building="{clears}"]')
            expect(ruled_out).to_have_class(re.compile(r"\bkj-bld-out\b"))
            assert ruled_out.evaluate("e => getComputedStyle(e).textDecorationLine") == (
                "line-through"
            )
            shot(page, "kojak-desktop-clue")
            shot(page, "kojak-desktop-clue-full", full_page=True)
            shot(spectator, "kojak-phone-spectator")
        if action.kind == "leave_hq":
            expect(page.locator("#kj-pawn-0")).to_have_class(re.compile(r"\bgone\b"))
    assert turned and took
    final = engine(server, table)
    assert isinstance(final, Kojak)
    assert final.over and final.winners == [0]
    expect(page.locator("#turn-banner")).to_contain_text("You win")
    expect(page.locator(".kj-marks .hideout-mark")).to_have_count(1)
    hideout = final.case.hideout
    expect(page.locator(f'#suspects [data-building="{hideout}"]')).to_have_attribute(
        "data-state", "hideout"
    )
    expect(page.locator("#verdict")).to_contain_text(f"{final.case.sheet.criminal} was hiding in")
    shot(page, "kojak-desktop-game-over")

    # Secrets: the bot's clues never reached the person's page, nor anyone's the spectator's.
    assert_only_own_secrets(frames, 0)
    assert_only_own_secrets(spectator_frames, None)
    mine = {final.case.codes[b] for b in final.seats[0].taken}
    got = page.eval_on_selector_all(
        "#statements .kj-statement.got", "e => e.map(x => x.dataset.code)"
    )
    assert set(got) == mine
    log = page.locator("#log").inner_text()
    for b in set(final.seats[1].taken) - set(final.seats[0].taken):
        assert f"Code {final.case.codes[b]} for game" not in log
    expect(spectator.locator("#turn-banner")).to_contain_text("wins")
    # on a phone the ending's words keep a reading width: the buttons go under them (they
    # squeezed the words to one a line)
    words = spectator.locator("#turn-banner .turn-text").bounding_box()
    assert words is not None and words["width"] > 200, words
    assert spectator.locator("#statements .kj-statement.got, #hand [data-card]").count() == 0
    expect(spectator.locator("#notebook-title")).to_have_text("Clue sheet")
    shot(spectator, "kojak-phone-spectator-over")
    no_page_errors(page)
    no_page_errors(spectator)

    # The replay draws the engine's reveal() of each step: at the end, the hide-out too.
    read_the_ending_then_replay(page)
    page.wait_for_url(f"**/t/{table}/replay")
    steps = len(final.history)
    expect(page.locator("#rp-where")).to_contain_text(f"Step {steps} of {steps}")
    expect(page.locator(".kj-board .kj-piece")).not_to_have_count(0)
    revealed = revealed_at(server.url, table, steps)
    assert revealed == as_sent(final.reveal())
    assert revealed["reveal"]["hideout"] == hideout
    expect(page.locator('#suspects .kj-bld[data-state="hideout"]')).to_have_attribute(
        "data-building", hideout
    )
    shot(page, "kojak-desktop-replay")
    no_page_errors(page)

    # Play again: the same seats at a new table, the person back in his own seat there.
    page.goto(f"{server.url}/t/{table}")
    expect(page.locator("#ending-dialog")).to_be_visible(timeout=15_000)
    again = page.locator("#ending-again")
    expect(again).to_have_text("Play again")
    again.click()
    page.wait_for_url(re.compile(r".*/t/(?!" + re.escape(table) + r")[\w-]+$"))
    fresh = page.url.rsplit("/", 1)[1]
    expect(page.locator("#seat-chip")).to_contain_text("Player 1")
    new = engine(server, fresh)
    assert isinstance(new, Kojak) and not new.over and new.players == final.players
    no_page_errors(page)


def test_an_advanced_game_shows_the_hand_the_action_card_and_headquarters_moves(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    page = new_page(browser, contexts, PHONE)
    frames = watch_frames(page)
    table = create_kojak_table(page, server, "advanced", 3)
    state = my_state(page, server, table)
    assert state is not None
    hand = sorted(state.seats[0].contacts)
    expect(page.locator("#hand [data-card]")).to_have_count(4)
    shown = page.eval_on_selector_all("#hand [data-card]", "e => e.map(x => x.dataset.card)")
    assert sorted(shown) == hand
    expect(page.locator("#piles")).to_be_hidden()  # on a phone; the counts are on the desktop
    person = Person()
    drew = walked = False
    for _ in range(30):
        state = my_state(page, server, table)
        assert state is not None
        action = person.bot.choose(state, 0)
        if state.turn.phase == "turn" and Action.of("draw") in state.legal_actions():
            action = Action.of("draw")
        before = version(page)
        if action.kind == "walk":
            expect(page.locator(".kj-board .is-target.target-walk")).not_to_have_count(0)
            shot(page, "kojak-phone-headquarters")
            walked = True
        click_for(page, action)
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
        if action.kind == "draw":
            drew = True
            card = engine(server, table)
            assert isinstance(card, Kojak) and card.turn.card is not None
            expect(page.locator("#action-card .kj-ac-value")).to_have_text(str(card.turn.card))
        if drew and walked and state.seats[0].kojak != "start":
            break
    assert drew and walked
    assert_only_own_secrets(frames, 0)
    page.set_viewport_size(DESKTOP)
    expect(page.locator("#piles")).to_be_visible()
    shot(page, "kojak-desktop-advanced")
    no_page_errors(page)
