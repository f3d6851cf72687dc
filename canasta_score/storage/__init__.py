"""Storage: the games players entered, kept in one SQLite file; everything callers use.

The modules, by concern: `opening` (open_database), `database` (Database, transactions),
`games`, `rounds`, `summaries` (game list, player records), `history` (the whole history
by pages), `played` (games fed to the statistics), `name_changes`, `export`, `importing`,
`backups`, `drafts`, `settings` (and custom rule sets), `errors`, `records` (what is handed
out), `tables` and `migrations` (the schema), `facts` (stored facts <-> the core's Game).
"""

from canasta_score.storage.backups import backup_now
from canasta_score.storage.database import Database
from canasta_score.storage.drafts import load_draft, save_draft
from canasta_score.storage.errors import (
    GameNotFound,
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
from canasta_score.storage.history import HistoryCursor, HistoryPage, HistoryQuery, history_page
from canasta_score.storage.importing import import_document, is_backup_file, restore_backup
from canasta_score.storage.name_changes import add_name_change, name_changes, undo_name_change
from canasta_score.storage.opening import cannot_use, open_database
from canasta_score.storage.played import played_games_summaries
from canasta_score.storage.records import (
    Change,
    GameSummary,
    PlayerRecord,
    StoredGame,
    StoredNameChange,
)
from canasta_score.storage.rounds import add_round, delete_round, replace_round, undo_last_round
from canasta_score.storage.settings import (
    custom_rules,
    get_setting,
    save_custom_rules,
    set_setting,
)
from canasta_score.storage.summaries import (
    list_games,
    player_record,
    rebuild_summaries,
    unfinished_game,
)

__all__ = [
    "BACKUP_FORMAT",
    "Change",
    "Database",
    "GameNotFound",
    "GameSummary",
    "HistoryCursor",
    "HistoryPage",
    "HistoryQuery",
    "ImportRefused",
    "NameChangeNotFound",
    "PlayerRecord",
    "StaleGame",
    "StorageError",
    "StoredGame",
    "StoredNameChange",
    "add_name_change",
    "add_round",
    "archive_game",
    "backup_now",
    "cannot_use",
    "changes",
    "create_game",
    "custom_rules",
    "delete_game",
    "delete_round",
    "export_all",
    "export_game",
    "get_setting",
    "history_page",
    "import_document",
    "is_backup_file",
    "known_players",
    "list_games",
    "load_draft",
    "load_game",
    "name_changes",
    "open_database",
    "played_games_summaries",
    "player_record",
    "purge_deleted",
    "rebuild_summaries",
    "replace_round",
    "restore_backup",
    "restore_game",
    "save_custom_rules",
    "save_draft",
    "set_setting",
    "undo_last_round",
    "undo_name_change",
    "unfinished_game",
]
