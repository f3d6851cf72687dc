"""The phone's own storage for the web app that runs in a browser tab (Pyodide).

Python's files there live in memory (Emscripten's file system) and are gone with the tab. The
app's data folder is therefore a folder mounted on IDBFS, a copy in the browser's IndexedDB:
read from it once as the app opens (`mount`), written to it after every change the app
commits (`written`, from `storage.database.writing`). Writing to IndexedDB is asynchronous:
`settled()` waits until every change committed so far is there, which the app does before it
shows a saved round (`ui.navigation.Navigator.go`), and says when the browser refused it (its storage
full, or refused for this site).

Nothing here runs outside a browser: `mounted()` is None there and `written()` does nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

log = logging.getLogger(__name__)


class BrowserStorageRefused(Exception):
    """The browser would not keep the games (its storage full, or refused for this site)."""


class OpenInAnotherTab(Exception):
    """The app is open in another tab of this browser, which holds its games: each tab works
    on a copy of its own, so a second one would overwrite the first one's saves."""


#: The Web Lock a tab holds while it has the games (released when the tab closes).
TAB_LOCK = "canasta-score-games"


class _Disk:
    """The one mounted folder and its copy in IndexedDB: what is written, what is pending."""

    def __init__(self) -> None:
        self.folder: str | None = None
        self.fs: Any = None
        #: A copy to IndexedDB is running; another was asked for meanwhile.
        self.copying = False
        self.again = False
        #: Set while nothing written is missing from IndexedDB.
        self.idle: asyncio.Event | None = None
        #: Why the last copy failed (None: it did not).
        self.failure: str | None = None
        #: `keep_trying` is at work.
        self.retrying = False

    def sync(self, populate: bool, done: Any) -> None:
        from pyodide.ffi import create_once_callable

        self.fs.syncfs(populate, create_once_callable(done))


_disk = _Disk()


def mounted() -> str | None:
    """The folder kept in the browser's storage (None: not in a browser, or not mounted)."""
    return _disk.folder


async def hold_the_games() -> None:
    """Take the browser's lock on the games for this tab until it closes (Web Locks).

    Raises OpenInAnotherTab when another tab of this browser holds it. A browser without
    Web Locks (older than 2022) is not asked.
    """
    import js  # the worker's JavaScript globals, in a browser alone
    from pyodide.ffi import create_once_callable, to_js

    locks = getattr(js.navigator, "locks", None)
    if locks is None:
        return
    granted: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def given(lock: Any) -> Any:
        granted.set_result(bool(lock))
        # Held while this promise is pending: until the tab (its worker) is gone.
        return js.Promise.new(create_once_callable(lambda _resolve, _reject: None))

    options = to_js({"ifAvailable": True}, dict_converter=js.Object.fromEntries)
    locks.request(TAB_LOCK, options, create_once_callable(given))
    if not await granted:
        raise OpenInAnotherTab()


async def mount(folder: str) -> None:
    """Mount `folder` on IDBFS and read what the browser kept of it (a first visit: nothing).

    Raises BrowserStorageRefused when the browser gives no storage to this site (a private
    window of some browsers): the app would lose every game with the tab.
    """
    import pyodide_js  # the browser's Pyodide, there alone

    fs = pyodide_js.FS
    fs.mkdirTree(folder)
    fs.mount(fs.filesystems.IDBFS, {}, folder)
    _disk.fs = fs
    loaded: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()

    def done(error: Any = None) -> None:
        if not loaded.done():
            loaded.set_result(_failure(error))

    _disk.sync(True, done)
    failure = await loaded
    if failure is not None:
        raise BrowserStorageRefused(failure)
    _disk.folder = folder
    _disk.idle = asyncio.Event()
    _disk.idle.set()


def _failure(error: Any) -> str | None:
    """What a callback of the file system says went wrong (None, or JavaScript's null: nothing).

    >>> _failure(None), _failure("QuotaExceededError")
    (None, 'QuotaExceededError')
    """
    return str(error) if error else None


def written() -> None:
    """A change was committed to the mounted folder: copy it to IndexedDB now (in the
    background; `settled` waits for it). Nothing outside a browser."""
    if _disk.folder is None or _disk.idle is None:
        return
    _disk.idle.clear()
    if _disk.copying:
        _disk.again = True  # the copy running may have missed this change
        return
    _copy()


def _copy() -> None:
    _disk.copying = True
    _disk.again = False

    def done(error: Any = None) -> None:
        _disk.copying = False
        _disk.failure = _failure(error)
        if _disk.failure is not None:
            log.warning("games not copied to the browser's storage: %s", _disk.failure)
        if _disk.again:
            _copy()
        elif _disk.idle is not None:
            _disk.idle.set()

    try:
        _disk.sync(False, done)
    except Exception as error:  # the file system itself refused: told as a failed copy
        done(error)


async def settled() -> None:
    """Wait until every change committed so far is in the browser's storage.

    Raises BrowserStorageRefused when the browser refused the last copy (its storage full):
    the change stays in the app's memory and the next change copies it again.
    """
    if _disk.idle is None:
        return
    await _disk.idle.wait()
    if _disk.failure is not None:
        failure = _disk.failure
        raise BrowserStorageRefused(failure)


async def keep_trying(every_s: float = 10.0) -> None:
    """After the browser refused a copy (its storage full): copy again every `every_s`
    seconds until it takes one, so what is in the app's memory reaches the phone's storage
    once space is freed, with no other change needed. One at a time; done when a copy gets
    through (this one's or another change's)."""
    if _disk.retrying:
        return
    _disk.retrying = True
    try:
        while _disk.failure is not None and _disk.folder is not None:
            await asyncio.sleep(every_s)
            if _disk.failure is None:
                break
            written()
            with contextlib.suppress(BrowserStorageRefused):
                await settled()
    finally:
        _disk.retrying = False


def pending() -> bool:
    """Whether a change is on its way to the browser's storage (or the last copy failed)."""
    return _disk.idle is not None and (not _disk.idle.is_set() or _disk.failure is not None)
