"""Stop Thief events in words, for the terminal's log and (later) the web page's.

Pure and game-specific but interface-free: a `Narrator` remembers only what
public events told it (the detectives' names, each thief's poster) and turns
each event into one line of English. Seats are numbered from 0 in events and
from 1 for players ("Detective 1").

    >>> from sleuth.core import Event
    >>> n = Narrator(["Carrie Badger", "Kent Ketchum"])
    >>> n.say(Event("roll", {"seat": 1, "dice": [3, 4], "total": 7}))
    'Detective 2 (Kent Ketchum) rolled 3 + 4 = 7.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sleuth.core import Event
from sleuth.core.prompt import Prompt, ask, either, wait

SOUNDS = {
    "crime-alarm": "crime alarm",
    "squeaky-floor": "squeaky floor",
    "creaking-door": "creaking door",
    "breaking-glass": "breaking glass",
    "running-feet": "running feet",
    "subway-then-street": "subway, then running feet",
    "bleep": "bleep",
}
BUILDING_NAMES = {1: "Furs", 2: "Jewelry", 3: "Antiques", 4: "Bank"}
STATION_NAMES = {
    "subway-nw": "the north-west subway",
    "subway-ne": "the north-east subway",
    "subway-sw": "the south-west subway",
    "subway-se": "the south-east subway",
    "subway-centre": "the centre subway",
}
TASKS = {  # each phase's task, in public words (the move's depends on the roll, below)
    "fine": "pay the fine to get the License back",
    "clue": "press CLUE",
    "roll": "roll the dice",
}
VERBS = {  # each kind of action, for a refusal: "You cannot roll the dice now."
    "pay_fine": "pay a fine",
    "clue": "press CLUE",
    "roll": "roll the dice",
    "move": "move",
    "ride": "ride the subway",
    "arrest": "try an arrest",
    "end_turn": "end your turn",
    "play_card": "play a Sleuth Card",
}
AFTER = {"arrest": "try an arrest", "ride": "ride the subway", "end_turn": "end the turn"}
BEFORE_MOVING = ("clue", "roll", "move")


def space_label(code: int) -> str:
    """A numbered space as printed and keyed: 148 -> '1-48'."""
    return f"{code // 100}-{code % 100:02d}"


def node_label(node_id: str) -> str:
    """Where a piece stands, in words: '148' -> '1-48', 'acme' -> 'the ACME Detective
    Agency', a plain square -> 'the street beside 5-93' (by the nearest numbered space)."""
    if node_id.isdigit():
        return space_label(int(node_id))
    if node_id == "acme":
        return "the ACME Detective Agency"
    if node_id in STATION_NAMES:
        return STATION_NAMES[node_id]
    from sleuth.games.stop_thief.board import load_board  # only for plain squares

    board = load_board()
    index = board.node_by_id.get(node_id)
    if index is None:
        return node_id
    return f"the {board.nodes[index].kind} beside {space_label(board.nearest_space(index))}"


def sound_words(sound: str) -> str:
    return SOUNDS.get(sound, sound.replace("-", " "))


def display_text(display: str) -> str:
    """The scanner's three characters, trimmed for prose: ' dr' -> 'dr'."""
    return display.strip() or "---"


def area_words(area: int) -> str:
    if area in BUILDING_NAMES:
        return f"Building {area} ({BUILDING_NAMES[area]})"
    return f"Street {area}"


def clue_words(clue: Mapping[str, Any]) -> str:
    """What one clue sounded like and showed: 'creaking door in Building 1 (Furs) — 1dr'."""
    display = display_text(str(clue.get("display", "---")))
    if clue.get("bleep"):
        return f"bleep, the thief stayed put — {display} flashes"
    sound = sound_words(str(clue.get("sound", "")))
    if clue.get("kind") == "crime" and clue.get("area") is not None:
        area = int(clue["area"])
        where = (
            f"in {area_words(area)}"
            if area in BUILDING_NAMES
            else f"at the Newsstand (Street {area})"
        )
        return f"{sound} {where} — {display}"
    if clue.get("area") is not None:  # the scanner shows his building or street digit
        return f"{sound} in {area_words(int(clue['area']))} — {display}"
    return f"{sound} — {display}"


def money(amount: int) -> str:
    return f"${amount:,}"


