"""Errors as the protocol spells them, `{"error": code, "message": words}`, and the size limit."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_MESSAGE = 64 * 1024
"""The largest HTTP body or WebSocket message the server reads, in bytes."""
LARGER_BODIES = {"/api/replays": 4 * 1024 * 1024}
"""Routes whose bodies may be larger: a long game's record runs past 64 KiB."""

BODY_SECONDS = 30.0
"""How long a client may take to send a whole request body."""

log = logging.getLogger("sleuth.server")


def writable(text: str) -> str:
    """`text` with any lone surrogate spelled out ("\\ud800"): it may quote odd input, and
    must still encode as UTF-8 on its way out."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


class ApiError(Exception):
    """A refused request: HTTP status, a short code for programs, a message for people."""

    def __init__(self, status: int, code: str, message: str) -> None:
        message = writable(message)
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers: dict[str, str] = {}  # such as Retry-After on a 429

    def to_json(self) -> dict[str, str]:
        return {"error": self.code, "message": self.message}


class ErrorResponse(JSONResponse):
    """An error as JSON, written in ASCII: a message quoting odd input can never fail to encode."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, separators=(",", ":")).encode("ascii")


def error_response(err: ApiError) -> ErrorResponse:
    return ErrorResponse(err.to_json(), status_code=err.status, headers=err.headers or None)


HTTP_CODES = {
    400: "malformed",
    401: "no_token",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    429: "rate_limited",
}


def describe_problems(errors: Sequence[Any]) -> str:
    """A validation failure (pydantic's list of problems) in words: the first three."""
    problems = []
    for problem in list(errors)[:3]:
        if problem.get("type") == "json_invalid":
            return "the body is not valid JSON"
        if problem.get("loc") == ("body",):
            return "the body must be a JSON object"
        where = ".".join(str(p) for p in problem.get("loc", ()) if p != "body")
        what = str(problem.get("msg", "invalid"))
        problems.append(f"{where}: {what}" if where else what)
    return writable("; ".join(problems) or "the request is not valid")


def install_error_handlers(app: FastAPI) -> None:
    """Every error the app answers, in the protocol's shape."""

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, err: ApiError) -> JSONResponse:
        return error_response(err)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, err: RequestValidationError) -> JSONResponse:
        return ErrorResponse(
            {"error": "malformed", "message": describe_problems(err.errors())}, status_code=400
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, err: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(err.status_code, "error")
        message = err.detail if isinstance(err.detail, str) else str(err.detail)
        return ErrorResponse(
            {"error": code, "message": message},
            status_code=err.status_code,
            headers=getattr(err, "headers", None),
        )

    @app.exception_handler(Exception)
    async def _bug(request: Request, err: Exception) -> JSONResponse:
        # Answered outside every middleware (Starlette's last resort), so it carries the
        # security headers itself.
        from sleuth.server.security import page_headers

        log.error("%s %s failed", request.method, request.url.path, exc_info=err)
        response = ErrorResponse(
            {"error": "server", "message": "the server failed at that (a bug): reload"},
            status_code=500,
        )
        response.headers.update(page_headers(request.headers.get("host", "")))
        return response


async def refuse(scope: Scope, send: Send, err: ApiError) -> None:
    """Answer a request that never reaches the app (an HTTP request or a WebSocket upgrade).

    A WebSocket upgrade gets a real HTTP answer where the server can send one
    (the ASGI `websocket.http.response` extension), else it is closed unopened.
    """
    body = json.dumps(err.to_json(), separators=(",", ":")).encode("ascii")
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *((k.lower().encode(), v.encode()) for k, v in err.headers.items()),
    ]
    if scope["type"] == "websocket":
        if "websocket.http.response" not in scope.get("extensions", {}):
            await send({"type": "websocket.close", "code": 1008, "reason": err.code})
            return
        prefix = "websocket."
    else:
        prefix = ""
    await send({"type": f"{prefix}http.response.start", "status": err.status, "headers": headers})
    await send({"type": f"{prefix}http.response.body", "body": body})


class BodyLimit:
    """ASGI middleware: refuse (413) any HTTP body over `limit` bytes before the app reads it,
    and (408) one that takes over `seconds` to arrive: a slow sender holds no connection."""

    def __init__(
        self,
        app: ASGIApp,
        limit: int = MAX_MESSAGE,
        seconds: float = BODY_SECONDS,
        larger: Mapping[str, int] | None = None,
    ) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds
        self.larger = dict(LARGER_BODIES if larger is None else larger)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.limit)
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await self._too_large(send, limit)
            return
        chunks: list[bytes] = []
        size = 0
        deadline = asyncio.get_running_loop().time() + self.seconds
        while True:
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                slow = ApiError(408, "too_slow", f"send the body within {self.seconds:g} s")
                await refuse(scope, send, slow)
                return
            if message["type"] != "http.request":
                await self.app(scope, _replay([message], receive), send)
                return
            body: bytes = message.get("body", b"")
            size += len(body)
            if size > limit:
                await self._too_large(send, limit)
                return
            chunks.append(body)
            if not message.get("more_body"):
                break
        whole: Message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([whole], receive), send)

    async def _too_large(self, send: Send, limit: int) -> None:
        body = json.dumps(
            {"error": "too_large", "message": f"messages are limited to {limit // 1024} KiB"}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _replay(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def again() -> Message:
        if pending:
            return pending.pop(0)
        message: Message = await receive()
        return message

    return again


def error_message(err: ApiError, request_id: Any = None) -> dict[str, Any]:
    """The WebSocket form of an error."""
    return {"type": "error", "id": request_id, **err.to_json()}


ERROR_SCHEMA: dict[str, Any] = {
    "title": "Error",
    "type": "object",
    "description": "Every refusal: a short code for programs and words for people.",
    "properties": {
        "error": {"type": "string", "examples": ["malformed"]},
        "message": {"type": "string", "examples": ["version: Field required"]},
    },
    "required": ["error", "message"],
}

_REFUSALS = {
    "400": "Refused input: malformed, illegal or unknown (`error` says which); nothing changed",
    "429": "Too many requests from this client: try again after `Retry-After` seconds",
}


def install_openapi(app: FastAPI) -> None:
    """Describe the errors as the server answers them: 400 with the error shape, never 422."""
    from fastapi.openapi.utils import get_openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=app.routes
        )
        schemas = schema.setdefault("components", {}).setdefault("schemas", {})
        schemas.pop("HTTPValidationError", None)
        schemas.pop("ValidationError", None)
        schemas["Error"] = ERROR_SCHEMA
        shape = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
        for operations in schema.get("paths", {}).values():
            for method, operation in operations.items():
                responses = operation.setdefault("responses", {})
                responses.pop("422", None)
                for status, words in _REFUSALS.items():
                    responses.setdefault(status, {"description": words, "content": shape})
                if method != "get":
                    responses.setdefault(
                        "403",
                        {"description": "Refused: not allowed (or from another site)",
                         "content": shape},
                    )  # fmt: skip
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
