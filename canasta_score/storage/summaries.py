"""The summary columns: derived by the core with every change, listed for the game list and
player records, and derived again in the background after an update of the app."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Integer, case, cast, func, update
from sqlalchemy import select as select_columns
from sqlmodel import Session, col, select

from canasta_score import __version__
from canasta_score.core import Game, player_key
from canasta_score.runtime import threads_available
from canasta_score.storage.database import Database, aware, game_row, reading, writing
from canasta_score.storage.errors import GameNotFound
from canasta_score.storage.facts import read_facts
from canasta_score.storage.played_text import stats_json
from canasta_score.storage.records import GameListEntry, PlayerRecord
from canasta_score.storage.revision import SUMMARIES_KEY
from canasta_score.storage.settings import get_setting, set_setting
from canasta_score.storage.tables import GameRow, PlayerRow, SeatRow, SideRow

#: Games whose summaries are derived again in one transaction (a save waits for one batch),
#: and the pause between two batches.
REBUILD_BATCH = 50
REBUILD_PAUSE = 0.02


def summary_columns(game: Game) -> dict[str, Any]:
    """What the core derives from a game's facts, by the game row's column (the sides'
    totals are `game.totals`, in side order): the one place the summary is made."""
    return {
        "rules_name": game.rules.name,
        "round_count": len(game.rounds),
        "totals": json.dumps(list(game.totals)),
        "finished": game.finished,
        "winner": game.winner,
        "stats": stats_json(game),
    }


def write_summary(session: Session, row: GameRow, game: Game) -> None:
    """Write what the core derives from the facts into the summary columns."""
    for column, value in summary_columns(game).items():
        setattr(row, column, value)
    by_position = dict(enumerate(game.totals))
    session.execute(  # one statement for every side
        update(SideRow)
        .where(col(SideRow.game_id) == row.id)
        .values(total=case(by_position, value=col(SideRow.position), else_=SideRow.total))
    )


def game_summaries(session: Session, rows: Sequence[GameRow]) -> list[GameListEntry]:
    """The game-list lines of these games, in their order (sides and players in two queries)."""
    ids = [row.id for row in rows]
    sides: dict[int, list[str]] = {}
    for game_id, name in session.exec(
        select(SideRow.game_id, SideRow.name)
        .where(col(SideRow.game_id).in_(ids))
        .order_by(col(SideRow.game_id), col(SideRow.position))
    ):
        sides.setdefault(game_id, []).append(name)
    players: dict[tuple[int, int], list[str]] = {}
    for game_id, side, name in session.exec(
        select(SeatRow.game_id, SeatRow.side_position, SeatRow.name)
        .where(col(SeatRow.game_id).in_(ids))
        .order_by(col(SeatRow.game_id), col(SeatRow.side_position), col(SeatRow.position))
    ):
        players.setdefault((game_id, side), []).append(name)
    summaries = []
    for row in rows:
        assert row.id is not None
        names = sides.get(row.id, [])
        summaries.append(
            GameListEntry(
                id=row.id,
                side_names=names,
                players=[players.get((row.id, side), []) for side in range(len(names))],
                totals=json.loads(row.totals),
                rules_name=row.rules_name,
                own_rules_name=row.own_rules_name,
                rounds=row.round_count,
                created_at=aware(row.created_at),
                updated_at=aware(row.updated_at),
                finished=row.finished,
                winner=row.winner,
                archived=row.archived,
                rules_base=row.preset,
                version=row.version,
            )
        )
    return summaries


def list_games(
    *, db: Database, limit: int = 50, offset: int = 0, include_archived: bool = True
) -> list[GameListEntry]:
    """Stored games, newest first (deleted ones left out)."""
    query = select(GameRow).where(col(GameRow.deleted_at).is_(None))
    if not include_archived:
        query = query.where(col(GameRow.archived).is_(False))
    query = (
        query.order_by(col(GameRow.created_at).desc(), col(GameRow.id).desc())
        .limit(limit)
        .offset(offset)
    )
    with reading(db) as session:
        return game_summaries(session, session.exec(query).all())


def unfinished_game(*, db: Database) -> GameListEntry | None:
    """The game most recently played that is not finished, archived or deleted."""
    query = (
        select(GameRow)
        .where(
            col(GameRow.deleted_at).is_(None),
            col(GameRow.archived).is_(False),
            col(GameRow.finished).is_(False),
        )
        .order_by(col(GameRow.updated_at).desc(), col(GameRow.id).desc())
        .limit(1)
    )
    with reading(db) as session:
        summaries = game_summaries(session, session.exec(query).all())
    return summaries[0] if summaries else None


def player_record(*, db: Database, name: str) -> PlayerRecord:
    """A player's games, finished games, wins and points over all stored games."""
    won = col(GameRow.winner) == col(SeatRow.side_position)  # NULL (no winner) counts nothing
    query = (
        select_columns(
            col(PlayerRow.name),
            func.count(),
            func.coalesce(func.sum(cast(col(GameRow.finished), Integer)), 0),
            func.coalesce(func.sum(case((won, 1), else_=0)), 0),
            func.coalesce(func.sum(col(SideRow.total)), 0),
        )
        .join(SeatRow, col(SeatRow.player_id) == col(PlayerRow.id))
        .join(GameRow, col(GameRow.id) == col(SeatRow.game_id))
        .join(
            SideRow,
            (col(SideRow.game_id) == col(SeatRow.game_id))
            & (col(SideRow.position) == col(SeatRow.side_position)),
        )
        .where(col(PlayerRow.key) == player_key(name), col(GameRow.deleted_at).is_(None))
        .group_by(col(PlayerRow.id), col(PlayerRow.name))
    )
    with reading(db) as session:
        found = session.execute(query).first()
    if found is None:
        return PlayerRecord(name=name.strip(), games=0, finished=0, wins=0, points=0)
    stored_name, games, finished, wins, points = found
    return PlayerRecord(
        name=stored_name, games=games, finished=finished, wins=wins, points=int(points)
    )


