"""Modern American and Samba on a phone at 2x text: new game, the rules of an american game,
and its rounds in detail (a special hand; black threes, a sevens canasta, an unfinished aces
meld and three aces held), in English and German, at 390x844 and 360x640 with the browser's
font at 32 px (TESTING.md point 14). Numbers stay on one line, words whole, tap targets 48 px,
nothing scrolls sideways; the pictures land in screenshots-text/ for a person to look at.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from conftest import AppServer, Screen
from examples import game_file
from headless import PHONE
from test_large_text import FONTS, SMALL_PHONE, LargeTextTour, wait_scaled

from canasta_score.i18n import translator

pytestmark = pytest.mark.browser

#: Round 1: We go out with seven pairs (2500); They: 150 - 95 + 300 - 2500 - 1500 = -3645.
#: Round 2: the worked example of RULES_FAMILIES.md: We 4020, They -3645 again.
CAUGHT = {
    "melded": 150,
    "hand": 95,
    "canastas": {"mixed": 1},
    "red_threes": 1,
    "incomplete": {"aces": 1},
    "held_aces": 1,
}
AMERICAN = game_file(
    rules="american",
    rounds=[
        [{"special_hand": "pairs"}, CAUGHT],
        [
            {
                "melded": 520,
                "canastas": {"natural": 1, "natural_sevens": 1},
                "red_threes": 2,
                "black_threes": 1,
                "went_out": "normal",
            },
            CAUGHT,
        ],
    ],
    created="2026-12-03T20:00:00+00:00",
    updated="2026-12-03T21:00:00+00:00",
)
LOCALES = {"en": "en-US", "de": "de-DE"}


@pytest.fixture
def american_app(app_server: AppServer) -> AppServer:
    app_server.import_games(AMERICAN)
    return app_server.start()


def tour_the_families(tour: LargeTextTour) -> None:
    screen = tour.screen
    screen.open("/new", ready="preset-american")
    wait_scaled(screen, tour.scale)
    screen.scroll_to("preset-american", band=(0.1, 0.4))
    tour.check("new-game-american", [], whole=True)

    tour.go("/rules/game/1", ready="presets-compared")
    tour.check("rules-american", [], whole=True)
    screen.scroll_to("presets-compared", band=(0.05, 0.3))
    tour.check("rules-compared", [], whole=True)

    for number in (1, 2):
        tour.go(f"/game/1/round/{number}", ready=f"round-{number}-delete")
        # The rows' numbers: special hand or melded first, round score and total after last.
        tour.check(
            f"round-{number}-detail",
            [f"detail-{line}-side-{s}" for line in (0, 1, 2) for s in (0, 1)],
            whole=True,
        )
        screen.scroll_to("round-picture-0", band=(0.05, 0.3))
        tour.check(f"round-{number}-picture", [], whole=True)
        # The page ends under it: as far as the wheel goes.
        with contextlib.suppress(AssertionError):
            screen.scroll_to("round-picture-1", band=(0.02, 0.3), give_up_when_stuck=True)
        tour.check(f"round-{number}-picture-they", [], whole=True)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_families_shown_in_large_text(
    language: str, american_app: AppServer, large_text_phone: Any
) -> None:
    font = FONTS["2x"]
    if language != "en":
        assert translator(language)._("Special hand") != "Special hand", "compile the catalogs"
    screen: Screen = large_text_phone(american_app, font, PHONE, LOCALES[language])
    problems = []
    for size in (PHONE, SMALL_PHONE):
        screen.page.set_viewport_size(size)
        tour = LargeTextTour(screen, font, f"family-{{}}-{language}-2x")
        tour_the_families(tour)
        problems += tour.problems + tour.wide
    assert not problems, "\n".join(problems)
