"""What storage tells a person, as data: a code and what fills it, worded where it is shown.

Storage builds no sentence for a screen: a `Notice` names what happened (`code`) and with what
(`params`: paths, the system's reasons, other notices). `str(notice)` words it in English, for
logs and the command line's English; `worded(gettext, ngettext)` words it through a catalog,
as the screens and the command line do with a core `Problem`. The templates are msgids (marked
`N_`/`Nn_`, extracted from this module by `make messages`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from canasta_score.core.problems import N_, Gettext, Ngettext, Nn_, Number, Plural, Term

#: The reasons Python's JSON reader and UTF-8 decoder give, in their own (English) words: a
#: notice carries them as a `Term`, said in the reader's language (unknown ones as given).
READER_REASONS = (
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
    N_("Extra data"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
    N_("invalid start byte"),
    N_("invalid continuation byte"),
    N_("unexpected end of data"),
)


class NoticeCode(StrEnum):
    """What storage has to say, as a stable id (never shown, never translated)."""

    # opening the database file (storage/opening.py)
    DATABASE_IS_FOLDER = "database_is_folder"
    DATABASE_NOT_A_FILE = "database_not_a_file"
    FOLDER_CANNOT_BE_MADE = "folder_cannot_be_made"
    DATABASE_CANNOT_BE_USED = "database_cannot_be_used"
    DATABASE_CANNOT_BE_MOVED = "database_cannot_be_moved"
    DATABASE_MOVED_ASIDE = "database_moved_aside"
    DATABASE_MOVED_ASIDE_BACKUP = "database_moved_aside_backup"
    DATABASE_TOO_NEW = "database_too_new"
    DATABASE_NOT_OURS = "database_not_ours"
    # a database server named by a URL (storage/postgres_server.py)
    URL_NOT_SUPPORTED = "url_not_supported"
    DRIVER_MISSING = "driver_missing"
    SERVER_CANNOT_BE_USED = "server_cannot_be_used"
    # the browser's storage of the web app in a tab (storage/browser_disk.py)
    BROWSER_STORAGE_REFUSED = "browser_storage_refused"
    OPEN_IN_ANOTHER_TAB = "open_in_another_tab"
    # why a file is not a database the app can use (storage/schema.py)
    FILE_CANNOT_BE_READ = "file_cannot_be_read"
    NOT_SQLITE = "not_sqlite"
    DAMAGED = "damaged"
    DAMAGED_AND_MORE = "damaged_and_more"
    OTHER_PROGRAM = "other_program"
    # bringing games in (storage/importing.py, and the app's reading of a picked file)
    BACKUP_CANNOT_BE_READ = "backup_cannot_be_read"
    BACKUP_NESTED_TOO_DEEPLY = "backup_nested_too_deeply"
    BACKUP_GAMES_NOT_LIST = "backup_games_not_list"
    GAME_CANNOT_BE_READ = "game_cannot_be_read"
    MOMENT_INVALID = "moment_invalid"
    ARCHIVED_INVALID = "archived_invalid"
    NOT_TEXT = "not_text"
    NOT_JSON = "not_json"
    NESTED_TOO_DEEPLY = "nested_too_deeply"
    NOT_A_GAME_FILE = "not_a_game_file"
    NOT_OURS = "not_ours"
    # a game or change asked for that is not there (storage/errors.py)
    GAME_NOT_FOUND = "game_not_found"
    GAME_DELETED = "game_deleted"
    GAME_CHANGED_ELSEWHERE = "game_changed_elsewhere"
    NAME_CHANGE_UNDONE = "name_change_undone"


C = NoticeCode

#: The English wording of every notice; `{name}` is filled from the notice's params.
TEMPLATES: Mapping[str, str | Plural] = MappingProxyType(
    {
        C.DATABASE_IS_FOLDER: N_(
            "The game database {path} is a folder, not a database file; name a file, "
            "e.g. {example}. Nothing was changed."
        ),
        C.DATABASE_NOT_A_FILE: N_(
            "The game database {path} is not a file (a device or a pipe?); name a file. "
            "Nothing was changed."
        ),
        C.FOLDER_CANNOT_BE_MADE: N_(
            "The game database {path} cannot be created: its folder cannot be made ({reason})."
        ),
        C.DATABASE_CANNOT_BE_USED: N_(
            "The game database {path} cannot be used: {reason}. Check that no other program "
            "holds it and that the file and its folder can be written. Nothing was changed."
        ),
        C.BROWSER_STORAGE_REFUSED: N_(
            "This browser gives this app no storage ({reason}), so no game could be kept. "
            "Open it in a window that is not private, or let this site keep data, and open "
            "it again."
        ),
        C.OPEN_IN_ANOTHER_TAB: N_(
            "The app is open in another tab or window of this browser, which has the games. "
            "Use that one, or close it and open the app here again."
        ),
        C.DATABASE_CANNOT_BE_MOVED: N_(
            "The game database {path} could not be opened: {why}, and it cannot be moved aside "
            "({reason}). Nothing was changed."
        ),
        C.DATABASE_MOVED_ASIDE: N_(
            "The game database {path} could not be opened: {why}. It was moved to {aside} "
            "(nothing was deleted) and a new, empty database was started."
        ),
        C.DATABASE_MOVED_ASIDE_BACKUP: N_(
            "The game database {path} could not be opened: {why}. It was moved to {aside} "
            "(nothing was deleted) and a new, empty database was started. The newest "
            "automatic backup, {backup}, can be restored."
        ),
        C.DATABASE_TOO_NEW: N_(
            "The game database {path} was written by a newer version of Canasta Score "
            "(schema {unknown}; this version knows up to {head}). It was not changed: "
            "update the app to open it."
        ),
        C.DATABASE_NOT_OURS: N_(
            "The game database {path} is another program's: it holds tables of its own "
            "({tables}). It was not changed: start Canasta Score with another database "
            "(--db PATH)."
        ),
        C.URL_NOT_SUPPORTED: N_(
            "The game database {url} cannot be used: a database server is named by a PostgreSQL "
            "URL, such as postgresql+psycopg://user@host/name. Nothing was changed."
        ),
        C.DRIVER_MISSING: N_(
            "The game database {url} is on a PostgreSQL server, and its driver is not "
            "installed: {install}"
        ),
        C.SERVER_CANNOT_BE_USED: N_(
            "The game database {url} cannot be used: {reason}. Check that the PostgreSQL "
            "server is running and can be reached, and that the user may use that database. "
            "Nothing was changed."
        ),
        C.FILE_CANNOT_BE_READ: N_("it cannot be read ({reason})"),
        C.NOT_SQLITE: N_("it is not an SQLite database"),
        C.DAMAGED: N_("it is damaged ({reason})"),
        C.DAMAGED_AND_MORE: Nn_(
            "it is damaged ({reason} and {more} more problem)",
            "it is damaged ({reason} and {more} more problems)",
            "more",
        ),
        C.OTHER_PROGRAM: N_("it is a database of some other program"),
        C.BACKUP_CANNOT_BE_READ: N_("the backup {path} cannot be read: {reason}"),
        C.BACKUP_NESTED_TOO_DEEPLY: N_("the backup {path} cannot be read: nested too deeply"),
        C.BACKUP_GAMES_NOT_LIST: N_("a backup's games must be a list of game files, got {got}"),
        C.GAME_CANNOT_BE_READ: N_("the game cannot be read ({reason})"),
        C.MOMENT_INVALID: N_(
            "{key} must be a date and time like 2026-11-29T21:36:32+00:00, got {got}"
        ),
        C.ARCHIVED_INVALID: N_("archived must be true or false, got {got}"),
        C.NOT_TEXT: N_("{path} is not a text file ({reason})"),
        C.NOT_JSON: N_("{path} is not valid JSON: {reason} at line {line}, column {column}"),
        C.NESTED_TOO_DEEPLY: N_("{path} is not a game file: its JSON is nested too deeply"),
        C.NOT_A_GAME_FILE: N_("{path} is not a game file: {reason}"),
        C.NOT_OURS: N_("{path} is neither a game file nor a backup of Canasta Score"),
        C.GAME_NOT_FOUND: N_("game {game} cannot be found: there is no such game"),
        C.GAME_DELETED: N_("game {game} cannot be found: it was deleted"),
        C.GAME_CHANGED_ELSEWHERE: N_(
            "game {game} was changed somewhere else (another tab or window) after this "
            "screen loaded it (version {expected}, now {current}); "
            "nothing was saved: reload the game and enter the change again"
        ),
        C.NAME_CHANGE_UNDONE: N_("name change {change} cannot be found: it was undone already"),
    }
)

#: Every `Term` a notice can carry beside the core's (`core.problems.TERMS`).
TERMS = (N_("a text"),)

#: A path, the system's reason, a number, or a word of the app (`Term`).
Param = str | int


@dataclass(frozen=True)
class Notice:
    """Something to tell a person about a file: what (code) and with what (params); a param
    may be another notice (why a file could not be opened), worded in the same language.

    >>> damaged = Notice(NoticeCode.DAMAGED_AND_MORE, {"reason": "bad page", "more": 2})
    >>> str(Notice(NoticeCode.DATABASE_CANNOT_BE_MOVED,
    ...     {"path": "games.db", "why": damaged, "reason": "Permission denied"}))
    'The game database games.db could not be opened: it is damaged (bad page and 2 more problems), and it cannot be moved aside (Permission denied). Nothing was changed.'
    """

    code: NoticeCode
    params: Mapping[str, Param | Notice] = dataclasses.field(default_factory=dict, hash=False)

    def worded(
        self, gettext: Gettext = str, ngettext: Ngettext | None = None, number: Number = str
    ) -> str:
        """The notice through a catalog's `gettext`/`ngettext`, its numbers written by
        `number` (English and plain digits without)."""
        ngettext = ngettext or english_ngettext
        template = TEMPLATES[self.code]
        shown = {
            key: _shown(value, gettext, ngettext, number) for key, value in self.params.items()
        }
        if isinstance(template, Plural):
            count = self.params[template.count]
            assert isinstance(count, int), template.count
            return ngettext(template.singular, template.plural, count).format(**shown)
        return gettext(template).format(**shown)

    def __str__(self) -> str:
        return self.worded()


def english_ngettext(singular: str, plural: str, count: int) -> str:
    """English's plural rule, where no catalog words a count."""
    return singular if count == 1 else plural


def _shown(value: Param | Notice, gettext: Gettext, ngettext: Ngettext, number: Number) -> str:
    if isinstance(value, Notice):
        return value.worded(gettext, ngettext, number)
    if isinstance(value, Term):
        return gettext(value)
    if isinstance(value, int):
        return number(value)
    return value
