"""Storage under bad conditions found by QA: locked, read-only or odd database files."""

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from storage_support.builders import quiet_round, two_sides

from canasta_score import storage
from canasta_score.core import RoundRefused, SideEntry


def fingerprint(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def a_database_with_a_game(path):
    db = storage.open_database(path)
    stored = storage.create_game(db=db, game=two_sides())
    storage.add_round(db=db, game_id=stored.id, entries=quiet_round(), expected_version=1)
    db.close()
    return stored.id


def test_a_sound_database_locked_by_another_program_is_not_moved_aside(tmp_path):
    path = tmp_path / "games.db"
    a_database_with_a_game(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("PRAGMA locking_mode = EXCLUSIVE")
        other.execute("BEGIN EXCLUSIVE")
        other.execute("UPDATE game SET version = version")
        other.execute("COMMIT")  # the exclusive lock stays until the connection closes
        with pytest.raises(storage.StorageError, match="database is locked"):
            storage.open_database(path)
    finally:
        other.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games-backups", "games.db"]
    db = storage.open_database(path)
    try:
        assert db.notice is None
        assert [s.rounds for s in storage.list_games(db=db)] == [1]
    finally:
        db.close()


def test_a_folder_named_as_the_database_is_refused_not_moved(tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    (folder / "a.jpg").write_bytes(b"\xff\xd8")
    with pytest.raises(storage.StorageError, match="is a folder"):
        storage.open_database(folder)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["photos"]
    assert (folder / "a.jpg").read_bytes() == b"\xff\xd8"


def test_a_penalty_beyond_any_game_saves_nothing(tmp_path):
    db = storage.open_database(tmp_path / "games.db")
    try:
        stored = storage.create_game(db=db, game=two_sides())
        entries = [SideEntry(melded=90, penalty=10**30), SideEntry(hand=90)]
        with pytest.raises(RoundRefused, match="penalty must be at most"):
            storage.add_round(db=db, game_id=stored.id, entries=entries, expected_version=1)
        again = storage.load_game(db=db, game_id=stored.id)
        assert again.game.rounds == () and again.version == 1
    finally:
        db.close()


def test_import_of_numbers_beyond_sqlite_is_refused_whole(tmp_path):
    from storage_support.builders import game_file

    good = game_file(rounds=1)
    bad = game_file(rounds=1)
    bad["rule_overrides"] = {"card_values": {"jokers": 10**30}}
    bad["rounds"][0][0]["melded"] = {"jokers": 1}
    db = storage.open_database(tmp_path / "games.db")
    try:
        document = {"format": storage.BACKUP_FORMAT, "games": [good, bad, good]}
        with pytest.raises(storage.ImportRefused) as refused:
            storage.import_document(db=db, document=document)
        assert [p for p in refused.value.problems if p.startswith("game 2: ")]
        assert storage.list_games(db=db) == []
    finally:
        db.close()


READ_ONLY_CHILD = textwrap.dedent(
    """
    import sys
    from canasta_score import storage
    try:
        storage.open_database(sys.argv[1])
    except storage.StorageError as error:
        print("refused:", error)
    else:
        print("opened")
    """
)


@pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None,
    reason="a read-only mount needs root and unshare",
)
def test_a_sound_database_on_a_read_only_disk_is_refused_not_moved(tmp_path):
    folder = tmp_path / "card"
    folder.mkdir()
    path = folder / "games.db"
    a_database_with_a_game(path)
    before = fingerprint(path)
    script = tmp_path / "child.py"
    script.write_text(READ_ONLY_CHILD, encoding="utf-8")
    shell = (
        f"mount --bind {folder} {folder} && mount -o remount,ro,bind {folder} && "
        f"{sys.executable} {script} {path}"
    )
    result = subprocess.run(
        ["unshare", "-m", "sh", "-c", shell], capture_output=True, text=True, timeout=60
    )
    if "mount" in result.stderr and result.returncode and not result.stdout:
        pytest.skip(f"no read-only mount here: {result.stderr.strip()}")
    assert "Traceback" not in result.stderr, result.stderr
    assert result.stdout.startswith("refused: The game database"), result.stdout
    assert "moved" not in result.stdout
    assert sorted(p.name for p in folder.iterdir()) == ["games-backups", "games.db"]
    assert fingerprint(path) == before


@pytest.mark.parametrize("game_id", [2**63, -(2**63) - 1, 10**30])
def test_a_game_id_beyond_sqlite_names_no_game(tmp_path, game_id):
    db = storage.open_database(tmp_path / "games.db")
    try:
        with pytest.raises(storage.GameNotFound):
            storage.load_game(db=db, game_id=game_id)
        with pytest.raises(storage.GameNotFound):
            storage.export_game(db=db, game_id=game_id)
        with pytest.raises(storage.GameNotFound):
            storage.add_round(db=db, game_id=game_id, entries=quiet_round(), expected_version=1)
        assert storage.load_draft(db=db, game_id=game_id) is None
    finally:
        db.close()


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "canasta-score-backup/1", "games": ' + "9" * 5000 + "}", "digits"),
        (b"\xff\xfe not text", "cannot be read"),
    ],
)
def test_restoring_a_damaged_backup_file_is_refused_whole(tmp_path, content, said):
    backup = tmp_path / "backup.json"
    if isinstance(content, bytes):
        backup.write_bytes(content)
    else:
        backup.write_text(content, encoding="utf-8")
    db = storage.open_database(tmp_path / "games.db")
    try:
        with pytest.raises(storage.ImportRefused, match=said):
            storage.restore_backup(db=db, path=backup)
        assert storage.list_games(db=db) == []
    finally:
        db.close()
