"""Tournaments: seeded, the same on any number of processes, saved, summed up and drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

import sleuth
from sleuth.lab.report import plot, summarise, wilson
from sleuth.lab.results import load, save
from sleuth.lab.tournament import Tournament, run
from tests.command_line import run_sleuth

SMALL = Tournament("kojak", ("random", "expert"), games=6, seed=3)


def test_every_seating_is_played_in_turn() -> None:
    three = Tournament("manhunt", ("random", "novice", "expert"), games=6, players=2)
    seatings = [job.seats for job in three.jobs()]
    assert len(set(seatings)) == 6  # each ordered pair once
    four = Tournament("kojak", ("random", "expert"), games=2, players=4)
    assert [job.seats for job in four.jobs()] == [
        ("random", "expert", "random", "expert"),
        ("expert", "random", "expert", "random"),
    ]
    assert [job.seed for job in SMALL.jobs()] == [3, 4, 5, 6, 7, 8]


def test_the_same_tournament_gives_the_same_results_on_one_or_two_processes() -> None:
    assert run(SMALL, workers=1) == run(SMALL, workers=2)


def test_each_result_replays_to_its_own_ending() -> None:
    for result in run(SMALL, workers=1):
        again = sleuth.replay(result.record)
        assert again.over == result.finished
        assert tuple(again.winners) == result.winners
        assert len(again.history) == result.actions


def test_results_survive_a_file_and_a_damaged_file_is_refused(tmp_path: Path) -> None:
    results = run(SMALL, workers=1)
    path = tmp_path / "games.csv"
    save(results, path)
    assert load(path) == results
    header, first, *rest = path.read_text().splitlines(keepends=True)
    path.write_text(header + first.replace("[", "{", 1) + "".join(rest))  # seats not JSON
    with pytest.raises(ValueError, match="line"):
        load(path)
    (tmp_path / "other.csv").write_text("a,b\n1,2\n")
    with pytest.raises(ValueError, match="not a tournament file"):
        load(tmp_path / "other.csv")


def test_the_summary_counts_wins_seats_and_rates_the_bots(tmp_path: Path) -> None:
    summary = summarise(run(SMALL, workers=1))
    lines = {line.bot: line for line in summary.bots}
    assert sum(line.games for line in lines.values()) == 12
    assert lines["expert"].wins + lines["random"].wins == sum(w for w, _ in summary.seat_wins)
    assert lines["expert"].wins > lines["random"].wins
    assert lines["expert"].mu is not None and lines["random"].mu is not None
    assert lines["expert"].mu > lines["random"].mu  # the winner of every game rates higher
    assert summary.rated_games == 6
    for suffix in (".png", ".svg"):
        plot(summary, tmp_path / f"plot{suffix}")
    assert (tmp_path / "plot.png").read_bytes().startswith(b"\x89PNG")
    assert b"<svg" in (tmp_path / "plot.svg").read_bytes()[:2000]


def test_wilson_intervals() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(10, 10)
    assert high == pytest.approx(1.0) and 0.69 < low < 0.73


def test_unplayable_tournaments_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="no wizard bot"):
        Tournament("kojak", ("random", "wizard"), games=2).check()
    with pytest.raises(ValueError, match="players"):
        Tournament("kojak", ("random", "expert"), games=2, players=9).check()
    with pytest.raises(ValueError, match="two bots"):
        Tournament("kojak", ("expert",), games=2).check()


def test_the_command_prints_the_table_and_writes_its_files(tmp_path: Path) -> None:
    out, drawn = tmp_path / "games.csv", tmp_path / "plot"
    result = run_sleuth("tournament", "kojak", "--bots", "random,expert", "-n", "4", "-j", "1",
                        "--out", str(out), "--plot", str(drawn))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "expert" in result.output and "win rate" in result.output
    assert len(load(out)) == 4 and (tmp_path / "plot.png").exists()
    refused = run_sleuth("tournament", "kojak", "--bots", "random,wizard")
    assert refused.exit_code != 0 and "wizard" in refused.output


def test_a_local_ray_instance_gives_the_same_results() -> None:
    """The Ray backend on a Ray instance started for the run (two CPUs)."""
    pytest.importorskip("ray")
    assert run(SMALL, workers=2, backend="ray") == run(SMALL, workers=1)
