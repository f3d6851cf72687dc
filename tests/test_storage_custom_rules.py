"""Custom rule sets kept by storage: in their own table, in order, and moved there from the
setting earlier versions kept them in."""

import json
import sqlite3
from dataclasses import replace

from storage_support.builders import database_at

from canasta_score import storage
from canasta_score.core import PRESETS, apply_overrides


def house_rules(number=1, **overrides):
    rules, problems = apply_overrides(PRESETS["finnish"], overrides or {"going_out": 150})
    assert not problems
    return replace(rules, id=f"custom-{number}", name=f"House rules {number}")


def test_custom_rule_sets_come_back_as_saved_in_their_order(tmp_path):
    db = storage.open_database(tmp_path / "games.db")
    saved = [house_rules(2, target=3000), house_rules(1)]
    storage.save_custom_rules(db=db, rule_sets=saved)
    assert storage.custom_rules(db=db) == saved
    storage.save_custom_rules(db=db, rule_sets=saved[1:])
    assert storage.custom_rules(db=db) == saved[1:], "one left out is removed"
    db.close()


def test_a_custom_rule_set_the_core_cannot_read_is_left_out(tmp_path):
    db = storage.open_database(tmp_path / "games.db")
    storage.save_custom_rules(db=db, rule_sets=[house_rules(1), house_rules(2)])
    with db.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE custom_rules SET base = 'rummy' WHERE id = 'custom-1'")
    assert [r.id for r in storage.custom_rules(db=db)] == ["custom-2"]
    db.close()


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
    db.close()
