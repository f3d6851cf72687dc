"""Rounds of a stored game: add, enter anew, delete, undo; each checked by the core first.

Every change names the game version it was based on, so a screen showing an old copy of the
game (another tab) is refused with `StaleGame` instead of overwriting what was entered elsewhere.
A round typed on a phone names its entry too (the identity its typing began with): the same
entry sent again (a retry after an answer lost with the connection) finds it saved and records
nothing more, whatever the version it names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlalchemy import delete, update
from sqlmodel import Session, col

from canasta_score.core import Game, Problem, RoundRefused, SideEntry
from canasta_score.storage.database import Database, game_row, now, writing
from canasta_score.storage.drafts import drop_draft, entry_saved
from canasta_score.storage.errors import StaleGame
from canasta_score.storage.facts import entries_json, read_facts
from canasta_score.storage.games import record, stored
from canasta_score.storage.records import StoredGame
from canasta_score.storage.summaries import write_summary
from canasta_score.storage.tables import DraftRow, GameRow, RoundRow, SavedEntryRow


def _change_rounds(
    db: Database,
    game_id: int,
    expected_version: int,
    change: Callable[[Game], Game],
    write: Callable[[Session, GameRow, Game, Game], None],
    entry: str | None = None,
) -> StoredGame:
    """Apply a round change in one transaction: check the version, let the core check the
    change (RoundRefused leaves everything as it was), write the facts and the summary. An
    `entry` saved before is not applied again: the game is handed back as it stands."""
    with writing(db) as session:
        row = game_row(session, game_id)
        if entry is not None and entry_saved(session, game_id, entry):
            return stored(row, read_facts(session, row), session)
        if row.version != expected_version:
            raise StaleGame(game_id, expected_version, row.version)
        before = read_facts(session, row)
        after = change(before)
        with session.no_autoflush:  # the game row is written once, when the transaction ends
            row.version += 1
            row.updated_at = now()
            write(session, row, before, after)
            write_summary(session, row, after)
            if entry is not None:
                number = _changed_round(before, after)
                session.add(SavedEntryRow(game_id=game_id, entry=entry, round_number=number))
            session.add(row)
        session.flush()
        handed_out = stored(row, after, session)
    db.upkeep.after_write(db, finished_now=after.finished and not before.finished)
    return handed_out


def add_round(
    *,
    db: Database,
    game_id: int,
    entries: Sequence[SideEntry],
    expected_version: int,
    phone: str | None = None,
    entry: str | None = None,
) -> StoredGame:
    """Add the next round; raises RoundRefused (nothing saved) or StaleGame.

    The half-typed round of the phone that saved it (`phone`) goes with it; the other phones'
    stay theirs (each is asked what becomes of it). Without a phone, every draft goes. An
    `entry` (the identity of the round's typing) already saved adds nothing (module doc).
    """

    def write(session: Session, row: GameRow, before: Game, after: Game) -> None:
        number = len(after.rounds)
        new = after.rounds[-1]
        session.add(
            RoundRow(
                game_id=game_id, number=number, entries=entries_json(new), saved_at=row.updated_at
            )
        )
        if phone is None:
            session.execute(delete(DraftRow).where(col(DraftRow.game_id) == game_id))
        else:
            drop_draft(session, game_id, phone)
        record(session, row, "round added", number, after=new)

    return _change_rounds(
        db, game_id, expected_version, lambda g: g.add_round(entries), write, entry
    )


def replace_round(
    *,
    db: Database,
    game_id: int,
    round_number: int,
    entries: Sequence[SideEntry],
    expected_version: int,
    entry: str | None = None,
) -> StoredGame:
    """Enter round `round_number` (from 1) anew; the totals after it follow. An `entry` (the
    identity of this edit's typing) already saved changes nothing (module doc)."""

    def write(session: Session, row: GameRow, before: Game, after: Game) -> None:
        new = after.rounds[round_number - 1]
        session.execute(
            update(RoundRow)
            .where(col(RoundRow.game_id) == game_id, col(RoundRow.number) == round_number)
            .values(entries=entries_json(new), saved_at=row.updated_at)
        )
        old = before.rounds[round_number - 1]
        record(session, row, "round edited", round_number, before=old, after=new)

    return _change_rounds(
        db,
        game_id,
        expected_version,
        lambda g: g.replace_round(round_number, entries),
        write,
        entry,
    )


def _changed_round(before: Game, after: Game) -> int:
    """The number of the round a change added (the last), or else the first that differs."""
    if len(after.rounds) > len(before.rounds):
        return len(after.rounds)
    pairs = zip(before.rounds, after.rounds, strict=False)
    return next((n for n, (old, new) in enumerate(pairs, 1) if old != new), len(after.rounds))


def _remove_round(
    db: Database, game_id: int, round_number: int | None, expected_version: int, what: str
) -> StoredGame:
    number = round_number

    def change(game: Game) -> Game:
        nonlocal number
        if number is None:
            if not game.rounds:
                raise RoundRefused([Problem("there is no round to undo: the game has no rounds")])
            number = len(game.rounds)
        return game.remove_round(number)

    def write(session: Session, row: GameRow, before: Game, after: Game) -> None:
        assert number is not None
        session.execute(
            delete(RoundRow).where(col(RoundRow.game_id) == game_id, col(RoundRow.number) == number)
        )
        # Move the later rounds up in two steps, so no two rounds ever share a number.
        later = (col(RoundRow.game_id) == game_id, col(RoundRow.number) > number)
        session.execute(update(RoundRow).where(*later).values(number=-RoundRow.number))
        session.execute(
            update(RoundRow)
            .where(col(RoundRow.game_id) == game_id, col(RoundRow.number) < 0)
            .values(number=-RoundRow.number - 1)
        )
        record(session, row, what, number, before=before.rounds[number - 1])

    return _change_rounds(db, game_id, expected_version, change, write)


def delete_round(
    *, db: Database, game_id: int, round_number: int, expected_version: int
) -> StoredGame:
    """Remove round `round_number` (from 1); the later rounds move up."""
    return _remove_round(db, game_id, round_number, expected_version, "round deleted")


def undo_last_round(*, db: Database, game_id: int, expected_version: int) -> StoredGame:
    """Remove the last round entered."""
    return _remove_round(db, game_id, None, expected_version, "round undone")
