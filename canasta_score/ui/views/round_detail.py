"""One round in detail: each side's score part by part, and editing or deleting the round."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from canasta_score.core import CardCounts, RoundRefused, SideEntry
from canasta_score.core.problems import Nn_, Plural
from canasta_score.i18n import Translator
from canasta_score.statistics.charts import round_bars
from canasta_score.ui.components import TAP, FitNumber, Section, Tagged, numbers_held, text_width
from canasta_score.ui.components.round_picture import round_picture, scale
from canasta_score.ui.news import CANNOT_SAVE_NOW, game_topic
from canasta_score.ui.screen import RoundNotFound, Screen
from canasta_score.ui.state.labels import CARD_GROUP_LABELS
from canasta_score.ui.state.points import format_points, signed
from canasta_score.ui.state.sheet import player_name
from canasta_score.ui.store import DatabaseUnavailable, StaleGame, StoredGame

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
}
ANY_CANASTAS = Nn_("{n} canasta", "{n} canastas", "n")


def canastas_text(kind: str, count: int, tr: Translator) -> str:
    """`1 natural canasta`, `2 mixed canastas`: the count and kind in the player's language.

    >>> from canasta_score.i18n import translator
    >>> canastas_text("natural", 1, translator("en")), canastas_text("mixed", 2, translator("en"))
    ('1 natural canasta', '2 mixed canastas')
    """
    words = CANASTA_COUNTS.get(str(kind), ANY_CANASTAS)
    singular, plural = words.singular, words.plural
    return tr.ngettext(singular, plural, count).format(n=tr.number(count))


def facts(entry: SideEntry, tr: Translator) -> str:
    """What was entered for a side, in words: `1 natural canasta, 2 mixed canastas; 2 red threes`."""
    parts = []
    if entry.canastas:
        parts.append(
            ", ".join(canastas_text(kind, count, tr) for kind, count in entry.canastas.items())
        )
    if entry.red_threes:
        parts.append(
            tr.ngettext("{n} red three", "{n} red threes", entry.red_threes).format(
                n=tr.number(entry.red_threes)
            )
        )
    if entry.went_out is not None:
        parts.append(
            tr._("went out") if entry.went_out.value == "normal" else tr._("went out concealed")
        )
    for name, cards in ((tr._("table"), entry.melded), (tr._("hand"), entry.hand)):
        if isinstance(cards, CardCounts):
            counted = ", ".join(
                f"{tr._(CARD_GROUP_LABELS[group])} {tr.number(count)}"
                for group, count in cards.items()
                if count
            )
            parts.append(f"{name}: {counted or '0'}")
    return "; ".join(parts) or tr._("nothing special")


class RoundDetailScreen(Screen):
    def __init__(self, app: Host, route: str, game_id: int, number: int) -> None:
        self.app = app
        self.route = route
        self.game_id = game_id
        self.stored: StoredGame = app.store.load_game(game_id)
        self.number = number
        if not 1 <= number <= len(self.stored.game.rounds):
            raise RoundNotFound(game_id, number)

    def build(self) -> ft.View:
        app, tr = self.app, self.app.tr
        app.news.follow([game_topic(self.game_id)], self.changed_on_another_phone)
        game = self.stored.game
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
        if game.rules.dealer_bonus is not None:
            rows.append((tr._("Dealer bonus"), [s.dealer_bonus for s in scores], False))
        if any(s.penalty for s in scores):
            rows.append((tr._("Penalty"), [-s.penalty for s in scores], False))
        rows.append((tr._("Round score"), [s.total for s in scores], True))
        rows.append((tr._("Total after"), list(totals), True))

        scale = app.text_scale
        sides = len(game.sides)
        inner = app.body_width() - 24  # inside the box's padding
        # Each label on a line of its own, over its row's values, where a label beside them
        # would have to break (large text, long words): a label never breaks inside a word.
        words = [word for label, _v, _b in rows for word in label.split()]
        stacked = any(text_width(word, 15, scale) > inner / (sides + 1) for word in words)
        value_width = inner / sides if stacked else inner / (sides + 1)
        # Every value at one size, the size of the widest (a total is shown unsigned).
        sample = max((signed(v) for _label, values, _b in rows for v in values), key=len)

        def cell(text: str, bold: bool = False, size: int = 16) -> ft.Control:
            return FitNumber(
                text,
                size=size,
                width=value_width - 8,
                scale=scale,
                sample=sample,
                weight=ft.FontWeight.BOLD if bold else None,
                expand=True,
                text_align=ft.TextAlign.END,
            )

        def name_cell(name: str) -> ft.Control:
            # One line, cut short if need be: a name broken mid-word reads as two names.
            return ft.Text(
                name,
                size=16 if len(game.sides) < 3 else 14,
                weight=ft.FontWeight.BOLD,
                expand=True,
                text_align=ft.TextAlign.END,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
                tooltip=name,
            )

        table: list[ft.Control] = [
            ft.Row(
                [
                    *([] if stacked else [ft.Text("", expand=True)]),
                    *[name_cell(name) for name in game.side_names],
                ]
            ),
            ft.Divider(height=1),
        ]
        for line, (label, values, bold) in enumerate(rows):
            caption = ft.Text(
                label, size=15, expand=True, weight=ft.FontWeight.BOLD if bold else None
            )
            if stacked:
                caption.expand = False
                table.append(caption)
            table.append(
                ft.Row(
                    [
                        *([] if stacked else [caption]),
                        *[
                            Tagged(
                                f"detail-{line}-side-{side}",
                                cell(
                                    format_points(v, tr)
                                    if label == tr._("Total after")
                                    else signed(v, tr),
                                    bold,
                                    20 if bold else 16,
                                ),
                                expand=True,
                            )
                            for side, v in enumerate(values)
                        ],
                    ]
                )
            )
        table.append(ft.Divider(height=1))
        for name, entry, minimum in zip(game.side_names, entries, needed, strict=True):
            table.append(
                ft.Text(
                    numbers_held(
                        tr._("{side}: {facts}; needed {minimum} to open").format(
                            side=name, facts=facts(entry, tr), minimum=tr.number(minimum)
                        )
                    ),
                    size=14,
                    color=ft.Colors.ON_SURFACE_VARIANT,
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
        if not game.finished or number == len(game.rounds):
            body.append(
                ft.Row(
                    [
                        Tagged(
                            f"round-{number}-edit",
                            ft.FilledButton(
                                tr._("Edit round"),
                                icon=ft.Icons.EDIT,
                                on_click=lambda: app.go(
                                    f"/game/{self.game_id}/round/{number}/edit"
                                ),
                                height=TAP,
                            ),
                        ),
                        Tagged(
                            f"round-{number}-delete",
                            ft.OutlinedButton(
                                tr._("Delete round"),
                                icon=ft.Icons.DELETE_OUTLINE,
                                on_click=self.delete,
                                height=TAP,
                            ),
                        ),
                    ],
                    wrap=True,
                )
            )
        return app.frame(
            self.route,
            tr._("Round {n}").format(n=number),
            body,
            subtitle=tr._("{name} dealt").format(name=dealer),
            back=f"/game/{self.game_id}",
        )

    def changed_on_another_phone(self) -> None:
        """Another phone changed this game: the round as it now is, or the sheet if it is gone."""
        stored = self.app.game_or_home(self.game_id)
        if stored is None:
            return
        self.stored = stored
        if self.number > len(self.stored.game.rounds):
            self.app.go(f"/game/{self.game_id}")
            return
        self.app.redraw(self)

    def leave(self) -> None:
        self.app.news.stop()

    def picture(self) -> ft.Control:
        """Each side's round drawn: gains stacked above the line, losses below, labelled."""
        tr = self.app.tr
        bars = round_bars(self.stored.game, self.number)
        per_point = scale(bars)
        pictures: list[ft.Control] = [
            Tagged(
                f"round-picture-{index}",
                round_picture(bar, per_point, words=tr._, number=tr.number),
            )
            for index, bar in enumerate(bars)
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
            if self.app.is_wide()
            else ft.Column(pictures, spacing=16)
        )
        return Section(
            ft.Text(tr._("Where the points came from"), size=18, weight=ft.FontWeight.BOLD),
            ft.Text(
                tr._("Above the line what a side scored, below it what it lost."),
                size=13,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
            shown,
        )

    def delete(self) -> None:
        game, tr = self.stored.game, self.app.tr
        number = self.number
        later = len(game.rounds) - number
        # The round asked about: if another phone changes the game meanwhile, this is refused.
        version = self.stored.version

        def delete_now() -> None:
            try:
                self.app.store.delete_round(self.game_id, number, version)
            except RoundRefused as refused:
                self.app.message(
                    "; ".join(self.app.tr.problem(p, where=False) for p in refused.problems)
                )
                return
            except StaleGame:
                self.app.message(tr._("This game was changed on another screen; here it is now."))
                self.app.go(f"/game/{self.game_id}")
                return
            except DatabaseUnavailable:
                self.app.message(tr._(CANNOT_SAVE_NOW))
                return
            self.app.message(tr._("Round {n} deleted").format(n=number))
            self.app.go(f"/game/{self.game_id}")

        text = tr._("Round {n} will be removed and the totals recounted.").format(n=number)
        if later:
            text += " " + tr._("The rounds after it move up one.")
        self.app.confirm(
            tr._("Delete round {n}?").format(n=number), text, tr._("Delete"), delete_now
        )
