"""Columbo events in words, for logs, the terminal and the web page.

A `Narrator` turns each event a seat may see into one line of English, using
only the event and the printed pack (never the game state): a private event
is worded for the seat it is for ("You drew ..."). Seats are numbered from 0
in events and from 1 for players. Demands and namings use the rulebook's own
phrases.

    >>> from sleuth.core import Event
    >>> n = Narrator()
    >>> n.say(Event("roll", {"seat": 1, "dice": [3, 4], "total": 7, "special": True}))
    'Detective 2 throws 3 + 4 = 7: seven, eleven or doubles!'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from sleuth.core import Event
from sleuth.core.prompt import Prompt, ask, count, either, sentence, wait
from sleuth.games.columbo.board import LIVING_ROOM, load_board
from sleuth.games.columbo.cards import load_pack

REASONS = {
    "solved": "solves the mystery",
    "columbo": "finds Columbo",
}


def room_words(room: int) -> str:
    return load_board().room_names.get(room, f"Room {room}")


def lawn_number(place: int) -> int:
    """A lawn place as people count it: the engine's places start at 0, the words at 1."""
    return place + 1


def place_words(node_id: str) -> str:
    """Where a piece stands: 'room-3' -> 'Room 3', a DOOR TO space, or a hallway square."""
    board = load_board()
    node = board.nodes[board.node_by_id[node_id]]
    if node.kind == "room":
        assert node.room is not None
        return room_words(node.room)
    if node.kind == "door":
        assert node.room is not None
        return f"the DOOR TO {room_words(node.room)} space"
    return hallway_words(node_id)


@cache
def hallway_words(node_id: str) -> str:
    """A hallway square as a player would point it out: from the nearest DOOR TO space.

    The printed hallways are unnumbered squares, so a square is named by the door it is
    fewest steps from and the way it lies from that door, as seen on the board ('the
    hallway, 2 squares north-east of the DOOR TO Room 3'); on a tie, the lowest-numbered
    room's door (the Living Room's last).
    """
    board = load_board()
    here = board.nodes[board.node_by_id[node_id]]
    distances = board.distances(here.index)
    doors = [
        (steps, _living_room_last(board.nodes[n].room), n)
        for n, steps in distances.items()
        if board.nodes[n].kind == "door"
    ]
    if not doors:
        return "the hallway"
    steps, _, nearest = min(doors)
    door = board.nodes[nearest]
    assert door.room is not None
    (x, y), (dx, dy) = here.cells[0], door.cells[0]
    way = ("north" if y < dy else "south" if y > dy else "") + (
        ("-" if y != dy and x != dx else "") + ("west" if x < dx else "east" if x > dx else "")
    )
    squares = "1 square" if steps == 1 else f"{steps} squares"
    return f"the hallway, {squares} {way} of the DOOR TO {room_words(door.room)}"


def _living_room_last(room: int | None) -> int:
    """A sort key for doors: rooms 1-6 in order, then the Living Room."""
    return 99 if room is None or room == LIVING_ROOM else room


def kind_noun(kind: str) -> str:
    """A kind as a noun: 'T.V. Star card', 'Motive card', '"No Clue" card'."""
    title = load_pack().titles.get(kind, kind)
    return f'"{title}" card' if kind in ("mystery", "no-clue") else f"{title} card"


def kind_words(kind: str) -> str:
    """A kind as players say it: 'a T.V. Star card', 'an Art Critic card', 'the "It's A
    Mystery To Me" card'."""
    noun = kind_noun(kind)
    if kind == "mystery":
        return f"the {noun}"
    return f"{'an' if noun.lstrip(chr(34))[:1] in 'AEIOU' else 'a'} {noun}"


def money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def naming_words(kind: str) -> str:
    """What a player says pointing at a lawn card (CO-EXAMPLE-02)."""
    if kind in ("motive", "mystery", "no-clue"):
        return f"This is {kind_words(kind)}."
    title = load_pack().titles.get(kind, kind)
    article = "" if kind == "columbo" else "the "
    return f"This is a part of {article}{title}."


