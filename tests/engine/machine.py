"""The state machine behind the engine's stateful tests: one game, played and pestered.

A machine starts one game with `sleuth.new_game` (players, seed and options drawn by
Hypothesis) and plays it some way in, each seat's moves chosen by its *pilot*: a random
choice among the legal actions, or one of the game's bots (`sleuth.bots.make_bot`),
which play with purpose and so reach the middle and the end of a game in few actions. A
warm-up that finishes the game usually steps back a few actions (`sleuth.replay` with
`upto`), to go on from near the end. Then, step by step: more legal actions (one, or a
burst of up to `BURST`, picked at random or by the pilots, sent as `Action`s or as the
JSON a client sends), play on until a phase random play seldom stops in, and, between
them, everything a careless or hostile client could send instead:

* a kind no game has ("fly"), or a legal kind misspelt ("Roll", "roll ", ["roll"]);
* a legal action with one parameter turned into a look-alike: 3 -> 3.0, 1 -> true,
  true -> 1, "148" -> 148 (and 148 -> "148"), x -> [x]; or a parameter dropped, or
  replaced by any JSON value, or an unknown parameter added;
* an action that was legal a few positions back (another seat's, or another phase's);
* junk: strings, lists, None, numbers, lists nested 20 deep, objects whose keys are not
  strings, objects holding a lone surrogate ("\\ud800"), bytes, sets, NaN.

Each such attempt must raise `sleuth.IllegalAction` (any other exception fails the test)
and change nothing: not `pickle.dumps(state.__dict__)` taken after `legal_actions()` has
filled the caches, not `view(seat)` for any seat or for None, not `record()`. An attempt
that happens to be exactly a legal action (`state.is_legal(Action.from_json(x))`) is
skipped. The reason given must be text that can be sent (UTF-8).

After every step the contract every game meets is checked (`contract_holds`), then the
game's own invariants (`check_game` in each subclass); every `REPLAY_EVERY` steps
`sleuth.replay(state.record())` must give identical views, record and legal actions.
Each accepted action's events must be JSON, and the game may check what it changed
(`before_action`, `after_action`).

Only the public API and the attributes of the state objects themselves are used, never
a game's modules: the game packages are being reorganised.
"""

from __future__ import annotations

import json
import os
import pickle
import random
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import sleuth
from sleuth.core import Action, Event

BURST = 30
"""The most random legal actions one step plays, so that games reach their middle and end."""

REPLAY_EVERY = 20
"""Steps between replay checks (a replay is slow: it plays the whole record again)."""

RECENT = 8
"""How many past positions' legal actions are kept, to try when they no longer are legal."""


def game_names() -> list[str]:
    """The registered games' names, whether the registry calls it `game_names` or `games`."""
    for name in ("game_names", "games"):
        found = getattr(sleuth, name, None)
        if callable(found):  # `sleuth.games` may also be the games' package, not a function
            return [str(game) for game in found()]
    raise AssertionError("sleuth offers neither game_names() nor games()")


def machine_settings(examples: int, steps: int) -> settings:
    """Fixed, modest runs: derandomized so that CI runs the same games every time.

    A failure is not shrunk (that can take Hypothesis minutes on games this long) unless
    SLEUTH_SHRINK=1 is set: the unshrunk steps replay the failure exactly all the same.
    """
    phases = [Phase.explicit, Phase.generate]
    if os.environ.get("SLEUTH_SHRINK") == "1":
        phases.append(Phase.shrink)
    return settings(
        max_examples=examples,
        phases=phases,
        stateful_step_count=steps,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )


# --- what a hostile client sends --------------------------------------------------------


