"""The Crime Scanner companion: the 1979 unit for a real board whose scanner died.

`api` serves its page and its event-sourced sessions, `cli` is `sleuth scanner`
(the page, the terminal unit, scripted presses), `led` draws its display in the
terminal. The unit itself is `sleuth.games.stop_thief.device`.
"""
