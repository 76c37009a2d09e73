"""The README's Python examples and commands run, so the README cannot lie to a newcomer."""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

from tests.command_line import run_sleuth

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def test_readme_python_blocks_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})


def listed_commands() -> list[list[str]]:
    """Every command the README tells a reader to type: its `sh` blocks, and the first
    column of its tables."""
    text = README.read_text()
    lines = [line for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S)
             for line in block.splitlines() if line.strip()]  # fmt: skip
    lines += re.findall(r"^\| `([^`]+)` \|", text, flags=re.M)
    return [shlex.split(line) for line in lines]


def test_every_listed_command_exists_and_answers_help() -> None:
    """No bare `sleuth ...` (nothing puts it on the PATH): each is a script in bin/, and
    each `bin/sleuth` command is one the CLI knows (it answers --help)."""
    commands = listed_commands()
    assert len(commands) >= 8
    for words in commands:
        script = ROOT / words[0]
        assert script.is_file() and script.stat().st_mode & 0o111, f"{words[0]}: no such script"
        if words[0] == "bin/sleuth":
            answer = run_sleuth(*words[1:], "--help")
            assert answer.exit_code == 0 and "Usage:" in answer.stdout, (words, answer.output)


def test_the_wrapper_runs_a_listed_command_as_printed() -> None:
    """`bin/sleuth stop-thief track 1Cr dr FL dr GL` prints 148, as the README says."""
    (words,) = [w for w in listed_commands() if w[1:3] == ["stop-thief", "track"]]
    done = subprocess.run(words, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["148"] and done.stderr == "", "set-up says nothing when done"
