"""Round entry: what each side has, with a live preview; refused rounds say why and are not saved."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import flet as ft

from canasta_score.core import Problem, ProblemCode, WarningCode
from canasta_score.i18n.sides import side_size
from canasta_score.ui.components import TAP, Tagged, TapIcon, fit_button, tap_height
from canasta_score.ui.components.over_save import RoundProblems, SideWarnings
from canasta_score.ui.components.side_panel import SidePanel
from canasta_score.ui.news import CANNOT_REACH_NOW, GAME_CHANGED_ELSEWHERE, game_topic
from canasta_score.ui.round_port import StoredRoundPort
from canasta_score.ui.screen import RoundNotFound, Screen
from canasta_score.ui.state.entry_modes import EntryModes
from canasta_score.ui.state.names import shown_game
from canasta_score.ui.state.round_entry import (
    ENTRY,
    ENTRY_MODE_SETTING,
    KINDS_OPEN_SETTING,
    EntryMode,
    RoundDraft,
)
from canasta_score.ui.state.typed_round import Phase, TypedRound, TypedRounds
from canasta_score.ui.store import DatabaseUnavailable, StoredGame
from canasta_score.ui.views.game_screen import GameScreen
from canasta_score.ui.views.sheet import SheetScreen

if TYPE_CHECKING:
    from canasta_score.ui.host import Host

#: The width one side's panel needs to sit next to the others.
SIDE_WIDTH = 380

#: The least panel width for two canasta / red three steppers a row, labels readable.
PAIRED_STEPPERS_WIDTH = 380

#: What a number brings while it is being typed, digit by digit, on its way to a right one.
HALF_TYPED = frozenset(
    {
        ProblemCode.POINTS_NOT_MULTIPLE_OF_5,
        ProblemCode.PENALTY_NOT_MULTIPLE_OF_5,
        WarningCode.MELDED_BELOW_OPENING_MINIMUM,
    }
)

#: What a side's canastas bring while its melded points are still to come (counted first, as
#: at many tables): said once Save is tapped. Said at the canasta's tap, three lines grew over
#: Save at large text and covered the stepper just tapped.
ENTERED_BEFORE_MELDED = frozenset({ProblemCode.CANASTAS_WITHOUT_MELDED_POINTS})


class RoundEntryScreen(GameScreen, Screen):
    """Draws the round being typed (`TypedRound`, its one owner) and hands it each tap."""

    def __init__(self, app: Host, route: str, game_id: int, editing: int | None = None) -> None:
        # Read here (off the event loop on a server): the game, and this phone's draft.
        self.app = app
        self.route = route
        self.game_id = game_id
        stored: StoredGame = app.table.store.load_game(game_id)
        game = shown_game(stored.game, app.tr)
        if editing is not None and not 1 <= editing <= len(game.rounds):
            raise RoundNotFound(game_id, editing)
        #: A finished game takes no more rounds: the sheet says who won (read here too).
        self.finished_sheet: SheetScreen | None = None
        if editing is None and game.finished:
            self.finished_sheet = SheetScreen(app, f"/game/{game_id}", game_id)
        #: This phone's mark: the half-typed round kept here is this phone's own.
        self.phone = app.table.phone
        #: Whether the round comes back half entered from before (a reload, a closed tab).
        self.kept_from_before = False
        rounds = app.nav.kept(TypedRounds)
        typed = rounds.unsaved(game_id, editing)
        if typed is None:
            typed = self.read_typed(stored, editing)
            rounds.keep(game_id, typed)
        else:  # a save on its way (or refused) since its screen was left: shown as it is
            typed.game_changed(stored)
        #: The round being typed: its values, its draft and its save.
        self.typed = typed
        #: The same round typed on another phone, offered to take over (none typed here).
        self.elsewhere: dict[str, Any] | None = None
        if editing is None and not typed.draft.touched:
            self.elsewhere = self.typed_elsewhere()
        self.problems_box = RoundProblems()
        self.problems = self.problems_box.text
        #: Each side's likely miscounts, over Save with the round's problems.
        self.warnings = [SideWarnings(n) for n in range(len(game.sides))]
        self.save = ft.FilledButton(icon=ft.Icons.CHECK, on_click=self.save_round, height=60)
        #: Something was typed or tapped here: the device's settings, read late, change
        #: nothing of this screen any more (a first tap always takes).
        self.handled = False
        #: The points field typed in (its identifier), which has the keyboard whenever the
        #: screen is drawn: at first the first side's melded points of a new round.
        self.typing_in: str | None = "side-0-melded" if editing is None else None
        #: The sides whose rarer canasta kinds are open (None: as this phone left them).
        self.opened_kinds: set[int] | None = None

    def read_typed(self, stored: StoredGame, editing: int | None) -> TypedRound:
        """The round as this phone left it (a new round's kept draft), else a fresh one."""
        app = self.app
        game = shown_game(stored.game, app.tr)
        # Only the next round is kept as a draft: an edit starts from the saved round, and
        # leaving an edit half-done must not wipe the next round typed so far.
        saved = app.table.store.load_draft(self.game_id, self.phone) if editing is None else None
        mode = self.phone_modes(len(game.sides))
        entry: str | None = None
        overtaken: int | None = None
        if saved is not None and saved.get("round") is None:
            draft = RoundDraft.from_dict(game, saved, mode)
            self.kept_from_before = draft.touched
            typed_as = saved.get("number")
            if draft.touched and isinstance(typed_as, int):
                overtaken = typed_as if typed_as < draft.round_number else None
            kept_entry = saved.get(ENTRY)
            entry = kept_entry if isinstance(kept_entry, str) else None
        else:
            draft = RoundDraft(game, editing, mode)
        typed = TypedRound(
            draft,
            stored,
            StoredRoundPort(app, self.game_id),
            shown=lambda game: shown_game(game, app.tr),
            entry=entry,
        )
        typed.overtaken = overtaken
        return typed

    @property
    def draft(self) -> RoundDraft:
        return self.typed.draft

    @property
    def stored(self) -> StoredGame:
        return self.typed.stored  # type: ignore[return-value]

    @stored.setter
    def stored(self, stored: StoredGame) -> None:
        self.typed.stored = stored

    @property
    def overtaken(self) -> int | None:
        return self.typed.overtaken

    @property
    def saving(self) -> bool:
        """A save is on its way (Save stays off: one tap, one round)."""
        return self.typed.on_its_way

    @property
    def changed_elsewhere(self) -> str | None:
        """Said over Save when the last save was refused as another phone changed the game
        first, worded (None: nothing to say)."""
        if self.typed.edited_elsewhere:
            return self.edited_elsewhere_text()
        if self.typed.changed_elsewhere:
            return self.app.tr._(self.typed.changed_elsewhere)
        return None

    @property
    def waiting(self) -> bool:
        """The round waits for the database (did not answer, or is slow to): said over Save."""
        return self.typed.waiting

    @property
    def editing(self) -> int | None:
        return self.draft.editing

    def entry_modes(self) -> EntryModes:
        return EntryModes.read(self.app.device.setting(ENTRY_MODE_SETTING, ""))

    def phone_modes(self, sides: int | None = None) -> list[EntryMode]:
        """How this phone entered each side's table in this game (a new game: as it last
        entered a side; points at first)."""
        count = len(self.draft.game.sides) if sides is None else sides
        return self.entry_modes().of_game(self.game_id, count)

    def mode_chosen(self, side: int, mode: EntryMode) -> None:
        """A side entered another way: kept for that side of this game, on this phone."""
        sides = len(self.draft.game.sides)
        kept = self.entry_modes().chosen(self.game_id, sides, side, mode)
        self.app.device.set_setting(ENTRY_MODE_SETTING, kept.written())

    def device_read(self) -> None:
        """This phone's settings came in after the screen was drawn: a round not begun yet
        starts in the way this phone enters each side."""
        modes = self.phone_modes()
        untouched = not self.draft.worth_keeping and not self.handled
        if self.editing is None and untouched and modes != self.draft.start_modes:
            self.typed.draft = RoundDraft(self.draft.game, None, modes)
            self.app.nav.redraw(self)

    def build(self) -> ft.View:
        app = self.app
        app.table.news.follow([game_topic(self.game_id)], self.changed_on_another_phone)
        self.typed.watcher = self.typed_changed
        self.typed.reword()  # in the language drawn in
        game = self.draft.game
        back = f"/game/{self.game_id}"
        if self.finished_sheet is not None:
            return self.finished_sheet.build()
        app.device.keep_awake(True)
        tr = app.tr
        # Worded at each drawing: a language chosen meanwhile shows at once.
        self.save.content = ft.Text(tr._("Save round"), size=20, weight=ft.FontWeight.BOLD)
        self.panels = [SidePanel(self, index) for index in range(len(game.sides))]
        self.warnings = [
            SideWarnings(n, app.layout.text_scale, self.open_whole) for n in range(len(game.sides))
        ]
        self.problems_box = RoundProblems(
            app.layout.text_scale, self.open_whole, app.layout.body_width()
        )
        self.problems = self.problems_box.text
        sides: ft.Row | ft.Column
        if self.side_by_side():
            sides = ft.Row(
                [panel.view for panel in self.panels],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        else:
            sides = ft.Column([panel.view for panel in self.panels], spacing=12)
        self.sides_box = sides
        self.refresh()
        number = self.draft.round_number
        title = (
            tr._("Round {n}").format(n=number)
            if self.editing is None
            else tr._("Edit round {n}").format(n=number)
        )
        dealer = game.dealer_of(number)
        subtitle = tr._("{name} dealt").format(name=game.sides[dealer[0]].players[dealer[1]])
        # Clearing sits in the app bar, far from where a thumb lands for Save, and asks first.
        clear = TapIcon(
            "clear-round",
            ft.Icons.DELETE_SWEEP_OUTLINED,
            tr._("Clear the round") if self.editing is None else tr._("Undo the changes"),
            self.ask_to_clear,
        )
        bottom = ft.Column(
            [
                self.problems_box,
                *self.warnings,
                ft.Row([Tagged("save-round", self.save, expand=True)]),
            ],
            spacing=4,
            tight=True,
        )
        if self.overtaken is not None:
            # Over Save, which waits for the answer: the rows being typed in do not move.
            bottom.controls.insert(
                0, Tagged("saved-elsewhere", self.overtaken_notice(self.overtaken))
            )
        elif self.waiting:
            bottom.controls.insert(
                0, Tagged("waiting-for-database", self.notice(tr._(CANNOT_REACH_NOW)))
            )
        if self.changed_elsewhere:
            # Over Save, where it stays in sight: the rows being typed in do not move.
            bottom.controls.insert(
                0, Tagged("changed-elsewhere", self.notice(self.changed_elsewhere))
            )
        fit_button(self.save, app.layout.body_width(), app.layout.text_scale)
        body: list[ft.Control] = [sides]
        if self.kept_from_before:  # stays when news comes: the rows below it do not move
            body.insert(0, Tagged("kept-from-before", self.kept_notice()))
        if self.overtaken is None and self.elsewhere is not None:
            body.insert(0, Tagged("typed-elsewhere", self.elsewhere_notice()))
        return app.layout.frame(
            self.route,
            title,
            body,
            subtitle=subtitle,
            back=back,
            actions=[clear],
            bottom=bottom,
            widest=SIDE_WIDTH * len(game.sides),
            room_at_end=True,  # a side switched to fewer rows pulls nothing down
        )

    @staticmethod
    def notice(text: str) -> ft.Control:
        return ft.Container(
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.SYNC_PROBLEM, color=ft.Colors.ON_TERTIARY_CONTAINER),
                    ft.Text(text, expand=True, color=ft.Colors.ON_TERTIARY_CONTAINER),
                ]
            ),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            border_radius=8,
            padding=12,
        )

    def kept_notice(self) -> ft.Control:
        """Says the round comes back as it was left, with a way to start it afresh."""
        tr = self.app.tr
        return choice_notice(
            ft.Icons.HISTORY,
            tr._("Kept from before: this round as it was left."),
            [
                (
                    "start-afresh",
                    tr._("Start the round afresh"),
                    ft.Icons.RESTART_ALT,
                    self.ask_to_clear,
                )
            ],
        )

    def overtaken_notice(self, number: int) -> ft.Control:
        """Another phone saved the round typed here: drop this entry, or keep it as the next."""
        tr = self.app.tr
        return choice_notice(
            ft.Icons.SYNC_PROBLEM,
            tr._(
                "Round {n} was saved on another phone. What you entered for it is still here: "
                "drop it, or keep it as round {next}."
            ).format(n=tr.number(number), next=tr.number(self.draft.round_number)),
            [
                ("drop-entry", tr._("Drop my entry"), ft.Icons.DELETE_OUTLINE, self.drop_entry),
                (
                    "keep-entry",
                    tr._("Keep it as round {n}").format(n=tr.number(self.draft.round_number)),
                    ft.Icons.CHECK,
                    self.keep_entry,
                ),
            ],
        )

    def elsewhere_notice(self) -> ft.Control:
        """Another phone is typing this round: this phone may take its entry over."""
        tr = self.app.tr
        return choice_notice(
            ft.Icons.PHONE_ANDROID,
            tr._("Round {n} is being entered on another phone.").format(
                n=tr.number(self.draft.round_number)
            ),
            [("take-over", tr._("Take it over"), ft.Icons.DOWNLOAD, self.take_over)],
        )

    def typed_elsewhere(self) -> dict[str, Any] | None:
        """The newest entry of this very round another phone is typing, if any."""
        number = self.draft.round_number
        try:
            drafts = self.app.table.store.drafts_elsewhere(self.game_id, self.phone)
        except DatabaseUnavailable:  # said when something is saved; nothing to offer now
            return None
        for draft in drafts:
            data = draft.data
            this_round = data.get("round") is None and data.get("number", number) == number
            if this_round and RoundDraft.from_dict(self.draft.game, data).touched:
                return data
        return None

    def take_over(self) -> None:
        """This phone goes on with the round another phone typed (theirs stays theirs)."""
        if self.elsewhere is None:
            return
        typed = RoundDraft.from_dict(self.draft.game, self.elsewhere, self.phone_modes())
        self.elsewhere = None
        self.handled = True
        self.typed.take_over(typed)
        self.app.nav.redraw(self)

    def drop_entry(self) -> None:
        """The round another phone saved stands; this phone's entry of it goes."""
        self.typed.drop_entry(RoundDraft(self.draft.game, None, self.phone_modes()))
        self.kept_from_before = False
        self.app.nav.redraw(self)

    def keep_entry(self) -> None:
        """This phone's entry is a round of its own: the next one. The question over Save
        goes; the screen, drawn again in its frame, stays where the finger is."""
        self.kept_from_before = False
        self.typed.keep_entry()
        self.app.nav.redraw(self)
        self.app.update()

    def redraw_side(self, index: int) -> None:
        """Draws one side's panel anew in its place, as its way of entering changed: the rest
        of the screen stays, scrolled where it was, and no field takes the focus."""
        panel = SidePanel(self, index)
        panel.melded.autofocus = panel.hand.autofocus = False
        panel.take_place_of(self.panels[index])
        self.panels[index] = panel
        self.changed(at_once=True)

    def kinds_opened(self, side: int) -> bool:
        """A side's rarer canasta kinds (american) are shown at first where this phone left
        them open, for this side or the last game's (a table that plays them opens them
        once), or where they were opened on this screen."""
        if self.opened_kinds is None:
            left_open = self.app.device.setting(KINDS_OPEN_SETTING, "") == "1"
            self.opened_kinds = set(range(len(self.draft.sides))) if left_open else set()
        return side in self.opened_kinds

    def open_kinds(self, side: int, opened: bool) -> None:
        """A side's rarer kinds opened or closed: kept for the screen's next drawing, and as
        this phone's way for the rounds to come."""
        kinds = self.opened_kinds if self.opened_kinds is not None else set()
        if opened:
            kinds.add(side)
        else:
            kinds.discard(side)
        self.opened_kinds = kinds
        self.app.device.set_setting(KINDS_OPEN_SETTING, "1" if kinds else "")

    def after_side(self, index: int) -> None:
        """Enter in a side's hand field moves on to the next side's melded points."""
        following = self.panels[index + 1 :]
        if following and self.draft.sides[index + 1].mode == EntryMode.POINTS:
            self.app.run_task(following[0].melded.focus)

    def panel_width(self) -> float:
        """About how wide one side's panel is."""
        if self.side_by_side():
            return min(self.app.layout.width, SIDE_WIDTH * len(self.draft.game.sides)) / len(
                self.draft.game.sides
            )
        return self.app.layout.width

    def paired_steppers(self) -> bool:
        """Whether two steppers fit next to each other with a readable label each."""
        return self.panel_width() >= PAIRED_STEPPERS_WIDTH * self.app.layout.text_scale

    def side_by_side(self) -> bool:
        """Sides next to each other where each gets a phone's width, else one under another."""
        return self.app.layout.width - 40 >= SIDE_WIDTH * len(self.draft.game.sides)

    # --- changes ------------------------------------------------------------------------

    def changed(self, *, at_once: bool = False) -> None:
        """The draft changed: shown at once; kept once typing pauses, or `at_once` for a
        tap (a stepper, a toggle), which nothing after it may lose."""
        self.handled = True
        self.refresh()
        self.typed.changed(at_once=at_once)

    def kept(self) -> dict[str, Any] | None:
        """The half-typed next round as kept (nothing, for a round not begun)."""
        return self.typed.kept()

    def leave(self) -> None:
        self.typed.leave()
        self.app.table.news.stop()

    def game_changed(self, stored: StoredGame) -> None:
        """Another phone changed this game while a round is typed here (`TypedRound`)."""
        if self.typed.game_changed(stored):
            self.elsewhere = None  # what another phone typed was for the game as it was
            if self.typed.phase != Phase.SAVED:
                self.app.nav.redraw(self)

    def typed_changed(self) -> None:
        """The round's save moved on (on its way, slow, waiting, saved or not saved); heard
        while the screen is shown (`build` to `leave`)."""
        if self.typed.phase == Phase.SAVED:
            self.say_saved(self.typed)
            self.app.nav.go(f"/game/{self.game_id}")
        elif self.typed.edited_elsewhere and self.editing is not None:
            if self.editing > len(self.typed.stored.game.rounds):  # deleted there
                self.app.messages.say_with_screen(
                    f"/game/{self.game_id}", self.app.tr._(GAME_CHANGED_ELSEWHERE)
                )
                return
            self.app.nav.redraw(self)  # said over Save, where it stays in sight
        else:
            self.app.nav.redraw(self)

    def edited_elsewhere_text(self) -> str:
        tr = self.app.tr
        return tr._(
            "Round {n} was changed on another phone first, so this change was not saved. "
            "Here is the round as saved there."
        ).format(n=tr.number(self.draft.round_number))

    def refresh(self) -> None:
        draft = self.draft
        check = draft.check()  # validation runs once per change
        problems = list(check.problems) if draft.touched else []
        warnings = list(check.warnings) if draft.touched else []
        for panel in self.panels:
            panel.show(
                check.sides[panel.index],
                [p for p in problems if p.side == panel.index],
                check.winner if draft.touched else None,
            )
        for index, box in enumerate(self.warnings):
            box.show([self.plain(w) for w in warnings if w.side == index and self.sayable(w)])
        said = [problem for problem in problems if self.sayable(problem)]
        self.say_problems(said if problems else list(self.typed.refusal))
        # Not while a save is on its way, nor while the player has not said what becomes of
        # an entry of a round another phone saved first. A number half typed leaves it on: a
        # tap on Save says what is wrong with it.
        self.save.disabled = (
            not draft.touched or bool(said) or self.saving or self.overtaken is not None
        )

    def sayable(self, problem: Problem) -> bool:
        """Whether `problem` is said over Save now: not what a number half typed brings in
        the field still typed in (the 1 of 120: not a multiple of 5, below the minimum to
        open). Said at each first digit, it grew the part over Save, covered the field and
        made the screen jump; the field is red at once, and it is said once the field is left
        or Save is tapped. Nor, until Save is tapped, canastas whose melded points are still
        to come (`ENTERED_BEFORE_MELDED`)."""
        if problem.code in ENTERED_BEFORE_MELDED:
            return self.typed.save_tried
        return not (
            problem.code in HALF_TYPED
            and problem.side is not None
            and self.typing_in == f"side-{problem.side}-{problem.field}"
        )

    def say_problems(self, problems: Sequence[Problem]) -> None:
        """The round's problems over Save; no empty line there when there are none (a line of
        large text is a finger's height of the screen)."""
        self.problems_box.show([self.plain(p) for p in problems])

    def open_whole(self, said: str) -> None:
        """What is said over Save tapped (a warning, its advice too, or the round's problems):
        the whole of it in a dialog."""
        app = self.app
        height = tap_height(14, app.layout.text_scale)
        app.messages.show_dialog(
            ft.AlertDialog(
                content=Tagged("warning-whole", ft.Text(said, size=16)),
                actions=[
                    ft.FilledButton(
                        app.tr._("Close"),
                        on_click=lambda: app.messages.close_dialog(),
                        height=height,
                    )
                ],
            )
        )

    def plain(self, problem: Problem) -> str:
        message = self.app.tr.problem(
            problem, where=False, players=side_size(self.draft.game.sides)
        )
        if problem.side is not None:
            return f"{self.draft.side_name(problem.side)}: {message}"
        return message[:1].upper() + message[1:]

    def ask_to_clear(self) -> None:
        """Asks before clearing: what was entered cannot be brought back."""
        tr = self.app.tr
        if not self.draft.touched and self.editing is None:
            return
        number = self.draft.round_number
        if self.editing is None:
            title = tr._("Clear round {n}?").format(n=number)
            text = tr._("Everything entered for this round so far is removed.")
            action = tr._("Clear")
        else:
            title = tr._("Undo the changes to round {n}?").format(n=number)
            text = tr._("The round goes back to how it was saved.")
            action = tr._("Undo the changes")
        self.app.messages.confirm(title, text, action, self.clear)

    def clear(self) -> None:
        """Start the round over: empty for a new round, as saved for an edit."""
        fresh = RoundDraft(self.draft.game, self.editing, self.phone_modes())
        self.typed.clear(fresh)
        self.kept_from_before = False
        self.app.nav.show_route()

    def save_round(self) -> None:
        """Hands the round to its owner to save (off the event loop); Save stays off until
        the outcome is known. A database out of reach keeps what was typed, and the round is
        saved once it answers, here or wherever the player went meanwhile."""
        self.typing_in = None  # the finger is on Save: what was typed is said as it is
        if not self.typed.save():
            self.refresh()
            return
        self.refresh()


def choice_notice(
    icon: ft.IconData, text: str, choices: list[tuple[str, str, ft.IconData, Callable[[], None]]]
) -> ft.Control:
    """A notice over the sides with the player's choices (each tagged, a finger high)."""
    return ft.Container(
        content=ft.Column(
            [
                ft.Row(
                    [
                        ft.Icon(icon, color=ft.Colors.ON_SECONDARY_CONTAINER),
                        ft.Text(text, expand=True, color=ft.Colors.ON_SECONDARY_CONTAINER),
                    ]
                ),
                ft.Row(
                    [
                        Tagged(tag, ft.TextButton(label, icon=glyph, on_click=chosen, height=TAP))
                        for tag, label, glyph, chosen in choices
                    ],
                    wrap=True,
                    alignment=ft.MainAxisAlignment.END,
                ),
            ],
            spacing=0,
            tight=True,
        ),
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border_radius=8,
        padding=ft.Padding.only(left=12, right=4, top=8, bottom=0),
    )
