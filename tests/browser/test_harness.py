"""The journeys' own promises: they fail, never skip, when the browser is missing."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import AppServer, Screen, chromium_executable
from examples import game_file

pytestmark = pytest.mark.browser


def test_a_missing_chromium_fails_with_the_way_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("conftest.os.access", lambda path, mode: False)
    monkeypatch.setattr("conftest.shutil.which", lambda name: None)
    with pytest.raises(pytest.fail.Exception, match="make chromium"):
        chromium_executable()


def test_the_installed_chromium_is_found() -> None:
    assert chromium_executable().endswith("chromium")


#: Drops what the page sends its app about `value` (its new value, the change event), the
#: first `times` times: a keystroke Flutter took but never passed on.
LOSE_SENT = """([value, times]) => {
    const wanted = new TextEncoder().encode(value);
    const send = WebSocket.prototype.send;
    window.lost = 0;
    WebSocket.prototype.send = function (data) {
        const bytes = new Uint8Array(data);
        const holds = bytes.some((_, at) => wanted.every((b, i) => bytes[at + i] === b));
        if (holds && window.lost < times) {
            window.lost += 1;
            return;
        }
        return send.call(this, data);
    };
}"""


def test_a_value_typed_that_never_reached_the_app_is_typed_again(
    app_server: AppServer, open_screen: Any
) -> None:
    """`fill` waits until the app is sent the value, not only until the field shows it: a
    keystroke put back or lost between Flutter and the app is typed again."""
    app_server.import_games(game_file([]))
    app_server.start()
    phone: Screen = open_screen(app_server)
    phone.open("/game/1", ready="add-round")
    phone.tap("add-round")
    phone.wait_for("side-0-melded")
    phone.page.evaluate(LOSE_SENT, ["12345", 2])
    phone.fill("side-0-melded", "12345")
    assert phone.page.evaluate("window.lost") == 2, "the first typing's messages were lost"
    phone.wait_text("side-0-round-score", r"12,345")
