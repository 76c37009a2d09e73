"""The lobby, the table and the replay pages, driven in chromium against the real server.

The pages never peek: they know only what the server sends a seat. The tests may
(to know where the thief hides, so a human can arrest him), by rebuilding the game
from the server's own database, as the server itself does at start-up.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, WebSocket, expect

import sleuth
from sleuth.core import GameState, Record
from sleuth.games.stop_thief.state import StopThief

from .conftest import Server, read_the_ending_then_replay
from .replay_steps import at_step, go_to_step, steps_with

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
SHORT_GAME = {"escape_chance": 0.0, "win_amount": 1100}  # the first successful arrest wins
SECRET_EVENTS = {"hand", "tip", "card_drawn"}


# --- helpers ---------------------------------------------------------------------------------
def shot(page: Page, name: str, *, full_page: bool = False) -> None:
    """Keep a screenshot when SLEUTH_SCREENSHOTS names a folder (to look at the pages)."""
    folder = os.environ.get("SLEUTH_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)


def new_page(browser: Browser, made: list[BrowserContext], viewport: ViewportSize) -> Page:
    phone = viewport == PHONE
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    made.append(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def no_page_errors(page: Page) -> None:
    assert page.errors == []  # type: ignore[attr-defined]


def create_table(
    page: Page,
    server: Server,
    seats: list[tuple[str, str | None]],
    *,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
) -> None:
    """Fill in the lobby's form: seats as (here|invite|bot, bot level), options, seed."""
    page.goto(server.url + "/")
    page.locator('input[name="game"][value="stop-thief"]').check()
    page.select_option("#seat-count", str(len(seats)))
    for i, (kind, level) in enumerate(seats):
        page.select_option(f'select[name="seat-kind-{i}"]', kind)
        if level:
            page.select_option(f'select[name="seat-level-{i}"]', level)
    if options or seed is not None:
        page.locator("#options-box summary").click()
    for name, value in (options or {}).items():
        page.fill(f"#opt-{name}", str(value))
    if seed is not None:
        page.fill("#seed", str(seed))
    page.select_option("#pace", "instant")  # tests run the bots without pauses
    page.click("#create")


def table_id(page: Page) -> str:
    page.wait_for_url("**/t/**")
    return page.url.rstrip("/").split("/t/")[1].split("?")[0].split("/")[0]


def engine(server: Server, table: str) -> GameState:
    """The game as the server has it: rebuilt from its database (options, seed, actions)."""
    with sqlite3.connect(server.database) as db:
        game, players, seed, options = db.execute(
            "SELECT game, players, seed_digits, options FROM tables WHERE id = ?", (table,)
        ).fetchone()
        seed = int(seed)  # 128 bits, kept as digits
        actions = [
            json.loads(a)
            for (a,) in db.execute(
                "SELECT action FROM actions WHERE table_id = ? ORDER BY number", (table,)
            )
        ]
    return sleuth.replay(Record(game, players, seed, json.loads(options), actions))


