"""Columbo in chromium against the real server: lobby, turns, the lawn's secrets, the end.

A person plays seat 0 through the page only (buttons, the board, the lawn, the hand) against
bots. What the person chooses is worked out here by the expert bot reading the game rebuilt
from the server's database, as the server itself does at start-up; the page never sees that.
The lawn is the point: a discard is shown to everyone once and from then on only its back,
so no page and no WebSocket message may name a face-down card after it was shown.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

import sleuth
from sleuth.bots import Bot, make_bot
from sleuth.core import Action
from sleuth.games.columbo.state import Columbo

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

LAWN_EVENTS = {"discard", "swapped", "your_discard"}
PERSON_SEED = 7
WANTED = {"roll", "move", "jump", "discard", "name", "demand"}


# --- the game the table will play --------------------------------------------------------------
def simulate(seed: int) -> tuple[Columbo, list[Action]]:
    """The person (the expert bot) against the server's random bot, with the server's seeds."""
    state = sleuth.new_game("columbo", 2, seed)
    assert isinstance(state, Columbo)
    person, bot = (
        make_bot("columbo", "expert", seed=PERSON_SEED),
        make_bot("columbo", "random", seed=seed * 31 + 1),
    )
    mine: list[Action] = []
    while not state.over and len(state.history) < 2000:
        if state.to_move == 0:
            mine.append(person.choose(state, 0))
            state.apply(mine[-1])
        else:
            state.apply(bot.choose(state, 1))
    return state, mine


# One server for the whole module (`server` in conftest): each test makes its own tables and reads
# back only those.
SHARED_SERVER = True


def good_seed() -> int:
    """A short game the person wins, moving into rooms, jumping, discarding, naming, demanding."""
    seeds: list[int] = [81, 44, 1, *range(400)]
    for seed in seeds:
        state, mine = simulate(seed)
        kinds = {a.kind for a in mine}
        into_room = any(a.kind == "move" and str(a["to"]).startswith("room-") for a in mine)
        if state.winners == [0] and len(mine) <= 40 and kinds >= WANTED and into_room:
            return seed
    raise AssertionError("no seed gives a short game")


# --- the page ----------------------------------------------------------------------------------
def create_columbo_table(
    page: Page, server: Server, bots: list[str], seed: int, options: dict[str, Any] | None = None
) -> str:
    """The lobby's form: Columbo, a person here and the bots, options, the seed."""
    page.goto(server.url + "/")
    page.locator('input[name="game"][value="columbo"]').check()
    page.select_option("#seat-count", str(1 + len(bots)))
    page.select_option('select[name="seat-kind-0"]', "here")
    for i, level in enumerate(bots, start=1):
        page.select_option(f'select[name="seat-kind-{i}"]', "bot")
        page.select_option(f'select[name="seat-level-{i}"]', level)
    page.locator("#options-box summary").click()
    for name, value in (options or {}).items():
        if isinstance(value, bool):
            page.locator(f"#opt-{name}").set_checked(value)
        else:
            page.fill(f"#opt-{name}", str(value))
    page.fill("#seed", str(seed))
    page.select_option("#pace", "instant")  # tests run the bots without pauses
    page.click("#create")
    page.wait_for_url("**/t/**")
    return page.url.rstrip("/").split("/t/")[1].split("?")[0]


def my_state(page: Page, server: Server, table: str) -> Columbo | None:
    """The game as the server has it, once the page has caught up and seat 0 is to move."""
    page.wait_for_function(
        "['mine', 'over'].includes(document.querySelector('#turn-banner')?.dataset.state)",
        timeout=20_000,
    )
    for _ in range(200):
        state = engine(server, table)
        assert isinstance(state, Columbo)
        if state.over:
            return None
        if len(state.history) == version(page) and state.to_move == 0:
            return state
        page.wait_for_timeout(50)
    raise AssertionError("the page and the server disagree on whose turn it is")


