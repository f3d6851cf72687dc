"""Whole games of the rule families on a phone (issue 33): a Modern American game to 8500 in
English and a Samba game to 10000 in German, each from New game (the rule set chosen on its
screen) to the winner on the sheet, every round entered through the round screen.

Every expected score, total and opening minimum is worked out by hand from RULES_FAMILIES.md
(the arithmetic beside each figure), never asked of the app's core. The words looked for are
the catalogs' own (`translator(code)._(...)`).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import STEP_TIMEOUT_MS, AppServer, Screen
from test_family_entry import enter_a_typical_american_round
from test_journeys import wait_selected

from canasta_score.i18n import Translator, translator

pytestmark = pytest.mark.browser

ENGLISH, GERMAN = translator("en"), translator("de")


# --- what a player does, in any language --------------------------------------------------


def start_a_game(phone: Screen, preset: str, tr: Translator, target: int) -> None:
    """From home: New game, the rule set `preset` tapped (its target comes with it), Start."""
    phone.wait_text("new-game", re.escape(tr._("New game")))
    phone.tap("new-game")
    phone.wait_for("start-game")
    phone.tap(f"preset-{preset}")
    wait_selected(phone, f"preset-{preset}")
    phone.tap("start-game")
    phone.wait_for("add-round")
    phone.wait_number("side-0-total", 0)
    phone.wait_number("side-1-total", 0)
    playing_to = tr._("Playing to {target}").format(target=tr.number(target))
    phone.page.get_by_text(playing_to, exact=True).first.wait_for(timeout=STEP_TIMEOUT_MS)


def show_other_kinds(phone: Screen, side: int) -> None:
    """American's rarer canasta kinds on a side's panel: opened with a tap where still shut (the
    phone keeps them open for the rounds after)."""
    phone.wait_for(f"side-{side}-other-kinds")
    if not phone.has(f"side-{side}-canasta-natural_aces-plus"):
        phone.tap(f"side-{side}-other-kinds")
    phone.wait_for(f"side-{side}-canasta-natural_aces-plus")


def taps(phone: Screen, identifier: str, count: int) -> None:
    """`count` taps on a stepper's plus, each waited for in its count before the next."""
    shown = identifier.removesuffix("-plus")
    start = phone.number(shown)
    for tapped in range(1, count + 1):
        phone.tap(identifier)
        phone.wait_number(shown, start + tapped)


def save_and_check_the_sheet(
    phone: Screen,
    number: int,
    scores: tuple[int, int],
    totals: tuple[int, int],
    tr: Translator,
    openings: tuple[int, int] | None,
) -> None:
    """Save: the sheet shows round `number` with both sides' scores, their totals and, while
    the game goes on, what each side needs to open the next round (`openings` None: won)."""
    phone.tap("save-round")
    phone.wait_for(f"round-{number}")  # the sheet's row of the round
    for side, (score, total) in enumerate(zip(scores, totals, strict=True)):
        phone.wait_number(f"round-{number}-side-{side}-score", score)
        phone.wait_number(f"round-{number}-side-{side}-total", total)
        phone.wait_number(f"side-{side}-total", total)
    if openings is None:
        return
    for side, minimum in enumerate(openings):
        phone.wait_text(
            f"side-{side}-opening",
            re.escape(tr._("needs {minimum}").format(minimum=tr.number(minimum))),
        )
        phone.wait_number(f"side-{side}-opening", minimum)
    assert not phone.has("winner"), "no side has reached the target yet"
    assert phone.has("add-round")


def check_the_winner(phone: Screen, tr: Translator, side: int, totals: tuple[int, int]) -> None:
    """The sheet names the winner in the phone's language, with its points, and takes no more
    rounds."""
    name = tr._("We") if side == 0 else tr._("They")
    said = phone.wait_text("winner", re.escape(tr._("Winner: {side}").format(side=name)))
    announced = tr._("Winner: {side}, with {points} points").format(
        side=name, points=tr.number(totals[side])
    )
    assert announced in said, said
    phone.wait_number("side-0-total", totals[0])
    phone.wait_number("side-1-total", totals[1])
    assert not phone.has("add-round") and not phone.has("side-0-opening")


