"""The Crime Scanner as a device: buttons in, LED display and sounds out.

`CrimeScanner` (scanner.py) is the unit's brain: where the thief is, what each
move sounds like, how an arrest ends. This module is the box around it, button
by button, for a player whose real 1979 scanner has died: ON, OFF, CLUE, TIP
(held down, then released), ARREST and the number buttons 0-9. Every press
returns a `Result`: the three LED characters, whether they flash, the sounds
in order, words for players who cannot hear them, and (for reveals and
replays only, never for the display) the thief's true space.

    >>> unit = CrimeScannerDevice(seed=7)
    >>> unit.press("ON").display
    '---'
    >>> [unit.press(b).sounds for b in ("CLUE", "CLUE")]
    [('crime-alarm',), ('squeaky-floor',)]
    >>> unit.press("OFF").display
    '   '

A press the unit cannot take raises `RefusedPress` and changes nothing, so a
refused press can be shown to the player and play goes on. All chance comes
from the device's seeded `Rng`, so one seed and one list of presses always
give the same run.

Where the rulebook is silent (rules catalog, gap 8), the device decides as
follows, each for the reason given:

- **ON during a game** is refused while a thief is at large. The rulebook uses
  ON only at set-up (twice) and after a successful arrest (once); a stray ON
  that silently replaced the invisible thief would wreck the game beyond
  repair. After a successful arrest ON brings the new thief (ST-SCANNER-28).
- **OFF** is always taken and switches the unit off: the thief, the memory and
  the sample sequence are forgotten, as the rulebook's recovery (OFF, wait,
  ON) implies. The next ON shows "- - -" again. OFF when already off does
  nothing.
- **Arrest entry** shows the digits as they are keyed, left to right, with
  "_" for those still to come ('___', '1__', '14_'), so that a detective can
  check the code and cancel before the third digit (ST-SCANNER-27). Arrests
  are public, so this shows nothing secret. Cancelling puts back what the
  display showed before ARREST.
- **After an arrest** the display keeps the code the cops were sent to; after
  an unsuccessful one each escape clue follows (see `Result.frames`) and the
  display ends on the last of them.
- **Any three digits** are an arrest: a code that names no space (e.g. 999)
  is a false arrest like any other wrong space (gap 7). The real unit only
  compared codes, and cancelling before the third digit is the rulebook's own
  guard against a slip.
- **Replay** (a number button outside arrest entry) shows the remembered clue
  exactly as it first appeared and plays its sounds; `Result.caption` says
  which memory it was. A number whose memory slot is still empty is refused.
  Replays never change the thief or the memory.
- **The bleep** flashes the latest sound clue (the last one the thief made,
  escape clues included) until the next press changes the display.
- **TIP** shows the three-digit code (e.g. '148') and no sound; the rulebook
  names no tip sound, and a silent tip keeps the secret quiet. While TIP is
  held only TIP_RELEASE and OFF are taken, so nothing else can happen with a
  tip on show. Release puts back what was shown before, flashing included.
- **Sample mode** plays the rulebook's fixed sequences without touching the
  random generator (its crime is always Building 1 and its tip shows 148, the
  rulebook's own example), so listening to the samples never changes the game
  a seed gives. Both sequences start again after their last sound. A sample
  unsuccessful arrest plays sirens, shots and the laugh, with no escape run,
  as the rulebook describes it. Number buttons are refused in sample mode:
  the memory holds only a real game's clues.
- **The first crime** (ON twice, or ON once after an arrest) is a sound clue
  and is kept in memory; a new thief starts with an empty memory (these two
  are `CrimeScanner.new_thief`'s decisions).

The device does not know where the detectives stand, so it cannot check that
an arrest is made on or next to the space (ST-ARREST-06); the game engine does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from sleuth.core import IllegalAction, Rng
from sleuth.core.prompt import count
from sleuth.games.stop_thief.board import Board, load_board
from sleuth.games.stop_thief.scanner import CrimeScanner, Odds, Outcome
from sleuth.games.stop_thief.thief import Clue

Mode = Literal["off", "sample", "game"]

BUTTONS: tuple[str, ...] = (
    "ON", "OFF", "CLUE", "TIP", "TIP_RELEASE", "ARREST",
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
)  # fmt: skip

BLANK = "   "
DASHES = "---"  # what ON shows when the unit wakes up (ST-SCANNER-04)
SAMPLE_CLUES: tuple[Clue, ...] = (
    Clue("crime", 1),
    Clue("floor"),
    Clue("door"),
    Clue("glass"),
    Clue("street"),
    Clue("subway"),
)  # ST-SCANNER-13, in the rulebook's order
SAMPLE_ARRESTS: tuple[Outcome, ...] = ("successful", "false", "unsuccessful")  # ST-SCANNER-21
SAMPLE_TIP = 148  # the rulebook's tracking example: Building 1, window 48

ARREST_SOUNDS: dict[Outcome, tuple[str, ...]] = {
    "successful": ("sirens", "warning-shots", "hee-haw"),  # ST-SCANNER-18
    "false": ("sirens", "raspberry"),  # ST-SCANNER-19
    "unsuccessful": ("sirens", "warning-shots", "laugh"),  # ST-SCANNER-20
}
ARREST_WORDS: dict[Outcome, str] = {
    "successful": "sirens, warning shots, hee-haw: the cops arrest the thief",
    "false": "sirens, raspberry: false arrest, the thief is not there",
    "unsuccessful": "sirens, warning shots, laugh (NA-na-na-na-NA-na!): the thief escapes",
}
CLUE_WORDS = {
    "floor": "squeaky floor: he crosses a FLOOR",
    "door": "creaking door: he opens a DOOR",
    "glass": "breaking glass: he breaks a WINDOW",
    "street": "running feet: he runs along the STREET",
    "subway": "subway, then running feet: he rides the SUBWAY back to the STREET",
}


def clue_sounds(clue: Clue) -> tuple[str, ...]:
    """The sounds one clue plays, in order: a subway ride ends back on the street."""
    return ("subway", "running-feet") if clue.kind == "subway" else (clue.sound,)


def clue_words(clue: Clue) -> str:
    """What a clue sounds like and means, for players who cannot hear it."""
    where = (
        ""
        if clue.area is None
        else (f"Building {clue.area}" if clue.area <= 4 else f"Street {clue.area}")
    )
    if clue.kind == "crime":
        return f"crime alarm: a crime in {where}"
    return CLUE_WORDS[clue.kind] + (f", in {where}" if where else "")


class RefusedPress(IllegalAction):
    """A press the unit cannot take now. Nothing changed; the message says why."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One moment of the display with the sounds that go with it."""

    display: str
    sounds: tuple[str, ...] = ()
    caption: str = ""
    flashing: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "display": self.display,
            "flashing": self.flashing,
            "sound": list(self.sounds),
            "caption": self.caption,
        }


