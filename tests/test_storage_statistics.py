"""Storage feeding the statistics and the whole history: summaries kept with the facts,
name changes as facts, the history page by page, and the upgrade from schema 0003."""

import json
import sqlite3
from datetime import date

import pytest
from storage_support.builders import file_engine, game_file, quiet_round, two_sides, winning_round

from canasta_score import storage
from canasta_score.core import DANISH, SideEntry, player_key
from canasta_score.statistics import (
    NameChange,
    PlayedGame,
    StatsFilter,
    game_statistics,
    summarize,
)
from canasta_score.storage import HistoryQuery
from canasta_score.storage.played_text import FORM


def fresh(db, game_id):
    """The statistics' summary of a stored game, scored afresh from its facts."""
    stored = storage.load_game(db=db, game_id=game_id)
    return summarize(PlayedGame(stored.game, stored.created_at.date(), game_id))


def by_id(db, **where):
    return {s.game_id: s for s in storage.played_games_summaries(db=db, **where)}


# --- summaries written with the facts -------------------------------------------------------


def test_each_change_to_a_game_writes_its_statistics_summary_in_the_same_transaction(db):
    game = storage.create_game(db=db, game=two_sides())
    assert by_id(db)[game.id] == fresh(db, game.id)
    stored = storage.add_round(db=db, game_id=game.id, entries=quiet_round(), expected_version=1)
    stored = storage.add_round(db=db, game_id=game.id, entries=quiet_round(120), expected_version=2)
    assert by_id(db)[game.id] == fresh(db, game.id)
    stored = storage.replace_round(
        db=db, game_id=game.id, round_number=2, entries=winning_round(), expected_version=3
    )
    assert by_id(db)[game.id].winner == 0 == fresh(db, game.id).winner
    storage.delete_round(db=db, game_id=game.id, round_number=2, expected_version=stored.version)
    assert by_id(db)[game.id] == fresh(db, game.id)
    assert by_id(db)[game.id].winner is None


def test_imported_games_bring_their_summaries_and_deleted_games_count_no_more(db):
    document = {
        "format": "canasta-score/1",
        "rules": "classic",
        "sides": [{"name": "We", "players": ["Anna"]}, {"name": "They", "players": ["Ben"]}],
        "rounds": [[{"melded": 90, "red_threes": 1}, {"hand": 20}]],
    }
    [imported] = storage.import_document(db=db, document=document)
    with db.engine.connect() as connection:
        stored = connection.exec_driver_sql("SELECT stats FROM game").scalar()
    assert stored and json.loads(stored)["sides"][0][-1] == 1  # the red three
    assert by_id(db)[imported] == fresh(db, imported)
    storage.delete_game(db=db, game_id=imported)
    assert by_id(db) == {}


def test_a_summary_missing_or_of_another_form_is_derived_again_and_kept(db):
    games = [storage.create_game(db=db, game=two_sides()).id for _ in range(4)]
    storage.add_round(db=db, game_id=games[0], entries=quiet_round(), expected_version=1)
    with db.engine.begin() as connection:
        connection.exec_driver_sql(f"UPDATE game SET stats = '' WHERE id = {games[0]}")
        connection.exec_driver_sql(f"UPDATE game SET stats = '{{broken' WHERE id = {games[2]}")
        connection.exec_driver_sql(
            f"UPDATE game SET stats = '{{\"form\": 0}}' WHERE id = {games[1]}"
        )
    assert by_id(db) == {game_id: fresh(db, game_id) for game_id in games}
    with db.engine.connect() as connection:
        kept = connection.exec_driver_sql("SELECT stats FROM game ORDER BY id").scalars().all()
    assert all(json.loads(text)["form"] == FORM for text in kept)


def test_rebuilding_the_summaries_derives_the_statistics_summary_too(db):
    game = storage.create_game(db=db, game=two_sides()).id
    with db.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE game SET stats = ''")
    storage.rebuild_summaries(db=db)
    with db.engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT stats FROM game").scalar()
    assert by_id(db)[game] == fresh(db, game)


