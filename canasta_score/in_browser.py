"""The app in a browser tab (Pyodide): no server, its games on the phone's own storage.

`make web-app` builds it (tools/build_web_app.py); Flet's web worker runs `main.py`, which
comes here. The data folder (the database and its automatic backups) is a folder kept in the
browser's storage (`storage.browser_disk`), read before the first screen opens.

The way to the first screen does little more than Flet's own start: the home screen is drawn
from a first look at the games file (`storage.home_file`, sqlite3 alone), and the packages it
does not need (SQLAlchemy, SQLModel, pydantic, Alembic: the larger part of the Python) come in
a second archive, unpacked at the first import of any of them (`PackagesLater`), which the
app makes as it opens the database right behind that screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import importlib.util
import io
import logging
import os
import sys
import tarfile
from collections.abc import Awaitable, Callable, Mapping, Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import flet as ft

    from canasta_score.ui.shell import App

log = logging.getLogger(__name__)

#: The data folder in the tab's file system, kept in the browser's IndexedDB.
DATA_FOLDER = "/canasta-score"


#: The Flet controls and services the home screen is drawn with. Flet imports each one's module
#: at its first use, which came after Flutter asked for the first screen: most of the worker's
#: time between that request and the screen (0.13 of 0.2 s in the tab, 0.04 of 0.05 s in
#: CPython). `open_the_games` imports them while Flutter starts; a test draws home and fails
#: on any Flet module left to that moment.
FIRST_SCREEN_CONTROLS = (
    "Column",
    "Component",
    "Container",
    "FilledButton",
    "GestureDetector",
    "Icon",
    "IconButton",
    "Icons",
    "OutlinedButton",
    "Semantics",
    "SharedPreferences",
    "Text",
    "TextField",
)

#: The second archive beside `app.tar.gz`, and the list of its packages in the first
#: (tools/build_web_app.py: LATER_ARCHIVE, LATER_LIST).
LATER_ARCHIVE = "packages-later.tar.gz"
LATER_LIST = Path("packages-later.txt")


def run() -> None:
    """Starts the screens on the tab's page (Flet's Pyodide connection)."""
    from canasta_score import dataclass_code

    dataclass_code.use_kept()  # before the first dataclass: Flet's controls are dataclasses
    import flet as ft

    if LATER_LIST.exists():
        names = LATER_LIST.read_text(encoding="utf-8").split()
        sys.meta_path.append(PackagesLater(names, lambda: fetched(LATER_ARCHIVE), Path(".")))
    os.environ["FLET_APP_STORAGE_DATA"] = DATA_FOLDER  # storage.paths.data_folder
    # The page starts this worker as it loads (tools/web_app/python.js): the games are read and
    # the first screen made ready while Flutter starts, before it asks for the first screen.
    games = asyncio.get_running_loop().create_task(open_the_games())

    async def main(page: ft.Page) -> None:
        await start_page(page, games)

    ft.run(main)


class PackagesLater:
    """Unpacks the second archive at the first import of a package or an app's module in it
    (`names`: `sqlalchemy`, `canasta_score.ui.views.sheet`), then steps aside for Python's own
    finders, which find it unpacked (an import finder, last on sys.meta_path: asked only for
    what they did not find).

    `fetch` gives the archive's bytes (in the tab, from the service worker's copy, offline
    too); it is unpacked into `folder` (its `__pypackages__/` is on sys.path), once.
    """

    def __init__(self, names: Sequence[str], fetch: Callable[[], bytes], folder: Path) -> None:
        self.names = frozenset(names)
        self.fetch = fetch
        self.folder = folder

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: object = None
    ) -> ModuleSpec | None:
        if fullname not in self.names and fullname.partition(".")[0] not in self.names:
            return None
        data = self.fetch()  # a fetch that fails leaves it in place: the next import tries again
        sys.meta_path.remove(self)
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            archive.extractall(self.folder, filter="data")
        importlib.invalidate_caches()  # the folders' listings as they are now
        return importlib.util.find_spec(fullname)


def fetched(address: str) -> bytes:
    """A file of the site, fetched as it must be inside an import: at once, without awaiting
    (a worker may; the page's service worker answers, offline too)."""
    from js import XMLHttpRequest  # Pyodide's own

    request = XMLHttpRequest.new()
    request.open("GET", address, False)
    request.responseType = "arraybuffer"
    request.send(None)
    if request.status != 200:
        raise ImportError(f"{address}: HTTP {request.status}")
    return bytes(request.response.to_py())


async def open_the_games() -> None:
    """This tab's hold on the games, their folder read from the browser's storage, and the
    first screen made ready: its modules imported and the games file looked at (a fault of
    the file is left for the page to meet and show)."""
    from canasta_score.storage import StorageError, browser_disk

    await browser_disk.hold_the_games()
    await browser_disk.mount(DATA_FOLDER)
    import_the_first_screen()
    from canasta_score.ui import open_store

    with contextlib.suppress(StorageError):
        open_store(look_first=True)


def import_the_first_screen() -> None:
    """The modules the first screen is drawn with: the app's and Flet's
    (`FIRST_SCREEN_CONTROLS`). The web app's build imports them too, to keep the code of their
    dataclasses (`dataclass_code`)."""
    import flet as ft

    import canasta_score.storage.browser_disk
    import canasta_score.ui.shell
    import canasta_score.ui.views.home  # noqa: F401
    from canasta_score.ui import open_store  # noqa: F401

    for name in FIRST_SCREEN_CONTROLS:
        getattr(ft, name)


async def start_page(page: ft.Page, games: Awaitable[None]) -> None:
    """The app on the page, once `games` (open_the_games) are open, or the reason why not."""
    from canasta_score.ui.device import DEVICE_WAIT

    try:
        opened, app = await first_screen(page, games)
    finally:  # home, why the games cannot be opened, or Flet's word of an error: on its way
        first_screen_shown()
    if not opened:
        return
    if app is not None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(app.device.known.wait(), DEVICE_WAIT)
    forget_deleted_games()


async def first_screen(page: ft.Page, games: Awaitable[None]) -> tuple[bool, App | None]:
    """The page's first screen sent: whether this tab opened the games, and the app (None where
    the database cannot be used, which the screen says)."""
    from canasta_score.storage import Notice, NoticeCode, browser_disk
    from canasta_score.ui import show_unusable_database, start
    from canasta_score.ui.connection import BROWSER_LANGUAGES, DEVICE_CHOSEN, DEVICE_COPY

    # The first screen in the browser's language, as a table server's is from the languages
    # its browser sends: home was drawn in English until the device said its own.
    BROWSER_LANGUAGES.set(browser_languages())
    # And in the theme and language chosen on this device, where one was: home was drawn in
    # the system's and the browser's until the device said them.
    chosen = chosen_on_this_device()
    DEVICE_CHOSEN.set(chosen)
    # The page told the theme as it changes (its edges past Flutter's view are in it).
    DEVICE_COPY.set(ThemeToPage(dict(chosen).get("theme", "system")))
    try:
        await games
    except browser_disk.OpenInAnotherTab:
        show_unusable_database(page, Notice(NoticeCode.OPEN_IN_ANOTHER_TAB, {}))
        return False, None
    except browser_disk.BrowserStorageRefused as refused:
        show_unusable_database(
            page, Notice(NoticeCode.BROWSER_STORAGE_REFUSED, {"reason": str(refused)})
        )
        return False, None
    # The home screen is drawn from a first look at the file with sqlite3 alone, and the
    # database opened behind it: importing SQLAlchemy, SQLModel and pydantic is most of the
    # app's start beyond Flet's own, and the player reads the home screen meanwhile. Once the
    # device has laid that screen out and said its settings (the screen in its language): the
    # import would hold up both. A tap before then opens it at once.
    return True, start(page, look_first=True)


#: What the tab's worker tells its page once the app's first screen is sent (python.js).
FIRST_SCREEN_SHOWN = "first-screen"


#: What the tab's worker tells its page as the theme chosen on this device changes.
THEME_CHOSEN = "theme"


def first_screen_shown() -> None:
    """Tells the page that the app's first screen is sent: the page's logo, over Flet's own
    loading screen until then, goes in the frame that draws it (tools/web_app/page.js)."""
    try:
        tell_page({"canastaScore": FIRST_SCREEN_SHOWN})
    except Exception:  # the page takes its logo away by itself after a while
        log.warning("the page could not be told of the first screen", exc_info=True)


def tell_page(said: dict[str, str]) -> None:
    """Posts `said` from the tab's worker to its page (python.js hears it)."""
    from js import Object, postMessage  # the worker's own
    from pyodide.ffi import to_js

    postMessage(to_js(said, dict_converter=Object.fromEntries))


class ThemeToPage:
    """Where the tab copies what its device says of itself (`ui.connection.DEVICE_COPY`): the
    page keeps the settings in its own storage, and reads them as it loads; told the theme
    as it changes, it marks it on the page at once (`html[data-theme]`), whose edges past
    Flutter's view (an overscroll, a phone's notch) were in the theme it loaded with until
    the next start."""

    def __init__(self, theme: str) -> None:
        #: The theme the page is in (`light`, `dark`, `system`): as it loaded, then as told.
        self.told = self.marked(theme)

    @staticmethod
    def marked(theme: str | None) -> str:
        """The theme as the page marks it (python.js: the system's for any but two)."""
        return theme if theme in ("light", "dark") else "system"

    def keep(self, settings: Mapping[str, str], _languages: Sequence[str]) -> None:
        theme = self.marked(settings.get("theme"))
        if theme == self.told:
            return
        try:
            tell_page({"canastaScore": THEME_CHOSEN, "theme": theme})
        except Exception:  # the page is in it from its next start
            log.warning("the page could not be told of the theme", exc_info=True)
            return
        self.told = theme


def browser_languages() -> tuple[str, ...]:
    """The languages this browser prefers, most wanted first (its worker's `navigator`); none
    where it cannot say (the device says them once the first screen is drawn)."""
    try:
        from js import navigator  # Pyodide's own

        return tuple(str(tag) for tag in navigator.languages)
    except Exception:  # a browser whose worker has no languages: English until then
        log.warning("the browser's languages could not be read", exc_info=True)
        return ()


#: Where the page puts what was chosen on this device among the worker's arguments (python.js).
DEVICE_CHOSEN_ARG = "canasta_score_device"


def chosen_on_this_device() -> tuple[tuple[str, str], ...]:
    """What the page read of this device's settings from its storage as it loaded (the theme,
    the language), as (name, value) pairs; none where it could not say."""
    try:
        import flet_js  # the worker's own: its arguments from the page

        args = flet_js.args.to_py() if flet_js.args else {}
        chosen = args.get(DEVICE_CHOSEN_ARG) or {}
        return tuple((str(name), str(value)) for name, value in chosen.items())
    except Exception:  # the device says them once the first screen is drawn
        log.warning("the settings chosen on this device could not be read", exc_info=True)
        return ()


#: How long a game deleted in the tab can still be restored.
KEEP_DELETED = datetime.timedelta(days=1)


def forget_deleted_games() -> None:
    """The games deleted over a day ago, forgotten for good as the app opens.

    A server forgets the games deleted while it ran when it stops; a tab never stops so (it is
    closed, or the phone puts it away, with no word to Python). A game deleted today can still
    be restored in the next day. Housekeeping: a fault is logged, and a database that cannot
    be used now is left for the screens to meet and tell.
    """
    from canasta_score.ui import open_store

    try:
        open_store().purge_deleted(older_than=KEEP_DELETED)
    except Exception:
        log.exception("deleted games not forgotten")
