"""Custom rule sets kept by storage: in their own table, in order, and moved there from the
setting earlier versions kept them in."""

import json
import sqlite3
from dataclasses import replace

from sqlalchemy import text
from storage_support.builders import database_at, game_file, two_sides

from canasta_score import storage
from canasta_score.core import (
    PRESETS,
    ProblemCode,
    apply_overrides,
    game_document,
    read_game,
    rules_title,
)
from canasta_score.i18n import translator


def house_rules(number=1, **overrides):
    rules, problems = apply_overrides(PRESETS["finnish"], overrides or {"going_out": 150})
    assert not problems
    return replace(rules, id=f"custom-{number}", name=f"House rules {number}")


def test_custom_rule_sets_come_back_as_added_in_their_order_each_under_an_id_of_its_own(db):
    first = storage.add_custom_rules(db=db, rules=house_rules(2, target=3000))
    second = storage.add_custom_rules(db=db, rules=house_rules(1))
    assert first == replace(house_rules(2, target=3000), id=first.id)
    assert len({first.id, second.id, "custom-1", "custom-2"}) == 4, "not counted from a list"
    assert storage.custom_rules(db=db) == [first, second]
    assert storage.delete_custom_rules(db=db, rules_id=first.id)
    assert storage.custom_rules(db=db) == [second], "the other one stays"
    assert not storage.delete_custom_rules(db=db, rules_id=first.id), "gone already"


def test_a_custom_rule_set_is_changed_alone_in_its_place(db):
    first = storage.add_custom_rules(db=db, rules=house_rules(1))
    second = storage.add_custom_rules(db=db, rules=house_rules(2))
    changed = replace(
        apply_overrides(PRESETS["classic"], {"target": 7000})[0], id=first.id, name="Renamed"
    )
    assert storage.update_custom_rules(db=db, rules=changed)
    assert storage.custom_rules(db=db) == [changed, second]
    storage.delete_custom_rules(db=db, rules_id=first.id)
    assert not storage.update_custom_rules(db=db, rules=changed), "deleted elsewhere: not revived"
    assert storage.custom_rules(db=db) == [second]


def test_a_screen_that_read_the_list_before_another_added_one_keeps_both(db):
    seen_by_first = storage.custom_rules(db=db)
    seen_by_second = storage.custom_rules(db=db)
    mine = storage.add_custom_rules(db=db, rules=house_rules(1))
    theirs = storage.add_custom_rules(db=db, rules=house_rules(2))
    assert seen_by_first == seen_by_second == []
    assert storage.custom_rules(db=db) == [mine, theirs]
    assert mine.id != theirs.id


def test_a_custom_rule_set_keeps_its_meld_rule(db):
    rules = house_rules(1, wild_cards_in_meld="two-natural-three-wild")
    assert rules.wild_cards_in_meld != PRESETS["finnish"].wild_cards_in_meld
    kept = storage.add_custom_rules(db=db, rules=rules)
    assert storage.custom_rules(db=db) == [kept]
    assert kept.wild_cards_in_meld == rules.wild_cards_in_meld


def test_a_custom_rule_set_the_core_cannot_read_is_left_out(db):
    first = storage.add_custom_rules(db=db, rules=house_rules(1))
    second = storage.add_custom_rules(db=db, rules=house_rules(2))
    with db.engine.begin() as connection:
        connection.execute(
            text("UPDATE custom_rules SET base = 'rummy' WHERE id = :id"), {"id": first.id}
        )
    assert [r.id for r in storage.custom_rules(db=db)] == [second.id]


