"""The database file and its neighbours: location, damage, schema versions, backups."""

import glob
import hashlib
import json
import random
import sqlite3
import threading
from datetime import UTC, datetime, timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from storage_support.builders import (
    database_at,
    quiet_round,
    two_sides,
    wait_for_backups,
    winning_round,
)

from canasta_score import storage
from canasta_score.storage import backups, paths, schema
from canasta_score.storage.export import export_all
from canasta_score.storage.tables import SCHEMA_REVISION, metadata


def fingerprint(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def a_database_with_games(path, games=3):
    db = storage.open_database(path)
    ids = []
    for _ in range(games):
        stored = storage.create_game(db=db, game=two_sides())
        storage.add_round(db=db, game_id=stored.id, entries=quiet_round(), expected_version=1)
        ids.append(stored.id)
    return db, ids


# --- where the database is --------------------------------------------------------------


def test_the_database_goes_to_the_flet_storage_folder_when_packaged(monkeypatch, tmp_path):
    monkeypatch.delenv("CANASTA_SCORE_DB", raising=False)
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))
    assert paths.database_path() == tmp_path / "canasta-score.db"


def test_the_database_goes_to_the_users_data_folder_otherwise(monkeypatch):
    import platformdirs

    monkeypatch.delenv("CANASTA_SCORE_DB", raising=False)
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)
    folder = platformdirs.user_data_dir("canasta-score")
    assert str(paths.database_path()) == f"{folder}/canasta-score.db"


def test_the_command_line_option_beats_the_environment_which_beats_the_default(
    monkeypatch, tmp_path
):
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    monkeypatch.setenv("CANASTA_SCORE_DB", str(tmp_path / "env.db"))
    assert paths.database_path() == tmp_path / "env.db"
    assert paths.database_path(tmp_path / "option.db") == tmp_path / "option.db"


def test_opening_makes_the_folder_and_an_empty_database(tmp_path):
    db = storage.open_database(tmp_path / "new" / "folder" / "games.db")
    assert db.notice is None and db.backup_to_offer is None
    assert storage.list_games(db=db) == []
    db.close()


@pytest.mark.parametrize("name", ["my%20games.db", "a?b.db", "x#y.db", "mode=ro?.db"])
def test_a_file_path_is_the_file_it_names_whatever_characters_it_holds(tmp_path, name):
    path = tmp_path / name
    db = storage.open_database(path)
    stored = storage.create_game(db=db, game=two_sides())
    db.close()
    assert path.is_file() and execute_on(path, "SELECT id FROM game") == [(stored.id,)]
    assert {p.name for p in tmp_path.iterdir() if not p.name.endswith("-backups")} <= {
        name,
        f"{name}-wal",
        f"{name}-shm",
    }


@pytest.mark.parametrize("name", ["my%20games.db", "a?b.db"])
def test_a_damaged_file_of_an_odd_name_is_the_one_moved_aside_and_started_anew(tmp_path, name):
    path = tmp_path / name
    path.write_text("my shopping list: eggs, milk\n")
    db = storage.open_database(path)
    [aside] = tmp_path.glob(f"{glob.escape(name)}.unreadable-*")
    assert aside.read_text() == "my shopping list: eggs, milk\n"
    stored = storage.create_game(db=db, game=two_sides())
    db.close()
    assert execute_on(path, "SELECT id FROM game") == [(stored.id,)], "the new one, same name"


def execute_on(path, query):
    with sqlite3.connect(path) as connection:
        return connection.execute(query).fetchall()


# --- a damaged file ---------------------------------------------------------------------


def test_a_file_that_is_not_a_database_is_moved_aside_and_a_new_one_started(tmp_path):
    path = tmp_path / "games.db"
    path.write_text("my shopping list: eggs, milk\n")
    db = storage.open_database(path)
    [aside] = tmp_path.glob("games.db.unreadable-*")
    assert aside.read_text() == "my shopping list: eggs, milk\n"
    said = str(db.notice)
    assert "not an SQLite database" in said and str(aside) in said
    assert "nothing was deleted" in said
    assert db.notice.code == storage.NoticeCode.DATABASE_MOVED_ASIDE
    assert db.notice.params["why"] == storage.Notice(storage.NoticeCode.NOT_SQLITE)
    assert db.notice.params["aside"] == str(aside)
    stored = storage.create_game(db=db, game=two_sides())
    assert storage.load_game(db=db, game_id=stored.id).game == stored.game
    db.close()


