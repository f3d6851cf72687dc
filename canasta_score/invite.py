"""The link the phones at the table open, as text and as a QR code (made by segno).

The QR code is printed in the terminal below the link when the app serves the network, and
`qr_png` / `qr_svg_data_uri` give the same code as a picture for a screen in the app.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import segno

TOKEN_PARAMETER = "token"

#: How the table is served to the phones (the app in the browser, on the local network).
SERVE_COMMAND = "python main.py --web --host 0.0.0.0"


def invite_link(host: str, port: int, token: str | None) -> str:
    """The address to open on a phone: host and port, with the access token if there is one.

    >>> invite_link("192.168.1.20", 8550, "abc")
    'http://192.168.1.20:8550/?token=abc'
    >>> invite_link("fe80::1", 8550, None)
    'http://[fe80::1]:8550/'
    """
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    link = f"http://{host}:{port}/"
    if token is not None:
        link += f"?{TOKEN_PARAMETER}={token}"
    return link


def public_link(address: str, token: str | None) -> str:
    """The address the phones open when a proxy serves the app (`CANASTA_SCORE_PUBLIC_URL`),
    with the access token if there is one.

    >>> public_link("https://club.example", "abc")
    'https://club.example/?token=abc'
    >>> public_link("https://club.example/canasta/", None)
    'https://club.example/canasta/'
    """
    link = address if address.endswith("/") else f"{address}/"
    if token is not None:
        link += f"?{TOKEN_PARAMETER}={token}"
    return link


def qr_code(link: str) -> segno.QRCode:
    """The link as a QR code: medium error correction, so a smudged screen still scans."""
    import segno  # here: a server started for this computer alone never draws one

    return segno.make_qr(link, error="m", boost_error=False)


def terminal_qr(link: str) -> str:
    """The link's QR code drawn with half-block characters, two module rows per text line.

    Dark modules are spaces and light ones blocks (the terminal's text colour), which scans
    on the usual dark terminal; the quiet zone of four modules is part of the drawing.
    """
    out = io.StringIO()
    qr_code(link).terminal(out=out, compact=True, border=4)
    return out.getvalue()


def qr_png(link: str, scale: int = 10) -> bytes:
    """The link's QR code as a PNG, black on white, `scale` pixels a module."""
    out = io.BytesIO()
    qr_code(link).save(out, kind="png", scale=scale, border=4, dark="#000000", light="#ffffff")
    return out.getvalue()


def qr_svg_data_uri(link: str, scale: int = 10) -> str:
    """The link's QR code as an SVG `data:` URI, for an image control's source."""
    uri: str = qr_code(link).svg_data_uri(scale=scale, border=4, dark="#000000", light="#ffffff")
    return uri
