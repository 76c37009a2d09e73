"""`sleuth serve --host 0.0.0.0` prints the address phones use and its QR code (segno)."""

from __future__ import annotations

import pytest
import segno

from sleuth.commands import lan
from sleuth.commands.serve import WILDCARDS

LIGHT_TOP = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}  # (upper, lower) light


def modules(text: str) -> list[list[int]]:
    """The compact terminal drawing read back into rows of modules, 1 for dark."""
    rows: list[list[int]] = []
    for line in text.splitlines():
        pairs = [LIGHT_TOP[c] for c in line]
        rows.append([1 - upper for upper, _ in pairs])
        rows.append([1 - lower for _, lower in pairs])
    return rows


def test_only_a_server_on_every_address_prints_for_phones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lan, "lan_address", lambda: "192.168.1.20")
    assert lan.phone_lines("127.0.0.1", 8000, WILDCARDS) == []
    words, picture = lan.phone_lines("0.0.0.0", 8123, WILDCARDS)
    assert "http://192.168.1.20:8123/" in words
    code = segno.make("http://192.168.1.20:8123/", error="m")
    border = 2
    size = len(code.matrix) + 2 * border
    expected = [[0] * size for _ in range(border)]
    expected += [[0] * border + [int(bool(m)) for m in row] + [0] * border for row in code.matrix]
    expected += [[0] * size for _ in range(border)]
    drawn = modules(picture)
    assert drawn[:size] == expected  # the same modules, so a phone reads the same address
    monkeypatch.setattr(lan, "lan_address", lambda: None)
    assert "no network address" in lan.phone_lines("::", 8000, WILDCARDS)[0]


def test_the_address_found_is_never_this_machines_loopback() -> None:
    address = lan.lan_address()
    assert address is None or not address.startswith("127.")
