"""Named app settings (language, theme, ...) and the players' own rule sets."""

from __future__ import annotations

import json
import secrets
from dataclasses import replace

from sqlalchemy import func
from sqlmodel import col, select

from canasta_score.core import ALL_PRESETS, RuleSet, apply_overrides, rule_overrides
from canasta_score.storage.database import Database, reading, writing
from canasta_score.storage.tables import CustomRulesRow, SettingRow


def get_setting(*, db: Database, key: str, default: str | None = None) -> str | None:
    """A setting's value, or `default` when it was never set."""
    with reading(db) as session:
        stored = session.get(SettingRow, key)
        return default if stored is None else stored.value


def set_setting(*, db: Database, key: str, value: str) -> None:
    with writing(db) as session:
        db.backend.lock_table(session.connection(), "setting")  # a key added once
        stored = session.get(SettingRow, key)
        if stored is None:
            session.add(SettingRow(key=key, value=value))
        else:
            stored.value = value
            session.add(stored)


def custom_rules(*, db: Database) -> list[RuleSet]:
    """The rule sets players made, in the order they keep them; one that cannot be read (its
    preset gone, a value a newer core refuses) is left out."""
    with reading(db) as session:
        rows = session.exec(select(CustomRulesRow).order_by(col(CustomRulesRow.position))).all()
    found = []
    for row in rows:
        rules = _rule_set(row.base, row.overrides, id=row.id, name=row.name)
        if rules is not None:
            found.append(rules)
    return found


def add_custom_rules(*, db: Database, rules: RuleSet) -> RuleSet:
    """Keep a new rule set after the others, under an id of its own (whatever `rules.id`
    says); the rule set as kept, with that id.

    The id is drawn at random, not counted from the ones a screen has seen: two phones
    adding a rule set at once each keep theirs (an earlier version's "custom-1" stays valid).
    """
    with writing(db) as session:
        db.backend.lock_table(session.connection(), "custom_rules")  # one last position
        rules_id = _new_rules_id()
        while session.get(CustomRulesRow, rules_id) is not None:
            rules_id = _new_rules_id()
        last = session.exec(select(func.max(CustomRulesRow.position))).one()
        rules = replace(rules, id=rules_id)
        session.add(
            CustomRulesRow(
                id=rules_id,
                position=0 if last is None else last + 1,
                name=rules.name,
                base=rules.base,
                overrides=_overrides_text(rules),
            )
        )
    return rules


def update_custom_rules(*, db: Database, rules: RuleSet) -> bool:
    """Keep a rule set's new name and values under its id, in its place; False when it is
    no longer kept (deleted on another phone), and nothing is written."""
    with writing(db) as session:
        stored = session.get(CustomRulesRow, rules.id)
        if stored is None:
            return False
        stored.name = rules.name
        stored.base = rules.base
        stored.overrides = _overrides_text(rules)
        session.add(stored)
    return True


def delete_custom_rules(*, db: Database, rules_id: str) -> bool:
    """Remove one rule set (the others stay as they are); False when it was not kept.
    Games played by it keep their rules: a game stores its own copy."""
    with writing(db) as session:
        stored = session.get(CustomRulesRow, rules_id)
        if stored is None:
            return False
        session.delete(stored)
    return True


def _new_rules_id() -> str:
    return f"custom-{secrets.token_hex(6)}"


def _overrides_text(rules: RuleSet) -> str:
    return json.dumps(rule_overrides(rules), ensure_ascii=False)


def _rule_set(base_id: str, overrides: str, *, id: str, name: str) -> RuleSet | None:
    base = ALL_PRESETS.get(base_id)
    if base is None:
        return None
    try:
        values = json.loads(overrides or "{}")
    except ValueError:
        return None
    rules, problems = apply_overrides(base, values if isinstance(values, dict) else {})
    return None if problems else replace(rules, id=id, name=name)