@dataclass(frozen=True, slots=True)
class Result:
    """What one press did: the display it left, every sound in order, and their words.

    `frames` lists what the display showed with each group of sounds; it has
    more than one frame only for an unsuccessful arrest, whose escape clues
    each show their own display. `thief` is the thief's true space after the
    press (None when no thief is at large): it is for reveals and replays,
    never for a player's display.
    """

    press: str
    display: str
    flashing: bool = False
    sounds: tuple[str, ...] = ()
    caption: str = ""
    mode: Mode = "off"
    outcome: Outcome | None = None
    frames: tuple[Frame, ...] = field(default_factory=tuple)
    thief: int | None = None

    def to_json(self, reveal: bool = False) -> dict[str, object]:
        out: dict[str, object] = {
            "press": self.press,
            "display": self.display,
            "flashing": self.flashing,
            "sound": list(self.sounds),
            "caption": self.caption,
            "mode": self.mode,
        }
        if self.outcome is not None:
            out["outcome"] = self.outcome
        if len(self.frames) > 1:
            out["frames"] = [f.to_json() for f in self.frames]
        if reveal:
            out["thief"] = self.thief
        return out


def normalise(button: str | int) -> str:
    """A button's canonical name from how people write it: 'on', 'tip-release', 4 -> '4'."""
    name = str(button).strip().upper().replace("-", "_")
    if name in ("RELEASE", "TIP_UP"):
        name = "TIP_RELEASE"
    if name not in BUTTONS:
        raise RefusedPress(
            f"there is no {str(button)!r} button; the buttons are {', '.join(BUTTONS)}"
        )
    return name


