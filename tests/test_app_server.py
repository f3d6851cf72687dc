"""Starting the web app: served offline, token-free on loopback, token-gated on the network."""

from __future__ import annotations

import os
import re
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from examples import game_file
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from canasta_score.app import TOKEN_PARAMETER, TokenGate, is_loopback, options
from canasta_score.i18n import translator

ROOT = Path(__file__).resolve().parent.parent
URL_LINE = re.compile(r"Canasta Score: (http://\S+)")
START_TIMEOUT = 30


@dataclass
class RunningApp:
    process: subprocess.Popen[str]
    printed_url: str
    port: int
    log: Path
    #: What it printed up to its link.
    first_lines: list[str] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def token(self) -> str | None:
        match = re.search(rf"[?&]{TOKEN_PARAMETER}=([^&\s]+)", self.printed_url)
        return match.group(1) if match else None


def start_app(*args: str, web: bool = True, **variables: str) -> RunningApp:
    """`main.py --web` in a subprocess on a port the OS picks; returns once it printed its URL.

    `variables` are set in its environment (e.g. a `DISPLAY`; none by default)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env |= variables
    command = [sys.executable, str(ROOT / "main.py"), *(["--web"] if web else [])]
    log = Path(tempfile.mkstemp(prefix="canasta-app-", suffix=".log")[1])
    with log.open("w") as errors:
        process = subprocess.Popen(
            [*command, "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            env=env,
            cwd=tempfile.gettempdir(),  # the app must not depend on the working directory
        )
    assert process.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + START_TIMEOUT
    seen = []
    while time.monotonic() < deadline:
        if not selector.select(timeout=deadline - time.monotonic()):
            break
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        match = URL_LINE.search(line)
        if match:
            url = match.group(1)
            port = urlsplit(url).port
            assert port is not None, url
            return RunningApp(process, url, port, log, seen)
    process.kill()
    process.wait()
    raise AssertionError(
        f"the app printed no URL within {START_TIMEOUT} s; stdout: {''.join(seen)!r}; "
        f"stderr: {log.read_text()!r}"
    )


def stop_app(app: RunningApp) -> int:
    app.process.send_signal(signal.SIGINT)
    try:
        code = app.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        app.process.kill()
        app.process.wait()
        raise AssertionError("the app did not stop within 15 s of Ctrl-C") from None
    finally:
        if app.process.stdout:
            app.process.stdout.close()
    return code


@pytest.fixture(scope="module")
def loopback_app() -> Iterator[RunningApp]:
    app = start_app()
    yield app
    stop_app(app)


@pytest.fixture(scope="module")
def network_app() -> Iterator[RunningApp]:
    app = start_app("--host", "0.0.0.0")
    yield app
    stop_app(app)


def ws_url(app: RunningApp, query: str = "") -> str:
    return f"ws://127.0.0.1:{app.port}/ws{query}"


def websocket_status(url: str, cookie: str | None = None) -> int:
    """101 when the websocket opens, else the HTTP status the server answered with."""
    headers = {"Cookie": cookie} if cookie else None
    try:
        with connect(url, additional_headers=headers, open_timeout=10):
            return 101
    except InvalidStatus as refused:
        return refused.response.status_code


# Paths a browser asks for: the page, a client route, the bootstrap script, the client,
# the renderer, the fonts manifest.
PATHS = [
    "/",
    "/game/1",
    "/flutter_bootstrap.js",
    "/main.dart.js",
    "/canvaskit/canvaskit.wasm",
    "/assets/FontManifest.json",
]


def test_options_default_to_the_loopback_web_address() -> None:
    args = options([])
    assert (args.host, args.port, args.db, args.web) == ("127.0.0.1", 8550, None, False)
    args = options(["--web", "--host", "0.0.0.0", "--port", "8701", "--db", "x.db"])
    assert (args.host, args.port, args.db, args.web) == ("0.0.0.0", 8701, "x.db", True)


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.0.1.1", True),
        ("::1", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.20", False),
        ("canasta.local", False),
    ],
)
def test_only_loopback_hosts_go_without_a_token(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_loopback_serving_prints_a_plain_local_url(loopback_app: RunningApp) -> None:
    assert loopback_app.printed_url == f"http://127.0.0.1:{loopback_app.port}/"


@pytest.mark.parametrize("path", PATHS)
def test_loopback_serves_page_and_assets_without_a_token(
    loopback_app: RunningApp, path: str
) -> None:
    response = httpx.get(loopback_app.base + path, timeout=10)
    assert response.status_code == 200, path


def test_loopback_websocket_opens_without_a_token(loopback_app: RunningApp) -> None:
    assert websocket_status(ws_url(loopback_app)) == 101


def test_the_web_client_is_served_without_a_cdn(loopback_app: RunningApp) -> None:
    page = httpx.get(loopback_app.base + "/", timeout=10).text
    assert "flet.noCdn=true" in page
    assert "Canasta Score" in page


def test_network_serving_prints_a_url_with_a_long_random_token(network_app: RunningApp) -> None:
    token = network_app.token
    assert token is not None, network_app.printed_url
    assert len(token) >= 32
    assert not urlsplit(network_app.printed_url).hostname.startswith("0.0.0.0")  # type: ignore[union-attr]


def test_network_serving_prints_the_link_as_a_qr_code_below_it(network_app: RunningApp) -> None:
    from canasta_score.invite import terminal_qr

    expected = terminal_qr(network_app.printed_url)
    assert network_app.process.stdout is not None
    below = [network_app.process.stdout.readline() for _ in range(1 + expected.count("\n"))]
    assert "scan the code" in below[0]
    assert "".join(below[1:]) == expected  # tests/test_invite.py: that drawing is the link's code


def test_two_servers_get_different_tokens(network_app: RunningApp) -> None:
    other = start_app("--host", "0.0.0.0")
    try:
        assert other.token and other.token != network_app.token
    finally:
        stop_app(other)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("query", ["", "?token=", "?token=wrong", "?tok=x"])
def test_network_refuses_page_and_assets_without_the_token(
    network_app: RunningApp, path: str, query: str
) -> None:
    response = httpx.get(network_app.base + path + query, timeout=10)
    assert response.status_code == 403, path + query
    assert "access token" in response.text


def test_network_refuses_a_wrong_cookie(network_app: RunningApp) -> None:
    cookie = f"canasta_score_token_{network_app.port}=wrong"
    response = httpx.get(network_app.base + "/", headers={"Cookie": cookie}, timeout=10)
    assert response.status_code == 403


@pytest.mark.parametrize("query", ["", "?token=wrong"])
def test_network_refuses_the_websocket_without_the_token(
    network_app: RunningApp, query: str
) -> None:
    assert websocket_status(ws_url(network_app, query)) == 403


def test_the_token_link_sets_a_cookie_and_drops_the_token_from_the_address(
    network_app: RunningApp,
) -> None:
    response = httpx.get(
        network_app.printed_url.replace(
            urlsplit(network_app.printed_url).netloc, f"127.0.0.1:{network_app.port}"
        ),
        timeout=10,
    )
    assert response.status_code == 303
    assert response.headers["location"] == "/"
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"canasta_score_token_{network_app.port}={network_app.token};")
    assert "HttpOnly" in cookie


def test_the_token_link_keeps_other_query_parameters(network_app: RunningApp) -> None:
    response = httpx.get(f"{network_app.base}/game/3?lang=nl&token={network_app.token}", timeout=10)
    assert response.status_code == 303
    assert response.headers["location"] == "/game/3?lang=nl"


@pytest.mark.parametrize("path", PATHS)
def test_with_the_cookie_page_and_assets_are_served(network_app: RunningApp, path: str) -> None:
    with httpx.Client(base_url=network_app.base, timeout=10, follow_redirects=True) as browser:
        first = browser.get(f"/?token={network_app.token}")
        assert first.status_code == 200 and "flet.noCdn=true" in first.text
        assert browser.get(path).status_code == 200, path


def test_with_the_cookie_the_websocket_opens(network_app: RunningApp) -> None:
    cookie = f"canasta_score_token_{network_app.port}={network_app.token}"
    assert websocket_status(ws_url(network_app), cookie=cookie) == 101


def test_with_the_token_in_its_query_the_websocket_opens(network_app: RunningApp) -> None:
    assert websocket_status(ws_url(network_app, f"?token={network_app.token}")) == 101


def test_the_gate_lets_lifespan_events_through() -> None:
    seen = []

    async def inner(scope, receive, send):  # type: ignore[no-untyped-def]
        seen.append(scope["type"])

    import asyncio
    import threading

    gate = TokenGate(inner, "t", 1)
    # A thread of its own: the browser journeys' Playwright keeps a loop in the main thread.
    thread = threading.Thread(target=asyncio.run, args=(gate({"type": "lifespan"}, None, None),))  # type: ignore[arg-type]
    thread.start()
    thread.join()
    assert seen == ["lifespan"]


def test_the_first_lines_say_what_runs_the_link_how_the_phones_join_and_how_to_stop(
    loopback_app: RunningApp,
) -> None:
    assert loopback_app.process.stdout is not None
    after = [loopback_app.process.stdout.readline() for _ in range(3)]
    said = "".join(loopback_app.first_lines + after)
    assert said == (
        f"Canasta Score: {loopback_app.printed_url}\n"
        "The app runs in the browser, on this computer only: open the link above.\n"
        "For the phones at the table, start it with: python main.py --web --host 0.0.0.0\n"
        "Ctrl+C stops it.\n"
    )


def test_the_first_lines_are_in_the_language_of_the_command_line() -> None:
    german = start_app(LANG="de_DE.UTF-8", LANGUAGE="", LC_ALL="", LC_MESSAGES="")
    try:
        assert german.process.stdout is not None
        what = german.process.stdout.readline().strip()
        assert what == translator("de")._(
            "The app runs in the browser, on this computer only: open the link above."
        )
        assert "im Browser" in what
    finally:
        stop_app(german)


def test_serving_the_network_with_a_display_serves_the_browser_app(tmp_path: Path) -> None:
    """A desktop window reaches no phone: no window, no download of its client, the link."""
    app = start_app(
        "--host",
        "0.0.0.0",
        web=False,
        DISPLAY=":99",
        HOME=str(tmp_path),  # no desktop client in its cache
        FLET_CLIENT_URL="http://127.0.0.1:9/flet.tar.gz",  # were it fetched, it would fail
    )
    try:
        assert app.token is not None
        assert app.process.stdout is not None
        assert "served to the phones" in app.process.stdout.readline()
    finally:
        assert stop_app(app) == 0
    said = "".join(app.first_lines) + app.log.read_text()
    assert "one-time" not in said and "Traceback" not in said, said


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--desktop", "--host", "0.0.0.0"], "cannot be served to the phones; use --web"),
        (["--desktop", "--web"], "not allowed with argument"),
    ],
)
def test_the_desktop_window_where_it_cannot_be_fails_in_one_line(
    args: list[str], said: str
) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        env=os.environ | {"DISPLAY": ":99", "LANG": "C.UTF-8", "LANGUAGE": ""},
        timeout=60,
    )
    assert done.returncode == 2
    assert said in done.stderr.splitlines()[-1], done.stderr
    assert "Traceback" not in done.stderr and not done.stdout


@pytest.mark.parametrize(
    "url", ["postgresql://u:secret@host:abc/db", "postgresql+psycopg://u@[::1/db"]
)
@pytest.mark.parametrize("named_by", ["--db", "CANASTA_SCORE_DB"])
def test_a_malformed_database_url_is_refused_in_one_line(url: str, named_by: str) -> None:
    by_option = named_by == "--db"
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--web", *(["--db", url] if by_option else [])],
        capture_output=True,
        text=True,
        env=os.environ
        | {"LANG": "C.UTF-8", "LANGUAGE": ""}
        | ({} if by_option else {"CANASTA_SCORE_DB": url}),
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("Canasta Score: The game database") and "cannot be used" in line
    assert "secret" not in line and not done.stdout


def test_ctrl_c_stops_the_server_quietly() -> None:
    app = start_app()
    code = stop_app(app)
    assert code == 0
    assert "Traceback" not in app.log.read_text()


WORKED_EXAMPLE_GAME = game_file(
    sides=[{"name": "We", "players": ["Anna", "Ben"]}, {"name": "They", "players": ["Cleo"]}]
)


def test_games_deleted_while_the_app_ran_are_purged_when_it_closes(tmp_path: Path) -> None:
    from canasta_score import storage

    db_path = tmp_path / "games.db"
    db = storage.open_database(db_path)
    [kept] = storage.import_document(db=db, document=WORKED_EXAMPLE_GAME | {"uid": "kept-game"})
    [deleted] = storage.import_document(db=db, document=WORKED_EXAMPLE_GAME | {"uid": "gone-game"})
    storage.delete_game(db=db, game_id=deleted)
    db.close()

    app = start_app("--db", str(db_path))
    assert stop_app(app) == 0, app.log.read_text()

    db = storage.open_database(db_path)
    try:
        assert [game.id for game in storage.list_games(db=db)] == [kept]
        with pytest.raises(storage.GameNotFound):
            storage.restore_game(db=db, game_id=deleted)  # gone for good, not just hidden
    finally:
        db.close()


def test_a_busy_port_is_reported_with_a_way_out() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
        done = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--web", "--port", str(port)],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
    assert done.returncode != 0
    assert "Canasta Score:" not in done.stdout  # no URL promised that does not work
    assert f"port {port}" in done.stderr and "--port" in done.stderr


def test_the_flet_controls_of_the_screens_are_found_for_loading_early(tmp_path: Path) -> None:
    from canasta_score.app import flet_names_used

    (tmp_path / "screen.py").write_text(
        "import flet as ft\nx = ft.Column([ft.Text('a')], alignment=ft.MainAxisAlignment.END)\n"
    )
    assert flet_names_used(tmp_path) == {"Column", "Text", "MainAxisAlignment"}
    assert {"View", "Text"} <= flet_names_used(ROOT / "canasta_score" / "ui")


def test_processes_behind_one_proxy_share_the_token_named_for_them_even_on_loopback() -> None:
    shared = "a-token-the-operator-named-for-the-club-0123456789"
    first = start_app("--host", "127.0.0.1", CANASTA_SCORE_TOKEN=shared)
    second = start_app("--host", "127.0.0.1", CANASTA_SCORE_TOKEN=shared)
    try:
        assert first.token == second.token == shared
        assert httpx.get(first.base + "/", timeout=10).status_code == 403  # loopback: gated too
        with httpx.Client(base_url=first.base, timeout=10) as browser:
            browser.get(f"/?token={shared}")
            admitted = browser.cookies.get("canasta_score_token")
        assert admitted == shared  # one cookie, whatever process the proxy picks
        cookie = {"canasta_score_token": shared}
        assert httpx.get(second.base + "/", cookies=cookie, timeout=10).status_code == 200
    finally:
        stop_app(first)
        stop_app(second)


def test_each_browser_gets_a_mark_of_its_own_and_its_page_knows_it(
    loopback_app: RunningApp,
) -> None:
    page = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}  # as a browser asks
    first = httpx.get(loopback_app.base + "/", headers=page, timeout=10)
    second = httpx.get(loopback_app.base + "/", headers=page, timeout=10)
    marks = [response.cookies.get("canasta_score_phone") for response in (first, second)]
    assert all(mark and len(mark) >= 12 for mark in marks) and marks[0] != marks[1]
    again = httpx.get(
        loopback_app.base + "/",
        headers=page,
        cookies={"canasta_score_phone": marks[0]},
        timeout=10,
    )
    assert "canasta_score_phone" not in again.cookies, "a browser keeps the mark it has"


def test_the_mark_of_a_browser_reaches_the_start_of_its_page() -> None:
    import asyncio
    import threading

    from canasta_score.app import PhoneMark
    from canasta_score.ui.connection import BROWSER_PHONE

    seen: list[str] = []

    async def inner(scope, receive, send):  # type: ignore[no-untyped-def]
        seen.append(BROWSER_PHONE.get())

    marked = PhoneMark(inner)
    sockets = [
        {"type": "websocket", "headers": [(b"cookie", b"canasta_score_phone=abcdefgh1234")]},
        {"type": "websocket", "headers": [(b"cookie", b"canasta_score_phone=<script>")]},
        {"type": "websocket", "headers": []},
    ]

    async def connect() -> None:
        for scope in sockets:
            await marked(scope, None, None)  # type: ignore[arg-type]

    thread = threading.Thread(target=asyncio.run, args=(connect(),))
    thread.start()
    thread.join()
    assert seen == ["abcdefgh1234", "", ""], "a malformed mark is no mark"


def test_a_first_visit_gets_its_mark_once_from_the_page_not_from_each_file() -> None:
    """The page and its files are asked for at once on a first visit: each response that
    set a mark of its own changed the phone's mark under the page (its half-typed round
    then belonged to another phone at the next reload)."""
    import asyncio

    from canasta_score.app import PhoneMark

    async def inner(scope, receive, send):  # type: ignore[no-untyped-def]
        await send({"type": "http.response.start", "status": 200, "headers": []})

    marked = PhoneMark(inner)
    page = {"type": "http", "path": "/", "headers": [(b"accept", b"text/html,*/*;q=0.8")]}
    files = [
        {"type": "http", "path": "/flutter_bootstrap.js", "headers": [(b"accept", b"*/*")]},
        {"type": "http", "path": "/manifest.json", "headers": []},
    ]
    cookies: dict[str, list[bytes]] = {}

    async def visit() -> None:
        for scope in [page, *files]:
            sent: list[bytes] = []

            async def send(message, sent=sent):  # type: ignore[no-untyped-def]
                sent.extend(v for k, v in message.get("headers", []) if k == b"set-cookie")

            await marked(scope, None, send)  # type: ignore[arg-type]
            cookies[scope["path"]] = sent

    asyncio.run(visit())
    assert len(cookies["/"]) == 1 and cookies["/"][0].startswith(b"canasta_score_phone=")
    assert cookies["/flutter_bootstrap.js"] == [] and cookies["/manifest.json"] == []
