"""Kojak events in words, for logs, the terminal and the web page.

Pure and interface-free: `say(event)` turns one event into one line of
English; a `Narrator` does the same for a stream of events (it fits the
core's `Narrating` protocol). Seats are numbered from 0 in events and from 1
for players, with their colour ("Player 2 (black)").

    >>> from sleuth.core import Event
    >>> say(Event("roll", {"seat": 1, "dice": [3, 4], "total": 7}))
    'Player 2 (black) threw 3 + 4 = 7.'
    >>> say(Event("turned", {"seat": 0, "building": "hotel", "spaces": 2, "passed": [False, True]}))
    "Player 1 (white) turned the Hotel's turntable 2 spaces: an informer is out front."
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sleuth.core import Event
from sleuth.core.prompt import Prompt, ask, count, wait
from sleuth.games.kojak.board import load_board
from sleuth.games.kojak.places import place_names
from sleuth.games.kojak.state import COLOURS

HQ = {
    "start": "the Start space",
    "radio": "the Radio Room",
    "command": "the Command Room",
}
CARS = {"detective": "the Detective's car", "kojak": "Kojak's car"}


def player(seat: Any) -> str:
    seat = int(seat)
    colour = f" ({COLOURS[seat]})" if 0 <= seat < len(COLOURS) else ""
    return f"Player {seat + 1}{colour}"


def building(b: Any) -> str:
    """'bus' -> 'the Bus Station'."""
    found = load_board().buildings.get(str(b))
    return f"the {found.name}" if found else str(b)


def place(p: Any) -> str:
    """Where a car stands, as a player finds it: a lot, or a street by its nearest landmark."""
    return place_names(load_board()).get(str(p), f"space {p}")


def hq_space(s: Any) -> str:
    s = str(s)
    if s in HQ:
        return HQ[s]
    if s == load_board().computer:
        return "the last yellow space, by the Computer Room"
    if s.startswith("y"):
        return "the Computer Room path"
    return f"track space {s}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _setup(d: Mapping[str, Any]) -> str:
    return (
        f"Game {d['game']}, {d['title']} ({d['version']} version): find {d['criminal']}. "
        f"{d['players']} players; {d['informers_per_turntable']} informers on each turntable."
    )


def _first(d: Mapping[str, Any]) -> str:
    """The throw for first player (KJ-TURN-01), every round of it when the highest tied."""
    rounds = [
        ", ".join(f"{player(seat)} {total}" for seat, total in throws.items())
        for throws in d.get("rolls", [])
    ]
    thrown = f"Throws for first: {'; then '.join(rounds)}. " if rounds else ""
    return f"{thrown}{player(d['seat'])} threw highest and goes first."


def _turned(d: Mapping[str, Any]) -> str:
    spaces = d["spaces"]
    out = "an informer is out front" if d["passed"][-1] else "nobody is out front"
    where = building(d["building"])
    return (
        f"{player(d['seat'])} turned {where}'s turntable {spaces} "
        f"space{'s' if spaces > 1 else ''}: {out}."
    )


def _arrest(d: Mapping[str, Any]) -> str:
    verdict = (
        "and the Solution Book agrees!" if d["correct"] else "but the Solution Book disagrees."
    )
    return f"{player(d['seat'])} makes the arrest at {building(d['building'])}, {verdict}"


def _game_over(d: Mapping[str, Any]) -> str:
    hide = f"{d['criminal']} was hiding in {building(d['hideout'])}."
    if d["winners"]:
        return f"{player(d['winners'][0])} wins! {hide}"
    return f"Nobody wins: every player made a wrong arrest. {hide}"


def _contacts(d: Mapping[str, Any]) -> str:
    cards = ", ".join(str(c) for c in d["cards"]) or "none"
    return f"Your Contact Cards: {cards}."


SAYINGS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "setup": _setup,
    "first_player": _first,
    "turn": lambda d: (
        f"{player(d['seat'])} sets up."
        if d.get("phase") == "setup"
        else f"{player(d['seat'])}'s turn."
    ),
    "parked": lambda d: f"{player(d['seat'])} parks the Detective's car in {place(d['lot'])}.",
    "badge": lambda d: f"{player(d['seat'])} puts the Badge on {building(d['building'])}.",
    "roll": lambda d: (
        f"{player(d['seat'])} threw {' + '.join(map(str, d['dice']))} = {d['total']}."
        if len(d["dice"]) > 1
        else f"{player(d['seat'])} threw {d['total']}."
    ),
    "drive": lambda d: (
        f"{player(d['seat'])} drives {CARS[d['car']]} from {place(d['from'])} to {place(d['to'])}."
    ),
    "jump": lambda d: f"{player(d['seat'])}'s Kojak jumps into {hq_space(d['to'])}.",
    "stay": lambda d: f"{player(d['seat'])}'s Kojak stays in {hq_space(d['room'])}.",
    "action_card": lambda d: f"{player(d['seat'])} draws an Action Card: {d['value']}.",
    "walk": lambda d: f"{player(d['seat'])}'s Kojak moves to {hq_space(d['to'])}.",
    "computer_room": lambda d: (
        f"{player(d['seat'])} takes {d['cards']} Contact Card{'s' if d['cards'] != 1 else ''} "
        "at the Computer Room; Kojak goes back to Start."
    ),
    "reshuffled": lambda d: f"The {d['pile']} cards are shuffled into a new pile.",
    "dealt": lambda d: f"Each player is dealt {d['each']} Contact Cards.",
    "contacts": _contacts,
    "turned": _turned,
    "left_hq": lambda d: (
        f"{player(d['seat'])}'s Kojak leaves Headquarters and takes his car: going for the arrest!"
    ),
    "informer_taken": lambda d: (
        f"{player(d['seat'])} takes the {d['colour']} informer at {building(d['building'])}"
        + (f", discarding a Contact Card ({d['contact']})." if d.get("contact") else ".")
    ),
    "clue": lambda d: (
        f"Code {d['code']} for game {d['game']}: \u201c{d['statement']}\u201d "
        f"Circle {building(d['clears'])}."
    ),
    "arrest": _arrest,
    "out": lambda d: f"{player(d['seat'])} is out of the game and must keep the solution secret.",
    "solution": lambda d: (
        f"The Solution Book says {d['criminal']} hides in {building(d['hideout'])}."
    ),
    "game_over": _game_over,
}


def say(event: Event) -> str:
    """One event as one line of English (an unknown event is named, not dropped)."""
    saying = SAYINGS.get(event.kind)
    if saying is None:
        return f"({event.kind})"
    return _cap(saying(event.data))


class Narrator:
    """Puts Kojak events into words, one line each (the core's `Narrating`)."""

    def say(self, event: Event) -> str:
        return say(event)


# --- what a seat is asked to do -----------------------------------------------------------------
VERBS = {  # each kind of action, for a refusal: "You cannot roll the dice now."
    "park": "park a car",
    "badge": "move your Badge",
    "roll": "roll the dice",
    "jump": "jump Kojak into a room",
    "draw": "draw an Action Card",
    "stay": "keep Kojak where he is",
    "leave_hq": "send Kojak out to his car",
    "take": "take an informer",
    "arrest": "make an arrest",
    "end_turn": "end your turn",
    "drive": "drive a car",
    "walk": "move Kojak",
    "turn": "turn a turntable",
}
TASKS = {  # each phase's task, in public words (some depend on the turn, below)
    "radio": "move the Badge to another roof, or end the turn",
    "command": "turn a turntable 1 or 2 spaces, or end the turn",
    "after": "take the informer, make the arrest, or end the turn",
}


def prompt(
    seat: int | None,
    to_move: int,
    phase: str,
    parked: bool,
    kojak: str | None,
    advanced: bool,
    roll: int | None,
    action_card: int | None,
    open_kinds: Sequence[str],
) -> Prompt:
    """What `seat` is asked to do now, from public facts and (for the seat to move) its legal
    kinds: the phase, whether the mover's Detective's car is parked yet, where his Kojak
    stands in Headquarters (None: he left it), the version, the roll and the Action Card.

    >>> prompt(1, 0, "drive", True, None, False, 7, None, []).words
    'Waiting for Player 1 (white) to drive a car 7 spaces.'
    >>> prompt(0, 0, "radio", True, "radio", False, None, None, ["badge", "end_turn"]).words
    'Move your Badge to another roof or end your turn.'
    """
    if phase == "setup":
        task = "put the Badge on a roof" if parked else "park the Detective's car at Headquarters"
    elif phase == "turn":
        task = (
            "roll the dice and drive"
            if kojak is None
            else "roll the dice, or draw an Action Card for Kojak"
            if advanced
            else "roll the dice, or jump Kojak into a room"
        )
    elif phase == "drive":
        task = f"drive a car {count(roll, 'space')}"
    elif phase == "hq":
        task = f"move Kojak {count(action_card, 'space')} around Headquarters"
    else:
        task = TASKS[phase]
    if seat != to_move:
        return wait(seat, to_move, player(to_move), task)
    badge = "put your Badge on a roof" if phase == "setup" else "move your Badge to another roof"
    say = {
        "park": "park the Detective's car in a Headquarters lot",
        "badge": badge,
        "roll": "roll the dice",
        "jump": "jump Kojak into a room",
        "draw": "draw an Action Card for Kojak",
        "stay": f"stay in {hq_space(kojak)} and use it again",
        "leave_hq": "send Kojak out to his car",
        "take": "take the informer out front",
        "arrest": "make the arrest",
        "end_turn": "end your turn",
        "drive": task,
        "walk": task,
        "turn": "turn a turntable 1 or 2 spaces",
    }
    return ask(to_move, task, open_kinds, say)
