"""The parts of a side's panel in round entry: its header and preview, the card-counting grid,
the canasta and threes steppers, and the figures of two ways of entering side by side.
`SidePanel` (side_panel.py) puts them together (what is said over Save: over_save.py)."""

from __future__ import annotations

import math
from collections.abc import Callable

import flet as ft

from canasta_score.core import (
    CanastaKind,
    CardGroup,
    Side,
    SidePreview,
)
from canasta_score.i18n import Translator
from canasta_score.ui.components import (
    TAP,
    Stepper,
    Tagged,
    fitted,
    fitted_words,
    text_width,
)
from canasta_score.ui.components.basics import (
    ROBOTO_LINE,
    TEXT_LINE,
    compact_count_width,
    labels_size,
    whose_words,
)
from canasta_score.ui.components.family_fields import (
    OtherKinds,
    canasta_label,
    canasta_stepper,
    kinds_shown,
    steppers_in_rows,
)
from canasta_score.ui.components.names import (
    PLAYERS_LEAST,
    heard_whole,
    name_fitted_words,
    name_line,
    names_held,
    words_cut,
)
from canasta_score.ui.state.labels import CARD_GROUP_LABELS, THREES_SIGN_HINTS
from canasta_score.ui.state.points import format_points, signed
from canasta_score.ui.state.round_entry import (
    CardPlace,
    EntryMode,
    OtherFigures,
    RoundDraft,
    SideDraft,
)

#: The screens' smallest text, before the device's text scale.
SMALLEST_TEXT = 11

#: Room for a card group's name in the card-counting grid.
CARD_LABEL_WIDTH = 66
#: A round score not yet worked out (a half-typed number, a count out of range): not "-",
#: which reads as a minus.
NOT_YET = "?"


def compact_stepper_width(scale: float) -> float:
    """A compact stepper's width: its two buttons and the count between them."""
    return 2 * TAP + compact_count_width(scale)


#: Runs one of the draft's verbs, then redraws the screen and keeps the draft (a tap).
Change = Callable[[Callable[[], None]], None]


