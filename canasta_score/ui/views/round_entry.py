"""Round entry: what each side has, with a live preview; refused rounds say why and are not saved."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from canasta_score.core import CanastaKind, CardGroup, Problem, RoundRefused, SidePreview, WentOut
from canasta_score.i18n import _
from canasta_score.ui.components import TAP, Section, Stepper, Tagged
from canasta_score.ui.debounce import Debounced
from canasta_score.ui.screen import Screen
from canasta_score.ui.state.labels import CARD_GROUP_LABELS, N_
from canasta_score.ui.state.points import format_points, signed
from canasta_score.ui.state.round_entry import CardPlace, EntryMode, RoundDraft
from canasta_score.ui.store import StaleGame

if TYPE_CHECKING:
    from canasta_score.ui.shell import App

#: Characters a points field takes: digits and the `+` of a sum (and `-`, refused with a reason).
POINTS_FILTER = ft.InputFilter(regex_string=r"[0-9+\- ]", allow=True)

#: Seconds without a change before the half-typed round is written to the database.
DRAFT_PAUSE = 0.7

#: The width one side's panel needs to sit next to the others.
SIDE_WIDTH = 380

#: The least panel width for two canasta / red three steppers a row, labels readable.
PAIRED_STEPPERS_WIDTH = 380

#: Room for a card group's name in the card-counting grid.
CARD_LABEL_WIDTH = 66

SHORT_CANASTA_LABELS: dict[CanastaKind, str] = {
    CanastaKind.NATURAL: N_("Natural canastas"),
    CanastaKind.MIXED: N_("Mixed canastas"),
    CanastaKind.NATURAL_ACES: N_("Natural aces"),
    CanastaKind.MIXED_ACES: N_("Mixed aces"),
    CanastaKind.WILD: N_("Wild canastas"),
}


def points_field(
    label: str, value: str, hint: str, *, on_change: Any, on_submit: Any
) -> ft.TextField:
    """A field for points, on the phone keypad (which has `+` for sums like 120+35+5)."""
    return ft.TextField(
        label=label,
        value=value,
        hint_text=hint,
        keyboard_type=ft.KeyboardType.PHONE,
        input_filter=POINTS_FILTER,
        text_size=20,
        error_max_lines=4,
        dense=True,  # still taller than a 48 px tap target
        on_change=on_change,
        on_submit=on_submit,
    )


class Toggle(ft.Container):
    """A big on/off choice (went out, concealed, dealer bonus) that shows its state in colour."""

    def __init__(self, label: str, on_click: Callable[[], None], identifier: str) -> None:
        self.label = ft.Text(label, size=15, weight=ft.FontWeight.BOLD)
        self.mark = ft.Icon(ft.Icons.CHECK_BOX_OUTLINE_BLANK, size=20)
        super().__init__(
            content=ft.Row(
                [self.mark, self.label],
                spacing=6,
                alignment=ft.MainAxisAlignment.CENTER,
                tight=True,
            ),
            height=TAP,
            padding=ft.Padding.symmetric(horizontal=10),
            border_radius=TAP // 2,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            on_click=lambda: on_click(),
            ink=True,
            expand=True,
            alignment=ft.Alignment.CENTER,
        )
        self.tag = ft.Semantics(
            identifier=identifier, content=self, button=True, selected=False, expand=True
        )

    def show(self, on: bool) -> None:
        self.bgcolor = ft.Colors.PRIMARY if on else None
        self.label.color = ft.Colors.ON_PRIMARY if on else None
        self.mark.color = ft.Colors.ON_PRIMARY if on else None
        self.mark.icon = ft.Icons.CHECK_BOX if on else ft.Icons.CHECK_BOX_OUTLINE_BLANK
        self.tag.selected = on


def labelled(label: str, extra: str, stepper: Stepper) -> ft.Control:
    """A compact stepper under its label (and a word on what each counts)."""
    return ft.Column(
        [
            ft.Text(
                spans=[
                    ft.TextSpan(label),
                    ft.TextSpan(
                        f"  {extra}" if extra else "",
                        style=ft.TextStyle(size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                    ),
                ],
                size=14,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            stepper,
        ],
        spacing=0,
        tight=True,
        expand=True,
    )


class SidePanel:
    """One side's part of the round: fields, steppers, going out, its preview and its problems."""

    def __init__(self, screen: RoundEntryScreen, index: int) -> None:
        self.screen = screen
        self.index = index
        draft = screen.draft
        rules = draft.rules
        side = draft.game.sides[index]
        n = index

        self.score = ft.Text("", size=28, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.END)
        self.total = ft.Text("", size=14, text_align=ft.TextAlign.END)
        self.opening = ft.Text("", size=14, text_align=ft.TextAlign.END)
        self.opening_box = ft.Container(
            content=self.opening, padding=ft.Padding.symmetric(horizontal=6), border_radius=8
        )
        header = ft.Row(
            [
                ft.Column(
                    [
                        ft.Text(side.name, size=20, weight=ft.FontWeight.BOLD),
                        ft.Text(
                            ", ".join(side.players), size=12, color=ft.Colors.ON_SURFACE_VARIANT
                        ),
                    ],
                    spacing=0,
                    expand=True,
                    tight=True,
                ),
                ft.Column(
                    [
                        Tagged(f"side-{n}-round-score", self.score),
                        ft.Row(
                            [
                                Tagged(f"side-{n}-total", self.total),
                                Tagged(f"side-{n}-opening", self.opening_box),
                            ],
                            spacing=4,
                            tight=True,
                        ),
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.END,
                    tight=True,
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.START,
        )

        sd = draft.sides[index]
        self.melded = points_field(
            _("Melded"),
            sd.melded_text,
            _("e.g. 120+35+5"),  # an example, not a value already there
            on_change=lambda e: self.changed(lambda: draft.set_melded(n, e.control.value)),
            on_submit=lambda: self.next_field(self.hand),
        )
        self.melded.autofocus = index == 0 and screen.draft.editing is None
        self.hand = points_field(
            _("In hand"),
            sd.hand_text,
            "0",
            on_change=lambda e: self.changed(lambda: draft.set_hand(n, e.control.value)),
            on_submit=lambda: self.screen.after_side(n),
        )
        self.cards_item = ft.PopupMenuItem(
            content=self.mode_label(sd.mode),
            icon=ft.Icons.CALCULATE,
            on_click=lambda: self.mode_changed(self.screen.draft.sides[n].mode != EntryMode.CARDS),
        )
        self.penalty_item = ft.PopupMenuItem(
            content=_("Add a penalty"),
            icon=ft.Icons.REMOVE_CIRCLE_OUTLINE,
            on_click=self.show_penalty,
            disabled=bool(sd.penalty_text),
        )
        # Rarely needed, so kept off the screen: card counting and penalties.
        self.more = Tagged(
            f"side-{n}-more",
            ft.PopupMenuButton(
                icon=ft.Icons.MORE_VERT,
                tooltip=_("More for {side}: count cards, penalty").format(side=side.name),
                items=[self.cards_item, self.penalty_item],
                width=TAP,
                height=TAP,
            ),
        )
        self.points_row = ft.Row(
            [
                Tagged(f"side-{n}-melded", self.melded, expand=True),
                Tagged(f"side-{n}-hand", self.hand, expand=True),
            ],
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
        self.card_steppers: dict[tuple[CardPlace, CardGroup], Stepper] = {}
        self.cards_points = {
            place: ft.Text("", size=15, weight=ft.FontWeight.BOLD) for place in CardPlace
        }
        self.cards_area = ft.Column(self.card_columns(), spacing=4)

        self.canastas: dict[CanastaKind, Stepper] = {}
        steppers: list[Stepper] = []
        for kind in rules.canasta_kinds:
            stepper = Stepper(
                _(SHORT_CANASTA_LABELS[kind]),
                sd.canastas.get(kind, 0),
                lambda step, k=kind: self.changed(lambda: draft.add_canasta(n, k, step)),
                f"side-{n}-canasta-{kind.value}",
                extra=_("{points} each").format(points=rules.canasta_bonuses[kind]),
                compact=screen.paired_steppers(),
            )
            self.canastas[kind] = stepper
            steppers.append(stepper)
        self.red_threes = Stepper(
            _("Red threes"),
            sd.red_threes,
            lambda step: self.changed(lambda: draft.add_red_three(n, step)),
            f"side-{n}-red-threes",
            maximum=rules.red_threes_in_packs,
            compact=screen.paired_steppers(),
        )
        steppers.append(self.red_threes)
        stepper_rows: list[ft.Control] = list(steppers)
        if screen.paired_steppers():
            # Two steppers a row, each under its label, where the panel is wide enough: the
            # side's panel is shorter and more of the next side shows.
            labels = [_(SHORT_CANASTA_LABELS[kind]) for kind in rules.canasta_kinds]
            extras = [
                _("{points} each").format(points=rules.canasta_bonuses[kind])
                for kind in rules.canasta_kinds
            ]
            cells = [
                labelled(label, extra, stepper)
                for label, extra, stepper in zip(
                    [*labels, _("Red threes")], [*extras, ""], steppers, strict=True
                )
            ]
            stepper_rows = [
                ft.Row(
                    [*pair, *([ft.Container(expand=True)] * (2 - len(pair)))],
                    spacing=8,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
                for pair in (cells[i : i + 2] for i in range(0, len(cells), 2))
            ]

        self.out_normal = Toggle(
            _("Went out"),
            lambda: self.changed(lambda: draft.toggle_went_out(n, WentOut.NORMAL), all_sides=True),
            f"side-{n}-out-normal",
        )
        self.out_concealed = Toggle(
            _("Concealed"),
            lambda: self.changed(
                lambda: draft.toggle_went_out(n, WentOut.CONCEALED), all_sides=True
            ),
            f"side-{n}-out-concealed",
        )
        extras: list[ft.Control] = [
            ft.Row([self.out_normal.tag, self.out_concealed.tag, self.more], spacing=6)
        ]
        self.dealer_bonus: Toggle | None = None
        dealer_side = draft.game.dealer_of(draft.round_number)[0]
        # The bonus is the dealer's: offered to the dealer's side (and any side that has it).
        if rules.dealer_bonus is not None and (index == dealer_side or sd.dealer_bonus):
            self.dealer_bonus = Toggle(
                _("Dealer bonus +{points}").format(points=rules.dealer_bonus),
                lambda: self.changed(lambda: draft.toggle_dealer_bonus(n), all_sides=True),
                f"side-{n}-dealer-bonus",
            )
            extras.append(ft.Row([self.dealer_bonus.tag]))
        self.penalty = ft.TextField(
            label=_("Penalty"),
            value=sd.penalty_text,
            keyboard_type=ft.KeyboardType.PHONE,
            input_filter=POINTS_FILTER,
            on_change=lambda e: self.changed(lambda: draft.set_penalty(n, e.control.value)),
            visible=bool(sd.penalty_text),
            text_size=18,
        )
        self.problems = ft.Text("", color=ft.Colors.ERROR, size=14, visible=False)
        self.view = Section(
            header,
            self.points_row,
            self.cards_area,
            ft.Column(stepper_rows, spacing=2),
            *extras,
            self.penalty,
            self.problems,
            padding=10,
        )
        self.view.expand = screen.side_by_side()

    def card_columns(self) -> list[ft.Control]:
        """A grid: a row per card group, steppers for the table and for the hand side by side."""
        draft = self.screen.draft
        n = self.index
        header = ft.Row(
            [
                ft.Container(width=CARD_LABEL_WIDTH),
                *[
                    ft.Column(
                        [ft.Text(title, size=14), self.cards_points[part]],
                        spacing=0,
                        expand=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    )
                    for part, title in (
                        (CardPlace.MELDED, _("On the table")),
                        (CardPlace.HAND, _("In hand")),
                    )
                ],
            ],
            spacing=0,
        )
        rows: list[ft.Control] = [header]
        for group in CardGroup:
            value = draft.rules.card_values.of(group)
            cells: list[ft.Control] = [
                ft.Column(
                    [
                        ft.Text(_(CARD_GROUP_LABELS[group]), size=14, weight=ft.FontWeight.BOLD),
                        ft.Text(
                            _("{points} each").format(points=value),
                            size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT,
                        ),
                    ],
                    spacing=0,
                    width=CARD_LABEL_WIDTH,
                    tight=True,
                )
            ]
            for part in CardPlace:
                cards = draft.sides[n].cards(part)
                where = _("on the table") if part == CardPlace.MELDED else _("in hand")
                stepper = Stepper(
                    f"{_(CARD_GROUP_LABELS[group])} {where}",
                    cards[group],
                    lambda step, p=part, g=group: self.changed(
                        lambda: draft.add_cards(n, p, g, step)
                    ),
                    f"side-{n}-{part.value}-{group.value}",
                    maximum=draft.cards_limit(group),
                    compact=True,
                )
                self.card_steppers[(part, group)] = stepper
                cells.append(
                    ft.Container(content=stepper, expand=True, alignment=ft.Alignment.CENTER)
                )
            rows.append(ft.Row(cells, spacing=0))
        return rows

    # --- events -------------------------------------------------------------------------

    def changed(self, verb: Callable[[], None], all_sides: bool = False) -> None:
        verb()
        self.screen.changed()

    def mode_changed(self, cards: bool) -> None:
        self.screen.draft.set_mode(self.index, EntryMode.CARDS if cards else EntryMode.POINTS)
        sd = self.screen.draft.sides[self.index]
        self.melded.value = sd.melded_text
        self.hand.value = sd.hand_text
        self.screen.changed()

    def next_field(self, field: ft.TextField) -> None:
        """The keyboard's Enter moves on to the next field, as on a paper form."""
        self.screen.app.page.run_task(field.focus)

    @staticmethod
    def mode_label(mode: EntryMode) -> str:
        return _("Type points instead") if mode == EntryMode.CARDS else _("Count cards instead")

    def show_penalty(self) -> None:
        self.penalty.visible = True
        self.penalty_item.disabled = True

    # --- drawing ------------------------------------------------------------------------

    def show(self, preview: SidePreview, problems: list[Problem]) -> None:
        draft = self.screen.draft
        sd = draft.sides[self.index]
        cards = sd.mode == EntryMode.CARDS
        self.points_row.visible = not cards
        self.cards_item.content = self.mode_label(sd.mode)
        self.cards_area.visible = cards
        if cards:
            for (part, group), stepper in self.card_steppers.items():
                stepper.show(sd.cards(part)[group])
            for part, text in self.cards_points.items():
                text.value = _("{points} points").format(
                    points=draft.cards_points(self.index, part)
                )
        for kind, stepper in self.canastas.items():
            stepper.show(sd.canastas.get(kind, 0))
        self.red_threes.show(sd.red_threes)
        self.out_normal.show(sd.went_out == WentOut.NORMAL)
        self.out_concealed.show(sd.went_out == WentOut.CONCEALED)
        if self.dealer_bonus is not None:
            self.dealer_bonus.show(sd.dealer_bonus)

        if preview.round_score is None:
            self.score.value = "-"
            self.total.value = ""
            self.opening.value = ""
        else:
            self.score.value = signed(preview.round_score)
            self.score.color = ft.Colors.ERROR if preview.round_score < 0 else None
            self.total.value = _("total {total}").format(total=format_points(preview.total or 0))
            self.opening.value = _("then needs {minimum}").format(minimum=preview.opening)
        changed = preview.opening_changed
        self.opening_box.bgcolor = ft.Colors.TERTIARY_CONTAINER if changed else None
        self.opening.color = ft.Colors.ON_TERTIARY_CONTAINER if changed else None
        self.opening.weight = ft.FontWeight.BOLD if changed else None

        by_field: dict[str, list[str]] = {}
        for problem in problems:
            by_field.setdefault(problem.field or "", []).append(problem.message)
        self.melded.error = " ".join(by_field.pop(CardPlace.MELDED, [])) or None
        self.hand.error = " ".join(by_field.pop(CardPlace.HAND, [])) or None
        self.penalty.error = " ".join(by_field.pop("penalty", [])) or None
        if self.penalty.error:
            self.show_penalty()
        rest = [message for messages in by_field.values() for message in messages]
        self.problems.value = "\n".join(rest)
        self.problems.visible = bool(rest)


class RoundEntryScreen(Screen):
    def __init__(self, app: App, route: str, game_id: int, editing: int | None = None) -> None:
        self.app = app
        self.route = route
        self.game_id = game_id
        self.stored: Any = app.store.load_game(game_id)
        game = self.stored.game
        # Only the next round is kept as a draft: an edit starts from the saved round, and
        # leaving an edit half-done must not wipe the next round typed so far.
        saved = app.store.load_draft(game_id) if editing is None else None
        if saved is not None and saved.get("round") is None:
            self.draft = RoundDraft.from_dict(game, saved)
        else:
            self.draft = RoundDraft(game, editing)
        # Typing never waits on the disk: the draft is written once typing pauses, and when
        # the screen is left or the page closes.
        self.draft_keeper = Debounced(self.keep_draft, DRAFT_PAUSE, app.page.run_task)
        self.problems = ft.Text("", size=14, color=ft.Colors.ERROR)
        self.problems_box = ft.Container(content=self.problems)
        self.save = ft.FilledButton(
            content=ft.Text(_("Save round"), size=20, weight=ft.FontWeight.BOLD),
            icon=ft.Icons.CHECK,
            on_click=self.save_round,
            height=60,
        )

    @property
    def editing(self) -> int | None:
        return self.draft.editing

    def build(self) -> ft.View:
        app = self.app
        game = self.draft.game
        back = f"/game/{self.game_id}"
        if self.editing is None and game.finished:
            # A finished game takes no more rounds: the sheet says who won.
            from canasta_score.ui.views.sheet import SheetScreen

            return SheetScreen(app, back, self.game_id).build()
        app.keep_awake(True)
        self.panels = [SidePanel(self, index) for index in range(len(game.sides))]
        sides: ft.Control
        if self.side_by_side():
            sides = ft.Row(
                [panel.view for panel in self.panels],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        else:
            sides = ft.Column([panel.view for panel in self.panels], spacing=12)
        self.refresh()
        number = self.draft.round_number
        title = (
            _("Round {n}").format(n=number)
            if self.editing is None
            else _("Edit round {n}").format(n=number)
        )
        dealer = game.dealer_of(number)
        subtitle = _("{name} dealt").format(name=game.sides[dealer[0]].players[dealer[1]])
        bottom = ft.Column(
            [
                Tagged("round-problems", self.problems_box),
                ft.Row(
                    [
                        ft.OutlinedButton(
                            _("Clear"), icon=ft.Icons.CLEAR_ALL, on_click=self.clear, height=60
                        ),
                        Tagged("save-round", self.save, expand=True),
                    ]
                ),
            ],
            spacing=4,
            tight=True,
        )
        return app.frame(
            self.route,
            title,
            [sides],
            subtitle=subtitle,
            back=back,
            bottom=bottom,
            widest=SIDE_WIDTH * len(game.sides),
        )

    def after_side(self, index: int) -> None:
        """Enter in a side's hand field moves on to the next side's melded points."""
        following = self.panels[index + 1 :]
        if following and self.draft.sides[index + 1].mode == EntryMode.POINTS:
            self.app.page.run_task(following[0].melded.focus)

    def panel_width(self) -> float:
        """About how wide one side's panel is."""
        if self.side_by_side():
            return min(self.app.width, SIDE_WIDTH * len(self.draft.game.sides)) / len(
                self.draft.game.sides
            )
        return self.app.width

    def paired_steppers(self) -> bool:
        """Whether two steppers fit next to each other with a readable label each."""
        return self.panel_width() >= PAIRED_STEPPERS_WIDTH

    def side_by_side(self) -> bool:
        """Sides next to each other where each gets a phone's width, else one under another."""
        return self.app.width - 40 >= SIDE_WIDTH * len(self.draft.game.sides)

    # --- changes ------------------------------------------------------------------------

    def changed(self) -> None:
        self.refresh()
        if self.editing is None:
            self.draft_keeper.poke()

    def keep_draft(self) -> None:
        """Write the half-typed next round, so it survives a closed tab or app."""
        if self.editing is None:
            draft = self.draft.as_dict() if self.draft.worth_keeping else None
            self.app.store.save_draft(self.game_id, draft)

    def leave(self) -> None:
        self.draft_keeper.flush()

    def refresh(self) -> None:
        draft = self.draft
        check = draft.check()  # validation runs once per change
        problems = list(check.problems) if draft.touched else []
        for panel in self.panels:
            panel.show(check.sides[panel.index], [p for p in problems if p.side == panel.index])
        self.problems.value = "\n".join(self.plain(p) for p in problems)
        self.save.disabled = not draft.touched or bool(problems)

    def plain(self, problem: Problem) -> str:
        if problem.side is not None:
            return f"{self.draft.game.sides[problem.side].name}: {problem.message}"
        return problem.message[:1].upper() + problem.message[1:]

    def clear(self) -> None:
        """Start the round over: empty for a new round, as saved for an edit."""
        self.draft_keeper.cancel()
        if self.editing is None:
            self.app.store.save_draft(self.game_id, None)
        self.app.show_route()

    def save_round(self) -> None:
        entries, problems = self.draft.entries()
        if entries is None or problems:
            self.refresh()
            return
        store = self.app.store
        try:
            if self.editing is None:
                store.add_round(self.game_id, entries, self.stored.version)
            else:
                store.replace_round(self.game_id, self.editing, entries, self.stored.version)
        except RoundRefused as refused:
            self.problems.value = "\n".join(self.plain(p) for p in refused.problems)
            return
        except StaleGame:
            # Someone saved on another screen meanwhile: take their game, keep what was typed.
            self.stored = store.load_game(self.game_id)
            self.draft.game = self.stored.game
            self.app.message(
                _("This game was changed on another screen. Check the round and save again.")
            )
            # Drawn again: the title's round number and every preview follow the game as it is.
            self.app.redraw(self)
            self.changed()
            return
        self.draft_keeper.cancel()
        if self.editing is None:
            store.save_draft(self.game_id, None)
        self.app.go(f"/game/{self.game_id}")
