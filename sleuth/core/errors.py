"""Errors every game raises the same way."""


class IllegalAction(ValueError):
    """An action the current state does not allow, or one that is malformed.

    The message is written for a player ("You may only play one Sleuth Card a
    turn"), and raising it always leaves the state exactly as it was.
    """


class CorruptRecord(ValueError):
    """A saved game record that cannot be read or replayed."""
