"""Named app settings (language, theme, ...) and the players' own rule sets."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy import delete
from sqlmodel import col, select

from canasta_score.core import PRESETS, RuleSet, apply_overrides, rule_overrides
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


def save_custom_rules(*, db: Database, rule_sets: Sequence[RuleSet]) -> None:
    """Keep exactly these rule sets, in this order (the ones not named are removed)."""
    with writing(db) as session:
        db.backend.lock_table(session.connection(), "custom_rules")  # the whole list at once
        session.execute(delete(CustomRulesRow))
        for position, rules in enumerate(rule_sets):
            session.add(
                CustomRulesRow(
                    id=rules.id,
                    position=position,
                    name=rules.name,
                    base=rules.base,
                    overrides=json.dumps(rule_overrides(rules), ensure_ascii=False),
                )
            )


def _rule_set(base_id: str, overrides: str, *, id: str, name: str) -> RuleSet | None:
    base = PRESETS.get(base_id)
    if base is None:
        return None
    try:
        values = json.loads(overrides or "{}")
    except ValueError:
        return None
    rules, problems = apply_overrides(base, values if isinstance(values, dict) else {})
    return None if problems else replace(rules, id=id, name=name)
