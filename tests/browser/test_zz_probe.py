from __future__ import annotations

from typing import Any

from conftest import AppServer, Screen

TREE = """(id) => { const n = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return n ? n.outerHTML.replace(/style="[^"]*"/g, '').slice(0, 3000) : 'none'; }"""


def test_probe(app_server: AppServer, open_screen: Any) -> None:
    app_server.start()
    phone: Screen = open_screen(app_server, locale="da-DK")
    phone.open("/settings", ready="language")
    print(phone.page.evaluate(TREE, "language"))
    phone.open("/new", ready="start-game")
    print(phone.page.evaluate(TREE, "first-dealer"))
    print([i for i in phone.ids() if "deal" in i])
    raise AssertionError("probe")
