"""Starting the app: command-line options, then a desktop window or the web app."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import gc
import importlib
import ipaddress
import logging
import os
import re
import secrets
import socket
import sys
import threading
from collections.abc import Awaitable, Callable, Sequence
from http.cookies import SimpleCookie
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlencode

from canasta_score.cli.parsing import HelpInLanguage
from canasta_score.cli.reading import refuse, words
from canasta_score.core.problems import N_
from canasta_score.invite import (
    SERVE_COMMAND,
    TOKEN_PARAMETER,
    invite_link,
    public_link,
    terminal_qr,
)

if TYPE_CHECKING:
    import flet as ft

    from canasta_score.storage import DeviceMemory

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550
ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def port_number(text: str) -> int:
    """A TCP port from the command line: 0 (any free port) to 65535; any other number, or a
    word, is refused in the user's language (argparse says which option).

    >>> port_number("8550"), port_number("0")
    (8550, 0)
    """
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        said = words()._("a port is a number from 0 to 65535, got {text}")
        raise argparse.ArgumentTypeError(said.format(text=repr(text)))
    return port


def options(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The options of `main.py`; its help in the user's language (LANGUAGE, LC_ALL, LANG)."""
    parser = argparse.ArgumentParser(
        prog="main.py", description="Canasta Score", formatter_class=HelpInLanguage
    )
    window = parser.add_mutually_exclusive_group()
    window.add_argument(
        "--web",
        action="store_true",
        help=N_("the app in the browser, even with a display (needs nothing more)"),
    )
    window.add_argument(
        "--desktop",
        action="store_true",
        help=N_(
            "the desktop window only: fail rather than open the browser when its client "
            "(a one-time download) cannot be had"
        ),
    )
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=N_(
            "address to serve on; any address other than loopback, such as 0.0.0.0 for the "
            "phones on the local network, serves the browser app and asks for the access "
            "token printed at start"
        ),
    )
    parser.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        help=N_("port to serve on (web mode; 0: any free)"),
    )
    parser.add_argument(
        "--db",
        metavar="PATH|URL",
        help=N_("database file or PostgreSQL URL (default: in the app's data folder)"),
    )
    return parser.parse_args(argv)


