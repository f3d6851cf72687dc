"""Writing a file whole: a reader (or a crash) never meets half of it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

#: Temporary files start with this; one left by a killed process can be recognised and removed.
WRITING_PREFIX = ".writing-"


def write_atomically(path: str | Path, text: str) -> Path:
    """Write `text` (UTF-8) to `path` through a temporary file in the same folder: written,
    synced to the disk, then renamed over the old file in one step. Returns the file written.

    A device or a pipe (/dev/stdout, /dev/full) is written through, never replaced; a symbolic
    link stays a link, to the new file.
    """
    if os.path.exists(path) and not os.path.isfile(path):
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        return Path(path)
    target = Path(os.path.realpath(path))
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f"{WRITING_PREFIX}{target.name}."
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())  # on the disk before the name points at it
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target
