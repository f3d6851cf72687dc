"""The names' measure (`name_width`) against the widths Flutter lays names out at in the
browser: never narrower, or a name judged to fit breaks its last letter onto a line of its
own ("Großelter / n" at 12 px, "Friedrich-Wilhelm / ," at 8.5 px), and not much wider, or
names are cut and made smaller that fit.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import AppServer, Screen
from laid_out_app import NAMES, SIZES, identifier

from canasta_score.ui.components.names import name_width

pytestmark = pytest.mark.browser


@pytest.fixture
def names_page(app_server: AppServer, monkeypatch: pytest.MonkeyPatch) -> AppServer:
    import conftest

    launcher = Path(__file__).with_name("laid_out_app.py")
    monkeypatch.setattr(conftest, "APP_COMMAND", [sys.executable, str(launcher)])
    return app_server.start()


def test_a_names_measure_holds_what_flutter_lays_out(
    names_page: AppServer, open_screen: Any
) -> None:
    screen: Screen = open_screen(names_page)
    screen.open("/", ready=identifier(SIZES[-1], True, len(NAMES) - 1))
    widths = screen.page.evaluate(
        """() => Object.fromEntries(Array.from(
            document.querySelectorAll('[flt-semantics-identifier^="w-"]'),
            node => [node.getAttribute('flt-semantics-identifier'),
                     node.getBoundingClientRect().width]))"""
    )
    short, loose = [], []
    for size in SIZES:
        for bold in (False, True):
            for index, name in enumerate(NAMES):
                laid_out = widths[identifier(size, bold, index)]
                measured = name_width(name, size)
                if measured < laid_out - 0.01:
                    short.append(f"{name!r} at {size} px: {measured:.2f} < {laid_out:.2f}")
                if measured > laid_out * 1.05 + 0.5:
                    loose.append(f"{name!r} at {size} px: {measured:.2f} > {laid_out:.2f}")
    assert len(widths) == len(SIZES) * 2 * len(NAMES)
    assert not short, "\n".join(short)
    assert not loose, "\n".join(loose)
