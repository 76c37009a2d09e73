"""The terminal's short commands (`c`, `r`, `m 1-48`, `card 2 3`, ...) read into actions.

Stop Thief's words and how it reads what follows them; the command line's skeleton (an
empty line, unknown words, help, legal, quit, undo) is `sleuth.tui.grammar`. Pure
functions of the typed text and what the player may see: the board (public and fixed),
the seat's hand and the number of seats, all in `view(seat)`. Bad input raises
`CommandError` with a message for the status line; the game is never touched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sleuth.core import Action
from sleuth.core.prompt import count
from sleuth.games.stop_thief.board import Board, load_board
from sleuth.games.stop_thief.content import TARGETED
from sleuth.games.stop_thief.words import space_label
from sleuth.tui.grammar import CommandError, Grammar, Said, View

HELP = """\
Commands (one per line, then Enter):
  c            press CLUE                 r            roll the dice
  m 1-48       move to a space (also: m 148, m acme, m subway-ne); a plain square
               by the steps from a space's top-left square: m 4-68nw (1 north, 1 west)
  ride ne      ride the subway to a station (nw, ne, sw, se, centre or ce)
  card 2       play the card in hand slot 2      card 2 3   ...on Detective 3
  a 1-48       try an arrest at a numbered space next to (or under) you;
               wrong: a false arrest, and your next turn pays the $100 fine
  e            end your turn                pay          pay the fine
  legal        list what you may do now     help         this text
  zoom         switch between the wide and the narrow board
  undo         take back your move or ride, while your turn goes on
  quit         leave, after asking (also Ctrl+Q); the game is saved
