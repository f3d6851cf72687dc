"""This device's own services: its storage for settings, its clipboard, its files and keeping
its screen awake. What a device keeps is never in the shared database."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import flet as ft

#: Where this app's device settings sit in the device's storage, shared with other apps' keys.
PREFIX = "canasta_score."
#: The longest wait for the device to answer (a browser tab that went away never does). The
#: screen is drawn meanwhile; a phone still loading on a busy machine may take long to answer.
DEVICE_WAIT = 60

#: Says something to the player (the page's messages).
Say = Callable[[str], None]


class DeviceServices:
    """The Flet services of one page's device, each added to the page when first needed."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self._preferences: ft.SharedPreferences | None = None
        self._clipboard: ft.Clipboard | None = None
        self._picker: ft.FilePicker | None = None
        self._wakelock: ft.Wakelock | None = None
        self._awake = False
        #: Who hears of the files a person picked (the screen that asked).
        self.on_files_picked: Callable[[list[ft.FilePickerFile]], None] | None = None

    def _added(self, service: ft.Service) -> None:
        self.page.services.append(service)

    # --- settings -----------------------------------------------------------------------------

    def preferences(self) -> ft.SharedPreferences:
        if self._preferences is None:
            self._preferences = ft.SharedPreferences()
            self._added(self._preferences)
        return self._preferences

    async def read(self, names: list[str]) -> dict[str, str]:
        """The settings this device keeps, of `names`."""
        preferences = self.preferences()
        found: dict[str, str] = {}
        for name in names:
            value = await preferences.get(PREFIX + name)
            if isinstance(value, str):
                found[name] = value
        return found

    async def write(self, name: str, value: str) -> None:
        """Writes a setting to the device's storage (an empty value: removes it)."""
        preferences = self.preferences()
        if value:
            await asyncio.wait_for(preferences.set(PREFIX + name, value), DEVICE_WAIT)
        else:
            await asyncio.wait_for(preferences.remove(PREFIX + name), DEVICE_WAIT)

    def keep(self, name: str, value: str) -> None:
        """Keeps a setting in the device's storage, soon (a device that does not answer
        keeps it for this page alone)."""

        async def keep() -> None:
            with contextlib.suppress(Exception):
                await self.write(name, value)

        self.page.run_task(keep)

    # --- the clipboard ------------------------------------------------------------------------

    def copy_text(self, text: str, done: str, say: Say) -> None:
        """Puts `text` on this phone's clipboard, and says `done` once it is there."""
        if self._clipboard is None:
            self._clipboard = ft.Clipboard()
            self._added(self._clipboard)
        clipboard = self._clipboard

        async def copy() -> None:
            await clipboard.set(text)
            say(done)

        self.page.run_task(copy)

    # --- files a person saves and opens -------------------------------------------------------

    def file_picker(self) -> ft.FilePicker:
        """The page's file picker: saves a file where the person says (a download in a
        browser), and hands files picked with a `PickFiles` action to `on_files_picked`."""
        if self._picker is None:
            self._picker = ft.FilePicker(on_result=self._picked)
            self._added(self._picker)
        return self._picker

    def _picked(self, event: ft.FilePickerResultEvent) -> None:
        if self.on_files_picked is not None and event.files:
            self.on_files_picked(event.files)

    def save_file(
        self, name: str, data: bytes, title: str, refused: Callable[[str], str], say: Say
    ) -> None:
        """Offers `data` as a file called `name`: the save dialog, or a download in a browser;
        `refused(reason)` words what is said when the device refuses it."""
        picker = self.file_picker()

        async def save() -> None:
            try:
                await picker.save_file(dialog_title=title, file_name=name, src_bytes=data)
            except Exception as error:  # a refused dialog must not end the session
                say(refused(str(error)))

        self.page.run_task(save)

    # --- keep the screen awake during a game ------------------------------------------------

    def keep_awake(self, on: bool) -> None:
        if on == self._awake:
            return
        self._awake = on
        if self._wakelock is None:
            self._wakelock = ft.Wakelock()
            self._added(self._wakelock)
        wakelock = self._wakelock

        async def switch() -> None:
            # Browsers without the Wake Lock API refuse; the game goes on regardless.
            with contextlib.suppress(Exception):
                await asyncio.wait_for(wakelock.enable() if on else wakelock.disable(), 5)

        self.page.run_task(switch)
