"""Every message a client may send, one strict schema each, with the same limits everywhere.

HTTP bodies (`NewTable`, `JoinRequest`, `ActionRequest`, `BotRequest`) and
WebSocket messages (`Hello`, `ActionMessage`, `Ping`, told apart by `type`)
are checked here before anything else reads them: exact JSON types, no
unknown fields, text of real characters (no lone surrogates such as
"\\ud800"), names without control or bidirectional-override characters, and
free-form JSON (game options, actions) no deeper than `MAX_DEPTH`.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
    model_validator,
)

from sleuth.core.actions import MAX_DEPTH
from sleuth.server.imports import MAX_ACTIONS

MAX_KEYS = 64
"""The most entries one JSON object or list (options, an action) may have."""


def has_lone_surrogate(text: str) -> bool:
    """True for text no UTF-8 encoder can write ("\\ud800" alone)."""
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def real_text(text: str) -> str:
    if has_lone_surrogate(text):
        raise ValueError("text must be real characters (a lone surrogate is not one)")
    return text


# Joiners are kept: emoji sequences and several scripts need them.
_ALLOWED_FORMAT = {"\u200c", "\u200d"}
_REFUSED_CATEGORIES = {"Cc", "Cs", "Co", "Cn", "Zl", "Zp"}


def _name_char_ok(char: str) -> bool:
    category = unicodedata.category(char)
    if category in _REFUSED_CATEGORIES:
        return False
    if category == "Cf":  # format characters: bidi overrides, isolates, marks, invisibles
        return char in _ALLOWED_FORMAT or 0xE0020 <= ord(char) <= 0xE007F  # emoji tag letters
    return True


def clean_name(name: str) -> str:
    real_text(name)
    bad = next((c for c in name if not _name_char_ok(c)), None)
    if bad is not None:
        raise ValueError(
            f"a name may not hold control or direction-changing characters (U+{ord(bad):04X})"
        )
    return name


CHAT_MAX = 300
"""The longest chat line, in characters."""


def clean_chat(text: str) -> str:
    """A chat line: one line of real characters, none that hides or turns text around."""
    real_text(text)
    bad = next((c for c in text if not _name_char_ok(c)), None)
    if bad is not None:
        raise ValueError(
            "a chat line is one line of text, without control or direction-changing "
            f"characters (U+{ord(bad):04X})"
        )
    return text


def plain_json(value: Any, depth: int = 0) -> Any:
    """`value` if it is JSON no deeper than MAX_DEPTH below its top, of real text throughout."""
    if depth > MAX_DEPTH + 1:
        raise ValueError(f"values may nest at most {MAX_DEPTH} deep")
    if isinstance(value, str):
        return real_text(value)
    if isinstance(value, dict):
        if len(value) > MAX_KEYS:
            raise ValueError(f"at most {MAX_KEYS} entries")
        for key, item in value.items():
            real_text(key)
            plain_json(item, depth + 1)
    elif isinstance(value, list):
        if len(value) > MAX_KEYS:
            raise ValueError(f"at most {MAX_KEYS} entries")
        for item in value:
            plain_json(item, depth + 1)
    elif not (value is None or isinstance(value, bool | int | float)):
        raise ValueError(f"{type(value).__name__} is not JSON")
    return value


def action_json(action: dict[str, Any]) -> dict[str, Any]:
    """An action as every game spells one: a `kind` and parameters that are whole numbers,
    text, booleans, null or lists of them (nested at most MAX_DEPTH deep), never objects."""
    plain_json(action)
    kind = action.get("kind")
    if not isinstance(kind, str) or not kind:
        raise ValueError("an action needs a 'kind' naming what to do")

    def check(value: Any) -> None:
        if isinstance(value, dict):
            raise ValueError("action parameters may not be objects")
        if isinstance(value, float):
            raise ValueError("action parameters are whole numbers, not decimals")
        if isinstance(value, list):
            for item in value:
                check(item)

    for value in action.values():
        check(value)
    return action


Text = Annotated[str, AfterValidator(real_text)]
Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=40),
    AfterValidator(clean_name),
]
ChatText = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=CHAT_MAX),
    AfterValidator(clean_chat),
]
Word = Annotated[str, Field(max_length=64), AfterValidator(real_text)]
Token = Annotated[str, Field(max_length=256), AfterValidator(real_text)]
JsonObject = Annotated[dict[str, Any], AfterValidator(plain_json)]
ActionJson = Annotated[dict[str, Any], AfterValidator(action_json)]
RequestId = (
    Annotated[int, Field(ge=-(2**53), le=2**53)]
    | Annotated[str, Field(max_length=64), AfterValidator(real_text)]
    | None
)
"""A WebSocket message's `id`, echoed in its answer: a number or a short string."""


class Strict(BaseModel):
    """Request bodies and messages: exact JSON types, no unknown fields."""

    model_config = ConfigDict(extra="forbid", strict=True)


