"""Every module's doctests run in the suite, so the examples in the code cannot lie."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import sleuth

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(sleuth.__path__, prefix="sleuth.")
    if info.name != "sleuth.__main__"  # runs the command when imported
)


def test_every_module_is_found() -> None:
    assert "sleuth" not in MODULES and "sleuth.core.game" in MODULES
    assert "sleuth.games.stop_thief.tracker" in MODULES


@pytest.mark.parametrize("name", ["sleuth", *MODULES])
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
