"""What a tournament's results say: win rates with intervals, game lengths, seat effects,
a rating per bot, as a table and as a plot.

Win rates count a game as won by every bot in a winning seat (some games let several
detectives share a win, Kojak's can end with none). Intervals are Wilson's at 95%.
Ratings are openskill's Plackett-Luce model, fed the games in their order (the winners
ranked first, every other seat tied behind), so the same results give the same ratings;
a game where one bot holds two seats is left out of the ratings, since a rating model
cannot rank a player against himself.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sleuth.lab.tournament import GameResult

Z95 = 1.959964


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate.

    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + Z95**2 / (2 * games)) / (1 + Z95**2 / games)
    spread = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2)) / (1 + Z95**2 / games)
    return (max(0.0, centre - spread), min(1.0, centre + spread))


@dataclass(frozen=True)
class BotLine:
    bot: str
    games: int
    wins: int
    interval: tuple[float, float]
    rating: float | None  # openskill's ordinal (mu - 3 sigma), None without openskill
    mu: float | None
    sigma: float | None

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Summary:
    game: str
    games: int
    unfinished: int
    no_winner: int
    mean_actions: float
    bots: list[BotLine]
    seat_wins: list[tuple[int, int]]  # per seat number: (wins, games)
    rated_games: int

    def table(self) -> str:
        """The summary as Markdown (read as plain text in a terminal too)."""
        lines = [
            f"{self.game}: {self.games} games, {self.mean_actions:,.0f} actions on average;"
            f" {self.no_winner} without a winner, {self.unfinished} stopped at the action limit",
            "",
            "| bot | games | wins | win rate (95% interval) | rating (mu, sigma) |",
            "| --- | ---: | ---: | --- | --- |",
        ]
        for line in self.bots:
            low, high = line.interval
            rating = (
                "-"
                if line.rating is None
                else f"{line.rating:.1f} ({line.mu:.1f}, {line.sigma:.1f})"
            )
            lines.append(
                f"| {line.bot} | {line.games} | {line.wins} |"
                f" {line.rate:.1%} ({low:.1%}-{high:.1%}) | {rating} |"
            )
        lines += [
            "",
            "| seat | games | wins | win rate (95% interval) |",
            "| ---: | ---: | ---: | --- |",
        ]
        for seat, (wins, games) in enumerate(self.seat_wins):
            low, high = wilson(wins, games)
            rate = wins / games if games else 0.0
            lines.append(f"| {seat + 1} | {games} | {wins} | {rate:.1%} ({low:.1%}-{high:.1%}) |")
        if self.rated_games < self.games:
            lines.append(
                f"\nRatings from {self.rated_games} of {self.games} games (the others seat"
                " one bot twice)."
            )
        return "\n".join(lines)


def summarise(results: Sequence[GameResult]) -> Summary:
    if not results:
        raise ValueError("no results to sum up")
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    seats: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for result in results:
        for seat, bot in enumerate(result.seats):
            played[bot] += 1
            seats[seat][1] += 1
            if seat in result.winners:
                won[bot] += 1
                seats[seat][0] += 1
    ratings, rated = _ratings(results)
    bots = []
    for bot in sorted(played, key=lambda b: (-won[b] / played[b], b)):
        mu_sigma = ratings.get(bot)
        bots.append(
            BotLine(
                bot=bot,
                games=played[bot],
                wins=won[bot],
                interval=wilson(won[bot], played[bot]),
                rating=None if mu_sigma is None else mu_sigma[0] - 3 * mu_sigma[1],
                mu=None if mu_sigma is None else mu_sigma[0],
                sigma=None if mu_sigma is None else mu_sigma[1],
            )
        )
    return Summary(
        game=results[0].game,
        games=len(results),
        unfinished=sum(not r.finished for r in results),
        no_winner=sum(r.finished and not r.winners for r in results),
        mean_actions=statistics.fmean(r.actions for r in results),
        bots=bots,
        seat_wins=[(seats[s][0], seats[s][1]) for s in sorted(seats)],
        rated_games=rated,
    )


def _ratings(results: Sequence[GameResult]) -> tuple[dict[str, tuple[float, float]], int]:
    """Each bot's (mu, sigma) after every game in order, and how many games were rated."""
    try:
        from openskill.models import PlackettLuce, PlackettLuceRating
    except ImportError:  # the lab extra is not installed: no ratings, everything else stands
        return {}, 0
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    rated = 0
    for result in results:
        if len(set(result.seats)) < len(result.seats) or not result.finished:
            continue
        for bot in result.seats:
            ratings.setdefault(bot, model.rating(name=bot))
        teams = [[ratings[bot]] for bot in result.seats]
        ranks = [1.0 if seat in result.winners else 2.0 for seat in range(len(result.seats))]
        for bot, (new,) in zip(result.seats, model.rate(teams, ranks=ranks), strict=True):
            ratings[bot] = new
        rated += 1
    return {bot: (r.mu, r.sigma) for bot, r in ratings.items()}, rated


def plot(summary: Summary, path: Path) -> None:
    """Draw each bot's win rate (with its interval) and rating; PNG or SVG by the suffix."""
    import matplotlib

    matplotlib.use("Agg")  # files only, never a window
    import matplotlib.pyplot as plt

    bots = summary.bots
    names = [b.bot for b in bots]
    rated = [b for b in bots if b.mu is not None]
    figure, axes = plt.subplots(1, 2 if rated else 1, figsize=(10 if rated else 5.5, 3.8))
    left = axes[0] if rated else axes
    rates = [b.rate * 100 for b in bots]
    errors = [
        [max(0.0, b.rate - b.interval[0]) * 100 for b in bots],  # rounding can dip below 0
        [max(0.0, b.interval[1] - b.rate) * 100 for b in bots],
    ]
    left.bar(names, rates, yerr=errors, capsize=6, color="#4a6fa5")
    left.set_ylabel("games won (%), 95% interval")
    left.set_ylim(0, 100)
    left.set_title(f"{summary.game}: {summary.games} games")
    if rated:
        right = axes[1]
        right.errorbar(
            [b.bot for b in rated],
            [b.mu for b in rated],
            yerr=[3 * (b.sigma or 0) for b in rated],
            fmt="o",
            capsize=6,
            color="#a5524a",
        )
        right.set_ylabel("rating mu, with 3 sigma")
        right.set_title("openskill Plackett-Luce")
        right.margins(x=0.3)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
