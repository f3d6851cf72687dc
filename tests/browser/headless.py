"""How the app is reached in headless Chromium here: the journeys and the app benchmark share it."""

import re
from typing import Any

CHROMIUM = "/usr/bin/chromium"
#: Without the networking flags Chromium keeps calling hosts this offline machine cannot reach.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
#: The line the app prints once it listens.
URL_LINE = re.compile(r"Canasta Score: (http://\S+)")


def local_only(route: Any) -> None:
    """The client tries the internet once; the app must not need it, so every such call fails."""
    if route.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1")):
        route.continue_()
    else:
        route.abort()