def test_the_statistics_filter_picks_games_by_rule_set_and_day(db):
    classic = storage.create_game(db=db, game=two_sides()).id
    danish = storage.create_game(db=db, game=two_sides(rules=DANISH)).id
    with db.engine.begin() as connection:
        connection.exec_driver_sql(
            f"UPDATE game SET created_at = '2026-03-01 23:59:59.000000' WHERE id = {classic}"
        )
        connection.exec_driver_sql(
            f"UPDATE game SET created_at = '2026-03-02 00:00:00.000000' WHERE id = {danish}"
        )
    assert set(by_id(db, where=StatsFilter(rules_id="danish"))) == {danish}
    assert set(by_id(db, where=StatsFilter(since=date(2026, 3, 2)))) == {danish}
    assert set(by_id(db, where=StatsFilter(until=date(2026, 3, 1)))) == {classic}
    both = StatsFilter(since=date(2026, 3, 1), until=date(2026, 3, 2))
    assert set(by_id(db, where=both)) == {classic, danish}
    assert by_id(db)[classic].played_on == date(2026, 3, 1)


# --- name changes ---------------------------------------------------------------------------


def test_name_changes_are_kept_in_order_applied_by_the_statistics_and_undone(db):
    game = storage.create_game(db=db, game=two_sides(names=("Anne", "Ben", "Cleo", "jan")))
    storage.add_round(db=db, game_id=game.id, entries=winning_round(), expected_version=1)
    renamed = storage.add_name_change(db=db, change=NameChange(" Anne ", "Anna"))
    merged = storage.add_name_change(db=db, change=NameChange("jan", "Jan B."))
    assert [(c.old, c.new) for c in storage.name_changes(db=db)] == [
        ("Anne", "Anna"),
        ("jan", "Jan B."),
    ]
    changes = [c.change for c in storage.name_changes(db=db)]
    stats = game_statistics(storage.played_games_summaries(db=db), changes=changes)
    assert stats.player("Anna").wins == 1 and stats.player("Jan B.").games == 1
    assert stats.player("Anne") is None

    undone = storage.undo_name_change(db=db, change_id=renamed.id)
    assert undone == renamed
    assert storage.name_changes(db=db) == [merged]
    with pytest.raises(storage.NameChangeNotFound, match="undone already"):
        storage.undo_name_change(db=db, change_id=renamed.id)
    with pytest.raises(storage.NameChangeNotFound):
        storage.undo_name_change(db=db, change_id=2**63)  # beyond SQLite's integers
    with pytest.raises(TypeError):  # at once: a wrong argument must not hang the server
        storage.undo_name_change(db=db, change_id=object())  # type: ignore[arg-type]
    with db.engine.connect() as connection:
        logged = connection.exec_driver_sql(
            "SELECT what, after FROM change WHERE game_id IS NULL ORDER BY id"
        ).all()
    assert [what for what, _ in logged] == ["name changed", "name changed", "name change undone"]
    assert json.loads(logged[-1][1]) == [{"old": "Anne", "new": "Anna"}]


@pytest.mark.parametrize(("old", "new"), [("", "Anna"), ("Anna", "  "), ("Anna", " Anna ")])
def test_a_blank_name_or_the_same_spelling_is_no_name_change(db, old, new):
    with pytest.raises(ValueError):
        storage.add_name_change(db=db, change=NameChange(old, new))
    assert storage.name_changes(db=db) == []


# --- the history, page by page ----------------------------------------------------------------


def history_of(db, days):
    """Games started on the given days (in order), each of two sides of one player."""
    documents = []
    for number, day in enumerate(days):
        documents.append(
            {
                "format": "canasta-score/1",
                "rules": "danish" if number % 3 == 0 else "classic",
                "sides": [
                    {"name": f"Side {number}", "players": ["Åsa" if number % 4 == 0 else "Bo"]},
                    {"name": "They", "players": [f"Player {number}"]},
                ],
                "rounds": [[{"melded": 90}, {"hand": 20}]],
                "created": f"{day}T20:00:00+00:00",
                "updated": f"{day}T21:00:00+00:00",
            }
        )
    return storage.import_document(
        db=db, document={"format": storage.BACKUP_FORMAT, "games": documents}
    )


def every_page(db, query=None, limit=4):
    pages, after = [], None
    while True:
        page = storage.history_page(db=db, query=query or HistoryQuery(), after=after, limit=limit)
        pages.append([game.id for game in page.games])
        if page.next is None:
            return pages
        after = page.next


def test_the_pages_hold_every_game_once_newest_first(db):
    # Two games on most days: the same creation time is ordered by id.
    ids = history_of(db, [f"2026-01-{1 + n // 2:02d}" for n in range(22)])
    pages = every_page(db)
    assert [len(page) for page in pages] == [4, 4, 4, 4, 4, 2]
    assert [game for page in pages for game in page] == sorted(ids, reverse=True)
    assert every_page(db, limit=22) == [sorted(ids, reverse=True)]


