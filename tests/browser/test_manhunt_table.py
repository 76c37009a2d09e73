"""Manhunt in chromium against the real server: lobby, dials, probes kept secret, the end.

A person plays through the page only (buttons, board clicks) against the expert bot.
What the person chooses is worked out here: the expert's advice, and once both Scenes
are written, the culprit's name peeked at in the game rebuilt from the server's
database (as the server itself does at start-up); the page never sees any of that.
The browser asks for reduced motion, so the dials and cars move quickly.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

import sleuth
from sleuth.bots import make_bot
from sleuth.core import Action
from sleuth.games.manhunt.state import Manhunt

from .conftest import Server, read_the_ending_then_replay
from .replay_steps import as_sent, revealed_at
from .test_lobby_and_table import (
    DESKTOP,
    PHONE,
    engine,
    shot,
    version,
    watch_frames,
)

SEED = 30  # a short game: the person wins in 13 actions; both sides probe; one OFF LINE wait
TWO_HUMANS_SEED = 3  # seat 0 probes within the first five actions
SECRET_KINDS = {"probe_result", "shown", "accused", "card_read"}


# --- the person's choices -------------------------------------------------------------------------
class Person:
    """Plays as the expert would, but names the culprit as soon as both Scenes are written."""

    def __init__(self, seat: int = 0) -> None:
        self.seat = seat
        self.adviser = make_bot("manhunt", "expert", seed=5 + seat)

    def choose(self, state: Manhunt) -> Action:
        phase = state.turn.phase
        if phase in ("start", "solve") and state.handbook(self.seat).next_scene is None:
            culprit = state.book.culprit(state.card, state.crime.key)
            return Action.of("accuse", suspect=culprit.number)
        return self.adviser.choose(state, self.seat)


# One server for the whole module (`server` in conftest): each test makes its own tables and reads
# back only those.
SHARED_SERVER = True


def simulate(seed: int) -> tuple[Manhunt, int]:
    """The game the table will play: the person against the server's bot (same seeds)."""
    state = sleuth.new_game("manhunt", 2, seed)
    assert isinstance(state, Manhunt)
    person, bot = Person(), make_bot("manhunt", "expert", seed=seed * 31 + 1)
    moves = 0
    while not state.over and moves < 100:
        if state.to_move == 0:
            state.apply(person.choose(state))
            moves += 1
        else:
            state.apply(bot.choose(state, 1))
    return state, moves


