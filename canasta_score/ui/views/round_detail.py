"""One round in detail: each side's score part by part, and editing or deleting the round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from canasta_score.core import (
    CardCounts,
    CardGroup,
    Meld,
    Rank,
    RoundRefused,
    RuleSet,
    SideEntry,
    UnfinishedMeld,
    canastas_of_side,
)
from canasta_score.core.problems import BLACK_THREES, NATURAL_CARDS, Counted, Nn_, Plural
from canasta_score.i18n import Translator
from canasta_score.i18n.sides import side_size
from canasta_score.statistics.charts import round_bars
from canasta_score.ui.components import (
    FitNumber,
    Section,
    Tagged,
    fit_button,
    headings_shown,
    name_lines,
    name_width,
    numbers_held,
    text_width,
    whose_words,
)
from canasta_score.ui.components.meld_entry import CANASTA_KIND_WORDS, meld_name
from canasta_score.ui.components.names import headings_in_rows, names_heard, spans_kept_apart
from canasta_score.ui.components.round_picture import (
    MeldPart,
    names_size,
    round_picture,
    scale,
)
from canasta_score.ui.news import GAME_CHANGED_ELSEWHERE, game_topic
from canasta_score.ui.screen import RoundNotFound, Screen
from canasta_score.ui.state.labels import (
    CARD_GROUP_LABELS,
    SPECIAL_HAND,
    UNFINISHED_IN_A_SENTENCE,
    special_hand_label,
)
from canasta_score.ui.state.names import shown_game
from canasta_score.ui.state.points import format_points, signed
from canasta_score.ui.state.sheet import player_name
from canasta_score.ui.store import StaleGame, StoredGame
from canasta_score.ui.views.game_screen import GameScreen

if TYPE_CHECKING:
    from canasta_score.ui.host import Host


#: A count of canastas of one kind, singular and plural: one plural entry each in the catalogs
#: (the `Nn_` marker), so each language counts them by its own plural rule.
CANASTA_COUNTS: dict[str, Plural] = {
    "natural": Nn_("{n} natural canasta", "{n} natural canastas", "n"),
    "mixed": Nn_("{n} mixed canasta", "{n} mixed canastas", "n"),
    "natural_aces": Nn_("{n} natural aces canasta", "{n} natural aces canastas", "n"),
    "mixed_aces": Nn_("{n} mixed aces canasta", "{n} mixed aces canastas", "n"),
    "wild": Nn_("{n} wild canasta", "{n} wild canastas", "n"),
    # the rule families (RULES_FAMILIES.md)
    "natural_sevens": Nn_("{n} natural sevens canasta", "{n} natural sevens canastas", "n"),
    "wild_twos": Nn_("{n} canasta of seven twos", "{n} canastas of seven twos", "n"),
    "wild_jokers": Nn_("{n} canasta with four jokers", "{n} canastas with four jokers", "n"),
    "samba": Nn_("{n} samba", "{n} sambas", "n"),
}
BLACK_THREES_LAID_OUT = Nn_("{n} black three laid out", "{n} black threes laid out", "n")
HELD_ACES = Nn_(
    "{n} player holding three or more aces", "{n} players holding three or more aces", "n"
)
HELD_SEVENS = Nn_(
    "{n} player holding three or more sevens", "{n} players holding three or more sevens", "n"
)


def counted(words: Plural, count: int, tr: Translator) -> str:
    """`{n}` of a plural pair, in the reader's language and plural rule."""
    return tr.ngettext(words.singular, words.plural, count).format(n=tr.number(count))


ANY_CANASTAS = Nn_("{n} canasta", "{n} canastas", "n")


def canastas_text(kind: str, count: int, tr: Translator) -> str:
    """`1 natural canasta`, `2 mixed canastas`: the count and kind in the player's language.

    >>> from canasta_score.i18n import translator
    >>> canastas_text("natural", 1, translator("en")), canastas_text("mixed", 2, translator("en"))
    ('1 natural canasta', '2 mixed canastas')
    """
    return counted(CANASTA_COUNTS.get(str(kind), ANY_CANASTAS), count, tr)


TWOS = Nn_("{count} two", "{count} twos", "count")
JOKERS = Nn_("{count} joker", "{count} jokers", "count")


