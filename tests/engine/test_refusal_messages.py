"""A refusal's reason is text that can be sent to the player, whatever the player sent.

Found by the state machines (tests/engine/machine.py), which skip this one check for
kinds holding a lone surrogate so that the rest of what they check stays visible.
"""

from __future__ import annotations

import pytest

import sleuth

GAMES = ["stop-thief", "manhunt", "kojak", "columbo"]
LONE = ["\ud800", "roll\udfff", "\udc00move"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", LONE)
def test_parameters_and_names_with_lone_surrogates_are_refused_as_malformed(
    game: str, kind: str
) -> None:
    """The reference behaviour for the kind: a lone surrogate as a parameter's value or name
    is refused at once, with a reason that encodes."""
    state = sleuth.new_game(game, players=2 if game != "manhunt" else 3, seed=1)
    for bad in ({"kind": "roll", "x": kind}, {"kind": "roll", kind: 1}):
        with pytest.raises(sleuth.IllegalAction) as refused:
            state.apply(bad)
        str(refused.value).encode("utf-8")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", LONE)
def test_a_lone_surrogate_kind_is_refused_with_a_sendable_reason(game: str, kind: str) -> None:
    """What a client sends as JSON ({"kind": "\\ud800"} parses to a lone surrogate)."""
    state = sleuth.new_game(game, players=2 if game != "manhunt" else 3, seed=1)
    with pytest.raises(sleuth.IllegalAction) as refused:
        state.apply({"kind": kind})
    str(refused.value).encode("utf-8")
