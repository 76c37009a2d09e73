"""ON LINE, the Clue Scanner and Probe, the Handbook and the Clue Sheet, eliminating suspects."""

from __future__ import annotations

import json

from sleuth.games.manhunt.computer import OFF_LINE, ON_LINE
from sleuth.games.manhunt.handbook import Handbook, flap
from tests.manhunt.conftest import (
    act,
    event_kinds,
    investigating,
    kinds,
    learn,
    move_onto,
    placed,
    rig,
    turn_to,
)


def test_a_stop_on_a_destination_spins_the_yellow_dial() -> None:
    """MH-CLUE-01: a player who stops on a destination spins again at once, reading yellow."""
    state = placed()
    move_onto(state, 0, "1a")
    assert state.turn.phase == "spin" and kinds(state) == {"spin"} and state.to_move == 0
    spin = next(e for e in act(state, "spin") if e.kind == "spin")
    assert spin.data["read"] == ["line"]


def test_off_line_waits_until_on_line() -> None:
    """MH-CLUE-02: on OFF LINE the car waits there, spinning again each later turn until ON
    LINE."""
    state = placed()
    move_onto(state, 0, "1b", line=OFF_LINE)
    act(state, "spin")
    space = state.cars[0].space
    for reading in (OFF_LINE, OFF_LINE, ON_LINE):
        turn_to(state, 0)
        assert state.view(0)["cars"][0]["waiting"]
        rig(state, (8, reading, "RECEIVE"))
        events = act(state, "spin")
        spin = next(e for e in events if e.kind == "spin")
        assert spin.data["read"] == ["line"] and "move" not in event_kinds(events)
        assert state.cars[0].space == space and state.to_move == 1
    assert state.handbook(0).entries == {1: state.card.hole(1)}
    turn_to(state, 0)
    act(state, "spin")
    assert state.turn.phase == "move"


def test_on_line_uses_the_scanner() -> None:
    """MH-CLUE-03: on ON LINE the player uses the Clue Scanner and Probe on that row."""
    state = placed()
    investigating(state, 0)
    move_onto(state, 0, "8")
    events = act(state, "spin")
    assert [(e.kind, e.data["row"]) for e in events if e.kind == "probe"] == [("probe", 8)]


def test_the_scanner_passes_to_whoever_needs_it() -> None:
    """MH-PROBE-02: the Clue Scanner is shared: any player who spins ON LINE probes with it."""
    state = placed(players=3)
    for seat in (2, 0, 1):
        move_onto(state, seat, "1a" if seat != 1 else "1b")
        probes = [e for e in act(state, "spin") if e.kind == "probe"]
        assert [e.data["seat"] for e in probes] == [seat]
    assert all(h.entries == {1: state.card.hole(1)} for h in state.handbooks)


def test_the_probe_shows_which_hole_is_punched() -> None:
    """MH-PROBE-03: every hole not punched shows the red dot, the punched one nothing: the
    probe tells the prober which of A-D is punched."""
    for card in range(1, 17):
        state = placed(card=card)
        investigating(state, 0)
        move_onto(state, 0, "4")
        result = next(e for e in act(state, "spin") if e.kind == "probe_result")
        hole = state.card.hole(4)
        assert result.data["hole"] == hole
        shown = result.data["flap"]
        assert shown.count("[O]") == 3 and shown.index("[X]") // 3 == "ABCD".index(hole)


def test_the_sample_card_scene_1() -> None:
    """MH-EXAMPLE-02: on the Sample card the Scene 1 row shows the red dot at B, C and D and
    nothing at A: the hole is at A."""
    state = placed(card=1)
    move_onto(state, 0, "1a")
    result = next(e for e in act(state, "spin") if e.kind == "probe_result")
    assert result.data["hole"] == "A" and result.data["flap"] == "[X][O][O][O]"
    assert result.data["clue"] == "Bank Robbery"


def test_probing_is_secret() -> None:
    """MH-PROBE-04: the probe goes into all four holes in secret; only the prober learns the
    hole, the others only that the row was probed."""
    state = placed(players=3, card=6)
    move_onto(state, 0, "1a")
    events = act(state, "spin")
    public = next(e for e in events if e.kind == "probe")
    assert public.to is None and set(public.data) == {"seat", "row"}
    private = [e for e in events if e.kind == "probe_result"]
    assert [e.to for e in private] == [0]
    for seat in (1, 2, None):
        assert not any(e.kind == "probe_result" for e in state.events_for(seat))
    for seat in (1, 2):
        assert state.view(seat)["handbook"]["rows"][0]["hole"] is None
        assert state.view(seat)["sides"][0]["rows"] == [1]
    assert "hole" not in json.dumps(state.view(None)["sides"])