def meld_cards(meld: Meld, tr: Translator) -> str:
    """A meld's cards in words: `5 natural cards, 1 two, 1 joker` (counts of none left out).

    >>> from canasta_score.i18n import translator
    >>> meld_cards(Meld(Rank.QUEEN, 5, twos=1, jokers=1), translator("en"))
    '5 natural cards, 1 two, 1 joker'
    """
    counts = [(NATURAL_CARDS, meld.natural), (TWOS, meld.twos), (JOKERS, meld.jokers)]
    if meld.rank == Rank.BLACK_THREE:
        counts[0] = (BLACK_THREES, meld.natural)
    return ", ".join(
        Counted(noun, count).worded(lambda one, many, n: tr.ngettext(one, many, n))
        for noun, count in counts
        if count
    )


def meld_line(meld: Meld, rules: RuleSet, tr: Translator) -> str:
    """One meld of a round in words: `Queens: 5 natural cards, 1 two, 1 joker · 120 points ·
    mixed canasta`."""
    said = f"{meld_name(meld.rank, tr)}: {meld_cards(meld, tr)} · " + tr._(
        "{points} points"
    ).format(points=tr.number(meld.points(rules)))
    kind = meld.canasta(rules)
    return said if kind is None else f"{said} · {tr._(CANASTA_KIND_WORDS[kind])}"


def meld_parts(entry: SideEntry, rules: RuleSet, tr: Translator) -> list[MeldPart]:
    """A side's melds as the round's picture draws them (none for a table entered as points)."""
    return [
        MeldPart(
            f"{meld_name(meld.rank, tr)} {tr.number(meld.cards)}",
            meld.points(rules),
            meld.canasta(rules) is not None,
        )
        for meld in entry.melds or ()
    ]


def facts(entry: SideEntry, tr: Translator, rules: RuleSet) -> str:
    """What was entered for a side, in words: `1 natural canasta, 2 mixed canastas; 2 red threes`
    (the canastas a side's melds make, where its table was entered meld by meld)."""
    if entry.special_hand is not None:  # the hand alone counts: nothing else was entered
        hand = special_hand_label(entry.special_hand, tr._)
        return tr._(SPECIAL_HAND).format(hand=hand)
    parts = []
    canastas = canastas_of_side(entry, rules)
    if canastas:
        # In the rules' order of kinds, the same on every side and round.
        order = {kind.value: place for place, kind in enumerate(rules.canasta_kinds)}
        ordered = sorted(canastas.items(), key=lambda item: order.get(str(item[0]), len(order)))
        parts.append(", ".join(canastas_text(kind, count, tr) for kind, count in ordered))
    if entry.red_threes:
        parts.append(
            tr.ngettext("{n} red three", "{n} red threes", entry.red_threes).format(
                n=tr.number(entry.red_threes)
            )
        )
    if entry.black_threes:
        parts.append(counted(BLACK_THREES_LAID_OUT, entry.black_threes, tr))
    for meld in UnfinishedMeld:
        if entry.incomplete.get(meld.value):
            parts.append(tr._(UNFINISHED_IN_A_SENTENCE[meld]))
    if entry.held_aces:
        parts.append(counted(HELD_ACES, entry.held_aces, tr))
    if entry.held_sevens:
        parts.append(counted(HELD_SEVENS, entry.held_sevens, tr))
    if entry.went_out is not None:
        parts.append(
            tr._("went out") if entry.went_out.value == "normal" else tr._("went out concealed")
        )
    for name, cards in ((tr._("table"), entry.melded), (tr._("hand"), entry.hand)):
        if isinstance(cards, CardCounts):
            groups = ", ".join(
                f"{group_label(group, rules, tr)} {tr.number(count)}"
                for group, count in cards.items()
                if count
            )
            parts.append(f"{name}: {groups or '0'}")
    return "; ".join(parts) or tr._("nothing special")


def group_label(group: CardGroup, rules: RuleSet, tr: Translator) -> str:
    """A card group's name: where black threes are laid out (Modern American) the threes
    counted are the ones left in a hand, of either colour."""
    if group == CardGroup.BLACK_THREES and rules.black_threes_laid_out:
        return tr._("Threes")
    return tr._(CARD_GROUP_LABELS[group])


