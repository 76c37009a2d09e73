"""Guided first games (issue 12): every game's tutorial replays through the engine as written,
its coach speaks only of what the learner's seat sees, and a bad script fails at load."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable

import pytest

import sleuth
from sleuth.core.actions import Action
from sleuth.core.coach import Coach
from sleuth.core.game import GameState
from sleuth.core.tutorial import (
    Script,
    TutorialError,
    check_script,
    guide_sections,
    parse_script,
    read_script,
    slug,
    tutorial_games,
)
from tests.test_guides import RULEBOOKS, shared_runs

GAMES = tutorial_games()

# How each game's coach names a thing on the board in its words, as the id its views use: a
# name the text gives must be in the learner's view at that moment (nothing hidden is named).
NAMED: dict[str, Callable[[str], list[str]]] = {
    # "1-24" is the space 124; "5-05" the street space 505.
    "stop-thief": lambda text: [a + b for a, b in re.findall(r"\b(\d)-(\d\d)\b", text)],
}


def raw(game: str) -> dict[str, object]:
    data = json.loads(sleuth.spec(game).folder("tutorial").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def coached_game(script: Script) -> list[tuple[GameState, dict[str, object], Action]]:
    """Play the script as the server does: the coach suggests, the bots follow the script.
    Returns, for each of the learner's steps, a copy of the game then, the advice and the
    action taken."""
    coach = Coach(script)
    state = script.new_game()
    seen: list[tuple[GameState, dict[str, object], Action]] = []
    while coach.on_script(state):
        mover = state.to_move
        assert mover is not None
        if mover == script.learner:
            advice = coach.advice(state, mover)
            assert advice is not None and advice["state"] == "act", advice
            move = Action.from_json(advice["suggest"])  # type: ignore[arg-type]
            assert state.is_legal(move)
            assert coach.judge(state, move).accepted
            seen.append((sleuth.replay(state.record()), advice, move))
        else:
            assert coach.advice(state, mover) is None  # only the learner has a coach
            scripted = coach.scripted(state, mover)
            assert scripted is not None, f"no scripted action at {len(state.history)}"
            move = scripted
        state.apply(move)
    final = coach.advice(state, script.learner)
    assert final is not None and final["state"] == "finished"
    assert final["words"] == script.closing
    return seen


def test_every_game_with_a_tutorial_is_listed() -> None:
    assert "stop-thief" in GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_tutorial_replays_through_the_engine_to_its_end(game: str) -> None:
    script = read_script(game)
    assert script is not None
    state = check_script(script)  # each action legal, each seat the one to move, the end
    assert script.ends_with is not None  # every tutorial says where it ends
    assert len(state.history) == len(script.line())
    seen = coached_game(script)
    assert len(seen) == len(script.steps)
    for number, (_, advice, _) in enumerate(seen, 1):
        assert advice["step"] == number and advice["steps"] == len(script.steps)


@pytest.mark.parametrize("game", GAMES)
def test_every_step_says_what_to_do_and_points_to_the_guide(game: str) -> None:
    script = read_script(game)
    assert script is not None
    headings = guide_sections(sleuth.spec(game).guide() or "")
    for number, step in enumerate(script.steps, 1):
        assert len(step.say.split()) >= 8, f"step {number}: too short to say what and why"
        assert step.otherwise.strip(), f"step {number}"
        assert step.guide is None or step.guide in headings


@pytest.mark.parametrize("game", GAMES)
def test_the_coach_speaks_in_our_own_words(game: str) -> None:
    script = read_script(game)
    assert script is not None
    rulebook = (RULEBOOKS / f"{game}.txt").read_text(encoding="utf-8")
    texts = [script.intro, script.closing, script.lost]
    for step in script.steps:
        texts += [step.say, step.otherwise, step.done]
    assert shared_runs("\n".join(texts), rulebook) == set()


def hidden_words(state: GameState, seat: int) -> set[str]:
    """Names among the game's secrets (its `reveal`'s hidden parts) that seat's view lacks."""
    whole = state.reveal()
    view = json.dumps(state.view(seat)) + json.dumps([e.to_json() for e in state.events_for(seat)])
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str) and len(value) >= 4 and value not in view:
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for key in whole.get("hidden", []):  # type: ignore[union-attr]
        walk(whole.get(str(key)))
    return found


def unseen(game: str, state: GameState, seat: int, texts: list[str], lit: list[str]) -> list[str]:
    """What a step names or lights that `seat` has not seen: in its view now, or in the events
    it was shown as they happened (a discard shown to all before it went face down)."""
    view = json.dumps(state.view(seat)) + json.dumps([e.to_json() for e in state.events_for(seat)])
    named = lit + [n for text in texts for n in NAMED.get(game, lambda _: [])(text)]
    out = [n for n in named if f'"{n}"' not in view and f": {n}," not in view]
    secrets = hidden_words(state, seat)
    return out + [word for word in secrets for text in texts if word in text]


