"""The pages' scripts, styles and pictures, asked again of the server before each use.

Starlette's StaticFiles sends an ETag and a Last-Modified date but no Cache-Control, so a
browser may keep a file for a while on its own guess (a tenth of its age) and run an old
script against a newer server after an upgrade. `no-cache` makes it check first: an
unchanged file costs one small 304 answer.
"""

from __future__ import annotations

from typing import Any

from starlette.responses import Response
from starlette.staticfiles import StaticFiles


class FreshStaticFiles(StaticFiles):
    """StaticFiles whose answers say `Cache-Control: no-cache`."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers.setdefault("Cache-Control", "no-cache")
        return response


__all__ = ["FreshStaticFiles"]