def prompt(
    seat: int | None,
    to_move: int,
    phase: str,
    reach: int | None,
    licensed: bool,
    licenses: Sequence[str],
    public_kinds: Sequence[str],
    open_kinds: Sequence[str],
) -> Prompt:
    """What `seat` is asked to do now, from public facts and (for the seat to move) its own
    legal kinds: the phase, how far the move may go (`reach`; None: anywhere, by the
    card), whether the mover holds his License, everyone's License names, and the kinds
    open to the mover that everyone can tell (all but playing a card, which hangs on
    the hand).

    >>> prompt(0, 0, "roll", None, True, ["Carrie Badger"], ["roll"], ["roll", "play_card"]).words
    'Roll the dice or play a Sleuth Card first.'
    >>> prompt(1, 0, "after", 7, True, ["Carrie Badger", "Kent"], ["end_turn"], []).words
    'Waiting for Detective 1 (Carrie Badger) to end the turn.'
    """
    if phase == "move":
        task = "move anywhere (Sleuth Card)" if reach is None else f"move up to {reach} squares"
    elif phase == "clue" and not licensed:  # clue_on_fine_turn: the CLUE press, then the fine
        task = "press CLUE, then pay the fine"
    elif phase == "after":
        task = either([words for kind, words in AFTER.items() if kind in public_kinds])
    else:
        task = TASKS[phase]
    if seat != to_move:
        return wait(seat, to_move, Narrator(licenses).who(to_move), task)
    say = {
        "pay_fine": "pay the fine to get your License back",
        "clue": "press CLUE",
        "roll": "roll the dice",
        "move": task,
        "arrest": "try an arrest",
        "ride": "ride the subway",
        "end_turn": "end your turn",
        "play_card": "play a Sleuth Card" + (" first" if phase in BEFORE_MOVING else ""),
    }
    words = None
    if phase == "fine":
        words = "Pay the fine to get your License back: that is your turn."
    elif not licensed:
        words = "Press CLUE, then pay the fine to get your License back."
    return ask(to_move, task, open_kinds, say, words)


