"""Round entry meld by meld in a real browser at phone size (issue 16, "The app").

The worked example of RULES.md, "Melds" (seed 004's round): We have kings 7 natural, queens
5 natural + 1 two + 1 joker, aces 3 + 1 two, sevens 4, eights 3 + 1 joker, nines 5: 420
melded, one natural and one mixed canasta; with 70 in hand, two red threes and going out, We
score 1450; They, 85 in hand and a red three, -185.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from conftest import LOAD_TIMEOUT_MS, STEP_TIMEOUT_MS, AppServer, Screen
from examples import game_file
from headless import PHONE

pytestmark = pytest.mark.browser

#: The issue's figure: the worked example meld by meld in at most this many inputs.
MOST_INPUTS_MELD_BY_MELD = 26
SMALL_PHONE = {"width": 360, "height": 640}

#: (rank, natural cards typed, twos stepped, jokers stepped): a meld starts at 3 natural.
WORKED_EXAMPLE = [("K", 7, 0, 0), ("Q", 5, 1, 1), ("A", 3, 1, 0), ("7", 4, 0, 0), ("8", 3, 0, 1)]
WORKED_EXAMPLE += [("9", 5, 0, 0)]

#: Eight melds of one side (the worked example with jacks and tens), for the small phone.
from examples import EIGHT_MELDS  # noqa: E402

EIGHT_MELDS_ROUND = [
    {"melded": EIGHT_MELDS, "hand": 70, "red_threes": 2, "went_out": "normal"},
    {"melded": 0, "hand": 85, "red_threes": 1},
]


def enter_melds(screen: Screen, side: int, melds: list[tuple[str, int, int, int]]) -> None:
    """Each meld: its rank, its natural cards typed where not 3 (4 is one step), its wild cards
    stepped; each input once the one before it shows in the meld's points (as a player looks
    before the next)."""
    for rank, natural, twos, jokers in melds:
        screen.settle()
        screen.tap(f"side-{side}-add-meld-{rank}")
        tag = f"side-{side}-meld-{rank}"
        screen.wait_for(f"{tag}-natural")
        screen.settle()  # the new meld drawn in its place before its counts are aimed at
        steps: list[tuple[str, str]] = []
        if natural == 4:
            steps.append(("tap", f"{tag}-natural-plus"))
        elif natural != 3:
            steps.append(("type", f"{tag}-natural"))
        steps += [("tap", f"{tag}-twos-plus")] * twos + [("tap", f"{tag}-jokers-plus")] * jokers
        for how, where in steps:
            before = screen.text(f"{tag}-points")
            if how == "tap":
                screen.tap(where)
            else:
                screen.fill(where, str(natural))
                # Done typing, as a finger taps elsewhere: the field gives up the keyboard.
                screen.page.evaluate("document.activeElement && document.activeElement.blur()")
            wait_for_change(screen, f"{tag}-points", before)


def wait_for_change(screen: Screen, identifier: str, before: str) -> None:
    """Waits until a control says something else than `before`."""
    deadline = time.monotonic() + STEP_TIMEOUT_MS / 1000
    while screen.text(identifier) == before and time.monotonic() < deadline:
        screen.page.wait_for_timeout(100)
    assert screen.text(identifier) != before, (
        f"{identifier} still says {before!r}; typed: {screen.typed_now()}"
    )


def saved_game(app_server: AppServer, open_screen: Any, rounds: list[Any]) -> Screen:
    app_server.import_games(game_file(rounds))
    app_server.start()
    phone: Screen = open_screen(app_server)
    phone.open("/game/1", ready="add-round")
    return phone


def test_the_worked_example_meld_by_meld_in_at_most_26_inputs(
    app_server: AppServer, open_screen: Any
) -> None:
    phone = saved_game(app_server, open_screen, [])
    phone.inputs = 0
    phone.tap("add-round")
    phone.wait_for("save-round")
    phone.tap("side-0-entry-melds")
    phone.wait_for("side-0-add-meld-K")
    enter_melds(phone, 0, WORKED_EXAMPLE)
    # What the melds give is shown, not typed.
    phone.wait_text("side-0-melded", r"\b420\b")
    phone.wait_text("side-0-canasta-natural", r"\b1\b")
    phone.wait_text("side-0-canasta-mixed", r"\b1\b")
    phone.wait_text("side-0-meld-Q-points", r"120.*mixed canasta")
    phone.wait_text("side-0-meld-K-points", r"70.*natural canasta")
    # Each typed value counted before the next tap (as a player sees the score move).
    phone.fill("side-0-hand", "70")
    phone.wait_text("side-0-round-score", r"1,150")
    phone.tap("side-0-red-threes-plus")
    phone.tap("side-0-red-threes-plus")
    phone.tap("side-0-out-normal")
    phone.fill("side-1-hand", "85")
    phone.wait_text("side-1-round-score", r"-85\b")
    phone.tap("side-1-red-threes-plus")
    phone.wait_text("side-0-round-score", r"1,450")
    phone.wait_text("side-1-round-score", r"-185")
    phone.shot("meld-entry-worked-example")
    phone.tap("save-round")
    phone.wait_for("round-1-edit")
    phone.wait_number("side-0-total", 1450)
    phone.wait_number("side-1-total", -185)
    assert phone.inputs <= MOST_INPUTS_MELD_BY_MELD, phone.inputs
    print(f"inputs for the worked example meld by meld: {phone.inputs}")

    # The round's detail shows its melds; editing it opens meld by meld again.
    phone.go("/game/1/round/1", ready="round-melds-0")
    phone.wait_text("round-melds-0", r"Queens: 5 natural cards, 1 two, 1 joker")
    phone.tap("round-1-edit")
    phone.wait_for("side-0-meld-K-natural")
    phone.wait_text("side-0-meld-K-points", r"70 points.*natural canasta")  # 7 kings
    phone.tap("side-0-meld-9-natural-plus")  # a sixth nine: 10 more
    phone.wait_text("side-0-melded", r"\b430\b")
    phone.tap("save-round")
    phone.wait_for("round-1-edit")
    phone.wait_number("side-0-total", 1460)

    # The phone keeps each side's way: the first side starts round 2 meld by meld, the
    # second in points, as each entered round 1.
    phone.tap("add-round")
    phone.wait_for("side-0-add-meld-K")
    phone.wait_for("side-1-hand")
    phone.wait_gone("side-1-add-meld-K")


def test_one_queen_with_two_twos_is_refused_beside_the_meld(
    app_server: AppServer, open_screen: Any
) -> None:
    """Seed 004 line 34: a meld needs at least 2 natural cards; the round cannot be saved."""
    phone = saved_game(app_server, open_screen, [])
    phone.tap("add-round")
    phone.tap("side-0-entry-melds")
    phone.tap("side-0-add-meld-Q")
    phone.tap("side-0-meld-Q-natural-minus")
    phone.tap("side-0-meld-Q-natural-minus")
    phone.tap("side-0-meld-Q-twos-plus")
    phone.tap("side-0-meld-Q-twos-plus")
    phone.wait_text("side-0-meld-Q-refusal", r"1 natural card and 2 wild cards")
    button = phone.wait_for("save-round").locator("[role=button]").first
    assert button.get_attribute("aria-disabled") == "true"
    # One natural card more: 2 queens and 2 twos, 60 points, a meld that may be saved.
    phone.tap("side-0-meld-Q-natural-plus")
    phone.wait_text("side-0-meld-Q-points", r"60 points")
    phone.wait_text("side-0-round-score", r"60")
    assert button.get_attribute("aria-disabled") != "true"
    # One two less: 40 melded points, below the 50 to open. That is said (a likely miscount),
    # and the round can still be saved.
    phone.tap("side-0-meld-Q-twos-minus")
    phone.wait_text("side-0-meld-Q-points", r"40 points")
    phone.wait_text("side-0-warnings", r"below the 50 needed to open")
    assert button.get_attribute("aria-disabled") != "true"
    phone.tap("side-0-meld-Q-remove")
    phone.wait_gone("side-0-meld-Q-points")


def test_a_half_entered_round_keeps_its_melds_through_a_reload_and_says_so(
    app_server: AppServer, open_screen: Any
) -> None:
    phone = saved_game(app_server, open_screen, [])
    phone.tap("add-round")
    phone.tap("side-0-entry-melds")
    enter_melds(phone, 0, [("K", 7, 0, 0), ("Q", 5, 1, 1)])
    phone.wait_text("side-0-melded", r"\b190\b")
    phone.reload(ready="side-0-meld-Q-points")
    phone.wait_for("kept-from-before")
    phone.wait_text("side-0-melded", r"\b190\b")
    phone.wait_text("side-0-meld-K-points", r"70 points.*natural canasta")  # 7 kings
    # Starting afresh asks first, then empties the round (still meld by meld: this phone's way).
    phone.tap("start-afresh")
    phone.page.get_by_role("button", name="Clear", exact=True).click(timeout=STEP_TIMEOUT_MS)
    phone.wait_gone("side-0-meld-K-points")
    phone.wait_gone("kept-from-before")
    phone.wait_for("side-0-add-meld-K")


@pytest.mark.parametrize("size", [SMALL_PHONE, PHONE], ids=["360", "390"])
def test_eight_melds_at_2x_text_stay_readable_and_every_tap_target_is_big(
    app_server: AppServer, large_text_phone: Any, size: dict[str, int]
) -> None:
    app_server.import_games(game_file([EIGHT_MELDS_ROUND]))
    app_server.start()
    phone: Screen = large_text_phone(app_server, 32, size)
    phone.open("/game/1/round/1/edit", ready="side-0-meld-10-points")
    phone.wait_for("text-scale-2.0", timeout=LOAD_TIMEOUT_MS)
    phone.wait_text("side-0-melded", r"\b490\b")
    assert phone.horizontal_overflow() == 0
    small = []
    for rank in ("K", "Q", "A", "7", "8", "9", "J", "10"):
        tag = f"side-0-meld-{rank}"
        for part in ("natural-plus", "natural-minus", "twos-plus", "jokers-minus", "remove"):
            node = phone.wait_for(f"{tag}-{part}")
            node.scroll_into_view_if_needed(timeout=STEP_TIMEOUT_MS)
            box = node.bounding_box()
            if box is not None and box["y"] + box["height"] > size["height"] - 150:
                # Brought in at the bottom edge, a node is cut by the Save bar: moved up a bit.
                phone.page.mouse.move(size["width"] / 2, size["height"] / 3)
                phone.page.mouse.wheel(0, 200)
                phone.page.wait_for_timeout(400)
                box = node.bounding_box()
            assert box is not None
            if box["width"] < 47.5 or box["height"] < 47.5:
                small.append(f"{tag}-{part}: {box['width']:.0f}x{box['height']:.0f}")
        field = phone.wait_for(f"{tag}-natural").bounding_box()
        assert field is not None and field["x"] + field["width"] <= size["width"], tag
    assert not small, small
    # Stepping a meld at 2x text works as at 1x.
    phone.tap("side-0-meld-10-natural-plus")
    phone.wait_text("side-0-melded", r"\b500\b")
    phone.shot(f"meld-entry-eight-melds-2x-{size['width']}")
