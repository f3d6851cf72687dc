"""This device: its own settings (language, theme, keeping the screen awake, the way of
entering a round) and services (its storage for settings, its clipboard, its files, its screen
lock). What a device keeps is never in the shared database.

Language, theme and keeping the screen awake belong to the device, not to the table: they are
kept in the device's own storage (`ft.SharedPreferences`), and the language starts as the
device's preferred one. Theme and screen-awake choices that earlier versions kept in the
database go, once, to the first device that reads its settings (for what it has not chosen
itself), and are then removed from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from canasta_score.i18n import negotiate
from canasta_score.ui.state.save_note import KEY as SAVE_NOTE
from canasta_score.ui.state.save_note import SaveOnItsWay
from canasta_score.ui.state.typing_note import KEY as TYPING_NOTE
from canasta_score.ui.state.typing_note import TypedHere

if TYPE_CHECKING:
    from canasta_score.ui.connection import DeviceCopy
    from canasta_score.ui.host import Host

log = logging.getLogger(__name__)

#: Where this app's device settings sit in the device's storage, shared with other apps' keys.
PREFIX = "canasta_score."
#: The longest wait for the device to answer (a browser tab that went away never does). The
#: screen is drawn meanwhile; a phone still loading on a busy machine may take long to answer.
DEVICE_WAIT = 60

#: The longest a phone may take to send a file it picked to this server (16 MB on a slow
#: network).
FILE_WAIT = 300

#: Says something to the player (the page's messages).
Say = Callable[[str], None]

#: What a device keeps for itself, with the value before any choice.
DEVICE_SETTINGS = {"language": "", "theme": "system", "keep_awake": "on", "entry_mode": "points"}
#: The device settings earlier versions kept in the shared database (the language never was
#: taken from there: it follows the device unless chosen on it).
CARRIED_OVER = ("theme", "keep_awake")
#: The longest the device's settings wait for the first screen to be laid out.
FIRST_FRAME_WAIT = 5

THEMES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}


def locale_tag(locale: ft.Locale) -> str:
    """`de-DE` for a locale the device reports."""
    return "-".join(part for part in (locale.language_code, locale.country_code) if part)


class Device:
    """This device as a screen sees it: its settings, its languages and its services."""

    def __init__(
        self,
        page: ft.Page,
        host: Host,
        browser_languages: list[str],
        chosen: dict[str, str] | None = None,
        *,
        copy_to: DeviceCopy | None = None,
    ) -> None:
        self.page = page
        self.host = host
        self.services = DeviceServices(page)
        #: This device's own settings, as far as read yet ("language" empty: follow the device):
        #: at first what its page knew as it started (`chosen`, the known names alone), then
        #: what the device says, with what was chosen on this page meanwhile.
        self.settings: dict[str, str] = {
            name: value for name, value in (chosen or {}).items() if name in DEVICE_SETTINGS
        }
        #: The settings chosen on this page (a tap), which stand over what the device says.
        self._chosen_here: dict[str, str] = {}
        #: The device's preferred languages, as far as known yet: at first what its browser
        #: said as it connected, then what the device itself says.
        self.languages = list(browser_languages)
        #: Whether the screen should stay awake (a game is shown), and whether the device has
        #: said its settings yet (and they are applied): till then the screen lock waits
        #: (`keep_awake`), and a browser tab leaves its database unopened (`in_browser`).
        self._awake_wanted = False
        self.known = asyncio.Event()
        #: What this device notes beside its settings, as far as known (`note`).
        self._notes: dict[str, str] = {}
        #: Where its settings and languages are copied as they change (`connection.DEVICE_COPY`).
        self.copy_to = copy_to

    # --- settings ----------------------------------------------------------------------------

    def setting(self, name: str, default: str) -> str:
        """One of this device's settings (`theme`, `keep_awake`, `language`, `entry_mode`)."""
        return self.settings.get(name) or default

    def set_setting(self, name: str, value: str) -> None:
        """Keeps a setting on this device (never in the shared database), from now on."""
        self.settings[name] = value
        self._chosen_here[name] = value
        self.services.keep(name, value)
        self._copy()

    def note(self, name: str, value: str) -> None:
        """Keeps a note on this device, not a setting of it (a save on its way:
        `ui.state.save_note`; a round as typed: `ui.state.typing_note`); an empty value takes
        it away. Written once, however often."""
        if self._notes.get(name, "") != value:
            self._notes[name] = value
            self.services.keep(name, value)

    def noted(self, name: str) -> str:
        """A note on this device, as far as known ("" for none)."""
        return self._notes.get(name, "")

    def wanted_language(self) -> str:
        """The language chosen on this device, else the device's own, else English."""
        return self.settings.get("language") or negotiate(self.languages)

    def choose_language(self, code: str | None) -> None:
        """A language chosen (None: the device's own), kept and shown at once."""
        self.set_setting("language", code or "")
        self.host.speak(self.wanted_language())

    def locale_changed(self, event: ft.LocaleChangeEvent) -> None:
        """The device's languages changed: followed unless a language was chosen here."""
        self.languages = [locale_tag(locale) for locale in event.locales]
        self.host.speak(self.wanted_language())
        self._copy()

    def apply_theme(self) -> None:
        self.page.theme_mode = THEMES.get(self.setting("theme", "system"), ft.ThemeMode.SYSTEM)

    def choose_theme(self, theme: str) -> None:
        """A theme chosen (`system`, `light`, `dark`), kept and shown at once."""
        self.set_setting("theme", theme)
        self.apply_theme()

    def keep_awake(self, on: bool) -> None:
        """Keeps the screen on during a game, where this device's setting allows it: once the
        device has said that setting (switched on before, a phone set to sleep as usual would
        stay awake until the next screen; and the lock is one thing less while the first
        screen is drawn)."""
        self._awake_wanted = on
        if self.known.is_set():
            self.services.keep_awake(on and self.setting("keep_awake", "on") == "on")

    # --- reading them --------------------------------------------------------------------------

    async def read_once_drawn(self) -> None:
        """The device's settings and languages, read once the first screen is laid out
        (asking earlier only holds up its drawing)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.host.layout.first_frame.wait(), FIRST_FRAME_WAIT)
        await self.read()

    async def read(self) -> None:
        """Reads this device's settings and preferred languages, then speaks its language."""
        with contextlib.suppress(Exception):
            found = await asyncio.wait_for(self._read_preferences(), DEVICE_WAIT)
            # A note written on this page while they were read stands.
            left = {name: found.pop(name, "") for name in (SAVE_NOTE, TYPING_NOTE)}
            self._notes = left | self._notes
            # A choice made on this page while they were read (a tap) stands; what its page
            # knew as it started does not (another tab may have changed it since).
            self.settings = found | self._chosen_here
        if not self.settings.get("language"):
            with contextlib.suppress(Exception):
                info = await asyncio.wait_for(self.page.get_device_info(), DEVICE_WAIT)
                if info is not None:
                    self.languages = [locale_tag(locale) for locale in info.locales]
        theme = self.page.theme_mode
        self.apply_theme()
        if not self.host.speak(self.wanted_language()) and self.page.theme_mode != theme:
            self.page.update()
        self._copy()  # once shown
        # A screen that starts from one of them (round entry: this phone's way of entering).
        device_read = getattr(self.host.nav.current, "device_read", None)
        if device_read is not None:
            device_read()
        self.known.set()
        self.keep_awake(self._awake_wanted)
        # A save sent by a page of this device that was closed before its answer came.
        if (on_its_way := SaveOnItsWay.read(self._notes.get(SAVE_NOTE))) is not None:
            from canasta_score.ui.round_port import tell_save_fate

            self.host.run_task(tell_save_fate, self.host, on_its_way)
        # A round typed on a page of this device that was closed before its draft was written.
        if (typed := TypedHere.read(self._notes.get(TYPING_NOTE))) is not None:
            from canasta_score.ui.round_port import keep_typed_here

            self.host.run_task(keep_typed_here, self.host, typed)

    def _copy(self) -> None:
        """Copies the settings and languages where they are kept beside the device's own
        storage (`connection.DEVICE_COPY`)."""
        if self.copy_to is not None:
            settings = {
                name: self.settings[name] for name in DEVICE_SETTINGS if name in self.settings
            }
            self.copy_to.keep(settings, self.languages)

    async def _read_preferences(self) -> dict[str, str]:
        found = await self.services.read([*DEVICE_SETTINGS, SAVE_NOTE, TYPING_NOTE])
        # Kept in the shared database by earlier versions: the first device to read its
        # settings takes them over once (for what it has not chosen), keeping its own copy.
        store, actions = self.host.table.store, self.host.actions
        carried = await actions.off_the_loop(lambda: store.take_old_device_settings(CARRIED_OVER))
        taken = {name: value for name, value in carried.items() if name not in found}
        found |= taken
        try:
            for name, value in taken.items():
                await self.services.write(name, value)
        except Exception as error:  # the device did not keep them: the next device may
            log.warning("this device did not keep the settings of earlier versions: %r", error)
            await actions.off_the_loop(lambda: store.give_back_old_device_settings(taken))
        return found

    # --- its services ------------------------------------------------------------------------

    def copy_text(self, text: str, done: str) -> None:
        """Puts `text` on this phone's clipboard, and says `done` once it is there."""
        self.services.copy_text(text, done, self.host.messages.say)

    def announce(self, text: str) -> None:
        """Says `text` through this device's screen reader, where one is on."""
        self.services.announce(text)

    def save_file(self, name: str, data: bytes) -> None:
        """Offers `data` as a file called `name`: the save dialog, or a download in a browser."""
        tr = self.host.tr
        self.services.save_file(
            name,
            data,
            tr._("Save {name}").format(name=name),
            lambda reason: tr._("The file could not be saved: {reason}").format(reason=reason),
            self.host.messages.say,
        )

    def file_picker(self) -> ft.FilePicker:
        """The page's file picker, for a `PickFiles` action; picks go to `on_files_picked`."""
        return self.services.file_picker()

    async def file_bytes(self, file: ft.FilePickerFile) -> bytes | None:
        """What a picked file holds: as picked, or sent by the phone to this server; None
        where it did not come."""
        return await self.services.file_bytes(file)

    @property
    def on_files_picked(self) -> Callable[[list[ft.FilePickerFile]], None] | None:
        return self.services.on_files_picked

    @on_files_picked.setter
    def on_files_picked(self, heard: Callable[[list[ft.FilePickerFile]], None] | None) -> None:
        self.services.on_files_picked = heard


