"""Each session words problems, numbers and dates in its own language; no language is global."""

from datetime import date, timedelta

import pytest

import canasta_score.i18n as i18n
from canasta_score.core import CLASSIC, PRESETS, SideEntry, WentOut, validate_round
from canasta_score.i18n import (
    LANGUAGES,
    cli_language,
    negotiate,
    suggested_preset,
    translator,
)

OUT = SideEntry(melded=400, canastas={"natural": 1}, went_out=WentOut.NORMAL)


def problems(entries, names=("We", "They")):
    return validate_round(entries, CLASSIC, round_number=3, side_names=list(names))


def test_two_sessions_in_different_languages_keep_their_own_words():
    german, dutch = translator("de"), translator("nl")
    [both_out] = problems([OUT, OUT])
    assert german.problem(both_out) == (
        "Runde 3: 2 Parteien haben Schluss gemacht; in einer Runde kann nur eine Partei Schluss machen"
    )
    assert dutch.problem(both_out) == (
        "ronde 3: 2 teams zijn uitgegaan; in een ronde kan maar één team uitgaan"
    )
    assert german._("Classic") == "Klassisch" and dutch._("Classic") == "Klassiek"


def test_english_words_a_problem_as_the_core_does():
    for problem in problems([SideEntry(melded=303, went_out=WentOut.NORMAL), SideEntry(hand=-5)]):
        assert translator("en").problem(problem) == str(problem)
        assert translator("en").problem(problem, where=False) == problem.message


def test_a_count_takes_the_languages_plural_form():
    [one] = problems([SideEntry(melded=50, went_out=WentOut.CONCEALED), SideEntry()])
    assert translator("de").problem(one, where=False) == (
        "zum Schlussmachen ist 1 Canasta nötig, 0 eingetragen"
    )
    assert translator("fi").ngettext(
        "{count} red three entered; the packs hold {most}",
        "{count} red threes entered; the packs hold {most}",
        5,
    ).format(count=5, most=4) == ("5 punaista kolmosta merkitty; pakoissa on 4")


def test_words_of_the_game_in_a_problem_are_translated_too():
    [wild] = problems([SideEntry(melded=200, canastas={"wild": 1}), SideEntry()])
    assert translator("nb").problem(wild) == (
        "runde 3, lag «We»: «Klassisk» har ingen jokercanasta; bare ren canasta, blandet canasta"
    )
    assert translator("da").problem(wild, where=False) == (
        "»Klassisk« har ingen joker-Canasta; kun rød Canasta, sort Canasta"
    )


def test_numbers_and_dates_in_each_locales_form():
    assert translator("de").number(5000) == "5.000"
    assert translator("fi").number(5000) == "5\xa0000"
    assert translator("nl").date(date(2026, 3, 1)) == "1 mrt 2026"
    assert translator("en").date(date(2026, 3, 1)) == "Mar 1, 2026"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_a_whole_number_is_written_as_babel_writes_it_without_loading_babel(code):
    import random

    from babel.numbers import format_decimal

    numbers = [0, 1, -1, 999, 1000, -1000, 9999, 10000, 123456, -1234567, 10**17, 10**18]
    numbers += [sign * 10**digits + 1 for sign in (1, -1) for digits in range(1, 19)]
    numbers += [random.Random(code).randrange(-(10**19), 10**19) for _ in range(300)]
    tr = translator(code)
    for value in numbers:
        assert tr.number(value) == format_decimal(value, locale=code), value
    assert tr.number(2.5) == format_decimal(2.5, locale=code), "other numbers through Babel"


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_dates_are_written_as_babel_writes_them_without_its_locale_data(code: str) -> None:
    from babel.dates import format_date

    tr = translator(code)
    days = [date(2026, 1, 1) + timedelta(days=n) for n in range(365)]
    days += [date(1999, 12, 31), date(2100, 2, 9)]
    assert [tr.date(day) for day in days] == [
        format_date(day, format="medium", locale=code) for day in days
    ]


