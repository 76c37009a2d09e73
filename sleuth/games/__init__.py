"""The games. Importing this package registers each with the core."""

from sleuth.games import stop_thief  # noqa: F401