def nested(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


SURROGATES = ("\ud800", "a\udfffb", "\udc00148")
BAD_VALUES: tuple[Any, ...] = (
    *SURROGATES,
    {"a": 1},
    {},
    nested(20),
    [[nested(20)]],
    b"bytes",
    bytearray(b"x"),
    {1, 2},
    frozenset(),
    1.5,
    0.0,
    float("nan"),
    float("inf"),
    -float("inf"),
    complex(1, 2),
    object(),
    Action.of("roll"),
    10**40,
    -(10**40),
)
BAD_KEYS: tuple[Any, ...] = (1, 0, None, True, False, 2.5, (1, 2), *SURROGATES, b"to")
JUNK: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    3.5,
    float("nan"),
    "",
    "roll",
    "end_turn",
    '{"kind": "roll"}',
    "\ud800",
    b'{"kind": "roll"}',
    [],
    ["roll"],
    [{"kind": "roll"}],
    ("roll",),
    {"roll"},
    nested(20),
    nested(20, {"kind": "roll"}),
    {},
    {"kind": None},
    {"kind": ""},
    {"kind": 0},
    {"kind": 1},
    {"kind": True},
    {"kind": 1.0},
    {"kind": ["roll"]},
    {"kind": nested(20, "roll")},
    {"kind": {"roll": True}},
    {"kind": b"roll"},
    {"kind": "\ud800"},
    {"Kind": "roll"},
    {"type": "roll"},
    {"kind": "roll", 1: 2},
    {"kind": "roll", None: None},
    {"kind": "roll", "\ud800": 1},
    {"kind": "roll", "x": "\ud800"},
    {"kind": "roll", "x": nested(20)},
    {"kind": "roll", "x": {"y": 1}},
    object(),
)
MADE_UP_KINDS = (
    "fly",
    "Fly",
    "win",
    "cheat",
    "undo",
    "resign",
    "pass_turn",
    "apply",
    "_apply",
    "_do_",
    "__init__",
    "__class__",
    "legal_actions",
    "kind",
    " ",
    "\x00",
    "é",
    "🕵",
    "x" * 300,
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=6)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)
param_names = st.sampled_from(["to", "card", "seat", "target", "x", "kind2", "Kind", ""]) | st.text(
    max_size=6
)
picks = st.integers(0, 2**16)


def look_alikes(value: Any) -> list[Any]:
    """Values that Python may call equal to `value` (or that read the same), of another type."""
    out: list[Any] = []
    if isinstance(value, bool):
        out += [int(value), float(value), str(value).lower(), [value]]
    elif isinstance(value, int):
        out += [float(value), str(value), [value]]
        if value in (0, 1):
            out.append(bool(value))
    elif isinstance(value, str):
        if value.isdigit():
            out.append(int(value))  # "148" for the space 148
        out += [[value], value + " ", " " + value, value.upper(), value.title()]
    elif value is None:
        out += [0, False, "", "null", "None", [None]]
    elif isinstance(value, list):
        out += [[value], tuple(value) + (None,), value[:-1], [*value, value[-1]] if value else [0]]
        for i, item in enumerate(value):
            out += [[*value[:i], other, *value[i + 1 :]] for other in look_alikes(item)]
    return [v for v in out if v != value or type(v) is not type(value)]


def kind_look_alikes(kind: str) -> list[Any]:
    return [
        kind.upper(),
        kind.title(),
        kind + " ",
        " " + kind,
        kind.replace("_", "-") if "_" in kind else kind + "_",
        kind + "s",
        kind[:-1],
        f"_do_{kind}",
        [kind],
        {"kind": kind},
    ]


# --- who plays the legal moves ----------------------------------------------------------


class RandomPilot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> Action:
        return self.rng.choice(state.legal_actions())  # type: ignore[no-any-return]


def pilot_levels(game: str) -> list[str]:
    """ "random", and the levels of the game's bots, if the bots can be found."""
    try:
        from sleuth.bots import bot_levels
    except ImportError:
        return ["random"]
    return ["random", *(level for level in bot_levels(game) if level != "random")]


