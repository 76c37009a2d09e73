"""What a seat is asked to do now, in a player's words: written once per game, shown everywhere.

A game's `prompt(seat)` answers it as a small JSON-ready value. The seat to move
gets one sentence (`words`: "Roll the dice or play a Sleuth Card first.") and its
`choices`, the kinds of action open to it now, each in a few words; every other
seat, and a spectator, gets a waiting line ("Waiting for Detective 2 to roll the
dice.") and no choices. `task` is what the seat to move is asked to do in public
words, the same for every seat ("roll the dice"), for banners and status lines
that name the seat themselves. A prompt is built only from what its seat may
know, so it can go into that seat's view as it is.

The browser, the terminal and the logs all show these words; no interface keeps
its own table of phase words.

    >>> p = ask(1, "roll the dice", ["play_card", "roll"],
    ...         {"roll": "roll the dice", "play_card": "play a Sleuth Card first"})
    >>> p.words
    'Roll the dice or play a Sleuth Card first.'
    >>> wait(0, 1, "Detective 2", p.task).words
    'Waiting for Detective 2 to roll the dice.'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from sleuth.core.actions import Action, JSONValue


@dataclass(frozen=True)
class Choice:
    """One kind of action open now (as in `legal_actions()`), in a few words."""

    kind: str
    words: str

    def to_json(self) -> dict[str, JSONValue]:
        return {"kind": self.kind, "words": self.words}


@dataclass(frozen=True)
class Prompt:
    """What `seat` is asked to do now (None: a spectator)."""

    seat: int | None
    to_move: int  # the seat whose decision is pending
    task: str  # what `to_move` is asked to do, public: "roll the dice"
    words: str  # one sentence for `seat`
    choices: tuple[Choice, ...] = ()  # only for the seat to move

    @property
    def waiting(self) -> bool:
        """True for every seat but the one to move."""
        return self.seat != self.to_move

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "seat": self.seat,
            "to_move": self.to_move,
            "waiting": self.waiting,
            "task": self.task,
            "words": self.words,
            "choices": [c.to_json() for c in self.choices],
        }


def either(phrases: Sequence[str]) -> str:
    """Alternatives in words: 'a', 'a or b', 'a, b or c'."""
    if len(phrases) <= 1:
        return "".join(phrases)
    return f"{', '.join(phrases[:-1])} or {phrases[-1]}"


def sentence(text: str) -> str:
    """A phrase as a sentence: its first letter up, a full stop at the end."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def count(n: int | None, noun: str) -> str:
    """A number of things in words: '1 space', '5 spaces'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def not_now(kind: str, verbs: Mapping[str, str], prompt: Prompt | None) -> str:
    """A refusal of an action of `kind` that is not allowed now, in words (`verbs[kind]`: what
    it does, "roll the dice"), followed by what the seat is asked to do, so the reason
    is as true as the prompt: never an action's internal name (a kind no game has is
    named as given, for programs that sent it). A kind that is open, tried in a way that
    is not, is said to be so.

    >>> p = ask(0, "move anywhere", ["move"], {"move": "move anywhere (Sleuth Card)"})
    >>> not_now("roll", {"roll": "roll the dice"}, p)
    'You cannot roll the dice now. Move anywhere (Sleuth Card).'
    >>> not_now("move", {"move": "move"}, p)
    'You cannot move like that now. Move anywhere (Sleuth Card).'
    """
    doing = verbs.get(kind) or f"do {kind!r}"
    if prompt is None:
        return f"You cannot {doing}: the game is over."
    if any(choice.kind == kind for choice in prompt.choices):
        return f"You cannot {doing} like that now. {prompt.words}"
    return f"You cannot {doing} now. {prompt.words}"


def kinds(actions: Iterable[Action]) -> list[str]:
    """The kinds of `actions`, each once, in the order they first come."""
    return list(dict.fromkeys(a.kind for a in actions))


def ask(
    seat: int,
    task: str,
    open_kinds: Iterable[str],
    say: Mapping[str, str],
    words: str | None = None,
) -> Prompt:
    """The prompt for the seat to move: a choice per open kind, worded by `say[kind]`, in
    the order of `say` (the game's own: the main choice first).

    `words` defaults to the choices offered in one sentence. A kind `say` has no
    words for raises KeyError: every kind a game can offer must have its words.
    """
    offered = set(open_kinds)
    missing = offered - set(say)
    if missing:
        raise KeyError(f"no words for {', '.join(sorted(missing))}")
    choices = tuple(Choice(kind, said) for kind, said in say.items() if kind in offered)
    if words is None:
        words = sentence(either([c.words for c in choices]))
    return Prompt(seat, seat, task, words, choices)


def wait(seat: int | None, to_move: int, who: str, task: str, words: str | None = None) -> Prompt:
    """The prompt for a seat not to move (or a spectator): a waiting line, no choices."""
    return Prompt(seat, to_move, task, words or f"Waiting for {who} to {task}.")


__all__ = ["Choice", "Prompt", "ask", "count", "either", "kinds", "not_now", "sentence", "wait"]
