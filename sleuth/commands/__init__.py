"""Subcommands of the `sleuth` command, one module per group."""
