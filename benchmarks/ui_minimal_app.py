"""The smallest Flet web app, served like Canasta Score: the yardstick for its cold start.

.venv/bin/python benchmarks/ui_minimal_app.py PORT
"""

from __future__ import annotations

import sys

import flet as ft


def main(page: ft.Page) -> None:
    page.title = "Minimal"
    page.add(ft.Semantics(identifier="ready", content=ft.Text("Ready", size=32)))


if __name__ == "__main__":
    ft.run(
        main,
        host="127.0.0.1",
        port=int(sys.argv[1]),
        view=ft.AppView.WEB_BROWSER,
        no_cdn=True,
        assets_dir=None,
    )