class DeviceServices:
    """The Flet services of one page's device, each added to the page when first needed."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self._preferences: ft.SharedPreferences | None = None
        #: Whether the storage service was renewed (`renew_preferences`).
        self._renewed = False
        self._clipboard: ft.Clipboard | None = None
        self._picker: ft.FilePicker | None = None
        self._wakelock: ft.Wakelock | None = None
        self._semantics: ft.SemanticsService | None = None
        self._awake = False
        #: Who hears of the files a person picked (the screen that asked).
        self.on_files_picked: Callable[[list[ft.FilePickerFile]], None] | None = None
        #: The file the phone is sending this server, if one is on its way.
        self._arrival: asyncio.Future[bytes] | None = None

    def _added(self, service: ft.Service) -> None:
        self.page.services.append(service)

    # --- settings -----------------------------------------------------------------------------

    def preferences(self) -> ft.SharedPreferences:
        if self._preferences is None:
            self._preferences = ft.SharedPreferences()
            self._added(self._preferences)
        return self._preferences

    def renew_preferences(self) -> ft.SharedPreferences:
        """A new storage service beside one the device did not answer (once a page: a device
        that answers none gets no more). After a server restart, Flet's client (the page
        still open) reconnects to a new session but answers no call of that session's first
        storage service ("Timeout waiting for invoke method listener"); a second one it
        takes in. Without it the page would read none of its settings, nor a save's note
        left by the page before (`ui.state.save_note`)."""
        if self._renewed:
            return self.preferences()
        self._renewed = True
        # The deaf one stays: a late answer of it (a device only slow to answer) lands on a
        # control still there, not on one gone (which Flet's server logs as a fault).
        self._preferences = None
        renewed = self.preferences()
        self.page.update()
        return renewed

    async def read(self, names: list[str]) -> dict[str, str]:
        """The settings this device keeps, of `names`, asked for all at once: one wait for
        the device, not one per setting (in the tab, the last answer comes 0.06 s after
        the question where four in turn took 0.12 to 0.16 s). Asked again of a renewed
        service once, if the device did not answer (`renew_preferences`)."""
        preferences = self.preferences()
        try:
            values = await asyncio.gather(*(preferences.get(PREFIX + name) for name in names))
        except Exception as error:  # Flet's wait for the device's answer, 10 s, ran out
            log.warning("this device did not answer from its storage, asked again: %r", error)
            preferences = self.renew_preferences()
            values = await asyncio.gather(*(preferences.get(PREFIX + name) for name in names))
        return {
            name: value for name, value in zip(names, values, strict=True) if isinstance(value, str)
        }

    async def write(self, name: str, value: str) -> None:
        """Writes a setting to the device's storage (an empty value: removes it)."""
        preferences = self.preferences()
        if value:
            await asyncio.wait_for(preferences.set(PREFIX + name, value), DEVICE_WAIT)
        else:
            await asyncio.wait_for(preferences.remove(PREFIX + name), DEVICE_WAIT)

    def keep(self, name: str, value: str) -> None:
        """Keeps a setting in the device's storage, soon (a device that does not answer, or
        a phone away from its page, keeps it for this page alone)."""

        async def keep() -> None:
            with contextlib.suppress(Exception):
                await self.write(name, value)

        try:
            self.page.run_task(keep)
        except Exception as error:  # no connection to run it on (Flet: the phone away)
            log.warning("this device's storage was not reached: %r", error)

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
            self._picker = ft.FilePicker(on_result=self._picked, on_upload=self._sending)
            self._added(self._picker)
        return self._picker

    def _picked(self, event: ft.FilePickerResultEvent) -> None:
        if self.on_files_picked is not None and event.files:
            self.on_files_picked(event.files)

    async def file_bytes(self, file: ft.FilePickerFile) -> bytes | None:
        """A picked file's bytes. A page served to a phone picks files without them (they would
        travel in one message of its socket, and one over the server's limit closes it): the
        phone sends each to an address of its own on this server (`canasta_score.uploads`)."""
        if file.bytes is not None:
            return file.bytes
        from canasta_score.uploads import TICKETS, UPLOAD_PATH, FileRefused

        ticket, arrival = TICKETS.expect()
        self._arrival = arrival
        address = f"{UPLOAD_PATH}/{ticket}"
        try:
            await self.file_picker().upload([ft.FilePickerUploadFile(address, id=file.id)])
            return await asyncio.wait_for(arrival, FILE_WAIT)
        except (FileRefused, TimeoutError):
            return None
        except Exception:  # the page gone meanwhile, or a device that cannot send it
            log.warning("a picked file could not be sent", exc_info=True)
            return None
        finally:
            self._arrival = None
            arrival.cancel()  # a ticket not used is good for nothing any more

    def _sending(self, event: ft.FilePickerUploadEvent) -> None:
        """The phone's word on the file it sends: only a failure matters (the file's arrival
        itself ends the wait)."""
        arrival = self._arrival
        if event.error and arrival is not None and not arrival.done():
            from canasta_score.uploads import FileRefused

            arrival.set_exception(FileRefused(event.error))

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

    # --- what a screen reader says ----------------------------------------------------------

    def announce(self, text: str) -> None:
        """Says `text` through the device's screen reader, politely (after what it is saying),
        where one is on; nothing otherwise."""
        if self._semantics is None:
            self._semantics = ft.SemanticsService()
            self._added(self._semantics)
        semantics = self._semantics

        async def say() -> None:
            with contextlib.suppress(Exception):  # a device that cannot say it: shown anyway
                await asyncio.wait_for(semantics.announce_message(text), 5)

        self.page.run_task(say)

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
