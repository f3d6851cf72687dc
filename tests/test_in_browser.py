"""The web app's own opening in a tab (`canasta_score.in_browser`), run outside a browser."""

from __future__ import annotations

import asyncio
import importlib
import io
import json
import subprocess
import sys
import tarfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from canasta_score import in_browser, ui
from canasta_score.core import PRESETS, Game, Side
from canasta_score.storage import GameNotFound, Notice, NoticeCode, browser_disk
from canasta_score.storage.database import writing
from canasta_score.storage.paths import DATABASE_NAME
from canasta_score.storage.tables import GameRow
from canasta_score.ui.device import PREFIX

WE_THEY = (Side("We", ("Anna", "Ben")), Side("They", ("Cleo", "Dan")))


def test_a_tab_forgets_the_games_deleted_over_a_day_ago_as_it_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server forgets deleted games when it stops; a tab never stops so, and kept them all."""
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))
    store = ui.open_store()
    try:
        kept, gone = (
            store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY)).id for _ in range(2)
        )
        for game_id in (kept, gone):
            store.delete_game(game_id)
        with writing(store.db) as session:  # deleted two days ago
            row = session.get(GameRow, gone)
            assert row is not None
            row.deleted_at = datetime.now(UTC) - timedelta(days=2)
        in_browser.forget_deleted_games()
        store.restore_game(kept)  # deleted today: it can still be restored
        with pytest.raises(GameNotFound):
            store.restore_game(gone)
        assert [game.id for game in store.list_games()] == [kept]
    finally:
        ui._open_stores.pop("").close()  # type: ignore[attr-defined]


def test_a_database_that_cannot_be_used_leaves_the_opening_to_the_screens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / DATABASE_NAME).mkdir()  # a folder where the database file goes
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(folder))
    in_browser.forget_deleted_games()  # no fault reaches the tab's opening
    assert "deleted games not forgotten" in caplog.text


def archive_of(files: dict[str, str]) -> bytes:
    packed = io.BytesIO()
    with tarfile.open(fileobj=packed, mode="w:gz") as archive:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return packed.getvalue()


def test_the_second_archive_is_unpacked_at_the_first_import_of_a_package_in_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As the tab's first screen leaves SQLAlchemy and the rest for the second archive."""
    packages = tmp_path / "__pypackages__"
    packages.mkdir()
    monkeypatch.syspath_prepend(str(packages))
    fetches: list[int] = []

    def fetch() -> bytes:
        fetches.append(1)
        if len(fetches) == 1:  # the first try finds no network and no copy
            raise ImportError("packages-later.tar.gz: HTTP 0")
        return archive_of(
            {
                "__pypackages__/later_one/__init__.py": "from later_one.part import WORD\n",
                "__pypackages__/later_one/part.py": "WORD = 'unpacked'\n",
                "__pypackages__/later_two.py": "NUMBER = 2\n",
            }
        )

    finder = in_browser.PackagesLater(["later_one", "later_two"], fetch, tmp_path)
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder])
    for name in ("later_one", "later_one.part", "later_two"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    with pytest.raises(ImportError):
        importlib.import_module("not_in_either_archive")
    assert fetches == []  # a name it does not hold fetches nothing
    with pytest.raises(ImportError):
        importlib.import_module("later_one")
    assert finder in sys.meta_path  # a failed fetch is tried again at the next import
    assert importlib.import_module("later_one").WORD == "unpacked"
    assert importlib.import_module("later_two").NUMBER == 2
    assert fetches == [1, 1] and finder not in sys.meta_path  # once unpacked, for all of them


def test_an_app_module_the_first_screen_does_not_import_is_unpacked_at_its_first_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As the tab's first archive holds the app's package with the first screen's modules,
    and the second the rest of its modules (tools/build_web_app.py, FIRST_SCREEN_MODULES)."""
    package = tmp_path / "the_app"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "home.py").write_text("SHOWN = 'home'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    fetches: list[int] = []

    def fetch() -> bytes:
        fetches.append(1)
        return archive_of({"the_app/sheet.py": "from the_app.home import SHOWN\nTOTAL = 5000\n"})

    finder = in_browser.PackagesLater(["sqlalchemy", "the_app.sheet"], fetch, tmp_path)
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder])
    for name in ("the_app", "the_app.home", "the_app.sheet"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    assert importlib.import_module("the_app.home").SHOWN == "home"
    with pytest.raises(ImportError):
        importlib.import_module("the_app.nowhere")
    assert fetches == []  # the first archive's modules, and names it does not hold, fetch nothing
    assert importlib.import_module("the_app.sheet").TOTAL == 5000
    assert fetches == [1] and finder not in sys.meta_path


def test_a_tab_readies_the_first_screen_before_the_page_asks_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page starts Python's worker as it loads (tools/web_app/python.js): the games are
    held, read from the browser's storage and looked at while Flutter starts."""
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))
    store = ui.open_store()
    game_id = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY)).id
    ui._open_stores.pop("").close()  # type: ignore[attr-defined]  # the tab opens anew
    done: list[str] = []

    async def hold_the_games() -> None:
        done.append("held")

    async def mount(folder: str) -> None:
        done.append(f"mounted {folder}")

    monkeypatch.setattr(browser_disk, "hold_the_games", hold_the_games)
    monkeypatch.setattr(browser_disk, "mount", mount)
    try:
        monkeypatch.setattr(in_browser, "import_the_first_screen", lambda: done.append("imported"))
        asyncio.run(in_browser.open_the_games())
        assert done == ["held", f"mounted {in_browser.DATA_FOLDER}", "imported"]
        looked = ui._open_stores[""]  # type: ignore[attr-defined]
        assert looked.later.looked_first and not looked.later.opened  # a look, no SQLAlchemy
        assert looked.later.look.unfinished.id == game_id  # type: ignore[union-attr]
        assert ui.open_store(look_first=True) is looked  # the page's start takes it
    finally:
        ui._open_stores.pop("").close()  # type: ignore[attr-defined]


