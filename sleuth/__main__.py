"""`python -m sleuth` is the `sleuth` command."""

from sleuth.cli import app

app()