#: The room inside the next minimum's box, each side of its words (the box is tinted when
#: the minimum changes; its words stay where they are).
CHIP_PADDING = 6


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
        self.n = n
        #: The preview on screen, and the winner it makes (None before the first).
        self.shown: tuple[SidePreview, int | None] | None = None
        # The widest score a round gives (four digits, sign and separator), in a box of its
        # own: at most 2/5 of the width, so the name keeps the rest.
        widest = signed(-8888, tr)
        size = fitted(widest, 28, width * 0.4, scale)
        self.text_scale = scale
        self.score_size = size
        self.score_width = text_width(widest, size, scale)
        self.score = ft.Text(
            NOT_YET,
            size=size,
            weight=ft.FontWeight.BOLD,
            text_align=ft.TextAlign.END,
            no_wrap=True,
            max_lines=1,
        )
        # As tall as the score at its size, whatever it shows: an entry that cannot be (70,000
        # in hand, refused) shows its score whole, smaller, and moves nothing.
        score_box = ft.Container(
            Tagged(f"side-{n}-round-score", self.score),
            width=self.score_width,
            height=math.ceil(TEXT_LINE * size * scale),
            alignment=ft.Alignment.TOP_RIGHT,
        )
        room = width - self.score_width - 8
        said, name_size = name_line(side.name, 20, room, scale)
        name = Tagged(f"side-{n}-name", ft.Text(said, size=name_size, weight=ft.FontWeight.BOLD))
        # The players under the name and the score, across the width: beside the score's box
        # they read "Friedrich- / Wilhelm, / Anne Marie" over the empty room under it.
        said = names_held(side.players, PLAYERS_LEAST, width, scale)
        players_size = max(name_fitted_words(said, 12, width, scale), PLAYERS_LEAST)
        shown = words_cut(said, players_size, width, scale)  # a word too long: "Nachb…"
        players = heard_whole(
            ft.Text(
                # A single player is the side's name: not said twice.
                "" if list(side.players) == [side.name] else shown,
                size=players_size,
                color=ft.Colors.ON_SURFACE_VARIANT,
                visible=list(side.players) != [side.name],
            ),
            said,
        )
        # The longest total and next minimum, worded: the line is sized for them.
        total = tr._("total {total}").format(total=format_points(-88888, tr))
        opening = max(
            tr._("then needs {minimum}").format(minimum=tr.number(888)),
            tr._("wins the game"),
            key=lambda said: text_width(said, 14, scale),
        )
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
                "",
                size=14 * min(1.0, (width - 2 * CHIP_PADDING) / total_width),
                no_wrap=True,
                max_lines=1,
            )
            size = 14 * min(1.0, (width - 2 * CHIP_PADDING) / opening_width)
            self.opening = ft.Text("", size=size, no_wrap=True, max_lines=1)
            if size < SMALLEST_TEXT:
                self.opening = ft.Text("", size=SMALLEST_TEXT, max_lines=2)
        self.opening_box = ft.Container(
            content=self.opening,
            padding=ft.Padding.symmetric(horizontal=CHIP_PADDING),
            border_radius=8,
        )
        opening_place: ft.Control = self.opening_box
        if self.opening.max_lines == 2:  # two lines held, the box round what it says
            opening_place = ft.Container(
                self.opening_box,
                height=math.ceil(2 * ROBOTO_LINE * SMALLEST_TEXT * scale) + 2,
                alignment=ft.Alignment.TOP_LEFT,
            )
        # One under the other, the total as far in as the minimum's words in their box.
        total_place = (
            ft.Container(self.total, padding=ft.Padding.only(left=CHIP_PADDING))
            if large
            else self.total
        )
        figures: list[ft.Control] = [
            Tagged(f"side-{n}-total", total_place),
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
                    [ft.Container(name, expand=True), score_box],
                    spacing=8,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                players,
                under,
            ],
            spacing=0,
            tight=True,
        )

    def show(self, preview: SidePreview, winner: int | None = None) -> None:
        """The preview; `winner`, the side the round makes the winner: said in its minimum's
        place (a won game has no next round), the others' minimums left out."""
        if (preview, winner) == self.shown:
            return  # most keystrokes change one side's preview, or none
        self.shown = (preview, winner)
        if preview.round_score is None:
            self.score.value = NOT_YET
            self.score.size = self.score_size
            self.total.value = ""
            self.opening.value = ""
        else:
            tr = self.tr
            self.score.value = signed(preview.round_score, tr)
            self.score.size = fitted(
                self.score.value, self.score_size, self.score_width, self.text_scale
            )
            self.score.color = ft.Colors.ERROR if preview.round_score < 0 else None
            self.total.value = tr._("total {total}").format(
                total=format_points(preview.total or 0, tr)
            )
            self.opening.value = tr._("then needs {minimum}").format(
                minimum=tr.number(preview.opening or 0)
            )
        if winner is not None:
            self.opening.value = self.tr._("wins the game") if winner == self.n else ""
        changed = preview.opening_changed if winner is None else winner == self.n
        self.opening_box.bgcolor = ft.Colors.TERTIARY_CONTAINER if changed else None
        self.opening.color = ft.Colors.ON_TERTIARY_CONTAINER if changed else None
        self.opening.weight = ft.FontWeight.BOLD if changed else None


