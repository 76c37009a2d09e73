"""Secrets stay secret on the wire: every byte each seat and spectator receives (issue 10).

One real `sleuth serve` process. For each game, a table with a drawn (secret)
seed; every seat joins by its invite over HTTP and watches by WebSocket, and a
spectator and the owner watch too. The seats play the first moves themselves
(by WebSocket and by HTTP, with refused actions mixed in: out of turn, stale,
another seat's move, nonsense), a seat reconnects mid-game, everyone reads the
lobby, the table and the replay of the unfinished game (refused); then bots
finish the game. Every WebSocket text and every HTTP answer (headers and body)
each party received is kept with the version of the game it was received at.

Afterwards the finished game's record is replayed in this process, and for each
party and version the engine says what that party may know: its own view, its
legal actions and the events it may see (with their words). The secrets are every
JSON fragment (each object, list and `"key":value` pair, as the server encodes
them) of what anyone could know or the engine holds hidden (every seat's view and
legal actions, every event and its words, `reveal()`) that the party does not
know yet at that version. None may appear, byte for byte, in anything the party
received at that version. Besides: the seed's digits before the game is over, and
every other seat's token and invite, at any time. A check that the detector sees
the game's secrets in the form they would leak in (the finished game's replay
shows them) keeps the test from passing by looking for the wrong bytes.

The Crime Scanner's session API is checked the same way: nothing before the
reveal names the drawn seed or the thief's route.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

import sleuth
from sleuth.core import GameState
from sleuth.core.actions import JSONValue
from sleuth.server.present import narrator, say
from tests.serve_process import Server

PLAYERS = {"stop-thief": 3, "manhunt": 2, "kojak": 3, "columbo": 3}
HUMAN_ACTIONS = 24  # moves the seats make themselves before the bots take over
RECONNECT_AT = 12  # the human move after which seat 0 opens a second socket
MIN_FRAGMENT = 10  # shorter JSON (`[1,2]`, `"to":3`) says too little to be told apart
NEVER = 1 << 30

Party = int | None  # a seat, or None for a spectator (the owner watches as one)


def dumps(value: JSONValue) -> str:
    """As the server encodes (sleuth.server.lobby.dumps)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# --- what each party received --------------------------------------------------------------------
@dataclass
class Inbox:
    """Everything one party received: (the game's version then, the text)."""

    party: Party
    name: str
    version: int = 0
    received: list[tuple[int, str]] = field(default_factory=list)

    def got(self, text: str, version: int | None = None) -> None:
        self.received.append((self.version if version is None else version, text + _said(text)))

    def got_http(self, answer: httpx.Response) -> Any:
        body = answer.json() if answer.content else None
        version = body.get("version") if isinstance(body, dict) else None
        headers = "\n".join(f"{k}: {v}" for k, v in answer.headers.items())
        self.got(f"{answer.status_code}\n{headers}\n\n{answer.text}",
                 version if isinstance(version, int) else None)  # fmt: skip
        return body


def _said(text: str) -> str:
    """What an update's patch says, as `"key":value` pairs: a patch writes a view's scalars as
    `"path":"/hand/2/name","value":...`, so these put them in the form secrets are sought in."""
    if not text.startswith('{"type":"update"'):
        return ""
    ops = json.loads(text)["patch"]
    pairs = [f"{dumps(op['path'].rsplit('/', 1)[-1])}:{dumps(op['value'])}"
             for op in ops if "value" in op]  # fmt: skip
    return "\n" + ",".join(pairs)


def found_in(fragment: str, text: str) -> bool:
    """Whether `fragment` is in `text` as a whole JSON value: `"money":50` is not in
    `"money":500` (objects, lists and strings end on their own)."""
    if fragment[-1] in '"}]':
        return fragment in text
    start = text.find(fragment)
    while start >= 0:
        end = start + len(fragment)
        if end == len(text) or not (text[end].isalnum() or text[end] in ".+-"):
            return True
        start = text.find(fragment, start + 1)
    return False


