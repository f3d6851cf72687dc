"""The games taken out and brought back in a real browser, and the game's pictures looked at.

Backups and game files are downloads (`page.expect_download()`), a backup is brought back
through the browser's file chooser (`page.expect_file_chooser()`), and the chart and the round
picture are kept as screenshots in screenshots-history/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import BLANK_PNG_BYTES, ROOT, STEP_TIMEOUT_MS, AppServer, Screen
from examples import WORKED_EXAMPLE_ROUND, game_file
from headless import PHONE

pytestmark = pytest.mark.browser

PICTURES = ROOT / "screenshots-history"
#: Both sides climb through the 1500 and 3000 bands; We then drop back a little.
CLIMBING = [
    {"melded": 200, "hand": 20, "canastas": {"mixed": 1}},
    {"melded": 150, "hand": 40, "red_threes": 1},
]
LATE = [
    {"melded": 120, "hand": 95},
    {"melded": 250, "hand": 10, "canastas": {"natural": 1}, "went_out": "normal"},
]


def game(rounds: list[Any], day: int) -> dict[str, Any]:
    when = f"2026-11-{day:02d}T20:00:00+00:00"
    document: dict[str, Any] = game_file(rounds, created=when, updated=when)
    return document


@pytest.fixture
def seeded(app_server: AppServer) -> AppServer:
    """Game 1 in play after 10 rounds (totals 3890 and 3360); game 2 won by We in 4 rounds."""
    app_server.import_games(game([CLIMBING] * 8 + [LATE] * 2, day=27))
    app_server.import_games(game([WORKED_EXAMPLE_ROUND] * 4, day=28))
    return app_server.start()


@pytest.fixture
def tab(open_screen: Any, seeded: AppServer) -> Any:
    """`tab(dark=False)`: a phone on the seeded app whose downloads are kept and whose
    clipboard the page may use (when the test fails, see screenshots/FAILED-<test>-0.png)."""

    def open_(dark: bool = False) -> Screen:
        screen: Screen = open_screen(
            seeded,
            dark=dark,
            accept_downloads=True,
            permissions=["clipboard-read", "clipboard-write"],
        )
        return screen

    return open_


#: The screen below the app bar: a button's highlight there is no change of screen.
BODY = {"x": 0, "y": 64, "width": PHONE["width"], "height": PHONE["height"] - 64}


def body(screen: Screen) -> bytes:
    picture: bytes = screen.page.screenshot(clip=BODY)
    return picture


def keep(screen: Screen, name: str, before: bytes) -> Path:
    """A settled screenshot in screenshots-history/, checked not to be blank, taken once the
    body of the screen no longer shows what it showed `before`: a new screen (the chart's code
    loaded on first use) can be painted a while after its semantics are there."""
    PICTURES.mkdir(exist_ok=True)
    deadline = time.monotonic() + STEP_TIMEOUT_MS / 1000
    while body(screen) == before and time.monotonic() < deadline:
        screen.page.wait_for_timeout(250)
    assert body(screen) != before, f"{name}: the screen did not change"
    picture = screen.settle(timeout=STEP_TIMEOUT_MS / 1000)
    assert len(picture) > BLANK_PNG_BYTES, f"{name} looks blank"
    path = PICTURES / f"{name}-390x844.png"
    path.write_bytes(picture)
    return path


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_chart_and_the_round_picture_show_on_a_phone(tab: Any, dark: bool) -> None:
    screen = tab(dark)
    screen.open("/game/1", ready="open-chart")
    # The sheet with its totals, painted and still: the picture the chart must replace.
    screen.wait_text("side-0-total", r"3,890")
    screen.wait_text("side-1-total", r"3,360")
    screen.settle(timeout=STEP_TIMEOUT_MS / 1000)
    sheet = body(screen)
    screen.tap("open-chart")
    screen.wait_for("game-chart")
    # The browser hears of the new address after the frame that draws the chart.
    screen.wait_route("/game/1/chart")
    screen.wait_text("chart-legend-0", r"We: 3,890")
    screen.wait_text("chart-legend-1", r"They: 3,360")
    # Both past 3000: the next round needs 120 from each.
    screen.wait_text("chart-next-round", r"We needs 120, They needs 120")
    screen.wait_fits()  # a page transition can draw a screen wider for a moment
    keep(screen, f"chart-{'dark' if dark else 'light'}", sheet)
    chart = body(screen)

    screen.go("/game/1/round/9", ready="round-picture-0")
    screen.wait_for("round-picture-1")
    screen.wait_text("round-picture-0", r"In hand")
    screen.wait_fits()
    keep(screen, f"round-detail-{'dark' if dark else 'light'}", chart)


def pick(screen: Screen, *paths: Path) -> None:
    """Taps Import and answers the browser's file chooser with `paths`."""
    with screen.page.expect_file_chooser(timeout=STEP_TIMEOUT_MS) as chooser:
        screen.tap("import-games")
    chooser.value.set_files([str(path) for path in paths])