def test_a_game_added_while_paging_shifts_no_page(db):
    ids = history_of(db, ["2026-01-01"] * 6)
    first = storage.history_page(db=db, limit=3)
    storage.create_game(db=db, game=two_sides())  # newer than all: before the first page
    second = storage.history_page(db=db, after=first.next, limit=3)
    assert [g.id for g in first.games + second.games] == sorted(ids, reverse=True)


def test_the_history_is_searched_by_player_or_side_name_in_any_case(db):
    ids = history_of(db, [f"2026-02-{n + 1:02d}" for n in range(12)])
    with_asa = sorted((ids[n] for n in range(12) if n % 4 == 0), reverse=True)
    assert [g for p in every_page(db, HistoryQuery(search="  åSA ")) for g in p] == with_asa
    assert every_page(db, HistoryQuery(search="side 11")) == [[ids[11]]]
    assert every_page(db, HistoryQuery(search="player 1")) == [[ids[11], ids[10], ids[1]]]
    assert every_page(db, HistoryQuery(search="nobody")) == [[]]
    storage.add_name_change(db=db, change=NameChange("Åsa", "Astrid"))
    changes = tuple(c.change for c in storage.name_changes(db=db))
    page = storage.history_page(db=db, query=HistoryQuery(search="astrid"), changes=changes)
    assert [g.id for g in page.games] == with_asa


def test_the_history_is_filtered_by_rule_set_state_and_days(db):
    ids = history_of(db, [f"2026-03-{n + 1:02d}" for n in range(9)])
    storage.add_round(db=db, game_id=ids[4], entries=winning_round(), expected_version=1)
    danish = [ids[n] for n in (6, 3, 0)]

    def found(**query):
        return [g for page in every_page(db, HistoryQuery(**query), limit=2) for g in page]

    assert found(rules="danish") == danish
    assert found(finished=True) == [ids[4]]
    assert found(finished=False) == [i for i in reversed(ids) if i != ids[4]]
    assert found(since=date(2026, 3, 7)) == [ids[8], ids[7], ids[6]]
    assert found(since=date(2026, 3, 2), until=date(2026, 3, 4)) == [ids[3], ids[2], ids[1]]
    assert found(rules="danish", search="åsa", until=date(2026, 3, 5)) == [ids[0]]
    storage.delete_game(db=db, game_id=ids[6])
    assert found(rules="danish") == danish[1:]


# --- upgrading from schema 0003 --------------------------------------------------------------


def test_a_database_of_schema_0003_is_upgraded_and_its_games_summarized_when_asked(tmp_path):
    path = tmp_path / "games.db"
    db = storage.open_database(path)
    game = storage.create_game(db=db, game=two_sides()).id
    storage.add_round(
        db=db,
        game_id=game,
        entries=[SideEntry(melded=90, red_threes=2), SideEntry(hand=10)],
        expected_version=1,
    )
    db.close()
    engine = file_engine(path)
    with engine.begin() as connection:  # back to schema 0003 as that version left it
        connection.exec_driver_sql("UPDATE game SET stats = ''")
    engine.dispose()
    with sqlite3.connect(path) as old:
        schema_0004_players(old)
        old.execute("DROP TABLE name_change")
        old.execute("DROP INDEX ix_game_history_finished")
        old.execute("DROP INDEX ix_game_history_rules")
        old.execute("DROP INDEX ix_side_name")
        old.execute("ALTER TABLE game DROP COLUMN stats")
        old.execute("DROP TABLE saved_entry")
        old.execute("DROP INDEX ix_game_uid")
        old.execute("ALTER TABLE game DROP COLUMN uid")
        old.execute("UPDATE alembic_version SET version_num = '0003'")
    db = storage.open_database(path)
    [summary] = storage.played_games_summaries(db=db)
    assert summary == fresh(db, game) and summary.sides[0].red_threes == 2
    storage.add_name_change(db=db, change=NameChange("Anna", "Anne"))
    assert [c.what for c in storage.changes(db=db, game_id=game)] == ["game created", "round added"]
    db.close()


# --- who a player is: one key for storage and statistics (schema 0005) ------------------------


