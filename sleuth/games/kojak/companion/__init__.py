"""Kojak's companion: the informer cards' codes and the Solution Book, for a real box.

`device` is the logic (which seat took which informer, the book's check at an
arrest), `api` serves it through the shared companion server
(`sleuth.server.companions`), one seat a phone, secrets per seat.
"""
