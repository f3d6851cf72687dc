"""A phone's first screen speaks the language its browser sent as it connected.

The web server keeps the Accept-Language of the page's socket for the task that starts the
page (`BrowserLanguages`), so the first screen needs no round trip to the device; the device
is asked for its own settings once that screen is laid out.
"""

from __future__ import annotations

import asyncio
import contextvars
from types import SimpleNamespace
from typing import Any

import pytest
from test_ui_screens import PageStandIn, run_on_a_loop_of_its_own, texts

from canasta_score.app import BrowserLanguages
from canasta_score.i18n import translator
from canasta_score.storage.device_memory import FILE_NAME, DeviceMemory, Remembered
from canasta_score.ui.connection import BROWSER_LANGUAGES, DEVICE_CHOSEN, DEVICE_COPY
from canasta_score.ui.device import PREFIX
from canasta_score.ui.layout import PROBE_SIZE
from canasta_score.ui.routes import screen_for
from canasta_score.ui.shell import App
from canasta_score.ui.store import GameStore


def languages_seen_by_the_app(scope: dict[str, Any]) -> tuple[str, ...]:
    seen: list[tuple[str, ...]] = []

    async def app(_scope: Any, _receive: Any, _send: Any) -> None:
        # Flet starts the page on a task of its own, made from the socket's.
        await asyncio.create_task(asyncio.sleep(0))
        seen.append(await asyncio.create_task(read_later()))

    async def read_later() -> tuple[str, ...]:
        return BROWSER_LANGUAGES.get()

    async def nothing() -> None:
        pass

    async def connect() -> None:
        await BrowserLanguages(app)(scope, nothing, nothing)  # type: ignore[arg-type]

    run_on_a_loop_of_its_own(connect())
    return seen[0]


def test_the_socket_s_accept_language_reaches_the_page_s_start() -> None:
    scope = {
        "type": "websocket",
        "headers": [(b"host", b"x"), (b"accept-language", b"fi-FI,fi;q=0.9,en;q=0.8")],
    }
    assert languages_seen_by_the_app(scope) == ("fi-FI", "fi", "en")


def test_a_socket_without_accept_language_and_plain_requests_say_none() -> None:
    assert languages_seen_by_the_app({"type": "websocket", "headers": []}) == ()
    assert languages_seen_by_the_app({"type": "http", "headers": []}) == ()
    # Nothing stays behind for the next connection.
    assert BROWSER_LANGUAGES.get() == ()


@pytest.fixture
def store(tmp_path: Any) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def app_from(
    languages: tuple[str, ...],
    store: GameStore,
    page: Any = None,
    chosen: tuple[tuple[str, str], ...] = (),
    memory: DeviceMemory | None = None,
) -> App:
    """An App made as a page start would make it, with the browser having said `languages`
    (and its page what was `chosen` on the device; `memory`: the copy a process serving one
    device keeps)."""
    context = contextvars.copy_context()
    context.run(BROWSER_LANGUAGES.set, languages)
    context.run(DEVICE_CHOSEN.set, chosen)
    context.run(DEVICE_COPY.set, memory)
    return context.run(App, page or PageStandIn(), store)


def test_the_first_screen_is_in_the_browser_s_language(store: GameStore) -> None:
    german = translator("de")
    assert german._("New game") != "New game", "the German catalog translates home"
    app = app_from(("de-DE", "de"), store)
    assert app.tr is german
    _screen, view = screen_for(app, "/")
    assert german._("New game") in texts(view)


def test_a_browser_in_a_language_we_lack_starts_in_english(store: GameStore) -> None:
    app = app_from(("pt-BR", "pt"), store)
    assert app.tr is translator("en")


def test_the_first_screen_is_in_the_theme_and_language_chosen_on_the_device(
    store: GameStore,
) -> None:
    """The web app's page reads what was chosen on the device as it loads (python.js): the
    first screen was drawn in the system's theme and the browser's language until the device
    said them, then again in the chosen ones."""
    import flet as ft

    chosen = (("theme", "dark"), ("language", "fi"), ("unknown", "x"))
    page = PageStandIn()
    app = app_from(("en-GB", "en"), store, page, chosen)
    app.start(tell_about_opening=False)
    assert page.theme_mode == ft.ThemeMode.DARK
    assert app.tr is translator("fi")
    _screen, view = screen_for(app, "/")
    assert translator("fi")._("New game") in texts(view)
    assert app.device.settings == {"theme": "dark", "language": "fi"}