@pytest.mark.parametrize("game", GAMES)
def test_the_coach_names_only_what_the_learner_sees(game: str) -> None:
    """A script knows the whole game; what it says at a step, and what it lights, must be in
    the learner's view then: a space only once the notebook (or a legal move) has it, and no
    name of a secret (another seat's cards, the pile, the next poster, a hidden culprit)."""
    script = read_script(game)
    assert script is not None
    for number, (state, advice, move) in enumerate(coached_game(script), 1):
        step = script.steps[number - 1]
        texts = [str(advice["words"]), step.otherwise]
        wrong = unseen(game, state, script.learner, texts, list(step.highlight))
        assert wrong == [], f"step {number} names {wrong}, unseen by seat {script.learner}"
        state.apply(move)  # what the coach says once it is taken: of the view after it
        wrong = unseen(game, state, script.learner, [step.done], [])
        assert wrong == [], f"step {number}'s praise names {wrong}, unseen by the learner"


def test_the_secrecy_check_catches_a_rivals_card_in_columbo() -> None:
    script = read_script("columbo")
    assert script is not None
    state = script.new_game()
    rival = state.reveal()["hands"]
    assert isinstance(rival, list) and isinstance(rival[1], list)
    mine = json.dumps(state.view(0)["hand"])
    secret = next(str(c["name"]) for c in rival[1] if str(c["name"]) not in mine)
    assert unseen("columbo", state, 0, [f"Your rival holds the {secret}."], []) == [secret]


def test_the_secrecy_check_catches_a_hidden_space_and_a_hidden_card() -> None:
    script = read_script("stop-thief")
    assert script is not None
    state = script.new_game()
    # At the start he can only be on a crime space: a floor space lit would be a secret
    # (there is none, but the check must say so), and the rival's Free Tip card is one.
    assert unseen("stop-thief", state, 0, ["Go to 1-76."], []) == ["176"]
    assert unseen("stop-thief", state, 0, [], ["176"]) == ["176"]
    assert unseen("stop-thief", state, 0, ["Your rival holds a Free Tip."], []) == ["Free Tip"]
    assert unseen("stop-thief", state, 0, ["Press CLUE; he is on 1-46 or 1-23."], []) == []


def test_a_bad_step_fails_at_load_naming_the_step() -> None:
    data = copy.deepcopy(raw("stop-thief"))
    steps = data["steps"]
    assert isinstance(steps, list)
    steps[2]["expect"] = {"kind": "move", "to": "999"}
    with pytest.raises(TutorialError, match="step 3: no legal action matches"):
        check_script(parse_script("stop-thief", data, "stop-thief tutorial"))
    data = copy.deepcopy(raw("stop-thief"))
    data["steps"][1]["say"] = " "  # type: ignore[index]
    with pytest.raises(TutorialError, match="step 2: 'say' must be non-empty text"):
        parse_script("stop-thief", data)
    data = copy.deepcopy(raw("stop-thief"))
    data["steps"][3]["then"][0]["seat"] = 0  # type: ignore[index]
    with pytest.raises(TutorialError, match="step 4: then #1: seat 0 is not a bot's seat"):
        parse_script("stop-thief", data)
    data = copy.deepcopy(raw("stop-thief"))
    data["ends_with"] = {"kind": "arrest", "space": 125}
    with pytest.raises(TutorialError, match="step 22: its action does not cause"):
        check_script(parse_script("stop-thief", data, "stop-thief tutorial"))
    data = copy.deepcopy(raw("stop-thief"))
    data["bots"] = {"1": "grandmaster"}
    with pytest.raises(TutorialError, match="bots: seat 1"):
        parse_script("stop-thief", data)


def test_the_coach_refuses_another_action_and_says_why() -> None:
    script = read_script("stop-thief")
    assert script is not None
    coach = Coach(script)
    state = script.new_game()
    card = next(a for a in state.legal_actions() if a.kind == "play_card")
    verdict = coach.judge(state, card)
    assert not verdict.accepted
    assert verdict.words == script.steps[0].otherwise
    assert coach.judge(state, Action.of("clue")).accepted


def test_leaving_the_script_hands_over_to_the_bots_and_an_undo_comes_back() -> None:
    script = read_script("stop-thief")
    assert script is not None
    coach = Coach(script)
    state = script.new_game()
    for _ in range(2):  # clue, roll
        move = Action.from_json(coach.advice(state, 0)["suggest"])  # type: ignore[arg-type,index]
        state.apply(move)
    other = next(
        a
        for a in state.legal_actions()
        if a.kind == "move" and not script.steps[2].expect.matches(a)
    )
    state.apply(other)  # as a step that accepted another action would let it be
    advice = coach.advice(state, 0)
    assert advice is not None and advice["state"] == "lost" and advice["words"] == script.lost
    assert advice["note"] == script.steps[2].otherwise
    assert coach.scripted(state, 1) is None  # the bots choose for themselves from here
    state = sleuth.replay(state.record(), upto=len(state.history) - 1)  # what an undo does
    again = coach.advice(state, 0)
    assert again is not None and again["state"] == "act" and again["step"] == 3


