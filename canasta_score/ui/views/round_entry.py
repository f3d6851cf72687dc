"""Round entry: what each side has, with a live preview; refused rounds say why and are not saved."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import flet as ft

from canasta_score.core import Problem, RoundRefused
from canasta_score.i18n.sides import side_size
from canasta_score.ui.components import TAP, Tagged, TapIcon, fit_button
from canasta_score.ui.components.side_panel import SidePanel, SideWarnings
from canasta_score.ui.debounce import Debounced
from canasta_score.ui.news import CANNOT_REACH_NOW, game_topic
from canasta_score.ui.screen import RoundNotFound, Screen
from canasta_score.ui.state.labels import N_
from canasta_score.ui.state.names import shown_game
from canasta_score.ui.state.round_entry import ENTRY_MODE_SETTING, EntryMode, RoundDraft
from canasta_score.ui.store import DatabaseUnavailable, StaleGame, StoredGame
from canasta_score.ui.views.game_screen import GameScreen

if TYPE_CHECKING:
    from canasta_score.ui.host import Host

#: Seconds without a change before the half-typed round is written to the database.
DRAFT_PAUSE = 0.7

#: Seconds a save may take before the screen says, over Save, that it waits for the database
#: (a file another process holds answers only after SQLite's own wait, 10 s or more).
SAY_WAITING_AFTER = 3.0

#: The width one side's panel needs to sit next to the others.
SIDE_WIDTH = 380

#: The least panel width for two canasta / red three steppers a row, labels readable.
PAIRED_STEPPERS_WIDTH = 380


class RoundEntryScreen(GameScreen, Screen):
    def __init__(self, app: Host, route: str, game_id: int, editing: int | None = None) -> None:
        self.app = app
        self.route = route
        self.game_id = game_id
        self.stored: StoredGame = app.store.load_game(game_id)
        game = shown_game(self.stored.game, app.tr)
        if editing is not None and not 1 <= editing <= len(game.rounds):
            raise RoundNotFound(game_id, editing)
        #: This phone's mark: the half-typed round kept here is this phone's own.
        self.phone = app.phone
        # Only the next round is kept as a draft: an edit starts from the saved round, and
        # leaving an edit half-done must not wipe the next round typed so far.
        saved = app.store.load_draft(game_id, self.phone) if editing is None else None
        #: This phone's way of entering a side's table, for a round begun here.
        mode = self.phone_mode()
        #: Whether the round comes back half entered from before (a reload, a closed tab).
        self.kept_from_before = False
        #: The round typed here that another phone saved first: this phone's entry waits
        #: for the player to drop it or keep it as the next round (never renumbered unasked).
        self.overtaken: int | None = None
        if saved is not None and saved.get("round") is None:
            self.draft = RoundDraft.from_dict(game, saved, mode)
            self.kept_from_before = self.draft.touched
            typed_as = saved.get("number")
            if self.draft.touched and isinstance(typed_as, int):
                self.overtaken = typed_as if typed_as < self.draft.round_number else None
        else:
            self.draft = RoundDraft(game, editing, mode)
        #: The same round typed on another phone, offered to take over (none typed here).
        self.elsewhere: dict[str, Any] | None = None
        if editing is None and not self.draft.touched:
            self.elsewhere = self.typed_elsewhere()
        # Typing never waits on the disk: the draft is written once typing pauses, and when
        # the screen is left or the page closes.
        self.draft_keeper = Debounced(self.keep_draft, DRAFT_PAUSE, app.run_task)
        self.problems = ft.Text("", size=14, color=ft.Colors.ERROR)
        #: Said when a save was refused because another screen changed the game: it stays on
        #: this screen (a passing message is easily missed at the table) until the next save.
        #: Kept as its English msgid and worded when drawn.
        self.changed_elsewhere: str | None = None
        self.problems_box = ft.Container(content=self.problems)
        #: Each side's likely miscounts, over Save with the round's problems.
        self.warnings = [SideWarnings(n) for n in range(len(game.sides))]
        self.save = ft.FilledButton(icon=ft.Icons.CHECK, on_click=self.save_round, height=60)
        #: A save is on its way to the database (Save stays off: one tap, one round).
        self.saving = False
        #: The round waits for the database to answer, and is saved once it does: said over
        #: Save, where it stays in sight (a passing message is easily missed at the table).
        self.waiting = False
        #: Saves asked for on this screen (a slow one's notice is for itself alone).
        self._saves = 0
        #: Something was typed or tapped here: the device's settings, read late, change
        #: nothing of this screen any more (a first tap always takes).
        self.handled = False
        #: The points field typed in (its identifier), which has the keyboard whenever the
        #: screen is drawn: at first the first side's melded points of a new round.
        self.typing_in: str | None = "side-0-melded" if editing is None else None

    @property
    def editing(self) -> int | None:
        return self.draft.editing

    def phone_mode(self) -> EntryMode:
        """How this phone last entered a side's table (points at first)."""
        chosen = self.app.device_setting(ENTRY_MODE_SETTING, EntryMode.POINTS.value)
        return EntryMode(chosen) if chosen in EntryMode.__members__.values() else EntryMode.POINTS

    def device_read(self) -> None:
        """This phone's settings came in after the screen was drawn: a round not begun yet
        starts in the way this phone enters rounds."""
        mode = self.phone_mode()
        untouched = not self.draft.worth_keeping and not self.handled
        if self.editing is None and untouched and mode != self.draft.start_mode:
            self.draft = RoundDraft(self.draft.game, None, mode)
            self.app.redraw(self)

    def build(self) -> ft.View:
        app = self.app
        app.news.follow([game_topic(self.game_id)], self.changed_on_another_phone)
        game = self.draft.game
        back = f"/game/{self.game_id}"
        if self.editing is None and game.finished:
            # A finished game takes no more rounds: the sheet says who won.
            from canasta_score.ui.views.sheet import SheetScreen

            return SheetScreen(app, back, self.game_id).build()
        app.keep_awake(True)
        tr = app.tr
        # Worded at each drawing: a language chosen meanwhile shows at once.
        self.save.content = ft.Text(tr._("Save round"), size=20, weight=ft.FontWeight.BOLD)
        self.panels = [SidePanel(self, index) for index in range(len(game.sides))]
        self.warnings = [SideWarnings(n, app.text_scale) for n in range(len(game.sides))]
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
                Tagged("round-problems", self.problems_box),
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
        fit_button(self.save, app.body_width(), app.text_scale)
        body: list[ft.Control] = [sides]
        if self.kept_from_before and self.overtaken is None:
            body.insert(0, Tagged("kept-from-before", self.kept_notice()))
        if self.overtaken is None and self.elsewhere is not None:
            body.insert(0, Tagged("typed-elsewhere", self.elsewhere_notice()))
        if self.changed_elsewhere:
            body.insert(0, Tagged("changed-elsewhere", self.notice(tr._(self.changed_elsewhere))))
        return app.frame(
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
            drafts = self.app.store.drafts_elsewhere(self.game_id, self.phone)
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
        self.draft = RoundDraft.from_dict(self.draft.game, self.elsewhere, self.phone_mode())
        self.elsewhere = None
        self.app.redraw(self)
        self.changed(at_once=True)

    def drop_entry(self) -> None:
        """The round another phone saved stands; this phone's entry of it goes."""
        self.overtaken = None
        self.draft_keeper.cancel()
        self.app.store.keep_draft(self.game_id, None, self.phone)
        self.draft = RoundDraft(self.draft.game, None, self.phone_mode())
        self.kept_from_before = False
        self.app.redraw(self)

    def keep_entry(self) -> None:
        """This phone's entry is a round of its own: the next one. The question over Save
        goes; the screen, drawn again in its frame, stays where the finger is."""
        self.overtaken = None
        self.kept_from_before = False
        self.app.redraw(self)
        self.changed(at_once=True)
        self.app.update()

    def redraw_side(self, index: int) -> None:
        """Draws one side's panel anew in its place, as its way of entering changed: the rest
        of the screen stays, scrolled where it was, and no field takes the focus."""
        panel = SidePanel(self, index)
        panel.melded.autofocus = panel.hand.autofocus = False
        panel.take_place_of(self.panels[index])
        self.panels[index] = panel
        self.changed(at_once=True)

    def after_side(self, index: int) -> None:
        """Enter in a side's hand field moves on to the next side's melded points."""
        following = self.panels[index + 1 :]
        if following and self.draft.sides[index + 1].mode == EntryMode.POINTS:
            self.app.run_task(following[0].melded.focus)

    def panel_width(self) -> float:
        """About how wide one side's panel is."""
        if self.side_by_side():
            return min(self.app.width, SIDE_WIDTH * len(self.draft.game.sides)) / len(
                self.draft.game.sides
            )
        return self.app.width

    def paired_steppers(self) -> bool:
        """Whether two steppers fit next to each other with a readable label each."""
        return self.panel_width() >= PAIRED_STEPPERS_WIDTH * self.app.text_scale

    def side_by_side(self) -> bool:
        """Sides next to each other where each gets a phone's width, else one under another."""
        return self.app.width - 40 >= SIDE_WIDTH * len(self.draft.game.sides)

    # --- changes ------------------------------------------------------------------------

    def changed(self, *, at_once: bool = False) -> None:
        """The draft changed: shown at once; kept once typing pauses, or `at_once` for a
        tap (a stepper, a toggle), which nothing after it may lose."""
        self.handled = True
        self.refresh()
        if self.editing is None:
            self.app.store.note_draft(self.game_id, self.kept(), self.phone)
            if at_once:
                self.draft_keeper.now()
            else:
                self.draft_keeper.poke()

    def kept(self) -> dict[str, Any] | None:
        """The half-typed next round as kept (nothing, for a round not begun)."""
        return self.draft.as_dict() if self.draft.worth_keeping else None

    def keep_draft(self) -> None:
        """Write the half-typed next round, so it survives a closed tab or app: never on
        the event loop of a server (`GameStore.keep_draft`), the newest state winning."""
        # Not while the round is being saved: it goes with the round, and must not come back.
        if self.editing is None and not self.saving:
            self.app.store.keep_draft(self.game_id, self.kept(), self.phone)

    def leave(self) -> None:
        self.draft_keeper.flush()
        self.app.news.stop()

    def game_changed(self, stored: StoredGame) -> None:
        """Another phone changed this game while a round is typed here: what was typed stays.

        A new round moves on with the game (its number, dealer and preview on the new totals);
        if the other phone saved the very round typed here, the player says what becomes of
        this entry (`overtaken`). An edited round takes the new game only while its own round
        is as it was: if the other phone changed or removed that very round, saving here is
        refused (`save_round`).
        """
        if self.editing is not None and not self.same_round(stored):
            return
        self.note_overtaken(stored)
        self.elsewhere = None  # what another phone typed was for the game as it was
        self.stored = stored
        self.draft.game = shown_game(stored.game, self.app.tr)
        self.app.redraw(self)

    def note_overtaken(self, stored: StoredGame) -> None:
        """Whether `stored` holds the round typed here, saved on another phone."""
        before = self.draft.round_number
        saved_there = self.editing is None and len(stored.game.rounds) >= before
        if saved_there and self.draft.touched and self.overtaken is None:
            self.overtaken = before

    def same_round(self, stored: StoredGame) -> bool:
        """Whether the round edited here is in `stored` as it was when this screen took it."""
        number = self.editing
        before = self.stored.game.rounds
        now = stored.game.rounds
        return number is not None and number <= len(now) and now[number - 1] == before[number - 1]

    def refresh(self) -> None:
        draft = self.draft
        check = draft.check()  # validation runs once per change
        problems = list(check.problems) if draft.touched else []
        warnings = list(check.warnings) if draft.touched else []
        for panel in self.panels:
            panel.show(check.sides[panel.index], [p for p in problems if p.side == panel.index])
        for index, box in enumerate(self.warnings):
            box.show([self.plain(w) for w in warnings if w.side == index])
        self.say_problems(problems)
        # Not while a save is on its way, nor while the player has not said what becomes of
        # an entry of a round another phone saved first.
        self.save.disabled = (
            not draft.touched or bool(problems) or self.saving or self.overtaken is not None
        )

    def say_problems(self, problems: Sequence[Problem]) -> None:
        """The round's problems over Save; no empty line there when there are none (a line of
        large text is a finger's height of the screen)."""
        self.problems.value = "\n".join(self.plain(p) for p in problems)
        self.problems.visible = bool(problems)

    def plain(self, problem: Problem) -> str:
        message = self.app.tr.problem(
            problem, where=False, players=side_size(self.draft.game.sides)
        )
        if problem.side is not None:
            return f"{self.draft.game.sides[problem.side].name}: {message}"
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
        self.app.confirm(title, text, action, self.clear)

    def clear(self) -> None:
        """Start the round over: empty for a new round, as saved for an edit."""
        self.draft_keeper.cancel()
        if self.editing is None:
            self.app.store.keep_draft(self.game_id, None, self.phone)
        self.app.show_route()

    def save_round(self) -> None:
        """Saves the round off the event loop; Save stays off until the outcome is known. A
        database out of reach keeps what was typed, and saves it once it answers."""
        entries, problems = self.draft.entries()
        if entries is None or problems or self.saving or self.overtaken is not None:
            self.refresh()
            return
        store, version, editing = self.app.store, self.stored.version, self.editing
        self.saving = True
        self.refresh()
        unreachable = False

        def save() -> StoredGame:
            if editing is None:
                return store.add_round(self.game_id, entries, version, self.phone)
            return store.replace_round(self.game_id, editing, entries, version)

        def waits() -> None:
            nonlocal unreachable
            unreachable = True
            self.wait_for_database()

        def done() -> None:
            self.saving = False
            if self.app.current is not self:
                return
            if self.waiting and not unreachable:  # said while slow; the database answered
                self.waiting = False
                self.app.redraw(self)
            else:
                self.refresh()

        async def said_if_slow() -> None:
            await asyncio.sleep(SAY_WAITING_AFTER)
            if self.saving and self._saves == this_save and not unreachable:
                self.wait_for_database()

        self._saves += 1
        this_save = self._saves

        self.app.attempt(
            save,
            self.saved,
            refused={RoundRefused: self.refused, StaleGame: self.stale},
            retry=self.save_again,
            always=done,
            waits=waits,
        )
        if self.saving:  # on its way (not done at once, as where there are no threads)
            self.app.run_task(said_if_slow)

    def wait_for_database(self) -> None:
        """The database did not answer (or is slow to): the round waits here, in sight, until
        it is saved."""
        if not self.waiting and self.app.current is self:
            self.waiting = True
            self.app.redraw(self)

    def save_again(self) -> None:
        """The database answers again: the round is saved as it now stands on this screen."""
        if self.app.current is self:
            self.save_round()

    def saved(self, _stored: StoredGame) -> None:
        self.draft_keeper.cancel()  # went with the round
        self.app.go(f"/game/{self.game_id}")

    def refused(self, refusal: RoundRefused) -> None:
        self.say_problems(refusal.problems)

    def stale(self, _: StaleGame) -> None:
        """Another phone changed the game first: read it again, and show what that means here."""
        self.app.attempt(lambda: self.app.store.load_game(self.game_id), self.saved_elsewhere)

    def saved_elsewhere(self, latest: StoredGame) -> None:
        if self.editing is not None and not self.same_round(latest):
            self.edited_elsewhere(latest)
            return
        # Someone saved on another screen meanwhile: take their game, keep what was typed.
        self.note_overtaken(latest)
        self.stored = latest
        self.draft.game = shown_game(self.stored.game, self.app.tr)
        if self.overtaken is None:
            self.changed_elsewhere = N_(
                "This game was changed on another screen. Check the round and save again."
            )
            self.app.message(self.app.tr._(self.changed_elsewhere))
        # Drawn again: the title's round number and every preview follow the game as it is.
        self.app.redraw(self)
        self.changed()

    def edited_elsewhere(self, latest: StoredGame) -> None:
        """The round edited here was changed on another phone first: theirs stands, shown here."""
        app = self.app
        number = self.editing
        assert number is not None
        self.stored = latest
        if number > len(latest.game.rounds):  # deleted there
            app.message(app.tr._("This game was changed on another screen; here it is now."))
            app.go(f"/game/{self.game_id}")
            return
        self.draft = RoundDraft(shown_game(latest.game, self.app.tr), number)
        self.changed_elsewhere = app.tr._(
            "Round {n} was changed on another phone first, so this change was not saved. "
            "Here is the round as saved there."
        ).format(n=app.tr.number(number))
        app.message(self.changed_elsewhere)
        app.redraw(self)


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
