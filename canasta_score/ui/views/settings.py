"""Settings: theme, language and keeping the screen awake (kept on this device alone), and
taking the games out and back in."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, NamedTuple

import flet as ft

from canasta_score.core import Problem
from canasta_score.i18n import LANGUAGES
from canasta_score.runtime import IN_BROWSER
from canasta_score.ui.components import (
    TAP,
    Section,
    Tagged,
    TaggedChoice,
    fit_button,
    scrolling_column,
    tap_height,
    text_width,
)
from canasta_score.ui.components.basics import LETTER_ADVANCE
from canasta_score.ui.screen import Screen
from canasta_score.ui.store import ImportProblem, ImportRefused
from canasta_score.uploads import LARGEST_IMPORT

if TYPE_CHECKING:
    from canasta_score.ui.host import Host

#: The language option that follows the device's own preferred languages.
DEVICE = "device"
#: A theme segment's room besides its word: the padding at each end and the tick before it.
SEGMENT_EXTRAS = 24 + 18 + 8
#: A menu field's room besides its word: the padding at each end and the arrow.
DROPDOWN_EXTRAS = 12 + 12 + 48


#: The key the page scrolls to for what an import brought, or why it brought nothing.
OUTCOME = "import-outcome"


MB = 1_000_000


class Picked(NamedTuple):
    """A file picked to import: its name, its size and what it holds (None: it did not come)."""

    name: str
    size: int
    data: bytes | None


class Imports:
    """The Settings screen's import on this page. It outlives the screen: a person may leave
    Settings while a large backup is read, and open it again."""

    def __init__(self) -> None:
        #: A picked file is being imported: one at a time, or a backup picked again meanwhile
        #: would bring its games in twice.
        self.importing = False


def capitalized(text: str) -> str:
    """A reason as a sentence begins.

    >>> capitalized("the backup b.json cannot be read: disk error")
    'The backup b.json cannot be read: disk error'
    """
    return text[:1].upper() + text[1:]


class SettingsScreen(Screen):
    def __init__(self, app: Host, route: str) -> None:
        self.app = app
        self.route = route
        self.imports = app.nav.kept(Imports)
        #: What the last import brought in, or why it brought nothing.
        #: (Always shown, empty at first: a hidden control inside Semantics is an error.)
        # (Flet 1.0 makes ScrollKey a dataclass of `value` behind a decorator mypy cannot see.)
        self.outcome = ft.Text("", size=15, key=ft.ScrollKey(OUTCOME))  # type: ignore[call-arg]
        #: Its room, laid out anew as it grows: then scrolled into sight, if it is to be.
        self.outcome_box = ft.Column(
            [self.outcome], tight=True, on_size_change=lambda _e: self.outcome_laid_out()
        )
        #: What an import said is to be brought into sight once it is laid out.
        self.to_bring = False
        #: Turns while a picked file is imported (no words: the catalogs have none for it).
        self.working = Tagged("import-working", ft.ProgressRing(width=24, height=24))
        #: The import button of the last build (off while importing).
        self.bring_in_button = ft.OutlinedButton()

    def build(self) -> ft.View:
        app, tr = self.app, self.app.tr
        theme = self.theme_choice()
        language = self.language_choice()
        awake = ft.Switch(
            label=tr._("Keep the screen on during a game"),
            value=app.device.setting("keep_awake", "on") == "on",
            on_change=self.awake_changed,
        )
        # Large text: the switch's words wrap under one another rather than run off the edge.
        said = str(awake.label)
        awake.label = None

        def flip() -> None:
            awake.value = not awake.value
            app.device.set_setting("keep_awake", "on" if awake.value else "off")
            with contextlib.suppress(RuntimeError):  # not on a page (a test's stand-in)
                awake.update()

        switch = ft.MergeSemantics(
            content=ft.Row([awake, ft.Text(said, expand=True, on_tap=flip)], spacing=8)
        )
        body: list[ft.Control] = [
            Section(ft.Text(tr._("Theme"), size=18, weight=ft.FontWeight.BOLD), theme),
            Section(ft.Text(tr._("Language"), size=18, weight=ft.FontWeight.BOLD), language),
            Section(
                ft.Text(tr._("Screen"), size=18, weight=ft.FontWeight.BOLD),
                switch,
                ft.Text(
                    tr._(
                        "Where the phone or browser allows it; otherwise the screen dims as usual."
                    ),
                    size=13,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            ),
            self.games_section(),
        ]
        return app.layout.frame(self.route, tr._("Settings"), body, back="/")

    # --- the games, out and back in -------------------------------------------------------

    def games_section(self) -> ft.Control:
        app = self.app
        tr = app.tr
        picker = app.device.file_picker()
        app.device.on_files_picked = self.files_picked
        backup = ft.FilledButton(
            ft.Text(tr._("Back up all games")),
            icon=ft.Icons.BACKUP,
            on_click=self.back_up,
            height=TAP,
        )
        self.bring_in_button = bring_in = ft.OutlinedButton(
            ft.Text(tr._("Restore from a backup or import a game")),
            icon=ft.Icons.UPLOAD_FILE,
            height=TAP,
            # Opened by the browser inside the tap, the only time it lets a page pick a file.
            action=ft.PickFiles(
                picker,
                dialog_title=tr._("A backup or a game file"),
                # Served to a phone, a file comes to the server on its own (it would not fit
                # in the page's socket); elsewhere with the pick.
                with_data=not app.table.served,
                cancel_upload_on_window_blur=False,
                # Several game files (or backups) in one pick: each imported in turn.
                allow_multiple=True,
            ),
            on_click=lambda: None,
            disabled=self.imports.importing,
        )
        self.working.visible = self.imports.importing
        # At large text a label takes two lines where one would be cut to its first word.
        inside = app.layout.body_width() - 2 * 12
        for button in (backup, bring_in):
            fit_button(button, inside, app.layout.text_scale)
        return Section(
            ft.Text(tr._("Your games"), size=18, weight=ft.FontWeight.BOLD),
            ft.Text(
                # Served to the table, the games live on the machine that serves it, not here;
                # the web app in a browser tab keeps them in that browser's storage.
                tr._(
                    "Games are kept in this browser on this device only: clearing this "
                    "site's data in the browser deletes them. Save a backup somewhere safe; "
                    "a backup or a game file brings them back here or onto another phone."
                )
                if IN_BROWSER
                else tr._(
                    "Games are kept on this device only. Save a backup somewhere safe; "
                    "a backup or a game file brings them back here or onto another phone."
                )
                if not app.table.served
                else tr._(
                    "Games are kept on the device that serves this table, not on each phone. "
                    "Save a backup somewhere safe; a backup or a game file brings them back "
                    "there or onto another device."
                ),
                size=13,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
            ft.Row([Tagged("backup-all", backup)], wrap=True),
            ft.Row(
                [Tagged("import-games", bring_in), self.working],
                wrap=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            Tagged("import-outcome", self.outcome_box),
        )

    def back_up(self) -> None:
        name = f"canasta-score-backup-{datetime.now(UTC).date():%Y-%m-%d}.json"
        store = self.app.table.store
        self.app.actions.attempt(
            store.backup_bytes, lambda data: self.app.device.save_file(name, data)
        )

    def files_picked(self, files: list[ft.FilePickerFile]) -> None:
        """Files picked: imported one by one through the host's runner (off the event loop
        where there are threads), so a large backup holds up neither this phone's page nor
        the others (they share the server's event loop)."""
        if self.imports.importing:  # the button is off meanwhile; a pick on its way is dropped
            return
        self.imports.importing = True
        self.show_working()
        self.app.run_task(self.receive_all, list(files))

    async def receive_all(self, files: list[ft.FilePickerFile]) -> None:
        """Each file's bytes, unless it is too large to be one of ours (refused unsent), then
        each imported in turn."""
        received: list[Picked] = []
        for file in files:
            too_large = file.size > LARGEST_IMPORT
            data = None if too_large else await self.app.device.file_bytes(file)
            received.append(Picked(file.name, file.size, data))
        self.bring_in_all(received)

    def bring_in_all(self, files: list[Picked], said: tuple[tuple[str, bool], ...] = ()) -> None:
        """Each file imported in turn; what each came to stays on the screen, one under
        another, for all the files of one pick."""
        if not files:
            self.imports.importing = False
            self.shown().show_working()
            return
        picked, rest = files[0], files[1:]

        def brought(outcome: tuple[str, bool]) -> None:
            nonlocal said
            said = (*said, outcome)
            self.shown().show_outcomes(said)
            # Heard where a screen reader is on: this file's first line, without the colon
            # that led to its reasons (the screen says them whole).
            self.app.device.announce(outcome[0].split("\n")[0].rstrip(": "))

        def next_file() -> None:
            self.bring_in_all(rest, said)

        self.app.actions.attempt(lambda: self.bring_in(picked), brought, always=next_file)

    def shown(self) -> SettingsScreen:
        """The Settings screen on this phone now (a new one where it was left and opened again)."""
        current = self.app.nav.current
        return current if isinstance(current, SettingsScreen) else self

    def bring_in(self, picked: Picked) -> tuple[str, bool]:
        """A backup or a game file read back, all or nothing: what came in or why the file
        was refused, and whether anything came in. Runs on a worker thread: it touches no
        control."""
        tr, name, data = self.app.tr, picked.name, picked.data
        if picked.size > LARGEST_IMPORT:
            return tr._(
                "{name} is {size} MB: too large to be a backup or a game file (at most "
                "{largest} MB). Nothing was imported."
            ).format(
                name=name,
                size=tr.number(round(picked.size / MB, 1)),
                largest=tr.number(LARGEST_IMPORT // MB),
            ), False
        if data is None:
            return tr._("{name} could not be read; nothing was imported.").format(name=name), False
        try:
            ids = self.app.table.store.import_bytes(data, name)
        except ImportRefused as refused:
            reasons = [self.reason(detail) for detail in refused.details[:8]]
            if len(refused.details) > len(reasons):
                reasons.append("…")
            if len(reasons) == 1 and name in reasons[0]:  # "broken.json is not valid JSON: …"
                # Named once: "Nothing was imported from broken.json" before it said it twice.
                reason = reasons[0] if reasons[0].startswith(name) else capitalized(reasons[0])
                return tr._("{reason}; nothing was imported.").format(reason=reason), False
            nothing = tr._("Nothing was imported from {name}:").format(name=name)
            return nothing + "\n" + "\n".join(reasons), False
        # Anything else (the database out of reach, a fault of the app) is met by the host's
        # runner as on every screen: said as what it is, a fault logged with its traceback.
        if not ids:  # each game has an identity: a game here already is not added again
            return tr._("Every game in {name} is here already; nothing was imported.").format(
                name=name
            ), True
        said = tr.ngettext(
            "{n} game came in from {name}.", "{n} games came in from {name}.", len(ids)
        ).format(n=tr.number(len(ids)), name=name)
        return said, True

    def reason(self, detail: ImportProblem) -> str:
        """Why a file could not be imported, in this phone's language."""
        tr = self.app.tr
        problem = detail.problem
        if isinstance(problem, str):
            said = problem
        elif isinstance(problem, Problem):
            said = tr.problem(problem)
        else:  # a notice of storage's or of the store's reading
            said = tr.said(problem)
        if detail.game is None:
            return said
        return tr._("Game {n}: {problem}").format(n=detail.game, problem=said)

    def show_outcome(self, text: str, good: bool) -> None:
        self.show_outcomes([(text, good)])

    def show_outcomes(self, said: Sequence[tuple[str, bool]]) -> None:
        """What each file of a pick came to, one under another, in red where it was refused;
        not said at the screen's foot as well (a message there lay over the reasons)."""
        shown = [self.outcome]
        for index, (text, good) in enumerate(said):
            if index:
                shown.append(ft.Text(size=15))
            shown[index].value = text
            shown[index].color = None if good else ft.Colors.ERROR
        self.outcome_box.controls = [*shown]
        with contextlib.suppress(RuntimeError):  # not on a page (a test's stand-in)
            self.outcome_box.update()
            # In sight, the reasons too (at large text they were below the screen's foot):
            # now, and again once laid out where it grew, as it then is.
            self.to_bring = True
            self.bring_outcome()

    def outcome_laid_out(self) -> None:
        if self.to_bring:
            self.to_bring = False
            self.bring_outcome()

    def bring_outcome(self) -> None:
        scrolled = scrolling_column(self.outcome)
        if scrolled is not None:
            self.app.run_task(scrolled.scroll_to, scroll_key=OUTCOME)

    def show_working(self) -> None:
        """The spinner turns and the import button is off while this phone imports a file."""
        importing = self.imports.importing
        self.working.visible = importing  # the whole tagged node: no hidden control inside it
        self.bring_in_button.disabled = importing
        with contextlib.suppress(RuntimeError):  # not on a page (yet, or a test's stand-in)
            self.working.update()
            self.bring_in_button.update()

    def theme_choice(self) -> ft.Control:
        """Three segments side by side where each word fits its third at full size beside the
        tick; else (large text, long words: Finnish "Järjestelmä") one choice a line, a radio
        button beside each, every word as large as the device asks."""
        app, tr = self.app, self.app.tr
        choices = {"system": tr._("System"), "light": tr._("Light"), "dark": tr._("Dark")}
        chosen = app.device.setting("theme", "system")
        third = (app.layout.body_width() - 24) / 3 - SEGMENT_EXTRAS
        if all(
            text_width(word, 14, app.layout.text_scale, LETTER_ADVANCE) <= third
            for word in choices.values()
        ):
            return Tagged(
                "theme",
                ft.SegmentedButton(
                    segments=[
                        ft.Segment(value=value, label=ft.Text(word, no_wrap=True))
                        for value, word in choices.items()
                    ],
                    selected=[chosen],
                    on_change=lambda e: self.app.device.choose_theme(
                        (e.control.selected or [chosen])[0]
                    ),
                ),
            )
        return self.one_a_line("theme", choices, chosen, self.app.device.choose_theme)

    def language_choice(self) -> ft.Control:
        """A menu where the longest choice fits its field at the device's text size; else
        (large text, long words: German "Wie auf diesem Gerät") one choice a line, each whole."""
        app, tr = self.app, self.app.tr
        choices = {DEVICE: tr._("As on this device"), **LANGUAGES}
        chosen = app.device.setting("language", DEVICE)
        room = app.layout.body_width() - 24 - DROPDOWN_EXTRAS
        if all(
            text_width(word, 16, app.layout.text_scale, LETTER_ADVANCE) <= room
            for word in choices.values()
        ):
            return ft.Row(
                [
                    TaggedChoice(
                        "language",
                        ft.Dropdown(
                            label=tr._("Language"),
                            value=chosen,
                            options=[
                                ft.DropdownOption(key=key, text=word)
                                for key, word in choices.items()
                            ],
                            on_select=lambda e: self.language_chosen(e.control.value or chosen),
                            expand=True,
                        ),
                        expand=True,
                    )
                ]
            )
        return self.one_a_line("language", choices, chosen, self.language_chosen)

    def one_a_line(
        self, identifier: str, choices: dict[str, str], chosen: str, choose: Callable[[str], None]
    ) -> ft.Control:
        """Choices one under another, a radio button beside each, every word as large as the
        device asks and wrapped between words (a radio's own label is not); each a finger's
        height, the word as much a target as its button."""
        scale = self.app.layout.text_scale
        return Tagged(
            identifier,
            ft.RadioGroup(
                content=ft.Column(
                    [
                        Tagged(
                            f"{identifier}-{value}",
                            ft.MergeSemantics(
                                content=ft.Row(
                                    [
                                        ft.Radio(value=value, height=tap_height(16, scale)),
                                        ft.Text(
                                            word,
                                            size=16,
                                            expand=True,
                                            on_tap=lambda _e, v=value: choose(v),
                                        ),
                                    ],
                                    spacing=0,
                                )
                            ),
                        )
                        for value, word in choices.items()
                    ],
                    spacing=0,
                    tight=True,
                ),
                value=chosen,
                on_change=lambda e: choose(e.control.value or chosen),
            ),
        )

    def language_chosen(self, code: str) -> None:
        self.app.device.choose_language(None if code == DEVICE else code)

    def awake_changed(self, event: ft.Event[ft.Switch]) -> None:
        self.app.device.set_setting("keep_awake", "on" if event.control.value else "off")
