"""The journeys' own promises: they fail, never skip, when the browser is missing."""

from __future__ import annotations

import pytest
from conftest import chromium_executable

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