def version(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.version || '-1'"))


def wait_turn_or_over(page: Page, timeout: float = 20_000) -> str:
    page.wait_for_function(
        "['mine', 'over'].includes(document.querySelector('#turn-banner')?.dataset.state)",
        timeout=timeout,
    )
    return str(page.locator("#turn-banner").get_attribute("data-state"))


def act_and_wait(page: Page, do: Any) -> None:
    """Do something that sends one action; wait until the page shows a later version."""
    before = version(page)
    do()
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")


def hand_ids(page: Page) -> list[int]:
    return [
        int(x)
        for x in page.eval_on_selector_all("#hand [data-card]", "e => e.map(x => x.dataset.card)")
    ]


def best_target(state: StopThief, targets: list[str]) -> tuple[str, bool]:
    """The lit square nearest the thief; True if an arrest is possible from it."""
    board = state.board
    assert state.scanner.thief is not None
    thief = board.node_of_code[state.scanner.thief.space]
    for node in targets:
        index = board.node_by_id[node]
        if thief == index or thief in board.touching[index]:
            return node, True
    distance = {thief: 0}
    queue = deque([thief])
    while queue:  # steps are symmetric enough for a test's sense of "nearer"
        here = queue.popleft()
        for nxt in board.steps[here]:
            if nxt not in distance:
                distance[nxt] = distance[here] + 1
                queue.append(nxt)
    return min(targets, key=lambda n: distance.get(board.node_by_id[n], 999)), False


def play_turn(page: Page, server: Server, table: str) -> None:
    """One human turn through the UI: CLUE, roll, walk towards the thief, arrest if we can."""
    if page.locator('button[data-action="pay_fine"]').count():
        act_and_wait(page, lambda: page.click('button[data-action="pay_fine"]'))
        return
    act_and_wait(page, lambda: page.keyboard.press("c"))  # keyboard: c = CLUE
    expect(page.locator('button[data-action="roll"]')).to_be_visible()
    state = engine(server, table)
    assert isinstance(state, StopThief)
    anywhere = [
        c
        for c in state.detectives[state.turn.seat].hand
        if state.content.cards[c].effect == "move_anywhere"
    ]
    if anywhere and page.locator(f'button[data-play="{anywhere[0]}"]').count():
        act_and_wait(page, lambda: page.click(f'button[data-play="{anywhere[0]}"]'))
    else:
        act_and_wait(page, lambda: page.keyboard.press("r"))
    page.wait_for_selector(".st-board .is-target")
    targets = page.eval_on_selector_all(".st-board .is-target", "e => e.map(x => x.dataset.node)")
    state = engine(server, table)
    assert isinstance(state, StopThief)
    node, can_arrest = best_target(state, targets)
    act_and_wait(page, lambda: page.locator(f'.st-board .is-target[data-node="{node}"]').click())
    expect(page.locator('button[data-action="end_turn"]')).to_be_visible()
    assert state.scanner.thief is not None
    space = state.scanner.thief.space
    if can_arrest:
        page.click('button[data-action="arrest-mode"]')
        # The picker offers only the spaces on or next to the detective.
        offered = page.eval_on_selector_all(
            "button[data-arrest]", "e => e.map(x => x.dataset.arrest)"
        )
        assert str(space) in offered
        # What a wrong guess costs is said before the guess (the rulebook's false arrest).
        expect(page.locator(".ctrl-help")).to_contain_text("$100 fine")
        assert set(offered) == {str(c) for c in state._arrest_targets(state.board.node_by_id[node])}
        shot(page, "desktop-arrest-picker")
        act_and_wait(page, lambda: page.click(f'button[data-arrest="{space}"]'))
    else:
        act_and_wait(page, lambda: page.keyboard.press("e"))  # keyboard: e = end turn


def watch_frames(page: Page) -> list[dict[str, Any]]:
    """Every WebSocket message the page receives, parsed."""
    frames: list[dict[str, Any]] = []

    def on_socket(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


def assert_no_secrets(frames: list[dict[str, Any]], seat: int | None) -> None:
    """No hand, tip or drawn card in any message but the seat's own."""
    assert frames, "no WebSocket messages seen"
    for msg in frames:
        view = msg.get("view") or {}
        if seat is None:
            assert "hand" not in view and "tips" not in view, msg
        else:
            assert view.get("seat", seat) == seat
        for event in msg.get("events", []):
            assert event["to"] in (None, seat), event
            if seat is None:
                assert event["kind"] not in SECRET_EVENTS, event


# --- the tests -------------------------------------------------------------------------------
def test_one_human_and_two_bots_play_to_the_end_then_replay(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    page = new_page(browser, contexts, DESKTOP)
    create_table(
        page, server, [("here", None), ("bot", "random"), ("bot", "random")], options=SHORT_GAME
    )
    table = table_id(page)
    expect(page.locator("#seat-chip")).to_contain_text("Detective 1")
    page.wait_for_selector(".st-board .piece")
    for turn in range(60):
        if wait_turn_or_over(page) == "over":
            break
        play_turn(page, server, table)
        if turn == 0:
            shot(page, "desktop-table")
            # The whole board is in view at 1280x800, without scrolling (issue 12).
            page.set_viewport_size({"width": 1280, "height": 800})
            page.wait_for_timeout(300)  # the page measures where the board starts on resize
            board = page.locator("#board-slot svg").first.bounding_box()
            assert board is not None and board["y"] + board["height"] <= 800
            page.set_viewport_size(DESKTOP)
            # Screen readers hear what just happened: a hidden live region, the log's words.
            live = page.locator("#log-live")
            expect(live.locator("p").first).to_be_attached()
            assert live.get_attribute("aria-live") == "polite"
            box = live.bounding_box()
            assert box is not None and box["width"] <= 1 and box["height"] <= 1
            newest = (page.locator("#log li").first.text_content() or "").strip()
            assert newest and newest in (live.text_content() or "")
    else:
        pytest.fail("the game did not end in 60 turns")
    expect(page.locator("#turn-banner")).to_contain_text("wins")
    state = engine(server, table)
    assert state.over and state.winners
    # The end reveals the thief's route on the board.
    expect(page.locator(".st-marks .thief-mark")).to_have_count(1)
    shot(page, "desktop-game-over")
    no_page_errors(page)

    read_the_ending_then_replay(page)
    page.wait_for_url(f"**/t/{table}/replay")
    steps = len(state.history)
    expect(page.locator("#rp-where")).to_contain_text(f"Step {steps} of {steps}")
    expect(page.locator("#hand-panel")).to_contain_text("all hands")
    shot(page, "desktop-replay")
    # Each step draws the engine's reveal() of the game then: every hand, the thief's route.
    step = min(8, steps - 1)
    go_to_step(page, step)
    then = at_step(state, step)
    assert isinstance(then, StopThief)
    rows = page.locator("#hand-panel .hand-row")
    expect(rows).to_have_count(then.players)
    for det in then.detectives:
        cards = rows.nth(det.seat).locator(".card")
        shown = cards.evaluate_all("cards => cards.map((c) => Number(c.dataset.card))")
        assert shown == det.hand, f"seat {det.seat}'s hand at step {step}"
    assert then.scanner.thief is not None
    space = then.scanner.thief.space  # where he was then, at the end of his route so far
    mark = page.locator(".st-marks .thief-mark")
    expect(mark).to_have_count(1)
    expect(mark.locator("title")).to_have_text(f"The thief: {space // 100}-{space % 100:02d}")
    later = [n for n in steps_with(state, "turn") if n > step]
    page.click("#rp-nextturn")
    expect(page.locator("#rp-where")).to_contain_text(f"Step {later[0] if later else steps} of")
    page.set_viewport_size(PHONE)
    shot(page, "phone-replay")
    no_page_errors(page)


def _seed_where_first_holds(effect: str, options: dict[str, Any]) -> tuple[int, int]:
    """A two-player seed where seat 0 moves first holding a card of `effect`: (seed, card id)."""
    for seed in range(500):
        state = sleuth.new_game("stop-thief", 2, seed, **options)
        assert isinstance(state, StopThief)
        if state.to_move != 0:
            continue
        for card in state.detectives[0].hand:
            if state.content.cards[card].effect == effect:
                return seed, card
    raise AssertionError("no seed found")


def test_two_humans_see_only_their_own_secrets_and_a_spectator_none(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    seed, tip_card = _seed_where_first_holds("tip", SHORT_GAME)
    alice = new_page(browser, contexts, DESKTOP)
    alice_frames = watch_frames(alice)
    create_table(alice, server, [("here", None), ("invite", None)], options=SHORT_GAME, seed=seed)
    invite = alice.locator('#created li[data-seat="1"] .invite-url').input_value()
    assert "token" not in invite
    alice.click("#go-table")
    table = table_id(alice)
    expect(alice.locator("#waiting")).to_contain_text("Waiting for 1 more player")

    bob = new_page(browser, contexts, DESKTOP)
    bob_frames = watch_frames(bob)
    bob.goto(invite)
    bob.fill("#join-name", "Bob")
    bob.click('#join-seats button[data-seat="1"]')
    expect(bob.locator("#seat-chip")).to_contain_text("Detective 2")
    assert "?" not in bob.url and "seat" not in bob.url  # the link's seat is gone once joined
    assert "#" not in bob.url and "invite" not in bob.url  # and its invite
    stored = json.loads(bob.evaluate("localStorage.getItem('sleuth.tables.v1')"))
    assert stored[table]["seats"]["1"] not in bob.url  # the token stays in this browser
    expect(alice.locator("#waiting")).to_be_hidden()

    state = engine(server, table)
    assert isinstance(state, StopThief)
    mine, theirs = state.detectives[0].hand, state.detectives[1].hand
    expect(alice.locator("#hand [data-card]")).to_have_count(3)
    expect(bob.locator("#hand [data-card]")).to_have_count(3)
    assert sorted(hand_ids(alice)) == sorted(mine)
    assert sorted(hand_ids(bob)) == sorted(theirs)

    # Alice presses CLUE, then buys a tip: only she learns where the thief is.
    wait_turn_or_over(alice)
    act_and_wait(alice, lambda: alice.click('button[data-action="clue"]'))
    act_and_wait(alice, lambda: alice.click(f'button[data-play="{tip_card}"]'))
    state = engine(server, table)
    assert isinstance(state, StopThief)
    space = state.tips[0][0]["space"]
    expect(alice.locator("#tips")).to_contain_text(f"{space // 100}-{space % 100:02d}")
    expect(alice.locator(".clues .clue-tip")).to_have_count(1)
    expect(bob.locator("#log")).to_contain_text("called the Tipster")
    expect(bob.locator("#tips")).to_have_count(0)
    expect(bob.locator(".clue-tip")).to_have_count(0)
    assert_no_secrets(bob_frames, 1)
    assert_no_secrets(alice_frames, 0)

    # A spectator: no hand, no tips, in the page or on the wire.
    carol = new_page(browser, contexts, PHONE)
    carol_frames = watch_frames(carol)
    carol.goto(f"{server.url}/t/{table}")
    expect(carol.locator("#seat-chip")).to_contain_text("Watching")
    expect(carol.locator("#notebook .clue")).not_to_have_count(0)
    expect(carol.locator("#hand-panel")).to_be_hidden()
    assert carol.locator("#hand [data-card], #tips, .clue-tip").count() == 0
    html = carol.content()
    for card in mine + theirs:
        assert f'data-card="{card}"' not in html
    assert_no_secrets(carol_frames, None)
    shot(carol, "phone-spectator")

    # Alice reloads mid-turn: the same seat, cards and tip come back, and she carries on.
    alice.reload()
    expect(alice.locator("#seat-chip")).to_contain_text("Detective 1")
    expect(alice.locator("#tips")).to_contain_text(f"{space // 100}-{space % 100:02d}")
    expect(alice.locator('button[data-action="roll"]')).to_be_visible()
    act_and_wait(alice, lambda: alice.click('button[data-action="roll"]'))
    act_and_wait(alice, lambda: alice.keyboard.press("s"))  # s = stay where you are
    act_and_wait(alice, lambda: alice.click('button[data-action="end_turn"]'))
    # Now Bob's turn, on his page only.
    assert wait_turn_or_over(bob) == "mine"
    expect(alice.locator("#turn-banner")).to_contain_text("Detective 2")
    expect(alice.locator("#controls")).to_contain_text("Waiting for Detective 2")
    assert_no_secrets(carol_frames, None)
    assert_no_secrets(bob_frames, 1)
    for page in (alice, bob, carol):
        no_page_errors(page)


def test_hot_seat_covers_the_screen_between_human_seats(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    seed, collect = _seed_where_first_holds("collect", SHORT_GAME)
    page = new_page(browser, contexts, PHONE)
    create_table(page, server, [("here", None), ("here", None)], options=SHORT_GAME, seed=seed)
    table = table_id(page)
    state = engine(server, table)
    assert isinstance(state, StopThief)
    first, second = 0, 1
    assert state.to_move == first
    cover = page.locator("#cover")
    expect(cover).to_be_visible()
    expect(page.locator("#cover-title")).to_contain_text(f"Pass to Detective {first + 1}")
    shot(page, "phone-hot-seat-cover")
    page.click("#cover-btn")
    expect(cover).to_be_hidden()
    expect(page.locator("#seat-chip")).to_contain_text(f"Detective {first + 1}")
    assert sorted(hand_ids(page)) == sorted(state.detectives[first].hand)

    act_and_wait(page, lambda: page.click('button[data-action="clue"]'))
    # A card with a target: Play, then pick whom it is for.
    page.click(f'button[data-play="{collect}"]')
    expect(page.locator("button[data-target]")).to_have_count(1)  # only the other detective
    shot(page, "phone-card-target")
    act_and_wait(page, lambda: page.click(f'button[data-target="{second}"]'))
    expect(page.locator(f'.det[data-seat="{first}"] .det-money')).to_have_text("$400")
    expect(page.locator(f'.det[data-seat="{second}"] .det-money')).to_have_text("$200")
    act_and_wait(page, lambda: page.click('button[data-action="roll"]'))
    page.wait_for_selector(".st-board .is-target")
    shot(page, "phone-my-turn-move")
    page.click("#board-slot .board-zoom")
    shot(page, "phone-zoomed")
    page.click("#board-slot .board-zoom")
    act_and_wait(page, lambda: page.click('button[data-action="stay"]'))
    act_and_wait(page, lambda: page.click('button[data-action="end_turn"]'))

    expect(cover).to_be_visible()
    expect(page.locator("#cover-title")).to_contain_text(f"Pass to Detective {second + 1}")
    assert page.evaluate("document.querySelector('#table-main').inert")
    # The chat (in the top bar, outside the main) writes as the seat on screen: shut too.
    assert page.evaluate("document.querySelector('#chat-slot').inert")
    page.keyboard.press("Enter")
    expect(cover).to_be_hidden()
    assert not page.evaluate("document.querySelector('#chat-slot').inert")
    expect(page.locator("#seat-chip")).to_contain_text(f"Detective {second + 1}")
    assert sorted(hand_ids(page)) == sorted(state.detectives[second].hand)
    expect(page.locator('button[data-action="clue"]')).to_be_visible()
    no_page_errors(page)


def test_lobby_lists_open_tables_and_phone_layout(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    phone = new_page(browser, contexts, PHONE)
    phone.goto(server.url + "/")
    expect(phone.locator("#seats .seat-row")).to_have_count(3)
    shot(phone, "phone-lobby", full_page=True)
    create_table(phone, server, [("here", None), ("invite", None), ("bot", None)])
    expect(phone.locator("#created")).to_be_visible()
    shot(phone, "phone-created")
    table = phone.locator("#go-table").get_attribute("href")
    assert table and table.startswith("/t/")

    desk = new_page(browser, contexts, DESKTOP)
    desk.goto(server.url + "/")
    row = desk.locator(f'#open-tables [data-table="{table[3:]}"]')
    expect(row).to_contain_text("open")
    expect(row.locator("text=Join")).to_have_count(0)  # seats by invitation: only its links join
    shot(desk, "desktop-lobby")
    row.locator("text=Watch").click()
    expect(desk.locator("#seat-chip")).to_contain_text("Watching")
    expect(desk.locator("#turn-banner")).to_contain_text("Waiting for players")

    phone.click("#go-table")
    expect(phone.locator("#waiting")).to_contain_text("Waiting for 1 more player")
    expect(phone.locator("#turn-banner")).to_contain_text("Waiting for players")
    shot(phone, "phone-waiting", full_page=True)
    no_page_errors(phone)
    no_page_errors(desk)


def test_a_click_on_the_centre_subway_badge_moves_to_5_00_when_that_is_lit(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    """The centre station's badge fills the middle of 5-00. Played by hand, a click on the
    middle of a lit 5-00 hit the badge and did nothing; it now means 5-00. Seed 19: seat 0's
    first roll lights 5-00 but not the station."""
    page = new_page(browser, contexts, DESKTOP)
    create_table(page, server, [("here", None), ("bot", "beginner")], seed=19)
    table = table_id(page)
    wait_turn_or_over(page)
    act_and_wait(page, lambda: page.click('button[data-action="clue"]'))
    act_and_wait(page, lambda: page.click('button[data-action="roll"]'))
    expect(page.locator('.st-board .is-target[data-node="500"]')).to_have_count(1)
    expect(page.locator('.st-board .is-target[data-node="subway-centre"]')).to_have_count(0)
    box = page.locator("#subway-centre").bounding_box()
    assert box is not None
    act_and_wait(
        page, lambda: page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    )
    state = engine(server, table)
    assert isinstance(state, StopThief)
    assert state.board.node_id(state.detectives[0].node) == "500"
    no_page_errors(page)
