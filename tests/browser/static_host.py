"""A static host for the web app's journeys, as hosts serve it in the wild:

    python static_host.py PORT FOLDER [--max-age SECONDS] [--type .mjs=application/octet-stream]

`FOLDER` is read at each request (a symbolic link switched from one build to another is a
host that published a new version); `--max-age` sends `Cache-Control: max-age=N` as GitHub
Pages does (600); `--type` sends a file type as a host may (Debian 12's nginx as it comes
sends `.mjs` as `application/octet-stream`).
"""

from __future__ import annotations

import argparse
import functools
import http.server


class Handler(http.server.SimpleHTTPRequestHandler):
    max_age: int | None = None

    def end_headers(self) -> None:
        if self.max_age is not None:
            self.send_header("Cache-Control", f"max-age={self.max_age}")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("folder")
    parser.add_argument("--max-age", type=int)
    parser.add_argument("--type", action="append", default=[])
    args = parser.parse_args()
    types = dict(Handler.extensions_map)
    for pair in args.type:
        suffix, _, mime = pair.partition("=")
        types[suffix] = mime

    class Host(Handler):
        max_age = args.max_age
        extensions_map = types

    handler = functools.partial(Host, directory=args.folder)
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
