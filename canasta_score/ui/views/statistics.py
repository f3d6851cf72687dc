"""Statistics: who wins, per player and per partnership; head-to-head; renames and merges.

Phone first: a card per player (a wide table would not fit 390 px), the most games first.
The figures are the statistics package's over the summaries storage keeps; renames and
merges are stored facts, undone from the snack bar or the list of name changes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from canasta_score.core import ALL_PRESETS, CanastaKind
from canasta_score.statistics import (
    Figures,
    GameFigures,
    HeadToHead,
    Statistics,
    game_statistics,
)
from canasta_score.ui.components import (
    DROPDOWN_EXTRAS,
    LETTER_ADVANCE,
    TAP,
    Section,
    Tagged,
    TaggedChoice,
    TapIcon,
    Wide,
    dialog_title,
    dropdown_width,
    fitted_words,
    tap_height,
    text_width,
)
from canasta_score.ui.screen import Screen
from canasta_score.ui.state.history import PERIOD_LABELS
from canasta_score.ui.state.labels import CANASTA_LABELS
from canasta_score.ui.state.statistics import (
    FIRST_CARDS,
    StatsChoices,
    compared,
    named_seats,
    parties,
    party_key,
    unnamed_seat,
)
from canasta_score.ui.store import NameChangeNotFound, StoredNameChange

if TYPE_CHECKING:
    from canasta_score.ui.host import Host

#: The choice of a dropdown that means "no filter".
EVERY = "all"
#: Canasta kinds by the name the figures give them.
KINDS = {kind.value: kind for kind in CanastaKind}
#: Partnerships offered for a head-to-head beside every player (the most games first).
PARTNERSHIPS_TO_PICK = 60
#: Room above a field for its floating label's upper half, at normal text size.
FLOATING_LABEL_ROOM = 8
#: A figure's value and its label under it; a figure's least width and the gap between two.
FIGURE_SIZE = 20
LABEL_SIZE = 12
FIGURE_WIDTH = 96
FIGURE_GAP = 8
#: A figure's label and value in the list that large text gets.
LISTED_SIZE = 16
#: A letter of a label in em: Roboto's regular lower case (a little over, for the boxes).
WORD_ADVANCE = 0.52


def figure_width(inner: float, columns: int) -> int:
    """Each figure's width with `columns` of them filling a row `inner` wide.

    >>> figure_width(312, 3), figure_width(312, 2)
    (97, 151)
    """
    return math.floor((inner - FIGURE_GAP * (columns - 1)) / columns) - 1


def figure_columns(labels: list[str], values: list[str], inner: float, scale: float) -> int:
    """How many figures to a row of width `inner`: as many as fit FIGURE_WIDTH (phones: 3),
    fewer where a label's longest word or a value would not fit its figure at text `scale`.

    >>> words = ["Voittoprosentti", "Sekacanastat"]
    >>> [figure_columns(words, ["1 234"], 312, s) for s in (1.0, 1.5, 2.0)]
    [3, 2, 1]
    """
    most = max(1, int((inner + FIGURE_GAP) // (FIGURE_WIDTH + FIGURE_GAP)))
    longest = max((word for label in labels for word in label.split()), key=len, default="")
    widest = max(values, key=len, default="")
    for columns in range(most, 1, -1):
        width = figure_width(inner, columns)
        if (
            text_width(longest, LABEL_SIZE, scale, WORD_ADVANCE) <= width
            and text_width(widest, FIGURE_SIZE, scale) <= width
        ):
            return columns
    return 1


def identifier(figures: Figures) -> str:
    """A card's stable identifier, e.g. `player-anna` or `partnership-anna-ben`.

    >>> identifier(Figures(("Anna", "Jan B."))), identifier(Figures(("Anna",)))
    ('partnership-anna-jan b.', 'player-anna')
    """
    kind = "partnership" if len(figures.players) > 1 else "player"
    return "-".join([kind, *(name.casefold() for name in figures.players)])


class StatisticsScreen(Screen):
    def __init__(self, app: Host, route: str, choices: StatsChoices | None = None) -> None:
        self.app = app
        self.route = route
        self.choices = choices or StatsChoices()
        self.history: list[GameFigures] = []
        self.changes: list[StoredNameChange] = []
        self.stats = Statistics((), ())
        self.numbers: dict[int, str] = {}
        # Read here (off the event loop on a server); `build` reads no storage.
        self.history, self.changes = self.read(self.choices)

    def number(self, value: int) -> str:
        """A whole number in the phone's language (the same few repeat on every card)."""
        shown = self.numbers.get(value)
        if shown is None:
            shown = self.numbers[value] = self.app.tr.number(value)
        return shown

    # --- the screen -------------------------------------------------------------------

    def today(self) -> date:
        return datetime.now(UTC).date()

    def build(self) -> ft.View:
        app, tr = self.app, self.app.tr
        app.device.keep_awake(False)
        where = self.choices.where(self.today())
        changes = [stored.change for stored in self.changes]
        self.stats = stats = game_statistics(self.history, changes=changes, where=where)
        body: list[ft.Control] = [self.filters()]
        if not stats.players:
            body.append(
                Tagged(
                    "statistics-empty",
                    ft.Text(
                        tr._("No games to count yet: finish a game and its figures appear here.")
                        if not self.choices.rules and self.choices.period == EVERY
                        else tr._("No games match these filters."),
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                )
            )
        else:
            body.append(self.head_to_head())
            body += self.cards(tr._("Players"), stats.players, self.choices.all_players)
            if stats.partnerships:
                body += self.cards(
                    tr._("Partnerships"), stats.partnerships, self.choices.all_partnerships
                )
        if self.changes:
            body.append(self.name_changes())
        return app.layout.frame(self.route, tr._("Statistics"), body, back="/")

    def read(self, choices: StatsChoices) -> tuple[list[GameFigures], list[StoredNameChange]]:
        """The games the filters admit, and the players' name changes."""
        store = self.app.table.store
        # Seats nobody named are nobody: "We 2" of one game is not "We 2" of the next.
        played = named_seats(store.played_games(choices.where(self.today())), unnamed_seat)
        return played, store.name_changes()

    def show(self, choices: StatsChoices) -> None:
        """Other filters chosen: the games they admit read (off the loop), then drawn."""

        def shown(read: tuple[list[GameFigures], list[StoredNameChange]]) -> None:
            self.choices = choices
            self.history, self.changes = read
            self.app.nav.redraw(self)

        self.app.actions.attempt(lambda: self.read(choices), shown)

    # --- filters ----------------------------------------------------------------------

    def filters(self) -> ft.Control:
        tr = self.app.tr
        rule_sets = [ft.DropdownOption(key=EVERY, text=tr._("All rule sets"))] + [
            ft.DropdownOption(key=preset_id, text=tr._(rules.name))
            for preset_id, rules in ALL_PRESETS.items()
        ]
        periods = [ft.DropdownOption(key=k, text=tr._(label)) for k, label in PERIOD_LABELS.items()]
        # Wide enough for the longest choice (Finnish "Viimeiset 12 kuukautta"), each on a
        # line of its own if need be, never wider than the screen.
        texts = [str(o.text) for o in [*rule_sets, *periods]]
        scale = self.app.layout.text_scale
        width = dropdown_width(texts, self.app.layout.body_width(), scale)
        # Where even the screen's width cuts the longest choice ("Kaikki sääntöversiot" at
        # large text), the fields' text shrinks till it fits, as home's filters do; in the
        # list a long choice may take two lines.
        longest = max(texts, key=len)
        size = 16 * min(
            1.0, (width - DROPDOWN_EXTRAS) / text_width(longest, 16, scale, LETTER_ADVANCE)
        )
        for option in [*rule_sets, *periods]:
            option.content = ft.Text(
                str(option.text), max_lines=2, overflow=ft.TextOverflow.ELLIPSIS
            )
        row = ft.Row(
            [
                TaggedChoice(
                    "statistics-rules",
                    ft.Dropdown(
                        label=tr._("Rule set"),
                        value=self.choices.rules or EVERY,
                        options=rule_sets,
                        on_select=lambda e: self.show(
                            self.choices.with_rules(
                                None if e.control.value == EVERY else e.control.value
                            )
                        ),
                        width=width,
                        text_size=math.floor(size * 10) / 10,
                        dense=True,
                    ),
                ),
                TaggedChoice(
                    "statistics-period",
                    ft.Dropdown(
                        label=tr._("Started"),
                        value=self.choices.period,
                        options=periods,
                        on_select=lambda e: self.show(
                            self.choices.with_period(e.control.value or EVERY)
                        ),
                        width=width,
                        text_size=math.floor(size * 10) / 10,
                        dense=True,
                    ),
                ),
            ],
            wrap=True,
            spacing=8,
            # The lower field's floating label clear of the upper field's border.
            run_spacing=FLOATING_LABEL_ROOM * scale + 2,
        )
        # Room above for the fields' floating labels (half over the border, growing with the
        # text), at the top of the scrolled body.
        return ft.Container(content=row, padding=ft.Padding.only(top=FLOATING_LABEL_ROOM * scale))

    # --- head-to-head -----------------------------------------------------------------

    def head_to_head(self) -> ft.Control:
        tr = self.app.tr
        stats = self.stats
        offered = [*stats.players, *stats.partnerships[:PARTNERSHIPS_TO_PICK]]
        keys = {party_key(f) for f in offered}
        for chosen in (self.choices.first, self.choices.second):
            if chosen is not None and chosen not in keys:  # picked, then filtered away
                found = [f for f in parties(stats) if party_key(f) == chosen]
                offered += found
                keys |= {chosen} if found else set()
        options = [ft.DropdownOption(key=party_key(f), text=f.name) for f in offered]

        # Side by side where each label fits its half of the row, else one under the other
        # (Finnish "Ensimmäinen" would break inside the word).
        half = (self.app.layout.body_width() - 2 * 12 - 8) / 2 - DROPDOWN_EXTRAS
        labels = (tr._("First"), tr._("Second"))
        side_by_side = all(
            text_width(label, 16, self.app.layout.text_scale) <= half for label in labels
        )

        def pick(label: str, value: str | None, first: bool) -> ft.Dropdown:
            def picked(key: str | None) -> StatsChoices:
                return self.choices.with_first(key) if first else self.choices.with_second(key)

            return ft.Dropdown(
                label=label,
                value=value if value in keys else None,
                options=options,
                on_select=lambda e: self.show(picked(e.control.value)),
                expand=side_by_side,
                width=None if side_by_side else self.app.layout.body_width() - 2 * 12,
                dense=True,
            )

        changes = [stored.change for stored in self.changes]
        result = compared(self.history, self.choices, changes, self.today())
        pickers: list[ft.Control] = [
            TaggedChoice(
                "head-to-head-first",
                pick(labels[0], self.choices.first, True),
                expand=side_by_side,
            ),
            TaggedChoice(
                "head-to-head-second",
                pick(labels[1], self.choices.second, False),
                expand=side_by_side,
            ),
        ]
        return Section(
            ft.Text(tr._("Head to head"), size=18, weight=ft.FontWeight.BOLD),
            ft.Row(pickers, spacing=8)
            if side_by_side
            else ft.Column(pickers, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            Tagged("head-to-head-result", self.head_to_head_result(result)),
        )

    def head_to_head_result(self, result: HeadToHead | None) -> ft.Control:
        tr = self.app.tr
        if result is None:
            return ft.Text(
                tr._("Pick two players or two partnerships who played against each other."),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        lines: list[ft.Control] = [
            ft.Text(
                tr._("{first} {first_wins} – {second_wins} {second}").format(
                    first=" & ".join(result.first),
                    first_wins=tr.number(result.first_wins),
                    second_wins=tr.number(result.second_wins),
                    second=" & ".join(result.second),
                ),
                size=20,
                weight=ft.FontWeight.BOLD,
            ),
            ft.Text(
                tr.ngettext(
                    "{n} finished game against each other",
                    "{n} finished games against each other",
                    result.games,
                ).format(n=tr.number(result.games)),
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
        ]
        if result.other_wins:
            lines.append(
                ft.Text(self.won_by_another_side(result.other_wins, result.first, result.second))
            )
        if result.in_play:
            lines.append(
                ft.Text(
                    tr.ngettext("{n} game in play", "{n} games in play", result.in_play).format(
                        n=tr.number(result.in_play)
                    )
                )
            )
        return ft.Column(lines, spacing=2, tight=True)

    def won_by_another_side(self, n: int, first: Sequence[str], second: Sequence[str]) -> str:
        """The games a third side won, in the word for a side of as many players as the two
        compared (one each, or two each)."""
        tr = self.app.tr
        if len(first) != len(second):
            said = tr.ngettext("{n} won by another side", "{n} won by another side", n)
        else:
            said = tr.nside("{n} won by another side", "{n} won by another side", n, len(first))
        return said.format(n=tr.number(n))

    # --- figures ----------------------------------------------------------------------

    def cards(self, title: str, figures: tuple[Figures, ...], everyone: bool) -> list[ft.Control]:
        tr = self.app.tr
        shown = figures if everyone else figures[:FIRST_CARDS]
        controls: list[ft.Control] = [ft.Text(title, size=20, weight=ft.FontWeight.BOLD)]
        controls += [self.card(f) for f in shown]
        if len(shown) < len(figures):
            partnerships = len(figures[0].players) > 1
            controls.append(
                Tagged(
                    "show-all-partnerships" if partnerships else "show-all-players",
                    Wide(
                        ft.OutlinedButton(
                            content=ft.Text(tr._("Show all {n}").format(n=tr.number(len(figures)))),
                            on_click=lambda: self.show(
                                StatsChoices(**{**vars(self.choices), "all_partnerships": True})
                                if partnerships
                                else StatsChoices(**{**vars(self.choices), "all_players": True})
                            ),
                            height=TAP,
                        )
                    ),
                )
            )
        return controls

    def card(self, figures: Figures) -> ft.Control:
        tr = self.app.tr
        tag = identifier(figures)

        def canasta_label(kind: str) -> str:
            known = KINDS.get(kind)
            return kind if known is None else tr._(CANASTA_LABELS[known])

        def number(value: float | None) -> str:
            return "–" if value is None else self.number(round(value))

        rate = (
            "–"
            if figures.win_rate is None
            else tr._("{percent}%").format(percent=self.number(round(100 * figures.win_rate)))
        )
        boxes = [
            ("games", tr._("Games"), self.number(figures.games)),
            ("wins", tr._("Wins"), self.number(figures.wins)),
            ("win-rate", tr._("Win rate"), rate),
            ("average-score", tr._("Average score"), number(figures.average_score)),
            ("average-round", tr._("Average round"), number(figures.average_round)),
            ("best-round", tr._("Best round"), number(figures.best_round)),
            ("went-out", tr._("Gone out"), self.number(figures.went_out)),
            ("concealed", tr._("Gone out concealed"), self.number(figures.went_out_concealed)),
            ("red-threes", tr._("Red threes"), self.number(figures.red_threes)),
        ]
        boxes += [
            (f"canastas-{kind}", canasta_label(kind), self.number(n))
            for kind, n in figures.canastas.items()
        ]
        if figures.in_play:
            boxes.append(("in-play", tr._("In play"), self.number(figures.in_play)))
        header: list[ft.Control] = [
            ft.Text(figures.name, size=18, weight=ft.FontWeight.BOLD, expand=True),
        ]
        if len(figures.players) == 1:
            name = figures.players[0]
            header += [
                TapIcon(
                    f"{tag}-rename",
                    ft.Icons.EDIT_OUTLINED,
                    tr._("Rename"),
                    lambda: self.ask_rename(name),
                ),
                TapIcon(
                    f"{tag}-merge",
                    ft.Icons.MERGE_TYPE,
                    tr._("Merge into another name"),
                    lambda: self.ask_merge(name),
                ),
            ]
        parts: list[ft.Control] = [
            ft.Row(header, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            self.figures(tag, boxes),
        ]
        if figures.in_play:  # its 0s and dashes are no verdict on the game still going
            parts.append(
                Tagged(
                    f"{tag}-finished-only",
                    ft.Text(
                        tr.ngettext(
                            "Finished games only: {n} game in play is counted once it ends.",
                            "Finished games only: {n} games in play are counted once they end.",
                            figures.in_play,
                        ).format(n=self.number(figures.in_play)),
                        size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                )
            )
        return Tagged(tag, Section(*parts))

    def figures(self, tag: str, boxes: list[tuple[str, str, str]]) -> ft.Control:
        """A card's figures, each value over its label, as many to a row as keep every word
        of every label whole; where not even two do (large text, long Finnish or German
        words), a list: the label beside its value, a line each."""
        scale = self.app.layout.text_scale
        inner = self.app.layout.body_width() - 2 * 12
        labels = [label for _key, label, _value in boxes]
        values = [value for _key, _label, value in boxes]
        columns = figure_columns(labels, values, inner, scale)
        if columns > 1:
            width = figure_width(inner, columns)
            return ft.Row(
                [
                    Tagged(
                        f"{tag}-{key}",
                        ft.Column(
                            [
                                ft.Text(value, size=FIGURE_SIZE, weight=ft.FontWeight.BOLD),
                                ft.Text(label, size=LABEL_SIZE, color=ft.Colors.ON_SURFACE_VARIANT),
                            ],
                            spacing=0,
                            tight=True,
                            width=width,
                        ),
                        f"{label}: {value}",
                        alone=True,  # not "Games: 4, 4, Games"
                    )
                    for key, label, value in boxes
                ],
                wrap=True,
                spacing=FIGURE_GAP,
                run_spacing=8,
                # Values in a row on one line, whether their labels take one line or two.
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        widest = text_width(max(values, key=len), LISTED_SIZE, scale)
        room = inner - widest - 12
        size = min(fitted_words(label, LISTED_SIZE, room, scale) for label in labels)
        return ft.Column(
            [
                Tagged(
                    f"{tag}-{key}",
                    ft.Row(
                        [
                            ft.Text(label, size=size, expand=True),
                            ft.Text(
                                value,
                                size=LISTED_SIZE,
                                weight=ft.FontWeight.BOLD,
                                no_wrap=True,
                                text_align=ft.TextAlign.END,
                            ),
                        ],
                        spacing=12,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    f"{label}: {value}",
                    alone=True,
                )
                for key, label, value in boxes
            ],
            spacing=6,
            tight=True,
        )

    # --- renames and merges -----------------------------------------------------------

    def ask_rename(self, name: str) -> None:
        tr = self.app.tr
        field = ft.TextField(label=tr._("New name"), value=name, autofocus=True)

        def go_on() -> None:
            self.app.messages.close_dialog()
            self.confirm_change(name, field.value or "", merge=False)

        self.app.messages.show_dialog(
            ft.AlertDialog(
                modal=True,
                title=self.dialog_title(tr._("Rename {name}").format(name=name)),
                content=Tagged("rename-field", field),
                actions=self.dialog_buttons("rename-next", tr._("Rename"), go_on),
            )
        )

    def ask_merge(self, name: str) -> None:
        tr = self.app.tr
        others = [f.name for f in self.stats.players if f.name != name]
        target = ft.Dropdown(
            label=tr._("Merge into"),
            options=[ft.DropdownOption(key=other, text=other) for other in others],
            expand=True,
        )

        def go_on() -> None:
            if not target.value:
                return
            self.app.messages.close_dialog()
            self.confirm_change(name, target.value, merge=True)

        self.app.messages.show_dialog(
            ft.AlertDialog(
                modal=True,
                title=self.dialog_title(tr._("Merge {name}").format(name=name)),
                content=ft.Row([TaggedChoice("merge-target", target, expand=True)]),
                actions=self.dialog_buttons("merge-next", tr._("Merge"), go_on),
            )
        )

    def dialog_title(self, text: str) -> ft.Text:
        return dialog_title(text, self.app.layout.width, self.app.layout.text_scale)

    def dialog_buttons(
        self, identifier: str, label: str, go_on: Callable[[], None]
    ) -> list[ft.Control]:
        """Cancel, and the button that goes on (tagged `identifier`), each a finger's height."""
        tall = tap_height(14, self.app.layout.text_scale)
        return [
            ft.TextButton(
                self.app.tr._("Cancel"),
                on_click=lambda: self.app.messages.close_dialog(),
                height=tall,
            ),
            Tagged(identifier, ft.FilledButton(label, on_click=go_on, height=tall)),
        ]

    def confirm_change(self, old: str, new: str, *, merge: bool) -> None:
        """Ask once more, naming what changes; on a yes keep the change, offer to undo it."""
        tr, app = self.app.tr, self.app

        def changed(stored: StoredNameChange) -> None:
            self.show(self.choices)  # read again: the players' names changed

            def undo() -> None:
                self.undo(stored.id)

            said = (
                tr._("{old} merged into {new}") if merge else tr._("{old} renamed to {new}")
            ).format(old=stored.old, new=stored.new)
            app.messages.say(said, tr._("Undo"), undo)

        def change() -> None:
            app.actions.attempt(
                lambda: app.table.store.add_name_change(old, new),
                changed,
                refused={
                    ValueError: lambda _: app.messages.say(
                        tr._("A new name must be given, and differ from the old one.")
                    )
                },
            )

        if merge:
            title = tr._("Merge {old} into {new}?").format(old=old, new=new)
            text = tr._(
                "Every game of {old} counts for {new} from now on. The games keep the names "
                "as entered; the list of name changes can undo it."
            ).format(old=old, new=new)
            app.messages.confirm(title, text, tr._("Merge"), change)
        else:
            title = tr._("Rename {old} to {new}?").format(old=old, new=new.strip())
            text = tr._(
                "Every game of {old} is counted under the new name. The games keep the names "
                "as entered; the list of name changes can undo it."
            ).format(old=old)
            app.messages.confirm(title, text, tr._("Rename"), change)

    def undo(self, change_id: int) -> None:
        app = self.app
        app.actions.attempt(
            lambda: app.table.store.undo_name_change(change_id),
            lambda _: self.show(self.choices),
            # Undone elsewhere already: the same result.
            refused={NameChangeNotFound: lambda _: self.show(self.choices)},
        )

    def name_changes(self) -> ft.Control:
        tr = self.app.tr
        rows: list[ft.Control] = [
            ft.Text(tr._("Name changes"), size=18, weight=ft.FontWeight.BOLD),
        ]
        for stored in reversed(self.changes):
            rows.append(
                Tagged(
                    f"name-change-{stored.id}",
                    ft.Row(
                        [
                            ft.Column(
                                [
                                    ft.Text(f"{stored.old} → {stored.new}", size=16),
                                    ft.Text(
                                        tr.date(stored.created_at.date()),
                                        size=12,
                                        color=ft.Colors.ON_SURFACE_VARIANT,
                                    ),
                                ],
                                spacing=0,
                                tight=True,
                                expand=True,
                            ),
                            TapIcon(
                                f"name-change-{stored.id}-undo",
                                ft.Icons.UNDO,
                                tr._("Undo"),
                                partial(self.undo, stored.id),
                            ),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                )
            )
        return Section(*rows)
