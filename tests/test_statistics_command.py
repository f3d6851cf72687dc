"""`python -m canasta_score stats`: figures over a constructed history with known answers,
as JSON and as a table; bad options and dates refused in one line."""

import json
import shutil
import sqlite3
import subprocess
import sys

import pytest
from storage_support.builders import quiet_round, run_cli, two_sides, winning_round

from canasta_score import storage
from canasta_score.core import DANISH
from canasta_score.statistics import NameChange


@pytest.fixture(scope="module")
def db_path(tmp_path_factory):
    """Three games: Anna & Ben beat Cleo & Dan (classic, 2026-01-10); the same four in play
    (classic, 2026-02-01, "anna" in lower case); Cleo & Dan beat Anna & Eve (danish,
    2026-03-05). Then Eve is merged into "Eva"."""
    path = tmp_path_factory.mktemp("stats") / "games.db"
    db = storage.open_database(path)
    first = storage.create_game(db=db, game=two_sides())
    storage.add_round(db=db, game_id=first.id, entries=winning_round(), expected_version=1)
    second = storage.create_game(db=db, game=two_sides(names=("anna", "Ben", "Cleo", "Dan")))
    storage.add_round(db=db, game_id=second.id, entries=quiet_round(), expected_version=1)
    third = storage.create_game(
        db=db, game=two_sides(rules=DANISH, names=("Cleo", "Dan", "Anna", "Eve"))
    )
    storage.add_round(db=db, game_id=third.id, entries=winning_round(), expected_version=1)
    with db.engine.begin() as connection:
        for game_id, day in (
            (first.id, "2026-01-10"),
            (second.id, "2026-02-01"),
            (third.id, "2026-03-05"),
        ):
            connection.exec_driver_sql(
                f"UPDATE game SET created_at = '{day} 20:00:00.000000' WHERE id = {game_id}"
            )
    storage.add_name_change(db=db, change=NameChange("Eve", "Eva"))
    db.close()
    return path


def stats(db_path, *options):
    result = run_cli("stats", "--db", db_path, "--json", *options)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_json_holds_every_player_and_partnership_with_known_figures(db_path):
    figures = stats(db_path)
    assert list(figures) == ["players", "partnerships"]
    players = {p["name"]: p for p in figures["players"]}
    assert set(players) == {"Anna", "Ben", "Cleo", "Dan", "Eva"}
    anna = players["Anna"]
    assert (anna["games"], anna["wins"], anna["in_play"], anna["win_rate"]) == (2, 1, 1, 0.5)
    assert (players["Cleo"]["games"], players["Cleo"]["wins"]) == (2, 1)
    assert players["Eva"] | {"canastas": None} == players["Eva"] | {
        "games": 1,
        "wins": 0,
        "win_rate": 0.0,
        "in_play": 0,
        "average_score": -50.0,
        "canastas": None,
    }
    assert players["Ben"]["best_round"] == 6900 and players["Ben"]["went_out"] == 1
    assert players["Ben"]["canastas"]["natural"] == 10 and players["Ben"]["red_threes"] == 4
    partnerships = {tuple(p["players"]): p for p in figures["partnerships"]}
    assert (partnerships["Cleo", "Dan"]["games"], partnerships["Cleo", "Dan"]["wins"]) == (2, 1)
    assert partnerships["Anna", "Ben"]["in_play"] == 1
    assert partnerships["Anna", "Eva"]["wins"] == 0
    assert all(
        set(p) >= {"games", "wins", "win_rate", "in_play", "average_score", "best_round"}
        for p in figures["players"] + figures["partnerships"]
    )


def test_the_rules_and_since_options_choose_the_games(db_path):
    danish = {
        p["name"]: (p["games"], p["wins"]) for p in stats(db_path, "--rules", "danish")["players"]
    }
    assert danish == {"Cleo": (1, 1), "Dan": (1, 1), "Anna": (1, 0), "Eva": (1, 0)}
    since = {
        p["name"]: (p["games"], p["in_play"])
        for p in stats(db_path, "--since", "2026-02-01")["players"]
    }
    assert since["Anna"] == (1, 1) and since["Ben"] == (0, 1)


def test_without_json_a_readable_table(db_path):
    result = run_cli("stats", "--db", db_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Players" and lines[1].split()[:3] == ["Player", "Games", "Wins"]
    anna = next(line for line in lines if line.startswith("Anna "))
    assert anna.split()[1:5] == ["2", "1", "50%", "1"]
    assert "Partnerships" in lines and any(line.startswith("Cleo & Dan ") for line in lines)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--since", "2026-02-30"], "'2026-02-30' is not a date; write it as YYYY-MM-DD"),
        (["--since", "yesterday"], "'yesterday' is not a date"),
        (["--rules", "rummy"], "argument --rules: invalid choice: 'rummy'"),
        (["--colour", "red"], "unrecognized arguments: --colour red"),
        (["--since"], "argument --since: expected one argument"),
    ],
)
def test_bad_options_and_dates_are_refused_in_one_line(db_path, options, said):
    result = run_cli("stats", "--db", db_path, *options)
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert said in line and line.startswith("python -m canasta_score")


def test_an_empty_database_has_no_figures_yet(tmp_path):
    assert stats(tmp_path / "new.db") == {"players": [], "partnerships": []}


def loaded_by_stats(db_path) -> list[str]:
    """The top-level packages of flet, SQLAlchemy and SQLModel a run of `stats` imports."""
    probe = (
        "import sys, runpy\n"
        f"sys.argv = ['canasta_score', 'stats', '--db', {str(db_path)!r}]\n"
        "try:\n    runpy.run_module('canasta_score', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "heavy = {m.split('.')[0] for m in sys.modules} & {'flet', 'sqlalchemy', 'sqlmodel'}\n"
        "import json\nprint('HEAVY', json.dumps(sorted(heavy)), file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    return json.loads(result.stderr.split("HEAVY ")[1])


def test_a_database_as_this_version_writes_it_is_only_read_without_sqlalchemy(db_path):
    assert loaded_by_stats(db_path) == []


def test_a_new_database_is_created_the_usual_way_and_flet_is_never_loaded(tmp_path):
    assert loaded_by_stats(tmp_path / "new.db") == ["sqlalchemy", "sqlmodel"]
    assert (tmp_path / "new.db").exists()


def test_summaries_not_yet_derived_are_derived_on_the_way_and_the_figures_are_the_same(
    db_path, tmp_path
):
    copy = tmp_path / "copy.db"
    shutil.copy(db_path, copy)
    with sqlite3.connect(copy) as connection:
        connection.execute("UPDATE game SET stats = '' WHERE id = 1")
    assert loaded_by_stats(copy) == ["sqlalchemy", "sqlmodel"]
    assert stats(copy) == stats(db_path)
    assert loaded_by_stats(copy) == [], "derived and kept by the first run"