def test_scene_1_probes_the_red_row() -> None:
    """MH-PROBE-05: at Scene of Crime 1 the row probed is the Scene 1 (red) row."""
    state = placed()
    move_onto(state, 0, "1b")
    result = next(e for e in act(state, "spin") if e.kind == "probe_result")
    assert result.data["row"] == 1 and state.board.places[1].colour == "red"


def test_the_result_goes_into_the_handbook() -> None:
    """MH-CLUE-04: after probing, the result is written in that row of the Handbook."""
    state = placed()
    move_onto(state, 0, "1a")
    act(state, "spin")
    row = state.view(0)["handbook"]["rows"][0]
    assert row["hole"] == state.card.hole(1) and row["learned"] == {"how": "probed", "seat": 0}
    assert row["flap"] == flap(state.card.hole(1))


def test_the_clue_sheet_reads_the_crimes_read_out() -> None:
    """MH-CLUE-06: each result becomes a clue from the chosen crime's Read Out diagram."""
    for crime in ("robbery", "murder", "swindle"):
        state = placed(crime=crime, card=3)
        investigating(state, 0)
        learn(state, 0, 7)
        readout = state.book.crime(crime).readout
        for row in state.view(0)["handbook"]["rows"]:
            hole = state.card.hole(row["row"]) if row["row"] in (1, 2, 7) else None
            assert row["clue"] == (readout[row["row"] - 1].clue(hole) if hole else None)


def test_suspects_without_the_clue_are_crossed_out() -> None:
    """MH-CLUE-07: a suspect whose record lacks a clue is eliminated: his circled R number is
    crossed out."""
    state = placed(card=9)
    learn(state, 0, 1)
    hole = state.card.hole(1)
    sheet = state.view(0)["handbook"]["suspects"]
    robbery = state.crime
    assert [s["number"] for s in sheet] == [f"R{i}" for i in range(1, 33)]
    for entry, suspect in zip(sheet, robbery.suspects, strict=True):
        assert entry["crossed"] == (suspect.record[0] != hole)


def test_eliminations_are_permanent() -> None:
    """MH-CLUE-08: once crossed out, a suspect stays out and is not checked again."""
    state = placed(card=2)
    book: Handbook = state.handbook(0)
    learn(state, 0, 1)
    first = dict(book.crossed)
    learn(state, 0, 2, 3, 4)
    assert all(book.crossed[s] == row for s, row in first.items())  # never re-checked
    assert all(row in (2, 3, 4) for s, row in book.crossed.items() if s not in first)


def test_the_last_circled_number_is_the_culprit() -> None:
    """MH-CLUE-09: when every circled number but one is crossed out, that one is the Culprit."""
    for card in range(1, 17):
        state = placed(card=card, crime="swindle")
        learn(state, 0, *range(1, 9))
        assert state.view(0)["handbook"]["remaining"] == [state.card.culprits["swindle"]]


def test_the_handbooks_printed_flap_5() -> None:
    """MH-EXAMPLE-03: the Handbook's printed copy under Flap 5 reads [X][O][O][O] (decision
    H1: X where the hole is punched, O where the probe shows the red dot)."""
    state = placed()
    book = state.handbook(0)
    book.write(5, "A", {"how": "probed", "seat": 0})
    assert state.view(0)["handbook"]["rows"][4]["flap"] == "[X][O][O][O]"
    assert [flap(x) for x in "BCD"] == ["[O][X][O][O]", "[O][O][X][O]", "[O][O][O][X]"]


def test_the_elimination_aid_can_be_turned_off() -> None:
    state = placed(elimination_aid=False)
    learn(state, 0, 1)
    sheet = state.view(0)["handbook"]
    assert "suspects" not in sheet and "remaining" not in sheet
    assert sheet["rows"][0]["hole"] == state.card.hole(1)


def test_a_waiting_car_stops_waiting_when_the_row_comes_another_way() -> None:
    """Decision R14."""
    state = placed()
    investigating(state, 0)
    move_onto(state, 0, "3", line=OFF_LINE)
    act(state, "spin")
    learn(state, 0, 3)
    turn_to(state, 1)
    rig(state, (1, ON_LINE, OFF_LINE))
    act(state, "spin")
    act(state, "move", to=state.legal_actions()[0]["to"])
    while state.turn.phase != "start" or state.to_move != 0:
        state.apply(state.legal_actions()[0])
    assert not state.cars[0].waiting and not state.turn.waiting_spin
