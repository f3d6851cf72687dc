"""Faults by cause: a database out of reach is said as such (and the action waits for it);
anything else a database refuses is a fault of the app, never "cannot be reached"."""

import sqlite3
import threading

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


def test_a_new_file_another_connection_writes_is_opened_once_it_is_free(tmp_path):
    """Turning a file to WAL while another connection writes it: SQLite answers "locked" at
    once, skipping its busy wait (which could deadlock); the opening waits all the same."""
    path = tmp_path / "games.db"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    done = threading.Timer(0.5, other.execute, args=("COMMIT",))
    done.start()
    try:
        with storage.open_database(str(path)) as db:
            storage.create_game(db=db, game=two_sides())
    finally:
        done.join()
        other.close()
    with sqlite3.connect(path) as reader:
        assert reader.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert reader.execute("SELECT count(*) FROM game").fetchone() == (1,)
