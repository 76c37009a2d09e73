"""Text pages (help) laid out for the width there is: a help line holding two commands side
by side becomes two lines when the screen is narrow, and a long description goes on under
its own column, so a command never ends up beside the wrong words at 80 columns."""

from __future__ import annotations

import re

GAP = re.compile(r" {3,}(?=\S)")  # between two columns
DESCRIPTION = re.compile(r"^( *\S+(?: \S+)*? {2,})\S")  # a command, then its words


def fit_columns(text: str, width: int, *, prose: bool = True) -> str:
    """`text` with every line at most `width` long (a single word longer than that aside);
    lines that only went on from the one before are wrapped with it, unless the text is a
    list (`prose=False`: every line an item of its own, such as `legal`'s)."""
    if width <= 0:
        return text
    out: list[str] = []
    lines = [line.rstrip() for line in text.splitlines()]
    k = 0
    while k < len(lines):
        line = lines[k]
        # prose too long for the width runs on into the next unindented line, so a
        # paragraph is wrapped as one (no stub of a word left on a line of its own)
        while prose and len(line) > width and k + 1 < len(lines) and _runs_on(line, lines[k + 1]):
            k += 1
            line = f"{line} {lines[k].lstrip()}"
        out.extend(_fit(line, width))
        k += 1
    return "\n".join(out)


def _runs_on(line: str, following: str) -> bool:
    """Whether `following` goes on with `line`: both prose (unindented), or `following`
    indented just under `line`'s description."""
    if not following.strip():
        return False
    if not line.startswith(" "):
        return not following.startswith(" ")
    head = DESCRIPTION.match(line)
    return head is not None and len(following) - len(following.lstrip(" ")) == len(head.group(1))


def _fit(line: str, width: int) -> list[str]:
    indent = len(line) - len(line.lstrip(" "))
    head = DESCRIPTION.match(line)
    hang = len(head.group(1)) if head and len(head.group(1)) < width // 2 else indent
    lines: list[str] = []
    while len(line) > width:
        # a second column starting within the width: it goes on a line of its own
        gaps = [m for m in GAP.finditer(line) if indent < m.start() and m.end() < len(line)]
        second = [m for m in gaps if m.start() <= width and _is_column(line, m.end())]
        if second:
            gap = second[-1]
            lines.append(line[: gap.start()])
            line = " " * indent + line[gap.end() :]
            continue
        # else wrap at a space, going on under the description's column
        cut = line.rfind(" ", indent + 1, width + 1)
        if cut <= indent:
            break  # one long word: leave it whole
        lines.append(line[:cut].rstrip())
        line = " " * hang + line[cut:].lstrip()
    lines.append(line)
    return lines


def _is_column(line: str, start: int) -> bool:
    """Whether what starts at `start` looks like a second command with its own words (a word
    or two, then two spaces or more), not the rest of a sentence."""
    return bool(re.match(r"\S+(?: \S+)*? {2,}\S", line[start:]))


__all__ = ["fit_columns"]