def make_pilot(game: str, level: str, seed: int) -> Any:
    """A bot plays with purpose, so games reach their middle and end in few actions."""
    if level == "random":
        return RandomPilot(seed)
    from sleuth.bots import make_bot

    return make_bot(game, level, seed=seed)


# --- the state as seen from outside -------------------------------------------------------


def seats(state: Any) -> list[int | None]:
    return [None, *range(state.players)]


@dataclass(frozen=True)
class Snapshot:
    """Everything about a state: its pickled insides, every view and the record."""

    insides: bytes
    views: tuple[str, ...]
    record: str


# Lookups the core makes on demand from the cached legal actions (`GameState.is_legal`):
# asking whether an action is legal may fill them, and that is no change to the game.
LOOKUPS = frozenset({"_legal_ids", "_legal_set"})


def insides(state: Any, unpicklable: frozenset[str] = frozenset()) -> dict[str, Any]:
    return {k: v for k, v in state.__dict__.items() if k not in unpicklable and k not in LOOKUPS}


def strict_json(value: Any) -> str:
    """`value` as strict JSON text (no NaN), keys sorted so that equal values read alike."""
    return json.dumps(value, sort_keys=True, allow_nan=False)


def snapshot(state: Any, unpicklable: frozenset[str] = frozenset()) -> Snapshot:
    """The state as it stands; taking it also checks that every view is JSON."""
    state.legal_actions()  # fill the caches first, so only real changes show
    views = tuple(strict_json(state.view(seat)) for seat in seats(state))
    record = strict_json(vars(state.record()))  # a Record's fields, without asdict's deep copy
    return Snapshot(pickle.dumps(insides(state, unpicklable)), views, record)


def changed_parts(before: bytes, now: dict[str, Any]) -> list[str]:
    """Which attributes differ from the pickled `before` (to say what a refusal changed).

    Both sides go through pickle once more, so that they compare alike (sets come back
    from pickle in an order of their own)."""
    old: dict[str, Any] = pickle.loads(before)
    new: dict[str, Any] = pickle.loads(pickle.dumps(now))
    return [
        name
        for name in sorted(set(old) | set(new))
        if name not in old or name not in new or pickle.dumps(old[name]) != pickle.dumps(new[name])
    ]


def describe(attempt: Any) -> str:
    text = repr(attempt)
    return text if len(text) < 300 else text[:300] + "..."


def exact_action(attempt: Any) -> Action | None:
    """The action `attempt` reads as, or None if the engine refuses to read it at all."""
    if isinstance(attempt, Action):
        return attempt
    try:
        return Action.from_json(attempt)
    except sleuth.IllegalAction:
        return None


# --- the machine --------------------------------------------------------------------------


