"""The same guarantees on a SQLite file and on a PostgreSQL database: migrations at start, one
process at a time; a newer schema refused untouched; names folded alike; backups by one."""

import json
import subprocess
import sys
import threading
from datetime import date

import pytest
from sqlalchemy.exc import DBAPIError
from storage_support.builders import (
    execute,
    game_file,
    quiet_round,
    run_cli,
    two_sides,
    wait_for_backups,
    winning_round,
)

from canasta_score import storage
from canasta_score.statistics import StatsFilter
from canasta_score.storage import backups
from canasta_score.storage.tables import SCHEMA_REVISION


def test_processes_opening_a_new_database_at_once_migrate_it_once(location):
    script = (
        "import sys\nfrom canasta_score import storage\n"
        "storage.open_database(sys.argv[1]).close()\n"
    )
    opening = [
        subprocess.Popen([sys.executable, "-c", script, str(location)], stderr=subprocess.PIPE)
        for _ in range(4)
    ]
    for process in opening:
        _, said = process.communicate(timeout=120)
        assert process.returncode == 0, said.decode()
    assert execute(location, "SELECT version_num FROM alembic_version") == [(SCHEMA_REVISION,)]
    with storage.open_database(location) as db:
        storage.create_game(db=db, game=two_sides())
        assert len(storage.list_games(db=db)) == 1


def test_a_database_of_a_newer_version_is_refused_and_left_as_it_was(location):
    with storage.open_database(location) as db:
        storage.create_game(db=db, game=two_sides())
    execute(location, "UPDATE alembic_version SET version_num = '9999'")
    before = execute(location, "SELECT id, version, updated_at FROM game")
    with pytest.raises(storage.StorageError) as refused:
        storage.open_database(location)
    assert "newer version" in str(refused.value) and "9999" in str(refused.value)
    assert execute(location, "SELECT version_num FROM alembic_version") == [("9999",)]
    assert execute(location, "SELECT id, version, updated_at FROM game") == before


def test_a_database_of_another_program_with_tables_named_like_ours_is_refused_unchanged(
    location,
):
    """It was "table game already exists", in English, with advice that did not fit."""
    execute(location, "CREATE TABLE game (id INTEGER PRIMARY KEY, title TEXT)")
    execute(location, "INSERT INTO game (id, title) VALUES (1, 'Chess')")
    with pytest.raises(storage.StorageError) as refused:
        storage.open_database(location)
    assert refused.value.notice.code == "database_not_ours"
    assert "another program's" in str(refused.value) and "(game)" in str(refused.value)
    assert execute(location, "SELECT id, title FROM game") == [(1, "Chess")]
    with pytest.raises(DBAPIError):  # nothing of this app was made in it
        execute(location, "SELECT version_num FROM alembic_version")


def test_names_are_one_player_whatever_their_case_in_every_alphabet(db):
    storage.create_game(db=db, game=two_sides(names=("Anna", "Åsa", "Cleo", "Dan")))
    storage.create_game(db=db, game=two_sides(names=("anna", "åsa", "CLEO", "Eva")))
    assert sorted(storage.known_players(db=db)) == ["Anna", "Cleo", "Dan", "Eva", "Åsa"]
    assert storage.player_record(db=db, name="ANNA").games == 2
    assert storage.player_record(db=db, name=" åSA ").games == 2


