"""A side's table meld by meld: a row of ranks adds a meld, each meld a compact row of its
natural cards, twos and jokers (typed or stepped) with its points, canasta kind or refusal."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import flet as ft

from canasta_score.core import CanastaKind, Problem, Rank
from canasta_score.core.melds import canastas_of, melded_points
from canasta_score.core.problems import MELD_NAMES
from canasta_score.i18n import Translator
from canasta_score.i18n.sides import side_size
from canasta_score.ui.components.basics import (
    LARGE_TEXT,
    TAP,
    NamedButton,
    Tagged,
    TapIcon,
    fitted,
    fitted_words,
    step_buttons,
    text_width,
    whose_words,
)
from canasta_score.ui.components.entry import field_label, say_value
from canasta_score.ui.state.labels import CANASTA_LABELS, N_, RANK_LETTERS
from canasta_score.ui.state.round_entry import MeldDraft, RoundDraft

#: Runs one of the draft's verbs, then redraws the preview (and keeps the draft).
Change = Callable[[Callable[[], None]], None]
#: Keeps a field's keyboard through a drawing again of the screen, by the field's name.
Follow = Callable[[ft.TextField, str], None]

#: A meld's counts, with the word over each.
COUNT_LABELS = {
    "natural": N_("Natural cards"),
    "twos": N_("Twos"),
    "jokers": N_("Jokers"),
}
#: A canasta kind as a meld's row names it.
CANASTA_KIND_WORDS: dict[CanastaKind, str] = {
    CanastaKind.NATURAL: N_("natural canasta"),
    CanastaKind.MIXED: N_("mixed canasta"),
    CanastaKind.NATURAL_ACES: N_("natural aces canasta"),
    CanastaKind.MIXED_ACES: N_("mixed aces canasta"),
    CanastaKind.WILD: N_("wild canasta"),
}
#: The counts each rank's meld can hold: black threes no wild cards, a wild meld no natural.
COUNTS_OF_RANK = {
    Rank.BLACK_THREE: ("natural",),
    Rank.WILD: ("twos", "jokers"),
}
ALL_COUNTS = ("natural", "twos", "jokers")


def meld_name(rank: Rank, tr: Translator) -> str:
    """`Kings`, `Black threes`: the meld's name as a heading, in the player's language."""
    name = tr._(MELD_NAMES[rank.value])
    return name[:1].upper() + name[1:]


def rank_label(rank: Rank, tr: Translator) -> str:
    """What a rank's button says: the card's letter or number, or a word for threes and wilds."""
    if rank == Rank.BLACK_THREE:
        return tr._("Black 3s")
    if rank == Rank.WILD:
        return meld_name(rank, tr)
    if rank in RANK_LETTERS:
        return tr.in_context(*RANK_LETTERS[rank])
    return rank.value


#: More digits than a count of cards can have: pasted nonsense is read as this many nines.
MOST_DIGITS = 9


def digits(text: str) -> int:
    """A count as typed: its digits, whole (nothing typed is none). A number too big for the
    packs is kept as typed and refused with it, never cut.

    >>> digits("12"), digits(""), digits("4a"), digits("1234"), digits("5" * 5000)
    (12, 0, 4, 1234, 999999999)
    """
    kept = "".join(ch for ch in text if ch.isdigit()).lstrip("0")
    if len(kept) > MOST_DIGITS:
        return int("9" * MOST_DIGITS)
    return int(kept) if kept else 0


class MeldCount(ft.Column):
    """One count of a meld under its word: `[-] [ 5 ] [+]`, typed or stepped."""

    def __init__(
        self,
        tag: str,
        label: str,
        value: int,
        *,
        typed: Callable[[int], None],
        step: Callable[[int], None],
        tr: Translator,
        scale: float,
    ) -> None:
        # Two digits whatever the text size: the field grows with the text.
        width = 18 + 26 * max(1.0, scale)
        self.field = ft.TextField(
            value=str(value),
            # Heard with its count; seen without a word (the word is over it).
            label=field_label(label, str(value), shown=False),
            keyboard_type=ft.KeyboardType.NUMBER,
            input_filter=ft.NumbersOnlyInputFilter(),
            text_align=ft.TextAlign.CENTER,
            text_size=18,
            dense=True,
            width=width,
            content_padding=ft.Padding.symmetric(horizontal=2, vertical=10),
            on_change=lambda e: typed(digits(e.control.value or "")),
        )
        self.minus, self.plus = step_buttons(step, value)
        row = ft.Row(
            [
                NamedButton(
                    f"{tag}-minus", self.minus, tr._("{what}: one less").format(what=label)
                ),
                # No label on the field's node: it would hide the typed value from the page
                # (the field's own label, for the ear alone, says what it counts and holds).
                Tagged(tag, self.field),
                NamedButton(f"{tag}-plus", self.plus, tr._("{what}: one more").format(what=label)),
            ],
            spacing=0,
            tight=True,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        room = 2 * TAP + width
        word = ft.Text(
            label,
            size=fitted_words(label, 12, room, scale),
            color=ft.Colors.ON_SURFACE_VARIANT,
            width=room,
            text_align=ft.TextAlign.CENTER,
        )
        self.word = word
        if scale >= LARGE_TEXT:
            # Large text: the word beside the stepper, so a count takes one line, not two.
            word.width = None
            word.text_align = ft.TextAlign.START
            word.expand = True
            super().__init__(
                [ft.Row([word, row], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)],
                spacing=0,
                tight=True,
            )
            return
        super().__init__(
            [word, row],
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def show(self, value: int) -> None:
        # What is being typed stays as typed (an emptied field is none, not a 0 put back).
        if digits(self.field.value or "") != value:
            self.field.value = str(value)
            # Told by a button, the count is heard anew; typed, once the field is left.
            say_value(self.field, str(value))
        self.minus.disabled = value <= 0


class MeldRow(ft.Container):
    """One meld: its name, points and canasta kind (or why it is refused) and a remove button
    over its counts."""

    def __init__(self, area: MeldArea, meld: MeldDraft) -> None:
        self.area = area
        self.rank = rank = meld.rank
        draft, n, tr, scale = area.draft, area.n, area.tr, area.text_scale
        tag = f"side-{n}-meld-{rank.value}"
        name = meld_name(rank, tr)
        self.points = ft.Text("", size=14, text_align=ft.TextAlign.END, max_lines=1)
        #: Why the meld is refused, under its counts: coming or going, it moves no count.
        self.refusal = ft.Text("", size=14, color=ft.Colors.ERROR)
        self.refusal_tag = Tagged(f"{tag}-refusal", self.refusal)  # shown when refused
        self.refusal_tag.visible = False
        self.counts: dict[str, MeldCount] = {}
        for count in COUNTS_OF_RANK.get(rank, ALL_COUNTS):
            label = tr._(COUNT_LABELS[count])

            def typed(value: int, count: str = count) -> None:
                area.change(lambda: draft.set_meld_count(n, rank, count, value))

            def step(by: int, count: str = count) -> None:
                area.tap(lambda: draft.step_meld(n, rank, count, by))

            self.counts[count] = MeldCount(
                f"{tag}-{count}",
                whose_words(draft.side_name(n), f"{name}: {label}"),
                getattr(meld, count),
                typed=typed,
                step=step,
                tr=tr,
                scale=scale,
            )
            # Each count's word says only what it counts: the row's heading names the meld.
            self.counts[count].word.value = label
            if area.follow is not None:
                area.follow(self.counts[count].field, f"{tag}-{count}")
        large = scale >= LARGE_TEXT
        points = Tagged(f"{tag}-points", self.points)
        heading = ft.Row(
            [
                ft.Text(
                    name,
                    size=fitted_words(name, 17, area.room / 2, scale),
                    weight=ft.FontWeight.BOLD,
                    expand=large,
                ),
                *([] if large else [ft.Container(points, expand=True)]),
                TapIcon(
                    f"{tag}-remove",
                    ft.Icons.CLOSE,
                    whose_words(
                        draft.side_name(n),
                        tr._("Remove the {meld}").format(meld=tr._(MELD_NAMES[rank.value])),
                    ),
                    lambda: area.tap(lambda: draft.remove_meld(n, rank)),
                ),
            ],
            spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        if large:  # the points (or the refusal) on a line of their own, under the name
            self.points.text_align = ft.TextAlign.START
        super().__init__(
            content=ft.Column(
                [
                    heading,
                    *([points] if large else []),
                    ft.Column(list(self.counts.values()), spacing=2, tight=True)
                    if large
                    else ft.Row(
                        list(self.counts.values()),
                        wrap=True,
                        spacing=8,
                        run_spacing=4,
                        alignment=ft.MainAxisAlignment.END,
                    ),
                    self.refusal_tag,
                ],
                spacing=0,
                tight=True,
            ),
            padding=ft.Padding.only(left=8, right=0, top=2, bottom=6),
            border=ft.Border.only(left=ft.BorderSide(4, ft.Colors.OUTLINE_VARIANT)),
        )

    def show(self, meld: MeldDraft, problems: list[str]) -> None:
        area, tr = self.area, self.area.tr
        for count, control in self.counts.items():
            control.show(getattr(meld, count))
        self.refusal.value = " ".join(problems)
        self.refusal_tag.visible = bool(problems)
        if problems:
            self.points.value = "\u2014"  # refused: no points (never empty: its node would go)
            self.points.color = ft.Colors.ERROR
            self.border = ft.Border.only(left=ft.BorderSide(4, ft.Colors.ERROR))
            return
        rules = area.draft.rules
        cards = meld.meld()
        said = tr._("{points} points").format(points=tr.number(cards.points(rules)))
        kind = cards.canasta(rules)
        if kind is not None:
            said += " · " + tr._(CANASTA_KIND_WORDS[kind])
        self.points.value = said
        self.points.color = None
        colour = ft.Colors.AMBER_700 if kind is not None else ft.Colors.OUTLINE_VARIANT
        self.border = ft.Border.only(left=ft.BorderSide(4, colour))


class MeldArea(ft.Column):
    """A side's melds: what they give (melded points and canastas, shown, never typed), a
    row per meld, and the ranks that add one."""

    def __init__(
        self,
        draft: RoundDraft,
        n: int,
        *,
        change: Change,
        tap: Change,
        tr: Translator,
        scale: float,
        width: float,
        follow: Follow | None = None,
    ) -> None:
        """`follow(field, name)`: the round entry's way to keep the keyboard in the field
        typed in when the screen is drawn again (`SidePanel.follow_focus`)."""
        self.draft, self.n, self.tr, self.text_scale, self.room = draft, n, tr, scale, width
        self.change, self.tap, self.follow = change, tap, follow
        size = fitted("0000", 20, width / 3, scale)
        self.melded = ft.Text("", size=size, weight=ft.FontWeight.BOLD)
        self.canastas: dict[CanastaKind, ft.Text] = {
            kind: ft.Text("", size=13) for kind in draft.rules.canasta_kinds
        }
        given = ft.Row(
            [
                Tagged(
                    f"side-{n}-melded",
                    ft.Row(
                        [
                            ft.Text(tr._("Melded"), size=15),
                            # As wide as the most points a table can hold: the row keeps its
                            # shape as the points grow.
                            ft.Container(self.melded, width=text_width("0,000", size, scale)),
                        ],
                        spacing=6,
                        tight=True,
                    ),
                ),
                *[
                    Tagged(f"side-{n}-canasta-{kind.value}", text)
                    for kind, text in self.canastas.items()
                ],
            ],
            wrap=True,
            spacing=12,
            run_spacing=2,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.rows: dict[Rank, MeldRow] = {}
        self.rows_column = ft.Column(spacing=6, tight=True)
        #: The ranks are offered until closed (open at first, while there is no meld).
        self.choosing = not draft.sides[n].melds
        whose = draft.side_name(n)
        add_a_meld = tr._("Add a meld")
        self.add = Tagged(
            f"side-{n}-add-meld",
            ft.TextButton(
                ft.Text(add_a_meld, semantics_label=whose_words(whose, add_a_meld)),
                icon=ft.Icons.ADD_CIRCLE_OUTLINE,
                on_click=self.toggle_ranks,
                height=TAP,
            ),
        )
        self.ranks: dict[Rank, ft.OutlinedButton] = {}
        tagged: list[ft.Control] = []
        for rank in draft.meld_ranks():
            label = rank_label(rank, tr)
            # Named by its own words: a name on the tag around it named a group holding a
            # button "K", heard as two things.
            heard = whose_words(
                whose, tr._("Add a meld of {meld}").format(meld=tr._(MELD_NAMES[rank.value]))
            )
            self.ranks[rank] = ft.OutlinedButton(
                content=ft.Text(
                    label, size=16, weight=ft.FontWeight.BOLD, no_wrap=True, semantics_label=heard
                ),
                on_click=lambda _e=None, rank=rank: self.add_meld(rank),
                height=TAP,
                style=ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=4),
                    shape=ft.RoundedRectangleBorder(radius=8),
                ),
                width=max(TAP, 14 + len(label) * 10 * scale),
            )
            tagged.append(Tagged(f"side-{n}-add-meld-{rank.value}", self.ranks[rank]))
        self.rank_row = ft.Row(tagged, wrap=True, spacing=4, run_spacing=4)
        # The ranks over the melds: a meld added comes under them, and moves no rank button.
        super().__init__(
            [given, ft.Row([self.add]), self.rank_row, self.rows_column], spacing=6, tight=True
        )

    def add_meld(self, rank: Rank) -> None:
        self.tap(lambda: self.draft.add_meld(self.n, rank))

    def toggle_ranks(self) -> None:
        """Opens or closes the rank chooser: nothing of the round changed, nothing is kept."""
        self.choosing = not self.choosing
        self.rank_row.visible = self.choosing
        with contextlib.suppress(RuntimeError):  # shown: sent to the device now
            self.update()

    def show(self, problems: list[Problem]) -> None:
        draft, tr = self.draft, self.tr
        side = draft.sides[self.n]
        players = side_size(draft.game.sides)
        by_rank: dict[str, list[str]] = {}
        for problem in problems:
            if problem.meld is not None:
                by_rank.setdefault(problem.meld, []).append(
                    tr.problem(problem, where=False, players=players)
                )
        melds = [meld.meld() for meld in side.melds]
        self.melded.value = tr.number(melded_points(melds, draft.rules))
        made = canastas_of(melds, draft.rules)
        for kind, text in self.canastas.items():
            text.value = f"{tr._(CANASTA_LABELS[kind])}: {tr.number(made.get(kind.value, 0))}"
            text.weight = ft.FontWeight.BOLD if made.get(kind.value) else None
        shown = [meld.rank for meld in side.melds]
        if list(self.rows) != shown:
            self.rows = {
                meld.rank: self.rows.get(meld.rank) or MeldRow(self, meld) for meld in side.melds
            }
            self.rows_column.controls = list(self.rows.values())
        for meld in side.melds:
            self.rows[meld.rank].show(meld, by_rank.get(meld.rank.value, []))
        for rank, button in self.ranks.items():
            # A rank taken stays where it was, not to be taken twice: the others keep their place.
            button.disabled = rank in shown
        self.rank_row.visible = self.choosing
