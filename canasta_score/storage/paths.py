"""Where the database and its backups live on this device."""

from __future__ import annotations

import os
from pathlib import Path

DATABASE_NAME = "canasta-score.db"


def data_folder() -> Path:
    """The app's data folder: Flet's storage folder when packaged, else the user's data folder."""
    packaged = os.environ.get("FLET_APP_STORAGE_DATA")
    if packaged:
        return Path(packaged)
    import platformdirs  # imported here: the packaged app never needs it

    return Path(platformdirs.user_data_dir("canasta-score"))


def database_path(override: str | Path | None = None) -> Path:
    """The database file: `--db PATH`, else `CANASTA_SCORE_DB`, else the data folder's.

    >>> database_path("/tmp/games.db")
    PosixPath('/tmp/games.db')
    """
    chosen = override or os.environ.get("CANASTA_SCORE_DB")
    if chosen:
        return Path(chosen).expanduser()
    return data_folder() / DATABASE_NAME


def backups_folder(database: Path) -> Path:
    """Automatic backups go next to the database, in a folder named after it.

    >>> backups_folder(Path("/data/canasta-score.db"))
    PosixPath('/data/canasta-score-backups')
    """
    return database.with_name(f"{database.stem}-backups")
