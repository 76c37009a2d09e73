"""Manhunt's companion: the Computer and the Clue Scanner with a secret Scanner Card.

`device` is the logic (the lever's spins, each seat's probes and Clue Sheet, the
card's check at an accusation), `api` serves it through the shared companion
server (`sleuth.server.companions`), one seat a phone, secrets per seat.
"""
