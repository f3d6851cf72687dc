"""One side's part of round entry, built from small parts: header and preview, points fields,
card-counting grid, canasta and red three steppers, going out, penalty and problems."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import flet as ft

from canasta_score.core import (
    CanastaKind,
    CardGroup,
    Problem,
    Side,
    SidePreview,
    WentOut,
)
from canasta_score.i18n import Translator
from canasta_score.ui.components import (
    TAP,
    Section,
    Stepper,
    Tagged,
    fitted,
    fitted_words,
    icon_size,
    tap_size,
    text_width,
)
from canasta_score.ui.components.basics import ROBOTO_LINE
from canasta_score.ui.components.entry import (
    POINTS_FILTER,
    Toggle,
    canasta_each,
    field_label,
    label_of,
    points_field,
    say_value,
)
from canasta_score.ui.components.family_fields import (
    FamilyFields,
    OtherKinds,
    SpecialHand,
    canasta_label,
    kinds_shown,
    no_meld_by_meld,
    steppers_in_rows,
)
from canasta_score.ui.components.meld_entry import MeldArea
from canasta_score.ui.state.labels import CARD_GROUP_LABELS
from canasta_score.ui.state.points import format_points, signed
from canasta_score.ui.state.round_entry import (
    CardPlace,
    EntryMode,
    OtherFigures,
    RoundDraft,
    SideDraft,
)

if TYPE_CHECKING:
    from canasta_score.ui.host import Host

#: The screens' smallest text, before the device's text scale.
SMALLEST_TEXT = 11

#: Room for a card group's name in the card-counting grid.
CARD_LABEL_WIDTH = 66

#: Runs one of the draft's verbs, then redraws the screen and keeps the draft (a tap).
Change = Callable[[Callable[[], None]], None]


class SideHeader(ft.Column):
    """The side's name and players, and what its round would give: score, total, next minimum.

    Its height never changes as the preview grows: the name has a room of its own (its
    words whole), the score a box as wide as the widest it shows, and the total and the
    next minimum a line that never wraps, its size fitted to the longest it can say. A
    preview that grew past 1,000 squeezed "Maximilian" to "Maxi/milia/n" and pushed every
    row 27 px down under the finger."""

    def __init__(
        self, side: Side, n: int, tr: Translator, scale: float = 1.0, width: float = 360
    ) -> None:
        self.tr = tr
        #: The preview on screen (None before the first).
        self.shown: SidePreview | None = None
        # The widest score a round gives (four digits, sign and separator), in a box of its
        # own: at most 2/5 of the width, so the name keeps the rest.
        widest = signed(-8888, tr)
        size = fitted(widest, 28, width * 0.4, scale)
        self.score = ft.Text(
            "-",
            size=size,
            weight=ft.FontWeight.BOLD,
            text_align=ft.TextAlign.END,
            no_wrap=True,
            max_lines=1,
        )
        score_box = ft.Container(
            Tagged(f"side-{n}-round-score", self.score),
            width=text_width(widest, size, scale),
            alignment=ft.Alignment.TOP_RIGHT,
        )
        room = width - text_width(widest, size, scale) - 8
        name = Tagged(
            f"side-{n}-name",
            ft.Text(
                side.name, size=fitted_words(side.name, 20, room, scale), weight=ft.FontWeight.BOLD
            ),
        )
        names = ft.Column(
            [
                name,
                ft.Text(
                    # A single player is the side's name: not said twice.
                    "" if list(side.players) == [side.name] else ", ".join(side.players),
                    size=fitted_words(", ".join(side.players), 12, room, scale),
                    color=ft.Colors.ON_SURFACE_VARIANT,
                    visible=list(side.players) != [side.name],
                ),
            ],
            spacing=0,
            expand=True,
            tight=True,
        )
        # The longest total and next minimum, worded: the line is sized for them.
        total = tr._("total {total}").format(total=format_points(-88888, tr))
        opening = tr._("then needs {minimum}").format(minimum=tr.number(888))
        large = scale >= 1.2
        total_width, opening_width = text_width(total, 14, scale), text_width(opening, 14, scale)
        if not large:
            # Side by side on one line (the minimum in its box, 12 px wider, 4 px after the
            # total), both at the size at which the longest fit.
            line = 14 * min(1.0, (width - 16) / (total_width + opening_width))
            self.total = ft.Text("", size=line, no_wrap=True, max_lines=1)
            self.opening = ft.Text("", size=line, no_wrap=True, max_lines=1)
        else:
            # One under the other, each a line of its own; a minimum that would be smaller
            # than the screens' smallest text ("dann mind. 90 zum Auslegen" at 2x on 360 px)
            # takes two lines, its room held whether it needs them or not.
            self.total = ft.Text(
                "", size=14 * min(1.0, width / total_width), no_wrap=True, max_lines=1
            )
            size = 14 * min(1.0, (width - 12) / opening_width)
            self.opening = ft.Text("", size=size, no_wrap=True, max_lines=1)
            if size < SMALLEST_TEXT:
                self.opening = ft.Text("", size=SMALLEST_TEXT, max_lines=2)
        self.opening_box = ft.Container(
            content=self.opening, padding=ft.Padding.symmetric(horizontal=6), border_radius=8
        )
        opening_place: ft.Control = self.opening_box
        if self.opening.max_lines == 2:  # two lines held, the box round what it says
            opening_place = ft.Container(
                self.opening_box,
                height=math.ceil(2 * ROBOTO_LINE * SMALLEST_TEXT * scale) + 2,
                alignment=ft.Alignment.TOP_LEFT,
            )
        figures: list[ft.Control] = [
            Tagged(f"side-{n}-total", self.total),
            Tagged(f"side-{n}-opening", opening_place),
        ]
        under = (
            ft.Column(figures, spacing=0, tight=True)
            if large
            else ft.Row(figures, spacing=4, alignment=ft.MainAxisAlignment.END)
        )
        super().__init__(
            [
                ft.Row(
                    [names, score_box],
                    spacing=8,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                under,
            ],
            spacing=0,
            tight=True,
        )

    def show(self, preview: SidePreview) -> None:
        if preview == self.shown:
            return  # most keystrokes change one side's preview, or none
        self.shown = preview
        if preview.round_score is None:
            self.score.value = "-"
            self.total.value = ""
            self.opening.value = ""
        else:
            tr = self.tr
            self.score.value = signed(preview.round_score, tr)
            self.score.color = ft.Colors.ERROR if preview.round_score < 0 else None
            self.total.value = tr._("total {total}").format(
                total=format_points(preview.total or 0, tr)
            )
            self.opening.value = tr._("then needs {minimum}").format(
                minimum=tr.number(preview.opening or 0)
            )
        changed = preview.opening_changed
        self.opening_box.bgcolor = ft.Colors.TERTIARY_CONTAINER if changed else None
        self.opening.color = ft.Colors.ON_TERTIARY_CONTAINER if changed else None
        self.opening.weight = ft.FontWeight.BOLD if changed else None


class CardGrid(ft.Column):
    """Card counting: a row per card group, steppers for the table and for the hand side by side."""

    def __init__(self, draft: RoundDraft, n: int, change: Change, tr: Translator) -> None:
        self.draft = draft
        self.tr = tr
        self.n = n
        self.steppers: dict[tuple[CardPlace, CardGroup], Stepper] = {}
        self.points = {
            place: ft.Text("", size=15, weight=ft.FontWeight.BOLD) for place in CardPlace
        }
        titles = {CardPlace.MELDED: tr._("On the table"), CardPlace.HAND: tr._("In hand")}
        header = ft.Row(
            [
                ft.Container(width=CARD_LABEL_WIDTH),
                *[
                    ft.Column(
                        [ft.Text(titles[place], size=14), self.points[place]],
                        spacing=0,
                        expand=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    )
                    for place in CardPlace
                ],
            ],
            spacing=0,
        )
        rows: list[ft.Control] = [header]
        rows += [self.group_row(group, change) for group in CardGroup]
        super().__init__(rows, spacing=4)

    def group_row(self, group: CardGroup, change: Change) -> ft.Row:
        draft, n, tr = self.draft, self.n, self.tr
        name = tr._(CARD_GROUP_LABELS[group])
        # Where threes are laid out (american), none is melded, and a three left in a hand
        # may be of either colour: one group, in hand alone.
        hand_threes = group == CardGroup.BLACK_THREES and draft.rules.black_threes_laid_out
        if hand_threes:
            name = tr._("Threes")
        cells: list[ft.Control] = [
            ft.Column(
                [
                    ft.Text(name, size=14, weight=ft.FontWeight.BOLD),
                    ft.Text(
                        tr._("{points} each").format(
                            points=tr.number(draft.rules.card_values.of(group))
                        ),
                        size=12,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                ],
                spacing=0,
                width=CARD_LABEL_WIDTH,
                tight=True,
            )
        ]
        for place in CardPlace:
            where = tr._("on the table") if place == CardPlace.MELDED else tr._("in hand")
            if hand_threes and place == CardPlace.MELDED:
                cells.append(ft.Container(expand=True))
                continue

            def step(count: int, place: CardPlace = place) -> None:
                change(lambda: draft.add_cards(n, place, group, count))

            stepper = Stepper(
                f"{name} {where}",
                draft.sides[n].cards(place)[group],
                step,
                f"side-{n}-{place.value}-{group.value}",
                maximum=draft.cards_limit(group, place),
                compact=True,
                tr=tr,
            )
            self.steppers[(place, group)] = stepper
            cells.append(ft.Container(content=stepper, expand=True, alignment=ft.Alignment.CENTER))
        return ft.Row(cells, spacing=0)

    def show(self, side: SideDraft) -> None:
        for (place, group), stepper in self.steppers.items():
            stepper.show(side.cards(place)[group])
        for place, text in self.points.items():
            points = self.draft.cards_points(self.n, place)
            text.value = self.tr._("{points} points").format(points=self.tr.number(points))


class CountSteppers(ft.Column):
    """Steppers for the canasta kinds the rules know and for the threes; two a row, each
    under its label, where the panel is wide enough, so more of the next side shows. A rule
    family's rarer kinds (american's aces, sevens and wild canastas) wait one tap away."""

    def __init__(
        self,
        draft: RoundDraft,
        n: int,
        change: Change,
        tr: Translator,
        *,
        paired: bool,
        scale: float = 1.0,
        width: float | None = None,
        canastas: bool = True,
        kinds_opened: bool = False,
        on_kinds_open: Callable[[bool], None] = lambda _opened: None,
    ) -> None:
        """`canastas` False: only the threes (the melds give the canastas). `kinds_opened`:
        the rarer kinds shown at first; `on_kinds_open` hears them opened or closed."""
        rules = draft.rules
        side = draft.sides[n]
        front, others = kinds_shown(rules) if canastas else ([], [])
        self.canastas: dict[CanastaKind, Stepper] = {}
        cells: list[tuple[str, str, Stepper]] = []
        for kind in front:

            def step(count: int, kind: CanastaKind = kind) -> None:
                change(lambda: draft.add_canasta(n, kind, count))

            label, extra = tr._(canasta_label(kind, rules)), canasta_each(rules, kind, tr)
            self.canastas[kind] = Stepper(
                label,
                side.canastas.get(kind, 0),
                step,
                f"side-{n}-canasta-{kind.value}",
                extra=extra,
                compact=paired,
                tr=tr,
                scale=scale,
                width=width,
            )
            cells.append((label, extra, self.canastas[kind]))
        self.others: OtherKinds | None = None
        if others:
            self.others = OtherKinds(
                draft,
                n,
                change,
                tr,
                kinds=others,
                paired=paired,
                opened=kinds_opened,
                on_open=on_kinds_open,
                scale=scale,
                width=width,
            )
        self.red_threes = Stepper(
            tr._("Red threes"),
            side.red_threes,
            lambda count: change(lambda: draft.add_red_three(n, count)),
            f"side-{n}-red-threes",
            maximum=rules.red_threes_in_packs,
            compact=paired,
            tr=tr,
            scale=scale,
            width=width,
        )
        threes = [(tr._("Red threes"), "", self.red_threes)]
        self.black_threes: Stepper | None = None
        if rules.black_threes is not None:
            self.black_threes = Stepper(
                tr._("Black threes"),
                side.black_threes,
                lambda count: change(lambda: draft.add_black_three(n, count)),
                f"side-{n}-black-threes",
                maximum=len(rules.black_threes) - 1,
                compact=paired,
                tr=tr,
                scale=scale,
                width=width,
            )
            threes.append((tr._("Black threes"), "", self.black_threes))
        if self.others is None:
            rows = steppers_in_rows([*cells, *threes], paired=paired)
        else:  # the rarer kinds open between the canastas and the threes
            rows = [
                *steppers_in_rows(cells, paired=paired),
                self.others,
                *steppers_in_rows(threes, paired=paired),
            ]
        super().__init__(rows, spacing=2)

    def show(self, side: SideDraft) -> None:
        for kind, stepper in self.canastas.items():
            stepper.show(side.canastas.get(kind, 0))
        if self.others is not None:
            self.others.show(side)
        self.red_threes.show(side.red_threes)
        if self.black_threes is not None:
            self.black_threes.show(side.black_threes)


class BothFigures(ft.Container):
    """The side's melds or counted cards beside its typed points, where both are entered
    ("Melds: 420, 2 canastas · typed: 120+35"): the player takes one, nothing is dropped
    unasked. It stays while both are there, the same or not, so typing never moves the rows
    under it; it ends the side's panel, so coming or going it moves none of the panel's rows."""

    def __init__(self, n: int, change: Change, draft: RoundDraft, tr: Translator) -> None:
        self.tr = tr
        self.said = ft.Text("", size=14, color=ft.Colors.ON_SECONDARY_CONTAINER)
        self.take = ft.TextButton(
            "", on_click=lambda: change(lambda: draft.take_other(n)), height=TAP
        )
        self.keep = ft.TextButton(
            tr._("Keep typed points"),
            on_click=lambda: change(lambda: draft.keep_typed(n)),
            height=TAP,
        )
        super().__init__(
            content=ft.Column(
                [
                    Tagged(f"side-{n}-both-figures", self.said),
                    ft.Row(
                        [
                            Tagged(f"side-{n}-take-other", self.take),
                            Tagged(f"side-{n}-keep-typed", self.keep),
                        ],
                        wrap=True,
                        spacing=4,
                        run_spacing=0,
                        alignment=ft.MainAxisAlignment.END,
                    ),
                ],
                spacing=0,
                tight=True,
            ),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=8,
            padding=ft.Padding.only(left=10, right=4, top=6, bottom=0),
            visible=False,
        )

    def show(self, other: OtherFigures | None) -> None:
        self.visible = other is not None
        if other is None:
            return
        tr = self.tr
        if other.mode == EntryMode.MELDS:
            said, typed = tr.number(other.melded), other.typed_melded
            if other.canastas or other.typed_canastas:
                said += ", " + canastas_words(other.canastas, tr)
                typed += ", " + canastas_words(other.typed_canastas, tr)
            self.said.value = tr._("Melds: {melds} · typed: {typed}").format(
                melds=said, typed=typed
            )
            self.take.content = tr._("Use the melds")
        else:
            said, typed = tr.number(other.melded), other.typed_melded
            if other.hand or other.typed_hand != "0":
                said = tr._("{melded}, {hand} in hand").format(
                    melded=said, hand=tr.number(other.hand)
                )
                typed = tr._("{melded}, {hand} in hand").format(melded=typed, hand=other.typed_hand)
            self.said.value = tr._("Cards: {cards} · typed: {typed}").format(
                cards=said, typed=typed
            )
            self.take.content = tr._("Use the cards")


def canastas_words(count: int, tr: Translator) -> str:
    return tr.ngettext("{count} canasta", "{count} canastas", count).format(count=tr.number(count))


class SideWarnings(ft.Container):
    """What is likely miscounted on a side (never a refusal), said over Save with the side's
    name: there it moves no row of the screen when it comes or goes.

    Over Save it takes few lines (at large text one: more would cover the rows above it on a
    small phone), and a tap opens the whole of it, its advice too; a screen reader hears the
    whole of it at once."""

    def __init__(
        self, n: int, scale: float = 1.0, opened: Callable[[str], None] | None = None
    ) -> None:
        self.opened = opened
        self.said = ""
        self.text = ft.Text(
            "",
            color=ft.Colors.ON_TERTIARY_CONTAINER,
            size=14,
            max_lines=warning_lines(scale),
            overflow=ft.TextOverflow.ELLIPSIS,
        )
        self.tagged = Tagged(f"side-{n}-warnings", self.text, expand=True)
        tinted = ft.Colors.ON_TERTIARY_CONTAINER
        super().__init__(
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.WARNING_AMBER, color=tinted),
                    self.tagged,
                    ft.Icon(ft.Icons.OPEN_IN_FULL, color=tinted, size=icon_size(scale) * 0.75),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            border_radius=8,
            padding=8,
            visible=False,
            on_click=lambda: self.open(),
        )

    def show(self, said: list[str]) -> None:
        self.said = "\n".join(said)
        self.text.value = self.said
        self.tagged.label = self.said or None
        self.visible = bool(said)

    def open(self) -> None:
        """The whole warning, read in a dialog."""
        if self.said and self.opened is not None:
            self.opened(self.said)


def warning_lines(scale: float) -> int:
    """How many lines a warning takes over Save at the device's text `scale`.

    >>> warning_lines(1.0), warning_lines(1.3), warning_lines(2.0)
    (3, 2, 1)
    """
    return 3 if scale < 1.2 else 2 if scale < 1.5 else 1


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
            tr._("Meld by meld"), self.switch_mode, f"side-{index}-entry-melds", scale=scale
        )
        # Where the rules have no meld-by-meld entry, a line says so where its switch is.
        self.switch_row = ft.Row(
            [self.by_melds.tag if draft.rules.meld_by_meld else no_meld_by_meld(index, tr)]
        )
        self.both = BothFigures(index, self.tapped, draft, tr)
        self.melded, self.hand, self.points_row = self.points_fields()
        self.cards_area = CardGrid(draft, index, self.tapped, tr)
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
            draft, index, self.tapped, tr, paired=screen.paired_steppers(), scale=scale
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
                scale=scale,
            )
        self.cards_item, self.penalty_item, self.more = self.more_menu()
        going_out = self.going_out_rows()
        self.dealer_bonus = self.dealer_bonus_toggle()
        if self.dealer_bonus is not None:
            going_out.append(ft.Row([self.dealer_bonus.tag]))
        self.penalty = ft.TextField(
            label=field_label(tr._("Penalty"), side.penalty_text),
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
        room = (self.inner - tap_size(self.scale) - 12) / 2 - 46
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
        )
        hand = points_field(
            tr._("In hand"),
            side.hand_text,
            "0",
            on_change=lambda e: self.changed(lambda: draft.set_hand(n, e.control.value)),
            on_submit=lambda: self.screen.after_side(n),
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
        more_for = tr._("More for {side}: count cards, penalty").format(
            side=draft.game.sides[n].name
        )
        more = Tagged(
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
            label=more_for,
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

    def show(self, preview: SidePreview, problems: list[Problem]) -> None:
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
        self.header.show(preview)
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
