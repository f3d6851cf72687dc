"""Bad input on purpose, through the command line as a player would type it.

Every refusal is exit 2 with one clear line per problem on standard error, never a traceback,
and nothing written.
"""

import json
import os
import subprocess
import sys

import pytest
from storage_support.builders import game_file, run_cli

from canasta_score import storage

run = run_cli


def refused(result, *expected):
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == len(expected), lines
    for line, part in zip(lines, expected, strict=True):
        assert part in line, line
    return lines


def stored_games(db_path):
    db = storage.open_database(db_path)
    try:
        return storage.list_games(db=db, limit=100)
    finally:
        db.close()


# --- documents that are not game files -----------------------------------------------------


@pytest.mark.parametrize("command", ["score", "import"])
def test_json_nested_too_deeply_is_refused_in_one_line(tmp_path, command):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    extra = ["--db", tmp_path / "games.db"] if command == "import" else []
    refused(run(command, path, *extra), "nested too deeply")


@pytest.mark.parametrize("command", ["score", "import"])
def test_a_number_of_thousands_of_digits_is_refused_in_one_line(tmp_path, command):
    path = tmp_path / "digits.json"
    document = json.dumps(game_file())
    path.write_text(document[:-1] + ', "penalty": ' + "5" * 5000 + "}", encoding="utf-8")
    extra = ["--db", tmp_path / "games.db"] if command == "import" else []
    refused(run(command, path, *extra), "digits")


# --- numbers too large for any game ------------------------------------------------------------


def test_a_huge_penalty_is_refused_and_nothing_imported(tmp_path):
    document = game_file(rounds=1)
    document["rounds"][0][0]["penalty"] = 10**30
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    db_path = tmp_path / "games.db"
    refused(run("import", path, "--db", db_path), "the penalty must be at most 1,000,000")
    assert stored_games(db_path) == []


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"card_values": {"jokers": 10**30}}, "card_values"),
        ({"canasta_bonuses": {"natural": 10**20}}, "canasta_bonuses"),
        ({"red_threes": [0, 10**19]}, "red_threes"),
    ],
)
def test_rule_values_larger_than_any_game_are_refused(tmp_path, overrides, field):
    document = game_file(rounds=1)
    document["rule_overrides"] = overrides
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    db_path = tmp_path / "games.db"
    refused(run("score", path), f"rule_overrides.{field} must be")
    refused(run("import", path, "--db", db_path), f"rule_overrides.{field} must be")
    assert stored_games(db_path) == []


def test_a_target_never_reached_is_still_a_game_that_can_be_stored(tmp_path):
    document = game_file(rounds=1)
    document["rule_overrides"] = {"target": 10**30}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    db_path = tmp_path / "games.db"
    assert run("import", path, "--db", db_path).stdout == "1\n"
    exported = json.loads(run("export", 1, "--db", db_path).stdout)
    assert exported["rule_overrides"]["target"] == 10**30


def test_true_and_false_are_not_a_seat_for_the_first_dealer(tmp_path):
    document = game_file(rounds=1)
    document["first_dealer"] = {"side": True, "player": False}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    refused(run("score", path), "first_dealer must be")


# --- database paths that cannot be a database ----------------------------------------------


def test_a_folder_given_as_the_database_is_refused_and_left_where_it_is(tmp_path):
    folder = tmp_path / "Documents"
    folder.mkdir()
    (folder / "letter.txt").write_text("keep me", encoding="utf-8")
    refused(run("games", "--db", folder), "is a folder, not a database file")
    assert (folder / "letter.txt").read_text(encoding="utf-8") == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Documents"]


def test_the_environment_naming_a_folder_is_refused_too(tmp_path):
    env = {**os.environ, "CANASTA_SCORE_DB": str(tmp_path)}
    refused(run("games", env=env), "is a folder, not a database file")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not os.path.exists("/proc/self"), reason="needs Linux's /proc")
@pytest.mark.parametrize("where", ["/proc/canasta.db", "/proc/no-such-folder/canasta.db"])
def test_a_database_where_nothing_can_be_written_is_refused_in_one_line(tmp_path, where):
    game = tmp_path / "game.json"
    game.write_text(json.dumps(game_file()), encoding="utf-8")
    refused(run("games", "--db", where), "The game database")
    refused(run("import", game, "--db", where), "The game database")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_as_the_database_is_refused_without_waiting_on_it(tmp_path):
    pipe = tmp_path / "games.db"
    os.mkfifo(pipe)
    refused(run("games", "--db", pipe), "is not a file")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.db"]


def test_a_file_in_the_place_of_the_databases_folder_is_refused(tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    refused(run("games", "--db", tmp_path / "file" / "games.db"), "its folder cannot be made")


# --- game ids and encodings --------------------------------------------------------------------


@pytest.mark.parametrize("command", ["export", "csv"])
@pytest.mark.parametrize("game_id", [10**23, -(10**23), 2**63])
def test_a_game_id_beyond_sqlite_is_simply_not_found(tmp_path, command, game_id):
    refused(run(command, game_id, "--db", tmp_path / "games.db"), "cannot be found")


def test_a_game_file_saved_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(game_file()).encode("utf-8"))
    scored = run("score", path)
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["totals"] == [180, -370]
    from_stdin = run("score", "-", stdin=path.read_text(encoding="utf-8"))
    assert from_stdin.returncode == 0, from_stdin.stderr
    imported = run("import", path, "--db", tmp_path / "games.db")
    assert imported.returncode == 0 and imported.stdout == "1\n", imported.stderr


# --- where -o writes ---------------------------------------------------------------------------


@pytest.fixture
def one_game(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_file()), encoding="utf-8")
    db_path = tmp_path / "games.db"
    assert run("import", path, "--db", db_path).returncode == 0
    return db_path


@pytest.mark.skipif(not os.path.exists("/proc/self/fd"), reason="needs Linux's /proc")
def test_output_to_a_link_to_standard_output_writes_through_it(tmp_path, one_game):
    """`-o /dev/stdout` replaced the link (as root: /dev/stdout itself) with a file."""
    link = tmp_path / "stdout"
    link.symlink_to("/proc/self/fd/1")
    for command in (["export", 1], ["csv", 1], ["export", "--all"]):
        result = run(*command, "--db", one_game, "-o", link)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip(), command
        assert link.is_symlink()


def test_output_through_a_link_to_a_file_updates_the_file_and_keeps_the_link(tmp_path, one_game):
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "latest.json"
    link.symlink_to(real)
    assert run("export", 1, "--db", one_game, "-o", link).returncode == 0
    assert link.is_symlink()
    assert json.loads(real.read_text(encoding="utf-8"))["format"] == "canasta-score/1"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_output_to_a_named_pipe_goes_into_the_pipe(tmp_path, one_game):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = subprocess.Popen(["cat", str(pipe)], stdout=subprocess.PIPE, text=True)
    result = run("csv", 1, "--db", one_game, "-o", pipe)
    said, _ = reader.communicate(timeout=30)
    assert result.returncode == 0, result.stderr
    assert said.startswith("round,")
    assert not pipe.is_file()


@pytest.mark.parametrize("command", ["score", "import"])
def test_bytes_that_are_not_utf8_on_standard_input_are_named_as_such(tmp_path, command):
    extra = ["--db", tmp_path / "games.db"] if command == "import" else []
    result = subprocess.run(
        [sys.executable, "-m", "canasta_score", command, "-", *map(str, extra)],
        input=b"\xff\xfe{}",
        capture_output=True,
        env={**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0"},
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.decode().splitlines() == [
        "cannot read -: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"
    ]
