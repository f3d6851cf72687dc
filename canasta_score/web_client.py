"""The web client, light on the table's Wi-Fi: compressed, and cached by the phones.

An ASGI layer in front of Flet's web app (it sits behind the token gate, so a refused
request never reaches it):

- **Compression.** A file the browser can take compressed (Accept-Encoding) is sent brotli-
  or gzip-compressed. Each file is compressed once, on the first request for it, into a cache
  folder keyed by the file's ETag, so later phones and later starts of the app reuse it.
  The compressed answer has its own ETag (`"<etag>-br"`), and `Vary: Accept-Encoding`.
  A kept copy is sent as soon as Flet's headers (a HEAD) name it, so Flet never reads the
  file itself for it: 5 ms of the server's CPU for main.dart.wasm instead of 35 ms.
  The copies are made as the server starts, heaviest first; copies of an earlier client
  go once they have been unused for a month.
- **Versioned client.** The page points the Flutter loader at `/client-<tag>/` for the
  client's code, the renderer and the assets, where the tag changes whenever Flet's web
  client or the app's assets change. Those answers are cached for a year
  (`immutable`); the page itself, the manifest, the bootstrap script and anything else
  carry `no-cache`, so a phone checks them with its ETag (a 304 costs a few hundred bytes).
- **Fonts used.** Flutter fetches and registers every font its manifest lists before it
  starts the app; the versioned manifest lists the fonts the app draws with alone, the
  Material icons and Roboto (`fonts_used`), as in the web app's build. The others, the maths
  fonts of Markdown formulas and the Cupertino icons, are drawn by no screen: 21 files,
  0.9 MB, and 0.19 s of a cold start here.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import os
import re
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

IMMUTABLE = b"public, max-age=31536000, immutable"
REVALIDATE = b"no-cache"
#: Smaller answers are not worth compressing (headers alone are a few hundred bytes).
MIN_SIZE = 1024
#: Brotli quality 5: 8.5 MB of main.dart.wasm to 2.5 MB in half a second here (11 takes
#: minutes on this machine for 2 % less); gzip at level 6 for browsers without brotli.
BROTLI_QUALITY = 5
GZIP_LEVEL = 6
COMPRESSIBLE = re.compile(
    rb"^(text/|application/(javascript|json|wasm|manifest\+json|xml)|image/svg\+xml"
    rb"|font/(otf|ttf)|application/(x-font-ttf|x-font-otf|vnd\.ms-fontobject))"
)
#: Kept copies of files no longer served (an earlier Flet client) go after 30 days unused.
STALE_AFTER_S = 30 * 24 * 3600
ENCODING_SUFFIX = re.compile(r'-(br|gzip)"$')
#: Where Flutter finds the fonts to load before it starts.
FONT_MANIFEST = "assets/FontManifest.json"
#: The font families of Flet's client the app draws with: its icons, and its text font where
#: the manifest names it (Flet's server adds Roboto to the manifest it serves; without it
#: Flutter fetches Roboto from its fallback address, which the web app's build provides).
FONTS_USED = ("MaterialIcons", "Roboto")


class FontsMissing(ValueError):
    """Flet's font manifest lists none of the fonts the app draws with."""


def fonts_used(manifest: str) -> str:
    """Flutter's font manifest with the fonts the app draws with alone (`FONTS_USED`): Flutter
    loads every font listed as it starts, and the app uses neither the maths fonts of Markdown
    formulas nor the Cupertino icons.

    >>> fonts_used('[{"family": "MaterialIcons", "fonts": []}, {"family": "x", "fonts": []}]')
    '[{"family": "MaterialIcons", "fonts": []}]'
    """
    families = [family for family in json.loads(manifest) if family["family"] in FONTS_USED]
    if not families:
        raise FontsMissing("FontManifest.json lists no MaterialIcons")
    return json.dumps(families)


