"""Errors as the protocol spells them, `{"error": code, "message": words}`, and the size limit."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_MESSAGE = 64 * 1024
"""The largest HTTP body or WebSocket message the server reads, in bytes."""


class ApiError(Exception):
    """A refused request: HTTP status, a short code for programs, a message for people."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"error": self.code, "message": self.message}


HTTP_CODES = {
    400: "malformed",
    401: "no_token",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
}


def _validation_message(err: RequestValidationError) -> str:
    problems = []
    for problem in err.errors()[:3]:
        if problem.get("type") == "json_invalid":
            return "the body is not valid JSON"
        if problem.get("loc") == ("body",):
            return "the body must be a JSON object"
        where = ".".join(str(p) for p in problem.get("loc", ()) if p != "body")
        what = str(problem.get("msg", "invalid"))
        problems.append(f"{where}: {what}" if where else what)
    return "; ".join(problems) or "the request is not valid"


def install_error_handlers(app: FastAPI) -> None:
    """Every error the app answers, in the protocol's shape."""

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, err: ApiError) -> JSONResponse:
        return JSONResponse(err.to_json(), status_code=err.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, err: RequestValidationError) -> JSONResponse:
        return JSONResponse(
            {"error": "malformed", "message": _validation_message(err)}, status_code=400
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, err: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(err.status_code, "error")
        message = err.detail if isinstance(err.detail, str) else str(err.detail)
        return JSONResponse(
            {"error": code, "message": message},
            status_code=err.status_code,
            headers=getattr(err, "headers", None),
        )


class BodyLimit:
    """ASGI middleware: refuse (413) any HTTP body over `limit` bytes before the app reads it."""

    def __init__(self, app: ASGIApp, limit: int = MAX_MESSAGE) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._too_large(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message], receive), send)
                return
            body: bytes = message.get("body", b"")
            size += len(body)
            if size > self.limit:
                await self._too_large(send)
                return
            chunks.append(body)
            if not message.get("more_body"):
                break
        whole: Message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([whole], receive), send)

    async def _too_large(self, send: Send) -> None:
        body = json.dumps(
            {"error": "too_large", "message": f"messages are limited to {self.limit // 1024} KiB"}
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