def rebuild_summaries(*, db: Database, stop: threading.Event | None = None) -> int:
    """Derive every game's summary columns again from its facts; returns how many games.

    Runs in short transactions, so saves go on meanwhile; `stop` ends it between two of
    them (the next start of the app finishes the work).
    """
    with reading(db) as session:
        ids = [i for i in session.exec(select(GameRow.id).order_by(col(GameRow.id))) if i]
    spent = 0.0
    for first in range(0, len(ids), REBUILD_BATCH):
        # In the background, work a quarter of the time: the player's saves come first.
        if first and stop is not None and stop.wait(REBUILD_PAUSE + 3 * spent):
            return first
        began = time.perf_counter()
        with writing(db) as session:
            for game_id in ids[first : first + REBUILD_BATCH]:
                try:  # locked: a save of another process waits, or this waits for it
                    row = game_row(session, game_id, deleted_too=True)
                except GameNotFound:  # purged meanwhile
                    continue
                write_summary(session, row, read_facts(session, row))
                session.add(row)
        spent = time.perf_counter() - began
    set_setting(db=db, key=SUMMARIES_KEY, value=__version__)
    return len(ids)


def any_game(db: Database) -> bool:
    """Whether the database holds a game, deleted or not."""
    with reading(db) as session:
        return session.exec(select(GameRow.id).limit(1)).first() is not None


class SummaryRefresh:
    """After an update of the app, derives the summaries again with the new core, in the
    background: a rule fixed in the core never leaves an old total in the game list."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None

    def start_if_due(self, db: Database) -> None:
        if get_setting(db=db, key=SUMMARIES_KEY) == __version__:
            return
        # Derived now, as the app opens: in a browser tab (no threads), and in a database with
        # no game (a new one), where the one write is the version's mark. A thread would write
        # it at some later moment, beside the player's first writes.
        if not threads_available() or not any_game(db):
            self._run(db)
            return
        self.thread = threading.Thread(target=self._run, args=(db,), name="canasta-score-summaries")
        self.thread.start()

    def _run(self, db: Database) -> None:
        try:
            rebuild_summaries(db=db, stop=self.stop)
        except Exception as error:  # the facts are untouched; the next start tries again
            logging.getLogger(__name__).warning("summaries not derived again: %s", error)

    def wait(self) -> None:
        """Wait until the summaries being derived again are done."""
        if self.thread is not None:
            self.thread.join()

    def finish(self) -> None:
        self.stop.set()
        self.wait()
