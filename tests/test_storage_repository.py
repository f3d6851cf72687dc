"""The repository on a real SQLite file and a real PostgreSQL database: games, rounds,
versions, deletes, players, drafts."""

import threading
from datetime import UTC

import pytest
from storage_support.builders import (
    execute,
    quiet_round,
    two_sides,
    wait_for_summaries,
    winning_round,
)

from canasta_score import __version__, storage
from canasta_score.core import CLASSIC, FINNISH, RoundRefused, SideEntry, apply_overrides
from canasta_score.storage.summaries import SUMMARIES_KEY


def new_game(db, **kwargs):
    return storage.create_game(db=db, game=two_sides(**kwargs))


def test_a_created_game_loads_back_with_its_sides_players_and_rules(db):
    rules = apply_overrides(FINNISH, {"target": 3000, "going_out": 150})[0]
    stored = new_game(db, rules=rules)
    loaded = storage.load_game(db=db, game_id=stored.id)
    assert loaded.game == stored.game
    assert loaded.game.rules.going_out == 150 and loaded.game.target == 3000
    assert [s.players for s in loaded.game.sides] == [("Anna", "Ben"), ("Cleo", "Dan")]
    assert loaded.version == 1 and not loaded.archived
    assert loaded.created_at.tzinfo == UTC


def test_the_database_file_is_in_wal_mode_with_foreign_keys_on(tmp_path):
    with storage.open_database(tmp_path / "games.db") as db, db.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_adding_a_round_saves_it_and_the_totals_come_from_the_core(db):
    stored = new_game(db)
    after = storage.add_round(
        db=db, game_id=stored.id, entries=quiet_round(90), expected_version=stored.version
    )
    assert after.version == stored.version + 1
    assert storage.load_game(db=db, game_id=stored.id).game.totals == (90, -90)
    [summary] = storage.list_games(db=db)
    assert summary.totals == [90, -90] and summary.rounds == 1 and not summary.finished


def test_a_refused_round_saves_nothing_and_keeps_the_version(db):
    stored = new_game(db)
    with pytest.raises(RoundRefused) as refused:
        storage.add_round(
            db=db,
            game_id=stored.id,
            entries=[SideEntry(melded=92), SideEntry()],
            expected_version=stored.version,
        )
    assert "multiple of 5" in str(refused.value) or "5" in str(refused.value)
    loaded = storage.load_game(db=db, game_id=stored.id)
    assert loaded.game.rounds == () and loaded.version == stored.version
    assert [c.what for c in storage.changes(db=db, game_id=stored.id)] == ["game created"]


def test_a_write_based_on_an_old_version_is_refused_as_stale_and_changes_nothing(db):
    stored = new_game(db)
    first_tab = storage.add_round(
        db=db, game_id=stored.id, entries=quiet_round(50), expected_version=stored.version
    )
    with pytest.raises(storage.StaleGame, match="reload the game"):
        storage.add_round(
            db=db, game_id=stored.id, entries=quiet_round(70), expected_version=stored.version
        )
    with pytest.raises(storage.StaleGame):
        storage.replace_round(
            db=db,
            game_id=stored.id,
            round_number=1,
            entries=quiet_round(70),
            expected_version=stored.version,
        )
    loaded = storage.load_game(db=db, game_id=stored.id)
    assert loaded.version == first_tab.version and loaded.game.totals == (50, -50)