def test_a_damaged_database_is_moved_aside_and_the_newest_backup_offered(tmp_path):
    path = tmp_path / "games.db"
    db, ids = a_database_with_games(path, games=40)
    backup = storage.backup_now(db=db)
    db.close()
    damaged = bytearray(path.read_bytes())
    noise = random.Random(7)
    for page in range(2 * 4096, len(damaged), 4096):
        damaged[page + 100 : page + 600] = noise.randbytes(500)
    path.write_bytes(bytes(damaged))

    db = storage.open_database(path)
    [aside] = tmp_path.glob("games.db.unreadable-*")
    assert aside.read_bytes() == bytes(damaged)
    assert "damaged" in str(db.notice) and backup.name in str(db.notice)
    assert db.notice.code == storage.NoticeCode.DATABASE_MOVED_ASIDE_BACKUP
    assert db.notice.params["backup"] == backup.name
    assert db.backup_to_offer == backup
    assert storage.list_games(db=db) == []
    restored = storage.restore_backup(db=db, path=db.backup_to_offer)
    assert len(restored) == len(ids) == len(storage.list_games(db=db))
    assert storage.load_game(db=db, game_id=restored[0]).game.totals == (90, -90)
    db.close()


def test_a_database_of_another_program_is_moved_aside_not_changed(tmp_path):
    path = tmp_path / "games.db"
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE recipe (name TEXT)")
    before = fingerprint(path)
    db = storage.open_database(path)
    [aside] = tmp_path.glob("games.db.unreadable-*")
    assert fingerprint(aside) == before and "some other program" in str(db.notice)
    db.close()


# --- schema versions --------------------------------------------------------------------


def test_the_migrations_build_exactly_the_schema_of_the_tables_module(tmp_path):
    db = storage.open_database(tmp_path / "games.db")
    with db.engine.connect() as connection:
        context = MigrationContext.configure(connection)
        assert context.get_current_revision() == SCHEMA_REVISION
        assert compare_metadata(context, metadata) == []
    assert schema.known_revisions()[1] == SCHEMA_REVISION
    db.close()


def test_a_database_of_the_first_schema_is_upgraded_without_losing_a_game(tmp_path):
    path = tmp_path / "games.db"
    database_at(path, "0001")
    rounds = [
        [
            {"melded": 420, "hand": 70, "canastas": {"natural": 1, "mixed": 1}, "red_threes": 2},
            {"melded": 0, "hand": 85, "red_threes": 1},
        ],
        [{"melded": 90, "hand": 0}, {"melded": 50, "hand": 10}],
    ]
    at = "2025-06-01 20:15:00.000000"
    with sqlite3.connect(path) as first:
        first.execute(
            "INSERT INTO game (id, preset, rule_overrides, first_dealer, version, created_at, "
            "updated_at, archived, deleted_at) VALUES (7, 'danish', '{\"target\": 3000}', 1, 3, "
            "?, ?, 0, NULL)",
            (at, at),
        )
        first.execute(
            "INSERT INTO side (game_id, position, name) VALUES (7, 0, 'We'), (7, 1, 'They')"
        )
        for number, name in enumerate(["Anna", "Ben"], start=1):
            first.execute(
                "INSERT INTO player (id, name, last_played_at) VALUES (?, ?, ?)", (number, name, at)
            )
            first.execute(
                "INSERT INTO seat (game_id, side_position, position, name, player_id) "
                "VALUES (7, ?, 0, ?, ?)",
                (number - 1, name, number),
            )
        for number, entries in enumerate(rounds, start=1):
            first.execute(
                "INSERT INTO round (game_id, number, entries, saved_at) VALUES (7, ?, ?, ?)",
                (number, json.dumps(entries), at),
            )
        first.execute(
            "INSERT INTO change (game_id, at, what, version) VALUES (7, ?, 'game created', 1)",
            (at,),
        )

    db = storage.open_database(path)
    stored = storage.load_game(db=db, game_id=7)
    assert stored.version == 3 and stored.game.first_dealer == 1
    assert stored.game.rules.base == "danish" and stored.game.target == 3000
    assert stored.created_at == datetime(2025, 6, 1, 20, 15, tzinfo=UTC)
    assert [list(map(dict, r)) for r in storage.export_game(db=db, game_id=7)["rounds"]] == rounds
    [summary] = storage.list_games(db=db)
    assert summary.totals == list(stored.game.totals) and summary.rounds == 2
    assert summary.rules_name == stored.game.rules.name
    assert storage.player_record(db=db, name="Anna").points == stored.game.totals[0]
    assert [c.what for c in storage.changes(db=db, game_id=7)] == ["game created"]
    db.close()


