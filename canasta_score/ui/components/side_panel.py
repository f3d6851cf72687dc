"""One side's part of round entry, put together from its parts (side_parts.py): header and
preview, points fields, card-counting grid, canasta and red three steppers, going out, penalty
and problems."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import flet as ft

from canasta_score.core import (
    Problem,
    SidePreview,
    WentOut,
)
from canasta_score.ui.components import (
    NamedButton,
    Section,
    Tagged,
    fitted,
    icon_size,
    tap_size,
    text_width,
)
from canasta_score.ui.components.entry import (
    POINTS_FILTER,
    TOGGLE_EXTRAS,
    Toggle,
    field_label,
    label_of,
    points_field,
    say_value,
)
from canasta_score.ui.components.family_fields import (
    FamilyFields,
    SpecialHand,
    no_meld_by_meld,
)
from canasta_score.ui.components.meld_entry import MeldArea
from canasta_score.ui.components.side_parts import (
    BothFigures,
    CardGrid,
    CountSteppers,
    SideHeader,
)
from canasta_score.ui.state.round_entry import (
    CardPlace,
    EntryMode,
    RoundDraft,
    SideDraft,
)

if TYPE_CHECKING:
    from canasta_score.ui.host import Host


class EntryScreen(Protocol):
    """What a side's panel asks of the round-entry screen it is on (never the screen itself:
    a component does not import its screen)."""

    app: Host
    #: The points field typed in (its identifier), given the keyboard when drawn again.
    typing_in: str | None

    @property
    def draft(self) -> RoundDraft: ...

    def panel_width(self) -> float: ...

    def side_by_side(self) -> bool: ...

    def paired_steppers(self) -> bool: ...

    def changed(self, *, at_once: bool = False) -> None:
        """The draft changed: shown, and kept (at once for a tap)."""

    def refresh(self) -> None:
        """Shows the draft as it is (a field left: what its half-typed number brought)."""

    def after_side(self, index: int) -> None:
        """Enter in a side's last field: on to the next side."""

    def mode_chosen(self, side: int, mode: EntryMode) -> None:
        """A side entered another way: kept for that side of this game, on this phone."""

    def redraw_side(self, index: int) -> None:
        """Draws one side's panel again in its place (the rest of the screen, and where it is
        scrolled to, stay)."""

    def kinds_opened(self, side: int) -> bool:
        """Whether a side's rarer canasta kinds (american) are shown at first."""

    def open_kinds(self, side: int, opened: bool) -> None:
        """A side's rarer canasta kinds were opened or closed: kept for the next drawing."""


