"""How to play each game: its guide (Markdown in its package) as a page of its own.

The Markdown is ours and trusted, but it is still rendered with raw HTML switched
off, so nothing in a guide can ever become a script or a stray tag on our origin.
"""

from __future__ import annotations

import re
from functools import cache
from html import escape, unescape
from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import HTMLResponse

import sleuth
from sleuth.core.tutorial import slug
from sleuth.server.errors import ApiError

router = APIRouter()

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#14161c">
<title>How to play {title} · sleuth</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/css/sleuth.css">
<link rel="stylesheet" href="/static/css/guide.css">
</head>
<body class="page-guide">
<header class="topbar">
  <a class="brand" href="/" title="Back to the lobby"><span class="brand-name">sleuth</span></a>
  <span class="topbar-title">How to play {title}</span>
</header>
<main class="guide" id="guide" data-game="{name}">
{body}
<p class="guide-back"><a href="/">Back to the lobby: set up a table</a></p>
</main>
</body>
</html>
"""


@cache
def guide_page(name: str) -> str | None:
    """The whole page for a game, built once (the guide and the board never change)."""
    from markdown_it import MarkdownIt

    game = sleuth.spec(name)
    text = game.guide()
    if text is None:
        return None
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    # Each section gets an anchor, so a prompt or the tutorial's coach can link to it.
    body = re.sub(
        r"<h2>(.*?)</h2>",
        lambda m: f'<h2 id="{slug(unescape(m.group(1)))}">{m.group(1)}</h2>',
        body,
    )
    picture = (
        f'<img src="/api/games/{escape(name)}/board.svg" alt="The {escape(game.title)} board">'
        if game.has("picture")
        else ""
    )
    # The board under the title, before the first section.
    head, sep, rest = body.partition("</h1>")
    body = f'{head}{sep}\n<figure class="guide-board">{picture}</figure>{rest}' if sep else body
    return PAGE.format(title=escape(game.title), name=escape(name), body=body)


@router.get("/games/{game}/rules", include_in_schema=False)
def rules_page(game: Annotated[str, Path(max_length=64)]) -> HTMLResponse:
    """How to play the game, in our own words, with its board."""
    if game not in sleuth.game_names():
        raise ApiError(404, "not_found", f"no game called {game!r}")
    page = guide_page(game)
    if page is None:
        raise ApiError(404, "not_found", f"{game} has no guide yet")
    return HTMLResponse(page, headers={"Cache-Control": "max-age=600"})
