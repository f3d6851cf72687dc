"""A page of sides' and players' names at the sizes the app draws them, each on a line of its
own as wide as Flutter lays it out, for `test_laid_out_widths.py` to measure.

Started as the app is (`AppServer`): it prints its address once it serves.
"""

from __future__ import annotations

import socket
import sys
import threading
import time

import flet as ft

#: Names of the six languages' tables, a player's line, a minimum's words, and the narrowest
#: and widest letters, at the sizes the sheet and round entry draw names and players.
NAMES = (
    "Großeltern",
    "Nachbarskinder",
    "Bedsteforældre",
    "Isovanhemmat",
    "Friedrich-Wilhelm,",
    "Anna-Lena",
    "Mor\xa0og\xa0Far",
    "Maximilian",
    "Oma",
    "Jan\xa0Willem, Anne\xa0Marie",
    "mind. 50 zum Auslegen",
    "WWWWWW",
    "iiiiiiiiiiii",
)
SIZES = (8, 9, 10, 12, 14, 16, 20, 28)


def identifier(size: int, bold: bool, name: int) -> str:
    return f"w-{size}-{int(bold)}-{name}"


def main(page: ft.Page) -> None:
    page.scroll = ft.ScrollMode.AUTO
    page.add(
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Semantics(
                            identifier=identifier(size, bold, index),
                            content=ft.Text(
                                name,
                                size=size,
                                weight=ft.FontWeight.BOLD if bold else None,
                                no_wrap=True,
                            ),
                        )
                    ]
                )
                for size in SIZES
                for bold in (False, True)
                for index, name in enumerate(NAMES)
            ],
            spacing=0,
        )
    )


def announce(port: int) -> None:
    """The address, once the server takes connections."""
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    print(f"Canasta Score: http://127.0.0.1:{port}", flush=True)


if __name__ == "__main__":
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    threading.Thread(target=announce, args=(port,), daemon=True).start()
    ft.run(main, view=ft.AppView.WEB_BROWSER, port=port, host="127.0.0.1", no_cdn=True)
    sys.exit(0)
