"""What a device last said of itself, kept where one process serves that device alone (the
desktop window, the phone package): the settings chosen on it and its own languages. Its next
start draws the first screen in them, where it was drawn in English (or the machine's
language) until the device answered. The web app's page reads them from its own storage
instead (`canasta_score.in_browser`); the table server serves many devices and keeps none.

The device's own storage stays the record: what it says once the first screen is up stands
over this copy, and the copy is written again. A copy lost, damaged or of another shape is
not read; one that cannot be written is left as it was.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from canasta_score.storage.atomic_write import WRITING_PREFIX

log = logging.getLogger(__name__)

#: The copy's name in the app's data folder (`storage.paths.data_folder`).
FILE_NAME = "this-device.json"


@dataclass(frozen=True)
class Remembered:
    """A device's settings (`language`, `theme`, ...) and its languages, most wanted first."""

    settings: dict[str, str] = field(default_factory=dict)
    languages: tuple[str, ...] = ()


class DeviceMemory:
    """The copy of one device's settings and languages, in one file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        #: The copy as this process last read or wrote it: the same is not written again.
        self._text: str | None = None

    def recall(self) -> Remembered:
        """What the device said last (nothing where no copy can be read).

        >>> DeviceMemory(Path("/no such folder") / FILE_NAME).recall()
        Remembered(settings={}, languages=())
        """
        try:
            text = self.path.read_text(encoding="utf-8")
            found = json.loads(text)
        except (OSError, ValueError, RecursionError):  # none yet, unreadable, not JSON
            return Remembered()
        if not isinstance(found, dict):
            return Remembered()
        self._text = text
        settings = found.get("settings")
        languages = found.get("languages")
        return Remembered(
            {
                name: value
                for name, value in (settings.items() if isinstance(settings, dict) else ())
                if isinstance(value, str)
            },
            tuple(
                tag
                for tag in (languages if isinstance(languages, list) else ())
                if isinstance(tag, str)
            ),
        )

    def keep(self, settings: Mapping[str, str], languages: Sequence[str]) -> None:
        """Writes the copy, whole, where it changed (a failure is logged: the device's own
        storage still holds the settings)."""
        text = json.dumps(
            {"settings": dict(sorted(settings.items())), "languages": list(languages)}, indent=1
        )
        if text == self._text:
            return
        try:
            self._write(text)
        except (OSError, ValueError) as error:
            log.warning("this device's settings were not copied to %s: %r", self.path, error)
            return
        self._text = text

    def _write(self, text: str) -> None:
        """Writes `text` in place of the copy in one step (a reader meets the old copy or the
        new, never half of one). Not synced to the disk: it is written on the event loop, as
        the device's answer or a tap is shown, and a copy lost with the power is only a first
        screen in the language of the start before."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        writing = self.path.with_name(WRITING_PREFIX + self.path.name)
        writing.write_text(text, encoding="ascii")
        os.replace(writing, self.path)


def this_device_memory() -> DeviceMemory:
    """The copy in the app's data folder (`storage.paths.data_folder`)."""
    from canasta_score.storage.paths import data_folder

    return DeviceMemory(data_folder() / FILE_NAME)