class Narrator:
    """Turns events into sentences; learns names and posters from the public events it reads."""

    def __init__(self, licenses: Sequence[str] = ()) -> None:
        self.licenses: list[str] = list(licenses)
        self.posters: list[str] = []  # thief number n is posters[n - 1]
        self.caught_by: dict[int, int] = {}  # thief number -> seat

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "Nobody"
        if 0 <= seat < len(self.licenses):
            return f"Detective {seat + 1} ({self.licenses[seat]})"
        return f"Detective {seat + 1}"

    def short(self, seat: int) -> str:
        return f"Detective {seat + 1}"

    def say(self, event: Event) -> str:
        """One line for one event. Private events are worded for the seat they are for."""
        method = getattr(self, f"_{event.kind}", None)
        if method is None:
            return f"{event.kind}: {dict(event.data)}"
        line: str = method(event.data)
        return line

    # --- set-up -----------------------------------------------------------------------------
    def _setup(self, d: Mapping[str, Any]) -> str:
        self.licenses = [str(name) for name in d["licenses"]]
        names = ", ".join(self.who(seat) for seat in range(len(self.licenses)))
        return (
            f"{len(self.licenses)} detectives take the case: {names}. Each has {money(d['money'])}."
        )

    def _hand(self, d: Mapping[str, Any]) -> str:
        return "Your Sleuth Cards: " + ", ".join(str(c["name"]) for c in d["cards"]) + "."

    def _first_player(self, d: Mapping[str, Any]) -> str:
        rounds = []
        for rolls in d["rolls"]:
            rounds.append(", ".join(f"{self.short(int(s))} {t}" for s, t in rolls.items()))
        return (
            f"Rolls for the first turn: {'; then '.join(rounds)}. {self.who(d['seat'])} goes first."
        )

    def _new_thief(self, d: Mapping[str, Any]) -> str:
        poster = d["poster"]
        self.posters.append(str(poster["name"]))
        by = "" if d.get("by") is None else f"{self.who(d['by'])} presses ON. "
        return (
            f"{by}Thief {d['number']}: {poster['name']}, WANTED for {money(poster['reward'])}. "
            f"The scanner: {clue_words(d)}."
        )

    # --- the turn ---------------------------------------------------------------------------
    def _turn(self, d: Mapping[str, Any]) -> str:
        extra = " (no License: pay the fine)" if d.get("phase") == "fine" else ""
        return f"── {self.who(d['seat'])}'s turn{extra} ──"

    def _clue(self, d: Mapping[str, Any]) -> str:
        if d.get("type") == "escape":
            return f"The thief escapes: {clue_words(d)}."
        if d.get("type") == "new_thief":
            return f"A new thief strikes: {clue_words(d)}."
        return f"{self.who(d.get('by'))} pressed CLUE: {clue_words(d)}."

    def _roll(self, d: Mapping[str, Any]) -> str:
        a, b = d["dice"]
        return f"{self.who(d['seat'])} rolled {a} + {b} = {d['total']}."

    def _move(self, d: Mapping[str, Any]) -> str:
        if d["from"] == d["to"]:
            return f"{self.who(d['seat'])} stayed at {node_label(d['to'])}."
        return f"{self.who(d['seat'])} moved from {node_label(d['from'])} to {node_label(d['to'])}."

    def _ride(self, d: Mapping[str, Any]) -> str:
        ride = f"{self.who(d['seat'])} rode the subway from {node_label(d['from'])} "
        if d.get("stepped_to"):
            return (
                f"{ride}to {node_label(d['to'])}, where another detective stood, and stepped "
                f"out onto {node_label(d['stepped_to'])}."
            )
        return f"{ride}to {node_label(d['to'])}."

    def _turn_lost(self, d: Mapping[str, Any]) -> str:
        return f"{self.who(d['seat'])} loses this turn."

    # --- Sleuth Cards -------------------------------------------------------------------------
    def _card_played(self, d: Mapping[str, Any]) -> str:
        card = d["card"]
        target = d.get("target")
        on = "" if target is None else f" on {self.who(target)}"
        return f"{self.who(d['seat'])} played “{card['name']}”{on}."

    def _card_drawn(self, d: Mapping[str, Any]) -> str:
        return f"You drew “{d['card']['name']}”."

    def _will_lose_turn(self, d: Mapping[str, Any]) -> str:
        return f"{self.who(d['seat'])} will lose the next turn."

    def _tip_called(self, d: Mapping[str, Any]) -> str:
        paid = f", paying {money(d['paid'])}" if d.get("paid") else " for free"
        return f"{self.who(d['seat'])} called the Tipster{paid}."

    def _tip(self, d: Mapping[str, Any]) -> str:
        return f"The Tipster whispers: the thief is at {space_label(int(d['space']))}."

    def _paid(self, d: Mapping[str, Any]) -> str:
        return f"{self.who(d['from'])} paid {self.who(d['to'])} {money(d['amount'])}."

    def _back_to_acme(self, d: Mapping[str, Any]) -> str:
        return f"{self.who(d['seat'])} goes back to the ACME Detective Agency."

    # --- arrests, money, the end ------------------------------------------------------------
    def _arrest(self, d: Mapping[str, Any]) -> str:
        outcome = {
            "successful": "the cops take him away. Successful arrest!",
            "false": "false arrest! The thief blows a raspberry.",
            "unsuccessful": "NA-na-na-na-NA-na! He escapes the cops.",
        }.get(str(d["outcome"]), str(d["outcome"]))
        return f"{self.who(d['seat'])} tried an arrest at {space_label(int(d['space']))}: {outcome}"

    def _license_lost(self, d: Mapping[str, Any]) -> str:
        return f"{self.who(d['seat'])} loses the Detective License until the fine is paid."

    def _license_back(self, d: Mapping[str, Any]) -> str:
        return f"{self.who(d['seat'])} paid a {money(d['paid'])} fine and has the License back."

    def _reward(self, d: Mapping[str, Any]) -> str:
        number = len(self.posters)
        self.caught_by[number] = int(d["seat"])
        name = self.posters[-1] if self.posters else "the thief"
        return f"{self.who(d['seat'])} collects the {money(d['amount'])} reward for {name}."

    def _game_over(self, d: Mapping[str, Any]) -> str:
        winners = " and ".join(self.who(s) for s in d["winners"]) or "Nobody"
        if d.get("reason") == "win":
            return f"Game over: {winners} wins!"
        verb = "win" if len(d["winners"]) > 1 else "wins"
        return f"Game over ({d.get('reason')}): {winners} {verb}."

    # --- the reveal -------------------------------------------------------------------------
    def routes(self, routes: Sequence[Sequence[int]]) -> list[str]:
        """Each thief's true route, revealed at the end, latest thief first."""
        lines = []
        for number in range(len(routes), 0, -1):
            route = routes[number - 1]
            name = self.posters[number - 1] if number <= len(self.posters) else "?"
            fate = (
                f"caught by {self.who(self.caught_by[number])}"
                if number in self.caught_by
                else "still at large"
            )
            path = " → ".join(space_label(code) for code in route)
            lines.append(f"Thief {number}, {name} ({fate}): {path}")
        return lines


__all__ = [
    "Narrator",
    "area_words",
    "clue_words",
    "display_text",
    "money",
    "node_label",
    "prompt",
    "sound_words",
    "space_label",
]
