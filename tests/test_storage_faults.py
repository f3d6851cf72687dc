"""Faults by cause: a database out of reach is said as such (and the action waits for it);
anything else a database refuses is a fault of the app, never "cannot be reached"."""

import sqlite3

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from storage_support.builders import two_sides

from canasta_score import storage
from canasta_score.storage.database import reading, writing


@pytest.mark.parametrize(
    "statement",
    [
        "SELECT no_such_column FROM game",
        "SELECT * FROM no_such_table",
        "SELEC 1",
    ],
)
def test_a_question_the_database_cannot_answer_is_a_fault_not_out_of_reach(db, statement):
    with pytest.raises(DBAPIError) as raised, reading(db) as session:
        session.execute(text(statement))
    assert not isinstance(raised.value, storage.DatabaseUnavailable)
    with pytest.raises(DBAPIError) as raised, writing(db) as session:
        session.execute(text(statement))
    assert not isinstance(raised.value, storage.DatabaseUnavailable)


def test_a_file_another_process_holds_is_out_of_reach(tmp_path, monkeypatch):
    from canasta_score.storage import sqlite_file

    monkeypatch.setattr(sqlite_file, "BUSY_TIMEOUT_SECONDS", 0.2)
    path = tmp_path / "games.db"
    with storage.open_database(str(path)) as db:
        game_id = storage.create_game(db=db, game=two_sides()).id
        holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(storage.DatabaseUnavailable):
                storage.save_draft(db=db, game_id=game_id, draft={"typed": "1"})
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        storage.save_draft(db=db, game_id=game_id, draft={"typed": "1"})


def test_a_stopped_server_is_out_of_reach(postgres_server):
    url = postgres_server.new_database()
    with storage.open_database(url) as db:
        game_id = storage.create_game(db=db, game=two_sides()).id
        postgres_server.stop()
        try:
            with pytest.raises(storage.DatabaseUnavailable):
                storage.load_game(db=db, game_id=game_id)
        finally:
            postgres_server.start()