def unused_font_files(web_dir: Path) -> set[str]:
    """The files of the fonts `fonts_used` leaves out, as named under `web_dir`."""
    try:
        families = json.loads((web_dir / FONT_MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    return {
        f"assets/{font['asset']}"
        for family in families
        if family["family"] not in FONTS_USED
        for font in family.get("fonts", [])
    }


def client_files(web_dir: Path) -> list[str]:
    """The files of Flet's web client a browser may fetch and that compress well.

    Everything but the Python-in-the-browser runtime (`pyodide/`, unused when the app is
    served), debugging symbols and source maps, the renderers Flutter keeps for tests, and
    the fonts the app's manifest leaves out (`fonts_used`).
    """
    skipped_folders = ("pyodide/", "canvaskit/experimental_webparagraph/")
    skipped_suffixes = (".symbols", ".map", ".png", ".woff2", ".bin")
    unused = unused_font_files(web_dir)
    names = []
    for path in sorted(web_dir.rglob("*")):
        name = path.relative_to(web_dir).as_posix()
        if not path.is_file() or name.startswith(skipped_folders) or "wimp" in name:
            continue
        if name in unused:
            continue
        if name.endswith(skipped_suffixes) or path.stat().st_size < MIN_SIZE:
            continue
        names.append(name)
    # What Chromium's phones load first (dart2wasm and skwasm), then Safari's (dart2js and
    # CanvasKit), then the rest.
    first = [
        "main.dart.wasm",
        "canvaskit/skwasm.wasm",
        "assets/fonts/MaterialIcons-Regular.otf",
        "main.dart.js",
        "canvaskit/canvaskit.wasm",
    ]
    return sorted(names, key=lambda name: first.index(name) if name in first else len(first))


def client_tag(folders: Iterable[Path | None]) -> str:
    """A short name that changes whenever a file in the folders does (names, sizes, times)."""
    digest = hashlib.sha256()
    for folder in folders:
        if folder is None or not folder.is_dir():
            continue
        for root, dirs, files in os.walk(folder):
            dirs.sort()
            for name in sorted(files):
                path = Path(root, name)
                stat = path.stat()
                digest.update(
                    f"{path.relative_to(folder)}:{stat.st_size}:{stat.st_mtime_ns}\n".encode()
                )
    return digest.hexdigest()[:12]


def accepted_encoding(scope: Scope) -> str | None:
    """`br` or `gzip`, the best the request accepts (a `q=0` refuses), else None.

    >>> accepted_encoding({"headers": [(b"accept-encoding", b"gzip, deflate, br, zstd")]})
    'br'
    >>> accepted_encoding({"headers": [(b"accept-encoding", b"br;q=0, gzip")]})
    'gzip'
    >>> accepted_encoding({"headers": []}) is None
    True
    """
    accepted: dict[str, float] = {}
    for name, value in scope.get("headers", []):
        if name != b"accept-encoding":
            continue
        for item in value.decode("latin-1").split(","):
            coding, _, params = item.strip().partition(";")
            quality = 1.0
            match = re.search(r"q=([0-9.]+)", params)
            if match:
                try:
                    quality = float(match.group(1))
                except ValueError:
                    quality = 0.0
            accepted[coding.strip().lower()] = quality
    for coding in ("br", "gzip"):
        if accepted.get(coding, accepted.get("*", 0.0)) > 0:
            return coding
    return None


def compress(data: bytes, coding: str) -> bytes:
    if coding == "br":
        import brotli

        compressed: bytes = brotli.compress(data, quality=BROTLI_QUALITY)
        return compressed
    return gzip.compress(data, GZIP_LEVEL, mtime=0)


def header(headers: list[tuple[bytes, bytes]], name: bytes) -> bytes | None:
    for key, value in headers:
        if key == name:
            return value
    return None


def with_headers(
    headers: list[tuple[bytes, bytes]], **changes: bytes | None
) -> list[tuple[bytes, bytes]]:
    """The headers with each named one (underscores for dashes) set, or dropped if None."""
    names = {key.replace("_", "-").encode(): value for key, value in changes.items()}
    kept = [(key, value) for key, value in headers if key not in names]
    return kept + [(key, value) for key, value in names.items() if value is not None]


class LightClient:
    """Compression and cache headers for the web client (see the module's description)."""

    def __init__(self, app: ASGIApp, cache_dir: Path, tag: str) -> None:
        self.app = app
        self.cache_dir = cache_dir
        self.tag = tag
        self.prefix = f"/client-{tag}/"
        #: The font manifest Flet serves, with the fonts the app draws with alone.
        self._fonts: bytes | None = None
        self._locks: dict[str, anyio.Lock] = {}
        #: The kept copies this run has served or made: the others may be stale.
        self.used: set[Path] = set()

    # --- the page: point the loader at the versioned client ---------------------------------

    def versioned_page(self, body: bytes) -> bytes:
        """Flet's page with the client's code, renderer and assets under the versioned prefix."""
        text = body.decode("utf-8")
        for setting in ("entrypointBaseUrl", "assetBase"):
            text = text.replace(f'flet.{setting}="/";', f'flet.{setting}="{self.prefix}";')
        text = text.replace(
            'flet.canvasKitBaseUrl="/canvaskit/";',
            f'flet.canvasKitBaseUrl="{self.prefix}canvaskit/";',
        )
        return text.encode("utf-8")

    # --- the ASGI call ----------------------------------------------------------------------

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        versioned = path.startswith(self.prefix)
        if versioned:
            rest = "/" + path[len(self.prefix) :]
            scope = dict(scope, path=rest, raw_path=rest.encode("latin-1"))
            if rest == "/" + FONT_MANIFEST:
                fonts = await self._fonts_manifest(scope)
                if fonts is not None:
                    await self._send_fonts(fonts, scope, send)
                    return
        coding = accepted_encoding(scope)
        # The ETag of a compressed answer names its coding; Flet knows only the plain one.
        headers = []
        revalidated = None
        for name, value in scope.get("headers", []):
            if name == b"if-none-match":
                text = value.decode("latin-1")
                found = ENCODING_SUFFIX.search(text)
                revalidated = found.group(1) if found else None
                value = ENCODING_SUFFIX.sub('"', text).encode("latin-1")
            headers.append((name, value))
        scope = dict(scope, headers=headers)
        await Answer(self, scope, send, coding, versioned, revalidated).run(receive)

    async def _fonts_manifest(self, scope: Scope) -> bytes | None:
        """The font manifest Flet serves, with the fonts used alone (asked once); None where
        Flet's own is to go out as it is (no manifest, or none of those fonts in it)."""
        if self._fonts is None:
            status, body = await fetch(self.app, dict(scope, method="GET", headers=[]))
            try:
                if status == 200:
                    self._fonts = fonts_used(body.decode("utf-8")).encode()
            except (ValueError, KeyError, TypeError):  # FontsMissing is a ValueError
                return None
        return self._fonts

    async def _send_fonts(self, body: bytes, scope: Scope, send: Send) -> None:
        """The font manifest of the versioned client, kept by the phone like the client."""
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"cache-control", IMMUTABLE),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send(
            {"type": "http.response.body", "body": body if scope["method"] == "GET" else b""}
        )

    # --- the compressed copies --------------------------------------------------------------

    async def warm(self, names: Iterable[str]) -> None:
        """Makes the compressed copies of the client's files now, one after the other.

        Started with the server, so the first phone finds them ready; a phone asking meanwhile
        waits for the file being made, never twice. A file already kept costs a look at Flet's
        headers (its ETag), not a read of both copies (0.4 s of the server's time while the
        first phone fetches the client); once all are listed, their ledger spares even that
        (the server's CPU to the first sheet, median of 9 starts: 1.44 s against 1.59 s).
        """
        listed = await anyio.to_thread.run_sync(self._listed)
        if listed:
            self.used.update(listed)  # a start after the first: not even Flet's headers
        else:

            async def drop(message: Message) -> None:
                pass

            for name in names:
                try:
                    if await self._kept(name):
                        continue
                    await self(self._request(name, "GET"), _no_request_body(), drop)
                except Exception:
                    continue  # a file Flet cannot serve: the phones will not ask for it either
            await anyio.to_thread.run_sync(self._list_kept)
        await anyio.to_thread.run_sync(self.prune)

    @property
    def ledger(self) -> Path:
        """The list of this client's kept copies, written after each full pass of `warm`; a
        file that could not be made there is not listed, and is made when a phone asks."""
        return self.cache_dir / f"client-{self.tag}.kept"

    def _listed(self) -> list[Path]:
        """The kept copies the ledger of this client lists, if every one of them is there."""
        try:
            listed = [self.cache_dir / name for name in self.ledger.read_text().split()]
        except (OSError, UnicodeError):
            return []
        if not all(kept.is_file() for kept in listed):
            return []  # one was removed: look at each file again
        return [self.ledger, *listed]

    def _list_kept(self) -> None:
        kept = sorted(path.name for path in self.used if path.parent == self.cache_dir)
        self._keep(self.ledger, "\n".join(kept).encode())
        self.used.add(self.ledger)

    async def _kept(self, name: str) -> bool:
        """Whether the Brotli copy of a client file as Flet serves it now is kept already."""
        start = await head(self.app, dict(self._request(name, "HEAD"), path="/" + name))
        etag = header(start["headers"], b"etag") if start and start["status"] == 200 else None
        if etag is None:
            return False
        cached = self.cached_path("/" + name, etag.decode("latin-1"), "br")
        if not cached.is_file():
            return False
        self.used.add(cached)
        return True

    def _request(self, name: str, method: str) -> Scope:
        path = self.prefix + name
        return {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": path,
            "raw_path": path.encode("latin-1"),
            "root_path": "",
            "query_string": b"",
            "headers": [(b"accept-encoding", b"br"), (b"host", b"127.0.0.1")],
            "server": ("127.0.0.1", 80),
            "client": ("127.0.0.1", 0),
        }

    def prune(self, max_age_s: float = STALE_AFTER_S) -> list[Path]:
        """Removes the kept copies unused this run and older than `max_age_s` (an old client's)."""
        removed = []
        now = time.time()
        for kept in self.cache_dir.glob("*.*"):
            try:
                if kept in self.used or now - kept.stat().st_mtime < max_age_s:
                    continue
                kept.unlink()
                removed.append(kept)
            except OSError:
                continue
        return removed

    def cached_path(self, path: str, etag: str, coding: str) -> Path:
        key = hashlib.sha256(f"{path}\n{etag}".encode()).hexdigest()[:32]
        return self.cache_dir / f"{key}.{'br' if coding == 'br' else 'gz'}"

    async def compressed(self, path: str, etag: str, coding: str, body: bytes) -> bytes:
        """The compressed body, from the cache folder or made now (once) and kept there."""
        cached = self.cached_path(path, etag, coding)
        self.used.add(cached)
        lock = self._locks.setdefault(str(cached), anyio.Lock())
        async with lock:
            if cached.is_file():
                with contextlib.suppress(OSError):  # unreadable: make it again
                    return await anyio.to_thread.run_sync(cached.read_bytes)
            data = await anyio.to_thread.run_sync(compress, body, coding)
            await anyio.to_thread.run_sync(self._keep, cached, data)
        self._locks.pop(str(cached), None)
        return data

    def _keep(self, cached: Path, data: bytes) -> None:
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=cached.parent, prefix=".part-")
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, cached)
        except OSError:
            pass  # no cache folder: compress again next time