def click_for(page: Page, state: Columbo, action: Action) -> None:
    """Send `action` the way a person would: a button, the board, the lawn or a card."""
    kind = action.kind
    if kind == "roll":
        page.keyboard.press("r")
    elif kind in ("draw", "end_turn", "pass"):
        page.click(f'button[data-action="{kind}"]')
    elif kind == "move":
        page.locator(f'.co-board .is-target[data-node="{action["to"]}"]').click()
    elif kind == "jump":
        page.click(f'button[data-jump="{action["to"]}"]')
    elif kind in ("discard", "exchange", "lay", "give"):
        page.click(f'#hand button[data-card="{action["card"]}"]')
    elif kind == "demand":
        if state.turn.phase != "counter":
            page.click('button[data-action="challenge"]')
            target = page.locator(f'button[data-target="{action["target"]}"]')
            if target.count():
                target.click()
        show_or_say(page, action)
    elif kind == "name":
        place = action["place"]
        pointed = page.locator(f'#lawn .co-lplace.pointed[data-place="{place}"]')
        for _ in range(5):  # a reveal still flipping on the lawn may redraw the place
            page.click(f'#lawn .co-lplace[data-place="{place}"]')
            try:
                expect(pointed).to_be_visible(timeout=2000)
                break
            except AssertionError:
                continue
        expect(pointed).to_be_visible()
        show_or_say(page, action)
    else:
        raise AssertionError(f"no control for {action}")


def show_or_say(page: Page, action: Action) -> None:
    if action.get("show") is not None:
        page.click(f'#hand button[data-card="{action["show"]}"]')
    else:
        page.click(f'button[data-evidence="{action["evidence"]}"]')


def free_place(state: Columbo) -> int:
    return next((p for p, c in enumerate(state.lawn) if c is None), len(state.lawn))


def settled(page: Page) -> None:
    """Every card being shown (on the lawn, or held up on a phone) has gone face down again."""
    shown = (
        '#lawn .co-lplace[data-state="shown"], #lawn .co-lplace[data-state="closing"],'
        " .co-showcase .co-card"
    )
    page.wait_for_function(f"!document.querySelector({shown!r})", timeout=15_000)


