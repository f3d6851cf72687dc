"""The app's one door to the database: the storage functions the screens use, and nothing else."""

from __future__ import annotations

import contextlib
import copy
import functools
import inspect
import json
import logging
import os
import tempfile
import threading
from collections.abc import Callable, Sequence
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from canasta_score import storage
from canasta_score.core.problems import Term
from canasta_score.runtime import threads_available
from canasta_score.statistics import NameChange
from canasta_score.storage import (
    EVERY_GAME,
    DatabaseUnavailable,
    Draft,
    GameListEntry,
    GameNotFound,
    HistoryCursor,
    HistoryPage,
    HistoryQuery,
    ImportProblem,
    ImportRefused,
    NameChangeNotFound,
    Notice,
    NoticeCode,
    StaleGame,
    StoredGame,
    StoredNameChange,
)
from canasta_score.ui.drafts import NotedDrafts
from canasta_score.ui.news import (
    tell_every_phone,
    tell_every_phone_the_database_is,
    tell_every_phone_to_reload,
)

if TYPE_CHECKING:
    from flet.pubsub.pubsub_client import PubSubClient

    from canasta_score.core import Game, RuleSet, SideEntry
    from canasta_score.statistics import GameFigures, StatsFilter
    from canasta_score.storage import ChangeListener, Database, FirstLook

__all__ = [
    "DatabaseUnavailable",
    "GameListEntry",
    "GameNotFound",
    "GameStore",
    "HistoryCursor",
    "HistoryPage",
    "HistoryQuery",
    "ImportProblem",
    "ImportRefused",
    "NameChangeNotFound",
    "StaleGame",
    "StoredGame",
    "StoredNameChange",
]


def _json_bytes(document: Any) -> bytes:
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def unreadable(name: str, error: Exception) -> Notice:
    """Why a picked file is no JSON document, as the `import` command says it (the reader's
    own reason, e.g. "Expecting value", in the phone's language: `READER_REASONS`).

    >>> str(unreadable("games.json", json.JSONDecodeError("Expecting value", "x", 0)))
    'games.json is not valid JSON: Expecting value at line 1, column 1'
    """
    if isinstance(error, UnicodeDecodeError):
        return Notice(NoticeCode.NOT_TEXT, {"path": name, "reason": Term(error.reason)})
    if isinstance(error, json.JSONDecodeError):
        place = {"line": error.lineno, "column": error.colno}
        return Notice(NoticeCode.NOT_JSON, {"path": name, "reason": Term(error.msg), **place})
    if isinstance(error, RecursionError):
        return Notice(NoticeCode.NESTED_TOO_DEEPLY, {"path": name})
    # e.g. a number of more digits than Python converts
    return Notice(NoticeCode.NOT_A_GAME_FILE, {"path": name, "reason": str(error).split(";")[0]})


#: Games a page of the history holds (the home screen's first page among them).
HISTORY_PAGE = 30

