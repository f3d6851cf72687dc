"""Games brought in from game files and backups: every problem named, all or nothing.

A backup file is read game by game and written in batches, inside one transaction: memory
stays flat however many games it holds, and a bad game anywhere means none of them lands.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, bindparam, insert, select, update
from sqlmodel import SQLModel, col

from canasta_score.core import Game, game_document, own_rules_name, player_key, read_game
from canasta_score.core.problems import Term
from canasta_score.storage.backup_stream import NotStreamable, backup_games
from canasta_score.storage.database import Database, aware, now, writing
from canasta_score.storage.errors import ImportProblem, ImportRefused
from canasta_score.storage.export import BACKUP_FORMAT
from canasta_score.storage.facts import entries_json, rules_json
from canasta_score.storage.notices import Notice, NoticeCode
from canasta_score.storage.records import IncomingGame
from canasta_score.storage.summaries import summary_columns
from canasta_score.storage.tables import ChangeRow, GameRow, PlayerRow, RoundRow, SeatRow, SideRow

#: What a game's identity looks like (`GameRow.uid`); another is no identity, and the game is
#: given a new one.
UID = re.compile(r"[A-Za-z0-9_-]{8,64}")

#: Games written in one go (a few statements each), within the one transaction of an import.
BATCH = 500


def _read_extras(
    document: dict[str, Any], problems: list[ImportProblem], game: int | None
) -> tuple[datetime | None, datetime | None, bool]:
    """When the game was created and last changed, and whether it is archived."""
    moments: list[datetime | None] = []
    for key in ("created", "updated"):
        value = document.get(key)
        moment = None
        if value is not None:
            try:
                if not isinstance(value, str):
                    raise ValueError
                moment = aware(datetime.fromisoformat(value))
            except ValueError:
                got = json.dumps(value)[:60]
                problems.append(
                    ImportProblem(Notice(NoticeCode.MOMENT_INVALID, {"key": key, "got": got}), game)
                )
        moments.append(moment)
    archived = document.get("archived", False)
    if not isinstance(archived, bool):
        got = json.dumps(archived)[:60]
        problems.append(ImportProblem(Notice(NoticeCode.ARCHIVED_INVALID, {"got": got}), game))
        archived = False
    return moments[0], moments[1], archived


def read_game_document(
    document: Any, number: int | None, problems: list[ImportProblem]
) -> IncomingGame | None:
    """One game file read and checked by the core; its problems, each naming the game of a
    backup it belongs to (`number`, counted from 1; None for a game file), are added to
    `problems`."""
    try:
        game, game_problems = read_game(document)
    except Exception as error:  # the core should report every problem; never crash an import
        reason = f"{type(error).__name__}: {error}"
        problems.append(
            ImportProblem(Notice(NoticeCode.GAME_CANNOT_BE_READ, {"reason": reason}), number)
        )
        return None
    problems.extend(ImportProblem(problem, number) for problem in game_problems)
    if game is None:
        return None
    created_at, updated_at, archived = _read_extras(document, problems, number)
    uid = document.get("uid")
    return IncomingGame(
        game=game,
        created_at=created_at,
        updated_at=updated_at,
        archived=archived,
        uid=uid if isinstance(uid, str) and UID.fullmatch(uid) else content_uid(game, created_at),
    )


def content_uid(game: Game, created_at: datetime | None) -> str:
    """The identity of a game whose file gives none (written by hand, or by another program):
    made from what the game is (its rules, sides, dealer and rounds, and when it was created
    where the file says), so the same file imported twice is the same game, not two.

    >>> from canasta_score.core import CLASSIC, Side
    >>> game = Game(CLASSIC, (Side("We", ("A",)), Side("They", ("B",))))
    >>> content_uid(game, None) == content_uid(game, None), len(content_uid(game, None))
    (True, 40)
    """
    content = game_document(game, {"created": created_at.isoformat() if created_at else None})
    digest = hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()
    return f"content-{digest[:32]}"


def _kind(value: Any) -> str:
    for kind, shown in ((dict, "an object"), (list, "a list"), (str, "a text")):
        if isinstance(value, kind):
            return Term(shown)
    return json.dumps(value)


def _game_documents(
    document: Any, name: str | None
) -> tuple[Iterable[tuple[int | None, Any]], list[ImportProblem]]:
    """The game files in a document (each with how its problems start), or why there are none:
    a document of the file `name` that is neither a game file nor a backup is told so."""
    if name is not None and not ours(document):
        return [], [ImportProblem(Notice(NoticeCode.NOT_OURS, {"path": name}))]
    if isinstance(document, dict) and document.get("format") == BACKUP_FORMAT:
        games = document.get("games")
        if not isinstance(games, list):
            got = _kind(games)
            return [], [ImportProblem(Notice(NoticeCode.BACKUP_GAMES_NOT_LIST, {"got": got}))]
        return _numbered(games), []
    return [(None, document)], []


def _numbered(games: Iterable[Any]) -> Iterator[tuple[int | None, Any]]:
    yield from enumerate(games, start=1)


#: What a game file or a backup holds at its top (GAME_FORMAT.md): a document of none of
#: them is neither, and is told so, not field by field ("unknown rules null").
OUR_FIELDS = frozenset({"format", "rules", "sides", "rounds", "games"})


def ours(document: Any) -> bool:
    """Whether `document` is at least meant as a game file or a backup.

    >>> ours({"shopping": ["milk"]}), ours([1, 2]), ours({"rules": "classic"})
    (False, False, True)
    """
    return isinstance(document, dict) and not OUR_FIELDS.isdisjoint(document)


def import_document(*, db: Database, document: Any, name: str | None = None) -> list[int]:
    """Add the games of a game file or a backup; returns their new ids, in document order.

    All or nothing: any problem raises ImportRefused listing every problem, and nothing is
    added. A document that is neither is refused as such where its file's `name` is given.
    """
    documents, problems = _game_documents(document, name)
    if problems:
        raise ImportRefused(problems)
    return _import(db, documents)


def restore_backup(*, db: Database, path: str | Path) -> list[int]:
    """Import the games of a backup file (e.g. `Database.backup_to_offer`); all or nothing.

    Read game by game; a file that is not a well-formed backup is read whole, so its problems
    are named as for any other document.
    """
    try:
        with open(path, encoding="utf-8-sig") as file:  # a byte order mark is no problem
            return _import(db, _numbered(backup_games(file, BACKUP_FORMAT)))
    except (NotStreamable, UnicodeDecodeError):
        pass
    except OSError as error:
        raise ImportRefused([_unreadable_backup(path, error)]) from error
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except RecursionError as error:
        deep = Notice(NoticeCode.BACKUP_NESTED_TOO_DEEPLY, {"path": str(path)})
        raise ImportRefused([ImportProblem(deep)]) from error
    except (OSError, ValueError) as error:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise ImportRefused([_unreadable_backup(path, error)]) from error
    return import_document(db=db, document=document, name=str(path))


def _unreadable_backup(path: str | Path, error: Exception) -> ImportProblem:
    """The backup cannot be read; the system's or the JSON reader's reason as they give it."""
    return ImportProblem(
        Notice(NoticeCode.BACKUP_CANNOT_BE_READ, {"path": str(path), "reason": str(error)})
    )


def is_backup_file(path: str | Path) -> bool:
    """Whether the file is a well-formed backup that `restore_backup` reads game by game
    (its JSON only is looked at, a game at a time; the games are checked on restoring)."""
    try:
        with open(path, encoding="utf-8-sig") as file:
            for _game in backup_games(file, BACKUP_FORMAT):
                pass
    except (NotStreamable, OSError, UnicodeDecodeError):
        return False
    return True


def _import(db: Database, documents: Iterable[tuple[int | None, Any]]) -> list[int]:
    """Read and store the games in one transaction; any problem rolls all of it back."""
    problems: list[ImportProblem] = []
    ids: list[int] = []
    with writing(db) as session:
        writer = _Writer(session.connection())
        batch: list[IncomingGame] = []
        for game, document in documents:
            incoming = read_game_document(document, game, problems)
            if incoming is None or problems:
                batch.clear()  # nothing more is written, but every game is still checked
                continue
            batch.append(incoming)
            if len(batch) == BATCH:
                ids += writer.write(batch)
                batch.clear()
        if problems:
            raise ImportRefused(problems)  # leaving the transaction undoes what was written
        ids += writer.write(batch)
    return ids


class _Writer:
    """Writes checked games with a few statements per batch (not an object per row); the
    database numbers the games and players."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        #: Players met so far by name key: their id, and when they last played.
        self.players: dict[str, tuple[int, datetime]] = {}
        self.played: dict[int, datetime] = {}
        #: The identities of the games written or found here so far.
        self.seen: set[str | None] = set()

    def _player(self, name: str, played_at: datetime) -> int:
        key = player_key(name)
        known = self.players.get(key)
        if known is None:
            found = self.connection.execute(
                select(col(PlayerRow.id), col(PlayerRow.last_played_at)).where(
                    col(PlayerRow.key) == key
                )
            ).first()
            if found is None:
                inserted = self.connection.execute(
                    insert(PlayerRow)
                    .values(name=name, key=key, last_played_at=played_at)
                    .returning(col(PlayerRow.id))
                )
                player_id = inserted.scalar_one()
                assert player_id is not None
                known = (player_id, played_at)
            else:
                player_id, last_played_at = found
                assert player_id is not None
                known = (player_id, aware(last_played_at))
            self.players[key] = known
        if known[1] < played_at:
            known = self.players[key] = (known[0], played_at)
            self.played[known[0]] = played_at
        return known[0]

    def _insert(self, table: type[SQLModel], rows: list[dict[str, Any]]) -> None:
        """One INSERT for many rows (SQLAlchemy sends them in as few statements as it can)."""
        self.connection.execute(insert(table), rows)

    def _new(self, batch: list[IncomingGame]) -> list[IncomingGame]:
        """The games of `batch` not here already (by their identity: a backup restored twice,
        a game brought back from another device), each once."""
        uids = {item.uid for item in batch if item.uid is not None}
        here = (
            set(
                self.connection.execute(
                    select(col(GameRow.uid)).where(
                        col(GameRow.uid).in_(uids), col(GameRow.deleted_at).is_(None)
                    )
                ).scalars()
                if uids
                else ()
            )
            | self.seen
        )
        new: list[IncomingGame] = []
        for item in batch:
            if item.uid is not None:
                if item.uid in here:
                    continue
                here.add(item.uid)
            new.append(item)
        self.seen = here
        return new

    def write(self, batch: list[IncomingGame]) -> list[int]:
        batch = self._new(batch)
        if not batch:
            return []
        moment = now()
        games: list[dict[str, Any]] = []
        for item in batch:
            games.append(
                {
                    "uid": item.uid or uuid.uuid4().hex,
                    "preset": item.game.rules.base,
                    "rule_overrides": rules_json(item.game.rules),
                    "first_dealer": item.game.first_dealer,
                    "version": 1,
                    "created_at": item.created_at or moment,
                    "updated_at": item.updated_at or item.created_at or moment,
                    "archived": item.archived,
                    "own_rules_name": own_rules_name(item.game.rules),
                    **summary_columns(item.game),
                }
            )
        ids: list[int] = list(
            self.connection.execute(
                insert(GameRow).returning(col(GameRow.id), sort_by_parameter_order=True), games
            ).scalars()  # type: ignore[arg-type]  # a primary key: never None once inserted
        )
        sides: list[dict[str, Any]] = []
        seats: list[dict[str, Any]] = []
        rounds: list[dict[str, Any]] = []
        changes: list[dict[str, Any]] = []
        for item, game_id in zip(batch, ids, strict=True):
            game = item.game
            played_at = item.updated_at or item.created_at or moment
            totals = game.totals
            for position, side in enumerate(game.sides):
                sides.append(
                    {
                        "game_id": game_id,
                        "position": position,
                        "name": side.name,
                        "total": totals[position],
                    }
                )
                for seat, name in enumerate(side.players):
                    seats.append(
                        {
                            "game_id": game_id,
                            "side_position": position,
                            "position": seat,
                            "name": name,
                            "player_id": self._player(name, played_at),
                        }
                    )
            for number, entries in enumerate(game.rounds, start=1):
                rounds.append(
                    {
                        "game_id": game_id,
                        "number": number,
                        "entries": entries_json(entries),
                        "saved_at": played_at,
                    }
                )
            changes.append(
                {"game_id": game_id, "at": moment, "what": "game imported", "version": 1}
            )
        for table, rows in (
            (SideRow, sides),
            (SeatRow, seats),
            (RoundRow, rounds),
            (ChangeRow, changes),
        ):
            if rows:
                self._insert(table, rows)
        if self.played:
            self.connection.execute(
                update(PlayerRow)
                .where(col(PlayerRow.id) == bindparam("player_id"))
                .values(last_played_at=bindparam("played_at")),
                [{"player_id": i, "played_at": at} for i, at in self.played.items()],
            )
            self.played.clear()
        return ids
