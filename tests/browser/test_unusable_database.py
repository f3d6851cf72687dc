"""A database the app cannot use is explained on screen, never an error screen or a changed file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import AppServer, Screen

pytestmark = pytest.mark.browser


def test_a_folder_given_as_the_database_is_explained_and_left_alone(
    tmp_path: Path, open_screen: Any
) -> None:
    folder = tmp_path / "Documents"
    folder.mkdir()
    (folder / "letter.txt").write_text("keep me")
    server = AppServer(folder).start()
    try:
        screen: Screen = open_screen(server)
        screen.open("/", ready="database-problem")
        screen.shot("unusable-database")
        said = screen.text("database-problem")
        assert "is a folder, not a database file" in said
        assert "Nothing was changed" in said
        assert not screen.has("new-game")
    finally:
        server.stop()
    assert sorted(p.name for p in folder.iterdir()) == ["letter.txt"]
    assert "Traceback" not in server.errors(), server.errors()