def demand_words(kind: str, shown: bool) -> str:
    """What a player says demanding a card (CO-EXAMPLE-01)."""
    if shown:
        return (
            f"By the way, here is {kind_words(kind)} and I accuse you of withholding another one."
        )
    return f"I accuse you of withholding {kind_words(kind)}."


def removed_words(cards: list[Mapping[str, Any]]) -> str:
    """Special Rule 1's removals: 'Art Critic, Pistol, Greed and 3 No Clue cards'."""
    titles = load_pack().titles
    sets = [str(c["kind"]) for c in cards if c["group"] in ("figure", "weapon")]
    singles = Counter(str(c["name"]) for c in cards if c["group"] not in ("figure", "weapon"))
    parts = [titles[k] for k in dict.fromkeys(sets)]
    parts += [name if n == 1 else f"{n} {name} cards" for name, n in singles.items()]
    return ", ".join(parts[:-1]) + f" and {parts[-1]}" if len(parts) > 1 else "".join(parts)


# --- what a seat is asked to do -----------------------------------------------------------------
VERBS = {  # each kind of action, for a refusal: "You cannot throw the dice now."
    "roll": "throw the dice",
    "move": "move",
    "jump": "go straight to a room",
    "draw": "take a card",
    "demand": "challenge a detective",
    "name": "search the lawn",
    "end_turn": "end your turn",
    "discard": "discard a card",
    "lay": "lay a card in place",
    "give": "give a card",
    "pass": "ask for nothing",
    "exchange": "give a card back",
}
TASKS = {  # each phase's task, in public words (some depend on the turn, below)
    "discard": "discard a card onto the lawn",
    "search": "name another lawn card, or stop",
    "lay": "choose the card to lay in its place",
    "counter": "demand a card in return, or ask for nothing",
    "exchange": "give a card back in exchange",
}
LEADS = {  # what the seat to move is told before its choices, where the phase needs saying
    "discard": "You held seven",
    "search": "Right",
    "lay": "Wrong",
    "counter": "You had none to give",
    "exchange": "You received a card holding seven",
}


def prompt(
    seat: int | None,
    to_move: int,
    phase: str,
    total: int | None,
    special: bool,
    endgame: bool,
    room: int | None,
    pile: int,
    asker: int | None,
    asked_for: str | None,
    no_clue: bool,
    open_kinds: Sequence[str],
) -> Prompt:
    """What `seat` is asked to do now, from public facts and (for the seat to move) its own
    legal kinds and whether it holds a No Clue card: the phase, the throw, the end phase,
    the room the player whose turn it is stands in (None: a hallway) and the cards left
    in its pile, and the challenge.

    >>> prompt(1, 0, "move", 5, False, False, None, 0, None, None, False, []).words
    'Waiting for Detective 1 to move 5 spaces.'
    >>> prompt(2, 2, "give", None, False, False, 2, 4, 0, "rope", True, ["give"]).words
    'Detective 1 asks you for a Rope card: give a Rope card or a "No Clue" card.'
    """
    who = Narrator().who
    if phase == "roll":
        task = "throw the dice" + (
            " (odd: search the lawn; 7, 11 or doubles: demand)" if endgame else ""
        )
    elif endgame and phase in ("move", "arrived") and (room == LIVING_ROOM or phase == "arrived"):
        task = "search the lawn, demand, or end the turn"
    elif phase == "move":
        task = f"move {count(total, 'space')}" + (", or go straight to any room" if special else "")
    elif phase == "arrived":
        task = (
            "search the lawn, challenge, or end the turn"
            if room == LIVING_ROOM
            else "take the top card, or challenge"
            if room is not None and pile
            else "challenge, or end the turn"
        )
    elif phase == "give":
        assert asked_for is not None
        task = f"give {kind_words(asked_for)}"
    else:
        task = TASKS[phase]
    if seat != to_move:
        return wait(seat, to_move, who(to_move), task)
    say = {
        "roll": "throw the dice",
        "move": f"move {count(total, 'space')}",
        "jump": "go straight to a room",
        "draw": "stay and take another card here" if phase == "move" else "take the top card",
        "demand": "demand a card in return" if phase == "counter" else "challenge a detective",
        "name": "name another lawn card" if phase == "search" else "search the lawn",
        "end_turn": "stop searching" if phase == "search" else "end your turn",
        "discard": "discard one onto the lawn",
        "lay": "lay one of your cards in its place",
        "give": task + (f" or {kind_words('no-clue')}" if no_clue else ""),
        "pass": "ask for nothing",
        "exchange": "give a card back",
    }
    words = None
    if phase == "give":
        words = sentence(f"{who(asker)} asks you for {kind_words(str(asked_for))}: {say['give']}")
    elif phase in LEADS:
        offered = [said for kind, said in say.items() if kind in open_kinds]
        words = sentence(f"{LEADS[phase]}: {either(offered)}")
    return ask(to_move, task, open_kinds, say, words)


