"""`python -m canasta_score score` and `rules`, run as a player would run them."""

import json
import os
import subprocess
import sys

import pytest
from examples import game_file

from canasta_score.core import ALL_PRESETS, rules_as_json

EXAMPLE = game_file(rule_overrides={"target": 5000})


def run(*args, stdin=None):
    """The command in English, whatever the machine's locale (tests/test_cli_language.py
    runs it in other languages)."""
    return subprocess.run(
        [sys.executable, "-m", "canasta_score", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "LANGUAGE": "en"},
    )


def test_the_example_game_file_scores_as_game_format_md_says(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(EXAMPLE))
    result = run("score", str(path))
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["rounds"][0]["scores"] == [1450, -185]
    assert report["rounds"][0]["totals"] == [1450, -185]
    assert report["totals"] == [1450, -185]
    assert report["opening_minimums"] == [50, 15]
    assert report["winner"] is None
    assert report["next_dealer"] == {"side": 1, "player": 0, "name": "Cleo"}


def test_standard_input_is_read_with_a_dash():
    result = run("score", "-", stdin=json.dumps(EXAMPLE))
    assert json.loads(result.stdout)["totals"] == [1450, -185]


def refused(document, *, raw=False):
    result = run("score", "-", stdin=document if raw else json.dumps(document))
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    return result.stderr.splitlines()


def test_an_impossible_round_is_refused_with_one_line_per_problem():
    game = json.loads(json.dumps(EXAMPLE))
    game["rounds"].append([{"melded": 50, "went_out": "normal"}, {"melded": 303}])
    assert refused(game) == [
        'round 2, side "We": going out needs 1 canasta, 0 entered',
        'round 2, side "They": melded points must be a multiple of 5, got 303 '
        "(did you mean 300 or 305?)",
    ]


def test_bad_json_is_refused_in_one_line():
    assert refused("{not json", raw=True) == [
        "- is not valid JSON: Expecting property name enclosed in double quotes at line 1, column 2"
    ]


def test_an_unknown_preset_and_missing_sides_are_both_reported():
    assert refused({"format": "canasta-score/1", "rules": "poker", "rounds": []}) == [
        'unknown rules "poker"; the presets are ' + ", ".join(ALL_PRESETS),
        "sides must be a list of 2 to 4 sides, got null",
    ]


@pytest.mark.parametrize(
    ("entry", "line"),
    [
        ({"melded": "lots"}, "melded must be card points (a whole number) or card counts"),
        ({"melded": {"kings": 3}}, "melded has no card group kings"),
        ({"hand": 2.5}, "hand must be card points (a whole number) or card counts"),
        ({"red_threes": "2"}, 'red_threes must be a whole number, got "2"'),
        ({"went_out": True}, 'went_out must be null, "normal" or "concealed", got true'),
        ({"canastas": [1]}, "canastas must be counts by kind"),
        ({"dealer_bonus": 1}, "dealer_bonus must be true or false, got 1"),
        ({"melded": 0, "score": 5}, "unknown field score"),
    ],
)
def test_wrong_types_are_refused_naming_round_side_and_field(entry, line):
    game = json.loads(json.dumps(EXAMPLE))
    game["rounds"] = [[entry, {}]]
    lines = refused(game)
    assert len(lines) == 1
    assert lines[0].startswith('round 1, side "We": ' + line), lines


def test_a_round_with_the_wrong_number_of_entries_is_refused():
    game = json.loads(json.dumps(EXAMPLE))
    game["rounds"] = [[{}]]
    assert refused(game) == ["round 1: a round is a list with one entry per side (2), got 1"]


def test_a_missing_file_is_refused_without_a_traceback(tmp_path):
    result = run("score", str(tmp_path / "nowhere.json"))
    assert result.returncode == 2
    assert (
        result.stderr.strip()
        == f"cannot read {tmp_path / 'nowhere.json'}: No such file or directory"
    )


def test_a_finished_game_with_a_round_after_the_win_is_refused():
    big = {"melded": 1000, "canastas": {"natural": 4, "mixed": 2}, "red_threes": 4}
    game = json.loads(json.dumps(EXAMPLE))
    game["rounds"] = [[big, {}], [big, {}], [{}, {}]]
    assert refused(game) == [
        'round 3: the game was over after round 2 ("We" won); no round can be added to a finished game'
    ]


def test_the_rules_command_prints_a_presets_values():
    result = run("rules", "danish")
    assert result.returncode == 0
    assert json.loads(result.stdout) == rules_as_json(ALL_PRESETS["danish"])
    assert json.loads(result.stdout)["canasta_bonuses"] == {"natural": 700, "mixed": 500}


def test_the_rules_command_lists_every_preset_without_an_argument():
    assert [r["id"] for r in json.loads(run("rules").stdout)] == list(ALL_PRESETS)


def test_an_unknown_preset_name_for_rules_is_refused():
    result = run("rules", "poker")
    assert result.returncode == 2
    assert result.stderr.startswith('unknown rules "poker"')


def test_names_are_kept_on_one_line_without_control_characters():
    game = game_file(
        sides=[
            {"name": "We\nthe best", "players": ["An\u202ena", " Ben\t"]},
            {"name": "They", "players": ["Cleo"]},
        ]
    )
    report = json.loads(run("score", "-", stdin=json.dumps(game)).stdout)
    assert report["sides"] == ["We the best", "They"]


def test_a_name_of_nothing_but_line_breaks_is_refused():
    game = game_file(sides=[{"name": "\n\t", "players": ["A"]}, {"name": "They", "players": ["B"]}])
    assert refused(game) == ['sides[0].name must be a non-empty text, got ""']


def test_scoring_a_file_with_warnings_loads_neither_babel_nor_the_whole_parser(tmp_path):
    """The everyday call stays light: a warning's numbers are written without Babel's locale
    data, and the parser of every command is not built for it."""
    document = game_file(
        rounds=[[{"melded": 30, "hand": 20}, {"melded": 0, "hand": 130}]],
        rule_overrides={"target": 5000},
    )
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document))
    probe = (
        "import sys, runpy, argparse\n"
        "built = []\n"
        "argparse.ArgumentParser.__init__ = (lambda init: lambda self, *a, **k: "
        "(built.append(1), init(self, *a, **k))[1])(argparse.ArgumentParser.__init__)\n"
        f"sys.argv = ['canasta_score', 'score', {str(path)!r}]\n"
        "try:\n    runpy.run_module('canasta_score', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print('LOADED', sorted(m for m in sys.modules if m.startswith('babel')), len(built),"
        " file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env={**os.environ, "LANGUAGE": "fi", "LANG": "fi_FI.UTF-8", "LC_ALL": ""},
    )
    assert "varoitus: jako 1" in done.stderr and " 50," in done.stderr, done.stderr
    assert "LOADED [] 0" in done.stderr, done.stderr


@pytest.mark.parametrize("args", [["score", "--bogus"], ["score", "a.json", "b.json"]])
def test_a_score_call_the_quick_reading_does_not_take_is_read_by_the_parser(args):
    done = run(*args)
    assert done.returncode == 2 and "usage" not in done.stdout
    assert "python -m canasta_score" in done.stderr and "Traceback" not in done.stderr
