"""Flet's desktop client: already here, fetched now (once, from the internet), or why not."""

from __future__ import annotations

import os
import socket
import sys
import urllib.error
from pathlib import Path

#: Seconds the download may wait for an answer or the next bytes: a laptop on a network
#: without internet (a club's captive Wi-Fi) would otherwise wait minutes before failing.
DOWNLOAD_STALL_SECONDS = 30

#: The folder under `build/` where `flet build` leaves a client Flet opens instead.
_BUILD_FOLDER = {"win32": "windows", "darwin": "macos"}


def flet_opens_another_client() -> bool:
    """Whether Flet opens a client of its own rather than the one it downloads: a packaged
    app (`FLET_PLATFORM`), a developer's `FLET_VIEW_PATH`, or a `flet build` output."""
    if os.environ.get("FLET_PLATFORM") or os.environ.get("FLET_VIEW_PATH"):
        return True
    return (Path.cwd() / "build" / _BUILD_FOLDER.get(sys.platform, "linux")).is_dir()


def failure_reason(error: BaseException) -> str:
    """What stopped a download, in the words of the system (the rest of the line is ours).

    >>> failure_reason(urllib.error.URLError(ConnectionRefusedError(111, "Connection refused")))
    '[Errno 111] Connection refused'
    >>> failure_reason(urllib.error.HTTPError("u", 407, "Proxy Authentication Required", {}, None))
    'HTTP 407 Proxy Authentication Required'
    >>> failure_reason(TimeoutError())
    'timed out'
    """
    if isinstance(error, urllib.error.HTTPError):
        return f"HTTP {error.code} {error.reason}"
    if isinstance(error, urllib.error.URLError):
        return str(error.reason)
    if isinstance(error, TimeoutError) and not str(error):
        return "timed out"
    return str(error) or type(error).__name__


def fetch_desktop_client() -> str | None:
    """None once the desktop window can open (its client fetched if it had to be), else why
    the client is missing: what stopped its one-time download.

    Flet downloads the client itself when the window first opens, and lets a failure escape
    as a traceback after the app has started; fetching it first leaves the choice to us.
    """
    if flet_opens_another_client():
        return None
    try:
        import flet_desktop
    except ImportError as error:
        return str(error)
    stall = socket.getdefaulttimeout()
    socket.setdefaulttimeout(DOWNLOAD_STALL_SECONDS)
    try:
        flet_desktop.ensure_client_cached()
    except Exception as error:  # refused, cut off, stalled, unpacked badly: all one to a player
        return failure_reason(error)
    finally:
        socket.setdefaulttimeout(stall)
    return None