class Socket:
    """A WebSocket of one party: what it holds now (version, legal actions, status)."""

    def __init__(self, url: str, inbox: Inbox, token: str | None) -> None:
        self.ws: ClientConnection = connect(url, max_size=None, open_timeout=10)
        self.inbox, self.token = inbox, token
        self.version, self.status = -1, "open"
        self.legal: list[dict[str, Any]] = []
        self.to_move: int | None = None
        self.ws.send(json.dumps({"type": "hello", **({"token": token} if token else {})}))
        self.read_until(lambda m: m["type"] == "snapshot")

    def take(self) -> dict[str, Any]:
        text = self.ws.recv(timeout=30)
        assert isinstance(text, str)
        message: dict[str, Any] = json.loads(text)
        version = message.get("version") if message["type"] in ("snapshot", "update") else None
        self.inbox.got(text, version)
        if version is not None:
            self.version, self.inbox.version = version, max(self.inbox.version, version)
            self.legal, self.status, self.to_move = (message["legal"], message["status"],
                                                     message["to_move"])  # fmt: skip
        return message

    def read_until(self, done: Any) -> dict[str, Any]:
        while True:
            message = self.take()
            if done(message):
                return message

    def send(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one message and read up to its answer (its ack or error, by id)."""
        self.ws.send(json.dumps(message))
        return self.read_until(lambda m: m.get("id") == message["id"] and m["type"] != "update")

    def close(self) -> None:
        self.ws.close()


# --- one game over the wire ----------------------------------------------------------------------
@dataclass
class Played:
    game: str
    inboxes: list[Inbox]
    record: sleuth.Record
    secrets: dict[str, list[str]]  # party name -> byte strings it must never receive
    replay_text: str  # the finished game's replay: everything, revealed


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play_over_the_wire(server: Server, game: str, rng: random.Random) -> Played:
    players = PLAYERS[game]
    ws_url = server.url.replace("http", "ws", 1)
    with httpx.Client(base_url=server.url, timeout=30) as http:
        created = http.post("/api/tables", json={"game": game, "players": players}).json()
        tid, owner_token = created["id"], created["owner_token"]
        invites = [s["invite"] for s in created["seats"]]
        seats = [Inbox(n, f"seat {n}") for n in range(players)]
        spectator, owner = Inbox(None, "spectator"), Inbox(None, "owner")
        inboxes = [*seats, spectator, owner]
        tokens = []
        for n in range(players):
            joined = seats[n].got_http(http.post(f"/api/tables/{tid}/join",
                                                 json={"invite": invites[n]}))  # fmt: skip
            tokens.append(joined["token"])
        url = f"{ws_url}/ws/tables/{tid}"
        sockets = [Socket(url, seats[n], tokens[n]) for n in range(players)]
        watcher = Socket(url, spectator, None)
        everyone = [*sockets, watcher]

        def public_reads(inbox: Inbox, token: str | None) -> None:
            auth = _bearer(token) if token else {}
            inbox.got_http(http.get("/api/tables"))
            inbox.got_http(http.get(f"/api/tables/{tid}", headers=auth))
            inbox.got_http(http.get(f"/api/tables/{tid}/view", headers=auth))
            for path in (f"/api/tables/{tid}/replay", f"/api/tables/{tid}/replay?step=0"):
                answer = http.get(path, headers=auth)
                assert answer.status_code == 409, answer.text  # unfinished: refused
                inbox.got_http(answer)

        def catch_up(version: int) -> None:
            for sock in everyone:
                if sock.version < version:
                    sock.read_until(lambda m, v=version: m.get("version", -1) >= v
                                    and m["type"] == "update")  # fmt: skip

        for move in range(HUMAN_ACTIONS):
            if watcher.status != "playing" or watcher.to_move is None:
                break
            mover = sockets[watcher.to_move]
            seat, version = watcher.to_move, mover.version
            other = sockets[(seat + 1) % players]
            mine = mover.legal
            if move % 4 == 0:  # out of turn, by socket: an error, nothing changes
                answer = other.send({"type": "action", "id": f"r{move}", "version": version,
                                     "action": {"kind": "pass"}})  # fmt: skip
                assert answer["type"] == "error" and answer["error"] == "not_your_turn", answer
            if move % 4 == 1:  # a stale version, by HTTP
                stale = http.post(f"/api/tables/{tid}/actions", headers=_bearer(tokens[seat]),
                                  json={"action": mine[0], "version": version + 1})  # fmt: skip
                assert stale.status_code == 409
                seats[seat].got_http(stale)
            if move % 4 == 2:  # nonsense, by socket: the engine's words for why not
                answer = mover.send({"type": "action", "id": f"n{move}", "version": version,
                                     "action": {"kind": "play", "card": 999}})  # fmt: skip
                assert answer["type"] == "error"
            if move % 5 == 3:
                public_reads(seats[seat], tokens[seat])
                public_reads(spectator, None)
            choice = rng.choice(mine)
            if move % 2:
                answer = seats[seat].got_http(http.post(
                    f"/api/tables/{tid}/actions", headers=_bearer(tokens[seat]),
                    json={"action": choice, "version": version}))  # fmt: skip
                assert answer == {"version": version + 1}, answer
            else:
                ack = mover.send({"type": "action", "id": f"a{move}", "version": version,
                                  "action": choice})  # fmt: skip
                assert ack["type"] == "ack", ack
            catch_up(version + 1)
            if move == RECONNECT_AT:  # a second socket for seat 0: a snapshot mid-game
                everyone.append(Socket(url, seats[0], tokens[0]))
        for n in range(players):  # the bots finish the game
            owner.got_http(http.post(f"/api/tables/{tid}/seats/{n}/bot", json={},
                                     headers=_bearer(owner_token)))  # fmt: skip
        for sock in everyone:
            if sock.status != "finished":
                sock.read_until(lambda m: m.get("status") == "finished")
        for sock in everyone:
            sock.close()
        replayed = http.get(f"/api/tables/{tid}/replay")
        assert replayed.status_code == 200, replayed.text
        record = sleuth.Record.from_json(replayed.json()["record"])
    seed = str(record.seed)
    secrets: dict[str, list[str]] = {}
    for inbox in inboxes:
        own = {tokens[inbox.party], invites[inbox.party]} if inbox.party is not None else set()
        secrets[inbox.name] = [t for t in [*tokens, *invites, owner_token] if t not in own]
    # The seed: never before the game is over (the final update may show the reveal).
    final = len(record.actions)
    for inbox in inboxes:
        for version, text in inbox.received:
            assert version == final or seed not in text, (game, inbox.name, version, text[:300])
    return Played(game, inboxes, record, secrets, replayed.text)


# --- what the engine says each party may know ----------------------------------------------------
class Fragments:
    """The JSON fragments of values, cached by each top-level value's text (boards repeat)."""

    def __init__(self) -> None:
        self.cache: dict[str, frozenset[str]] = {}

    def of(self, value: JSONValue) -> frozenset[str]:
        text = dumps(value)
        found = self.cache.get(text)
        if found is None:
            out: set[str] = set()
            self._walk(value, text, out)
            found = self.cache[text] = frozenset(out)
        return found

    def of_dict(self, value: dict[str, JSONValue]) -> set[str]:
        """A top-level dict: each key's pair and value on its own, for the cache's sake."""
        out = {dumps(value)}
        for key, item in value.items():
            out.add(f"{dumps(key)}:{dumps(item)}")
            out |= self.of(item)
        return {f for f in out if len(f) >= MIN_FRAGMENT}

    def _walk(self, value: JSONValue, text: str, out: set[str]) -> None:
        if isinstance(value, dict):
            if len(text) >= MIN_FRAGMENT:
                out.add(text)
            for key, item in value.items():
                inner = dumps(item)
                pair = f"{dumps(key)}:{inner}"
                if len(pair) >= MIN_FRAGMENT:
                    out.add(pair)
                self._walk(item, inner, out)
        elif isinstance(value, list):
            if len(text) >= MIN_FRAGMENT:
                out.add(text)
            for item in value:
                if isinstance(item, (dict, list)):
                    self._walk(item, dumps(item), out)


def _without_ending(view: dict[str, Any]) -> dict[str, Any]:
    """A view without its `ending`: the finished game's story in words, public to all once
    the game is over (tests/core/test_endings.py), whose short pieces ("name": "Detective
    1", a figure's "value") would otherwise match public text sent earlier."""
    return {k: v for k, v in view.items() if k != "ending"}


def knowledge(record: sleuth.Record) -> tuple[set[str], dict[Party, dict[str, int]]]:
    """Every fragment anyone could know or the engine hides (the world), and for each party
    the version from which it knows each fragment it ever knows."""
    state: GameState = sleuth.new_game(record.game, record.players, record.seed,
                                       **record.options)  # fmt: skip
    parties: list[Party] = [*range(record.players), None]
    frags = Fragments()
    world: set[str] = set()
    known: dict[Party, dict[str, int]] = {p: {} for p in parties}
    words = narrator(record.game)
    told = 0  # events narrated so far

    def learn(party: Party, found: set[str] | frozenset[str], version: int) -> None:
        seen = known[party]
        for fragment in found:
            seen.setdefault(fragment, version)

    for version in range(len(record.actions) + 1):
        if version:
            state.apply(record.actions[version - 1])
        world |= frags.of_dict(_without_ending(state.reveal()))
        for party in parties:
            view = frags.of_dict(_without_ending(state.view(party)))
            world |= view
            learn(party, view, version)
        if state.to_move is not None and not state.over:
            legal = frags.of([a.to_json() for a in state.legal_actions()])
            world |= legal
            learn(state.to_move, legal, version)
        for event in state.log[told:]:
            # A snapshot re-tells a fleeting event in its later form and words (a discard
            # shown once is face down when a seat reconnects): both are the event's.
            later = event.later()
            forms = {*frags.of_dict(event.to_json()), *frags.of_dict(later.to_json()),
                     dumps({"text": say(words, event)})[1:-1],
                     dumps({"text": say(words, later)})[1:-1]}  # fmt: skip
            world |= forms
            for party in parties:
                if event.visible_to(party):
                    learn(party, forms, version)
        told = len(state.log)
    return {f for f in world if len(f) >= MIN_FRAGMENT}, known


def leaks(
    played: Played, world: set[str], known: dict[Party, dict[str, int]]
) -> list[tuple[str, int, str]]:
    """(party, version, fragment) for every secret found in what a party received."""
    found: list[tuple[str, int, str]] = []
    for inbox in played.inboxes:
        seen = known[inbox.party]
        # Only what the party does not know from the start can leak.
        unknown = sorted(((f, seen.get(f, NEVER)) for f in world if seen.get(f, NEVER) > 0),
                         key=lambda pair: -pair[1])  # fmt: skip
        for version, text in inbox.received:
            for fragment, since in unknown:
                if since <= version:
                    break  # sorted: every one after this is known by now
                if found_in(fragment, text):
                    found.append((inbox.name, version, fragment))
            found += [(inbox.name, version, s) for s in played.secrets[inbox.name] if s in text]
    return found


# --- the tests ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("wire")) / "sleuth.sqlite3")
    srv.start()
    yield srv
    srv.stop()


@pytest.mark.parametrize("game", list(PLAYERS))
def test_no_party_receives_a_byte_it_may_not_know(server: Server, game: str) -> None:
    played = play_over_the_wire(server, game, random.Random(f"wire-{game}"))
    assert played.record.actions and len(played.inboxes[0].received) > HUMAN_ACTIONS
    world, known = knowledge(played.record)
    found = leaks(played, world, known)
    assert not found, found[:5]
    # The detector looks for the secrets in the form they would take on the wire: the
    # replay, which reveals everything, shows a spectator plenty it did not know mid-game.
    middle = min(HUMAN_ACTIONS, len(played.record.actions) - 1)
    hidden = [f for f in world if known[None].get(f, NEVER) > middle]
    shown = [f for f in hidden if found_in(f, played.replay_text)]
    assert len(shown) >= 5, (game, len(hidden), shown)


def test_the_scanner_tells_neither_seed_nor_route_before_the_reveal(server: Server) -> None:
    """A drawn seed is the thief's whole route: nothing before the reveal may name it."""
    received: list[str] = []
    with httpx.Client(base_url=server.url, timeout=10) as http:

        def keep(answer: httpx.Response) -> Any:
            received.append(f"{answer.headers}\n{answer.text}")
            return answer.json()

        sid = keep(http.post("/api/scanner/sessions", json={}))["id"]
        presses = ["ON", "ON", *["CLUE"] * 6, "TIP", "TIP_RELEASE", "CLUE", "ARREST", "1",
                   "CLUE", "CLUE", "OFF", "ON", "CLUE", "9", "NOPE"]  # fmt: skip
        for button in presses:
            keep(http.post(f"/api/scanner/sessions/{sid}/presses", json={"button": button}))
            keep(http.get(f"/api/scanner/sessions/{sid}"))
        keep(http.post(f"/api/scanner/sessions/{sid}/presses",
                       json={"button": "CLUE", "version": 0}))  # stale  # fmt: skip
        reveal = http.get(f"/api/scanner/sessions/{sid}/reveal").json()
    seed, thieves = str(reveal["seed"]), reveal["thieves"]
    assert len(seed) > 20 and thieves
    # A route of two spaces or more ("123,113") is too particular to turn up by chance in
    # other numbers; one space alone is not. The drawn thief's route is often 4-8 spaces,
    # and was 2 in 6 of 3,000 draws (a thief who stays put at a CLUE adds no space).
    routes = [json.dumps(t["route"], separators=sep) for t in thieves if len(t["route"]) >= 2
              for sep in ((",", ":"), (", ", ": "))]  # fmt: skip
    assert routes, thieves
    for text in received:
        assert seed not in text
        assert '"route"' not in text and '"thief"' not in text
        assert not [r for r in routes if r[1:-1] in text], text