class Answer:
    """One answer of Flet's web app, held back until its headers say what to do with it."""

    def __init__(
        self,
        client: LightClient,
        scope: Scope,
        send: Send,
        coding: str | None,
        versioned: bool,
        revalidated: str | None,
    ) -> None:
        self.client = client
        self.scope = scope
        self.send = send
        self.coding = coding
        self.versioned = versioned
        #: The coding named by the ETag the browser revalidates (`"...-br"`), if any.
        self.revalidated = revalidated
        self.start: Message | None = None
        self.parts: list[bytes] = []
        self.holding = False

    async def run(self, receive: Receive) -> None:
        if self.coding and self.scope["method"] == "GET" and await self._sent_kept_copy():
            return
        await self.client.app(self.scope, receive, self.relay)

    async def _sent_kept_copy(self) -> bool:
        """Sends the compressed copy kept for this file, if there is one, without Flet
        reading the file itself: its headers alone (a HEAD) say which copy is current.

        Flet would send the whole file in 64 KB pieces, each read on a worker thread; for the
        client's 12 MB that is some 200 hops of the server's loop, slowed further while the
        screens load on their own thread, as the first phone waits for the client.
        """
        found = await head(self.client.app, dict(self.scope, method="HEAD"))
        if found is None:
            return False
        start = dict(found, headers=self._headers(found))
        etag = header(start["headers"], b"etag")
        if etag is None or not self._worth_compressing(start):
            return False
        assert self.coding is not None
        cached = self.client.cached_path(self.scope["path"], etag.decode("latin-1"), self.coding)
        try:
            body = await anyio.to_thread.run_sync(cached.read_bytes)
        except OSError:
            return False  # not made yet (or gone): Flet's answer, compressed as it comes
        self.client.used.add(cached)
        await self._send_compressed(start, body, self.coding)
        return True

    def _headers(self, start: Message) -> list[tuple[bytes, bytes]]:
        headers: list[tuple[bytes, bytes]] = list(start.get("headers", []))
        cache = IMMUTABLE if self.versioned and start["status"] in (200, 304) else REVALIDATE
        return with_headers(headers, cache_control=cache)

    def _compressible(self, start: Message) -> bool:
        headers = start.get("headers", [])
        kind = header(headers, b"content-type") or b""
        return bool(COMPRESSIBLE.match(kind)) and header(headers, b"content-encoding") is None

    def _worth_compressing(self, start: Message) -> bool:
        """Whether this answer goes out compressed: a whole client file the browser takes
        compressed, of a kind that compresses and big enough to gain (the page aside)."""
        headers = start["headers"]
        kind = header(headers, b"content-type") or b""
        length = int(header(headers, b"content-length") or 0)
        return (
            bool(self.coding)
            and self.scope["method"] == "GET"
            and start["status"] == 200
            and not kind.startswith(b"text/html")
            and length >= MIN_SIZE
            and self._compressible(start)
        )

    async def relay(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            start = dict(message, headers=self._headers(message))
            headers = start["headers"]
            if self._compressible(start):
                headers = with_headers(headers, vary=b"Accept-Encoding")
            kind = header(headers, b"content-type") or b""
            etag = header(headers, b"etag")
            page = (
                kind.startswith(b"text/html")
                and start["status"] == 200
                and self.scope["method"] == "GET"
            )
            if page or self._worth_compressing(start):
                self.start = dict(start, headers=headers)
                self.holding = True
                return
            if start["status"] == 304 and self.revalidated and etag is not None:
                headers = with_headers(
                    headers, etag=self._etag(etag, self.revalidated), vary=b"Accept-Encoding"
                )
            await self.send(dict(start, headers=headers))
            return
        if message["type"] == "http.response.body" and self.holding:
            self.parts.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            await self._finish(b"".join(self.parts))
            return
        await self.send(message)

    @staticmethod
    def _etag(etag: bytes, coding: str) -> bytes:
        text = etag.decode("latin-1")
        return (text[:-1] + f'-{coding}"').encode("latin-1") if text.endswith('"') else etag

    async def _finish(self, body: bytes) -> None:
        """The held answer sent: the page pointed at the versioned client, a client file
        compressed (its kept copy, or made now and kept)."""
        assert self.start is not None
        headers: list[tuple[bytes, bytes]] = self.start["headers"]
        etag = header(headers, b"etag")
        page = (header(headers, b"content-type") or b"").startswith(b"text/html")
        if page:
            body = self.client.versioned_page(body)
        if self.coding and self._compressible(self.start) and len(body) >= MIN_SIZE:
            if etag is not None and not page:
                path = self.scope["path"]
                body = await self.client.compressed(path, etag.decode("latin-1"), self.coding, body)
            else:
                body = await anyio.to_thread.run_sync(compress, body, self.coding)
            await self._send_compressed(self.start, body, self.coding)
            return
        headers = with_headers(headers, content_length=str(len(body)).encode())
        await self.send(dict(self.start, headers=headers))
        await self.send({"type": "http.response.body", "body": body})

    async def _send_compressed(self, start: Message, body: bytes, coding: str) -> None:
        etag = header(start["headers"], b"etag")
        headers = with_headers(
            start["headers"],
            vary=b"Accept-Encoding",
            content_encoding=coding.encode(),
            etag=self._etag(etag, coding) if etag is not None else None,
            content_length=str(len(body)).encode(),
        )
        await self.send(dict(start, headers=headers))
        await self.send({"type": "http.response.body", "body": body})


async def fetch(app: ASGIApp, scope: Scope) -> tuple[int, bytes]:
    """Flet's answer to `scope`: its status (0 for none) and its whole body."""
    status, parts = 0, []

    async def collect(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            parts.append(message.get("body", b""))

    await app(scope, _no_request_body(), collect)
    return status, b"".join(parts)


async def head(app: ASGIApp, scope: Scope) -> Message | None:
    """The start of Flet's answer to `scope` asked as a HEAD (its status and headers), if any."""
    starts: list[Message] = []

    async def headers_only(message: Message) -> None:
        if message["type"] == "http.response.start":
            starts.append(message)

    await app(dict(scope, method="HEAD"), _no_request_body(), headers_only)
    return starts[0] if starts else None


def _no_request_body() -> Receive:
    """An empty request, then nothing (no disconnect) until the answer is done."""
    asked = False

    async def receive() -> Message:
        nonlocal asked
        if not asked:
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await anyio.sleep_forever()
        raise AssertionError("unreachable")

    return receive