#: Sizes of the table's labels and side names, and the room between its columns.
LABEL_SIZE = 15
NAME_SIZE = 16
GAP = 8
#: The room a name leaves at its column's start, so names over columns side by side read
#: apart ("Isovanhemmat Bedsteforæl…" stood 8 px apart, one name of two words): 12 px
#: at least, a word-space at 14 px and more.
NAMES_APART = 4


@dataclass(frozen=True)
class DetailColumns:
    """How the table of a round is laid out: each side's column width, and for each row
    whether its label sits beside its values (else on a line of its own above them)."""

    value: float
    beside: list[bool]


def layout_columns(
    labels: list[str], numbers: list[str], names: list[str], inner: float, scale: float
) -> DetailColumns:
    """Columns as wide as the numbers need (a side's name may take up to an even share); the
    rest is the labels'. Each row keeps its label beside its values where each word of it fits
    that rest and the whole takes at most two lines: decided row by row, from widths.

    >>> layout_columns(["Melded", "Canasta-Bonus"], ["+1.320"], ["We"], 342, 1.0).beside
    [True, True]
    >>> layout_columns(["Melded", "Rangaistuspisteet"], ["+20"], ["A", "B", "C"], 200, 1.0).beside
    [True, False]

    Where no label stays beside its values, the names take what the labels leave:

    >>> columns = layout_columns(["Pöydätyt"], ["+80"], ["Pelaaja 1", "Pelaaja 2"], 312, 2.0)
    >>> columns.beside, columns.value > (312 - 2 * GAP) / 3
    ([False], True)

    The values' row holds the columns and the gap before each within `inner`:

    >>> 2 * (columns.value + GAP) <= 312
    True
    """
    sides = max(len(names), 1)
    needed = max((text_width(text, 20, scale) for text in numbers), default=0) + 4
    named = max((name_width(name, NAME_SIZE, scale) for name in names), default=0)
    even = (inner - GAP * sides) / (sides + 1)
    value = min((inner - GAP * sides) / sides, max(needed, min(named, even)))
    room = inner - sides * (value + GAP)

    def fits(label: str) -> bool:
        words = label.split() or [""]
        return (
            max(text_width(word, LABEL_SIZE, scale) for word in words) <= room
            and text_width(label, LABEL_SIZE, scale) <= 2 * room
        )

    beside = [fits(label) for label in labels]
    if not any(beside):  # every label over its values: the names may share the whole width
        value = min((inner - GAP * sides) / sides, max(needed, named))
    return DetailColumns(value=value, beside=beside)


def headings_placed(
    widths: list[float], column: float, inner: float, rows: int
) -> tuple[list[tuple[float, float]], int]:
    """Where each side's name, `widths` wide, is drawn over the columns of a table `inner`
    wide (its start and end), in one row or in `rows` staggered ones, and how many are cut:
    each ends at its column's end, over its numbers, and takes room leftwards as far as the
    name before it in its row leaves (`spans_kept_apart`), the first of a row over the labels'
    cell, which is empty there.

    >>> headings_placed([60, 95, 50], 80, 342, 1)  # "Nachbarskinder" cut in 76 px
    ([(106, 166), (178, 254), (292, 342)], 1)
    >>> headings_placed([60, 95, 50], 80, 342, 2)  # its row's first: room over the labels
    ([(106, 166), (159, 254), (292, 342)], 0)
    >>> headings_placed([120, 70], 130, 342, 1)  # the first name over the labels' cell
    ([(84, 204), (272, 342)], 0)
    """
    ends = [inner - (len(widths) - 1 - i) * (column + GAP) for i in range(len(widths))]
    wanted = [(end - width, end) for end, width in zip(ends, widths, strict=True)]
    return spans_kept_apart(wanted, 0, inner, rows)


