"""The storage commands as players run them: `python -m canasta_score games/export/import/csv`."""

import csv
import io
import json
import os

import pytest
from storage_support.builders import game_file, quiet_round, run_cli, two_sides, winning_round

from canasta_score import storage

run = run_cli


@pytest.fixture
def db_path(tmp_path):
    path = tmp_path / "games.db"
    db = storage.open_database(path)
    first = storage.create_game(db=db, game=two_sides())
    storage.add_round(db=db, game_id=first.id, entries=winning_round(), expected_version=1)
    second = storage.create_game(db=db, game=two_sides(names=("Eva", "Finn", "Gus", "Hal")))
    storage.add_round(db=db, game_id=second.id, entries=quiet_round(120), expected_version=1)
    db.close()
    return path


def test_games_json_lists_the_stored_games_newest_first(db_path):
    result = run("games", "--db", db_path, "--json")
    assert result.returncode == 0, result.stderr
    listed = json.loads(result.stdout)
    assert [g["id"] for g in listed] == [2, 1]
    newest, oldest = listed
    assert newest["sides"] == [
        {"name": "We", "players": ["Eva", "Finn"]},
        {"name": "They", "players": ["Gus", "Hal"]},
    ]
    assert newest["totals"] == [120, -120] and newest["rules"] == "classic"
    assert not newest["finished"] and oldest["finished"] and oldest["winner"] == 0


def test_games_without_json_prints_a_line_per_game(db_path):
    result = run("games", "--db", db_path)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and "won by We" in lines[1] and "We 120" in lines[0]


def test_games_counts_one_round_in_the_singular_and_more_in_the_plural(db_path):
    db = storage.open_database(db_path)
    stored = storage.create_game(db=db, game=two_sides())
    storage.add_round(db=db, game_id=stored.id, entries=quiet_round(), expected_version=1)
    storage.add_round(db=db, game_id=stored.id, entries=quiet_round(), expected_version=2)
    storage.create_game(db=db, game=two_sides())
    db.close()
    lines = run("games", "--db", db_path).stdout.splitlines()
    assert [line.split(", ")[1] for line in lines] == ["0 rounds", "2 rounds", "1 round", "1 round"]


def test_the_database_can_be_named_by_the_environment(db_path):
    env = dict(os.environ, CANASTA_SCORE_DB=str(db_path))
    assert len(json.loads(run("games", "--json", env=env).stdout)) == 2


def test_export_of_one_game_is_a_game_file_the_score_command_reads(db_path, tmp_path):
    out = tmp_path / "game.json"
    result = run("export", "--db", db_path, 1, "-o", out)
    assert result.returncode == 0 and result.stdout == ""
    document = json.loads(out.read_text())
    assert document["format"] == "canasta-score/1"
    scored = run("score", out)
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["totals"] == [6900, -50]


def test_export_all_is_a_backup_document_on_standard_output(db_path):
    result = run("export", "--db", db_path, "--all")
    document = json.loads(result.stdout)
    assert list(document) == ["format", "games"] and document["format"] == storage.BACKUP_FORMAT
    assert len(document["games"]) == 2


def test_export_of_a_missing_game_says_so_in_one_line(db_path):
    result = run("export", "--db", db_path, 99)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "game 99 cannot be found: there is no such game\n"


def test_import_prints_each_new_id_and_export_import_export_is_identical(db_path, tmp_path):
    backup = run("export", "--db", db_path, "--all").stdout
    other = tmp_path / "other.db"
    imported = run("import", "-", "--db", other, stdin=backup)
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.splitlines() == ["1", "2"]
    assert run("export", "--db", other, "--all").stdout == backup


def test_a_bad_file_is_refused_with_one_line_per_problem_and_changes_nothing(db_path, tmp_path):
    bad = game_file(2)
    bad["rounds"][1][0]["melded"] = 92
    bad["sides"][1]["players"] = []
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    before = run("export", "--db", db_path, "--all").stdout
    result = run("import", path, "--db", db_path)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines == ['side "They": players must be a list of 1 to 3 names, got a list']
    assert "Traceback" not in result.stderr
    assert run("export", "--db", db_path, "--all").stdout == before