#: One page at a time takes the old device settings (pages may read them on worker threads).
_taking = threading.Lock()

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _tells(
    method: Callable[Concatenate[GameStore, _P], _R],
) -> Callable[Concatenate[GameStore, _P], _R]:
    """A change the other phones hear of once it is saved (not when it is refused): of the
    game it returns or was given as `game_id`, else of the game list."""
    signature = inspect.signature(method)

    @functools.wraps(method)
    def saved(store: GameStore, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        result = method(store, *args, **kwargs)
        if isinstance(result, StoredGame):
            game_id: int | None = result.id
        else:
            game_id = signature.bind(store, *args, **kwargs).arguments.get("game_id")
        store._tell(game_id)
        store._announce(game_id)
        return result

    saved.tells = True  # type: ignore[attr-defined]
    return saved


class LaterDatabase:
    """The database a store and its copies share, opened at its first use.

    Until then the home screen is read from a first look at the file (`storage.first_look`,
    sqlite3 alone), which stays true until the database is opened, as every change goes
    through it; in a browser tab this draws the first screen before SQLAlchemy, SQLModel and
    pydantic are imported, and the app opens the database right after (`open_now`).
    """

    def __init__(self, path: str | None, look: FirstLook | None) -> None:
        self.path = path
        #: The first look, until the database is opened.
        self.look = look
        #: Whether the first screen came from a first look (then a SQLite file of this
        #: device, which no other process shares).
        self.looked_first = look is not None
        self._db: Database | None = None
        self._opening = threading.Lock()

    @property
    def opened(self) -> bool:
        return self._db is not None

    def open_now(self) -> Database:
        """The open database (opened now, if it was not); raises StorageError when it cannot
        be used."""
        if self._db is None:
            with self._opening:
                if self._db is None:
                    self._db = storage.open_database(self.path)
                    self.look = None
        return self._db


class GameStore:
    """An open database and the verbs the screens need from it."""

    def __init__(self, path: str | None = None, *, look_first: bool = False) -> None:
        """Opens the database (`path`; None: the app's file), or with `look_first` only
        looks at its file for the home screen where that is enough (a sound file of this
        version), leaving the opening to the first use."""
        look = None
        if look_first and (file := storage.database_path(path)) is not None:
            look = storage.first_look(file, HISTORY_PAGE)
        self.later = LaterDatabase(path, look)
        if look is None:  # what opening found is told on the first screen
            self.later.open_now()
        #: Told the id of each game changed through this store (None: the game list alone).
        self._tell: Callable[[int | None], None] = lambda _game_id: None
        #: Each phone's newest half-typed round of each game until it is on disk, shared by
        #: every page of the process: a page opened meanwhile (a reload) starts from it.
        self.drafts = NotedDrafts(self._write_draft)
        #: Hears the other server processes of a shared database (`listen_to_others`).
        self._listener: ChangeListener | None = None

    @property
    def db(self) -> Database:
        """The open database (opened at this first use after a first look)."""
        return self.later.open_now()

    @property
    def notice(self) -> Notice | None:
        """A message for the player about the database (e.g. it was restored from a backup);
        none after a first look, which only a sound file of this version gives."""
        return self.db.notice if self.later.opened else None

    @property
    def backup_to_offer(self) -> Path | None:
        """The newest automatic backup, where opening moved a damaged file aside."""
        return self.db.backup_to_offer if self.later.opened else None

    def listen_to_others(self, pubsub: PubSubClient) -> None:
        """On a database shared by several server processes, pass each change another process
        announces on to this process's phones (`pubsub`: any page's, all share one hub), and
        have every screen read again after the database was out of reach. Once per process."""
        if self._listener is not None or self.later.looked_first or not self.db.backend.shared:
            return

        def reconnected() -> None:
            tell_every_phone_the_database_is(pubsub, True)
            tell_every_phone_to_reload(pubsub)

        self._listener = storage.ChangeListener(
            self.db,
            heard=lambda game_id: tell_every_phone(pubsub, game_id),
            reconnected=reconnected,
            lost=lambda: tell_every_phone_the_database_is(pubsub, False),
        ).start()

    def _announce(self, game_id: int | None) -> None:
        """Tell the other server processes (if any) of a change saved here."""
        if self._listener is None:
            return
        try:
            storage.announce(db=self.db, game_id=game_id, sender=self._listener.sender)
        except Exception as error:  # saved all the same; the others read it at their reload
            logging.getLogger(__name__).warning("change not announced: %s", error)

    def answers(self) -> None:
        """Raises DatabaseUnavailable unless the database answers a read now."""
        storage.get_setting(db=self.db, key="theme")

    def _write_draft(self, key: tuple[int, str], draft: dict[str, Any] | None) -> bool:
        game_id, phone = key
        return storage.save_draft(db=self.db, game_id=game_id, draft=draft, phone=phone)

    def close(self) -> None:
        """Write what is typed, stop listening to the other processes, close the database."""
        self.drafts.close()
        if self._listener is not None:
            self._listener.stop()
        self.db.close()

    def telling(self, tell: Callable[[int | None], None]) -> GameStore:
        """The same open database, telling `tell` after every change it saves (the methods
        marked `@_tells`).

        One store serves every page of the process; each page takes a copy that tells the
        other phones what it changed (`canasta_score.ui.news`).
        """
        told = copy.copy(self)
        told._tell = tell
        return told

    # --- games --------------------------------------------------------------------------

    @_tells
    def create_game(self, game: Game) -> StoredGame:
        return storage.create_game(db=self.db, game=game)

    def load_game(self, game_id: int) -> StoredGame:
        return storage.load_game(db=self.db, game_id=game_id)

    def list_games(self, limit: int = 50) -> list[GameListEntry]:
        return storage.list_games(db=self.db, limit=limit)

    def unfinished_game(self) -> GameListEntry | None:
        if (look := self.later.look) is not None:
            return look.unfinished
        return storage.unfinished_game(db=self.db)

    @_tells
    def delete_game(self, game_id: int) -> None:
        storage.delete_game(db=self.db, game_id=game_id)

    @_tells
    def restore_game(self, game_id: int) -> None:
        storage.restore_game(db=self.db, game_id=game_id)

    def purge_deleted(self, older_than: timedelta | None = None) -> int:
        """Forget for good the games deleted (longer than `older_than` ago, if given)."""
        return storage.purge_deleted(db=self.db, older_than=older_than)

    @_tells
    def restore_backup(self, path: Path) -> list[int]:
        """The games of a backup file added back; raises ImportRefused if it cannot be read."""
        return storage.restore_backup(db=self.db, path=path)

    # --- files a person takes away and brings back ------------------------------------------

    def backup_bytes(self) -> bytes:
        """Every game as a backup file, as the `export --all` command writes it."""
        return _json_bytes(storage.export_all(db=self.db))

    def game_file_bytes(self, game_id: int) -> bytes:
        """One game as a game file, as the `export` command writes it."""
        return _json_bytes(storage.export_game(db=self.db, game_id=game_id))

    @_tells
    def import_bytes(self, data: bytes, name: str) -> list[int]:
        """The games of a backup or a game file added, all or nothing, as the `import` command
        does; their new ids. Raises ImportRefused with every reason for a file it cannot take."""
        handle, temporary = tempfile.mkstemp(prefix="canasta-import-", suffix=".json")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
            # A backup is read game by game; anything else is read whole and checked.
            if storage.is_backup_file(temporary):
                return storage.restore_backup(db=self.db, path=temporary)
        finally:
            os.unlink(temporary)
        try:
            document = json.loads(data.decode("utf-8-sig"))
        except (UnicodeDecodeError, ValueError, RecursionError) as error:
            raise ImportRefused([ImportProblem(unreadable(name, error))]) from error
        return storage.import_document(db=self.db, document=document, name=name)

    def known_players(self) -> list[str]:
        return storage.known_players(db=self.db)

    def history_page(
        self, query: HistoryQuery, after: HistoryCursor | None = None, limit: int = HISTORY_PAGE
    ) -> HistoryPage:
        """A page of the whole history, newest first; a search knows players' new names."""
        look = self.later.look
        if look is not None and (query, after, limit) == (EVERY_GAME, None, look.limit):
            return look.first_page
        changes = tuple(stored.change for stored in self.name_changes())
        return storage.history_page(
            db=self.db, query=query, after=after, limit=limit, changes=changes
        )

    # --- statistics -----------------------------------------------------------------------

    def read_statistics_soon(self, delay: float = 5.0) -> None:
        """Read every game's statistics summary once, on a thread, a few seconds after the
        server's first page: the statistics screen's first visit then finds them read."""

        if not threads_available():  # a browser tab: read when the statistics are shown
            return

        def read() -> None:
            # A cache warmed, nothing more: a closed database or a busy file is no matter.
            with contextlib.suppress(Exception):
                storage.played_games_summaries(db=self.db)

        timer = threading.Timer(delay, read)
        timer.daemon = True
        timer.start()

    def played_games(self, where: StatsFilter) -> list[GameFigures]:
        return storage.played_games_summaries(db=self.db, where=where)

    def name_changes(self) -> list[StoredNameChange]:
        return storage.name_changes(db=self.db)

    def add_name_change(self, old: str, new: str) -> StoredNameChange:
        """Raises ValueError for a blank name or the same spelling."""
        return storage.add_name_change(db=self.db, change=NameChange(old, new))

    def undo_name_change(self, change_id: int) -> None:
        """Raises NameChangeNotFound when it was undone already (on another screen)."""
        storage.undo_name_change(db=self.db, change_id=change_id)

    # --- rounds (each raises RoundRefused or StaleGame; the others hear of what is saved) --

    @_tells
    def add_round(
        self,
        game_id: int,
        entries: Sequence[SideEntry],
        version: int,
        phone: str | None = None,
        entry: str | None = None,
    ) -> StoredGame:
        """The next round; `phone`'s half-typed round goes with it (every one, without). The
        same `entry` sent again records nothing more (`storage.rounds`)."""
        saved = storage.add_round(
            db=self.db,
            game_id=game_id,
            entries=list(entries),
            expected_version=version,
            phone=phone,
            entry=entry,
        )
        if phone is not None:
            self.drafts.saved((game_id, phone), entry)
        return saved

    @_tells
    def replace_round(
        self,
        game_id: int,
        round_number: int,
        entries: Sequence[SideEntry],
        version: int,
        entry: str | None = None,
    ) -> StoredGame:
        return storage.replace_round(
            db=self.db,
            game_id=game_id,
            round_number=round_number,
            entries=list(entries),
            expected_version=version,
            entry=entry,
        )

    @_tells
    def delete_round(self, game_id: int, round_number: int, version: int) -> StoredGame:
        return storage.delete_round(
            db=self.db, game_id=game_id, round_number=round_number, expected_version=version
        )

    @_tells
    def undo_last_round(self, game_id: int, version: int) -> StoredGame:
        return storage.undo_last_round(db=self.db, game_id=game_id, expected_version=version)

    # --- the half-typed round -------------------------------------------------------------

    def note_draft(self, game_id: int, draft: dict[str, Any] | None, phone: str = "") -> None:
        """A phone's round as typed a moment ago, before it is written (`keep_draft`): what a
        page of that phone opened now starts from, so no page shows an older draft than the
        last change.

        `draft` is kept as given (a screen hands a fresh one per change: no copy per
        keystroke); a page reading it gets a copy of its own (`load_draft`)."""
        self.drafts.note((game_id, phone), draft)

    def keep_draft(self, game_id: int, draft: dict[str, Any] | None, phone: str = "") -> bool:
        """Writes a phone's half-typed round now (None: clears it), on the caller's thread
        (the round's owner calls it off the event loop); whether it was kept (a draft of an
        entry saved meanwhile is not)."""
        kept = self._write_draft((game_id, phone), draft)
        self.drafts.written((game_id, phone), draft)
        return kept

    def load_draft(self, game_id: int, phone: str = "") -> dict[str, Any] | None:
        """The round a phone typed so far (the newest noted, else the one on disk)."""
        found, draft = self.drafts.noted((game_id, phone))
        if found:
            return copy.deepcopy(draft)
        return storage.load_draft(db=self.db, game_id=game_id, phone=phone)

    def drafts_elsewhere(self, game_id: int, phone: str) -> list[Draft]:
        """The rounds other phones are typing for a game, the newest first."""
        return [
            draft
            for draft in storage.load_drafts(db=self.db, game_id=game_id)
            if draft.phone != phone
        ]

    # --- settings earlier versions kept in the database -------------------------------------

    def take_old_device_settings(self, names: Sequence[str]) -> dict[str, str]:
        """The device settings (`theme`, ...) earlier versions kept in the shared database,
        handed over once and then removed from it.

        They belong to one device: the first device that reads its settings after this
        version opened the database takes them for the settings it has none of, and no later
        phone sees them as a default. A table kept on one device (the usual case before
        phones were served) thus keeps its choices.
        """
        with _taking:
            found: dict[str, str] = {}
            for name in names:
                value = storage.get_setting(db=self.db, key=name)
                if value:
                    found[name] = value
                    # Emptied rather than deleted: storage keeps no remover of settings,
                    # and an empty value reads as none.
                    storage.set_setting(db=self.db, key=name, value="")
            return found

    def give_back_old_device_settings(self, settings: dict[str, str]) -> None:
        """Settings taken (`take_old_device_settings`) that the device did not keep: back in
        the database for the next device, where none was written meanwhile."""
        with _taking:
            for name, value in settings.items():
                if not storage.get_setting(db=self.db, key=name):
                    storage.set_setting(db=self.db, key=name, value=value)

    def custom_rules(self) -> list[RuleSet]:
        return storage.custom_rules(db=self.db)

    def add_custom_rules(self, rules: RuleSet) -> RuleSet:
        """Keep a new rule set under an id of its own; the rule set as kept."""
        return storage.add_custom_rules(db=self.db, rules=rules)

    def delete_custom_rules(self, rules_id: str) -> None:
        """Remove one rule set; one already gone (deleted on another phone) is no fault."""
        storage.delete_custom_rules(db=self.db, rules_id=rules_id)