def test_a_downloaded_backup_comes_back_and_a_damaged_file_is_refused(
    tab: Any, tmp_path: Path
) -> None:
    screen = tab()
    screen.open("/settings", ready="backup-all")
    with screen.page.expect_download(timeout=STEP_TIMEOUT_MS) as download:
        screen.tap("backup-all")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("canasta-score-backup-") and saved.suffix == ".json"
    backup = json.loads(saved.read_text(encoding="utf-8"))
    assert backup["format"] == "canasta-score-backup/1"
    assert [len(g["rounds"]) for g in backup["games"]] == [10, 4]

    damaged = tmp_path / "damaged.json"
    damaged.write_text(saved.read_text(encoding="utf-8")[:-200], encoding="utf-8")
    pick(screen, damaged)
    screen.wait_text("import-outcome", r"damaged\.json is not valid JSON: .*; nothing was imported")

    pick(screen, saved)
    # Each game keeps its identity: restored where it already is, it is not added twice.
    screen.wait_text("import-outcome", r"Every game in canasta-score-backup-.* is here already")
    # Two files in one pick: what each came to, one under the other.
    pick(screen, damaged, saved)
    screen.wait_text(
        "import-outcome",
        r"(?s)damaged\.json is not valid JSON.*Every game in canasta-score-backup-",
    )
    screen.go("/", ready="game-2")
    screen.wait_gone("game-3")


def test_a_file_too_large_for_the_servers_socket_is_refused_by_its_size_and_the_next_comes(
    tab: Any, tmp_path: Path
) -> None:
    """A picked file used to travel inside one message of the page's socket: one over the
    server's limit (16 MiB) closed it, and the phone was told nothing."""
    screen = tab()
    screen.open("/settings", ready="import-games")
    holiday = tmp_path / "holiday.mp4"
    holiday.write_bytes(b"\0" * (17 * 1024 * 1024))
    pick(screen, holiday)
    screen.wait_text("import-outcome", r"holiday\.mp4 is 17\.8 MB: too large to be a backup")
    # Not ours, yet small enough: it comes to the server on its own, and is read.
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(b"\xff\xd8" + b"\0" * (3 * 1024 * 1024))
    pick(screen, photo)
    screen.wait_text("import-outcome", r"photo\.jpg is not a text file .*; nothing was imported")


def test_a_game_menu_exports_the_game_its_score_sheet_and_its_result(
    tab: Any, tmp_path: Path
) -> None:
    screen = tab()
    screen.open("/game/2", ready="game-menu")
    screen.tap("game-menu")
    with screen.page.expect_download(timeout=STEP_TIMEOUT_MS) as download:
        screen.tap("menu-export-game")
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert document["format"] == "canasta-score/1"
    assert [side["name"] for side in document["sides"]] == ["We", "They"]
    assert len(document["rounds"]) == 4

    screen.wait_gone("menu-export-game")
    screen.tap("game-menu")
    with screen.page.expect_download(timeout=STEP_TIMEOUT_MS) as download:
        screen.tap("menu-csv")
    sheet = tmp_path / download.value.suggested_filename
    download.value.save_as(sheet)
    assert sheet.suffix == ".csv"
    lines = sheet.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "round,We score,We total,They score,They total"
    assert lines[-1] == "total,,5800,,-740"

    # The exported game file comes back in through the same Import as a backup.
    screen.wait_gone("menu-csv")
    screen.go("/settings", ready="import-games")
    pick(screen, exported)
    screen.wait_text("import-outcome", r"Every game in canasta-game-2-.* is here already")

    screen.go("/game/2", ready="game-menu")
    screen.tap("game-menu")
    # The message passes (4 s): what the page says is noted as it comes, and waited for after.
    screen.watch_for("Result copied")
    screen.tap("menu-copy-result")
    screen.wait_said("Result copied")
    copied = screen.page.evaluate("navigator.clipboard.readText()")
    assert copied.splitlines() == [
        "Canasta: Classic, Nov 28, 2026",
        "We (Anna, Ben): 5,800",
        "They (Cleo, Dan): -740",
        "We won after 4 rounds.",
    ]


