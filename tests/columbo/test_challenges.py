"""Evidence from other detectives: the demand, the No Clue card, the demand in return."""

from __future__ import annotations

from sleuth.games.columbo.state import Columbo
from sleuth.games.columbo.words import Narrator
from tests.columbo.conftest import act, card, hand, kinds, legal, new, put, turn


def _face_to_face(
    mine: list[int], theirs: list[int], players: int = 2, seed: int = 3
) -> tuple[Columbo, int, int]:
    """Two detectives in Room 2, the first to move with doubles and the hands given."""
    state = new(players=players, seed=seed)
    me = state.turn.seat
    them = (me + 1) % players
    hand(state, me, mine)
    hand(state, them, theirs)
    put(state, me, "room-2")
    put(state, them, "room-2")
    turn(state, me, (2, 2), "move")
    return state, me, them


MINE = ("rope", "sports-figure", "motive")
THEIRS = ("poison", "columbo", "electric")


def _cards(state: Columbo, n: int, *kinds: str) -> list[int]:
    """`n` cards in play of these kinds, at most three of each (so no set is complete)."""
    cards = [c for k in kinds for c in [c for c in state.in_play if state.kind_of[c] == k][:3]][:n]
    assert len(cards) == n
    return cards


def test_a_demand_shows_a_card_of_the_kind_wanted() -> None:
    """CO-CHALLENGE-02: to demand, the player first shows a card of the kind he wants from his
    hand; he can only ask for kinds he can show (or Motive and Mystery, CO-CHALLENGE-09)."""
    state = new(players=2, seed=3)
    tv = card(state, "tv-star", 0)
    mine = [
        tv,
        *_cards(state, 3, "rope"),
        *_cards(state, 1, "motive"),
        *_cards(state, 2, "no-clue"),
    ]
    state, me, them = _face_to_face(mine, _cards(state, 7, *THEIRS))
    demands = legal(state, "demand")
    shown = {a.get("show") for a in demands}
    assert shown == {tv, *_cards(state, 3, "rope"), None}
    asked = {
        state.kind_of[a["show"]] if a.get("show") is not None else a["evidence"] for a in demands
    }
    assert asked == {"tv-star", "rope", "motive", "mystery"}
    events = act(state, "demand", target=them, show=tv)
    assert events[0].data["shown"]["id"] == tv and events[0].to is None


def test_the_demand_in_the_rulebooks_words() -> None:
    """CO-EXAMPLE-01: "By the way, here is a T.V. Star Card and I accuse you of withholding
    another one." """
    state = new(players=2, seed=3)
    tv = card(state, "tv-star", 0)
    state, me, them = _face_to_face([tv, *_cards(state, 6, *MINE)], _cards(state, 7, *THEIRS))
    events = act(state, "demand", target=them, show=tv)
    line = Narrator().say(events[0])
    assert (
        "By the way, here is a T.V. Star card and I accuse you of withholding another one." in line
    )


def test_an_opponent_with_the_kind_must_give_one() -> None:
    """CO-CHALLENGE-03: an opponent holding any card of the kind asked for must give one of
    them (he chooses which), unless he holds a No Clue card."""
    state = new(players=2, seed=3)
    tv = state.pack.of_kind("tv-star")
    state, me, them = _face_to_face(
        [tv[0], *_cards(state, 6, *MINE)], [tv[1], tv[2], *_cards(state, 5, *THEIRS)]
    )
    act(state, "demand", target=them, show=tv[0])
    assert state.to_move == them and state.turn.phase == "give"
    assert sorted(a["card"] for a in state.legal_actions()) == [tv[1], tv[2]]
    act(state, "give", card=tv[2])
    assert tv[2] in state.detectives[me].hand


def test_the_player_gives_a_card_in_return_and_the_turn_ends() -> None:
    """CO-CHALLENGE-04: in return the player gives the opponent a card from his hand (his
    discard), and the turn ends."""
    state = new(players=2, seed=3)
    tv = state.pack.of_kind("tv-star")
    state, me, them = _face_to_face(
        [tv[0], *_cards(state, 6, *MINE)], [tv[1], *_cards(state, 6, *THEIRS)]
    )
    act(state, "demand", target=them, show=tv[0])
    act(state, "give", card=tv[1])
    assert state.turn.phase == "exchange" and state.to_move == me
    back = _cards(state, 1, "rope")[0]
    events = act(state, "exchange", card=back)
    assert back in state.detectives[them].hand
    assert len(state.detectives[me].hand) == len(state.detectives[them].hand) == 7
    private = [e for e in events if e.kind == "exchanged"]
    assert sorted(e.to for e in private) == sorted([me, them])  # nobody else sees which card
    assert state.turn.seat == them and state.turn.phase == "roll"