class SidePanel:
    """One side's part of the round: fields, steppers, going out, its preview and its problems."""

    def __init__(self, screen: EntryScreen, index: int) -> None:
        self.screen = screen
        self.index = index
        draft = screen.draft
        side = draft.sides[index]
        self.tr = tr = screen.app.tr
        self.scale = scale = screen.app.layout.text_scale
        #: About how wide the panel is inside its padding.
        self.inner = (
            screen.panel_width() if screen.side_by_side() else screen.app.layout.body_width()
        ) - 20
        self.header = SideHeader(draft.game.sides[index], index, tr, scale, self.inner)
        self.score, self.total, self.opening = (
            self.header.score,
            self.header.total,
            self.header.opening,
        )
        melds = side.mode == EntryMode.MELDS
        self.by_melds = Toggle(
            tr._("Meld by meld"),
            self.switch_mode,
            f"side-{index}-entry-melds",
            scale=scale,
            whose=draft.side_name(index),
        )
        # Where the rules have no meld-by-meld entry, a line says so where its switch is.
        self.switch_row = ft.Row(
            [self.by_melds.tag if draft.rules.meld_by_meld else no_meld_by_meld(index, tr)]
        )
        self.both = BothFigures(index, self.tapped, draft, tr)
        self.melded, self.hand, self.points_row = self.points_fields()
        self.cards_area = CardGrid(draft, index, self.tapped, tr, scale=scale, width=self.inner)
        self.meld_area = MeldArea(
            draft,
            index,
            change=self.changed,
            tap=self.tapped,
            tr=tr,
            scale=scale,
            width=self.inner,
            follow=self.follow_focus,
        )
        self.meld_area.visible = melds
        self.counts = CountSteppers(
            draft,
            index,
            self.tapped,
            tr,
            paired=screen.paired_steppers(),
            scale=scale,
            width=self.inner,
            canastas=not melds,
            kinds_opened=screen.kinds_opened(index),
            on_kinds_open=lambda opened: screen.open_kinds(index, opened),
        )
        #: Unfinished melds and players holding three aces or sevens (american).
        self.family = FamilyFields(
            draft,
            index,
            self.tapped,
            tr,
            paired=screen.paired_steppers(),
            scale=scale,
            width=self.inner,
            label_size=self.counts.label_size,
        )
        self.out_normal = self.way_out(WentOut.NORMAL)
        #: None where nobody goes out concealed (the rule families).
        self.out_concealed = (
            self.way_out(WentOut.CONCEALED) if draft.rules.going_out_concealed is not None else None
        )
        #: The special hand a side may go out with (american), beside Went out.
        self.special: SpecialHand | None = None
        if draft.rules.special_hands:
            messages = screen.app.messages
            self.special = SpecialHand(
                draft,
                index,
                self.tapped,
                tr,
                show_dialog=messages.show_dialog,
                close_dialog=messages.close_dialog,
                screen_width=screen.app.layout.width,
                screen_height=screen.app.layout.height,
                scale=scale,
            )
        self.cards_item, self.penalty_item, self.more = self.more_menu()
        going_out = self.going_out_rows()
        self.dealer_bonus = self.dealer_bonus_toggle()
        if self.dealer_bonus is not None:
            going_out.append(ft.Row([self.dealer_bonus.tag]))
        self.penalty = ft.TextField(
            label=field_label(tr._("Penalty"), side.penalty_text, whose=draft.side_name(index)),
            value=side.penalty_text,
            keyboard_type=ft.KeyboardType.PHONE,
            input_filter=POINTS_FILTER,
            on_change=lambda e: self.changed(lambda: draft.set_penalty(index, e.control.value)),
            visible=bool(side.penalty_text),
            text_size=18,
        )
        self.follow_focus(self.penalty, f"side-{index}-penalty")
        # The choice between the melds (or counted cards) and the typed points last: coming
        # with a rank's tap or going with its own, it moves no row the finger aims at. Over
        # the ranks, it pushed them 82 px down and the next tap landed on empty space.
        self.view = Section(
            self.header,
            self.switch_row,
            self.meld_area,
            self.points_row,
            self.cards_area,
            self.counts,
            self.family,
            *going_out,
            self.penalty,
            # Said at the end, where coming or going it moves none of the panel's rows.
            *([self.special.notice] if self.special is not None else []),
            self.both,
            padding=10,
        )
        self.view.expand = screen.side_by_side()

    # --- parts --------------------------------------------------------------------------

    def going_out_rows(self) -> list[ft.Control]:
        """Went out, and concealed or a special hand where the rules have one: side by side
        where their labels fit, else one under the other; the menu beside the first."""
        second = self.out_concealed or (self.special.toggle if self.special else None)
        if second is None:
            return [ft.Row([self.out_normal.tag, self.more], spacing=6)]
        room = (self.inner - tap_size(self.scale) - 12) / 2 - TOGGLE_EXTRAS
        if all(
            text_width(str(toggle.label.value), 15, self.scale) <= room
            for toggle in (self.out_normal, second)
        ):
            return [ft.Row([self.out_normal.tag, second.tag, self.more], spacing=6)]
        return [ft.Row([self.out_normal.tag, self.more], spacing=6), ft.Row([second.tag])]

    def points_fields(self) -> tuple[ft.TextField, ft.TextField, ft.Row]:
        """Melded and hand points side by side; Enter moves on, as on a paper form."""
        draft, n, tr = self.screen.draft, self.index, self.tr
        side = draft.sides[n]
        melded = points_field(
            tr._("Melded"),
            side.melded_text,
            tr._("e.g. 120+35+5"),  # an example, not a value already there
            on_change=lambda e: self.changed(lambda: draft.set_melded(n, e.control.value)),
            on_submit=lambda: self.next_field(self.hand),
            whose=draft.side_name(n),
        )
        hand = points_field(
            tr._("In hand"),
            side.hand_text,
            "0",
            on_change=lambda e: self.changed(lambda: draft.set_hand(n, e.control.value)),
            on_submit=lambda: self.screen.after_side(n),
            whose=draft.side_name(n),
        )
        fields: list[ft.Control] = [
            Tagged(f"side-{n}-melded", melded, expand=True),
            Tagged(f"side-{n}-hand", hand, expand=True),
        ]
        for field, name in ((melded, f"side-{n}-melded"), (hand, f"side-{n}-hand")):
            self.follow_focus(field, name)
        if side.mode == EntryMode.MELDS:
            # The melds give the melded points: only the hand is typed.
            melded.autofocus = False
            hand.on_submit = lambda: self.screen.after_side(n)
            return melded, hand, ft.Row([fields[1]])
        # Side by side where each field's label fits its half, else one under the other.
        half = (self.inner - 10) / 2 - 24
        if all(text_width(label_of(field), 16, self.scale) <= half for field in (melded, hand)):
            # The example typed in an empty field whole, if smaller, in its half ("z. B. 120+35+5").
            melded.hint_style = ft.TextStyle(
                size=fitted(str(melded.hint_text), 20, half, self.scale)
            )
            row = ft.Row(fields, vertical_alignment=ft.CrossAxisAlignment.START)
        else:
            # Each field a line of its own, its label on one line (smaller if need be).
            for field in (melded, hand):
                label = label_of(field)
                field.label_style = ft.TextStyle(
                    size=fitted(label, 16, self.inner - 40, self.scale)
                )
            # The example whole on the line too ("esim. 120+35+5" at large text).
            melded.hint_style = ft.TextStyle(
                size=fitted(str(melded.hint_text), 20, self.inner - 40, self.scale)
            )
            row = ft.Row(
                [ft.Column([ft.Row([field]) for field in fields], spacing=8, expand=True)],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        return melded, hand, row

    def follow_focus(self, field: ft.TextField, name: str) -> None:
        """The field typed in keeps the keyboard when the screen is drawn again (news from
        another phone, say): the next keystroke lands where the last one did, and the screen
        does not scroll away to another field."""
        screen = self.screen
        field.autofocus = screen.typing_in == name

        def focused() -> None:
            screen.typing_in = name

        def left() -> None:
            if screen.typing_in == name:
                screen.typing_in = None
                screen.refresh()  # what a number half typed brings is said now
            say_value(field, field.value or "")  # typed in: heard with its new value

        field.on_focus = focused
        field.on_blur = left

    def way_out(self, went_out: WentOut) -> Toggle:
        draft, n, tr = self.screen.draft, self.index, self.tr
        label = tr._("Went out") if went_out == WentOut.NORMAL else tr._("Concealed")
        return Toggle(
            label,
            lambda: self.tapped(lambda: draft.toggle_went_out(n, went_out)),
            f"side-{n}-out-{went_out.value}",
            scale=self.scale,
            whose=draft.side_name(n),
        )

    def dealer_bonus_toggle(self) -> Toggle | None:
        """The bonus is the dealer's: offered to the dealer's side (and any side that has it)."""
        draft, n, tr = self.screen.draft, self.index, self.tr
        bonus = draft.rules.dealer_bonus
        dealer_side = draft.game.dealer_of(draft.round_number)[0]
        if bonus is None or not (n == dealer_side or draft.sides[n].dealer_bonus):
            return None
        return Toggle(
            tr._("Dealer bonus +{points}").format(points=tr.number(bonus)),
            lambda: self.tapped(lambda: draft.toggle_dealer_bonus(n)),
            f"side-{n}-dealer-bonus",
            scale=self.scale,
            whose=draft.side_name(n),
        )

    def more_menu(self) -> tuple[ft.PopupMenuItem, ft.PopupMenuItem, ft.Control]:
        """Rarely needed, so kept off the screen: card counting and penalties."""
        draft, n, tr = self.screen.draft, self.index, self.tr
        side = draft.sides[n]
        cards_item = ft.PopupMenuItem(
            content=self.mode_label(side.mode),
            icon=ft.Icons.CALCULATE,
            on_click=lambda: self.mode_changed(
                EntryMode.POINTS if draft.sides[n].mode == EntryMode.CARDS else EntryMode.CARDS
            ),
        )
        penalty_item = ft.PopupMenuItem(
            content=tr._("Add a penalty"),
            icon=ft.Icons.REMOVE_CIRCLE_OUTLINE,
            on_click=self.show_penalty,
            disabled=bool(side.penalty_text),
        )
        # Its name for a screen reader (a tooltip is none in a browser's accessibility tree).
        more_for = tr._("More for {side}: count cards, penalty").format(side=draft.side_name(n))
        more = NamedButton(
            f"side-{n}-more",
            ft.PopupMenuButton(
                icon=ft.Icons.MORE_VERT,
                items=[cards_item, penalty_item],
                width=tap_size(self.scale),
                height=tap_size(self.scale),
                # The button inside as big as its place: a finger's size at any text size.
                size_constraints=ft.BoxConstraints(
                    min_width=tap_size(self.scale), min_height=tap_size(self.scale)
                ),
                icon_size=icon_size(self.scale),
            ),
            more_for,
        )
        return cards_item, penalty_item, more

    # --- events -------------------------------------------------------------------------

    def changed(self, verb: Callable[[], None]) -> None:
        """A keystroke: shown at once, kept once typing pauses."""
        verb()
        self.screen.changed()

    def tapped(self, verb: Callable[[], None]) -> None:
        """A tap (a stepper, a toggle): shown and kept at once; a tap that changes the side's
        way of entering (taking the melds' figures, say) draws the panel for it."""
        mode = self.screen.draft.sides[self.index].mode
        self.screen.typing_in = None  # the finger is on a button: no field is typed in
        verb()
        if self.screen.draft.sides[self.index].mode != mode:
            self.screen.redraw_side(self.index)
        else:
            self.screen.changed(at_once=True)

    def switch_mode(self) -> None:
        """The "Meld by meld" switch: on to melds, off to points."""
        melds = self.screen.draft.sides[self.index].mode == EntryMode.MELDS
        self.mode_changed(EntryMode.POINTS if melds else EntryMode.MELDS)

    def mode_changed(self, mode: EntryMode) -> None:
        """The side entered another way: kept as this phone's way from now on, and this panel
        alone drawn for it: nothing else on the screen is touched, and no field takes the
        focus."""
        self.screen.draft.set_mode(self.index, mode)
        self.screen.typing_in = None
        self.screen.mode_chosen(self.index, mode)
        self.screen.redraw_side(self.index)

    def next_field(self, field: ft.TextField) -> None:
        """The keyboard's Enter moves on to the next field, as on a paper form."""
        self.screen.app.run_task(field.focus)

    def mode_label(self, mode: EntryMode) -> str:
        tr = self.tr
        return (
            tr._("Type points instead") if mode == EntryMode.CARDS else tr._("Count cards instead")
        )

    def show_penalty(self) -> None:
        self.penalty.visible = True
        self.penalty_item.disabled = True

    # --- drawing ------------------------------------------------------------------------

    def take_place_of(self, old: SidePanel) -> None:
        """Drawn where `old` was (the side's panel before its way of entering changed): in its
        box, with its switch. The switch the finger is on stays the control it was, so a
        screen reader's focus stays on it rather than falling back to the page."""
        self.by_melds, new_switch_row = old.by_melds, self.switch_row
        self.switch_row = old.switch_row
        rows = [old.switch_row if row is new_switch_row else row for row in self.rows().controls]
        old.rows().controls = rows
        old.view.expand = self.view.expand
        self.view = old.view

    def rows(self) -> ft.Column:
        rows = self.view.content
        assert isinstance(rows, ft.Column), "a Section holds its rows in a column"
        return rows

    def show(
        self, preview: SidePreview, problems: list[Problem], winner: int | None = None
    ) -> None:
        """The side's preview, and its problems beside their fields and melds (the others,
        and what is likely miscounted, are said over Save, where they move no row)."""
        side = self.screen.draft.sides[self.index]
        cards = side.mode == EntryMode.CARDS
        melds = side.mode == EntryMode.MELDS
        self.by_melds.show(melds)
        self.both.show(self.screen.draft.other_figures(self.index))
        if melds:
            self.meld_area.show(problems)
            problems = [p for p in problems if p.meld is None]
        self.points_row.visible = not cards
        self.cards_item.content = self.mode_label(side.mode)
        self.cards_area.visible = cards
        if cards:
            self.cards_area.show(side)
        self.counts.show(side)
        self.family.show(side)
        self.out_normal.show(side.went_out == WentOut.NORMAL)
        if self.out_concealed is not None:
            self.out_concealed.show(side.went_out == WentOut.CONCEALED)
        if self.special is not None:
            self.special.show(side)
        self.lock(self.screen.draft.locked(self.index))
        if self.dealer_bonus is not None:
            self.dealer_bonus.show(side.dealer_bonus)
        self.header.show(preview, winner)
        self.show_problems(problems)
        self.say_values(side)

    def lock(self, locked: bool) -> None:
        """A side that went out with a special hand takes nothing else: its fields are off
        and show what the draft holds, nothing (the special hand's choice stays on, to take
        it back)."""
        if locked:
            for field in (self.melded, self.hand, self.penalty):
                field.value = ""
        for control in (
            self.points_row,
            self.cards_area,
            self.counts,
            self.family,
            self.out_normal,
            self.more,
            self.penalty,
        ):
            control.disabled = locked
            control.opacity = 0.4 if locked else 1.0  # seen to be off, the toggles too

    def say_values(self, side: SideDraft) -> None:
        """Each field's label tells what it holds (`field_label`); not the one typed in,
        whose label would be read anew at each keystroke (it is told when the field is left)."""
        n = self.index
        for field, name, value in (
            (self.melded, f"side-{n}-melded", side.melded_text),
            (self.hand, f"side-{n}-hand", side.hand_text),
            (self.penalty, f"side-{n}-penalty", side.penalty_text),
        ):
            if self.screen.typing_in != name:
                say_value(field, value)

    def show_problems(self, problems: list[Problem]) -> None:
        """Each field a problem is about turns red; the problems themselves are said over
        Save with the round's others. Said under the field, a message a stepper's tap brought
        (melded points too few for the canasta just counted) pushed the steppers below it
        down under the finger, and the next tap landed on the row below."""
        fields = {problem.field for problem in problems}
        in_melds = self.screen.draft.sides[self.index].mode == EntryMode.MELDS
        mark_refused(self.melded, CardPlace.MELDED in fields and not in_melds)
        mark_refused(self.hand, CardPlace.HAND in fields)
        mark_refused(self.penalty, "penalty" in fields)
        if "penalty" in fields:
            self.show_penalty()


def mark_refused(field: ft.TextField, refused: bool) -> None:
    """The field's border red while a problem is about what was typed in it; no line is
    added under it, so nothing below it moves."""
    colour = ft.Colors.ERROR if refused else None
    field.border_color = colour
    field.focused_border_color = colour