def headings_row(
    names: list[str], columns: DetailColumns, inner: float, scale: float, largest: float
) -> ft.Control:
    """The sides' names over their columns, one size for all, each ending at its column's
    end. Each whole on one line where it fits, the first taking room over the labels' cell;
    else in two staggered rows where that keeps them whole ("Nachbars…" was cut beside an
    empty cell); else smaller at large text, down to 14 px on the screen, or on two lines of
    whole words, and a name of one word too long even so is cut (broken mid-word, it would
    read as two names); where staggered rows cut fewer, in them ("Bedstef…" alone cut, where
    it cut the three after it too)."""
    name_room = columns.value - NAMES_APART
    size, lines = headings_shown(names, name_room, scale, largest)
    # One row where it holds them, else two; from the largest size down to the one they
    # would have over their columns alone.
    trials = [max(largest - step / 2, size) for step in range(int(2 * (largest - size)) + 1)]
    placed: list[tuple[float, float]] | None = None
    rows = 1
    for rows, trial in ((rows, trial) for rows in (1, 2) for trial in trials):
        spans, cut = headings_placed(
            [name_width(name, trial, scale) for name in names], columns.value, inner, rows
        )
        if not cut:
            placed, size = spans, trial
            break
    cut_over_columns: list[bool] = []
    if placed is None:
        # Else each over its own column (a name of one word wider than its column cut), or
        # staggered at this size, where that cuts fewer.
        cut_over_columns = [
            name_lines(name, lines) == 1 and name_width(name, size, scale) > name_room + 0.01
            for name in names
        ]
        spans, cut = headings_placed(
            [name_width(name, size, scale) for name in names], columns.value, inner, rows
        )
        placed = spans if cut < sum(cut_over_columns) else None
    if placed is not None:
        return headings_in_rows(
            names, placed, rows, inner, size=size, scale=scale, bold=True, align=ft.TextAlign.END
        )
    texts = [
        ft.Text(
            name,
            size=size,
            weight=ft.FontWeight.BOLD,
            width=name_room,
            text_align=ft.TextAlign.END,
            max_lines=name_lines(name, lines),
            overflow=ft.TextOverflow.ELLIPSIS,
            # Whole on a long press where it is cut (heard once: `names_heard`).
            tooltip=name if cut else None,
        )
        for name, cut in zip(names, cut_over_columns, strict=True)
    ]
    cells: list[ft.Control] = [
        ft.Container(text, width=columns.value, alignment=ft.Alignment.CENTER_RIGHT)
        for text in texts
    ]
    row = ft.Row([ft.Container(expand=True), *cells], spacing=GAP)
    return names_heard(row, texts) if any(text.tooltip for text in texts) else row