def test_nothing_chosen_on_the_device_leaves_the_system_s_theme(store: GameStore) -> None:
    import flet as ft

    page = PageStandIn()
    app = app_from(("de",), store, page)
    app.start(tell_about_opening=False)
    assert page.theme_mode == ft.ThemeMode.SYSTEM
    assert app.tr is translator("de")


class KeptPreferences:
    """A device that keeps `kept` (setting: value) for this app."""

    def __init__(self, kept: dict[str, str]) -> None:
        self.kept = kept

    async def get(self, key: str) -> str | None:
        return self.kept.get(key.removeprefix(PREFIX))

    async def set(self, _key: str, _value: str) -> None:
        pass


def test_what_the_device_says_stands_over_what_its_page_knew_but_a_tap_stands_over_both(
    store: GameStore,
) -> None:
    """A tab that waited for another to close knew the theme chosen before; the other tab
    chose light since. The device's answer is the one the screens follow, and a choice made
    on this page while it was asked stands."""
    import flet as ft

    async def journey() -> None:
        page = DevicePage()
        app = app_from((), store, page, (("theme", "dark"), ("language", "fi")))
        device = app.device
        kept = KeptPreferences({"theme": "light"})
        device.services.preferences = lambda: kept  # type: ignore[method-assign,assignment,return-value]
        app.start(tell_about_opening=False)
        assert page.theme_mode == ft.ThemeMode.DARK and app.tr is translator("fi")
        await device.read()
        assert page.theme_mode == ft.ThemeMode.LIGHT
        assert app.tr is translator("en"), "the language chosen there was taken back"
        device.choose_theme("dark")  # a tap, before the device answers again
        await device.read()
        assert page.theme_mode == ft.ThemeMode.DARK

    run_on_a_loop_of_its_own(journey())


class DevicePage(PageStandIn):
    """A page whose device answers, counting the questions; its tasks run for real."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0
        self.tasks: list[asyncio.Task[Any]] = []

    #: The languages the device says it prefers.
    locales: tuple[Any, ...] = ()

    async def get_device_info(self) -> Any:
        self.asked += 1
        return SimpleNamespace(locales=list(self.locales))

    def run_task(self, task: Any) -> None:
        self.tasks.append(asyncio.get_running_loop().create_task(task()))


def test_the_device_is_asked_once_the_first_screen_is_laid_out(store: GameStore) -> None:
    async def journey() -> None:
        page = DevicePage()
        app = App(page, store)  # type: ignore[arg-type]
        app.device.services.preferences = lambda: NoPreferences()  # type: ignore[method-assign,assignment,return-value]
        app.start(tell_about_opening=False)
        for _ in range(20):
            await asyncio.sleep(0)
        assert page.asked == 0, "the device was asked while its first screen was being drawn"
        probe = SimpleNamespace(width=PROBE_SIZE, height=PROBE_SIZE)
        app.layout.text_scale_measured(probe)  # type: ignore[arg-type]
        await asyncio.wait_for(asyncio.gather(*page.tasks), 10)
        assert page.asked == 1

    run_on_a_loop_of_its_own(journey())


class NoPreferences:
    """A device that has kept no setting of this app."""

    async def get(self, _key: str) -> None:
        return None

    async def set(self, _key: str, _value: str) -> None:
        pass


def test_the_device_storage_goes_out_with_the_first_screen(store: GameStore) -> None:
    """Added later, the storage service is one more change of the page for the device to
    take in while it draws its first screen (measured: 3 to 6% of a cold start)."""
    import flet as ft

    page = PageStandIn()
    App(page, store).start(tell_about_opening=False)  # type: ignore[arg-type]
    assert [s for s in page.services if isinstance(s, ft.SharedPreferences)], page.services


def test_the_desktop_window_opens_in_the_machine_s_language(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window has no browser to say a language: its first screen was English until the
    device answered, on a German machine whose command line spoke German already."""
    import flet as ft

    start_page = window_start(tmp_path, monkeypatch)
    page = PageStandIn()
    assert translator("de")._("New game") in texts(window_home(start_page, page, tmp_path))
    assert page.theme_mode == ft.ThemeMode.SYSTEM


