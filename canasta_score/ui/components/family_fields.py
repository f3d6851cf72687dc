"""Round entry's fields of the rule families (Modern American, Samba): the canasta kinds past
the usual two, one tap away; black threes; unfinished melds; players holding three aces or
sevens; the special hand that locks its side; and the line that says meld by meld is not
offered. Each shows only what the side's rules have (RULES_FAMILIES.md, "What a player enters")."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from canasta_score.core import CanastaKind, RuleSet, UnfinishedMeld
from canasta_score.i18n import Translator
from canasta_score.ui.components.basics import (
    DIALOG_TITLE,
    LETTER_ADVANCE,
    TAP,
    TEXT_LINE,
    Stepper,
    Tagged,
    dialog_frame,
    dialog_room,
    dialog_title,
    fitted_words,
    icon_size,
    labels_size,
    lines_of,
    wrapped_lines,
)
from canasta_score.ui.components.entry import (
    TOGGLE_EXTRAS,
    Toggle,
    canasta_each,
    labelled,
    pair_row,
)
from canasta_score.ui.state.labels import N_, SHORT_CANASTA_LABELS, SPECIAL_HAND_LABELS
from canasta_score.ui.state.points import signed
from canasta_score.ui.state.round_entry import HELD, RoundDraft, SideDraft

#: Runs one of the draft's verbs, then redraws the screen and keeps the draft (a tap).
Change = Callable[[Callable[[], None]], None]

#: The canastas a rule family's side sees first: the usual ones (samba's own first).
USUAL_KINDS = (CanastaKind.SAMBA, CanastaKind.NATURAL, CanastaKind.MIXED)

UNFINISHED_LABELS: dict[UnfinishedMeld, str] = {
    UnfinishedMeld.ACES: N_("Aces"),
    UnfinishedMeld.SEVENS: N_("Sevens"),
    UnfinishedMeld.WILD: N_("Wild cards"),
    UnfinishedMeld.WILD_JOKERS: N_("Wild cards, all four jokers"),
}

#: A special hand's choice in its dialog: its words' size, the button's padding either side,
#: its radio icon (Flutter's 18 px, grown with the text) and the gap after it, and the space
#: between choices.
CHOICE_TEXT, CHOICE_PADDING, CHOICE_ICON, CHOICE_ICON_GAP, CHOICE_SPACING = 16, 12, 18, 8, 4

HELD_LABELS = {
    "aces": N_("Players holding 3+ aces"),
    "sevens": N_("Players holding 3+ sevens"),
}


def kinds_shown(rules: RuleSet) -> tuple[list[CanastaKind], list[CanastaKind]]:
    """The canasta kinds a side sees at once, and those one tap away. The presets of
    RULES.md show every kind they have; a rule family its usual ones, the rest (american's
    aces, sevens and wild canastas) behind a tap, never a long scroll.

    >>> from canasta_score.core import AMERICAN, FLEMISH, SAMBA
    >>> [[k.value for k in kinds] for kinds in kinds_shown(AMERICAN)]
    [['natural', 'mixed'], ['natural_aces', 'natural_sevens', 'wild_twos', 'wild_jokers', 'wild']]
    >>> [len(kinds) for kinds in kinds_shown(SAMBA)], [len(kinds) for kinds in kinds_shown(FLEMISH)]
    ([3, 0], [5, 0])
    """
    kinds = list(rules.canasta_kinds)
    if rules.meld_by_meld:
        return kinds, []
    front = [kind for kind in USUAL_KINDS if kind in kinds]
    return front, [kind for kind in kinds if kind not in front]


def canasta_label(kind: CanastaKind, rules: RuleSet) -> str:
    """A canasta stepper's name (a msgid): a `wild` canasta beside one of seven twos and one
    with four jokers is the other wild canastas."""
    if kind == CanastaKind.WILD and CanastaKind.WILD_TWOS in rules.canasta_bonuses:
        return N_("Other wild canastas")
    return SHORT_CANASTA_LABELS[kind]


def canasta_stepper(
    draft: RoundDraft,
    n: int,
    kind: CanastaKind,
    change: Change,
    tr: Translator,
    *,
    paired: bool,
    scale: float,
    width: float | None,
    identifier: str | None = None,
    label_size: float | None = None,
) -> tuple[str, str, Stepper]:
    """Side `n`'s count of one canasta kind, as (label, points each, stepper); tagged
    `side-N-canasta-KIND` unless an `identifier` is given, its label at `label_size` where
    given (the side's labels at one size)."""
    rules = draft.rules

    def step(count: int) -> None:
        change(lambda: draft.add_canasta(n, kind, count))

    label, extra = tr._(canasta_label(kind, rules)), canasta_each(rules, kind, tr)
    stepper = Stepper(
        label,
        draft.sides[n].canastas.get(kind, 0),
        step,
        identifier or f"side-{n}-canasta-{kind.value}",
        extra=extra,
        compact=paired,
        tr=tr,
        scale=scale,
        width=width,
        label_size=label_size,
        whose=draft.side_name(n),
    )
    return label, extra, stepper


def steppers_in_rows(
    cells: Sequence[tuple[str, str | tuple[str, ...], Stepper]], *, paired: bool
) -> list[ft.Control]:
    """Steppers two a row under their labels (`paired`), else each a row of its own."""
    if not paired:
        return [stepper.placed() for _label, _extra, stepper in cells]
    labelled_cells = [labelled(label, extra, stepper) for label, extra, stepper in cells]
    return [pair_row(labelled_cells[i : i + 2]) for i in range(0, len(labelled_cells), 2)]


#: The kinds past the usual ones that a closed row still counts, with their steppers in sight:
#: american's aces and sevens canastas, made at most of its tables (RULES_FAMILIES.md).
QUICK_KINDS = (CanastaKind.NATURAL_ACES, CanastaKind.NATURAL_SEVENS)


#: Makes a side's stepper of a canasta kind, tagged with the identifier given where one is.
CanastaCell = Callable[[CanastaKind, str | None], tuple[str, str, Stepper]]


class OtherKinds(ft.Column):
    """The canasta kinds past the usual ones (american), under a button that opens them in
    place: the button and every row above it stay where they are. Closed, the aces and sevens
    canastas are still counted beneath it (`QUICK_KINDS`, their steppers as the opened area
    shows them), and the button says how many of the other kinds it holds, so none is entered
    out of sight."""

    def __init__(
        self,
        draft: RoundDraft,
        n: int,
        tr: Translator,
        *,
        kinds: Sequence[CanastaKind],
        cell_of: CanastaCell,
        paired: bool,
        opened: bool,
        on_open: Callable[[bool], None],
        scale: float = 1.0,
    ) -> None:
        """`cell_of` makes a kind's stepper as the side's others are made (`canasta_stepper`),
        tagged with the identifier given where one is."""
        self.tr = tr
        self.on_open = on_open
        side = draft.sides[n]
        cells = [cell_of(kind, None) for kind in kinds]
        self.steppers = {kind: stepper for kind, (_, _, stepper) in zip(kinds, cells, strict=True)}
        # Closed, the aces and sevens canastas, as the opened area shows them first (where it
        # opens, they stay where they were).
        quick_cells = {
            kind: cell_of(kind, f"side-{n}-quick-{kind.value}")
            for kind in kinds
            if kind in QUICK_KINDS
        }
        self.quick = {kind: stepper for kind, (_, _, stepper) in quick_cells.items()}
        self.area = ft.Column(steppers_in_rows(cells, paired=paired), spacing=2, tight=True)
        self.words = ft.Text("", size=15, weight=ft.FontWeight.BOLD, expand=True)
        self.icon = ft.Icon(ft.Icons.EXPAND_MORE, size=icon_size(scale))
        self.button = ft.Container(
            content=ft.Row([self.words, self.icon], spacing=6),
            on_click=lambda: self.toggle(),
            ink=True,
            border_radius=8,
            # At least a finger high (a line of 15 px text is 22 px); a label on two lines
            # (large text) makes it taller.
            padding=ft.Padding.symmetric(horizontal=8, vertical=(TAP - 22) / 2),
            alignment=ft.Alignment.CENTER_LEFT,
        )
        self.tag = Tagged(f"side-{n}-other-kinds", self.button)
        self.tag.button = True
        self.quick_row = ft.Column(
            steppers_in_rows(list(quick_cells.values()), paired=paired), spacing=2, tight=True
        )
        #: The canastas of the kinds out of sight while closed, as last shown.
        self.entered = self.hidden(side)
        self.opened = opened or self.entered > 0
        super().__init__([self.tag, self.quick_row, self.area], spacing=2, tight=True)

    def hidden(self, side: SideDraft) -> int:
        """The canastas entered of the kinds a closed row does not show."""
        return sum(side.canastas.get(kind, 0) for kind in self.steppers if kind not in self.quick)

    def toggle(self) -> None:
        self.opened = not self.opened
        self.on_open(self.opened)
        self.show_opened()

    def show(self, side: SideDraft) -> None:
        for kind, stepper in self.steppers.items():
            stepper.show(side.canastas.get(kind, 0))
        for kind, quick in self.quick.items():
            quick.show(side.canastas.get(kind, 0))
        self.entered = self.hidden(side)
        self.show_opened()

    def show_opened(self) -> None:
        tr = self.tr
        words = tr._("Aces, sevens and wild canastas")
        if self.entered and not self.opened:
            words = tr._("{kinds}: {count}").format(kinds=words, count=tr.number(self.entered))
        self.words.value = words
        self.area.visible = self.opened
        self.quick_row.visible = not self.opened and bool(self.quick)
        self.icon.icon = ft.Icons.EXPAND_LESS if self.opened else ft.Icons.EXPAND_MORE
        self.tag.expanded = self.opened


class FamilyFields(ft.Column):
    """What lies unfinished on the side's table (american: aces, sevens, wild cards, wild
    cards with all four jokers, each yes or no, the two wild ones exclusive) and how many of
    its players hold three or more aces, or sevens."""

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
        label_size: float | None = None,
    ) -> None:
        """`label_size`: the side's other steppers' labels' one size, which the held cards'
        labels keep to where their words fit it ("Pelaajat, joilla on kädessä 3+ ässää" was
        40% larger than "Puhtaat seiskacanastat" at 2x)."""
        rules, side = draft.rules, draft.sides[n]
        self.unfinished: dict[UnfinishedMeld, Toggle] = {}
        for meld in UnfinishedMeld:
            if meld not in rules.incomplete_penalty:
                continue

            def toggled(meld: UnfinishedMeld = meld) -> None:
                change(lambda: draft.toggle_incomplete(n, meld))

            self.unfinished[meld] = Toggle(
                tr._(UNFINISHED_LABELS[meld]),
                toggled,
                f"side-{n}-unfinished-{meld.value}",
                scale=scale,
                whose=draft.side_name(n),
            )
        self.held: dict[str, Stepper] = {}
        cells = []
        if rules.held_penalty is not None:
            each = tr._("{points} each").format(points=signed(-rules.held_penalty, tr))
            if label_size is not None and width is not None:
                held_labels = [tr._(HELD_LABELS[held]) for held in HELD]
                label_size = min(label_size, labels_size(held_labels, width, scale))
            for held in HELD:

                def step(count: int, held: str = held) -> None:
                    change(lambda: draft.add_held(n, held, count))

                label = tr._(HELD_LABELS[held])
                self.held[held] = Stepper(
                    label,
                    getattr(side, f"held_{held}"),
                    step,
                    f"side-{n}-held-{held}",
                    extra=each,
                    maximum=draft.held_most(n),
                    compact=paired,
                    tr=tr,
                    scale=scale,
                    width=width,
                    label_size=label_size,
                    whose=draft.side_name(n),
                )
                cells.append((label, each, self.held[held]))
        rows: list[ft.Control] = []
        if self.unfinished:
            heading = tr._("Unfinished melds on the table")
            rows.append(ft.Text(heading, size=14, color=ft.Colors.ON_SURFACE_VARIANT))
            toggles: list[ft.Control] = [toggle.tag for toggle in self.unfinished.values()]
            # Two a row, wrapping between words where a label is long ("Wild cards, all
            # four jokers"), where each takes at most the two lines a toggle holds; else, and
            # at large text, each a row of its own ("Ersatzkarten mit allen vier [Jokern]").
            half = None if width is None else (width - 6) / 2 - TOGGLE_EXTRAS
            two = half is None or all(
                wrapped_lines(str(toggle.label.value), 15, half, scale, LETTER_ADVANCE) <= 2
                for toggle in self.unfinished.values()
            )
            per_row = 2 if scale < 1.5 and two else 1
            rows += [
                ft.Row(toggles[i : i + per_row], spacing=6) for i in range(0, len(toggles), per_row)
            ]
        rows += steppers_in_rows(cells, paired=paired)
        super().__init__(rows, spacing=6, tight=True, visible=bool(rows))

    def show(self, side: SideDraft) -> None:
        for meld, toggle in self.unfinished.items():
            toggle.show(bool(side.incomplete.get(meld, 0)))
        for held, stepper in self.held.items():
            stepper.show(getattr(side, f"held_{held}"))