def test_a_database_from_a_newer_version_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "games.db"
    db, _ = a_database_with_games(path)
    db.close()
    with sqlite3.connect(path) as newer:
        newer.execute("UPDATE alembic_version SET version_num = '0042'")
        newer.commit()
        newer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = fingerprint(path)
    with pytest.raises(storage.StorageError, match="newer version of Canasta Score") as refused:
        storage.open_database(path)
    assert "0042" in str(refused.value) and "not changed" in str(refused.value)
    assert fingerprint(path) == before
    assert list(tmp_path.glob("games.db.unreadable-*")) == []


# --- automatic backups ------------------------------------------------------------------


def test_a_finished_game_writes_a_backup_of_all_games_next_to_the_database(tmp_path):
    db, ids = a_database_with_games(tmp_path / "games.db", games=2)
    wait_for_backups(db)  # the day's first backup, asked for by the first save, is on disk
    before = backups.backups_in(paths.backups_folder(db.path))
    storage.add_round(db=db, game_id=ids[0], entries=winning_round(), expected_version=2)
    wait_for_backups(db)
    after = backups.backups_in(paths.backups_folder(db.path))
    assert len(after) == len(before) + 1
    assert after[0].parent == tmp_path / "games-backups"
    document = json.loads(after[0].read_text())
    assert document == storage.export_all(db=db)
    assert len(document["games"]) == 2 and document["games"][0]["rounds"][-1][0]["melded"] == 1000
    db.close()


def test_a_daily_backup_is_written_when_the_newest_is_a_day_old(tmp_path):
    path = tmp_path / "games.db"
    db, ids = a_database_with_games(path, games=1)
    db.close()
    folder = paths.backups_folder(path)
    [first] = backups.backups_in(folder)  # the first save of the day made one
    yesterday = datetime.now(UTC) - timedelta(days=1, minutes=1)
    first.rename(folder / f"{backups.PREFIX}{yesterday:%Y%m%d-%H%M%S-%f}{backups.SUFFIX}")
    backups._next_backup.clear()  # as a new start of the app
    db = storage.open_database(path)
    wait_for_backups(db)
    assert len(backups.backups_in(folder)) == 2
    storage.add_round(db=db, game_id=ids[0], entries=quiet_round(), expected_version=2)
    wait_for_backups(db)
    assert len(backups.backups_in(folder)) == 2  # at most daily
    db.close()


def test_only_the_newest_backups_are_kept(tmp_path):
    folder = tmp_path / "backups"
    start = datetime(2026, 1, 1, tzinfo=UTC)
    written = [
        backups.write_backup(folder, {"n": day}, start + timedelta(days=day)) for day in range(10)
    ]
    kept = backups.backups_in(folder)
    assert kept == written[::-1][: backups.KEEP]
    assert json.loads(kept[0].read_text()) == {"n": 9}
    assert backups.taken_at(kept[0]) == start + timedelta(days=9)


def test_saves_made_while_the_daily_backup_is_written_ask_for_no_second_one(tmp_path, monkeypatch):
    path = tmp_path / "games.db"
    db, ids = a_database_with_games(path, games=1)
    wait_for_backups(db)
    folder = paths.backups_folder(path)
    for old in backups.backups_in(folder):
        old.unlink()
    backups._next_backup.clear()  # a day later: the daily backup is due again
    writing, go_on = threading.Event(), threading.Event()

    def slow_export(*, db):
        writing.set()
        assert go_on.wait(60)
        return export_all(db=db)

    monkeypatch.setattr(backups, "export_all", slow_export)
    storage.add_round(db=db, game_id=ids[0], entries=quiet_round(), expected_version=2)
    assert writing.wait(60)
    for version in (3, 4):  # saved while that backup is being written
        storage.add_round(db=db, game_id=ids[0], entries=quiet_round(), expected_version=version)
    go_on.set()
    wait_for_backups(db)
    assert len(backups.backups_in(folder)) == 1
    db.close()


def test_an_upgrade_gives_each_game_an_identity_of_its_own(tmp_path):
    path = tmp_path / "games.db"
    with storage.open_database(path) as db:
        first = storage.create_game(db=db, game=two_sides()).id
        second = storage.create_game(db=db, game=two_sides()).id
    with sqlite3.connect(path) as old:  # as schema 0008 left it: games without an identity
        old.execute("DROP INDEX ix_game_uid")
        old.execute("ALTER TABLE game DROP COLUMN uid")
        old.execute("UPDATE alembic_version SET version_num = '0008'")
    with storage.open_database(path) as db:
        uids = {storage.export_game(db=db, game_id=g)["uid"] for g in (first, second)}
        assert len(uids) == 2 and all(len(uid) >= 8 for uid in uids)
