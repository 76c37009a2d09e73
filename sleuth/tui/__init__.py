"""The terminal interface: play the games on one keyboard, humans against bots.

`words` (events in English), `commands` (typed commands to actions) and
`board_text` (the board as coloured text) are pure and reusable; the Textual
app lives in `stop_thief`.
"""
