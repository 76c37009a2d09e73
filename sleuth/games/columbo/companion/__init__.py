"""Columbo's companion: a lawn tracker, an open board of numbered places for a real table.

`device` is the lawn (which places hold a card, and the face-up ones' names),
`api` serves it through the shared companion server (`sleuth.server.companions`).
Nothing in it is secret, and it never remembers a face-down card for anyone.
"""
