"""Flet's counter app, the yardstick of benchmarks/web_app_bench.py (built the same way as
the web app, so the difference is the app's own)."""

import flet as ft


def main(page: ft.Page) -> None:
    count = ft.Text("0", size=40)

    def add() -> None:
        count.value = str(int(count.value or "0") + 1)
        page.update()

    page.add(
        ft.Semantics(
            identifier="counter",
            label="Counter",
            content=ft.Row([count, ft.IconButton(ft.Icons.ADD, on_click=add)]),
        )
    )


ft.run(main)