def test_the_games_menu_closes_on_the_browsers_back_and_on_a_reload(tab: Any) -> None:
    screen = tab()
    screen.open("/", ready="game-2")
    screen.go("/game/2", ready="game-menu")
    screen.tap("game-menu")
    screen.wait_for("menu-csv")
    screen.page.go_back()
    screen.wait_route("/")
    screen.wait_for("game-2")
    screen.wait_gone("menu-csv")

    screen.go("/game/2", ready="game-menu")
    screen.tap("game-menu")
    screen.wait_for("menu-csv")
    screen.reload(ready="game-menu")
    screen.wait_gone("menu-csv")
    screen.tap("game-menu")  # and it opens again as before
    screen.wait_for("menu-csv")


def test_why_a_file_was_refused_is_brought_into_sight_at_large_text(
    app_server: AppServer, large_text_phone: Any, tmp_path: Path
) -> None:
    """Reviewed at twice the text in German: the reasons of a refused import were written
    below the screen's foot, one line peeking in; the page now scrolls them into sight."""
    app_server.start()
    screen: Screen = large_text_phone(app_server, 32, {"width": 360, "height": 640}, "de-DE")
    screen.open("/settings", ready="backup-all")
    screen.wait_for("text-scale-2.0")
    damaged = tmp_path / "kaputt.json"
    damaged.write_text('{"format": "canasta-score/1", "sides": [', encoding="utf-8")
    # The button low on the screen, as a thumb finds it after scrolling down to it.
    screen.scroll_to("import-games", band=(0.7, 0.8))
    pick(screen, damaged)
    screen.wait_text("import-outcome", r"kaputt\.json")
    screen.wait_still("import-outcome", polls=4, every_ms=250)
    # Flutter clips a node's box to the screen: all of it was in sight if scrolling further
    # down shows no more of it.
    shown = screen.wait_for("import-outcome").bounding_box()
    screen.page.mouse.move(180, 320)
    screen.page.mouse.wheel(0, 600)
    screen.wait_still("import-outcome", polls=4, every_ms=250)
    whole = screen.wait_for("import-outcome").bounding_box()
    assert shown is not None and whole is not None
    assert whole["height"] <= shown["height"] + 1, f"below the foot: {shown} of {whole}"


def test_a_tap_on_a_game_tile_beside_its_delete_button_opens_the_game(tab: Any) -> None:
    """The tile's part that opens the game stops where its delete button's column begins: a
    tap above or below that button (the tile's right-hand edge, out of the button's reach)
    did nothing. Anywhere on the tile but the button itself opens the game."""
    screen = tab()
    screen.open("/", ready="game-2-delete")
    tile = screen.bring_into_sight("game-2")
    screen.wait_still("game-2")
    button = screen.node("game-2-delete").bounding_box()
    whole = tile.bounding_box()
    assert whole["y"] + 6 < button["y"], "no room above the delete button to tap"
    screen.page.mouse.click(button["x"] + button["width"] / 2, whole["y"] + 3)
    screen.wait_route("/game/2")
    screen.wait_for("game-menu")

    # The button itself deletes the game, and opens nothing.
    screen.go("/", ready="game-2-delete")
    screen.watch_for("Game deleted")
    screen.tap("game-2-delete")
    screen.wait_said("Game deleted")
    screen.wait_gone("game-2")
    screen.settle()  # a game opened too would be on its way by now
    assert screen.route() == "/"
    assert screen.has("new-game"), screen.ids()