class Narrator:
    """Turns events into sentences."""

    def who(self, seat: int | None) -> str:
        return "Nobody" if seat is None else f"Detective {int(seat) + 1}"

    def card(self, data: Mapping[str, Any] | None) -> str:
        return "a card" if data is None else str(data["name"])

    def say(self, event: Event) -> str:
        """One line for one event. Private events are worded for the seat they are for."""
        method = getattr(self, f"_{event.kind}", None)
        if method is None:
            return f"{event.kind}: {dict(event.data)}"
        line: str = method(event.data)
        return line

    # --- set-up and turns ---------------------------------------------------------------------
    def _setup(self, d: Mapping[str, Any]) -> str:
        rooms = ", ".join(str(r) for r in d["rooms"])
        line = (
            f"{d['players']} detectives take the case with {d['pack']} Evidence Cards;"
            f" the rest go to rooms {rooms}."
        )
        if d["removed"]:
            line += f" Out of the pack: {removed_words(d['removed'])}."
        if d["advanced"]:
            line += " The more difficult game: rewards decide."
        return line

    def _hand(self, d: Mapping[str, Any]) -> str:
        if d["cards"] is None:  # told later: the hand itself shows what is still held
            return "You are dealt your Evidence Cards."
        return "Your cards: " + ", ".join(self.card(c) for c in d["cards"]) + "."

    def _first_player(self, d: Mapping[str, Any]) -> str:
        rounds = [
            ", ".join(f"{self.who(int(s))} {t}" for s, t in rolls.items()) for rolls in d["rolls"]
        ]
        return f"Throws for the first move: {'; then '.join(rounds)}. {self.who(d['seat'])} starts."

    def _turn(self, d: Mapping[str, Any]) -> str:
        return f"Turn {d['number']}: {self.who(d['seat'])}."

    def _roll(self, d: Mapping[str, Any]) -> str:
        a, b = d["dice"]
        line = f"{self.who(d['seat'])} throws {a} + {b} = {d['total']}"
        return line + (": seven, eleven or doubles!" if d["special"] else ".")

    def _turn_lost(self, d: Mapping[str, Any]) -> str:
        return f"{self.who(d['seat'])} threw an even {d['total']} and loses the turn."

    def _move(self, d: Mapping[str, Any]) -> str:
        verb = "goes straight to" if d["jump"] else "moves to"
        return f"{self.who(d['seat'])} {verb} {place_words(d['to'])}."

    # --- rooms and the lawn ------------------------------------------------------------------
    def _draw(self, d: Mapping[str, Any]) -> str:
        return (
            f"{self.who(d['seat'])} takes the top card in {room_words(d['room'])}"
            f" ({d['left']} left)."
        )

    def _drew(self, d: Mapping[str, Any]) -> str:
        return f"You drew {self.card(d['card'])} in {room_words(d['room'])}."

    def _kept(self, d: Mapping[str, Any]) -> str:
        return f"{self.who(d['seat'])} keeps it, holding {count(d['cards'], 'card')}: no discard."

    def _empty_room(self, d: Mapping[str, Any]) -> str:
        return f"{room_words(d['room'])} has no cards left."

    def _discard(self, d: Mapping[str, Any]) -> str:
        if d["card"] is None:
            place = lawn_number(d["place"])
            return f"{self.who(d['seat'])} lays a card face down on the lawn at place {place}."
        return (
            f"{self.who(d['seat'])} discards {self.card(d['card'])}, shows it to all and lays it"
            f" face down on the lawn at place {lawn_number(d['place'])}."
        )

    def _your_discard(self, d: Mapping[str, Any]) -> str:
        return f"You laid {self.card(d['card'])} face down at place {lawn_number(d['place'])}."

    def _laid_down(self, d: Mapping[str, Any]) -> str:
        title = load_pack().titles.get(str(d["kind"]), str(d["kind"]))
        return f"{self.who(d['seat'])} lays down a complete {title}, face up."

    def _name(self, d: Mapping[str, Any]) -> str:
        who = self.who(d["seat"])
        if d["kind"] is None:  # told later: what was said aloud is not kept (CO-LAWN-02)
            return f"{who} points at place {lawn_number(d['place'])} and names it."
        shows = f" shows {self.card(d['shown'])}," if d["shown"] else ""
        place = lawn_number(d["place"])
        return f'{who}{shows} points at place {place}: "{naming_words(d["kind"])}"'

    def _turned(self, d: Mapping[str, Any]) -> str:
        verdict = "right" if d["right"] else "wrong"
        return f"Turned over, place {lawn_number(d['place'])} is {self.card(d['card'])}: {verdict}!"

    def _swapped(self, d: Mapping[str, Any]) -> str:
        who = self.who(d["seat"])
        if not d.get("laid"):
            return f"{who} picks it up, with no card to lay in its place."
        if d["card"] is None:
            return f"{who} picks it up and lays a card face down in its place."
        return f"{who} picks it up and lays {self.card(d['card'])} in its place."

    def _rooms_empty(self, d: Mapping[str, Any]) -> str:
        return (
            "No cards remain in the rooms: everyone returns to the Living Room."
            " Odd throws search the lawn, 7, 11 or doubles demand, even throws lose the turn."
        )

    # --- challenges --------------------------------------------------------------------------
    def _demand(self, d: Mapping[str, Any]) -> str:
        lead = "In return, " if d["counter"] else ""
        words = demand_words(str(d["kind"]), d["shown"] is not None)
        return f'{lead}{self.who(d["by"])} to {self.who(d["target"])}: "{words}"'

    def _has_none(self, d: Mapping[str, Any]) -> str:
        return f"{self.who(d['seat'])} has no {kind_noun(str(d['kind']))}."

    def _no_clue(self, d: Mapping[str, Any]) -> str:
        return (
            f'{self.who(d["from"])} hands {self.who(d["to"])} a "No Clue" card instead;'
            " it goes out of the game."
        )

    def _gave(self, d: Mapping[str, Any]) -> str:
        return f"{self.who(d['from'])} gives {self.who(d['to'])} {kind_words(str(d['kind']))}."

    def _given(self, d: Mapping[str, Any]) -> str:
        return f"{self.card(d['card'])} passes from {self.who(d['from'])} to {self.who(d['to'])}."

    def _exchange(self, d: Mapping[str, Any]) -> str:
        return f"{self.who(d['from'])} gives {self.who(d['to'])} a card in return."

    def _exchanged(self, d: Mapping[str, Any]) -> str:
        return (
            f"In return, {self.card(d['card'])} passes from {self.who(d['from'])}"
            f" to {self.who(d['to'])}."
        )

    def _pass(self, d: Mapping[str, Any]) -> str:
        return f"{self.who(d['seat'])} asks for nothing in return."

    # --- the end -----------------------------------------------------------------------------
    def _game_over(self, d: Mapping[str, Any]) -> str:
        if d["reason"] == "cold":
            line = "The case goes cold: the turns are up."
        else:
            names = [self.card(c) for c in d["cards"]]
            if d["reason"] == "columbo":  # "finds Columbo: Raincoat", not "Columbo: Columbo: ..."
                names = [name.removeprefix("Columbo: ") for name in names]
            how = REASONS.get(d["reason"], d["reason"])
            line = f"{self.who(d['by'])} {how}: {', '.join(names)}."
        rewards = d.get("rewards")
        if rewards:
            line += " Rewards: " + ", ".join(
                f"{self.who(s)} {money(r['total'])}" for s, r in enumerate(rewards)
            )
            line += "."
        winners = d["winners"]
        if d["reason"] == "cold" and not winners:
            return line + " Nobody wins."
        return line + f" {' and '.join(self.who(s) for s in winners)} wins."