def test_a_command_that_words_a_whole_number_loads_no_babel():
    import subprocess
    import sys

    probe = (
        "import sys\nfrom canasta_score.i18n import translator\n"
        "assert translator('fi').number(-1250) == '-1\\xa0250'\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'babel'))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("locales", "language"),
    [
        (["de-DE", "en-US"], "de"),
        (["fr-FR", "fi-FI"], "fi"),
        (["no"], "nb"),
        (["nn-NO"], "nb"),
        (["nb_NO"], "nb"),
        (["da"], "da"),
        (["NL-be"], "nl"),
        (["pt-BR"], "en"),
        ([], "en"),
    ],
)
def test_the_devices_preferred_language_is_chosen(locales, language):
    assert negotiate(locales) == language


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "nb_NO.UTF-8@euro"}, "nb"),
        ({"LC_ALL": "fi_FI.UTF-8", "LANG": "de_DE.UTF-8"}, "fi"),
        ({"LANGUAGE": "sv:da", "LANG": "de_DE.UTF-8"}, "da"),
        ({"LANGUAGE": "nl", "LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": ""}, "en"),
        ({}, "en"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
    ],
)
def test_the_command_line_follows_the_gettext_environment(environ, language):
    assert cli_language(environ) == language


def test_each_language_suggests_a_preset_that_exists():
    assert {code: suggested_preset(code) for code in LANGUAGES} == {
        "en": "classic",
        "nl": "flemish",
        "de": "classic",
        "fi": "finnish",
        "da": "danish",
        "nb": "classic",
    }
    assert {suggested_preset(code) for code in LANGUAGES} <= set(PRESETS)


def test_every_language_has_a_compiled_catalog():
    for code in set(LANGUAGES) - {"en"}:
        assert translator(code)._("Classic") != "Classic", f"run make compile-messages ({code})"


def test_nothing_in_the_module_remembers_a_language():
    before = {name: value for name, value in vars(i18n).items() if not callable(value)}
    assert translator("de")._("Classic") != translator("en")._("Classic")
    assert {name: value for name, value in vars(i18n).items() if not callable(value)} == before
    for shim in ("_", "ngettext", "set_language", "current_language"):
        assert not hasattr(i18n, shim), f"a module-level {shim} would be one language for all"


def test_numbers_inside_a_refusal_are_written_the_languages_way():
    from canasta_score.core import Problem, ProblemCode
    from canasta_score.core.rules import override_rules

    _rules, [too_large] = override_rules(CLASSIC, {"going_out": 10**12})
    assert "höchstens 1.000.000" in translator("de").problem(too_large)
    assert "1\u00a0000\u00a0000" in translator("fi").problem(too_large)
    assert "1,000,000" in translator("en").problem(too_large)
    assert "1000000" in str(too_large), "the English of logs and the JSON keeps plain digits"
    cards = Problem(ProblemCode.TOO_MANY_CARD_POINTS, 2, params={"count": 16000, "most": 1180})
    german = translator("de").problem(cards)
    assert "16.000" in german and "1.180" in german and "16000" not in german


def test_numbers_inside_a_storage_notice_are_written_the_languages_way():
    from canasta_score.storage import Notice, NoticeCode
    from canasta_score.storage.errors import ImportProblem

    damaged = Notice(NoticeCode.DAMAGED_AND_MORE, {"reason": "page", "more": 1200})
    assert "1.200" in translator("de").said(damaged)
    in_game = ImportProblem(Notice(NoticeCode.NOT_SQLITE), game=2500)
    assert translator("nb").said(in_game).startswith("spill 2\u00a0500: ")


def test_english_says_the_game_files_field_names_in_words() -> None:
    """The app in English said "(incomplete.aces entered)" where the other languages say
    "unfinished aces meld": a field name of the game file is worded in every language."""
    from canasta_score.core.problems import TERMS, Problem, ProblemCode, Term

    english = translator("en")
    for term in TERMS:
        if " " not in term and ("_" in term or "." in term):
            worded = english._(term)
            assert "_" not in worded and "." not in worded, f"{term} is said {worded!r}"
    problem = Problem(
        ProblemCode.GOING_OUT_WITH_UNFINISHED_MELD,
        1,
        0,
        "North",
        params={"meld": (Term("incomplete.aces"),)},
    )
    assert english.problem(problem, where=False).endswith("(unfinished aces meld entered)")
    assert str(problem).endswith("(incomplete.aces entered)"), "the core, with no catalog"
