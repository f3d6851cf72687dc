"""What a phone's browser said as it connected, for its first screen.

The web server reads the languages the browser sends with the page's socket (the handshake's
Accept-Language, `BrowserLanguages` in canasta_score.app) and keeps them here for the task
that starts the page. The first screen is then drawn in the browser's language at once,
without waiting for the device to be asked. The device's own answer still follows and wins
(`App.read_device`). The desktop window has no handshake: it starts in what its device said
last (`DEVICE_COPY`), else in the machine's language (its locale, as the command line
speaks); the phone package in what its device said last, else in English until it answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from typing import Protocol

#: The language tags the connecting browser accepts, most wanted first (empty: none said);
#: for the desktop window and the phone package, the languages their device said last
#: (`DEVICE_COPY`), else the machine's language.
BROWSER_LANGUAGES: ContextVar[tuple[str, ...]] = ContextVar("browser_languages", default=())

#: What was chosen on this device as far as its page knew as it started (the web app's page
#: reads the theme and the language from its own storage as its Python starts; the desktop
#: window and the phone package read what their device said last, `DEVICE_COPY`): the first
#: screen is drawn in them, and what the device says once that screen is up stands over them.
DEVICE_CHOSEN: ContextVar[tuple[tuple[str, str], ...]] = ContextVar("device_chosen", default=())


class DeviceCopy(Protocol):
    """Where what a device says of itself is copied as it changes."""

    def keep(self, settings: Mapping[str, str], languages: Sequence[str]) -> None:
        """The device's settings (`language`, `theme`, ...) and its languages, as they are now."""


#: Where what the device says of itself is copied (None: nowhere, a server of many devices):
#: a file, where a process serves one device alone (the desktop window, the phone package;
#: `storage.DeviceMemory`), for the first screen of its next start; the page, in the web app
#: that runs in the browser (`in_browser.ThemeToPage`), which reads the rest itself.
DEVICE_COPY: ContextVar[DeviceCopy | None] = ContextVar("device_copy", default=None)

#: The connecting browser's own mark (a cookie the server gave it on its first visit), which
#: tells the phones of one table apart across reloads and closed tabs: a half-typed round
#: belongs to the phone typing it. Empty where the app has one device only (the desktop
#: window, the phone package, the web app that runs in the browser).
BROWSER_PHONE: ContextVar[str] = ContextVar("browser_phone", default="")