def special_hand_words(hand: str, tr: Translator) -> str:
    """A special hand's name as the table says it (a custom copy's own hand: its name)."""
    label = SPECIAL_HAND_LABELS.get(hand)
    return tr._(label) if label is not None else hand


class SpecialHand:
    """The side went out with a special hand (american): a choice beside Went out that opens
    the rules' hands in a dialog (the panel's rows stay where they are), and a line at the
    panel's end that says the hand scores alone and the side's other fields are cleared and
    locked."""

    def __init__(
        self,
        draft: RoundDraft,
        n: int,
        change: Change,
        tr: Translator,
        *,
        show_dialog: Callable[[ft.AlertDialog], None],
        close_dialog: Callable[[], None],
        screen_width: float,
        screen_height: float = 844,
        scale: float = 1.0,
    ) -> None:
        self.draft, self.n, self.change, self.tr = draft, n, change, tr
        self.show_dialog, self.close_dialog = show_dialog, close_dialog
        self.screen_width, self.screen_height, self.scale = screen_width, screen_height, scale
        self.toggle = Toggle(
            tr._("Special hand"),
            self.open,
            f"side-{n}-special-hand",
            scale=scale,
            whose=draft.side_name(n),
        )
        self.said = ft.Text("", size=14, color=ft.Colors.ON_SECONDARY_CONTAINER)
        self.notice = ft.Container(
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.LOCK_OUTLINE, color=ft.Colors.ON_SECONDARY_CONTAINER),
                    Tagged(f"side-{n}-special-hand-said", self.said, expand=True),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=8,
            padding=8,
            visible=False,
        )

    def open(self) -> None:
        """The rules' hands, each with its score, and "no special hand"; one tap chooses."""
        draft, tr = self.draft, self.tr
        chosen = draft.sides[self.n].special_hand

        def choose(hand: str | None) -> None:
            self.close_dialog()
            self.change(lambda: draft.set_special_hand(self.n, hand))

        hands = self.hands()
        choices = [
            self.choice(f"special-hand-{hand or 'none'}", words, hand == chosen, hand, choose)
            for words, hand in hands
        ]
        title = tr._("Special hand: {side}").format(side=draft.side_name(self.n))
        about = tr._(
            "Fourteen cards shown at once, before melding anything: the hand scores alone."
        )
        listed = ft.Column([ft.Text(about, size=14), *choices], tight=True, spacing=CHOICE_SPACING)
        if not self.fits(title, about, [words for words, _ in hands]):
            # Taller than the screen (large text): the list scrolls under the title with its
            # bar in sight, which says that more hands (and "No special hand") lie below.
            listed.scroll = ft.ScrollMode.ALWAYS
        self.show_dialog(
            ft.AlertDialog(
                title=dialog_title(title, self.screen_width, self.scale),
                content=listed,
                # Whole, yet scrolled as one where the guess that it fits was wrong.
                scrollable=listed.scroll is None,
                actions=[ft.TextButton(tr._("Close"), on_click=lambda: self.close_dialog())],
            )
        )

    def hands(self) -> list[tuple[str, str | None]]:
        """Each choice's words and hand (None: no special hand), in the dialog's order."""
        tr, hands = self.tr, self.draft.rules.special_hands
        said = [
            (
                tr._("{hand}: {points}").format(
                    hand=special_hand_words(hand, tr), points=signed(points, tr)
                ),
                hand,
            )
            for hand, points in hands.items()
        ]
        return [*said, (tr._("No special hand"), None)]

    def fits(self, title: str, about: str, choices: list[str]) -> bool:
        """Whether the dialog fits the screen whole: its title, words and choices (each a
        finger high at least, its radio beside it), and what a dialog keeps around them."""
        room, scale = dialog_room(self.screen_width), self.scale
        title_size = fitted_words(title, DIALOG_TITLE, room, scale)

        def tall(text: str, size: float, width: float) -> float:
            return lines_of(text, size, width, scale) * TEXT_LINE * size * scale

        needed = tall(title, title_size, room) + tall(about, 14, room)
        for words in choices:
            beside = 2 * CHOICE_PADDING + CHOICE_ICON_GAP + CHOICE_ICON * scale
            needed += CHOICE_SPACING + max(TAP, tall(words, CHOICE_TEXT, room - beside) + 12)
        return needed + dialog_frame(scale) <= self.screen_height

    @staticmethod
    def choice(
        tag: str,
        words: str,
        on: bool,
        hand: str | None,
        choose: Callable[[str | None], None],
    ) -> ft.Control:
        button = ft.TextButton(
            content=ft.Text(words, size=CHOICE_TEXT, weight=ft.FontWeight.BOLD if on else None),
            icon=ft.Icons.RADIO_BUTTON_CHECKED if on else ft.Icons.RADIO_BUTTON_UNCHECKED,
            on_click=lambda: choose(hand),
            # A finger high at least: a line of 16 px text is 23 px.
            style=ft.ButtonStyle(
                alignment=ft.Alignment.CENTER_LEFT,
                padding=ft.Padding.symmetric(horizontal=CHOICE_PADDING, vertical=(TAP - 23) / 2),
            ),
        )
        return Tagged(tag, button)

    def show(self, side: SideDraft) -> None:
        tr, hand = self.tr, side.special_hand
        self.toggle.show(hand is not None)
        self.notice.visible = hand is not None
        if hand is None:
            return
        words = special_hand_words(hand, tr)
        points = self.draft.rules.special_hands.get(hand, 0)
        # The side's name first, as the problems over Save say it: no preposition or verb
        # to agree with it ("für Wir", "Me saa").
        self.said.value = tr._(
            "{side}: {hand}, {points}; nothing else counts. "
            "The other fields are cleared and locked."
        ).format(
            hand=words,
            side=self.draft.side_name(self.n),
            points=signed(points, tr),
        )


def no_meld_by_meld(n: int, tr: Translator) -> ft.Control:
    """Where the meld-by-meld switch is for other rules: one short line that says why not."""
    return Tagged(
        f"side-{n}-no-melds",
        ft.Text(
            tr._("Meld by meld is not offered for these rules."),
            size=13,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        expand=True,  # in the switch's row: the line wraps at large text, never cut
    )
