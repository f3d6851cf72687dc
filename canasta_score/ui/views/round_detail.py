"""One round in detail: each side's score part by part, and editing or deleting the round."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from canasta_score.core import CardCounts, RoundRefused, SideEntry
from canasta_score.i18n import _, ngettext
from canasta_score.ui.components import TAP, FitNumber, Tagged, text_width
from canasta_score.ui.screen import Screen
from canasta_score.ui.state.labels import CARD_GROUP_LABELS, N_
from canasta_score.ui.state.points import format_points, signed
from canasta_score.ui.state.sheet import player_name
from canasta_score.ui.store import StaleGame, StoredGame

if TYPE_CHECKING:
    from canasta_score.ui.shell import App


#: A count of canastas of one kind, singular and plural (each pair goes through ngettext).
CANASTA_COUNTS: dict[str, tuple[str, str]] = {
    "natural": (N_("{n} natural canasta"), N_("{n} natural canastas")),
    "mixed": (N_("{n} mixed canasta"), N_("{n} mixed canastas")),
    "natural_aces": (N_("{n} natural aces canasta"), N_("{n} natural aces canastas")),
    "mixed_aces": (N_("{n} mixed aces canasta"), N_("{n} mixed aces canastas")),
    "wild": (N_("{n} wild canasta"), N_("{n} wild canastas")),
}


def canastas_text(kind: str, count: int) -> str:
    """`1 natural canasta`, `2 mixed canastas`: the count and kind in the player's language.

    >>> canastas_text("natural", 1), canastas_text("mixed", 2)
    ('1 natural canasta', '2 mixed canastas')
    """
    singular, plural = CANASTA_COUNTS.get(str(kind), (N_("{n} canasta"), N_("{n} canastas")))
    return ngettext(singular, plural, count).format(n=count)


def facts(entry: SideEntry) -> str:
    """What was entered for a side, in words: `1 natural canasta, 2 mixed canastas; 2 red threes`."""
    parts = []
    if entry.canastas:
        parts.append(
            ", ".join(canastas_text(kind, count) for kind, count in entry.canastas.items())
        )
    if entry.red_threes:
        parts.append(
            ngettext("{n} red three", "{n} red threes", entry.red_threes).format(n=entry.red_threes)
        )
    if entry.went_out is not None:
        parts.append(_("went out") if entry.went_out.value == "normal" else _("went out concealed"))
    for name, cards in ((_("table"), entry.melded), (_("hand"), entry.hand)):
        if isinstance(cards, CardCounts):
            counted = ", ".join(
                f"{_(CARD_GROUP_LABELS[group])} {count}" for group, count in cards.items() if count
            )
            parts.append(f"{name}: {counted or '0'}")
    return "; ".join(parts) or _("nothing special")


class RoundDetailScreen(Screen):
    def __init__(self, app: App, route: str, game_id: int, number: int) -> None:
        self.app = app
        self.route = route
        self.game_id = game_id
        self.stored: StoredGame = app.store.load_game(game_id)
        self.number = number
        if not 1 <= number <= len(self.stored.game.rounds):
            raise LookupError(f"game {game_id} has no round {number}")

    def build(self) -> ft.View:
        app = self.app
        game = self.stored.game
        number = self.number
        scores = game.scores[number - 1]
        entries = game.rounds[number - 1]
        totals = game.running_totals[number - 1]
        needed = game.opening_minimums_before(number)
        rows = [
            (_("Melded"), [s.melded for s in scores], False),
            (_("In hand"), [-s.hand for s in scores], False),
            (_("Canasta bonus"), [s.canasta_bonus for s in scores], False),
            (_("Red threes"), [s.red_threes for s in scores], False),
            (_("Going out"), [s.going_out for s in scores], False),
        ]
        if game.rules.dealer_bonus is not None:
            rows.append((_("Dealer bonus"), [s.dealer_bonus for s in scores], False))
        if any(s.penalty for s in scores):
            rows.append((_("Penalty"), [-s.penalty for s in scores], False))
        rows.append((_("Round score"), [s.total for s in scores], True))
        rows.append((_("Total after"), list(totals), True))

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
                                    format_points(v) if label == _("Total after") else signed(v),
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
                    _("{side}: {facts}; needed {minimum} to open").format(
                        side=name, facts=facts(entry), minimum=minimum
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
        if not game.finished or number == len(game.rounds):
            body.append(
                ft.Row(
                    [
                        Tagged(
                            f"round-{number}-edit",
                            ft.FilledButton(
                                _("Edit round"),
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
                                _("Delete round"),
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
            _("Round {n}").format(n=number),
            body,
            subtitle=_("{name} dealt").format(name=dealer),
            back=f"/game/{self.game_id}",
        )

    def delete(self) -> None:
        game = self.stored.game
        number = self.number
        later = len(game.rounds) - number

        def delete_now() -> None:
            try:
                self.app.store.delete_round(self.game_id, number, self.stored.version)
            except RoundRefused as refused:
                self.app.message("; ".join(p.message for p in refused.problems))
                return
            except StaleGame:
                self.app.message(_("This game was changed on another screen; here it is now."))
                self.app.go(f"/game/{self.game_id}")
                return
            self.app.message(_("Round {n} deleted").format(n=number))
            self.app.go(f"/game/{self.game_id}")

        text = _("Round {n} will be removed and the totals recounted.").format(n=number)
        if later:
            text += " " + _("The rounds after it move up one.")
        self.app.confirm(_("Delete round {n}?").format(n=number), text, _("Delete"), delete_now)
