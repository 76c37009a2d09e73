"""The page shell's seat helpers in chromium (`/static/js/seats.js`, and `seatWho` in dom.js):
the chip, tag, row classes and words every game's players panel draws a seat with, so the four
games show a seat alike."""

from __future__ import annotations

from playwright.sync_api import Page

from .conftest import Server

RUN = """async () => {
    const { seatDot, seatRowClass, youTag } = await import('/static/js/seats.js');
    const { seatWho } = await import('/static/js/dom.js');
    const names = ["Ann", "player 2", null];
    const ctx = { seatWord: (s) => `Player ${s + 1}`, playerName: (s) => names[s] };
    const view = { to_move: 1, turn: 0, over: false, winners: [2] };
    return {
        rows: [0, 1, 2].map((seat) => seatRowClass("det", view, 1, seat)),
        byTurn: seatRowClass("det", view, null, 0, view.turn),
        over: seatRowClass("det", { ...view, over: true }, null, 1),
        who: [
            seatWho([{}, { kind: "bot", level: "random" }], 1, ctx),
            seatWho([{}, { kind: "bot" }], 1, ctx),
            seatWho([{ kind: "human" }], 0, ctx),
            seatWho([{}, { kind: "human" }], 1, ctx),
            seatWho(undefined, 2, ctx),
        ],
        dots: [
            seatDot(2, "red").outerHTML,
            seatDot(0, "blue", { cls: "co-dot", color: "white" }).outerHTML,
            seatDot(0, "blue", { number: false }).outerHTML,
        ],
        you: [youTag(1, 1)?.outerHTML ?? null, youTag(1, 0), youTag(null, 0)],
    };
}"""


def test_a_seat_is_drawn_the_same_way_for_every_game(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/api/games")  # any page of the server: the module is same-origin
    got = page.evaluate(RUN)
    assert got["rows"] == ["det", "det turn me", "det winner"]
    assert got["byTurn"] == "det turn"  # a game whose turn is not `to_move` (Manhunt's `turn`)
    assert got["over"] == "det"  # a finished game has no seat to move
    # A name that only repeats the seat's word (a replay's unnamed seat) says nothing more.
    assert got["who"] == ["bot (random)", "bot", "Ann", "", ""]
    assert got["dots"] == [
        '<span class="seat-dot" style="background: red;">3</span>',
        '<span class="seat-dot co-dot" style="background: blue; color: white;">1</span>',
        '<span class="seat-dot" style="background: blue;"></span>',
    ]
    assert got["you"] == ['<span class="you">you</span>', None, None]
