"""Sleuth Cards, WANTED posters and Detective Licenses, loaded from data/content.json."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

Effect = Literal[
    "extra_turn", "lose_turn", "move_anywhere", "extra_spaces", "tip", "extra_clues",
    "collect", "back_to_acme",
]  # fmt: skip
EFFECTS: tuple[str, ...] = Effect.__args__  # type: ignore[attr-defined]
TARGETED = {"lose_turn": "another", "collect": "another", "back_to_acme": "anyone"}


class ContentError(ValueError):
    """The content data file is inconsistent."""


@dataclass(frozen=True, slots=True)
class SleuthCard:
    id: int  # 0-31: one per physical card
    name: str
    effect: Effect
    amount: int
    text: str

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "effect": self.effect, "text": self.text}


@dataclass(frozen=True, slots=True)
class Poster:
    id: int
    name: str
    reward: int


@dataclass(frozen=True, slots=True)
class License:
    name: str
    detective: Literal["male", "female"]


@dataclass(frozen=True)
class Content:
    cards: tuple[SleuthCard, ...]
    posters: tuple[Poster, ...]
    licenses: tuple[License, ...]


def parse_content(data: Any) -> Content:
    """Check and convert the JSON content file; raise ContentError on anything amiss."""
    cards: list[SleuthCard] = []
    for kind in data["sleuth_cards"]:
        if kind["effect"] not in EFFECTS:
            raise ContentError(f"unknown card effect {kind['effect']!r}")
        needs_amount = kind["effect"] in ("extra_spaces", "tip", "extra_clues", "collect")
        if needs_amount != ("amount" in kind):
            raise ContentError(
                f"card {kind['name']!r}: amount is {'missing' if needs_amount else 'extra'}"
            )
        for _ in range(int(kind["count"])):
            cards.append(
                SleuthCard(
                    len(cards),
                    kind["name"],
                    kind["effect"],
                    int(kind.get("amount", 0)),
                    kind["text"],
                )
            )
    if len(cards) != 32:
        raise ContentError(f"there are 32 Sleuth Cards, not {len(cards)}")
    posters = tuple(
        Poster(i, p["name"], int(p["reward"])) for i, p in enumerate(data["wanted_posters"])
    )
    if len(posters) != 10 or any(p.reward < 800 for p in posters):
        raise ContentError("there are 10 WANTED posters, each worth at least $800")
    licenses = tuple(
        License(str(item["name"]), item["detective"]) for item in data["detective_licenses"]
    )
    if sorted(lic.detective for lic in licenses) != ["female"] * 4 + ["male"] * 4:
        raise ContentError("there are 8 Detective Licenses, 4 for male and 4 for female detectives")
    return Content(tuple(cards), posters, licenses)


@cache
def load_content() -> Content:
    text = resources.files("sleuth.games.stop_thief").joinpath("data/content.json").read_text()
    return parse_content(json.loads(text))
