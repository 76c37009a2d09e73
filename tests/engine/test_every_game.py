"""Every registered game has its state machine here, and every machine a registered game."""

from __future__ import annotations

from tests.engine.machine import game_names
from tests.engine.test_columbo_machine import ColumboMachine
from tests.engine.test_kojak_machine import KojakMachine
from tests.engine.test_manhunt_machine import ManhuntMachine
from tests.engine.test_stop_thief_machine import StopThiefMachine

MACHINES = (StopThiefMachine, ManhuntMachine, KojakMachine, ColumboMachine)


def test_every_registered_game_has_a_state_machine() -> None:
    assert sorted(m.game for m in MACHINES) == sorted(game_names())
    assert {"stop-thief", "manhunt", "kojak", "columbo"} <= set(game_names())
