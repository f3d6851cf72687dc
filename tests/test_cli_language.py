"""The command line speaks the user's language (LANGUAGE / LC_ALL / LANG), its output unchanged."""

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from storage_support.builders import game_file, quiet_round, run_cli, two_sides

from canasta_score import storage
from canasta_score.core import ALL_PRESETS, Problem, ProblemCode, read_game
from canasta_score.i18n import translator


def in_locale(*args, stdin=None, **variables):
    """The command with exactly these locale variables (none of the machine's own)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    return run_cli(
        *args, stdin=stdin, env={**env, **variables}, language=variables.get("LANGUAGE", "")
    )


def bad_game_text():
    document = game_file()
    document["rounds"][1][0]["melded"] = 92
    return json.dumps(document)


def test_a_problem_is_said_in_the_language_of_the_locale_with_the_same_exit_code():
    english = in_locale("score", "-", stdin=bad_game_text(), LANG="C.UTF-8")
    german = in_locale("score", "-", stdin=bad_game_text(), LANG="de_DE.UTF-8")
    finnish = in_locale("score", "-", stdin=bad_game_text(), LC_ALL="fi_FI.UTF-8", LANG="de_DE")
    _game, (problem,) = read_game(json.loads(bad_game_text()))
    assert english.returncode == german.returncode == finnish.returncode == 2
    assert english.stderr.strip() == str(problem)
    # Sides of two players: Finnish names each a pair (pari).
    assert german.stderr.strip() == translator("de").problem(problem, players=2)
    assert finnish.stderr.strip() == translator("fi").problem(problem, players=2)
    assert "pari ”We”" in finnish.stderr
    assert german.stderr != english.stderr != finnish.stderr


@pytest.mark.parametrize(
    "variables",
    [
        {"LANG": "C"},
        {"LANG": "POSIX"},
        {"LANGUAGE": "de", "LC_ALL": "C"},
        {"LANG": "en_GB.UTF-8"},
        {},
    ],
)
def test_c_posix_and_english_stay_english(variables):
    result = in_locale("rules", "nope", **variables)
    assert result.returncode == 2
    assert result.stderr == 'unknown rules "nope"; the presets are ' + ", ".join(ALL_PRESETS) + "\n"


def test_language_comes_before_the_locale_as_for_gettext():
    result = in_locale("rules", "nope", LANGUAGE="sv:nb", LANG="de_DE.UTF-8")
    params = {"got": '"nope"', "presets": ", ".join(ALL_PRESETS)}
    wanted = translator("nb").problem(Problem(ProblemCode.RULES_UNKNOWN, params=params))
    assert (
        result.stderr.strip()
        == wanted
        != translator("en").problem(Problem(ProblemCode.RULES_UNKNOWN, params=params))
    )


def test_the_json_output_is_the_same_in_every_language():
    text = json.dumps(game_file())
    english = in_locale("score", "-", stdin=text, LANG="C")
    for lang in ("de_DE.UTF-8", "fi_FI.UTF-8", "nn_NO.UTF-8"):
        other = in_locale("score", "-", stdin=text, LANG=lang)
        assert other.returncode == 0 and other.stdout == english.stdout
    assert (
        in_locale("rules", "danish", LANG="da_DK.UTF-8").stdout
        == in_locale("rules", "danish", LANG="C").stdout
    )


def test_the_csv_headers_and_the_game_list_follow_the_language(tmp_path):
    path = tmp_path / "games.db"
    db = storage.open_database(path)
    stored = storage.create_game(db=db, game=two_sides())
    storage.add_round(db=db, game_id=stored.id, entries=quiet_round(120), expected_version=1)
    db.close()
    german = translator("de")
    result = in_locale("csv", stored.id, "--db", path, LANG="de_DE.UTF-8")
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == [
        german._("round"),
        german._("{side} score").format(side="We"),
        german._("{side} total").format(side="We"),
        german._("{side} score").format(side="They"),
        german._("{side} total").format(side="They"),
    ]
    assert rows[0][0] != "round", "the German catalog words the CSV header"
    assert rows[1] == ["1", "120", "120", "-120", "-120"], (
        "the numbers stay plain for a spreadsheet"
    )
    listing = in_locale("games", "--db", path, LANG="de_DE.UTF-8").stdout
    assert german.ngettext("{n} round", "{n} rounds", 1).format(n=1) in listing
    assert german._("in play") in listing


# --- what storage says, and the help, in the user's language ---------------------------------


def test_a_folder_named_as_the_database_is_refused_in_german_with_the_same_exit_code(tmp_path):
    english = in_locale("games", "--db", tmp_path, LANG="C.UTF-8")
    german = in_locale("games", "--db", tmp_path, LANG="de_DE.UTF-8")
    notice = storage.Notice(
        storage.NoticeCode.DATABASE_IS_FOLDER,
        {"path": str(tmp_path), "example": str(tmp_path / "canasta-score.db")},
    )
    assert english.returncode == german.returncode == 2
    assert english.stderr.strip() == str(notice)
    assert german.stderr.strip() == translator("de").said(notice)
    assert german.stderr.startswith(f"Die Spieldatenbank {tmp_path} ist ein Ordner")


def test_a_damaged_database_moved_aside_is_told_in_finnish(tmp_path):
    path = tmp_path / "games.db"
    path.write_text("not a database")
    result = in_locale("games", "--db", path, LANG="fi_FI.UTF-8")
    [aside] = tmp_path.glob("games.db.unreadable-*")
    assert result.returncode == 0
    assert result.stderr.strip() == (
        f"Pelitietokantaa {path} ei voitu avata: tiedosto ei ole SQLite-tietokanta. Se siirrettiin "
        f"syrjään nimellä {aside} (mitään ei poistettu), ja uusi, tyhjä tietokanta otettiin käyttöön."
    )


def test_an_import_refused_by_storage_is_said_in_the_users_language(tmp_path):
    bad = {**game_file(), "archived": "yes"}
    backup = {"format": storage.BACKUP_FORMAT, "games": [game_file(), bad]}
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup), encoding="utf-8")
    db = tmp_path / "games.db"
    english = in_locale("import", path, "--db", db, LANG="C")
    danish = in_locale("import", path, "--db", db, LANG="da_DK.UTF-8")
    assert english.returncode == danish.returncode == 2
    assert english.stderr == 'game 2: archived must be true or false, got "yes"\n'
    assert danish.stderr == 'spil 2: archived skal være true eller false, fik "yes"\n'
    unreadable = tmp_path / "old.json"
    unreadable.write_bytes(b'{"format": "' + storage.BACKUP_FORMAT.encode() + b'", "games": 3}')
    dutch = in_locale("import", unreadable, "--db", db, LANG="nl_BE.UTF-8")
    assert dutch.returncode == 2
    assert dutch.stderr == (
        "de spellen van een back-up moeten een lijst van spelbestanden zijn, gekregen: 3\n"
    )


def test_the_help_is_in_the_users_language_and_exits_as_before():
    german = translator("de")
    top_en = in_locale("--help", LANG="C")
    top_de = in_locale("--help", LANG="de_DE.UTF-8")
    assert top_en.returncode == top_de.returncode == 0
    for text in ("list stored games, newest first", "who wins: figures per player and partnership"):
        assert text in top_en.stdout
        assert german._(text) in " ".join(top_de.stdout.split()) and german._(text) != text
    rules_nb = in_locale("rules", "--help", LANG="nb_NO.UTF-8")
    wanted = (
        translator("nb")
        ._("one of {presets}; all if left out")
        .format(presets=", ".join(ALL_PRESETS))
    )
    assert rules_nb.returncode == 0 and wanted in " ".join(rules_nb.stdout.split())
    bad_day = in_locale("stats", "--since", "gestern", LANG="de_DE.UTF-8")
    assert bad_day.returncode == 2
    assert "'gestern' ist kein Datum; im Format YYYY-MM-DD angeben" in bad_day.stderr
    assert "(siehe python -m canasta_score stats --help)" in bad_day.stderr


def test_the_apps_own_help_is_in_the_users_language():
    main = Path(__file__).parent.parent / "main.py"
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    shown = subprocess.run(
        [sys.executable, main, "--help"],
        capture_output=True,
        text=True,
        env={**env, "LANG": "fi_FI.UTF-8"},
        timeout=60,
    )
    assert shown.returncode == 0
    said = " ".join(shown.stdout.split())
    assert (
        translator("fi")._("the app in the browser, even with a display (needs nothing more)")
        in said
    )
    assert "sovellus selaimessa" in said and "the app in the browser" not in said
    refused = subprocess.run(
        [sys.executable, main, "--port", "70000"],
        capture_output=True,
        text=True,
        env={**env, "LANG": "fi_FI.UTF-8"},
        timeout=60,
    )
    assert refused.returncode == 2
    assert "portti on luku 0–65535, saatiin '70000'" in refused.stderr


@pytest.mark.parametrize("command", ["export", "csv"])
def test_a_missing_game_is_said_in_the_users_language(tmp_path, command):
    db = tmp_path / "games.db"
    english = in_locale(command, "--db", db, 99, LANG="C.UTF-8")
    german = in_locale(command, "--db", db, 99, LANG="de_DE.UTF-8")
    assert english.returncode == german.returncode == 2
    assert english.stderr == "game 99 cannot be found: there is no such game\n"
    assert german.stderr == "Spiel 99 nicht gefunden: ein solches Spiel gibt es nicht\n"


def test_a_change_made_elsewhere_meanwhile_is_worded_in_the_language_too():
    stale = storage.StaleGame(1234, 5, 6)
    assert str(stale).startswith("game 1234 was changed somewhere else")
    assert translator("de").said(stale.notice).startswith("Spiel 1234 wurde woanders geändert")
    assert "Version 5, jetzt 6" in translator("de").said(stale.notice)


def test_numbers_in_a_refusal_of_the_command_line_are_written_the_languages_way():
    document = game_file()
    document["rule_overrides"] = {"going_out": 10**12}
    text = json.dumps(document)
    german = in_locale("score", "-", stdin=text, LANG="de_DE.UTF-8")
    english = in_locale("score", "-", stdin=text, LANG="C.UTF-8")
    assert german.returncode == english.returncode == 2
    assert "höchstens 1.000.000" in german.stderr
    assert "at most 1,000,000" in english.stderr


def test_a_refusal_names_a_side_of_one_player_a_player():
    """Two single players both went out: the Dutch says speler, for a side of two team."""
    document = game_file()
    document["rules"] = "two-player"
    document["sides"] = [
        {"name": "Anna", "players": ["Anna"]},
        {"name": "Cleo", "players": ["Cleo"]},
    ]
    document["rounds"][0] = [
        {"melded": 500, "canastas": {"natural": 2}, "went_out": "normal"},
        {"melded": 500, "canastas": {"natural": 2}, "went_out": "normal"},
    ]
    single = in_locale("score", "-", stdin=json.dumps(document), LANG="nl_NL.UTF-8")
    assert single.returncode == 2
    assert "in een ronde kan maar één speler uitgaan" in single.stderr, single.stderr
    document["sides"] = game_file()["sides"]
    pairs = in_locale("score", "-", stdin=json.dumps(document), LANG="nl_NL.UTF-8")
    assert "in een ronde kan maar één team uitgaan" in pairs.stderr, pairs.stderr
