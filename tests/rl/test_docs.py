"""docs/rl.md's examples and the rl modules' doctests run, so they cannot lie."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
MODULES = ["base", "env", "single_agent", "stop_thief", "manhunt", "kojak", "__init__"]


def test_the_docs_python_blocks_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {})


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module("sleuth.rl" if name == "__init__" else f"sleuth.rl.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0
