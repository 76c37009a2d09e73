"""The end of a Columbo game: how it ended, each detective's complete sets (and rewards in
the more difficult game), what the lawn gave up, a few figures."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sleuth.core.ending import Ending, Standing, places
from sleuth.games.columbo.cards import load_pack
from sleuth.games.columbo.words import REASONS, money

if TYPE_CHECKING:
    from sleuth.games.columbo.state import Columbo


def _title(kind: str) -> str:
    """A set by its name: 'rope' -> 'Rope'."""
    return load_pack().titles.get(kind, kind)


def _who(seat: object) -> str:
    return f"Detective {int(str(seat)) + 1}"


def _result(won: bool, won_by: str, sets: int) -> str:
    """A standing's words: 'solved it; 2 complete sets', 'found Columbo', '1 complete set'
    (a win by Columbo's six parts lays no set down: no '0 complete sets' beside it)."""
    counted = f"{sets} complete set{'' if sets == 1 else 's'}"
    if not won:
        return counted
    return f"{won_by}; {counted}" if sets else won_by


def ending(state: Columbo) -> Ending:
    if not state.over:
        raise ValueError("only a finished game has an ending")
    story: list[str] = []
    sets = [0] * state.players
    right = wrong = demands = 0
    won_by = "solved it"
    for event in state.log:
        data = event.data
        if event.kind == "laid_down":
            seat = int(data["seat"])
            sets[seat] += 1
            story.append(f"{_who(seat)} laid down a complete {_title(str(data['kind']))}.")
        elif event.kind == "turned":
            if data["right"]:
                right += 1
            else:
                wrong += 1
        elif event.kind == "demand":
            demands += 1
        elif event.kind == "game_over":
            if data["reason"] == "columbo":
                won_by = "found Columbo"
            if data["reason"] == "cold":
                story.append("The case went cold: the turns ran out.")
            else:
                found = [
                    str(c["name"]) if c["kind"] == "motive" else _title(str(c["kind"]))
                    for c in data.get("cards") or []
                ]
                what = list(dict.fromkeys(found))  # each set once, in the order laid
                listed = (
                    ", ".join(what[:-1]) + f" and {what[-1]}" if len(what) > 1 else "".join(what)
                )
                reason = REASONS.get(str(data["reason"]), str(data["reason"]))
                story.append(f"{_who(data['by'])} {reason}: {listed}.")
    rewards = state.rewards
    if rewards:
        totals = [r["total"] for r in rewards]
        place = places([t + (10**9 if s in state.winners else 0) for s, t in enumerate(totals)])
        results = [
            f"{money(totals[s])} in rewards, {sets[s]} set{'' if sets[s] == 1 else 's'}"
            for s in range(state.players)
        ]
    else:
        place = places(
            [(1 if s in state.winners else 0) * 100 + sets[s] for s in range(state.players)]
        )
        results = [_result(s in state.winners, won_by, sets[s]) for s in range(state.players)]
    standings = sorted(
        (Standing(s, _who(s), place[s], results[s]) for s in range(state.players)),
        key=lambda standing: (standing.place, standing.seat),
    )
    winners = " and ".join(_who(s) for s in state.winners)
    headline = (
        f"{winners} win{'s' if len(state.winners) == 1 else ''}." if winners else "Nobody wins."
    )
    if story:
        headline = story[-1] + (f" {headline}" if winners else " Nobody wins.")
    stats = (
        ("Turns", str(state.turns)),
        ("Lawn cards named rightly", str(right)),
        ("Lawn cards named wrongly", str(wrong)),
        ("Demands", str(demands)),
        ("Actions", str(len(state.history))),
    )
    return Ending(headline, standings, story[:-1] if story else story, stats)