class CrimeScannerDevice:
    """The 1979 Crime Scanner, button by button, with the same seed giving the same game."""

    def __init__(self, seed: int = 0, odds: Odds | None = None, board: Board | None = None) -> None:
        odds = odds or Odds()
        for name in ("still", "escape", "six"):
            value = getattr(odds, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"odds {name} must be between 0 and 1, not {value}")
        self.seed = seed
        self.odds = odds
        self.board = board or load_board()
        self.rng = Rng(seed)
        self.scanner = CrimeScanner(self.board, self.rng, odds)
        self.mode: Mode = "off"
        self.display = BLANK
        self.flashing = False
        self.tip_held = False
        self.entry: str | None = None  # digits keyed since ARREST, None when not entering
        self._saved: tuple[str, bool] = (BLANK, False)  # the display under a tip or an entry
        self._sample_clue = 0
        self._sample_arrest = 0

    # --- what anyone may ask ---------------------------------------------------------------
    @property
    def at_large(self) -> bool:
        """Is a thief on the board (a game is on and he has not been arrested)?"""
        return self.mode == "game" and self.scanner.thief is not None

    @property
    def thief(self) -> int | None:
        """The thief's true space: for reveals only, never for the display."""
        return self.scanner.thief.space if self.mode == "game" and self.scanner.thief else None

    # --- the buttons ---------------------------------------------------------------------
    def press(self, button: str | int) -> Result:
        """Press one button. Raises RefusedPress, changing nothing, if the unit cannot take it."""
        name = normalise(button)
        if name == "OFF":
            return self._off()
        if self.tip_held and name != "TIP_RELEASE":
            raise RefusedPress(f"release TIP before pressing {name}: the tip is still on show")
        if name == "ON":
            return self._on()
        if self.mode == "off":
            raise RefusedPress(f"the scanner is off: press ON first, not {name}")
        if name == "TIP_RELEASE":
            return self._release()
        if self.entry is not None:
            if name == "ARREST":
                return self._cancel()
            if name.isdigit():
                return self._arrest_digit(name)
            raise RefusedPress(
                f"an arrest is being keyed: press {count(3 - len(self.entry), 'more number')}, "
                f"or ARREST to cancel, not {name}"
            )
        if self.mode == "sample":
            return self._sample(name)
        if name == "CLUE":
            return self._clue()
        if name == "TIP":
            return self._tip()
        if name == "ARREST":
            return self._start_arrest()
        return self._replay(int(name))

    def on(self) -> Result:
        return self.press("ON")

    def off(self) -> Result:
        return self.press("OFF")

    def clue(self) -> Result:
        return self.press("CLUE")

    def tip(self) -> Result:
        return self.press("TIP")

    def release(self) -> Result:
        return self.press("TIP_RELEASE")

    def arrest(self, code: int | str | None = None) -> Result:
        """Press ARREST; with a code, key its three digits too and return the last result."""
        digits = "" if code is None else f"{code:03d}" if isinstance(code, int) else code.strip()
        if code is not None and (len(digits) != 3 or not digits.isdigit()):
            raise RefusedPress(f"an arrest code is three digits, not {code!r}")  # ST-ARREST-16
        result = self.press("ARREST")
        for digit in digits:
            result = self.press(digit)
        return result

    def digit(self, n: int) -> Result:
        return self.press(str(n))

    # --- each button's work (each checks before it changes anything) ---------------------
    def _result(
        self, press: str, frames: tuple[Frame, ...], outcome: Outcome | None = None
    ) -> Result:
        last = frames[-1]
        self.display, self.flashing = last.display, last.flashing
        return Result(
            press=press,
            display=last.display,
            flashing=last.flashing,
            sounds=tuple(s for f in frames for s in f.sounds),
            caption="; ".join(f.caption for f in frames if f.caption),
            mode=self.mode,
            outcome=outcome,
            frames=frames,
            thief=self.thief,
        )

    def _off(self) -> Result:
        self.scanner = CrimeScanner(self.board, self.rng, self.odds)
        self.mode = "off"
        self.tip_held = False
        self.entry = None
        self._saved = (BLANK, False)
        self._sample_clue = self._sample_arrest = 0
        return self._result("OFF", (Frame(BLANK, caption="the scanner is off"),))

    def _on(self) -> Result:
        if self.mode == "off":  # ST-SCANNER-04: once, and the unit shows three dashes
            self.mode = "sample"
            words = "sample mode: press CLUE or ARREST to hear the sounds, ON to start a game"
            return self._result("ON", (Frame(DASHES, caption=words),))
        if self.at_large:
            raise RefusedPress(
                "a thief is at large: ON only brings a new thief after a successful arrest "
                "(press OFF to end this game)"
            )
        # ON again from sample mode starts the game (ST-SCANNER-22); ON after a
        # successful arrest brings the next thief (ST-SCANNER-28).
        self.mode = "game"
        step = self.scanner.new_thief()
        return self._result("ON", (self._clue_frame(step.clue),))

    def _sample(self, name: str) -> Result:
        if name == "CLUE":
            clue = SAMPLE_CLUES[self._sample_clue]
            self._sample_clue = (self._sample_clue + 1) % len(SAMPLE_CLUES)
            return self._result("CLUE", (self._clue_frame(clue),))
        if name == "ARREST":
            outcome = SAMPLE_ARRESTS[self._sample_arrest]
            self._sample_arrest = (self._sample_arrest + 1) % len(SAMPLE_ARRESTS)
            frame = Frame(self.display, ARREST_SOUNDS[outcome], "sample: " + ARREST_WORDS[outcome])
            return self._result("ARREST", (frame,), outcome)
        if name == "TIP":
            return self._show_tip(SAMPLE_TIP, "sample tip: the thief's exact space")
        raise RefusedPress(
            f"number buttons replay a game's clues; in sample mode press CLUE, TIP or ARREST, "
            f"or ON to start a game (not {name})"
        )

    def _clue_frame(self, clue: Clue, flashing: bool = False) -> Frame:
        return Frame(clue.display, clue_sounds(clue), clue_words(clue), flashing)

    def _need_thief(self, name: str) -> None:
        if not self.at_large:
            raise RefusedPress(f"no thief is at large: press ON for the next thief, not {name}")

    def _clue(self) -> Result:
        self._need_thief("CLUE")
        step = self.scanner.clue()
        if step is None:  # ST-SCANNER-14: a bleep, and the previous clue flashes
            last = self.scanner.last
            shown = last.display if last is not None else self.display
            words = "bleep: the thief did not move (the previous clue flashes)"
            return self._result("CLUE", (Frame(shown, ("bleep",), words, flashing=True),))
        return self._result("CLUE", (self._clue_frame(step.clue),))

    def _tip(self) -> Result:
        self._need_thief("TIP")
        space = self.scanner.tip()
        return self._show_tip(space, "tip: the thief's exact space (hide the display)")

    def _show_tip(self, space: int, words: str) -> Result:
        self._saved = (self.display, self.flashing)
        self.tip_held = True
        return self._result("TIP", (Frame(f"{space:03d}", caption=words),))

    def _release(self) -> Result:
        if not self.tip_held:
            raise RefusedPress("TIP is not being held, so there is nothing to release")
        self.tip_held = False
        display, flashing = self._saved
        return self._result(
            "TIP_RELEASE", (Frame(display, caption="the tip is gone", flashing=flashing),)
        )

    def _start_arrest(self) -> Result:
        self._need_thief("ARREST")
        self._saved = (self.display, self.flashing)
        self.entry = ""
        words = "arrest: key the thief's space, three numbers (ARREST again cancels)"
        return self._result("ARREST", (Frame("___", caption=words),))

    def _cancel(self) -> Result:
        self.entry = None  # ST-SCANNER-27: no outcome; play on, or ARREST to try again
        display, flashing = self._saved
        return self._result(
            "ARREST", (Frame(display, caption="arrest cancelled", flashing=flashing),)
        )

    def _arrest_digit(self, digit: str) -> Result:
        entry = (self.entry or "") + digit
        if len(entry) < 3:
            self.entry = entry
            words = f"arrest: {entry}, {count(3 - len(entry), 'more number')}"
            return self._result(digit, (Frame(entry.ljust(3, "_"), caption=words),))
        self.entry = None
        result = self.scanner.arrest(int(entry))
        frames = [Frame(entry, ARREST_SOUNDS[result.outcome], ARREST_WORDS[result.outcome])]
        frames += [self._clue_frame(step.clue) for step in result.escape]
        return self._result(digit, tuple(frames), result.outcome)

    def _replay(self, n: int) -> Result:
        clue = self.scanner.recall(n)  # ST-SCANNER-24; bleeps are never stored (ST-SCANNER-25)
        if clue is None:
            held = len(self.scanner.memory)
            raise RefusedPress(
                f"the memory holds {held} sound clue{'' if held == 1 else 's'}, "
                f"so there is nothing to replay on {n}"
            )
        frame = self._clue_frame(clue)
        words = f"memory {n}: {frame.caption}"
        return self._result(str(n), (Frame(frame.display, frame.sounds, words),))

    def __repr__(self) -> str:
        state = "at large" if self.at_large else self.mode
        return f"<CrimeScannerDevice seed={self.seed} {state} display={self.display!r}>"
