"""The app in a browser tab (Pyodide): no server, its games on the phone's own storage.

`make web-app` builds it (tools/build_web_app.py); Flet's web worker runs `main.py`, which
comes here. The data folder (the database and its automatic backups) is a folder kept in the
browser's storage (`storage.browser_disk`), read before the first screen opens.
"""

from __future__ import annotations

import datetime
import logging
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import flet as ft

log = logging.getLogger(__name__)

#: The data folder in the tab's file system, kept in the browser's IndexedDB.
DATA_FOLDER = "/canasta-score"


def run() -> None:
    """Starts the screens on the tab's page (Flet's Pyodide connection)."""
    import flet as ft

    os.environ["FLET_APP_STORAGE_DATA"] = DATA_FOLDER  # storage.paths.data_folder
    ft.run(start_page)


async def start_page(page: ft.Page) -> None:
    from canasta_score.storage import Notice, NoticeCode, browser_disk
    from canasta_score.ui import show_unusable_database, start

    try:
        await browser_disk.hold_the_games()
        await browser_disk.mount(DATA_FOLDER)
    except browser_disk.OpenInAnotherTab:
        show_unusable_database(page, Notice(NoticeCode.OPEN_IN_ANOTHER_TAB, {}))
        return
    except browser_disk.BrowserStorageRefused as refused:
        show_unusable_database(
            page, Notice(NoticeCode.BROWSER_STORAGE_REFUSED, {"reason": str(refused)})
        )
        return
    start(page)
    forget_deleted_games()


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