def test_rule_sets_an_earlier_version_kept_in_the_settings_are_moved_to_their_table(tmp_path):
    path = tmp_path / "games.db"
    database_at(path, "0002")
    kept = [
        {"id": "custom-1", "name": "Ours", "base": "finnish", "overrides": {"going_out": 150}},
        "not a rule set",
        {"id": "custom-2", "name": "Theirs", "base": "classic", "overrides": {"target": 3000}},
    ]
    with sqlite3.connect(path) as old:
        old.execute("INSERT INTO setting VALUES ('custom_rules', ?)", (json.dumps(kept),))
    db = storage.open_database(path)
    back = storage.custom_rules(db=db)
    assert [(r.id, r.name, r.base) for r in back] == [
        ("custom-1", "Ours", "finnish"),
        ("custom-2", "Theirs", "classic"),
    ]
    assert back[0].going_out == 150 and back[1].target == 3000
    assert storage.get_setting(db=db, key="custom_rules") is None
    # The ids earlier versions counted stay valid beside the new ones.
    added = storage.add_custom_rules(db=db, rules=house_rules(3))
    assert added.id not in {"custom-1", "custom-2"}
    assert storage.update_custom_rules(db=db, rules=replace(back[0], name="Still ours"))
    assert storage.delete_custom_rules(db=db, rules_id="custom-2")
    assert [(r.id, r.name) for r in storage.custom_rules(db=db)] == [
        ("custom-1", "Still ours"),
        (added.id, "House rules 3"),
    ]
    db.close()


# --- a game keeps the name players gave their own rule set (schema 0006) ---------------------


def test_a_game_keeps_its_own_rule_sets_name_through_storage_export_and_import(tmp_path):
    db = storage.open_database(tmp_path / "games.db")
    own = replace(house_rules(1, target=3000), name="Mökki rules")  # a new target alone too
    unnamed = apply_overrides(PRESETS["classic"], {"going_out": 200})[0]
    named = storage.create_game(db=db, game=two_sides(rules=own)).id
    plain = storage.create_game(db=db, game=two_sides(rules=unnamed)).id
    assert storage.load_game(db=db, game_id=named).game.rules.name == "Mökki rules"
    document = storage.export_game(db=db, game_id=named)
    assert document["rules_name"] == "Mökki rules"
    assert "rules_name" not in storage.export_game(db=db, game_id=plain)
    storage.delete_game(db=db, game_id=named)  # else it is here already: nothing comes in
    [again] = storage.import_document(db=db, document=document)
    assert storage.export_game(db=db, game_id=again) | {"created": 0, "updated": 0} == document | {
        "created": 0,
        "updated": 0,
    }
    titles = {
        s.id: (s.rules_title(), s.rules_title(translator("de")._))
        for s in storage.list_games(db=db)
    }
    assert titles == {
        again: ("Mökki rules", "Mökki rules"),
        plain: ("Classic (custom)", "Klassisch (angepasst)"),
    }
    db.close()


def test_a_game_file_names_its_rule_set_only_as_text(tmp_path):
    document = {**game_file(), "rules_name": ["Ours"]}
    assert [p.code for p in read_game(document)[1]] == [ProblemCode.RULES_NAME_INVALID]
    game, problems = read_game({**game_file(), "rules_name": "  Ours\n"})
    assert (
        problems == [] and game.rules.name == "Ours" and game_document(game)["rules_name"] == "Ours"
    )
    assert rules_title(game.rules, translator("fi")._) == "Ours"


def test_an_upgrade_to_schema_0006_shows_an_unnamed_copy_in_the_readers_language(tmp_path):
    path = tmp_path / "games.db"
    db = storage.open_database(path)
    unnamed = apply_overrides(PRESETS["danish"], {"going_out": 200})[0]
    copy = storage.create_game(db=db, game=two_sides(rules=unnamed)).id
    preset = storage.create_game(db=db, game=two_sides(rules=PRESETS["flemish"])).id
    db.close()
    with sqlite3.connect(path) as old:  # as schema 0005 left them: a copy named in English
        old.execute("ALTER TABLE game DROP COLUMN own_rules_name")
        old.execute("UPDATE game SET rules_name = 'Danish (custom)' WHERE id = ?", (copy,))
        old.execute("DROP TABLE saved_entry")
        old.execute("DROP INDEX ix_game_uid")
        old.execute("ALTER TABLE game DROP COLUMN uid")
        old.execute("UPDATE alembic_version SET version_num = '0005'")
    db = storage.open_database(path)
    nl = translator("nl")._
    titles = {s.id: s.rules_title(nl) for s in storage.list_games(db=db)}
    assert titles == {copy: nl("{name} (custom)").format(name=nl("Danish")), preset: nl("Flemish")}
    assert titles[copy] != "Danish (custom)"
    assert "rules_name" not in storage.export_game(db=db, game_id=copy)
    db.close()
