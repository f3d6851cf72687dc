"""Where the database and its backups live: a file on this device, or a database server."""

from __future__ import annotations

import os
import re
from pathlib import Path

DATABASE_NAME = "canasta-score.db"
#: A SQLAlchemy URL starts with its scheme and "://" (`postgresql+psycopg://user@host/name`);
#: no file name a player types does.
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def data_folder() -> Path:
    """The app's data folder: Flet's storage folder when packaged, else the user's data folder."""
    packaged = os.environ.get("FLET_APP_STORAGE_DATA")
    if packaged:
        return Path(packaged)
    import platformdirs  # imported here: the packaged app never needs it

    return Path(platformdirs.user_data_dir("canasta-score"))


def is_url(location: str | Path) -> bool:
    """Whether `--db` names a database server (a URL) rather than a file.

    >>> is_url("postgresql+psycopg://club@db.example/canasta"), is_url("games.db")
    (True, False)
    >>> is_url(Path("postgresql+psycopg://club@db/canasta"))  # a Path folds "//": still no file
    False
    """
    return isinstance(location, str) and _URL.match(location) is not None


def database_location(override: str | Path | None = None) -> Path | str:
    """The database: `--db`, else `CANASTA_SCORE_DB`, else the data folder's file; a URL is
    kept as the text it is, never made a file name.

    >>> database_location("/tmp/games.db")
    PosixPath('/tmp/games.db')
    >>> database_location("postgresql+psycopg://club@127.0.0.1/canasta")
    'postgresql+psycopg://club@127.0.0.1/canasta'
    """
    chosen = override or os.environ.get("CANASTA_SCORE_DB")
    if chosen and is_url(str(chosen)):
        return str(chosen)
    if chosen:
        return Path(chosen).expanduser()
    return data_folder() / DATABASE_NAME


def database_path(override: str | Path | None = None) -> Path | None:
    """The database file `database_location` names, or None for a database server.

    >>> database_path("/tmp/games.db")
    PosixPath('/tmp/games.db')
    """
    location = database_location(override)
    return location if isinstance(location, Path) else None


def backups_folder(database: Path) -> Path:
    """Automatic backups go next to the database, in a folder named after it.

    >>> backups_folder(Path("/data/canasta-score.db"))
    PosixPath('/data/canasta-score-backups')
    """
    return database.with_name(f"{database.stem}-backups")


def operator_backups_folder() -> Path | None:
    """The folder `CANASTA_SCORE_BACKUPS` names for the automatic backups, if any (a database
    server's backups go only where the operator says)."""
    named = os.environ.get("CANASTA_SCORE_BACKUPS")
    return Path(named).expanduser() if named else None