# --- HTTP bodies ------------------------------------------------------------------------------
class SeatRequest(Strict):
    kind: Literal["human", "bot"] = "human"
    level: Annotated[Word, Field(max_length=40)] | None = Field(
        default=None, description="Bot level (bots only)"
    )
    name: Name | None = None


class RecordJson(Strict):
    """A game's record, as a terminal save (under `record`) or a tournament's results hold it."""

    game: Word = Field(examples=["kojak"])
    players: int = Field(ge=1, le=16)
    seed: int = Field(ge=0, lt=2**128)
    options: JsonObject = Field(default_factory=dict)
    actions: list[JsonObject] = Field(default_factory=list, max_length=MAX_ACTIONS)


class GameUpload(Strict):
    """A finished game to watch in the replay viewer: its record, or one game of a
    tournament's results (`sleuth tournament --out`, the file's text and the game's number)."""

    record: RecordJson | None = None
    results: str | None = Field(None, max_length=4 * 1024 * 1024)
    number: int | None = Field(None, ge=0, le=10**9)

    @model_validator(mode="after")
    def _one_game(self) -> GameUpload:
        if (self.record is None) == (self.results is None):
            raise ValueError("send either a record or a results file with a game number")
        if self.results is not None and self.number is None:
            raise ValueError("name the game in the results file by its number")
        return self


class NewTable(Strict):
    game: Word = Field(examples=["stop-thief"])
    players: int = Field(ge=1, le=16)
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=2**128,
        description="Omit for a secret random one; a chosen seed is shown to every seat",
    )
    options: JsonObject = Field(default_factory=dict, description="The game's options")
    seats: list[SeatRequest] | None = Field(
        None, max_length=16, description="One per player; omitted: every seat human"
    )
    turn_seconds: float | None = Field(
        None, gt=0, le=86400, description="A bot plays for a human idle this long"
    )
    open_seats: bool = Field(
        False, description="Anyone may take a free seat; otherwise each needs its invite"
    )
    pace: Literal["slow", "normal", "fast", "instant"] | None = Field(
        None, description="How fast the bots play; omitted: the server's default (normal)"
    )
    undo: bool | None = Field(
        None,
        description="Players may take back a move within their turn (one that drew no chance "
        "and showed nothing hidden); omitted: yes with at most one human seat, else no",
    )
    spectator_chat: bool = Field(
        False, description="Spectators may write in the table's chat (seats always may)"
    )


class PaceRequest(Strict):
    pace: Literal["slow", "normal", "fast", "instant"]


class JoinRequest(Strict):
    seat: int | None = Field(
        default=None, ge=0, le=64, description="Omit for the invite's seat, or the first free one"
    )
    name: Name | None = None
    invite: Token | None = Field(
        default=None, description="The seat's invite (from its join link); open seats need none"
    )


class HumanRequest(Strict):
    name: Name | None = Field(default=None, description="The seat's name until someone joins")


class ActionRequest(Strict):
    action: ActionJson = Field(examples=[{"kind": "roll"}])
    version: int = Field(ge=0, lt=2**53, description="The number of actions accepted so far")
    seat: int | None = Field(
        default=None, ge=0, le=64, description="If given, must be the token's own seat"
    )


class UndoRequest(Strict):
    version: int = Field(ge=0, lt=2**53, description="The number of actions accepted so far")
    seat: int | None = Field(
        default=None, ge=0, le=64, description="If given, must be the token's own seat"
    )


class BotRequest(Strict):
    level: Annotated[Word, Field(max_length=40)] | None = Field(
        default=None, description="Omit for the strongest level"
    )


# --- WebSocket messages -----------------------------------------------------------------------
class Hello(Strict):
    """Watch the table as the token's seat (a spectator without one); sent first."""

    type: Literal["hello"]
    id: RequestId = None
    token: Token | None = None


class ActionMessage(Strict):
    """Act for the socket's seat against `version`."""

    type: Literal["action"]
    id: RequestId = None
    action: ActionJson
    version: int = Field(ge=0, lt=2**53)


class Ping(Strict):
    type: Literal["ping"]
    id: RequestId = None


class ChatMessage(Strict):
    """Write a line in the table's chat, as the socket's seat (or a spectator, if allowed)."""

    type: Literal["chat"]
    id: RequestId = None
    text: ChatText


class UndoMessage(Strict):
    """Take back the socket's seat's last action, against `version`."""

    type: Literal["undo"]
    id: RequestId = None
    version: int = Field(ge=0, lt=2**53)


ClientMessage = Hello | ActionMessage | Ping | ChatMessage | UndoMessage
CLIENT_MESSAGES: dict[str, type[ClientMessage]] = {
    "hello": Hello,
    "action": ActionMessage,
    "ping": Ping,
    "chat": ChatMessage,
    "undo": UndoMessage,
}
"""The WebSocket messages by `type`."""
request_id: TypeAdapter[int | str | None] = TypeAdapter(RequestId, config=ConfigDict(strict=True))