def test_a_gift_that_completes_a_set_at_seven_still_gets_a_card_back() -> None:
    """CO-CHALLENGE-04 and CO-CARDS-04: a player who held seven when given a card gives one in
    return even when the card completes a set that goes onto the table (only a hand below
    seven gives nothing back); his hand ends at three."""
    state = new(players=2, seed=3)
    tv = state.pack.of_kind("tv-star")
    state, me, them = _face_to_face(
        [*tv[:3], *_cards(state, 4, "rope", "motive")], [tv[3], *_cards(state, 6, *THEIRS)]
    )
    act(state, "demand", target=them, show=tv[0])
    act(state, "give", card=tv[3])
    assert [sorted(s) for s in state.detectives[me].table] == [sorted(tv)]
    assert state.turn.phase == "exchange" and state.to_move == me
    act(state, "exchange", card=state.detectives[me].hand[0])
    assert len(state.detectives[me].hand) == 3 and len(state.detectives[them].hand) == 7


def test_a_gift_that_lays_down_the_whole_hand_gets_nothing_back() -> None:
    """CO-CHALLENGE-04 with CO-CARDS-05 (decision R2a): a gift that completes a second set
    for a player who held seven leaves his hand empty, so there is no card to give in
    return and the turn ends."""
    state = new(players=2, seed=3)
    tv, rope = state.pack.of_kind("tv-star"), state.pack.of_kind("rope")
    state, me, them = _face_to_face([*tv[:4], *rope[:3]], [rope[3], *_cards(state, 6, *THEIRS)])
    act(state, "demand", target=them, show=rope[0])
    act(state, "give", card=rope[3])
    assert state.detectives[me].hand == [] and len(state.detectives[me].table) == 2
    assert state.turn.phase == "roll" and state.legal_actions()


def test_no_clue_may_stand_in_for_the_card_asked_for() -> None:
    """CO-CHALLENGE-05: an opponent holding a No Clue card may give it instead."""
    state = new(players=2, seed=3)
    tv = state.pack.of_kind("tv-star")
    no_clue = _cards(state, 1, "no-clue")[0]
    state, me, them = _face_to_face(
        [tv[0], *_cards(state, 6, *MINE)], [tv[1], no_clue, *_cards(state, 5, *THEIRS)]
    )
    act(state, "demand", target=them, show=tv[0])
    assert sorted(a["card"] for a in state.legal_actions()) == sorted([tv[1], no_clue])


def test_a_no_clue_card_goes_out_of_the_game_and_ends_the_turn() -> None:
    """CO-CHALLENGE-06: the player puts a No Clue card aside, out of the game, gives nothing in
    return, and his turn ends."""
    state = new(players=2, seed=3)
    tv = state.pack.of_kind("tv-star")
    no_clue = _cards(state, 1, "no-clue")[0]
    state, me, them = _face_to_face(
        [tv[0], *_cards(state, 6, *MINE)], [tv[1], no_clue, *_cards(state, 5, *THEIRS)]
    )
    act(state, "demand", target=them, show=tv[0])
    events = act(state, "give", card=no_clue)
    assert state.aside == [no_clue] and no_clue not in state.detectives[me].hand
    assert len(state.detectives[me].hand) == 7 and len(state.detectives[them].hand) == 6
    assert [e.kind for e in events] == ["no_clue", "turn"]
    assert state.view(None)["aside"][0]["id"] == no_clue


def test_six_cards_after_a_no_clue_no_discard_until_seven() -> None:
    """CO-CARDS-03: the opponent left with six cards after giving up a No Clue card keeps his
    next card without discarding, until he holds seven again."""
    state = new(players=2, seed=3)
    tv = state.pack.of_kind("tv-star")
    no_clue = _cards(state, 1, "no-clue")[0]
    state, me, them = _face_to_face(
        [tv[0], *_cards(state, 6, *MINE)], [tv[1], no_clue, *_cards(state, 5, *THEIRS)]
    )
    act(state, "demand", target=them, show=tv[0])
    act(state, "give", card=no_clue)
    assert state.turn.seat == them
    put(state, them, "h10-06")  # the DOOR TO 2 space
    put(state, me, "living-room")
    turn(state, them, (1, 2), "move")
    events = act(state, "move", to="room-2")
    assert "kept" in [e.kind for e in events] and "discard" not in kinds(state)
    assert len(state.detectives[them].hand) == 7 and state.turn.seat == me


