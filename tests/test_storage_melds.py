"""A round entered meld by meld is stored, exported, imported and backed up as it was entered;
the database keeps it in the entries JSON it already has (no migration)."""

import json
from datetime import date

import pytest
from storage_support.builders import two_sides, wait_for_backups

from canasta_score import storage
from canasta_score.core import PRESETS, Meld, Rank, SideEntry, WentOut, apply_overrides
from canasta_score.core.melds import WORKED_EXAMPLE
from canasta_score.statistics import PlayedGame, summarize
from canasta_score.storage import backups, paths

#: RULES.md, "Melds", worked example: We meld by meld, They by card counts left as points.
MELD_ROUND = [
    SideEntry(melded=WORKED_EXAMPLE, hand=70, red_threes=2, went_out=WentOut.NORMAL),
    SideEntry(melded=(Meld(Rank.FIVE, 3, twos=1),), hand=85, red_threes=1),
]
from examples import WORKED_EXAMPLE_MELDS as AS_ENTERED  # noqa: E402


@pytest.fixture
def db(tmp_path):
    database = storage.open_database(tmp_path / "games.db")
    yield database
    database.close()


def a_game_with_a_meld_round(db):
    stored = storage.create_game(db=db, game=two_sides())
    return storage.add_round(db=db, game_id=stored.id, entries=MELD_ROUND, expected_version=1)


def test_a_round_entered_meld_by_meld_comes_back_meld_by_meld(db):
    stored = a_game_with_a_meld_round(db)
    loaded = storage.load_game(db=db, game_id=stored.id).game
    assert loaded.rounds[0] == tuple(MELD_ROUND)
    assert loaded.rounds[0][0].melds == WORKED_EXAMPLE  # it opens meld by meld for editing
    assert [s.total for s in loaded.scores[0]] == [1450, 50]
    with db.engine.connect() as connection:
        [text] = connection.exec_driver_sql("SELECT entries FROM round").scalars().all()
    assert json.loads(text)[0]["melded"] == AS_ENTERED  # the game file's own form


def test_an_edited_round_keeps_its_new_melds(db):
    stored = a_game_with_a_meld_round(db)
    fewer = [SideEntry(melded=WORKED_EXAMPLE[:1], went_out=WentOut.NORMAL), MELD_ROUND[1]]
    storage.replace_round(
        db=db, game_id=stored.id, round_number=1, entries=fewer, expected_version=stored.version
    )
    loaded = storage.load_game(db=db, game_id=stored.id).game
    assert loaded.rounds[0][0].melds == (Meld(Rank.KING, 7),)


def test_export_writes_the_melds_and_import_brings_them_back_identical(db):
    stored = a_game_with_a_meld_round(db)
    exported = storage.export_game(db=db, game_id=stored.id)
    assert exported["rounds"][0][0]["melded"] == AS_ENTERED
    assert "canastas" not in exported["rounds"][0][0]
    storage.delete_game(db=db, game_id=stored.id)  # else it is here already: nothing comes in
    [copy_id] = storage.import_document(db=db, document=json.loads(json.dumps(exported)))
    assert storage.export_game(db=db, game_id=copy_id) == exported
    assert storage.load_game(db=db, game_id=copy_id).game.rounds == ((*MELD_ROUND,),)


def test_a_backup_carries_the_melds_and_restores_them(tmp_path):
    db = storage.open_database(tmp_path / "games.db")
    a_game_with_a_meld_round(db)
    wait_for_backups(db)
    written = storage.backup_now(db=db)
    assert written is not None
    document = json.loads(written.read_text())
    assert document["games"][0]["rounds"][0][0]["melded"] == AS_ENTERED
    assert backups.backups_in(paths.backups_folder(db.path))
    other = storage.open_database(tmp_path / "other.db")
    [restored] = storage.restore_backup(db=other, path=written)
    assert storage.load_game(db=other, game_id=restored).game.rounds == ((*MELD_ROUND,),)
    assert storage.export_all(db=other)["games"] == storage.export_all(db=db)["games"]
    db.close()
    other.close()


def test_a_custom_rule_set_keeps_its_meld_rule(db):
    german, problems = apply_overrides(
        PRESETS["classic"], {"wild_cards_in_meld": "more-natural-than-wild"}
    )
    assert not problems
    stored = storage.create_game(db=db, game=two_sides(german))
    four_wild = (Meld(Rank.QUEEN, 5, twos=2, jokers=2), Meld(Rank.KING, 7))
    entries = [SideEntry(melded=four_wild, went_out=WentOut.NORMAL), SideEntry()]
    stored = storage.add_round(db=db, game_id=stored.id, entries=entries, expected_version=1)
    assert storage.load_game(db=db, game_id=stored.id).game.rules == german
    exported = storage.export_game(db=db, game_id=stored.id)
    assert exported["rule_overrides"] == {"wild_cards_in_meld": "more-natural-than-wild"}


def test_statistics_count_the_canastas_the_melds_make(db):
    stored = a_game_with_a_meld_round(db)
    game = storage.load_game(db=db, game_id=stored.id).game
    [we, _] = summarize(PlayedGame(game, date(2026, 1, 1), 1)).sides
    assert dict(we.canastas) == {"natural": 1, "mixed": 1}
