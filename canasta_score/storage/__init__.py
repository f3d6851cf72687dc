"""Storage: the games players entered, kept in one SQLite file or a PostgreSQL database;
everything callers use.

The modules, by concern: `opening` (open_database), `backend` (what differs between the
kinds of database: `sqlite_file`, `postgres_server`), `database` (Database, transactions),
`upkeep` (the threads and cache beside an open database),
`games`, `rounds`, `summaries` (game list, player records), `history` (the whole history
by pages), `played`, `played_text` and `played_file` (games fed to the statistics),
`player_names` (renames and merges), `export`, `importing`, `backups`, `drafts`, `settings`
(and custom rule sets), `device_memory` (a device's own settings, copied where one process
serves it alone), `errors`, `notices` (what a person is told, as data), `records` (what is
handed out), `tables`, `revision` and `migrations` (the schema), `facts` (stored facts <->
the core's Game).

Each name is imported from its module when first used: `played_file` (the `stats` command's
read) then starts without SQLAlchemy, and every other caller sees no difference.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_score.core.lazy import exports

if TYPE_CHECKING:
    from canasta_score.storage.atomic_write import write_atomically
    from canasta_score.storage.backend import check_location
    from canasta_score.storage.backups import backup_now
    from canasta_score.storage.database import Database
    from canasta_score.storage.device_memory import DeviceMemory, this_device_memory
    from canasta_score.storage.drafts import load_draft, load_drafts, save_draft
    from canasta_score.storage.errors import (
        DatabaseUnavailable,
        GameNotFound,
        ImportProblem,
        ImportRefused,
        NameChangeNotFound,
        StaleGame,
        StorageError,
    )
    from canasta_score.storage.export import BACKUP_FORMAT, export_all, export_game
    from canasta_score.storage.games import (
        archive_game,
        changes,
        create_game,
        delete_game,
        known_players,
        load_game,
        purge_deleted,
        restore_game,
    )
    from canasta_score.storage.history import history_page
    from canasta_score.storage.home_file import FirstLook, first_look
    from canasta_score.storage.importing import import_document, is_backup_file, restore_backup
    from canasta_score.storage.listening import ChangeListener, announce
    from canasta_score.storage.notices import Notice, NoticeCode
    from canasta_score.storage.opening import cannot_use, open_database
    from canasta_score.storage.paths import database_path
    from canasta_score.storage.played import played_games_summaries
    from canasta_score.storage.played_file import read_played_games
    from canasta_score.storage.player_names import add_name_change, name_changes, undo_name_change
    from canasta_score.storage.records import (
        EVERY_GAME,
        Change,
        Draft,
        GameListEntry,
        HistoryCursor,
        HistoryPage,
        HistoryQuery,
        PlayerRecord,
        StoredGame,
        StoredNameChange,
    )
    from canasta_score.storage.rounds import add_round, delete_round, replace_round, undo_last_round
    from canasta_score.storage.settings import (
        add_custom_rules,
        custom_rules,
        delete_custom_rules,
        get_setting,
        set_setting,
        update_custom_rules,
    )
    from canasta_score.storage.summaries import (
        list_games,
        player_record,
        rebuild_summaries,
        unfinished_game,
    )

#: Where each name of the package lives.
_MODULES = {
    "write_atomically": "atomic_write",
    "ChangeListener": "listening",
    "announce": "listening",
    "database_path": "paths",
    "read_played_games": "played_file",
    "check_location": "backend",
    "backup_now": "backups",
    "Database": "database",
    "DeviceMemory": "device_memory",
    "this_device_memory": "device_memory",
    "Draft": "records",
    "EVERY_GAME": "records",
    "FirstLook": "home_file",
    "first_look": "home_file",
    "load_draft": "drafts",
    "load_drafts": "drafts",
    "save_draft": "drafts",
    "DatabaseUnavailable": "errors",
    "GameNotFound": "errors",
    "ImportProblem": "errors",
    "ImportRefused": "errors",
    "NameChangeNotFound": "errors",
    "StaleGame": "errors",
    "StorageError": "errors",
    "BACKUP_FORMAT": "export",
    "export_all": "export",
    "export_game": "export",
    "archive_game": "games",
    "changes": "games",
    "create_game": "games",
    "delete_game": "games",
    "known_players": "games",
    "load_game": "games",
    "purge_deleted": "games",
    "restore_game": "games",
    "HistoryCursor": "records",
    "HistoryPage": "records",
    "HistoryQuery": "records",
    "history_page": "history",
    "import_document": "importing",
    "is_backup_file": "importing",
    "restore_backup": "importing",
    "Notice": "notices",
    "NoticeCode": "notices",
    "add_name_change": "player_names",
    "name_changes": "player_names",
    "undo_name_change": "player_names",
    "cannot_use": "opening",
    "open_database": "opening",
    "played_games_summaries": "played",
    "Change": "records",
    "GameListEntry": "records",
    "PlayerRecord": "records",
    "StoredGame": "records",
    "StoredNameChange": "records",
    "add_round": "rounds",
    "delete_round": "rounds",
    "replace_round": "rounds",
    "undo_last_round": "rounds",
    "add_custom_rules": "settings",
    "custom_rules": "settings",
    "delete_custom_rules": "settings",
    "get_setting": "settings",
    "set_setting": "settings",
    "update_custom_rules": "settings",
    "list_games": "summaries",
    "player_record": "summaries",
    "rebuild_summaries": "summaries",
    "unfinished_game": "summaries",
}


__getattr__ = exports(__name__, _MODULES)


__all__ = [
    "BACKUP_FORMAT",
    "EVERY_GAME",
    "Change",
    "ChangeListener",
    "Database",
    "DatabaseUnavailable",
    "DeviceMemory",
    "Draft",
    "FirstLook",
    "GameListEntry",
    "GameNotFound",
    "HistoryCursor",
    "HistoryPage",
    "HistoryQuery",
    "ImportProblem",
    "ImportRefused",
    "NameChangeNotFound",
    "Notice",
    "NoticeCode",
    "PlayerRecord",
    "StaleGame",
    "StorageError",
    "StoredGame",
    "StoredNameChange",
    "add_custom_rules",
    "add_name_change",
    "add_round",
    "announce",
    "archive_game",
    "backup_now",
    "browser_disk",  # the browser's own storage, for the web app that runs in a tab
    "cannot_use",
    "changes",
    "check_location",
    "create_game",
    "custom_rules",
    "database_path",
    "delete_custom_rules",
    "delete_game",
    "delete_round",
    "export_all",
    "export_game",
    "first_look",
    "get_setting",
    "history_page",
    "import_document",
    "is_backup_file",
    "known_players",
    "list_games",
    "load_draft",
    "load_drafts",
    "load_game",
    "name_changes",
    "open_database",
    "played_games_summaries",
    "player_record",
    "purge_deleted",
    "read_played_games",
    "rebuild_summaries",
    "replace_round",
    "restore_backup",
    "restore_game",
    "save_draft",
    "set_setting",
    "this_device_memory",
    "undo_last_round",
    "undo_name_change",
    "unfinished_game",
    "update_custom_rules",
    "write_atomically",
]