class GameMachine(RuleBasedStateMachine):
    """Plays one game of `game`; subclasses add set-ups and their game's invariants."""

    game = ""
    unpicklable: frozenset[str] = frozenset()
    """Attributes left out of the pickled state (caches that cannot be pickled)."""
    warmup = 600
    """At most this many random legal actions before the first step (drawn 0..warmup)."""
    rare_phases: frozenset[str] = frozenset()
    """Phases of `state.turn.phase` worth seeking out: random play seldom stops in them."""

    # --- hooks for each game ----------------------------------------------------------------
    @classmethod
    def setups(cls) -> st.SearchStrategy[tuple[int, dict[str, Any]]]:
        """Players and options to start games with."""
        spec = sleuth.spec(cls.game)
        return st.tuples(st.integers(spec.min_players, spec.max_players), st.just({}))

    def check_start(self, state: Any) -> None:
        """Invariants of a game just set up, before any action."""

    def check_game(self, state: Any) -> None:
        """The game's own invariants, checked after every step."""

    def before_action(self, state: Any) -> Any:
        """What `after_action` needs to know of the position before an accepted action."""
        return None

    def after_action(self, state: Any, before: Any, action: Action, events: list[Event]) -> None:
        """Checks of one accepted action: what it changed, given `before`."""

    # --- set-up -----------------------------------------------------------------------------
    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.recent: deque[list[Action]] = deque(maxlen=RECENT)
        self.clean: Snapshot | None = None  # the snapshot of the current position, if taken
        self.steps = 0
        self.replayed_at = -1  # the history length last checked by a replay
        self.accepted = 0
        self.refused = 0
        self.pilots: list[Any] = []

    @initialize(data=st.data(), seed=st.integers(0, 2**32), warm_seed=st.integers(0, 2**32))
    def start(self, data: st.DataObject, seed: int, warm_seed: int) -> None:
        players, options = data.draw(self.setups(), label="players, options")
        levels = data.draw(
            st.lists(st.sampled_from(pilot_levels(self.game)), min_size=players, max_size=players),
            label="pilots",
        )
        warm = data.draw(st.integers(0, self.warmup), label="warm-up actions")
        self.state = sleuth.new_game(self.game, players=players, seed=seed, **options)
        assert self.state.players == players
        self.pilots = [
            make_pilot(self.game, level, warm_seed + n) for n, level in enumerate(levels)
        ]
        self.check_start(self.state)
        for _ in range(warm):
            if self.state.over:
                # Step back to a position near the end (or stay at the end, for `back` 0),
                # so that the steps to come play and pester a game close to finishing.
                back = data.draw(st.integers(0, 30), label="actions back from the end")
                if back:
                    upto = max(0, len(self.state.history) - back)
                    self.state = sleuth.replay(self.state.record(), upto=upto)
                    self.pilots = [
                        make_pilot(self.game, level, warm_seed + 100 + n)
                        for n, level in enumerate(levels)
                    ]
                break
            self.apply_legal(self.piloted(), as_json=False)

    def piloted(self) -> Action:
        """The action the pilot of the seat to move chooses (a bot, or a random choice)."""
        seat = self.state.to_move
        action = self.pilots[seat].choose(self.state, seat)
        assert isinstance(action, Action)
        assert self.state.is_legal(action), f"the {self.game} bot chose {action}, not legal"
        return action

    # --- legal play -------------------------------------------------------------------------
    def apply_legal(self, action: Action, as_json: bool) -> None:
        state = self.state
        before = self.before_action(state)
        self.recent.append(state.legal_actions())
        events = state.apply(action.to_json() if as_json else action)
        self.clean = None
        self.accepted += 1
        assert isinstance(events, list)
        for event in events:
            assert isinstance(event, Event)
            strict_json(event.to_json())
            strict_json(event.later().to_json())
        self.after_action(state, before, action, events)

    @precondition(lambda self: not self.state.over)
    @rule(
        choices=st.lists(picks, min_size=1, max_size=BURST),
        as_json=st.booleans(),
        piloted=st.booleans(),
    )
    def play_legal(self, choices: list[int], as_json: bool, piloted: bool) -> None:
        """Legal actions, sent as actions or as the JSON a client sends: picked at random from
        `legal_actions()`, or chosen by each seat's pilot (so that games get somewhere)."""
        for pick in choices:
            if self.state.over:
                return
            if piloted:
                action = self.piloted()
            else:
                legal = self.state.legal_actions()
                action = legal[pick % len(legal)]
            self.apply_legal(action, as_json)

    @precondition(lambda self: not self.state.over and bool(self.rare_phases))
    @rule(limit=st.integers(1, 200), piloted=st.booleans())
    def seek_rare_phase(self, limit: int, piloted: bool) -> None:
        """Play on until the turn reaches a phase that random steps seldom stop in, so that the
        refusals to come are tried there too."""
        for _ in range(limit):
            if self.state.over:
                return
            if piloted:
                action = self.piloted()
            else:
                action = random.Random(len(self.state.history)).choice(self.state.legal_actions())
            self.apply_legal(action, as_json=False)
            if self.state.turn.phase in self.rare_phases:
                return

    # --- refusals ---------------------------------------------------------------------------
    def refuse(self, attempt: Any) -> None:
        """`attempt` must raise IllegalAction and change nothing, unless it is a legal action."""
        state = self.state
        action = exact_action(attempt)
        if action is not None and state.is_legal(action):
            return  # the look-alike is exactly a legal action after all
        before = self.clean or snapshot(state, self.unpicklable)
        try:
            state.apply(attempt)
        except sleuth.IllegalAction as err:
            message = str(err)
            assert message, f"refusing {describe(attempt)} gave no reason"
            message.encode("utf-8")  # the reason can be sent to the player
        else:
            raise AssertionError(f"{describe(attempt)} was accepted, but it is not legal")
        after = snapshot(state, self.unpicklable)
        for seat, (old, new) in enumerate(zip(before.views, after.views, strict=True)):
            assert old == new, (
                f"refusing {describe(attempt)} changed the view of {seats(state)[seat]}"
            )
        assert before.record == after.record, f"refusing {describe(attempt)} changed the record"
        if before.insides != after.insides:
            parts = changed_parts(before.insides, insides(state, self.unpicklable))
            raise AssertionError(f"refusing {describe(attempt)} changed the state: {parts}")
        self.clean = after
        self.refused += 1

    def some_legal(self, pick: int) -> Action | None:
        legal = self.state.legal_actions()
        if legal:
            return legal[pick % len(legal)]  # type: ignore[no-any-return]
        older = [a for position in self.recent for a in position]
        return older[pick % len(older)] if older else None

    @rule(pick=picks, which=picks, how=picks)
    def refuse_look_alike(self, pick: int, which: int, how: int) -> None:
        """A legal action with one parameter (or, if it has none, its kind) made a look-alike."""
        action = self.some_legal(pick)
        if action is None:
            return
        data = action.to_json()
        names = [k for k in data if k != "kind"]
        if names:
            name = names[which % len(names)]
            variants = look_alikes(data[name])
            if variants:
                self.refuse({**data, name: variants[how % len(variants)]})
                return
        variants = kind_look_alikes(action.kind)
        self.refuse({**data, "kind": variants[how % len(variants)]})

    @rule(pick=picks, how=picks)
    def refuse_misspelt_kind(self, pick: int, how: int) -> None:
        action = self.some_legal(pick)
        if action is not None:
            variants = kind_look_alikes(action.kind)
            self.refuse({**action.to_json(), "kind": variants[how % len(variants)]})

    @rule(pick=picks, name=param_names, value=json_values)
    def refuse_extra_param(self, pick: int, name: str, value: Any) -> None:
        action = self.some_legal(pick)
        if action is not None and name not in action.to_json():
            self.refuse({**action.to_json(), name: value})

    @rule(pick=picks, which=picks, value=json_values | st.sampled_from(BAD_VALUES))
    def refuse_other_value(self, pick: int, which: int, value: Any) -> None:
        """A legal action with one parameter dropped, or set to any value at all."""
        action = self.some_legal(pick)
        if action is None:
            return
        data = action.to_json()
        names = [k for k in data if k != "kind"]
        if not names:
            return
        name = names[which % len(names)]
        if which % 5 == 0:
            self.refuse({k: v for k, v in data.items() if k != name})
            return
        old = data[name]
        if isinstance(old, int) and not isinstance(old, bool) and isinstance(value, int):
            value = old + (value % 7) - 3 if abs(value) < 1000 else value  # near misses
        self.refuse({**data, name: value})

    @rule(pick=picks, key=st.sampled_from(BAD_KEYS), value=st.sampled_from(BAD_VALUES))
    def refuse_bad_object(self, pick: int, key: Any, value: Any) -> None:
        """A legal action with a key that is no string, or with a value no action holds."""
        action = self.some_legal(pick)
        if action is None:
            return
        data: dict[Any, Any] = action.to_json()
        names = [k for k in data if k != "kind"]
        name = names[pick % len(names)] if names else "x"
        attempts = ({**data, key: 1}, {**data, name: value}, {**data, "kind": value})
        self.refuse(attempts[pick % len(attempts)])

    @rule(back=picks, pick=picks, as_json=st.booleans())
    def refuse_stale(self, back: int, pick: int, as_json: bool) -> None:
        """An action legal a few positions back, now perhaps another seat's or another phase's."""
        if not self.recent:
            return
        position = self.recent[back % len(self.recent)]
        action = position[pick % len(position)]
        self.refuse(action.to_json() if as_json else action)

    @rule(junk=st.sampled_from(JUNK))
    def refuse_junk(self, junk: Any) -> None:
        self.refuse(junk)

    @rule(
        kind=st.sampled_from(MADE_UP_KINDS),
        other=st.text(max_size=10),
        params=st.dictionaries(param_names, json_values, max_size=3),
    )
    def refuse_made_up(self, kind: str, other: str, params: dict[str, Any]) -> None:
        """Kinds no game has (or, by chance, one it has), bare or with random parameters."""
        params.pop("kind", None)
        self.refuse({"kind": kind, **params} if params else Action.of(kind))
        self.refuse({"kind": other, **params})

    @rule(value=json_values)
    def refuse_any_json(self, value: Any) -> None:
        self.refuse(value)

    # --- the contract every game meets ------------------------------------------------------
    @invariant()
    def contract_holds(self) -> None:
        state = self.state
        if state is None:
            return
        self.steps += 1
        over, to_move = state.over, state.to_move
        assert over == (to_move is None), "to_move is None exactly when the game is over"
        legal = state.legal_actions()
        if over:
            assert legal == [], "a finished game offers no actions"
        else:
            assert isinstance(to_move, int) and not isinstance(to_move, bool)
            assert to_move in range(state.players)
            assert legal, "a game not over always offers its seat to move something to do"
            assert state.winners == [], "nobody has won a game still going on"
        assert all(w in range(state.players) for w in state.winners)
        for action in legal:
            assert isinstance(action, Action)
            assert state.is_legal(action), f"{action} is listed but is_legal says no"
            sent = json.loads(strict_json(action.to_json()))
            assert state.is_legal(Action.from_json(sent)), f"{action} is not legal as JSON"
        self.check_game(state)
        if self.steps % REPLAY_EVERY == 0 and len(state.history) != self.replayed_at:
            self.check_replay()
        if self.clean is None:  # every view and the record as JSON, kept for the refusals
            self.clean = snapshot(state, self.unpicklable)

    def teardown(self) -> None:
        if os.environ.get("SLEUTH_MACHINE_STATS") == "1" and self.state is not None:
            print(  # how far the games got, to tune the settings by
                f"{self.game}: players {self.state.players}, {len(self.state.history)} actions,"
                f" over {self.state.over}, {self.accepted} accepted, {self.refused} refused,"
                f" {self.steps} steps"
            )

    def check_replay(self) -> None:
        state = self.state
        again = sleuth.replay(state.record())
        for seat in seats(state):
            assert again.view(seat) == state.view(seat), f"the replay shows seat {seat} otherwise"
        assert again.record() == state.record()
        strict_json(state.record().to_json())
        assert again.legal_actions() == state.legal_actions()
        self.replayed_at = len(state.history)


def events_of(state: Any, kind: str) -> Iterator[Event]:
    """The events of one kind in the whole log, in order."""
    return (e for e in state.log if e.kind == kind)


def turn_segments(state: Any, starts: str = "turn") -> Iterator[list[Event]]:
    """The log cut at each event of kind `starts`: each piece one turn's events."""
    piece: list[Event] = []
    for event in state.log:
        if event.kind == starts:
            yield piece
            piece = []
        piece.append(event)
    yield piece