def test_a_file_that_is_not_json_is_refused_without_a_traceback(db_path, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("round 1: we 90, they -85")
    result = run("import", path, "--db", db_path)
    assert result.returncode == 2 and "is not valid JSON" in result.stderr
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr


def test_a_json_file_that_is_not_ours_is_refused_as_such_in_one_line(db_path, tmp_path):
    """It was refused field by field: "unknown rules null; the presets are ..."."""
    path = tmp_path / "notes.json"
    path.write_text('{"shopping": ["milk"]}')
    result = run("import", path, "--db", db_path)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"{path} is neither a game file nor a backup of Canasta Score"
    ]


def test_a_database_from_a_newer_version_is_refused_in_one_line(db_path):
    import sqlite3

    with sqlite3.connect(db_path) as newer:
        newer.execute("UPDATE alembic_version SET version_num = '0099'")
    result = run("games", "--db", db_path)
    assert result.returncode == 2 and "newer version" in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1


def test_csv_gives_the_score_sheet_round_by_round_with_totals(db_path, tmp_path):
    result = run("csv", 2, "--db", db_path)
    assert result.returncode == 0
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows == [
        ["round", "We score", "We total", "They score", "They total"],
        ["1", "120", "120", "-120", "-120"],
        ["total", "", "120", "", "-120"],
    ]
    out = tmp_path / "sheet.csv"
    assert run("csv", 2, "--db", db_path, "-o", out).returncode == 0
    assert out.read_text() == result.stdout


def test_a_backup_file_is_imported_game_by_game_with_the_same_result(db_path, tmp_path):
    backup = run("export", "--db", db_path, "--all").stdout
    path = tmp_path / "backup.json"
    path.write_bytes(b"\xef\xbb\xbf" + backup.encode("utf-8"))  # saved by a Windows editor
    assert storage.is_backup_file(path)
    other = tmp_path / "other.db"
    imported = run("import", path, "--db", other)
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.splitlines() == ["1", "2"]
    assert run("export", "--db", other, "--all").stdout == backup
    document = json.loads(backup)
    document["games"][1]["rounds"][0][0]["melded"] = 92
    path.write_text(json.dumps(document), encoding="utf-8")
    refused = run("import", path, "--db", other)
    assert refused.returncode == 2 and refused.stderr.startswith("game 2: round 1")
    assert run("export", "--db", other, "--all").stdout == backup


def test_games_lists_a_rule_set_by_the_name_players_gave_it(db_path, tmp_path):
    document = {**game_file(), "rule_overrides": {"going_out": 200}, "rules_name": "Mökki"}
    unnamed = {**game_file(), "rule_overrides": {"going_out": 200}}
    for number, game in enumerate((document, unnamed)):
        path = tmp_path / f"game{number}.json"
        path.write_text(json.dumps(game), encoding="utf-8")
        assert run("import", path, "--db", db_path).returncode == 0
    listed = json.loads(run("games", "--db", db_path, "--json").stdout)
    assert [g["rules_name"] for g in listed[:2]] == ["Classic (custom)", "Mökki"]
    german = {**os.environ, "LANG": "de_DE.UTF-8"}
    lines = run("games", "--db", db_path, env=german, language="de").stdout.splitlines()
    assert "Klassisch (angepasst)," in lines[0] and "Mökki," in lines[1]
    exported = json.loads(run("export", listed[1]["id"], "--db", db_path).stdout)
    assert exported["rules_name"] == "Mökki"


# --- --db at its edges ------------------------------------------------------------------

MALFORMED_URLS = [
    "postgresql://u:secret@host:abc/db",  # a port that is no number
    "postgresql+psycopg://u@[::1/db",  # an address not closed
    "sqlite://x:abc/games.db",
]


@pytest.mark.parametrize("url", MALFORMED_URLS)
@pytest.mark.parametrize("command", [["games"], ["export", "--all"], ["stats"]])
def test_a_malformed_database_url_is_refused_in_one_line(url, command, tmp_path):
    result = run(*command, "--db", url)
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr
    assert "cannot be used" in result.stderr and "secret" not in result.stderr
    assert not result.stdout
    assert list(tmp_path.iterdir()) == [], "no file made of it"


@pytest.mark.parametrize("name", ["my%20games.db", "a?b.db", "x#y.db", "c%3Fd.db"])
def test_a_database_path_is_the_file_it_names_whatever_its_characters(name, tmp_path):
    document = json.dumps(game_file())
    result = run("import", "-", "--db", name, stdin=document, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    made = {p.name for p in tmp_path.iterdir()}
    assert name in made, made
    assert all(made_name.startswith(name.removesuffix(".db")) for made_name in made), made
    listed = run("games", "--db", tmp_path / name, "--json")
    assert len(json.loads(listed.stdout)) == 1
