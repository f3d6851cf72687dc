"""Where the games are: a file path or a database server's URL, never one taken for the other;
times kept in one form whichever way a game came in."""

import sqlite3
import subprocess
import sys
from datetime import UTC, date, datetime

from storage_support.builders import database_at, game_file, run_cli, two_sides

from canasta_score import storage
from canasta_score.statistics import StatsFilter
from canasta_score.storage import paths


def test_a_url_is_never_taken_for_a_file_name(tmp_path):
    unreachable = "postgresql+psycopg://nobody@127.0.0.1:9/games"  # port 9: nothing listens
    result = subprocess.run(
        [sys.executable, "-m", "canasta_score", "games", "--db", unreachable],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={**__import__("os").environ, "LANGUAGE": "en"},
    )
    assert result.returncode != 0
    assert list(tmp_path.iterdir()) == []  # no folder "postgresql+psycopg:", no file
    said = result.stderr.strip()
    assert len(said.splitlines()) == 1, said
    assert said.startswith("The game database postgresql+psycopg://nobody@127.0.0.1:9/games")
    assert "PostgreSQL server is running" in said


def test_a_url_without_the_driver_installed_says_what_to_install(tmp_path):
    script = (
        "import sys; sys.modules['psycopg'] = None\n"  # as if psycopg were not installed
        "from canasta_score.cli import main\n"
        "sys.exit(main(['games', '--db', 'postgresql://club:secret@db.example/canasta']))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert result.returncode != 0
    assert result.stderr.strip() == (
        "The game database postgresql://club:***@db.example/canasta is on a PostgreSQL server, "
        "and its driver is not installed: pip install 'canasta-score[postgres]'"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_url_of_another_kind_of_database_is_refused_in_one_line(tmp_path):
    result = run_cli("games", "--db", "mysql://club@db.example/canasta")
    assert result.returncode != 0
    assert result.stderr.strip().startswith(
        "The game database mysql://club@db.example/canasta cannot be used: a database server "
        "is named by a PostgreSQL URL"
    )


def test_a_file_named_as_a_sqlite_url_is_that_file(tmp_path):
    path = tmp_path / "games.db"
    with storage.open_database(f"sqlite:///{path}") as db:
        storage.create_game(db=db, game=two_sides())
        assert db.path == path
    assert path.is_file()


def test_the_location_is_the_option_then_the_environment(monkeypatch, tmp_path):
    url = "postgresql+psycopg://club@db.example/canasta"
    monkeypatch.setenv("CANASTA_SCORE_DB", url)
    assert paths.database_location() == url
    assert paths.database_path() is None
    assert paths.database_location(tmp_path / "x.db") == tmp_path / "x.db"


def _stored_times(path):
    with sqlite3.connect(path) as raw:
        return [row for row in raw.execute("SELECT created_at, updated_at FROM game ORDER BY id")]


def test_games_created_and_imported_keep_their_times_in_one_form(tmp_path):
    path = tmp_path / "games.db"
    with storage.open_database(path) as db:
        storage.create_game(db=db, game=two_sides())
        document = game_file()
        document["created"] = "2026-03-01T10:00:00+02:00"
        storage.import_document(db=db, document=document)
    (created, _), (imported, _) = _stored_times(path)
    assert len(created) == len(imported) == 26
    assert imported == "2026-03-01 08:00:00.000000"


def test_times_an_earlier_version_wrote_in_another_form_are_written_in_the_one_form(tmp_path):
    path = tmp_path / "games.db"
    database_at(path, "0006")
    with storage.open_database(path) as db:  # upgraded: a game of the current form
        storage.create_game(db=db, game=two_sides())
    with sqlite3.connect(path) as raw:  # an import of an earlier version, at a day's start
        raw.execute("DROP TABLE saved_entry")
        raw.execute("DROP INDEX ix_game_uid")
        raw.execute("ALTER TABLE game DROP COLUMN uid")
        raw.execute("UPDATE alembic_version SET version_num = '0006'")
        raw.execute(
            "UPDATE game SET created_at = '2026-03-01 00:00:00+00:00', "
            "updated_at = '2026-03-01T01:30:00+01:00'"
        )
    with storage.open_database(path) as db:
        assert _stored_times(path) == [("2026-03-01 00:00:00.000000", "2026-03-01 00:30:00.000000")]
        # compared as times: the game is one of the day's, not one of the day before
        day = date(2026, 3, 1)
        assert len(storage.played_games_summaries(db=db, where=StatsFilter(since=day))) == 1
        query = storage.HistoryQuery(since=day, until=day)
        assert len(storage.history_page(db=db, query=query).games) == 1
        stored = storage.load_game(db=db, game_id=1)
        assert stored.created_at == datetime(2026, 3, 1, tzinfo=UTC)
