"""`sleuth companion GAME`: a game's companion in the terminal, its seats on this keyboard.

    sleuth companion kojak --players 3 --names Ann,Bob,Cy --setting game=7
    sleuth companion manhunt --players 2 --here 1 --setting crime=murder
    sleuth companion kojak --session ID           # resume (the seats this terminal held)
    sleuth companion kojak --session ID --take 2  # and take a free seat here

A new session takes the first `--here` seats here (all by default); the others are
left for phones, which open `/companion/GAME?session=ID` on `sleuth serve` run with the
same `--db`. Settings are the game's, as its page's form sends them (`--setting
game=0` for a generated Kojak case); they are checked as the server checks them.
"""

from __future__ import annotations

from argparse import ArgumentParser, Namespace
from typing import Any

from sleuth.commands.base import Command, UsageError
from sleuth.commands.values import repeatable

SETTING_HELP = (
    "A setting of the game's companion, KEY=VALUE (repeatable): kojak game, version,"
    " contacts; manhunt crime, card, case_set; columbo places."
)


def _value(text: str) -> int | str | bool:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return int(text) if text.lstrip("-").isdigit() else text


def add_arguments(parser: ArgumentParser) -> None:
    add = parser.add_argument
    add("game", metavar="GAME", help="kojak, manhunt or columbo.")
    add("--players", type=int, default=2, help="Seats in a new session.")
    repeatable(parser, "--setting", help=SETTING_HELP)
    add("--names", default="", help="Names of the seats taken here, comma-separated.")
    add("--here", type=int, help="A new session: how many seats this terminal takes.")
    add("--session", help="Resume this session (its id).")
    repeatable(parser, "--take", type=int, help="Resuming: take this free seat here (from 1).")
    add(
        "--db",
        default="sleuth.sqlite3",
        help="SQLite file or SQLAlchemy URL (the server's, to share).",
    )


def run(args: Namespace) -> None:
    from pathlib import Path

    game, players, here, session, db = args.game, args.players, args.here, args.session, args.db
    import sleuth
    from sleuth.core.companion import Refused, TerminalFace

    try:
        manifest = sleuth.spec(game)
    except sleuth.IllegalAction as err:
        raise UsageError(str(err), "GAME") from None
    if not manifest.has("companion_terminal"):
        have = [n for n in sleuth.game_names() if sleuth.spec(n).has("companion_terminal")]
        raise UsageError(
            f"{manifest.title} has no companion here (these do: {', '.join(have)}); see"
            " `sleuth --help` for its own devices",
            "GAME",
        )
    face: TerminalFace = manifest.load("companion_terminal")
    from pydantic import ValidationError

    from sleuth.server.companions import CompanionStore
    from sleuth.tui.companion import CompanionTerminal, TokenFile

    if here is not None and not 1 <= here <= players:
        raise UsageError(f"take 1 to {players} seats here", "--here")
    if session is not None and here is not None:
        raise UsageError("a resumed session keeps its seats: --take one", "--here")
    url = db if "://" in db else f"sqlite:///{Path(db).resolve()}"
    store = CompanionStore(face.spec, url)
    given = [n.strip() for n in args.names.split(",") if n.strip()]
    try:
        if session is None:
            body: dict[str, Any] = {**face.defaults, "players": players}
            for pair in args.setting:
                key, sep, value = pair.partition("=")
                if not sep:
                    raise UsageError(f"{pair!r}: write KEY=VALUE", "--setting")
                body[key.strip()] = _value(value.strip())
            try:
                checked = face.spec.settings.model_validate(body)
            except ValidationError as err:
                first = err.errors()[0]
                where = ".".join(str(p) for p in first["loc"])
                raise UsageError(f"{where}: {first['msg']}", "--setting") from None
            made, host = store.open(face.spec.prepare(checked))
            sid, seats = made.id, list(range(players if here is None else here))
        else:
            host = None
            if store.get(session) is None:
                raise UsageError(f"there is no {game} session {session!r}", "--session")
            sid, seats = session, [s - 1 for s in args.take]
        tokens = TokenFile(face.spec.game, sid)
        held = tokens.load()
        found = store.get(sid)
        assert found is not None
        for i, seat in enumerate(seats):
            name = given[i] if i < len(given) else f"Player {seat + 1}"
            held[seat] = store.take_seat(found, seat, name)
        tokens.save(held, host)  # the host token: to re-issue a phone's lost seat
    except (Refused, ValueError) as err:
        raise UsageError(str(err)) from None
    print(f"{manifest.title} companion: session {sid} (database: {url})")
    if not held:
        raise UsageError("this terminal holds no seat: --take one", "--take")
    CompanionTerminal(face, store, sid, tokens).run()
    print(f"Resume: sleuth companion {game} --session {sid} --db {db}")


COMMAND = Command(
    'A game\'s companion in the terminal: seats on one keyboard, behind a "pass to" cover.',
    add_arguments,
    run,
)