def test_the_coach_praises_the_step_just_taken() -> None:
    script = read_script("stop-thief")
    assert script is not None
    seen = coached_game(script)
    state, _, move = seen[-1]
    state.apply(move)
    advice = Coach(script).advice(state, 0)
    assert advice is not None and advice["note"] == script.steps[-1].done != ""


def test_a_coach_read_back_after_a_restart_is_where_it_was() -> None:
    """The coach works from the history alone: a table read back gives the same advice."""
    script = read_script("stop-thief")
    assert script is not None
    seen = coached_game(script)
    state, _, move = seen[5]
    again = sleuth.replay(state.record())
    advice = Coach(script).advice(again, 0)
    assert advice is not None and advice["step"] == 6 and advice["state"] == "act"
    assert advice["suggest"] == move.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_each_guide_section_a_step_names_is_an_anchor_on_the_rules_page(game: str) -> None:
    from sleuth.server.guides import guide_page

    script = read_script(game)
    assert script is not None
    page = guide_page(game)
    assert page is not None
    for step in script.steps:
        if step.guide is not None:
            assert f'<h2 id="{slug(step.guide)}">' in page


# Stop Thief's lesson ends at the learner's second arrest (the game runs to $2,500, too long to
# coach whole); the others play a whole game, so a newcomer is never left mid-game there.
WHOLE_GAMES = [game for game in GAMES if game != "stop-thief"]


def test_stop_thiefs_lesson_tracks_the_example_then_a_second_thief_with_cards() -> None:
    """Part one is the rulebook's tracking example up to the arrest at 1-24; part two, the next
    thief, has the learner play a Sleuth Card for an extra turn and buy a tip, and arrest him
    too. The coach then leaves a game still going, with the rival to move."""
    script = read_script("stop-thief")
    assert script is not None
    state = check_script(script)
    learner = script.learner
    arrests = [e.data for e in state.log if e.kind == "arrest" and e.data["seat"] == learner]
    assert [(a["space"], a["outcome"]) for a in arrests] == [
        (124, "successful"),
        (164, "successful"),
    ]
    played = [
        e.data["card"]["effect"]  # type: ignore[index]
        for e in state.log
        if e.kind == "card_played" and e.data["seat"] == learner
    ]
    assert played == ["extra_turn", "tip"]
    assert [t["space"] for t in state.view(learner)["tips"]] == [164]  # type: ignore[index,union-attr]
    rival_tips = [e.data for e in state.log if e.kind == "tip_called" and e.data["seat"] != learner]
    assert rival_tips  # the rival's bought tip, which step 13 speaks of
    assert not state.over and state.to_move != learner
    assert "goes on" in script.closing


def test_stop_thiefs_lesson_says_what_a_rivals_arrest_first_would_mean() -> None:
    """The rival arrests no one in the lesson (its seed and script give him no arrest), so the
    step where he stands beside the thief, the one that plays Take Another Turn against him,
    says what his arrest would cost the learner: the reward, and the thief, gone to the next."""
    script = read_script("stop-thief")
    assert script is not None
    state = check_script(script)
    assert not [e for e in state.log if e.kind == "arrest" and e.data["seat"] != script.learner]
    step = next(s for s in script.steps if s.expect.to_json() == {"kind": "play_card", "card": 1})
    assert "should he arrest first, the $1,000 is his and the next thief robs at once" in step.say


@pytest.mark.parametrize("game", WHOLE_GAMES)
def test_each_lesson_ends_the_game_with_the_learner_winning(game: str) -> None:
    """The script's last step wins the game for the learner."""
    script = read_script(game)
    assert script is not None
    state = check_script(script)
    assert state.over, f"{game}: the lesson stops before the game's end"
    assert state.winners == [script.learner]


def test_a_win_by_finding_columbo_is_told_as_such_at_the_end() -> None:
    """The Columbo lesson ends with six Columbo parts and the Mystery card: the game-end
    standings said "solved it; 0 complete sets" for it."""
    script = read_script("columbo")
    assert script is not None
    state = check_script(script)
    ending = state.ending()
    assert ending is not None
    mine = next(s for s in ending["standings"] if s["seat"] == script.learner)
    assert mine["result"] == "found Columbo"
    assert "finds Columbo" in ending["headline"]


def test_the_manhunt_lesson_plays_a_row_shown_by_the_rival() -> None:
    """Issue #12: the lesson does not only mention asking a rival, it plays it: the learner
    calls the rival's car to a conference (or stops on it), asks for a row he has not read,
    copies it, and wins on the sheet it leaves him."""
    script = read_script("manhunt")
    assert script is not None
    kinds = [step.expect.kind for step in script.steps]
    assert "ask" in kinds and ("call" in kinds or "confer" in kinds)
    state = script.new_game()
    copied: list[object] = []
    for _, what, _ in script.line():
        if isinstance(what, Action):
            move = what
        else:
            move = next(a for a in state.legal_actions() if what.matches(a))
        copied += [
            event.data["flap"]
            for event in state.apply(move)
            if event.kind == "shown"
            and event.visible_to(script.learner)
            and event.data["asker"] == script.learner
            and event.data["copied"]
        ]
    assert copied, "the learner never copies a row his rival showed him"
    assert state.winners == [script.learner]