def test_two_sessions_saving_at_once_on_one_version_never_both_win(location):
    path = location
    setup = storage.open_database(path)
    stored = new_game(setup)
    tabs = [storage.open_database(path) for _ in range(4)]
    outcomes, start = [], threading.Barrier(len(tabs))

    def save(tab, points):
        start.wait()
        try:
            storage.add_round(
                db=tab, game_id=stored.id, entries=quiet_round(points), expected_version=1
            )
            outcomes.append("saved")
        except storage.StaleGame:
            outcomes.append("stale")

    threads = [threading.Thread(target=save, args=(tab, 50 + 5 * i)) for i, tab in enumerate(tabs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["saved", "stale", "stale", "stale"]
    assert len(storage.load_game(db=setup, game_id=stored.id).game.rounds) == 1
    for database in (setup, *tabs):
        database.close()


def test_editing_a_round_changes_the_later_totals_and_is_recorded(db):
    stored = new_game(db)
    for points in (50, 60, 70):
        stored = storage.add_round(
            db=db, game_id=stored.id, entries=quiet_round(points), expected_version=stored.version
        )
    edited = storage.replace_round(
        db=db,
        game_id=stored.id,
        round_number=2,
        entries=quiet_round(100),
        expected_version=stored.version,
    )
    assert edited.game.running_totals == ((50, -50), (150, -150), (220, -220))
    change = storage.changes(db=db, game_id=stored.id)[-1]
    assert change.what == "round edited" and change.round_number == 2
    assert change.before[0]["melded"] == 60 and change.after[0]["melded"] == 100
    assert str(change).endswith("round 2 edited")


def test_deleting_a_middle_round_moves_the_later_rounds_up(db):
    stored = new_game(db)
    for points in (50, 60, 70):
        stored = storage.add_round(
            db=db, game_id=stored.id, entries=quiet_round(points), expected_version=stored.version
        )
    after = storage.delete_round(
        db=db, game_id=stored.id, round_number=2, expected_version=stored.version
    )
    loaded = storage.load_game(db=db, game_id=stored.id)
    assert loaded.game == after.game
    assert [r[0].melded for r in loaded.game.rounds] == [50, 70]
    assert loaded.game.totals == (120, -120)
    assert storage.changes(db=db, game_id=stored.id)[-1].before[0]["melded"] == 60


def test_undo_removes_the_last_round_and_refuses_when_there_is_none(db):
    stored = new_game(db)
    stored = storage.add_round(
        db=db, game_id=stored.id, entries=quiet_round(50), expected_version=stored.version
    )
    stored = storage.undo_last_round(db=db, game_id=stored.id, expected_version=stored.version)
    assert stored.game.rounds == ()
    with pytest.raises(RoundRefused, match="no round to undo"):
        storage.undo_last_round(db=db, game_id=stored.id, expected_version=stored.version)
    whats = [c.what for c in storage.changes(db=db, game_id=stored.id)]
    assert whats == ["game created", "round added", "round undone"]


def test_a_round_cannot_be_added_to_a_finished_game(db):
    stored = new_game(db)
    won = storage.add_round(
        db=db, game_id=stored.id, entries=winning_round(), expected_version=stored.version
    )
    assert won.game.finished and won.game.winner == 0
    with pytest.raises(RoundRefused, match="over"):
        storage.add_round(db=db, game_id=stored.id, entries=quiet_round(), expected_version=2)
    [summary] = storage.list_games(db=db)
    assert summary.finished and summary.winner == 0


def test_a_deleted_game_is_hidden_until_restored_and_gone_after_the_purge(db):
    kept, deleted = new_game(db), new_game(db)
    storage.delete_game(db=db, game_id=deleted.id)
    assert [g.id for g in storage.list_games(db=db)] == [kept.id]
    with pytest.raises(LookupError, match="deleted"):
        storage.load_game(db=db, game_id=deleted.id)
    storage.restore_game(db=db, game_id=deleted.id)
    assert {g.id for g in storage.list_games(db=db)} == {kept.id, deleted.id}
    storage.delete_game(db=db, game_id=deleted.id)
    assert storage.purge_deleted(db=db) == 1
    with pytest.raises(LookupError, match="no such game"):
        storage.restore_game(db=db, game_id=deleted.id)
    for table in ("round", "change"):
        left = execute(db.where, f"SELECT count(*) FROM {table} WHERE game_id = :id", id=deleted.id)
        assert left == [(0,)]


def test_the_list_is_newest_first_in_pages_and_can_leave_out_the_archive(db):
    ids = [new_game(db).id for _ in range(5)]
    assert [g.id for g in storage.list_games(db=db)] == ids[::-1]
    assert [g.id for g in storage.list_games(db=db, limit=2, offset=1)] == ids[3:1:-1]
    storage.archive_game(db=db, game_id=ids[4])
    assert [g.id for g in storage.list_games(db=db, include_archived=False)] == ids[3::-1]
    assert storage.list_games(db=db)[0].archived
    storage.archive_game(db=db, game_id=ids[4], archived=False)
    whats = [c.what for c in storage.changes(db=db, game_id=ids[4])]
    assert whats == ["game created", "game archived", "game unarchived"]


def test_the_unfinished_game_is_the_one_last_played(db):
    assert storage.unfinished_game(db=db) is None
    older, newer, archived, won = (new_game(db) for _ in range(4))
    storage.add_round(db=db, game_id=older.id, entries=quiet_round(), expected_version=1)
    storage.archive_game(db=db, game_id=archived.id)
    storage.add_round(db=db, game_id=won.id, entries=winning_round(), expected_version=1)
    assert storage.unfinished_game(db=db).id == older.id
    storage.add_round(db=db, game_id=newer.id, entries=quiet_round(), expected_version=1)
    assert storage.unfinished_game(db=db).id == newer.id


def test_players_are_remembered_most_recent_first_whatever_their_case(db):
    new_game(db, names=("Anna", "Ben", "Cleo", "Dan"))
    new_game(db, names=("eva", "anna", "Finn", "Gus"))
    names = storage.known_players(db=db)
    assert set(names[:4]) == {"eva", "Anna", "Finn", "Gus"}  # the newest game's players first
    assert names[4:] == ["Ben", "Cleo", "Dan"]


def test_a_players_record_counts_games_wins_and_points(db):
    first = new_game(db)
    storage.add_round(db=db, game_id=first.id, entries=winning_round(), expected_version=1)
    second = new_game(db, names=("Cleo", "Eva", "Anna", "Finn"))
    storage.add_round(db=db, game_id=second.id, entries=quiet_round(100), expected_version=1)
    deleted = new_game(db)
    storage.delete_game(db=db, game_id=deleted.id)
    anna = storage.player_record(db=db, name="anna")
    assert (anna.name, anna.games, anna.finished, anna.wins, anna.points) == (
        "Anna",
        2,
        1,
        1,
        6900 - 100,
    )
    assert storage.player_record(db=db, name="Nobody").games == 0


def test_a_draft_is_kept_per_game_cleared_by_none_and_by_the_saved_round(db):
    stored = new_game(db)
    assert storage.load_draft(db=db, game_id=stored.id) is None
    storage.save_draft(db=db, game_id=stored.id, draft={"melded": "4", "side": 0})
    storage.save_draft(db=db, game_id=stored.id, draft={"melded": "42", "side": 0})
    assert storage.load_draft(db=db, game_id=stored.id) == {"melded": "42", "side": 0}
    storage.save_draft(db=db, game_id=stored.id, draft=None)
    assert storage.load_draft(db=db, game_id=stored.id) is None
    storage.save_draft(db=db, game_id=stored.id, draft={"melded": "90"})
    storage.add_round(db=db, game_id=stored.id, entries=quiet_round(), expected_version=1)
    assert storage.load_draft(db=db, game_id=stored.id) is None


def test_settings_are_stored_by_key_with_a_default(db):
    assert storage.get_setting(db=db, key="language", default="en") == "en"
    storage.set_setting(db=db, key="language", value="nl")
    storage.set_setting(db=db, key="language", value="fi")
    assert storage.get_setting(db=db, key="language") == "fi"


def test_an_impossible_game_is_refused_on_creation(db):
    from canasta_score.core import Game, Side

    with pytest.raises(RoundRefused, match="sides"):
        storage.create_game(db=db, game=Game(rules=CLASSIC, sides=(Side("Alone", ("A",)),)))
    assert storage.list_games(db=db) == []


def test_the_summary_columns_can_be_rebuilt_from_the_facts(db):
    stored = new_game(db)
    storage.add_round(db=db, game_id=stored.id, entries=quiet_round(90), expected_version=1)
    execute(
        db.where, "UPDATE game SET totals = '[0, 0]', round_count = 0", "UPDATE side SET total = 0"
    )
    assert storage.rebuild_summaries(db=db) == 1
    [summary] = storage.list_games(db=db)
    assert summary.totals == [90, -90] and summary.rounds == 1
    assert storage.player_record(db=db, name="Anna").points == 90


def test_a_missing_game_is_a_lookup_error_with_a_plain_message(db):
    with pytest.raises(LookupError) as missing:
        storage.load_game(db=db, game_id=42)
    assert str(missing.value) == "game 42 cannot be found: there is no such game"


def test_deleting_or_undoing_from_an_old_version_is_stale_too(db):
    stored = new_game(db)
    newer = storage.add_round(db=db, game_id=stored.id, entries=quiet_round(), expected_version=1)
    storage.add_round(db=db, game_id=stored.id, entries=quiet_round(), expected_version=2)
    with pytest.raises(storage.StaleGame):
        storage.delete_round(
            db=db, game_id=stored.id, round_number=1, expected_version=newer.version
        )
    with pytest.raises(storage.StaleGame):
        storage.undo_last_round(db=db, game_id=stored.id, expected_version=newer.version)
    assert len(storage.load_game(db=db, game_id=stored.id).game.rounds) == 2


def test_a_database_closes_itself_at_the_end_of_a_with_block(location):
    with storage.open_database(location) as db:
        stored = new_game(db)
    with storage.open_database(location) as again:
        assert storage.load_game(db=again, game_id=stored.id).game == stored.game


def test_a_new_database_is_marked_summarized_as_it_opens_so_no_thread_writes_later(location):
    """A thread marking it later wrote beside the player's first save (and a test's)."""
    with storage.open_database(location) as db:
        assert db.upkeep.summaries.thread is None
        assert storage.get_setting(db=db, key=SUMMARIES_KEY) == __version__


def test_after_an_update_of_the_app_the_summaries_are_derived_again_by_its_core(location):
    with storage.open_database(location) as db:
        stored = new_game(db)
        storage.add_round(db=db, game_id=stored.id, entries=quiet_round(90), expected_version=1)
    execute(  # as an older core with a scoring mistake left them
        location,
        "UPDATE game SET totals = '[100, -80]'",
        "UPDATE side SET total = 100 WHERE position = 0",
        "UPDATE setting SET value = '0.0.1' WHERE key = :key",
        key=SUMMARIES_KEY,
    )
    with storage.open_database(location) as db:
        wait_for_summaries(db)  # started on opening, in the background
        assert storage.list_games(db=db)[0].totals == [90, -90]
        assert storage.player_record(db=db, name="Anna").points == 90
        assert storage.get_setting(db=db, key=SUMMARIES_KEY) != "0.0.1"