class RoundDetailScreen(GameScreen, Screen):
    def __init__(self, app: Host, route: str, game_id: int, number: int) -> None:
        self.app = app
        self.route = route
        self.game_id = game_id
        self.stored: StoredGame = app.table.store.load_game(game_id)
        self.number = number
        if not 1 <= number <= len(self.stored.game.rounds):
            raise RoundNotFound(game_id, number)

    def build(self) -> ft.View:
        app, tr = self.app, self.app.tr
        app.table.news.follow([game_topic(self.game_id)], self.changed_on_another_phone)
        game = shown_game(self.stored.game, self.app.tr)
        number = self.number
        scores = game.scores[number - 1]
        entries = game.rounds[number - 1]
        totals = game.running_totals[number - 1]
        needed = game.opening_minimums_before(number)
        rows = [
            (tr._("Melded"), [s.melded for s in scores], False),
            (tr._("In hand"), [-s.hand for s in scores], False),
            (tr._("Canasta bonus"), [s.canasta_bonus for s in scores], False),
            (tr._("Red threes"), [s.red_threes for s in scores], False),
            (tr._("Going out"), [s.going_out for s in scores], False),
        ]
        rules = game.rules
        if rules.black_threes is not None:
            rows.append((tr._("Black threes"), [s.black_threes for s in scores], False))
        if rules.dealer_bonus is not None:
            rows.append((tr._("Dealer bonus"), [s.dealer_bonus for s in scores], False))
        if rules.incomplete_penalty:
            rows.append((tr._("Unfinished melds"), [-s.incomplete for s in scores], False))
        if rules.held_penalty is not None:
            rows.append((tr._("Aces or sevens held"), [-s.held for s in scores], False))
        if any(s.special_hand for s in scores):
            rows.insert(0, (tr._("Special hand"), [s.special_hand for s in scores], False))
        if any(s.penalty for s in scores):
            rows.append((tr._("Penalty"), [-s.penalty for s in scores], False))
        rows.append((tr._("Round score"), [s.total for s in scores], True))
        rows.append((tr._("Total after"), list(totals), True))

        scale = app.layout.text_scale
        inner = app.layout.body_width() - 24  # inside the box's padding
        shown = [
            [
                format_points(v, tr) if label == tr._("Total after") else signed(v, tr)
                for v in values
            ]
            for label, values, _b in rows
        ]
        numbers = [text for texts in shown for text in texts]
        columns = layout_columns(
            [label for label, _v, _b in rows], numbers, game.side_names, inner, scale
        )

        def cell(text: str, bold: bool) -> ft.Control:
            return FitNumber(
                text,
                size=20 if bold else 16,
                width=columns.value,
                scale=scale,
                row=numbers,
                weight=ft.FontWeight.BOLD if bold else None,
                text_align=ft.TextAlign.END,
            )

        def values_row(first: ft.Control, cells: list[ft.Control]) -> ft.Row:
            return ft.Row([first, *cells], spacing=GAP)

        largest = NAME_SIZE if len(game.sides) < 3 else NAME_SIZE - 2
        table: list[ft.Control] = [
            headings_row(game.side_names, columns, inner, scale, largest),
            ft.Divider(height=1),
        ]
        for line, ((label, _values, bold), texts, beside) in enumerate(
            zip(rows, shown, columns.beside, strict=True)
        ):
            caption = ft.Text(label, size=LABEL_SIZE, weight=ft.FontWeight.BOLD if bold else None)
            # Each value heard with its side ("Melded", "We: +200", "They: 0"): read as one
            # line, the row was "Melded +200 0", whose number was whose left to the ear.
            cells: list[ft.Control] = [
                ft.Container(
                    Tagged(
                        f"detail-{line}-side-{side}",
                        cell(text, bold),
                        whose_words(name, text),
                        alone=True,
                    ),
                    width=columns.value,
                    alignment=ft.Alignment.CENTER_RIGHT,
                )
                for side, (name, text) in enumerate(zip(game.side_names, texts, strict=True))
            ]
            if beside:
                caption.expand = True
                table.append(values_row(caption, cells))
            else:
                # Over its values where beside them a word of it would break.
                table.append(caption)
                table.append(values_row(ft.Container(expand=True), cells))
        table.append(ft.Divider(height=1))
        for index, (name, entry, minimum) in enumerate(
            zip(game.side_names, entries, needed, strict=True)
        ):
            said = facts(entry, tr, game.rules)
            table.append(
                ft.Text(
                    numbers_held(
                        # A special hand is shown before the side melds: no minimum to open.
                        tr._("{side}: {facts}").format(side=name, facts=said)
                        if entry.special_hand is not None
                        else tr._("{side}: {facts}; needed {minimum} to open").format(
                            side=name, facts=said, minimum=tr.number(minimum)
                        )
                    ),
                    size=14,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                )
            )
            if entry.melds:
                # A table entered meld by meld is shown as its melds, canastas in bold.
                table.append(
                    Tagged(
                        f"round-melds-{index}",
                        ft.Column(
                            [
                                ft.Text(
                                    numbers_held(meld_line(meld, game.rules, tr)),
                                    size=14,
                                    weight=ft.FontWeight.BOLD if meld.is_canasta else None,
                                )
                                for meld in entry.melds
                            ],
                            spacing=2,
                            tight=True,
                        ),
                    )
                )
        dealer = player_name(game, game.dealer_of(number))
        body: list[ft.Control] = [
            ft.Container(
                content=ft.Column(table, spacing=8),
                padding=12,
                border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER,
            ),
        ]
        body.append(self.picture())
        # Any round, also of a finished game: editing an earlier round can un-finish it
        # (RULES.md), as a miscount found at the end is put right.
        body.append(ft.Row(self.round_buttons(number), wrap=True))
        return app.layout.frame(
            self.route,
            tr._("Round {n}").format(n=number),
            body,
            subtitle=tr._("{name} dealt").format(name=dealer),
            back=f"/game/{self.game_id}",
        )

    def round_buttons(self, number: int) -> list[ft.Control]:
        """Edit and delete, each growing where its label would be cut (large text)."""
        app, tr = self.app, self.app.tr
        edit = ft.FilledButton(
            content=ft.Text(tr._("Edit round")),
            icon=ft.Icons.EDIT,
            on_click=lambda: app.nav.go(f"/game/{self.game_id}/round/{number}/edit"),
        )
        delete = ft.OutlinedButton(
            content=ft.Text(tr._("Delete round")),
            icon=ft.Icons.DELETE_OUTLINE,
            on_click=self.delete,
        )
        for button in (edit, delete):
            fit_button(button, app.layout.body_width(), app.layout.text_scale)
        return [Tagged(f"round-{number}-edit", edit), Tagged(f"round-{number}-delete", delete)]

    def game_changed(self, stored: StoredGame) -> None:
        """Another phone changed this game: the round as it now is, or the sheet if it is gone."""
        self.stored = stored
        if self.number > len(self.stored.game.rounds):
            self.app.nav.go(f"/game/{self.game_id}")
            return
        self.app.nav.redraw(self)

    def picture(self) -> ft.Control:
        """Each side's round drawn: gains stacked above the line, losses below, labelled."""
        tr = self.app.tr
        game = shown_game(self.stored.game, self.app.tr)
        bars = round_bars(game, self.number)
        per_point = scale(bars)
        entries = game.rounds[self.number - 1]
        # One picture a row on a phone (inside the box's padding); side by side where wide.
        width = self.app.layout.body_width() - 24
        if self.app.layout.is_wide():
            width = width / min(len(bars), 4) - 16
        size = names_size(
            bars, words=tr._, number=tr.number, scale=self.app.layout.text_scale, width=width
        )
        pictures: list[ft.Control] = [
            Tagged(
                f"round-picture-{index}",
                round_picture(
                    bar,
                    per_point,
                    words=tr._,
                    number=tr.number,
                    melds=meld_parts(entry, game.rules, tr),
                    scale=self.app.layout.text_scale,
                    width=width,
                    size=size,
                ),
            )
            for index, (bar, entry) in enumerate(zip(bars, entries, strict=True))
        ]
        # Side by side where there is room; one under the other on a phone.
        shown: ft.Control = (
            ft.ResponsiveRow(
                [
                    ft.Container(p, col={"xs": 12, "md": 12 // min(len(pictures), 4)})
                    for p in pictures
                ],
                spacing=16,
                run_spacing=16,
            )
            if self.app.layout.is_wide()
            else ft.Column(pictures, spacing=16)
        )
        return Section(
            ft.Text(tr._("Where the points came from"), size=18, weight=ft.FontWeight.BOLD),
            ft.Text(
                tr.side(
                    "Above the line what a side scored, below it what it lost.",
                    side_size(self.stored.game.sides),
                ),
                size=13,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
            shown,
        )

    def delete(self) -> None:
        game, tr = shown_game(self.stored.game, self.app.tr), self.app.tr
        number = self.number
        later = len(game.rounds) - number
        # The round asked about: if another phone changes the game meanwhile, this is refused.
        version = self.stored.version

        def refused(refusal: RoundRefused) -> None:
            self.app.messages.say(
                "; ".join(
                    self.app.tr.problem(p, where=False, players=side_size(game.sides))
                    for p in refusal.problems
                )
            )

        def stale(_: StaleGame) -> None:
            self.app.messages.say_with_screen(f"/game/{self.game_id}", tr._(GAME_CHANGED_ELSEWHERE))

        def deleted(_: StoredGame) -> None:
            # The message is placed for the sheet.
            self.app.messages.say_with_screen(
                f"/game/{self.game_id}", tr._("Round {n} deleted").format(n=number)
            )

        def delete_now() -> None:
            store = self.app.table.store
            self.app.actions.attempt(
                lambda: store.delete_round(self.game_id, number, version),
                deleted,
                refused={RoundRefused: refused, StaleGame: stale},
            )

        text = tr._("Round {n} will be removed and the totals recounted.").format(n=number)
        if later:
            text += " " + tr._("The rounds after it move up one.")
        self.app.messages.confirm(
            tr._("Delete round {n}?").format(n=number), text, tr._("Delete"), delete_now
        )