# --- the page -------------------------------------------------------------------------------------
def new_page(browser: Browser, made: list[BrowserContext], viewport: ViewportSize) -> Page:
    phone = viewport == PHONE
    context = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, reduced_motion="reduce"
    )
    made.append(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def no_page_errors(page: Page) -> None:
    assert page.errors == []  # type: ignore[attr-defined]


def create_table(page: Page, server: Server, seats: list[str], seed: int) -> str:
    """The lobby's form: Manhunt, its seats (here, invite or bot: the expert), the seed."""
    page.goto(server.url + "/")
    page.locator('input[name="game"][value="manhunt"]').check()
    page.select_option("#seat-count", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f'select[name="seat-kind-{i}"]', kind)
        if kind == "bot":
            page.select_option(f'select[name="seat-level-{i}"]', "expert")
    page.locator("#options-box summary").click()
    page.fill("#seed", str(seed))
    page.select_option("#pace", "instant")  # tests run the bots without pauses
    page.click("#create")
    if "invite" in seats:
        page.click("#go-table")
    page.wait_for_url("**/t/**")
    return page.url.rstrip("/").split("/t/")[1].split("?")[0]


def my_state(page: Page, server: Server, table: str) -> Manhunt | None:
    """The game as the server has it once it is this page's turn (None: the game is over)."""
    page.wait_for_function(
        "['mine', 'over'].includes(document.querySelector('#turn-banner')?.dataset.state)",
        timeout=20_000,
    )
    if page.locator("#turn-banner").get_attribute("data-state") == "over":
        return None
    state = engine(server, table)
    assert isinstance(state, Manhunt)
    page.wait_for_function(f"Number(document.body.dataset.version) >= {len(state.history)}")
    return state


def click_for(page: Page, action: Action) -> None:
    """Do `action` the way a person would, and wait until the server has taken it."""
    before = version(page)
    kind = action.kind
    if kind == "spin":
        page.click('button[data-action="spin"]')
    elif kind == "move":
        page.locator(f'.mh-board .is-target[data-node="{action["to"]}"]').click()
    elif kind == "place":
        page.click(f'button[data-badge="{action["badge"]}"]')
    elif kind in ("call", "confer"):
        page.click(f'button[data-{kind}="{action["seat"]}"]')
    elif kind == "no_call":
        page.click('button[data-action="no_call"]')
    elif kind == "ask":
        page.click(f'button[data-flap="{action["flap"]}"]')
    else:
        page.click('button[data-action="accuse-mode"]')
        shot(page, "manhunt-desktop-accuse-picker")
        page.click(f'button[data-suspect="{action["suspect"]}"]')
        page.click('button[data-action="accuse-confirm"]')
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")


def assert_only_own_secrets(frames: list[dict[str, Any]], seat: int | None) -> None:
    """No other seat's probe, flap, accusation or Handbook, in any message."""
    assert frames, "no WebSocket messages seen"
    for msg in frames:
        view = msg.get("view") or {}
        assert view.get("seat", seat) == seat
        if seat is None:
            assert "handbook" not in view, msg
        for event in msg.get("events", []):
            assert event["to"] in (None, seat), event
            if seat is None:
                assert event["kind"] not in SECRET_KINDS, event


def culprit_clue_words(state: Manhunt, seat: int) -> list[str]:
    """The clues a side has written (to look for where they must not be)."""
    book = state.handbook(seat)
    return [state.crime.readout[row - 1].clue(letter) for row, letter in book.entries.items()]


# --- the tests ------------------------------------------------------------------------------------
def test_one_person_against_the_bot_from_the_lobby_to_the_replay(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    expected, moves = simulate(SEED)
    assert expected.winners == [0] and moves <= 16
    page = new_page(browser, contexts, DESKTOP)
    frames = watch_frames(page)
    table = create_table(page, server, ["here", "bot"], SEED)
    expect(page.locator("#seat-chip")).to_contain_text("Detective 1 (Green)")
    expect(page.locator(".mh-board .space")).to_have_count(84)
    spectator = new_page(browser, contexts, PHONE)
    seen = watch_frames(spectator)
    spectator.goto(f"{server.url}/t/{table}?watch")
    expect(spectator.locator("#seat-chip")).to_contain_text("Watching")
    expect(spectator.locator("#handbook")).to_be_hidden()

    person = Person()
    probed = False
    for _ in range(40):
        state = my_state(page, server, table)
        if state is None:
            break
        if state.turn.phase == "solve":  # a clue came: accuse now or end the turn (R9)
            expect(page.locator('[data-action="end"]')).to_be_visible()
            shot(page, "manhunt-desktop-solve")
        action = person.choose(state)
        click_for(page, action)
        after = engine(server, table)
        assert isinstance(after, Manhunt)
        if action.kind == "spin" and after.last_spin and after.turn.phase == "move":
            # The dials stop on the reading; then the moves light up.
            number = str(after.last_spin["number"])
            expect(page.locator('[data-dial="numbered"]')).to_have_attribute("data-reading", number)
            expect(page.locator('[data-dial="numbered"]')).to_have_class(
                "mh-dial dial-numbered read"
            )
            shot(page, "manhunt-desktop-move")
        if action.kind == "move":
            expect(page.locator("#car-0")).to_have_attribute("data-at", str(action["to"]))
        mine = [e for e in after.log if e.kind == "probe_result" and e.to == 0]
        if mine and not probed:
            probed = True
            row, hole = mine[0].data["row"], mine[0].data["hole"]
            scanner = page.locator(f'#clue-scanner[data-row="{row}"][data-hole="{hole}"]')
            expect(scanner).to_contain_text(str(mine[0].data["clue"]))
            expect(page.locator(f'#handbook tr[data-row="{row}"]')).to_have_attribute(
                "data-hole", hole
            )
            expect(page.locator("#suspects .mh-suspect.crossed")).not_to_have_count(0)
            shot(page, "manhunt-desktop-probe")
            # The spectator saw a probe in secret, never its result.
            expect(spectator.locator("#handbook")).to_be_hidden()
            assert spectator.locator("#clue-scanner[data-hole]").count() == 0
            assert str(mine[0].data["clue"]) not in spectator.locator("#log").inner_text()
            shot(spectator, "manhunt-phone-spectator")
    else:
        raise AssertionError("the game did not end in 40 turns")

    final = engine(server, table)
    assert isinstance(final, Manhunt)
    assert final.winners == [0] and probed
    assert any(e.kind == "probe_result" and e.to == 1 for e in final.log)  # the bot probed too
    culprit = final.view(None)["reveal"]["culprit"]
    expect(page.locator("#turn-banner")).to_contain_text("win")
    expect(page.locator("#mh-reveal")).to_contain_text(f"{culprit['number']} {culprit['name']}")
    expect(page.locator(f'#suspects .mh-suspect.culprit[data-suspect="{culprit["number"]}"]'))
    shot(page, "manhunt-desktop-game-over")
    expect(spectator.locator("#mh-reveal")).to_contain_text(culprit["name"])
    shot(spectator, "manhunt-phone-game-over")
    # Never on the wire to a seat that may not know it: the bot's rows, the person's rows.
    assert_only_own_secrets(frames, 0)
    assert_only_own_secrets(seen, None)
    bot_only = set(culprit_clue_words(final, 1)) - set(culprit_clue_words(final, 0))
    person_text = page.locator("#handbook").inner_text() + page.locator("#log").inner_text()
    for clue in bot_only:
        assert clue not in person_text
    no_page_errors(page)
    no_page_errors(spectator)

    # The replay draws the engine's reveal() of each step: at the end, every Handbook.
    read_the_ending_then_replay(page)
    page.wait_for_url(f"**/t/{table}/replay")
    steps = len(final.history)
    expect(page.locator("#rp-where")).to_contain_text(f"Step {steps} of {steps}")
    expect(page.locator("#handbook")).to_contain_text("Handbooks (all revealed)")
    revealed = revealed_at(server.url, table, steps)
    assert revealed == as_sent(final.reveal())
    for side, book in enumerate(revealed["handbooks"]):
        holes = {r["row"]: r["hole"] for r in book["rows"] if r["hole"]}
        assert holes == final.handbooks[side].entries
        shown = page.locator("#handbook .mh-sheet").nth(side).locator("tr.known")
        expect(shown).to_have_count(len(holes))
    assert revealed["winners"] == [0] and revealed["reveal"]["culprit"] == culprit
    shot(page, "manhunt-desktop-replay")
    page.keyboard.press("Home")
    expect(page.locator("#rp-where")).to_contain_text(f"Step 0 of {steps}")
    no_page_errors(page)


def test_two_people_each_see_only_their_own_probe(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    alice = new_page(browser, contexts, DESKTOP)
    alice_frames = watch_frames(alice)
    alice.goto(server.url + "/")
    alice.locator('input[name="game"][value="manhunt"]').check()
    alice.select_option("#seat-count", "2")
    alice.select_option('select[name="seat-kind-1"]', "invite")
    alice.locator("#options-box summary").click()
    alice.fill("#seed", str(TWO_HUMANS_SEED))
    alice.select_option("#pace", "instant")  # tests run the bots without pauses
    alice.click("#create")
    invite = alice.locator('#created li[data-seat="1"] .invite-url').input_value()
    alice.click("#go-table")
    alice.wait_for_url("**/t/**")
    table = alice.url.rstrip("/").split("/t/")[1].split("?")[0]

    bob = new_page(browser, contexts, PHONE)
    bob_frames = watch_frames(bob)
    bob.goto(invite)
    bob.click('#join-seats button[data-seat="1"]')
    expect(bob.locator("#seat-chip")).to_contain_text("Detective 2 (Red)")
    people = {0: (alice, Person(0)), 1: (bob, Person(1))}
    for _ in range(12):
        state = engine(server, table)
        assert isinstance(state, Manhunt)
        if any(e.kind == "probe_result" for e in state.log):
            break
        seat = state.to_move
        assert seat is not None
        page, person = people[seat]
        my_state(page, server, table)
        click_for(page, person.choose(state))
    else:
        raise AssertionError("nobody probed")
    (probe,) = [e for e in state.log if e.kind == "probe_result"]
    prober = int(probe.data["seat"])
    assert prober == 0
    clue = str(probe.data["clue"])
    expect(alice.locator("#clue-scanner")).to_contain_text(clue)
    expect(alice.locator("#handbook")).to_contain_text(clue)
    shot(alice, "manhunt-desktop-probe-two-people")
    expect(bob.locator("#log")).to_contain_text("in secret")
    expect(bob.locator("#handbook")).to_be_visible()
    assert clue not in bob.locator("#handbook").inner_text()
    assert clue not in bob.locator("#clue-scanner").inner_text()
    assert bob.locator(f'#handbook tr[data-row="{probe.data["row"]}"][data-hole]').count() == 0
    shot(bob, "manhunt-phone-other-seat")
    assert_only_own_secrets(bob_frames, 1)
    assert_only_own_secrets(alice_frames, 0)
    # (The clue's words are public, in the Read Out: what must not travel is which one it is.)
    for msg in bob_frames:
        for row in (msg.get("view") or {}).get("handbook", {}).get("rows", []):
            assert row["hole"] is None, msg
    no_page_errors(alice)
    no_page_errors(bob)


# --- prompts the whole games rarely reach, on the module alone -------------------------------
MOUNT = """async (view) => {
    document.body.innerHTML = `<main class="table-layout"><div id="board"></div><div id="hud"></div>
        <div id="controls"></div><div id="info"></div></main>`;
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = '/static/css/sleuth.css';
    document.head.append(css);
    const game = await import('/static/games/manhunt/index.js');
    window.sent = [];
    const ctx = {
        act: async (a) => { window.sent.push(a); return true; },
        seatWord: (s) => `Detective ${s + 1}`,
        playerName: () => null,
        isBot: () => false,
        soundOn: () => false,
        tableId: 'test',
    };
    const table = game.createTable(ctx);
    const $ = (id) => document.getElementById(id);
    await table.mount({board: $('board'), hud: $('hud'), controls: $('controls'), info: $('info')});
    table.render(view, {me: view.seat, canAct: true, seats: []});
    document.addEventListener('keydown', (e) => { if (table.key(e)) e.preventDefault(); });
    window.table = table;
}"""


def mount(page: Page, server: Server, state: Manhunt) -> None:
    page.goto(f"{server.url}/api/games")  # any page of the server: the modules are same-origin
    page.evaluate(MOUNT, state.view(state.to_move))


def sent(page: Page) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = page.evaluate("window.sent")
    return result


def investigating(players: int = 3) -> Manhunt:
    """A game whose sides have both Scenes written, the first player about to spin."""
    state = sleuth.new_game("manhunt", players, 4)
    assert isinstance(state, Manhunt)
    while state.turn.phase == "place":
        state.apply(state.legal_actions()[0])
    for book in state.handbooks:
        for row in (1, 2, 5):
            book.write(row, state.card.hole(row), {"how": "probed", "seat": book.seats[0]})
    state._legal_cache = None
    return state


def test_exchange_call_and_accusation_prompts(server: Server, page: Page) -> None:
    state = investigating()
    seat = state.turn.seat
    me, other = state.cars[seat], state.cars[(seat + 1) % 3]
    # On a Badge space: call a car to Headquarters, or not.
    me.space = state.board.index["hq-n"]
    state.turn.phase = "badge"
    state._legal_cache = None
    mount(page, server, state)
    expect(page.locator("button[data-call]")).to_have_count(2)
    page.click(f'button[data-call="{other.seat}"]')
    page.keyboard.press("n")
    assert sent(page) == [{"kind": "call", "seat": other.seat}, {"kind": "no_call"}]

    # RECEIVE: ask for a flap; the ones the other side has written and I lack are lit.
    state.turn.phase = "ask"
    state.turn.partner, state.turn.asker, state.turn.asked = other.seat, seat, other.seat
    state.handbooks[state.side_of(other.seat)].write(7, "A", {"how": "probed"})
    state._legal_cache = None
    mount(page, server, state)
    expect(page.locator("button[data-flap]")).to_have_count(6)
    expect(page.locator('button[data-flap="7"].useful')).to_have_count(1)
    expect(page.locator('button[data-flap="5"].known')).to_have_count(1)
    page.keyboard.press("7")
    assert sent(page) == [{"kind": "ask", "flap": 7}]

    # At the start of a turn, both Scenes written: accuse, picking from those left.
    state.turn = type(state.turn)(seat, "start")
    state._legal_cache = None
    mount(page, server, state)
    left = state.handbook(seat).remaining
    page.click('button[data-action="accuse-mode"]')
    expect(page.locator("button[data-suspect]")).to_have_count(len(left))
    expect(page.locator("#suspects .mh-suspect.pickable")).to_have_count(len(left))
    shot(page, "manhunt-desktop-accuse-mode")
    page.click(f'#suspects .mh-suspect[data-suspect="{left[-1]}"]')
    expect(page.locator(".mh-confirm")).to_contain_text(left[-1])
    page.click('button[data-action="accuse-confirm"]')
    assert sent(page) == [{"kind": "accuse", "suspect": left[-1]}]
    page.keyboard.press("Escape")
    expect(page.locator("button[data-suspect]")).to_have_count(0)
    page.keyboard.press("s")
    assert sent(page)[-1] == {"kind": "spin"}


def test_hot_seat_covers_the_handbook_between_detectives(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    page = new_page(browser, contexts, PHONE)
    table = create_table(page, server, ["here", "here"], TWO_HUMANS_SEED)
    state = engine(server, table)
    assert isinstance(state, Manhunt)
    first = state.to_move
    assert first is not None
    cover = page.locator("#cover")
    expect(cover).to_be_visible()
    colour = ("Green", "Red")[first]
    expect(page.locator("#cover-title")).to_contain_text(
        f"Pass to Detective {first + 1} ({colour})"
    )
    expect(page.locator("#cover .cover-sub")).to_contain_text("Handbook")
    shot(page, "manhunt-phone-hot-seat-cover")
    page.click("#cover-btn")
    expect(page.locator("#seat-chip")).to_contain_text(f"Detective {first + 1}")
    expect(page.locator("#handbook")).to_contain_text("Your Handbook")
    people = {0: Person(0), 1: Person(1)}
    for _ in range(12):
        state = engine(server, table)
        assert isinstance(state, Manhunt)
        if any(e.kind == "probe_result" for e in state.log):
            break
        if cover.is_visible():
            page.click("#cover-btn")
        seat = state.to_move
        assert seat is not None
        expect(page.locator("#seat-chip")).to_contain_text(f"Detective {seat + 1}")
        click_for(page, people[seat].choose(state))
    (probe,) = [e for e in state.log if e.kind == "probe_result"]
    prober = int(probe.data["seat"])
    assert state.to_move == 1 - prober  # the keyboard passes on: the probe stays behind
    expect(cover).to_be_visible()
    page.click("#cover-btn")
    expect(page.locator("#seat-chip")).to_contain_text(f"Detective {2 - prober}")
    expect(page.locator("#clue-scanner")).not_to_have_attribute("data-state", "probe")
    row = probe.data["row"]
    assert page.locator(f'#handbook tr[data-row="{row}"][data-hole]').count() == 0
    assert str(probe.data["clue"]) not in page.locator("#handbook").inner_text()
    no_page_errors(page)