Click a square on the board to put it on the command line."""


STATION_ALIASES = {
    "nw": "subway-nw",
    "ne": "subway-ne",
    "sw": "subway-sw",
    "se": "subway-se",
    "c": "subway-centre",
    "ce": "subway-centre",  # its letters on the board
    "centre": "subway-centre",
    "center": "subway-centre",
    "subway-center": "subway-centre",
}

WORDS: dict[str, str] = {
    "c": "clue", "clue": "clue",
    "r": "roll", "roll": "roll",
    "m": "move", "move": "move", "go": "move",
    "ride": "ride", "sub": "ride", "subway": "ride",
    "card": "card", "play": "card", "p": "card",
    "a": "arrest", "arrest": "arrest",
    "e": "end_turn", "end": "end_turn", "end_turn": "end_turn", "done": "end_turn",
    "pay": "pay_fine", "fine": "pay_fine", "pay_fine": "pay_fine",
    "zoom": "zoom", "z": "zoom",
}  # fmt: skip
NEEDS = {
    "move": "say where to move to, e.g. '1-48'",
    "ride": "say where to ride, e.g. '1-48'",
    "arrest": "say where to send the cops, e.g. '1-48'",
    "card": "say which card: 'card 2' (its hand slot), then a target if asked",
}


def _one(said: Said) -> str:
    if len(said.args) != 1:
        raise CommandError(said.needs)
    return said.args[0]


def _move(said: Said, view: View) -> Action:
    text = _one(said)
    board = load_board()
    key = STATION_ALIASES.get(text.lower(), text)
    index = board.parse_node(key)
    if index is None:
        raise CommandError(f"there is no square {text!r} (try 1-48, 148, 4-68nw, acme, subway-ne)")
    return Action.of("move", to=board.node_id(index))


def _ride(said: Said, view: View) -> Action:
    text = _one(said)
    key = STATION_ALIASES.get(text.lower(), text.lower())
    if key not in {st.id for st in load_board().stations}:
        raise CommandError(f"there is no subway station {text!r} (nw, ne, sw, se, centre)")
    return Action.of("ride", to=key)


def _arrest(said: Said, view: View) -> Action:
    text = _one(said)
    board = load_board()
    index = board.parse_node(text)
    code = None if index is None else board.nodes[index].code
    if code is None:
        raise CommandError(f"{text!r} is not a numbered space; arrests name one, like 1-48")
    return Action.of("arrest", space=code)


def _card(said: Said, view: View) -> Action:
    args = said.args
    hand: Sequence[Mapping[str, Any]] = view.get("hand") or []
    players = int(view.get("players", 4))
    if len(args) > 2:
        raise CommandError(said.needs)
    pick = args[0].lower()
    card: Mapping[str, Any] | None = None
    if pick.startswith("#") and pick[1:].isdecimal():  # by id: what a script may type
        card = next((c for c in hand if int(c["id"]) == int(pick[1:])), None)
        if card is None:
            raise CommandError(f"card {pick} is not in your hand")
    elif pick.isdecimal():
        slot = int(pick)
        if not 1 <= slot <= len(hand):
            raise CommandError(f"your hand has slots 1 to {len(hand)}, not {slot}")
        card = hand[slot - 1]
    else:
        raise CommandError(f"{args[0]!r} is not a hand slot (1, 2, 3)")
    needs_target = str(card.get("effect")) in TARGETED
    if len(args) == 1:
        if needs_target:
            raise CommandError(f"“{card['name']}” needs a detective: 'card {args[0]} 2'")
        return Action.of("play_card", card=int(card["id"]))
    if not needs_target:
        raise CommandError(f"“{card['name']}” takes no target")
    target = args[1].lower().removeprefix("d")
    if not target.isdecimal() or not 1 <= int(target) <= players:
        raise CommandError(f"name a detective from 1 to {players}, not {args[1]!r}")
    return Action.of("play_card", card=int(card["id"]), target=int(target) - 1)


SIMPLE = {"clue": "c (press CLUE)", "roll": "r (roll)", "end_turn": "e (end the turn)",
          "pay_fine": "pay (the fine)"}  # fmt: skip


def legal_summary(legal: Sequence[Mapping[str, Any]], hand: Sequence[Mapping[str, Any]]) -> str:
    """What the seat to move may do, compactly, in the words the commands use."""
    names = {int(c["id"]): (slot + 1, str(c["name"])) for slot, c in enumerate(hand)}
    board = load_board()
    simple: list[str] = []
    moves: list[str] = []
    squares: list[str] = []
    rides: list[str] = []
    arrests: list[str] = []
    cards: dict[int, list[str]] = {}
    for action in legal:
        kind = action["kind"]
        if kind in ("clue", "roll", "end_turn", "pay_fine"):
            simple.append(SIMPLE[kind])
        elif kind == "move":
            node = str(action["to"])
            if node.isdigit():
                moves.append(space_label(int(node)))
            else:
                squares.append(board.square_name(board.node_by_id[node]))
        elif kind == "ride":
            rides.append(str(action["to"]).removeprefix("subway-"))
        elif kind == "arrest":
            arrests.append(space_label(int(action["space"])))
        elif kind == "play_card":
            targets = cards.setdefault(int(action["card"]), [])
            if action.get("target") is not None:
                targets.append(str(int(action["target"]) + 1))
    parts = list(dict.fromkeys(simple))
    if moves or squares:
        # every one, sorted, however many: the page wraps them (a list cut with "..." left
        # the player guessing); plain squares by their names ('4-68nw'), after the spaces
        listed = []
        if moves:
            listed.append(f"{count(len(moves), 'numbered space')} ({', '.join(sorted(moves))})")
        if squares:
            listed.append(f"{count(len(squares), 'other square')} ({', '.join(sorted(squares))})")
        parts.append("m: " + " and ".join(listed))
    if rides:
        parts.append("ride: " + ", ".join(rides))
    if arrests:
        parts.append("a: " + ", ".join(arrests))
    for card_id, targets in cards.items():
        slot, name = names.get(card_id, (0, f"#{card_id}"))
        on = f" on detective {'/'.join(targets)}" if targets else ""
        parts.append(f"card {slot} ({name}){on}")
    return " | ".join(parts) if parts else "nothing: it is not your turn"


def typed_for(action: Action, view: View) -> str | None:
    """The command line `GRAMMAR` reads as `action` when its verb takes words after it
    (`Grammar.typed_for` types the rest)."""
    board = load_board()
    hand: Sequence[Mapping[str, Any]] = view.get("hand") or []
    if action.kind == "move":
        index = board.parse_node(str(action.get("to")))
        return None if index is None else f"m {describe_node(board, index)}"
    if action.kind == "ride":
        return f"ride {str(action.get('to')).removeprefix('subway-')}"
    if action.kind == "arrest":
        return f"a {space_label(int(action.get('space')))}"
    if action.kind == "play_card":
        slot = next((n for n, c in enumerate(hand, 1) if c["id"] == action.get("card")), None)
        if slot is None:
            return None
        target = action.get("target")
        return f"card {slot}" + ("" if target is None else f" {int(target) + 1}")
    return None


def describe_node(board: Board, index: int) -> str:
    """A square as a player would name it on the command line."""
    return board.square_name(index)


GRAMMAR = Grammar(
    words=WORDS,
    simple={verb: Action.of(verb) for verb in ("clue", "roll", "end_turn", "pay_fine")},
    verbs={"move": _move, "ride": _ride, "arrest": _arrest, "card": _card},
    needs=NEEDS,
    metas=frozenset({"zoom"}),
    typed=typed_for,
)
parse_command = GRAMMAR.parse