def test_storage_counts_the_players_the_statistics_count_in_every_alphabet(db):
    first = storage.create_game(db=db, game=two_sides(names=("Åsa", "Ben", "Øyvind", "Dan")))
    storage.add_round(db=db, game_id=first.id, entries=winning_round(), expected_version=1)
    storage.create_game(db=db, game=two_sides(names=("åsa ", "ben", "øyvind", "Dan")))
    imported = game_file()
    imported["sides"] = [
        {"name": "We", "players": ["ÅSA", "Ben"]},
        {"name": "They", "players": ["A\u030aSA BERG", "ØYVIND"]},
    ]
    storage.import_document(db=db, document=imported)
    players = ["A\u030aSA BERG", "Ben", "Dan", "Åsa", "Øyvind"]  # as first entered
    assert sorted(storage.known_players(db=db)) == players
    stats = game_statistics(storage.played_games_summaries(db=db))
    assert len(stats.players) == len(storage.known_players(db=db))
    for name in ("åsa", "ØYVIND", "åsa berg"):
        record, figures = storage.player_record(db=db, name=name), stats.player(name)
        assert (record.games, record.wins) == (figures.games + figures.in_play, figures.wins)
    assert storage.player_record(db=db, name="  ÅSA ").games == 3


def schema_0004_players(old):
    """The player table as schema 0004 left it: no key, names told apart by SQLite's NOCASE
    (and no game keeps its rule set's own name, schema 0006)."""
    old.execute("ALTER TABLE game DROP COLUMN own_rules_name")
    old.execute("DROP INDEX ix_player_key")
    old.execute("ALTER TABLE player DROP COLUMN key")


def test_an_upgrade_to_schema_0005_keys_the_players_and_makes_one_of_each_player(tmp_path):
    path = tmp_path / "games.db"
    db = storage.open_database(path)
    first = storage.create_game(db=db, game=two_sides(names=("Åsa", "Ben", "Cleo", "Dan")))
    storage.add_round(db=db, game_id=first.id, entries=winning_round(), expected_version=1)
    second = storage.create_game(db=db, game=two_sides(names=("åsa", "Ben", "Cleo", "Eva")))
    db.close()
    with sqlite3.connect(path) as old:  # schema 0004 counted "åsa" apart from "Åsa"
        schema_0004_players(old)
        [(played_at,)] = old.execute("SELECT last_played_at FROM player WHERE name = 'Eva'")
        added = old.execute(
            "INSERT INTO player (name, last_played_at) VALUES ('åsa', ?)", (played_at,)
        ).lastrowid
        old.execute(
            "UPDATE seat SET player_id = ? WHERE game_id = ? AND name = 'åsa'", (added, second.id)
        )
        old.execute("DROP TABLE saved_entry")
        old.execute("DROP INDEX ix_game_uid")
        old.execute("ALTER TABLE game DROP COLUMN uid")
        old.execute("UPDATE alembic_version SET version_num = '0004'")
    db = storage.open_database(path)
    asa = storage.player_record(db=db, name="ÅSA")
    assert (asa.name, asa.games, asa.wins) == ("Åsa", 2, 1)
    assert storage.known_players(db=db)[0] in ("Åsa", "Cleo", "Ben", "Eva")
    assert storage.known_players(db=db).count("Åsa") == 1 and "åsa" not in storage.known_players(
        db=db
    )
    with db.engine.connect() as connection:
        keys = connection.exec_driver_sql("SELECT name, key FROM player").all()
        assert all(key == player_key(name) for name, key in keys) and len(keys) == 5
        plan = connection.exec_driver_sql(
            "EXPLAIN QUERY PLAN SELECT id FROM player WHERE key = ?", ("åsa",)
        ).all()
        assert "ix_player_key" in str(plan)
    db.close()


def test_a_summary_of_the_form_before_special_hands_is_derived_again(db):
    """Form 1 counted no special hand as going out: such a summary is read from the facts."""
    from canasta_score.core import AMERICAN

    game_id = storage.create_game(db=db, game=two_sides(rules=AMERICAN)).id
    hand = [SideEntry(special_hand="pairs"), SideEntry(melded=50, canastas={"natural": 1})]
    storage.add_round(db=db, game_id=game_id, entries=hand, expected_version=1)
    with db.backend.writer(db.engine).begin() as connection:  # locked before it reads
        stored = connection.exec_driver_sql(f"SELECT stats FROM game WHERE id = {game_id}")
        old = json.loads(stored.scalar())
        old["form"], old["sides"][0][6] = 1, 0  # as form 1 had it: not gone out
        connection.exec_driver_sql(
            "UPDATE game SET stats = ? WHERE id = ?"
            if db.engine.name == "sqlite"
            else "UPDATE game SET stats = %s WHERE id = %s",
            (json.dumps(old), game_id),
        )
    assert by_id(db)[game_id].sides[0].went_out == 1