def test_below_seven_a_received_card_needs_no_card_in_return() -> None:
    """CO-CARDS-04: a player holding fewer than 7 cards who receives a card gives no discard
    in exchange (and the giver, one short, discards again only at seven)."""
    state = new(players=2, seed=3)
    tv = state.pack.of_kind("tv-star")
    state, me, them = _face_to_face(
        [tv[0], *_cards(state, 4, *MINE)], [tv[1], *_cards(state, 6, *THEIRS)]
    )
    act(state, "demand", target=them, show=tv[0])
    events = act(state, "give", card=tv[1])
    assert "exchange" not in [e.kind for e in events]
    assert len(state.detectives[me].hand) == 6 and len(state.detectives[them].hand) == 6
    assert state.turn.seat == them


def test_an_opponent_without_the_kind_may_demand_in_return() -> None:
    """CO-CHALLENGE-07: an opponent with no card of the kind gives nothing and may, in the same
    turn, demand a card from the player the same way; a success is the same exchange."""
    state = new(players=2, seed=3)
    tv = state.pack.of_kind("tv-star")
    rope = state.pack.of_kind("rope")
    state, me, them = _face_to_face(
        [tv[0], rope[0], *_cards(state, 5, *THEIRS)],
        [rope[1], *_cards(state, 1, "no-clue"), *_cards(state, 5, "electric", "sports-figure")],
    )
    events = act(state, "demand", target=them, show=tv[0])
    assert [e.kind for e in events] == ["demand", "has_none"]
    assert state.turn.phase == "counter" and state.to_move == them
    assert {a["target"] for a in legal(state, "demand")} == {me} and "pass" in kinds(state)
    events = act(state, "demand", target=me, show=rope[1])
    assert events[0].data["counter"] is True
    assert state.to_move == me and sorted(a["card"] for a in state.legal_actions()) == [rope[0]]
    act(state, "give", card=rope[0])
    assert rope[0] in state.detectives[them].hand
    assert state.turn.phase == "exchange" and state.to_move == them
    act(state, "exchange", card=_cards(state, 1, "electric")[0])
    assert state.turn.seat == them and state.turn.phase == "roll"


def test_a_failed_demand_in_return_ends_the_turn() -> None:
    """CO-CHALLENGE-08: if the player has no card of the kind asked for in return, the turn
    ends."""
    state = new(players=2, seed=3)
    tv = state.pack.of_kind("tv-star")
    rope = state.pack.of_kind("rope")
    theirs = [rope[1], *_cards(state, 6, "electric", "sports-figure")]
    state, me, them = _face_to_face([tv[0], *_cards(state, 6, *THEIRS)], theirs)
    act(state, "demand", target=them, show=tv[0])
    events = act(state, "demand", target=me, show=rope[1])
    assert [e.kind for e in events] == ["demand", "has_none", "turn"]
    assert state.turn.seat == them
    theirs = [rope[1], *_cards(state, 6, "electric", "sports-figure")]
    state, me, them = _face_to_face([tv[0], *_cards(state, 6, *THEIRS)], theirs)
    act(state, "demand", target=them, show=tv[0])
    assert [e.kind for e in act(state, "pass")] == ["pass", "turn"]


def test_motive_and_mystery_are_asked_for_without_showing() -> None:
    """CO-CHALLENGE-09: Motive cards and the "It's A Mystery To Me" card may be demanded
    without showing a card."""
    state = new(players=2, seed=3)
    motive = _cards(state, 1, "motive")[0]
    mystery = card(state, "mystery")
    state, me, them = _face_to_face(
        _cards(state, 7, *THEIRS), [motive, mystery, *_cards(state, 5, *MINE)]
    )
    assert {a["evidence"] for a in legal(state, "demand") if a.get("show") is None} == {
        "motive",
        "mystery",
    }
    events = act(state, "demand", target=them, evidence="mystery")
    assert events[0].data["shown"] is None
    act(state, "give", card=mystery)
    assert mystery in state.detectives[me].hand


def test_entering_a_room_with_an_opponent_draw_or_challenge() -> None:
    """CO-CHALLENGE-01 in a room (gap 9): entering a room where an opponent stands, the player
    either takes the top card or challenges, not both."""
    state = new(players=2, seed=3)
    me = state.turn.seat
    put(state, me, "h10-06")
    put(state, 1 - me, "room-2")
    turn(state, me, (1, 2), "move")
    act(state, "move", to="room-2")
    assert state.turn.phase == "arrived"
    assert kinds(state) == {"draw", "demand"}
