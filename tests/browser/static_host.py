"""A static host for the web app's journeys, as hosts serve it in the wild:

    python static_host.py PORT FOLDER [--max-age SECONDS] [--type .mjs=application/octet-stream]
                          [--precompressed]

`FOLDER` is read at each request (a symbolic link switched from one build to another is a
host that published a new version); `--max-age` sends `Cache-Control: max-age=N` as GitHub
Pages does (600); `--type` sends a file type as a host may (Debian 12's nginx as it comes
sends `.mjs` as `application/octet-stream`); `--precompressed` sends a file's Brotli (`.br`)
or gzip (`.gz`) copy beside it where the browser accepts that encoding, as nginx does with
`brotli_static on; gzip_static on;`.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
from typing import Any

#: The encodings of the copies beside a file, in the order a host prefers them.
COPIES = (("br", ".br"), ("gzip", ".gz"))


class Handler(http.server.SimpleHTTPRequestHandler):
    max_age: int | None = None
    precompressed = False

    def end_headers(self) -> None:
        if self.max_age is not None:
            self.send_header("Cache-Control", f"max-age={self.max_age}")
        super().end_headers()

    def send_head(self) -> Any:
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        accepted = {
            word.split(";")[0].strip()
            for word in self.headers.get("Accept-Encoding", "").split(",")
        }
        for encoding, suffix in COPIES if self.precompressed and os.path.isfile(path) else ():
            if encoding in accepted and os.path.isfile(path + suffix):
                with open(path + suffix, "rb") as copy:
                    body = copy.read()
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(path))
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Vary", "Accept-Encoding")
                self.send_header(
                    "Last-Modified", self.date_time_string(int(os.stat(path).st_mtime))
                )
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)
                return None
        return super().send_head()

    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("folder")
    parser.add_argument("--max-age", type=int)
    parser.add_argument("--type", action="append", default=[])
    parser.add_argument("--precompressed", action="store_true")
    args = parser.parse_args()
    types = dict(Handler.extensions_map)
    for pair in args.type:
        suffix, _, mime = pair.partition("=")
        types[suffix] = mime

    class Host(Handler):
        max_age = args.max_age
        precompressed = args.precompressed
        extensions_map = types

    handler = functools.partial(Host, directory=args.folder)
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
