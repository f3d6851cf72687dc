"""The app's one door to the database: the storage functions the screens use, and nothing else."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from canasta_score.core import PRESETS, Game, RuleSet, SideEntry, apply_overrides, rule_overrides
from canasta_score.storage import repository
from canasta_score.storage.repository import GameNotFound, StaleGame

__all__ = ["GameNotFound", "GameStore", "StaleGame"]


class GameStore:
    """An open database and the verbs the screens need from it."""

    def __init__(self, path: str | None = None) -> None:
        self.db = repository.open_database(path)
        #: A message for the player about the database (e.g. it was restored from a backup).
        self.notice = self.db.notice

    # --- games --------------------------------------------------------------------------

    def create_game(self, game: Game) -> Any:
        return repository.create_game(db=self.db, game=game)

    def load_game(self, game_id: int) -> Any:
        return repository.load_game(db=self.db, game_id=game_id)

    def list_games(self, limit: int = 50) -> list[Any]:
        return list(repository.list_games(db=self.db, limit=limit))

    def unfinished_game(self) -> Any:
        return repository.unfinished_game(db=self.db)

    def delete_game(self, game_id: int) -> None:
        repository.delete_game(db=self.db, game_id=game_id)

    def restore_game(self, game_id: int) -> None:
        repository.restore_game(db=self.db, game_id=game_id)

    def restore_backup(self, path: Path) -> list[int]:
        """The games of a backup file added back; raises ImportRefused if it cannot be read."""
        return list(repository.restore_backup(db=self.db, path=path))

    def known_players(self) -> list[str]:
        return list(repository.known_players(db=self.db))

    # --- rounds (each raises RoundRefused or StaleGame) ----------------------------------

    def add_round(self, game_id: int, entries: Sequence[SideEntry], version: int) -> Any:
        return repository.add_round(
            db=self.db, game_id=game_id, entries=list(entries), expected_version=version
        )

    def replace_round(
        self, game_id: int, round_number: int, entries: Sequence[SideEntry], version: int
    ) -> Any:
        return repository.replace_round(
            db=self.db,
            game_id=game_id,
            round_number=round_number,
            entries=list(entries),
            expected_version=version,
        )

    def delete_round(self, game_id: int, round_number: int, version: int) -> Any:
        return repository.delete_round(
            db=self.db, game_id=game_id, round_number=round_number, expected_version=version
        )

    def undo_last_round(self, game_id: int, version: int) -> Any:
        return repository.undo_last_round(db=self.db, game_id=game_id, expected_version=version)

    # --- the half-typed round -------------------------------------------------------------

    def save_draft(self, game_id: int, draft: dict[str, Any] | None) -> None:
        repository.save_draft(db=self.db, game_id=game_id, draft=draft)

    def load_draft(self, game_id: int) -> dict[str, Any] | None:
        return repository.load_draft(db=self.db, game_id=game_id)

    # --- settings -------------------------------------------------------------------------

    def setting(self, key: str, default: str) -> str:
        value = repository.get_setting(db=self.db, key=key, default=default)
        return default if value is None else value

    def set_setting(self, key: str, value: str) -> None:
        repository.set_setting(db=self.db, key=key, value=value)

    def custom_rules(self) -> list[RuleSet]:
        return custom_rules_from_text(self.setting("custom_rules", "[]"))

    def save_custom_rules(self, rule_sets: Sequence[RuleSet]) -> None:
        self.set_setting("custom_rules", custom_rules_text(rule_sets))


def custom_rules_text(rule_sets: Sequence[RuleSet]) -> str:
    return json.dumps(
        [
            {"id": r.id, "name": r.name, "base": r.base, "overrides": rule_overrides(r)}
            for r in rule_sets
        ]
    )


def custom_rules_from_text(text: str) -> list[RuleSet]:
    """Custom rule sets as kept in the settings; one that cannot be read is left out."""
    try:
        stored = json.loads(text)
    except ValueError:
        return []
    found = []
    for item in stored if isinstance(stored, list) else []:
        base = PRESETS.get(str(item.get("base"))) if isinstance(item, dict) else None
        if base is None:
            continue
        rules, problems = apply_overrides(base, dict(item.get("overrides") or {}))
        if not problems:
            found.append(replace(rules, id=str(item["id"]), name=str(item["name"])))
    return found
