"""The server's collector settings (sleuth/server/collector.py): set once start-up is over."""

from __future__ import annotations

import gc

from fastapi.testclient import TestClient

from sleuth.server.collector import FULL_PASS_EVERY


def test_a_started_server_froze_its_start_up_and_spaced_the_full_passes(
    client: TestClient,
) -> None:
    """Start-up's objects are out of the full passes, which come 10x rarer than Python's
    default (at 500 actions/s they set the latency's p99: docs/server.md)."""
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[2] == FULL_PASS_EVERY != 10
