"""The coach of a guided first game: which step is due, what to suggest, what to say.

It follows one game of a tutorial script (sleuth.core.tutorial) and keeps no state of its
own: everything is worked out from the game's history against the script.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.core.actions import Action, JSONValue
from sleuth.core.game import GameState
from sleuth.core.tutorial import Expect, Script, Step, slug


@dataclass(frozen=True)
class Verdict:
    """The coach's answer to an action of the learner's: taken or not, and what it says."""

    accepted: bool
    words: str = ""


class Coach:
    """Follows one game of a script: which step is due, what to suggest, what to say.

    The coach keeps no state of its own: everything it says is worked out from the game's
    history against the script (a few dozen actions compared), so it is right after a
    restart, an undo, an action put back when it could not be stored, or an action another
    server process applied. The game knows nothing of the coach; whoever applies actions asks
    it about the learner's first (`judge`) and takes the bots' scripted ones from it
    (`scripted`).
    """

    def __init__(self, script: Script) -> None:
        self.script = script
        self.line = script.line()

    # --- where we are
    def left_at(self, state: GameState) -> int | None:
        """The index of the first action of the game that is not the script's (None: the
        game so far is the script's). The seats need no comparing: the same actions from the
        same seed bring the same seats to move (`check_script` played them)."""
        for index, (action, (_, what, _)) in enumerate(zip(state.history, self.line, strict=False)):
            fits = what.matches(action) if isinstance(what, Expect) else what == action
            if not fits:
                return index
        return None

    def on_script(self, state: GameState) -> bool:
        """Whether the game so far is the script's, with scripted actions still to come."""
        return (
            not state.over and len(state.history) < len(self.line) and self.left_at(state) is None
        )

    def current(self, state: GameState) -> Step | None:
        """The step due now: the learner is to move on the script, and its suggestion is legal."""
        if not self.on_script(state) or state.to_move != self.script.learner:
            return None
        seat, what, index = self.line[len(state.history)]
        if seat != self.script.learner or not isinstance(what, Expect):
            return None
        step = self.script.steps[index]
        return step if self.suggestion(state, step) is not None else None

    def suggestion(self, state: GameState, step: Step) -> Action | None:
        """The legal action the step points at: the first (in the game's order) that matches."""
        return next((a for a in state.legal_actions() if step.expect.matches(a)), None)

    def scripted(self, state: GameState, seat: int) -> Action | None:
        """The action the script gives bot `seat` now; None when off the script (the bot
        chooses for itself)."""
        if not self.on_script(state):
            return None
        who, what, _ = self.line[len(state.history)]
        if who != seat or not isinstance(what, Action) or not state.is_legal(what):
            return None
        return what

    def steps_done(self, state: GameState) -> int:
        """How many of the learner's steps are behind us on the script."""
        left = self.left_at(state)
        taken = len(state.history) if left is None else left
        return sum(1 for _, what, _ in self.line[:taken] if isinstance(what, Expect))

    def note(self, state: GameState) -> str:
        """What the coach says of the learner's last step: its praise, or, where the game left
        the script by it, why the suggestion was better."""
        left = self.left_at(state)
        end = min(len(state.history), len(self.line))
        for index in range(end - 1, -1, -1):
            _, what, step = self.line[index]
            if isinstance(what, Expect):
                if left is not None and index > left:
                    continue
                words = self.script.steps[step]
                return words.otherwise if index == left else words.done
        return ""

    # --- the learner's actions
    def judge(self, state: GameState, action: Action) -> Verdict:
        """Whether the learner's `action` (legal) is taken: always, unless a step is due that
        asks again for its own suggestion."""
        step = self.current(state)
        if step is None or step.expect.matches(action) or step.accept_other:
            return Verdict(True)
        return Verdict(False, step.otherwise)

    # --- what the learner is shown
    def advice(self, state: GameState, seat: int | None) -> dict[str, JSONValue] | None:
        """The coach panel for `seat`: only the learner's seat has one. Built from the script
        (written for the learner's seat, of what that seat sees) and that seat's legal
        actions, nothing hidden."""
        if seat != self.script.learner:
            return None
        total = len(self.script.steps)
        done = self.steps_done(state)
        out: dict[str, JSONValue] = {
            "title": self.script.title,
            "step": min(done + 1, total),
            "steps": total,
            "note": self.note(state),
            "state": "watch",  # watch | act | finished | lost
            "words": "",
            "suggest": None,
            "highlight": [],
            "guide": None,
        }
        step = self.current(state)
        if step is not None:
            suggested = self.suggestion(state, step)
            assert suggested is not None  # `current` checked it
            out.update(
                state="act",
                words=(self.script.intro + "\n\n" if done == 0 else "") + step.say,
                suggest=suggested.to_json(),
                highlight=list(step.highlight),
                guide=None if step.guide is None else {"title": step.guide, "id": slug(step.guide)},
            )
        elif done >= total:
            out.update(state="finished", words=self.script.closing, step=total)
        elif not self.on_script(state) or state.to_move == self.script.learner:
            out.update(state="lost", words=self.script.lost)
        else:
            out["words"] = "The others are playing: watch the board and the log."
        return out