def has_display() -> bool:
    """Whether a desktop window can open here (Windows and macOS always have a screen).

    Inside an app packaged by `flet build` (a phone, a tablet), Flet sets `FLET_PLATFORM`
    and its own client is the screen: never serve the web app from there.
    """
    if sys.platform in ("win32", "darwin") or os.environ.get("FLET_PLATFORM"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def is_loopback(host: str) -> bool:
    """Whether `host` is only reachable from this machine, so it needs no access token.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name: it may resolve to anything


def network_address() -> str:
    """This machine's address on the local network, for the URL to type on a phone."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # a UDP "connect" sends nothing
            address: str = probe.getsockname()[0]
        except OSError:
            return socket.gethostname()
    return address


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((DEFAULT_HOST, 0))
        port: int = probe.getsockname()[1]
    return port


class TokenGate:
    """Refuses every page, asset and socket without the access token, as Jupyter does.

    The token arrives once in the query string of the printed URL; the answer is a redirect
    that drops it from the address bar and sets a cookie, which every later request (the
    client's assets and its websocket) carries.
    """

    def __init__(self, app: ASGIApp, token: str, port: int | None) -> None:
        self.app = app
        self.token = token
        # Cookies ignore ports: each server its own, unless several share one token (and one
        # address, behind a proxy), when a phone admitted by one is admitted by every one.
        self.cookie_name = "canasta_score_token" if port is None else f"canasta_score_token_{port}"

    def _matches(self, candidate: str | None) -> bool:
        return candidate is not None and secrets.compare_digest(
            candidate.encode(), self.token.encode()
        )

    def _cookie_token(self, scope: Scope) -> str | None:
        for name, value in scope.get("headers", []):
            if name == b"cookie":
                jar: SimpleCookie = SimpleCookie()
                try:
                    jar.load(value.decode("latin-1"))
                except Exception:
                    continue
                if self.cookie_name in jar:
                    return jar[self.cookie_name].value
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)  # lifespan
            return
        if self._matches(self._cookie_token(scope)):
            await self.app(scope, receive, send)
            return
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        given = dict(query).get(TOKEN_PARAMETER)
        if self._matches(given):
            if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
                await self._redirect_with_cookie(scope, query, send)
            else:
                await self.app(scope, receive, send)
            return
        await self._refuse(scope, receive, send)

    async def _redirect_with_cookie(
        self, scope: Scope, query: list[tuple[str, str]], send: Send
    ) -> None:
        rest = urlencode([(k, v) for k, v in query if k != TOKEN_PARAMETER])
        location = scope.get("root_path", "") + scope["path"] + (f"?{rest}" if rest else "")
        cookie = f"{self.cookie_name}={self.token}; Path=/; HttpOnly; SameSite=Lax"
        await send(
            {
                "type": "http.response.start",
                "status": 303,
                "headers": [
                    (b"location", location.encode("latin-1")),
                    (b"set-cookie", cookie.encode("latin-1")),
                    (b"cache-control", b"no-store"),
                    (b"content-length", b"0"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": b""})

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008})  # answered as HTTP 403
            return
        body = (
            b"Canasta Score: this address needs its access token. Open the link printed "
            b"where the app was started (it ends in ?token=...).\n"
        )
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [
                    (b"content-type", b"text/plain; charset=utf-8"),
                    (b"content-length", str(len(body)).encode()),
                    (b"cache-control", b"no-store"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


class AroundTheSocket:
    """An ASGI layer with something to do around a page's socket; other requests pass."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self.socket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)


class QuietWhenClientLeaves(AroundTheSocket):
    """Treats a phone that reloads or sleeps in the middle of an update as normal, not an error.

    Flet's socket handler lets the disconnect escape as an exception, which uvicorn prints as
    a traceback on the console of whoever started the app.
    """

    async def socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        from starlette.websockets import WebSocketDisconnect

        with contextlib.suppress(WebSocketDisconnect):
            await self.app(scope, receive, send)


class BrowserLanguages(AroundTheSocket):
    """Keeps the languages a browser sends with its page's socket for that page's start.

    The page starts on a task of the socket's, so it sees them (`ui.connection`) and draws
    its first screen in the browser's language without a round trip to the device.
    """

    async def socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        from canasta_score.i18n import accepted_languages
        from canasta_score.ui.connection import BROWSER_LANGUAGES

        header = dict(scope.get("headers") or ()).get(b"accept-language", b"")
        languages = accepted_languages(header.decode("latin-1"))
        token = BROWSER_LANGUAGES.set(tuple(languages))
        try:
            await self.app(scope, receive, send)
        finally:
            BROWSER_LANGUAGES.reset(token)


#: The cookie that marks one browser as one phone of the table (`ui.connection.BROWSER_PHONE`).
PHONE_COOKIE = "canasta_score_phone"


def phone_cookie(scope: Scope) -> str | None:
    """The phone's mark from a request's cookies, if it has a well-formed one."""
    for name, value in scope.get("headers") or ():
        if name == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            with contextlib.suppress(Exception):
                jar.load(value.decode("latin-1"))
            if PHONE_COOKIE in jar:
                mark = jar[PHONE_COOKIE].value
                if 8 <= len(mark) <= 64 and mark.replace("-", "").replace("_", "").isalnum():
                    return mark
    return None


def _asks_for_a_page(scope: Scope) -> bool:
    """Whether a request asks for a page (a browser's navigation), not one of its files."""
    for name, value in scope.get("headers") or ():
        if name == b"accept":
            return b"text/html" in value
    return False


class PhoneMark:
    """Gives each browser a mark of its own on its first visit (a cookie kept ten years), and
    hands the mark of the browser whose page's socket connects to that page's start."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        from canasta_score.ui.connection import BROWSER_PHONE

        mark = phone_cookie(scope)
        if scope["type"] == "websocket":
            token = BROWSER_PHONE.set(mark or "")
            try:
                await self.app(scope, receive, send)
            finally:
                BROWSER_PHONE.reset(token)
            return
        if scope["type"] != "http" or mark is not None or not _asks_for_a_page(scope):
            # Only the page itself gives a first visit its mark: its files, asked for at the
            # same moment, would each give another one, and the mark would change under it.
            await self.app(scope, receive, send)
            return
        cookie = (
            f"{PHONE_COOKIE}={secrets.token_urlsafe(12)}; Path=/; Max-Age=315360000; SameSite=Lax"
        ).encode("latin-1")

        async def marked(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {
                    **message,
                    "headers": [*message.get("headers", []), (b"set-cookie", cookie)],
                }
            await send(message)

        await self.app(scope, receive, marked)


class ClientLeftIsNoError(logging.Filter):
    """Drops Flet's warning, with a traceback, for a client that closed its tab or reloaded.

    Flet 1.0.5 expects Starlette's WebSocketDisconnect there; newer Starlette raises
    WebSocketDisconnected instead, so every closed tab printed a traceback on the console.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return type(error).__name__ not in ("WebSocketDisconnect", "WebSocketDisconnected")


def purge_deleted_games(db_path: str | None) -> None:
    """Forget for good the games deleted (and not restored) while the app was open; on a
    database other server processes share, those deleted a day ago (a phone of another process
    may still offer to restore one deleted now)."""
    from datetime import timedelta

    from canasta_score import storage

    try:
        db = storage.open_database(db_path)
        try:
            shared = db.backend.shared
            storage.purge_deleted(db=db, older_than=timedelta(days=1) if shared else None)
        finally:
            db.close()
    except Exception as error:  # closing must not fail over housekeeping
        said = words()._("could not remove deleted games: {error}").format(error=error)
        print(f"Canasta Score: {said}", file=sys.stderr)


def screens(
    db_path: str | None,
    invite: str | None = None,
    languages: tuple[str, ...] = (),
    memory: DeviceMemory | None = None,
) -> Callable[[ft.Page], None]:
    """The app's entry for each page (each browser tab, or the window): the screens.

    `invite` is the link for the other phones (with its token) when serving the network.
    `languages`: what the first screen speaks where no browser says it (the desktop window:
    the machine's own language, until the device answers). `memory`: where the one device
    this process serves (the window, the phone package) left what it said last, which its
    first screen is drawn in.
    """

    def start_page(page: ft.Page) -> None:
        from canasta_score.ui import start
        from canasta_score.ui.connection import BROWSER_LANGUAGES, DEVICE_CHOSEN, DEVICE_COPY

        said = languages
        if memory is not None:
            remembered = memory.recall()
            said = remembered.languages or languages
            DEVICE_CHOSEN.set(tuple(remembered.settings.items()))
        if said:
            BROWSER_LANGUAGES.set(said)
        DEVICE_COPY.set(memory)
        start(page, db_path=db_path, invite=invite)

    return start_page


def load_screens(db_path: str | None = None) -> None:
    """Loads the screens and opens the database while the browser is still fetching the
    client (about a second).

    Otherwise the first page pays for it once the client has connected: importing the screens
    (0.3 s here) and the Flet controls they use, which Flet imports on first use (0.1 s),
    opening the database (checking the file, its schema) and its first reads (SQLAlchemy
    compiles each statement once), and Babel with the English date forms the first sheet
    shows (0.15 s). A failure is left for the first page to meet and report.
    """
    try:
        with contextlib.suppress(Exception):
            _load_first_screens(db_path)
    finally:
        # What start-up loaded stays for the process's life: set aside from the collector,
        # which now runs as usual.
        gc.freeze()
        gc.enable()


def _load_first_screens(db_path: str | None) -> None:
    """The first screens' modules, the open database and its first reads, the Flet controls and
    the number and date forms the first sheet uses."""
    import flet as ft

    from canasta_score.ui import open_store

    for module in (
        "shell",
        "store",
        "news",
        "views",
        "views.home",
        "views.sheet",
        "views.round_entry",
    ):
        importlib.import_module(f"canasta_score.ui.{module}")
    store = open_store(db_path)
    # The first screen's reads: the game in play (the sheet's) and the game list (home's).
    in_play = store.unfinished_game()
    if in_play is not None:
        store.load_game(in_play.id)
    store.list_games()
    for name in flet_names_used(Path(__file__).parent / "ui"):
        getattr(ft, name, None)
    from canasta_score.i18n import translator

    english = translator("en")
    english.number(1450)
    english.date(datetime.date.today())


def flet_names_used(folder: Path) -> set[str]:
    """The `ft.X` names the code under `folder` uses (also in its comments: a name loaded
    for nothing costs less than parsing every screen's source at each start did, 0.2 s)."""
    names = set()
    for source in folder.rglob("*.py"):
        names.update(_FLET_NAME.findall(source.read_text(encoding="utf-8")))
    return names


#: `ft.Name` in a module's text.
_FLET_NAME = re.compile(r"\bft\.([A-Za-z_]\w*)")


def web_client_cache() -> Path:
    """Where the compressed copies of the web client are kept (made once, at first use)."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("canasta-score")) / "web-client"


def web_app(
    db_path: str | None,
    token: str | None,
    port: int,
    cache_dir: Path | None = None,
    invite: str | None = None,
) -> ASGIApp:
    """The web client and its websocket as one ASGI app, behind the token gate if given.

    The client goes out compressed and with cache headers (`canasta_score.web_client`).
    """
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web import get_package_web_dir
    from flet_web.fastapi import FastAPI
    from flet_web.fastapi import app as flet_app

    from canasta_score.ui.late_answers import drop_late_sends
    from canasta_score.uploads import FileReceiver
    from canasta_score.web_client import LightClient, client_files, client_tag

    drop_late_sends()
    web_dir = Path(get_package_web_dir())

    async def compress_client() -> None:
        asyncio.get_running_loop().create_task(light.warm(client_files(web_dir)))

    app = FastAPI(on_startup=[compress_client], on_shutdown=[lambda: purge_deleted_games(db_path)])
    app.mount(
        "/",
        flet_app(
            screens(db_path, invite),
            assets_dir=str(ASSETS_DIR) if ASSETS_DIR.is_dir() else None,
            app_name="Canasta Score",
            app_short_name="Canasta",
            app_description="Scores for real Canasta games",
            web_renderer=WebRenderer.AUTO,
            route_url_strategy=RouteUrlStrategy.PATH,
            no_cdn=True,  # the table may have no internet: serve CanvasKit and fonts ourselves
        ),
    )
    tag = client_tag([web_dir, ASSETS_DIR])
    light = LightClient(app, cache_dir or web_client_cache(), tag)
    quiet = QuietWhenClientLeaves(BrowserLanguages(PhoneMark(FileReceiver(light))))
    if token is None:
        return quiet
    shared = token == os.environ.get("CANASTA_SCORE_TOKEN")  # one cookie for every process
    return TokenGate(quiet, token, None if shared else port)


def serve_web(host: str, port: int, db_path: str | None, open_browser: bool) -> None:
    # Python's cycle collector would walk the objects of every module imported before the
    # first sheet again and again (a fifth of that CPU): it waits until they are loaded.
    gc.disable()
    import uvicorn

    logging.getLogger("flet_web.fastapi").addFilter(ClientLeftIsNoError())
    if port == 0:
        port = free_port()
    # Several server processes behind one proxy share the token the operator names, and ask
    # for it even on loopback (the proxy brings the network to them): docs/SERVER.md.
    shared_token = os.environ.get("CANASTA_SCORE_TOKEN") or None
    token = shared_token or (None if is_loopback(host) else secrets.token_urlsafe(24))
    url_host = host if host not in ("0.0.0.0", "::", "") else network_address()
    url = invite_link(url_host, port, token)
    # Behind a proxy the phones open its address, not this process's (docs/SERVER.md).
    public = os.environ.get("CANASTA_SCORE_PUBLIC_URL")
    invite = public_link(public, token) if public else (url if token is not None else None)

    def announce() -> None:
        for line in web_start_lines(url, to_network=token is not None):
            print(line, flush=True)
        if open_browser:
            import webbrowser

            # A browser command may wait for the browser: not on the server's loop.
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    class AnnouncingServer(uvicorn.Server):
        """Prints the URL once the socket listens, so whoever reads it can connect at once."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                announce()
                threading.Thread(target=load_screens, args=(db_path,), daemon=True).start()

    config = uvicorn.Config(
        web_app(db_path, token, port, invite=invite),
        host=host,
        port=port,
        log_level="warning",
        ws="websockets-sansio",
        lifespan="on",
        # Flet keeps the handler of a socket that closed before registering a page waiting
        # forever; do not let that hold up Ctrl-C.
        timeout_graceful_shutdown=3,
    )
    server = AnnouncingServer(config)
    try:
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: the server already shut down
            server.run()
    except SystemExit:
        if not server.started:
            print(
                words()
                ._(
                    "Canasta Score could not serve on {host} port {port}. "
                    "Is it running already? Another port: --port N"
                )
                .format(host=host, port=port),
                file=sys.stderr,
            )
        raise


def web_start_lines(url: str, *, to_network: bool) -> list[str]:
    """The first lines `main.py` prints when it serves the browser app, in the user's language:
    the link first (tests and scripts wait for `Canasta Score: http://...` as the first line),
    then what runs, how the phones join (served to them: the link's QR code) and how to stop."""
    t = words()
    if to_network:
        return [
            f"Canasta Score: {url}",
            t._(
                "The app runs in the browser, served to the phones at the table: open this link "
                "on each phone (or scan the code); it carries the access key."
            ),
            terminal_qr(url).removesuffix("\n"),
            t._("Ctrl+C stops it."),
        ]
    return [
        f"Canasta Score: {url}",
        t._("The app runs in the browser, on this computer only: open the link above."),
        t._("For the phones at the table, start it with: {command}").format(command=SERVE_COMMAND),
        t._("Ctrl+C stops it."),
    ]


def desktop_start_lines() -> list[str]:
    """The first lines `main.py` prints when it opens the desktop window."""
    t = words()
    return [
        t._("Canasta Score opens its desktop window."),
        t._("For the phones at the table, start it with: {command}").format(command=SERVE_COMMAND),
        t._("Closing the window stops it."),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """The app from a computer's command line (a browser tab starts at `in_browser.run`)."""
    args = options(argv)
    from canasta_score import storage

    try:  # a malformed URL is told here, in one line, not by a traceback in the first page
        storage.check_location(args.db)
    except storage.StorageError as error:
        return refuse([f"Canasta Score: {words().said(error.notice)}"])
    to_network = not is_loopback(args.host)
    if args.desktop and (to_network or not has_display()):
        why = (
            words()._("the desktop window cannot be served to the phones; use --web")
            if to_network
            else words()._("there is no display here for the desktop window; use --web")
        )
        return refuse([f"Canasta Score: {why}"])
    # A desktop window reaches no phone: serving the network means the browser app.
    if args.web or to_network or not has_display():
        serve_web(args.host, args.port, args.db, open_browser=args.web and has_display())
        return 0

    from canasta_score.desktop_client import fetch_desktop_client

    try:
        missing = fetch_desktop_client()
    except KeyboardInterrupt:  # Ctrl+C during the download: stopped, as asked
        return 130
    if missing is not None:
        if args.desktop:
            said = words()._(
                "the desktop window cannot open: its one-time download failed ({reason}); "
                "without --desktop the app opens in the browser instead"
            )
            return refuse([f"Canasta Score: {said.format(reason=missing)}"])
        said = words()._(
            "the desktop window cannot open: its one-time download failed ({reason}); the "
            "app opens in the browser instead"
        )
        print(f"Canasta Score: {said.format(reason=missing)}", file=sys.stderr, flush=True)
        serve_web(args.host, args.port, args.db, open_browser=True)
        return 0

    import flet as ft

    for line in desktop_start_lines():
        print(line, flush=True)
    # Its first screen in what its device said last, else in the machine's language, as the
    # lines above: not English until the window's device says its own.
    from canasta_score.i18n import cli_language

    machine = cli_language(os.environ)
    memory = storage.this_device_memory()
    ft.run(screens(args.db, languages=(machine,), memory=memory), assets_dir=str(ASSETS_DIR))
    purge_deleted_games(args.db)
    return 0