def test_a_games_file_that_cannot_be_used_is_left_for_the_page_to_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / DATABASE_NAME).mkdir()  # a folder where the database file goes
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))

    async def nothing(*_: object) -> None:
        return None

    monkeypatch.setattr(browser_disk, "hold_the_games", nothing)
    monkeypatch.setattr(browser_disk, "mount", nothing)
    asyncio.run(in_browser.open_the_games())  # no fault reaches the worker's start
    assert "" not in ui._open_stores  # type: ignore[attr-defined]  # start() meets it, and says


def test_a_second_tab_is_told_the_games_are_open_in_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def held_elsewhere() -> None:
        raise browser_disk.OpenInAnotherTab()

    shown: list[Notice] = []
    monkeypatch.setattr(ui, "show_unusable_database", lambda _page, notice: shown.append(notice))
    monkeypatch.setattr(ui, "start", lambda *_, **__: pytest.fail("the app opened anyway"))
    asyncio.run(in_browser.start_page(object(), held_elsewhere()))  # type: ignore[arg-type]
    assert [notice.code for notice in shown] == [NoticeCode.OPEN_IN_ANOTHER_TAB]


#: Draws home as a tab does once Flutter asks (`in_browser.start_page`): the first screen's
#: modules imported and the games file looked at before, then the page of a Flet session on a
#: connection that packs what it sends. Says which Flet modules the drawing imported.
DRAW_HOME = """
import asyncio, json, sys
import msgpack
import flet as ft
import flet.app  # the tab's Flet is running
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
import canasta_score.runtime
canasta_score.runtime.IN_BROWSER = True
import canasta_score.ui.shell, canasta_score.ui.views.home
from canasta_score import in_browser
from canasta_score.ui import open_store, start

class Packing(Connection):
    def __init__(self):
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.page_url = "http://127.0.0.1:8000/"
        self.sent = []
        self.pack = configure_encode_object_for_msgpack(BaseControl)
    def send_message(self, message):
        self.sent.append(msgpack.packb([message.action, message.body], default=self.pack))

async def draw():
    open_store(sys.argv[1], look_first=True)
    if sys.argv[2] == "ready":
        in_browser.import_the_first_screen()
    before = set(sys.modules)
    connection = Packing()
    connection.loop = asyncio.get_running_loop()
    session = Session(connection)
    session.apply_page_patch({"width": 390, "height": 844, "web": True, "pyodide": True})
    msgpack.packb(session.get_page_patch(), default=connection.pack)  # registered, as Flet answers
    flet.app._context_page.set(session.page)
    assert start(session.page, db_path=sys.argv[1], look_first=True) is not None
    await session.after_event(session.page)
    assert any(b"new-game" in sent for sent in connection.sent), "home not sent"
    return sorted(m for m in set(sys.modules) - before if m.startswith("flet"))

print(json.dumps(asyncio.run(draw())))
"""


