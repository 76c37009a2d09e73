"""The address phones on this network use, and its QR code, for `sleuth serve --host 0.0.0.0`.

The QR code is drawn by segno (a small, dependency-free QR library, maintained for years,
made for exactly this) as text for the terminal: two rows of modules a line.
"""

from __future__ import annotations

import contextlib
import io
import socket


def lan_address() -> str | None:
    """This machine's IPv4 address on its local network, or None when it has none.

    A UDP socket "connected" to a documentation address makes the system choose the
    interface it would route through; nothing is sent, so it works offline too.
    """
    candidates: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent by a UDP connect
        candidates.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        candidates.append(socket.gethostbyname(socket.gethostname()))
    for address in candidates:
        if address and not address.startswith(("127.", "0.")):
            return address
    return None


def qr_text(url: str) -> str:
    """`url` as a QR code in text, light modules as blocks (for a dark terminal)."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def phone_url(host: str, port: int, wildcards: tuple[str, ...]) -> str | None:
    """The address phones on this network open, when the server listens for them."""
    if host not in wildcards:
        return None
    address = lan_address()
    return None if address is None else f"http://{address}:{port}/"


def phone_lines(host: str, port: int, wildcards: tuple[str, ...]) -> list[str]:
    """What `serve` prints for phones: the network address and its QR code (nothing when
    listening only on this machine, or when the machine has no network address)."""
    if host not in wildcards:
        return []
    url = phone_url(host, port, wildcards)
    if url is None:
        return ["sleuth: no network address found: phones cannot reach this machine yet"]
    return [f"sleuth: phones on this network open {url} (or scan this):", qr_text(url)]