# --- the games -----------------------------------------------------------------------------


def test_a_modern_american_game_to_8500_played_through_in_english(
    app_server: AppServer, open_screen: Any
) -> None:
    app_server.start()
    phone: Screen = open_screen(app_server, locale="en-US")
    phone.open("/", ready="new-game")
    start_a_game(phone, "american", ENGLISH, 8500)

    # Round 1, the typical round (entered as test_family_entry enters it).
    # We: melded 520 + natural 500 + natural sevens 2500 + two red threes 300 + one black
    #     three 100 (two canastas: threes count plus) + went out 100 = 4020.
    # They: melded 150 - hand 95 + mixed 300 (one canasta: threes count nothing) = 355.
    enter_a_typical_american_round(phone, open_kinds=True)
    # Opening next: We 4020 (3000 to 4995) needs 155; They 355 (0 to 1495) needs 125.
    save_and_check_the_sheet(phone, 1, (4020, 355), (4020, 355), ENGLISH, (155, 125))

    # Round 2: They show a special hand, a straight; We did not go out but made two canastas.
    phone.tap("add-round")
    phone.wait_for("side-0-no-melds")
    phone.fill("side-0-melded", "300")
    phone.fill("side-0-hand", "20")
    phone.tap("side-0-canasta-natural-plus")
    phone.tap("side-0-canasta-mixed-plus")
    phone.tap("side-0-red-threes-plus")
    phone.tap("side-1-special-hand")
    phone.wait_for("special-hand-straight")
    phone.tap("special-hand-straight")
    phone.wait_gone("special-hand-straight")
    wait_selected(phone, "side-1-special-hand")
    # We: melded 300 - hand 20 + natural 500 + mixed 300 + one red three 100 (two
    #     canastas: plus) = 1180.
    phone.wait_number("side-0-round-score", 1180)
    # They: the straight scores alone: 3000.
    phone.wait_number("side-1-round-score", 3000)
    # Totals: We 4020 + 1180 = 5200 (5000 to 6995: needs 180); They 355 + 3000 = 3355
    # (3000 to 4995: needs 155).
    save_and_check_the_sheet(phone, 2, (1180, 3000), (5200, 3355), ENGLISH, (180, 155))

    # Round 3: We go out with natural aces; They have no canasta, an unfinished sevens meld
    # and a red and a black three laid out, which now count against them.
    phone.tap("add-round")
    phone.wait_for("side-0-no-melds")
    show_other_kinds(phone, 0)
    phone.fill("side-0-melded", "380")
    phone.tap("side-0-canasta-natural-plus")
    phone.tap("side-0-canasta-natural_aces-plus")
    taps(phone, "side-0-red-threes-plus", 2)
    phone.tap("side-0-out-normal")
    phone.fill("side-1-melded", "120")
    phone.fill("side-1-hand", "85")
    phone.tap("side-1-red-threes-plus")
    phone.tap("side-1-black-threes-plus")
    phone.tap("side-1-unfinished-sevens")
    wait_selected(phone, "side-1-unfinished-sevens")
    # We: melded 380 + natural aces 2500 + natural 500 + two red threes 300 + went out 100
    #     = 3780.
    phone.wait_number("side-0-round-score", 3780)
    # They: no canasta, so melded points count minus: -120 - hand 85 - one red three 100 -
    #       one black three 100 - unfinished sevens 2500 = -2905.
    phone.wait_number("side-1-round-score", -2905)
    # Totals: We 5200 + 3780 = 8980 (8500 reached); They 3355 - 2905 = 450. We win.
    save_and_check_the_sheet(phone, 3, (3780, -2905), (8980, 450), ENGLISH, None)
    check_the_winner(phone, ENGLISH, 0, (8980, 450))
    phone.shot("family-game-american-won-en")