def window_start(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The page start of the desktop window (or the phone package) on a German machine, its
    data folder in `tmp_path / "data"`, as `main` hands it to Flet."""
    import flet as ft

    from canasta_score import app as app_module
    from canasta_score import desktop_client, runtime
    from canasta_score.ui import store as ui_store
    from canasta_score.ui.navigation import Navigator

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(app_module, "has_display", lambda: True)
    monkeypatch.setattr(desktop_client, "fetch_desktop_client", lambda: None)
    monkeypatch.setattr(app_module, "purge_deleted_games", lambda _db: None)
    started: list[Any] = []
    monkeypatch.setattr(ft, "run", lambda main, **_kwargs: started.append(main))
    assert app_module.main(["--db", str(tmp_path / "games.db")]) == 0
    (start_page,) = started
    monkeypatch.setattr(runtime, "threads_available", lambda: False)  # drawn at once
    monkeypatch.setattr(ui_store, "threads_available", lambda: False)  # no reading behind
    monkeypatch.setattr(Navigator, "show_view", lambda nav, view: nav.page.shown.append(view))
    return start_page


def window_home(start_page: Any, page: Any, tmp_path: Any) -> Any:
    """The first screen `start_page` draws on `page`."""
    from canasta_score import ui

    page.shown = []
    db = str(tmp_path / "games.db")
    try:
        contextvars.copy_context().run(start_page, page)  # as Flet runs a page's start
        assert page.shown, "home drawn"
        return page.shown[-1]
    finally:  # the process's open database for that file closed, as the window's end does
        ui._served.discard(db)
        opened = ui._open_stores.pop(db, None)
        if opened is not None:
            opened.db.close()


def test_the_window_starts_in_what_its_device_said_last(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The desktop window and the phone package were drawn in the machine's language (the
    phone: English) and the system's theme at each start until the device answered, whatever
    was chosen on it: they now start in what it said last."""
    import flet as ft

    assert translator("fi")._("New game") != "New game", "the Finnish catalog translates home"
    assert translator("nb")._("New game") != "New game", "the Norwegian one too"
    start_page = window_start(tmp_path, monkeypatch)
    copy = DeviceMemory(tmp_path / "data" / FILE_NAME)
    copy.keep({"theme": "dark", "language": ""}, ["fi-FI", "en"])
    page = PageStandIn()
    assert translator("fi")._("New game") in texts(window_home(start_page, page, tmp_path))
    assert page.theme_mode == ft.ThemeMode.DARK
    copy.keep({"language": "nb"}, ["fi-FI"])  # chosen over the device's languages
    page = PageStandIn()
    assert translator("nb")._("New game") in texts(window_home(start_page, page, tmp_path))
    assert page.theme_mode == ft.ThemeMode.SYSTEM


def test_a_damaged_copy_of_the_device_s_settings_is_not_read(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    start_page = window_start(tmp_path, monkeypatch)
    copy = tmp_path / "data" / FILE_NAME
    copy.parent.mkdir()
    for damaged in (
        b"\xff\xfe",
        b"{",
        b"[1]",
        b'{"settings": [1], "languages": {"a": 1}}',
        b"[" * 100_000,  # deeper than the JSON reader goes
    ):
        copy.write_bytes(damaged)
        home = texts(window_home(start_page, PageStandIn(), tmp_path))
        assert translator("de")._("New game") in home, damaged
    copy.write_text('{"settings": {"theme": 1, "language": "fi"}, "languages": [2, "da"]}')
    assert DeviceMemory(copy).recall() == Remembered({"language": "fi"}, ("da",))
    # A language no text can hold (half of a pair of UTF-16 units): read, and written again
    # as JSON writes it (it was kept as UTF-8, which cannot hold it: the write raised).
    copy.write_text('{"settings": {"language": "\\ud800"}, "languages": []}')
    odd = DeviceMemory(copy)
    assert odd.recall().settings == {"language": "\ud800"}
    odd.keep({"language": "\ud800", "theme": "dark"}, [])
    assert odd.recall().settings == {"language": "\ud800", "theme": "dark"}


def test_the_copy_is_written_only_when_what_the_device_said_changed(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    written: list[str] = []
    monkeypatch.setattr(DeviceMemory, "_write", lambda _copy, text: written.append(text))
    copy = tmp_path / FILE_NAME
    DeviceMemory(copy).keep({"theme": "dark"}, ["fi"])
    monkeypatch.undo()
    DeviceMemory(copy).keep({"theme": "dark"}, ["fi"])
    monkeypatch.setattr(DeviceMemory, "_write", lambda _copy, text: written.append(text))
    again = DeviceMemory(copy)
    assert again.recall() == Remembered({"theme": "dark"}, ("fi",))
    again.keep({"theme": "dark"}, ["fi"])  # the device said the same as the copy
    assert len(written) == 1, "written at each start"
    again.keep({"theme": "light"}, ["fi"])
    again.keep({"theme": "light"}, ["fi"])
    assert len(written) == 2


def test_a_server_of_many_devices_keeps_no_copy_of_any(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table server's phones each keep their own settings: one file for all of them
    would start each phone in the last one's language."""
    from canasta_score import app as app_module

    made: list[Any] = []
    real = app_module.screens

    def screens(*args: Any, **kwargs: Any) -> Any:
        made.append(kwargs.get("memory"))
        return real(*args, **kwargs)

    monkeypatch.setattr(app_module, "screens", screens)
    app_module.web_app(str(tmp_path / "games.db"), "token", 8550, cache_dir=tmp_path / "cache")
    assert made == [None]
    context = contextvars.copy_context()
    context.run(DEVICE_COPY.set, DeviceMemory(tmp_path / FILE_NAME))  # none carried over
    monkeypatch.setattr("canasta_score.ui.start", lambda *_args, **_kwargs: None)
    context.run(real(str(tmp_path / "games.db"), "invite"), PageStandIn())
    assert context[DEVICE_COPY] is None


def test_what_the_device_says_and_what_is_chosen_on_it_are_copied_for_its_next_start(
    store: GameStore, tmp_path: Any
) -> None:
    import flet as ft

    copy = DeviceMemory(tmp_path / "data" / FILE_NAME)

    async def journey() -> None:
        page = DevicePage()
        page.locales = (ft.Locale("fi", "FI"), ft.Locale("sv"))
        app = app_from(("de",), store, page, memory=copy)
        device = app.device
        device.services.preferences = lambda: KeptPreferences({"theme": "dark"})  # type: ignore[method-assign,assignment,return-value]
        app.start(tell_about_opening=False)
        assert copy.recall() == Remembered(), "nothing copied before the device said anything"
        await device.read()
        assert copy.recall() == Remembered({"theme": "dark"}, ("fi-FI", "sv"))
        device.choose_language("da")
        device.choose_theme("light")
        assert copy.recall() == Remembered({"language": "da", "theme": "light"}, ("fi-FI", "sv"))
        device.locale_changed(SimpleNamespace(locales=[ft.Locale("nb", "NO")]))  # type: ignore[arg-type]
        assert copy.recall().languages == ("nb-NO",)

    run_on_a_loop_of_its_own(journey())


def test_a_copy_that_cannot_be_written_leaves_the_device_as_it_was(
    store: GameStore, tmp_path: Any
) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    copy = DeviceMemory(blocked / FILE_NAME)
    page = PageStandIn()
    app = app_from((), store, page, memory=copy)
    app.start(tell_about_opening=False)
    app.device.choose_theme("dark")
    assert app.device.setting("theme", "system") == "dark"
    assert copy.recall() == Remembered()