def test_players_added_by_several_writers_at_once_are_one_player_each(location):
    tabs = [storage.open_database(location) for _ in range(4)]
    start = threading.Barrier(len(tabs))
    failures = []

    def create(index, tab):
        start.wait()
        try:
            names = ("Anna", "Ben", "cleo" if index % 2 else "Cleo", f"Player {index}")
            storage.create_game(db=tab, game=two_sides(names=names))
        except Exception as error:  # reported below
            failures.append(error)

    threads = [threading.Thread(target=create, args=pair) for pair in enumerate(tabs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert len(storage.list_games(db=tabs[0])) == 4
    assert storage.player_record(db=tabs[0], name="cleo").games == 4
    for tab in tabs:
        tab.close()


def test_automatic_backups_go_to_the_folder_the_operator_names(location, tmp_path, monkeypatch):
    folder = tmp_path / "club-backups"
    monkeypatch.setenv("CANASTA_SCORE_BACKUPS", str(folder))
    with storage.open_database(location) as db:
        assert db.backups_folder == folder
        stored = storage.create_game(db=db, game=two_sides())
        storage.add_round(db=db, game_id=stored.id, entries=winning_round(), expected_version=1)
        wait_for_backups(db)
    newest = backups.newest_backup(folder)  # the one after the finished game
    assert newest is not None and '"round_count"' not in newest.read_text(encoding="utf-8")
    assert json.loads(newest.read_text(encoding="utf-8"))["games"][0]["rounds"]


def test_a_server_database_writes_no_backup_unless_a_folder_is_named(postgres_server):
    """(A file's backups go next to it; a server's only where the operator says.)"""
    url = postgres_server.new_database()
    db = storage.open_database(url)
    try:
        assert db.path is None and db.backups_folder is None
        stored = storage.create_game(db=db, game=two_sides())
        storage.add_round(db=db, game_id=stored.id, entries=winning_round(), expected_version=1)
        wait_for_backups(db)
        assert storage.backup_now(db=db) is None
    finally:
        db.close()
        postgres_server.drop_database(url)


def test_one_server_process_at_a_time_writes_the_backup(postgres_server, tmp_path, monkeypatch):
    monkeypatch.setenv("CANASTA_SCORE_BACKUPS", str(tmp_path))
    url = postgres_server.new_database()
    with storage.open_database(url) as first, storage.open_database(url) as second:
        storage.create_game(db=first, game=two_sides())
        wait_for_backups(first)  # the daily backups asked for on opening
        wait_for_backups(second)
        with first.backend.backup_turn(first.engine) as mine:
            assert mine
            assert storage.backup_now(db=second) is None  # the other one holds the turn
        assert storage.backup_now(db=second) is not None
    postgres_server.drop_database(url)


def test_settings_and_rule_sets_saved_by_several_writers_at_once_land_whole(location):
    from dataclasses import replace

    from canasta_score.core import PRESETS

    tabs = [storage.open_database(location) for _ in range(4)]
    start = threading.Barrier(len(tabs))
    failures = []
    added = []

    def save(index, tab):
        start.wait()
        try:
            storage.set_setting(db=tab, key="language", value=f"value {index}")
            for n in range(3):
                rules = replace(PRESETS["classic"], id="custom-1", name=f"Tab {index} set {n}")
                added.append(storage.add_custom_rules(db=tab, rules=rules))
        except Exception as error:  # reported below
            failures.append(error)

    threads = [threading.Thread(target=save, args=pair) for pair in enumerate(tabs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert storage.get_setting(db=tabs[0], key="language").startswith("value ")
    kept = storage.custom_rules(db=tabs[0])
    assert sorted(rules.name for rules in kept) == sorted(
        f"Tab {index} set {n}" for index in range(4) for n in range(3)
    ), "every tab's rule sets, none lost"
    assert len({rules.id for rules in kept}) == 12, "each under an id of its own"
    assert sorted(kept, key=lambda rules: rules.id) == sorted(added, key=lambda rules: rules.id)
    for index in range(4):  # each tab's own in the order it added them
        mine = [rules.name for rules in kept if rules.name.startswith(f"Tab {index} ")]
        assert mine == [f"Tab {index} set {n}" for n in range(3)]
    for tab in tabs:
        tab.close()


def test_two_processes_adding_rule_sets_at_once_keep_both(location):
    with storage.open_database(location):
        pass  # migrated once, before the two start
    script = (
        "import sys\nfrom dataclasses import replace\n"
        "from canasta_score import storage\nfrom canasta_score.core import PRESETS\n"
        "with storage.open_database(sys.argv[1]) as db:\n"
        "    seen = storage.custom_rules(db=db)\n"
        "    sys.stdin.readline()\n"  # both have read the (empty) list
        "    rules = replace(PRESETS['classic'], name=sys.argv[2])\n"
        "    print(storage.add_custom_rules(db=db, rules=rules).id)\n"
    )
    phones = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(location), name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("First phone's", "Second phone's")
    ]
    results = [phone.communicate("\n", timeout=120) for phone in phones]
    for phone, (_, said) in zip(phones, results, strict=True):
        assert phone.returncode == 0, said
    ids = [out.strip() for out, _ in results]
    with storage.open_database(location) as db:
        kept = storage.custom_rules(db=db)
    assert {(rules.id, rules.name) for rules in kept} == set(
        zip(ids, ("First phone's", "Second phone's"), strict=True)
    )
    assert len(set(ids)) == 2


def test_the_same_games_give_the_same_figures_history_and_stats_on_both(postgres_server, tmp_path):
    games = []
    for number in range(12):
        document = game_file(rounds=1 + number % 4)
        document["created"] = f"2026-03-{1 + number % 3:02d}T{number:02d}:30:00+00:00"
        document["sides"][0]["players"] = ["Anna", "Ben"] if number % 2 else ["anna", "Cleo"]
        document["uid"] = f"game-{number:04d}"  # the same games on both, by their identity
        games.append(document)
    backup = {"format": storage.BACKUP_FORMAT, "games": games}
    url = postgres_server.new_database()
    seen = []
    for location in (tmp_path / "games.db", url):
        with storage.open_database(location) as db:
            storage.import_document(db=db, document=backup)
            day = StatsFilter(since=date(2026, 3, 2))
            query = storage.HistoryQuery(search="ANNA")
            seen.append(
                (
                    storage.played_games_summaries(db=db),
                    storage.played_games_summaries(db=db, where=day),
                    [g.id for g in storage.history_page(db=db, query=query, limit=4).games],
                    storage.player_record(db=db, name="anna"),
                    storage.export_all(db=db),
                )
            )
        stats = run_cli("stats", "--json", "--db", location)
        assert stats.returncode == 0, stats.stderr
        seen[-1] += (stats.stdout,)
    assert seen[0] == seen[1]
    postgres_server.drop_database(url)


@pytest.mark.parametrize("number", [2**31, 2**40, 2**63, -(2**63) - 1])
def test_an_id_too_big_for_the_database_names_nothing(db, number):
    with pytest.raises(storage.GameNotFound):
        storage.load_game(db=db, game_id=number)
    assert storage.load_draft(db=db, game_id=number) is None
    with pytest.raises(storage.NameChangeNotFound):
        storage.undo_name_change(db=db, change_id=number)


def test_a_read_sees_one_state_of_the_games_throughout(db):
    from sqlmodel import select

    from canasta_score.storage.database import reading
    from canasta_score.storage.tables import GameRow, RoundRow

    stored = storage.create_game(db=db, game=two_sides())
    with reading(db) as session:
        [version] = session.exec(select(GameRow.version)).all()
        # another phone saves a round meanwhile, on a connection of its own
        storage.add_round(db=db, game_id=stored.id, entries=winning_round(), expected_version=1)
        rounds = session.exec(select(RoundRow.id)).all()
    assert (version, len(rounds)) == (1, 0)
    assert storage.load_game(db=db, game_id=stored.id).version == 2


def test_purging_can_leave_the_games_deleted_just_now(db):
    from datetime import UTC, datetime, timedelta

    kept, gone = (storage.create_game(db=db, game=two_sides()).id for _ in range(2))
    for game_id in (kept, gone):
        storage.delete_game(db=db, game_id=game_id)
    from canasta_score.storage.database import writing
    from canasta_score.storage.tables import GameRow

    with writing(db) as session:  # deleted two days ago
        session.get(GameRow, gone).deleted_at = datetime.now(UTC) - timedelta(days=2)
    assert storage.purge_deleted(db=db, older_than=timedelta(days=1)) == 1
    storage.restore_game(db=db, game_id=kept)
    assert [g.id for g in storage.list_games(db=db)] == [kept]


# --- half-typed rounds: each phone its own -------------------------------------------------


def test_each_phone_keeps_its_own_half_typed_round_and_a_saved_round_takes_only_its_own(db):
    game_id = storage.create_game(db=db, game=two_sides()).id
    storage.save_draft(db=db, game_id=game_id, draft={"typed": "a"}, phone="phone-a")
    storage.save_draft(db=db, game_id=game_id, draft={"typed": "b"}, phone="phone-b")
    assert storage.load_draft(db=db, game_id=game_id, phone="phone-a") == {"typed": "a"}
    assert storage.load_draft(db=db, game_id=game_id, phone="phone-b") == {"typed": "b"}
    assert storage.load_draft(db=db, game_id=game_id) is None, "no phone's draft is anyone's"
    assert [d.phone for d in storage.load_drafts(db=db, game_id=game_id)] == ["phone-b", "phone-a"]
    storage.add_round(
        db=db, game_id=game_id, entries=quiet_round(), expected_version=1, phone="phone-a"
    )
    assert storage.load_draft(db=db, game_id=game_id, phone="phone-a") is None
    assert storage.load_draft(db=db, game_id=game_id, phone="phone-b") == {"typed": "b"}
    storage.add_round(db=db, game_id=game_id, entries=quiet_round(), expected_version=2)
    assert storage.load_drafts(db=db, game_id=game_id) == [], "a round saved by no phone: all go"


def test_two_phones_typing_at_once_never_overwrite_each_other(location):
    with storage.open_database(location) as db:
        game_id = storage.create_game(db=db, game=two_sides()).id
        failures: list[BaseException] = []

        def type_on(phone: str) -> None:
            try:
                for n in range(25):
                    storage.save_draft(db=db, game_id=game_id, draft={"n": n}, phone=phone)
            except BaseException as error:  # pragma: no cover - reported below
                failures.append(error)

        phones = [threading.Thread(target=type_on, args=(f"phone-{i}",)) for i in range(3)]
        for phone in phones:
            phone.start()
        for phone in phones:
            phone.join(120)
        assert not failures
        kept = {d.phone: d.data for d in storage.load_drafts(db=db, game_id=game_id)}
        assert kept == {f"phone-{i}": {"n": 24} for i in range(3)}


def test_a_draft_kept_before_drafts_had_phones_is_of_no_known_phone(db):
    from canasta_score.storage.database import writing
    from canasta_score.storage.tables import DraftRow

    game_id = storage.create_game(db=db, game=two_sides()).id
    with writing(db) as session:
        session.add(
            DraftRow(game_id=game_id, data=json.dumps({"sides": []}), saved_at=storage_now())
        )
    assert storage.load_draft(db=db, game_id=game_id) == {"sides": []}
    assert storage.load_draft(db=db, game_id=game_id, phone="phone-a") is None
    storage.save_draft(db=db, game_id=game_id, draft={"typed": "a"}, phone="phone-a")
    assert {d.phone for d in storage.load_drafts(db=db, game_id=game_id)} == {"", "phone-a"}


def storage_now():
    from canasta_score.storage.database import now

    return now()


def test_a_fault_of_the_app_in_a_transaction_is_no_unreachable_database(db):
    from sqlalchemy.exc import IntegrityError

    from canasta_score.storage.database import writing
    from canasta_score.storage.tables import SettingRow

    with pytest.raises(IntegrityError), writing(db) as session:
        session.add(SettingRow(key="same", value="1"))
        session.flush()
        session.add(SettingRow(key="same", value="2"))
        session.flush()


# --- a round entry saved once --------------------------------------------------------------


def test_the_same_entry_sent_twice_is_one_round_whatever_version_it_names(db):
    game_id = storage.create_game(db=db, game=two_sides()).id
    first = storage.add_round(
        db=db, game_id=game_id, entries=quiet_round(), expected_version=1, entry="e-1"
    )
    # The answer was lost with the connection: the phone sends the same entry again, still
    # naming the version it typed on.
    again = storage.add_round(
        db=db, game_id=game_id, entries=quiet_round(), expected_version=1, entry="e-1"
    )
    assert len(again.game.rounds) == 1 and again.version == first.version
    assert [c.what for c in storage.changes(db=db, game_id=game_id)].count("round added") == 1
    # Another entry of the same values is a round of its own.
    storage.add_round(
        db=db, game_id=game_id, entries=quiet_round(), expected_version=2, entry="e-2"
    )
    assert len(storage.load_game(db=db, game_id=game_id).game.rounds) == 2


def test_an_edit_sent_twice_is_one_change(db):
    game_id = storage.create_game(db=db, game=two_sides()).id
    storage.add_round(db=db, game_id=game_id, entries=quiet_round(), expected_version=1)
    edited = storage.replace_round(
        db=db,
        game_id=game_id,
        round_number=1,
        entries=winning_round(),
        expected_version=2,
        entry="edit-1",
    )
    again = storage.replace_round(
        db=db,
        game_id=game_id,
        round_number=1,
        entries=winning_round(),
        expected_version=2,
        entry="edit-1",
    )
    assert again.version == edited.version == 3


def test_a_late_draft_of_a_saved_entry_is_dropped_and_never_handed_out(db):
    game_id = storage.create_game(db=db, game=two_sides()).id
    typed = {"entry": "e-1", "typed": "85"}
    storage.save_draft(db=db, game_id=game_id, draft=typed, phone="phone-a")
    storage.add_round(
        db=db,
        game_id=game_id,
        entries=quiet_round(),
        expected_version=1,
        phone="phone-a",
        entry="e-1",
    )
    # A write of the same entry's draft that waited on the database lands after the save.
    assert storage.save_draft(db=db, game_id=game_id, draft=typed, phone="phone-a") is False
    assert storage.load_draft(db=db, game_id=game_id, phone="phone-a") is None
    # Still so once the round is taken back: it was saved once, and stays so.
    storage.undo_last_round(db=db, game_id=game_id, expected_version=2)
    assert storage.save_draft(db=db, game_id=game_id, draft=typed, phone="phone-a") is False
    # A copy that reached the disk by another way (a version before this one) is not handed out.
    assert storage.save_draft(db=db, game_id=game_id, draft={"entry": "e-2"}, phone="b") is True
    storage.add_round(
        db=db, game_id=game_id, entries=quiet_round(), expected_version=3, phone="x", entry="e-2"
    )
    assert storage.load_drafts(db=db, game_id=game_id) == []


def test_a_stored_game_names_the_entries_saved_in_it(db):
    game_id = storage.create_game(db=db, game=two_sides()).id
    saved = storage.add_round(
        db=db, game_id=game_id, entries=quiet_round(), expected_version=1, entry="e-1"
    )
    assert saved.saved_entries == {"e-1"}
    assert storage.load_game(db=db, game_id=game_id).saved_entries == {"e-1"}


# --- the rule families ----------------------------------------------------------------------


def test_a_modern_american_game_and_a_samba_game_are_kept_whole(db):
    from canasta_score.core import AMERICAN, SAMBA, Game, Side, SideEntry, WentOut

    sides = (Side("We", ("Anna", "Ben")), Side("They", ("Cleo", "Dan")))
    american = Game(rules=AMERICAN, sides=sides).add_round(
        [
            SideEntry(
                melded=520,
                canastas={"natural": 1, "natural_sevens": 1},
                red_threes=2,
                black_threes=1,
                went_out=WentOut.NORMAL,
            ),
            SideEntry(
                melded=150,
                hand=95,
                canastas={"mixed": 1},
                red_threes=1,
                incomplete={"aces": 1},
                held_aces=1,
            ),
        ]
    )
    samba = Game(rules=SAMBA, sides=sides).add_round(
        [
            SideEntry(
                melded=640,
                canastas={"samba": 1, "natural": 1},
                red_threes=2,
                went_out=WentOut.NORMAL,
            ),
            SideEntry(melded=300, hand=85, canastas={"mixed": 1}, red_threes=1),
        ]
    )
    for game in (american, samba):
        game_id = storage.create_game(db=db, game=game).id
        kept = storage.load_game(db=db, game_id=game_id).game
        assert kept.rules == game.rules and kept.rounds == game.rounds
        assert kept.totals == game.totals
    assert american.totals == (4020, -3645)
    document = storage.export_game(db=db, game_id=1)
    storage.delete_game(db=db, game_id=1)  # else it is here already: nothing comes in
    (again,) = storage.import_document(db=db, document=document)
    assert storage.load_game(db=db, game_id=again).game.rounds == american.rounds


# --- each game its identity -----------------------------------------------------------------


def test_a_backup_restored_twice_adds_each_game_once(db, tmp_path):
    first = storage.create_game(db=db, game=two_sides()).id
    storage.add_round(db=db, game_id=first, entries=quiet_round(), expected_version=1)
    storage.create_game(db=db, game=two_sides(names=("Eva", "Finn", "Gus", "Hal")))
    backup = tmp_path / "backup.json"
    backup.write_text(json.dumps(storage.export_all(db=db)), encoding="utf-8")
    assert storage.restore_backup(db=db, path=backup) == []
    assert storage.import_document(db=db, document=storage.export_game(db=db, game_id=first)) == []
    assert len(storage.list_games(db=db)) == 2
    # A game deleted here comes back from the backup, once.
    storage.delete_game(db=db, game_id=first)
    assert len(storage.restore_backup(db=db, path=backup)) == 1
    assert len(storage.restore_backup(db=db, path=backup)) == 0
    assert len(storage.list_games(db=db)) == 2


def test_a_game_file_that_gives_no_identity_is_known_by_what_it_holds(db):
    """Written by hand as GAME_FORMAT.md shows it (no `uid`): imported twice, it is one game;
    a game that differs, even only in when it was created, is another."""
    document = storage.export_game(db=db, game_id=storage.create_game(db=db, game=two_sides()).id)
    bare = {
        key: value for key, value in document.items() if key not in ("uid", "created", "updated")
    }
    (first,) = storage.import_document(db=db, document=bare)
    assert storage.import_document(db=db, document=bare) == []
    assert storage.export_game(db=db, game_id=first)["uid"].startswith("content-")
    later = bare | {"created": "2026-12-05T19:00:00+00:00"}
    assert len(storage.import_document(db=db, document=later)) == 1
    other = bare | {
        "sides": [{"name": "Eva", "players": ["Eva"]}, {"name": "Finn", "players": ["Finn"]}]
    }
    assert len(storage.import_document(db=db, document=other)) == 1
    assert len(storage.list_games(db=db)) == 4


def test_a_game_keeps_its_identity_from_one_database_to_another_and_back(tmp_path, location):
    """A phone's browser to a table's server and back: the same game, not a second copy."""
    with storage.open_database(tmp_path / "phone.db") as phone:
        game_id = storage.create_game(db=phone, game=two_sides()).id
        document = storage.export_game(db=phone, game_id=game_id)
        assert len(document["uid"]) >= 8
        with storage.open_database(location) as table:
            (there,) = storage.import_document(db=table, document=document)
            storage.add_round(db=table, game_id=there, entries=quiet_round(), expected_version=1)
            back = storage.export_game(db=table, game_id=there)
            assert back["uid"] == document["uid"]
            assert storage.import_document(db=table, document=document) == []
        assert storage.import_document(db=phone, document=back) == []
        # Two copies in one backup are one game.
        twice = {"format": "canasta-score-backup/1", "games": [document, document]}
        with storage.open_database(tmp_path / "third.db") as third:
            assert len(storage.import_document(db=third, document=twice)) == 1