class CardGrid(ft.Column):
    """Card counting: a row per card group, steppers for the table and for the hand side by side."""

    def __init__(
        self,
        draft: RoundDraft,
        n: int,
        change: Change,
        tr: Translator,
        *,
        scale: float = 1.0,
        width: float | None = None,
    ) -> None:
        self.draft = draft
        self.tr = tr
        self.n = n
        self.text_scale = scale
        #: The labels' column: what the two places' steppers leave of the panel (large text:
        #: "Jokers" whole, not "Joke/rs").
        self.label_width = max(CARD_LABEL_WIDTH, (width or 0) - 2 * compact_stepper_width(scale))
        self.steppers: dict[tuple[CardPlace, CardGroup], Stepper] = {}
        # Each place's heading over its steppers, its words whole and apart from the other's
        # (large text: "0 Punkte0 Punkte"); the points on one line, level with the other's.
        room = ((width or 0) - self.label_width) / 2 if width else compact_stepper_width(scale)
        #: Each place's stepper's room (its count box as wide as it leaves).
        self.cell_width = room
        most = tr._("{points} points").format(points=tr.number(1180))
        self.points = {
            place: ft.Text(
                "",
                size=fitted(most, 15, room - 4, scale),
                weight=ft.FontWeight.BOLD,
                text_align=ft.TextAlign.CENTER,
            )
            for place in CardPlace
        }
        titles = {CardPlace.MELDED: tr._("On the table"), CardPlace.HAND: tr._("In hand")}
        header = ft.Row(
            [
                ft.Container(width=self.label_width),
                *[
                    ft.Column(
                        [
                            ft.Text(
                                titles[place],
                                size=fitted_words(titles[place], 14, room - 4, scale),
                                text_align=ft.TextAlign.CENTER,
                            ),
                            self.points[place],
                        ],
                        spacing=0,
                        expand=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    )
                    for place in CardPlace
                ],
            ],
            spacing=0,
            vertical_alignment=ft.CrossAxisAlignment.END,
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
        each = tr._("{points} each").format(points=tr.number(draft.rules.card_values.of(group)))
        room, scale = self.label_width, self.text_scale
        cells: list[ft.Control] = [
            ft.Column(
                [
                    ft.Text(
                        name,
                        size=fitted_words(name, 14, room, scale),
                        weight=ft.FontWeight.BOLD,
                    ),
                    ft.Text(
                        each,
                        size=fitted_words(each, 12, room, scale),
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                ],
                spacing=0,
                width=room,
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
                scale=scale,
                width=self.cell_width,
                whose=draft.side_name(n),
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
        red_label = tr._("Red threes")
        black_label = tr._("Black threes")
        threes_labels = [red_label] if rules.black_threes is None else [red_label, black_label]
        # The labels at one size, each word whole: Finnish "seiskacanastat" does not make its
        # label smaller than those beside it.
        labels = [tr._(canasta_label(kind, rules)) for kind in (*front, *others)]
        label_size = (
            None
            if paired or width is None
            else labels_size([*labels, *threes_labels], width, scale)
        )
        #: The labels' one size (None where two a row: each under its stepper at 14).
        self.label_size = label_size

        def cell_of(kind: CanastaKind, identifier: str | None) -> tuple[str, str, Stepper]:
            return canasta_stepper(
                draft,
                n,
                kind,
                change,
                tr,
                paired=paired,
                scale=scale,
                width=width,
                identifier=identifier,
                label_size=label_size,
            )

        cells = [cell_of(kind, None) for kind in front]
        self.canastas = {kind: stepper for kind, (_, _, stepper) in zip(front, cells, strict=True)}
        self.others: OtherKinds | None = None
        if others:
            self.others = OtherKinds(
                draft,
                n,
                tr,
                kinds=others,
                cell_of=cell_of,
                paired=paired,
                opened=kinds_opened,
                on_open=on_kinds_open,
                scale=scale,
            )
        hints = tuple(tr._(part) for part in THREES_SIGN_HINTS.get(rules.threes_sign, ()))
        self.red_threes = Stepper(
            red_label,
            side.red_threes,
            lambda count: change(lambda: draft.add_red_three(n, count)),
            f"side-{n}-red-threes",
            extra=hints,
            maximum=rules.red_threes_in_packs,
            compact=paired,
            tr=tr,
            scale=scale,
            width=width,
            label_size=label_size,
            whose=draft.side_name(n),
        )
        threes: list[tuple[str, str | tuple[str, ...], Stepper]] = [
            (red_label, hints, self.red_threes)
        ]
        self.black_threes: Stepper | None = None
        if rules.black_threes is not None:
            self.black_threes = Stepper(
                black_label,
                side.black_threes,
                lambda count: change(lambda: draft.add_black_three(n, count)),
                f"side-{n}-black-threes",
                extra=hints,  # counted as the red ones are
                maximum=len(rules.black_threes) - 1,
                compact=paired,
                tr=tr,
                scale=scale,
                width=width,
                label_size=label_size,
                whose=draft.side_name(n),
            )
            threes.append((black_label, hints, self.black_threes))
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
        #: The side's name, heard with each choice (`whose_words`).
        self.whose = draft.side_name(n)
        self.said = ft.Text("", size=14, color=ft.Colors.ON_SECONDARY_CONTAINER)
        self.take = ft.TextButton(
            "", on_click=lambda: change(lambda: draft.take_other(n)), height=TAP
        )
        self.keep = ft.TextButton(
            self.choice(tr._("Keep typed points")),
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

    def choice(self, words: str) -> ft.Text:
        """A choice's words, heard with the side's name."""
        return ft.Text(words, semantics_label=whose_words(self.whose, words))

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
            self.take.content = self.choice(tr._("Use the melds"))
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
            self.take.content = self.choice(tr._("Use the cards"))


def canastas_words(count: int, tr: Translator) -> str:
    return tr.ngettext("{count} canasta", "{count} canastas", count).format(count=tr.number(count))
