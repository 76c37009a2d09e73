"""Manhunt events in words, for logs, the terminal and the web table.

`describe(event)` turns one event (as any seat saw it) into one line of
English. Seats are named by their car's colour unless names are given.
`Narrator` is the same as an object fed every event in order (what the web
table and terminal look for in a game's `words` module).

    >>> from sleuth.core import Event
    >>> describe(Event("call", {"seat": 0, "called": 2, "from": "3", "badge": "hq-n"}))
    'Green calls the Blue car back to Headquarters (the north Badge space).'
    >>> describe(Event("probe_result", {"seat": 1, "row": 1, "hole": "A",
    ...     "flap": "[X][O][O][O]", "clue": "Bank Robbery"}, to=1))
    'Red probes the Scene of Crime 1 row: punched at A [X][O][O][O], Bank Robbery.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sleuth.core import Event
from sleuth.core.prompt import Prompt, ask, count, sentence, wait
from sleuth.games.manhunt.board import load_board
from sleuth.games.manhunt.state import COLOURS

BADGE_NAMES = {"hq-n": "north", "hq-e": "east", "hq-s": "south", "hq-w": "west"}
READ_NAMES = {"numbered": "NUMBERED", "line": "yellow", "signal": "red"}


def place_name(number: int | None) -> str:
    if number is None:
        return "nowhere"
    return load_board().places[number].name


def space_name(space: str | None) -> str:
    """A space in words: 'Witness 3', 'Scene of Crime 1 (Red 1a)', 'the north Badge space'."""
    if space is None:
        return "off the board"
    board = load_board()
    if space in BADGE_NAMES:
        return f"the {BADGE_NAMES[space]} Badge space"
    index = board.index.get(space)
    place = board.place_at(index) if index is not None else None
    if place is None:
        return "a roadway space" if index is None else board.roadway_words(index)
    if len(board.places[place].spaces) > 1:
        return f"{place_name(place)} ({board.places[place].colour.title()} {space})"
    return place_name(place)


def describe(event: Event, names: Sequence[str] | None = None) -> str:
    """One event in one line of English."""

    def who(seat: Any) -> str:
        if seat is None:
            return "nobody"
        if names is not None and 0 <= int(seat) < len(names):
            return names[int(seat)]
        return COLOURS[int(seat)].title()

    data = event.data
    say = _SAYINGS.get(event.kind)
    if say is None:
        return f"{event.kind}: {dict(data)}"
    return say(data, who)


class Narrator:
    """Says each event in words: `Narrator(names).say(event)`."""

    def __init__(self, names: Sequence[str] | None = None) -> None:
        self.names = list(names) if names is not None else None

    def say(self, event: Event) -> str:
        return describe(event, self.names)


Who = Callable[[Any], str]


def _setup(d: Mapping[str, Any], who: Who) -> str:
    teams = ""
    if d["partners"]:
        teams = " as partners: " + "; ".join(
            " and ".join(who(s) for s in side) for side in d["sides"]
        )
    generated = f" (case set {d['case_set']})" if d.get("case_set") else ""
    return f"Manhunt for {d['players']} players{teams}. The crime: {d['crime'].title()}{generated}."


def _first_spin(d: Mapping[str, Any], who: Who) -> str:
    rounds = "; then ".join(
        ", ".join(f"{who(int(s))} {n}" for s, n in r.items()) for r in d["rounds"]
    )
    return f"Spins for first place: {rounds}. {who(d['first'])} goes first."


def _place(d: Mapping[str, Any], who: Who) -> str:
    cars = " and ".join(who(s) for s in d["cars"])
    verb = "start" if len(d["cars"]) > 1 else "starts"
    return f"{cars} {verb} on {space_name(d['badge'])}."


def _turn(d: Mapping[str, Any], who: Who) -> str:
    return f"{who(d['seat'])}'s turn" + (" (waiting OFF LINE)." if d.get("waiting") else ".")


def _spin(d: Mapping[str, Any], who: Who) -> str:
    parts = []
    for dial in d["read"]:
        if dial == "numbered":
            parts.append(str(d["number"]))
        elif dial == "line":
            parts.append(d["line"])
        else:
            parts.append(d["signal"])
    return f"{who(d['seat'])} spins the Computer: {', '.join(parts) or 'nothing to read'}."


def _move(d: Mapping[str, Any], who: Who) -> str:
    n = d["spaces"]
    return f"{who(d['seat'])} moves {n} space{'' if n == 1 else 's'} to {space_name(d['to'])}."


def _ask(d: Mapping[str, Any], who: Who) -> str:
    result = "shown to the asker alone" if d["shown"] else "but that flap is blank"
    return f"{who(d['asker'])} asks {who(d['asked'])} for flap {d['flap']}, {result}."


def _shown(d: Mapping[str, Any], who: Who) -> str:
    if d["hole"] is None:
        return f"{who(d['asked'])}'s flap {d['flap']} is blank."
    copied = "copied into the Handbook" if d["copied"] else "already known"
    return f"{who(d['asked'])}'s flap {d['flap']} shows {d['flap_shows']}: {d['clue']} ({copied})."


def _exchange(d: Mapping[str, Any], who: Who) -> str:
    if not d.get("may_ask", True):
        return (
            f"{d['signal']}: it favours {who(d['asker'])}, who has not visited Scene of Crime 2 "
            "yet and may not ask for a flap."
        )
    return f"{d['signal']}: {who(d['asker'])} may ask {who(d['asked'])} for one flap, 3 to 8."


def _game_over(d: Mapping[str, Any], who: Who) -> str:
    culprit = d["reveal"]["culprit"]
    card = f"{culprit['number']} {culprit['name']} (card {d['reveal']['card']})"
    if d["winners"]:
        winners = " and ".join(who(s) for s in d["winners"])
        return f"{winners} {'win' if len(d['winners']) > 1 else 'wins'}! The culprit: {card}."
    return f"Everyone accused wrongly. The culprit was {card}."


_SAYINGS: dict[str, Callable[[Mapping[str, Any], Who], str]] = {
    "setup": _setup,
    "card_drawn": lambda d, w: "A Scanner Card is slid into the Clue Scanner, black side up.",
    "first_spin": _first_spin,
    "place": _place,
    "turn": _turn,
    "spin": _spin,
    "move": _move,
    "stop": lambda d, w: f"{w(d['seat'])} stops on {place_name(d['place'])}.",
    "meet": lambda d, w: f"{w(d['seat'])} stops on {' and '.join(w(s) for s in d['with'])}'s car.",
    "confer": lambda d, w: f"{w(d['seat'])} confers with {w(d['with'])}.",
    "call": lambda d, w: (
        f"{w(d['seat'])} calls the {w(d['called'])} car back to Headquarters "
        f"({space_name(d['badge'])})."
    ),
    "off_line": lambda d, w: f"OFF LINE: {w(d['seat'])} waits on {place_name(d['place'])}.",
    "probe": lambda d, w: (
        f"{w(d['seat'])} probes the {place_name(d['row'])} row in secret, all four holes."
    ),
    "probe_result": lambda d, w: (
        f"{w(d['seat'])} probes the {place_name(d['row'])} row: punched at {d['hole']} "
        f"{d['flap']}, {d['clue']}."
    ),
    "exchange": _exchange,
    "ask": _ask,
    "shown": _shown,
    "accuse": lambda d, w: (
        f"{w(d['seat'])} has solved the crime, writes a name in secret and reads the card."
    ),
    "accused": lambda d, w: f"{w(d['seat'])} wrote down {d['suspect']}.",
    "verdict": lambda d, w: (
        f"{w(d['seat'])} is right!" if d["correct"] else f"{w(d['seat'])} is wrong."
    ),
    "card_read": lambda d, w: f"The card names {d['culprit']} {d['name']}; keep it secret.",
    "out": lambda d, w: f"{' and '.join(w(s) for s in d['seats'])} out of the game.",
    "game_over": _game_over,
}


# --- what a seat is asked to do -----------------------------------------------------------------
VERBS = {  # each kind of action, for a refusal: "You cannot spin the Computer now."
    "place": "place your car",
    "spin": "spin the Computer",
    "accuse": "accuse a suspect",
    "move": "move",
    "confer": "confer with a car",
    "call": "call a car to Headquarters",
    "no_call": "decline to call a car",
    "end": "end the turn",
    "ask": "ask for a flap",
}
TASKS = {  # each phase's task, in public words (some depend on the turn, below)
    "place": "choose a Badge space to start from",
    "meet": "choose whose car to confer with",
    "badge": "call a car to Headquarters, or not",
    "solve": "accuse a suspect now, or end the turn",
}


def prompt(
    seat: int | None,
    to_move: int,
    phase: str,
    number: int | None,
    waiting: bool,
    read: Sequence[str],
    may_accuse: bool,
    asked: int | None,
    open_kinds: Sequence[str],
) -> Prompt:
    """What `seat` is asked to do now, from public facts and (for the seat to move) its legal
    kinds: the phase, the NUMBERED reading to move, whether the car waits OFF LINE, the
    dials the next spin reads (`line`, `signal`), whether its side may accuse, and whom
    the asker asks.

    >>> prompt(1, 0, "move", 5, False, [], False, None, []).words
    'Waiting for Green to move exactly 5 spaces.'
    >>> prompt(0, 0, "start", None, False, [], True, None, ["spin", "accuse"]).words
    'Spin the Computer or accuse a suspect.'
    """
    who = COLOURS[to_move].title()
    if phase == "start":
        task = (
            "spin for ON LINE (waiting OFF LINE)"
            if waiting
            else "spin the Computer or accuse a suspect"
            if may_accuse
            else "spin the Computer"
        )
    elif phase == "move":
        task = f"move exactly {count(number, 'space')}"
    elif phase == "spin":
        says = [
            *(["the yellow dial says ON LINE or OFF LINE"] if "line" in read else []),
            *(["the red dial says who asks"] if "signal" in read else []),
        ]
        task = "spin again: " + " and ".join(says)
    elif phase == "ask":
        assert asked is not None
        task = f"ask {COLOURS[asked].title()} for one flap, 3 to 8"
    else:
        task = TASKS[phase]
    if seat != to_move:
        words = f"Waiting for {who} to ask you for one flap." if seat == asked else None
        return wait(seat, to_move, who, task, words)
    say = {
        "place": "put your car on any Badge space",
        "spin": "spin again" if phase == "spin" else "spin for ON LINE" if waiting else task,
        "accuse": "accuse a suspect",
        "move": task,
        "confer": "confer with one of the cars here",
        "call": "call an opponent's car to Headquarters",
        "no_call": "call nobody",
        "end": "end the turn",
        "ask": task,
    }
    if phase == "start" and not waiting:
        say["spin"] = "spin the Computer"  # the task may offer the accusation too
    words = {
        "start": "You wait OFF LINE: spin for ON LINE." if waiting else None,
        "spin": sentence(task),
        "meet": "Several cars here: choose whose car to confer with.",
        "badge": "On a Badge space: call an opponent's car to Headquarters, or call nobody.",
        "solve": "That was a clue: accuse a suspect now, or end your turn.",
    }.get(phase)
    return ask(to_move, task, open_kinds, say, words)