# --- what may never leak -------------------------------------------------------------------------
def walk(obj: Any) -> Iterator[dict[str, Any]]:
    if isinstance(obj, dict):
        yield obj
        for value in obj.values():
            yield from walk(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from walk(value)


def names_card(obj: Any, card: int, name: str) -> bool:
    return any(d.get("id") == card and d.get("name") == name for d in walk(obj))


def assert_only_own(frames: list[dict[str, Any]], seat: int | None) -> None:
    """No other seat's hand or private event, in any message."""
    assert frames, "no WebSocket messages seen"
    for msg in frames:
        view = msg.get("view") or {}
        if seat is None:
            assert "hand" not in view and not msg.get("legal"), msg
        else:
            assert view.get("seat", seat) == seat
        for event in msg.get("events", []):
            assert event["to"] in (None, seat), event


def assert_lawn_secret(frames: list[dict[str, Any]], state: Columbo) -> int:
    """Each card face down on the lawn is named by no message after the one that laid it there
    (where it was shown, if it was): returns how many shown cards were checked."""
    checked = 0
    for place, card in enumerate(state.lawn):
        if card is None:
            continue
        laid = [
            (i, event)
            for i, msg in enumerate(frames)
            for event in msg.get("events", [])
            if event["kind"] in LAWN_EVENTS and event["data"].get("place") == place
        ]
        if not laid:
            continue  # laid before this page connected: its snapshot was the first message
        index, event = laid[-1]
        name = state.pack.cards[card].name
        shown = event["data"].get("card")
        if shown is not None:
            assert shown["id"] == card, (shown, card)
            checked += 1
        later = frames[index + 1 :] if shown is not None else frames[index:]
        for msg in later:
            assert not names_card(msg, card, name), (place, name, msg)
    return checked


def assert_page_keeps_no_secret(page: Page, state: Columbo, seats: list[int]) -> None:
    """The page names no face-down lawn card and none of the cards the other seats hold
    (but the winning cards, laid down for all to see at the end)."""
    settled(page)
    html = page.content()
    hidden = [c for c in state.lawn if c is not None]
    won = {c["id"] for c in state.log[-1].data.get("cards") or []} if state.over else set()
    for seat in seats:
        hidden += [c for c in state.detectives[seat].hand if c not in won]
    for card in hidden:
        assert f'data-card="{card}"' not in html
        face = state.pack.cards[card]
        if face.group in ("figure", "weapon", "columbo", "motive"):  # a name only it bears
            assert face.name not in html, html[
                max(0, html.find(face.name) - 600) : html.find(face.name) + 200
            ]


def hand_ids(page: Page) -> list[int]:
    return sorted(
        int(x)
        for x in page.eval_on_selector_all("#hand [data-card]", "e => e.map(x => x.dataset.card)")
    )


# --- the tests -----------------------------------------------------------------------------------
def test_a_game_against_a_bot_from_the_lobby_to_the_end(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    seed = good_seed()
    page = new_page(browser, contexts, DESKTOP)
    frames = watch_frames(page)
    table = create_columbo_table(page, server, ["random"], seed)
    expect(page.locator("#seat-chip")).to_contain_text("Detective 1")
    expect(page.locator(".co-board .co-piece")).to_have_count(2)
    expect(page.locator(".co-board .co-pile")).to_have_count(4)  # two players: Rooms 1-4
    expect(page.locator('.co-board .co-closed-room[data-room="5"]')).to_have_count(1)
    # A spectator watches from a phone.
    spectator = new_page(browser, contexts, PHONE)
    spectator_frames = watch_frames(spectator)
    spectator.goto(f"{server.url}/t/{table}?watch=1")
    expect(spectator.locator("#seat-chip")).to_contain_text("Watching")
    expect(spectator.locator("#hand-panel")).to_be_hidden()

    person: Bot = make_bot("columbo", "expert", seed=PERSON_SEED)
    done: set[str] = set()
    revealed = False
    for _ in range(120):
        state = my_state(page, server, table)
        if state is None:
            break
        assert hand_ids(page) == sorted(state.detectives[0].hand)
        action = person.choose(state, 0)
        before = version(page)
        if action.kind in ("move", "jump"):
            lit = page.locator(f'.co-board .is-target[data-node="{action["to"]}"]')
            expect(lit).to_have_count(1)
            if action.kind == "jump":
                expect(page.locator("button[data-jump]")).to_have_count(
                    len([a for a in state.legal_actions() if a.kind == "jump"])
                )
                shot(page, "columbo-desktop-jump")
        if action.kind == "discard" and not revealed:
            # The card just taken is marked (a discard after a challenge has none).
            drawn = 1 if state.view(0)["drawn"] is not None else 0
            expect(page.locator("#hand .co-slot.drawn")).to_have_count(drawn)
            expect(page.locator("#hand button[data-card]")).to_have_count(8)
            shot(page, "columbo-desktop-discard")
        place = free_place(state)
        click_for(page, state, action)
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
        done.add(action.kind)
        if action.kind == "move" and str(action["to"]).startswith("room-"):
            piece = page.locator("#co-piece-0")
            expect(piece).to_have_attribute("data-at", action["to"])
        if action.kind == "discard" and not revealed:
            # The brief reveal: face up for everyone at its place, then only its back.
            revealed = True
            card = state.pack.cards[action["card"]]
            for who, name in (
                (page, "columbo-desktop-reveal"),
                (spectator, "columbo-phone-reveal"),
            ):
                shown = who.locator(f'#lawn .co-lplace[data-place="{place}"][data-state="shown"]')
                expect(shown.locator(".co-card")).to_have_attribute("title", card.name)
                who.wait_for_timeout(300)
                shot(who, name)
            for who in (page, spectator):
                spot = who.locator(f'#lawn .co-lplace[data-place="{place}"]')
                expect(spot).to_have_attribute("data-state", "down", timeout=6000)
                expect(spot.locator(".co-card")).to_have_count(0)
                assert card.name not in who.content()
                assert f'data-card="{card.id}"' not in who.content()
            expect(page.locator("#log")).to_contain_text(
                f"lays it face down on the lawn at place {place + 1}"
            )
        if action.kind == "demand":
            shot(page, "columbo-desktop-challenge")
    assert done >= WANTED, done

    final = engine(server, table)
    assert isinstance(final, Columbo)
    assert final.over and final.winners == [0]
    expect(page.locator("#turn-banner")).to_contain_text("You win")
    expect(page.locator("#verdict")).to_contain_text("You")
    expect(page.locator("#verdict .co-winning .co-card")).to_have_count(
        len(final.log[-1].data["cards"])
    )
    expect(spectator.locator("#turn-banner")).to_contain_text("wins")
    shot(page, "columbo-desktop-over")
    shot(spectator, "columbo-phone-spectator-over")

    # Secrets: no face-down card named after it was shown, no other seat's cards, anywhere.
    assert_only_own(frames, 0)
    assert_only_own(spectator_frames, None)
    assert assert_lawn_secret(frames, final) + assert_lawn_secret(spectator_frames, final) > 0
    assert_page_keeps_no_secret(page, final, [1])
    assert_page_keeps_no_secret(spectator, final, [0, 1])
    no_page_errors(page)
    no_page_errors(spectator)

    # The replay draws the engine's reveal() of each step: at the end, hands and lawn faces.
    read_the_ending_then_replay(page)
    page.wait_for_url(f"**/t/{table}/replay")
    steps = len(final.history)
    expect(page.locator("#rp-where")).to_contain_text(f"Step {steps} of {steps}")
    revealed = revealed_at(server.url, table, steps)
    assert revealed == as_sent(final.reveal())
    faces = {p: c["id"] for p, c in enumerate(revealed["lawn_faces"]) if c is not None}
    assert faces == {p: c for p, c in enumerate(final.lawn) if c is not None}
    for seat, det in enumerate(final.detectives):
        assert sorted(c["id"] for c in revealed["hands"][seat]) == sorted(det.hand)
    expect(page.locator('#lawn .co-lplace[data-state="open"]')).to_have_count(len(faces))
    shot(page, "columbo-desktop-replay")
    no_page_errors(page)


def test_the_more_difficult_game_with_two_bots_ends_with_the_rewards(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    page = new_page(browser, contexts, PHONE)
    frames = watch_frames(page)
    # Discards never shown (decision L1's option; both games show them by default).
    options = {"advanced": True, "show_discards": False, "max_turns": 10}
    table = create_columbo_table(page, server, ["expert", "beginner"], 3, options)
    expect(page.locator(".co-tag-hard")).to_be_visible()
    expect(page.locator(".co-board .co-pile")).to_have_count(6)
    person: Bot = make_bot("columbo", "expert", seed=PERSON_SEED)
    laid_unseen = False
    for _ in range(60):
        state = my_state(page, server, table)
        if state is None:
            break
        action = person.choose(state, 0)
        if action.kind == "move" and not laid_unseen:
            page.wait_for_timeout(700)  # the page scrolls the board into view
            shot(page, "columbo-phone-move")
        place = free_place(state)
        before = version(page)
        click_for(page, state, action)
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
        if action.kind == "discard" and not laid_unseen:
            # Face down at once: nobody is shown it, the discarder's log says only where.
            laid_unseen = True
            spot = page.locator(f'#lawn .co-lplace[data-place="{place}"]')
            expect(spot).to_have_attribute("data-state", "down")
            expect(spot.locator(".co-card")).to_have_count(0)
            expect(page.locator("#log")).to_contain_text(
                f"You laid a card face down at place {place + 1}"
            )
    final = engine(server, table)
    assert isinstance(final, Columbo)
    assert final.over and final.end_reason == "cold" and final.rewards is not None
    rows = page.locator("#rewards tbody tr")
    expect(rows).to_have_count(3)
    for seat, reward in enumerate(final.rewards):
        total = reward["total"]
        words = f"{'−' if total < 0 else ''}${abs(total):,}"
        expect(rows.nth(seat).locator("td.total")).to_have_text(words)
    expect(page.locator("#turn-banner")).to_contain_text(
        "Game over" if 0 not in final.winners else "You win"
    )
    shot(page, "columbo-phone-rewards", full_page=True)
    for msg in frames:
        for event in msg.get("events", []):
            if event["kind"] in ("discard", "swapped"):
                assert event["data"].get("card") is None, event  # never shown in this game
    assert_only_own(frames, 0)
    assert_page_keeps_no_secret(page, final, [1, 2])
    no_page_errors(page)
    # A spectator arriving at the end sees the rewards, and no hand.
    spectator = new_page(browser, contexts, DESKTOP)
    spectator.goto(f"{server.url}/t/{table}?watch=1")
    expect(spectator.locator("#rewards tbody tr")).to_have_count(3)
    expect(spectator.locator("#hand-panel")).to_be_hidden()
    assert_page_keeps_no_secret(spectator, final, [0, 1, 2])
    shot(spectator, "columbo-desktop-rewards")
    no_page_errors(spectator)
