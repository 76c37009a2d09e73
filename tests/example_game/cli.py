"""`sleuth high-card ...`: High Card's own commands, as a game from outside adds them (its
manifest's `cli` part; docs/adding-a-game.md)."""

from __future__ import annotations

from argparse import ArgumentParser, Namespace

from sleuth.commands.base import Command, UsageError, group


def add_deal_arguments(parser: ArgumentParser) -> None:
    parser.add_argument("--players", "-p", type=int, default=2, help="Seats at the table.")
    parser.add_argument("--seed", "-s", type=int, default=0, help="Seed for the deal.")


def deal(args: Namespace) -> int | None:
    import sleuth  # what a command needs is imported when it runs, not when it is listed

    spec = sleuth.spec("high-card")
    if not spec.min_players <= args.players <= spec.max_players:
        raise UsageError(f"{spec.min_players} to {spec.max_players} players", "--players")
    cards = sleuth.new_game("high-card", players=args.players, seed=args.seed).reveal()["cards"]
    for seat, card in enumerate(cards):
        print(f"player {seat + 1}: {card}")
    return None


COMMANDS = {
    "high-card": group(
        "High Card tools: deal a table and show every card.",
        {"deal": Command("Deal a table and show every seat's card.", add_deal_arguments, deal)},
    ),
}