def flet_modules_drawing_home_imports(path: Path, ready: bool) -> list[str]:
    drawn = subprocess.run(
        [sys.executable, "-c", DRAW_HOME, str(path), "ready" if ready else "as-is"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert drawn.returncode == 0, drawn.stderr
    return json.loads(drawn.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def test_the_first_screen_controls_are_imported_before_flutter_asks_for_the_screen(
    tmp_path: Path,
) -> None:
    """Each Flet module the home screen is drawn with is imported while Flutter starts, not
    after it asks for the first screen; for home with no game and with games of every kind."""
    from test_first_look import games_of_every_kind

    empty, kept = tmp_path / "empty.db", tmp_path / "kept.db"
    games_of_every_kind(kept)  # a game in play, and a history
    assert "flet.controls.material.filled_button" in flet_modules_drawing_home_imports(
        empty, ready=False
    )
    assert flet_modules_drawing_home_imports(empty, ready=True) == []
    assert flet_modules_drawing_home_imports(kept, ready=True) == []


def test_a_tab_reads_the_browsers_languages_for_its_first_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The worker's `navigator.languages`, most wanted first; none where the browser cannot
    say, and the first screen still opens (in English, until the device says them)."""
    import types

    page_js = types.ModuleType("js")
    page_js.navigator = types.SimpleNamespace(languages=["da-DK", "en-US"])  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", page_js)
    assert in_browser.browser_languages() == ("da-DK", "en-US")
    page_js.navigator = types.SimpleNamespace()  # type: ignore[attr-defined]
    assert in_browser.browser_languages() == ()


def test_a_tab_reads_what_its_page_said_was_chosen_on_the_device(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The worker's arguments from its page (tools/web_app/python.js); none where the page
    said nothing or something else, and the first screen still opens."""
    import types

    class Args:
        def __init__(self, value: Any) -> None:
            self.value = value

        def to_py(self) -> Any:
            return self.value

    worker = types.ModuleType("flet_js")
    monkeypatch.setitem(sys.modules, "flet_js", worker)
    worker.args = Args(  # type: ignore[attr-defined]
        {"canasta_score_device": {"theme": "dark", "language": "nb"}}
    )
    assert in_browser.chosen_on_this_device() == (("theme", "dark"), ("language", "nb"))
    worker.args = Args({})  # type: ignore[attr-defined]
    assert in_browser.chosen_on_this_device() == ()
    worker.args = None  # type: ignore[attr-defined]
    assert in_browser.chosen_on_this_device() == ()
    worker.args = Args({"canasta_score_device": ["dark"]})  # type: ignore[attr-defined]
    assert in_browser.chosen_on_this_device() == ()


def test_a_theme_chosen_in_the_tab_is_told_to_its_page_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The page marked the theme it loaded with (python.js) and kept it all session: a theme
    chosen in the app reached the page's edges past Flutter's view only at the next start."""
    import types

    told: list[dict[str, str]] = []
    page_js = types.ModuleType("js")
    page_js.Object = types.SimpleNamespace(fromEntries=dict)  # type: ignore[attr-defined]
    page_js.postMessage = told.append  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.to_js = lambda value, dict_converter: dict_converter(value.items())  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", page_js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)

    page = in_browser.ThemeToPage("dark")
    page.keep({"theme": "dark", "language": "fi"}, ["fi"])
    assert told == [], "the page loaded in it"
    page.keep({"theme": "light"}, [])
    page.keep({"theme": "light", "keep_awake": "off"}, [])
    page.keep({}, [])
    page.keep({"theme": "sepia"}, [])  # not a theme: the system's, as the page shows it
    assert told == [
        {"canastaScore": in_browser.THEME_CHOSEN, "theme": "light"},
        {"canastaScore": in_browser.THEME_CHOSEN, "theme": "system"},
    ]
    del page_js.postMessage  # a page that cannot be told: the tab goes on
    page.keep({"theme": "dark"}, [])
    assert page.told == "system"


def test_the_page_and_its_worker_use_the_same_words() -> None:
    """python.js reads what the worker says, and puts what it read among the worker's
    arguments, by these names: one spelt differently is met by nothing."""
    bridge = (Path(__file__).parent.parent / "tools/web_app/python.js").read_text()
    for said in (in_browser.FIRST_SCREEN_SHOWN, in_browser.THEME_CHOSEN):
        assert f'event.data.canastaScore === "{said}"' in bridge, said
    assert f"{in_browser.DEVICE_CHOSEN_ARG}: chosen }}" in bridge
    # The page marks the theme its worker is told, and the one the worker tells it.
    assert "const chosen = chosenOnThisDevice();\n    markTheme(chosen.theme);" in bridge
    assert "markTheme(event.data.theme)" in bridge
    assert f'"flutter.{PREFIX}" + name' in bridge


def test_a_tab_s_page_is_told_the_theme_from_the_one_it_marked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The worker's copy of the device's settings is its page, which starts in the theme the
    page read as it started the worker."""
    import contextvars

    from canasta_score.ui.connection import DEVICE_COPY

    monkeypatch.setattr(in_browser, "chosen_on_this_device", lambda: (("theme", "dark"),))
    monkeypatch.setattr(in_browser, "browser_languages", lambda: ())
    monkeypatch.setattr(ui, "show_unusable_database", lambda _page, _notice: None)

    async def held_elsewhere() -> None:
        raise browser_disk.OpenInAnotherTab

    def start() -> Any:
        """The start run to its end in this context (it waits for nothing here)."""
        try:
            in_browser.first_screen(None, held_elsewhere()).send(None)  # type: ignore[arg-type]
        except StopIteration as done:
            return done.value
        raise AssertionError("the start waited")

    context = contextvars.copy_context()
    assert context.run(start) == (False, None)
    copy = context[DEVICE_COPY]
    assert isinstance(copy, in_browser.ThemeToPage) and copy.told == "dark"