def test_a_samba_game_to_10000_played_through_in_german(
    app_server: AppServer, open_screen: Any
) -> None:
    app_server.start()
    phone: Screen = open_screen(app_server, locale="de-DE")
    phone.open("/", ready="new-game")
    start_a_game(phone, "samba", GERMAN, 10000)

    # Round 1: We go out with two sambas and a natural canasta; They have no canasta.
    phone.tap("add-round")
    phone.wait_for("side-0-no-melds")
    phone.fill("side-0-melded", "700")
    taps(phone, "side-0-canasta-samba-plus", 2)
    phone.tap("side-0-canasta-natural-plus")
    taps(phone, "side-0-red-threes-plus", 3)
    phone.tap("side-0-out-normal")
    phone.fill("side-1-melded", "60")
    phone.fill("side-1-hand", "140")
    phone.tap("side-1-red-threes-plus")
    # We: melded 700 + two sambas 3000 + natural 500 + three red threes 300 (two canastas
    #     or more: plus) + went out 200 = 4700.
    phone.wait_number("side-0-round-score", 4700)
    # They: melded 60 - hand 140 - one red three 100 (fewer than two canastas: minus) = -180.
    phone.wait_number("side-1-round-score", -180)
    # Opening next: We 4700 (3000 to 6995) needs 120; They -180 (below 0) needs 15.
    save_and_check_the_sheet(phone, 1, (4700, -180), (4700, -180), GERMAN, (120, 15))

    # Round 2: They go out with three sambas, a natural canasta and all six red threes;
    # We gain little with one mixed canasta.
    phone.tap("add-round")
    phone.wait_for("side-0-no-melds")
    phone.fill("side-0-melded", "250")
    phone.fill("side-0-hand", "75")
    phone.tap("side-0-canasta-mixed-plus")
    phone.fill("side-1-melded", "980")
    taps(phone, "side-1-canasta-samba-plus", 3)
    phone.tap("side-1-canasta-natural-plus")
    taps(phone, "side-1-red-threes-plus", 6)
    phone.tap("side-1-out-normal")
    # We: melded 250 - hand 75 + mixed 300 = 475.
    phone.wait_number("side-0-round-score", 475)
    # They: melded 980 + three sambas 4500 + natural 500 + all six red threes 1000 + went out
    #       200 = 7180.
    phone.wait_number("side-1-round-score", 7180)
    # Totals: We 4700 + 475 = 5175 (3000 to 6995: needs 120); They -180 + 7180 = 7000
    # (7000 and up: needs 150).
    save_and_check_the_sheet(phone, 2, (475, 7180), (5175, 7000), GERMAN, (120, 150))

    # Round 3: both sides pass 10000; the higher total wins.
    phone.tap("add-round")
    phone.wait_for("side-0-no-melds")
    phone.fill("side-0-melded", "820")
    taps(phone, "side-0-canasta-samba-plus", 2)
    taps(phone, "side-0-canasta-natural-plus", 2)
    taps(phone, "side-0-red-threes-plus", 4)
    phone.tap("side-0-out-normal")
    phone.fill("side-1-melded", "700")
    phone.fill("side-1-hand", "40")
    phone.tap("side-1-canasta-samba-plus")
    phone.tap("side-1-canasta-natural-plus")
    phone.tap("side-1-canasta-mixed-plus")
    taps(phone, "side-1-red-threes-plus", 2)
    # We: melded 820 + two sambas 3000 + two naturals 1000 + four red threes 400 + went out
    #     200 = 5420.
    phone.wait_number("side-0-round-score", 5420)
    # They: melded 700 - hand 40 + samba 1500 + natural 500 + mixed 300 + two red threes 200
    #       (three canastas: plus) = 3160.
    phone.wait_number("side-1-round-score", 3160)
    # Totals: We 5175 + 5420 = 10595; They 7000 + 3160 = 10160. Both reached 10000: We, the
    # higher, win.
    save_and_check_the_sheet(phone, 3, (5420, 3160), (10595, 10160), GERMAN, None)
    check_the_winner(phone, GERMAN, 0, (10595, 10160))
    phone.shot("family-game-samba-won-de")
