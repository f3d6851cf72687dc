"""Starting the app: command-line options, then a desktop window or the web app."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550


def options(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="main.py", description="Canasta Score")
    parser.add_argument("--web", action="store_true", help="serve the web app, even with a display")
    parser.add_argument("--host", default=DEFAULT_HOST, help="address to serve on (web mode)")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help="port to serve on (web mode)"
    )
    parser.add_argument(
        "--db", metavar="PATH", help="database file (default: the app's data folder)"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    import flet as ft

    args = options(argv)
    web = args.web or not os.environ.get("DISPLAY")

    def view(page: ft.Page) -> None:
        page.title = "Canasta Score"
        page.add(ft.Text("Canasta Score", size=32))

    if web:
        print(f"Canasta Score: http://{args.host}:{args.port}", flush=True)
        ft.run(
            view,
            host=args.host,
            port=args.port,
            view=ft.AppView.WEB_BROWSER,
            no_cdn=True,
            assets_dir=os.path.join(os.path.dirname(os.path.dirname(__file__)), "assets"),
        )
    else:
        ft.run(view)
    return 0
