"""A building's turntable: slots in a ring, turning clockwise, one slot at the open front.

Slots are numbered in the order they come to the front: turning the table one
space clockwise (the way of the white arrow) brings slot `front + 1` to the
front centre (KJ-INFORMER-02). The building's walls hide every slot but the
front one, so what players know of the others is only what they have seen go
past the front: `seen` holds that public knowledge (True: an informer, False:
empty, None: never seen since set-up).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sleuth.core import Rng


@dataclass
class Turntable:
    building: str
    slots: list[bool]  # True where an informer stands
    front: int  # the slot at the open front centre, between the white lines
    seen: list[bool | None]

    @classmethod
    def set_up(cls, building: str, size: int, informers: int, rng: Rng) -> Turntable:
        """Informers in random slots, then turned so one stands out front (KJ-SETUP-02)."""
        order = list(range(size))
        rng.shuffle(order)
        chosen = order[:informers]
        slots = [i in chosen for i in range(size)]
        front = rng.choice(sorted(chosen))
        seen: list[bool | None] = [None] * size
        seen[front] = True
        return cls(building, slots, front, seen)

    @property
    def out_front(self) -> bool:
        """Is an informer standing at the front centre (KJ-BOARD-04)?"""
        return self.slots[self.front]

    @property
    def informers(self) -> int:
        return sum(self.slots)

    def turn(self, spaces: int) -> list[bool]:
        """Turn clockwise; return, slot by slot, whether an informer came past the front."""
        passed = []
        for _ in range(spaces):
            self.front = (self.front + 1) % len(self.slots)
            self.seen[self.front] = self.slots[self.front]
            passed.append(self.slots[self.front])
        return passed

    def take(self) -> None:
        """The informer out front leaves the turntable with its card (KJ-CLUE-08)."""
        if not self.slots[self.front]:
            raise ValueError(f"no informer stands in front of the {self.building}")
        self.slots[self.front] = False
        self.seen[self.front] = False

    def redraw_unseen(self, rng: Rng) -> None:
        """Put the informers nobody has seen into slots nobody has seen, at random (resampling)."""
        unseen = [i for i, s in enumerate(self.seen) if s is None]
        hidden = self.informers - sum(1 for s in self.seen if s)
        rng.shuffle(unseen)
        for i, slot in enumerate(unseen):
            self.slots[slot] = i < hidden

    def to_json(self) -> dict[str, Any]:
        """What everyone can see or remember of the table (never the unseen slots)."""
        return {
            "slots": len(self.slots),
            "front": self.front,
            "out_front": self.out_front,
            "informers": self.informers,
            "seen": list(self.seen),
        }
